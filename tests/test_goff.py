"""Goff's rules, checked against the worked examples in the seeds and games played to the end.

Squares are 0..8 in code; the notation strings use 1..9 as people do."""
import random
from collections import Counter

import pytest

from qttt_widgets.rules.errors import IllegalMove, RecordError
from qttt_widgets.rules.goff import GoffGame

from helpers import goff_state


def game(moves: str, **kw) -> GoffGame:
    return GoffGame.from_record({"format": "qttt-goff", "rules": kw.get("collapse", "goff"),
                                 "seed": kw.get("seed"), "moves": moves})


# --- the encyclopedia's example (seed 003) -------------------------------------
def encyclopedia_position() -> GoffGame:
    # people's squares: X1 in 1-4, O2 in 1-5, X3 in 4-8, O4 in 8-1 (closes 1-4-8-1)
    return GoffGame().play(0, 3).play(0, 4).play(3, 7).play(7, 0)


def test_encyclopedia_cycle_is_chosen_by_the_player_who_did_not_make_it():
    g = encyclopedia_position()
    assert g.pending is not None
    assert g.pending.chooser == "X" and g.to_move == "X"       # O made the cycle; X chooses
    assert g.pending.sub == 4 and g.pending.options == (7, 0)
    assert set(g.pending.cycle) == {0, 3, 7}
    assert sorted(g.pending.cycle_marks) == [1, 3, 4]           # O2 hangs off the cycle


def test_encyclopedia_first_collapse_x1_in_square_1():
    # "X1 collapses into square 1. This forces O4 into square 8 and X3 into square 4"
    g = encyclopedia_position().collapse(7)                      # O4 -> 8 is that same outcome
    assert g.classical[0] == ("X", 1)
    assert g.classical[7] == ("O", 4)
    assert g.classical[3] == ("X", 3)
    assert g.classical[4] == ("O", 2)                            # the hanging chain: O2 -> 5
    assert g.spooky == ()


def test_encyclopedia_second_collapse_x1_in_square_4():
    # "X1 collapses into square 4. This forces X3 into square 8 and O4 into square 1"
    g = encyclopedia_position().collapse(0)
    assert g.classical[3] == ("X", 1)
    assert g.classical[7] == ("X", 3)
    assert g.classical[0] == ("O", 4)
    assert g.classical[4] == ("O", 2)                            # O2 -> 5 either way
    assert g.to_move == "X" and not g.is_over                    # the chooser plays next


# --- the draft page's example (seed 004) ----------------------------------------
def draft_position() -> GoffGame:
    # X1 in 1-2, O2 in 2-3, X3 in 1-3: a cycle made by X
    return GoffGame().play(0, 1).play(1, 2).play(0, 2)


def test_draft_example_both_collapses():
    g = draft_position()
    assert g.pending.chooser == "O"
    # top image: move 1 in square 1, move 3 in square 3, move 2 in square 2
    top = draft_position().collapse(2)
    assert top.classical[:3] == (("X", 1), ("O", 2), ("X", 3))
    # bottom image: move 3 in square 1, move 1 in square 2, move 2 in square 3
    bottom = draft_position().collapse(0)
    assert bottom.classical[:3] == (("X", 3), ("X", 1), ("O", 2))


def test_draft_blocking_example_always_leaves_two_x_and_one_o():
    # X marks 1-4 and 4-7; O answers inside those three squares and makes a cycle
    for o_pair in ((0, 3), (0, 6), (3, 6)):
        base = GoffGame().play(0, 3).play(2, 5).play(3, 6).play(*o_pair)
        assert base.pending is not None and base.pending.chooser == "X"
        for choice in base.pending.options:
            g = base.copy().collapse(choice)
            marks = sorted(g.classical[i][0] for i in (0, 3, 6))
            assert marks == ["O", "X", "X"]


# --- cycles, chains, the last mark ---------------------------------------------------
def test_two_marks_on_one_pair_is_a_cycle():
    g = GoffGame().play(4, 8).play(4, 8)
    assert g.pending.cycle == (4, 8) and g.pending.cycle_marks == (1, 2)
    g.collapse(8)
    assert g.classical[8] == ("O", 2) and g.classical[4] == ("X", 1)


def test_hanging_chains_collapse_with_the_cycle():
    # cycle 0-1-2 with a chain 2-5-8 hanging off it; an unrelated mark 6-7 stays spooky
    g = GoffGame().play(0, 1).play(2, 5).play(5, 8).play(6, 7).play(1, 2).play(0, 2)
    assert g.pending.chooser == "X"
    g.collapse(0)                                   # O6 -> 0, X1 -> 1, O4... forced along
    placed = {sq: mark for sq, mark in enumerate(g.classical) if mark}
    assert placed == {0: ("O", 6), 1: ("X", 1), 2: ("X", 5), 5: ("O", 2), 8: ("X", 3)}
    assert g.spooky == (("O", 4, 6, 7),)
    assert g.last_collapse.sub == 6 and g.last_collapse.by == "X"


def test_chain_is_not_a_cycle():
    g = GoffGame().play(0, 1).play(1, 2).play(2, 3).play(3, 4)
    assert g.pending is None and len(g.spooky) == 4


def test_ninth_mark_is_classical_in_the_last_square():
    g = game("18 48 67 27 25 45 19 46(4)")
    assert g.open_squares() == [2] and g.legal_moves() == [2] and g.to_move == "X"
    with pytest.raises(IllegalMove, match="last mark is classical") as e:
        g.play(2, 5)
    assert "square 3" in e.value.people
    g.play(2)
    assert g.classical[2] == ("X", 9)


# --- games played to the end, with known results ------------------------------------
def test_outright_win_for_x():
    # X1 4-5, O2 1-7, X3 4-6, O4 2-3, X5 5-6 closes 4-5-6: both collapses give X the middle row
    for choice in (4, 5):
        g = game("45 17 46 23 56").collapse(choice)
        assert g.is_over and g.scores == {"X": 1.0, "O": 0.0} and g.winner == "X"
        assert [(p, line) for p, line, _ in g.lines()] == [("X", (3, 4, 5))]


def test_outright_win_for_o():
    g = game("38 69 29 36 34 39(3)")
    assert g.scores == {"X": 0.0, "O": 1.0} and g.winner == "O"


def test_narrow_finish_lower_largest_subscript_scores_one():
    # X1 5-8, O2 4-7, X3 6-7, O4 5-9, X5 4-8, O6 6-8 closes 6-7-4-8; X sends O6 to 8:
    # X gets 4-5-6 (largest subscript 5), O gets 7-8-9 (largest 6): X 1, O 1/2
    g = game("58 47 67 59 48 68(8)")
    assert g.scores == {"X": 1.0, "O": 0.5}
    assert sorted((p, m) for p, _, m in g.lines()) == [("O", 6), ("X", 5)]
    assert g.result_text() == "X 1 - O 1/2"


def test_narrow_finish_for_o():
    g = game("39 89 48 28 19 37 27(2)")
    assert g.scores == {"X": 0.5, "O": 1.0} and g.winner == "O"


def test_two_lines_at_once_score_two():
    # the last, classical X9 in square 3 completes row 1-2-3 and column 3-6-9
    g = game("18 48 67 27 25 45 19 46(4) 3")
    assert g.scores == {"X": 2.0, "O": 0.0}
    assert len(g.lines()) == 2


def test_draw_on_a_full_board():
    g = game("15 19 45 23 35 79 67 15(5) 8")
    assert g.is_over and g.scores == {"X": 0.0, "O": 0.0} and g.winner is None
    assert None not in g.classical and g.lines() == []
    assert g.result_text() == "draw"


# --- random collapse: the chance-node rules -------------------------------------------
def test_random_collapse_happens_at_once_and_is_reproducible():
    outcomes = set()
    for seed in range(40):
        g = GoffGame(collapse="random", seed=seed).play(0, 1).play(1, 2).play(0, 2)
        assert g.pending is None and g.last_collapse.by == "chance"
        outcomes.add(g.last_collapse.square)
        again = GoffGame(collapse="random", seed=seed).play(0, 1).play(1, 2).play(0, 2)
        assert again.classical == g.classical
    assert outcomes == {0, 2}                       # both outcomes happen


def test_random_collapse_is_fair():
    hits = sum(GoffGame(collapse="random", seed=s).play(4, 8).play(4, 8).last_collapse.square == 4
               for s in range(4000))
    assert 1800 < hits < 2200                        # 2000 +- 5 standard deviations


def test_random_collapse_cannot_be_rerolled_by_undo():
    g = GoffGame(collapse="random", seed=3).play(0, 1).play(1, 2).play(0, 2)
    first = g.classical
    g.undo()
    assert g.classical == (None,) * 9 and len(g.spooky) == 2
    g.play(0, 2)
    assert g.classical == first
    with pytest.raises(IllegalMove, match="nothing to collapse"):
        g.collapse(0)


def test_bad_constructor_arguments():
    """Each refusal says what is wrong with the argument, naming the value given."""
    with pytest.raises(ValueError, match="collapse must be 'goff' or 'random', got 'quantum'"):
        GoffGame(collapse="quantum")
    with pytest.raises(ValueError, match="seed must be an integer or None, got 'seven'"):
        GoffGame(seed="seven")
    with pytest.raises(ValueError, match="explicit_chance is True or False, got 1"):
        GoffGame(explicit_chance=1)
    with pytest.raises(ValueError, match="rules='goff' and collapse='random' name the same thing twice"):
        GoffGame("goff", collapse="random")
    assert GoffGame("random", seed=1, collapse="random").rules == "random"     # the same thing twice, alike


# --- illegal actions: the rule named, nothing changed -----------------------------------
ILLEGAL = [
    ("", "play", (4, 4), "same-square"),
    ("", "play", (0, 9), "off-board"),
    ("", "play", (-1, 3), "off-board"),
    ("", "play", ("1", 3), "not-a-square"),
    ("", "play", (1.0, 3), "not-a-square"),
    ("", "play", (4,), "single-square"),
    ("", "collapse", (4,), "no-collapse"),
    ("12 12", "play", (3, 4), "collapse-pending"),
    ("12 12", "collapse", (5,), "not-an-option"),
    ("12 12(1)", "play", (0, 5), "classical-square"),
    ("45 17 46 23 56(6)", "play", (0, 2), "game-over"),
    ("45 17 46 23 56(6)", "collapse", (0,), "game-over"),
]


@pytest.mark.parametrize("moves, method, args, rule", ILLEGAL)
def test_illegal_action_names_its_rule_and_changes_nothing(moves, method, args, rule):
    g = game(moves)
    before = goff_state(g)
    with pytest.raises(IllegalMove) as e:
        getattr(g, method)(*args)
    assert e.value.rule == rule
    assert isinstance(e.value, ValueError)
    assert goff_state(g) == before


def test_messages_for_people_count_squares_from_one():
    g = game("12 12(1)")
    with pytest.raises(IllegalMove) as e:
        g.play(0, 5)
    assert str(e.value).startswith("square 1 holds the classical mark O2")
    assert e.value.people == str(e.value)


def test_undo_and_redo_step_through_collapses():
    g = game("12 12")
    g.collapse(0)
    assert g.classical[0] == ("X", 1) or g.classical[0] == ("O", 2)
    g.undo()
    assert g.pending is not None and g.classical == (None,) * 9
    g.undo()
    assert g.pending is None and len(g.spooky) == 1
    assert g.redo_stack == (("mark", 0, 1), ("collapse", 0))
    g.redo().redo()
    assert g.classical[0] is not None and g.pending is None
    with pytest.raises(IllegalMove, match="nothing to redo"):
        g.redo()
    while g.history:
        g.undo()
    with pytest.raises(IllegalMove, match="nothing to undo"):
        g.undo()


def test_a_new_action_clears_redo():
    g = GoffGame().play(0, 1).play(1, 2)
    g.undo()
    g.play(5, 6)
    assert g.redo_stack == ()


def test_legal_moves_by_phase():
    g = GoffGame()
    assert len(g.legal_moves()) == 36
    g.play(0, 1).play(0, 1)
    assert g.legal_moves() == [0, 1]
    g.apply(1)
    assert len(g.legal_moves()) == 21               # pairs among the 7 open squares
    assert g.open_squares() == [2, 3, 4, 5, 6, 7, 8]


def test_display():
    g = encyclopedia_position()
    assert "X1 O2 O4" in str(g)
    html = g._repr_html_()
    assert "X chooses" in html and "square 8 or 1" in html


def test_action_squares_says_how_many_squares_the_next_action_names():
    """2 for a spooky mark, 1 for a collapse choice or the last mark, 0 when no player acts;
    always the size of what legal_moves lists for a player."""
    from qttt_widgets.rules.goff import CHANCE
    rng = random.Random(5)
    seen = set()
    for seed in range(30):
        g = GoffGame("random", seed=seed, explicit_chance=True) if seed % 3 == 0 else GoffGame()
        while True:
            squares = g.action_squares()
            moves = g.legal_moves()
            if g.outcome().over or g.current_player() == CHANCE:
                assert squares == 0
            else:
                assert {len(m) if isinstance(m, tuple) else 1 for m in moves} == {squares}
            seen.add(squares)
            if g.outcome().over:
                break
            g.apply(rng.choice(moves))
    assert seen == {0, 1, 2}


def test_cells_are_the_players_of_the_classical_marks():
    g = GoffGame.from_record("12 12(2) 35")
    assert g.cells == (("X", "O") + (None,) * 7)
    assert g.cells == tuple(None if m is None else m[0] for m in g.classical)


# =================================================================================================
# Formerly tests/test_mutation_rules.py (mutation testing, tests/MUTATION.md).
# Rules behaviour that mutation testing found unguarded: damaged records refused with a message
# that names the problem, undo and redo at the ends of the history, the printed boards.
# =================================================================================================
# --- Goff records, printing, coin ----------------------------------------------------------------
@pytest.mark.parametrize("record, words", [
    ("19 90", ["0"]),
    ("19 19 19", ["collapse"]),
    ({"format": "qttt-classical", "moves": []}, ["qttt-goff"]),
    ({"format": "qttt-goff", "version": 2, "moves": ""}, ["version"]),
])
def test_goff_record_refused_saying_why(record, words):
    with pytest.raises(RecordError) as e:
        GoffGame.from_record(record)
    for w in words:
        assert w in str(e.value), (w, str(e.value))


def test_goff_board_prints_its_marks():
    g = GoffGame.from_record("12 45 14 25(5)")
    assert str(g) == "[X3]        |[X1]        |.\n[O2]        |[O4]        |.\n.           |.           |."
    g = GoffGame().play(0, 8).play(4, 8)
    assert str(g) == "X1          |.           |.\n.           |O2          |.\n.           |.           |X1 O2"
    assert g._repr_html_().endswith(">X to move</div>")
    g.play(0, 4)
    assert g._repr_html_().endswith(">O chooses: X3 to square 1 or 5</div>")
    g.collapse(0)
    assert g._repr_html_().endswith(">O to move</div>")


def test_goff_undo_redo_at_the_ends():
    g = GoffGame()
    with pytest.raises(IllegalMove, match="nothing to undo"):
        g.undo()
    with pytest.raises(IllegalMove, match="nothing to redo"):
        g.redo()
    g.play(0, 1).play(0, 1)
    g.collapse(1)
    before = (g.classical, g.history)
    g.undo().undo()
    assert g.history == (("mark", 0, 1),) and g.redo_stack == (("mark", 0, 1), ("collapse", 1))
    g.redo().redo()
    assert (g.classical, g.history) == before and g.redo_stack == ()


def _outcomes(seed, marks=6):
    """Where each cycle of two marks on one pair collapses, under seed ``seed``."""
    g = GoffGame("random", seed=seed)
    out = []
    pairs = [(0, 1), (0, 1), (3, 4), (3, 4), (6, 7), (6, 7)][:marks]
    for a, b in pairs:
        g.play(a, b)
    for action in g.history:
        if len(action) > 3:
            out.append(action[3])
    return out


def test_the_coin_is_fixed_by_the_seed_and_fair():
    assert _outcomes(1) == _outcomes(1)
    runs = [tuple(_outcomes(s)) for s in range(200)]
    assert len(set(runs)) == 8                            # every combination of three coins occurs
    firsts = Counter(r[0] for r in runs)
    assert set(firsts) == {0, 1} and 70 < firsts[0] < 130
    # the coin depends on the seed and on the move number, not on the squares
    g = GoffGame("random", seed=7).play(2, 5).play(2, 5)
    h = GoffGame("random", seed=7).play(0, 1).play(0, 1)
    assert (g.history[1][3] == 2) == (h.history[1][3] == 0)


def test_the_coin_of_the_first_seeds_is_pinned():
    """splitmix64 of (seed, move number): the same outcomes on every machine and version, so
    that a record's seed replays its game."""
    runs = ["".join(map(str, _outcomes(s))) for s in range(16)]
    assert runs == ["037", "046", "147", "146", "137", "136", "047", "046",
                    "146", "136", "046", "137", "146", "037", "036", "136"]


def test_goff_refusals_name_the_rule_and_count_from_one():
    with pytest.raises(ValueError, match="collapse must be 'goff' or 'random', got 'quantum'"):
        GoffGame("quantum")
    for bad in ("1", 1.0, True):
        with pytest.raises(ValueError, match="seed must be an integer or None"):
            GoffGame("random", seed=bad)
    for bad, rule, words in ((("a", 1), "not-a-square", ["1..9", "'a'"]),
                             (({1}, 2), "not-a-square", ["1..9", "{1}"]),
                             ((9, 1), "off-board", ["square 10", "off the board", "1..9"]),
                             ((1, -1), "off-board", ["square 0", "off the board"])):
        with pytest.raises(IllegalMove) as e:
            GoffGame().play(*bad)
        assert e.value.rule == rule
        for w in words:
            assert w in e.value.people, (w, e.value.people)
    g = GoffGame()
    for action, rule in ((g.undo, "nothing-to-undo"), (g.redo, "nothing-to-redo")):
        with pytest.raises(IllegalMove) as e:
            action()
        assert e.value.rule == rule


def test_a_random_game_draws_its_own_seed():
    seeds = {GoffGame("random").seed for _ in range(4)}
    assert all(isinstance(s, int) and 0 <= s < 1 << 63 for s in seeds) and len(seeds) > 1
    assert GoffGame().seed is None and GoffGame("random", seed=0).seed == 0
    g = GoffGame()
    assert g.last_collapse is None and g.apply((0, 1)) is g
    last = GoffGame.from_record("58 68 89 29 46 29(2) 17 17(1)")          # one open square left
    sq = last.open_squares()[0]
    last.apply(sq)
    assert last.history[-1] == ("classical", sq) and last.classical[sq] == ("X", 9)


def test_each_illegal_move_names_its_rule():
    def refused(action, rule, words):
        with pytest.raises(IllegalMove) as e:
            action()
        assert e.value.rule == rule
        for w in words:
            assert w in e.value.people, (w, e.value.people)
    g = GoffGame().play(0, 1).play(0, 1)                         # O2 closes a cycle: X chooses
    refused(lambda: g.play(2, 3), "collapse-pending", ["collapse", "X"])
    refused(lambda: g.collapse(5), "not-an-option", ["not 6"])
    g.collapse(0)
    refused(lambda: g.collapse(0), "no-collapse", ["nothing to collapse"])
    refused(lambda: g.play(0, 3), "classical-square", ["square 1", "marks go only in squares without one"])
    refused(lambda: g.play(3, 3), "same-square", ["two different squares"])
    refused(lambda: g.play(3), "single-square", ["a single square is played only when it is the last square"])
    last = GoffGame.from_record("58 68 89 29 46 29(2) 17 17(1)")
    sq = last.open_squares()[0]
    refused(lambda: last.play(sq, 0), "last-square-classical", [f"only square {sq + 1} is left", "classical"])
    last.play(sq)
    assert last.move_number == 10 and last.is_over
    refused(lambda: last.play(0, 1), "game-over", ["the game is over"])
    refused(lambda: last.collapse(0), "game-over", ["the game is over", "nothing to collapse"])


def test_a_collapse_records_what_it_placed_and_its_cycle():
    c = GoffGame.from_record("19 59 15(5)").last_collapse
    assert (c.sub, c.square, c.placed, c.cycle, c.by) == (3, 4, ((1, 0), (2, 8), (3, 4)), (0, 8, 4), "O")


def test_a_measured_mark_keeps_its_outcome_through_undo_and_redo():
    from qttt_widgets.rules.records import replay_measured_mark
    g = GoffGame("random", seed=0).play(0, 1)
    coin = GoffGame("random", seed=0).play(0, 1).play(0, 1).history[-1][3]
    other = 1 - coin                                             # the outcome the coin did not give
    replay_measured_mark(g, 0, 1, other)
    assert g.classical[other] == ("O", 2) and g.history[-1] == ("mark", 0, 1, other)
    g.undo().redo()
    assert g.classical[other] == ("O", 2)


def test_groups_list_marks_by_subscript_and_groups_by_their_first_mark():
    from qttt_widgets.rules.ensemble import components
    g = GoffGame().play(1, 2).play(0, 1).play(7, 8).play(5, 6)
    assert components(g.spooky) == [[("X", 1, 1, 2), ("O", 2, 0, 1)], [("X", 3, 7, 8)], [("O", 4, 5, 6)]]


@pytest.mark.parametrize("record, words", [
    ("(3)", "moves, the collapse into square 3 before any move: there is nothing to collapse: no cycle is "
            "waiting to be measured"),
    ({"format": "qttt-goff", "moves": "19 59 15", "redo": "(3)"},
     "redo, the collapse into square 3 before any move: X3 can only collapse into square 1 or 5, not 3"),
    ({"format": "qttt-goff", "moves": "19 59 15(5)", "redo": "12"},          # the redo counts on from mark 4
     "redo, move 4 (12): square 1 holds the classical mark X1; marks go only in squares without one"),
])
def test_a_goff_record_names_a_refused_collapse_that_follows_no_mark_of_its_list(record, words):
    """mutation: ``goff._labelled``'s words for a collapse with no mark before it in its list."""
    with pytest.raises(RecordError) as e:
        GoffGame.from_record(record)
    assert str(e.value) == words
