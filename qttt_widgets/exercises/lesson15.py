"""Checkers for lesson 15 (the CHSH game): a plan that wins a given question pair, a learner's
``win_rate(alice, bob)`` tried on many angle choices, and Bob's angles judged by the win rate
they give.

``win_rate_checker(mistakes=...)`` names only the slips its check cell lists (lesson 15b), each a
wrong rate built with ``rate_with`` (another rule of the referee, another weight of a question
pair, every angle scaled) and its hint. The checker itself refuses what is not a function giving
one number, and words any other wrong rate by the first angles it gets wrong."""
from __future__ import annotations

import math
from typing import Any, Callable, Iterable

from . import named_mistake
from ..quantum.chsh import (QUESTIONS, TSIRELSON, bell_probabilities, plan_answers, quantum_win_rate,
                            wins)

__all__ = ["plan_checker", "win_rate_checker", "best_bob_checker", "rate_with", "INPUTS"]


def _bits(answer: Any, n: int, what: str) -> tuple[int, ...] | str:
    if isinstance(answer, (str, dict, set)) or not hasattr(answer, "__len__"):
        return f"give {what} as a tuple of {n} answers, each 0 or 1, such as {(0,) * n}"
    items = list(answer)
    if len(items) != n:
        return f"give {n} answers, not {len(items)}: {what}"
    if any(isinstance(v, bool) or v not in (0, 1) for v in items):
        return f"each answer is 0 or 1 (the numbers, not True/False or text): {what}"
    return tuple(int(v) for v in items)


def plan_checker(x: int = 1, y: int = 1) -> Callable[[Any], str | None]:
    """A plan (a0, a1, b0, b1) that wins when the referee asks (x, y)."""
    def checker(answer) -> str | None:
        plan = _bits(answer, 4, "(Alice if x = 0, Alice if x = 1, Bob if y = 0, Bob if y = 1)")
        if isinstance(plan, str):
            return plan
        a, b = plan_answers(plan, x, y)
        if wins(x, y, a, b):
            return None
        need = "differ" if x & y else "agree"
        return (f"asked x = {x}, y = {y}, Alice reads her answer for x = {x} ({a}) and Bob his for y = {y} ({b}): "
                f"a ⊕ b = {a ^ b}, but x·y = {x & y}, so the answers must {need}. Change one of those two answers")
    return checker


# Angle choices a win_rate function is tried on (radians): Alice's (for x = 0, 1), Bob's (y = 0, 1).
INPUTS = [((0.0, 0.0), (0.0, 0.0)), ((0.0, math.pi / 2), (0.0, 0.0)), ((0.3, 1.1), (-0.4, 0.7)),
          ((0.0, math.pi / 3), (math.pi / 6, -math.pi / 5)), ((1.0, 2.0), (3.0, -1.0)),
          ((-0.2, 0.9), (0.25, 0.5)), ((math.pi / 2, math.pi), (math.pi / 7, 2.2))]


def rate_with(win: Callable[[int, int, int, int], bool] | None = None, weight: float = 0.25,
              angle_scale: float = 1.0) -> Callable[[Any, Any], float]:
    """A win rate ``rate(alice, bob)`` of a Bell pair measured at the angles given, computed with
    one part changed, to name a slip in a check cell: ``win(x, y, a, b)`` the referee's rule (the
    game's own unless given), ``weight`` what each of the four question pairs counts for (1/4
    unless given), ``angle_scale`` a factor on every angle (1 unless given).

    >>> round(rate_with(weight=1)((0.0, 0.0), (0.0, 0.0)), 6)    # the four pairs summed, not averaged
    3.0
    >>> round(rate_with(win=lambda x, y, a, b: a == b)((0.0, 0.0), (0.0, 0.0)), 6)
    1.0
    """
    if win is not None and not callable(win):
        raise TypeError(f"win must be a rule win(x, y, a, b) -> bool, not {type(win).__name__}")
    for name, value in (("weight", weight), ("angle_scale", angle_scale)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise TypeError(f"{name} must be a finite number, not {value!r}")
    rule = wins if win is None else win

    def rate(alice, bob) -> float:
        total = 0.0
        for x, y in QUESTIONS:
            p = bell_probabilities(angle_scale * alice[x], angle_scale * bob[y])
            total += weight * sum(v for (a, b), v in p.items() if rule(x, y, a, b))
        return total
    return rate


def win_rate_checker(inputs=None, tol: float = 1e-6,
                     mistakes: Iterable[tuple[Callable, str]] = ()) -> Callable[[Any], str | None]:
    """``win_rate(alice, bob)`` equal to the exact quantum win rate on every angle choice.

    ``mistakes``: the check cell's table of named slips, (wrong rate function, hint) pairs
    (``rate_with`` builds them); a learner's function within ``tol`` of one on every angle choice
    gets its hint, the first in the table's order."""
    cases = INPUTS if inputs is None else list(inputs)
    mistakes = list(mistakes)

    def checker(f) -> str | None:
        if not callable(f):
            return f"give a function (def win_rate(alice, bob): ...), not {type(f).__name__}"
        got = []
        for alice, bob in cases:
            value = f(alice, bob)
            try:
                value = float(value)
            except (TypeError, ValueError):
                return (f"for alice = {alice}, bob = {bob} your function returned {value!r}: return one number, "
                        "the probability of winning")
            got.append(value)
        if all(abs(g - quantum_win_rate(a, b)) <= tol for g, (a, b) in zip(got, cases)):
            return None
        why = named_mistake(mistakes, lambda wrong: all(abs(g - wrong(a, b)) <= tol for g, (a, b) in zip(got, cases)))
        if why is not None:
            return why
        (alice, bob), value = next(((c, g) for c, g in zip(cases, got) if abs(g - quantum_win_rate(*c)) > tol))
        return (f"for alice = {tuple(round(v, 3) for v in alice)}, bob = {tuple(round(v, 3) for v in bob)} your "
                f"function returned {value:.4f}, which is not the win rate. For each (x, y), with probability 1/4: "
                "measure at alice[x] and bob[y], add the probabilities of the answers (a, b) that win")
    return checker


def best_bob_checker(alice=(0.0, math.pi / 4), tol: float = 1e-3) -> Callable[[Any], str | None]:
    """Bob's two angles (for y = 0, 1) that, with Alice's, reach the best quantum win rate."""
    def checker(answer) -> str | None:
        if isinstance(answer, (str, dict, set)) or not hasattr(answer, "__len__") or len(answer) != 2:
            return "give Bob's two angles as a tuple (angle for y = 0, angle for y = 1), in radians"
        try:
            bob = [float(v) for v in answer]
        except (TypeError, ValueError):
            return "give two numbers (angles in radians), such as (0.1, -0.2)"
        if any(abs(v) > 2 * math.pi for v in bob):
            return "those look like degrees: the angles are in radians (π/4 is math.pi / 4)"
        rate = quantum_win_rate(alice, bob)
        if rate >= TSIRELSON - tol:
            return None
        if rate <= 0.75 + 1e-9:
            return (f"with these angles the players win {rate:.3f} of the rounds: no better than a classical plan. "
                    "Bob's angle for y = 0 should be close to both of Alice's angles; his angle for y = 1 close to "
                    "Alice's first angle but far from her second (those answers must differ)")
        return (f"with these angles the players win {rate:.3f} of the rounds, more than a classical plan but not the "
                "most: try your win_rate on a grid of Bob's angles, or balance the four angle differences")
    return checker
