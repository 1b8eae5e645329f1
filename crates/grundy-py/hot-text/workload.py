"""The work whose code `hot-text.ld` places together: one section per process.

    python crates/grundy-py/hot-text/workload.py SECTION

SECTION is `import` (the module's import alone), a game of `crates/grundy/tests/cases`
(every position of its case file analysed and valued, with the file's `# params:`,
and the larger `BOARDS` below), `values` (canonical values read, added, cooled,
heated, reduced, atomic weights, thermographs of random games), `user` (games written
in Python: partizan, impartial, heaps) or `sequence` (Grundy sequences of octal and
subtraction games). `sections` prints them.
`scripts/hot-text` runs each section in a process of its own under callgrind and
lists the functions each one ran.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

CASES = Path(__file__).resolve().parents[2] / "grundy" / "tests" / "cases"


# Boards larger than the case files' (whose values are worked out by hand), so that
# the code of a real computation (memo tables growing, regions cut apart) runs too.
# None is a board of bench/cgt, which measures what this layout pages in.
BOARDS = {
    "amazons": ["x....|....o"],
    "clobber": ["xox|oxo|xox"],
    "col": ["...|...|..."],
    "cram": ["....|....|...."],
    "domineering": ["....|....|...."],
    "konane": [".oxo|oxox|xoxo"],
    "snort": ["...|...|..."],
}


def sections() -> list[str]:
    games = sorted(p.stem for p in CASES.glob("*.txt"))
    return ["import", *games, "values", "user", "sequence"]


def read_cases(game: str) -> list[tuple[str, dict[str, str]]]:
    """(position, params) of each case of a case file; a case that names who moves
    (`POSITION @PLAYER`) is analysed without it (the analysis covers both)."""
    params: dict[str, str] = {}
    cases = []
    for line in (CASES / f"{game}.txt").read_text().splitlines():
        text = line.strip()
        if text.startswith("# params:"):
            params = {}
            words = text[len("# params:"):].split()
            while words:
                name = words.pop(0).lstrip("-").replace("-", "_")
                if words and not words[0].startswith("--"):
                    params[name] = words.pop(0)
                else:
                    params[name] = "true"
        elif text and not text.startswith("#"):
            # `| VALUE | MOVES` is the empty position.
            position = "" if text.startswith("|") else text.split(" | ")[0]
            position = position.rsplit(" @", 1)[0].strip()
            cases.append((position, dict(params)))
    return cases


def random_game(rng: random.Random, day: int) -> str:
    if day == 0 or rng.random() < 0.2:
        return "0"
    left = [random_game(rng, day - 1) for _ in range(rng.randint(0, 2))]
    right = [random_game(rng, day - 1) for _ in range(rng.randint(0, 2))]
    return "{" + ",".join(left) + "|" + ",".join(right) + "}"


def values(grundy) -> None:
    rng = random.Random(2026)
    for _ in range(300):
        g = grundy.value(random_game(rng, 4))
        g.cool(1)
        g.reduced()
        g.heat(1)
        g.thermograph()
        (g + g).outcome
        str(g - grundy.value("*2"))
        if not g.is_number:
            try:
                g.atomic_weight()
            except ValueError:  # not all-small
                pass
    grundy.value("heat(*6, 1)")
    grundy.value("{2|-2}").cool(1).unicode()


def user(grundy) -> None:
    class Strip(grundy.PartizanGame):
        """Left removes one or two cells from the strip's left end, Right one."""

        def left_moves(self, n):
            return [n - k for k in (1, 2) if k <= n]

        def right_moves(self, n):
            return [n - 1] if n else []

    Strip().value(12)
    Strip().winning_moves(9, "L")

    class Take(grundy.ImpartialGame):
        def moves(self, n):
            return [n - k for k in (1, 3, 4) if k <= n]

    Take().grundy(40)
    Take().winning_moves(30)

    class Kayles(grundy.HeapGame):
        def moves(self, n):
            for take in (1, 2):
                for left in range(n - take + 1):
                    right = n - take - left
                    yield tuple(h for h in (left, right) if h)

    Kayles().sequence(120)
    Kayles().grundy((7, 9))


def sequence(grundy) -> None:
    grundy.sequence("octal", 500, code="0.77")
    grundy.sequence("subtraction", 300, set="1,3,4")


def main() -> None:
    name = sys.argv[1] if len(sys.argv) > 1 else "sections"
    if name == "sections":
        print("\n".join(sections()))
        return
    import grundy

    if name == "import":
        return
    if name in ("values", "user", "sequence"):
        {"values": values, "user": user, "sequence": sequence}[name](grundy)
        return
    failed = 0
    boards: list[tuple[str, dict[str, str]]] = [(board, {}) for board in BOARDS.get(name, [])]
    for position, params in read_cases(name) + boards:
        try:
            grundy.analyze(name, position, **params)
        except (grundy.GrundyError, ValueError):
            failed += 1
        try:
            grundy.game_value(name, position, **params)
        except (grundy.GrundyError, ValueError):
            pass  # a game with draws, or a position without a value
    if failed:
        print(f"{name}: {failed} positions refused", file=sys.stderr)


if __name__ == "__main__":
    main()
