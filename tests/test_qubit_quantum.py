"""The qubit board's real circuits: statevectors, Aer counts, and agreement with the rules' tables."""
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qttt_widgets.quantum.circuits import active_cells, is_clifford, qubit_board_circuit
from qttt_widgets.quantum.measure import AerMeasurer, board_probabilities, board_statevector, run_counts
from qttt_widgets.rules.qubit_board import QubitGame
from helpers import play_picks

S = 1 / math.sqrt(2)


@pytest.mark.parametrize("level, cells, amplitudes", [
    (1, (0, 1), {"01": S, "10": S}),          # Psi+ ; keys are q0 q1 (cells in order)
    (2, (0, 1, 2), {"010": S, "101": S}),
    (3, (0, 1), {"00": S, "11": S}),
    (4, (0, 1, 2), {"000": S, "111": S}),
])
def test_each_risk_level_circuit_makes_its_state(level, cells, amplitudes):
    g = QubitGame(n=4, seed=0).entangle(cells, level)
    sv, order = board_statevector(g)
    assert order == list(cells)
    expected = np.zeros(2 ** len(cells), dtype=complex)
    for bits, amp in amplitudes.items():
        index = sum(int(b) << q for q, b in enumerate(bits))      # qubit q is bit q (little-endian)
        expected[index] = amp
    assert np.allclose(sv.data, expected)


@pytest.mark.parametrize("level, cells", [(1, (0, 1)), (2, (0, 1, 2)), (3, (0, 1)), (4, (0, 1, 2))])
def test_each_risk_level_aer_counts_match_the_table(level, cells):
    g = QubitGame(n=4, seed=0).entangle(cells, level)
    shots = 4000
    counts = run_counts(qubit_board_circuit(g), shots=shots, seed=11)
    seen = {}
    for bitstring, n in counts.items():
        key = tuple(1 if bitstring[-1 - c] == "1" else 0 for c in cells)
        seen[key] = seen.get(key, 0) + n
    table = {bits: p for bits, p in g.groups[0].table}
    assert set(seen) == {b for b, p in table.items() if p > 0}
    for bits, n in seen.items():
        sd = math.sqrt(shots * table[bits] * (1 - table[bits]))
        assert abs(n - shots * table[bits]) < 5 * sd


def test_phase_move_circuit_shows_interference():
    g = QubitGame(seed=0).phase(4, "T")
    qc = qubit_board_circuit(g, measure=False)
    assert [i.operation.name for i in qc.data] == ["h", "t", "h"]
    assert not is_clifford(qc)
    probs = board_probabilities(g)
    assert math.isclose(sum(p for b, p in probs.items() if b[4] == "X"), math.sin(math.pi / 8) ** 2)


def test_classical_marks_in_the_circuit():
    g = QubitGame(seed=0).place(0).place(1).superpose(2 + 3)
    qc = qubit_board_circuit(g)
    names = [(i.operation.name, [qc.find_bit(q).index for q in i.qubits]) for i in qc.data]
    assert ("x", [0]) in names and ("id", [1]) in names and ("h", [5]) in names
    assert sum(1 for n, _ in names if n == "measure") == 3          # occupied cells only


def test_aer_measurer_gives_a_possible_and_repeatable_outcome():
    def play():
        g = QubitGame(seed=21, measurer=AerMeasurer()).entangle((0, 4), 1).entangle((2, 5), 3)
        return g.collapse()
    a, b = play(), play()
    assert a.cells == b.cells
    assert a.cells[0] != a.cells[4] and a.cells[2] == a.cells[5]


def test_five_by_five_circuit_runs_on_aer():
    g = QubitGame(n=5, seed=2, measurer=AerMeasurer())
    g.entangle((0, 6, 12), 2).phase(24, "T").superpose(3).entangle((10, 21), 3).place(7).swap(7, 0)
    qc = qubit_board_circuit(g)
    assert qc.num_qubits == 25
    g.collapse()
    assert "Q" not in g.cells


games = st.tuples(st.integers(0, 2**32), st.lists(st.integers(0, 10**6), max_size=10))


def random_position(seed, picks, n=3):
    return play_picks(QubitGame(n=n, seed=seed), picks)


@settings(max_examples=60, deadline=None)
@given(games)
def test_rules_tables_equal_the_circuit_statevector(spec):
    g = random_position(*spec)
    exact = g.outcome_distribution()
    from_circuit = board_probabilities(g)
    assert set(exact) == set(from_circuit)
    for board, p in exact.items():
        assert math.isclose(p, from_circuit[board], abs_tol=1e-9)
    assert set(active_cells(g)) >= set(g.quantum_cells())
