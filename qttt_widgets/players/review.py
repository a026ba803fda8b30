"""A game reviewed by the Goff solver, as chess sites analyse a finished game.

``review(game)`` judges every action so far under perfect play from then on: the value of the
position before it and after it (X's points minus O's; under the random-collapse rules an
average over the coin), how much the player gave away, and the best actions where it lost
value. Collapse choices are judged the same way; a fair coin's collapse is listed as the
coin's, with nothing to blame.

    >>> from qttt_widgets.rules.goff import GoffGame
    >>> rows = review(GoffGame.from_record("19 28"))
    >>> [(r.number, r.player, r.action) for r in rows]
    [(1, 'X', '1-9'), (2, 'O', '2-8')]
"""
from __future__ import annotations

from dataclasses import dataclass

from qttt_widgets.rules.goff import GoffGame, player_of

from .solver import GoffSolver, shared_solver

EPS = 1e-9


@dataclass(frozen=True)
class ReviewRow:
    """One action of the game, judged. ``number`` counts actions from 1; ``position`` is how
    many actions of the history lead to the position after this row (show it with
    ``game_after(game, row.position)``)."""

    number: int
    player: str                 # 'X', 'O', or 'coin' for a random collapse
    action: str                 # for people: '1-9', 'collapse to 5', 'classical 3', 'X3 to square 5'
    before: float               # value before the action, perfect play from there
    after: float                # value after it (before the coin falls, under random collapse)
    lost: float                 # points the player gave away (0 for a perfect action or the coin)
    best: tuple[str, ...]       # the perfect actions, where this one lost value
    position: int

    @property
    def verdict(self) -> str:
        if self.player == "coin":
            return "chance"
        return "perfect" if self.lost < EPS else f"lost {self.lost:.3g}"


def game_after(game: GoffGame, actions: int) -> GoffGame:
    """A copy of ``game`` as it was after its first ``actions`` actions."""
    if not 0 <= actions <= len(game.history):
        raise ValueError(f"the game has {len(game.history)} actions; asked for the position after {actions}")
    g = game.copy()
    for _ in range(len(game.history) - actions):
        g.undo()
    return g


def review(game: GoffGame, solver: GoffSolver | None = None) -> list[ReviewRow]:
    """Every action of ``game`` judged by perfect play (see the module's docstring)."""
    solver = shared_solver(game.rules) if solver is None else solver
    rows: list[ReviewRow] = []
    history = game.history
    position = game_after(game, 0)
    for k, entry in enumerate(history):
        mover = position.to_move
        before, best_actions = solver.hint(position)
        nxt = game_after(game, k + 1)
        coin = entry.outcome is not None
        if coin:                                   # the mark's value is an average over its coin
            after = solver.action_values(position)[entry.action]
        else:
            after = solver.value(nxt)
        lost = max(0.0, (before - after) if mover == "X" else (after - before))
        # a best collapse or last square is named as the action column names it ('collapse to 6')
        best = tuple(position.action_of(a).label for a in best_actions) if lost > EPS else ()
        rows.append(ReviewRow(len(rows) + 1, mover, entry.action.label, before, after, lost, best, k + 1))
        if coin:
            sub = position.move_number
            landed = solver.value(nxt)
            rows.append(ReviewRow(len(rows) + 1, "coin", f"{player_of(sub)}{sub} to square {entry.outcome + 1}",
                                  after, landed, 0.0, (), k + 1))
        position = nxt
    return rows
