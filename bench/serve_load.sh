#!/usr/bin/env bash
# Load test of `grundy serve` on this machine only (127.0.0.1): starts the release
# server on a free port, runs the load client (crates/grundy-serve/examples/load.rs)
# with 1, 4, 16 and 64 concurrent clients, each run bounded by REQUESTS requests and
# SECONDS seconds, then stops the server with SIGTERM.
#   REQUESTS=4000 SECONDS_MAX=30 CLIENTS="1 4 16 64" bench/serve_load.sh
set -euo pipefail
cd "$(dirname "$0")/.."
REQUESTS=${REQUESTS:-4000}
SECONDS_MAX=${SECONDS_MAX:-30}
CLIENTS=${CLIENTS:-"1 4 16 64"}
cargo build --release -q -p grundy-cli
cargo build --release -q -p grundy-serve --example load
release="${CARGO_TARGET_DIR:-target}/release"
out=$(mktemp)
"$release/grundy" serve --port 0 >"$out" 2>/dev/null &
server=$!
trap 'kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -f "$out"' EXIT
for _ in $(seq 100); do
    grep -q http "$out" && break
    sleep 0.1
done
url=$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$out")
echo "server: $url (pid $server), $(nproc) cores; requests per run: $REQUESTS, at most ${SECONDS_MAX} s"
status=0
for n in $CLIENTS; do
    "$release/examples/load" --url "$url" --clients "$n" --requests "$REQUESTS" --seconds "$SECONDS_MAX" || status=1
done
exit $status
