"""The thesis (seed 000) reproduced: quantum boards, imperfect opponents, amplification."""
import math
import random

import numpy as np
import pytest

from qttt_widgets.research.amplification import (STRATEGIES, ImperfectPlayer, QuantumBoard, amplifier_matrix,
                                                 check_theorem_3_16, klass, mistake_boards, optimal_iterations,
                                                 play_game, simple_quantum)
from qttt_widgets.research.sweep import final_distribution, sweep


def test_mistake_boards_are_the_811_blunderable_draws():
    assert len(mistake_boards("X")) + len(mistake_boards("O")) == 811
    assert len(mistake_boards("X")) == 248 and len(mistake_boards("O")) == 563
    assert "." * 9 not in mistake_boards("X")          # X cannot make a mistake on the first move


def test_theorem_3_16_by_exhaustive_search():
    report = check_theorem_3_16()
    assert report["violations"] == []
    assert report["X"] > 1000 and report["O"] > 1000     # every position reachable was checked


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("imperfect", ["X", "O"])
def test_at_p_zero_every_strategy_only_ties(strategy, imperfect):
    for seed in range(5):
        dist = play_game(strategy, imperfect, 0.0, seed).outcome_distribution()
        assert dist["T"] == pytest.approx(1.0)


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("imperfect", ["X", "O"])
def test_the_careful_side_never_loses(strategy, imperfect):
    for seed in range(10):
        qb = play_game(strategy, imperfect, 0.3, seed)
        assert qb.outcome_distribution()[imperfect] == 0.0
        assert qb.norm() == pytest.approx(1.0)


def test_amplifier_is_unitary_and_stays_in_the_support():
    """Lemma 4.4: Q^n U is a valid move -- Q conserves the norm and adds no new board."""
    rng = random.Random(7)                       # the imperfect X, then the quantum O, twice
    opponent = ImperfectPlayer(0.3, rng)
    qb = QuantumBoard().apply(opponent).apply(simple_quantum).apply(opponent).apply(simple_quantum)

    def good(board):
        return klass(board) == "O"

    Q, basis, psi = amplifier_matrix(qb, good)
    assert np.allclose(Q.T @ Q, np.eye(len(basis)))
    a = qb.probability(good)
    assert 0 < a < 0.5
    n = optimal_iterations(a)
    assert n >= 1
    state = np.linalg.matrix_power(Q, n) @ psi
    amplified = qb.amplify(good)
    assert np.allclose(state, [amplified.terms[k] for k in basis])        # the closed form is Q^n
    assert amplified.support() == qb.support()
    theta = math.asin(math.sqrt(a))
    assert amplified.probability(good) == pytest.approx(math.sin((2 * n + 1) * theta) ** 2)
    assert amplified.probability(good) > a


def test_simple_quantum_matches_classical_within_error_bars():
    res = sweep(strategies=("classical", "simple"), ps=[0.1, 0.3], batches=5, games=350, seed=1)
    for side in ("X", "O"):
        c, s = res[("classical", side)]["sampled"], res[("simple", side)]["sampled"]
        diff = abs(c.mean(axis=1) - s.mean(axis=1))
        bound = 2 * np.sqrt(c.var(axis=1, ddof=1) / 5 + s.var(axis=1, ddof=1) / 5) + 5
        assert (diff < bound).all(), (side, diff, bound)


def test_amplification_at_every_move_beats_classical_for_small_p():
    res = sweep(strategies=("classical", "amplify-every"), ps=[0.05, 0.1], batches=5, games=350, seed=2)
    for side in ("X", "O"):
        classical = res[("classical", side)]["sampled"].mean(axis=1)
        amplified = res[("amplify-every", side)]["sampled"].mean(axis=1)
        assert (amplified < classical - 20).all(), (side, classical, amplified)


@pytest.mark.slow
@pytest.mark.parametrize("strategy", STRATEGIES)
def test_vectorised_sweep_agrees_with_the_readable_model(strategy):
    """Both implementations, same rules: expected ties agree within sampling error."""
    games = 400
    model = np.mean([play_game(strategy, "O", 0.15, s).outcome_distribution()["T"] for s in range(games)])
    fast = final_distribution(strategy, "O", 0.15, 4000, np.random.default_rng(9))[:, 2].mean()
    sd = math.sqrt(0.25 / games)
    assert abs(model - fast) < 4 * sd + 0.02


def test_amplification_circuit_on_aer_matches_the_formula():
    from qttt_widgets.quantum.amplification import measured, predicted
    amps = [0.5, 0.3, 0.4, 0.2, 0.6, 0.3]              # six boards; the last is the only win
    good = [5]
    a = 0.3 ** 2 / sum(x * x for x in amps)
    assert a == pytest.approx(0.09 / 0.99)
    for n in (0, 1, 2):
        want = predicted(amps, good, n)
        got = measured(amps, good, n, shots=4000, seed=11)
        assert abs(got - want) < 5 * math.sqrt(want * (1 - want) / 4000) + 1e-9, (n, got, want)
    assert predicted(amps, good, 2) > 0.9                # n = floor(pi / (4 theta)) = 2 nearly finds it


def test_amplification_circuit_of_a_real_game_position():
    from qttt_widgets.quantum.measure import run_counts
    from qttt_widgets.research.amplification import board_circuit
    rng = random.Random(7)
    opponent = ImperfectPlayer(0.3, rng)
    qb = QuantumBoard().apply(opponent).apply(simple_quantum).apply(opponent).apply(simple_quantum)
    qc, keys, marked, n = board_circuit(qb, lambda b: klass(b) == "O")
    assert qc.num_qubits == math.ceil(math.log2(len(keys))) and n == 1
    counts = run_counts(qc, shots=500, seed=3)
    assert all(int(bits, 2) in marked for bits in counts)     # a = 1/4: one round finds a win surely
