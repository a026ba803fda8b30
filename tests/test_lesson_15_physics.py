"""Lesson 15's claims (the CHSH game), computed independently of the notebook: the 16 plans give
at most 3/4 and the parity argument's four conditions never hold together; a mixture averages;
the Bell pair with Alice at 0, π/4 and Bob at ±π/8 wins cos²(π/8) by exact statevector (Qiskit,
and an independent numpy calculation in the other qubit order); Aer's shots land within 4
standard errors; no angles beat cos²(π/8) (a grid); and the study guide's angles of Task 15.6
win exactly 1/2. Also the library's numpy model, the widget and the checkers."""
import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from qiskit import QuantumCircuit
from qiskit.quantum_info import Statevector

from qttt_widgets.exercises import lesson15
from qttt_widgets.quantum import chsh

ALICE = (0.0, math.pi / 4)
BOB = (math.pi / 8, -math.pi / 8)
GUIDE = (3 * math.pi / 8, 5 * math.pi / 8)          # Task 15.6's study guide
EXACT = math.cos(math.pi / 8) ** 2


def _win(x, y, a, b):
    return (a + b) % 2 == x * y


def _plan_rate(plan):
    a0, a1, b0, b1 = plan
    return Fraction(sum(_win(x, y, (a0, a1)[x], (b0, b1)[y]) for x in (0, 1) for y in (0, 1)), 4)


def test_the_16_plans_give_at_most_three_quarters_and_never_all_four():
    rates = [_plan_rate(p) for p in itertools.product((0, 1), repeat=4)]
    assert len(rates) == 16
    assert max(rates) == Fraction(3, 4)
    assert sorted(set(rates)) == [Fraction(1, 4), Fraction(3, 4)]     # one pair or three, never two or four
    assert rates.count(Fraction(3, 4)) == 8
    assert [chsh.plan_win_rate(p) for p in itertools.product((0, 1), repeat=4)] == rates


def test_a_mixture_of_plans_averages_their_rates_task_15_3():
    always0, own = _plan_rate((0, 0, 0, 0)), _plan_rate((0, 1, 0, 1))
    assert (always0, own) == (Fraction(3, 4), Fraction(1, 4))
    assert Fraction(6, 10) * always0 + Fraction(4, 10) * own == Fraction(11, 20)
    # any shared-random strategy: a probability vector over the 16 plans; its rate never exceeds 3/4
    rng = np.random.default_rng(0)
    rates = np.array([float(_plan_rate(p)) for p in itertools.product((0, 1), repeat=4)])
    for _ in range(200):
        w = rng.dirichlet(np.ones(16))
        assert w @ rates <= 0.75 + 1e-12


def _qiskit_rate(alice, bob):
    """Win rate from Qiskit's statevector of the lesson's circuit (Alice qubit 0, Bob qubit 1)."""
    total = 0.0
    for x, y in itertools.product((0, 1), repeat=2):
        qc = QuantumCircuit(2)
        qc.h(0)
        qc.cx(0, 1)
        qc.ry(-2 * alice[x], 0)
        qc.ry(-2 * bob[y], 1)
        probs = Statevector(qc).probabilities()              # index = 2 * b + a
        total += sum(probs[2 * b + a] for a in (0, 1) for b in (0, 1) if _win(x, y, a, b)) / 4
    return total


def _numpy_rate(alice, bob):
    """Independently: Φ+ as a numpy vector (Alice's qubit written first), projectors at each angle."""
    phi = np.array([1, 0, 0, 1]) / np.sqrt(2)
    def ket(theta, outcome):
        return np.array([np.cos(theta), np.sin(theta)]) if outcome == 0 else np.array([-np.sin(theta), np.cos(theta)])
    total = 0.0
    for x, y, a, b in itertools.product((0, 1), repeat=4):
        if _win(x, y, a, b):
            total += abs(np.kron(ket(alice[x], a), ket(bob[y], b)) @ phi) ** 2 / 4
    return total


def test_the_bell_pair_wins_cos_squared_pi_over_8_by_exact_statevector():
    assert _qiskit_rate(ALICE, BOB) == pytest.approx(EXACT, abs=1e-12)
    assert _numpy_rate(ALICE, BOB) == pytest.approx(EXACT, abs=1e-12)
    assert EXACT == pytest.approx((2 + math.sqrt(2)) / 4)
    assert chsh.quantum_win_rate(ALICE, BOB) == pytest.approx(EXACT, abs=1e-12)
    # each question pair is won with the same probability; CHSH value S = 8 P - 4 = 2√2
    for x, y in chsh.QUESTIONS:
        assert chsh.pair_win_probability(ALICE[x], BOB[y], x, y) == pytest.approx(EXACT)
    assert 8 * EXACT - 4 == pytest.approx(2 * math.sqrt(2))


def test_p_agree_is_cos_squared_of_the_angle_difference():
    for alpha, beta in [(0, 0.3), (0.7, -0.2), (1.1, 2.9), (-0.4, 0.4)]:
        p = chsh.bell_probabilities(alpha, beta)
        assert p[0, 0] + p[1, 1] == pytest.approx(math.cos(alpha - beta) ** 2)
        assert p[0, 0] + p[0, 1] == pytest.approx(0.5) and p[0, 0] + p[1, 0] == pytest.approx(0.5)  # no signal


def test_no_angles_beat_cos_squared_pi_over_8():
    grid = np.linspace(-math.pi / 2, math.pi / 2, 25)
    best = max(chsh.quantum_win_rate((a0, a1), (b0, b1)) for a0 in (0.0,) for a1 in grid
               for b0 in grid for b1 in grid)
    assert best <= EXACT + 1e-12
    assert best == pytest.approx(EXACT, abs=1e-12)          # the grid (steps of π/24) holds π/8 and π/4


def test_the_study_guides_angles_win_exactly_one_half_task_15_6():
    assert _qiskit_rate(ALICE, GUIDE) == pytest.approx(0.5, abs=1e-12)
    assert _numpy_rate(ALICE, GUIDE) == pytest.approx(0.5, abs=1e-12)
    per_pair = [chsh.pair_win_probability(ALICE[x], GUIDE[y], x, y) for x, y in chsh.QUESTIONS]
    assert per_pair == pytest.approx([1 - EXACT, 1 - EXACT, EXACT, EXACT])
    # and Task 15.5's wrong answers: Bloch-sphere angles give exactly the classical 3/4; copying Alice gives 1/2
    assert _qiskit_rate(ALICE, (math.pi / 4, -math.pi / 4)) == pytest.approx(0.75)
    assert _qiskit_rate(ALICE, ALICE) == pytest.approx(0.5)
    assert _qiskit_rate((0, 0), (0, 0)) == pytest.approx(0.75)          # Z only: plays like "always 0"


def test_aer_shots_land_within_four_standard_errors():
    """The lesson's run: 4000 shots per question pair, seeds 15..18."""
    from qiskit_aer import AerSimulator
    sim, shots = AerSimulator(), 4000
    rates, errors = [], []
    for k, (x, y) in enumerate(chsh.QUESTIONS):
        qc = QuantumCircuit(2)
        qc.h(0)
        qc.cx(0, 1)
        qc.ry(-2 * ALICE[x], 0)
        qc.ry(-2 * BOB[y], 1)
        qc.measure_all()
        counts = sim.run(qc, shots=shots, seed_simulator=15 + k).result().get_counts()
        won = sum(n for bits, n in counts.items() if _win(x, y, int(bits[1]), int(bits[0])))
        p = won / shots
        rates.append(p)
        errors.append(math.sqrt(p * (1 - p) / shots))
        assert abs(p - EXACT) < 4 * errors[-1]
    overall, err = sum(rates) / 4, math.sqrt(sum(e * e for e in errors)) / 4
    assert abs(overall - EXACT) < 4 * err
    assert overall - 0.75 > 20 * err
    assert 0.005 < errors[0] < 0.007                                      # "about 0.006"


def test_the_checkers_accept_the_right_answers_and_refuse_wrong_ones():
    assert lesson15.plan_checker()((0, 1, 0, 0)) is None
    assert lesson15.plan_checker()((0, 0, 0, 0)) is not None
    accepted = [p for p in itertools.product((0, 1), repeat=4) if lesson15.plan_checker()(p) is None]
    assert len(accepted) == 8 and all(p[1] != p[3] for p in accepted)
    assert lesson15.win_rate_checker()(chsh.quantum_win_rate) is None
    assert lesson15.win_rate_checker()(_numpy_rate) is None
    check = lesson15.best_bob_checker()
    assert check(BOB) is None and check((math.pi / 8 + math.pi, -math.pi / 8)) is None
    assert check((-math.pi / 8, math.pi / 8)) is not None and check(GUIDE) is not None


def test_the_widget_plays_and_keeps_the_tally():
    from qttt_widgets.widgets.chsh import CHSHGame, play_rounds, transcript
    game = CHSHGame(seed=2)
    rounds = game.play(200)
    assert sum(n for n, _ in game.tally.values()) == 200
    assert sum(w for _, w in game.tally.values()) == sum(r["win"] for r in rounds)
    assert game.tally[1, 1][1] == 0                                         # the default plan (0, 0, 0, 0)
    game.mode.value = "Bell pair"
    assert sum(n for n, _ in game.tally.values()) == 0                     # switching mode resets
    for slider, value in zip(game.angles, (0, 0.25, 0.125, -0.125)):
        slider.value = value
    game.play(2000)
    won = sum(w for _, w in game.tally.values()) / 2000
    assert abs(won - EXACT) < 4 * math.sqrt(EXACT * (1 - EXACT) / 2000)
    text = transcript(play_rounds(8, plan=(0, 1, 0, 1), seed=1))
    assert text.endswith("won 3 of 8 rounds")
    with pytest.raises(ValueError):
        play_rounds(1)
