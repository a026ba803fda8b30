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

    def __str__(self) -> str:
        return f"{self.a + 1}-{self.b + 1}"


class CollapseTo(int):
    """The chooser's answer to a pending collapse: the mark just placed goes to this square."""

    __slots__ = ()

    @property
    def square(self) -> int:
        return int(self)

    def __repr__(self) -> str:
        return f"CollapseTo({int(self)})"

    def __str__(self) -> str:
        return f"collapse to {int(self) + 1}"


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


Action = Union[Mark, CollapseTo, LastMark]
"""Anything ``GoffGame.legal_moves()`` lists."""
