"""`grundy.sequence(game, to=N, **params)` and `grundy.Sequence`: Grundy values of
the built-in heap games, checked against the mex definition computed here, their
proven periods (published ones), the JSON of `grundy sequence --json`, and the
certificates of the proofs, checked by `grundy.check_certificate` and by
`grundy sequence check`."""

from __future__ import annotations

import gzip
import os
import sys
import time
from typing import List

import pytest

import grundy
from conftest import cli_options, interrupt_after

# ---- the values by the definition


def mex(values) -> int:
    values = set(values)
    g = 0
    while g in values:
        g += 1
    return g


def octal_values(code: str, n: int) -> List[int]:
    """G(0..n) of the octal game `0.d1d2...`: digit d_k says whether k tokens may
    be taken leaving no heap (bit 1), one heap (bit 2) or two heaps (bit 4)
    (Winning Ways ch. 4)."""
    assert code.startswith("0.")
    digits = [0] + [int(d, 8) for d in code[2:]]
    g: List[int] = []
    for heap in range(n + 1):
        options = set()
        for take, d in enumerate(digits):
            if take == 0 or take > heap:
                continue
            rest = heap - take
            if d & 1 and rest == 0:
                options.add(0)
            if d & 2 and rest > 0:
                options.add(g[rest])
            if d & 4 and rest >= 2:
                options.update(g[a] ^ g[rest - a] for a in range(1, rest // 2 + 1))
        g.append(mex(options))
    return g


def subtraction_values(subtract, n: int) -> List[int]:
    g: List[int] = []
    for heap in range(n + 1):
        g.append(mex(g[heap - s] for s in subtract if s <= heap))
    return g


def grundy_game_values(n: int) -> List[int]:
    """Grundy's game: split a heap into two unequal non-empty heaps."""
    g: List[int] = []
    for heap in range(n + 1):
        g.append(mex(g[a] ^ g[heap - a] for a in range(1, (heap + 1) // 2) if a != heap - a))
    return g


# ---- the published periods


def test_kayles_is_proven_periodic_from_71_with_period_12():
    # Kayles (octal 0.77): preperiod 71, period 12 (Guy & Smith 1956; Winning Ways
    # ch. 4), proven by the periodicity theorem.
    s = grundy.sequence("octal", code="0.77")
    assert s.proven is True
    assert s.status == "proven"
    assert (s.preperiod, s.period) == (71, 12)
    assert s.values == octal_values("0.77", len(s) - 1)


def test_a_proven_sequence_answers_far_beyond_its_values_by_the_period():
    s = grundy.sequence("octal", code="0.77")
    g = octal_values("0.77", 400)
    for n in list(range(len(s), 401)) + [10**6 + 5, 10**12 + 7]:
        expected = g[n] if n <= 400 else g[71 + (n - 71) % 12]
        assert s[n] == expected, n


def test_dawsons_kayles_is_proven_periodic_with_period_34():
    # Dawson's Kayles (octal 0.07): period 34 (Guy & Smith 1956; Winning Ways ch. 4).
    s = grundy.sequence("octal", code="0.07")
    assert s.proven and s.period == 34
    g = octal_values("0.07", 400)
    assert s.values == g[: len(s)]
    p = s.preperiod
    assert all(g[n] == g[n + 34] for n in range(p, 400 - 34))
    assert p == 0 or g[p - 1] != g[p - 1 + 34]  # the smallest preperiod


@pytest.mark.parametrize(
    "subtract, period",
    [
        ([1, 2, 3], 4),     # G(n) = n mod 4 (Winning Ways ch. 4)
        ([2, 4, 5], 7),
        ([1, 3, 4], 7),     # 0,1,0,1,2,3,2 repeated
        ([3, 5, 8], None),
    ],
)
def test_subtraction_games_have_the_mex_values_and_a_proven_period(subtract, period):
    s = grundy.sequence("subtraction", set=subtract, to=120)
    g = subtraction_values(subtract, 120)
    assert s.values == g
    assert s.proven is True
    # The smallest preperiod and period of the computed values, by brute force.
    q = s.period
    assert all(g[n] == g[n + q] for n in range(s.preperiod, 121 - q))
    assert all(not all(g[n] == g[n + d] for n in range(s.preperiod, 121 - d))
               for d in range(1, q))
    if period is not None:
        assert q == period


def test_a_set_given_as_list_or_text_is_the_same_game():
    a = grundy.sequence("subtraction", set=[2, 4, 5], to=40)
    b = grundy.sequence("subtraction", set="2,4,5", to=40)
    assert a.values == b.values == subtraction_values([2, 4, 5], 40)
    assert a.json() == b.json()


def test_grundys_game_is_never_called_proven():
    s = grundy.sequence("grundy-game", to=300)
    assert s.values == grundy_game_values(300)
    assert len(s) == 301
    assert s.proven is False
    assert s.status in ("periodic through 300", "no period seen through 300")
    assert s.json()["period_known"] is False
    assert s.json()["period"] is None
    with pytest.raises(grundy.GrundyError):
        s.certificate(os.devnull)
    with pytest.raises(IndexError):
        s[301]


def test_kayles_computed_too_short_for_the_proof_is_not_proven():
    s = grundy.sequence("octal", code="0.77", to=100)
    assert len(s) == 101
    assert s.proven is False
    assert s.status.startswith(("periodic through 100", "no period seen through 100"))
    assert s.json()["preperiod"] is None and s.json()["period"] is None
    assert s.values == octal_values("0.77", 100)


# ---- the same answers as `grundy sequence --json`

SEQUENCES = [
    ("octal", 200, {"code": "0.77"}),
    ("octal", 100, {"code": "0.77"}),
    ("octal", 150, {"code": "0.07"}),
    ("octal", 80, {"code": "0.137"}),
    ("subtraction", 40, {"set": [2, 4, 5]}),
    ("subtraction", 30, {"set": [1, 3, 4]}),
    ("grundy-game", 60, {}),
]


@pytest.mark.parametrize("game, to, params", SEQUENCES)
def test_json_is_the_cli_json(cli, game, to, params):
    args = ["sequence", game, "--to", str(to), *cli_options(params), "--quiet"]
    expected = cli.json(*args)
    s = grundy.sequence(game, to=to, **params)
    assert s.json() == expected
    summary = cli.json(*args, "--summary")
    assert s.json(summary=True) == summary
    assert "values" not in summary


def test_without_to_the_values_run_until_the_period_is_proven(cli):
    expected = cli.json("sequence", "octal", "0.77", "--quiet")
    assert grundy.sequence("octal", code="0.77").json() == expected


# ---- bad arguments


@pytest.mark.parametrize(
    "game, kwargs",
    [
        ("nim", {}),                                   # no single-heap sequence
        ("octal", {"code": "0.77", "method": "fast"}),
        ("octal", {"code": "0.77", "time_limit": -1}),
        ("octal", {"code": "0.7x"}),
        ("chess", {}),
        ("octal", {"code": "0.77", "colour": "red"}),
    ],
)
def test_bad_arguments_raise_value_error(game, kwargs):
    with pytest.raises(ValueError):
        grundy.sequence(game, to=10, **kwargs)


# ---- certificates


def test_a_certificate_written_from_python_is_valid_for_python_and_the_cli(cli, tmp_path):
    path = tmp_path / "kayles.cert"
    grundy.sequence("octal", code="0.77").certificate(str(path))
    ok, message = grundy.check_certificate(str(path))
    assert ok is True
    assert "preperiod 71" in message and "period 12" in message
    done = cli.run("sequence", "check", str(path))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().startswith("valid")
    assert done.stdout.strip() == message


def test_a_certificate_written_by_the_cli_is_valid_for_python(cli, tmp_path):
    path = tmp_path / "s245.cert"
    cli.ok("sequence", "subtraction", "2,4,5", "--certificate", str(path), "--quiet")
    ok, message = grundy.check_certificate(path)
    assert ok is True, message


def _corrupt(source, target, change):
    data = gzip.decompress(source.read_bytes())
    header, values = data.split(b"\n\n", 1)
    header, values = change(header, bytearray(values))
    target.write_bytes(gzip.compress(header + b"\n\n" + bytes(values)))


@pytest.mark.parametrize(
    "what, change",
    [
        ("a value", lambda h, v: (h, v[:5] + bytes([v[5] ^ 1]) + v[6:])),
        ("the last value", lambda h, v: (h, v[:-1] + bytes([v[-1] ^ 3]))),
        ("the period", lambda h, v: (h.replace(b"period: 12", b"period: 6"), v)),
        ("the preperiod", lambda h, v: (h.replace(b"preperiod: 71", b"preperiod: 60"), v)),
    ],
)
def test_a_corrupted_certificate_is_refused(cli, tmp_path, what, change):
    good = tmp_path / "good.cert"
    bad = tmp_path / "bad.cert"
    grundy.sequence("octal", code="0.77").certificate(good)
    _corrupt(good, bad, change)
    assert gzip.decompress(bad.read_bytes()) != gzip.decompress(good.read_bytes())
    ok, message = grundy.check_certificate(bad)
    assert ok is False, f"{what} changed, yet: {message}"
    assert message.startswith("invalid")
    done = cli.run("sequence", "check", str(bad))
    assert done.returncode == 1, (what, done.stdout, done.stderr)


def test_a_file_that_is_no_certificate_raises_value_error(cli, tmp_path):
    path = tmp_path / "nonsense.cert"
    path.write_bytes(b"hello, world\n")
    with pytest.raises(ValueError):
        grundy.check_certificate(path)
    assert cli.run("sequence", "check", str(path)).returncode == 2


def test_an_unproven_sequence_has_no_certificate(tmp_path):
    with pytest.raises(grundy.GrundyError, match="no period is proven"):
        grundy.sequence("octal", code="0.77", to=100).certificate(tmp_path / "x.cert")
    assert not (tmp_path / "x.cert").exists()


# ---- Ctrl-C


def test_ctrl_c_stops_a_long_builtin_sequence_within_a_second():
    # 0.1777 is not proven periodic within 10^8 values: the computation runs for
    # minutes. time_limit makes it stop by itself after 5 s if Ctrl-C is ignored.
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        with interrupt_after(0.3):
            grundy.sequence("octal", code="0.1777", limit=10**8, time_limit=5)
    elapsed = time.monotonic() - start
    assert elapsed < 3, f"the interrupt sent at 0.3 s stopped the work only after {elapsed:.1f} s"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_a_real_sigint_stops_a_long_builtin_sequence_within_a_second():
    # SIGINT from another process, as the terminal sends it on Ctrl-C.
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        with interrupt_after(0.3, how="signal"):
            grundy.sequence("octal", code="0.1777", limit=10**8, time_limit=5)
    elapsed = time.monotonic() - start
    assert elapsed < 3, f"SIGINT sent at 0.3 s stopped the work only after {elapsed:.1f} s"


# ---- misère play: the genus and the quotient


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_a_real_sigint_stops_a_long_quotient_within_a_second():
    """Kayles' quotient of heaps up to 20 works for about 40 s before it passes its
    budget, and Ctrl-C was ignored meanwhile."""
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        with interrupt_after(0.3, how="signal"):
            grundy.quotient("octal", 20, code="0.77")
    elapsed = time.monotonic() - start
    assert elapsed < 3, f"SIGINT sent at 0.3 s stopped the work only after {elapsed:.1f} s"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_a_real_sigint_stops_a_long_genus_within_a_second():
    """Kayles' genus of heaps up to 1000 works for about 20 s before heap 59 passes
    its budget; if Ctrl-C were ignored, time_limit would stop it after 10 s."""
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        with interrupt_after(0.3, how="signal"):
            grundy.genus("octal", to=1000, code="0.77", time_limit=10)
    elapsed = time.monotonic() - start
    assert elapsed < 3, f"SIGINT sent at 0.3 s stopped the work only after {elapsed:.1f} s"


GENERA = [
    ("octal", 30, {"code": "0.77"}),
    ("octal", 20, {"code": "0.07"}),
    ("subtraction", 25, {"set": [1, 2, 3]}),
    ("grundy-game", 15, {}),
]


@pytest.mark.parametrize("game, to, params", GENERA)
def test_the_genus_is_the_cli_genus(cli, game, to, params):
    expected = cli.json("sequence", game, "--misere", "--to", str(to), *cli_options(params))
    got = grundy.genus(game, to=to, **params)
    assert got == expected
    assert len(got["genus"]) == to + 1
    # Given misere=True too, the same: the genus is misère by definition.
    assert grundy.genus(game, to=to, misere=True, **params) == expected


def _kayles_misere(heaps, seen={}):
    """The misère Grundy value of a sum of Kayles heaps, by the definition."""
    key = tuple(sorted(h for h in heaps if h))
    if key not in seen:
        options = set()
        for i, n in enumerate(key):
            rest = key[:i] + key[i + 1:]
            for take in (1, 2):
                for a in range(n - take + 1):
                    options.add(_kayles_misere(rest + (a, n - take - a)))
        if not options:
            seen[key] = 1
        else:
            g = 0
            while g in options:
                g += 1
            seen[key] = g
    return seen[key]


def test_the_genus_of_kayles_is_the_definition():
    got = grundy.genus("octal", to=9, code="0.77")["genus"]
    for n, gamma in enumerate(got):
        # γ1: the heap alone; γ2: with one heap of *2 (Kayles' heap 2 is *2).
        assert gamma[1] == _kayles_misere((n,)), n
        assert gamma[2] == _kayles_misere((n, 2)), n


def test_the_quotient_is_the_cli_quotient(cli):
    expected = cli.json(
        "sequence", "octal", "--code", "0.75", "--misere", "--quotient", "--to", "8"
    )
    got = grundy.quotient("octal", to=8, code="0.75")
    assert got == expected
    assert got["quotient"]["order"] == 8  # Plambeck's R8


def test_the_quotient_gives_the_outcome_of_kayles_sums():
    q = grundy.quotient("octal", to=6, code="0.77")["quotient"]
    assert q["order"] >= 2
    assert q == grundy.quotient("octal", to=6, code="0.77", misere=True)["quotient"]


@pytest.mark.parametrize(
    "function, game, kwargs",
    [
        ("genus", "nim", {}),                                # no single-heap sequence
        ("genus", "domineering", {}),                        # partizan
        ("genus", "octal", {"code": "0.77", "to": 100000}),  # past the largest heap
        ("genus", "octal", {"code": "0.77", "time_limit": -1}),
        ("quotient", "grundy-game", {}),                     # no certificate checker
        ("quotient", "octal", {"code": "0.77", "to": 0}),
        ("quotient", "octal", {"code": "0.7x"}),
    ],
)
def test_misere_sequences_refuse_what_they_cannot_compute(function, game, kwargs):
    with pytest.raises(ValueError):
        getattr(grundy, function)(game, **kwargs)
