"""The lesson checkers of lessons 11-15 (``qttt_widgets.exercises.lesson11`` ... ``lesson15``), called
as the notebooks' check cells call them, with the reference answer and the plausible wrong
answers of ``tests/course_wrong``. A learner reads the hint, so hints are compared whole.
Written for mutation testing (tests/MUTATION.md): the course tests run whole notebooks, too slow
to judge each mutant."""
import itertools
import math
import random

import numpy as np
import pytest
from qiskit import QuantumCircuit
from qiskit.circuit.library import RZZGate, StatePreparation

from course_runner import checker_of
from qttt_widgets.exercises import lesson11, lesson12, lesson13, lesson14, lesson15, verdict
from qttt_widgets.rules.classical import key_children
from qttt_widgets.rules.goff import GoffGame
from qttt_widgets.rules.records import loads


# --- lesson 11, task 11.1: a circuit builder compared by its matrix -------------------------------
def _rzz(t):
    qc = QuantumCircuit(2)
    qc.append(RZZGate(t), [0, 1])
    return qc


def _rz_on(q, t):
    qc = QuantumCircuit(2)
    qc.rz(t, q)
    return qc


HALF = ("your circuit makes R_ZZ(θ/2): R_Z(θ) already holds the ½ of e^{-iθZ/2}, so give the target R_Z(θ), "
        "not R_Z(θ/2)")
MINUS = "your circuit makes R_ZZ(−θ): the sign of the rotation angle is flipped"
ON_CONTROL = ("your circuit is just R_Z(θ) on qubit 0: a Z rotation on the CX's control commutes with CX, so the "
              "two CXs cancel. Rotate the target, which holds the parity")
ALONE = ("your circuit is just R_Z(θ) on qubit 1: without the CXs the rotation sees only one bit, not the parity "
         "of both")


def _task_11_1():
    """The checker of the notebook's check cell for task 11.1."""
    return lesson11.same_unitary(_rzz, [0.3, 0.7, 1.9, -2.4, np.pi],
                                 mistakes=[(lambda t: _rzz(t / 2), HALF), (lambda t: _rzz(-t), MINUS),
                                           (lambda t: _rz_on(0, t), ON_CONTROL), (lambda t: _rz_on(1, t), ALONE)])


def _sandwich(angle_of=lambda t: t, on=1, second_cx=True, measure=False, extra_x_after=None):
    def build(theta):
        qc = QuantumCircuit(2)
        qc.cx(0, 1)
        qc.rz(angle_of(theta), on)
        if second_cx:
            qc.cx(0, 1)
        if extra_x_after is not None and theta > extra_x_after:
            qc.x(0)
        if measure:
            qc.measure_all()
        return qc
    return build


def test_11_1_the_cx_sandwich_is_accepted_with_or_without_final_measurements():
    check = _task_11_1()
    assert check(_sandwich()) is None
    assert check(_sandwich(measure=True)) is None          # measurements are left out of the matrix
    assert check(_rzz) is None


def test_11_1_each_named_mistake_gets_its_own_hint():
    check = _task_11_1()
    assert check(_sandwich(lambda t: t / 2)) == HALF
    assert check(_sandwich(lambda t: -t)) == MINUS
    assert check(_sandwich(on=0)) == ON_CONTROL
    assert check(lambda t: _rz_on(1, t)) == ALONE


def test_11_1_a_missing_cx_is_named_at_the_first_angle_where_the_matrix_differs():
    check = _task_11_1()
    not_diagonal = ("for {} your circuit's matrix is not diagonal: it moves a basis state to another one (a CX "
                    "too many or too few?). The target only changes phases.")
    assert check(_sandwich(second_cx=False)) == not_diagonal.format(0.3)
    # right for 0.3 and 0.7, an X too many from 1.9 on: the hint names 1.9, the first angle that differs
    assert check(_sandwich(extra_x_after=1)) == not_diagonal.format(1.9)
    assert check(_sandwich(extra_x_after=3)) == not_diagonal.format(np.pi)


def test_11_1_a_diagonal_circuit_that_is_not_r_zz_gets_the_plain_hint():
    def two_rotations(t):
        qc = QuantumCircuit(2)
        qc.rz(t, 0)
        qc.rz(t, 1)
        return qc
    assert _task_11_1()(two_rotations) == ("for 0.3 your circuit's matrix is not the one asked for (not even up to "
                                           "a global phase)")


def test_a_target_that_is_not_diagonal_never_gets_the_diagonal_hint():
    def rx(t):
        qc = QuantumCircuit(1)
        qc.rx(t, 0)
        return qc

    def ry(t):
        qc = QuantumCircuit(1)
        qc.ry(t, 0)
        return qc
    check = lesson11.same_unitary(rx, [0.5, 1.0])
    assert check(rx) is None
    assert check(ry) == "for 0.5 your circuit's matrix is not the one asked for (not even up to a global phase)"


def test_11_1_answers_of_the_wrong_kind():
    check = _task_11_1()
    assert check(5) == "give a function (def ...) that returns a circuit, not int"
    assert check(_rzz(0.3)) == "give a function (def ...) that returns a circuit, not QuantumCircuit"
    assert check(lambda t: QuantumCircuit(1)) == "use a circuit with 2 qubits, not 1"
    assert check(lambda t: QuantumCircuit(3)) == "use a circuit with 2 qubits, not 3"
    assert check(lambda t: QuantumCircuit(1 if t < 0.5 else 3)) == "use a circuit with 2 qubits, not 1"
    # a builder that forgets to return its circuit: the learner reads what came back instead
    assert verdict(lambda t: None, using=check) == "your function should return a QuantumCircuit, not NoneType"
    assert verdict(lambda t: [t], using=check) == "your function should return a QuantumCircuit, not list"


def test_a_circuit_whose_size_changes_with_the_angle_is_not_the_target():
    """Two qubits for the first angle, three after: never equal to R_ZZ, whatever the phase."""
    def grows(t):
        return _sandwich()(t) if t < 0.5 else QuantumCircuit(3)
    assert _task_11_1()(grows) == ("for 0.7 your circuit's matrix is not the one asked for (not even up to a "
                                   "global phase)")


# --- lesson 11, task 11.5; lesson 12, task 12.5: a function with named mistakes --------------------
AVERAGED = "the two collapses are averaged: divide s1 + s2 by 2 before weighting it by 0.5"
THIRD = ("a plain average of the three gives each a third; the report gives s_direct half the weight and each "
         "collapse a quarter")
BEST = "the report models a 50/50 collapse, so it averages s1 and s2; the best one is not guaranteed"
CYCLE = ("that is the Grover AI's cycle rule (0.4 direct, 0.6 worst case, equation 13), not the minimax score")


def _task_11_5():
    rng = random.Random(11)
    inputs = [(0.6, 0.2, 1.0), (0, 0, 0), (100, -100, 300)] + [
        tuple(rng.choice([-10_000, 10_000, rng.uniform(-800, 800)]) for _ in range(3)) for _ in range(30)]
    return lesson11.function_with_mistakes(
        lambda d, a, b: d / 2 + (a + b) / 4, inputs,
        mistakes=[(lambda d, a, b: 0.5 * d + 0.5 * (a + b), AVERAGED), (lambda d, a, b: (d + a + b) / 3, THIRD),
                  (lambda d, a, b: 0.5 * d + 0.5 * max(a, b), BEST),
                  (lambda d, a, b: 0.4 * d + 0.6 * min(a, b), CYCLE)])


def test_11_5_the_formula_in_any_spelling_is_accepted():
    check = _task_11_5()
    assert check(lambda d, a, b: d / 2 + (a + b) / 4) is None
    assert check(lambda d, a, b: 0.5 * d + 0.25 * a + 0.25 * b) is None


def test_11_5_each_named_mistake_gets_its_own_hint():
    check = _task_11_5()
    assert check(lambda d, a, b: 0.5 * d + 0.5 * (a + b)) == AVERAGED
    assert check(lambda d, a, b: (d + a + b) / 3) == THIRD
    assert check(lambda d, a, b: 0.5 * d + 0.5 * max(a, b)) == BEST
    assert check(lambda d, a, b: 0.4 * d + 0.6 * min(a, b)) == CYCLE


def test_11_5_another_wrong_formula_is_shown_at_its_first_input():
    assert _task_11_5()(lambda d, a, b: 0.3) == ("for input 0.6, 0.2, 1.0 your function returned 0.3, but the "
                                                 "formula gives 0.6")
    check = lesson11.function_with_mistakes(lambda x, y: x + y, [(0, 0), (1, 2), (3, 4)],
                                            mistakes=[(lambda x, y: x - y, "minus")])
    assert check(lambda x, y: x * y) == "for input 1, 2 your function returned 2, but the formula gives 3"
    assert check(lambda x, y: x - y) == "minus"


def test_function_with_mistakes_answers_of_the_wrong_kind():
    check = _task_11_5()
    assert check(3) == "give a function (def ...), not int"
    assert verdict(lambda d, a, b: [d], using=check) == "give a number, not a list of 1 item"
    assert verdict(lambda d, a, b: "0.6" if d == 0.6 else None, using=check) == "give a number, not None"


def test_function_with_mistakes_uses_its_tolerance_everywhere():
    check = lesson11.function_with_mistakes(lambda x: x / 3, [1, 2], tol=1e-3,
                                            mistakes=[(lambda x: x / 7, "sevenths")])
    assert check(lambda x: round(x / 3, 4)) is None
    assert check(lambda x: round(x / 7, 4)) == "sevenths"
    # off by 1e-4 at x = 1 (within the tolerance), by 0.1 at x = 2: the hint names x = 2
    assert check(lambda x: x / 3 + (1e-4 if x == 1 else 0.1)) == (
        f"for input 2 your function returned {2 / 3 + 0.1!r}, but the formula gives {2 / 3!r}")


def test_an_answer_of_the_wrong_kind_is_named_even_after_a_wrong_number():
    check = lesson11.function_with_mistakes(lambda x: 2 * x, [(1,), (2,)])
    assert verdict(lambda x: 5 if x == 1 else [x], using=check) == "give a number, not a list of 1 item"


def test_a_reference_that_returns_texts():
    check = lesson11.function_with_mistakes(lambda n: "X" if n % 2 else "O", [1, 2, 3],
                                            mistakes=[(lambda n: "O" if n % 2 else "X", "X moves first")])
    assert check(lambda n: "xo"[1 - n % 2].upper()) is None
    assert check(lambda n: "O" if n % 2 else "X") == "X moves first"
    assert check(lambda n: "X") == "for input 2 your function returned 'X', but the formula gives 'O'"
    assert verdict(lambda n: n % 2, using=check) == "give a text in quotes (such as 'X'), not an int"


def test_a_mistake_of_another_kind_never_matches_a_number():
    """A listed mistake that returns texts is skipped for a learner who returns numbers."""
    check = lesson11.function_with_mistakes(lambda x: 2 * x, [(1,), (2,)],
                                            mistakes=[(lambda x: "two x", "texts"), (lambda x: x + x + 1, "plus one")])
    assert check(lambda x: 2 * x + 1) == "plus one"
    assert check(lambda x: 7) == "for input 1 your function returned 7, but the formula gives 2"


def test_12_5_elo_update_mistakes():
    from qttt_widgets.research.tournament import expected
    rng = random.Random(12)
    games = [(1000, 1200, 1), (1000, 1000, 0.5), (1500, 1100, 0)] + [
        (rng.randint(600, 1600), rng.randint(600, 1600), rng.choice([0, 0.5, 1])) for _ in range(40)]
    upside = "the exponent is upside down: E_A uses (R_B − R_A)/400, so a weaker A (smaller R_A) expects less"
    check = lesson12.function_with_mistakes(
        lambda ra, rb, s, k=64: ra + k * (s - expected(ra, rb)), games,
        mistakes=[(lambda ra, rb, s: ra + 64 * (s - 1 / (1 + 10 ** ((ra - rb) / 400))), upside),
                  (lambda ra, rb, s: 64 * (s - expected(ra, rb)), "change")])
    assert check(lambda ra, rb, s, k=64: ra + k * (s - 1 / (1 + 10 ** ((rb - ra) / 400)))) is None
    assert check(lambda ra, rb, s, k=64: ra + k * (s - 1 / (1 + 10 ** ((ra - rb) / 400)))) == upside
    assert check(lambda ra, rb, s, k=64: k * (s - expected(ra, rb))) == "change"


# --- lesson 12, task 12.2: a mark judged by the solver ------------------------------------------------
def _gets_less(after, value, mover):
    return (f"legal, but after it the value (X's points minus O's, with best play) is {after} instead of {value}: "
            f"{mover} gets less. Look at what each collapse of the mark could give, and at the opponent's open "
            "lines")


PEOPLE = ("those look like people's numbers (1-9): in code the squares are numbered from 0, one less each")
PAIR = "give a mark as a pair of two squares in code numbers 0-8, such as (0, 4)"


def test_12_2_the_two_marks_that_keep_plus_one_are_accepted_in_any_order():
    check = lesson12.keeps_the_value(loads("36 34 16 14(1)"))
    for mark in ((4, 6), (6, 4), [6, 8], (8, 6)):
        assert check(mark) is None, mark


def test_12_2_a_legal_mark_that_loses_value_says_what_the_position_is_then_worth():
    check = lesson12.keeps_the_value(loads("36 34 16 14(1)"))
    assert check((1, 4)) == _gets_less("−½", "+1", "X")             # people's 2-5
    assert check((6, 7)) == _gets_less("−1", "+1", "X")             # people's 7-8
    assert check((4, 8)) == _gets_less("+½", "+1", "X")             # people's 5-9


def test_12_2_a_bad_mark_of_o_is_worse_for_o():
    """O to move at value −1 (O ahead): a mark that raises the value to +1 is a loss for O."""
    game = loads("36 34 16 14(1) 27")
    assert game.to_move == "O"
    check = lesson12.keeps_the_value(game)
    assert check((6, 8)) is None
    assert check((1, 4)) == _gets_less("+1", "−1", "O")
    assert check((4, 6)) == _gets_less("−½", "−1", "O")


def test_12_2_people_s_numbers_are_recognised_from_1_to_9():
    check = lesson12.keeps_the_value(loads("36 34 16 14(1)"))
    assert check((5, 7)) == PEOPLE and check((7, 9)) == PEOPLE      # meant 4-6 and 6-8 in code
    # X1-O2 5-3 ... with O to move, the only mark that keeps the value is 0-2 in code: people's 1-3
    game = GoffGame().play(3, 4).play(0, 2).play(2, 5).play(1, 4).play(2, 8)
    check = lesson12.keeps_the_value(game)
    assert check((0, 2)) is None
    assert check((1, 3)) == PEOPLE


def test_12_2_an_illegal_mark_names_the_rule():
    check = lesson12.keeps_the_value(loads("36 34 16 14(1)"))
    assert check((0, 1)) == ("that mark is not legal here: square 1 holds the classical mark O4; marks go only in "
                             "squares without one")
    assert check((4, 4)) == "that mark is not legal here: a spooky mark needs two different squares, got 5 twice"
    assert check((4, 12)) == ("that mark is not legal here: square 13 is off the board: squares are 1..9 (12 in "
                              "code; code counts 0..8)")


@pytest.mark.parametrize("answer", [4, "4-6", (4, 6, 8), (4,), (True, 4), (4, False), (4.0, 6), [4, "6"], None])
def test_12_2_anything_but_a_pair_of_whole_numbers_is_refused(answer):
    assert lesson12.keeps_the_value(loads("36 34 16 14(1)"))(answer) == PAIR


def test_values_are_written_as_the_lesson_writes_them():
    # every value a Goff position can have, then one the table does not list
    written = {0.5: "+½", -0.5: "−½", 1.0: "+1", -1.0: "−1", 2.0: "+2", -2.0: "−2", 0.0: "0", 1.5: "+1.5",
               -0.25: "-0.25"}
    assert {v: lesson12._points(v) for v in written} == written


# --- lesson 13, task 13.4: non_losing(board) on every board ------------------------------------------
def _children(b):
    return [c for _, c in key_children(b)]


def test_13_4_the_reference_and_a_set_are_accepted():
    check = lesson13.non_losing_checker()
    assert check(lesson13.non_losing) is None
    assert check(lambda b: set(lesson13.non_losing(b))) is None
    assert check(lambda b: tuple(reversed(lesson13.non_losing(b)))) is None


def test_13_4_the_boards_are_every_unfinished_board_not_lost_by_force():
    from qttt_widgets.rules.classical import key_to_move, key_winner, legal_positions, outcome
    boards = lesson13._boards()
    lost = {"X": "O", "O": "X"}
    unfinished = [k for k in legal_positions() if not key_winner(k) and "." in k]
    assert boards == [k for k in unfinished if outcome(k) != lost[key_to_move(k)]]
    assert len(boards) == 3888 and len(unfinished) == 4520
    assert "........." in boards and ".........".replace(".", "X", 1) in boards


def test_13_4_the_reference_keeps_draws_and_wins_and_drops_losses():
    assert lesson13.non_losing("........X") == ["....O...X"]          # only the centre holds the draw
    assert sorted(lesson13.non_losing("....X....")) == ["....X...O", "....X.O..", "..O.X....", "O...X...."]
    assert lesson13.non_losing("X...O....") == _children("X...O....")  # every move keeps the draw
    assert lesson13.non_losing("XX.OO....") == ["XXXOO....", "XX.OOX..."]    # win at once or block, else O wins


def test_13_4_each_common_mistake_gets_its_own_hint():
    check = lesson13.non_losing_checker()
    hints = {name: why for name, _, why in lesson13._MISTAKES}
    from qttt_widgets.research.amplification import children, klass, optimal_children, other, to_move
    from qttt_widgets.rules.classical import key_winner
    assert check(children) == hints["all"] == (
        "your function returns every legal move, including moves into positions the opponent wins by force: drop "
        "the children whose perfect-play result is a win for the other player")
    assert check(lambda b: list(optimal_children(b))) == hints["best only"] == (
        "you kept only the best moves (those that keep the board's perfect-play result). On a board the mover wins "
        "by force, a move that only keeps the draw is non-losing too")
    assert check(lambda b: [c for c in children(b) if klass(c) == to_move(b)]) == hints["wins only"] == (
        "you kept only the moves that keep a forced win for the mover; on a drawn board that leaves nothing. Moves "
        "into drawn positions cannot lose either")
    assert check(lambda b: [c for c in children(b) if klass(c) == "T"]) == hints["draws only"] == (
        "you kept only the moves into drawn positions; a move that keeps a forced win cannot lose either")
    assert check(lambda b: [c for c in children(b) if klass(c) != to_move(b)]) == hints["wrong player"] == (
        "wrong player: you removed the children the MOVER wins by force; the player to move on the child is the "
        "opponent, but the mover is the one who must not lose. Use to_move(board) of the board you are given")
    assert check(lambda b: [c for c in children(b) if not any(key_winner(g) for g in children(c))]) == \
        hints["one ply"] == (
        "you looked one move ahead only (the opponent cannot win at once). A fork loses two moves later: use "
        "klass(child), the result of perfect play from the child")
    assert check(lambda b: [c for c in children(b) if klass(c) != other(to_move(b))][:1]) == (
        "on board '.........' (X to move) it leaves out '........X', after which the mover cannot lose")


def test_13_4_another_wrong_function_names_a_board_a_move_too_many_and_a_move_left_out():
    boards = ["X...O....", "....X....", "........X"]

    def too_many(b):
        return lesson13.non_losing(b) + (["...OX....", ".O..X...."] if b == "....X...." else [])

    def too_few(b):
        return [c for c in lesson13.non_losing(b) if c not in ("O...X....", "....X...O")]

    def swapped(b):                                               # two corners traded for two edges
        return ["..O.X....", "....X.O..", "...OX....", ".O..X...."] if b == "....X...." else lesson13.non_losing(b)
    # only the boards given are tried: every move is non-losing on a drawn board where no one threatens
    assert lesson13.non_losing_checker(["X...O...."])(_children) is None
    check = lesson13.non_losing_checker(iter(boards))               # any iterable of boards
    assert check(lesson13.non_losing) is None
    assert check(too_many) == "on board '....X....' (O to move) it includes '...OX....', which the opponent wins by force"
    assert check(too_few) == "on board '....X....' (O to move) it leaves out '....X...O', after which the mover cannot lose"
    assert check(swapped) == ("on board '....X....' (O to move) it includes '...OX....', which the opponent wins by "
                              "force and it leaves out '....X...O', after which the mover cannot lose")
    # the first board where it differs is named
    def late(b):
        return lesson13.non_losing(b) + (["O.......X", ".......OX"] if b == "........X" else [])
    assert lesson13.non_losing_checker(["....X....", "........X", "X........"])(late) == (
        "on board '........X' (O to move) it includes '.......OX', which the opponent wins by force")
    assert lesson13.non_losing_checker(["....X....", "X........", "........X"])(late) == (
        "on board '........X' (O to move) it includes '.......OX', which the opponent wins by force")


def test_13_4_answers_of_the_wrong_kind():
    check = lesson13.non_losing_checker()
    tail = "return a list of boards (strings such as 'X........'), one for each non-losing move"
    assert check(lambda b: len(_children(b))) == f"for board '.........' your function returned 9: {tail}"
    assert check(lambda b: "X........") == f"for board '.........' your function returned 'X........': {tail}"
    assert check(lambda b: {"X........": 1}) == (f"for board '.........' your function returned "
                                                 f"{{'X........': 1}}: {tail}")
    assert check(5) == "give a function (def non_losing(board): ...), not int"


# --- lesson 14, task 14.4: optimal_rounds(a) -------------------------------------------------------------
def _x(a):
    return math.pi / (4 * math.asin(math.sqrt(a)))


UP = ("your function rounds UP: it computes ⌈π/(4θ) − 1/2⌉ (or rounds π/(4θ) to the nearest whole number, which is "
      "the same). Whenever π/(4θ) has a fractional part above 1/2 that is one round too many, and (2r+1)θ passes "
      "π/2. Compare r and r − 1 on a = 0.09")
DOWN = ("your function takes ⌊π/(4θ) − 1/2⌋: it rounds r = π/(4θ) − 1/2 down, one round too few whenever its "
        "fractional part is above 1/2. Round to the nearest whole number")
ROOT = "your θ is arcsin(a), but a = sin²θ: take the square root first, θ = arcsin(√a)"
RAISED = ("for a = {} your function raised {}: with sin²θ = a, θ = arcsin(√a) is between 0 and π/2 for every a "
          "in (0, 1]")


def test_14_4_the_reference_its_values_and_the_ties():
    assert [lesson14.optimal_rounds(a) for a in (0.0005, 0.09, 0.25, 0.6, 1.0)] == [35, 2, 1, 0, 0]
    assert lesson14.optimal_rounds(0.5) in {0, 1}       # π/(4θ) = 1 up to rounding: a tie
    assert lesson14.accepted(0.5) == {0, 1} and lesson14.accepted(math.sin(math.pi / 8) ** 2) == {1, 2}
    assert lesson14.accepted(0.09) == {2} and lesson14.accepted(0.0005) == {35} and lesson14.accepted(1.0) == {0}
    assert lesson14.accepted(0.25) == {1}               # θ = π/6: 3θ = π/2 exactly, no tie with 0 or 2
    assert lesson14.accepted(0.09, tol=0) == {2} and lesson14.accepted(0.0005, tol=0) == {35}
    assert all(lesson14.accepted(a) == {lesson14.optimal_rounds(a)} for a in lesson14.INPUTS)


def test_14_4_a_nearest_number_of_rounds_is_accepted_in_any_number_type():
    check = checker_of("14.4")
    assert check(lesson14.optimal_rounds) is None
    assert check(lambda a: max(lesson14.accepted(a))) is None          # the other choice at a tie
    assert check(lambda a: np.int64(lesson14.optimal_rounds(a))) is None
    assert check(lambda a: np.float64(lesson14.optimal_rounds(a))) is None
    assert check(lambda a: lesson14.optimal_rounds(a) + 1e-12) is None
    assert check(lambda a: lesson14.optimal_rounds(a) or 1e-9) is None    # 1e-9 from 0 at a >= 0.6: still 0


def test_14_4_each_common_mistake_gets_its_own_hint():
    check = checker_of("14.4")
    assert check(lambda a: math.ceil(_x(a) - 0.5)) == UP
    assert check(lambda a: round(_x(a))) == UP
    assert check(lambda a: math.floor(_x(a) - 0.5)) == DOWN
    assert check(lambda a: math.floor(math.pi / (4 * math.asin(a)))) == ROOT


def test_14_4_a_mistake_that_differs_only_at_a_tie_is_still_wrong_and_not_named():
    """Three rounds at a = sin²(π/8) only (a tie of 1 and 2): wrong, and not a named mistake."""
    tie = math.sin(math.pi / 8) ** 2
    check = checker_of("14.4")
    assert check(lambda a: 3 if a == tie else lesson14.optimal_rounds(a)) == (
        f"for a = {tie} your function returned 3: then (2r+1)θ = 2.749, and P(good) = 0.146; try r − 1 and r + 1")


def test_14_4_another_wrong_number_says_where_it_lands():
    assert checker_of("14.4")(lambda a: 2) == (
        "for a = 0.0005 your function returned 2: then (2r+1)θ = 0.112, and P(good) = 0.012; try r − 1 and r + 1")
    assert lesson14.rounds_checker([0.09, 0.25])(lambda a: 2) == (
        "for a = 0.25 your function returned 2: then (2r+1)θ = 2.618, and P(good) = 0.250; try r − 1 and r + 1")


def test_14_4_answers_that_are_not_a_whole_number_of_rounds():
    check = checker_of("14.4")
    tail = ", not a whole number: you cannot apply Q a fraction of a time; round to the best whole number of rounds"
    assert check(_x) == f"for a = 0.0005 your function returned {_x(0.0005)!r}{tail}"
    assert check(lambda a: lesson14.optimal_rounds(a) + 1e-6) == f"for a = 0.0005 your function returned 35.000001{tail}"
    assert check(lambda a: True) == "for a = 0.0005 your function returned True: return a whole number of rounds"
    assert check(lambda a: "2") == "for a = 0.0005 your function returned '2': return a whole number of rounds"
    assert check(lambda a: None) == "for a = 0.0005 your function returned None: return a whole number of rounds"
    assert check(7) == "give a function (def optimal_rounds(a): ...), not int"


def test_14_4_a_function_that_raises_gets_the_range_of_theta():
    check = checker_of("14.4")
    assert check(lambda a: math.floor(math.pi / (4 * math.acos(math.sqrt(a))))) == RAISED.format(
        1.0, "ZeroDivisionError (float division by zero)")
    assert check(lambda a: math.floor(_x(a - 0.001))) == RAISED.format(0.0005, "ValueError (math domain error)")
    assert check(lambda a: 10.0 ** (1 / a)) == RAISED.format(
        0.0005, "OverflowError ((34, 'Numerical result out of range'))")


# --- lesson 14, task 14.6: one round of Q as a circuit -----------------------------------------------------
PSI = [0.6, 0.5, 0.3, math.sqrt(0.3)]          # the lesson's psi4; |10> is good


def _circuit(*steps):
    A = StatePreparation(PSI)
    qc = QuantumCircuit(2)
    qc.append(A, [0, 1])
    for step in steps:
        if step == "O_f":                    # flip |10>
            qc.x(0)
            qc.cz(0, 1)
            qc.x(0)
        elif step == "O_f wrong bit":        # flip |01>
            qc.x(1)
            qc.cz(0, 1)
            qc.x(1)
        elif step == "S0":
            qc.x([0, 1])
            qc.cz(0, 1)
            qc.x([0, 1])
        elif step == "A":
            qc.append(A, [0, 1])
        elif step == "A+":
            qc.append(A.inverse(), [0, 1])
        elif step == "H":
            qc.h([0, 1])
    return qc


ROUND = ("O_f", "A+", "S0", "A")
LEAVES = ("your circuit leaves |ψ⟩ = 𝒜|00⟩ as it was: either it has no round at all, or the oracle O_f is missing "
          "(reflecting |ψ⟩ about itself changes nothing). Start the round with O_f")


def test_14_6_one_round_is_accepted_with_or_without_measurements():
    check = lesson14.one_round_checker(PSI, good=[2])
    assert check(_circuit(*ROUND)) is None
    measured = _circuit(*ROUND)
    measured.measure_all()
    assert check(measured) is None


def test_14_6_each_common_mistake_gets_its_own_hint():
    check = lesson14.one_round_checker(PSI, good=[2])
    assert check(_circuit()) == LEAVES
    assert check(_circuit("A+", "S0", "A")) == LEAVES
    assert check(_circuit("O_f wrong bit", "A+", "S0", "A")) == (
        "your oracle marks the wrong basis state: in Qiskit the rightmost bit is qubit 0, so |10⟩ means qubit 1 is 1 "
        "and qubit 0 is 0")
    assert check(_circuit("O_f", "S0")) == (
        "you reflected about |00⟩ instead of about |ψ⟩: sandwich S₀ between 𝒜† and 𝒜 (−𝒜S₀𝒜† = 2|ψ⟩⟨ψ| − I)")
    assert check(_circuit("O_f", "H", "S0", "H")) == (
        "that is Grover's diffusion about the uniform superposition (H on every qubit, lesson 10); amplitude "
        "amplification reflects about |ψ⟩ = 𝒜|00⟩: use 𝒜† and 𝒜 around S₀")
    assert check(_circuit(*ROUND, *ROUND)) != "that is two rounds of Q; the task asks for one"   # named by the cell
    named = lesson14.one_round_checker(PSI, good=[2], mistakes=[(lesson14.rounds_state(PSI, [2], 2), "two rounds")])
    assert named(_circuit(*ROUND, *ROUND)) == "two rounds"            # as the notebook's check cell names it
    assert named(_circuit(*ROUND)) is None
    assert np.allclose(lesson14.rounds_state(PSI, [2], 1), lesson14.one_round_state(PSI, [2]))
    assert check(_circuit("O_f")) == (
        "your circuit stops after the oracle: O_f only flips the sign of the good part; the reflection −𝒜S₀𝒜† turns "
        "that sign flip into a larger amplitude")


def test_14_6_another_circuit_is_written_out():
    check = lesson14.one_round_checker(PSI, good=[2])
    x1 = QuantumCircuit(2)
    x1.x(1)
    assert check(x1) == "your circuit makes 1|10⟩, which is not the state asked for"
    assert check(QuantumCircuit(2)) == "your circuit makes 1|00⟩, which is not the state asked for"   # no 𝒜
    signed = QuantumCircuit(2)                   # the target with the sign of |10> flipped
    target = lesson14.one_round_state(PSI, [2])
    signed.append(StatePreparation(list(target.real * np.array([1, 1, -1, 1]))), [0, 1])
    assert check(signed) == ("your circuit makes 0.384|00⟩ + 0.32|01⟩ − 0.792|10⟩ + 0.351|11⟩: the right "
                             "probabilities, but a relative phase (a sign) is wrong. Which gate changes a sign "
                             "without changing the odds?")


def test_14_6_answers_of_the_wrong_kind():
    check = lesson14.one_round_checker(PSI, good=[2])
    assert check([0.6, 0.5]) == "give a QuantumCircuit, not list"
    assert check(QuantumCircuit(3)) == "use a circuit with 2 qubits, not 3"
    assert check(QuantumCircuit(1)) == "use a circuit with 2 qubits, not 1"


def test_one_round_state_normalises_psi_and_follows_the_formula():
    assert np.allclose(lesson14.one_round_state(PSI, [2]), [0.384, 0.32, 0.792, math.sqrt(0.3) * 0.64])
    # the uniform state on 2 qubits with one good board: one round of Grover finds it exactly
    assert np.allclose(lesson14.one_round_state([1, 1, 1, 1], [3]), [0, 0, 0, 1])
    assert np.allclose(lesson14.one_round_state([2, 2, 2, 2], {0}), [1, 0, 0, 0])


def test_rounds_state_normalises_psi_first():
    """r rounds of an unnormalised |ψ⟩ are those of |ψ⟩/‖ψ‖ (one round finds the good board of four)."""
    assert np.allclose(lesson14.rounds_state([1, 1, 1, 1], [3], 1), [0, 0, 0, 1])
    assert np.allclose(lesson14.rounds_state([2, 2, 2, 2], {0}, 2), lesson14.rounds_state(np.full(4, 0.5), {0}, 2))


def test_the_amplifier_s_states_are_complex_arrays_whatever_psi_is_given_as():
    """One round and r rounds give complex amplitudes for a real |ψ⟩ too (ints, floats, a list)."""
    for psi in ([1, 1, 1, 1], np.array([0.5, 0.5, 0.5, 0.5]), PSI):
        assert lesson14.one_round_state(psi, [2]).dtype == complex
        assert lesson14.rounds_state(psi, [2], 2).dtype == complex


def test_14_4_a_named_mistake_is_matched_only_where_the_best_rounds_are_unique():
    """At a tie a mistake may land on either best r: the table is compared on the other inputs only."""
    def mistake(a):
        return max(lesson14.accepted(a)) + 1

    def same_off_the_ties(a):              # the mistake where r is unique, a right answer at the ties
        best = lesson14.accepted(a)
        return min(best) if len(best) == 2 else mistake(a)

    def same_at_the_ties_only(a):          # the mistake at the ties, one too few elsewhere
        best = lesson14.accepted(a)
        return mistake(a) if len(best) == 2 else max(min(best) - 1, 0) if min(best) else 1
    check = lesson14.rounds_checker(mistakes=[(mistake, "one round too many")])
    assert any(len(lesson14.accepted(a)) == 2 for a in lesson14.TIES)
    assert check(same_off_the_ties) == "one round too many"
    assert check(same_at_the_ties_only) not in (None, "one round too many")


def test_one_round_checker_normalises_psi_and_reads_the_oracle_bits_on_three_qubits():
    """|ψ⟩ uniform on 3 qubits, good = |011⟩ (qubits 0 and 1 set): the mistaken oracle marks |110⟩."""
    psi = [1] * 8                                             # not normalised: the checker does it
    check = lesson14.one_round_checker(psi, good=[3])

    def grover(good_bits, diffusion=True):
        qc = QuantumCircuit(3)
        qc.h(range(3))
        zeros = [q for q in range(3) if not good_bits >> q & 1]
        if zeros:
            qc.x(zeros)
        qc.ccz(0, 1, 2)
        if zeros:
            qc.x(zeros)
        if diffusion:
            qc.h(range(3))
            qc.x(range(3))
            qc.ccz(0, 1, 2)
            qc.x(range(3))
            qc.h(range(3))
        return qc
    assert check(grover(0b011)) is None
    assert check(grover(0b110)) == ("your oracle marks the wrong basis state: in Qiskit the rightmost bit is qubit 0, "
                                    "so |10⟩ means qubit 1 is 1 and qubit 0 is 0")
    assert check(grover(0b011, diffusion=False)) == (
        "your circuit stops after the oracle: O_f only flips the sign of the good part; the reflection −𝒜S₀𝒜† turns "
        "that sign flip into a larger amplitude")


# --- a packed check cell, run in the namespace given (the notebook's globals by default) ---------------------
def test_a_packed_check_runs_in_the_namespace_it_is_given(capsys):
    from qttt_widgets.exercises import check, encode_check, run_check
    packed = encode_check("check('9.6', answer, expect=side ** 2, hint='square the side')")
    notebook = {"check": check, "side": 2}                  # names only the notebook has
    for answer, out in ((4, "Task 9.6: Correct!\n"), (3, "Task 9.6: Not yet. Hint: square the side\n")):
        notebook["answer"] = answer
        run_check("9.6", answer, packed, notebook)
        assert capsys.readouterr().out == out


@pytest.mark.skipif("MUTANT_UNDER_TEST" in __import__("os").environ,
                    reason="run_check reads its caller's globals; under mutmut its caller is mutmut's trampoline")
def test_a_packed_check_reads_and_writes_the_notebook_s_globals_by_default(capsys):
    from qttt_widgets.exercises import check, encode_check, run_check
    packed = encode_check("from qttt_widgets.exercises import lesson14\ncheck('9.8', answer, expect=side ** 2)")
    notebook = {"check": check, "run_check": run_check, "packed": packed, "side": 3, "answer": 9}
    exec("run_check('9.8', answer, packed)", notebook)                # noqa: S102 - a notebook cell
    assert capsys.readouterr().out == "Task 9.8: Correct!\n"
    assert notebook["lesson14"] is lesson14                          # the check's import stays in the notebook


def test_a_packed_check_that_fails_names_its_task_in_the_traceback():
    import traceback

    from qttt_widgets.exercises import check, encode_check, run_check
    with pytest.raises(NameError, match="undefined_name") as e:
        run_check("9.7", 1, encode_check("check('9.7', answer, expect=undefined_name)"), {"check": check, "answer": 1})
    assert traceback.extract_tb(e.value.__traceback__)[-1].filename == "<check 9.7>"


# --- the core: matches and its hints (exercises/__init__.py) ----------------------------------------------
def test_a_numpy_complex_answer_keeps_its_imaginary_part():
    from qttt_widgets.exercises import matches
    assert matches(np.complex64(0.5j), 0.5j) and not matches(np.complex64(0.5j), 0)
    assert matches(np.array(1j), 1j) and not matches(np.array(1j), 1)
    assert matches(np.float32(0.25), 0.25) and matches(np.array(0.5), 0.5)


def test_an_answer_with_a_dtype_but_no_shape_is_refused_with_a_hint():
    class Typed:                                    # array-like in name only: a dtype and nothing else
        dtype = np.dtype("f8")
    assert verdict(Typed(), 0.5) == "give a number, not a Typed"


def test_type_names_starting_with_a_capital_vowel_take_an():
    from qiskit.quantum_info import Operator
    assert verdict(Operator(QuantumCircuit(1)), 0.5) == "give a number, not an Operator"
    assert verdict(QuantumCircuit(1), 0.5) == "give a number, not a QuantumCircuit"


def test_a_true_or_false_question_says_what_was_given():
    from qttt_widgets.exercises import matches
    assert verdict(1, True) == "give True or False, not an int"
    assert verdict("yes", False) == "give True or False, not the text 'yes'"
    assert matches(np.bool_(False), False)


def test_the_tolerance_is_inclusive_and_reaches_items_of_sets_and_dicts():
    from qttt_widgets.exercises import matches
    assert matches(1.0, 0.75, tol=0.25) and matches(0.5, 0.75, tol=0.25) and not matches(1.0, 0.75, tol=0.125)
    assert matches([0.51, 0.25], {0.25, 0.5}, tol=0.05) and not matches([0.51, 0.25], {0.25, 0.5})
    assert matches({"p": [0.51, 0.5]}, {"p": [0.5, 0.5]}, tol=0.05)           # values that are not numbers
    assert not matches({"p": [0.51, 0.5]}, {"p": [0.5, 0.5]})


def test_sequences_compare_items_within_the_tolerance():
    from qttt_widgets.exercises import matches
    assert matches([0.51, 1], [0.5, 1], tol=0.05) and not matches([0.51, 1], [0.5, 1])
    assert verdict(np.array(0.5), [1, 2]) == "give a list or tuple of 2 items, not a ndarray"   # 0-d: a number


def test_an_expected_object_with_an_empty_shape_is_compared_by_equality():
    from qttt_widgets.exercises import matches

    class Scalarish:                                # a shape of () but not a number: neither a list
        shape = ()

        def __eq__(self, other):
            return isinstance(other, Scalarish)
        __hash__ = object.__hash__
    assert matches(Scalarish(), Scalarish()) and not matches(0, Scalarish())


def test_verdict_tries_every_named_wrong_answer_and_hands_the_answer_to_the_checker():
    wrong = [([1, 2], "a list"), (0.25, "that is P(1)")]            # the first is of another kind
    assert verdict(0.25, 0.75, wrong=wrong, hint="h") == "that is P(1)"
    assert verdict(5, using=lambda a: None if a == 5 else f"not {a}") is None
    assert verdict(4, using=lambda a: None if a == 5 else f"not {a}") == "not 4"
    with pytest.raises(TypeError) as e:
        verdict(1)
    assert str(e.value) == "check needs expect=... or using=..."


# --- the core checkers (exercises/checks.py) -------------------------------------------------------------
def test_kets_round_to_three_digits_and_leave_out_amplitudes_up_to_1e_6():
    from qttt_widgets.exercises import checks
    assert checks.ket([0.6, 0.12345j]) == "0.6|0⟩ + 0.123i|1⟩"
    assert checks.ket([0.6 + 0.12345j, 0]) == "(0.6+0.123i)|0⟩"
    assert checks.ket([1e-6, 1]) == "1|1⟩" and checks.ket([1.5e-6, 1]) == "0|0⟩ + 1|1⟩"


def test_same_statevector_needs_an_overlap_strictly_within_the_tolerance():
    from qttt_widgets.exercises import checks
    assert not checks.same_statevector([1, 0], [0.5, 0.75 ** 0.5], tol=0.5)      # overlap exactly 1/2
    assert checks.same_statevector([1, 0], [0.5, 0.75 ** 0.5], tol=0.5 + 1e-9)


def test_the_state_checker_normalises_its_target():
    from qttt_widgets.exercises import checks
    qc = QuantumCircuit(1)
    qc.ry(2 * math.atan2(4, 3), 0)                   # 0.6|0> + 0.8|1>
    assert checks.state([3, 4])(qc) is None
    assert checks.state([6, 8])(qc) is None
    assert checks.state([4, 3])(qc) == "your circuit makes 0.6|0⟩ + 0.8|1⟩, which is not the state asked for"


def test_right_probabilities_means_within_1e_6():
    from qiskit.quantum_info import Statevector

    from qttt_widgets.exercises import checks
    r = 1 / math.sqrt(2)
    check = checks.state([r, r, 0, 0])
    assert check(Statevector([r, -r, 0, 0])).endswith("the right probabilities, but a relative phase (a sign) is "
                                                      "wrong. Which gate changes a sign without changing the odds?")
    assert check(Statevector([r, -r, 1e-6, 0])) == ("your circuit makes 0.707|00⟩ − 0.707|01⟩, which is not the "
                                                     "state asked for")


def _energies_check():
    return lesson11.up_to_constant(
        [1.5, -0.5, -0.5, -0.5],
        mistakes=[([0, 1, 1, 3], "C(x)"), ([-1.5, 0.5, 0.5, 0.5], "flipped"), ([3, -1, -1, -1], "half")],
        hint="E(x) = ...")


@pytest.mark.parametrize("answer", [[1.5, -0.5, -0.5, -0.5], [0, -2, -2, -2], [2, 0, 0, 0], (11.5, 9.5, 9.5, 9.5),
                                    np.array([1.5, -0.5, -0.5, -0.5]), [1.5 + 0j, -0.5, -0.5, -0.5]])
def test_11_6_energies_up_to_a_constant_are_accepted(answer):
    assert verdict(answer, using=_energies_check()) is None


@pytest.mark.parametrize("answer, words", [([0, 1, 1, 3], "C(x)"), ([1, 2, 2, 4], "C(x)"), ([-1.5, 0.5, 0.5, 0.5], "flipped"),
                                           ([-1, 1, 1, 1], "flipped"), ([3, -1, -1, -1], "half"), ([6, 2, 2, 2], "half"),
                                           ([1.5, -0.5, -0.5, -0.5 + 2 * math.pi], "2π"), ([1, 2, 3, 4], "E(x) = ..."),
                                           ([1.5, -0.5], "4 numbers"), ("1.5 -0.5", "not str"), ([1j, 0, 0, 0], "real")])
def test_11_6_wrong_energies_get_their_hint(answer, words):
    assert words in verdict(answer, using=_energies_check())


REAL = "energies are real numbers: read the phase (np.angle), not the complex entry"
TWO_PI = ("an entry is off by a multiple of 2π: a phase read with np.angle is only known up to 2π, so bring every "
          "energy into the same range")


def test_11_6_hints_are_whole_and_the_tolerance_is_an_edge():
    check = _energies_check()
    assert check([1j, 0, 0, 0]) == REAL
    assert check([1.5, -0.5, -0.5, -0.5 + 2 * math.pi]) == TWO_PI
    assert check([6.5, 4.5 + 2 * math.pi, 4.5, 4.5]) == TWO_PI          # a constant added as well: 5
    assert check([6.5, 4.5 + 2 * math.pi + 0.01, 4.5, 4.5]) == "E(x) = ..."
    edge = lesson11.up_to_constant([0, 1], tol=0.5)                     # exactly tol away: still the same
    assert edge([0, 1.5]) is None and edge([0, 1 + 0.5j]) is None
    assert edge([0, 1.75]) == "not these numbers, even up to a constant added to all 2"
    assert edge([0, 1 + 0.75j]) == REAL
    # every entry within tol of the first one's shift, not of some other entry's
    assert lesson11.up_to_constant([0, 1, 2])([0, 1.0008, 2.0016]) == "not these numbers, even up to a constant added to all 3"
    assert lesson11.up_to_constant([0, 1, 2])([0, 1.0008, 2.0008]) is None
    x = 2 * math.pi + 0.25                                              # 2π off, by exactly tol more
    tol = float(abs(np.mod(x + np.pi, 2 * np.pi) - np.pi))
    assert lesson11.up_to_constant([0, 0], tol=tol)([0, x]) == TWO_PI


def test_a_state_check_names_the_notebook_s_mistakes_up_to_a_global_phase():
    from qttt_widgets.exercises import checks
    r = 1 / math.sqrt(2)
    check = checks.state([1, 0, 0, 1], mistakes=[([r, 0, 0, -r], "a minus sign"), ([r, r, 0, 0], "no CX"),
                                                 ([r, 0, 0, -r], "never reached")])
    minus = QuantumCircuit(2)
    minus.h(0)
    minus.cx(0, 1)
    minus.z(0)
    assert check(minus) == "a minus sign"
    minus.global_phase = 1.0
    assert check(minus) == "a minus sign"
    no_cx = QuantumCircuit(2)
    no_cx.h(0)
    assert check(no_cx) == "no CX"
    other = QuantumCircuit(2)
    other.x(1)
    assert check(other) == "your circuit makes 1|10⟩, which is not the state asked for"


def test_one_matcher_names_the_first_mistake_and_refuses_a_malformed_table():
    from qttt_widgets.exercises import Mismatch, named_mistake
    table = [(1, "one"), (2, "two"), (2, "two again")]
    assert named_mistake(table, lambda w: w == 2) == "two"                       # the first that matches
    assert named_mistake(table, lambda w: w == 3) is None
    assert named_mistake([], lambda w: True) is None

    def picky(w):
        if w == 1:
            raise Mismatch("not comparable")
        return True
    assert named_mistake(table, picky) == "two"                                  # a Mismatch is not a match
    for bad in ([(1,)], [(1, "")], [(1, 2)], ["one"], [(1, "a", "b")]):
        with pytest.raises(TypeError, match="a named mistake is a pair"):
            named_mistake(bad, lambda w: True)


def test_the_named_mistakes_of_10_3_and_14_4_come_from_the_notebook():
    """Without the notebook's table, a usual slip gets only the generic hint."""
    slip = lambda a: math.floor(math.pi / (4 * math.asin(a)))                    # noqa: E731
    assert lesson14.rounds_checker()(slip) != ROOT
    assert checker_of("14.4")(slip) == ROOT
    from qttt_widgets.exercises import lesson10
    amp = lambda n, M, r: math.sin((2 * r + 1) * math.asin(math.sqrt(M / 2 ** n)))   # noqa: E731
    assert lesson10.p_success_checker()(amp) != "that is the amplitude sin((2r + 1)θ); a probability is its square"
    assert checker_of("10.3")(amp) == "that is the amplitude sin((2r + 1)θ); a probability is its square"


# --- lesson 15 (the CHSH game): a plan, a learner's win_rate, Bob's angles ------------------------
# The rates are computed here from P(agree) = cos²(α − β) for Φ⁺ measured at angles α and β, not
# with the library's functions, so a checker's reference or its named mistakes cannot drift with them.
def _agree(a, b):
    return math.cos(a - b) ** 2


def _rate(alice, bob):
    return sum(_agree(alice[x], bob[y]) if x * y == 0 else 1 - _agree(alice[x], bob[y])
               for x in (0, 1) for y in (0, 1)) / 4


PLAN = "(Alice if x = 0, Alice if x = 1, Bob if y = 0, Bob if y = 1)"


@pytest.mark.parametrize("answer", ["0100", {0: 1}, {0, 1}, 5, None])
def test_15_1_a_plan_that_is_not_a_sequence_is_refused(answer):
    assert lesson15.plan_checker()(answer) == f"give {PLAN} as a tuple of 4 answers, each 0 or 1, such as (0, 0, 0, 0)"


def test_15_1_a_plan_of_the_wrong_length_or_with_other_values_is_refused():
    check = lesson15.plan_checker()
    assert check((0, 1, 0)) == f"give 4 answers, not 3: {PLAN}"
    assert check([0, 1, 0, 0, 1]) == f"give 4 answers, not 5: {PLAN}"
    for bad in ((True, 1, 0, 0), (0, 2, 0, 0), (0, 1, "0", 0), (0, 1, 0, -1)):
        assert check(bad) == f"each answer is 0 or 1 (the numbers, not True/False or text): {PLAN}"
    assert check([0, 1, 0, 0]) is None and check(np.array([0, 1, 0, 0])) is None


@pytest.mark.parametrize("x, y", [(0, 0), (0, 1), (1, 0), (1, 1)])
def test_15_1_a_plan_is_judged_on_the_question_pair_asked(x, y):
    check = lesson15.plan_checker(x, y)
    for plan in itertools.product((0, 1), repeat=4):
        a, b = plan[x], plan[2 + y]
        if (a ^ b) == (x & y):
            assert check(plan) is None
        else:
            need = "differ" if x & y else "agree"
            assert check(plan) == (
                f"asked x = {x}, y = {y}, Alice reads her answer for x = {x} ({a}) and Bob his for y = {y} ({b}): "
                f"a ⊕ b = {a ^ b}, but x·y = {x & y}, so the answers must {need}. Change one of those two answers")


def test_15_4_the_exact_rate_is_accepted_within_the_tolerance():
    check = lesson15.win_rate_checker()
    assert check(_rate) is None and check(lambda a, b: _rate(a, b) + 5e-7) is None
    assert check(lambda a, b: np.float64(_rate(a, b))) is None
    assert check(lambda a, b: _rate(a, b) + 2e-6) is not None
    assert lesson15.win_rate_checker(tol=1e-2)(lambda a, b: _rate(a, b) + 5e-3) is None
    only_first = [lesson15.INPUTS[0]]                    # a function right there and nowhere else
    assert lesson15.win_rate_checker(inputs=only_first)(lambda a, b: 0.75 if a == b == (0.0, 0.0) else 0.1) is None
    assert len(lesson15.INPUTS) == 7 and lesson15.INPUTS[0] == ((0.0, 0.0), (0.0, 0.0))


def _halved(alice, bob):
    return _rate([a / 2 for a in alice], [b / 2 for b in bob])


def _agreeing(alice, bob):
    return sum(_agree(alice[x], bob[y]) for x in (0, 1) for y in (0, 1)) / 4


def _or_rule(alice, bob):                                # differ unless both questions are 0
    return sum(_agree(alice[x], bob[y]) if x | y == 0 else 1 - _agree(alice[x], bob[y])
               for x in (0, 1) for y in (0, 1)) / 4


@pytest.mark.parametrize("wrong, words", [
    (lambda a, b: 4 * _rate(a, b), "your function adds the four win probabilities; the referee asks each pair with "
                                   "probability 1/4, so average them (the result is a probability, at most 1)"),
    (_agreeing, "your function counts the rounds where the answers agree, for every question pair; when both "
                "questions are 1 the players win only if the answers differ (a ⊕ b = x·y)"),
    (_halved, "your rates come out as if every angle were halved: measuring at angle θ is Ry(−2θ) before the "
              "measurement (Ry turns the state by half its argument), or cos²(α − β), not cos²((α − β)/2)"),
    (_or_rule, "your function uses x OR y; the rule is a ⊕ b = x·y (AND): only the pair x = 1, y = 1 asks the "
               "answers to differ"),
])
def test_15_4_each_named_mistake_gets_its_hint(wrong, words):
    check = lesson15.win_rate_checker()
    assert check(wrong) == words
    assert check(lambda a, b: wrong(a, b) + 5e-7) == words                 # within the tolerance of the mistake
    assert check(lambda a, b: wrong(a, b) + 1e-4) != words


def test_15_4_and_15_5_a_difference_of_exactly_tol_is_within_it():
    """q + 0.25 - q is exactly 0.25 for a rate q in [0.5, 0.75): the edge of the tolerance, accepted."""
    from qttt_widgets.quantum.chsh import TSIRELSON, quantum_win_rate
    first, second = lesson15.INPUTS[0], lesson15.INPUTS[1]
    assert lesson15.win_rate_checker(inputs=[first], tol=0.25)(lambda a, b: quantum_win_rate(a, b) + 0.25) is None
    summed = lesson15.win_rate_checker(inputs=[first], tol=0.25)(lambda a, b: 4 * quantum_win_rate(a, b) + 0.25)
    assert summed.startswith("your function adds the four win probabilities")
    # the hint names the first angles off by more than tol, not the first off by exactly tol
    check = lesson15.win_rate_checker(inputs=[first, second], tol=0.25)
    hint = check(lambda a, b: quantum_win_rate(a, b) + (0.25 if (a, b) == first else 0.3))
    assert hint.startswith("for alice = (0.0, 1.571), bob = (0.0, 0.0) your function returned")
    bob = (math.pi / 8 + 0.1, -math.pi / 8)
    tol = TSIRELSON - quantum_win_rate((0, math.pi / 4), bob)      # rate = TSIRELSON - tol exactly
    assert lesson15.best_bob_checker(tol=tol)(bob) is None
    assert lesson15.best_bob_checker(tol=tol / 2)(bob) is not None


def test_15_4_another_wrong_function_is_shown_the_first_angles_it_gets_wrong():
    check = lesson15.win_rate_checker()
    tail = ("which is not the win rate. For each (x, y), with probability 1/4: measure at alice[x] and bob[y], "
            "add the probabilities of the answers (a, b) that win")
    assert check(lambda a, b: 0.5) == f"for alice = (0.0, 0.0), bob = (0.0, 0.0) your function returned 0.5000, {tail}"
    fourth = lesson15.INPUTS[3]

    def wrong_on_the_fourth(a, b):
        return _rate(a, b) + (0.01 if (a, b) == fourth else 0.0)
    value = _rate(*fourth) + 0.01
    assert check(wrong_on_the_fourth) == (f"for alice = (0.0, 1.047), bob = (0.524, -0.628) your function returned "
                                          f"{value:.4f}, {tail}")


def test_15_4_an_answer_that_is_not_a_function_returning_a_number_is_refused():
    check = lesson15.win_rate_checker()
    assert check(0.85) == "give a function (def win_rate(alice, bob): ...), not float"
    assert check("win_rate") == "give a function (def win_rate(alice, bob): ...), not str"
    for value in (None, "high", [0.8]):
        assert check(lambda a, b, v=value: v) == (
            f"for alice = (0.0, 0.0), bob = (0.0, 0.0) your function returned {value!r}: return one number, "
            "the probability of winning")


@pytest.mark.parametrize("answer", ["ab", {0.1, 0.2}, {0: 0.1, 1: 0.2}, (0.1, 0.2, 0.3), (0.1,), 0.4])
def test_15_5_bobs_angles_must_be_two(answer):
    assert lesson15.best_bob_checker()(answer) == ("give Bob's two angles as a tuple (angle for y = 0, angle for "
                                                   "y = 1), in radians")


def test_15_5_bobs_angles_are_judged_by_the_rate_they_give():
    check = lesson15.best_bob_checker()
    eighth = math.pi / 8
    assert check((eighth, -eighth)) is None and check([eighth + math.pi, -eighth]) is None
    assert check(("a", 0.1)) == check((None, 0.1)) == "give two numbers (angles in radians), such as (0.1, -0.2)"
    degrees = "those look like degrees: the angles are in radians (π/4 is math.pi / 4)"
    assert check((22.5, -22.5)) == check((0.1, -7.0)) == check((2 * math.pi + eighth, -eighth)) == degrees
    classical = ("Bob's angle for y = 0 should be close to both of Alice's angles; his angle for y = 1 close to "
                 "Alice's first angle but far from her second (those answers must differ)")
    assert check((0, math.pi / 4)) == f"with these angles the players win 0.500 of the rounds: no better than a classical plan. {classical}"
    assert check((0, 0)) == f"with these angles the players win 0.750 of the rounds: no better than a classical plan. {classical}"
    better = ("more than a classical plan but not the most: try your win_rate on a grid of Bob's angles, or balance "
              "the four angle differences")
    rate = _rate((0, math.pi / 4), (2 * math.pi, -eighth))                # 2π is radians still: 0.802
    assert check((2 * math.pi, -eighth)) == f"with these angles the players win {rate:.3f} of the rounds, {better}"
    # the tolerance: 0.05 off the best angle loses 0.0009 of the rate, 0.1 off loses 0.0035
    assert check((eighth + 0.05, -eighth)) is None
    assert lesson15.best_bob_checker(tol=1e-4)((eighth + 0.05, -eighth)) is not None
    near = _rate((0, math.pi / 4), (eighth + 0.1, -eighth))
    assert check((eighth + 0.1, -eighth)) == f"with these angles the players win {near:.3f} of the rounds, {better}"
    # Alice's angles are the checker's: turned by π/4, Bob's best angles turn with them
    turned = lesson15.best_bob_checker(alice=(math.pi / 4, math.pi / 2))
    assert turned((eighth + math.pi / 4, -eighth + math.pi / 4)) is None and check((3 * eighth, eighth)) is not None
