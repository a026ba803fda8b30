"""Checkers for lesson 11 (QAOA and quantum minimax) that need code to judge an answer:
a function that builds a circuit (compared by its matrix, up to a global phase) and a
function of numbers that may carry a named, typical mistake.

Both take the mistakes to recognise from the notebook's check cell, as (function, hint)
pairs: if the learner's function agrees with a mistake on every input, that mistake's hint
is given. So the teaching stays beside the task; this module only runs the comparison.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

from . import Mismatch, matches, named_mistake

__all__ = ["same_unitary", "function_with_mistakes", "up_to_constant"]


def _operator(qc):
    from qiskit import QuantumCircuit
    from qiskit.quantum_info import Operator
    if not isinstance(qc, QuantumCircuit):
        raise Mismatch(f"your function should return a QuantumCircuit, not {type(qc).__name__}")
    return Operator(qc.remove_final_measurements(inplace=False))


def _equal_up_to_phase(a, b) -> bool:
    return a.dim == b.dim and bool(a.equiv(b))


def same_unitary(reference: Callable[[Any], Any], inputs: Iterable,
                 mistakes: Iterable[tuple[Callable[[Any], Any], str]] = ()) -> Callable[[Any], str | None]:
    """A learner's function ``f(x) -> QuantumCircuit`` whose matrix equals that of
    ``reference(x)`` up to a global phase for every ``x`` in ``inputs``.

    ``mistakes``: (builder, hint) pairs; a learner's function that matches ``builder`` on
    every input gets that hint. Otherwise the hint says whether the matrix is diagonal
    (when the reference's is) and for which input it first differs."""
    import numpy as np
    xs = list(inputs)
    mistakes = list(mistakes)

    def checker(f) -> str | None:
        if not callable(f):
            return f"give a function (def ...) that returns a circuit, not {type(f).__name__}"
        made = [_operator(f(x)) for x in xs]
        want = [_operator(reference(x)) for x in xs]
        if made[0].num_qubits != want[0].num_qubits:
            return f"use a circuit with {want[0].num_qubits} qubits, not {made[0].num_qubits}"
        if all(_equal_up_to_phase(m, w) for m, w in zip(made, want)):
            return None
        why = named_mistake(mistakes, lambda builder: all(_equal_up_to_phase(m, _operator(builder(x)))
                                                           for m, x in zip(made, xs)))
        if why is not None:
            return why
        for m, w, x in zip(made, want, xs):
            if _equal_up_to_phase(m, w):
                continue
            md, wd = np.asarray(m.data), np.asarray(w.data)
            off = lambda u: float(np.abs(u - np.diag(np.diag(u))).max())  # noqa: E731
            if off(wd) < 1e-9 and off(md) > 1e-9:
                return (f"for {x!r} your circuit's matrix is not diagonal: it moves a basis state to "
                        f"another one (a CX too many or too few?). The target only changes phases.")
            return f"for {x!r} your circuit's matrix is not the one asked for (not even up to a global phase)"
        return None
    return checker


def function_with_mistakes(reference: Callable, inputs: Iterable,
                           mistakes: Iterable[tuple[Callable, str]] = (),
                           tol: float = 1e-6) -> Callable[[Any], str | None]:
    """A learner's function that agrees with ``reference`` on every input (each a tuple of
    arguments). A function that agrees instead with one of ``mistakes`` (function, hint) on
    every input gets that hint; any other gets the first input where it differs."""
    cases = [x if isinstance(x, tuple) else (x,) for x in inputs]
    mistakes = list(mistakes)

    def agrees(f, g) -> bool:
        try:
            return all(matches(f(*args), g(*args), tol) for args in cases)
        except Mismatch:
            return False

    def checker(f) -> str | None:
        if not callable(f):
            return f"give a function (def ...), not {type(f).__name__}"
        for args in cases:
            got = f(*args)
            matches(got, reference(*args), tol)          # a wrong kind raises Mismatch: its hint
        if agrees(f, reference):
            return None
        why = named_mistake(mistakes, lambda wrong: agrees(f, wrong))
        if why is not None:
            return why
        for args in cases:
            got, want = f(*args), reference(*args)
            if not matches(got, want, tol):
                return (f"for input {', '.join(map(repr, args))} your function returned {got!r}, "
                        f"but the formula gives {want!r}")
        return None
    return checker


def up_to_constant(expect: Iterable[float], mistakes: Iterable[tuple[Iterable[float], str]] = (),
                   hint: str | None = None, tol: float = 1e-3) -> Callable[[Any], str | None]:
    """A learner's list of numbers that equals ``expect`` after adding one constant to every
    entry (energies read from phases: a constant is a global phase, which nothing can see).

    ``mistakes``: (numbers, hint) pairs, also compared up to a constant; a list that matches
    one gets its hint; any other wrong list gets ``hint``."""
    import numpy as np
    want = np.asarray(list(expect), dtype=float)
    mistakes = [(np.asarray(list(m), dtype=float), why) for m, why in mistakes]

    def same(a, b) -> bool:
        d = a - b
        return bool(np.all(np.abs(d - d[0]) <= tol))

    def checker(answer) -> str | None:
        if isinstance(answer, (str, bytes, dict, set)) or not hasattr(answer, "__len__"):
            return f"give a list of {len(want)} numbers, not {type(answer).__name__}"
        try:
            got = np.asarray([complex(x) for x in answer])
        except (TypeError, ValueError):
            return f"give a list of {len(want)} numbers"
        if got.shape != want.shape:
            return f"give a list of {len(want)} numbers, not {len(got)}"
        if np.abs(got.imag).max() > tol:
            return "energies are real numbers: read the phase (np.angle), not the complex entry"
        got = got.real
        if same(got, want):
            return None
        why = named_mistake(mistakes, lambda numbers: same(got, numbers))
        if why is not None:
            return why
        if np.all(np.abs(np.mod(got - want - (got[0] - want[0]) + np.pi, 2 * np.pi) - np.pi) <= tol):
            return ("an entry is off by a multiple of 2π: a phase read with np.angle is only known up to 2π, "
                    "so bring every energy into the same range")
        return hint or f"not these numbers, even up to a constant added to all {len(want)}"
    return checker
