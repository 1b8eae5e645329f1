#!/usr/bin/env bash
# Values per second of the naive mex, the sparse-space method and `auto` (sparse
# space plus the periodic-tail shortcut, the default of `grundy sequence`) on Kayles
# (0.77), Dawson's Kayles (0.07) and Dawson's chess (0.137), at 10^5 and 10^6 heaps,
# with the peak memory (max RSS) of each run.
#
#   bench/octal.sh                 # 3 runs per cell at 10^5, 1 at 10^6; medians
#   RUNS=5 RUNS_BIG=3 bench/octal.sh
#   NAIVE_LIMIT=120 bench/octal.sh # seconds allowed for one naive run at 10^6
#
# Each cell runs `grundy sequence octal CODE --to N --method M --summary` on the
# release build (the time includes the final period check, which is linear). A naive
# run at 10^6 that exceeds NAIVE_LIMIT is stopped and reported as such, with the
# quadratic extrapolation 100 x (median at 10^5) beside it.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
RUNS_BIG=${RUNS_BIG:-1}
NAIVE_LIMIT=${NAIVE_LIMIT:-600}
cargo build --release -q -p grundy-cli
target=${CARGO_TARGET_DIR:-target}
bin="$target/release/grundy"
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (GNU time)" >&2; exit 2; }

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# run CODE N METHOD RUNS LIMIT -> prints "cpu wall rss_kb" (medians), or "timeout".
# CPU seconds (user + system) and max RSS from GNU time; wall seconds from the shell
# clock. On a shared machine the CPU time is the figure to compare.
run() {
    local code=$1 n=$2 method=$3 runs=$4 limit=$5 cpu=() wall=() rss=() out start end
    for _ in $(seq "$runs"); do
        start=$(date +%s%N)
        if ! out=$( { timeout "$limit" /usr/bin/time -f "%U %S %M" "$bin" sequence octal "$code" \
                --to "$n" --method "$method" --summary >/dev/null; } 2>&1 ); then
            echo timeout; return
        fi
        end=$(date +%s%N)
        wall+=("$(awk -v a="$start" -v b="$end" 'BEGIN {printf "%.3f", (b - a) / 1e9}')")
        cpu+=("$(echo "$out" | tail -1 | awk '{printf "%.2f", $1 + $2}')")
        rss+=("$(echo "$out" | tail -1 | awk '{print $3}')")
    done
    echo "$(printf '%s\n' "${cpu[@]}" | median) $(printf '%s\n' "${wall[@]}" | median) $(printf '%s\n' "${rss[@]}" | median)"
}

row() { printf '%-6s %8s %7s %9s %9s %13s %7s  %s\n' "$@"; }
row code heaps method "cpu s" "wall s" "values/cpu-s" "RSS MB" note
for code in 0.77 0.07 0.137; do
    declare -A secs=()
    for n in 100000 1000000; do
        for method in naive sparse auto; do
            runs=$RUNS; limit=36000; note="$RUNS runs"
            if [[ $n == 1000000 ]]; then runs=$RUNS_BIG; note="$RUNS_BIG run(s)"; fi
            if [[ $method == naive && $n == 1000000 ]]; then limit=$NAIVE_LIMIT; fi
            read -r c w m <<<"$(run "$code" "$n" "$method" "$runs" "$limit")" || true
            if [[ $c == timeout ]]; then
                est=$(awk -v t="${secs[naive100000]}" 'BEGIN {printf "%.0f", 100 * t}')
                row "$code" "$n" "$method" "-" ">$NAIVE_LIMIT" "-" "-" \
                    "stopped at the wall-time limit; quadratic extrapolation ~${est} cpu s"
                continue
            fi
            secs[$method$n]=$c
            # CPU time has 0.01 s resolution: below it, bounds from 0.01 s.
            ge=$(awk -v s="$c" 'BEGIN {print (s < 0.01) ? ">" : ""}')
            vps=$ge$(awk -v n="$n" -v s="$c" 'BEGIN {if (s < 0.01) s = 0.01; printf "%.0f", (n + 1) / s}')
            mb=$(awk -v k="$m" 'BEGIN {printf "%.1f", k / 1024}')
            if [[ $method != naive && -n ${secs[naive$n]:-} ]]; then
                note="$note; naive/$method cpu $ge""x$(awk -v a="${secs[naive$n]}" -v b="$c" 'BEGIN {if (b < 0.01) b = 0.01; printf "%.0f", a / b}')"
            fi
            row "$code" "$n" "$method" "$c" "$w" "$vps" "$mb" "$note"
        done
    done
    unset secs
done
