#!/usr/bin/env bash
# Grundy's game: CPU time to compute G(0), ..., G(N) by the definition (the mex over
# every split, O(N^2) in all), against a baseline run in the same session: the naive
# mex of the octal game 4.0 (split a heap into any two non-empty heaps), which runs
# the same pair loop through `sequence::naive::NaiveOctal`.
#
#   bench/grundy_game.sh                     # N = 2^14, 2^15, 2^16, 2^17; 3 runs each
#   RUNS=5 SIZES="65536 262144" bench/grundy_game.sh
#
# Each cell runs `examples/grundy_game_values N [grundy-game | octal 4.0]` from the
# release build and reports medians of CPU seconds (user + system, GNU time), wall
# seconds and peak RSS. On a shared machine the CPU time is the figure to compare.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
SIZES=${SIZES:-"16384 32768 65536 131072"}
cargo build --release -q -p grundy --example grundy_game_values
target=${CARGO_TARGET_DIR:-target}
bin="$target/release/examples/grundy_game_values"
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (GNU time)" >&2; exit 2; }

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# run N GAME... -> "cpu wall rss_kb max" (medians; max is the largest value found)
run() {
    local n=$1 cpu=() wall=() rss=() out start end max
    shift
    for _ in $(seq "$RUNS"); do
        start=$(date +%s%N)
        out=$( { /usr/bin/time -f "%U %S %M" "$bin" "$n" "$@"; } 2>&1 )
        end=$(date +%s%N)
        wall+=("$(awk -v a="$start" -v b="$end" 'BEGIN {printf "%.3f", (b - a) / 1e9}')")
        cpu+=("$(echo "$out" | tail -1 | awk '{printf "%.2f", $1 + $2}')")
        rss+=("$(echo "$out" | tail -1 | awk '{print $3}')")
        max=$(echo "$out" | head -1 | sed -n 's/.* max=\([0-9]*\).*/\1/p')
    done
    echo "$(printf '%s\n' "${cpu[@]}" | median) $(printf '%s\n' "${wall[@]}" | median) $(printf '%s\n' "${rss[@]}" | median) $max"
}

row() { printf '%-12s %8s %7s %7s %10s %7s %6s  %s\n' "$@"; }
row game N "cpu s" "wall s" "pairs/ns" "RSS MB" "max G" note
for n in $SIZES; do
    read -r bc bw bm bmax <<<"$(run "$n" octal 4.0)"
    read -r gc gw gm gmax <<<"$(run "$n" grundy-game)"
    # Pairs combined: sum over heaps h <= N of about h/2, i.e. N^2/4.
    pairs() { awk -v n="$n" -v s="$1" 'BEGIN {if (s < 0.01) s = 0.01; printf "%.2f", n * n / 4 / s / 1e9}'; }
    mb() { awk -v k="$1" 'BEGIN {printf "%.1f", k / 1024}'; }
    row "octal 4.0" "$n" "$bc" "$bw" "$(pairs "$bc")" "$(mb "$bm")" "$bmax" "baseline, $RUNS runs"
    row "grundy-game" "$n" "$gc" "$gw" "$(pairs "$gc")" "$(mb "$gm")" "$gmax" \
        "$RUNS runs; cpu / baseline $(awk -v a="$gc" -v b="$bc" 'BEGIN {if (b < 0.01) b = 0.01; printf "%.2f", a / b}')"
done
