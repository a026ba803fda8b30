"""Checkers for answers that need code to judge: circuits by their statevector, functions
on many inputs, moves by the rules engine.

Each factory returns a checker ``answer -> None`` (right) or a hint (str), for
``check(task_id, answer, using=...)``. Lesson-specific checkers live beside these, in a
module per lesson (``qttt_widgets.exercises.lesson05`` ...), only where a lesson needs one.
"""
from __future__ import annotations

import math
from typing import Any, Callable, Iterable, Sequence

from . import Mismatch, matches, named_mistake

__all__ = ["state", "ket", "function", "same_statevector", "statevector"]


def statevector(circuit_or_state):
    """The final state of a circuit (measurements removed), or a Statevector as it is."""
    from qiskit import QuantumCircuit
    from qiskit.quantum_info import Statevector
    if isinstance(circuit_or_state, QuantumCircuit):
        qc = circuit_or_state.remove_final_measurements(inplace=False)
        return Statevector.from_instruction(qc)
    if isinstance(circuit_or_state, Statevector):
        return circuit_or_state
    raise Mismatch(f"give a QuantumCircuit, not {type(circuit_or_state).__name__}")


def _num(z: complex) -> str:
    """A short readable amplitude: 0.707, -0.5i, (0.5+0.5i)."""
    z = complex(round(z.real, 3), round(z.imag, 3))
    if z.imag == 0:
        return f"{z.real:g}"
    if z.real == 0:
        return f"{z.imag:g}i"
    return f"({z.real:g}{z.imag:+g}i)"


def ket(amplitudes: Sequence[complex], num_qubits: int | None = None) -> str:
    """A state written out: ``0.707|00⟩ + 0.707|11⟩`` (qubit 0 is the rightmost digit, as in
    Qiskit). Small amplitudes are left out; a global phase is not removed."""
    amps = list(amplitudes)
    n = num_qubits or max(1, int(round(math.log2(len(amps)))))
    parts = []
    for i, a in enumerate(amps):
        if abs(a) > 1e-6:
            parts.append(f"{_num(a)}|{i:0{n}b}⟩")
    return " + ".join(parts).replace("+ -", "− ") if parts else "0"


def same_statevector(a: Sequence[complex], b: Sequence[complex], tol: float = 1e-6) -> bool:
    """True if two normalised states are equal up to a global phase."""
    overlap = abs(sum(complex(x).conjugate() * complex(y) for x, y in zip(a, b)))
    return len(a) == len(b) and overlap > 1 - tol


def state(target: Sequence[complex], num_qubits: int | None = None,
          phase_hint: str | None = None,
          mistakes: Iterable[tuple[Sequence[complex], str]] = ()) -> Callable[[Any], str | None]:
    """A circuit (or Statevector) that prepares ``target`` up to a global phase.

    ``mistakes``: (state, hint) pairs from the notebook's check cell; a circuit that makes one
    of those states (up to a global phase) gets its hint. Otherwise the hint says what the
    learner's circuit made, in ket form; when only the phases differ (same probabilities) it
    says so, or gives ``phase_hint``."""
    mistakes = list(mistakes)
    norm = math.sqrt(sum(abs(complex(t)) ** 2 for t in target))
    target = [complex(t) / norm for t in target]
    n = num_qubits or int(round(math.log2(len(target))))

    def checker(answer) -> str | None:
        sv = statevector(answer)
        if sv.num_qubits != n:
            return f"use a circuit with {n} qubit{'s' if n > 1 else ''}, not {sv.num_qubits}"
        made = list(sv.data)
        if same_statevector(made, target):
            return None
        why = named_mistake(mistakes, lambda wrong: same_statevector(made, list(wrong)))
        if why is not None:
            return why
        said = f"your circuit makes {ket(made, n)}"
        if all(abs(abs(m) - abs(t)) < 1e-6 for m, t in zip(made, target)):
            return f"{said}: the right probabilities, but a relative phase (a sign) is wrong. " + (
                phase_hint or "Which gate changes a sign without changing the odds?")
        return said + ", which is not the state asked for"
    return checker


def function(reference: Callable, inputs: Iterable, tol: float = 1e-6,
             show: bool = True, describe: Callable[[Any], str] | None = None) -> Callable[[Any], str | None]:
    """A function that agrees with ``reference`` on every input (each input a tuple of
    arguments, or one argument). The hint names the first input where it does not, and what it
    returned (not what was expected, unless ``show``)."""
    cases = [x if isinstance(x, tuple) else (x,) for x in inputs]

    def checker(f) -> str | None:
        if not callable(f):
            return f"give a function (def ...), not {type(f).__name__}"
        for args in cases:
            want = reference(*args)
            got = f(*args)
            try:
                ok = matches(got, want, tol)
            except Mismatch as e:
                return f"for input {', '.join(map(repr, args))} your function returned {got!r}: {e}"
            if not ok:
                what = describe(args) if describe else ", ".join(map(repr, args))
                tail = f"; expected {want!r}" if show else ""
                return f"for {what} your function returned {got!r}{tail}"
        return None
    return checker
