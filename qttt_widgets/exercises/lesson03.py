"""Checkers for lesson 03 (two qubits, Bell states): a circuit for a named Bell state, whose
hint says which Bell state (or other state) the learner's circuit made and what differs."""
from __future__ import annotations

import math
from typing import Any, Callable

from . import checks

__all__ = ["BELL", "bell_state", "bell_name"]

R = 1 / math.sqrt(2)
# amplitudes of |00>, |01>, |10>, |11> (qubit 0 is the rightmost digit, as in Qiskit)
BELL = {
    "Φ+": [R, 0, 0, R],
    "Φ−": [R, 0, 0, -R],
    "Ψ+": [0, R, R, 0],
    "Ψ−": [0, R, -R, 0],
}
_WRITTEN = {"Φ+": "(|00⟩ + |11⟩)/√2", "Φ−": "(|00⟩ − |11⟩)/√2",
            "Ψ+": "(|01⟩ + |10⟩)/√2", "Ψ−": "(|01⟩ − |10⟩)/√2"}


def bell_name(amplitudes) -> str | None:
    """The name of the Bell state ``amplitudes`` is (up to a global phase), else None."""
    for name, amps in BELL.items():
        if checks.same_statevector(list(amplitudes), amps):
            return name
    return None


def _why(made: str, want: str) -> str:
    agree_made, agree_want = made[0] == "Φ", want[0] == "Φ"
    plus_made, plus_want = made[1] == "+", want[1] == "+"
    said = f"your circuit makes {made} = {_WRITTEN[made]}"
    if agree_made != agree_want and plus_made != plus_want:
        return (f"{said}: both differences are missing. In {want} the two qubits "
                f"{'agree' if agree_want else 'differ'} and the sign between the terms is "
                f"{'+' if plus_want else '−'}; one gate fixes each.")
    if agree_made != agree_want:
        return (f"{said}: the sign is right, but your qubits {'agree' if agree_made else 'differ'}; in "
                f"{want} they {'agree' if agree_want else 'differ'}. Which gate flips one qubit?")
    return (f"{said}: the qubits {'agree' if agree_made else 'differ'} as they should, but the relative "
            f"sign is {'+' if plus_made else '−'}, and {want} needs {'+' if plus_want else '−'} (a sign you "
            "cannot see in Z-basis counts). Which gate from lesson 02 flips the sign of |1⟩ and leaves |0⟩ alone?")


def bell_state(name: str) -> Callable[[Any], str | None]:
    """A 2-qubit circuit that prepares the Bell state ``name`` ('Φ+', 'Φ−', 'Ψ+', 'Ψ−') up to a
    global phase; the hint names the Bell state the circuit made instead, if it made one."""
    base = checks.state(BELL[name], 2)

    def checker(answer) -> str | None:
        why = base(answer)
        if why is None:
            return None
        try:
            amps = list(checks.statevector(answer).data)
        except Exception:  # noqa: BLE001 - the base hint already says what is wrong
            return why
        made = bell_name(amps) if len(amps) == 4 else None
        if made is not None:
            return _why(made, name)
        if len(amps) == 4 and abs(amps[0] * amps[3] - amps[1] * amps[2]) < 1e-9:
            return why + " — and it is a product state (not entangled): an H alone does not link two qubits; the CX does."
        return why
    return checker
