"""The thesis (seed 000) reproduced: quantum boards, imperfect opponents, amplification."""
import math
import random

import numpy as np
import pytest

from qttt_widgets.research.amplification import (STRATEGIES, ImperfectPlayer, QuantumBoard, amplifier_matrix,
                                                 check_theorem_3_16, children, is_finished, klass, mistake_boards,
                                                 mistake_children, optimal_children, optimal_iterations, play_game,
                                                 result_of, simple_quantum, to_move)
from qttt_widgets.research.sweep import RESULTS, final_distribution, sweep, tables


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


def _column_of(child: str) -> int:
    """The vectorised model's numbering of a board one move on: its index among the next
    ply's unfinished boards, or past their end for X won / O won / tie."""
    t = 9 - child.count(".")
    if is_finished(child):
        return tables()[t - 1].split.shape[1] - 3 + RESULTS[result_of(child)]
    return tables()[t].boards.index(child)


def _replay(strategy, imperfect, p, trace, game):
    """The readable model (``play_game``) driven by the choices game ``game`` of the vectorised
    model made (its trace): on each board, the child in the column it chose, checked to be a
    move the readable player could make (the imperfect player: optimal, or a mistake if p > 0
    and never if p = 0, always one if p = 1; M^C: optimal)."""
    chosen = {}
    for boards, columns in trace:
        for i, board in enumerate(boards):
            chosen[board] = int(columns[game, i])

    def scripted(board):
        kids = {c for c in children(board) if _column_of(c) == chosen[board]}   # one, or same result
        if to_move(board) == imperfect:
            mistakes = mistake_children(board)
            allowed = set(optimal_children(board)) | (set(mistakes) if p > 0 else set())
            if p == 1 and mistakes:
                allowed = set(mistakes)
        else:
            allowed = set(optimal_children(board))
        assert kids & allowed, (board, chosen[board])
        return [(min(kids & allowed), 1.0)]

    return play_game(strategy, imperfect, p, seed=0, players=(scripted, scripted)).outcome_distribution()


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_vectorised_sweep_equals_the_readable_model_game_by_game(strategy):
    """Exact pairing: the vectorised model records the move each game made on each board
    (``trace``); the readable model replays those moves, and every game's final P(X won),
    P(O won), P(tie) agree to 1e-9: both sides, p from 0 to 1, many seeds."""
    games = 6
    for imperfect in ("X", "O"):
        for p in (0.0, 0.1, 0.35, 0.7, 1.0):
            for seed in range(3):
                trace = []
                fast = final_distribution(strategy, imperfect, p, games, np.random.default_rng([seed, 7]), trace)
                assert fast.sum(axis=1) == pytest.approx(np.ones(games), abs=1e-12)
                for g in range(games):
                    model = _replay(strategy, imperfect, p, trace, g)
                    assert fast[g] == pytest.approx([model["X"], model["O"], model["T"]], abs=1e-9), \
                        (strategy, imperfect, p, seed, g)


def test_vectorised_choices_follow_the_imperfect_players_odds():
    """The vectorised model's choices have the readable ImperfectPlayer's odds: on a board where
    a mistake is possible, each mistake with p / #mistakes and each optimal move with
    (1 - p) / #optimal; elsewhere each optimal move with 1 / #optimal (M^C: always that).
    Every (board, column) frequency over 4,000 games is within 5 sd of those odds."""
    games = 4000
    for strategy, imperfect, p in (("classical", "X", 0.3), ("simple", "O", 0.6), ("classical", "O", 0.15)):
        trace = []
        final_distribution(strategy, imperfect, p, games, np.random.default_rng(11), trace)
        checked = 0
        for boards, columns in trace:
            for i, board in enumerate(boards):
                odds = {}
                mistakes = mistake_children(board) if to_move(board) == imperfect else ()
                best = optimal_children(board)
                for c in mistakes:
                    odds[_column_of(c)] = odds.get(_column_of(c), 0) + p / len(mistakes)
                for c in best:
                    odds[_column_of(c)] = odds.get(_column_of(c), 0) + (1 - p if mistakes else 1) / len(best)
                seen = np.bincount(columns[:, i], minlength=max(odds) + 1)
                assert set(np.flatnonzero(seen)) <= set(odds), board
                for col, q in odds.items():
                    assert abs(seen[col] / games - q) <= 5 * math.sqrt(q * (1 - q) / games) + 1e-12, (board, col)
                checked += 1
        assert checked > 50


@pytest.mark.slow
@pytest.mark.parametrize("strategy", STRATEGIES)
def test_vectorised_sweep_agrees_with_the_readable_model_in_distribution(strategy):
    """Each model with its own random choices (the readable ImperfectPlayer's random.Random,
    the sweep's numpy draws): mean P(X won), P(O won), P(tie) agree within 4 standard errors
    (each at most 0.01; the games are paired exactly above), both sides, several p. Under
    "classical" a game ends in one board (probabilities 0 or 1), so it needs more games."""
    n = 10000 if strategy == "classical" else 2500
    for imperfect in ("X", "O"):
        for p in (0.05, 0.3, 0.7):
            model = np.array([[d["X"], d["O"], d["T"]] for d in
                              (play_game(strategy, imperfect, p, s).outcome_distribution() for s in range(n))])
            fast = final_distribution(strategy, imperfect, p, 30000, np.random.default_rng([3, int(p * 100)]))
            se = np.sqrt(model.var(axis=0) / len(model) + fast.var(axis=0) / len(fast))
            assert (se <= 0.01).all()
            assert (np.abs(model.mean(axis=0) - fast.mean(axis=0)) <= 4 * se + 1e-9).all(), (imperfect, p)


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


def test_amplification_circuit_is_the_readable_amplifier_exactly():
    """amplification_circuit's state (A, then n rounds of Q = -A S0 A^dagger O_f) equals, amplitude
    for amplitude and sign included, QuantumBoard.amplify's sin((2n+1) theta)/sqrt(a) on the good
    part and cos((2n+1) theta)/sqrt(1 - a) on the rest: real game positions (board_circuit's
    numbering, both sides' wins marked) and random amplitudes, n = 0..3, to 1e-9."""
    from qiskit.quantum_info import Statevector
    from qttt_widgets.quantum.amplification import amplification_circuit
    from qttt_widgets.research.amplification import board_circuit
    rng = random.Random(4)
    cases = []
    for seed in range(6):
        opponent = ImperfectPlayer(0.4, random.Random(seed))
        qb = QuantumBoard()
        for _ in range(4 + seed % 3):
            qb = qb.apply(opponent if qb.to_move() == "X" else simple_quantum)
        for side in ("X", "O"):
            cases.append((qb, lambda b, side=side: klass(b) == side))
    for size in (2, 3, 5, 11):
        terms = {(f"{i:09d}", ()): rng.uniform(-1, 1) for i in range(size)}
        marked = set(rng.sample(sorted(terms), rng.randrange(1, size)))
        cases.append((QuantumBoard(terms), lambda b, marked={k[0] for k in marked}: b in marked))
    checked = 0
    for qb, good in cases:
        a = qb.probability(good) / qb.norm() ** 2
        if not 0 < a < 1:
            continue
        norm = qb.norm()
        for n in range(4):
            qc, keys, marked_indices, _ = board_circuit(qb, good, iterations=n)
            psi = Statevector.from_instruction(amplification_circuit([qb.terms[k] for k in keys], marked_indices, n,
                                                                     measure=False)).data
            model = QuantumBoard({k: v / norm for k, v in qb.terms.items()}).amplify(good, iterations=n)
            want = np.zeros(len(psi))
            want[:len(keys)] = [model.terms[k] for k in keys]
            assert np.abs(psi - want).max() < 1e-9, (keys[:3], n)
            checked += 1
    assert checked >= 24
