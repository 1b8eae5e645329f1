"""The built-in games from Python: `grundy.games()` and `grundy.analyze(...)` give
the answers of the command line (`grundy analyze GAME POSITION --json`),
`grundy.game_value(...)` the analysis' value, and the values published for a few
games."""

from __future__ import annotations

import itertools
import re
import shlex
import sys
import time
from fractions import Fraction
from functools import reduce
from operator import xor

import pytest

import grundy
from conftest import cli_options, interrupt_after


def test_games_are_the_games_the_cli_lists(cli):
    help_text = cli.ok("analyze", "--help")
    # The GAME argument's "Possible values:" list, one "- name: about" a line,
    # up to the next argument.
    section = help_text.split("Possible values:", 1)[1].split("<POSITION>", 1)[0]
    listed = re.findall(r"^\s*- ([a-z][a-z-]*):", section, flags=re.MULTILINE)
    assert listed, "no game found in `grundy analyze --help`"
    assert grundy.games() == listed


# (game, position, keyword arguments): every game at least once, the parameters of
# the parametrised games, the command's own options (to_move, moves).
ANALYZED = [
    ("nim", "3,5,7", {}),
    ("nim", "1,2,3", {"moves": True}),
    ("nim", "3,5,7", {"limit": 1}),
    ("pawns", "..P.P", {}),
    ("pawns", "..P..P...P", {"step": 3}),
    ("table", "101/01@2,3", {}),
    ("ab", "A..B.A..B", {}),
    ("ab", "A..B.A..B", {"to_move": "B"}),
    ("towers", "3:2,5:1", {}),
    ("wythoff", "3,5", {"moves": True}),
    ("grundy-game", "7,10", {}),
    ("subtraction", "7,9", {"set": [2, 4, 5]}),
    ("subtraction", "7,9", {"set": "2,4,5"}),
    ("octal", "3,5", {"code": "0.77"}),
    ("octal", "4,6,9", {"code": "0.07", "moves": True}),
    ("staircase", "3,0,2", {"bound": 2}),
    ("domineering", "..#|...|...", {}),
    ("domineering", "....|....|....", {"moves": True}),
    ("domineering", "..|..", {"to_move": "Right", "moves": True}),
    ("domineering", "..|..|..", {"moves": True, "budget": 1}),
    ("hackenbush", "BBR,RB", {}),
    ("hackenbush", "BRB,RRB", {"to_move": "Right"}),
    ("clobber", "xox|oxo", {"moves": True}),
    ("clobber", "xox|oxo", {"to_move": "Right"}),
    ("toads", "TT.FF", {}),
    ("cram", "...|...|..#", {}),
    ("toppling-dominoes", "xxogx", {}),
    ("cutcake", "3x2,4x1", {}),
    ("konane", "xox.|o.ox", {}),
    ("snort", "...|...", {}),
    ("col", "...|...", {}),
    ("amazons", "x...|...o", {"moves": True}),
    ("nim", "1,1,2", {"misere": True}),
    ("nim", "3,5,7", {"misere": True, "moves": True}),
    ("octal", "4,3,2", {"code": "0.77", "misere": True}),
    ("octal", "6,2", {"code": "0.77", "misere": True, "moves": True}),
    ("subtraction", "7,9", {"set": [1, 2, 3], "misere": True}),
    ("tictactoe", "...|...|...", {}),
    ("tictactoe", "x..|.o.|...", {"moves": True}),
    ("connect-four", "....|....|....|....", {}),
    ("digraph", "0>1,1>0,1>2@0,2", {"moves": True}),
    ("toads", "T..F", {"backsliding": True, "moves": True}),
    ("fox-and-geese", "...f|....|....|g.g.", {"moves": True}),
]


def test_tictactoe_is_a_tie_and_a_loop_a_draw():
    a = grundy.analyze("tictactoe", "...|...|...")
    assert (a["result"], a["remoteness"]) == ("tie", 9)
    assert grundy.analyze("digraph", "0>1,1>0@0")["result"] == "draw"


def test_a_switch_is_given_as_true_or_false():
    backsliding = grundy.analyze("toads", "T.F", backsliding=True)
    assert (backsliding["result"], backsliding["remoteness"]) == ("lose", 4)
    assert grundy.analyze("toads", "T.F", backsliding=False) == grundy.analyze("toads", "T.F")
    assert grundy.analyze("toads", "FF..TT", backsliding=True)["result"] == "draw"


def test_misere_is_refused_for_a_partizan_game():
    with pytest.raises(ValueError, match="misere applies to impartial games only; domineering is partizan"):
        grundy.analyze("domineering", "..|..", misere=True)


def test_misere_nim_by_bouton():
    a = grundy.analyze("nim", "1,1,1", misere=True)
    assert (a["convention"], a["misere_grundy"], a["to_move_wins"], a["value"]) == ("misere", 0, False, None)


def test_every_game_is_analyzed_here():
    assert {game for game, _, _ in ANALYZED} == set(grundy.games())


@pytest.mark.parametrize(
    "game, position, params", ANALYZED,
    ids=[f"{g}-{p}-{'-'.join(f'{k}={v}' for k, v in kw.items())}" for g, p, kw in ANALYZED],
)
def test_analyze_equals_the_cli_json(cli, game, position, params):
    expected = cli.json("analyze", game, position, *cli_options(params))
    assert grundy.analyze(game, position, **params) == expected


def _help_examples(cli):
    """Each game's example in `grundy analyze --help`: (game, position, params)."""
    help_text = cli.ok("analyze", "--help").split("Examples:", 1)[1]
    examples = []
    for line in help_text.splitlines():
        command = re.split(r"\s{2,}", line.strip())[0]
        if not command.startswith("grundy analyze "):
            continue
        words = shlex.split(command)[2:]
        game, position, options = words[0], words[1], words[2:]
        params = {options[k][2:].replace("-", "_"): options[k + 1] for k in range(0, len(options), 2)}
        examples.append((game, position, params))
    return examples


def test_analyze_equals_the_cli_json_on_every_games_help_example(cli):
    examples = _help_examples(cli)
    assert {game for game, _, _ in examples} == set(grundy.games())
    for game, position, params in examples:
        expected = cli.json("analyze", game, position, *cli_options(params))
        assert grundy.analyze(game, position, **params) == expected, (game, position, params)


def test_a_set_given_as_list_tuple_text_or_set_is_the_same_set(cli):
    expected = cli.json("analyze", "subtraction", "11,6", "--set", "2,4,5")
    for given in ([2, 4, 5], (2, 4, 5), "2,4,5", {5, 2, 4}, frozenset({4, 5, 2})):
        assert grundy.analyze("subtraction", "11,6", set=given) == expected, given


def test_nim_analysis_follows_boutons_xor_rule():
    # Bouton (1901): the player to move wins exactly when the XOR of the heaps is
    # not 0, and the winning moves are those that make it 0.
    for heaps in itertools.product(range(5), repeat=3):
        position = ",".join(map(str, heaps))
        answer = grundy.analyze("nim", position)
        total = reduce(xor, heaps)
        assert answer["to_move_wins"] == (total != 0), position
        winning = sorted(
            f"{i + 1}-{heaps[i] - after}"
            for i in range(3)
            for after in range(heaps[i])
            if total ^ heaps[i] ^ after == 0
        )
        assert answer["winning_move_count"] == len(winning), position
        assert sorted(m["move"] for m in answer["winning_moves"]) == winning, position


def _hackenbush_string(edges: str) -> Fraction:
    """A Blue-Red Hackenbush string's value by Berlekamp's rule (Winning Ways,
    ch. 2): the edges up to the first change of colour count 1 each (+ Blue, - Red),
    then each later edge half the one below it, signed by its colour."""
    value, weight, changed = Fraction(0), Fraction(1), False
    for i, edge in enumerate(edges):
        if i > 0 and edge != edges[i - 1]:
            changed = True
        if changed:
            weight /= 2
        value += weight if edge == "B" else -weight
    return value


def test_hackenbush_strings_have_berlekamps_values():
    strings = ["".join(s) for n in range(1, 5) for s in itertools.product("BR", repeat=n)]
    for a, b in itertools.combinations(strings, 2):
        if len(a) + len(b) > 6:
            continue
        answer = grundy.analyze("hackenbush", f"{a},{b}")
        assert Fraction(answer["value"]) == _hackenbush_string(a) + _hackenbush_string(b), (a, b)


@pytest.mark.parametrize(
    "board, value",
    [
        # Winning Ways, ch. 2; Lessons in Play, ch. 1.
        (".|.", "1"),
        ("..", "-1"),
        ("..|..", "+-1"),
        (".|.|.|.", "2"),
        ("....|....|....", "-3/2"),  # 3 rows, 4 columns
        ("...|...|...|...", "3/2"),  # its transpose: Left and Right swap
    ],
)
def test_domineering_has_its_published_values(board, value):
    assert grundy.analyze("domineering", board)["value"] == value
    assert grundy.game_value("domineering", board) == grundy.value(value)


# The options of `analyze` that are not the game's parameters.
_ANALYZE_OPTIONS = {"to_move", "moves", "limit", "budget"}


def _game_params(params):
    return {k: v for k, v in params.items() if k not in _ANALYZE_OPTIONS}


def test_game_value_is_the_analysis_value_on_every_analyzed_position_and_help_example(cli):
    cases = [(g, p, _game_params(kw)) for g, p, kw in ANALYZED] + _help_examples(cli)
    valued = refused = 0
    for game, position, params in cases:
        expected = grundy.analyze(game, position, **params)["value"]
        if expected is None:
            # Misère play and games with ties have no value: refused, saying why.
            with pytest.raises(ValueError, match="has no value here"):
                grundy.game_value(game, position, **params)
            refused += 1
        else:
            got = grundy.game_value(game, position, **params)
            assert isinstance(got, grundy.Value)
            assert got == grundy.value(expected) and str(got) == expected, (game, position, params)
            valued += 1
    # Both branches are taken: the list has games with values and games without.
    assert valued >= 30 and refused >= 5, (valued, refused)


def test_game_value_is_a_value_that_adds_and_cools():
    # Lessons in Play, ch. 1: a 2x2 Domineering board is +-1; two of them sum to 0.
    pm1 = grundy.game_value("domineering", "..|..")
    assert str(pm1) == "+-1" and pm1 + pm1 == 0
    assert pm1.cool(1) == grundy.value("*")
    # A Nim heap of 5 is *5; with a heap of 3, *6 (Bouton).
    assert grundy.game_value("nim", "5") + grundy.game_value("nim", "3") == grundy.game_value("nim", "5,3")
    assert str(grundy.game_value("nim", "5,3")) == "*6"


def test_game_value_refuses_a_bad_position_naming_its_column():
    with pytest.raises(ValueError, match="character 6") as raised:
        grundy.game_value("domineering", "..|...")
    assert "..|..." in str(raised.value)
    with pytest.raises(ValueError, match="unknown game"):
        grundy.game_value("chess", "e4")
    with pytest.raises(ValueError):
        grundy.game_value("nim", "3", to_move="Left")


@pytest.mark.parametrize(
    "game, position, params, column",
    [
        ("nim", "3,x,7", {}, 3),
        ("pawns", "..Q.P", {}, 3),
        ("domineering", "..|...", {}, 6),
        ("domineering", "..x|...", {}, 3),
        ("hackenbush", "BBX", {}, 3),
        ("octal", "3,,5", {"code": "0.77"}, 3),
    ],
)
def test_a_bad_position_raises_value_error_naming_its_column(cli, game, position, params, column):
    with pytest.raises(ValueError) as raised:
        grundy.analyze(game, position, **params)
    message = str(raised.value)
    assert f"character {column}" in message
    assert position in message
    # The same message as the command line's (which prefixes "grundy: ").
    done = cli.run("analyze", game, position, *cli_options(params), "--json")
    assert done.returncode == 2
    assert done.stderr.strip() == f"grundy: {message}"


def test_an_unknown_game_raises_value_error_listing_the_games():
    with pytest.raises(ValueError, match="unknown game") as raised:
        grundy.analyze("chess", "e4")
    assert "domineering" in str(raised.value)


@pytest.mark.parametrize(
    "game, params",
    [
        ("nim", {"foo": 1}),            # no game has it
        ("nim", {"code": "0.77"}),      # another game's parameter
        ("subtraction", {}),            # a required parameter left out
        ("octal", {"code": "9.9"}),     # a parameter's bad value
        ("subtraction", {"set": "2,x"}),
        ("nim", {"to_move": "Left"}),   # to_move of an impartial game
        ("ab", {"to_move": "C"}),       # no such player
    ],
)
def test_a_bad_parameter_raises_value_error(game, params):
    with pytest.raises(ValueError):
        grundy.analyze(game, "3", **params)



@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_a_real_sigint_stops_a_long_analysis():
    """Ctrl-C stops the long computations of a Domineering or Clobber analysis: the
    search of who wins on an empty 8x8 Domineering board (about 23 CPU s) and the
    count of an 8x8 Clobber board's positions before its value is refused (about 2
    CPU s), each asking for Python's signals now and then."""
    domineering = "|".join(["........"] * 8)
    clobber = "|".join(("xoxoxoxo", "oxoxoxox") * 4)
    calls = {
        "analyze": lambda: grundy.analyze("domineering", domineering),
        "game_value": lambda: grundy.game_value("clobber", clobber),
    }
    for name, call in calls.items():
        start = time.monotonic()
        with pytest.raises(KeyboardInterrupt):
            with interrupt_after(0.3, how="signal"):
                call()
        elapsed = time.monotonic() - start
        assert elapsed < 3, f"{name}: SIGINT sent at 0.3 s stopped the work only after {elapsed:.1f} s"
