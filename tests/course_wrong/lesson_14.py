"""Plausible wrong answers for lesson 14, each with words its hint must contain."""
import math

from course_runner import as_function

PSI = [0.6, 0.5, 0.3, math.sqrt(0.3)]        # the lesson's four boards; |10> is good


def circuit(*steps):
    """A two-qubit circuit: A, then the named steps. Also the circuits of the checker tests in
    test_exercises.py (one builder for both)."""
    from qiskit import QuantumCircuit
    from qiskit.circuit.library import StatePreparation
    A = StatePreparation(PSI)
    qc = QuantumCircuit(2)
    qc.append(A, [0, 1])
    for step in steps:
        if step == "O_f":                    # flip |10>
            qc.x(0); qc.cz(0, 1); qc.x(0)
        elif step == "O_f wrong bit":        # flip |01>
            qc.x(1); qc.cz(0, 1); qc.x(1)
        elif step == "S0":
            qc.x([0, 1]); qc.cz(0, 1); qc.x([0, 1])
        elif step == "A":
            qc.append(A, [0, 1])
        elif step == "A+":
            qc.append(A.inverse(), [0, 1])
        elif step == "H":
            qc.h([0, 1])
    return qc


ROUND = ("O_f", "A+", "S0", "A")

WRONG = {
    "14.1": [(0.2, "(1 − p)"), (0.01, "BOTH"), (0.81, "plays both boards correctly"), (0.1, "two chances")],
    "14.2": [(1.0, "2θ = 2π/3"), (0.75, "sin²θ = 3/4"), (0.25, "1 − a"),
             (math.sin(3 * math.asin(0.75)) ** 2, "arcsin(√a)")],
    "14.3": [(8, "passed π/2"), (6, "still short"), (math.pi / (4 * math.asin(0.1)), "fraction"),
             (math.pi / (4 * math.asin(0.1)) - 0.5, "not a whole number"), (10, "grows")],
    "14.4": [
        (as_function(lambda a: math.ceil(math.pi / (4 * math.asin(math.sqrt(a))) - 0.5)), "rounds UP"),
        (as_function(lambda a: round(math.pi / (4 * math.asin(math.sqrt(a))))), "rounds UP"),
        (as_function(lambda a: math.floor(math.pi / (4 * math.asin(math.sqrt(a))) - 0.5)), "one round too few"),
        (as_function(lambda a: math.floor(math.pi / (4 * math.asin(a)))), "square root"),
        (as_function(lambda a: math.pi / (4 * math.asin(math.sqrt(a)))), "not a whole number"),
        (as_function(lambda a: math.floor(math.pi / (4 * math.acos(math.sqrt(a))))), "ZeroDivisionError"),
        (as_function(lambda a: 2), "try r − 1 and r + 1"),
    ],
    "14.5": [("a", "two slips"), ("b", "rounds up past the peak"), ("c", "sin is 0")],
    "14.6": [
        (lambda: circuit(), "leaves |ψ⟩"),
        (lambda: circuit("A+", "S0", "A"), "oracle O_f is missing"),
        (lambda: circuit("O_f wrong bit", "A+", "S0", "A"), "rightmost bit is qubit 0"),
        (lambda: circuit("O_f", "S0"), "instead of about |ψ⟩"),
        (lambda: circuit("O_f", "H", "S0", "H"), "Grover's diffusion"),
        (lambda: circuit(*ROUND, *ROUND), "two rounds"),
        (lambda: circuit("O_f"), "stops after the oracle"),
        (lambda: circuit("O_f", "A", "S0", "A+"), "your circuit makes"),
    ],
    "14.7": [("a", "r* is 0"), ("c", "lemma 4.4"), ("d", "expected values")],
}
