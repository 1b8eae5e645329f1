#!/usr/bin/env bash
# Fails loudly (exit 1) when a sequence whose values repeat early costs more than it
# should: once the repetition is found, each further value must cost O(1) (the
# periodic tail, or a sparse-space search that settles early). Each row runs
# `grundy sequence octal CODE --to N --method M --summary --time-limit 0` (release
# build) and compares its CPU seconds (user + system) with a bound 20 times the
# figure in bench/README.md ("Sequences whose values repeat"), so noise never trips
# it but a quadratic cost does (at 10^6 values it is hundreds of times the bound).
#
#   bench/tail_guard.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p grundy-cli
bin="${CARGO_TARGET_DIR:-target}/release/grundy"
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (GNU time)" >&2; exit 2; }
# code  values   method  CPU-second bound
rows="0.77 1000000 auto 2
0.77 1000000 sparse 2
0.07 1000000 auto 2
0.137 1000000 auto 2
0.16 509621 auto 10"
failed=0
printf '| code | N | method | CPU s | bound | |\n|---|---:|---|---:|---:|---|\n'
while read -r code n method bound; do
    log=$(mktemp)
    /usr/bin/time -f "%U %S" -o "$log" "$bin" sequence octal "$code" --to "$n" \
        --method "$method" --summary --time-limit 0 >/dev/null
    read -r user sys <"$log"
    rm -f "$log"
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN {printf "%.2f", u + s}')
    verdict=ok
    if awk -v c="$cpu" -v b="$bound" 'BEGIN {exit !(c > b)}'; then
        verdict="TOO SLOW"
        failed=1
    fi
    printf '| %s | %s | %s | %s | %s | %s |\n' "$code" "$n" "$method" "$cpu" "$bound" "$verdict"
done <<<"$rows"
if [ "$failed" -ne 0 ]; then
    echo "tail_guard: a sequence whose values repeat cost more than 20 times its figure: a per-value cost grows with n" >&2
    exit 1
fi
