"""Checkers for lesson 09 (the qubit-per-cell game): a move judged by the rules engine.

``wins_at_once(game)`` accepts a move that makes the player to move win at once with
probability 1, using ``QubitGame.branches`` (every measurement outcome the move may trigger,
with its exact probability). A wrong move gets a hint that says what the move actually does:
not allowed (the engine's reason), hands the opponent a line, wins only with some probability,
or completes no line at all.

``odd_first_checker(mistakes)`` judges Task 9.3's circuit; its named slips (level 2's circuit,
Qiskit's bit order read the wrong way round, GHZ) are the notebook's, listed in the check cell as
the boards each slip's circuit gives, and matched by the one matcher,
:func:`qttt_widgets.exercises.named_mistake`.
"""
from __future__ import annotations

import math
from typing import Any, Callable, Iterable

from qttt_widgets.exercises import check_templates, checks, named_mistake
from qttt_widgets.rules.errors import IllegalMove
from qttt_widgets.rules.qubit_board import QubitGame

__all__ = ["wins_at_once", "win_probability", "ODD_FIRST", "ODD_FIRST_FIELDS", "cell_outcomes", "odd_first_checker"]


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


#: Task 9.3's target: cells a, b, c (qubits 0, 1, 2) come out as XOO or OXX, 1/2 each, with a plus
#: sign -- (|100> + |011>)/sqrt 2 in cell order; in Qiskit's order (qubit 0 rightmost) the
#: amplitudes sit at indices 0b001 = 1 and 0b110 = 6.
ODD_FIRST = [0, 1 / math.sqrt(2), 0, 0, 0, 0, 1 / math.sqrt(2), 0]


def cell_outcomes(circuit) -> dict[str, float]:
    """What a circuit's cells come out as, in cell order (first letter = qubit 0), e.g.
    {'XOO': 0.5, 'OXX': 0.5}."""
    sv = checks.statevector(circuit)
    return {bits[::-1].replace("1", "X").replace("0", "O"): round(float(p), 6)
            for bits, p in sv.probabilities_dict().items() if p > 1e-9}


#: The fields a hint of ``odd_first_checker``'s table may name.
ODD_FIRST_FIELDS = ("cells",)


def odd_first_checker(mistakes: Iterable[tuple[Any, str]] = ()) -> Callable[[Any], str | None]:
    """Task 9.3: a 3-qubit circuit whose cells come out as XOO or OXX (the first cell is the odd
    one out), with a plus sign.

    ``mistakes``: the check cell's table of named slips (lesson 09a), each the set of boards a
    slip's circuit gives, in cell order (``{"OXO", "XOX"}``: level 2's circuit), and its hint. A
    circuit whose cells can come out as exactly those boards (whatever the probabilities) gets the
    first such hint, a template: ``{cells}`` is what the learner's cells come out as, such as
    ``OXO (0.5) or XOX (0.5)``.

    What the checker says itself (``checks.state``'s hints, about the answer's kind and shape): not
    a circuit, the wrong number of qubits, the right probabilities with another relative phase;
    and for any other circuit, what its cells come out as and what the task asks."""
    mistakes = [(frozenset(_boards(boards)), why) for boards, why in check_templates(mistakes, ODD_FIRST_FIELDS)]
    base = checks.state(ODD_FIRST, phase_hint=(
        "XOO and OXX each come out half the time, as asked, but with a minus sign (or another phase, such as i) "
        "between them, not +. On this board the odds would be the same, yet it is another state: an X on a "
        "qubit before its H turns the + of the superposition into a −"))

    def checker(answer) -> str | None:
        hint = base(answer)
        if hint is None or "relative phase" in hint or hint.startswith("use a circuit with"):
            return hint
        out = cell_outcomes(answer)
        cells = " or ".join(f"{k} ({p:g})" for k, p in sorted(out.items()))
        why = named_mistake(mistakes, lambda boards: boards == set(out), fields={"cells": cells})
        if why is not None:
            return why
        return (f"your cells come out as {cells}, in cell order; the task asks for two boards, XOO and OXX, with "
                "probability 1/2 each: cell a different from b and c")
    return checker


def _boards(boards) -> set[str]:
    """A table entry's boards, checked: a set (or list) of three-letter boards of X and O."""
    if isinstance(boards, (str, bytes, dict)) or not hasattr(boards, "__iter__"):
        raise TypeError(f"a slip of Task 9.3 is the set of boards its circuit gives, such as {{'OXO', 'XOX'}}, "
                        f"not {boards!r}")
    boards = set(boards)
    bad = sorted(repr(b) for b in boards if not (isinstance(b, str) and len(b) == 3 and set(b) <= {"X", "O"}))
    if bad or not boards:
        raise ValueError(f"a slip of Task 9.3 lists boards of three cells, each X or O, such as 'OXO'; "
                         f"not {', '.join(bad) or 'an empty set'}")
    return boards
