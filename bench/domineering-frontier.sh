#!/usr/bin/env bash
# The Domineering frontier: the canonical form of every empty rectangle the ruleset
# holds (at most 8 rows and 8 columns) of at most MAX_CELLS cells (42), each in a
# process of its own limited to CPU_LIMIT CPU seconds (3600) and MEMORY_GB GiB of
# address space (16; the engine's own estimate of its bytes is held to 7/8 of it, so
# that the search stops with its own error before an allocation fails: the estimate
# is a little under the peak resident set (384 of 388 MB on 5x7), and a table's shard
# holds its old and new buckets while it grows; 6x7 once failed an allocation at a
# 14.3 GB peak, when the forms' allocator still reserved chunks as large as all it
# held, bench/HISTORY.md), smallest boards first. `cgt_domineering ROWS COLS --census`
# counts a board's positions first, without values (6x7: 173 million). Left places
# vertical dominoes; a board and its transpose take the same search with the value
# negated, so only ROWS <= COLS is run. Prints a markdown row per board (value, positions, forms stored, CPU s,
# wall s, peak memory) and writes each form to bench/domineering/ROWSxCOLS.txt.
#
#   bash bench/domineering-frontier.sh            # every board up to 42 cells
#   MAX_CELLS=30 bash bench/domineering-frontier.sh
#   bash bench/domineering-frontier.sh 6x6 5x7    # these boards only
#   PARALLEL=1 CPU_LIMIT=7200 bash bench/domineering-frontier.sh 6x7
#       # the root's options searched on every core (rayon); the CPU limit counts
#       # every thread's time, so two cores for an hour is 7200
#   PROGRESS=120 bash bench/domineering-frontier.sh 6x7
#       # every 120 s the search reports its positions to standard error, and a
#       # board stopped by a limit shows the positions valued by its last report
set -euo pipefail
cd "$(dirname "$0")/.."
max_cells=${MAX_CELLS:-42}
cpu_limit=${CPU_LIMIT:-3600}
memory_gb=${MEMORY_GB:-16}
parallel=()
case "${PARALLEL:-0}" in
    0) ;;
    1) parallel=(--parallel) ;;
    *) echo "PARALLEL: 0 or 1 (got ${PARALLEL})" >&2; exit 2 ;;
esac
progress=()
if [ -n "${PROGRESS:-}" ]; then
    [[ "$PROGRESS" =~ ^[1-9][0-9]{0,4}$ ]] || { echo "PROGRESS: seconds, 1 to 86400 (got $PROGRESS)" >&2; exit 2; }
    progress=(--progress "$PROGRESS")
fi
for v in "$max_cells" "$cpu_limit" "$memory_gb"; do
    [[ "$v" =~ ^[1-9][0-9]{0,5}$ ]] || { echo "limits: positive integers (got $v)" >&2; exit 2; }
done
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (GNU time)" >&2; exit 2; }
cargo build --release -q -p grundy --example cgt_domineering
bin="${CARGO_TARGET_DIR:-target}/release/examples/cgt_domineering"
out=bench/domineering
mkdir -p "$out"

boards=("$@")
if [ ${#boards[@]} -eq 0 ]; then
    # Smallest first: by cells, then by rows.
    while read -r _ r c; do boards+=("${r}x${c}"); done < <(
        for r in $(seq 1 8); do for c in $(seq "$r" 8); do
            [ $((r * c)) -le "$max_cells" ] && echo "$((r * c)) $r $c"
        done; done | sort -n -k1,1 -k2,2)
fi

echo "| board | cells | value | positions | forms | CPU s | wall s | peak MB |"
echo "|---|---:|---|---:|---:|---:|---:|---:|"
for b in "${boards[@]}"; do
    [[ "$b" =~ ^([1-8])x([1-8])$ ]] || { echo "board: ROWSxCOLS, 1 to 8 each (got $b)" >&2; exit 2; }
    r=${BASH_REMATCH[1]} c=${BASH_REMATCH[2]}
    log=$(mktemp)
    start=$(date +%s%N)
    # The limits apply to the child only (a subshell), so this script goes on.
    set +e
    (
        ulimit -t "$cpu_limit"
        ulimit -v $((memory_gb * 1024 * 1024))
        exec /usr/bin/time -f "TIME %U %S %M" "$bin" "$r" "$c" "${parallel[@]}" "${progress[@]}" \
            --max-positions 4000000000 --max-bytes $(((memory_gb << 30) / 8 * 7))
    ) 2>&1 | tee "$log" | { grep --line-buffered '^progress:' >&2 || true; }
    code=${PIPESTATUS[0]}
    set -e
    end=$(date +%s%N)
    wall=$(awk -v a="$start" -v b="$end" 'BEGIN {printf "%.1f", (b - a) / 1e9}')
    cpu=$(awk '/^TIME/ {printf "%.2f", $2 + $3}' "$log")
    mb=$(awk '/^TIME/ {printf "%.0f", $4 / 1024}' "$log")
    if [ "$code" -eq 0 ]; then
        form=$(sed -n "s/^${r}x${c}: //p" "$log" | head -1)
        printf '%s\n' "$form" >"$out/${r}x${c}.txt"
        positions=$(sed -n 's/^positions: \([0-9]*\).*/\1/p' "$log")
        forms=$(sed -n 's/^positions: .*forms: \([0-9]*\).*/\1/p' "$log")
        shown=$form
        [ ${#shown} -gt 40 ] && shown="${#form} characters: $out/${r}x${c}.txt"
        shown=${shown//|/\\|}
        echo "| ${r}x${c} | $((r * c)) | \`$shown\` | $positions | $forms | ${cpu:--} | $wall | ${mb:--} |"
    else
        # The search's own message if it wrote one, else GNU time's account.
        # (grep finds nothing when a signal ended the search: not an error here)
        why=$(grep -v -e '^TIME' -e '^Command ' -e '^progress:' "$log" | tail -1 || true)
        [ -n "$why" ] || why=$(grep '^Command ' "$log" | tail -1 || true)
        # With PROGRESS, how far the search got: its last report.
        so_far=$(sed -n 's/^progress: \([0-9]*\) positions, \([0-9]*\) forms.*/\1 (so far) | \2 (so far)/p' "$log" | tail -1)
        echo "| ${r}x${c} | $((r * c)) | stopped (exit $code: ${why:-killed by a limit}) | ${so_far:--| -} | ${cpu:--} | $wall | ${mb:--} |"
    fi
    rm -f "$log"
done
