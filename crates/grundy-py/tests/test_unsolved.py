"""A question left unanswered raises the exception of its kind: over budget, over
time, no theory, not supported; each a `grundy.Unsolved`, itself a `ValueError` (as
such errors were before they had kinds) and a `grundy.GrundyError`."""

import pytest

import grundy

BIG_CRAM = "|".join(["........"] * 7)


@pytest.mark.parametrize(
    "name, kind",
    [
        ("BudgetExceeded", "over_budget"),
        ("TimeLimitExceeded", "over_time"),
        ("NoTheory", "no_theory"),
        ("Unsupported", "unsupported"),
    ],
)
def test_each_kind_is_an_unsolved_value_error(name, kind):
    cls = getattr(grundy, name)
    assert issubclass(cls, grundy.Unsolved)
    assert issubclass(cls, ValueError)
    assert issubclass(cls, grundy.GrundyError)
    assert cls.__module__ == "grundy"
    assert kind in cls.__doc__


def test_an_analysis_over_budget_raises_budget_exceeded():
    with pytest.raises(grundy.BudgetExceeded) as raised:
        grundy.analyze("cram", BIG_CRAM)
    assert raised.value.kind == "over_budget"
    assert "too big" in str(raised.value)
    # Code written before the kinds catches it as it did: the error is a ValueError.
    assert isinstance(raised.value, ValueError)


def test_a_value_that_does_not_exist_is_unsupported():
    with pytest.raises(grundy.Unsupported) as raised:
        grundy.game_value("tictactoe", "...|...|...")
    assert raised.value.kind == "unsupported"
    with pytest.raises(grundy.Unsupported):
        grundy.game_value("nim", "3,5,7", misere=True)


def test_a_position_not_in_the_notation_is_no_unsolved():
    with pytest.raises(ValueError) as raised:
        grundy.analyze("nim", "3,x")
    assert not isinstance(raised.value, grundy.Unsolved)


def test_a_user_game_past_its_budget_is_budget_exceeded_with_its_kind():
    class Chain(grundy.ImpartialGame):
        def moves(self, n):
            return [n - 1] if n > 0 else []

    with pytest.raises(grundy.BudgetExceeded) as raised:
        Chain().grundy(100, budget=10)
    assert raised.value.kind == "over_budget"
    assert isinstance(raised.value, grundy.GrundyError)


def test_a_search_past_its_time_limit_gives_the_best_move_found_unproven():
    # 4453 on 7x6 Connect Four takes the search longer than half a second.
    a = grundy.analyze("connect-four", "4453", time_limit=0.5)
    assert a["proven"] is False
    assert a["result"] is None and a["remoteness"] is None
    assert a["best_found"]["move"] in "abcdefg"
    assert a["unsolved"]["kind"] == "over_time"
    # Solved in time: proven, with its result.
    a = grundy.analyze("connect-four", "31661212464", time_limit=30, memory=1 << 20)
    assert a["proven"] is True and a["result"] == "lose"


@pytest.mark.parametrize("kwargs", [{"time_limit": -1}, {"time_limit": float("nan")}, {"memory": 10}])
def test_time_limit_and_memory_are_range_checked(kwargs):
    with pytest.raises(ValueError):
        grundy.analyze("connect-four", "4453", **kwargs)
