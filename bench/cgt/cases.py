"""One measurement, in a process of its own: the child side of bench/cgt/bench.py.

    python bench/cgt/cases.py SIDE ARG
    python bench/cgt/cases.py games N:SEED        # print the random games of case 3

SIDE is one of

    grundy-analyze  GAME:POSITION  grundy.analyze(GAME, POSITION)["canonical_form"]
    grundy-value    GAME:POSITION  grundy.game_value(GAME, POSITION): the value alone
    cgt-py          GAME:POSITION  cgt_py.Amazons / Konane (POSITION), Snort / Col (a grid graph)
    pycgt           GAME:POSITION  pycgt.rulesets.clobber.parse, graphs.value(..., SNORT / COL)
    grundy-heat     N              grundy.value("heat(*N, 1)")
    pycgt-heat      N              pycgt.heat(nimber(N), integer(1))
    grundy-cool-reduced N:SEED     for each random game: grundy.value(text), .cool(1), .reduced()
    cgt-py-cool-reduced N:SEED     cgt_py.CanonicalForm(text), .cool(1), .reduced
    pycgt-cool-reduced  N:SEED     pycgt.parse(text), cool(g, 1), reduced_canonical_form(g)

It prints one JSON line: the CPU seconds of the computation alone (time.process_time
around the call, after the imports; every thread of the process counts), its wall
seconds, the peak resident set before and after it (ru_maxrss, KB), the answer, and a
digest of the answer that does not depend on the library's notation (bench/python's
`digest_game`: a hash over the game tree's Left and Right options), so that the parent
can check every side computed the same game. The cool-and-reduced sides give a digest
and the explicit form (every option in braces) per game.

Positions are grundy's notation (rows separated by `|`; `x` Left, `o` Right, `.`
empty), which cgt-py's Amazons and Konane read as they are, with the same colours:
`x.` is 1, `x.o` is `*`, `xo.` is 1 in Konane, in both. Snort and Col take an
empty map of `.` cells, given to cgt-py and pycgt as the grid graph (a vertex per
cell, an edge between orthogonal neighbours).

cgt-py 0.11 imports `anywidget` and `traitlets` when it loads (for its Jupyter widgets)
without declaring them as dependencies; its children get the two stand-ins in
bench/cgt/stubs/ first on sys.path, so they import without the Jupyter stack and its
memory is its engine's.
"""

from __future__ import annotations

import gc
import hashlib
import importlib.util
import json
import random
import sys
import time
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _bench_python_cases():
    """bench/python/cases.py, loaded under a name of its own (both files are cases.py)."""
    spec = importlib.util.spec_from_file_location(
        "bench_python_cases", HERE.parent / "python" / "cases.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_shared = _bench_python_cases()
digest_game = _shared.digest_game
peak_kb = _shared.peak_kb


# ---------------------------------------------------------------------------
# Helpers


class Keyed:
    """cgt-py's CanonicalForm is not hashable: wrap it, keyed by its printed form
    (canonical forms print uniquely), so that digest_game memoises the DAG."""

    __slots__ = ("game", "key")

    def __init__(self, game):
        self.game = game
        self.key = repr(game)

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other) -> bool:
        return self.key == other.key


def grundy_digest(v) -> str:
    return digest_game(v, lambda g: g.left_options, lambda g: g.right_options)


def cgt_digest(v) -> str:
    return digest_game(
        Keyed(v),
        lambda k: [Keyed(x) for x in k.game.left_options],
        lambda k: [Keyed(x) for x in k.game.right_options],
    )


def pycgt_digest(v) -> str:
    return digest_game(v, lambda g: g.left, lambda g: g.right)


def explicit(game, left, right, key=lambda g: g) -> str:
    """Every option in braces, `{|}` for 0: a notation all three libraries read."""
    memo: dict = {}

    def walk(g) -> str:
        k = key(g)
        if k not in memo:
            memo[k] = "{" + ",".join(walk(x) for x in left(g)) + "|" + ",".join(
                walk(x) for x in right(g)) + "}"
        return memo[k]

    return walk(game)


def short(text: str, n: int = 300) -> str:
    return text if len(text) <= n else text[:n] + f"... ({len(text)} characters)"


def measure(compute):
    """Runs compute() once: (its result, CPU s, wall s, peak KB before, peak KB after)."""
    before = peak_kb()
    w0 = time.perf_counter()
    t0 = time.process_time()
    result = compute()
    cpu = time.process_time() - t0
    wall = time.perf_counter() - w0
    return result, cpu, wall, before, peak_kb()


def split(arg: str) -> tuple[str, str]:
    game, _, position = arg.partition(":")
    return game, position


def grid_edges(position: str) -> tuple[int, list[tuple[int, int]]]:
    """The grid graph of an empty map: a vertex per cell, edges between orthogonal
    neighbours (only `.` maps: the benchmark's Snort and Col boards are empty)."""
    rows = position.split("|")
    if any(set(r) - {"."} for r in rows) or len({len(r) for r in rows}) != 1:
        raise SystemExit(f"only empty rectangular maps are supported here: {position}")
    height, width = len(rows), len(rows[0])
    edges = []
    for r in range(height):
        for c in range(width):
            v = r * width + c
            if c + 1 < width:
                edges.append((v, v + 1))
            if r + 1 < height:
                edges.append((v, v + width))
    return height * width, edges


def load_cgt_py():
    sys.path.insert(0, str(HERE / "stubs"))
    import cgt_py

    return cgt_py


# ---------------------------------------------------------------------------
# Case 1 and 2: rulesets


def grundy_analyze(arg: str) -> dict:
    import grundy

    game, position = split(arg)
    report, cpu, wall, before, after = measure(lambda: grundy.analyze(game, position))
    form = report["canonical_form"]
    return {
        "cpu": cpu, "wall": wall, "rss_before": before, "rss": after,
        "answer": short(form),
        "digest": grundy_digest(grundy.value(form)),
    }


def grundy_value(arg: str) -> dict:
    import grundy

    game, position = split(arg)
    value, cpu, wall, before, after = measure(lambda: grundy.game_value(game, position))
    return {
        "cpu": cpu, "wall": wall, "rss_before": before, "rss": after,
        "answer": short(str(value)),
        "digest": grundy_digest(value),
    }


def cgt_py_ruleset(arg: str) -> dict:
    cgt_py = load_cgt_py()
    game, position = split(arg)
    if game == "amazons":
        compute = lambda: cgt_py.Amazons(position).canonical_form  # noqa: E731
    elif game == "konane":
        compute = lambda: cgt_py.Konane(position).canonical_form  # noqa: E731
    elif game in ("snort", "col"):
        vertices, edges = grid_edges(position)
        graph = cgt_py.Graph(vertices, edges)
        ruleset = cgt_py.Snort if game == "snort" else cgt_py.Col
        compute = lambda: ruleset(graph).canonical_form  # noqa: E731
    else:
        raise SystemExit(f"cgt-py has no {game} here")
    form, cpu, wall, before, after = measure(compute)
    text = repr(form)
    if text.startswith("CanonicalForm('"):
        text = text[len("CanonicalForm('"):-2]
    return {
        "cpu": cpu, "wall": wall, "rss_before": before, "rss": after,
        "answer": short(text),
        "digest": cgt_digest(form),
    }


def pycgt_ruleset(arg: str) -> dict:
    from pycgt import render
    from pycgt.rulesets import clobber, graphs

    game, position = split(arg)
    if game == "clobber":
        compute = lambda: clobber.parse(position)  # noqa: E731
    elif game in ("snort", "col"):
        vertices, edges = grid_edges(position)
        start = graphs.uncoloured(graphs.Graph.of(vertices, edges))
        rule = graphs.SNORT if game == "snort" else graphs.COL
        compute = lambda: graphs.value(start, rule)  # noqa: E731
    else:
        raise SystemExit(f"pycgt has no {game}")
    form, cpu, wall, before, after = measure(compute)
    return {
        "cpu": cpu, "wall": wall, "rss_before": before, "rss": after,
        "answer": short(render(form)),
        "digest": pycgt_digest(form),
    }


# ---------------------------------------------------------------------------
# Case 2: heat(*N, 1)


def grundy_heat(arg: str) -> dict:
    import grundy

    n = int(arg)
    v, cpu, wall, before, after = measure(lambda: grundy.value(f"heat(*{n}, 1)"))
    return {
        "cpu": cpu, "wall": wall, "rss_before": before, "rss": after,
        "answer": f"birthday {v.birthday}, temperature {v.temperature}",
        "digest": grundy_digest(v),
    }


def pycgt_heat(arg: str) -> dict:
    import pycgt

    n = int(arg)
    g, cpu, wall, before, after = measure(
        lambda: pycgt.heat(pycgt.nimber(n), pycgt.integer(1)))
    return {
        "cpu": cpu, "wall": wall, "rss_before": before, "rss": after,
        "answer": f"birthday {pycgt.birthday(g)}, temperature {pycgt.temperature(g)}",
        "digest": pycgt_digest(g),
    }


# ---------------------------------------------------------------------------
# Case 3: cooling and reduced forms of random games


def random_game(rng: random.Random, day: int) -> str:
    """A random game born by `day`, in pure brace notation over 0: {L|R}, each side
    0, 1, 2 or 3 options (probabilities 1/6, 1/3, 1/3, 1/6), each option a random
    game born by day - 1 (probability 0.6) or by a day drawn uniformly below day."""
    if day == 0:
        return "0"

    def options() -> list[str]:
        count = rng.choice((0, 1, 1, 2, 2, 3))
        return [
            random_game(rng, day - 1 if rng.random() < 0.6 else rng.randrange(day))
            for _ in range(count)
        ]

    return "{" + ",".join(options()) + "|" + ",".join(options()) + "}"


def random_games(arg: str) -> list[str]:
    count, _, seed = arg.partition(":")
    rng = random.Random(int(seed or 2026))
    return [random_game(rng, 4) for _ in range(int(count))]


def cool_reduced(arg: str, parse, cool, reduced, digest, explicit_of) -> dict:
    """Times two loops over every game, one after the other: parse each text (its
    canonical form), then cool each game by 1 and take its reduced form. "cpu" is the
    two together, "parse_cpu" the first. Digests and explicit forms come after.

    The timing starts after a full collection: the objects the imports made wait in
    the collector's younger generations, and the first collection of the middle one
    (1.6 ms on this machine) would otherwise fall on whichever side allocates next."""
    texts = random_games(arg)
    gc.collect()
    before = peak_kb()
    w0 = time.perf_counter()
    t0 = time.process_time()
    games = [parse(text) for text in texts]
    t1 = time.process_time()
    answers = [(cool(g), reduced(g)) for g in games]
    t2 = time.process_time()
    wall = time.perf_counter() - w0
    after = peak_kb()
    cooled = [digest(c) for c, _ in answers]
    red = [digest(r) for _, r in answers]
    return {
        "cpu": t2 - t0, "parse_cpu": t1 - t0, "wall": wall, "rss_before": before, "rss": after,
        "answer": f"{len(texts)} games",
        "digest": hashlib.sha256(("".join(cooled) + "|" + "".join(red)).encode()).hexdigest()[:32],
        "cool": cooled,
        "reduced": red,
        "cool_explicit": [explicit_of(c) for c, _ in answers],
        "reduced_explicit": [explicit_of(r) for _, r in answers],
    }


def grundy_cool_reduced(arg: str) -> dict:
    import grundy

    return cool_reduced(
        arg,
        parse=grundy.value,
        cool=lambda g: g.cool(1),
        reduced=lambda g: g.reduced(),
        digest=grundy_digest,
        explicit_of=lambda g: g.explicit,
    )


def cgt_py_cool_reduced(arg: str) -> dict:
    cgt_py = load_cgt_py()
    return cool_reduced(
        arg,
        parse=cgt_py.CanonicalForm,
        cool=lambda g: g.cool(1),
        reduced=lambda g: g.reduced,
        digest=cgt_digest,
        explicit_of=lambda g: explicit(g, lambda x: x.left_options, lambda x: x.right_options, repr),
    )


def pycgt_cool_reduced(arg: str) -> dict:
    import pycgt

    one = Fraction(1)
    return cool_reduced(
        arg,
        parse=pycgt.parse,
        cool=lambda g: pycgt.cool(g, one),
        reduced=pycgt.reduced_canonical_form,
        digest=pycgt_digest,
        explicit_of=lambda g: explicit(g, lambda x: x.left, lambda x: x.right),
    )


SIDES = {
    "grundy-analyze": grundy_analyze,
    "grundy-value": grundy_value,
    "cgt-py": cgt_py_ruleset,
    "pycgt": pycgt_ruleset,
    "grundy-heat": grundy_heat,
    "pycgt-heat": pycgt_heat,
    "grundy-cool-reduced": grundy_cool_reduced,
    "cgt-py-cool-reduced": cgt_py_cool_reduced,
    "pycgt-cool-reduced": pycgt_cool_reduced,
}


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "games":
        print("\n".join(random_games(sys.argv[2])))
        return
    if len(sys.argv) != 3 or sys.argv[1] not in SIDES:
        sys.exit(__doc__)
    print(json.dumps(SIDES[sys.argv[1]](sys.argv[2])))


if __name__ == "__main__":
    main()
