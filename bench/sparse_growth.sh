#!/usr/bin/env bash
# How the sparse-space method's cost grows with the number of values: for each code,
# `grundy sequence octal CODE --to N --method sparse --summary --time-limit 0` at each
# N, with CPU seconds (user + system), values per CPU second, max RSS, the rare heaps
# at the end (from the last progress line) and the growth exponent between
# successive N: log(cpu2 / cpu1) / log(N2 / N1) (1 is linear, 2 quadratic).
#
#   bench/sparse_growth.sh                               # 0.1777 at 1e5 2e5 5e5 1e6
#   CODES="0.1777 0.354 0.6" SIZES="100000 1000000 2000000" bench/sparse_growth.sh
#   METHOD=auto CODES="0.8 0.3B" SIZES="2500 5000 10000" bench/sparse_growth.sh
#                      # another method (hexadecimal codes have naive and auto only)
set -euo pipefail
cd "$(dirname "$0")/.."
CODES=${CODES:-0.1777}
METHOD=${METHOD:-sparse}
SIZES=${SIZES:-"100000 200000 500000 1000000"}
cargo build --release -q -p grundy-cli
bin="${CARGO_TARGET_DIR:-target}/release/grundy"
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (GNU time)" >&2; exit 2; }
printf '| code | N | CPU s | values per CPU s | max RSS MB | rare heaps | exponent |\n'
printf '|---|---:|---:|---:|---:|---:|---:|\n'
for code in $CODES; do
    prev_n="" prev_cpu=""
    for n in $SIZES; do
        log=$(mktemp)
        /usr/bin/time -f "%U %S %M" -o "$log.time" "$bin" sequence octal "$code" --to "$n" \
            --method "$METHOD" --summary --time-limit 0 >/dev/null 2>"$log"
        read -r user sys rss <"$log.time"
        rare=$( (grep -o '[0-9]* rare heaps' "$log" || true) | tail -1 | awk '{print $1}')
        rm -f "$log" "$log.time"
        cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN {printf "%.2f", u + s}')
        rate=$(awk -v n="$n" -v c="$cpu" 'BEGIN {printf "%.0f", (n + 1) / (c > 0 ? c : 0.01)}')
        exponent="-"
        if [ -n "$prev_n" ]; then
            exponent=$(awk -v a="$prev_cpu" -v b="$cpu" -v m="$prev_n" -v n="$n" \
                'BEGIN {printf "%.2f", log(b / a) / log(n / m)}')
        fi
        printf '| %s | %s | %s | %s | %d | %s | %s |\n' "$code" "$n" "$cpu" "$rate" \
            $((rss / 1024)) "${rare:--}" "$exponent"
        prev_n=$n prev_cpu=$cpu
    done
done
