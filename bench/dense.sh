#!/usr/bin/env bash
# Benchmarks the dense retrograde engine on pawn boards (k = 2 unless K is set).
#
#   bench/dense.sh            # n = 20, 24, 26, 28; baselines; 1 vs 2 threads
#   bench/dense.sh --large    # also n = 30 and 32 (512 MiB table), one run each
#
# Every figure is the median of several runs of the `dense_pawns` example: the
# solve's own wall time (`seconds`), the process's wall and CPU time and its
# maximum resident set as reported by `/usr/bin/time -v`. Each run also checks its
# count of won boards against the closed form (exit code 1 on a mismatch).
set -euo pipefail

cd "$(dirname "$0")/.."
K=${K:-2}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
cargo build --release --quiet -p grundy --example dense_pawns
BIN="$CARGO_TARGET_DIR/release/examples/dense_pawns"
TIME=/usr/bin/time

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

# run RUNS N MODE [THREADS]: prints one markdown row.
run() {
    local runs=$1 n=$2 mode=$3 threads=${4:-}
    local solve=() wall=() cpu=() rss=() won=""
    for _ in $(seq "$runs"); do
        local log
        log=$(mktemp)
        if [ -n "$threads" ]; then
            RAYON_NUM_THREADS=$threads $TIME -v "$BIN" "$n" "$K" "$mode" >"$log.out" 2>"$log"
        else
            $TIME -v "$BIN" "$n" "$K" "$mode" >"$log.out" 2>"$log"
        fi
        local line
        line=$(cat "$log.out")
        solve+=("$(sed -E 's/.*seconds=([0-9.]+).*/\1/' <<<"$line")")
        won=$(sed -E 's/.* won=([0-9]+).*/\1/' <<<"$line")
        threads_used=$(sed -E 's/.*threads=([0-9]+).*/\1/' <<<"$line")
        grep -q 'check=ok' <<<"$line" || { echo "closed-form check failed: $line" >&2; exit 1; }
        wall+=("$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,t,":"); s=0; for(i=1;i<=n;i++) s=s*60+t[i]; print s}' "$log")")
        cpu+=("$(awk -F': ' '/User time/ {u=$2} /System time/ {s=$2} END {print u+s}' "$log")")
        rss+=("$(awk -F': ' '/Maximum resident set size/ {print $2}' "$log")")
        rm -f "$log" "$log.out"
    done
    printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$n" "$mode" "$threads_used" "$runs" \
        "$(printf '%s\n' "${solve[@]}" | median)" \
        "$(printf '%s\n' "${wall[@]}" | median)" \
        "$(printf '%s\n' "${cpu[@]}" | median)" \
        "$(( $(printf '%s\n' "${rss[@]}" | median | cut -d. -f1) / 1024 ))" \
        "$won"
}

echo "k = $K, $(nproc) cores, load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| n | mode | threads | runs | solve s (median) | wall s | CPU s | max RSS MiB | won boards |"
echo "|---|---|---|---|---|---|---|---|---|"
run 7 20 wins
run 7 24 wins
run 5 26 wins
run 5 28 wins
run 5 28 wins 1
# Baselines in the same run: the generic dense solvers and the memoised engine.
run 3 20 memo
run 3 20 generic-wins
run 3 24 generic-wins
run 3 24 grundy
run 3 24 remoteness
if [ "${1:-}" = "--large" ]; then
    run 1 28 grundy
    run 1 28 remoteness
    run 1 30 wins
    run 1 32 wins
fi
echo
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
