"""Checkers for lesson 15 (the CHSH game): a plan that wins a given question pair, a learner's
``win_rate(alice, bob)`` tried on many angle choices (with the common mistakes named), and
Bob's angles judged by the win rate they give."""
from __future__ import annotations

import math
from typing import Any, Callable

from ..quantum.chsh import (QUESTIONS, TSIRELSON, bell_probabilities, plan_answers, quantum_win_rate,
                            wins)

__all__ = ["plan_checker", "win_rate_checker", "best_bob_checker", "INPUTS"]


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


def _p_agree(alpha: float, beta: float) -> float:
    p = bell_probabilities(alpha, beta)
    return p[0, 0] + p[1, 1]


def _always_agree(alice, bob):
    return sum(_p_agree(alice[x], bob[y]) for x, y in QUESTIONS) / 4


def _half_angle(alice, bob):
    return quantum_win_rate([a / 2 for a in alice], [b / 2 for b in bob])


def _summed(alice, bob):
    return 4 * quantum_win_rate(alice, bob)


def _x_or_y(alice, bob):                   # a ⊕ b = x OR y: differ unless both questions are 0
    total = 0.0
    for x, y in QUESTIONS:
        p = bell_probabilities(alice[x], bob[y])
        total += sum(v for (a, b), v in p.items() if (a ^ b) == (x | y))
    return total / 4


_MISTAKES = [
    (_summed, "your function adds the four win probabilities; the referee asks each pair with probability 1/4, "
              "so average them (the result is a probability, at most 1)"),
    (_always_agree, "your function counts the rounds where the answers agree, for every question pair; when both "
                    "questions are 1 the players win only if the answers differ (a ⊕ b = x·y)"),
    (_half_angle, "your rates come out as if every angle were halved: measuring at angle θ is Ry(−2θ) before the "
                  "measurement (Ry turns the state by half its argument), or cos²(α − β), not cos²((α − β)/2)"),
    (_x_or_y, "your function uses x OR y; the rule is a ⊕ b = x·y (AND): only the pair x = 1, y = 1 asks the answers "
              "to differ"),
]


def win_rate_checker(inputs=None, tol: float = 1e-6) -> Callable[[Any], str | None]:
    """``win_rate(alice, bob)`` equal to the exact quantum win rate on every angle choice."""
    cases = INPUTS if inputs is None else list(inputs)

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
        for wrong, why in _MISTAKES:
            if all(abs(g - wrong(a, b)) <= tol for g, (a, b) in zip(got, cases)):
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
