#!/usr/bin/env bash
# Canonical forms of empty Domineering rectangles with the generic engine of
# grundy::cgt (crates/grundy/examples/cgt_domineering, through ruleset::ByParts): median CPU time (user +
# system), median wall-clock time and the largest max RSS over RUNS runs, and the
# value found (ROWSxCOLS; Left places vertical dominoes).
#
#   bench/cgt.sh                      # 3x8 6x4 5x5 7x4 6x5, 3 runs each
#   RUNS=5 bench/cgt.sh 3x8 6x4
#   RUNS=1 bench/cgt.sh 6x6           # one long run
#   PARALLEL=1 bench/cgt.sh           # search the root's options in parallel
#
# The reference figures are cgt-tools' own published ones (its README, its
# machine), not measured here; the ratio column divides them by our median CPU time.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(3x8 6x4 5x5 7x4 6x5)
cargo build --release -q -p grundy --example cgt_domineering
target=${CARGO_TARGET_DIR:-target}
bin="$target/release/examples/cgt_domineering"
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (GNU time)" >&2; exit 2; }
extra=()
[ "${PARALLEL:-0}" = 1 ] && extra=(--parallel)

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

declare -A ref_s=([3x8]=1.4 [6x4]=2.5 [5x5]=4.8 [7x4]=32 [6x5]=138)
declare -A ref_mb=([3x8]=12 [6x4]=22 [5x5]=40 [7x4]=166 [6x5]=448)

echo "| board | value | positions | CPU s (median) | wall s | max RSS MB | cgt-tools s (MB) | cgt-tools / grundy CPU |"
echo "|---|---|---:|---:|---:|---:|---:|---:|"
for size in "${sizes[@]}"; do
    rows=${size%x*} cols=${size#*x}
    cpu=() wall=() rss=0 value="" positions=""
    for _ in $(seq "$RUNS"); do
        start=$(date +%s%N)
        # A run that stops (a limit reached) still reports its time and message.
        out=$( { /usr/bin/time -f "TIME %U %S %M" "$bin" "$rows" "$cols" "${extra[@]}"; } 2>&1 ) || true
        end=$(date +%s%N)
        wall+=("$(awk -v a="$start" -v b="$end" 'BEGIN {printf "%.2f", (b - a) / 1e9}')")
        cpu+=("$(echo "$out" | awk '/^TIME/ {printf "%.2f", $2 + $3}')")
        r=$(echo "$out" | awk '/^TIME/ {print $4}')
        [ "$r" -gt "$rss" ] && rss=$r
        value=$(echo "$out" | sed -n "s/^${rows}x${cols}: //p" | head -1)
        positions=$(echo "$out" | sed -n 's/^positions: \([0-9]*\).*/\1/p')
    done
    c=$(printf '%s\n' "${cpu[@]}" | median)
    w=$(printf '%s\n' "${wall[@]}" | median)
    mb=$(awk -v k="$rss" 'BEGIN {printf "%.0f", k / 1024}')
    if [ -n "${ref_s[$size]:-}" ]; then
        ref="${ref_s[$size]} (${ref_mb[$size]})"
        ratio=$(awk -v a="${ref_s[$size]}" -v b="$c" 'BEGIN {printf "%.1fx", a / b}')
    else
        ref="-" ratio="-"
    fi
    [ ${#value} -gt 60 ] && value="${value:0:57}..."
    value=${value//|/\\|}
    echo "| ${rows}x${cols} | \`$value\` | $positions | $c | $w | $mb | $ref | $ratio |"
done
