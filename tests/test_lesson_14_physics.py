"""Lesson 14's claims, computed independently of the notebook: the imperfect opponent's
numbers, the amplifier as a matrix and as a circuit, the optimal number of rounds (and the
thesis' slip), the strategies' wins and ties, and why amplifying at the last move dips."""
import itertools
import math
import random

import numpy as np
import pytest

from qttt_widgets.exercises import lesson14
from qttt_widgets.research.amplification import (ImperfectPlayer, QuantumBoard, amplifier_matrix, children,
                                                 is_finished, klass, mistake_boards, optimal_iterations,
                                                 result_of, simple_quantum)
from qttt_widgets.rules.classical import legal_positions

PSI = [0.6, 0.5, 0.3, math.sqrt(0.3)]


def test_mistake_boards_and_the_first_one():
    assert (len(mistake_boards("X")), len(mistake_boards("O"))) == (248, 563)
    kids = children("X........")
    assert [klass(k) for k in kids].count("T") == 1                         # only the centre holds the draw
    assert {k for k in kids if klass(k) == "T"} == {"X...O...."}
    assert "X........" in mistake_boards("O")


def test_probability_of_a_blunder_over_two_boards():
    p = 0.1
    total = 0.0
    for first, second in itertools.product([True, False], repeat=2):      # is each board a mistake board?
        weight = (p if first else 1 - p) * (p if second else 1 - p)
        blunders = first or second                                          # second is met only if not first
        total += weight * blunders
    assert total == pytest.approx(0.19)


def _position(seed=3, p=0.1, plies=5):
    opponent = ImperfectPlayer(p, random.Random(seed))
    qb = QuantumBoard()
    for _ in range(plies):
        qb = qb.apply(simple_quantum if qb.to_move() == "X" else opponent)
    return qb


def test_the_amplifier_on_a_real_position_follows_sin_squared_and_adds_no_board():
    qb = _position()
    good = lambda b: klass(b) == "X"                                        # noqa: E731
    Q, basis, psi = amplifier_matrix(qb, good)
    a = qb.probability(good)
    assert len(basis) == 127 and a == pytest.approx(8 / 126)
    assert np.allclose(Q.T @ Q, np.eye(len(basis)))
    theta = math.asin(math.sqrt(a))
    for r in range(9):
        state = np.linalg.matrix_power(Q, r) @ psi
        assert sum(v * v for v, k in zip(state, basis) if good(k[0])) == pytest.approx(math.sin((2 * r + 1) * theta) ** 2)
    assert optimal_iterations(a) == 3


def test_q_equals_minus_a_s0_a_dagger_o_f_with_a_real_state_preparation():
    """Build a unitary A with A|0> = psi (Householder), then Q = -A S0 A^† O_f exactly."""
    psi = np.array(PSI)
    e0 = np.eye(4)[0]
    v = psi - e0
    A = np.eye(4) - 2 * np.outer(v, v) / (v @ v)                             # reflection sending e0 to psi
    assert np.allclose(A @ e0, psi) and np.allclose(A.T @ A, np.eye(4))
    S0 = np.eye(4) - 2 * np.outer(e0, e0)
    O_f = np.diag([1, 1, -1, 1.0])
    Q = -A @ S0 @ A.T @ O_f
    assert np.allclose(-A @ S0 @ A.T, 2 * np.outer(psi, psi) - np.eye(4))
    assert np.allclose(Q @ psi, lesson14.one_round_state(PSI, [2]))
    assert abs((Q @ psi)[2]) ** 2 == pytest.approx(math.sin(3 * math.asin(0.3)) ** 2)


@pytest.mark.parametrize("a, after_one", [(0.5, 0.5), (0.25, 1.0), (0.75, 0.0), (0.6, math.sin(3 * math.asin(math.sqrt(0.6))) ** 2)])
def test_one_round_at_a_half_changes_nothing_and_above_a_half_hurts(a, after_one):
    v = np.array([math.sqrt(a), math.sqrt(1 - a)])
    q = (2 * np.outer(v, v) - np.eye(2)) @ np.diag([-1.0, 1.0])
    assert (q @ v)[0] ** 2 == pytest.approx(after_one)
    if a > 0.5:
        assert after_one < a and optimal_iterations(a) == 0


def test_optimal_rounds_is_the_nearest_approach_and_the_thesis_ceiling_is_a_slip():
    for a in np.linspace(0.0005, 1, 4001):
        theta = math.asin(math.sqrt(a))
        r = lesson14.optimal_rounds(a)
        dist = lambda j: abs((2 * j + 1) * theta - math.pi / 2)           # noqa: E731
        assert all(dist(r) <= dist(j) + 1e-12 for j in range(r + 5))
        assert r == optimal_iterations(a)
    theta = math.asin(0.3)
    assert lesson14.optimal_rounds(0.09) == 2
    assert math.ceil(math.pi / (4 * theta) - 0.5) == 3                       # the thesis' other expression
    assert math.sin(5 * theta) ** 2 == pytest.approx(0.99776, abs=1e-5)
    assert math.sin(7 * theta) ** 2 == pytest.approx(0.7160, abs=1e-4)
    assert math.sin(2 * math.pi) ** 2 < 1e-20
    # Task 14.5 (in 14b) tests the thesis' sentence on a = 0.2, by hand as its hints do: θ = 0.464,
    # π/(4θ) = 1.69; the ceiling of 1.19 is 2, the floor of 1.69 is 1; P(good) 0.968 after 1 round, 0.54 after 2
    theta = math.asin(math.sqrt(0.2))
    assert round(theta, 3) == 0.464 and round(math.pi / (4 * theta), 2) == 1.69
    assert math.ceil(math.pi / (4 * theta) - 0.5) == 2 and math.floor(math.pi / (4 * theta)) == 1
    assert lesson14.optimal_rounds(0.2) == 1 == optimal_iterations(0.2)
    assert round(math.sin(3 * theta) ** 2, 3) == 0.968 and round(math.sin(5 * theta) ** 2, 2) == 0.54
    # Task 14.3: a = 0.01 needs 7 rounds (7.84 = pi/(4 theta)); 6 stop short, 8 pass pi/2 further
    theta = math.asin(0.1)
    assert lesson14.optimal_rounds(0.01) == 7 and math.ceil(math.pi / (4 * theta) - 0.5) == 8
    assert round(13 * theta, 2) == 1.30 and round(17 * theta, 2) == 1.70 and round(math.pi / (4 * theta), 2) == 7.84                                 # 2 pi is the bad axis, not the good one
    for a in lesson14.INPUTS:                                                 # the check's inputs have no ties
        theta = math.asin(math.sqrt(a))
        r = lesson14.optimal_rounds(a)
        assert all(abs((2 * r + 1) * theta - math.pi / 2) < abs((2 * j + 1) * theta - math.pi / 2) - 1e-9
                   for j in range(r + 5) if j != r)


def test_the_lesson_circuit_makes_q_psi_and_aer_matches_the_formula():
    from qiskit import QuantumCircuit
    from qiskit.circuit.library import StatePreparation
    from qiskit.quantum_info import Statevector
    from qttt_widgets.quantum.amplification import amplification_circuit, measured, predicted
    A = StatePreparation(PSI)
    qc = QuantumCircuit(2)
    qc.append(A, [0, 1])
    qc.x(0); qc.cz(0, 1); qc.x(0)
    qc.append(A.inverse(), [0, 1])
    qc.x([0, 1]); qc.cz(0, 1); qc.x([0, 1])
    qc.append(A, [0, 1])
    made = Statevector.from_instruction(qc).data
    assert abs(np.vdot(made, lesson14.one_round_state(PSI, [2]))) == pytest.approx(1.0)
    lib = Statevector.from_instruction(amplification_circuit(PSI, [2], 1, measure=False)).data
    assert abs(np.vdot(made, lib)) == pytest.approx(1.0)
    for r in range(5):
        want = predicted(PSI, [2], r)
        got = measured(PSI, [2], r, shots=4000, seed=11)
        assert abs(got - want) < 4 * math.sqrt(want * (1 - want) / 4000) + 1e-9


def test_amplifying_before_xs_forced_last_mark_is_the_same_as_after():
    """As O, the library amplifies after O's fourth move; X's ninth mark is then forced and keeps
    every board's class, so amplifying after it (the thesis' 'fifth move') is the same."""
    for key in legal_positions():
        if key.count(".") == 1 and not is_finished(key):
            (child,) = children(key)
            assert klass(key) == result_of(child)


def test_the_sweep_has_no_losses_and_the_amplifiers_win_more():
    from qttt_widgets.research.sweep import sweep
    res = sweep(ps=[0.05, 0.2], batches=3, games=100, seed=2025)
    for (s, side), r in res.items():
        assert np.allclose(r["wins_expected"] + r["expected"], 100)           # wins + ties = all games
        assert ((r["wins"] + r["sampled"]) <= 100).all()
    for side in "XO":
        c = res[("classical", side)]["wins_expected"].mean(axis=1)
        e = res[("amplify-every", side)]["wins_expected"].mean(axis=1)
        assert (e > c + 15).all()
    last = res[("amplify-last", "O")]["wins_expected"].mean(axis=1)
    assert last[0] > last[1] + 30                                              # the dip near p = 0.2


def _a_at_last_move(p, seed):
    them = ImperfectPlayer(p, random.Random(seed))
    game, left = QuantumBoard(), 5
    while not game.finished():
        if game.to_move() == "O":
            game = game.apply(them)
            continue
        game = game.apply(simple_quantum)
        left -= 1
        if left == 0 or game.finished():
            break
    return game.probability(lambda b: klass(b) == "X")


def test_a_at_the_last_move_is_near_a_half_at_p_0_2_and_small_at_p_0_05():
    a5 = np.array([_a_at_last_move(0.05, s) for s in range(150)])
    a20 = np.array([_a_at_last_move(0.2, s) for s in range(150)])
    assert a5.mean() < 0.25 and 0.4 < a20.mean() < 0.65
    assert np.mean(np.abs(a20 - 0.5) < 0.2) > 0.6


def test_plot_draws_wins_and_ties():
    from qttt_widgets.research.sweep import plot, sweep
    res = sweep(strategies=("classical", "simple"), ps=[0, 0.5], batches=2, games=10, seed=1)
    png = plot(res, 13, games=10, kind="expected")
    assert png[:4] == b"\x89PNG"
    assert plot(res, 13, games=10)[:4] == b"\x89PNG"


def test_ties_of_task_14_4_two_numbers_of_rounds_equally_near_give_the_same_odds():
    """At a tie (pi/(4 theta) a whole number n) r = n - 1 and r = n are equally near pi/2 and give the
    same P(good); the check accepts either, and only there."""
    for a, pair in zip(lesson14.TIES, [{0, 1}, {1, 2}]):
        theta = math.asin(math.sqrt(a))
        assert lesson14.accepted(a) == pair
        lo, hi = sorted(pair)
        assert math.sin((2 * lo + 1) * theta) ** 2 == pytest.approx(math.sin((2 * hi + 1) * theta) ** 2)
        assert lesson14.optimal_rounds(a) in pair
    assert all(len(lesson14.accepted(a)) == 1 for a in lesson14.INPUTS)
    check = lesson14.rounds_checker()
    assert check(lambda a: min(lesson14.accepted(a))) is None and check(lambda a: max(lesson14.accepted(a))) is None
    assert check(lambda a: lesson14.optimal_rounds(a) + (2 if a == 0.5 else 0)) is not None
    assert len(lesson14.INPUTS + lesson14.TIES) == 24


def _p_after(a, r):
    """P(good) after r rounds, from powers of the 2 x 2 amplifier (not from the sin² formula)."""
    v = np.array([math.sqrt(a), math.sqrt(1 - a)])
    q = (2 * np.outer(v, v) - np.eye(2)) @ np.diag([-1.0, 1.0])
    return float((np.linalg.matrix_power(q, r) @ v)[0] ** 2)


def test_above_a_half_one_round_overshoots_but_more_rounds_help():
    """Lesson 14 (cells 13, 37, Task 14.7 b): for a > 1/2 the rule floor(pi/(4 theta)) gives 0 rounds,
    yet amplification helps: a = 0.6 gives 0.6, 0.216, 0.923 after 0, 1, 2 rounds; a = 0.7 gives 0.942
    after 2. Two rounds land near 3 pi/2, not near pi/2."""
    assert [round(_p_after(0.6, r), 3) for r in range(3)] == [0.6, 0.216, 0.923]
    assert round(_p_after(0.7, 2), 3) == 0.942
    assert optimal_iterations(0.6) == optimal_iterations(0.7) == lesson14.optimal_rounds(0.6) == 0
    theta = math.asin(math.sqrt(0.6))
    assert abs(5 * theta - 3 * math.pi / 2) < abs(5 * theta - math.pi / 2)        # the angle comes back near 3 pi/2
    assert abs(5 * theta - 3 * math.pi / 2) < theta


def test_first_approach_below_a_half_gives_at_least_one_minus_a():
    for a in np.linspace(0.001, 0.499, 999):
        assert _p_after(a, optimal_iterations(a)) >= 1 - a - 1e-9


@pytest.mark.parametrize("m", [2, 3, 4, 5, 6])
def test_only_a_equal_cos_squared_pi_over_2m_cannot_be_raised(m):
    """a = 1/2 (m = 2) and a = 3/4 (m = 3), ...: no number of rounds gives more than a."""
    a = math.cos(math.pi / (2 * m)) ** 2
    assert max(math.sin((2 * r + 1) * math.asin(math.sqrt(a))) ** 2 for r in range(2000)) <= a + 1e-9
    assert max(_p_after(a, r) for r in range(12)) <= a + 1e-9


def test_other_values_above_a_half_are_raised_by_some_number_of_rounds():
    special = [math.cos(math.pi / (2 * m)) ** 2 for m in range(2, 200)]
    for a in np.linspace(0.501, 0.999, 250):
        if min(abs(a - s) for s in special) < 1e-6:
            continue
        theta = math.asin(math.sqrt(a))
        assert max(math.sin((2 * r + 1) * theta) ** 2 for r in range(1, 2000)) > a


def test_best_rounds_up_to_5_at_p_0_2_against_the_rule():
    """Lesson 14 (cells 36, 37): at p = 0.2, over the lesson's 150 games, the rule floor(pi/(4 theta))
    gives mean P(good) 0.63, the best r <= 5 game by game 0.89; 98 games have a > 1/2."""
    values = np.array([_a_at_last_move(0.2, s) for s in range(150)])
    rule = np.mean([math.sin((2 * optimal_iterations(v) + 1) * math.asin(math.sqrt(v))) ** 2 for v in values])
    best = np.mean([max(_p_after(v, r) for r in range(6)) for v in values])
    assert (round(values.mean(), 2), round(rule, 2), round(best, 2)) == (0.54, 0.63, 0.89)
    assert int(np.sum(values > 0.5)) == 98


def test_first_approach_lands_within_theta_of_pi_over_2_for_every_a():
    """Lesson 14a (How many rounds?): the values (2r+1)θ start at θ and are 2θ apart, so the nearest
    to π/2 is within θ of it for EVERY a, not only below 1/2; the guarantee P ≥ 1 − a is a gain only
    for a < 1/2 (above it, 1 − a < a)."""
    for a in np.linspace(0.001, 1.0, 1000):
        theta = math.asin(math.sqrt(a))
        r = optimal_iterations(a)
        assert abs((2 * r + 1) * theta - math.pi / 2) <= theta + 1e-12
        assert math.sin((2 * r + 1) * theta) ** 2 >= 1 - a - 1e-9
    a = 0.7
    assert optimal_iterations(a) == 0 and 1 - a < a          # above 1/2 the bound says nothing new
