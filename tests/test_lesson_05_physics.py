"""The claims lesson 05 makes, checked with the rules engine."""
from __future__ import annotations

import random

from qttt_widgets.exercises import lesson05
from qttt_widgets.rules.goff import GoffGame
from qttt_widgets.rules.records import parse_actions


def _random_games(n, seed=5):
    rng = random.Random(seed)
    for _ in range(n):
        g = GoffGame()
        yield g
        while not g.is_over:
            g.apply(rng.choice(g.legal_moves()))
            yield g


def test_subscripts_are_move_numbers_x_odd_o_even():
    g = GoffGame().play(0, 8).play(4, 8).play(1, 2).play(3, 5)
    assert [(p, s) for p, s, _, _ in g.spooky] == [("X", 1), ("O", 2), ("X", 3), ("O", 4)]


def test_a_square_can_hold_eight_spooky_marks_and_no_more():
    g = GoffGame()
    for other in (0, 1, 2, 3, 5, 6, 7, 8):
        g.play(4, other)
    assert g.pending is None and len(g.marks_in(4)) == 8
    for g in _random_games(300):
        assert all(len(g.marks_in(sq)) <= 8 for sq in range(9))


def test_between_turns_the_spooky_marks_form_a_forest():
    """A group of n squares holds n - 1 marks (no loop) whenever no measurement is waiting."""
    for g in _random_games(300):
        if g.pending is None:
            for grp in lesson05.groups(g):
                marks = [m for m in g.spooky if m[2] in grp]
                assert len(marks) == len(grp) - 1


def test_groups_of_the_pictures_and_of_task_5_2():
    assert [sorted(x) for x in lesson05.groups(GoffGame().play(0, 1).play(1, 2).play(6, 8))] == [[0, 1, 2], [6, 8]]
    g = GoffGame().play(0, 1).play(4, 5).play(1, 5).play(6, 7)
    assert {s + 1 for s in lesson05.group_of(g, 0)} == {1, 2, 5, 6}


def test_a_mark_inside_a_group_closes_a_cycle_and_one_across_groups_does_not():
    g = GoffGame().play(0, 1).play(1, 2)
    assert g.copy().play(0, 2).pending is not None
    assert g.copy().play(2, 5).pending is None
    assert GoffGame().play(3, 4).play(3, 4).pending is not None          # the same pair twice


def test_task_5_3_reference_and_a_tree_needs_three_marks_for_four_corners():
    assert lesson05.corners_linked(GoffGame().play(0, 2).play(2, 8).play(8, 6).play(6, 7)) is None
    assert GoffGame().play(0, 2).play(2, 8).play(8, 6).play(6, 0).pending is not None


def test_the_notation_examples():
    h = GoffGame.from_record("19 59 15(5)")
    assert parse_actions("19 59 15(5)") == [("mark", 0, 8), ("mark", 4, 8), ("mark", 0, 4), ("collapse", 4)]
    assert h.last_collapse.sub == 3 and h.last_collapse.square == 4
    assert GoffGame().play(0, 8).play(4, 8).notation() == "19 59"
    c = GoffGame.from_record("12 45 14 25(5)").last_collapse
    assert (c.sub, c.square) == (4, 4)                                   # O4 to square 5


def test_task_5_4_the_second_collapse_sends_x7_to_square_9():
    """Task 5.4: in `12 45 14 25(5) 36 69 39(9)` the (9) follows the seventh pair (X7, squares 3-9), which
    closes the cycle 3-6-9; the (5) before it is a collapse, not a mark. The game then ends: X's row
    1-2-3 (largest subscript 5) scores 1 and O's row 4-5-6 (largest subscript 6) scores 1/2."""
    g = GoffGame.from_record("12 45 14 25(5) 36 69 39(9)")
    assert (g.last_collapse.sub, g.last_collapse.square) == (7, 8)
    assert GoffGame.from_record("12 45 14 25(5) 36 69 39").pending.sub == 7
    assert g.scores == {"X": 1.0, "O": 0.5}
    check = lesson05.mark_text("X7", wrong=[("O6", "closed the cycle")])
    assert check("X7") is None and check("X₇") is None and check("O6") == "closed the cycle"


def test_task_5_5_position_has_no_cycle_and_its_record_round_trips():
    g = lesson05.mystery_position("5.5")
    assert g.pending is None and not any(g.classical)
    assert GoffGame.from_record(g.notation()).spooky == g.spooky


def test_task_5_6_answers_are_exactly_2_8_and_3_8():
    check = lesson05.link_move("12 56 23 89", 1, 9)
    good = {(a, b) for a in range(1, 10) for b in range(a + 1, 10) if check((a, b)) is None}
    assert good == {(2, 8), (3, 8)}


def test_task_5_6_accepts_common_forms_and_its_format_hint_names_no_answer():
    check = lesson05.link_move("12 56 23 89", 1, 9)
    for form in ["28", "2 8", "2-8", "(2, 8)", "2,8", 28, [2, 8], (8, 2), "38"]:
        assert check(form) is None, form
    hint = check("28 39")
    assert "(4, 7)" in hint and check((4, 7)) is not None        # the example is not a right answer
    assert not any(f"{a}, {b}" in hint or f"{a}{b}" in hint for a, b in [(2, 8), (8, 2), (3, 8), (8, 3)])


def test_task_5_4_accepts_subscript_digits():
    check = lesson05.mark_text("O4", wrong=[("O2", "closed the cycle")])
    assert all(check(a) is None for a in ["O4", "O₄", "o4", " O_4 "])
    assert check("O₂") == "closed the cycle"


def test_task_5_5_run_together_record_gets_a_friendly_hint():
    check = lesson05.same_record("15 37 59 34 26")
    assert "spaces" in check("1537593426")
    assert check("15,37,59,34,26") is None
