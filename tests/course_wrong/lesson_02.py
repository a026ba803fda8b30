"""Plausible wrong answers for lesson 02 (gates), each with words its hint must contain."""
import math


def _circuit(*gates, qubits=1):
    from qiskit import QuantumCircuit
    qc = QuantumCircuit(qubits)
    for g in gates:
        if isinstance(g, tuple):
            getattr(qc, g[0])(*g[1:])
        else:
            getattr(qc, g)(0)
    return qc


WRONG = {
    "2.1": [((1j, 0), "sign"), ((0, 1j), "first column"), ((1, 0), "imaginary"), ((-1, 0), "1j")],
    "2.2": [(lambda: _circuit("h", "s"), ["0.707i|1⟩", "relative phase"]),       # |+i>: the sign of i
            (lambda: _circuit("h"), ["0.707|0⟩ + 0.707|1⟩", "relative phase"]),  # |+>: no phase at all
            (lambda: _circuit("h", "z"), ["− 0.707|1⟩", "add up"]),              # |->: phase pi
            (lambda: _circuit("s", "z"), ["makes 1|0⟩", "not the state"]),       # forgot the H
            (lambda: _circuit("h", "sdg", qubits=2), "1 qubit")],
    "2.3": [(math.pi / 6, "half angle"), (60, "degrees"), (30, "half angle"),
            (2 * math.pi / 3, "P(0) = 1/4"), (5 * math.pi / 3, "outside")],
    "2.4": [("a", "multiplies amplitudes"), ("b", "relative phase"), ("d", "do not commute")],
    "2.5": [({"0": 1, "1": 0}, "nothing between"), ({"0": 0, "1": 1}, "only π/2"),
            ({"0": 0.85, "1": 0.15}, "T's phase"), (0.5, "dict")],
    "2.6": [("a", "full turn"), ("c", "turns a relative phase into odds"), ("b", "size is 1")],
    "2.7": [(0.854, "not a probability"), (146, "T alone"), (500, "Z measurement"),
            (1000 * (1 - math.cos(math.pi ** 2 / 8)) / 2, "do not multiply"),     # (π/2)(π/4) = π²/8 ≈ 335
            (1000 * (1 - math.cos(3 * math.pi / 8)) / 2, "half the phase")],      # φ/2 = 3π/8 ≈ 309
}
