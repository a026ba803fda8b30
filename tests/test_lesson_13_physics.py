"""Lesson 13's claims, computed independently of the notebook: records keep histories apart,
the outcome function, theorem 3.16 by exhaustive search (with every non-losing move, not only
the optimal ones), and the simple quantum strategy giving exactly the classical odds."""
import math
import random

import numpy as np
import pytest

from qttt_widgets.exercises import lesson13
from qttt_widgets.research.amplification import (EMPTY, ClassicalOptimalPlayer, ImperfectPlayer, QuantumBoard,
                                                 check_theorem_3_16, children, is_finished, klass,
                                                 non_losing_moves, optimal_children, other, play_game,
                                                 result_of, simple_quantum, to_move)
from qttt_widgets.rules.classical import legal_positions


def _place(board, square):
    mark = "X" if board.count("X") == board.count("O") else "O"
    return board[:square] + mark + board[square + 1:]


def test_records_keep_a_transposition_as_two_terms():
    qb = QuantumBoard().apply(lambda b: [(_place(b, 0), 2 ** -0.5), (_place(b, 2), 2 ** -0.5)])
    qb = qb.apply(lambda b: [(_place(b, 4), 1.0)])
    qb = qb.apply(lambda b: [(_place(b, 2 if b[0] == "X" else 0), 1.0)])
    assert len(qb.terms) == 2 and qb.support() == {"X.X.O...."}
    assert qb.probability(lambda b: b == "X.X.O....") == pytest.approx(1.0)
    assert qb.norm() == pytest.approx(1.0)
    # without records the move would send two orthogonal states to one: not an isometry
    merged = sum(qb.terms.values())
    assert merged ** 2 == pytest.approx(2.0)


def test_the_four_board_superposition_of_task_13_2():
    finals = {"XXXOO....": 2 ** -0.5, "XOXXOOOXX": 0.5, "X.O.XO..X": 8 ** -0.5, "XX.OOOX..": -(8 ** -0.5)}
    assert all(b in legal_positions() and is_finished(b) for b in finals)
    assert [result_of(b) for b in finals] == ["X", "T", "X", "O"]
    assert sum(a * a for a in finals.values()) == pytest.approx(1.0)
    qb = QuantumBoard({(b, (i,)): a for i, (b, a) in enumerate(finals.items())})
    assert qb.outcome_distribution() == pytest.approx({"X": 5 / 8, "O": 1 / 8, "T": 1 / 4})


def test_non_losing_moves_are_wider_than_optimal_moves_and_the_check_still_holds():
    wider = [k for k in lesson13.BOARDS if set(non_losing_moves(k)) != set(optimal_children(k))]
    assert wider, "some winning board has a move that only keeps the draw"
    assert all(set(optimal_children(k)) <= set(non_losing_moves(k)) for k in lesson13.BOARDS)
    report = check_theorem_3_16()
    assert report["violations"] == []
    assert report["finished"]["X"]["O"] == 0 and report["finished"]["O"]["X"] == 0
    narrow = check_theorem_3_16(optimal_children)
    assert narrow["X"] < report["X"] and narrow["O"] < report["O"]
    assert len(lesson13.BOARDS) == 3888


def test_the_walk_would_find_a_loss_if_the_careful_side_could_blunder():
    """The check is not vacuous: let the careful side play any move and it loses somewhere."""
    report = check_theorem_3_16(children)
    assert report["violations"]


def test_lesson13_checker_accepts_the_reference_and_the_library():
    assert lesson13.non_losing_checker()(lesson13.non_losing) is None
    assert lesson13.non_losing_checker()(non_losing_moves) is None


@pytest.mark.parametrize("quantum", ["X", "O"])
def test_a_quantum_player_of_every_move_never_wins_against_a_perfect_player(quantum):
    def every_move(board):
        kids = children(board)
        return [(c, 1 / math.sqrt(len(kids))) for c in kids]
    for seed in range(3):
        perfect = ClassicalOptimalPlayer(random.Random(seed))
        qb = QuantumBoard()
        while not qb.finished():
            qb = qb.apply(every_move if qb.to_move() == quantum else perfect)
        dist = qb.outcome_distribution()
        assert dist[quantum] == 0.0
        assert qb.norm() == pytest.approx(1.0)


def test_a_random_unitary_move_respecting_the_rules_cannot_win_either():
    """Step 1 with amplitudes of any sign and size (interference included): random real
    amplitudes on the legal moves of every board, against a perfect O."""
    rng = np.random.default_rng(3)

    def random_move(board):
        kids = children(board)
        v = rng.normal(size=len(kids))
        v /= np.linalg.norm(v)
        return list(zip(kids, v))
    perfect = ClassicalOptimalPlayer(random.Random(0))
    qb = QuantumBoard()
    while not qb.finished():
        qb = qb.apply(random_move if qb.to_move() == "X" else perfect)
    assert qb.outcome_distribution()["X"] == 0.0


@pytest.mark.parametrize("quantum", ["X", "O"])
def test_simple_quantum_only_ties_against_a_perfect_player(quantum):
    imperfect = other(quantum)
    for seed in range(5):
        assert play_game("simple", imperfect, 0.0, seed).outcome_distribution()["T"] == pytest.approx(1.0)


def test_leaf_probability_on_an_imperfect_tree():
    amp_b1 = (1 / math.sqrt(2)) * (1 / math.sqrt(3))
    assert amp_b1 ** 2 == pytest.approx(1 / 6) == pytest.approx(1 / 2 * 1 / 3)


@pytest.mark.parametrize("p", [0.1, 0.3, 0.7])
@pytest.mark.parametrize("imperfect", ["X", "O"])
def test_simple_quantum_gives_exactly_the_classical_odds_against_the_same_opponent(p, imperfect):
    for seed in range(8):
        opponent = ImperfectPlayer(p, random.Random(seed))
        qb = QuantumBoard()
        while not qb.finished():
            qb = qb.apply(opponent if qb.to_move() == imperfect else simple_quantum)
        met = dict(opponent.choice)

        def odds(board):
            if is_finished(board):
                return {r: float(r == result_of(board)) for r in "XOT"}
            if to_move(board) == imperfect:
                return odds(opponent.move(board))
            parts = [odds(c) for c in optimal_children(board)]
            return {r: sum(x[r] for x in parts) / len(parts) for r in "XOT"}
        classical = odds(EMPTY)
        assert opponent.choice == met, "the classical player met a board the quantum game did not"
        assert qb.outcome_distribution() == pytest.approx(classical, abs=1e-12)


def test_klass_agrees_with_the_counts_in_the_sources():
    from collections import Counter
    assert Counter(klass(k) for k in legal_positions()) == {"X": 2936, "O": 1474, "T": 1068}


def test_task_13_4_runs_on_the_unfinished_boards_not_lost_by_force():
    """4,520 unfinished positions; 3,888 are not a forced loss for the mover; on the other 632 every
    move loses (there is no non-losing move)."""
    unfinished = [k for k in legal_positions() if not is_finished(k)]
    lost = [k for k in unfinished if klass(k) == other(to_move(k))]
    assert (len(unfinished), len(lost)) == (4520, 632)
    assert set(lesson13.BOARDS) == set(unfinished) - set(lost) and len(lesson13.BOARDS) == 3888
    assert all(lesson13.non_losing(k) == [] for k in lost)
    assert all(lesson13.non_losing(k) for k in lesson13.BOARDS)


def test_the_classical_optimal_player_keeps_its_random_pick_for_a_board():
    player = ClassicalOptimalPlayer(random.Random(0))
    boards = [k for k in lesson13.BOARDS if len(optimal_children(k)) > 1][:200]
    first = [player(k) for k in boards]
    assert all(player(k) == f for k, f in zip(boards, first) for _ in range(3))


def test_ten_recorded_moves_the_tenth_always_meets_a_finished_board():
    """Five moves each: after nine marks every board is finished, so O's fifth move is a •-move;
    198 = 18 * 11 qubits (the board and ten recorded moves)."""
    assert all(is_finished(k) for k in legal_positions() if "." not in k)
    assert 18 + 18 * 10 == 18 * 11 == 198


def test_section_3_5_the_winner_computed_into_qubits_with_records_kept_does_not_interfere():
    """|board,record>|000> -> |board,record>|O(board)>, then measure only the 3 outcome qubits:
    the (board, record) states stay orthogonal, so P(X) is still a sum of |alpha|^2, not |sum alpha|^2."""
    finals = [("XXXOO....", 2 ** -0.5), ("X.O.XO..X", 8 ** -0.5), ("XOXXOOOXX", 0.5),
              ("X.O.XO..X", -(8 ** -0.5)), ]                   # the same board twice, two records, opposite signs
    norm = math.sqrt(sum(a * a for _, a in finals))
    code = {"X": 0b001, "O": 0b010, "T": 0b100}
    state = np.zeros((len(finals), 8))                          # rows: (board, record) basis states
    for i, (b, a) in enumerate(finals):
        state[i, code[result_of(b)]] = a / norm
    p_x = float(np.sum(state[:, code["X"]] ** 2))
    want = sum(a * a for b, a in finals if result_of(b) == "X") / norm ** 2
    assert p_x == pytest.approx(want) and p_x > 0
    naive = abs(sum(a for b, a in finals if result_of(b) == "X")) ** 2 / norm ** 2   # would need no records
    assert naive != pytest.approx(p_x)


def _thesis_bits(board, record):
    """The thesis' 18 * 11 bits (its definitions 3.1 and 3.6 and section 3.2): 18 for the board, one
    for each (square, mark) pair [n_X], [n_O]; then ten slots of 18, one per recorded move, each a
    single 1 at [n_M]; slots of moves not yet made hold 0."""
    def one(square, mark):
        bits = [0] * 18
        bits[2 * square + (mark == "O")] = 1
        return bits
    out = [0] * 18
    for square, mark in enumerate(board):
        if mark in "XO":
            out[2 * square + (mark == "O")] = 1
    for k in range(10):
        out += one(record[k], "XO"[k % 2]) if k < len(record) else [0] * 18
    return out


def test_what_the_198_qubits_store_board_and_ten_one_hot_moves():
    """Lesson 13, Say it plainly: 18 qubits for the board and 18 for each of ten moves; a move is a
    single 1 at its (square, mark); the board's bits are the sum of its record's moves (the thesis'
    construction of a board), and different (board, record) terms get different bit strings."""
    opponent = ImperfectPlayer(p=0.3, rng=random.Random(5))
    qb = QuantumBoard()
    while not qb.finished():
        qb = qb.apply(simple_quantum if qb.to_move() == "X" else opponent)
    strings = set()
    for board, record in qb.terms:
        bits = _thesis_bits(board, record)
        assert len(bits) == 198 == 18 * 11
        moves = [bits[18 * (k + 1):18 * (k + 2)] for k in range(10)]
        assert [sum(m) for m in moves] == [1] * len(record) + [0] * (10 - len(record))
        assert [sum(col) % 2 for col in zip(*moves)] == bits[:18]        # board = sum of its moves
        strings.add(tuple(bits))
    assert len(strings) == len(qb.terms) > 1


def test_on_random_trees_the_superposition_gives_each_leaf_the_random_walk_probability():
    """Task 13.6's key (the thesis' first condition is not needed): on any tree, the equal superposition at every node gives each leaf
    exactly the probability a uniformly random walk gives it (amplitudes 1/√k multiply, squared: 1/k)."""
    rng = random.Random(13)
    for _ in range(50):
        def grow(depth):
            if depth == 0 or rng.random() < 0.2:
                return []
            return [grow(depth - 1) for _ in range(rng.randint(1, 4))]
        tree = grow(4)
        leaves = []
        def walk(node, amp, prob):
            if not node:
                leaves.append((amp, prob))
                return
            for kid in node:
                walk(kid, amp / math.sqrt(len(node)), prob / len(node))
        walk(tree, 1.0, 1.0)
        assert all(abs(a * a - p) < 1e-12 for a, p in leaves)
        assert abs(sum(p for _, p in leaves) - 1) < 1e-12


def test_glossary_states_theorem_3_16_as_lesson_13a_does():
    """GLOSSARY: theorem 3.16 is about a classical NON-LOSING player, whose opponent's chance of winning
    is exactly 0, in the thesis' model (not 'does no better than a perfect player')."""
    import pathlib
    text = (pathlib.Path(__file__).parents[1] / "lessons" / "GLOSSARY.md").read_text()
    entry = next(line for line in text.splitlines() if line.startswith("| theorem 3.16"))
    assert "non-losing" in entry and "exactly 0" in entry
    assert "does better than a perfect classical player" not in entry


def test_task_13_6_random_play_and_the_superposition_give_every_leaf_the_same_odds():
    """Task 13.6 (b, the first condition is not needed): on any tree the equal superposition of the moves gives each leaf the odds of
    picking at random at each node. The thesis' QuantumBoard, every move an equal superposition of all
    legal moves, played out from random positions of tic-tac-toe's (imperfect, uneven) tree: each
    record's probability equals the product of 1/k along it, and the outcome odds agree."""
    from qttt_widgets.research.amplification import QuantumBoard, children, is_finished, result_of
    rng = random.Random(13)

    def uniform(board):
        kids = children(board)
        return [(c, 1 / math.sqrt(len(kids))) for c in kids]

    def random_play(board, record=(), p=1.0, out=None):
        out = {} if out is None else out
        if is_finished(board):
            out[(board, record)] = p
            return out
        kids = children(board)
        for c in kids:
            square = next(i for i in range(9) if board[i] != c[i])
            random_play(c, record + (square,), p / len(kids), out)
        return out

    for _ in range(20):
        board = "." * 9
        for _ in range(rng.randint(3, 5)):
            if not is_finished(board):
                board = rng.choice(children(board))
        qb = QuantumBoard({(board, ()): 1.0})
        while not qb.finished():
            qb = qb.apply(uniform)
        expected = random_play(board)
        assert set(qb.terms) == set(expected)
        for key, amplitude in qb.terms.items():
            assert abs(amplitude ** 2 - expected[key]) < 1e-12
        odds = {r: sum(p for (b, _), p in expected.items() if result_of(b) == r) for r in "XOT"}
        assert all(abs(qb.outcome_distribution()[r] - odds[r]) < 1e-12 for r in "XOT")
