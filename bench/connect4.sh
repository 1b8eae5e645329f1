#!/usr/bin/env bash
# Connect Four side by side with Pascal Pons's solver: the same lines of his six
# public test sets, each position analysed with every move's score (his analyze mode,
# `-a`, without an opening book; ours `crates/grundy-games/examples/c4_lines.rs`, the
# library's search over the game's bitboards, as `grundy analyze` runs it), in one
# run. Checks that every score of every line is the same and prints both CPU totals
# (user + system, from /usr/bin/time), their ratio (ours / his), the nodes each
# visited and the peak memory.
#
#   bash bench/connect4.sh [LINES] [MEMORY_BYTES]
#
# LINES per set (10 by default; Test_L1_R3, whose lines take his solver about half a
# minute each, gets a third of them, at least 1). MEMORY_BYTES: our table (64 MiB by
# default; his is 2^24 entries of 5 bytes, about 84 MB). His solver is built from its
# public source in ../shared/peers/connect4 into a temporary directory, never inside
# this tree (its licence forbids shipping it here); set PEERS to use another copy.
set -euo pipefail
cd "$(dirname "$0")/.."
lines="${1:-10}"
memory="${2:-67108864}"
. bench/connect4_build.sh
: > "$work/sample"
for set in Test_L3_R1 Test_L2_R1 Test_L2_R2 Test_L1_R1 Test_L1_R2 Test_L1_R3; do
  n="$lines"
  if [ "$set" = Test_L1_R3 ]; then n=$(( lines / 3 > 0 ? lines / 3 : 1 )); fi
  head -n "$n" "$peers/tests/$set" | cut -d' ' -f1 >> "$work/sample"
done
echo "sample: $(wc -l < "$work/sample") lines ($lines a set, Test_L1_R3 fewer)"
# Interleaved, twice each, so that the machine's noise falls on both.
for run in 1 2; do
  /usr/bin/time -f "%U %S %M" -o "$work/peer.time" "$work/c4peer" -a -b /nonexistent \
    < "$work/sample" > "$work/peer.out" 2> /dev/null
  /usr/bin/time -f "%U %S %M" -o "$work/ours.time" "$ours" "$memory" \
    < "$work/sample" > "$work/ours.out" 2> "$work/ours.err"
  read -r pu ps pm < "$work/peer.time"
  read -r ou os om < "$work/ours.time"
  sed 's/ nodes .*//' "$work/peer.out" > "$work/peer.scores"
  if ! cmp -s "$work/peer.scores" "$work/ours.out"; then
    echo "run $run: the scores differ:" >&2
    diff "$work/peer.scores" "$work/ours.out" | head -20 >&2
    exit 1
  fi
  peer_nodes=$(awk '{ s += $NF } END { print s }' "$work/peer.out")
  our_nodes=$(sed -n 's/^nodes //p' "$work/ours.err")
  awk -v pu="$pu" -v ps="$ps" -v ou="$ou" -v os="$os" -v pm="$pm" -v om="$om" \
      -v pn="$peer_nodes" -v on="$our_nodes" -v run="$run" 'BEGIN {
    printf "run %d: every score the same; CPU his %.2f s, ours %.2f s, ratio %.2f; nodes his %.0f, ours %.0f (%.2f); peak his %d KB, ours %d KB\n",
      run, pu + ps, ou + os, (ou + os) / (pu + ps), pn, on, on / pn, pm, om }'
done
