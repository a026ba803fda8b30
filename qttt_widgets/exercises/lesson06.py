"""Checkers for lesson 06 (Goff II: cycles, who chooses the collapse, scoring, random collapse).

Collapse choices are judged by the rules engine and the exact solver
(:mod:`qttt_widgets.players.solver`): every choice as good as the best one passes.
Squares are people's numbers 1..9 in answers and hints, as in the record notation.

Task 6.4's named slips (the points swapped, the same points for both players) are the notebook's:
its check cell lists them as wrong scoring functions built with ``score_with``, matched by the one
matcher (:func:`qttt_widgets.exercises.named_mistake`) on the first case the learner gets wrong.
"""
from __future__ import annotations

import math
from typing import Any, Callable, Iterable

from qttt_widgets.players.solver import shared_solver
from qttt_widgets.rules.goff import GoffGame

from . import check_templates, named_mistake

__all__ = ["goff_score", "SCORE_CASES", "SCORE_FIELDS", "best_collapse", "score_checker", "score_with",
           "score_function"]


def goff_score(lines) -> dict:
    """Goff's scoring, from the lines completed by one collapse (or by the classical last mark):
    ``lines`` is a list of (player, largest subscript), one item a line. One player only: 1 point
    a line. Both players: the player whose earliest line (the smallest largest subscript) was
    completed first scores 1, the other 1/2. No line: 0 each."""
    x = [s for p, s in lines if p == "X"]
    o = [s for p, s in lines if p == "O"]
    if x and o:
        return {"X": 1.0, "O": 0.5} if min(x) < min(o) else {"X": 0.5, "O": 1.0}
    return {"X": float(len(x)), "O": float(len(o))}


SCORE_CASES = [
    ([],),
    ([("X", 5)],),
    ([("O", 8)],),
    ([("X", 9), ("X", 9)],),
    ([("X", 5), ("O", 6)],),
    ([("O", 6), ("X", 5)],),
    ([("X", 7), ("O", 6)],),
    ([("O", 6), ("X", 7)],),
    ([("X", 3), ("O", 8)],),
    ([("X", 9), ("O", 4)],),
]


def best_collapse(record: str) -> Callable[[Any], str | None]:
    """Task 6.5: a pair ``(square, points)`` -- a collapse choice (a people's square, as in the
    notation's ``(9)``) that is as good for the chooser as the best one, in the position
    ``record`` (a cycle waiting to be measured), and the points the chooser then scores.

    A hint for a wrong square never says which square is better: it names who chooses and
    how to compare the two collapses."""
    game = GoffGame.from_record(record)
    if game.pending is None:
        raise ValueError(f"{record!r} has no cycle waiting to be measured")
    p = game.pending
    if any(game.copy().collapse(s).scores is None for s in p.options):
        raise ValueError(f"{record!r}: a collapse of its cycle does not end the game, so there are no "
                         "points to count; give a position whose collapse ends it")
    chooser = p.chooser
    other = "O" if chooser == "X" else "X"
    values = shared_solver("goff").action_values(game)        # code square -> X's points minus O's
    sign = 1 if chooser == "X" else -1
    best = max(sign * v for v in values.values())
    mark = f"{'X' if p.sub % 2 else 'O'}{p.sub}"
    options = [s + 1 for s in p.options]
    compare = (f"{mark} closed the cycle, so {chooser} chooses, and takes whichever collapse is better for "
               f"{chooser}. Score each of the two collapses (which lines it completes, and whose largest "
               "subscript is smaller) before you pick")

    def checker(answer) -> str | None:
        if not isinstance(answer, tuple) or len(answer) != 2:
            return ("give a pair (square, points): the square the chooser sends the mark to, and the "
                    "points the chooser then scores")
        square, points = answer
        if isinstance(square, bool) or not isinstance(square, int):
            return f"give the square as a whole number (people's 1..9), not {type(square).__name__}"
        if isinstance(points, bool) or not isinstance(points, (int, float)):
            return f"give the points as a number (for example 1 or 0.5), not {type(points).__name__}"
        if square not in options:
            if square + 1 in options:
                return (f"{mark} can only go to square {options[0]} or {options[1]} (people's numbers, as in "
                        "the notation): is that a code number?")
            return f"{mark} can only go to square {options[0]} or {options[1]}, the two squares of the mark just placed"
        after = game.copy().collapse(square - 1)
        if sign * values[square - 1] < best:
            if abs(points - after.scores[chooser]) < 1e-6:
                return (f"you scored that collapse correctly, but is it the choice {chooser} wants? " + compare)
            return compare
        if abs(points - after.scores[chooser]) < 1e-6:
            return None
        if abs(points - after.scores[other]) < 1e-6:
            return f"those are {other}'s points after that collapse; give the chooser's, {chooser}'s"
        return (f"the square is a best choice; recount {chooser}'s points after it: when both players have a "
                "line, the line completed first (smaller largest subscript) scores 1 and the other ½")
    return checker


def score_with(first: float = 1.0, later: float = 0.5) -> Callable[[list], dict]:
    """A scoring function ``score(lines)``: Goff's (:func:`goff_score`) but for what a collapse
    that completes lines for both players gives, to name a slip in a check cell: the player whose
    earliest line was completed first scores ``first`` (1 unless given), the other ``later``
    (½ unless given). One player alone still scores 1 point a line.

    >>> score_with(first=0.5, later=1)([("X", 5), ("O", 6)])      # the points swapped
    {'X': 0.5, 'O': 1.0}
    >>> score_with(first=1, later=1)([("X", 7)])
    {'X': 1.0, 'O': 0.0}
    """
    for name, value in (("first", first), ("later", later)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise TypeError(f"{name} must be a finite number of points, not {value!r}")

    def score(lines) -> dict:
        x = [s for p, s in lines if p == "X"]
        o = [s for p, s in lines if p == "O"]
        if x and o:
            return {"X": float(first), "O": float(later)} if min(x) < min(o) else {"X": float(later), "O": float(first)}
        return {"X": float(len(x)), "O": float(len(o))}
    return score


#: The fields a hint of ``score_checker``'s table may name, filled in from the first case of
#: :data:`SCORE_CASES` the learner's function gets wrong.
SCORE_FIELDS = ("lines", "got", "want")


def score_checker(mistakes: Iterable[tuple[Callable, str]] = ()) -> Callable[[Any], str | None]:
    """Task 6.4: a function ``score(lines)`` that agrees with :func:`goff_score` on
    :data:`SCORE_CASES`.

    ``mistakes``: the check cell's table of named slips (lesson 06a), (wrong function, hint) pairs
    built with :func:`score_with` (the points swapped, or the same for both). On the first case the
    learner's function gets wrong, the first wrong function that gives the same points there gives
    its hint, a template: ``{lines}`` the case, ``{got}`` the learner's points, ``{want}`` Goff's.

    What the checker says itself: the answer's kind (a function returning a dict of two numbers),
    and, when no slip matches, the rule the failing case is about, chosen by the case rather than by
    the wrong points (so it cannot be a table entry): both players have a line, one player has two,
    no line, one player alone."""
    mistakes = check_templates(mistakes, SCORE_FIELDS)

    def checker(f) -> str | None:
        if not callable(f):
            return f"give a function (def score(lines): ...), not {type(f).__name__}"
        for (lines,) in SCORE_CASES:
            want = goff_score(list(lines))
            got = f(list(lines))
            if not isinstance(got, dict) or set(got) != {"X", "O"}:
                return f"for lines {lines} your function returned {got!r}: return a dict {{'X': points, 'O': points}}"
            try:
                ok = all(abs(float(got[k]) - want[k]) < 1e-9 for k in want)
            except (TypeError, ValueError):
                return f"for lines {lines} your function returned {got!r}: the points must be numbers"
            if ok:
                continue
            why = named_mistake(mistakes, lambda wrong: _same_points(got, wrong(list(lines))),
                                fields={"lines": lines, "got": got, "want": want})
            if why is not None:
                return why
            players = {p for p, _ in lines}
            said = f"for lines {lines} your function returned {got!r}"
            if players == {"X", "O"}:
                return f"{said}: when both have a line, compare the largest subscripts: smaller gets 1, larger ½"
            if len(lines) == 2 and len(players) == 1:
                return f"{said}: one player with two lines at once scores 1 point a line"
            if not lines:
                return f"{said}: no line, no points"
            return f"{said}: one player alone with a line scores 1 point a line, the other 0"
        return None
    return checker


def _same_points(got: dict, wrong: dict) -> bool:
    return set(wrong) == {"X", "O"} and all(abs(float(got[k]) - float(wrong[k])) < 1e-9 for k in wrong)


def score_function(f) -> str | None:
    """Task 6.4 judged without a table of named slips: ``score_checker()(f)``."""
    return score_checker()(f)
