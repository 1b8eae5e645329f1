#!/bin/sh
# CI's short fuzz run: every target for FUZZ_SECONDS (10) seconds from its seeds and
# regressions, built without AddressSanitizer so that the build stays short (Rust's
# own checks, overflow included, still panic). A crash or a target that does not
# build fails the run; when nightly or cargo-fuzz cannot be had, the run says so
# loudly and is skipped.
set -u
cd "$(dirname "$0")"
if ! sh install.sh; then
    echo "fuzz/ci.sh: WARNING: cannot install cargo-fuzz or the nightly toolchain; the fuzz run is SKIPPED" >&2
    exit 0
fi
FUZZ_SANITIZER=none FUZZ_TIMEOUT=30 exec sh run.sh "${FUZZ_SECONDS:-10}"
