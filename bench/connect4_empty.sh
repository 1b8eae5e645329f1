#!/usr/bin/env bash
# The empty 7x6 Connect Four board solved from scratch, side by side with Pascal
# Pons's solver (his default mode: the position's score alone, without an opening
# book; ours `crates/grundy-games/examples/c4_lines.rs --root`, the library's search
# over the game's bitboards with a table of MEMORY_BYTES), one after the other in one
# run. Checks that both scores are +1 (the first player wins with the last of the
# 21 stones it can place, the 41st stone of the game) and prints each CPU total (user
# + system, from /usr/bin/time), the ratio (ours / his), the nodes and peak memory.
# Each solver takes several minutes on one core.
#
#   bash bench/connect4_empty.sh [MEMORY_BYTES] [SEQUENCE]
#
# SEQUENCE: another position to solve instead of the empty board (e.g. 4, the
# position after the centre move, score -1). His solver is built from its public
# source in ../shared/peers/connect4 into a temporary directory, never inside this
# tree (its licence forbids shipping it here); set PEERS to use another copy.
set -euo pipefail
cd "$(dirname "$0")/.."
memory="${1:-67108864}"
sequence="${2:-}"
. bench/connect4_build.sh
# His solver reads the move sequence (empty: the empty board); ours the same
# sequence, or the empty board drawn, which the sequence notation cannot write.
printf '%s\n' "$sequence" > "$work/peer.in"
if [ -z "$sequence" ]; then
  printf '%s\n' '.......|.......|.......|.......|.......|.......' > "$work/ours.in"
else
  printf '%s\n' "$sequence" > "$work/ours.in"
fi
/usr/bin/time -f "%U %S %M" -o "$work/peer.time" "$work/c4peer" -b /nonexistent \
  < "$work/peer.in" > "$work/peer.out" 2> /dev/null
/usr/bin/time -f "%U %S %M" -o "$work/ours.time" "$ours" --root "$memory" \
  < "$work/ours.in" > "$work/ours.out" 2> "$work/ours.err"
read -r pu ps pm < "$work/peer.time"
read -r ou os om < "$work/ours.time"
peer_score=$(awk '{ print $(NF - 2) }' "$work/peer.out")
our_score=$(awk '{ print $NF }' "$work/ours.out")
peer_nodes=$(awk '{ print $NF }' "$work/peer.out")
our_nodes=$(sed -n 's/^nodes //p' "$work/ours.err")
if [ "$peer_score" != "$our_score" ]; then
  echo "the scores differ: his $peer_score, ours $our_score" >&2
  exit 1
fi
if [ -z "$sequence" ] && [ "$our_score" != 1 ]; then
  echo "the empty board scored $our_score, not +1" >&2
  exit 1
fi
awk -v pu="$pu" -v ps="$ps" -v ou="$ou" -v os="$os" -v pm="$pm" -v om="$om" \
    -v pn="$peer_nodes" -v on="$our_nodes" -v s="$our_score" 'BEGIN {
  printf "score %s (both); CPU his %.1f s, ours %.1f s, ratio %.2f; nodes his %.0f, ours %.0f (%.2f); peak his %d KB, ours %d KB\n",
    s, pu + ps, ou + os, (ou + os) / (pu + ps), pn, on, on / pn, pm, om }'
