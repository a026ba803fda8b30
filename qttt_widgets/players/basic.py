"""Players that work for every game: ``choose(game)`` returns one of ``game.legal_moves()``."""
from __future__ import annotations

import random

from qttt_widgets.rules.classical import ClassicalBoard
from qttt_widgets.rules.classical import PerfectPlayer as _ClassicalPerfect


class RandomPlayer:
    """Uniform among the legal actions (marks, collapse choices, classical squares)."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, game):
        moves = game.legal_moves()
        if not moves:
            raise ValueError("the game is over: there is nothing to choose")
        return self.rng.choice(moves)


class ClassicalPerfectPlayer:
    """Perfect classical tic-tac-toe on 3 x 3 (uniform among optimal moves)."""

    def __init__(self, seed: int | None = None):
        self._inner = _ClassicalPerfect(seed)

    def choose(self, board: ClassicalBoard) -> int:
        return self._inner.choose(board)
