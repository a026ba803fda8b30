"""Checkers for lesson 09 (the qubit-per-cell game): a move judged by the rules engine.

``wins_at_once(game)`` accepts a move that makes the player to move win at once with
probability 1, using ``QubitGame.branches`` (every measurement outcome the move may trigger,
with its exact probability). A wrong move gets a hint that says what the move actually does:
not allowed (the engine's reason), hands the opponent a line, wins only with some probability,
or completes no line at all.
"""
from __future__ import annotations

from typing import Any, Callable

from qttt_widgets.rules.errors import IllegalMove
from qttt_widgets.rules.qubit_board import QubitGame

__all__ = ["wins_at_once", "win_probability"]


def win_probability(game: QubitGame, move) -> tuple[float, float]:
    """(P(the player to move wins at once), P(the opponent wins at once)) after ``move``."""
    me = game.to_move
    other = "O" if me == "X" else "X"
    branches = game.branches(move)
    won = sum(p for p, after in branches if after.result == me)
    lost = sum(p for p, after in branches if after.result == other)
    return won, lost


def wins_at_once(game: QubitGame) -> Callable[[Any], str | None]:
    """A move (a tuple such as ``('swap', 0, 3)``, code numbers) after which the player to
    move has won, whatever the measurement gives."""
    me = game.to_move
    other = "O" if me == "X" else "X"

    def checker(move) -> str | None:
        if not isinstance(move, (tuple, list)) or not move or not isinstance(move[0], str):
            return ("give a move as a tuple, such as ('place', 4) or ('swap', 0, 1) "
                    "(cells in code numbers 0..8)")
        move = tuple(move)
        try:
            won, lost = win_probability(game, move)
        except IllegalMove as e:
            return f"the rules do not allow that move: {e}"
        if won > 1 - 1e-9:
            return None
        said = f"the move {move!r}"
        if lost > 1e-9:
            certain = "for certain" if lost > 1 - 1e-9 else f"with probability {lost:.3f}"
            why = (f"a SWAP moves {other}'s mark as well as yours: look at where {other}'s mark ends up"
                   if move[0] == "swap" else
                   f"the move fills a line that a measurement can complete for {other}")
            return f"{said} lets {other} win {certain}: {why}."
        if won > 1e-9:
            return (f"{said} wins only with probability {won:.3f}: it leaves the line to a measurement. "
                    "A move that needs no luck exists.")
        if move[0] == "place":
            return (f"{said} completes no line of {me}s (it may block {other}, but the task asks for a win "
                    "now): no empty square finishes a line of yours here. Which move changes two squares at once?")
        return (f"after {said} no line is complete and nothing is measured: find a move that puts a "
                f"{me} into a line of yours that has {me}s in its other squares.")
    return checker
