"""Players that work for every game: ``choose(game)`` returns one of ``game.legal_moves()``."""
from __future__ import annotations

import random

from qttt_widgets.rules.classical import ClassicalBoard, optimal_moves
from qttt_widgets.rules.errors import IllegalMove


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
    """Plays 3 x 3 tic-tac-toe perfectly, uniformly at random among the optimal moves.

    >>> ClassicalPerfectPlayer(seed=1).choose(ClassicalBoard()) in range(9)
    True
    """

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, board: ClassicalBoard) -> int:
        """A perfect square for the player to move on ``board`` (a game: its ``key()``)."""
        return self.choose_key(board.key())

    def choose_key(self, key: str) -> int:
        """A perfect square in the 3 x 3 position ``key`` ('X...O....', as ``ClassicalBoard.key()``)."""
        if len(key) != 9:
            raise ValueError("perfect play is tabulated for 3 x 3 boards only")
        moves = optimal_moves(key)
        if not moves:
            raise IllegalMove("the game is over; there is no move to choose")
        return self.rng.choice(moves)
