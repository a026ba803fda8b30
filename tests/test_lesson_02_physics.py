"""Every physics claim of lesson 02 (gates), computed independently of the notebook.

numpy matrices written from the textbook definitions (Nielsen & Chuang, sections 1.3 and 4.2)
are compared with Qiskit's gates, statevectors and Aer samples.
"""
from __future__ import annotations

import math

import numpy as np
import pytest
from qiskit import QuantumCircuit
from qiskit.circuit.library import (HGate, PhaseGate, RXGate, RYGate, RZGate, SGate, TGate, XGate, YGate,
                                    ZGate)
from qiskit.quantum_info import Operator, Statevector

from helpers import lesson_json

I2 = np.eye(2)
X = np.array([[0, 1], [1, 0]], dtype=complex)
Y = np.array([[0, -1j], [1j, 0]])
Z = np.array([[1, 0], [0, -1]], dtype=complex)
H = np.array([[1, 1], [1, -1]], dtype=complex) / math.sqrt(2)


def P(phi):
    return np.array([[1, 0], [0, np.exp(1j * phi)]])


def RX(t):
    return math.cos(t / 2) * I2 - 1j * math.sin(t / 2) * X


def RY(t):
    return math.cos(t / 2) * I2 - 1j * math.sin(t / 2) * Y


def RZ(t):
    return math.cos(t / 2) * I2 - 1j * math.sin(t / 2) * Z


S, T = P(math.pi / 2), P(math.pi / 4)
KET0, KET1 = np.array([1, 0], dtype=complex), np.array([0, 1], dtype=complex)
ANGLES = np.linspace(-2 * math.pi, 2 * math.pi, 17)


def same_up_to_phase(a, b):
    return abs(abs(np.vdot(a, b)) - 1) < 1e-9


def bloch(v):
    a, b = v
    return np.array([2 * (np.conj(a) * b).real, 2 * (np.conj(a) * b).imag, abs(a) ** 2 - abs(b) ** 2])


def turn(axis, t):
    """The 3x3 rotation by t about a unit axis, right-hand rule (Rodrigues)."""
    n = np.asarray(axis, float)
    K = np.array([[0, -n[2], n[1]], [n[2], 0, -n[0]], [-n[1], n[0], 0]])
    return np.eye(3) + math.sin(t) * K + (1 - math.cos(t)) * K @ K


def random_states(k=20, seed=2):
    rng = np.random.default_rng(seed)
    for _ in range(k):
        v = rng.normal(size=2) + 1j * rng.normal(size=2)
        yield v / np.linalg.norm(v)


@pytest.mark.parametrize("mine, gate", [(X, XGate()), (Y, YGate()), (Z, ZGate()), (H, HGate()),
                                        (S, SGate()), (T, TGate())])
def test_the_matrices_are_qiskits_gates_and_unitary(mine, gate):
    assert np.allclose(Operator(gate).data, mine)
    assert np.allclose(mine.conj().T @ mine, I2)


def test_phase_gates_are_P_of_pi_pi2_pi4_and_add_up():
    assert np.allclose(Z, P(math.pi)) and np.allclose(S @ S, Z) and np.allclose(T @ T, S)
    for phi in ANGLES:
        assert np.allclose(Operator(PhaseGate(phi)).data, P(phi))
        for v in random_states(5):            # odds unchanged, relative phase grows by phi
            assert np.allclose(abs(P(phi) @ v) ** 2, abs(v) ** 2)


def test_the_amplitudes_printed_and_asked_in_the_lesson():
    assert np.allclose(Y @ KET1, [-1j, 0])                   # Task 2.1
    assert np.allclose(Y @ KET0, [0, 1j])
    assert np.allclose(H @ KET0, np.array([1, 1]) / math.sqrt(2))
    assert np.allclose(H @ KET1, np.array([1, -1]) / math.sqrt(2))
    plus = H @ KET0
    assert np.allclose(S @ plus, np.array([1, 1j]) / math.sqrt(2))      # S|+> = |+i>
    assert np.allclose(Z @ plus, np.array([1, -1]) / math.sqrt(2))      # Z|+> = |->


@pytest.mark.parametrize("mine, gate", [(RX, RXGate), (RY, RYGate), (RZ, RZGate)])
def test_rotation_matrices_match_qiskit(mine, gate):
    for t in ANGLES:
        assert np.allclose(Operator(gate(t)).data, mine(t))


def test_explicit_rotation_matrices():
    for t in ANGLES:
        c, s = math.cos(t / 2), math.sin(t / 2)
        assert np.allclose(RX(t), [[c, -1j * s], [-1j * s, c]])
        assert np.allclose(RY(t), [[c, -s], [s, c]])
        assert np.allclose(RZ(t), [[np.exp(-1j * t / 2), 0], [0, np.exp(1j * t / 2)]])


@pytest.mark.parametrize("mine, axis", [(RX, (1, 0, 0)), (RY, (0, 1, 0)), (RZ, (0, 0, 1))])
def test_each_rotation_turns_the_bloch_sphere_by_theta_right_handed(mine, axis):
    for t in ANGLES:
        for v in random_states(8):
            assert np.allclose(bloch(mine(t) @ v), turn(axis, t) @ bloch(v))


def test_phase_gate_turns_the_sphere_about_z_and_is_RZ_up_to_a_global_phase():
    for phi in ANGLES:
        assert np.allclose(RZ(phi), np.exp(-1j * phi / 2) * P(phi))
        assert Operator(RZGate(phi)).equiv(Operator(PhaseGate(phi)))
        for v in random_states(5):
            assert np.allclose(bloch(P(phi) @ v), turn((0, 0, 1), phi) @ bloch(v))


def test_controlled_RZ_and_controlled_P_differ():
    """The global phase between R_Z and P becomes relative once the gate is controlled."""
    phi = math.pi / 3
    assert not Operator(RZGate(phi).control()).equiv(Operator(PhaseGate(phi).control()))


def test_a_full_turn_is_minus_one_and_paulis_are_half_turns():
    for R in (RX, RY, RZ):
        assert np.allclose(R(2 * math.pi), -I2)
    assert np.allclose(X, 1j * RX(math.pi)) and np.allclose(Y, 1j * RY(math.pi)) and np.allclose(Z, 1j * RZ(math.pi))
    n = np.array([1, 0, 1]) / math.sqrt(2)                   # H: a half turn about (x + z)/sqrt2
    Rn = math.cos(math.pi / 2) * I2 - 1j * math.sin(math.pi / 2) * (n[0] * X + n[2] * Z)
    assert np.allclose(H, 1j * Rn)


def test_rotations_of_ket0():
    for t in ANGLES:
        c, s = math.cos(t / 2), math.sin(t / 2)
        assert np.allclose(RX(t) @ KET0, [c, -1j * s])
        assert np.allclose(RY(t) @ KET0, [c, s])
        assert math.isclose(abs((RX(t) @ KET0)[1]) ** 2, s * s, abs_tol=1e-12)
    # R_X turns |0> towards -y, R_Y towards +x
    assert np.allclose(bloch(RX(math.pi / 2) @ KET0), [0, -1, 0])
    assert np.allclose(bloch(RY(math.pi / 2) @ KET0), [1, 0, 0])


def test_task_2_3_the_angle_for_p1_one_quarter():
    beta = 2 * math.asin(0.5)
    assert math.isclose(beta, math.pi / 3)
    assert math.isclose(abs((RX(beta) @ KET0)[1]) ** 2, 0.25)
    # the plausible slips give other odds
    assert math.isclose(abs((RX(math.pi / 6) @ KET0)[1]) ** 2, math.sin(math.pi / 12) ** 2)
    assert math.isclose(abs((RX(2 * math.pi / 3) @ KET0)[1]) ** 2, 0.75)
    assert math.isclose(abs((RX(5 * math.pi / 3) @ KET0)[1]) ** 2, 0.25)   # outside (0, pi]


def test_task_2_2_minus_i_circuits():
    target = np.array([1, -1j]) / math.sqrt(2)
    for gates in (["h", "s", "z"], ["h", "sdg"], ["h", "z", "s"], ["h", "t", "t", "t", "t", "t", "t"]):
        qc = QuantumCircuit(1)
        for g in gates:
            getattr(qc, g)(0)
        assert same_up_to_phase(Statevector(qc).data, target), gates
    qc = QuantumCircuit(1)
    qc.rx(math.pi / 2, 0)
    assert same_up_to_phase(Statevector(qc).data, target)


def test_order_matters_XZ_is_minus_ZX_but_only_a_global_phase():
    assert np.allclose(X @ Z, -(Z @ X)) and not np.allclose(X @ Z, Z @ X)
    for v in random_states():
        assert np.allclose(abs(X @ Z @ v) ** 2, abs(Z @ X @ v) ** 2)
        assert same_up_to_phase(X @ Z @ v, Z @ X @ v)
        # also in the X basis: no measurement sees a global phase
        assert np.allclose(abs(H @ X @ Z @ v) ** 2, abs(H @ Z @ X @ v) ** 2)


def test_order_matters_for_H_and_S_observably():
    a = S @ H @ KET0          # H first: |+i>
    b = H @ S @ KET0          # S first: |+>
    assert not same_up_to_phase(a, b)
    assert np.allclose(abs(a) ** 2, abs(b) ** 2)              # same Z odds ...
    assert not np.allclose(abs(H @ a) ** 2, abs(H @ b) ** 2)  # ... different X odds
    assert np.allclose(abs(H @ b) ** 2, [1, 0]) and np.allclose(abs(H @ a) ** 2, [0.5, 0.5])
    assert np.allclose(H @ H, I2) and np.allclose(X @ X, I2) and not np.allclose(S @ S, I2)


def test_interference_formula_and_the_three_circuits():
    for phi in ANGLES:
        out = H @ P(phi) @ H @ KET0
        assert np.allclose(out, [(1 + np.exp(1j * phi)) / 2, (1 - np.exp(1j * phi)) / 2])
        assert math.isclose(abs(out[1]) ** 2, (1 - math.cos(phi)) / 2, abs_tol=1e-12)
        assert math.isclose(abs(out[1]) ** 2, math.sin(phi / 2) ** 2, abs_tol=1e-12)
    assert np.allclose(abs(H @ H @ KET0) ** 2, [1, 0])                    # 100/0
    assert np.allclose(abs(H @ S @ H @ KET0) ** 2, [0.5, 0.5])            # exactly 50/50
    p1 = abs((H @ T @ H @ KET0)[1]) ** 2
    assert math.isclose(p1, math.sin(math.pi / 8) ** 2) and round(p1, 3) == 0.146
    assert np.allclose(abs(H @ Z @ H @ KET0) ** 2, [0, 1])


def test_the_qubit_games_phase_moves_agree():
    from qttt_widgets.rules.qubit_board import PHASES, phase_probability
    for gate, gates in (("S", [S]), ("T", [T]), ("ST", [S, T])):
        U = H
        for g in gates:
            U = g @ U
        U = H @ U
        assert math.isclose(abs((U @ KET0)[1]) ** 2, phase_probability(gate))
    st = abs((H @ T @ S @ H @ KET0)[1]) ** 2                             # Task 2.7
    assert math.isclose(st, (1 - math.cos(3 * math.pi / 4)) / 2) and round(1000 * st, 2) == 853.55
    assert math.isclose(PHASES["ST"], 3 * math.pi / 4)


def test_x_basis_measurement():
    plus, minus = H @ KET0, H @ KET1
    assert np.allclose(abs(plus) ** 2, abs(minus) ** 2)                   # Z cannot tell them apart
    assert np.allclose(H @ plus, KET0) and np.allclose(H @ minus, KET1)   # X can, with certainty
    for phi in ANGLES:   # X basis reads cos(phi): phi and -phi give the same odds
        v = np.array([1, np.exp(1j * phi)]) / math.sqrt(2)
        assert math.isclose(abs((H @ v)[0]) ** 2, (1 + math.cos(phi)) / 2, abs_tol=1e-12)
        w = np.array([1, np.exp(-1j * phi)]) / math.sqrt(2)
        assert np.allclose(abs(H @ v) ** 2, abs(H @ w) ** 2)


def test_aer_shots_are_seeded_and_near_the_exact_odds():
    from qiskit_aer import AerSimulator
    sim = AerSimulator()
    for prep in ("plus", "minus"):
        for basis in ("Z", "X"):
            qc = QuantumCircuit(1)
            if prep == "minus":
                qc.x(0)
            qc.h(0)
            if basis == "X":
                qc.h(0)
            qc.measure_all()
            a = sim.run(qc, shots=1000, seed_simulator=11).result().get_counts()
            b = sim.run(qc, shots=1000, seed_simulator=11).result().get_counts()
            assert a == b
            exact = Statevector(qc.remove_final_measurements(inplace=False)).probabilities_dict()
            for k, p in exact.items():
                sigma = math.sqrt(1000 * p * (1 - p))
                assert abs(a.get(k, 0) - 1000 * p) <= 4 * sigma + 1e-9


def test_y_basis_separates_plus_i_and_minus_i():
    """Going further: S-dagger, then H, then measure reads |+i> as 0 and |-i> as 1."""
    sdg = P(-math.pi / 2)
    plus_i, minus_i = np.array([1, 1j]) / math.sqrt(2), np.array([1, -1j]) / math.sqrt(2)
    assert np.allclose(abs(H @ sdg @ plus_i) ** 2, [1, 0])
    assert np.allclose(abs(H @ sdg @ minus_i) ** 2, [0, 1])
    assert np.allclose(abs(H @ plus_i) ** 2, abs(H @ minus_i) ** 2)     # the X basis cannot tell them apart
    assert np.allclose(Operator(QuantumCircuit(1).compose(_sdg())).data, sdg)


def _sdg():
    qc = QuantumCircuit(1)
    qc.sdg(0)
    return qc


def test_numbers_in_the_text():
    assert round(math.sqrt(0.5 * 0.5 / 1000), 3) == 0.016                 # shot noise, p = 1/2, N = 1000
    assert round(1 - abs((H @ T @ H @ KET0)[1]) ** 2, 2) == 0.85          # the intro's "O about 85 %"
    # S H|0> = |+i>, H S|0> = |+>: the order cell
    assert np.allclose(S @ H @ KET0, np.array([1, 1j]) / math.sqrt(2))
    assert np.allclose(H @ S @ KET0, np.array([1, 1]) / math.sqrt(2))


def test_task_2_7_answer_and_its_wrong_answers():
    """H, S, T, H: the phases add (3π/4); multiplying them gives π²/8, halving them 3π/8."""
    qc = QuantumCircuit(1)
    for g in ("h", "s", "t", "h"):
        getattr(qc, g)(0)
    p1 = Statevector(qc).probabilities()[1]
    assert 1000 * p1 == pytest.approx(1000 * (1 - math.cos(3 * math.pi / 4)) / 2) == pytest.approx(853.6, abs=0.1)
    assert (math.pi / 2) * (math.pi / 4) == pytest.approx(math.pi ** 2 / 8)
    assert 1000 * (1 - math.cos(math.pi ** 2 / 8)) / 2 == pytest.approx(334.6, abs=0.1)
    assert 1000 * (1 - math.cos(3 * math.pi / 8)) / 2 == pytest.approx(308.7, abs=0.1)


def test_the_static_bloch_picture_of_h_t_h():
    """H, T, H on |0>: P(1) = sin²(π/8) ≈ 0.146, so the point is above the equator at height 1 − 2 P(1) ≈ 0.71;
    and S|0> = |0> exactly (the order section)."""
    from qttt_widgets.widgets.views import angles_from_state
    a0, a1 = H @ T @ H @ KET0
    theta, _ = angles_from_state(a0, a1)
    assert abs(a1) ** 2 == pytest.approx(math.sin(math.pi / 8) ** 2)
    assert math.cos(theta) == pytest.approx(1 - 2 * abs(a1) ** 2) == pytest.approx(0.707, abs=1e-3)
    assert np.allclose(S @ KET0, KET0)


def test_task_2_6_two_z_gates_are_a_full_turn_not_a_larger_phase():
    """Task 2.6's study guide: "the larger the phase, the more often it reads 1; nothing between the H
    gates never reads 1, Z always does, so two Z gates read 1 at least as often". The first two facts
    hold; the slip (the key, option d): ZZ = I, a phase of 2π is no phase, and H, Z, Z, H reads 0 every time.
    The lesson quotes it as a study guide, not as an earlier edition of the course."""
    assert np.allclose(abs(H @ H @ KET0) ** 2, [1, 0])                  # nothing between: never 1
    assert np.allclose(abs(H @ Z @ H @ KET0) ** 2, [0, 1])              # Z: always 1
    assert np.allclose(Z @ Z, I2) and np.allclose(P(2 * math.pi), I2)  # two Z gates: a full turn
    assert np.allclose(abs(H @ Z @ Z @ H @ KET0) ** 2, [1, 0])          # reads 0 every time
    qc = QuantumCircuit(1)
    qc.h(0); qc.z(0); qc.z(0); qc.h(0)
    assert Statevector(qc).probabilities() == pytest.approx([1, 0])
    nb = lesson_json(2)
    text = "".join("".join(c["source"]) for c in nb["cells"])
    assert "two Z" in text and "ZZ = I" in text
    for history in ("old version", "older version", "earlier version", "earlier edition"):
        assert history not in text


def test_order_matters_for_H_and_T_as_the_order_section_prints():
    """The order section: T first leaves |0⟩ alone, so T then H makes |+⟩; H then T makes (|0⟩ + e^{iπ/4}|1⟩)/√2."""
    a = T @ H @ KET0
    b = H @ T @ KET0
    assert np.allclose(T @ KET0, KET0) and np.allclose(b, H @ KET0)
    assert np.allclose(a, [1 / math.sqrt(2), np.exp(1j * math.pi / 4) / math.sqrt(2)])
    assert not same_up_to_phase(a, b)
