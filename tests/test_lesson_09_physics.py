"""The physics claims of lesson 09 (the qubit-per-cell game), checked independently of the
notebook: each risk level's outcome table against the statevector of its circuit, the phase
move's odds, the play task's position, what the board's X/O readout can and cannot tell apart,
and the claims of the lesson's "Say it plainly"."""
import math
import random

import numpy as np
import pytest
from qiskit import QuantumCircuit
from qiskit.quantum_info import DensityMatrix, Statevector

from qttt_widgets.rules.qubit_board import LEVELS, PHASES, QubitGame, phase_probability


def _level_circuit(level):
    _, width, gates, _ = LEVELS[level]
    qc = QuantumCircuit(width)
    for gate, *qubits in gates:
        getattr(qc, gate)(*qubits)
    return qc


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_each_risk_level_table_is_its_circuits_statevector(level):
    sv = Statevector(_level_circuit(level))
    got = {tuple(int(b) for b in bits[::-1]): round(float(p), 12)
           for bits, p in sv.probabilities_dict().items() if p > 1e-12}
    assert got == {bits: 0.5 for bits in LEVELS[level][3]}
    assert LEVELS[level][3] == dict.fromkeys(LEVELS[level][3], 0.5)


def test_the_levels_are_the_states_the_table_names():
    r = 1 / math.sqrt(2)
    def ket(*labels):       # labels in cell order (qubit 0 first) -> amplitudes
        v = np.zeros(2 ** len(labels[0]), dtype=complex)
        for lab in labels:
            v[int(lab[::-1], 2)] = r
        return v
    want = {1: ket("01", "10"), 2: ket("010", "101"), 3: ket("00", "11"), 4: ket("000", "111")}
    for level, v in want.items():
        assert abs(np.vdot(v, Statevector(_level_circuit(level)).data)) == pytest.approx(1)


def test_level_2_slips_of_the_predict_task_give_other_tables():
    qc = QuantumCircuit(3); qc.h(0); qc.x([1, 2]); qc.cx(0, 1)            # first CNOT only
    assert set(Statevector(qc).probabilities_dict()) == {"110", "101"}    # OXX, XOX in cell order


@pytest.mark.parametrize("gate", ["S", "T", "ST"])
def test_phase_move_odds(gate):
    qc = QuantumCircuit(1)
    qc.h(0)
    for g in gate:
        getattr(qc, g.lower())(0)
    qc.h(0)
    p_x = Statevector(qc).probabilities()[1]
    assert p_x == pytest.approx(phase_probability(gate))
    assert p_x == pytest.approx((1 - math.cos(PHASES[gate])) / 2)
    assert QubitGame(seed=1).phase(4, gate).cell_probabilities()[4]["X"] == pytest.approx(p_x)


def test_t_phase_move_is_about_0_146():
    assert phase_probability("T") == pytest.approx(0.1464466, abs=1e-6)


def _play_position():
    g = QubitGame(seed=0)
    for c in (3, 5, 4, 0, 8, 2):
        g.place(c)
    return g


def test_play_position_has_exactly_two_certain_wins_and_a_swap_that_loses():
    g = _play_position()
    assert g.to_move == "X"
    certain = [m for m in g.legal_moves()
               if sum(p for p, a in g.branches(m) if a.result == "X") == pytest.approx(1)]
    assert sorted(certain) == [("swap", 0, 3), ("swap", 5, 8)]
    assert [a.result for _, a in g.branches(("swap", 0, 8))] == ["O"]
    assert all(a.result is None for _, a in g.branches(("place", 1)))


def test_superposing_the_gap_of_a_row_is_measured_at_once():
    g = QubitGame(seed=1).place(0).place(4).place(2)
    branches = g.branches(("h", 1))
    assert sorted((p, a.result or "-") for p, a in branches) == [(0.5, "-"), (0.5, "X")]


def test_psi_plus_and_a_classical_coin_agree_on_the_board_and_differ_after_h():
    bell = QuantumCircuit(2); bell.h(0); bell.x(1); bell.cx(0, 1)
    coin = 0.5 * DensityMatrix.from_label("01") + 0.5 * DensityMatrix.from_label("10")
    sv = Statevector(bell)
    assert np.allclose(sv.probabilities(), coin.probabilities())
    hh = QuantumCircuit(2); hh.h([0, 1])
    assert np.allclose(sv.evolve(hh).probabilities(), [0.5, 0, 0, 0.5])
    assert np.allclose(coin.evolve(hh).probabilities(), [0.25] * 4)


def test_no_move_acts_on_a_quantum_cell_except_swap_and_collapse():
    rng = random.Random(4)
    for game_number in range(30):
        g = QubitGame(seed=game_number)
        while not g.is_over:
            quantum = set(g.quantum_cells())
            for m in g.legal_moves():
                touched = set()
                if m[0] in ("place", "h", "phase"):
                    touched = {m[1]}
                elif m[0] == "entangle":
                    touched = set(m[2])
                assert not touched & quantum, m
            g.apply(rng.choice(g.legal_moves()))


def test_3x3_allows_only_levels_1_and_3_by_default():
    assert QubitGame().levels == (1, 3)


def test_most_frequent_measurement_turns_a_t_cell_into_o():
    for seed in range(20):
        g = QubitGame(seed=seed, measurement="most-frequent").phase(4, "T").collapse()
        assert g.cells[4] == "O"


def test_task_9_3_odd_first_cell_circuit_and_its_slips():
    from qttt_widgets.exercises.lesson09 import ODD_FIRST, cell_outcomes, odd_first_checker
    qc = QuantumCircuit(3); qc.h(0); qc.x([1, 2]); qc.cx(0, 1); qc.cx(0, 2)
    assert np.allclose(Statevector(qc).data, ODD_FIRST)                       # (|100> + |011>)/sqrt 2, cell order
    assert cell_outcomes(qc) == {"XOO": 0.5, "OXX": 0.5}
    assert odd_first_checker()(qc) is None
    # the odd cell is not one of the README's levels: level 2 makes the middle cell odd
    assert cell_outcomes(_level_circuit(2)) == {"OXO": 0.5, "XOX": 0.5}
    # reading the target as Qiskit bitstrings puts the odd cell last
    slip = QuantumCircuit(3); slip.h(2); slip.x([0, 1]); slip.cx(2, 0); slip.cx(2, 1)
    assert cell_outcomes(slip) == {"OOX": 0.5, "XXO": 0.5}
    # an X before the H gives the same odds with a minus sign, another state
    minus = QuantumCircuit(3); minus.x(0); minus.h(0); minus.x([1, 2]); minus.cx(0, 1); minus.cx(0, 2)
    assert cell_outcomes(minus) == {"XOO": 0.5, "OXX": 0.5}
    assert abs(np.vdot(Statevector(minus).data, ODD_FIRST)) < 1e-9


def test_most_frequent_of_1024_shots_almost_never_reads_x_for_a_t_cell():
    p = phase_probability("T")                          # 0.146
    assert abs(p - 0.1464466) < 1e-6
    tail = sum(math.comb(1024, k) * p ** k * (1 - p) ** (1024 - k) for k in range(512, 1025))
    assert tail < 1e-100                                 # even a tie (512) or better is that rare
    assert QubitGame().shots == 1024


def test_most_frequent_needs_more_than_half_the_shots_512_is_a_tie():
    # the lesson says X needs more than 512 of 1024 shots: at 512 each the two outcomes tie, and the rule
    # (Counter.most_common) keeps whichever came up first, so 512 does not make X the most frequent outcome
    from collections import Counter
    assert Counter(["O"] + ["X"] * 511 + ["O"] * 511 + ["X"]).most_common(1)[0][0] == "O"
    assert Counter(["X"] * 513 + ["O"] * 511).most_common(1)[0][0] == "X"


def test_library_counts_lines_when_both_players_have_lines_by_default():
    # the lesson calls this the library's version of the seed's future improvement "count the number
    # of winning lines for each player"; the seed itself does not say what happens when both have lines
    assert QubitGame().both_lines == "count" and QubitGame(both_lines="draw").both_lines == "draw"


def test_task_9_1_st_phase_move_and_task_9_2_variant():
    """Task 9.1: the phase move ST (phi = 3pi/4) gives P(X) = (1 - cos 3pi/4)/2 = 0.854, by a statevector
    and by the engine. Task 9.2: H on a, X on c, CX a->b, CX b->c gives OOX or XXO, 1/2 each."""
    import math
    from qiskit import QuantumCircuit
    from qiskit.quantum_info import Statevector
    from qttt_widgets.exercises.lesson09 import cell_outcomes
    from qttt_widgets.rules.qubit_board import QubitGame
    qc = QuantumCircuit(1)
    qc.h(0); qc.s(0); qc.t(0); qc.h(0)
    p = float(Statevector(qc).probabilities()[1])
    assert p == pytest.approx((1 - math.cos(3 * math.pi / 4)) / 2) == pytest.approx(0.8535534, abs=1e-6)
    assert QubitGame(seed=1).phase(4, "ST").cell_probabilities()[4]["X"] == pytest.approx(p)
    variant = QuantumCircuit(3)
    variant.h(0); variant.x(2); variant.cx(0, 1); variant.cx(1, 2)
    assert cell_outcomes(variant) == {"OOX": 0.5, "XXO": 0.5}


def test_level_1_cells_never_both_go_to_one_player_but_can_complete_a_line_with_classical_cells():
    """Lesson 09a (the risk levels): level 1 (Ψ⁺) gives its two cells to different players, so they
    cannot complete a line together; a level-1 cell whose line's other two cells are already X's
    completes that line for X with probability 1/2."""
    psi = Statevector(_level_circuit(1))
    probs = psi.probabilities_dict()
    assert probs.get("00", 0) < 1e-12 and probs.get("11", 0) < 1e-12      # never both O, never both X
    p_cell_x = sum(p for bits, p in probs.items() if bits[-1] == "1")     # the first cell reads X
    assert abs(p_cell_x - 0.5) < 1e-12                                    # X, X and this cell: a line half the time
    four = Statevector(_level_circuit(3)).probabilities_dict()            # level 3 (Φ⁺) for contrast: XX half the time
    assert abs(four.get("11", 0) - 0.5) < 1e-12
