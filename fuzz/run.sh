#!/bin/sh
# Runs every fuzz target (or those named after SECONDS) for a bounded time each,
# one job at a time: `fuzz/run.sh [SECONDS] [TARGET...]`, 20 seconds each by default.
#
# Each target starts from its checked-in seeds (fuzz/seeds/TARGET) and the inputs
# that once found a bug (fuzz/regressions/TARGET); new interesting inputs go to
# fuzz/corpus/TARGET (not checked in), crashes to fuzz/artifacts/TARGET. An input
# that takes over 10 s (FUZZ_TIMEOUT) or 2 GB counts as a crash. Needs cargo-fuzz and
# nightly: fuzz/install.sh. Set CARGO_TARGET_DIR to build elsewhere than fuzz/target,
# FUZZ_SANITIZER=none to build without AddressSanitizer (faster to build and run).
set -u
cd "$(dirname "$0")"
seconds=${1:-20}
[ $# -gt 0 ] && shift
targets=${*:-"ruleset judge validate value certificate api gen"}
sanitizer=${FUZZ_SANITIZER:-address}
timeout=${FUZZ_TIMEOUT:-10}
target_dir=${CARGO_TARGET_DIR:-target}
failed=""
for t in $targets; do
    mkdir -p "corpus/$t" "artifacts/$t" "regressions/$t"
done
# One build of every target named (the library is compiled once for them all).
if [ $# -eq 0 ]; then
    cargo +nightly fuzz build -s "$sanitizer" --target-dir "$target_dir" || exit 2
else
    for t in $targets; do
        cargo +nightly fuzz build -s "$sanitizer" --target-dir "$target_dir" "$t" || exit 2
    done
fi
for t in $targets; do
    echo "== $t: $seconds s"
    cargo +nightly fuzz run -s "$sanitizer" --target-dir "$target_dir" "$t" \
        "corpus/$t" "seeds/$t" "regressions/$t" -- \
        -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=2048 \
        -max_len=4096 -print_final_stats=1 \
        -artifact_prefix="artifacts/$t/" || failed="$failed $t"
done
if [ -n "$failed" ]; then
    echo "failed:$failed (inputs in fuzz/artifacts/)" >&2
    exit 1
fi
