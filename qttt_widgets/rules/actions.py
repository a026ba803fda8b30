"""The actions of Goff's game as typed values with a readable form.

``GoffGame.legal_moves()`` lists these, and ``GoffGame.apply`` takes them (it still takes the
plain pair ``(a, b)`` and the plain square ``s`` too). Squares are 0..8 in code; ``str`` counts
them from 1, as people do:

>>> str(Mark(0, 8)), str(CollapseTo(4)), str(LastMark(2))
('1-9', 'collapse to 5', 'last mark in 3')

They stay compatible with code written for the plain forms: a ``Mark`` is a tuple
(``Mark(0, 8) == (0, 8)``, ``a, b = mark``), and ``CollapseTo`` / ``LastMark`` are ints
(``CollapseTo(4) == 4``), so ``isinstance(action, tuple)`` still tells a mark from a square.
"""
from __future__ import annotations

from typing import NamedTuple, Union


class Mark(NamedTuple):
    """A spooky mark in squares ``a`` and ``b`` (0..8, ``a < b`` as ``legal_moves`` lists them)."""

    a: int
    b: int

    @property
    def label(self) -> str:
        """The action in a game's review: '1-9', 'collapse to 5', 'classical 3'."""
        return str(self)

    def __str__(self) -> str:
        return f"{self.a + 1}-{self.b + 1}"

    @property
    def short(self) -> str:
        """The squares as people write them in a list of moves: '1-9'."""
        return f"{self.a + 1}-{self.b + 1}"


class CollapseTo(int):
    """The chooser's answer to a pending collapse: the mark just placed goes to this square."""

    __slots__ = ()

    @property
    def label(self) -> str:
        return str(self)

    @property
    def square(self) -> int:
        return int(self)

    def __repr__(self) -> str:
        return f"CollapseTo({int(self)})"

    def __str__(self) -> str:
        return f"collapse to {int(self) + 1}"

    @property
    def short(self) -> str:
        """The square, counted from 1: '5'."""
        return str(int(self) + 1)


class LastMark(int):
    """The classical last mark, in the one square without a classical mark."""

    __slots__ = ()

    @property
    def square(self) -> int:
        return int(self)

    def __repr__(self) -> str:
        return f"LastMark({int(self)})"

    def __str__(self) -> str:
        return f"last mark in {int(self) + 1}"

    @property
    def short(self) -> str:
        """The square, counted from 1: '3'."""
        return str(int(self) + 1)

    @property
    def label(self) -> str:
        return f"classical {int(self) + 1}"


Action = Union[Mark, CollapseTo, LastMark]
"""Anything ``GoffGame.legal_moves()`` lists."""


class GoffStep(tuple):
    """One step of ``GoffGame.history``: the typed ``action`` as ``legal_moves`` listed it, and
    the ``outcome`` chance gave it (the square a random collapse sent the mark to, else None).

    It is also the plain tuple the history has always held, so old code keeps working:
    ``('mark', a, b)``, ``('mark', a, b, outcome)`` under random collapse, ``('collapse', s)``
    and ``('classical', s)``:

    >>> step = GoffStep(("mark", 8, 0, 8))
    >>> step == ("mark", 8, 0, 8), step.action, step.outcome, step.kind
    (True, Mark(a=0, b=8), 8, 'mark')
    >>> GoffStep(("collapse", 4)).action, GoffStep(("classical", 2)).action
    (CollapseTo(4), LastMark(2))
    """

    __slots__ = ()

    @property
    def kind(self) -> str:
        """'mark', 'collapse' or 'classical'."""
        return self[0]

    @property
    def action(self) -> Action:
        kind = self[0]
        if kind == "mark":
            a, b = self[1], self[2]
            return Mark(a, b) if a < b else Mark(b, a)
        if kind == "collapse":
            return CollapseTo(self[1])
        return LastMark(self[1])

    @property
    def outcome(self) -> int | None:
        return self[3] if len(self) > 3 else None
