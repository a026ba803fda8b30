"""The scoring rule of Goff's game, written once, over bit masks of the board.

A position's classical marks are two masks of squares (bit i for square i, 0..8): ``X``
for X's marks and ``O`` for O's, with ``subs[i]`` the subscript (move number) of the mark
in square i. The rule:

* a line of three classical marks scores 1 point for its player; two lines at once
  (possible for X only) score 2;
* when one collapse gives both players a line, the line whose largest subscript is
  smaller scores 1 and the other 1/2;
* a full board with no line is a draw; otherwise the game goes on.

The value is X's points minus O's, kept doubled (``doubled_score``) so that halves stay
whole numbers. ``GoffGame`` scores with it and so does the solver, inside its search: the
tables make it a few lookups, and the subscripts are read only when both players have a line
(``needs_subscripts``), so a caller may skip building them otherwise.

>>> X = 0b000000111                 # X on squares 0, 1, 2: the top row
>>> doubled_score(X, 0b000011000, None), points(2)
(2, {'X': 1.0, 'O': 0.0})
>>> subs = [1, 3, 5, 2, 4, 6, 0, 0, 0]          # X's row ends at 5, O's (3, 4, 5) at 6
>>> doubled_score(X, 0b000111000, subs), points(1)
(1, {'X': 1.0, 'O': 0.5})
"""
from __future__ import annotations

from typing import Optional, Sequence

from .classical import winning_lines

LINES = tuple(winning_lines(3))
LINE_MASKS = tuple(sum(1 << i for i in line) for line in LINES)
FULL = (1 << 9) - 1
LINE_COUNT = tuple(sum(1 for m in LINE_MASKS if x & m == m) for x in range(FULL + 1))
"""LINE_COUNT[mask]: how many lines the squares of ``mask`` complete."""
LINE_POINTS = tuple(2 * c for c in LINE_COUNT)
"""LINE_POINTS[mask]: twice the points the lines of ``mask`` score while the other player has no
line, so that ``doubled_score`` is then ``LINE_POINTS[X] - LINE_POINTS[O]`` (a table, for the
solver's inner loops)."""
LINES_IN = tuple(tuple(line for line, m in zip(LINES, LINE_MASKS) if x & m == m) for x in range(FULL + 1))
"""LINES_IN[mask]: the lines (square triples) the squares of ``mask`` complete."""


Subscripts = Optional[Sequence[int]]
"""The subscript of the mark in each square (0 where there is none), or None where unread."""


def needs_subscripts(X: int, O: int) -> bool:
    """Whether ``doubled_score`` reads the subscripts: only when both players have a line."""
    return bool(LINE_COUNT[X] and LINE_COUNT[O])


def first_line_end(mask: int, subs: Sequence[int]) -> int:
    """The smallest, over the lines of ``mask``, of the line's largest subscript."""
    lines = LINES_IN[mask]
    if not lines:
        raise ValueError("these squares complete no line")
    first = 1 << 30
    for i, j, k in lines:
        m = subs[i] if subs[i] > subs[j] else subs[j]
        if subs[k] > m:
            m = subs[k]
        if m < first:
            first = m
    return first


def doubled_score(X: int, O: int, subs: Subscripts) -> int | None:
    """Twice (X's points minus O's) if the classical marks end the game, else None.

    ``X`` and ``O`` are the masks of the squares holding classical marks of X and of O;
    ``subs[i]`` the subscript of the mark in square i, read only when both players have a
    line (then the line whose largest subscript is smaller scores 1, the other 1/2)."""
    x = LINE_COUNT[X]
    o = LINE_COUNT[O]
    if x:
        if o:
            if subs is None:
                raise ValueError("both players have a line: the subscripts decide, and none were given")
            # both players have lines only at the end of a collapse, so the calls cost little
            fx, fo = first_line_end(X, subs), first_line_end(O, subs)
            return 1 if fx < fo else -1
        return LINE_POINTS[X]
    if o:
        return -LINE_POINTS[O]
    if X | O == FULL:
        return 0
    return None


def masks(classical: Sequence[tuple[str, int] | None]) -> tuple[int, int, list[int]]:
    """(X's squares, O's squares, subscripts) of a board of classical marks ((player, subscript)
    or None), as ``doubled_score`` takes them."""
    X = O = 0
    subs = [0] * len(classical)
    for i, c in enumerate(classical):
        if c is not None:
            subs[i] = c[1]
            if c[0] == "X":
                X |= 1 << i
            else:
                O |= 1 << i
    return X, O, subs


def points(doubled: int) -> dict:
    """Each player's points from a ``doubled_score``: +1 or -1 is the narrow win (1 point
    to 1/2), an even 2k a win by k lines (k points: X for k > 0, O for k < 0), 0 a draw."""
    if doubled == 1:
        return {"X": 1.0, "O": 0.5}
    if doubled == -1:
        return {"X": 0.5, "O": 1.0}
    if doubled % 2:
        raise ValueError(f"a doubled score is even or +-1, got {doubled!r}")
    return {"X": max(doubled, 0) / 2, "O": max(-doubled, 0) / 2}
