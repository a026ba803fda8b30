"""The ESILV board heuristic h(B) (seed 001), computed on the classical marks of a board
(X = +1, O = -1): terminal +-10,000; otherwise lines (2 own and no opposing mark +-100; 1 own
and 2 empty +-10), forks (two or more such threats +-500), the centre +-40, corners (two or
more +-50, one +-30) and open diagonals +-20. Positive favours X.

h depends only on the nine cells, so its values are kept (at most 3^9 = 19,683 boards): the
searches of the minimax players ask for the same boards again and again.
"""
from __future__ import annotations

from functools import lru_cache

from qttt_widgets.rules.classical import winning_lines

LINES = winning_lines(3)
CORNERS = (0, 2, 6, 8)
DIAGONALS = ((0, 4, 8), (2, 4, 6))
LINES_THROUGH = {sq: frozenset(i for i, line in enumerate(LINES) if sq in line) for sq in range(9)}


def cells_of(board) -> list[int]:
    """+1 / -1 / 0 per square from a game's ``cells`` (a GoffGame's classical marks, a
    ClassicalBoard's marks: 'X', 'O' or None), or from a list of cells."""
    cells = board.cells if hasattr(board, "cells") else board
    return [1 if c in ("X", 1) else -1 if c in ("O", -1) else 0 for c in cells]


def h(board) -> float:
    """The ESILV heuristic of a classical board (list of +1/-1/0, or a game's classical marks)."""
    return _h(tuple(cells_of(board)))


@lru_cache(maxsize=None)
def _h(b: tuple) -> float:
    for line in LINES:
        s = b[line[0]] + b[line[1]] + b[line[2]]
        if s == 3:
            return 10_000.0
        if s == -3:
            return -10_000.0
    if 0 not in b:
        return 0.0
    score = 0.0
    threats_x = threats_o = 0
    for line in LINES:
        vals = [b[i] for i in line]
        x, o, empty = vals.count(1), vals.count(-1), vals.count(0)
        if x == 2 and o == 0:
            score += 100
            threats_x += 1
        elif x == 1 and o == 0 and empty == 2:
            score += 10
        if o == 2 and x == 0:
            score -= 100
            threats_o += 1
        elif o == 1 and x == 0 and empty == 2:
            score -= 10
    score += (500 if threats_x >= 2 else 0) - (500 if threats_o >= 2 else 0)
    score += 40 * b[4]
    nx = sum(1 for c in CORNERS if b[c] == 1)
    no = sum(1 for c in CORNERS if b[c] == -1)
    score += (50 if nx >= 2 else 30 if nx == 1 else 0) - (50 if no >= 2 else 30 if no == 1 else 0)
    for diag in DIAGONALS:
        vals = [b[i] for i in diag]
        if 1 in vals and -1 not in vals:
            score += 20
        elif -1 in vals and 1 not in vals:
            score -= 20
    return score
