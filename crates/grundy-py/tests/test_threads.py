"""A game object shared by threads: calls wait for each other instead of failing,
and a call from inside the game's own moves says what went wrong."""

import threading
import time

import pytest

import grundy


class SlowKayles(grundy.HeapGame):
    """Kayles whose moves sleep a little (releasing the GIL), so that a second
    thread calls while the first is inside the engine."""

    def moves(self, n):
        time.sleep(0.0005)
        for take in (1, 2):
            for a in range(n - take + 1):
                yield tuple(h for h in (a, n - take - a) if h)


class SlowSubtraction(grundy.ImpartialGame):
    def moves(self, n):
        time.sleep(0.0005)
        return [n - k for k in (1, 2, 3) if k <= n]


class SlowDomineering(grundy.PartizanGame):
    def left_moves(self, cells):
        time.sleep(0.0005)
        return [cells - {(r, c), (r + 1, c)} for (r, c) in cells if (r + 1, c) in cells]

    def right_moves(self, cells):
        time.sleep(0.0005)
        return [cells - {(r, c), (r, c + 1)} for (r, c) in cells if (r, c + 1) in cells]


def _in_threads(calls):
    results, errors = {}, []

    def run(i, call):
        try:
            results[i] = call()
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(repr(error))

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    return [results[i] for i in range(len(calls))]


def test_a_heap_game_shared_by_threads():
    game = SlowKayles()
    got = _in_threads([lambda n=n: game.grundy(n) for n in (30, 31, 29, 28)])
    plain = grundy.sequence("octal", code="0.77", to=31).values
    assert got == [plain[30], plain[31], plain[29], plain[28]]


def test_an_impartial_game_shared_by_threads():
    game = SlowSubtraction()
    got = _in_threads([lambda n=n: game.grundy(n) for n in (200, 199, 150, 77)])
    assert got == [n % 4 for n in (200, 199, 150, 77)]


def test_a_partizan_game_shared_by_threads():
    game = SlowDomineering()
    board = frozenset((r, c) for r in range(3) for c in range(4))
    got = _in_threads([lambda: game.value(board)] * 3 + [lambda: game.held()])
    assert got[0] == got[1] == got[2] == grundy.value("-3/2")


def test_a_call_from_inside_moves_says_so():
    class Inner(grundy.ImpartialGame):
        def moves(self, n):
            if n == 3:
                self.grundy(1)
            return [n - 1] if n else []

    with pytest.raises(RuntimeError, match="from inside its own moves"):
        Inner().grundy(5)
