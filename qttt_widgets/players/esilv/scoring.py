"""The Grover AI's multi-criteria pair score (criteria 1-3 of the seed), shared by the Grover,
QAOA + Grover and quantum minimax players, and the choices that are not among pairs."""
from __future__ import annotations

import random

from qttt_widgets.rules.goff import GoffGame

from .heuristic import CORNERS, LINES_THROUGH, cells_of, h


def cells_after_pair(game: GoffGame, pair, outcome: int) -> list[int]:
    """Classical cells after playing ``pair`` and, if it closes a cycle, collapsing it to ``outcome``."""
    g = game.copy()
    g.explicit_chance = True            # stop at the collapse, whoever decides it (a player or chance)
    g.play(*pair)
    if g.pending is not None:
        g.apply(outcome)
    return cells_of(g)


def _collapsed(game: GoffGame, square) -> list[int]:
    g = game.copy()
    g.collapse(square)
    return cells_of(g)


def direct_pair_score(b: list[int], pair, j: int) -> float:
    """Criteria 1 and 2 of the pair score (position, alignment diversity) on a board of
    classical marks, from X's point of view, ``j`` the mover (+1 X, -1 O)."""
    c1, c2 = pair
    placed = []
    for c in pair:
        trial = list(b)
        trial[c] = j
        placed.append(h(trial))
    a1, a2 = LINES_THROUGH[c1], LINES_THROUGH[c2]
    s_div = (len(a1 | a2) * 15 - len(a1 & a2) * 10) * j
    s_div += sum(20 * j for c in pair if c == 4) + sum(10 * j for c in pair if c in CORNERS)
    return sum(placed) / 2 + s_div


def not_a_pair(game: GoffGame, rng: random.Random):
    """The action when the choice is not among pairs: under Goff's rules, the collapse square
    with the better h(B) for the player to move; the last, classical mark. None otherwise."""
    moves = game.legal_moves()
    if not moves:
        raise ValueError("the game is over: there is nothing to choose")
    if game.is_chance_node():
        raise ValueError("a chance node: the coin decides this collapse, not a player")
    if game.pending is not None:
        j = 1 if game.current_player() == "X" else -1
        return max(moves, key=lambda sq: j * h(_collapsed(game, sq)) + rng.random() * 1e-6)
    if game.action_squares() == 1:       # the last, classical mark
        return moves[0]
    return None


def legal_pairs(game: GoffGame) -> list:
    """The legal spooky marks (``Mark``s): every legal action when the next one names two
    squares (``GoffGame.action_squares``), else none."""
    return game.legal_moves() if game.action_squares() == 2 else []


def pair_score(game: GoffGame, pair) -> float:
    """The seed's multi-criteria score of a candidate pair, from X's point of view
    (criteria 1-3; criterion 4, the QAOA bonus, needs the QAOA stage)."""
    c1, c2 = pair
    j = 1 if game.to_move == "X" else -1
    s_direct = direct_pair_score(cells_of(game), pair, j)
    if not game.closes_cycle(c1, c2):
        return s_direct
    s10, s01 = h(cells_after_pair(game, pair, c1)), h(cells_after_pair(game, pair, c2))
    s_cycle = min(s10, s01) if j == 1 else max(s10, s01)
    return 0.4 * s_direct + 0.6 * s_cycle
