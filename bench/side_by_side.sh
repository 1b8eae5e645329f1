#!/usr/bin/env bash
# Two builds of one command, side by side: RUNS interleaved runs (old, then new),
# median CPU time (user + system), median wall time and the largest max RSS of each.
# On a shared machine interleaving spreads the noise over both.
#
#   bench/side_by_side.sh OLD_BINARY NEW_BINARY ARGS...
#   RUNS=9 bench/side_by_side.sh /tmp/old/release/grundy target/release/grundy verify ab --max-size 12
#
# Build the old commit in a worktree with a target directory of its own:
#   git worktree add /tmp/old COMMIT
#   (cd /tmp/old && CARGO_TARGET_DIR=/tmp/old-target cargo build --release -p grundy-cli)
set -euo pipefail
[ $# -ge 3 ] || { sed -n '2,11p' "$0" >&2; exit 2; }
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (GNU time)" >&2; exit 2; }
RUNS=${RUNS:-5}
OLD=$1 NEW=$2
shift 2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
for _ in $(seq "$RUNS"); do
    for label in old new; do
        bin=$OLD
        [ $label = new ] && bin=$NEW
        /usr/bin/time -f "%U %S %e %M" -o "$dir/one" "$bin" "$@" >/dev/null 2>&1 || true
        awk '{printf "%.3f %.3f %d\n", $1 + $2, $3, $4}' "$dir/one" >>"$dir/$label"
    done
done
for label in old new; do
    cpu=$(awk '{print $1}' "$dir/$label" | median)
    wall=$(awk '{print $2}' "$dir/$label" | median)
    rss=$(awk '{print $3}' "$dir/$label" | sort -g | tail -1)
    echo "$label | $* | CPU s $cpu | wall s $wall | max RSS $((rss / 1024)) MB | $RUNS runs"
done
