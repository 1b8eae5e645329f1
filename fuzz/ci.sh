#!/bin/sh
# CI's fuzz step, deterministic: the same inputs on every run, so that the gate fails
# only for a change that breaks something, never by chance.
#
# For every target (built once, without AddressSanitizer so that the build stays
# short; Rust's own checks, overflow included, still panic):
#   1. replay: every checked-in seed (fuzz/seeds/TARGET) and every input that once
#      found a bug (fuzz/regressions/TARGET), each run once (-runs=0);
#   2. a fixed mutation run: FUZZ_RUNS (2000) inputs mutated from those, from a fixed
#      seed (-seed=FUZZ_SEED, 1), into a fresh corpus directory that is thrown away.
# Random, time-bounded fuzzing is fuzz/run.sh, outside the gate; what it finds becomes
# a regression input here. A crash, an input over FUZZ_TIMEOUT (30) seconds or 2 GB, or
# a target that does not build fails the step. When nightly or cargo-fuzz cannot be
# had, the step says so loudly and is skipped.
set -u
cd "$(dirname "$0")"
if ! sh install.sh; then
    echo "fuzz/ci.sh: WARNING: cannot install cargo-fuzz or the nightly toolchain; the fuzz run is SKIPPED" >&2
    exit 0
fi
targets=${*:-"ruleset judge validate value certificate api gen"}
runs=${FUZZ_RUNS:-2000}
seed=${FUZZ_SEED:-1}
timeout=${FUZZ_TIMEOUT:-30}
target_dir=${CARGO_TARGET_DIR:-target}
# The fuzz crate's lock file must already name every dependency: a build that had to
# change it would make the run's result depend on what the registry serves that day.
if ! cargo metadata --locked --format-version 1 >/dev/null; then
    echo "fuzz/ci.sh: fuzz/Cargo.lock is out of date; run \`cargo update -w\` in fuzz/ and commit it" >&2
    exit 2
fi
cargo +nightly fuzz build -s none --target-dir "$target_dir" || exit 2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# Runs a command with its output, less libFuzzer's warnings about the sanitizer's
# functions it cannot find (this build has no sanitizer: they say nothing about the
# code), and returns the command's status.
filtered() {
    { "$@" 2>&1; echo $? >"$scratch/status"; } | grep -v 'WARNING: Failed to find function "__sanitizer_'
    return "$(cat "$scratch/status")"
}
echo "fuzz/ci.sh: built without a sanitizer; libFuzzer's warnings about the sanitizer's functions are left out"
failed=""
for t in $targets; do
    mkdir -p "regressions/$t" "$scratch/$t" "$scratch/artifacts-$t"
    flags="-timeout=$timeout -rss_limit_mb=2048 -max_len=4096 -artifact_prefix=$scratch/artifacts-$t/"
    echo "== $t: replay of seeds/$t and regressions/$t"
    # shellcheck disable=SC2086
    if ! filtered cargo +nightly fuzz run -s none --target-dir "$target_dir" "$t" \
        "seeds/$t" "regressions/$t" -- -runs=0 $flags; then
        failed="$failed $t(replay)"
        continue
    fi
    echo "== $t: $runs mutated inputs from seed $seed"
    # shellcheck disable=SC2086
    if ! filtered cargo +nightly fuzz run -s none --target-dir "$target_dir" "$t" \
        "$scratch/$t" "seeds/$t" "regressions/$t" -- \
        -seed="$seed" -runs="$runs" -print_final_stats=1 $flags; then
        failed="$failed $t(mutation)"
        mkdir -p "artifacts/$t"
        cp "$scratch/artifacts-$t"/* "artifacts/$t/" 2>/dev/null
    fi
done
if [ -n "$failed" ]; then
    echo "fuzz/ci.sh: failed:$failed (failing inputs in fuzz/artifacts/)" >&2
    exit 1
fi
echo "fuzz/ci.sh: every target replayed its seeds and regressions and passed $runs mutated inputs"
