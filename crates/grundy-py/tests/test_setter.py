"""The problem setter's functions: `grundy.judge`, `grundy.gen`, `grundy.validate`,
`grundy.check` and `grundy.verify`, with the answers of `grundy judge`, `gen`,
`validate`, `check` and `verify`."""

from __future__ import annotations

import itertools
import re
from functools import reduce
from operator import xor

import pytest

import grundy
from conftest import EXAMPLES

PROBLEMS = ["adapwns", "tabgame", "abgame", "legowarz"]

# The answer that says "the first player wins" in each problem's output (tabgame
# answers each query with a digit, 1 when Alice, moving first, wins).
FIRST_WINS = {"adapwns": "Yes", "abgame": "A", "legowarz": "Alice"}
SECOND_WINS = {"adapwns": "No", "abgame": "B", "legowarz": "Bob"}

# ---- judge


@pytest.mark.parametrize("problem", PROBLEMS)
def test_judge_answers_the_shipped_samples_as_the_cli(cli, problem):
    path = EXAMPLES / f"{problem}.txt"
    expected = cli.ok("judge", problem, str(path))
    assert expected.strip(), "the CLI's answer is empty"
    assert grundy.judge(problem, path.read_text()) == expected
    assert grundy.judge(problem, path.read_bytes()) == expected


def test_judge_answers_the_abgame_sample_a_a_b():
    # The README: `grundy judge abgame examples/abgame.txt` prints A, A, B.
    assert grundy.judge("abgame", (EXAMPLES / "abgame.txt").read_text()).split() == ["A", "A", "B"]


@pytest.mark.parametrize("problem", PROBLEMS)
@pytest.mark.parametrize("seed", [1, 7])
def test_judge_answers_generated_inputs_as_the_cli(cli, problem, seed):
    text = cli.ok("gen", problem, "--seed", str(seed), "--size", "medium")
    assert grundy.judge(problem, text) == cli.ok("judge", problem, input=text)


def test_judge_refuses_a_broken_input_with_value_error():
    with pytest.raises(ValueError, match="line 3"):
        grundy.judge("abgame", "2\nA.B\n")
    with pytest.raises(ValueError, match="unknown problem"):
        grundy.judge("chess", "1\n")
    with pytest.raises(TypeError):
        grundy.judge("abgame", 12)


# ---- gen and validate

GENERATED = [
    (problem, seed, size, kind)
    for problem in PROBLEMS
    for seed, size, kind in [(1, "small", "random"), (5, "medium", "random"),
                             (2, "max", "limits"), (3, "small", "corner"),
                             (4, "small", "first-wins"), (9, "medium", "second-wins")]
] + [("tabgame", 2, "small", "diagonal")]


@pytest.mark.parametrize("problem, seed, size, kind", GENERATED)
def test_gen_is_the_cli_gen_and_passes_validate(cli, problem, seed, size, kind):
    text = grundy.gen(problem, seed=seed, size=size, kind=kind)
    expected = cli.ok("gen", problem, "--seed", str(seed), "--size", size, "--kind", kind)
    assert text == expected
    report = grundy.validate(problem, text)
    assert report.startswith(f"{problem}: valid")
    assert report.rstrip("\n") == cli.ok("validate", problem, "--report", input=text).rstrip("\n")


@pytest.mark.parametrize("problem", PROBLEMS)
def test_gen_is_reproducible_for_a_seed_and_varies_with_it(problem):
    first = grundy.gen(problem, seed=11)
    assert grundy.gen(problem, seed=11) == first
    others = {grundy.gen(problem, seed=s) for s in range(12, 18)}
    assert others - {first}, "six other seeds all gave the same input"


def test_gen_without_options_is_the_cli_gen_without_options(cli):
    # The defaults too give what `grundy gen PROBLEM` writes (the CLI's default
    # seed is 1, size small, kind random).
    differ = [p for p in PROBLEMS if grundy.gen(p) != cli.ok("gen", p)]
    assert not differ, f"grundy.gen(p) is not `grundy gen p` for {differ}"
    assert all(grundy.gen(p) == grundy.gen(p, seed=1) for p in PROBLEMS)


def test_gen_with_a_given_number_of_cases(cli):
    text = grundy.gen("abgame", seed=4, cases=17)
    assert text.split("\n", 1)[0] == "17"
    assert text == cli.ok("gen", "abgame", "--seed", "4", "--cases", "17")


@pytest.mark.parametrize("problem", sorted(FIRST_WINS))
def test_gen_of_one_answer_class_gives_only_that_answer(problem):
    first = grundy.judge(problem, grundy.gen(problem, seed=6, kind="first-wins")).split()
    second = grundy.judge(problem, grundy.gen(problem, seed=6, kind="second-wins")).split()
    assert first and set(first) == {FIRST_WINS[problem]}
    assert second and set(second) == {SECOND_WINS[problem]}


@pytest.mark.parametrize(
    "problem, text, where",
    [
        ("abgame", "2\nA.B\n", "line 3"),            # a test case missing
        ("abgame", "2\nA.B\nA.C\n", "line 3, column 3"),  # a letter out of the alphabet
        ("abgame", "1\nA.B\nA.B\n", "line 3"),       # more than announced
        ("adapwns", "0\n", "line 1"),                 # T below its bound
        ("legowarz", "1\n3 x\n", "line 2"),
        ("tabgame", "", "line 1"),
    ],
)
def test_validate_refuses_a_broken_input_naming_the_line(cli, problem, text, where):
    with pytest.raises(ValueError) as raised:
        grundy.validate(problem, text)
    assert where in str(raised.value)
    done = cli.run("validate", problem, input=text)
    assert done.returncode == 1
    assert str(raised.value) in done.stderr


def test_gen_refuses_unknown_sizes_and_kinds():
    with pytest.raises(ValueError, match="size"):
        grundy.gen("abgame", size="huge")
    with pytest.raises(ValueError, match="kind"):
        grundy.gen("abgame", kind="hardest")
    with pytest.raises(ValueError):
        grundy.gen("chess")


# ---- check


def _cli_verdict(cli, game, position, move, *options):
    """The CLI's verdict, from its exit code (0 winning, 1 losing or illegal, 2 a
    move it cannot read, 3 tying, 4 drawing) and its words."""
    done = cli.run("check", game, *options, "--", position, move)
    text = done.stdout + done.stderr
    if done.returncode == 0:
        assert "legal and winning" in text, text
        return "winning", text
    if done.returncode == 3:
        assert "legal and tying" in text, text
        return "tying", text
    if done.returncode == 4:
        assert "legal and drawing" in text, text
        return "drawing", text
    if done.returncode == 1:
        if "legal but losing" in text:
            return "losing", text
        assert "illegal" in text, text
        return "illegal", text
    assert done.returncode == 2, text
    return "not a move", text


NIM_MOVES = ["1-1", "2-1", "3-1", "1-3", "2-5", "3-7", "2-4", "3-3", "4-1", "1-4", "2-0",
             "x", "1+1", ""]


@pytest.mark.parametrize("move", NIM_MOVES)
def test_check_judges_nim_moves_as_the_cli(cli, move):
    verdict = grundy.check("nim", "3,5,7", move)
    expected, text = _cli_verdict(cli, "nim", "3,5,7", move)
    assert verdict["verdict"] == expected, text
    if expected in ("winning", "losing"):
        assert f"-> {verdict['after']})" in text or f"wins {verdict['after']} " in text


def test_check_judges_nim_moves_by_boutons_rule():
    # A legal move wins exactly when it leaves heaps of XOR 0 (Bouton 1901).
    heaps = (3, 5, 7)
    for i, take in itertools.product(range(3), range(1, 8)):
        verdict = grundy.check("nim", "3,5,7", f"{i + 1}-{take}")
        if take > heaps[i]:
            assert verdict["verdict"] == "illegal", (i, take)
            continue
        after = heaps[:i] + (heaps[i] - take,) + heaps[i + 1:]
        assert verdict["after"] == ",".join(map(str, after))
        assert verdict["verdict"] == ("winning" if reduce(xor, after) == 0 else "losing"), (i, take)
        if verdict["verdict"] == "losing":
            assert sorted(verdict["winning"]) == ["1-1", "2-1", "3-1"]


@pytest.mark.parametrize(
    "game, position, move, params",
    [
        ("domineering", "..|..", "a1-a2", {}),
        ("domineering", "..|..", "a1-b1", {}),
        ("domineering", "..|..", "a1-b1", {"to_move": "Right"}),
        ("domineering", "...|...", "a1-c1", {"to_move": "Right"}),
        ("domineering", "....|....|....", "b1-b2", {}),
        ("ab", "A..B.A..B", "1-2", {}),
        ("ab", "A..B.A..B", "1-2", {"to_move": "B"}),
        ("ab", "A..B", "1-3", {}),
        ("pawns", "..P.P", "3-1", {}),
        ("pawns", "..P.P", "5-2", {}),
        ("subtraction", "7,9", "1-2", {"set": "2,4,5"}),
        ("subtraction", "7,9", "1-3", {"set": "2,4,5"}),
        ("octal", "5", "1-1", {"code": "0.77"}),
        ("hackenbush", "BBR,RB", "1-3", {}),
        ("tictactoe", "...|...|...", "b2", {}),
        ("tictactoe", "x..|.o.|...", "c3", {}),
        ("tictactoe", "xx.|oo.|...", "c1", {}),
        ("tictactoe", "xx.|oo.|...", "a3", {}),
        ("digraph", "0>0,0>1,1>2@0", "0>0", {}),
        ("digraph", "0>0,0>1,1>2@0", "0>1", {}),
        ("toads", "TTT..FFF", "3-4", {"backsliding": True}),
        ("connect-four", "....|....|....|....", "a", {}),
    ],
)
def test_check_judges_moves_of_other_games_as_the_cli(cli, game, position, move, params):
    options = []
    for key, value in params.items():
        options += ["--" + key.replace("_", "-")] + ([] if value is True else [value])
    expected, text = _cli_verdict(cli, game, position, move, *options)
    assert grundy.check(game, position, move, **params)["verdict"] == expected, text


@pytest.mark.parametrize(
    "game, position, move, params, verdict, best, best_moves",
    [
        # The first move of tic-tac-toe: every move ties under best play.
        ("tictactoe", "...|...|...", "b2", {}, "tying", "tie", None),
        # x to move wins at c1; a3 lets o win at c2.
        ("tictactoe", "xx.|oo.|...", "c1", {}, "winning", None, None),
        ("tictactoe", "xx.|oo.|...", "a3", {}, "losing", "win", ["c1"]),
        # 0>0 keeps the token on its loop (a draw); 0>1 lets the opponent move to 2.
        ("digraph", "0>0,0>1,1>2@0", "0>0", {}, "drawing", "draw", ["0>0"]),
        ("digraph", "0>0,0>1,1>2@0", "0>1", {}, "losing", "draw", ["0>0"]),
        ("toads", "TTT..FFF", "3-4", {"backsliding": True}, "drawing", "draw", None),
    ],
)
def test_check_tells_ties_and_draws_from_wins(game, position, move, params, verdict, best, best_moves):
    found = grundy.check(game, position, move, **params)
    assert found["verdict"] == verdict, found
    if verdict != "winning":
        assert found["best"] == best, found
        if best_moves is not None:
            assert found["best_moves"] == best_moves, found


def test_check_refuses_a_bad_position_with_value_error():
    with pytest.raises(ValueError, match="character 3"):
        grundy.check("nim", "3,x", "1-1")


# ---- verify


def test_verify_nim_agrees_with_the_cli(cli):
    report = grundy.verify("nim", 6)
    assert report["agrees"] is True and report["mismatch"] is None
    assert report["game"] == "nim"
    assert report["sizes"] == [0, 6]
    # Nim positions of n tokens are the compositions of n: 2^(n-1) of them, and 1
    # of 0 tokens.
    assert report["positions"] == 1 + sum(2 ** (n - 1) for n in range(1, 7))
    first_line = cli.ok("verify", "nim", "--max-size", "6", "--quiet").splitlines()[0]
    assert report["text"].splitlines()[0] == first_line
    assert re.search(rf"\b{report['positions']} positions\b", first_line)


@pytest.mark.parametrize(
    "game, size, params, options",
    [
        ("subtraction", 8, {"set": [2, 4, 5]}, ["--set", "2,4,5"]),
        ("octal", 8, {"code": "0.77"}, ["--code", "0.77"]),
        ("domineering", 6, {}, []),
        ("wythoff", 8, {}, []),
        ("pawns", 8, {"step": 3}, ["--step", "3"]),
    ],
)
def test_verify_agrees_with_the_cli_on_other_games(cli, game, size, params, options):
    report = grundy.verify(game, size, **params)
    assert report["agrees"] is True
    first_line = cli.ok("verify", game, "--max-size", str(size), *options, "--quiet").splitlines()[0]
    assert report["text"].splitlines()[0] == first_line


def test_verify_refuses_a_size_past_its_limit(cli):
    with pytest.raises(ValueError, match="too large") as raised:
        grundy.verify("nim", 10**9)
    done = cli.run("verify", "nim", "--max-size", str(10**9), "--quiet")
    assert done.returncode == 2
    assert done.stderr.strip().endswith(str(raised.value).split("max_size ", 1)[-1])
