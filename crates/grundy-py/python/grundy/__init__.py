"""Combinatorial games solved exactly, from Python.

Every built-in game and command of the ``grundy`` command line, with the same
answers::

    >>> import grundy
    >>> grundy.analyze("nim", "3,5,7")["to_move_wins"]
    True
    >>> str(grundy.value("{1|0} + {1|0}"))
    '1'
    >>> grundy.sequence("octal", code="0.77").period
    12

and your own games in a few lines of Python, solved by the Rust engines (your
code is called only for moves, each position once)::

    class Kayles(grundy.HeapGame):
        def moves(self, n):
            for take in (1, 2):
                for a in range(n - take + 1):
                    yield tuple(h for h in (a, n - take - a) if h)

    Kayles().sequence(200).period   # 12, from preperiod 71

See ``docs/python.md`` in the repository for a walk-through.
"""

from __future__ import annotations

# The typing module, the terminal and browser play (_play) and what they import are
# loaded only when needed: `import grundy` stays light (about a megabyte over the
# interpreter, most of it the native module).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Hashable, Iterable, List, Optional, Tuple, Union

    Heaps = Union[int, Tuple[int, ...]]

from . import _grundy
from ._grundy import (
    DEFAULT_BUDGET,
    Book,
    BudgetExceeded,
    CycleError,
    GrundyError,
    NoTheory,
    Sequence,
    Server,
    TimeLimitExceeded,
    Unsolved,
    Unsupported,
    Value,
    analyze,
    build_book,
    check,
    check_certificate,
    game_value,
    games,
    gen,
    genus,
    judge,
    quotient,
    sequence,
    stress,
    validate,
    value,
    verify,
)

__all__ = [
    "DEFAULT_BUDGET",
    "Book",
    "BudgetExceeded",
    "CycleError",
    "GrundyError",
    "HeapGame",
    "ImpartialGame",
    "NoTheory",
    "PartizanGame",
    "Sequence",
    "Server",
    "TimeLimitExceeded",
    "Unsolved",
    "Unsupported",
    "Value",
    "analyze",
    "build_book",
    "check",
    "check_certificate",
    "game_value",
    "games",
    "gen",
    "genus",
    "judge",
    "quotient",
    "sequence",
    "serve",
    "stress",
    "validate",
    "value",
    "verify",
]

__version__ = "0.1.0"

_SOLVER = "_grundy_solver"
_SERIAL = "_grundy_serial"


class _Serial:
    """One game's engine, entered by one thread at a time.

    The engine a game keeps between calls is not shared while it works: a second
    thread that calls the game meanwhile waits for the first (its wait releases the
    GIL, and Ctrl-C interrupts it), and a call from inside the game's own ``moves``
    (the same thread, the engine already at work) raises :class:`RuntimeError`
    saying so.
    """

    def __init__(self, game: object) -> None:
        import threading

        self._name = type(game).__name__
        self._lock = threading.Lock()
        self._ident = threading.get_ident
        self._owner: Optional[int] = None

    def __enter__(self) -> None:
        me = self._ident()
        if self._owner == me:
            raise RuntimeError(
                f"{self._name}: the game was called from inside its own moves while its "
                "engine was at work; call another instance of the game there"
            )
        self._lock.acquire()
        self._owner = me

    def __exit__(self, *exc: object) -> None:
        self._owner = None
        self._lock.release()


def _serial(game: object) -> _Serial:
    """The guard of ``game``'s engine (made on first use, once across threads)."""
    guard: Optional[_Serial] = game.__dict__.get(_SERIAL)
    if guard is None:
        guard = game.__dict__.setdefault(_SERIAL, _Serial(game))
    return guard


def _has_components(game: object) -> bool:
    return callable(getattr(type(game), "components", None))


class ImpartialGame:
    """An impartial game of your own: both players have the same moves.

    Subclass it and define ``moves(self, position)``, returning an iterable of the
    positions the player to move can move to. A position is any hashable Python
    value (a tuple, a string, a number, a frozenset). Optionally define
    ``components(self, position)``, returning the independent parts a position is
    the sum of (its Grundy value is the XOR of theirs); a part that returns itself
    as its only component is one part.

    The Rust engine explores the game from the positions you ask about, calling
    ``moves`` once per position, and keeps what it solved between calls. At most
    ``budget`` positions are held (the class attribute, or ``budget=`` on a
    call); past it :class:`BudgetExceeded` is raised. An exception raised in
    ``moves`` reaches you unchanged; a position that repeats in one line of play
    raises :class:`CycleError` naming it; Ctrl-C stops a long computation.
    """

    #: The most positions held at once (each costs memory).
    budget: int = DEFAULT_BUDGET

    def moves(self, position: Any) -> Iterable[Hashable]:
        """The positions the player to move can move to from ``position``."""
        raise NotImplementedError(f"{type(self).__name__} must define moves(self, position)")

    def _solver(self) -> _grundy._Solver:
        solver: Optional[_grundy._Solver] = self.__dict__.get(_SOLVER)
        if solver is None:
            solver = _grundy._Solver(self, True, _has_components(self), self.budget)
            self.__dict__[_SOLVER] = solver
        return solver

    def grundy(self, position: Hashable, *, budget: Optional[int] = None) -> int:
        """The Grundy value of ``position``: 0 exactly when the player to move loses."""
        with _serial(self):
            return self._solver().grundy(position, budget)

    def outcome(self, position: Hashable, *, budget: Optional[int] = None) -> str:
        """``'N'`` when the player to move wins, ``'P'`` when they lose."""
        return "N" if self.grundy(position, budget=budget) else "P"

    def winning_moves(self, position: Hashable, *, budget: Optional[int] = None) -> List[Any]:
        """The positions to move to that win (those of Grundy value 0), in the order
        ``moves`` lists them."""
        with _serial(self):
            return self._solver().winning_moves(position, "L", budget)

    def remoteness(self, position: Hashable, *, budget: Optional[int] = None) -> int:
        """How many moves the game lasts under best play: the winner hurries, the
        loser stalls. Odd exactly when the player to move wins."""
        with _serial(self):
            return self._solver().remoteness(position, budget)

    def value(self, position: Hashable, *, budget: Optional[int] = None) -> Value:
        """The value of ``position`` as a :class:`Value` (the nimber ``*g``)."""
        with _serial(self):
            return self._solver().value(position, budget)

    def held(self) -> int:
        """How many positions the engine holds for this game."""
        with _serial(self):
            return self._solver().held()

    def clear(self) -> None:
        """Forgets every position solved (after ``moves`` changed, say)."""
        with _serial(self):
            self.__dict__.pop(_SOLVER, None)

    def play(
        self, position: Hashable, *, you_first: bool = True, colour: Optional[bool] = None
    ) -> bool:
        """Play ``position`` against the perfect engine in the terminal: your moves
        are listed with whether each wins (green) or loses (red) and in how many
        moves; type a move's number (``q`` quits). Returns True when you win."""
        from . import _play

        ask, say, colour = _play.terminal_io(colour)
        return _play.play_impartial(self, position, you_first, ask, say, colour)


class PartizanGame:
    """A partizan game of your own: Left and Right have moves of their own.

    Subclass it and define ``left_moves(self, position)`` and
    ``right_moves(self, position)``, each returning an iterable of positions
    (hashable values). Optionally define ``components(self, position)``: the
    independent parts whose values add up to the position's value.

    Values are canonical forms (:class:`Value`); budgets, errors, cycles and
    Ctrl-C behave as in :class:`ImpartialGame`.
    """

    #: The most positions held at once (each costs memory).
    budget: int = DEFAULT_BUDGET

    def left_moves(self, position: Any) -> Iterable[Hashable]:
        """The positions Left can move to from ``position``."""
        raise NotImplementedError(
            f"{type(self).__name__} must define left_moves(self, position)"
        )

    def right_moves(self, position: Any) -> Iterable[Hashable]:
        """The positions Right can move to from ``position``."""
        raise NotImplementedError(
            f"{type(self).__name__} must define right_moves(self, position)"
        )

    def _solver(self) -> _grundy._Solver:
        solver: Optional[_grundy._Solver] = self.__dict__.get(_SOLVER)
        if solver is None:
            solver = _grundy._Solver(self, False, _has_components(self), self.budget)
            self.__dict__[_SOLVER] = solver
        return solver

    def value(self, position: Hashable, *, budget: Optional[int] = None) -> Value:
        """The canonical form of ``position``."""
        with _serial(self):
            return self._solver().value(position, budget)

    def outcome(self, position: Hashable, *, budget: Optional[int] = None) -> str:
        """``'L'`` (Left wins whoever starts), ``'R'``, ``'N'`` (the player to move
        wins) or ``'P'`` (the player to move loses)."""
        return self.value(position, budget=budget).outcome

    def winning_moves(
        self, position: Hashable, player: str = "L", *, budget: Optional[int] = None
    ) -> List[Any]:
        """The positions ``player`` (``'L'`` or ``'R'``) can move to that win for
        them, moving first: after the move the opponent, to move, loses."""
        with _serial(self):
            return self._solver().winning_moves(position, player, budget)

    def held(self) -> int:
        """How many positions the engine holds for this game."""
        with _serial(self):
            return self._solver().held()

    def clear(self) -> None:
        """Forgets every position solved."""
        with _serial(self):
            self.__dict__.pop(_SOLVER, None)

    def play(
        self,
        position: Hashable,
        *,
        you: str = "L",
        first: str = "L",
        colour: Optional[bool] = None,
    ) -> bool:
        """Play ``position`` against the perfect engine in the terminal, you as
        ``you`` (``'L'`` or ``'R'``), ``first`` moving first. Returns True when
        you win."""
        you, first = you.upper()[:1], first.upper()[:1]
        if you not in ("L", "R") or first not in ("L", "R"):
            raise ValueError("you and first are 'L' (Left) or 'R' (Right)")
        from . import _play

        ask, say, colour = _play.terminal_io(colour)
        return _play.play_partizan(self, position, you, first, ask, say, colour)



class HeapGame:
    """A heap game of your own: a position is a collection of heaps, and a move
    changes one heap.

    Subclass it and define ``moves(self, n)``, yielding the tuples of heap sizes
    that a heap of ``n`` can become: ``()`` removes it, ``(a,)`` leaves ``a``,
    ``(a, b)`` splits it in two. A position of several heaps is their sum.

    :meth:`sequence` gives G(0), ..., G(N) and the period the values show. It is
    never called proven: no theorem covers moves given by a function (for a
    proof, use :func:`grundy.sequence` with a built-in ``octal`` or
    ``subtraction`` game, whose periods are proven with certificates).
    """

    #: The most positions held at once (each costs memory).
    budget: int = DEFAULT_BUDGET

    def moves(self, n: int) -> Iterable[Tuple[int, ...]]:
        """The tuples of heap sizes a heap of ``n`` can become."""
        raise NotImplementedError(f"{type(self).__name__} must define moves(self, n)")

    def _solver(self) -> _grundy._HeapSolver:
        solver: Optional[_grundy._HeapSolver] = self.__dict__.get(_SOLVER)
        if solver is None:
            solver = _grundy._HeapSolver(self, self.budget)
            self.__dict__[_SOLVER] = solver
        return solver

    def sequence(self, n: int, *, budget: Optional[int] = None) -> Sequence:
        """G(0), ..., G(n) of single heaps, with the period they show
        (``.proven`` is False: "periodic through n")."""
        with _serial(self):
            values = self._solver().sequence(n, budget)
        return _grundy._user_sequence(type(self).__name__, values)

    def grundy(self, heaps: Heaps, *, budget: Optional[int] = None) -> int:
        """The Grundy value of a heap, or of a tuple of heaps (the XOR of theirs)."""
        with _serial(self):
            return self._solver().grundy(heaps, budget)

    def outcome(self, heaps: Heaps, *, budget: Optional[int] = None) -> str:
        """``'N'`` when the player to move wins, ``'P'`` when they lose."""
        return "N" if self.grundy(heaps, budget=budget) else "P"

    def winning_moves(self, heaps: Heaps, *, budget: Optional[int] = None) -> List[Tuple[int, ...]]:
        """The positions (sorted tuples of heaps) to move to that win."""
        with _serial(self):
            return self._solver().winning_moves(heaps, budget)

    def remoteness(self, heaps: Heaps, *, budget: Optional[int] = None) -> int:
        """How many moves the game lasts under best play."""
        with _serial(self):
            return self._solver().remoteness(heaps, budget)

    def held(self) -> int:
        """How many positions the engine holds for this game."""
        with _serial(self):
            return self._solver().held()

    def clear(self) -> None:
        """Forgets every position solved."""
        with _serial(self):
            self.__dict__.pop(_SOLVER, None)
        self.__dict__.pop("_grundy_sums", None)

    def as_impartial(self) -> "ImpartialGame":
        """This game as an :class:`ImpartialGame` whose positions are sorted tuples
        of heaps (what terminal play and the web playground use)."""
        sums = self.__dict__.get("_grundy_sums")
        if sums is None:
            sums = _HeapSums(self)
            self.__dict__["_grundy_sums"] = sums
        return sums

    def play(self, heaps: Heaps, *, you_first: bool = True, colour: Optional[bool] = None) -> bool:
        """Play the heaps against the perfect engine in the terminal. Returns True
        when you win."""
        start = (heaps,) if isinstance(heaps, int) else tuple(sorted(heaps))
        return self.as_impartial().play(start, you_first=you_first, colour=colour)


class _HeapSums(ImpartialGame):
    """A heap game's positions as sorted tuples of heaps, moving in one heap."""

    def __init__(self, heaps: HeapGame) -> None:
        self.heaps = heaps
        self.budget = heaps.budget

    def moves(self, position: Tuple[int, ...]) -> Iterable[Tuple[int, ...]]:
        for i, h in enumerate(position):
            if i > 0 and position[i - 1] == h:
                continue
            rest = position[:i] + position[i + 1 :]
            for replacement in self.heaps.moves(h):
                yield tuple(sorted(rest + tuple(replacement)))

    def components(self, position: Tuple[int, ...]) -> List[Tuple[int, ...]]:
        return [(h,) for h in position]


def serve(
    game: Union[ImpartialGame, PartizanGame, HeapGame],
    example: Any = None,
    *,
    port: int = 8080,
    bind: str = "127.0.0.1",
    open: bool = False,
    background: bool = False,
    name: Optional[str] = None,
    about: Optional[str] = None,
) -> Optional[Server]:
    """Serve the web playground with your game beside the built-in ones: analysis,
    a match against the engine, moves coloured by who wins.

    ``example`` is the position the page starts with (or the game's class
    attribute ``example``); positions are written as the game's ``show`` writes
    them and read by its ``parse`` (by default Python literals; frozensets as
    ``frozenset({...})``). The server listens on ``bind``:``port`` (this machine
    only unless told; port 0 picks a free one). In the foreground it serves until
    Ctrl-C; with ``background=True`` it returns a :class:`Server` (``.url``,
    ``.stop()``, a context manager)."""
    if isinstance(game, HeapGame):
        target: Any = game.as_impartial()
        impartial = True
        if isinstance(example, int):
            example = (example,)
        elif isinstance(example, tuple):
            example = tuple(sorted(example))
    elif isinstance(game, ImpartialGame):
        target, impartial = game, True
    elif isinstance(game, PartizanGame):
        target, impartial = game, False
    else:
        raise TypeError("serve takes a grundy.ImpartialGame, PartizanGame or HeapGame")
    from . import _play

    return _play.serve(game, target, impartial, example, port, bind, open, background, name, about)
