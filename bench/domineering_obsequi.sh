#!/usr/bin/env bash
# Domineering on an empty board side by side with Nathan Bullock's solver Obsequi:
# who wins moving first, Vertical (Left) first and Horizontal (Right) first, in one
# run. Prints each solver's answer, its CPU (user + system, from /usr/bin/time), its
# peak memory and the ratio of CPU (ours / his).
#
#   bash bench/domineering_obsequi.sh [ROWS] [COLS] [TIME_LIMIT_S] [MEMORY_BYTES]
#
# 8×8 by default. Ours is `grundy analyze domineering` (the search of the result
# alone, past canonical forms), stopped after TIME_LIMIT_S seconds (600 by default;
# an unfinished search is reported as such, with the CPU it spent) with a table of
# MEMORY_BYTES (512 MiB by default; his is 2^24 entries). Obsequi is built from its
# public source in ../shared/peers/obsequi into a temporary directory, never inside
# this tree (its licence forbids shipping it here); set PEERS to use another copy.
set -euo pipefail
cd "$(dirname "$0")/.."
rows="${1:-8}"
cols="${2:-8}"
limit="${3:-600}"
memory="${4:-536870912}"
peers="${PEERS:-$(cd .. && pwd)/shared/peers}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r "$peers/obsequi" "$work/obsequi"
# The command-line solver does not use the protocol buffers of its web server, whose
# generated header needs the protobuf version it was made with: a header of no-op
# setters stands in for it in the temporary copy, so that it builds here.
cat > "$work/obsequi/obsequi.pb.h" <<'STUB'
#pragma once
namespace obsequi { namespace proto { struct ScoreMetrics {
  template <class T> void set_safe(T) {} template <class T> void set_opp_real(T) {}
  template <class T> void set_empty(T) {} template <class T> void set_prot(T) {}
  template <class T> void set_vuln2(T) {} template <class T> void set_vuln2_w_prot(T) {}
  template <class T> void set_vuln1(T) {} template <class T> void set_vuln1_w_prot(T) {}
  template <class T> void set_unused(T) {} template <class T> void set_safe_op2(T) {}
  template <class T> void set_safe_op1(T) {} template <class T> void set_safe_op0(T) {}
}; } }
STUB
(cd "$work/obsequi" && mkdir -p objs &&
  make -s Obsequi CPPFLAGS="-std=c++11 -O3 -include cstdio -include cstring -include cstdlib" \
    > "$work/build.log" 2>&1) || { cat "$work/build.log"; exit 1; }
cargo build -q --release -p grundy-cli
ours=target/release/grundy
row="$(printf '%*s' "$cols" '' | tr ' ' '.')"
board="$row"
for _ in $(seq 2 "$rows"); do board="$board|$row"; done
cpu() { tail -n 1 "$1" | awk '{ printf "%.2f", $1 + $2 }'; }
peak() { tail -n 1 "$1" | awk '{ printf "%d", $3 / 1024 }'; }
echo "board ${rows}×${cols}; ours: --time-limit $limit --memory $memory; his: bits 24"
his=""; his_cpu=0
for first in V H; do
  echo "solve rows $rows cols $cols bits 24 $first" |
    /usr/bin/time -f "%U %S %M" -o "$work/peer.time" "$work/obsequi/Obsequi" > "$work/peer.out" 2>&1 || true
  w="$(grep -o 'winner [VH]' "$work/peer.out" | head -1 | cut -d' ' -f2 || true)"
  echo "Obsequi, $first first: winner ${w:-?}, $(cpu "$work/peer.time") CPU s, $(peak "$work/peer.time") MB"
  his="$his $first first: ${w:-?} wins;"
  his_cpu="$(awk -v a="$his_cpu" -v b="$(cpu "$work/peer.time")" 'BEGIN { printf "%.2f", a + b }')"
done
# One analysis answers both: who wins with Left (vertical) first and with Right first.
/usr/bin/time -f "%U %S %M" -o "$work/ours.time" "$ours" analyze domineering "$board" \
  --time-limit "$limit" --memory "$memory" --json > "$work/ours.out" 2> "$work/ours.err" || true
if grep -q '"outcome"' "$work/ours.out"; then
  mine="outcome $(grep -o '"outcome": *"[A-Z]*"' "$work/ours.out" | grep -o '[A-Z]*"$' | tr -d '"')"
  mine="$mine ($(grep -o '"solved_by": *"[^"]*"' "$work/ours.out" | cut -d'"' -f4 | cut -c1-40)...)"
else
  mine="unsolved: $(tr '\n' ' ' < "$work/ours.err" | cut -c1-160)"
fi
echo "grundy, both first: $mine, $(cpu "$work/ours.time") CPU s, $(peak "$work/ours.time") MB"
echo "Obsequi, both:$his $his_cpu CPU s"
unfinished=""
grep -q '"outcome"' "$work/ours.out" || unfinished=" at least (ours unfinished)"
awk -v a="$(cpu "$work/ours.time")" -v b="$his_cpu" -v u="$unfinished" \
  'BEGIN { if (b > 0) printf "ratio of CPU (ours / his, both first players): %.1f%s\n", a / b, u }'
