#!/usr/bin/env bash
# The retrograde engine (crates/grundy-engine/src/engine/retrograde.rs): positions per
# second and memory per position on tic-tac-toe, Connect Four (4x4, 4 wide 5 high,
# 5 wide 4 high) and digraph sums; for the games with tiers (tic-tac-toe, Connect
# Four) also the tiered solver (engine/tiers.rs), in the same process after the plain
# engine. Each game is one process, run RUNS times (3 by default); prints each run's
# lines and the process's wall, CPU (user + system) and peak memory from
# /usr/bin/time (the peak is the larger of the two solvers').
#
#   bash bench/retrograde.sh [RUNS] [GAME...]     GAME: tictactoe c4-4x4 c4-4x5 c4-5x4 digraph
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
runs="${1:-3}"; shift || true
games=("$@"); [ ${#games[@]} -gt 0 ] || games=(tictactoe c4-4x4 c4-4x5 c4-5x4 digraph)
cargo build --release -q -p grundy --example retrograde
bin="$CARGO_TARGET_DIR/release/examples/retrograde"
for g in "${games[@]}"; do
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "  process: wall %e s, CPU %U+%S s, peak %M KB" "$bin" "$g"
  done
done
