"""One measurement, in a process of its own: the child side of bench/python/bench.py.

    python bench/python/cases.py SIDE ARG

SIDE is one of

    grundy-builtin  ROWSxCOLS  grundy.analyze("domineering", board)["value"]
    pycgt           ROWSxCOLS  pycgt.rulesets.domineering.rectangle(rows, cols)
    grundy-user     ROWSxCOLS  Domineering as a grundy.PartizanGame (bitmask positions)
    grundy-user-components ROWSxCOLS  the same, with components (connected regions)
    grundy-heap     N          Kayles as a grundy.HeapGame, G(0..N)
    python-mex      N          Kayles by a dict-memoised mex in plain Python, G(0..N)
    python-mex-moves N         the same mex over the HeapGame's moves generator

It prints one JSON line: the CPU seconds of the computation alone
(time.process_time around the call, after the imports), the peak resident set before
and after it (ru_maxrss, KB), the answer as the library prints it, and a digest of
the answer that does not depend on either library's notation (see `digest_game`), so
the parent can check that both sides computed the same thing.

Rows x columns: ROWSxCOLS is ROWS rows of COLS cells; Left places vertical dominoes
(two cells of one column), Right horizontal ones, in grundy and in pycgt alike.
"""

from __future__ import annotations

import hashlib
import json
import resource
import sys
import time


def peak_kb() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def digest_game(game, left, right) -> str:
    """A hash of the game tree itself: a node is the hash of the sorted hashes of
    its Left options, a bar, and the sorted hashes of its Right options. Canonical
    forms are unique, so two canonical forms have the same digest exactly when they
    are the same game, whatever names (1/2, ^, Miny(2), +-1) their libraries print."""
    memo: dict = {}

    def walk(g) -> str:
        key = g
        try:
            hash(key)
        except TypeError:  # pragma: no cover
            key = id(g)
        if key in memo:
            return memo[key]
        ls = sorted(walk(x) for x in left(g))
        rs = sorted(walk(x) for x in right(g))
        h = hashlib.sha256(("{" + ",".join(ls) + "|" + ",".join(rs) + "}").encode()).hexdigest()[:32]
        memo[key] = h
        return h

    return walk(game)


def dims(arg: str) -> tuple[int, int]:
    rows, cols = arg.lower().split("x")
    return int(rows), int(cols)


# ---------------------------------------------------------------------------
# Domineering: grundy's built-in ruleset


def grundy_builtin(arg: str) -> dict:
    import grundy

    rows, cols = dims(arg)
    board = "|".join("." * cols for _ in range(rows))
    before = peak_kb()
    t0 = time.process_time()
    value = grundy.analyze("domineering", board)["value"]
    cpu = time.process_time() - t0
    after = peak_kb()
    v = grundy.value(value)
    return {
        "cpu": cpu,
        "rss_before": before,
        "rss": after,
        "answer": value,
        "digest": digest_game(v, lambda g: g.left_options, lambda g: g.right_options),
    }


# ---------------------------------------------------------------------------
# Domineering: pycgt's ruleset


def pycgt_domineering(arg: str) -> dict:
    from pycgt import render
    from pycgt.rulesets import domineering

    rows, cols = dims(arg)
    before = peak_kb()
    t0 = time.process_time()
    g = domineering.rectangle(rows, cols)
    cpu = time.process_time() - t0
    after = peak_kb()
    return {
        "cpu": cpu,
        "rss_before": before,
        "rss": after,
        "answer": render(g),
        "digest": digest_game(g, lambda x: x.left, lambda x: x.right),
    }


# ---------------------------------------------------------------------------
# Domineering written by a user as a grundy.PartizanGame
#
# What a user would write from the PartizanGame docstring: a position is the set
# of empty cells as a bitmask (cell (r, c) is bit r * cols + c), Left covers two
# cells of one column, Right two cells of one row.


def user_domineering(components: bool):
    import grundy

    class Domineering(grundy.PartizanGame):
        def __init__(self, rows: int, cols: int):
            self.rows, self.cols = rows, cols
            n = rows * cols
            # Dominoes as pairs of bits: vertical (Left) and horizontal (Right).
            self.vertical = [
                (1 << i) | (1 << (i + cols)) for i in range(n - cols)
            ]
            self.horizontal = [
                (1 << i) | (1 << (i + 1)) for i in range(n) if i % cols != cols - 1
            ]

        def left_moves(self, empty: int):
            return [empty & ~d for d in self.vertical if empty & d == d]

        def right_moves(self, empty: int):
            return [empty & ~d for d in self.horizontal if empty & d == d]

    class DomineeringRegions(Domineering):
        def __init__(self, rows: int, cols: int):
            super().__init__(rows, cols)
            self.first_row = (1 << cols) - 1
            self.first_column = sum(1 << (r * cols) for r in range(rows))
            self.last_column = self.first_column << (cols - 1)

        def components(self, empty: int):
            """The connected regions of the empty cells (flood fill), each moved
            to the top-left corner so that equal shapes are one position."""
            cols = self.cols
            parts = []
            rest = empty
            while rest:
                region = rest & -rest
                while True:
                    grown = region | (region << cols) | (region >> cols)
                    grown |= ((region << 1) & ~self.first_column) | ((region >> 1) & ~self.last_column)
                    grown &= empty
                    if grown == region:
                        break
                    region = grown
                rest &= ~region
                while not region & self.first_row:
                    region >>= cols
                while not region & self.first_column:
                    region >>= 1
                parts.append(region)
            return parts

    return DomineeringRegions if components else Domineering


def grundy_user(arg: str, components: bool = False) -> dict:
    rows, cols = dims(arg)
    game = user_domineering(components)(rows, cols)
    start = (1 << (rows * cols)) - 1
    before = peak_kb()
    t0 = time.process_time()
    v = game.value(start)
    cpu = time.process_time() - t0
    after = peak_kb()
    return {
        "cpu": cpu,
        "rss_before": before,
        "rss": after,
        "answer": str(v),
        "positions": game.held(),
        "digest": digest_game(v, lambda g: g.left_options, lambda g: g.right_options),
    }


# ---------------------------------------------------------------------------
# Kayles: grundy.HeapGame against a plain memoised mex


def kayles_digest(values: list[int]) -> str:
    return hashlib.sha256(",".join(map(str, values)).encode()).hexdigest()[:32]


def grundy_heap(arg: str) -> dict:
    import grundy

    class Kayles(grundy.HeapGame):
        def moves(self, n):
            for take in (1, 2):
                for a in range(n - take + 1):
                    yield tuple(h for h in (a, n - take - a) if h)

    n = int(arg)
    before = peak_kb()
    t0 = time.process_time()
    s = Kayles().sequence(n)
    values = list(s.values)
    cpu = time.process_time() - t0
    after = peak_kb()
    return {
        "cpu": cpu,
        "rss_before": before,
        "rss": after,
        "answer": f"max {max(values)}, preperiod {s.preperiod}, period {s.period}",
        "digest": kayles_digest(values),
    }


def python_mex(arg: str) -> dict:
    n = int(arg)
    before = peak_kb()
    t0 = time.process_time()

    # The straightforward version a user writes without a library.
    memo: dict[int, int] = {}

    def g(n: int) -> int:
        if n in memo:
            return memo[n]
        seen = set()
        for take in (1, 2):
            for a in range(n - take + 1):
                seen.add(g(a) ^ g(n - take - a))
        m = 0
        while m in seen:
            m += 1
        memo[n] = m
        return m

    values = [g(i) for i in range(n + 1)]
    cpu = time.process_time() - t0
    after = peak_kb()
    return {
        "cpu": cpu,
        "rss_before": before,
        "rss": after,
        "answer": f"max {max(values)}",
        "digest": kayles_digest(values),
    }


def python_mex_moves(arg: str) -> dict:
    """The memoised mex again, over the same ``moves`` generator the HeapGame
    defines (tuples built by a generator expression): what grundy adds on top of
    the user's own moves function, without the cost of that function."""
    n = int(arg)

    def moves(n):
        for take in (1, 2):
            for a in range(n - take + 1):
                yield tuple(h for h in (a, n - take - a) if h)

    before = peak_kb()
    t0 = time.process_time()
    memo: dict[int, int] = {}

    def g(n: int) -> int:
        if n in memo:
            return memo[n]
        seen = set()
        for heaps in moves(n):
            x = 0
            for h in heaps:
                x ^= g(h)
            seen.add(x)
        m = 0
        while m in seen:
            m += 1
        memo[n] = m
        return m

    values = [g(i) for i in range(n + 1)]
    cpu = time.process_time() - t0
    after = peak_kb()
    return {
        "cpu": cpu,
        "rss_before": before,
        "rss": after,
        "answer": f"max {max(values)}",
        "digest": kayles_digest(values),
    }


SIDES = {
    "grundy-builtin": grundy_builtin,
    "pycgt": pycgt_domineering,
    "grundy-user": lambda arg: grundy_user(arg, components=False),
    "grundy-user-components": lambda arg: grundy_user(arg, components=True),
    "grundy-heap": grundy_heap,
    "python-mex": python_mex,
    "python-mex-moves": python_mex_moves,
}


def main() -> None:
    if len(sys.argv) != 3 or sys.argv[1] not in SIDES:
        sys.exit(__doc__)
    result = SIDES[sys.argv[1]](sys.argv[2])
    print(json.dumps(result))


if __name__ == "__main__":
    main()
