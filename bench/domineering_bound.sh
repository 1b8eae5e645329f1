#!/usr/bin/env bash
# Where Domineering's counting bounds fall short of Nathan Bullock's Obsequi: random
# positions that grundy's bounds (`Grid::decided`) leave open, each with its exact
# result from grundy's search, are given to Obsequi's bound (its
# `is_game_over_expensive`, linked from its own objects into a small program written
# here); prints how many it decides and whether each agrees with the search.
#
#   bash bench/domineering_bound.sh [MOVES] [COUNT] [SEED] [ROWS] [COLS]
#
# 10 random moves on 8×8 and 500 positions by default (`domineering_open`, a seeded
# generator). Obsequi is built from its public source in ../shared/peers/obsequi into a
# temporary directory, never inside this tree (its licence forbids shipping it
# here); set PEERS to use another copy. Its board is at most 30 wide; ROWS and COLS
# at most 11 here (its rows hold 32 bits, with a wall around).
set -euo pipefail
cd "$(dirname "$0")/.."
moves="${1:-10}"
count="${2:-500}"
seed="${3:-1}"
rows="${4:-8}"
cols="${5:-8}"
peers="${PEERS:-$(cd .. && pwd)/shared/peers}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r "$peers/obsequi" "$work/obsequi"
# The same stand-in for the protocol buffers' header as bench/domineering_obsequi.sh.
sed -n '/^cat > "$work\/obsequi\/obsequi.pb.h" <<.STUB.$/,/^STUB$/p' bench/domineering_obsequi.sh |
  sed '1d;$d' > "$work/obsequi/obsequi.pb.h"
flags="-std=c++11 -O3 -include cstdio -include cstring -include cstdlib"
(cd "$work/obsequi" && mkdir -p objs && make -s Obsequi CPPFLAGS="$flags" > "$work/build.log" 2>&1) ||
  { cat "$work/build.log"; exit 1; }
cat > "$work/bound.cc" <<'CC'
// Reads `MOVES LEFT WINS HEX 0` lines; asks Obsequi's bound about each position.
#include "board.h"
#include "score-board.h"
using namespace obsequi;
int main(int argc, char** argv) {
  int rows = atoi(argv[1]), cols = atoi(argv[2]);
  int moves, left, wins; char hex[64]; int zero;
  long total = 0, decided = 0, agree = 0, wrong = 0;
  while (scanf("%d %d %d %63s %d", &moves, &left, &wins, hex, &zero) == 5) {
    unsigned __int128 e = 0;
    for (char* p = hex; *p; p++) e = (e << 4) | (*p <= '9' ? *p - '0' : *p - 'a' + 10);
    Board b(rows, cols);  // Horizontal's board; its opponent is Vertical's.
    for (int r = 0; r < rows; r++)
      for (int c = 0; c < cols; c++)
        if (!((e >> (cols * r + c)) & 1)) b.SetBlock(r, c);
    int score;
    Board* mover = left ? b.GetOpponent() : &b;
    Board* other = left ? &b : b.GetOpponent();
    total++;
    if (is_game_over_expensive(*mover, *other, &score)) {
      decided++;
      if ((score > 0) == (wins == 1)) agree++; else wrong++;
    }
  }
  printf("%ld positions our bounds leave open; Obsequi's bound decides %ld (%.1f%%): "
         "%ld as our search, %ld otherwise\n",
         total, decided, total ? 100.0 * decided / total : 0.0, agree, wrong);
  return 0;
}
CC
(cd "$work/obsequi" && g++ $flags -I. "$work/bound.cc" objs/board.o objs/bitops.o objs/base.o \
  objs/transposition.o objs/positional-values.o objs/score-board.o objs/move.o -o "$work/bound") ||
  exit 1
cargo build -q --release -p grundy-games --example domineering_open
echo "board ${rows}×${cols}, $moves random moves, seed $seed, $count positions"
target/release/examples/domineering_open "$rows" "$cols" "$moves" "$count" "$seed" > "$work/open.txt"
"$work/bound" "$rows" "$cols" < "$work/open.txt"
