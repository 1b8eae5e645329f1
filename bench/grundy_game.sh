#!/usr/bin/env bash
# Grundy's game: CPU time and peak memory to compute G(0), ..., G(N) by the sparse-space
# method (`rules::grundy_game::values::SparseGrundyGame`) against the definition (the mex
# over every split, `GrundyGameValues`, about N^2/4 splits), both in the same run.
#
#   bench/grundy_game.sh                      # N = 10^5, 10^6 (both), 10^7 (sparse only)
#   RUNS=3 BIG_NAIVE_RUNS=1 bench/grundy_game.sh
#   SIZES="100000" SPARSE_ONLY="10000000" bench/grundy_game.sh
#
# Each cell runs `examples/grundy_game_values N grundy-game[-sparse]` from the release
# build RUNS times (the definition at N >= 10^6 only BIG_NAIVE_RUNS times: about four
# minutes a run) and reports medians of CPU seconds (user + system, GNU time), wall
# seconds and peak RSS, and values per CPU second. Both methods must print the same
# largest value and count of zeros (a cheap cross-check). On a shared machine the CPU
# time is the figure to compare.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
BIG_NAIVE_RUNS=${BIG_NAIVE_RUNS:-1}
SIZES=${SIZES-"100000 1000000"}
SPARSE_ONLY=${SPARSE_ONLY-"10000000"}
cargo build --release -q -p grundy --example grundy_game_values
target=${CARGO_TARGET_DIR:-target}
bin="$target/release/examples/grundy_game_values"
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (GNU time)" >&2; exit 2; }

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# run RUNS N GAME -> "cpu wall rss_kb check" (medians; check is max/zeros)
run() {
    local runs=$1 n=$2 game=$3 cpu=() wall=() rss=() out start end check
    for _ in $(seq "$runs"); do
        start=$(date +%s%N)
        out=$( { /usr/bin/time -f "%U %S %M" "$bin" "$n" "$game"; } 2>&1 )
        end=$(date +%s%N)
        wall+=("$(awk -v a="$start" -v b="$end" 'BEGIN {printf "%.3f", (b - a) / 1e9}')")
        cpu+=("$(echo "$out" | tail -1 | awk '{printf "%.2f", $1 + $2}')")
        rss+=("$(echo "$out" | tail -1 | awk '{print $3}')")
        check=$(echo "$out" | head -1 | sed -n 's/.* max=\([0-9]*\) zeros=\([0-9]*\).*/\1\/\2/p')
    done
    echo "$(printf '%s\n' "${cpu[@]}" | median) $(printf '%s\n' "${wall[@]}" | median) $(printf '%s\n' "${rss[@]}" | median) $check"
}

row() { printf '%-10s %9s %8s %8s %13s %7s %10s  %s\n' "$@"; }
rate() { awk -v n="$1" -v s="$2" 'BEGIN {if (s < 0.01) printf ">%d", (n + 1) / 0.01; else printf "%d", (n + 1) / s}'; }
mb() { awk -v k="$1" 'BEGIN {printf "%.1f", k / 1024}'; }
row method N "cpu s" "wall s" "values/cpu-s" "RSS MB" "max/zeros" note
for n in $SIZES $SPARSE_ONLY; do
    read -r sc sw sm scheck <<<"$(run "$RUNS" "$n" grundy-game-sparse)"
    if [[ " $SPARSE_ONLY " == *" $n "* ]]; then
        row sparse "$n" "$sc" "$sw" "$(rate "$n" "$sc")" "$(mb "$sm")" "$scheck" "$RUNS runs"
        continue
    fi
    runs=$RUNS
    if (( n >= 1000000 )); then runs=$BIG_NAIVE_RUNS; fi
    read -r nc nw nm ncheck <<<"$(run "$runs" "$n" grundy-game)"
    [[ "$ncheck" == "$scheck" ]] || { echo "mismatch at N=$n: definition $ncheck, sparse $scheck" >&2; exit 1; }
    row definition "$n" "$nc" "$nw" "$(rate "$n" "$nc")" "$(mb "$nm")" "$ncheck" "$runs run(s)"
    row sparse "$n" "$sc" "$sw" "$(rate "$n" "$sc")" "$(mb "$sm")" "$scheck" \
        "$RUNS runs; definition/sparse cpu x$(awk -v a="$nc" -v b="$sc" 'BEGIN {if (b < 0.01) b = 0.01; printf "%.0f", a / b}')"
done
