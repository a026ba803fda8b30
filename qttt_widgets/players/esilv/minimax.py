"""The ESILV classical AI: tic-tac-toe by alpha-beta minimax over h(B)."""
from __future__ import annotations

import math
import random

from .heuristic import cells_of, h


def minimax(b: list[int], depth: int, alpha: float, beta: float, maximizing: bool) -> float:
    """Alpha-beta minimax on a classical board; leaves (depth 0 or game over) score h(B)."""
    value = h(b)
    if depth == 0 or abs(value) >= 10_000 or 0 not in b:
        return value
    moves = [i for i in range(9) if b[i] == 0]
    if maximizing:
        best = -math.inf
        for i in moves:
            b[i] = 1
            best = max(best, minimax(b, depth - 1, alpha, beta, False))
            b[i] = 0
            alpha = max(alpha, best)
            if beta <= alpha:
                break
        return best
    best = math.inf
    for i in moves:
        b[i] = -1
        best = min(best, minimax(b, depth - 1, alpha, beta, True))
        b[i] = 0
        beta = min(beta, best)
        if beta <= alpha:
            break
    return best


class MinimaxPlayer:
    """Classical tic-tac-toe by alpha-beta minimax over h(B) (the ESILV classical AI)."""

    def __init__(self, seed: int | None = None, depth: int = 9):
        self.depth, self.rng = depth, random.Random(seed)

    def choose(self, board) -> int:
        b = cells_of(board)
        me = 1 if board.to_move == "X" else -1
        scored = []
        for i in (i for i in range(9) if b[i] == 0):
            b[i] = me
            scored.append((minimax(b, self.depth - 1, -math.inf, math.inf, me == -1) * me, i))
            b[i] = 0
        best = max(s for s, _ in scored)
        return self.rng.choice([i for s, i in scored if s == best])
