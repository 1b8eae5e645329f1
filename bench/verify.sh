#!/usr/bin/env bash
# Measures `grundy verify`: wall time, CPU time and maximum resident set.
#
#   bench/verify.sh           # pawns up to 20, 24, 26; table, ab, towers; baseline
#   bench/verify.sh --large   # also pawns up to 28 squares (one run)
#
# Every figure is the median of several runs of the release binary under
# `/usr/bin/time -v`. The baseline, in the same run, is the dense solver alone on
# the largest pawn size (`dense_pawns N 2 wins`): what verifying adds to solving.
# A run that does not exit 0 (a counterexample) stops the script.
set -euo pipefail

cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
cargo build --release --quiet -p grundy-cli --bin grundy
cargo build --release --quiet -p grundy --example dense_pawns
BIN="$CARGO_TARGET_DIR/release/grundy"
DENSE="$CARGO_TARGET_DIR/release/examples/dense_pawns"
TIME=/usr/bin/time

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

# measure RUNS LABEL COMMAND...: prints one markdown row.
measure() {
    local runs=$1 label=$2
    shift 2
    local wall=() cpu=() rss=() positions=""
    for _ in $(seq "$runs"); do
        local log
        log=$(mktemp)
        $TIME -v "$@" >"$log.out" 2>"$log" || { cat "$log.out" "$log" >&2; exit 1; }
        positions=$(sed -nE 's/.*: ([0-9]+) positions of .*/\1/p' "$log.out")
        wall+=("$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,t,":"); s=0; for(i=1;i<=n;i++) s=s*60+t[i]; print s}' "$log")")
        cpu+=("$(awk -F': ' '/User time/ {u=$2} /System time/ {s=$2} END {print u+s}' "$log")")
        rss+=("$(awk -F': ' '/Maximum resident set size/ {print $2}' "$log")")
        rm -f "$log" "$log.out"
    done
    printf '| %s | %s | %s | %s | %s | %s |\n' "$label" "$runs" \
        "$(printf '%s\n' "${wall[@]}" | median)" \
        "$(printf '%s\n' "${cpu[@]}" | median)" \
        "$(( $(printf '%s\n' "${rss[@]}" | median | cut -d. -f1) / 1024 ))" \
        "${positions:--}"
}

echo "$(nproc) cores, load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| command | runs | wall s (median) | CPU s | max RSS MiB | positions |"
echo "|---|---|---|---|---|---|"
measure 5 "verify pawns --max-size 20" "$BIN" verify pawns --max-size 20
measure 5 "verify pawns --max-size 24" "$BIN" verify pawns --max-size 24
measure 3 "verify pawns --max-size 26" "$BIN" verify pawns --max-size 26
measure 3 "dense_pawns 26 2 wins (baseline)" "$DENSE" 26 2 wins
measure 3 "verify pawns --max-size 20 --step 3" "$BIN" verify pawns --max-size 20 --step 3
measure 3 "verify table --max-size 8" "$BIN" verify table --max-size 8
measure 3 "verify ab --max-size 12" "$BIN" verify ab --max-size 12
measure 3 "verify towers --max-size 16" "$BIN" verify towers --max-size 16
if [ "${1:-}" = "--large" ]; then
    measure 1 "verify pawns --max-size 28" "$BIN" verify pawns --max-size 28
    measure 1 "dense_pawns 28 2 wins (baseline)" "$DENSE" 28 2 wins
fi
echo
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
