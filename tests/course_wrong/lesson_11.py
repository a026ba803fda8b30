"""Plausible wrong answers for lesson 11 (QAOA and quantum minimax), each with words its hint must contain."""
from qiskit import QuantumCircuit

from course_runner import as_function


def _parity(targets, angle_of=lambda t: t):
    """CX from each qubit in ``targets[:-1]`` onto the last, R_Z there, and the CXs again."""
    def build(theta):
        qc = QuantumCircuit(3)
        *controls, target = targets
        for q in controls:
            qc.cx(q, target)
        qc.rz(angle_of(theta), target)
        for q in reversed(controls):
            qc.cx(q, target)
        return qc
    return as_function(build)


def _no_undo(theta):
    qc = QuantumCircuit(3)
    qc.cx(0, 2)
    qc.cx(1, 2)
    qc.rz(theta, 2)
    return qc


WRONG = {
    "11.1": [(_parity((0, 1, 2), lambda t: t / 2), "θ/2"),
             (_parity((0, 1, 2), lambda t: -t), "sign"),
             (_parity((0, 1)), "qubit 2's bit"),
             (_parity((0, 2)), "qubit 1's bit"),
             (as_function(_no_undo), "not diagonal")],
    "11.2": [({"00": 1.0}, "H on both"),
             ({"11": 1.0}, "phase"),
             ({"00": 0.5, "11": 0.5}, "different phase"),
             ([0.25, 0.25, 0.25, 0.25], "dict")],
    "11.3": [("0000000", "maximises"), ("1000000", "signs"), ("1111100", "dropping a square"),
             (1111111, "text")],
    "11.4": [("a", "report's code"), ("b", "constructor"), ("d", "QUBO")],
    "11.5": [(as_function(lambda d, a, b, m: 0.5 * d + 0.5 * (a + b) / 2), "50/50 average"),
             (as_function(lambda d, a, b, m: 0.5 * d + 0.5 * (max(a, b) if m == "X" else min(a, b))), "its opponent chooses"),
             (as_function(lambda d, a, b, m: 0.5 * d + 0.5 * min(a, b)), "larger score"),
             (as_function(lambda d, a, b, m: 0.4 * d + 0.6 * (min(a, b) if m == "X" else max(a, b))), "0.4 and 0.6")],
    "11.6": [([0, 1, 1, 3], "z = ±1"), ([-1.5, 0.5, 0.5, 0.5], "signs are flipped"),
             ([3, -1, -1, -1], "half its angle"),
             ([1, 2, 2, 4], "z = ±1"),                     # C(x) plus a constant: still C's shape
             ([-1, 1, 1, 1], "signs are flipped"),          # −E plus a constant
             ([1.5, -0.5, -0.5, -0.5 + 6.283185307], "2π"),  # one phase unwrapped the other way
             ([1.5, -0.5, -0.5], "4 numbers")],
}
