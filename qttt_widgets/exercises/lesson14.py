"""Checkers for lesson 14 (amplitude amplification against an imperfect opponent): the
learner's ``optimal_rounds(a)`` on many values of a, and one round of the amplifier
Q = -A S0 A^dagger O_f as a circuit, with the common mistakes recognised and named."""
from __future__ import annotations

import math
from typing import Any, Callable, Iterable

import numpy as np

from . import named_mistake

__all__ = ["optimal_rounds", "accepted", "rounds_checker", "one_round_checker", "one_round_state", "rounds_state", "INPUTS",
           "TIES"]


def optimal_rounds(a: float) -> int:
    """The reference: the number of rounds r >= 0 that brings (2r + 1) theta nearest to pi/2,
    with sin^2(theta) = a; that is floor(pi / (4 theta))."""
    return int(math.floor(math.pi / (4 * math.asin(math.sqrt(a)))))


# values of a where one number of rounds is strictly the best (no ties), small to 1
INPUTS = (0.0005, 0.002, 0.005, 0.01, 0.02, 0.03, 0.05, 0.08, 0.09, 0.1, 0.12, 0.18, 0.2, 0.25, 0.3,
          0.35, 0.4, 0.45, 0.6, 0.75, 0.9, 1.0)
# values of a where two numbers of rounds are equally near (pi/(4 theta) is a whole number n):
# r = n - 1 and r = n give the same P(good), and either is accepted
TIES = (0.5, math.sin(math.pi / 8) ** 2)


def accepted(a: float, tol: float = 1e-9) -> set:
    """Every r >= 0 whose (2r + 1) theta is nearest to pi/2 (two of them at a tie), sin^2(theta) = a."""
    theta = math.asin(math.sqrt(a))
    dist = {r: abs((2 * r + 1) * theta - math.pi / 2) for r in range(int(math.pi / (4 * theta)) + 3)}
    best = min(dist.values())
    return {r for r, d in dist.items() if d <= best + tol}


def rounds_checker(inputs=INPUTS + TIES, mistakes: Iterable[tuple[Callable, str]] = ()) -> Callable[[Any], str | None]:
    """``optimal_rounds(a)`` gives a nearest number of rounds on every input (at a tie either of the
    two). ``mistakes``: the notebook's table of typical wrong functions, (function, hint) pairs; a
    learner's function that agrees with one wherever the best number of rounds is unique gets
    its hint."""
    inputs = list(inputs)
    mistakes = list(mistakes)

    def checker(f) -> str | None:
        if not callable(f):
            return f"give a function (def optimal_rounds(a): ...), not {type(f).__name__}"
        got = {}
        for a in inputs:
            try:
                r = f(a)
            except (ValueError, ZeroDivisionError, OverflowError) as e:
                return (f"for a = {a} your function raised {type(e).__name__} ({e}): with sin²θ = a, "
                        f"θ = arcsin(√a) is between 0 and π/2 for every a in (0, 1]")
            if isinstance(r, bool) or not isinstance(r, (int, float, np.integer, np.floating)):
                return f"for a = {a} your function returned {r!r}: return a whole number of rounds"
            if abs(r - round(r)) > 1e-9:
                return (f"for a = {a} your function returned {r!r}, not a whole number: you cannot apply Q "
                        "a fraction of a time; round to the best whole number of rounds")
            got[a] = int(round(r))
        bad = [a for a in inputs if got[a] not in accepted(a)]
        if not bad:
            return None
        plain = [a for a in inputs if len(accepted(a)) == 1]          # at a tie a mistake may land either way
        why = named_mistake(mistakes, lambda wrong: all(got[a] == wrong(a) for a in plain))
        if why is not None:
            return why
        a = bad[0]
        theta = math.asin(math.sqrt(a))
        return (f"for a = {a} your function returned {got[a]}: then (2r+1)θ = {(2 * got[a] + 1) * theta:.3f}, "
                f"and P(good) = {math.sin((2 * got[a] + 1) * theta) ** 2:.3f}; try r − 1 and r + 1")
    return checker


# --- one round of Q as a circuit ---------------------------------------------------------------
def _q_matrix(psi: np.ndarray, good: set, reflect_about: np.ndarray | None = None) -> np.ndarray:
    n = len(psi)
    o_f = np.diag([-1.0 if i in good else 1.0 for i in range(n)])
    v = psi if reflect_about is None else reflect_about
    return (2 * np.outer(v, v.conj()) - np.eye(n)) @ o_f


def one_round_state(psi, good) -> np.ndarray:
    """Q A|0...0> = (2|psi><psi| - I) O_f |psi>, as a complex array (``psi`` normalised first)."""
    psi = np.asarray(psi, dtype=complex)
    psi = psi / np.linalg.norm(psi)
    return _q_matrix(psi, set(good)) @ psi


def _same(u, v) -> bool:
    return abs(np.vdot(u, v)) > 1 - 1e-6


def rounds_state(psi, good, rounds: int) -> np.ndarray:
    """Q^rounds A|0...0>: ``rounds`` rounds of the amplifier on ``psi`` (normalised first), as a
    complex array."""
    psi = np.asarray(psi, dtype=complex)
    psi = psi / np.linalg.norm(psi)
    return np.linalg.matrix_power(_q_matrix(psi, set(good)), rounds) @ psi


def one_round_checker(psi, good, mistakes: Iterable = ()) -> Callable[[Any], str | None]:
    """A circuit on log2(len(psi)) qubits that makes Q A|0...0> (up to a global phase).

    ``mistakes`` is the check cell's table of named slips, ``(state, hint)`` with ``state`` the
    amplitudes the slip makes (``rounds_state`` builds r rounds): the notebook names two rounds of
    Q there, beside the task; the slips inside one round are named here."""
    from . import checks
    psi = np.asarray(psi, dtype=complex)
    psi = psi / np.linalg.norm(psi)
    good = set(good)
    n = len(psi)
    k = int(round(math.log2(n)))
    target = one_round_state(psi, good)
    flipped = {int(format(i, f"0{k}b")[::-1], 2) for i in good}          # the same bits read the other way
    uniform = np.ones(n) / math.sqrt(n)
    s0 = np.diag([-1.0 if i == 0 else 1.0 for i in range(n)])
    o_f = np.diag([-1.0 if i in good else 1.0 for i in range(n)])
    slips = list(mistakes) + [
        (psi, "your circuit leaves |ψ⟩ = 𝒜|00⟩ as it was: either it has no round at all, or the oracle O_f is "
              "missing (reflecting |ψ⟩ about itself changes nothing). Start the round with O_f"),
        (_q_matrix(psi, flipped) @ psi,
         "your oracle marks the wrong basis state: in Qiskit the rightmost bit is qubit 0, so |10⟩ means "
         "qubit 1 is 1 and qubit 0 is 0"),
        (s0 @ o_f @ psi,
         "you reflected about |00⟩ instead of about |ψ⟩: sandwich S₀ between 𝒜† and 𝒜 (−𝒜S₀𝒜† = 2|ψ⟩⟨ψ| − I)"),
        (_q_matrix(psi, good, uniform) @ psi,
         "that is Grover's diffusion about the uniform superposition (H on every qubit, lesson 10); amplitude "
         "amplification reflects about |ψ⟩ = 𝒜|00⟩: use 𝒜† and 𝒜 around S₀"),
        (o_f @ psi, "your circuit stops after the oracle: O_f only flips the sign of the good part; the "
                    "reflection −𝒜S₀𝒜† turns that sign flip into a larger amplitude"),
    ]
    fallback = checks.state(target, k)

    def checker(answer) -> str | None:
        from qiskit import QuantumCircuit
        from qiskit.quantum_info import Statevector
        if not isinstance(answer, QuantumCircuit):
            return f"give a QuantumCircuit, not {type(answer).__name__}"
        if answer.num_qubits != k:
            return f"use a circuit with {k} qubits, not {answer.num_qubits}"
        made = Statevector.from_instruction(answer.remove_final_measurements(inplace=False)).data
        if _same(made, target):
            return None
        why = named_mistake(slips, lambda state: _same(made, np.asarray(state, dtype=complex)))
        return why if why is not None else fallback(answer)
    return checker
