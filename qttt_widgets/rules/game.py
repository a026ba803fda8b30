"""The contract every game of the house keeps, in OpenSpiel's manner.

A game is a mutable object with a history. :class:`Game` owns what the games share, and each
game (``GoffGame``, ``QubitGame``, ``ClassicalBoard``) supplies only its hooks:

=====================  ==========================================================================
owned by ``Game``      ``history``, ``redo_stack``, ``undo()``, ``redo()``, ``copy()``, ``key()``,
                       ``==`` (same position), ``snapshot()``, ``is_over``, ``winner``,
                       ``replay_record`` (a record's moves and redo stack played back)
each game supplies     ``kind`` and ``FORMAT``; ``legal_moves()``, ``apply(action)``,
                       ``current_player()``, ``outcome()``; the hooks ``_snapshot`` /
                       ``_restore`` (a state to return to), ``_redo_entry`` (replay one stored
                       entry), ``_step`` (a stored entry as its typed history step) and
                       ``_position`` (what ``==`` and ``key()`` compare); ``to_record`` /
                       ``from_record`` (given again the keywords a record cannot hold,
                       such as a QubitGame's ``measurer``)
=====================  ==========================================================================

* **Actions.** ``legal_moves()`` lists typed actions (Goff's ``Mark`` / ``CollapseTo`` /
  ``LastMark``, the qubit game's ``QubitMove``, classical ``Square``), and ``apply`` takes
  them. ``history`` lists *steps*: each step has ``.action`` (the typed action as
  ``legal_moves`` listed it) and ``.outcome`` (what chance gave, or None). Every step and
  action still compares equal to, and unpacks like, the plain form the game used before.
* **Whose turn.** ``current_player()``: ``'X'``, ``'O'``, ``CHANCE`` when nature acts, or
  None once the game is over. (``to_move`` stays, as the lessons use it: the player whose
  mark or choice comes next, even at the end.)
* **How it ended.** ``outcome()`` returns one :class:`Outcome`.
* **Hashing.** A game changes, so it is not hashable; ``key()`` is its immutable snapshot key
  (equal positions give equal keys) for dicts and sets.
* **Records.** ``read_envelope`` (in ``rules.limits``) checks the format and version of every
  record with one rule; ``Game.replay_record`` plays a record's moves and redo stack back,
  and turns a move the rules refuse into a RecordError naming the move.

>>> from qttt_widgets.rules.classical import ClassicalBoard
>>> b = ClassicalBoard().apply(4).apply(0)
>>> b.current_player(), b.history, b.history[0].action, b.outcome().text
('X', (4, 0), 4, 'in play')
>>> half_point(1.5), half_point(0.5, half="1/2"), signed_points(-0.5)
('1½', '1/2', '−½')
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Hashable, Sequence

PLAYERS = ("X", "O")
CHANCE = "chance"
"""The decider of a random event: nature, not a player (OpenSpiel's chance player)."""


def other(player: str) -> str:
    """The opponent of ``player`` ('X' or 'O')."""
    return "O" if player == "X" else "X"


def half_point(value: float, half: str = "½") -> str:
    """Points as people write them: ``1``, ``½``, ``1½`` (``half="1/2"`` writes ``1/2``).
    The one formatter of a half point in the library."""
    whole = int(abs(value))
    sign = "-" if value < 0 else ""
    if abs(value) - whole == 0.5:
        return f"{sign}{half}" if whole == 0 else f"{sign}{whole}{half}"
    return f"{sign}{whole}" if abs(value) == whole else f"{value:g}"


def signed_points(value: float) -> str:
    """A value (X's points minus O's) with its sign: ``+1``, ``−½``, ``0``; an average over
    the coin that is not a half as a decimal (``+0.75``)."""
    if value == 0:
        return "0"
    if abs(value) == 0.5 or value == int(value):
        return ("+" if value > 0 else "−") + half_point(abs(value))
    return f"{value:+g}"


@dataclass(frozen=True)
class Outcome:
    """How a game stands: ``over``; the ``winner`` ('X', 'O', or None for a draw or while
    playing); ``points``, X's then O's (Goff: its points; the other games: 1 to the winner, ½
    each for a draw, 0 while playing); ``text`` in words (each game's own)."""

    over: bool
    winner: str | None
    points: tuple[float, float]
    text: str

    def points_of(self, player: str) -> float:
        return self.points[PLAYERS.index(player)]

    @property
    def value(self) -> float:
        """X's points minus O's."""
        return self.points[0] - self.points[1]


def result_outcome(result: str | None, text: str) -> Outcome:
    """The Outcome of a game whose result is 'X', 'O', 'draw' or None (still playing)."""
    if result is None:
        return Outcome(False, None, (0.0, 0.0), text)
    if result == "draw":
        return Outcome(True, None, (0.5, 0.5), text)
    return Outcome(True, result, (1.0, 0.0) if result == "X" else (0.0, 1.0), text)


class Game:
    """The base of the games: history, undo/redo, copy, equality and the snapshot key.

    A subclass keeps ``self._history`` (a list of (entry, state before it)) and
    ``self._future`` (entries undone, for redo), and supplies the hooks named in the module's
    docstring. ``apply`` clears ``_future``.
    """

    kind: ClassVar[str] = ""
    """The registry's name for the game (``rules.registry``); GoffGame's depends on its rules."""
    FORMAT: ClassVar[str] = ""
    """The ``format`` field of the game's records."""

    _history: list
    _future: list

    # --- hooks ---------------------------------------------------------------------
    def _snapshot(self) -> Any:                    # pragma: no cover - each game has one
        raise NotImplementedError

    def _restore(self, snap: Any) -> None:         # pragma: no cover
        raise NotImplementedError

    def _redo_entry(self, entry: Any) -> None:     # pragma: no cover
        raise NotImplementedError

    def _step(self, entry: Any) -> Any:            # pragma: no cover
        raise NotImplementedError

    def _position(self) -> tuple:                  # pragma: no cover
        raise NotImplementedError

    def outcome(self) -> Outcome:                  # pragma: no cover
        raise NotImplementedError

    def current_player(self) -> str | None:        # pragma: no cover
        raise NotImplementedError

    def legal_moves(self) -> list:                 # pragma: no cover
        raise NotImplementedError

    def apply(self, action: Any) -> "Game":        # pragma: no cover
        raise NotImplementedError

    def to_record(self) -> dict:                   # pragma: no cover
        raise NotImplementedError

    @classmethod
    def from_record(cls, record: object) -> "Game":    # pragma: no cover
        """The game ``to_record`` wrote. A game whose constructor has keywords a record cannot
        hold takes them here too, as keyword arguments (a QubitGame's ``measurer``, a function;
        a GoffGame's ``explicit_chance``, how the game is driven); ``registry.load`` passes them
        on, and a game without one refuses it (TypeError)."""
        raise NotImplementedError

    # --- owned here ------------------------------------------------------------------
    @property
    def history(self) -> tuple:
        """The steps so far, oldest first: each has ``.action`` and ``.outcome``."""
        step = self._step
        return tuple(step(entry) for entry, _ in self._history)

    @property
    def redo_stack(self) -> tuple:
        """The steps ``redo`` would replay, next first."""
        step = self._step
        return tuple(step(entry) for entry in reversed(self._future))

    def undo(self) -> "Game":
        """Take back the last step (with what chance gave in it)."""
        from .errors import IllegalMove
        if not self._history:
            raise IllegalMove("nothing to undo: this is the start of the game", rule="nothing-to-undo")
        entry, snap = self._history.pop()
        self._restore(snap)
        self._future.append(entry)
        return self

    def redo(self) -> "Game":
        """Replay the last step undone, exactly (chance gives what it gave)."""
        from .errors import IllegalMove
        if not self._future:
            raise IllegalMove("nothing to redo", rule="nothing-to-redo")
        self._redo_entry(self._future.pop())
        return self

    def replay_record(self, moves: Sequence[Any], redo: Sequence[Any] = (), *,
                      label: Callable[[int, str, Any], str],
                      play: Callable[[Any], object] | None = None,
                      read: Callable[[Any, int, str], Any] | None = None) -> "Game":
        """Play a record's ``moves``, then its ``redo`` stack (next first), and undo the redo
        stack's moves again, so the game stands where the record's player stood, with the same
        redo stack. ``from_record`` builds the game, then calls this.

        Each entry is counted from 1 across both lists, and is in ``"moves"`` or ``"redo"``
        (``where``). ``read(entry, i, where)``, if given, turns a raw entry into what ``play``
        takes, raising RecordError itself when the entry is malformed (its message is kept as
        it is). ``play(entry)`` (default ``self.apply``) plays it; when the rules refuse it
        (IllegalMove) or the play finds the record wrong (RecordError), a RecordError
        ``"{label(i, where, entry)}: {what is wrong}"`` is raised, and the game may be left
        part-way: a load builds a new game and drops it. Returns the game.

        >>> from qttt_widgets.rules.classical import ClassicalBoard
        >>> b = ClassicalBoard().replay_record([4, 0], [8], label=lambda i, where, sq: f"move {i}")
        >>> b.history, b.redo_stack
        ((4, 0), (8,))
        >>> ClassicalBoard().replay_record([4, 4], label=lambda i, where, sq: f"{where}, move {i}")
        Traceback (most recent call last):
        ...
        qttt_widgets.rules.errors.RecordError: moves, move 2: square 5 already holds X
        """
        from .errors import IllegalMove, RecordError
        play = self.apply if play is None else play
        for i, raw in enumerate([*moves, *redo], 1):
            where = "moves" if i <= len(moves) else "redo"
            entry = raw if read is None else read(raw, i, where)
            try:
                play(entry)
            except (IllegalMove, RecordError) as e:
                text = e.people if isinstance(e, IllegalMove) else str(e)
                raise RecordError(f"{label(i, where, entry)}: {text}") from None
        for _ in redo:
            self.undo()
        return self

    def copy(self) -> "Game":
        """An independent game in the same state, history and redo stack included."""
        new = self.__class__.__new__(self.__class__)
        new.__dict__.update(self.__dict__)
        new._restore(self._snapshot())
        new._history = list(self._history)
        new._future = list(self._future)
        return new

    MUTATORS: ClassVar[tuple[str, ...]] = ("apply", "undo", "redo")
    """The methods that change a game (each game adds its own): a snapshot refuses them."""

    def snapshot(self) -> "Game":
        """An immutable copy to hand to a view: it reads as this game does (and equals it), but
        every method in ``MUTATORS`` raises TypeError; ``snapshot().copy()`` is an ordinary,
        changeable game."""
        snap = self.copy()
        snap.__class__ = _frozen(self.__class__)
        return snap

    @property
    def frozen(self) -> bool:
        """True for a snapshot (``snapshot()``), which cannot change."""
        return False

    @property
    def is_over(self) -> bool:
        return self.outcome().over

    @property
    def winner(self) -> str | None:
        """'X' or 'O' once that player has won; None for a draw or while playing."""
        return self.outcome().winner

    def key(self) -> Hashable:
        """An immutable key of the position: equal games have equal keys. Use it where a game
        would be a dict key or a set member (games change, so they are not hashable)."""
        return (self.kind, self._position())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game) or _thawed(type(other)) is not _thawed(type(self)):
            return NotImplemented
        return self._position() == other._position()

    __hash__ = None     # type: ignore[assignment]  # mutable: hash game.key() instead


_FROZEN: dict[type, type] = {}


def _thawed(cls: type) -> type[Game]:
    return getattr(cls, "_thawed_class", cls)


def _frozen(cls: type) -> type:
    """The read-only subclass of the game class ``cls`` that snapshots belong to (made once)."""
    if cls in _FROZEN:
        return _FROZEN[cls]
    base = _thawed(cls)

    def refuse(name: str) -> Any:
        def method(self: Game, *args: Any, **kwargs: Any) -> Any:
            raise TypeError(f"this {base.__name__} is a snapshot, which cannot change ({name}); "
                            "send the action to the game's owner, or change snapshot.copy()")
        method.__name__ = name
        return method

    def copy(self: Game) -> Game:
        new = base.copy(self)
        new.__class__ = base
        return new

    namespace: dict[str, Any] = {name: refuse(name) for name in base.MUTATORS}
    namespace.update(copy=copy, _thawed_class=base, frozen=property(lambda self: True),
                     from_record=classmethod(lambda _cls, *args, **kwargs: base.from_record(*args, **kwargs)),
                     __doc__=f"A snapshot of a {base.__name__}: reads as one, refuses to change.",
                     __module__=base.__module__, __qualname__=base.__qualname__)
    frozen = _FROZEN[cls] = _FROZEN[base] = type(base.__name__, (base,), namespace)
    _FROZEN[frozen] = frozen
    return frozen
