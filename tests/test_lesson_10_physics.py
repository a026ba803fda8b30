"""The physics claims of lesson 10 (Grover search; the ESILV Grover AI), checked independently
of the notebook: the formula sin²((2r+1)θ) against the statevector of the real circuit, the best
round counts, the overshoot, the ESILV report's numbers (its formula against its text), the
K-candidates-on-2ⁿ-indices accounting, and what the AI records."""
import math

import numpy as np
import pytest
from qiskit import QuantumCircuit
from qiskit.quantum_info import Operator, Statevector

from qttt_widgets.exercises.lesson10 import grover_state, p_success_reference
from qttt_widgets.players.esilv import GroverHeuristicPlayer, grover_circuit, grover_iterations
from qttt_widgets.rules.goff import GoffGame

from helpers import lesson_json


def _circuit_p(n, marked, r):
    qc = grover_circuit(2 ** n, list(marked), r).remove_final_measurements(inplace=False)
    return float(Statevector(qc).probabilities()[list(marked)].sum())


@pytest.mark.parametrize("n,M", [(2, 1), (3, 1), (3, 2), (4, 1), (4, 3), (5, 1), (6, 9)])
def test_formula_matches_the_circuit(n, M):
    for r in range(6):
        assert _circuit_p(n, range(M), r) == pytest.approx(p_success_reference(n, M, r), abs=1e-9)


def test_numpy_grover_state_matches_the_circuit_up_to_global_phase():
    for r in range(4):
        qc = grover_circuit(8, [6], r).remove_final_measurements(inplace=False)
        sv = Statevector(qc).data
        assert abs(np.vdot(sv, grover_state(3, [6], r))) == pytest.approx(1)


def test_library_diffusion_is_minus_the_reflection_about_s():
    n = 3
    qc = QuantumCircuit(n)
    qc.h(range(n)); qc.x(range(n)); qc.h(n - 1); qc.mcx(list(range(n - 1)), n - 1); qc.h(n - 1)
    qc.x(range(n)); qc.h(range(n))
    s = np.full(2 ** n, 1 / math.sqrt(2 ** n))
    D = 2 * np.outer(s, s) - np.eye(2 ** n)
    assert np.allclose(Operator(qc).data, -D)


def test_diffusion_reflects_about_the_mean():
    a = np.array([0.5, 0.5, 0.5, -0.5])
    s = np.full(4, 0.5)
    D = 2 * np.outer(s, s) - np.eye(4)
    assert np.allclose(D @ a, 2 * a.mean() - a)
    assert np.allclose(D @ a, [0, 0, 0, 1])


def test_n4_one_round_is_certain_and_rounding_up_overshoots():
    theta = math.asin(0.5)
    assert math.pi / (4 * theta) - 0.5 == pytest.approx(1)
    assert math.ceil(math.pi / 4 * math.sqrt(4)) == 2
    assert _circuit_p(2, [2], 1) == pytest.approx(1)
    assert _circuit_p(2, [2], 2) == pytest.approx(0.25)


def test_n8_best_count_is_2_and_rounding_up_to_3_overshoots():
    theta = math.asin(math.sqrt(1 / 8))
    assert round(math.pi / (4 * theta) - 0.5) == 2
    assert math.pi / (4 * theta) - 0.5 == pytest.approx(1.67, abs=0.01)
    assert math.ceil(math.pi / 4 * math.sqrt(8)) == 3
    assert math.degrees(5 * theta) == pytest.approx(103.5, abs=0.1)
    assert math.degrees(7 * theta) == pytest.approx(144.9, abs=0.1)
    assert _circuit_p(3, [6], 2) == pytest.approx(0.945, abs=1e-3)
    assert _circuit_p(3, [6], 3) == pytest.approx(0.330, abs=1e-3)
    # the example's ratio N/M = 8 differs from Task 10.5's K/M = 4
    assert 8 / 1 != 36 / 9


def test_pair_score_blends_direct_and_worst_collapse_on_a_cycle():
    from qttt_widgets.players import esilv
    g = GoffGame()
    g.play(0, 1).play(1, 2)             # X: 0-1, O: 1-2; X's pair 0-2 would close a cycle
    assert g._comp[0] == g._comp[2]
    j = 1
    direct = esilv.direct_pair_score(esilv.cells_of(g), (0, 2), j)
    s10, s01 = esilv.h(esilv.cells_after_pair(g, (0, 2), 0)), esilv.h(esilv.cells_after_pair(g, (0, 2), 2))
    assert esilv.pair_score(g, (0, 2)) == pytest.approx(0.4 * direct + 0.6 * min(s10, s01))


def test_best_count_for_256_is_12():
    theta = math.asin(1 / 16)
    assert round(math.pi / (4 * theta) - 0.5) == 12
    assert round(math.pi / 4 * 16) == 13
    ps = {r: p_success_reference(8, 1, r) for r in range(20)}
    assert max(ps, key=ps.get) == 12


def test_esilv_formula_gives_2_where_the_text_says_1():
    assert max(1, math.ceil(math.pi / 4 * math.sqrt(36 / 9))) == 2
    assert grover_iterations(36, 9) == 2


def test_esilv_register_numbers():
    theta = math.asin(3 / 8)
    assert p_success_reference(6, 9, 2) == pytest.approx(0.8817, abs=1e-4)
    assert p_success_reference(6, 9, 1) == pytest.approx(0.8355, abs=1e-4)
    assert math.pi / (4 * theta) - 0.5 == pytest.approx(1.54, abs=0.01)
    # if the register held exactly the 36 candidates: theta = 30 degrees, 2 rounds give 0.25
    assert math.sin(5 * math.asin(math.sqrt(9 / 36))) ** 2 == pytest.approx(0.25)
    # none of the exact values is the report's 0.75
    for value in (p_success_reference(6, 9, 1), p_success_reference(6, 9, 2), 1.0, 0.25):
        assert abs(value - 0.75) > 0.05


def test_unused_indices_fall_back_and_help_the_ai():
    qc = grover_circuit(36, list(range(9)), 2).remove_final_measurements(inplace=False)
    p = Statevector(qc).probabilities()
    assert len(p) == 64
    assert p[36:].sum() == pytest.approx(28 / 55 * math.cos(5 * math.asin(3 / 8)) ** 2)
    assert p[:9].sum() + p[36:].sum() == pytest.approx(0.942, abs=1e-3)
    assert 28 / 64 == pytest.approx(0.4375)
    assert p[9:36].sum() == pytest.approx(0.058, abs=1e-3)


def test_ai_on_the_empty_board():
    for rules in ("goff", "random"):
        player = GroverHeuristicPlayer(seed=3)
        move = player.choose(GoffGame(collapse=rules))
        assert move in GoffGame(collapse=rules).legal_moves()
        assert (player.last["k"], player.last["good"], player.last["iterations"]) == (36, 9, 2)


def test_the_hint_for_201_names_n_in_place_of_root_n():
    """Task 10.4's wrong answer 201 is (pi/4)·N: N in place of sqrt(N) in (pi/4)·sqrt(N). It is not
    the classical count: a classical search for one marked index among N = 256 needs (N+1)/2 = 128.5
    guesses on average (N/2, about), computed here over every position of the marked index."""
    import re
    n = 256
    assert round(math.pi / 4 * n) == 201 and round(math.pi / 4 * math.sqrt(n), 2) == 12.57
    assert np.mean(np.arange(1, n + 1)) == (n + 1) / 2 == 128.5      # guesses until the marked index, in a random order
    nb = lesson_json(10)
    check = next("".join(c["source"]) for c in nb["cells"] if 'check("10.4"' in "".join(c["source"]))
    hint = re.search(r"\(201, (.*?)\)\]", check, re.S).group(1)
    assert "N in place of √N" in hint and "N/2" in hint and "counts classical guesses" not in hint
