"""A perfect Notakto player (the players layer of the example: it imports the rules only).

Notakto on 3 x 3 has at most 2**9 positions, so the player searches them all: a position is
won for the player to move if a line is already on the board (the other player completed
it) or some move leads to a position lost for the opponent. There are no draws.

>>> from notakto_rules import Notakto
>>> mover_wins(Notakto().cells)
True
"""
from __future__ import annotations

import random
from functools import lru_cache

from notakto_rules import LINES, Notakto


def _has_line(cells: tuple) -> bool:
    return any(all(cells[i] == "X" for i in line) for line in LINES)


@lru_cache(maxsize=None)
def mover_wins(cells: tuple) -> bool:
    """True if the player to move in ``cells`` wins with perfect play (whoever it is)."""
    if _has_line(cells):
        return True                                      # the opponent completed a line
    return any(not mover_wins(cells[:i] + ("X",) + cells[i + 1:])
               for i, c in enumerate(cells) if c is None)


def winning_moves(cells: tuple) -> list[int]:
    """The squares (0..8) that leave the opponent in a lost position."""
    if _has_line(cells):
        return []
    return [i for i, c in enumerate(cells) if c is None
            and not mover_wins(cells[:i] + ("X",) + cells[i + 1:])]


class NotaktoPerfectPlayer:
    """Plays a winning move when it has one (uniformly among them); in a lost position, a move
    that does not complete a line at once if there is one, so a human must still find the win."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, game: Notakto):
        moves = game.legal_moves()
        if not moves:
            raise ValueError("the game is over: there is nothing to choose")
        cells = game.cells
        best = set(winning_moves(cells))
        safe = [m for m in moves if not _has_line(cells[:m] + ("X",) + cells[m + 1:])]
        return self.rng.choice([m for m in moves if m in best] or safe or moves)
