# Sourced by bench/connect4.sh and bench/connect4_empty.sh (not run alone): builds
# Pascal Pons's solver from its public source in ../shared/peers/connect4 (or
# $PEERS/connect4) into a temporary directory `$work`, removed on exit, never inside
# this tree (its licence forbids shipping it here), as `$work/c4peer`, a driver that
# prints the nodes of each line beside his scores (his main.cpp prints only the
# scores); and ours, `crates/grundy-games/examples/c4_lines.rs`, as `$ours`.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
peers="${PEERS:-$PWD/../shared/peers}/connect4"
[ -f "$peers/Solver.cpp" ] || { echo "no peer source in $peers" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$peers"/*.cpp "$peers"/*.hpp "$work/"
sed 's|std::cout << std::endl;|std::cout << " nodes " << solver.getNodeCount() << std::endl; solver.reset();|' \
  "$work/main.cpp" > "$work/count.cpp"
g++ --std=c++11 -O3 -DNDEBUG -o "$work/c4peer" "$work/count.cpp" "$work/Solver.cpp"
cargo build --release -q -p grundy-games --example c4_lines
ours="$CARGO_TARGET_DIR/release/examples/c4_lines"
