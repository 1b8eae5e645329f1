#!/usr/bin/env bash
# A Connect Four board solved strongly: `grundy solve connect-four BOARD --tiers`
# from the empty board (every ranked position, rank by rank: docs/tiers.md) under
# GNU time (wall, CPU, peak memory), the files' bytes, then SAMPLES positions reached
# by random moves (a fixed seed; up to the whole game) answered from the files
# (`analyze --db`) and by the search (`analyze`): result, remoteness and best moves
# checked equal, with each --db answer's wall time. Exit 1 on any difference.
# Usage: bash bench/tiers_strong.sh [BOARD] [SAMPLES] [DIR]
#   BOARD: WxH (default 6x5); DIR: where the files go (default a temporary
#   directory, removed at the end; 6x5 needs 40 GB).
set -euo pipefail
cd "$(dirname "$0")/.."
board=${1:-6x5}
samples=${2:-100}
cargo build --locked -q --release -p grundy-cli
grundy=$PWD/target/release/grundy
work=$(mktemp -d)
dir=${3:-$work/db}
trap 'rm -rf "$work"' EXIT
echo "connect-four $board from the empty board; $(nproc) cores; $(git rev-parse --short HEAD); $(date -u +%F)"
/usr/bin/time -f '%e %U %S %M' -o "$work/time" "$grundy" solve connect-four "$board:" --tiers \
    --out "$dir" --quiet >"$work/solve"
[ -z "$(ls -A "$dir" 2>/dev/null | grep -v '^tier-.*\.grundy-tier$')" ] || { echo "$dir: not only tier files" >&2; exit 1; }
read -r wall user sys kb <"$work/time"
cat "$work/solve"
printf '| wall | CPU (user + system) | peak memory | files |\n|---:|---:|---:|---:|\n'
printf '| %s s | %s s (%s + %s) | %s MiB | %s bytes |\n' "$wall" "$(echo "$user + $sys" | bc)" "$user" "$sys" \
    "$((kb / 1024))" "$(du -sb "$dir" | cut -f1)"
python3 - "$board" "$samples" >"$work/lines" <<'EOF'
import random, sys
w, h = map(int, sys.argv[1].split("x"))
rng = random.Random(20261202)
def four(cells, c, r, who):
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for s in (1, -1):
            x, y = c + s * dc, r + s * dr
            while 0 <= x < w and 0 <= y < h and cells.get((x, y)) == who:
                n += 1
                x, y = x + s * dc, y + s * dr
        if n >= 4:
            return True
    return False
for i in range(int(sys.argv[2])):
    heights, cells, moves = [0] * w, {}, ""
    for ply in range(rng.randrange(w * h)):
        c = rng.choice([c for c in range(w) if heights[c] < h])
        who = ply % 2
        cells[(c, heights[c])] = who
        heights[c] += 1
        moves += str(c + 1)
        if four(cells, c, heights[c] - 1, who) or len(cells) == w * h:
            break
    print(f"{w}x{h}:{moves}")
EOF
field() { python3 -c 'import json,sys; d=json.load(sys.stdin); print(d.get("result"), d.get("remoteness"), sorted(m["move"] for m in d.get("best_moves") or []))'; }
n=0
: >"$work/ms"
while read -r pos; do
    plain=$("$grundy" analyze connect-four "$pos" --json | field)
    t0=$(date +%s%N)
    "$grundy" analyze connect-four "$pos" --db "$dir" --json >"$work/db.json"
    ms=$((($(date +%s%N) - t0) / 1000000))
    db=$(field <"$work/db.json")
    echo "$ms" >>"$work/ms"
    if [ "$plain" != "$db" ]; then
        echo "$pos: the search says $plain, the files $db" >&2
        exit 1
    fi
    n=$((n + 1))
done <"$work/lines"
echo "$n positions answered from the files as the search answers them (result, remoteness, best moves);" \
    "each 'grundy analyze --db' command (process start included) $(sort -n "$work/ms" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)] " ms median, " a[NR] " ms at most"}')"
