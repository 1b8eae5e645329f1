#!/usr/bin/env bash
# The retrograde engine (crates/grundy-engine/src/engine/retrograde.rs): positions per
# second and memory per position on tic-tac-toe, Connect Four (4x4, 4 wide 5 high,
# 5 wide 4 high; 6 wide 4 high on request) and digraph sums; for the games with tiers
# (tic-tac-toe, Connect Four) also the tiered solver (engine/tiers.rs). Each solver
# of each game is a process of its own, run RUNS times (3 by default); prints each
# run's lines and the process's wall, CPU (user + system) and peak memory from
# /usr/bin/time.
#
#   bash bench/retrograde.sh [RUNS] [GAME...]
#   GAME: tictactoe c4-4x4 c4-4x5 c4-5x4 c4-6x4 digraph (all but c4-6x4 by default)
#   SOLVERS="plain tiers" (the default) picks the solvers.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
runs="${1:-3}"; shift || true
games=("$@"); [ ${#games[@]} -gt 0 ] || games=(tictactoe c4-4x4 c4-4x5 c4-5x4 digraph)
cargo build --release -q -p grundy --example retrograde
bin="$CARGO_TARGET_DIR/release/examples/retrograde"
read -r -a solvers <<< "${SOLVERS:-plain tiers}"
for g in "${games[@]}"; do
  for solver in "${solvers[@]}"; do
    # Digraph sums have no tiers: the plain engine only.
    if [ "$g" = digraph ] && [ "$solver" != plain ]; then continue; fi
    for _ in $(seq "$runs"); do
      /usr/bin/time -f "  process ($solver): wall %e s, CPU %U+%S s, peak %M KB" \
        "$bin" --solvers "$solver" "$g"
    done
  done
done
