"""The claims lesson 06 makes, checked with the rules engine and the exact solver."""
from __future__ import annotations

import random

from qttt_widgets.exercises import lesson06
from qttt_widgets.players.solver import GoffSolver, shared_solver
from qttt_widgets.rules.goff import GoffGame
from qttt_widgets.rules.records import parse_actions

from helpers import lesson_json


def _playouts(n, seed=11, rules="goff"):
    rng = random.Random(seed)
    for k in range(n):
        g = GoffGame(collapse=rules, seed=k if rules == "random" else None)
        while not g.is_over:
            yield g
            g.apply(rng.choice(g.legal_moves()))
        yield g


def _under_coin(record, seed):
    r = GoffGame(collapse="random", seed=seed)
    for action in parse_actions(record):
        r.apply(action[1:] if len(action) > 2 else action[1])
    return r


def test_the_encyclopedia_cycle_and_who_chooses():
    g = GoffGame.from_record("14 15 48 81")
    assert g.pending.chooser == "X" and set(g.pending.cycle) == {0, 3, 7}
    for choice in g.pending.options:                                  # O2 hangs off: always square 5
        assert dict(g.copy().collapse(choice).last_collapse.placed)[2] == 4


def test_task_6_1_four_marks_close_a_cycle():
    g = GoffGame.from_record("15 59 37")
    closing = {(a + 1, b + 1) for a, b in g.legal_moves() if g.copy().play(a, b).pending}
    assert closing == {(1, 5), (1, 9), (5, 9), (3, 7)}


def test_the_draft_page_slip_and_its_two_collapses():
    assert GoffGame.from_record("12 25 13").pending is None            # O2 in 2-5: no cycle
    g = GoffGame.from_record("12 23 13")
    assert g.pending.chooser == "O"
    # "move 1 settles into square 1, forcing move 3 out; it settles into square 3, ... move 2 into square 2"
    assert dict(g.copy().collapse(2).last_collapse.placed) == {1: 0, 2: 1, 3: 2}
    # "move 3 is in square 1, forcing move 1 into square 2 and move 2 into square 3"
    assert dict(g.copy().collapse(0).last_collapse.placed) == {1: 1, 2: 2, 3: 0}


def test_task_6_3_and_hanging_chains_land_the_same_way_in_both_collapses():
    g = GoffGame.from_record("78 89 69 36 79")
    assert [dict(g.copy().collapse(o).last_collapse.placed)[3] for o in g.pending.options] == [5, 5]
    seen = 0
    for g in _playouts(1500):
        p = g.pending
        if p is None:
            continue
        outcomes = [dict(g.copy().collapse(o).last_collapse.placed) for o in p.options]
        off_cycle = set(outcomes[0]) - set(p.cycle_marks)
        assert {s: outcomes[0][s] for s in off_cycle} == {s: outcomes[1][s] for s in off_cycle}
        assert sorted(outcomes[0][s] for s in p.cycle_marks) == sorted(p.cycle)   # the cycle fills its squares
        seen += bool(off_cycle)
    assert seen > 50


def test_the_last_mark_is_always_a_classical_x9():
    count = 0
    for g in _playouts(1500):
        if g.is_over and g.history[-1][0] == "classical":
            assert g.move_number == 10 and g.classical[g.history[-1][1]] == ("X", 9)
            count += 1
    assert count > 50


def test_the_double_line_example():
    g = GoffGame.from_record("78 16 14 38 26 79 29 19(9) 5")
    assert g.scores == {"X": 2.0, "O": 0.0} and len(g.lines()) == 2


def test_goff_score_agrees_with_the_engine_and_only_x_scores_two():
    for g in _playouts(3000):
        if g.is_over:
            assert lesson06.goff_score([(p, top) for p, _, top in g.lines()]) == g.scores
            assert g.scores["O"] <= 1 and g.scores["X"] <= 2


def test_task_6_5_o_chooses_and_square_8_is_best():
    g = GoffGame.from_record("29 46 48 49 25 39 48")
    assert g.pending.chooser == "O" and g.pending.cycle_marks == (3, 7)      # a cycle of two marks
    results = {o + 1: g.copy().collapse(o).scores for o in g.pending.options}
    assert results == {4: {"X": 1.0, "O": 0.5}, 8: {"X": 0.5, "O": 1.0}}
    assert shared_solver("goff").action_values(g) == {3: 0.5, 7: -0.5}
    check = lesson06.best_collapse("29 46 48 49 25 39 48")
    assert check((8, 1)) is None and check((8, 1.0)) is None
    for wrong in [(4, 1), (4, 0.5), (8, 0.5), (8, 2), 8]:
        assert check(wrong) is not None
    # the hints for the wrong square name who chooses but neither the better square nor its result
    for wrong in [(4, 1), (4, 0.5)]:
        hint = check(wrong)
        assert "O chooses" in hint and "8" not in hint and "1/2" not in hint and "½" not in hint


def test_task_6_6_random_collapse_expected_points():
    runs = [_under_coin("29 46 48 49 25 39 48", s).scores["X"] for s in range(2000)]
    assert abs(sum(runs) / len(runs) - 0.75) < 0.03
    before = _under_coin("29 46 48 49 25 39", 0)
    assert GoffSolver("random").action_values(before)[(3, 7)] == 0.0


def test_going_further_only_1_7_keeps_the_draw():
    v = shared_solver("goff").action_values(GoffGame.from_record("14 59 47"))
    assert (v[(0, 3)], v[(3, 6)], v[(0, 6)]) == (0.5, 0.5, 0.0)
    assert min(v.values()) == 0.0 and [a for a, x in v.items() if x == 0.0] == [(0, 6)]


def test_the_hanging_chain_example_uses_the_articles_own_o2():
    """Lesson 06, "Chains hanging off the cycle": in the article's game O2 already is in 1-5 (no
    "if it were"), hanging off square 1 of the cycle 1-4-8; each collapse puts a cycle mark (X1 or
    O4) in square 1, so both force O2 into square 5."""
    g = GoffGame.from_record("14 15 48 81")
    assert ("O", 2, 0, 4) in g.spooky                                    # O2 is in squares 1 and 5 already
    for choice in g.pending.options:
        placed = dict(g.copy().collapse(choice).last_collapse.placed)
        assert placed[2] == 4 and 0 in {placed[1], placed[4]}          # O2 in square 5; X1 or O4 in square 1
    nb = lesson_json(6)
    text = "".join("".join(c["source"]) for c in nb["cells"])
    assert "were also\nlinked by O₂" not in text and "O₂ in 1–5 hangs" in text


def test_task_6_4_a_game_ends_with_one_of_three_kinds_of_line_list():
    """Task 6.4's text: the lines at the end of a game are no line, one or two lines of one player
    (two only for X), or one line of each player; the check's ten lists are of these kinds."""
    def kind(lines):
        x = sum(p == "X" for p, _ in lines)
        o = sum(p == "O" for p, _ in lines)
        if not lines:
            return "none"
        if o == 0 and x in (1, 2) or x == 0 and o == 1:
            return "one player"
        return "one each" if (x, o) == (1, 1) else f"other: {lines}"
    seen = set()
    for g in _playouts(3000):
        if g.is_over:
            seen.add(kind([(p, top) for p, _, top in g.lines()]))
    assert seen == {"none", "one player", "one each"}
    assert {kind(lines) for (lines,) in lesson06.SCORE_CASES} == {"none", "one player", "one each"}


def test_the_coin_variant_keeps_goffs_scoring_half_points_included():
    """06b: only the measurement changes under the coin; the scoring stays Goff's. Random games under
    both rules end with the same kinds of scores, ½ points (a later line) included."""
    def finals(rules):
        return {tuple(sorted(g.scores.items())) for g in _playouts(400, seed=5, rules=rules) if g.is_over}
    goff, coin = finals("goff"), finals("random")
    assert any(0.5 in dict(s).values() for s in coin)             # a half point under the coin too
    assert coin <= goff | {(("O", 0.0), ("X", 0.0))}             # no score the Goff rules could not give
