"""Play a script's game against the perfect engine in the terminal, and serve it in
the web playground: the parts of the package a person uses, over the engines."""

from __future__ import annotations

import sys
import time
from typing import Any, Callable, List, Optional, Tuple

from . import _grundy, _notation

_GREEN = "\x1b[32m"
_RED = "\x1b[31m"
_RESET = "\x1b[0m"


def _shower(game: Any) -> Callable[[Any], str]:
    own = getattr(game, "show", None)
    return own if callable(own) else _notation.show


def _paint(text: str, colour: str, on: bool) -> str:
    return f"{colour}{text}{_RESET}" if on else text


def play_impartial(
    game: Any,
    position: Any,
    you_first: bool,
    ask: Callable[[str], str],
    say: Callable[[str], None],
    colour: bool,
) -> bool:
    """A match of an impartial game; True when the person wins."""
    show = _shower(game)
    solver = game._solver()
    pos = position
    yours = you_first
    while True:
        options = solver.options(pos, "L", None)
        say(f"\nPosition: {show(pos)}")
        if not options:
            say("You have no move left: you lose." if yours else "The engine has no move left: you win.")
            return not yours
        if yours:
            say("Your moves (green wins, red loses; the number of moves left under best play):")
            for i, q in enumerate(options, 1):
                r = solver.remoteness(q, None)
                wins = r % 2 == 0  # the opponent, to move at q, loses
                verdict = f"wins in {r + 1}" if wins else f"loses in {r + 1}"
                say(f"  {i:>3}. {show(q)}  " + _paint(verdict, _GREEN if wins else _RED, colour))
            pos = options[_choose(len(options), ask, say)]
        else:
            ranked: List[Tuple[Tuple[int, int], int]] = []
            for i, q in enumerate(options):
                r = solver.remoteness(q, None)
                # Quickest win first; when every move loses, the longest resistance.
                ranked.append(((0, r) if r % 2 == 0 else (1, -r), i))
            pos = options[min(ranked)[1]]
            say(f"The engine moves to {show(pos)}.")
        yours = not yours


def play_partizan(
    game: Any,
    position: Any,
    you: str,
    first: str,
    ask: Callable[[str], str],
    say: Callable[[str], None],
    colour: bool,
) -> bool:
    """A match of a partizan game, the person playing ``you`` ('L' or 'R'); True
    when the person wins."""
    show = _shower(game)
    solver = game._solver()
    names = {"L": "Left", "R": "Right"}
    pos = position
    mover = first
    while True:
        options = solver.options(pos, mover, None)
        say(f"\nPosition: {show(pos)}  ({names[mover]} to move)")
        yours = mover == you
        if not options:
            say("You have no move left: you lose." if yours else "The engine has no move left: you win.")
            return not yours
        winning = solver.winning_moves(pos, mover, None)
        if yours:
            say(f"Your moves as {names[you]} (green wins, red loses):")
            for i, q in enumerate(options, 1):
                wins = q in winning
                value = str(solver.value(q, None))
                verdict = "wins" if wins else "loses"
                say(f"  {i:>3}. {show(q)}  " + _paint(f"{verdict} (value {value})", _GREEN if wins else _RED, colour))
            pos = options[_choose(len(options), ask, say)]
        else:
            pos = winning[0] if winning else options[0]
            say(f"The engine ({names[mover]}) moves to {show(pos)}.")
        mover = "R" if mover == "L" else "L"


def _choose(count: int, ask: Callable[[str], str], say: Callable[[str], None]) -> int:
    while True:
        answer = ask(f"Your move (1-{count}, q to quit): ").strip()
        if answer.lower() in ("q", "quit", "exit"):
            raise KeyboardInterrupt
        if answer.isdigit() and 1 <= int(answer) <= count:
            return int(answer) - 1
        say(f"Type a number from 1 to {count}.")


def terminal_io(colour: Optional[bool]) -> Tuple[Callable[[str], str], Callable[[str], None], bool]:
    """input and print, and whether to colour (on a terminal, unless told)."""
    if colour is None:
        colour = sys.stdout.isatty()
    return input, print, colour


def serve(
    game: Any,
    target: Any,
    impartial: bool,
    example: Any,
    port: int,
    bind: str,
    open_browser: bool,
    background: bool,
    name: Optional[str],
    about: Optional[str],
) -> Optional[Any]:
    """grundy.serve's body: the server in the background, or in the foreground
    until Ctrl-C."""
    if example is None:
        example = getattr(game, "example", None)
    if example is None:
        raise ValueError(
            "give an example position: grundy.serve(game, example) or a class attribute example"
        )
    text = example if isinstance(example, str) else _shower(target)(example)
    name = name or type(game).__name__
    if about is None:
        doc = (type(game).__doc__ or "").strip().splitlines()
        about = doc[0] if doc else f"{name}: a game written in Python"
    components = callable(getattr(type(target), "components", None))
    server = _grundy._serve(
        target, name, about, text, impartial, components, target.budget, port, bind
    )
    if open_browser:
        import webbrowser  # only here: it loads subprocess, shutil and more

        webbrowser.open(server.url)
    if background:
        return server
    print(f"grundy: serving {name} on {server.url} (Ctrl-C stops)")
    try:
        while True:
            time.sleep(0.2)
    except KeyboardInterrupt:
        print("grundy: stopped")
    finally:
        server.stop()
    return None
