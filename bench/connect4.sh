#!/usr/bin/env bash
# Connect Four side by side with Pascal Pons's solver: the same lines of his six
# public test sets, each position analysed with every move's score (his analyze mode,
# `-a`, without an opening book; ours `crates/grundy-games/examples/c4_lines.rs`, the
# library's search over the game's bitboards, as `grundy analyze` runs it), in one
# run. Checks that every score of every line is the same and prints, set by set (each
# set one process per solver) and for all six, both CPU totals (user + system, from
# /usr/bin/time), their ratio (ours / his), the nodes each visited and the peak memory.
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
: > "$work/sets"
for set in Test_L3_R1 Test_L2_R1 Test_L2_R2 Test_L1_R1 Test_L1_R2 Test_L1_R3; do
  n="$lines"
  if [ "$set" = Test_L1_R3 ]; then n=$(( lines / 3 > 0 ? lines / 3 : 1 )); fi
  head -n "$n" "$peers/tests/$set" | cut -d' ' -f1 > "$work/$set"
  echo "$set" >> "$work/sets"
done
echo "sample: $(cat $(sed "s|^|$work/|" "$work/sets") | wc -l) lines ($lines a set, Test_L1_R3 fewer)"
# Interleaved set by set, twice each, so that the machine's noise falls on both;
# each set in a process of its own for each solver.
for run in 1 2; do
  tp=0; to=0; tpn=0; ton=0
  while read -r set; do
    /usr/bin/time -f "%U %S %M" -o "$work/peer.time" "$work/c4peer" -a -b /nonexistent \
      < "$work/$set" > "$work/peer.out" 2> /dev/null
    /usr/bin/time -f "%U %S %M" -o "$work/ours.time" "$ours" "$memory" \
      < "$work/$set" > "$work/ours.out" 2> "$work/ours.err"
    read -r pu ps pm < "$work/peer.time"
    read -r ou os om < "$work/ours.time"
    sed 's/ nodes .*//' "$work/peer.out" > "$work/peer.scores"
    if ! cmp -s "$work/peer.scores" "$work/ours.out"; then
      echo "run $run, $set: the scores differ:" >&2
      diff "$work/peer.scores" "$work/ours.out" | head -20 >&2
      exit 1
    fi
    peer_nodes=$(awk '{ s += $NF } END { print s }' "$work/peer.out")
    our_nodes=$(sed -n 's/^nodes //p' "$work/ours.err")
    awk -v pu="$pu" -v ps="$ps" -v ou="$ou" -v os="$os" -v pm="$pm" -v om="$om" \
        -v pn="$peer_nodes" -v on="$our_nodes" -v run="$run" -v set="$set" 'BEGIN {
      printf "run %d, %s: every score the same; CPU his %.2f s, ours %.2f s, ratio %.2f; nodes his %.0f, ours %.0f (%.2f); peak his %d KB, ours %d KB\n",
        run, set, pu + ps, ou + os, (ou + os) / (pu + ps), pn, on, on / pn, pm, om }'
    tp=$(echo "$tp + $pu + $ps" | bc); to=$(echo "$to + $ou + $os" | bc)
    tpn=$(( tpn + peer_nodes )); ton=$(( ton + our_nodes ))
  done < "$work/sets"
  awk -v tp="$tp" -v to="$to" -v pn="$tpn" -v on="$ton" -v run="$run" 'BEGIN {
    printf "run %d, all sets: CPU his %.2f s, ours %.2f s, ratio %.2f; nodes his %.0f, ours %.0f (%.2f)\n",
      run, tp, to, to / tp, pn, on, on / pn }'
done
