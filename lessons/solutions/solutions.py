"""Reference solutions for every Task N.M of the lessons (for instructors).

Each entry builds the answer that ``qttt_widgets.exercises.check`` accepts. The test
suite runs them all, and checks that an empty stub (None) is refused with a hint.
"""
import math


def _qc(n):
    from qiskit import QuantumCircuit
    return QuantumCircuit(n)


def s_0_1():
    return 3 * 3


def s_1_1():
    return (0, 1)


def s_1_2():
    return (math.sqrt(3) / 2) ** 2


def s_1_3():
    return math.pi / 2


def s_2_1():
    qc = _qc(1)
    qc.x(0)
    return qc


def s_2_2():
    qc = _qc(1)
    qc.x(0)
    qc.h(0)
    return qc


def s_2_3():
    return 0.5 * 1000


def s_2_4():
    from qiskit.quantum_info import Statevector
    qc = _qc(1)
    qc.h(0)
    qc.t(0)
    qc.h(0)
    return Statevector.from_instruction(qc).probabilities()[1]


def s_3_1():
    qc = _qc(2)
    qc.h(0)
    qc.cx(0, 1)
    return qc


def s_3_2():
    qc = _qc(2)
    qc.h(0)
    qc.cx(0, 1)
    qc.x(1)
    return qc


def s_3_3():
    qc = _qc(3)
    qc.h(0)
    qc.cx(0, 1)
    qc.cx(1, 2)
    return qc


def s_4_1():
    from qttt_widgets.rules.classical import outcome
    return outcome("." * 9)


def s_4_2():
    from qttt_widgets.rules.classical import optimal_moves
    return optimal_moves("XX.OO....")[0]


def s_4_3():
    from qttt_widgets.rules.classical import can_blunder, legal_positions, outcome
    return sum(1 for k in legal_positions() if outcome(k) == "draw" and can_blunder(k))


def s_5_1():
    from qttt_widgets import GoffGame
    return GoffGame().play(0, 8)


def s_5_2():
    from qttt_widgets import Ensemble, GoffGame
    return Ensemble(GoffGame().play(0, 1).play(1, 2).play(2, 3)).size


def s_5_3():
    from qttt_widgets import GoffGame
    return GoffGame().play(0, 1).play(7, 8)


def s_6_1():
    return "X"


def s_6_2():
    return 7


def s_6_3():
    from qttt_widgets import GoffGame
    return GoffGame.from_record("58 47 67 59 48 68(8)").scores


def s_7_1():
    from qttt_widgets import Ensemble, GoffGame
    return Ensemble(GoffGame().play(0, 1).play(1, 2)).size


def s_7_2():
    from qttt_widgets import Ensemble, GoffGame
    return Ensemble(GoffGame().play(0, 1).play(1, 2)).probabilities(exact=True)[1]["X"]


def s_7_3():
    from qttt_widgets import GoffGame
    return GoffGame().play(0, 1).play(3, 4).play(4, 5)


def s_8_1():
    from qttt_widgets import GoffGame
    from qttt_widgets.quantum.goff_circuits import faithful_circuit
    return faithful_circuit(GoffGame().play(0, 1).play(1, 2).play(4, 5).play(2, 3)).num_qubits


def s_8_2():
    return {"01", "10"}


def s_8_3():
    from qttt_widgets import GoffGame
    from qttt_widgets.quantum.goff_circuits import compare_with_ensemble
    return compare_with_ensemble(GoffGame().play(0, 1).play(0, 1))["esilv"]["lost_marks"] > 0


def s_9_1():
    from qttt_widgets.rules.qubit_board import LEVELS
    return next(lv for lv, (_, width, _, table) in LEVELS.items()
                if width == 2 and all(bits[0] != bits[1] for bits in table))


def s_9_2():
    return (1 - math.cos(math.pi / 4)) / 2


def s_9_3():
    from qttt_widgets.rules.qubit_board import QubitGame
    return QubitGame(seed=0).entangle((0, 1), 3)


def s_10_1():
    from qiskit.quantum_info import Statevector
    from qttt_widgets.players.esilv import grover_circuit
    for r in range(1, 4):
        qc = grover_circuit(4, [2], r).remove_final_measurements(inplace=False)
        if Statevector.from_instruction(qc).probabilities()[2] > 0.999:
            return r


def s_10_2():
    from qttt_widgets.players.esilv import grover_iterations
    return grover_iterations(36, 9)


def s_10_3():
    from qiskit.quantum_info import Statevector
    from qttt_widgets.players.esilv import grover_circuit
    qc = grover_circuit(36, list(range(9)), 1).remove_final_measurements(inplace=False)
    return Statevector.from_instruction(qc).probabilities()[:9].sum()


def s_12_1():
    from qttt_widgets.research.amplification import QuantumBoard, simple_quantum
    return len(QuantumBoard().apply(simple_quantum).support())


def s_12_2():
    from qttt_widgets.research.amplification import play_game
    return play_game("simple", "O", 0.0, seed=1).outcome_distribution()["T"]


def s_12_3():
    from qttt_widgets.research.amplification import check_theorem_3_16
    return len(check_theorem_3_16()["violations"])


def s_13_1():
    from qttt_widgets.research.amplification import optimal_iterations
    return optimal_iterations(0.09)


def s_13_2():
    theta = math.asin(math.sqrt(0.25))
    return math.sin(3 * theta) ** 2


def s_13_3():
    from qttt_widgets.research.sweep import sweep
    res = sweep(ps=[0.1], batches=2, games=200, seed=4)
    return min(("classical", "simple", "amplify-last", "amplify-every"),
               key=lambda s: res[(s, "O")]["expected"].mean())


def s_11_1():
    return 0.5 * 0.6 + 0.5 * (0.2 + 1.0) / 2


def s_11_2():
    from qttt_widgets.players.solver import shared_solver
    from qttt_widgets.rules.goff import GoffGame
    value, best = shared_solver("goff").hint(GoffGame().play(0, 8))
    return len(best)


def s_11_3():
    e = 1 / (1 + 10 ** ((1200 - 1000) / 400))
    return 1000 + 64 * (1 - e)


def s_11_4():
    return "perfect"


SOLUTIONS = {name[2:].replace("_", "."): fn for name, fn in dict(globals()).items()
             if name.startswith("s_") and callable(fn)}
