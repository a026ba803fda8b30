"""The checkers of lessons 05, 07, 08, 09 and 10, called directly (the course tests run the whole
notebooks, too slow to judge each mutant): the reference answer of each task is accepted, each
kind of wrong answer is refused with the hint a learner reads (compared whole), and answers of the
wrong kind (None, a string, a circuit of the wrong size, a function that raises) get a clear hint,
never a crash. See tests/MUTATION.md."""
import math
from itertools import product

import numpy as np
import pytest
from qiskit import QuantumCircuit
from qiskit.quantum_info import Statevector

from course_runner import checker_of
from qttt_widgets.exercises import verdict
from qttt_widgets.exercises import lesson05, lesson07, lesson08, lesson09, lesson10
from qttt_widgets.rules.goff import GoffGame
from qttt_widgets.rules.qubit_board import QubitGame


def circuit(n, *gates):
    qc = QuantumCircuit(n)
    for name, *args in gates:
        getattr(qc, name)(*args)
    return qc


# ============================================ lesson 05 ============================================
# --- groups and group_of (shown in the lesson, used by the checkers) ------------------------------
def test_groups_are_the_linked_squares_sorted_by_their_smallest_square():
    g = GoffGame().play(0, 1).play(4, 5).play(1, 5).play(6, 7)
    assert lesson05.groups(g) == [{0, 1, 4, 5}, {6, 7}]
    # listed by smallest square, whatever the order of the marks
    assert lesson05.groups(GoffGame().play(7, 8).play(0, 1).play(2, 3).play(1, 2)) == [{0, 1, 2, 3}, {7, 8}]
    assert lesson05.groups(GoffGame().play(6, 8).play(3, 4).play(0, 2)) == [{0, 2}, {3, 4}, {6, 8}]
    # a long chain written backwards is one group
    assert lesson05.groups(GoffGame.from_record("89 78 67 56 45 34 23 12")) == [set(range(9))]
    assert lesson05.groups(GoffGame()) == []
    # classical marks are not in the graph
    collapsed = GoffGame().play(0, 1).play(0, 1)
    collapsed.apply(collapsed.legal_moves()[0])
    assert lesson05.groups(collapsed.play(3, 4)) == [{3, 4}]


def test_group_of_a_square_with_a_mark_and_of_one_without():
    g = GoffGame().play(0, 1).play(4, 5).play(1, 5).play(6, 7)
    assert lesson05.group_of(g, 0) == {0, 1, 4, 5}
    assert lesson05.group_of(g, 5) == {0, 1, 4, 5}
    assert lesson05.group_of(g, 7) == {6, 7}
    assert lesson05.group_of(g, 3) == {3}                   # no mark: the square alone
    mine = lesson05.group_of(g, 6)
    mine.add(8)                                              # a copy: the caller may change it
    assert lesson05.group_of(g, 6) == {6, 7}


# --- task 5.3: four corners linked -----------------------------------------------------------------
def test_5_3_the_reference_and_other_trees_through_the_corners_are_accepted():
    assert lesson05.corners_linked(GoffGame().play(0, 2).play(2, 8).play(8, 6).play(6, 7)) is None
    assert lesson05.corners_linked(GoffGame().play(0, 1).play(1, 2).play(2, 8).play(0, 6)) is None


@pytest.mark.parametrize("game, hint", [
    (lambda: GoffGame().play(0, 2).play(2, 8).play(8, 6).play(6, 0),
     "your mark in squares 7 and 1 joins two squares that were already in one group: it closes a cycle, "
     "which must be measured (lesson 06). Join a square of the group to a square outside it instead"),
    (lambda: GoffGame().play(0, 4).play(4, 8).play(2, 4).play(4, 6),
     "square 5 (code 4) holds X1, O2, X3, O4: keep the centre empty"),
    (lambda: GoffGame().play(0, 2).play(2, 8).play(8, 6).play(4, 7),
     "square 5 (code 4) holds O4: keep the centre empty"),
    (lambda: GoffGame().play(0, 2).play(6, 8).play(0, 1).play(7, 8),
     "square 1 is linked only to squares 1, 2, 3; corner(s) 7, 9 are in another group. Four corners need three "
     "marks to join them; the fourth mark must not join two squares that are already linked"),
    (lambda: GoffGame().play(0, 1).play(2, 8).play(6, 8).play(3, 5),
     "square 1 is linked only to squares 1, 2; corner(s) 3, 7, 9 are in another group. Four corners need three "
     "marks to join them; the fourth mark must not join two squares that are already linked"),
    (lambda: GoffGame().play(0, 2).play(2, 8).play(8, 6), "you placed 3 marks; the task asks for exactly four"),
    (lambda: GoffGame().play(0, 2), "you placed 1 mark; the task asks for exactly four"),
    (lambda: GoffGame(), "you placed 0 marks; the task asks for exactly four"),
    (lambda: GoffGame().play(0, 2).play(2, 8).play(8, 6).play(6, 7).play(1, 3),
     "you placed 5 marks; the task asks for exactly four"),
])
def test_5_3_wrong_positions_get_the_hint_that_names_the_mistake(game, hint):
    assert lesson05.corners_linked(game()) == hint


def test_5_3_a_measured_cycle_is_refused():
    g = GoffGame().play(0, 1).play(0, 1)
    g.apply(g.legal_moves()[0])                             # the cycle collapses: two classical marks
    assert g.pending is None
    assert lesson05.corners_linked(g.play(2, 6).play(6, 8)) == (
        "a cycle was closed and measured (there are classical marks): build the position without one")


@pytest.mark.parametrize("answer, kind", [("the corners", "str"), (None, "NoneType"), ([(0, 2)], "list")])
def test_5_3_an_answer_that_is_not_a_game(answer, kind):
    assert lesson05.corners_linked(answer) == f"give the GoffGame you built (answer = g), not {kind}"


# --- task 5.4: a mark named as text ------------------------------------------------------------
WRONG_5_4 = [("O2", "closed the cycle"), ("X3", "count the tokens"), ("X5", "names a square"), ("X1", "first token")]


def test_5_4_the_mark_in_any_usual_spelling_is_accepted():
    check = lesson05.mark_text("O4", wrong=WRONG_5_4)
    for answer in ["O4", "O₄", "o4", " O_4 ", "O 4", "'O4'", '"O4".', "o₄"]:
        assert check(answer) is None, answer


def test_5_4_the_named_mistakes_get_their_own_hint_in_any_spelling():
    check = lesson05.mark_text("O4", wrong=WRONG_5_4, hint="other")
    assert check("O2") == "closed the cycle" and check("o₂") == "closed the cycle"
    assert check("X_3") == "count the tokens" and check("x5") == "names a square" and check("X₁") == "first token"
    assert check("X7") == "other" and check("O44") == "other"


def test_5_4_any_other_mark_gets_the_task_hint_or_the_default():
    assert lesson05.mark_text("O4", hint="the mark before (5)")("X9") == "the mark before (5)"
    assert lesson05.mark_text("O4")("X9") == "not this mark: go back over the record notation above the task"


def test_5_4_text_that_is_not_a_mark_gets_the_form_with_an_example_that_is_not_the_answer():
    form = ("write a mark as its letter and its subscript, such as '{}' or '{}' (a letter X or O, then a number)")
    o4 = lesson05.mark_text("O4", wrong=WRONG_5_4)
    for answer in ["4", "O", "XO4", "O4a", "Z4", ""]:
        assert o4(answer) == form.format("X1", "X₁"), answer
    x1 = lesson05.mark_text("X1")
    assert x1("Z1") == form.format("O2", "O₂")
    assert lesson05.mark_text("X12")("?") == form.format("X1", "X₁")


def test_5_4_an_answer_that_is_not_text():
    assert lesson05.mark_text("O4")(4) == "give the mark as text in quotes, such as 'X1', not int"
    assert lesson05.mark_text("X1")(None) == "give the mark as text in quotes, such as 'O2', not NoneType"


# --- task 5.5: the record of a position ----------------------------------------------------------
def test_5_5_mystery_position_is_the_record_the_task_expects():
    g = lesson05.mystery_position("5.5")
    assert g.notation() == "15 37 59 34 26"
    assert lesson05.same_record("15 37 59 34 26")(g.notation()) is None
    with pytest.raises(KeyError):
        lesson05.mystery_position("5.6")


def test_5_5_the_record_in_any_usual_spelling_is_accepted():
    check = lesson05.same_record("15 37 59 34 26")
    for answer in ["15 37 59 34 26", "51 73 95 43 62", "15,37,59,34,26", " 15  37 59 34 26 ", "15, 37, 59, 34, 26"]:
        assert check(answer) is None, answer


RECORD_HINTS = {
    "count": "your record has {} marks; the position has 5",
    "where": "mark {0} is not where the picture has it: read the squares of {0} again (people's numbers 1..9, row by row)",
}


@pytest.mark.parametrize("answer, hint", [
    ("15 37 59 34", RECORD_HINTS["count"].format(4)),
    ("15 37 59 34 26 78", RECORD_HINTS["count"].format(6)),
    ("04 26 48 23 15", "there is no square 0 in the notation: those look like code numbers (0..8); the record "
                       "counts squares 1..9, as people do"),
    ("15 59 37 34 26", "the right pairs of squares, in the wrong order: the order of the record gives each mark "
                       "its subscript (X1 first, then O2, X3, ...)"),
    ("15 37 59 35 26", RECORD_HINTS["where"].format("O4")),
    ("16 37 59 34 26", RECORD_HINTS["where"].format("X1")),
    ("15 38 59 34 26", RECORD_HINTS["where"].format("O2")),
    ("15 37 59 34 27", RECORD_HINTS["where"].format("X5")),
    ("15-37-59-34-26", "write only the squares' digits (and a collapse in brackets), marks separated by spaces, "
                       "such as '19 59'"),
    ("X15 37 59 34 26", "write only the squares' digits (and a collapse in brackets), marks separated by spaces, "
                        "such as '19 59'"),
    ("15 37 59 34 2x", "write only the squares' digits (and a collapse in brackets), marks separated by spaces, "
                       "such as '19 59'"),
    ("1537593426", "separate the marks with spaces: each mark is its two squares, written as one token, such as "
                   "'19 59' for X1 in 1 and 9, then O2 in 5 and 9"),
    ("1537 59 34 26", "separate the marks with spaces: each mark is its two squares, written as one token, such as "
                      "'19 59' for X1 in 1 and 9, then O2 in 5 and 9"),
    ("15 37 59 34 266", "the engine cannot replay it: cannot read '266' at character 13: a move is two squares like "
                        "19, a collapse like (9) after the mark that closed the cycle, or the last single square"),
])
def test_5_5_wrong_records_get_the_hint_that_names_the_mistake(answer, hint):
    assert lesson05.same_record("15 37 59 34 26")(answer) == hint


@pytest.mark.parametrize("answer, kind", [(1537593426, "int"), (None, "NoneType"), (["15", "37"], "list")])
def test_5_5_an_answer_that_is_not_text(answer, kind):
    assert lesson05.same_record("15 37 59 34 26")(answer) == (
        f"give the record as text in quotes, such as '19 59', not {kind}")


def test_5_5_code_numbers_without_a_zero_are_recognised():
    check = lesson05.same_record("25 37")
    assert check("14 26") == "those are code numbers (0..8): the notation counts squares from 1, as people do"
    assert check("13 26") == RECORD_HINTS["where"].format("X1")
    assert check("14 26 38") == "your record has 3 marks; the position has 2"
    # a 9 is never a code number: an extra mark in square 9 is an extra mark, not a shift
    assert check("14 26 19") == "your record has 3 marks; the position has 2"


def test_5_5_a_record_with_a_collapse_must_name_the_same_collapse():
    check = lesson05.same_record("12 45 14 25(5)")
    assert check("21 54 41 52(5)") is None and check("12,45,14,25 (5)") is None
    assert check("12 45 14 25(2)") is not None
    assert check("12 45 14 25") is not None


# --- task 5.6: a mark that links two squares ------------------------------------------------------
LINK = ("after your mark square 1 is linked to {} only: one end of the mark must be in the group of 1, "
        "the other in the group of 9")
PAIR_FORM = "give the mark as two people's squares, such as (4, 7) or '47'"
PEOPLE = "squares here are people's numbers 1..9 (as in the notation), not code numbers 0..8"


def test_5_6_the_two_right_marks_in_every_usual_form_are_accepted():
    check = lesson05.link_move("12 56 23 89", 1, 9)
    for answer in [(2, 8), (8, 2), [2, 8], (3, 8), 28, 82, 38, "28", "2 8", "2-8", "2–8", "(2, 8)", "2,8", "2;8",
                   "2/8", " (2,8) ", "(28)", "2  8"]:
        assert check(answer) is None, answer


@pytest.mark.parametrize("answer, hint", [
    ((1, 9), "your mark uses square 1: link them without touching either"),
    ((4, 1), "your mark uses square 1: link them without touching either"),
    ((9, 4), "your mark uses square 9: link them without touching either"),
    (91, "your mark uses square 1: link them without touching either"),
    (99, "your mark uses square 9: link them without touching either"),
    ((2, 3), "squares 2 and 3 were already in one group: your mark closes a cycle. Join the group of one square "
             "to the group of the other"),
    ((5, 8), LINK.format("1, 2, 3")),
    ("5-8", LINK.format("1, 2, 3")),
    ((4, 7), LINK.format("1, 2, 3")),
    ((2, 5), LINK.format("1, 2, 3, 5, 6")),
    ((2, 2), "the engine refuses that mark: a spooky mark needs two different squares, got 2 twice"),
    ((0, 8), PEOPLE), ((8, 0), PEOPLE), ((10, 5), PEOPLE), ((5, 10), PEOPLE), (10, PEOPLE), (50, PEOPLE),
    ("0 8", PEOPLE),
    ("28 39", PAIR_FORM), (5, PAIR_FORM), (9, PAIR_FORM), (100, PAIR_FORM), (True, PAIR_FORM),
    ((True, 8), PAIR_FORM), ((2, False), PAIR_FORM), ((2, 8, 1), PAIR_FORM), ((2,), PAIR_FORM), (28.0, PAIR_FORM),
    ((2.0, 8), PAIR_FORM), ({2, 8}, PAIR_FORM), (None, PAIR_FORM), ("two eight", PAIR_FORM), ("2 8 1", PAIR_FORM),
    ("", PAIR_FORM),
])
def test_5_6_wrong_marks_get_the_hint_that_names_the_mistake(answer, hint):
    assert lesson05.link_move("12 56 23 89", 1, 9)(answer) == hint


def test_5_6_the_squares_to_link_are_the_ones_asked():
    check = lesson05.link_move("12 56 23 89", 2, 6)
    assert check((3, 5)) is None
    assert check((1, 6)) == "your mark uses square 6: link them without touching either"
    assert check((3, 7)) == ("after your mark square 2 is linked to 1, 2, 3, 7 only: one end of the mark must be "
                             "in the group of 2, the other in the group of 6")
    # the position is replayed for every answer: an earlier answer leaves no mark behind
    assert check((3, 5)) is None


# ============================================ lesson 07 ============================================
def _right(marks):
    return sum(1 for c in product(*marks) if len(set(c)) == len(c))


def test_7_ensemble_size_is_the_count_of_consistent_boards():
    assert lesson07.ensemble_size([(0, 1)]) == 2
    assert lesson07.ensemble_size([(0, 1), (1, 2), (2, 5)]) == 4
    assert lesson07.ensemble_size([(0, 1), (0, 1)]) == 2
    assert lesson07.ensemble_size([(0, 1), (3, 4), (1, 2), (6, 7), (6, 7)]) == 12
    assert lesson07.ensemble_size(iter([(4, 0), (4, 2), (4, 6)])) == 4      # any iterable of pairs


def test_7_sample_positions_hand_picked_then_random_legal_play():
    cases = lesson07.sample_positions()
    assert cases == lesson07.sample_positions(60, 7)        # the defaults
    assert len(cases) == 69
    assert cases[:9] == [[(0, 1)], [(0, 1), (1, 2)], [(0, 1), (1, 2), (2, 5)], [(4, 0), (4, 2), (4, 6)],
                         [(0, 1), (3, 4)], [(0, 1), (1, 2), (6, 7)], [(0, 1), (0, 1)], [(0, 1), (1, 2), (2, 0)],
                         [(0, 1), (3, 4), (1, 2), (6, 7), (6, 7)]]
    assert len(lesson07.sample_positions(5, 1)) == 14 and lesson07.sample_positions(0) == cases[:9]
    assert lesson07.sample_positions(5, 1) != lesson07.sample_positions(5, 2)      # the seed counts
    rand = cases[9:]
    # the same cases on every machine, so a learner and a teacher see the same hint
    assert rand[:3] == [[(1, 3), (3, 8), (0, 4)], [(6, 8)], [(3, 6)]]
    assert sum(len(p) for p in cases) == 253
    assert all(cases.count(p) == 1 for p in cases)          # no position twice
    assert {len(p) for p in rand} == set(range(1, 8))       # 1 to 7 marks, each length met
    for marks in rand:
        g = GoffGame()
        for i, (a, b) in enumerate(marks):
            assert g.pending is None, marks                  # only the last mark may close a cycle
            g.play(a, b)
    assert 5 < sum(GoffGame.from_record(" ".join(f"{a + 1}{b + 1}" for a, b in m)).pending is not None
                   for m in rand) < 55                       # some stop at a cycle, most do not


def test_7_2_the_reference_and_integer_kinds_are_accepted():
    check = lesson07.count_checker()
    assert check(_right) is None
    assert check(lambda marks: np.int64(_right(marks))) is None
    assert check(lambda marks: np.uint8(_right(marks))) is None


def test_7_2_the_learner_gets_tuples_of_squares():
    seen = []
    check = lesson07.count_checker(positions=[[[0, 1], [1, 2]]])
    assert check(lambda marks: seen.append(marks) or len(set(marks)) + 1) is None
    assert seen == [[(0, 1), (1, 2)]]


def _said(marks, got):
    return f"for the marks {marks} your function returned {got}"


@pytest.mark.parametrize("f, hint", [
    (lambda m: 2 ** len(m), _said([(0, 1), (1, 2)], 4) + ", which is 2**2: every way of placing the marks. Prune "
                                                          "the placements that put two marks in one square."),
    (lambda m: len(m) + 1, _said([(0, 1), (3, 4)], 3) + ". These marks form 2 separate groups: try every placement "
                                                        "of all the marks, not just of one group."),
    (lambda m: len({s for p in m for s in p}),
     _said([(0, 1), (1, 2), (6, 7)], 5) + ", the number of squares the marks touch. Count placements (one square "
                                          "for each mark, no square used twice), not squares."),
    (lambda m: sum(1 for c in product(*m) if len(set(c)) < len(c)),
     _said([(0, 1)], 0) + ": that counts the pruned placements (two marks in one square), not the ones that remain."),
    (lambda m: sum(1 for c in product(*m) if all(c[i] != c[i + 1] for i in range(len(c) - 1))),
     _said([(4, 0), (4, 2), (4, 6)], 5) + "; the rules engine counts 4. Try every placement and keep those with no "
                                          "square used twice."),
])
def test_7_2_the_usual_wrong_counts_get_the_hint_that_names_the_mistake(f, hint):
    assert lesson07.count_checker()(f) == hint


def test_7_2_no_pruning_and_counting_the_pruned_are_named_for_any_number_of_marks():
    chain = [(0, 1), (1, 2), (2, 5)]
    assert lesson07.count_checker([chain])(lambda m: 2 ** len(m)) == (
        _said(chain, 8) + ", which is 2**3: every way of placing the marks. Prune the placements that put two marks "
                          "in one square.")
    cycle = [(0, 1), (1, 2), (2, 0)]
    pruned = lambda m: sum(1 for c in product(*m) if len(set(c)) < len(c))      # noqa: E731
    assert lesson07.count_checker([cycle])(pruned) == (
        _said(cycle, 6) + ": that counts the pruned placements (two marks in one square), not the ones that remain.")


def test_7_2_a_wrong_count_on_a_cycle_or_on_separate_groups():
    cycle = [(0, 1), (1, 2), (2, 0)]                         # 2 boards, 3 squares, 2**3 = 8
    assert lesson07.count_checker([cycle])(lambda m: 5) == (
        _said(cycle, 5) + ". These marks close a cycle (as many marks as squares in one group): does your count "
                          "still try every placement and keep only those without a shared square?")
    two_cycle = [(0, 1), (0, 1)]                             # 2 boards, 2 squares, 2**2 = 4
    assert "close a cycle" in lesson07.count_checker([two_cycle])(lambda m: 3)
    chain = [(0, 1), (1, 2)]                                 # a tree: 3 boards, 3 squares, 4 placements
    assert lesson07.count_checker([chain])(lambda m: 7) == (
        _said(chain, 7) + "; the rules engine counts 3. Try every placement and keep those with no square used twice.")
    three = [(0, 1), (3, 4), (6, 7)]                         # 8 boards, 6 squares
    assert lesson07.count_checker([three])(lambda m: 5) == (
        _said(three, 5) + ". These marks form 3 separate groups: try every placement of all the marks, not just of "
                          "one group.")


def test_7_2_the_first_position_where_it_disagrees_is_named():
    cases = [[(0, 1)], [(0, 1), (1, 2)], [(0, 1), (3, 4)]]
    wrong_on_last = lambda m: 5 if m == [(0, 1), (3, 4)] else _right(m)     # noqa: E731
    assert lesson07.count_checker(cases)(wrong_on_last) == (
        _said([(0, 1), (3, 4)], 5) + ". These marks form 2 separate groups: try every placement of all the marks, "
                                     "not just of one group.")
    assert lesson07.count_checker(cases[:2])(wrong_on_last) is None


@pytest.mark.parametrize("value, shown", [(True, "True"), (1.0, "1.0"), (None, "None"), ("2", "'2'"),
                                          (np.float64(2.0), repr(np.float64(2.0))), (2 + 0j, "(2+0j)")])
def test_7_2_a_count_that_is_not_a_whole_number(value, shown):
    assert lesson07.count_checker()(lambda m: value) == (
        f"for the marks [(0, 1)] your function returned {shown}: return a whole number (a count)")


@pytest.mark.parametrize("answer, kind", [("ten", "str"), (3, "int"), (None, "NoneType")])
def test_7_2_an_answer_that_is_not_a_function(answer, kind):
    assert lesson07.count_checker()(answer) == (
        f"give the function itself (count_consistent, without brackets), not {kind}")


# ============================================ lesson 08 ============================================
def test_8_1_psi_plus_is_accepted_with_any_global_phase():
    check = lesson08.one_mark_checker()
    assert lesson08.PSI_PLUS == pytest.approx([0, 1 / math.sqrt(2), 1 / math.sqrt(2), 0])
    assert check(circuit(2, ("h", 0), ("cx", 0, 1), ("x", 1))) is None
    assert check(circuit(2, ("h", 0), ("x", 1), ("cx", 0, 1))) is None
    assert check(circuit(2, ("h", 0), ("x", 1), ("cx", 0, 1), ("z", 0), ("z", 1))) is None      # global −1
    assert check(Statevector([0, 1j / math.sqrt(2), 1j / math.sqrt(2), 0])) is None
    measured = circuit(2, ("h", 0), ("cx", 0, 1), ("x", 1))
    measured.measure_all()
    assert check(measured) is None


BOTH = ("your circuit makes {}: with probability {} the mark would be in both squares or in neither. A mark is in "
        "exactly one square, so the two qubits must always differ.")
ODDS = ("your circuit makes {}: the mark is always in one square, but not with equal odds; the two squares need "
        "amplitudes of the same size.")
SIGN = ("your circuit makes {}: the right odds, but a relative sign differs from (|01⟩ + |10⟩)/√2. An H acting on "
        "|1⟩ puts in a minus sign, and so does Z: check the order of your gates.")


@pytest.mark.parametrize("answer, hint", [
    (circuit(2, ("h", 0), ("cx", 0, 1)), BOTH.format("0.707|00⟩ + 0.707|11⟩", "1.00")),
    (circuit(2, ("h", 0), ("x", 1)), BOTH.format("0.707|10⟩ + 0.707|11⟩", "0.50")),
    (circuit(2), BOTH.format("1|00⟩", "1.00")),
    (Statevector([0.1, math.sqrt(0.49), math.sqrt(0.49), math.sqrt(0.01)]),
     BOTH.format("0.1|00⟩ + 0.7|01⟩ + 0.7|10⟩ + 0.1|11⟩", "0.02")),
    (circuit(2, ("x", 0), ("h", 0), ("cx", 0, 1), ("x", 1)), SIGN.format("-0.707|01⟩ + 0.707|10⟩")),
    (circuit(2, ("h", 0), ("x", 1), ("cx", 0, 1), ("s", 0)), SIGN.format("0.707i|01⟩ + 0.707|10⟩")),
    (circuit(2, ("x", 1)), ODDS.format("1|10⟩")),
    (circuit(2, ("x", 0)), ODDS.format("1|01⟩")),
    (circuit(2, ("ry", 1.0, 0), ("x", 1), ("cx", 0, 1)), ODDS.format("0.479|01⟩ + 0.878|10⟩")),
    (Statevector([0, math.sqrt(0.505), math.sqrt(0.495), 0]), ODDS.format("0.711|01⟩ + 0.704|10⟩")),
])
def test_8_1_wrong_states_get_the_hint_that_says_what_the_mark_would_do(answer, hint):
    assert lesson08.one_mark_checker()(answer) == hint


def test_8_1_a_tiny_leak_into_both_or_neither_is_still_named():
    leak = 1e-5                                              # P(00) + P(11)
    sv = Statevector([math.sqrt(leak), math.sqrt((1 - leak) / 2), math.sqrt((1 - leak) / 2), 0])
    assert lesson08.one_mark_checker()(sv) == BOTH.format("0.003|00⟩ + 0.707|01⟩ + 0.707|10⟩", "0.00")


def test_8_1_a_leak_of_at_most_a_millionth_is_rounding_noise():
    r = math.sqrt((1 - 1e-6) / 2)
    sv = Statevector([1e-3, r, -r, 0])                       # P(00) = 1e-6 exactly, and a wrong sign
    assert lesson08.one_mark_checker()(sv) == SIGN.format("0.001|00⟩ + 0.707|01⟩ − 0.707|10⟩")


@pytest.mark.parametrize("n", [1, 3])
def test_8_1_a_circuit_with_the_wrong_number_of_qubits(n):
    assert lesson08.one_mark_checker()(QuantumCircuit(n)) == (
        f"use a circuit with 2 qubits (qubit 0 for square a, qubit 1 for square b), not {n}")


def test_8_1_an_answer_that_is_not_a_circuit():
    check = lesson08.one_mark_checker()
    assert verdict("H CX X", using=check) == "give a QuantumCircuit, not str"
    assert verdict([0, 1, 1, 0], using=check) == "give a QuantumCircuit, not list"


# ============================================ lesson 09 ============================================
def _task_9_4():
    position = QubitGame(seed=0)
    for cell in (3, 5, 4, 0, 8, 2):                          # X, O, X, O, X, O; X to move
        position.place(cell)
    return position


def _o_to_move():
    position = QubitGame(seed=0)
    for cell in (3, 0, 4, 1, 7):                             # X 3, 4, 7; O 0, 1; O to move
        position.place(cell)
    return position


def test_9_win_probability_for_the_player_to_move_and_the_opponent():
    x = _task_9_4()
    assert lesson09.win_probability(x, ("swap", 5, 8)) == (1, 0)
    assert lesson09.win_probability(x, ("swap", 0, 8)) == (0, 1)
    assert lesson09.win_probability(x, ("h", 1)) == (0, pytest.approx(0.5))
    assert lesson09.win_probability(x, ("place", 1)) == (0, 0)
    o = _o_to_move()
    assert o.to_move == "O"
    assert lesson09.win_probability(o, ("place", 2)) == (1, 0)
    assert lesson09.win_probability(o, ("swap", 1, 3)) == (0, 1)
    assert lesson09.win_probability(o, ("phase", 2, "T")) == (pytest.approx(0.8535533905932737), 0)
    assert lesson09.win_probability(o, ("entangle", 3, (2, 5))) == (pytest.approx(0.5), pytest.approx(0.5))
    assert x.to_move == "X" and o.to_move == "O" and x.cells == _task_9_4().cells     # left unchanged


def test_9_4_the_winning_move_is_accepted_as_a_tuple_or_a_list():
    check = lesson09.wins_at_once(_task_9_4())
    assert check(("swap", 5, 8)) is None and check(["swap", 8, 5]) is None
    assert lesson09.wins_at_once(_o_to_move())(("place", 2)) is None


NO_LINE_X = ("after the move {} no line is complete and nothing is measured: find a move that puts a X into a line "
             "of yours that has Xs in its other squares.")
PLACE_X = ("the move {} completes no line of Xs (it may block O, but the task asks for a win now): no empty square "
           "finishes a line of yours here. Which move changes two squares at once?")
MOVE_FORM = "give a move as a tuple, such as ('place', 4) or ('swap', 0, 1) (cells in code numbers 0..8)"


@pytest.mark.parametrize("move, hint", [
    (("swap", 0, 8), "the move ('swap', 0, 8) lets O win for certain: a SWAP moves O's mark as well as yours: look "
                     "at where O's mark ends up."),
    (("phase", 1, "ST"), "the move ('phase', 1, 'ST') lets O win with probability 0.146: the move fills a line that "
                         "a measurement can complete for O."),
    (("h", 1), "the move ('h', 1) lets O win with probability 0.500: the move fills a line that a measurement can "
               "complete for O."),
    (("place", 1), PLACE_X.format("('place', 1)")),
    (["place", 6], PLACE_X.format("('place', 6)")),
    (("swap", 3, 5), NO_LINE_X.format("('swap', 3, 5)")),
    (("h", 6), NO_LINE_X.format("('h', 6)")),
    (("place", 9), "the rules do not allow that move: cell 10 is off the board: cells are 1..9 (9 in code; code "
                   "counts 0..8)"),
    (("collapse",), "the rules do not allow that move: nothing is quantum: there is nothing to measure, and a "
                    "collapse does not pass the turn"),
    ("swap 5 8", MOVE_FORM), ((), MOVE_FORM), ([], MOVE_FORM), ((5, 8), MOVE_FORM), (None, MOVE_FORM), (58, MOVE_FORM),
])
def test_9_4_wrong_moves_get_the_hint_that_says_what_the_move_does(move, hint):
    assert lesson09.wins_at_once(_task_9_4())(move) == hint


@pytest.mark.parametrize("move, hint", [
    (("swap", 1, 3), "the move ('swap', 1, 3) lets X win for certain: a SWAP moves X's mark as well as yours: look "
                     "at where X's mark ends up."),
    (("phase", 5, "T"), "the move ('phase', 5, 'T') lets X win with probability 0.146: the move fills a line that a "
                        "measurement can complete for X."),
    (("entangle", 3, (2, 5)), "the move ('entangle', 3, (2, 5)) lets X win with probability 0.500: the move fills a "
                              "line that a measurement can complete for X."),
    (("h", 2), "the move ('h', 2) wins only with probability 0.500: it leaves the line to a measurement. A move that "
               "needs no luck exists."),
    (("phase", 2, "T"), "the move ('phase', 2, 'T') wins only with probability 0.854: it leaves the line to a "
                        "measurement. A move that needs no luck exists."),
    (("place", 5), "the move ('place', 5) completes no line of Os (it may block X, but the task asks for a win now): "
                   "no empty square finishes a line of yours here. Which move changes two squares at once?"),
    (("swap", 0, 3), "after the move ('swap', 0, 3) no line is complete and nothing is measured: find a move that "
                     "puts a O into a line of yours that has Os in its other squares."),
])
def test_9_4_hints_name_the_player_to_move_and_the_opponent(move, hint):
    assert lesson09.wins_at_once(_o_to_move())(move) == hint


def test_9_4_the_checker_does_not_change_the_position():
    position = _task_9_4()
    check = lesson09.wins_at_once(position)
    check(("swap", 0, 8)), check(("h", 1)), check(("swap", 5, 8))
    assert position.cells == _task_9_4().cells and position.to_move == "X"


# --- task 9.3: the first cell odd -----------------------------------------------------------------
def _odd_first():
    return circuit(3, ("h", 0), ("x", [1, 2]), ("cx", 0, 1), ("cx", 0, 2))


def test_9_3_cell_outcomes_in_cell_order():
    assert lesson09.cell_outcomes(_odd_first()) == {"XOO": 0.5, "OXX": 0.5}
    assert lesson09.cell_outcomes(circuit(3, ("x", 0))) == {"XOO": 1.0}
    assert lesson09.cell_outcomes(circuit(2, ("x", 1))) == {"OX": 1.0}
    assert lesson09.cell_outcomes(circuit(1, ("ry", 1.0, 0))) == {"O": 0.770151, "X": 0.229849}
    assert lesson09.cell_outcomes(circuit(1, ("ry", 1e-4, 0))) == {"O": 1.0, "X": 0.0}   # rounded, still listed
    assert lesson09.cell_outcomes(circuit(1, ("ry", 1e-5, 0))) == {"O": 1.0}              # below 1e-9: left out
    assert lesson09.cell_outcomes(Statevector([math.sqrt(1 - 1e-9), math.sqrt(1e-9)])) == {"O": 1.0}   # 1e-9: out
    assert lesson09.cell_outcomes(Statevector([math.sqrt(1 - 1e-9), 3.16227766016838e-05])) == {"O": 1.0, "X": 0.0}
    assert lesson09.ODD_FIRST == pytest.approx([0, 1 / math.sqrt(2), 0, 0, 0, 0, 1 / math.sqrt(2), 0])


def test_9_3_the_reference_is_accepted():
    check = lesson09.odd_first_checker()
    assert check(_odd_first()) is None
    assert check(circuit(3, ("h", 0), ("x", [1, 2]), ("cx", 0, 1), ("cx", 0, 2), ("z", 0), ("z", 0))) is None
    assert check(Statevector(lesson09.ODD_FIRST)) is None


PHASE_9_3 = ("the right probabilities, but a relative phase (a sign) is wrong. XOO and OXX each come out half the "
             "time, as asked, but with a minus sign (or another phase, such as i) between them, not +. On this board "
             "the odds would be the same, yet it "
             "is another state: an X on a qubit before its H turns the + of the superposition into a −")
OTHER_9_3 = ("{}, in cell order; the task asks for two boards, XOO and OXX, with probability 1/2 each: cell a "
             "different from b and c")


@pytest.mark.parametrize("answer, hint", [
    (circuit(3, ("h", 0), ("x", 1), ("x", 2), ("cx", 0, 1), ("cx", 1, 2)),
     "your cells come out as OXO (0.5) or XOX (0.5), in cell order: that is level 2, where the middle cell b is the "
     "odd one out. Follow the branch a = X through your gates: which cells does it flip, and which do the CNOTs read?"),
    (circuit(3, ("h", 0), ("cx", 0, 1), ("cx", 0, 2)),
     "your cells come out as OOO (0.5) or XXX (0.5): all three cells always equal, which is GHZ (level 4). An odd "
     "cell needs X gates on the cells that must differ from a"),
    (circuit(3, ("h", 2), ("x", 0), ("x", 1), ("cx", 2, 0), ("cx", 2, 1)),
     "your cells come out as OOX (0.5) or XXO (0.5), in cell order: the third cell c is the odd one out. Qiskit "
     "writes qubit 0 rightmost, so a bitstring read left to right lists the cells backwards: did you build it from "
     "a bitstring read the wrong way round?"),
    (circuit(3, ("x", 0), ("h", 0), ("x", 1), ("x", 2), ("cx", 0, 1), ("cx", 0, 2)),
     "your circuit makes -0.707|001⟩ + 0.707|110⟩: " + PHASE_9_3),
    (circuit(3, ("h", 0), ("x", 1), ("x", 2), ("cx", 0, 1), ("cx", 0, 2), ("s", 0)),   # i, not a minus sign
     "your circuit makes 0.707i|001⟩ + 0.707|110⟩: " + PHASE_9_3),
    (circuit(3, ("h", 0), ("h", 1), ("h", 2)),
     OTHER_9_3.format("your cells come out as " + " or ".join(
         f"{k} (0.125)" for k in ["OOO", "OOX", "OXO", "OXX", "XOO", "XOX", "XXO", "XXX"]))),
    (circuit(3, ("x", 0)), OTHER_9_3.format("your cells come out as XOO (1)")),
    (circuit(3, ("h", 0), ("x", 1), ("cx", 0, 1)), OTHER_9_3.format("your cells come out as OXO (0.5) or XOO (0.5)")),
    (circuit(3, ("h", 0), ("x", 1), ("x", 2), ("cx", 0, 1)),
     OTHER_9_3.format("your cells come out as OXX (0.5) or XOX (0.5)")),
])
def test_9_3_wrong_circuits_get_the_hint_that_names_the_slip(answer, hint):
    assert lesson09.odd_first_checker()(answer) == hint


@pytest.mark.parametrize("n", [2, 4])
def test_9_3_a_circuit_with_the_wrong_number_of_qubits(n):
    assert lesson09.odd_first_checker()(QuantumCircuit(n)) == f"use a circuit with 3 qubits, not {n}"


def test_9_3_an_answer_that_is_not_a_circuit():
    assert verdict("H X CX", using=lesson09.odd_first_checker()) == "give a QuantumCircuit, not str"


# ============================================ lesson 10 ============================================
def test_10_grover_state_after_some_rounds():
    s = 1 / math.sqrt(8)
    assert np.allclose(lesson10.grover_state(3, [6], 0), [s] * 8)
    one = lesson10.grover_state(3, [6], 1)
    assert np.allclose(one, [s / 2] * 6 + [5 * s / 2, s / 2])          # 1/(4√2) each, 5/(4√2) at index 6
    assert np.allclose(lesson10.grover_state(2, [3], 1), [0, 0, 0, 1])    # N = 4: one round finds it
    assert np.allclose(lesson10.grover_state(3, [1, 2], 1), [0, 1 / math.sqrt(2), 1 / math.sqrt(2), 0, 0, 0, 0, 0])
    two = lesson10.grover_state(3, [6], 2)
    assert abs(two[6]) ** 2 == pytest.approx(0.9453125)
    assert lesson10.grover_state(3, [6], 1).dtype == complex


def _grover(marked_x, rounds=1, start=True, oracle=True, diffusion=True):
    qc = QuantumCircuit(3)
    if start:
        qc.h([0, 1, 2])
    for _ in range(rounds):
        if oracle:
            if marked_x:
                qc.x(marked_x)
            qc.ccz(0, 1, 2)
            if marked_x:
                qc.x(marked_x)
        if diffusion:
            qc.h([0, 1, 2]); qc.x([0, 1, 2]); qc.ccz(0, 1, 2); qc.x([0, 1, 2]); qc.h([0, 1, 2])   # noqa: E702
    return qc


def test_10_2_one_round_is_accepted():
    assert lesson10.grover_round(3, 6)(_grover([0])) is None
    assert lesson10.grover_round(3, 5)(_grover([1])) is None
    assert lesson10.grover_round(3, 7)(_grover([])) is None



def test_10_2_accepts_the_diffusion_as_d_or_as_minus_d_as_the_task_says():
    """Task 10.2 says the check compares up to a global phase, so H X CCZ X H (which is -D) passes,
    and so does the exact D = 2|s><s| - I (here: the same gates and a global phase of pi)."""
    from qiskit.quantum_info import Operator
    minus_d = QuantumCircuit(3)
    minus_d.h([0, 1, 2]); minus_d.x([0, 1, 2]); minus_d.ccz(0, 1, 2); minus_d.x([0, 1, 2]); minus_d.h([0, 1, 2])  # noqa: E702
    s = np.full(8, 1 / math.sqrt(8))
    D = 2 * np.outer(s, s) - np.eye(8)
    assert np.allclose(Operator(minus_d).data, -D)                       # the usual gates make -D, not D
    exact_d = _grover([0]); exact_d.global_phase += math.pi                # one round with +D exactly
    assert np.allclose(Statevector(exact_d).data, lesson10.grover_state(3, [6], 1))
    assert np.allclose(Statevector(_grover([0])).data, -lesson10.grover_state(3, [6], 1))
    assert lesson10.grover_round(3, 6)(exact_d) is None
    assert lesson10.grover_round(3, 6)(_grover([0])) is None
    # a phase on part of the state is not a global phase: the diffusion left out is still refused
    assert lesson10.grover_round(3, 6)(_grover([0], diffusion=False)) is not None

EQUAL = ("all 8 outcomes are still equally likely (1/8 each): an oracle alone only flips a sign, which a "
         "measurement cannot see, and a diffusion alone leaves |s⟩ as it is. One round is the oracle followed by the "
         "diffusion.")
ROUNDS = ("that is {} rounds (P(index 6) = {}); the task asks for one round: the oracle and the diffusion once each.")
OTHER = ("your circuit gives P(index {}) = {}; one round gives 0.781. Start from the equal superposition (H on every "
         "qubit), then the oracle (a sign flip of |{}⟩ only), then the diffusion (H, X, CCZ, X, H on every qubit).")


@pytest.mark.parametrize("answer, hint", [
    (_grover([0], diffusion=False), EQUAL),
    (_grover([0], oracle=False), EQUAL),
    (_grover([2]), "your circuit amplifies index 3 = 011, not 6 = 110: the index is read backwards. In Qiskit qubit "
                   "0 is the rightmost bit of an index."),
    (_grover([0], rounds=2), ROUNDS.format(2, "0.945")),
    (_grover([0], rounds=3), ROUNDS.format(3, "0.330")),
    (_grover([0], rounds=4), OTHER.format(6, "0.012", "110")),
    (_grover([0], start=False), OTHER.format(6, "0.062", "110")),
    (_grover([1]), OTHER.format(6, "0.031", "110")),
    (QuantumCircuit(3), OTHER.format(6, "0.000", "110")),
])
def test_10_2_wrong_circuits_get_the_hint_that_names_the_slip(answer, hint):
    assert checker_of("10.2")(answer) == hint          # the notebook's check, with the slips its cell names


def test_10_2_outcomes_equal_up_to_rounding_noise_count_as_equally_likely():
    qc = QuantumCircuit(3)
    qc.h([0, 1, 2])
    qc.ry(1.4e-5, 0)                                         # each probability off 1/8 by 1.75e-6
    assert lesson10.grover_round(3, 6)(qc) == EQUAL


def test_10_2_the_hints_speak_of_the_index_asked():
    check = lesson10.grover_round(3, 1)                       # 001, reversed 100 = 4
    assert check(_grover([1, 2])) is None
    assert check(_grover([0, 1])) == OTHER.format(1, "0.031", "001")   # the library names no backwards slip itself
    named = lesson10.grover_round(3, 1, mistakes=[(lesson10.grover_state(3, [4], 1), "index 4: read backwards")])
    assert named(_grover([0, 1])) == "index 4: read backwards"       # the check cell's table names it
    assert named(_grover([1, 2])) is None
    assert check(_grover([1, 2], rounds=2)) == ("that is 2 rounds (P(index 1) = 0.945); the task asks for one round: "
                                                "the oracle and the diffusion once each.")
    assert check(QuantumCircuit(3)) == OTHER.format(1, "0.000", "001")
    palindrome = lesson10.grover_round(3, 5)
    assert palindrome(_grover([0])) == (
        "your circuit gives P(index 5) = 0.031; one round gives 0.781. Start from the equal superposition (H on "
        "every qubit), then the oracle (a sign flip of |101⟩ only), then the diffusion (H, X, CCZ, X, H on every "
        "qubit).")


def test_10_2_other_sizes():
    two = lesson10.grover_round(2, 1)                         # N = 4: one round finds index 1 for certain
    qc = QuantumCircuit(2)
    qc.h([0, 1]); qc.x(1); qc.cz(0, 1); qc.x(1)              # noqa: E702 - oracle of |01>
    qc.h([0, 1]); qc.x([0, 1]); qc.cz(0, 1); qc.x([0, 1]); qc.h([0, 1])      # noqa: E702
    assert two(qc) is None
    assert two(QuantumCircuit(2)) == (
        "your circuit gives P(index 1) = 0.000; one round gives 1.000. Start from the equal superposition (H on "
        "every qubit), then the oracle (a sign flip of |01⟩ only), then the diffusion (H, X, CCZ, X, H on every "
        "qubit).")
    h = QuantumCircuit(2)
    h.h([0, 1])
    assert two(h) == ("all 4 outcomes are still equally likely (1/4 each): an oracle alone only flips a sign, which "
                      "a measurement cannot see, and a diffusion alone leaves |s⟩ as it is. One round is the oracle "
                      "followed by the diffusion.")


@pytest.mark.parametrize("n", [2, 4])
def test_10_2_a_circuit_with_the_wrong_number_of_qubits(n):
    assert lesson10.grover_round(3, 6)(QuantumCircuit(n)) == f"use a circuit with 3 qubits, not {n}"


def test_10_2_an_answer_that_is_not_a_circuit():
    assert verdict("H oracle D", using=lesson10.grover_round(3, 6)) == "give a QuantumCircuit, not str"


# --- task 10.3: the success probability --------------------------------------------------------
def test_10_p_success_reference_values():
    ref = lesson10.p_success_reference
    assert ref(2, 1, 1) == pytest.approx(1.0)
    assert ref(3, 1, 0) == pytest.approx(1 / 8)
    assert ref(3, 1, 1) == pytest.approx(0.78125)
    assert ref(3, 1, 2) == pytest.approx(0.9453125)
    assert ref(6, 9, 2) == pytest.approx(math.sin(5 * math.asin(3 / 8)) ** 2)
    assert ref(3, 0, 2) == 0.0 and ref(3, 8, 1) == pytest.approx(1.0)


def test_10b_formula_curve_follows_the_grover_rounds_it_draws():
    # the figure's lines: each value is P(marked) of the round-by-round state (grover_state, oracle
    # then diffusion applied r times), not a copy of the formula
    for n, M in [(3, 1), (5, 1), (6, 1), (4, 3), (5, 8)]:
        curve = lesson10.formula_curve(n, M, range(9))
        for r, p in enumerate(curve):
            state = lesson10.grover_state(n, range(M), r)
            assert p == pytest.approx(float(np.sum(np.abs(state[:M]) ** 2)), abs=1e-9)
    assert lesson10.formula_curve(3, 1, []) == []


@pytest.mark.parametrize("args", [(0, 1, [1]), (3, 9, [1]), (3, -1, [1]), (3, 1, [-1]), (3, 1, [1.5]), (3.0, 1, [1])])
def test_10b_formula_curve_refuses_bad_input(args):
    with pytest.raises(ValueError):
        lesson10.formula_curve(*args)


def test_10_p_success_inputs_cover_every_size_and_the_edge_cases():
    inputs = lesson10.P_SUCCESS_INPUTS
    assert {n for n, _, _ in inputs} == set(range(1, 9))
    assert {r for _, _, r in inputs} == set(range(0, 6))
    for n in range(1, 9):
        N = 2 ** n
        assert {M for m, M, _ in inputs if m == n and (m, M) not in [(3, 0), (6, 9)]} == (
            {M for M in {1, 2, 3, N // 4, N // 2, N} if 1 <= M <= N})
    assert inputs[-3:] == [(3, 0, 2), (6, 9, 2), (6, 9, 1)]
    assert len(inputs) == len(set(inputs)) == 249


def test_10_3_the_reference_is_accepted():
    check = checker_of("10.3")
    assert check(lesson10.p_success_reference) is None

    def with_cos(n, M, r):                                   # another right formula
        theta = math.asin(math.sqrt(M / 2 ** n))
        return (1 - math.cos(2 * (2 * r + 1) * theta)) / 2
    assert check(with_cos) is None
    assert check(lambda n, M, r: np.float64(lesson10.p_success_reference(n, M, r))) is None


def _theta(M, N):
    return math.asin(math.sqrt(M / N))


@pytest.mark.parametrize("f, hint", [
    (lambda n, M, r: math.sin((2 * r + 1) * math.asin(math.sqrt(M / n))) ** 2,
     "you used N = n; N is the number of indices, 2**n"),
    (lambda n, M, r: math.sin(r * _theta(M, 2 ** n)) ** 2,
     "the angle after r rounds is (2r + 1)θ, not rθ: the start already sits at θ, and each round adds 2θ"),
    (lambda n, M, r: math.sin(2 * r * _theta(M, 2 ** n)) ** 2,
     "the angle after r rounds is (2r + 1)θ, not 2rθ: the start already sits at θ"),
    (lambda n, M, r: math.sin((r + 1) * _theta(M, 2 ** n)) ** 2,
     "each round turns the state by 2θ, not θ: the angle after r rounds is (2r + 1)θ"),
    (lambda n, M, r: math.sin((2 * r + 1) * _theta(M, 2 ** n)),
     "that is the amplitude sin((2r + 1)θ); a probability is its square"),
    (lambda n, M, r: math.sin((2 * r + 1) * math.asin(M / 2 ** n)) ** 2,
     "sin θ = √(M/N), the square root of the fraction of marked indices, not M/N itself"),
    (lambda n, M, r: math.sin((2 * r + 1) * math.sqrt(M / 2 ** n)) ** 2,
     "θ = arcsin √(M/N); √(M/N) is sin θ, not θ (they differ once M/N is not small)"),
    (lambda n, M, r: math.sin((2 * r + 3) * _theta(M, 2 ** n)) ** 2,
     "for n = 2, M = 1, r = 0 your function returned 1.0; expected 0.25"),
])
def test_10_3_the_usual_wrong_formulas_get_the_hint_that_names_the_mistake(f, hint):
    assert checker_of("10.3")(f) == hint


def test_10_3_a_usual_mistake_written_another_way_is_still_recognised():
    # θ = arctan √(M/(N − M)) is arcsin √(M/N), with other rounding errors
    amplitude = lambda n, M, r: math.sin((2 * r + 1) * math.atan(math.sqrt(M / (2 ** n - M))))    # noqa: E731
    assert checker_of("10.3")(amplitude) == "that is the amplitude sin((2r + 1)θ); a probability is its square"


def test_10_3_a_function_wrong_only_outside_the_diagnostic_inputs_is_named_at_its_first_bad_input():
    ref = lesson10.p_success_reference
    check = checker_of("10.3")
    assert check(lambda n, M, r: ref(n, M, r) + (n == 8) * 1e-3) == (
        f"for n = 8, M = 1, r = 0 your function returned {ref(8, 1, 0) + 1e-3!r}; expected {ref(8, 1, 0)!r}")
    assert check(lambda n, M, r: 0.5 if (n, M) == (1, 2) else ref(n, M, r)) == (
        "for n = 1, M = 2, r = 0 your function returned 0.5; expected 1.0")
    assert check(lambda n, M, r: 0.5 if M == 0 else ref(n, M, r)) == (
        "for n = 3, M = 0, r = 2 your function returned 0.5; expected 0.0")
    assert check(lambda n, M, r: ref(n, M, r) + 2e-6 * (r == 5)) is not None        # within 1e-6 only
    assert check(lambda n, M, r: ref(n, M, r) + 5e-7) is None


def test_10_3_a_function_that_raises():
    check = checker_of("10.3")

    def domain(n, M, r):
        if n == 8:
            raise ValueError("math domain error")
        return lesson10.p_success_reference(n, M, r)
    assert check(domain) == ("your function raised ValueError (math domain error) for some n, M, r: check that the "
                             "square root and arcsin get a number between 0 and 1")
    assert check(lambda n, M, r: 1 / 0) == ("your function raised ZeroDivisionError (division by zero) for some n, M, "
                                            "r: check that the square root and arcsin get a number between 0 and 1")
    assert check(lambda n, M, r: math.exp(1000)) == (
        "your function raised OverflowError (math range error) for some n, M, r: check that the square root and "
        "arcsin get a number between 0 and 1")

    def stub(n, M, r):
        raise NotImplementedError
    with pytest.raises(NotImplementedError):
        check(stub)
    assert verdict(stub, using=check) == (
        "your function is still the stub (it raises NotImplementedError): write its body.")
    with pytest.raises(KeyError):                            # other errors are the caller's (verdict) to report
        check(lambda n, M, r: {}[n])
    assert verdict(lambda n, M, r: {}[n], using=check) == (
        "that answer could not be checked (KeyError: 1). Look again at what the task asks for.")


def test_10_3_a_wrong_kind_of_result_or_answer():
    check = checker_of("10.3")
    assert check(lambda n, M, r: "x") == "for input 1, 1, 0 your function returned 'x': give a number, not the text 'x'"
    assert check(lambda n, M, r: None) == "for input 1, 1, 0 your function returned None: give a number, not None"
    assert check(0.5) == "give a function (def p_success(n, M, r): ...), not float"
    assert check(None) == "give a function (def p_success(n, M, r): ...), not NoneType"
