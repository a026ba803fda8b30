"""Plausible wrong answers for lesson 11 (QAOA and quantum minimax), each with words its hint must contain."""
from qiskit import QuantumCircuit

from course_runner import as_function


def _sandwich(angle_of, on=1, second_cx=True):
    def build(theta):
        qc = QuantumCircuit(2)
        qc.cx(0, 1)
        qc.rz(angle_of(theta), on)
        if second_cx:
            qc.cx(0, 1)
        return qc
    return as_function(build)


def _rz_alone(theta):
    qc = QuantumCircuit(2)
    qc.rz(theta, 1)
    return qc


WRONG = {
    "11.1": [(_sandwich(lambda t: t / 2), "R_ZZ(θ/2)"),
             (_sandwich(lambda t: -t), "sign"),
             (_sandwich(lambda t: t, on=0), "commutes with CX"),
             (as_function(_rz_alone), "parity"),
             (_sandwich(lambda t: t, second_cx=False), "not diagonal")],
    "11.2": [({"00": 1.0}, "H on both"),
             ({"11": 1.0}, "phase"),
             ({"00": 0.5, "11": 0.5}, "different phase"),
             ([0.25, 0.25, 0.25, 0.25], "dict")],
    "11.3": [("0000000", "maximises"), ("1000000", "signs"), ("1111100", "dropping a square"),
             (1111111, "text")],
    "11.4": [("a", "report's code"), ("b", "constructor"), ("d", "QUBO")],
    "11.5": [(as_function(lambda d, a, b: 0.5 * d + 0.5 * (a + b)), "divide s1 + s2 by 2"),
             (as_function(lambda d, a, b: (d + a + b) / 3), "a third"),
             (as_function(lambda d, a, b: 0.5 * d + 0.5 * max(a, b)), "50/50"),
             (as_function(lambda d, a, b: 0.4 * d + 0.6 * min(a, b)), "cycle rule")],
    "11.6": [([0, 1, 1, 3], "z = ±1"), ([-1.5, 0.5, 0.5, 0.5], "signs are flipped"),
             ([3, -1, -1, -1], "half its angle")],
}
