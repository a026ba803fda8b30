"""Lesson 03's physics claims, computed independently of the notebook (numpy and qiskit)."""
import math

import numpy as np
import pytest
from qiskit import QuantumCircuit
from qiskit.quantum_info import DensityMatrix, Operator, Statevector

from qttt_widgets.exercises import lesson03
from qttt_widgets.rules.qubit_board import LEVELS

R = 1 / math.sqrt(2)


def sv(*gates, n=2):
    qc = QuantumCircuit(n)
    for g, *q in gates:
        getattr(qc, g)(*q)
    return Statevector(qc).data


def test_qubit_0_is_the_rightmost_digit_and_kron_puts_qubit_1_left():
    assert Statevector(QuantumCircuit(2).compose(_x0())).probabilities_dict() == {"01": 1.0}
    plus, one = np.array([1, 1]) * R, np.array([0, 1])
    assert np.allclose(sv(("h", 1), ("x", 0)), np.kron(plus, one))
    assert not np.allclose(sv(("h", 1), ("x", 0)), np.kron(one, plus))
    p = Statevector(sv(("x", 1), ("h", 0))).probabilities_dict()
    assert set(p) == {"10", "11"} and all(abs(v - 0.5) < 1e-12 for v in p.values())


def _x0():
    qc = QuantumCircuit(2)
    qc.x(0)
    return qc


def test_tensor_amplitude_of_task_3_2():
    amp = np.kron(np.array([3, 4]) / 5, np.array([1, -1]) * R)[1]
    assert amp == pytest.approx(-0.6 * R)


def test_rank_test_matches_the_determinant_and_task_3_3():
    states = {"A": [1, 1, -1, -1], "B": [1, 1, 1, -1], "C": [0, 1, -1, 0], "D": [0.6, 0, 0, 0.8]}
    entangled = set()
    for name, a in states.items():
        a = np.array(a, complex) / np.linalg.norm(a)
        M = a.reshape(2, 2)
        rank1 = np.linalg.matrix_rank(M, tol=1e-9) == 1
        assert rank1 == (abs(np.linalg.det(M)) < 1e-12)
        if rank1:   # the factorisation really exists: M = outer(beta, alpha)
            u, s, vh = np.linalg.svd(M)
            assert np.allclose(np.kron(u[:, 0] * s[0], vh[0]), a)
        else:
            entangled.add(name)
    assert entangled == {"B", "C", "D"}


def test_random_product_states_have_rank_one():
    rng = np.random.default_rng(0)
    for _ in range(200):
        a, b = rng.normal(size=2) + 1j * rng.normal(size=2), rng.normal(size=2) + 1j * rng.normal(size=2)
        assert np.linalg.matrix_rank(np.kron(a, b).reshape(2, 2), tol=1e-9) == 1


def test_cnot_matrix_in_qiskit_order():
    qc = QuantumCircuit(2)
    qc.cx(0, 1)
    want = np.array([[1, 0, 0, 0], [0, 0, 0, 1], [0, 0, 1, 0], [0, 1, 0, 0]])
    assert np.allclose(Operator(qc).data, want)


@pytest.mark.parametrize("extra,name", [((), "Φ+"), ((("z", 0),), "Φ−"), ((("z", 1),), "Φ−"),
                                        ((("x", 1),), "Ψ+"), ((("x", 0),), "Ψ+"),
                                        ((("x", 1), ("z", 1)), "Ψ−"), ((("z", 0), ("x", 1)), "Ψ−"),
                                        ((("x", 1), ("z", 0)), "Ψ−")])
def test_bell_recipes(extra, name):
    assert lesson03.bell_name(sv(("h", 0), ("cx", 0, 1), *extra)) == name


def test_esilv_h_cnot_x_makes_psi_plus():
    assert lesson03.bell_name(sv(("h", 0), ("cx", 0, 1), ("x", 1))) == "Ψ+"


def _agree(p):
    return sum(v for k, v in p.items() if k[0] == k[1])


def test_phi_plus_and_mixture_agree_in_z_but_not_in_x():
    hh = QuantumCircuit(2)
    hh.h([0, 1])
    bell = DensityMatrix(sv(("h", 0), ("cx", 0, 1)))
    mix = (DensityMatrix.from_label("00") + DensityMatrix.from_label("11")) / 2
    assert bell.probabilities_dict() == pytest.approx(mix.probabilities_dict())
    assert _agree(bell.probabilities_dict()) == pytest.approx(1)
    assert _agree(bell.evolve(hh).probabilities_dict()) == pytest.approx(1)
    assert _agree(mix.evolve(hh).probabilities_dict()) == pytest.approx(0.5)


def _random_qubit(rng):
    v = rng.normal(size=2) + 1j * rng.normal(size=2)
    return v / np.linalg.norm(v)


def _random_separable(rng):
    """A random mixture of 1 to 3 product states (an unentangled two-qubit state)."""
    w = rng.dirichlet(np.ones(rng.integers(1, 4)))
    rho = np.zeros((4, 4), complex)
    for wi in w:
        v = np.kron(_random_qubit(rng), _random_qubit(rng))
        rho += wi * np.outer(v, v.conj())
    return DensityMatrix(rho)


def test_witness_bound_for_unentangled_states():
    """P_Z(agree) + P_X(agree) <= 3/2 for product states and their mixtures; Φ+ gives 2."""
    rng = np.random.default_rng(1)
    hh = QuantumCircuit(2)
    hh.h([0, 1])

    def score(rho):
        return _agree(rho.probabilities_dict()) + _agree(rho.evolve(hh).probabilities_dict())
    best = 0
    for _ in range(1000):
        rho = _random_separable(rng)
        best = max(best, score(rho))
    assert best <= 1.5 + 1e-9
    assert score(DensityMatrix(sv(("h", 0), ("cx", 0, 1)))) == pytest.approx(2)
    mix = (DensityMatrix.from_label("00") + DensityMatrix.from_label("11")) / 2
    assert score(mix) == pytest.approx(1.5)


def test_ghz_parity_in_the_x_basis():
    hhh = QuantumCircuit(3)
    hhh.h([0, 1, 2])
    ghz = Statevector(sv(("h", 0), ("cx", 0, 1), ("cx", 1, 2), n=3))
    assert np.allclose(ghz.data, np.array([1, 0, 0, 0, 0, 0, 0, 1]) * R)
    even = lambda p: sum(v for k, v in p.items() if k.count("1") % 2 == 0)  # noqa: E731
    assert even(ghz.evolve(hhh).probabilities_dict()) == pytest.approx(1)
    mix = (DensityMatrix.from_label("000") + DensityMatrix.from_label("111")) / 2
    assert even(mix.evolve(hhh).probabilities_dict()) == pytest.approx(0.5)


def test_risk_levels_make_the_seed_states_and_level_2_never_all_equal():
    want = {1: {"01": .5, "10": .5}, 2: {"010": .5, "101": .5}, 3: {"00": .5, "11": .5}, 4: {"000": .5, "111": .5}}
    for level, (name, width, gates, _t) in LEVELS.items():
        p = Statevector(sv(*gates, n=width)).probabilities_dict()
        assert p == pytest.approx(want[level]), name
    p = Statevector(sv(*LEVELS[2][2], n=3)).probabilities_dict()
    assert p.get("000", 0) + p.get("111", 0) == pytest.approx(0)


def test_the_bell_checker_names_what_was_made():
    def qc(*gates):
        c = QuantumCircuit(2)
        for g, *q in gates:
            getattr(c, g)(*q)
        return c
    check = lesson03.bell_state("Ψ−")
    assert check(qc(("h", 0), ("cx", 0, 1), ("x", 1), ("z", 1))) is None
    assert check(qc(("h", 0), ("cx", 0, 1), ("z", 1), ("x", 1))) is None    # − Ψ−: a global phase
    assert "Ψ+" in check(qc(("h", 0), ("cx", 0, 1), ("x", 1)))
    assert "Φ−" in check(qc(("h", 0), ("cx", 0, 1), ("z", 0)))
    assert "product" in check(qc(("h", 0), ("x", 1)))


def test_task_3_3_by_hand_the_determinants_and_the_complex_product_state():
    """Task 3.3's five states, with numpy only (no library code): a state is a product iff its 2 x 2
    amplitude table has det a00·a11 − a01·a10 = 0. B, C and D are entangled; A and the complex state
    E = ½(1, i, i, −1) are products, E of (|0⟩ + i|1⟩)/√2 with itself (i·i = −1 cancels a00·a11)."""
    states = {"A": np.array([1, 1, -1, -1]) / 2, "B": np.array([1, 1, 1, -1]) / 2,
              "C": np.array([0, 1, -1, 0]) / np.sqrt(2), "D": np.array([0.6, 0, 0, 0.8]),
              "E": np.array([1, 1j, 1j, -1]) / 2}
    for amps in states.values():
        assert np.sum(np.abs(amps) ** 2) == pytest.approx(1)
    det = {k: a[0] * a[3] - a[1] * a[2] for k, a in states.items()}
    assert det["E"] == pytest.approx(0) and det["A"] == pytest.approx(0)
    assert det["B"] == pytest.approx(-0.5) and det["C"] == pytest.approx(0.5) and det["D"] == pytest.approx(0.48)
    assert {k for k, d in det.items() if abs(d) > 1e-12} == {"B", "C", "D"}
    half_i = np.array([1, 1j]) / np.sqrt(2)
    assert np.allclose(np.kron(half_i, half_i), states["E"])                     # E = β ⊗ α, written out
    e = states["E"]
    assert e[1] * e[2] == pytest.approx(-0.25)                                 # i·i = −1: cancels a00·a11 = −1/4
    assert e[0] * e[3] - abs(e[1]) * abs(e[2]) == pytest.approx(-0.5)         # the slip i·i = +1: det −1/2, "entangled"
    import json
    from pathlib import Path
    cells = json.loads((Path(__file__).parents[1] / "lessons" / "03a_two_qubits.ipynb").read_text())["cells"]
    text = "".join("".join(c["source"]) for c in cells)
    assert "| E | ½ · (1, *i*, *i*, −1) |" in text and 'expect={"B", "C", "D"}' in text


def _concurrence(a):
    """Concurrence of a pure two-qubit state: 2|a00 a11 - a01 a10| (1 = maximally entangled)."""
    a = np.asarray(a, complex) / np.linalg.norm(a)
    return 2 * abs(a[0] * a[3] - a[1] * a[2])


def test_bell_states_are_four_of_many_maximally_entangled_states():
    bells = [sv(("h", 0), ("cx", 0, 1), *extra) for extra in ((), (("z", 0),), (("x", 1),), (("x", 1), ("z", 1)))]
    assert np.allclose(np.array(bells) @ np.array(bells).conj().T, np.eye(4))   # an orthonormal basis
    assert all(_concurrence(b) == pytest.approx(1) for b in bells)
    B = np.array([1, 1, 1, -1]) / 2                                              # state B of Task 3.3
    assert _concurrence(B) == pytest.approx(1)                                   # maximally entangled too
    assert lesson03.bell_name(Statevector(B).evolve(_h0()).data) == "Φ+"        # H on qubit 0 makes Φ+
    assert not any(abs(np.vdot(b, B)) > 1 - 1e-9 for b in bells)                 # yet not a Bell state
    assert _concurrence([0.6, 0, 0, 0.8]) == pytest.approx(0.96)                 # E: entangled, less so
    from qiskit.quantum_info import partial_trace
    for state in [*bells, B]:                            # each qubit alone: a fair coin in every basis
        for q in (0, 1):
            assert np.allclose(partial_trace(Statevector(state), [q]).data, np.eye(2) / 2)


def _h0():
    qc = QuantumCircuit(2)
    qc.h(0)
    return qc


def test_perfect_correlation_of_either_sign_in_z_and_x_needs_entanglement():
    """|E_Z| + |E_X| <= 1 for every unentangled state (E = P(agree) - P(differ)); Φ− has E_Z = 1,
    E_X = -1 (it always differs in the X basis): the source of Task 3.6 (agrees in Z, differs in X)
    is entangled (option b), although P_Z + P_X = 1; a Z on qubit 0 turns it into Φ+."""
    rng = np.random.default_rng(2)
    hh = QuantumCircuit(2)
    hh.h([0, 1])

    def corr(rho):
        ez = 2 * _agree(rho.probabilities_dict()) - 1
        ex = 2 * _agree(rho.evolve(hh).probabilities_dict()) - 1
        return ez, ex
    worst = 0
    for _ in range(1000):
        rho = _random_separable(rng)
        ez, ex = corr(rho)
        worst = max(worst, abs(ez) + abs(ex))
    assert worst <= 1 + 1e-9
    ez, ex = corr(DensityMatrix(sv(("h", 0), ("cx", 0, 1), ("z", 0))))
    assert (ez, ex) == (pytest.approx(1), pytest.approx(-1))
    ez, ex = corr(DensityMatrix(sv(("h", 0), ("cx", 0, 1), ("z", 0), ("z", 0))))   # relabelled: Φ+
    assert (ez, ex) == (pytest.approx(1), pytest.approx(1))


def test_pre_arranged_answers_pass_the_z_x_bound_and_only_chsh_excludes_them():
    """Lesson 03 (introduction, Going further): the Z/X witness excludes mixtures of product
    states, not pre-arranged answers. Pairs that carry identical cards (answer to Z, answer to X)
    agree every time in both bases, P_Z + P_X = 2 > 3/2. In the CHSH game every one of the 16
    deterministic card strategies wins at most 3/4 of the questions, and Phi+ at the right angles wins
    cos^2(pi/8) = 0.854."""
    import itertools
    cards = list(itertools.product([0, 1], repeat=2))          # (answer to Z, answer to X), both halves alike
    p_z = np.mean([zb == zb for zb, _ in cards])
    p_x = np.mean([xb == xb for _, xb in cards])
    assert p_z + p_x == 2 > 1.5

    # CHSH: questions x, y in {0, 1}; win when a XOR b == x AND y
    best = max(np.mean([(a[x] ^ b[y]) == (x & y) for x in (0, 1) for y in (0, 1)])
               for a in itertools.product([0, 1], repeat=2) for b in itertools.product([0, 1], repeat=2))
    assert best == 0.75

    phi = np.array([1, 0, 0, 1]) / np.sqrt(2)

    def basis(angle):                                            # a real measurement basis at this angle
        return [np.array([np.cos(angle), np.sin(angle)]), np.array([-np.sin(angle), np.cos(angle)])]

    alice, bob = [0, np.pi / 4], [np.pi / 8, -np.pi / 8]
    win = 0.0
    for x, y in itertools.product((0, 1), repeat=2):
        for a, va in enumerate(basis(alice[x])):
            for b, vb in enumerate(basis(bob[y])):
                if (a ^ b) == (x & y):
                    win += abs(np.kron(va, vb) @ phi) ** 2 / 4       # Qiskit order does not matter: Phi+ is symmetric
    assert win == pytest.approx(np.cos(np.pi / 8) ** 2) and round(win, 3) == 0.854


def test_a_z_before_the_h_flips_the_x_basis_result_and_no_z_basis_reading():
    """After Task 3.6: a Z gate on qubit 0 just before its H flips qubit 0's X-basis result (H Z = X H)
    and changes no Z-basis reading (Z is diagonal)."""
    h = np.array([[1, 1], [1, -1]]) / np.sqrt(2)
    z = np.diag([1, -1])
    x = np.array([[0, 1], [1, 0]])
    assert np.allclose(h @ z, x @ h)
    rng = np.random.default_rng(5)
    for _ in range(20):
        v = rng.normal(size=2) + 1j * rng.normal(size=2)
        v /= np.linalg.norm(v)
        assert np.allclose(abs(z @ v) ** 2, abs(v) ** 2)


def test_every_entangle_level_is_a_bell_state_ghz_or_ghz_with_x_flips():
    """03b's *Say it plainly*: an entangle move prepares Ψ⁺, Φ⁺, GHZ, or a GHZ-type state (GHZ with X
    gates on some qubits). Level 2 is not GHZ itself: it is X on qubit 1 (the middle digit) applied to
    GHZ, (|010⟩ + |101⟩)/√2, so "a GHZ state" alone would be wrong."""
    bell = {"Psi+": sv(("h", 0), ("cx", 0, 1), ("x", 1)), "Phi+": sv(("h", 0), ("cx", 0, 1))}
    ghz = sv(("h", 0), ("cx", 0, 1), ("cx", 1, 2), n=3)
    kinds = {}
    for level, (name, width, gates, _t) in LEVELS.items():
        state = sv(*gates, n=width)
        if width == 2:
            kinds[level] = next(k for k, b in bell.items() if abs(np.vdot(b, state)) > 1 - 1e-9)
            continue
        flips = [f for f in range(8)
                 if abs(np.vdot(Statevector(ghz).evolve(_x_on(f)).data, state)) > 1 - 1e-9]
        kinds[level] = "GHZ" if flips == [0] or 0 in flips else f"GHZ with X on {flips[0]:03b}"
    assert kinds[2] != "GHZ" and kinds[2].startswith("GHZ with X")
    assert kinds == {1: "Psi+", 2: kinds[2], 3: "Phi+", 4: "GHZ"}
    assert not np.isclose(abs(np.vdot(ghz, sv(*LEVELS[2][2], n=3))), 1)


def _x_on(mask):
    qc = QuantumCircuit(3)
    for q in range(3):
        if mask >> q & 1:
            qc.x(q)
    return qc


def test_one_more_gate_after_h_and_cnot_reaches_two_bell_states_and_psi_minus_needs_two():
    """03a, *The four Bell states*: after H and CNOT (Phi+), one X or Z on either qubit reaches Phi- or
    Psi+ (up to a global phase), never Psi-; Task 3.4's Psi- takes two gates (X and Z)."""
    bell = {"Φ+": np.array([1, 0, 0, 1]) / math.sqrt(2), "Φ−": np.array([1, 0, 0, -1]) / math.sqrt(2),
            "Ψ+": np.array([0, 1, 1, 0]) / math.sqrt(2), "Ψ−": np.array([0, 1, -1, 0]) / math.sqrt(2)}

    def name(v):
        return next(k for k, b in bell.items() if abs(abs(np.vdot(b, v)) - 1) < 1e-9)

    phi = np.array([1, 0, 0, 1]) / math.sqrt(2)
    X, Z, I = np.array([[0, 1], [1, 0]]), np.diag([1, -1]), np.eye(2)
    one_gate = {name(np.kron(I, g) @ phi) for g in (X, Z)} | {name(np.kron(g, I) @ phi) for g in (X, Z)}
    assert one_gate == {"Φ−", "Ψ+"}
    assert name(np.kron(Z @ X, I) @ phi) == "Ψ−"                  # X then Z on qubit 1
