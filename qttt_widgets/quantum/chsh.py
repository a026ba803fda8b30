"""The CHSH game (lesson 15): a referee asks Alice x and Bob y (fair coins), they answer a and
b without talking, and win when a XOR b = x AND y.

Classical plans are four bits; a Bell pair Φ⁺ = (|00⟩ + |11⟩)/√2 measured by Alice at angle α
and by Bob at angle β gives a = b with probability cos²(α − β). Measuring "at angle θ" means in
the basis cos θ|0⟩ + sin θ|1⟩ (answer 0), −sin θ|0⟩ + cos θ|1⟩ (answer 1): in a circuit, Ry(−2θ)
then an ordinary measurement. Everything here is numpy (no qiskit), so the widget and the
checkers stay light; tests/test_lesson_15_physics.py checks it against Qiskit.
"""
from __future__ import annotations

import itertools
import math
from fractions import Fraction
from typing import Sequence

import numpy as np

__all__ = ["QUESTIONS", "PLANS", "wins", "plan_answers", "plan_wins", "plan_win_rate", "bell_probabilities",
           "pair_win_probability", "quantum_win_rate", "sample_bell_answers", "TSIRELSON"]

QUESTIONS = [(0, 0), (0, 1), (1, 0), (1, 1)]          # (x, y), each with probability 1/4
# a plan: (Alice's answer to x=0, to x=1, Bob's answer to y=0, to y=1)
PLANS = list(itertools.product((0, 1), repeat=4))
TSIRELSON = math.cos(math.pi / 8) ** 2                # the best any quantum strategy can do


def wins(x: int, y: int, a: int, b: int) -> bool:
    """The referee's rule: a XOR b must equal x AND y."""
    return (a ^ b) == (x & y)


def plan_answers(plan: Sequence[int], x: int, y: int) -> tuple[int, int]:
    a0, a1, b0, b1 = plan
    return (a1 if x else a0), (b1 if y else b0)


def plan_wins(plan: Sequence[int]) -> list[tuple[int, int]]:
    """The question pairs (x, y) a plan wins."""
    return [(x, y) for x, y in QUESTIONS if wins(x, y, *plan_answers(plan, x, y))]


def plan_win_rate(plan: Sequence[int]) -> Fraction:
    return Fraction(len(plan_wins(plan)), 4)


def _basis(theta: float) -> np.ndarray:
    """Rows: the state read as answer 0 and as answer 1 when measuring at angle ``theta``."""
    c, s = math.cos(theta), math.sin(theta)
    return np.array([[c, s], [-s, c]])


_PHI_PLUS = np.array([1, 0, 0, 1]) / math.sqrt(2)      # amplitudes of |a b⟩, Alice's qubit written first


def bell_probabilities(alpha: float, beta: float) -> dict[tuple[int, int], float]:
    """P(a, b) when Alice measures her half of Φ⁺ at angle ``alpha`` and Bob his at ``beta``."""
    A, B = _basis(alpha), _basis(beta)
    return {(a, b): float(abs(np.kron(A[a], B[b]) @ _PHI_PLUS) ** 2) for a in (0, 1) for b in (0, 1)}


def pair_win_probability(alpha: float, beta: float, x: int, y: int) -> float:
    return sum(p for (a, b), p in bell_probabilities(alpha, beta).items() if wins(x, y, a, b))


def quantum_win_rate(alice: Sequence[float], bob: Sequence[float]) -> float:
    """The win probability of a Bell pair with Alice's angles (for x = 0, 1) and Bob's (y = 0, 1)."""
    return sum(pair_win_probability(alice[x], bob[y], x, y) for x, y in QUESTIONS) / 4


def sample_bell_answers(rng: np.random.Generator, alpha: float, beta: float) -> tuple[int, int]:
    """One round's answers (a, b) from a Bell pair measured at ``alpha`` and ``beta``."""
    probs = bell_probabilities(alpha, beta)
    outcomes = list(probs)
    k = rng.choice(len(outcomes), p=[probs[o] for o in outcomes])
    return outcomes[int(k)]
