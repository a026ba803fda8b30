"""Plausible wrong answers for lesson 10 (Grover search), each with words its hint must contain."""
import math

from qiskit import QuantumCircuit

from course_runner import as_function


def grover_circuit(marked_x, rounds=1, start=True, oracle=True, diffusion=True):
    """A Grover circuit on 3 qubits; marked_x: the qubits that get X around the CCZ. Also the
    circuits of the checker tests in test_exercises.py (one builder for both)."""
    qc = QuantumCircuit(3)
    if start:
        qc.h([0, 1, 2])
    for _ in range(rounds):
        if oracle:
            if marked_x:
                qc.x(marked_x)
            qc.ccz(0, 1, 2)
            if marked_x:
                qc.x(marked_x)
        if diffusion:
            qc.h([0, 1, 2])
            qc.x([0, 1, 2])
            qc.ccz(0, 1, 2)
            qc.x([0, 1, 2])
            qc.h([0, 1, 2])
    return qc


def _theta(M, N):
    return math.asin(math.sqrt(M / N))


WRONG = {
    "10.1": [(0.25, "M/N"), (0.75, "mean before the oracle"), (0.5, "mean after the oracle is 1/4"),
             ([0, 0, 0, 1], "number")],
    "10.2": [(lambda: grover_circuit([0], diffusion=False), "equally likely"),
             (lambda: grover_circuit([0], oracle=False), "equally likely"),
             (lambda: grover_circuit([2]), "backwards"),          # marks 011 = index 3: the bits read left to right
             (lambda: grover_circuit([0], rounds=2), "2 rounds"),
             (lambda: grover_circuit([0], rounds=3), "3 rounds"),
             (lambda: grover_circuit([0], start=False), "equal superposition"),
             (lambda: QuantumCircuit(2), "3 qubits")],
    "10.3": [(as_function(lambda n, M, r: math.sin((2 * r + 1) * math.asin(math.sqrt(M / n))) ** 2), "2**n"),
             (as_function(lambda n, M, r: math.sin(r * _theta(M, 2 ** n)) ** 2), "(2r + 1)θ"),
             (as_function(lambda n, M, r: math.sin(2 * r * _theta(M, 2 ** n)) ** 2), "(2r + 1)θ"),
             (as_function(lambda n, M, r: math.sin((2 * r + 1) * _theta(M, 2 ** n))), "square"),
             (as_function(lambda n, M, r: math.sin((2 * r + 1) * math.asin(M / 2 ** n)) ** 2), "square root"),
             (as_function(lambda n, M, r: math.sin((2 * r + 1) * math.sqrt(M / 2 ** n)) ** 2), "arcsin"),
             (as_function(lambda n, M, r: math.sin((2 * r + 3) * _theta(M, 2 ** n)) ** 2), "for n = "),
             (0.5, "function")],
    "10.4": [(13, "π/(4θ) − 1/2"), (16, "how the count grows"),
             (math.pi / (4 * math.asin(1 / 16)) - 0.5, "round it"), (201, "N in place of √N")],
    "10.5": [(1, "the report's text"), (math.pi / 2, "rounds up"), (4, "square root"), (3, "too many")],
    "10.6": [(0.25, "N = 64"), (math.sin(3 * math.asin(3 / 8)) ** 2, "one round"), (9 / 64, "before any round"),
             (0.75, "report's figure"), (1.0, "90°")],
    "10.7": [("a", "ranking"), ("b", "classically"), ("d", "random")],
}
