"""Checkers for lesson 14 (amplitude amplification against an imperfect opponent): the
learner's ``optimal_rounds(a)`` on many values of a, and one round of the amplifier
Q = -A S0 A^dagger O_f as a circuit.

Both name only the mistakes the notebook's check cell gives them (``mistakes=[(wrong, hint),
...]``): wrong functions for ``rounds_checker``, wrong states for ``one_round_checker``, which
the cell builds with the public builders here (``rounds_state``, ``one_round_state`` with another
set of good boards or another state to reflect about, ``oracle_state``). What the checkers say
themselves is about the answer's kind and shape, not a slip of the task: a function or a
circuit, whole numbers of rounds, the number of qubits, and a general hint for anything else."""
from __future__ import annotations

import math
from typing import Any, Callable, Iterable

import numpy as np

from . import named_mistake

__all__ = ["optimal_rounds", "accepted", "rounds_checker", "one_round_checker", "one_round_state", "rounds_state",
           "oracle_state", "INPUTS", "TIES"]


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
def _normalised(v) -> np.ndarray:
    v = np.asarray(v, dtype=complex)
    return v / np.linalg.norm(v)


def _q_matrix(psi: np.ndarray, good: set, reflect_about: np.ndarray | None = None) -> np.ndarray:
    n = len(psi)
    o_f = np.diag([-1.0 if i in good else 1.0 for i in range(n)])
    v = psi if reflect_about is None else reflect_about
    return (2 * np.outer(v, v.conj()) - np.eye(n)) @ o_f


def oracle_state(psi, good) -> np.ndarray:
    """O_f A|0...0>: ``psi`` (normalised first) with the sign of each amplitude in ``good``
    flipped, as a complex array: the oracle alone, a round stopped half-way."""
    psi = _normalised(psi)
    good = set(good)
    return np.array([-a if i in good else a for i, a in enumerate(psi)], dtype=complex)


def one_round_state(psi, good, reflect_about=None) -> np.ndarray:
    """Q A|0...0> = (2|psi><psi| - I) O_f |psi>, as a complex array (``psi`` normalised first).

    ``reflect_about``: the state the round reflects about after the oracle, |psi> unless given
    (normalised first, as ``psi``; its length must be ``psi``'s). Another state makes the round a
    check cell names as a slip: ``[1, 0, 0, 0]`` reflects about |00> (S0 alone, up to a global
    phase), ``[1, 1, 1, 1]`` about the uniform superposition (Grover's diffusion)."""
    psi = _normalised(psi)
    about = None
    if reflect_about is not None:
        about = np.asarray(reflect_about, dtype=complex)
        if about.shape != psi.shape or not np.linalg.norm(about) > 0:
            raise ValueError(f"reflect_about must be a nonzero state of {len(psi)} amplitudes, like psi; "
                             f"got {reflect_about!r}")
        about = _normalised(about)
    return _q_matrix(psi, set(good), about) @ psi


def _same(u, v) -> bool:
    return abs(np.vdot(u, v)) > 1 - 1e-6


def rounds_state(psi, good, rounds: int) -> np.ndarray:
    """Q^rounds A|0...0>: ``rounds`` rounds of the amplifier on ``psi`` (normalised first), as a
    complex array; ``rounds = 0`` is |psi> itself."""
    psi = _normalised(psi)
    return np.linalg.matrix_power(_q_matrix(psi, set(good)), rounds) @ psi


def one_round_checker(psi, good, mistakes: Iterable = ()) -> Callable[[Any], str | None]:
    """A circuit on log2(len(psi)) qubits that makes Q A|0...0> (up to a global phase).

    ``mistakes`` is the check cell's table of named slips, ``(state, hint)`` with ``state`` the
    amplitudes the slip makes (built with ``rounds_state``, ``one_round_state`` and
    ``oracle_state``), tried in the table's order; every named slip of the task is there, beside
    it (lesson 14b: two rounds, no round or no oracle, the oracle on the wrong bit, the reflection
    about |00> or about the uniform state, a round stopped after the oracle).

    The checker itself refuses what is not a circuit or has the wrong number of qubits; any other
    wrong circuit gets ``checks.state``'s general hint (the state it makes)."""
    from . import checks
    psi = _normalised(psi)
    good = set(good)
    k = int(round(math.log2(len(psi))))
    target = one_round_state(psi, good)
    slips = list(mistakes)
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
