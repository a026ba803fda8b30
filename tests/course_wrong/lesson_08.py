"""Plausible wrong answers for lesson 08, each with words its hint must contain."""
from qiskit import QuantumCircuit


def _circuit(*gates, n=2):
    qc = QuantumCircuit(n)
    for name, *qubits in gates:
        getattr(qc, name)(*qubits)
    return qc


WRONG = {
    "8.1": [(lambda: _circuit(("h", 0), ("cx", 0, 2), n=3), "your circuit makes"),                # forgot the X
            (lambda: _circuit(("h", 0), ("cx", 0, 1), ("x", 1), n=3), "your circuit makes"),    # squares 1 and 2
            (lambda: _circuit(("x", 0), ("h", 0), ("cx", 0, 2), ("x", 2), n=3), "relative phase"),  # a minus sign
            (lambda: _circuit(("x", 2), n=3), "your circuit makes"),                             # always in square 3
            (lambda: _circuit(("h", 0), ("cx", 0, 1), ("x", 1)), "3 qubits"),                   # lesson 03's Ψ⁺
            ("H CX X", "QuantumCircuit")],
    "8.2": [([1, 0, 0, 0], "undoes itself"), ([0, 2 ** -0.5, 2 ** -0.5, 0], "after one mark"),
            ([0, 0, 0, 1], "what the game needs"), ([0.5, 0.5, 0.5, 0.5], "one sign"),
            ([-0.5, 0.5, -0.5, -0.5], "global sign"), ({"00": 0.25, "01": 0.25, "10": 0.25, "11": 0.25}, "amplitudes"),
            (0.25, "list")],
    "8.3": [(1, "decoder"), (0.5, "add X₃"), (0.25, "written (3, 4)"), (4 / 9, "fraction of shots"),
            ("half", "number")],
    "8.4": [(1, "what the report claims"), (0.5, "report's claim"), (0, "(A, C)"), (0.25, "all three qubits read 1")],
    "8.5": [("b", "bit order"), ("c", "shared, entangled qubit"), ("d", "measured once"), (1, "text")],
}
