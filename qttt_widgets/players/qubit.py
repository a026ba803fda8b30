"""Opponents for the qubit-per-cell game.

``QubitLookaheadPlayer`` looks one move ahead with the *exact* outcome probabilities
of every measurement the move may trigger (``QubitGame.branches``), scores what can
come out, and checks whether the opponent could then win at once with a classical mark.
"""
from __future__ import annotations

import random

from qttt_widgets.rules.qubit_board import QubitGame, QubitMove

WIN = 100.0


class RandomQubitPlayer:
    """Picks uniformly among all legal moves."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, game: QubitGame) -> tuple:
        return self.rng.choice(game.legal_moves())


def line_pressure(game: QubitGame, player: str) -> float:
    """How close ``player`` is to lines: for every line with no classical opposing mark,
    the square of (own classical marks + P(own) of quantum cells + 0.25 per empty cell)."""
    probs = game.cell_probabilities()
    other = "O" if player == "X" else "X"
    total = 0.0
    for line in game.lines_all:
        if any(game.cells[i] == other for i in line):
            continue
        strength = sum(probs[i][player] if game.cells[i] is not None else 0.25 for i in line)
        total += strength ** 2
    return total


def can_win_at_once(game: QubitGame) -> bool:
    """Can the player to move complete a classical line with one classical mark?"""
    me, cells = game.to_move, game.cells
    for line in game.lines_all:
        empty = [i for i in line if cells[i] is None]
        if len(empty) == 1 and all(cells[i] == me for i in line if i != empty[0]):
            return True
    return False


def value(game: QubitGame, player: str) -> float:
    """Score of a position for ``player``: +-WIN when decided, else line pressure."""
    if game.is_over:
        return 0.0 if game.result == "draw" else (WIN if game.result == player else -WIN)
    other = "O" if player == "X" else "X"
    score = (line_pressure(game, player) - line_pressure(game, other)) / 10.0
    if game.to_move == other and can_win_at_once(game):
        score -= 0.8 * WIN
    return score


class QubitLookaheadPlayer:
    """Chooses the move with the best expected score over its measurement outcomes.

    Bounded work per move, on every board: it scores at most ``budget`` positions. While the
    legal moves fit in the budget, every move is scored (a 3 x 3 board always fits). On larger
    boards the classical marks and the collapse are always scored (an immediate win or block is
    never missed) and the other moves are tried in a random order until the budget runs out.
    A move whose measurement has more than ``most`` outcomes (2**k for k H cells) is scored on
    ``most`` outcomes drawn from the exact tables instead of all of them.

    Ties are broken at random from the player's own seeded generator.
    """

    BUDGET = 1500        # positions scored per move: about 0.3 s of CPU on 5 x 5 (benchmarks/qubit_ai.py)
    MOST = 64            # outcomes of one measurement scored exactly; beyond, sampled

    def __init__(self, seed: int | None = None, budget: int = BUDGET, most: int = MOST):
        if budget < 1 or most < 1:
            raise ValueError("budget and most are positive whole numbers")
        self.rng = random.Random(seed)
        self.budget, self.most = budget, most

    def candidates(self, game: QubitGame) -> list[QubitMove]:
        """The moves to score, in order: all of them while they fit in the budget; else the
        classical marks and the collapse first, then the rest shuffled."""
        moves = game.legal_moves()
        if len(moves) <= self.budget:
            return moves
        sure = [m for m in moves if m[0] in ("place", "collapse")]
        rest = [m for m in moves if m[0] not in ("place", "collapse")]
        self.rng.shuffle(rest)
        return sure + rest

    def evaluate(self, game: QubitGame) -> list[tuple[float, tuple]]:
        """(expected score, move) for the moves scored within the budget, best first."""
        me, left, scored = game.to_move, self.budget, []
        for move in self.candidates(game):
            if left <= 0:
                break
            branches = game.branches(move, most=min(self.most, left), rng=self.rng)
            left -= len(branches)
            scored.append((sum(p * value(after, me) for p, after in branches), move))
        return sorted(scored, key=lambda sm: -sm[0])

    def choose(self, game: QubitGame) -> tuple:
        scored = self.evaluate(game)
        best = scored[0][0]
        return self.rng.choice([m for s, m in scored if s >= best - 1e-9])
