"""Checkers for lesson 10 (Grover search): a Grover round as a circuit, and the success
probability as a function.

``grover_round(n, marked, mistakes)`` compares the learner's circuit with the state after one
Grover round (equal superposition, oracle, diffusion) by its statevector, up to a global phase.
The named slips are the notebook's: its check cell lists them, ``(state, hint)`` pairs built with
``grover_state`` (lesson 10a: the index read backwards, two or three rounds instead of one). The
checker itself says only what follows from the circuit's shape, not from the task: the wrong
number of qubits, every outcome still equally likely (an oracle or a diffusion alone), and for
any other circuit the probability it gives the marked index.

``p_success_checker(mistakes)`` tries the learner's ``p_success(n, M, r)`` against the typical
wrong formulas that the notebook's check cell names (N = n instead of 2**n, r instead of
2r + 1, no square, no square root), then against the reference on many inputs.
"""
from __future__ import annotations

import math
from typing import Any, Callable, Iterable

import numpy as np

from . import named_mistake
from .checks import statevector, function, same_statevector

__all__ = ["grover_state", "grover_round", "p_success_reference", "p_success_checker", "P_SUCCESS_INPUTS",
           "formula_curve"]


def grover_state(n: int, marked, rounds: int) -> np.ndarray:
    """The 2**n amplitudes after ``rounds`` Grover rounds (oracle, then D = 2|s><s| - I) from
    the equal superposition |s>, marking the indices in ``marked``."""
    size = 2 ** n
    psi = np.full(size, 1 / math.sqrt(size), dtype=complex)
    sign = np.ones(size)
    sign[list(marked)] = -1
    for _ in range(rounds):
        psi = sign * psi
        psi = 2 * psi.mean() - psi
    return psi


def grover_round(n: int, marked: int, mistakes: Iterable = ()) -> Callable[[Any], str | None]:
    """One Grover round on ``n`` qubits with the single index ``marked``, as a circuit.

    ``mistakes`` is the check cell's table of named slips, ``(state, hint)`` with ``state`` the
    2**n amplitudes the slip makes (``grover_state`` builds them), tried in the table's order
    after the structural checks below; a slip the table does not list gets the general hint.

    Structural checks, in the checker because they hold for any task of this kind and name no
    slip of one: the number of qubits, and "all outcomes equally likely" (nothing amplified).
    The general hint gives P(index ``marked``) of the learner's circuit and of one round."""
    target = grover_state(n, [marked], 1)
    size = 2 ** n
    p_target = abs(target[marked]) ** 2
    slips = list(mistakes)

    def checker(qc) -> str | None:
        sv = statevector(qc)
        if sv.num_qubits != n:
            return f"use a circuit with {n} qubits, not {sv.num_qubits}"
        made = np.asarray(sv.data)
        if same_statevector(made, target):
            return None
        probs = np.abs(made) ** 2
        if np.allclose(probs, 1 / size, atol=1e-6):
            return (f"all {size} outcomes are still equally likely (1/{size} each): an oracle alone only "
                    "flips a sign, which a measurement cannot see, and a diffusion alone leaves |s⟩ as it "
                    "is. One round is the oracle followed by the diffusion.")
        why = named_mistake(slips, lambda state: same_statevector(made, np.asarray(state, dtype=complex)))
        if why is not None:
            return why
        return (f"your circuit gives P(index {marked}) = {probs[marked]:.3f}; one round gives "
                f"{p_target:.3f}. Start from the equal superposition (H on every qubit), then the oracle "
                f"(a sign flip of |{format(marked, f'0{n}b')}⟩ only), then the diffusion (H, X, CCZ, X, H "
                "on every qubit).")
    return checker


def p_success_reference(n: int, M: int, r: int) -> float:
    """P(measuring a marked index) after r Grover rounds with M of N = 2**n indices marked."""
    theta = math.asin(math.sqrt(M / 2 ** n))
    return math.sin((2 * r + 1) * theta) ** 2


def formula_curve(n: int, M: int, rounds: Iterable[int]) -> list[float]:
    """The rotation picture's P(marked), one value per round count in ``rounds``: the lines of
    lesson 10b's figure, drawn beside the real circuit's odds.

    It lives here, not in the notebook, because the figure's cell sits right under Task 10.3's
    check: written there, the formula would answer the task before a student tries it."""
    rounds = list(rounds)
    if not (isinstance(n, int) and n >= 1 and isinstance(M, int) and 0 <= M <= 2 ** n):
        raise ValueError(f"need n >= 1 qubits and 0 <= M <= 2**n marked indices, got n = {n!r}, M = {M!r}")
    if any(not isinstance(r, int) or r < 0 for r in rounds):
        raise ValueError(f"round counts must be whole numbers >= 0, got {rounds!r}")
    return [p_success_reference(n, M, r) for r in rounds]


P_SUCCESS_INPUTS = [(n, M, r) for n in range(1, 9) for M in sorted({1, 2, 3, 2 ** n // 4, 2 ** n // 2, 2 ** n})
                    if 1 <= M <= 2 ** n for r in range(0, 6)] + [(3, 0, 2), (6, 9, 2), (6, 9, 1)]


_DIAGNOSTIC = [(2, 1, 1), (3, 1, 1), (6, 9, 2), (4, 4, 1), (3, 2, 0), (5, 3, 2)]


def _value(f, args):
    """f(*args) as a float, or the name of the error it raised (NotImplementedError passes)."""
    try:
        return float(f(*args))
    except NotImplementedError:
        raise
    except Exception as e:  # noqa: BLE001 - a wrong formula may fail where the right one does not
        return type(e).__name__


def _same(a, b) -> bool:
    return all((x == y) if isinstance(x, str) or isinstance(y, str) else abs(x - y) < 1e-6
               for x, y in zip(a, b))


def p_success_checker(mistakes: Iterable[tuple[Callable, str]] = ()) -> Callable[[Any], str | None]:
    """Checker for the learner's ``p_success(n, M, r)``.

    ``mistakes``: the notebook's table of typical wrong formulas, (function, hint) pairs; a
    learner's function that agrees with one on the diagnostic inputs (errors count as values)
    gets its hint. Any other wrong function is named at its first wrong input."""
    mistakes = list(mistakes)
    reference = function(p_success_reference, P_SUCCESS_INPUTS, tol=1e-6,
                         describe=lambda a: f"n = {a[0]}, M = {a[1]}, r = {a[2]}")

    def checker(f) -> str | None:
        if not callable(f):
            return f"give a function (def p_success(n, M, r): ...), not {type(f).__name__}"
        got = [_value(f, a) for a in _DIAGNOSTIC]
        right = [_value(p_success_reference, a) for a in _DIAGNOSTIC]
        if not _same(got, right):
            why = named_mistake(mistakes, lambda wrong: _same(got, [_value(wrong, a) for a in _DIAGNOSTIC]))
            if why is not None:
                return why
        try:
            return reference(f)
        except (ValueError, ZeroDivisionError, OverflowError) as e:
            return (f"your function raised {type(e).__name__} ({e}) for some n, M, r: "
                    "check that the square root and arcsin get a number between 0 and 1")
    return checker
