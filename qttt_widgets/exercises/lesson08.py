"""Checkers for lesson 08 (circuits for Goff's game).

``one_mark_checker()`` judges a 2-qubit circuit meant to prepare one spooky mark in squares
a (qubit 0) and b (qubit 1): the Bell state (|01> + |10>)/sqrt2, up to a global phase. The
hint says what the learner's circuit made, and what that would mean for the mark.
"""
from __future__ import annotations

import math

from .checks import statevector, ket, same_statevector

__all__ = ["one_mark_checker", "PSI_PLUS"]

PSI_PLUS = [0, 1 / math.sqrt(2), 1 / math.sqrt(2), 0]


def one_mark_checker():
    """A checker: None if the circuit prepares (|01> + |10>)/sqrt2 from |00>, else a hint."""

    def checker(circuit) -> str | None:
        sv = statevector(circuit)
        if sv.num_qubits != 2:
            return (f"use a circuit with 2 qubits (qubit 0 for square a, qubit 1 for square b), "
                    f"not {sv.num_qubits}")
        made = [complex(z) for z in sv.data]
        if same_statevector(made, PSI_PLUS):
            return None
        said = f"your circuit makes {ket(made, 2)}"
        both_or_neither = abs(made[0]) ** 2 + abs(made[3]) ** 2
        if both_or_neither > 1e-6:
            return (f"{said}: with probability {both_or_neither:.2f} the mark would be in both squares or in "
                    "neither. A mark is in exactly one square, so the two qubits must always differ.")
        if abs(abs(made[1]) - abs(made[2])) > 1e-6:
            return (f"{said}: the mark is always in one square, but not with equal odds; "
                    "the two squares need amplitudes of the same size.")
        return (f"{said}: the right odds, but a relative sign differs from (|01⟩ + |10⟩)/√2. "
                "An H acting on |1⟩ puts in a minus sign, and so does Z: check the order of your gates.")
    return checker
