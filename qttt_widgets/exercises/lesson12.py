"""Checkers for lesson 12 (perfect play, difficulty levels, Elo): a mark judged by the rules
engine and the Goff solver (any mark that keeps the position's value passes), and a function
with named mistakes (shared with lesson 11)."""
from __future__ import annotations

from typing import Any, Callable

from qttt_widgets.players.solver import shared_solver
from qttt_widgets.rules.errors import IllegalMove
from qttt_widgets.rules.game import signed_points
from qttt_widgets.rules.goff import GoffGame

from .lesson11 import function_with_mistakes

__all__ = ["keeps_the_value", "function_with_mistakes"]


_points = signed_points     # the one formatter of a half point (rules.game)


def keeps_the_value(game: GoffGame) -> Callable[[Any], str | None]:
    """A mark (a pair of squares 0..8) for the player to move in ``game`` that keeps the
    value of the position (X's points minus O's with best play), by the Goff solver. The hint
    for a legal mark that does not says what the position is then worth; squares written as
    people's numbers 1..9 are recognised."""
    solver = shared_solver(game.rules)
    value, best = solver.hint(game)
    best = {tuple(sorted(m)) for m in best}
    mover = game.to_move

    def legal(pair) -> str | None:
        try:
            game.copy().play(*pair)
        except IllegalMove as e:
            return str(e)
        return None

    def checker(answer) -> str | None:
        if not isinstance(answer, (tuple, list)) or len(answer) != 2 or not all(
                isinstance(q, int) and not isinstance(q, bool) for q in answer):
            return "give a mark as a pair of two squares in code numbers 0-8, such as (0, 4)"
        pair = tuple(sorted(answer))
        if pair in best:
            return None
        people = tuple(q - 1 for q in pair)
        if all(1 <= q <= 9 for q in pair) and people in best:
            return ("those look like people's numbers (1-9): in code the squares are numbered from 0, "
                    "one less each")
        why = legal(pair)
        if why is not None:
            return f"that mark is not legal here: {why}"
        after = solver.value(game.copy().play(*pair))
        # X gets less when the value falls, O when it rises: a mark off the best list is worse for its player
        return (f"legal, but after it the value (X's points minus O's, with best play) is {_points(after)} "
                f"instead of {_points(value)}: {mover} gets less. Look at what each collapse of the "
                f"mark could give, and at the opponent's open lines")
    return checker
