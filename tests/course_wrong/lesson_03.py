"""Plausible wrong answers for lesson 03, each with words its hint must contain."""
from qiskit import QuantumCircuit


def _circuit(*gates, n=2):
    def build():
        qc = QuantumCircuit(n)
        for name, *qubits in gates:
            getattr(qc, name)(*qubits)
        return qc
    return build


R2 = 2 ** 0.5

WRONG = {
    "3.1": [({"01": 0.5, "11": 0.5}, "rightmost digit"),
            ({"10": 1.0}, "half the time"),
            ({"00": 0.25, "01": 0.25, "10": 0.25, "11": 0.25}, "X on qubit 1 flips it"),
            ([0.5, 0.5], "dict")],
    "3.2": [(0.6 / R2, "sign"),
            (0.8 / R2, "rightmost digit"),
            (0.18, "probability"),
            ({"01": -0.42}, "number")],
    "3.3": [({"C", "D"}, "one sign"),
            ({"B", "C"}, "unequal amplitudes"),
            ({"B", "C", "D", "E"}, "complex amplitude does not entangle"),
            ({"A", "B", "C", "D"}, "A is a product"),
            ({"C"}, "a00·a11 − a01·a10")],
    "3.4": [(_circuit(("h", 0), ("cx", 0, 1), ("x", 1)), ["Ψ+", "relative sign"]),
            (_circuit(("h", 0), ("cx", 0, 1), ("z", 1)), ["Φ−", "flips one qubit"]),
            (_circuit(("h", 0), ("cx", 0, 1)), ["Φ+", "both differences"]),
            (_circuit(("h", 0), ("x", 1), ("z", 1)), ["product state"]),
            (_circuit(("h", 0), ("cx", 0, 1), ("x", 1), ("z", 1), n=3), ["2 qubits"])],
    "3.5": [((1.0, 1.0), "two independent fair coins"),
            ((0.5, 0.5), "can they cancel"),
            ((0.5, 1.0), "other way round"),
            ((0.0, 0.5), "which terms survive"),
            (0.5, "tuple")],
    "3.6": [("a", "Z gate"),
            ("c", "perfect correlation"),
            ("d", "half the time")],
    "3.7": [(1.0, "level 4"),
            (0.5, "each branch"),
            (0.25, "only two outcomes")],
}
