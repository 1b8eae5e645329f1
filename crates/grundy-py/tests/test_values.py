"""`grundy.value(text)` and `grundy.Value`: the canonical forms, invariants and
thermographs of `grundy value`, and the laws of the algebra of games, checked
against a brute-force model of games written here (Conway's definitions, On
Numbers and Games ch. 0-1; Lessons in Play ch. 4-5)."""

from __future__ import annotations

import itertools
import sys
import time
from fractions import Fraction
from functools import lru_cache
from typing import FrozenSet, Tuple

import pytest

import grundy
from conftest import interrupt_after

# ---- a brute-force model of short games, from their explicit forms

# A game is (Left's options, Right's options), each a frozenset of games.
Game = Tuple[FrozenSet, FrozenSet]


def parse_explicit(text: str) -> Game:
    """The game written out in full, as `.explicit` gives it: `{{|}|}` is 1."""
    pos = 0

    def game() -> Game:
        nonlocal pos
        assert text[pos] == "{", (text, pos)
        pos += 1
        left = options("|")
        pos += 1
        right = options("}")
        pos += 1
        return (frozenset(left), frozenset(right))

    def options(end: str):
        nonlocal pos
        out = []
        while text[pos] != end:
            out.append(game())
            if text[pos] == ",":
                pos += 1
        return out

    g = game()
    assert pos == len(text), text
    return g


@lru_cache(maxsize=None)
def leq(g: Game, h: Game) -> bool:
    """G <= H: no Left option of G is >= H, and no Right option of H is <= G."""
    return not any(leq(h, gl) for gl in g[0]) and not any(leq(hr, g) for hr in h[1])


def equal(g: Game, h: Game) -> bool:
    return leq(g, h) and leq(h, g)


@lru_cache(maxsize=None)
def add(g: Game, h: Game) -> Game:
    """The disjunctive sum: a move in one of the two."""
    return (
        frozenset([add(gl, h) for gl in g[0]] + [add(g, hl) for hl in h[0]]),
        frozenset([add(gr, h) for gr in g[1]] + [add(g, hr) for hr in h[1]]),
    )


@lru_cache(maxsize=None)
def neg(g: Game) -> Game:
    return (frozenset(neg(r) for r in g[1]), frozenset(neg(l) for l in g[0]))


ZERO: Game = (frozenset(), frozenset())


def outcome(g: Game) -> str:
    """Who wins: L (Left, whoever starts), R, N (the player to move), P (the other)."""
    left_second = leq(ZERO, g)   # G >= 0: Left wins when Right starts
    right_second = leq(g, ZERO)  # G <= 0: Right wins when Left starts
    return {(True, True): "P", (True, False): "L", (False, True): "R",
            (False, False): "N"}[(left_second, right_second)]


def model(v: grundy.Value) -> Game:
    return parse_explicit(v.explicit)


# ---- the values the laws are checked on

SMALL = ["0", "*", "^", "v", "^*", "*2", "1/2", "-1/2", "1", "-1", "+-1", "{2|0}",
         "{1|0}", "{0|-1}", "{1|-1/2}"]


@pytest.fixture(scope="module")
def small():
    return {text: grundy.value(text) for text in SMALL}


# ---- the same answers as `grundy value`

EXPRESSIONS = [
    "0", "*", "^", "v + v", "^ + ^ + *", "1/2 + 1/4", "-3/4", "+-1", "{1|-1}",
    "{2|0} + ^", "{1|0} + {1|0}", "{3||2|0}", "*2 + *3", "*2 x *3", "cool({2|-2}, 1)",
    "{1|0} + ^ + *2", "-{2|0}", "^* - *", "{0|^}",
]


@pytest.mark.parametrize("expr", EXPRESSIONS)
def test_str_is_the_cli_canonical_form(cli, expr):
    assert str(grundy.value(expr)) == cli.ok("value", expr).strip()


@pytest.mark.parametrize("expr", EXPRESSIONS)
def test_invariants_are_the_cli_json_fields_as_fractions(cli, expr):
    expected = cli.json("value", expr)
    v = grundy.value(expr)
    assert v.explicit == expected["explicit"]
    assert v.outcome == expected["outcome"]
    assert v.birthday == expected["birthday"]
    assert v.is_number == expected["is_number"]
    for field in ("left_stop", "right_stop", "mean", "temperature"):
        got = getattr(v, field)
        assert isinstance(got, Fraction), field
        assert got == Fraction(expected[field]), field
    thermograph = v.thermograph()
    assert isinstance(thermograph, dict)
    assert thermograph == expected["thermograph"]


def test_unicode_is_the_cli_unicode_form(cli):
    for expr in ("^ + ^", "+-1", "v*"):
        assert grundy.value(expr).unicode() == cli.ok("value", expr, "--unicode").strip()


def test_value_draws_its_thermograph_as_svg():
    svg = grundy.value("{2|0}")._repr_svg_()
    assert svg.lstrip().startswith("<svg")
    assert svg.rstrip().endswith("</svg>")


@pytest.mark.parametrize("a, b", [(3, 1), (2, 0), (1, -1), (Fraction(5, 2), Fraction(-1, 2)), (0, -4)])
def test_a_switch_has_the_published_stops_mean_and_temperature(a, b):
    # The switch {a|b}, a > b numbers: stops a and b, mean (a+b)/2, temperature
    # (a-b)/2 (Winning Ways ch. 6; Lessons in Play ch. 6).
    v = grundy.value(f"{{{a}|{b}}}")
    assert (v.left_stop, v.right_stop) == (a, b)
    assert v.mean == Fraction(a + b, 2)
    assert v.temperature == Fraction(a - b, 2)
    assert v.outcome == ("N" if a >= 0 >= b else "L" if b > 0 else "R")


def test_numbers_have_their_published_birthdays_and_temperatures():
    # The integer n is born on day |n|, m/2^k (m odd, k >= 1) on day
    # floor(|m/2^k|) + k + 1; a number m/2^k has temperature -1/2^k (ONAG ch. 1;
    # Lessons in Play ch. 6). A number's stops and mean are itself.
    for x in [Fraction(0), Fraction(3), Fraction(-2), Fraction(1, 2), Fraction(-3, 4),
              Fraction(5, 8), Fraction(-7, 2)]:
        v = grundy.value(str(x))
        k = x.denominator.bit_length() - 1
        assert v.is_number, x
        assert v.birthday == (abs(x.numerator) if k == 0 else int(abs(x)) + k + 1), x
        assert v.temperature == -Fraction(1, 2 ** k), x
        assert v.mean == x == v.left_stop == v.right_stop, x


def test_explicit_forms_have_the_values_they_name():
    # The explicit form is the game written out: it must equal, as a game, the
    # value built from the definition (0 = {|}, 1 = {0|}, * = {0|0}, ^ = {0|*},
    # 1/2 = {0|1}, +-1 = {1|-1}).
    zero = ZERO
    one = (frozenset([zero]), frozenset())
    star = (frozenset([zero]), frozenset([zero]))
    up = (frozenset([zero]), frozenset([star]))
    half = (frozenset([zero]), frozenset([one]))
    switch = (frozenset([one]), frozenset([neg(one)]))
    for text, g in [("0", zero), ("1", one), ("*", star), ("^", up), ("1/2", half),
                    ("+-1", switch), ("-1", neg(one)), ("v", neg(up))]:
        assert equal(model(grundy.value(text)), g), text


def test_sum_of_two_hot_games_one_and_zero_is_one():
    # {1|0} + {1|0} = 1: in {1|0} + {1|0} - 1, whoever starts loses.
    g = model(grundy.value("{1|0}"))
    one = model(grundy.value("1"))
    assert equal(add(g, g), one)
    assert grundy.value("{1|0}") + grundy.value("{1|0}") == grundy.value("1")
    assert str(grundy.value("{1|0} + {1|0}")) == "1"


# ---- the laws, on every pair of small values


def test_outcome_is_the_brute_force_outcome(small):
    for text, v in small.items():
        assert v.outcome == outcome(model(v)), text


def test_order_is_the_brute_force_order(small):
    for (a, x), (b, y) in itertools.product(small.items(), repeat=2):
        le = leq(model(x), model(y))
        ge = leq(model(y), model(x))
        assert (x <= y) == le, f"{a} <= {b}"
        assert (x >= y) == ge, f"{a} >= {b}"
        assert (x == y) == (le and ge), f"{a} == {b}"
        assert (x != y) == (not (le and ge)), f"{a} != {b}"
        assert (x < y) == (le and not ge), f"{a} < {b}"
        assert (x > y) == (ge and not le), f"{a} > {b}"
        assert x.confused(y) == (not le and not ge), f"{a} || {b}"


def test_sum_and_difference_are_the_brute_force_sum(small):
    for (a, x), (b, y) in itertools.product(small.items(), repeat=2):
        gx, gy = model(x), model(y)
        assert equal(model(x + y), add(gx, gy)), f"{a} + {b}"
        assert equal(model(x - y), add(gx, neg(gy))), f"{a} - {b}"


def test_sums_commute_and_a_game_minus_itself_is_zero(small):
    zero = grundy.value("0")
    for (a, x), (b, y) in itertools.product(small.items(), repeat=2):
        assert x + y == y + x, (a, b)
        assert str(x + y) == str(y + x), (a, b)
        assert (x + y) - y == x, (a, b)
        assert x - y == x + (-y), (a, b)
        assert -(x - y) == y - x, (a, b)
    for a, x in small.items():
        assert x - x == zero, a
        assert x + (-x) == zero, a
        assert -(-x) == x, a
        assert +x == x, a
        assert (x - x).outcome == "P", a


def test_order_agrees_with_the_outcome_of_the_difference(small):
    # G <= H exactly when H - G >= 0, that is when Left, moving second in H - G,
    # wins: its outcome is L or P.
    for (a, x), (b, y) in itertools.product(small.items(), repeat=2):
        d = (y - x).outcome
        assert (x <= y) == (d in "LP"), (a, b, d)
        assert (x >= y) == (d in "RP"), (a, b, d)
        assert x.confused(y) == (d == "N"), (a, b, d)


def test_comparisons_are_the_cli_comparisons(cli):
    for a, b in [("^", "*"), ("^", "0"), ("1/2", "{1|0}"), ("+-1", "0"), ("*2", "*"),
                 ("{2|0}", "1"), ("v", "-1/2")]:
        for op, relation in [("<=", "<="), (">=", ">="), ("==", "="), ("<", "<"), (">", ">")]:
            expected = cli.ok("value", f"{a} {relation} {b}").strip()
            assert expected in ("true", "false")
            x, y = grundy.value(a), grundy.value(b)
            got = {"<=": x <= y, ">=": x >= y, "==": x == y, "<": x < y, ">": x > y}[op]
            assert got == (expected == "true"), f"{a} {op} {b}"
        assert x.confused(y) == (cli.ok("value", f"{a} || {b}").strip() == "true")


def test_published_facts_about_up_and_star():
    # Winning Ways ch. 3: up is positive, confused with star; up + star is
    # confused with 0; * + * = 0; ^ + v = 0; ^ < 1/2^n for every n.
    up, star, zero = grundy.value("^"), grundy.value("*"), grundy.value("0")
    assert up > zero
    assert up.confused(star) and not (up <= star) and not (up >= star)
    assert (up + star).confused(zero)
    assert star + star == zero
    assert up + grundy.value("v") == zero
    for n in range(1, 8):
        assert up < grundy.value(f"1/{2 ** n}")


def test_values_mix_with_ints_fractions_and_text():
    half = grundy.value("1/2")
    assert half + half == 1
    assert 1 - half == half
    assert half + Fraction(1, 4) == grundy.value("3/4")
    assert half + "1/4" == grundy.value("3/4")
    assert half == Fraction(1, 2)
    assert half < 1 and half > 0


def test_equal_values_hash_alike():
    assert hash(grundy.value("1/2 + 1/2")) == hash(grundy.value("1"))
    assert len({grundy.value("*"), grundy.value("*2 + *3"), grundy.value("^ + v + *")}) == 1


def test_a_value_equal_to_an_int_or_fraction_hashes_like_it():
    # Python's rule for hashable objects: objects that compare equal have the same
    # hash (the data model, object.__hash__), or dicts and sets mistake them.
    for x in [0, 1, -3, Fraction(1, 2), Fraction(-3, 4)]:
        v = grundy.value(str(x))
        assert v == x
        assert hash(v) == hash(x), x
        assert len({v, x}) == 1, x


def test_a_comparison_is_not_a_value():
    with pytest.raises(ValueError, match="comparison"):
        grundy.value("^ <= *")
    with pytest.raises(ValueError):
        grundy.value("^ || *")


@pytest.mark.parametrize("text", ["{1|", "1/3", "^^^ +", "{a|b}", ""])
def test_bad_notation_raises_value_error(text):
    with pytest.raises(ValueError):
        grundy.value(text)


def test_a_value_compared_with_something_else_is_a_type_error():
    with pytest.raises(TypeError):
        grundy.value("1") + object()
    assert grundy.value("1") != object()


def test_reduced_atomic_weight_and_incentives_are_the_cli_s(cli):
    for text in ("{0,+-1|-1}", "{1*|0} + ^", "{2|-1}", "^^*", "{^^|v}"):
        g = grundy.value(text)
        assert str(g.reduced()) == cli.ok("value", f"reduced({text})").strip()
        # Infinitesimally close: both stops of the difference are 0.
        d = g - g.reduced()
        assert d.left_stop == 0 and d.right_stop == 0
    for text in ("^^*", "{^^|v}", "{0|^*}", "*"):
        assert str(grundy.value(text).atomic_weight()) == cli.ok("value", f"atomic_weight({text})").strip()
    with pytest.raises(ValueError, match="all-small"):
        grundy.value("{1|0}").atomic_weight()
    g = grundy.value("{2|-1}")
    left, right = g.incentives()
    assert [(str(o), str(i)) for o, i in left] == [("2", "{3|0}")]
    assert all(g + i == o for o, i in left) and all(g - i == o for o, i in right)
    expected = cli.json("value", "incentives({2|-1})")
    assert [str(i) for _, i in right] == [e["incentive"] for e in expected["right_incentives"]]


def test_values_are_not_tracked_by_the_cycle_collector():
    # A Value holds no Python object, so the package creates them untracked (as
    # CPython creates tuples of numbers); the values stay usable after a collection.
    import gc

    g = grundy.value("{2|-1} + ^")
    left, right = g.incentives()
    made = [
        g,
        g + 1,
        1 + g,
        g - "*",
        "*" - g,
        -g,
        +g,
        g.cool(1),
        g.heat(1),
        g.overheat(1, 2),
        g.ordinal("1"),
        grundy.value("^").norton("{1|}"),
        grundy.value("^").reduced(),
        grundy.value("^").atomic_weight(),
        *g.left_options,
        *g.right_options,
        *[v for pair in left + right for v in pair],
        grundy.game_value("domineering", ".|."),
    ]
    assert [gc.is_tracked(v) for v in made] == [False] * len(made)
    texts = [str(v) for v in made]
    gc.collect()
    assert [str(v) for v in made] == texts
    # Made by the class itself, a value is tracked as PyO3 makes it: harmless.
    assert grundy.Value("*") == grundy.value("*")


@pytest.mark.parametrize("big", [2**63, -(2**63) - 1, 10**30])
def test_an_int_past_64_bits_is_too_large_not_the_wrong_type(big):
    # Once a TypeError: "expected a grundy.Value, an int, ... got int".
    one = grundy.value("1")
    for call in (lambda: one.cool(big), lambda: one + big, lambda: one.ordinal(big)):
        with pytest.raises(OverflowError, match="too large to represent"):
            call()


@pytest.mark.parametrize(
    "make",
    [
        lambda: grundy.value("ordinal(1, 100000)"),
        lambda: grundy.value("1").ordinal(100000),
        lambda: grundy.value("*").ordinal(30000),
        lambda: grundy.value("ordinal(1, -100000)"),
        lambda: grundy.value("ordinal({1|0}, 60000)"),
    ],
)
def test_a_value_too_deep_is_a_recursion_error_not_a_crash(make):
    # These once killed the interpreter (SIGSEGV: the stack overflowed).
    with pytest.raises(RecursionError, match="nested too deeply"):
        make()


def test_the_deepest_values_print_hash_and_draw():
    g = grundy.value("ordinal(*, 1000)")
    assert str(g).startswith("{0,{0,")
    assert hash(g) == hash(grundy.value("ordinal(*, 1000)"))
    assert g.svg().startswith("<svg")
    deeper = grundy.value("ordinal(*, 1900)")
    assert str(deeper).startswith("{0,{0,")
    hash(deeper)
    try:
        deeper.svg()
    except RecursionError as e:
        assert "nested too deeply" in str(e)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_stops_a_long_value():
    """Heating a deep ordinal sum takes seconds of value steps (about 8 s here), in
    which Ctrl-C was ignored: the steps now ask for Python's signals."""
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        with interrupt_after(0.3, how="signal"):
            grundy.value("heat(ordinal(*, 1900), 1)")
    elapsed = time.monotonic() - start
    assert elapsed < 3, f"SIGINT sent at 0.3 s stopped the work only after {elapsed:.1f} s"
