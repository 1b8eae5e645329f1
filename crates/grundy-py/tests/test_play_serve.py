"""A script's game played in the terminal and served in the web playground, and the
notation its positions are written in."""

import builtins
import json
import os
import re
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

import grundy
from grundy import _notation


class Kayles(grundy.HeapGame):
    def moves(self, n):
        for take in (1, 2):
            for a in range(n - take + 1):
                yield tuple(h for h in (a, n - take - a) if h)


class Domineering(grundy.PartizanGame):
    """Domineering on a frozenset of empty cells."""

    example = frozenset((r, c) for r in range(2) for c in range(3))

    def left_moves(self, cells):
        return [cells - {(r, c), (r + 1, c)} for (r, c) in sorted(cells) if (r + 1, c) in cells]

    def right_moves(self, cells):
        return [cells - {(r, c), (r, c + 1)} for (r, c) in sorted(cells) if (r, c + 1) in cells]


def scripted(monkeypatch, choose):
    """Answers the terminal's prompts by `choose(listed lines)`, recording the output."""
    out = []
    monkeypatch.setattr(builtins, "print", lambda *a, **k: out.append(" ".join(map(str, a))))

    def ask(prompt):
        listed = [line for line in out[-40:] if re.match(r"\s+\d+\. ", line)]
        return choose(listed)

    monkeypatch.setattr(builtins, "input", ask)
    return out


def first_winning(listed):
    """The number of the last listing's first move marked winning, else 1."""
    block = []
    for line in listed:
        if re.match(r"\s+1\. ", line):
            block = []
        block.append(line)
    for line in block:
        if " wins" in line:
            return line.split(".")[0].strip()
    return "1"


def test_playing_the_marked_winning_moves_wins_an_n_position(monkeypatch):
    k = Kayles()
    assert k.outcome((2, 3)) == "N"
    out = scripted(monkeypatch, first_winning)
    assert k.play((2, 3), colour=False) is True
    assert out[-1] == "The engine has no move left: you win."


def test_the_engine_wins_a_p_position_whatever_you_play(monkeypatch):
    k = Kayles()
    assert k.outcome((1, 2, 3)) == "P"  # G = 1 ^ 2 ^ 3 = 0
    for pick in ("1", "2"):
        scripted(monkeypatch, lambda listed: pick if len(listed) >= 2 else "1")
        assert k.play((1, 2, 3), colour=False) is False


def test_each_listed_verdict_is_the_engine_s(monkeypatch):
    k = Kayles()
    out = scripted(monkeypatch, lambda listed: "q")
    with pytest.raises(KeyboardInterrupt):
        k.play((3, 4), colour=False)
    listed = [line for line in out if re.match(r"\s+\d+\. ", line)]
    sums = k.as_impartial()
    options = sums._solver().options((3, 4), "L", None)
    assert len(listed) == len(options)
    for line, option in zip(listed, options):
        wins = k.grundy(option) == 0
        assert (" wins in " in line) == wins, line
        moves_left = int(line.rsplit(" ", 1)[1])
        assert moves_left == k.remoteness(option) + 1


def test_a_partizan_match_against_the_engine(monkeypatch):
    d = Domineering()
    board = frozenset((r, c) for r in range(2) for c in range(3))
    # {2|-1/2}: whoever moves first wins; Left plays the marked winning moves.
    scripted(monkeypatch, first_winning)
    assert d.play(board, you="L", first="L", colour=False) is True
    scripted(monkeypatch, first_winning)
    assert d.play(board, you="L", first="R", colour=False) is False
    with pytest.raises(ValueError):
        d.play(board, you="X")


def get(url):
    with urllib.request.urlopen(url, timeout=30) as answer:
        return json.load(answer)


def post(url, body):
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def test_the_playground_serves_a_partizan_script_game():
    d = Domineering()
    with grundy.serve(d, port=0, background=True) as server:
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/", server.url)
        games = get(server.url + "api/games")["games"]
        names = [g["name"] for g in games]
        assert "domineering" in names and "Domineering" in names
        mine = next(g for g in games if g["name"] == "Domineering")
        assert mine["kind"] == "partizan" and mine["about"] == "Domineering on a frozenset of empty cells."
        assert _notation.parse(mine["example"]) == Domineering.example
        q = urllib.parse.quote(mine["example"])
        analysis = get(server.url + f"api/analyze?game=Domineering&position={q}")
        assert grundy.value(analysis["value"]) == d.value(Domineering.example)
        assert analysis["outcome"] == d.outcome(Domineering.example)
        listed = {_notation.parse(m["move"]) for m in analysis["winning_moves"]}
        assert listed == set(d.winning_moves(Domineering.example, "L"))
        # A match replayed from its moves, the engine answering.
        move = analysis["winning_moves"][0]["move"]
        match = post(
            server.url + "api/play",
            {"game": "Domineering", "position": mine["example"], "moves": [move], "reply": True},
        )
        assert match["engine_moves"] or match["winner"] is not None
        # A position the game cannot read is a 400 naming it.
        with pytest.raises(urllib.error.HTTPError) as bad:
            get(server.url + "api/analyze?game=Domineering&position=" + urllib.parse.quote("__import__('os')"))
        assert bad.value.code == 400
        port = int(server.url.rsplit(":", 1)[1].strip("/"))
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=2)


def test_the_playground_serves_a_heap_game():
    k = Kayles()
    with grundy.serve(k, (3, 4), port=0, background=True) as server:
        analysis = get(server.url + "api/analyze?game=Kayles&position=" + urllib.parse.quote("(3, 4)"))
        assert analysis["value"] == f"*{k.grundy((3, 4))}"
        after = {_notation.parse(m["move"]) for m in analysis["winning_moves"]}
        assert after == set(k.winning_moves((3, 4)))
        assert len(analysis["winning_moves"]) == len(after)  # each move once


class SlowSubtraction(grundy.ImpartialGame):
    """Take one or two; from 10 up, each list of moves takes a third of a second of
    Python work (until released)."""

    example = 1

    def __init__(self):
        self.started = threading.Event()
        self.released = threading.Event()

    def moves(self, n):
        if n >= 10:
            self.started.set()
            end = time.monotonic() + 0.3
            while time.monotonic() < end and not self.released.is_set():
                pass  # holds the GIL, as slow Python code does
        return [n - take for take in (1, 2) if take <= n]


def test_slow_script_code_leaves_cheap_requests_answered():
    """Analyses of a script's game whose moves are slow (40 positions: 12 s of work,
    past the 10 s budget), more of them than both lanes have workers, while the list
    of games and an analysis of a built-in game are each answered within 5 s."""
    game = SlowSubtraction()
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    # The server has as many workers as processors, twice as many in its quick lane.
    slow = 3 * (cpus or 1) + 1
    ended = []

    def analyse(i):
        url = server.url + f"api/analyze?game=SlowSubtraction&position={40 + i}"
        try:
            with urllib.request.urlopen(url, timeout=60) as answer:
                ended.append(answer.status)
        except urllib.error.HTTPError as e:
            ended.append(e.code)

    with grundy.serve(game, port=0, background=True) as server:
        threads = [threading.Thread(target=analyse, args=(i,)) for i in range(slow)]
        for t in threads:
            t.start()
        try:
            assert game.started.wait(10)
            time.sleep(0.5)  # the other slow requests are waiting their turn by now
            for path in ("api/games", "api/analyze?game=nim&position=3,5,7"):
                start = time.monotonic()
                answer = get(server.url + path)
                elapsed = time.monotonic() - start
                assert elapsed < 5, f"{path} was answered after {elapsed:.1f} s"
                assert answer["games" if path == "api/games" else "outcome"]
            assert len(ended) < slow, "the slow analyses ended before the cheap requests"
        finally:
            game.released.set()
            for t in threads:
                t.join(60)
    assert len(ended) == slow


def test_serving_refuses_what_it_cannot_serve():
    with pytest.raises(ValueError, match="example"):
        grundy.serve(Kayles(), port=0, background=True)

    class nim(grundy.ImpartialGame):  # the name of a built-in game
        example = 3

        def moves(self, n):
            return range(n)

    with pytest.raises(ValueError, match="another name"):
        grundy.serve(nim(), port=0, background=True)
    with pytest.raises(ValueError, match="bind"):
        grundy.serve(Kayles(), 3, port=0, bind="localhost:80", background=True)
    with pytest.raises(TypeError):
        grundy.serve(object(), 3, port=0, background=True)


@pytest.mark.parametrize(
    "position",
    [
        0,
        -7,
        "a b",
        (1, (2, 3), ()),
        (5,),
        frozenset(),
        frozenset({(0, 1), (2, 3), (1, 1)}),
        frozenset({"b", "a", 3}),
        (None, True, 2.5, b"x"),
    ],
)
def test_positions_are_written_and_read_back(position):
    text = _notation.show(position)
    assert _notation.parse(text) == position
    assert _notation.show(_notation.parse(text)) == text


def test_the_notation_reads_literals_only():
    assert _notation.parse("{1, 2}") == frozenset({1, 2})
    assert _notation.parse(" tuple([1, 2]) ") == (1, 2)
    for text in ("__import__('os')", "open('x')", "(1).__class__", "[x for x in ()]", "1 +", "a"):
        with pytest.raises(ValueError):
            _notation.parse(text)
    # Nesting past what Python's parser takes is refused as a ValueError too.
    with pytest.raises(ValueError, match="nested"):
        _notation.parse("(" * 5000 + ")" * 5000)
