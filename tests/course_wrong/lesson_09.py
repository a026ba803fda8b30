"""Plausible wrong answers for lesson 09 (the qubit-per-cell game), each with words its hint must contain."""
import math

from qiskit import QuantumCircuit


def _phi_plus():
    qc = QuantumCircuit(2)
    qc.h(0)
    qc.cx(0, 1)
    return qc


def _psi_minus():
    qc = QuantumCircuit(2)
    qc.x(0)
    qc.h(0)
    qc.x(1)
    qc.cx(0, 1)
    return qc


def _three_qubits():
    qc = QuantumCircuit(3)
    qc.h(0)
    qc.x(1)
    qc.cx(0, 1)
    return qc


def _h_on_both():
    qc = QuantumCircuit(2)
    qc.h([0, 1])
    return qc


WRONG = {
    "9.1": [(0.5, "S move"), (0.8536, "P(O)"), ((1 - math.cos(45)) / 2, "radians"),
            (math.sin(math.pi / 8), "square"), ("T", "number")],
    "9.2": [({"OOO": 0.5, "XXX": 0.5}, "without the X gates"),
            ({"OXX": 0.5, "XOX": 0.5}, "first CNOT only"),
            ({"OXO": 0.5, "XOO": 0.5}, "after the first CNOT has changed it"),
            ({k: 1 / 8 for k in ("OOO", "OOX", "OXO", "OXX", "XOO", "XOX", "XXO", "XXX")}, "deterministic"),
            ([0.5, 0.5], "dict")],
    "9.3": [(lambda: _phi_plus(), ["0.707|00⟩ + 0.707|11⟩", "not the state"]),
            (lambda: _psi_minus(), ["relative phase", "minus sign"]),
            (lambda: _three_qubits(), "2 qubits"),
            (lambda: _h_on_both(), "not the state")],
    "9.4": [(("swap", 0, 8), "lets O win for certain"),
            (("place", 1), "completes no line"),
            (("phase", 1, "ST"), "probability 0.146"),
            (("swap", 3, 5), "no line is complete"),
            (("place", 9), "off the board"),
            ("swap 5 8", "tuple")],
    "9.5": [("a", "same odds"), ("c", "is entangled"), ("d", "renaming")],
}
