#!/usr/bin/env bash
# Misère quotients: for each octal game below, the quotient of the sums of heaps up to
# N for N = 2, 4, 6, ..., until a run fails (more than 1,024 elements, the work budget,
# or no proof) or passes the time or memory limit: order, |P|, CPU seconds and peak
# memory (max RSS) of `grundy sequence octal CODE --misere --quotient --to N --json`
# on the release build (each quotient is proven by its check before it is printed).
#
#   bench/misere.sh                       # 0.75, 0.77, 0.07, 0.137, 0.17, 0.56
#   LIMIT=600 MEMORY_KB=2097152 bench/misere.sh 0.75 0.07
set -euo pipefail
cd "$(dirname "$0")/.."
LIMIT=${LIMIT:-600}
MEMORY_KB=${MEMORY_KB:-2097152}
cargo build --release -q -p grundy-cli
target=${CARGO_TARGET_DIR:-target}
bin="$target/release/grundy"
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (GNU time)" >&2; exit 2; }
codes=("$@")
[ ${#codes[@]} -gt 0 ] || codes=(0.75 0.77 0.07 0.137 0.17 0.56)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
printf '%-7s %4s %6s %4s %9s %9s\n' code N order "|P|" cpu_s rss_MB
for code in "${codes[@]}"; do
    for n in $(seq 2 2 64); do
        # The memory limit is the address space (ulimit -v), a bound on RSS too.
        if ! ( ulimit -v "$MEMORY_KB"; /usr/bin/time -f '%U %S %M' -o "$out/time" \
                "$bin" sequence octal "$code" --misere --quotient --to "$n" --json \
                --time-limit "$LIMIT" >"$out/json" 2>"$out/err" ); then
            printf '%-7s %4s  stopped: %s\n' "$code" "$n" "$(grep -v '^Command' "$out/err" | head -1)"
            break
        fi
        read -r user sys rss <"$out/time"
        order=$(python3 -c 'import json,sys; q=json.load(open(sys.argv[1]))["quotient"]; print(q["order"], len(q["p_portion"]))' "$out/json")
        printf '%-7s %4s %6s %4s %9.2f %9.1f\n' "$code" "$n" ${order} \
            "$(echo "$user + $sys" | bc)" "$(echo "$rss / 1024" | bc -l)"
    done
done
