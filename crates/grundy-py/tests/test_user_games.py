"""A script's own games: `grundy.ImpartialGame`, `grundy.HeapGame` and
`grundy.PartizanGame`, solved by the Rust engines with the script called only for
moves. Their answers are checked against the published values, the built-in games
and brute-force solvers written here (mex, XOR, minimax, remoteness), and their
errors (the script's own exceptions, cycles, budgets, bad positions, Ctrl-C)."""

from __future__ import annotations

import itertools
import sys
import threading
import time
from functools import lru_cache, reduce
from operator import xor

import pytest

import grundy
from conftest import interrupt_after

# ---- the games, each in a few lines


class Kayles(grundy.HeapGame):
    """Knock down one pin or two adjacent ones from a row (octal 0.77)."""

    def moves(self, n):
        for take in (1, 2):
            for a in range(n - take + 1):
                yield tuple(h for h in (a, n - take - a) if h)


class Domineering(grundy.PartizanGame):
    """A position is the frozenset of empty cells (row, column); Left places a
    domino vertically, Right horizontally."""

    def left_moves(self, cells):
        return [cells - {(r, c), (r + 1, c)} for (r, c) in sorted(cells) if (r + 1, c) in cells]

    def right_moves(self, cells):
        return [cells - {(r, c), (r, c + 1)} for (r, c) in sorted(cells) if (r, c + 1) in cells]


class Nim(grundy.ImpartialGame):
    """A position is a tuple of heaps; a move takes stones from one heap."""

    def moves(self, heaps):
        for i, h in enumerate(heaps):
            for left in range(h):
                yield heaps[:i] + (left,) + heaps[i + 1:]


class NimByHeaps(Nim):
    """Nim told that a position is the sum of its heaps."""

    def components(self, heaps):
        return [(h,) for h in heaps] if len(heaps) != 1 else [heaps]


def board(rows: int, columns: int) -> frozenset:
    return frozenset(itertools.product(range(rows), range(columns)))


def notation(cells: frozenset, rows: int, columns: int) -> str:
    """The built-in Domineering's notation: rows from the top, `.` empty, `#`
    filled, separated by `|` (crates/grundy-games/src/rules/domineering)."""
    return "|".join(
        "".join("." if (r, c) in cells else "#" for c in range(columns)) for r in range(rows)
    )


# ---- brute force


@lru_cache(maxsize=None)
def wins_moving_first(cells: frozenset, player: str) -> bool:
    """Domineering by minimax: the player to move wins when some move leaves the
    opponent, to move, losing."""
    moves = Domineering.left_moves if player == "L" else Domineering.right_moves
    other = "R" if player == "L" else "L"
    return any(not wins_moving_first(after, other) for after in moves(None, cells))


def outcome_by_minimax(cells: frozenset) -> str:
    left, right = wins_moving_first(cells, "L"), wins_moving_first(cells, "R")
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[
        (left, right)
    ]


def kayles_values(n: int):
    """G(0..n) of Kayles by the mex rule: a move leaves a row of a and one of b."""
    g = []
    for heap in range(n + 1):
        options = {g[a] ^ g[heap - take - a] for take in (1, 2) for a in range(heap - take + 1)}
        g.append(next(x for x in itertools.count() if x not in options))
    return g


def nim_positions(heaps: int, largest: int):
    for n in range(heaps + 1):
        yield from itertools.product(range(largest + 1), repeat=n)


def remoteness_by_definition(options, position, memo) -> int:
    """Steinhaus's remoteness (Winning Ways ch. 9): 0 at the end; else the winner
    (some option has even remoteness: a P-position) hurries to the least even one,
    plus one; the loser stalls to the greatest, plus one."""
    if position in memo:
        return memo[position]
    rs = [remoteness_by_definition(options, o, memo) for o in options(position)]
    even = [r for r in rs if r % 2 == 0]
    r = 0 if not rs else 1 + (min(even) if even else max(rs))
    memo[position] = r
    return r


# ---- Kayles as a heap game


def test_kayles_heap_game_shows_preperiod_71_and_period_12_unproven():
    # Guy & Smith 1956; Winning Ways ch. 4. A script's game is never "proven".
    n = 200
    s = Kayles().sequence(n)
    assert (s.preperiod, s.period) == (71, 12)
    assert s.proven is False
    assert s.status == f"periodic through {n}"
    assert len(s) == n + 1


def test_kayles_heap_game_has_the_builtin_octal_values():
    n = 200
    values = Kayles().sequence(n).values
    assert values == grundy.sequence("octal", code="0.77", to=n).values
    assert values == kayles_values(n)


def test_a_heap_position_is_the_xor_of_its_heaps():
    k = Kayles()
    g = kayles_values(40)
    for heaps in [(3, 5), (1, 2, 3), (7, 7), (10, 4, 4, 9), ()]:
        assert k.grundy(heaps) == reduce(xor, (g[h] for h in heaps), 0), heaps
        assert k.outcome(heaps) == ("N" if k.grundy(heaps) else "P")
    assert k.grundy(12) == g[12]


def test_heap_winning_moves_are_the_moves_to_grundy_zero():
    k = Kayles()
    g = kayles_values(30)
    for heaps in [(3, 5), (4, 7, 2), (9,), (1, 1)]:
        expected = set()
        for i, h in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1:]
            for after in Kayles.moves(None, h):
                position = tuple(sorted(rest + after))
                if reduce(xor, (g[x] for x in position), 0) == 0:
                    expected.add(position)
        got = k.winning_moves(heaps)
        assert all(isinstance(p, tuple) for p in got)
        assert sorted(got) == sorted(expected), heaps


def test_heap_remoteness_is_the_brute_force_remoteness():
    def options(heaps):
        out = set()
        for i, h in enumerate(heaps):
            for after in Kayles.moves(None, h):
                out.add(tuple(sorted(heaps[:i] + heaps[i + 1:] + after)))
        return out

    k, memo = Kayles(), {}
    for heaps in [(1,), (2,), (5,), (3, 4), (2, 2, 3), (8,)]:
        assert k.remoteness(heaps) == remoteness_by_definition(options, heaps, memo), heaps


# ---- Domineering as a partizan game


def test_domineering_3_rows_by_4_columns_is_minus_three_halves():
    # Lessons in Play ch. 1 / Winning Ways ch. 2: the 3x4 rectangle is -3/2, and
    # the 2x2 square is +-1.
    d = Domineering()
    assert d.value(board(3, 4)) == grundy.value("-3/2")
    assert str(d.value(board(3, 4))) == "-3/2"
    assert str(d.value(board(2, 2))) == "+-1"
    assert d.value(board(4, 3)) == grundy.value("3/2")


@pytest.mark.parametrize("rows, columns", [(3, 3), (2, 4), (4, 2), (1, 6)])
def test_every_domineering_subboard_equals_the_builtin_value(rows, columns):
    d = Domineering()
    cells = sorted(board(rows, columns))
    for mask in range(1 << len(cells)):
        empty = frozenset(c for i, c in enumerate(cells) if mask >> i & 1)
        expected = grundy.analyze("domineering", notation(empty, rows, columns))
        v = d.value(empty)
        assert str(v) == expected["value"], notation(empty, rows, columns)
        assert v == grundy.value(expected["value"])
        assert d.outcome(empty) == expected["outcome"], notation(empty, rows, columns)


def test_every_domineering_rectangle_up_to_12_cells_equals_the_builtin_value():
    d = Domineering()
    for rows, columns in itertools.product(range(1, 9), repeat=2):
        if rows * columns <= 12:
            text = notation(board(rows, columns), rows, columns)
            assert str(d.value(board(rows, columns))) == grundy.analyze("domineering", text)["value"], text


@pytest.mark.parametrize("rows, columns", [(3, 3), (2, 4)])
def test_domineering_outcome_and_winning_moves_match_minimax(rows, columns):
    d = Domineering()
    cells = sorted(board(rows, columns))
    for mask in range(1 << len(cells)):
        empty = frozenset(c for i, c in enumerate(cells) if mask >> i & 1)
        assert d.outcome(empty) == outcome_by_minimax(empty)
        for player, moves in (("L", d.left_moves), ("R", d.right_moves)):
            other = "R" if player == "L" else "L"
            expected = [after for after in moves(empty) if not wins_moving_first(after, other)]
            assert d.winning_moves(empty, player) == expected, (notation(empty, rows, columns), player)
        assert d.winning_moves(empty) == d.winning_moves(empty, "L")


def test_a_player_other_than_left_or_right_raises_value_error():
    with pytest.raises(ValueError, match="player"):
        Domineering().winning_moves(board(2, 2), "X")
    assert Domineering().winning_moves(board(2, 2), "Right") == Domineering().winning_moves(
        board(2, 2), "R"
    )


def test_a_partizan_game_with_components_has_the_same_values():
    class ByRegions(Domineering):
        def components(self, cells):
            regions, todo = [], set(cells)
            while todo:
                region, stack = set(), [todo.pop()]
                while stack:
                    r, c = stack.pop()
                    region.add((r, c))
                    for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                        if n in todo:
                            todo.remove(n)
                            stack.append(n)
                regions.append(frozenset(region))
            return regions or [cells]

    plain, split = Domineering(), ByRegions()
    cells = sorted(board(3, 3))
    for mask in range(0, 1 << 9, 7):
        empty = frozenset(c for i, c in enumerate(cells) if mask >> i & 1)
        assert split.value(empty) == plain.value(empty)


# ---- Nim as an impartial game


def test_users_nim_has_the_xor_of_its_heaps():
    # Bouton (1901): the Grundy value of Nim is the XOR of the heaps.
    nim = Nim()
    for heaps in nim_positions(3, 5):
        assert nim.grundy(heaps) == reduce(xor, heaps, 0), heaps
        assert nim.outcome(heaps) == ("N" if reduce(xor, heaps, 0) else "P"), heaps


def test_nim_with_and_without_components_has_the_same_values():
    plain, split = Nim(), NimByHeaps()
    for heaps in nim_positions(4, 4):
        assert split.grundy(heaps) == plain.grundy(heaps) == reduce(xor, heaps, 0), heaps
    # The parts add up: a position of many heaps, each small, is quick by parts.
    many = (1, 2, 3, 4, 5, 6, 7, 9, 11, 13)
    assert split.grundy(many) == reduce(xor, many)


def test_nim_value_is_the_nimber_of_its_grundy_value():
    nim = Nim()
    for heaps in [(), (1,), (2, 3), (1, 2, 4), (5, 5)]:
        assert nim.value(heaps) == grundy.value(f"*{reduce(xor, heaps, 0)}"), heaps


def test_winning_moves_are_exactly_the_options_of_grundy_value_zero_in_order():
    nim = Nim()
    for heaps in nim_positions(3, 4):
        expected = [o for o in Nim.moves(None, heaps) if reduce(xor, o, 0) == 0]
        assert nim.winning_moves(heaps) == expected, heaps


def test_remoteness_is_the_brute_force_remoteness():
    nim, split, memo = Nim(), NimByHeaps(), {}
    options = lambda p: list(Nim.moves(None, p))  # noqa: E731
    for heaps in nim_positions(3, 3):
        r = nim.remoteness(heaps)
        assert r == remoteness_by_definition(options, heaps, memo), heaps
        assert r % 2 == (1 if reduce(xor, heaps, 0) else 0), heaps
        assert split.remoteness(heaps) == r, heaps  # parts do not change the play


def test_moves_is_called_once_per_position():
    calls = []

    class Counted(Nim):
        def moves(self, heaps):
            calls.append(heaps)
            return super().moves(heaps)

    game = Counted()
    game.grundy((3, 2, 2))
    game.grundy((3, 2, 2))
    game.remoteness((3, 2, 2))
    game.winning_moves((3, 2, 2))
    assert len(calls) == len(set(calls)) == 4 * 3 * 3
    assert game.held() == 4 * 3 * 3
    game.clear()
    assert game.held() == 0


def test_positions_may_be_any_hashable_values():
    class Words(grundy.ImpartialGame):
        """Remove one letter; a word of n letters is worth n mod 2."""

        def moves(self, word):
            return {word[:i] + word[i + 1:] for i in range(len(word))}

    words = Words()
    for word in ["", "a", "ab", "abc", "abca"]:
        assert words.grundy(word) == len(word) % 2
    assert words.winning_moves("ab") == []
    assert sorted(words.winning_moves("abc")) == ["ab", "ac", "bc"]


# ---- errors


def test_an_exception_in_moves_reaches_the_caller_unchanged():
    error = LookupError("no rules for position 3")

    class Broken(grundy.ImpartialGame):
        def moves(self, n):
            if n == 3:
                raise error
            return [n + 1] if n < 10 else []

    with pytest.raises(LookupError) as raised:
        Broken().grundy(0)
    assert raised.value is error
    assert str(raised.value) == "no rules for position 3"


def test_an_exception_in_a_partizan_games_moves_reaches_the_caller_unchanged():
    class Broken(Domineering):
        def right_moves(self, cells):
            raise ZeroDivisionError("right is broken")

    with pytest.raises(ZeroDivisionError, match="right is broken"):
        Broken().value(board(2, 2))


def test_an_exception_in_a_heap_games_moves_reaches_the_caller_unchanged():
    class Broken(grundy.HeapGame):
        def moves(self, n):
            if n == 7:
                raise KeyError(n)
            return [(n - 1,)] if n else []

    with pytest.raises(KeyError) as raised:
        Broken().sequence(10)
    assert raised.value.args == (7,)


def test_a_cycle_raises_cycle_error_naming_a_position():
    class Loop(grundy.ImpartialGame):
        def moves(self, p):
            return [("state", (p[1] + 1) % 3)]

    with pytest.raises(grundy.CycleError) as raised:
        Loop().grundy(("state", 0))
    assert isinstance(raised.value, grundy.GrundyError)
    named = [p for p in (("state", 0), ("state", 1), ("state", 2)) if repr(p) in str(raised.value)]
    assert named, str(raised.value)
    assert raised.value.position in (("state", 0), ("state", 1), ("state", 2))


def test_a_cycle_in_a_heap_game_raises_cycle_error():
    class Stuck(grundy.HeapGame):
        def moves(self, n):
            return [(n,)]  # a heap that stays as it is

    with pytest.raises(grundy.CycleError, match="3"):
        Stuck().grundy(3)


class Chain(grundy.ImpartialGame):
    """n moves to n - 1: n + 1 positions below n, 0 included."""

    def moves(self, n):
        return [n - 1] if n > 0 else []


def test_budget_bounds_the_positions_held():
    assert Chain().grundy(99, budget=100) == 1
    with pytest.raises(grundy.BudgetExceeded):
        Chain().grundy(100, budget=100)
    assert issubclass(grundy.BudgetExceeded, grundy.GrundyError)


def test_budget_as_a_class_attribute():
    class Small(Chain):
        budget = 50

    assert Small().grundy(49) == 1
    with pytest.raises(grundy.BudgetExceeded, match="50"):
        Small().grundy(50)
    assert Small().grundy(200, budget=1000) == 0


def test_the_budget_holds_for_partizan_and_heap_games_too():
    class Tiny(Domineering):
        budget = 10

    with pytest.raises(grundy.BudgetExceeded):
        Tiny().value(board(3, 3))
    with pytest.raises(grundy.BudgetExceeded):
        Kayles().sequence(100, budget=20)


def test_a_game_answers_again_after_an_error_or_a_budget_exceeded():
    class Flaky(Chain):
        fail = True

        def moves(self, n):
            if n == 5 and self.fail:
                raise RuntimeError("not now")
            return super().moves(n)

    game = Flaky()
    with pytest.raises(RuntimeError):
        game.grundy(10)
    game.fail = False
    assert game.grundy(10) == 0
    assert game.remoteness(10) == 10
    with pytest.raises(grundy.BudgetExceeded):
        game.grundy(100, budget=50)
    assert game.grundy(100, budget=1000) == 0


@pytest.mark.parametrize("budget", [0, -1, 2**40])
def test_a_budget_out_of_range_raises_value_error(budget):
    with pytest.raises((ValueError, OverflowError)):
        Chain().grundy(3, budget=budget)


def test_an_unhashable_position_raises_type_error_saying_why():
    class Lists(grundy.ImpartialGame):
        def moves(self, heaps):
            return [list(heaps[:-1])] if heaps else []

    with pytest.raises(TypeError, match="hashable") as raised:
        Lists().grundy((1, 2))
    assert "[1]" in str(raised.value)  # the position it refused
    with pytest.raises(TypeError, match="hashable"):
        Chain().grundy([1, 2])


@pytest.mark.parametrize("bad", [2, None, "12", (1.5,), (-1,)])
def test_a_heap_move_that_is_not_a_tuple_of_heaps_raises_type_error(bad):
    class Bad(grundy.HeapGame):
        def moves(self, n):
            yield bad

    with pytest.raises(TypeError, match="tuple"):
        Bad().grundy(3)


def test_moves_that_are_not_iterable_raise_type_error():
    class NotIterable(grundy.ImpartialGame):
        def moves(self, n):
            return 5

    with pytest.raises(TypeError, match="iterable"):
        NotIterable().grundy(0)


def test_a_game_without_moves_says_what_to_define():
    with pytest.raises(NotImplementedError, match="moves"):
        grundy.ImpartialGame().grundy(0)
    with pytest.raises(NotImplementedError, match="left_moves"):
        grundy.PartizanGame().value(0)


# ---- Ctrl-C


class RanOn(Exception):
    """The computation went on 5 s past the interrupt (which it should not)."""


class Endless(grundy.ImpartialGame):
    """A line of play with no end in sight: n moves to n + 1, (n,) to (n + 1,).
    It stops itself, raising RanOn, once `ran_on` is set."""

    ran_on = False

    def moves(self, n):
        if self.ran_on:
            raise RanOn("Ctrl-C did not stop the computation")
        return [n + 1] if isinstance(n, int) else [(n[0] + 1,)]


@pytest.mark.parametrize("first", [0, (0,)], ids=["int positions", "tuple positions"])
def test_ctrl_c_stops_a_long_user_computation_within_a_second(first):
    game = Endless()
    stopper = threading.Timer(5, setattr, (game, "ran_on", True))
    stopper.start()
    start = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            with interrupt_after(0.3):
                game.grundy(first, budget=10**8)
    finally:
        stopper.cancel()
    elapsed = time.monotonic() - start
    assert elapsed < 3, f"the interrupt sent at 0.3 s stopped the work only after {elapsed:.1f} s"


# ---- a script's endless iterators


class Repeating(grundy.ImpartialGame):
    """moves(0) never ends: the same position, 1, again and again."""

    def moves(self, n):
        return itertools.repeat(1) if n == 0 else []


class RepeatingHeaps(grundy.HeapGame):
    """moves(n) never ends for a heap: the heap emptied, again and again."""

    def moves(self, n):
        return itertools.repeat(()) if n else []


def test_an_endless_move_list_stops_at_the_budget():
    """The items read from a script's iterator count toward the budget, repeated
    positions too: an endless one once grew to 4 GB and aborted the interpreter."""
    with pytest.raises(grundy.BudgetExceeded, match=r"moves\(0\) yielded more than 1000 items"):
        Repeating().grundy(0, budget=1000)
    with pytest.raises(grundy.BudgetExceeded, match=r"moves\(0\) yielded more than"):
        Repeating().grundy(0)
    with pytest.raises(grundy.BudgetExceeded, match=r"moves\(3\) yielded more than 1000 items"):
        RepeatingHeaps().grundy(3, budget=1000)
    with pytest.raises(grundy.BudgetExceeded, match=r"moves\(1\) yielded more than 1000 items"):
        RepeatingHeaps().sequence(3, budget=1000)
    # A list as long as the budget is read whole.

    class Long(grundy.ImpartialGame):
        def moves(self, n):
            return [1] * 1000 if n == 0 else []

    assert Long().grundy(0, budget=1000) == 1


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_stops_the_reading_of_an_endless_move_list():
    """itertools.repeat runs no Python code between its items, so Python's own
    signal handling never ran while the Rust side read it: Ctrl-C was ignored. The
    iterator here ends after 3·10^7 items, so that the test ends without the fix
    too. The interrupt is a real SIGINT, as a terminal sends it: a Python thread
    could not send one while the reading holds the GIL."""

    class Long(grundy.ImpartialGame):
        def moves(self, n):
            return itertools.islice(itertools.repeat(1), 3 * 10**7) if n == 0 else []

    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        with interrupt_after(0.3, how="signal"):
            Long().grundy(0, budget=10**8)
    elapsed = time.monotonic() - start
    assert elapsed < 3, f"the interrupt sent at 0.3 s stopped the work only after {elapsed:.1f} s"
