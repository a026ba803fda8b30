"""Every physics claim of lesson 01 (one qubit), computed independently of the lesson's text:
normalisation, the Born rule, global vs relative phase, the Bloch angles (checked against the
Pauli expectation values of Qiskit's Statevector), the spread of shot counts, and the
"most frequent of many shots" collapse of seed 002."""
from __future__ import annotations

import cmath
from pathlib import Path
import math

import numpy as np
import pytest
from qiskit.quantum_info import Operator, Pauli, Statevector

from qttt_widgets.exercises.lesson01 import (BLOCH_INPUTS, BORN_INPUTS, bloch_checker, bloch_reference,
                                             born_checker, born_reference)
from qttt_widgets.widgets.views import angles_from_state

R2 = 1 / math.sqrt(2)
H = np.array([[1, 1], [1, -1]]) / math.sqrt(2)


def _random_state(rng):
    v = rng.normal(size=2) + 1j * rng.normal(size=2)
    return v / np.linalg.norm(v)


def test_normalising_3_4i_gives_the_lessons_state_and_1_1plusi_needs_one_over_root3():
    v = np.array([3, 4j])
    assert np.allclose(v / np.linalg.norm(v), [0.6, 0.8j])
    c = 1 / np.linalg.norm([1, 1 + 1j])
    assert c == pytest.approx(1 / math.sqrt(3))
    assert np.linalg.norm(c * np.array([1, 1 + 1j])) == pytest.approx(1)


def test_born_rule_matches_qiskit_and_the_checker_reference():
    assert Statevector([0.6, 0.8j]).probabilities() == pytest.approx([0.36, 0.64])
    assert (0.8j) ** 2 == pytest.approx(-0.64)            # the "wrong way" the lesson prints
    for a0, a1 in BORN_INPUTS:
        v = np.array([a0, a1], dtype=complex)
        assert born_reference(a0, a1) == pytest.approx(tuple(Statevector(v / np.linalg.norm(v)).probabilities()))


def test_global_phase_changes_no_probability_even_after_gates():
    rng = np.random.default_rng(1)
    for _ in range(50):
        psi = _random_state(rng)
        g = cmath.exp(1j * rng.uniform(0, 2 * math.pi))
        assert np.abs(g * psi) ** 2 == pytest.approx(np.abs(psi) ** 2)
        for U in (H, np.array([[0, 1], [1, 0]]), Operator.from_label("S").data, Operator.from_label("T").data):
            assert np.abs(U @ (g * psi)) ** 2 == pytest.approx(np.abs(U @ psi) ** 2)


def test_relative_phase_is_invisible_to_z_but_h_turns_it_into_odds():
    plus, minus, plus_i = np.array([R2, R2]), np.array([R2, -R2]), np.array([R2, 1j * R2])
    for s in (plus, -plus, minus, plus_i):
        assert np.abs(s) ** 2 == pytest.approx([0.5, 0.5])
    assert np.abs(H @ plus) ** 2 == pytest.approx([1, 0])
    assert np.abs(H @ -plus) ** 2 == pytest.approx([1, 0])
    assert np.abs(H @ minus) ** 2 == pytest.approx([0, 1])
    assert np.abs(H @ plus_i) ** 2 == pytest.approx([0.5, 0.5])


def _same_state(u, v):
    return abs(np.vdot(u, v)) == pytest.approx(1)


def test_task_1_3_only_pair_b_is_one_state():
    pairs = {"a": ([R2, R2], [R2, -R2]), "b": ([R2, 1j * R2], [1j * R2, -R2]),
             "c": ([R2, 1j * R2], [R2, -1j * R2]), "d": ([0.6, 0.8], [0.8, 0.6])}
    same = {k for k, (u, v) in pairs.items() if abs(abs(np.vdot(u, v)) - 1) < 1e-12}
    assert same == {"b"}
    assert np.allclose(1j * np.array(pairs["b"][0]), pairs["b"][1])      # a global phase i
    assert Statevector(pairs["d"][0]).probabilities()[0] == pytest.approx(9 / 25)


def _bloch_vector(psi):
    sv = Statevector(psi)
    return np.array([sv.expectation_value(Pauli(p)).real for p in "XYZ"])


def test_bloch_angles_agree_with_pauli_expectations_and_p0_is_one_plus_z_over_two():
    rng = np.random.default_rng(2)
    states = [np.array(s, dtype=complex) for s in BLOCH_INPUTS] + [_random_state(rng) for _ in range(40)]
    for psi in states:
        theta, phi = bloch_reference(*psi)
        assert (theta, phi) == pytest.approx(angles_from_state(*psi), abs=1e-9)
        xyz = np.array([math.sin(theta) * math.cos(phi), math.sin(theta) * math.sin(phi), math.cos(theta)])
        assert xyz == pytest.approx(_bloch_vector(psi), abs=1e-9)
        assert abs(psi[0]) ** 2 == pytest.approx(math.cos(theta / 2) ** 2)
        assert abs(psi[0]) ** 2 == pytest.approx((1 + math.cos(theta)) / 2)
        g = cmath.exp(0.83j)
        assert bloch_reference(*(g * psi)) == pytest.approx((theta, phi), abs=1e-9)


def test_the_four_equator_states_and_the_lessons_example():
    want = {(R2, R2): (0.5, 0.0), (R2, 1j * R2): (0.5, 0.5), (R2, -R2): (0.5, 1.0), (R2, -1j * R2): (0.5, 1.5)}
    for (a0, a1), (t, p) in want.items():
        theta, phi = bloch_reference(a0, a1)
        assert (theta / math.pi, phi / math.pi) == pytest.approx((t, p))
    theta, phi = bloch_reference(0.6, 0.8j)
    assert theta == pytest.approx(2 * math.acos(0.6)) and phi == pytest.approx(math.pi / 2)
    assert _bloch_vector([R2, -1j * R2]) == pytest.approx([0, -1, 0], abs=1e-12)   # |-i> on the -y axis


def test_checkers_accept_the_reference_and_name_typical_mistakes():
    from course_runner import checker_of                  # the slips are named by the notebooks' check cells
    born, bloch = checker_of("1.2"), checker_of("1.5")
    assert born_checker()(born_reference) is None and bloch_checker()(bloch_reference) is None
    assert born(born_reference) is None
    assert bloch(bloch_reference) is None
    assert "SIZE" in born(lambda a0, a1: (a0 ** 2, a1 ** 2))
    assert "global phase" in bloch(lambda a0, a1: (2 * math.acos(abs(a0)), cmath.phase(a1) % (2 * math.pi)))
    # a correct function whose phi lands a rounding error below 2 pi still passes
    assert bloch(lambda a0, a1: (2 * math.acos(min(1, abs(a0))),
                                 cmath.phase(a1 * complex(a0).conjugate()) % (2 * math.pi))) is None


def _binom_pmf(n, k, p):
    return math.exp(math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
                    + k * math.log(p) + (n - k) * math.log(1 - p))


def test_shot_spread_for_task_1_6():
    p, N = abs(-1j * math.sqrt(0.3)) ** 2, 100
    mean = sum(k * _binom_pmf(N, k, p) for k in range(N + 1))
    var = sum((k - mean) ** 2 * _binom_pmf(N, k, p) for k in range(N + 1))
    assert mean == pytest.approx(30) and math.sqrt(var) == pytest.approx(math.sqrt(21))
    assert math.sqrt(0.64 * 0.36 / 100) == pytest.approx(0.048)
    # exact binomial: about two runs in three within one spread, about 19 in 20 within two
    within = lambda w: sum(_binom_pmf(N, k, p) for k in range(N + 1) if abs(k - 30) <= w * math.sqrt(21))
    assert 0.64 < within(1) < 0.72 and 0.94 < within(2) < 0.97
    # Qiskit's sampler agrees (the lesson's reveal cell)
    sv = Statevector([math.sqrt(0.7), -1j * math.sqrt(0.3)])
    sv.seed(7)
    n1 = (sv.sample_memory(200_000) == "1").reshape(2000, 100).sum(axis=1)
    assert n1.mean() == pytest.approx(30, abs=0.4) and n1.std() == pytest.approx(math.sqrt(21), abs=0.3)


def test_four_times_the_shots_halve_the_spread():
    p = 0.3
    assert math.sqrt(p * (1 - p) / 400) == pytest.approx(math.sqrt(p * (1 - p) / 100) / 2)


def test_most_frequent_of_1024_shots_never_reads_x_when_p_x_is_0146():
    from qttt_widgets.rules.qubit_board import QubitGame, phase_probability
    p = (1 - math.cos(math.pi / 4)) / 2
    assert phase_probability("T") == pytest.approx(p) and p == pytest.approx(0.146, abs=5e-4)
    tail = sum(_binom_pmf(1024, k, p) for k in range(512, 1025))
    assert tail < 1e-100
    assert (512 - 1024 * p) / math.sqrt(1024 * p * (1 - p)) > 30
    assert all(QubitGame(seed=s, measurement="most-frequent").phase(4, "T").collapse().cells[4] == "O"
               for s in range(100))
    xs = sum(QubitGame(seed=s).phase(4, "T").collapse().cells[4] == "X" for s in range(20000))
    assert abs(xs / 20000 - p) < 4 * math.sqrt(p * (1 - p) / 20000)


def test_equal_odds_make_the_majority_rule_harmless():
    """With only H (and equal-weight entangled states) every outcome is equally likely, and the
    most frequent of many shots is then equally likely to be any of them."""
    from qttt_widgets.rules.qubit_board import QubitGame
    xs = sum(QubitGame(seed=s, measurement="most-frequent", shots=64).superpose(4).collapse().cells[4] == "X"
             for s in range(2000))
    assert abs(xs / 2000 - 0.5) < 0.05


def test_superposition_move_gives_plus_by_the_rules_and_by_the_circuit():
    from qttt_widgets.quantum.measure import board_probabilities
    from qttt_widgets.rules.qubit_board import QubitGame
    game = QubitGame(seed=1).place(0).superpose(4)
    assert dict(game.quantum_outcomes()) == {((4, "O"),): 0.5, ((4, "X"),): 0.5}
    assert {b[4]: pytest.approx(p) for b, p in board_probabilities(game).items()} == {"O": 0.5, "X": 0.5}


def test_the_majority_rule_is_only_tilted_near_one_half():
    """Lesson 01's numbers for the README's rule with 1024 shots: the fraction's spread near p = 1/2
    is 1/(2√N) ≈ 0.016; at p = 0.49 the less likely X still wins the majority (more than 512 of
    1024) about one time in four, at p = 0.45 about 6 times in 10 000."""
    n = 1024
    assert 1 / (2 * math.sqrt(n)) == pytest.approx(0.016, abs=5e-4)
    assert math.sqrt(0.49 * 0.51 / n) == pytest.approx(1 / (2 * math.sqrt(n)), rel=1e-3)

    def majority_x(p):
        return sum(_binom_pmf(n, k, p) for k in range(n // 2 + 1, n + 1))

    assert 0.23 < majority_x(0.49) < 0.27          # "about one time in four"
    assert 5e-4 < majority_x(0.45) < 7e-4          # "about 6 times in 10 000"
    assert majority_x(0.40) < 1e-9                 # several spreads away: all but certain


def test_the_phase_move_with_t_is_0146_from_its_circuit():
    from qiskit import QuantumCircuit
    qc = QuantumCircuit(1)
    qc.h(0)
    qc.t(0)
    qc.h(0)
    assert Statevector(qc).probabilities()[1] == pytest.approx(0.1464, abs=1e-4)


def test_a_qubit_of_the_bell_pair_has_no_bloch_arrow():
    """Lesson 01, Say it plainly: each qubit of lesson 03's Bell pair Φ+, alone, reads 0 or 1 half the
    time after any one-qubit gate, so its Bloch vector (from its reduced state) has length 0."""
    from qiskit.quantum_info import DensityMatrix, Operator, partial_trace, random_unitary
    from qiskit import QuantumCircuit
    bell = QuantumCircuit(2)
    bell.h(0)
    bell.cx(0, 1)
    rho = DensityMatrix(bell)
    for keep, drop in ((0, 1), (1, 0)):
        alone = partial_trace(rho, [drop]).data
        assert np.allclose(alone, np.eye(2) / 2)
        paulis = [np.array([[0, 1], [1, 0]]), np.array([[0, -1j], [1j, 0]]), np.array([[1, 0], [0, -1]])]
        assert np.allclose([np.trace(alone @ p).real for p in paulis], 0)            # Bloch vector (0, 0, 0)
    for seed in range(20):
        u = random_unitary(2, seed=seed)
        after = rho.evolve(Operator(u), qargs=[0])
        assert after.probabilities([0]) == pytest.approx([0.5, 0.5])


@pytest.mark.parametrize("p", [0.146, 0.3, 0.5, 0.7])
def test_the_tail_shares_given_before_task_1_7_hold_for_1024_shots(p):
    """01b's idea given before Task 1.7: the share of runs whose count lands more than k spreads above
    its mean is about 16 % for k = 1, 2 % for k = 2, 0.1 % for k = 3, and about 3 in 10 million for
    k = 5, shrinking faster and faster. The normal tail says so as written; the exact binomial tail of 1024 shots, for the task's p and others, is
    within a third of it up to 3 spreads and keeps falling more than tenfold a spread from 2 on."""
    import json, re
    text = " ".join("".join(c["source"]) for c in json.loads(
        (Path(__file__).parents[1] / "lessons" / "01b_shots_and_the_game.ipynb").read_text())["cells"])
    said = re.search(r"more than\s+k spreads above its mean is about (\S+) % for k = 1, (\S+) % for k = 2\s+and "
                     r"(\S+) % for k = 3, and it shrinks\s+faster and faster as k grows \(about (\S+) in 10 million "
                     r"for k = 5\)", text)
    normal = [0.5 * math.erfc(k / math.sqrt(2)) for k in range(1, 7)]
    assert [round(100 * normal[0]), round(100 * normal[1]), round(100 * normal[2], 1), round(1e7 * normal[4])] == \
        [float(x) for x in said.groups()]
    assert all(normal[k] / normal[k + 1] < normal[k + 1] / normal[k + 2] for k in range(4))   # faster and faster
    n = 1024
    mean, spread = n * p, math.sqrt(n * p * (1 - p))
    tail = [sum(_binom_pmf(n, c, p) for c in range(math.floor(mean + k * spread) + 1, n + 1)) for k in range(1, 7)]
    for exact, approx in zip(tail[:3], normal[:3]):
        assert exact == pytest.approx(approx, rel=0.35)
    assert all(tail[k] > 10 * tail[k + 1] for k in range(1, 5))


def test_task_1_7_the_majority_lies_far_beyond_the_tail_and_its_answer_rounds_to_zero():
    """The majority threshold of Task 1.7 (513 X of 1024 at p = 0.146) lies about 32 spreads above the
    mean; the exact binomial probability of reaching it is 0 to three decimal places (and to many more)."""
    n, p = 1024, 0.146
    spreads = (513 - n * p) / math.sqrt(n * p * (1 - p))
    assert 31 < spreads < 33
    assert sum(_binom_pmf(n, c, p) for c in range(513, n + 1)) < 1e-50
