"""Plausible wrong answers for lesson 09 (the qubit-per-cell game), each with words its hint must contain."""
import math

from qiskit import QuantumCircuit


def _circuit(n, *ops):
    qc = QuantumCircuit(n)
    for name, *qubits in ops:
        getattr(qc, name)(*qubits)
    return qc


def _level_2():            # the middle cell odd: OXO or XOX
    return _circuit(3, ("h", 0), ("x", 1), ("x", 2), ("cx", 0, 1), ("cx", 1, 2))


def _ghz():                # no X gates: OOO or XXX
    return _circuit(3, ("h", 0), ("cx", 0, 1), ("cx", 0, 2))


def _bit_order_slip():     # built from "XOO"/"OXX" read as Qiskit bitstrings: the third cell odd
    return _circuit(3, ("h", 2), ("x", 0), ("x", 1), ("cx", 2, 0), ("cx", 2, 1))


def _minus():              # an X before the H: (|100> - |011>)/sqrt 2 in cell order
    return _circuit(3, ("x", 0), ("h", 0), ("x", 1), ("x", 2), ("cx", 0, 1), ("cx", 0, 2))


def _two_qubits():
    return _circuit(2, ("h", 0), ("x", 1), ("cx", 0, 1))


def _h_on_all():
    return _circuit(3, ("h", 0), ("h", 1), ("h", 2))


WRONG = {
    "9.1": [(0.5, "S move"), (0.1464, "P(O)"), ((1 - math.cos(135)) / 2, "radians"),
            (math.sin(3 * math.pi / 8), "square"), ((1 - math.cos(math.pi / 8)) / 2, "add"), ("ST", "number")],
    "9.2": [({"OXO": 0.5, "XOX": 0.5}, "X on c only"),
            ({"OOO": 0.5, "XXX": 0.5}, "without the X gate"),
            ({"OOX": 0.5, "XXX": 0.5}, "first CNOT only"),
            ({k: 1 / 8 for k in ("OOO", "OOX", "OXO", "OXX", "XOO", "XOX", "XXO", "XXX")}, "deterministic"),
            ([0.5, 0.5], "dict")],
    "9.3": [(lambda: _level_2(), ["OXO", "level 2"]),
            (lambda: _ghz(), ["OOO", "GHZ"]),
            (lambda: _bit_order_slip(), ["XXO", "rightmost"]),
            (lambda: _minus(), ["relative phase", "minus sign"]),
            (lambda: _two_qubits(), "3 qubits"),
            (lambda: _h_on_all(), "probability 1/2 each")],
    "9.4": [(("swap", 0, 8), "lets O win for certain"),
            (("place", 1), "completes no line"),
            (("phase", 1, "ST"), "probability 0.146"),
            (("swap", 3, 5), "no line is complete"),
            (("place", 9), "off the board"),
            ("swap 5 8", "tuple")],
    "9.5": [(0, "without the H"), (0.5, "classical coin"), (0.25, "both O and both X"), ("b", "number")],
}
