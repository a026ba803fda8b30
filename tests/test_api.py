"""A typed, comparable API for the games (issue 16, part 4): equality and hashing of positions,
a repr that rebuilds the game, typed actions with a readable form, numpy integers as squares,
and error messages that count squares from 1."""
import json
import random

import numpy as np
import pytest

from qttt_widgets.rules.actions import CollapseTo, LastMark, Mark
from qttt_widgets.rules.classical import ClassicalBoard, Square
from qttt_widgets.rules.errors import IllegalMove
from qttt_widgets.rules.goff import GoffGame
from qttt_widgets.rules.qubit_board import QubitGame


SCOPE = {"GoffGame": GoffGame, "QubitGame": QubitGame, "ClassicalBoard": ClassicalBoard}


def random_goff(seed, rules="goff", undo=0):
    rng = random.Random(seed)
    g = GoffGame(rules, seed=seed if rules == "random" else None)
    for _ in range(rng.randrange(0, 14)):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_moves()))
    for _ in range(min(undo, len(g.history))):
        g.undo()
    return g


def random_qubit(seed, undo=0):
    rng = random.Random(seed)
    g = QubitGame(n=rng.choice((3, 4)), seed=seed)
    for _ in range(rng.randrange(0, 10)):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_moves()))
    for _ in range(min(undo, len(g.history))):
        g.undo()
    return g


def random_classical(seed, undo=0):
    rng = random.Random(seed)
    b = ClassicalBoard(n=rng.choice((3, 4)))
    for _ in range(rng.randrange(0, 10)):
        if b.is_over:
            break
        b.play(rng.choice(b.legal_moves()))
    for _ in range(min(undo, len(b.history))):
        b.undo()
    return b


def all_kinds(seed):
    return [random_goff(seed), random_goff(seed, "random"), random_goff(seed, undo=seed % 3),
            random_goff(seed, "random", undo=seed % 3), random_qubit(seed), random_qubit(seed, undo=seed % 3),
            random_classical(seed), random_classical(seed, undo=seed % 3)]


# --- equality and hashing -------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(20))
def test_a_copy_is_equal_and_hashes_equal(seed):
    for g in all_kinds(seed):
        c = g.copy()
        assert c == g and not (c != g) and c.key() == g.key() and c is not g
        assert len({g.key(), c.key()}) == 1


def test_games_start_equal_and_differ_once_a_move_differs():
    assert GoffGame() == GoffGame() and QubitGame(seed=1) == QubitGame(seed=1) and ClassicalBoard() == ClassicalBoard()
    assert GoffGame().play(0, 1) != GoffGame().play(0, 2)
    assert GoffGame().play(0, 1) != GoffGame().play(0, 1).play(2, 3)
    assert QubitGame(seed=1).place(0) != QubitGame(seed=1).place(1)
    assert ClassicalBoard().play(0) != ClassicalBoard().play(1)
    assert GoffGame() != ClassicalBoard() and GoffGame() != "GoffGame()" and ClassicalBoard() != QubitGame(seed=1)


def test_a_pending_collapse_and_its_answer_are_different_positions():
    g = GoffGame().play(0, 1).play(0, 1)
    assert g != g.copy().collapse(0) and g.copy().collapse(0) != g.copy().collapse(1)


def test_the_rules_are_part_of_the_position():
    assert GoffGame("goff") != GoffGame("random", seed=1)
    assert QubitGame(seed=1) != QubitGame(seed=1, n=4) and QubitGame(seed=1) != QubitGame(seed=1, levels=(1,))
    assert QubitGame(seed=1) != QubitGame(seed=1, measurement="most-frequent")
    assert ClassicalBoard(4) != ClassicalBoard(4, 3)


def test_the_seed_counts_only_where_it_decides_the_future():
    assert GoffGame("random", seed=1) != GoffGame("random", seed=2)       # the coming coins differ
    assert GoffGame("goff", seed=1) == GoffGame("goff", seed=2) == GoffGame()   # Goff's rules: no coin
    assert QubitGame(seed=1) != QubitGame(seed=2)                          # the coming measurements differ


def test_the_turns_taken_count_in_the_qubit_game_because_they_seed_the_measurements():
    a = QubitGame(seed=3).place(0).place(1)
    b = QubitGame(seed=3).place(0).place(1).swap(0, 1).swap(0, 1)        # same cells, X to move, 2 turns later
    assert a.cells == b.cells and a.to_move == b.to_move
    assert a != b
    assert a.copy().superpose(4).cells != b.copy().superpose(4).cells or a.ply != b.ply


def test_how_the_position_was_reached_does_not_count():
    assert ClassicalBoard().play(0).play(4).play(8) == ClassicalBoard().play(8).play(4).play(0)
    assert ClassicalBoard().play(0).play(4).play(8).key() == ClassicalBoard().play(8).play(4).play(0).key()
    g = GoffGame().play(0, 1).play(2, 3)
    assert g.copy().undo() == GoffGame().play(0, 1)                       # the redo stack is not compared
    q = QubitGame(seed=5).place(0).place(1)
    assert q.copy().undo() == QubitGame(seed=5).place(0)


def test_a_games_key_is_a_dict_key_by_position_and_the_game_is_not():
    seen = {GoffGame().play(0, 1).key(): "after X1"}
    assert seen[GoffGame().play(0, 1).key()] == "after X1"
    assert GoffGame().play(0, 1).undo().key() not in seen
    for game in (GoffGame(), QubitGame(seed=0), ClassicalBoard()):
        with pytest.raises(TypeError):          # a game changes; hash its key()
            {game}
        assert game.key() == game.copy().key() and hash(game.key()) == hash(game.copy().key())


# --- repr rebuilds the game; str is the board -----------------------------------------------------
@pytest.mark.parametrize("seed", range(25))
def test_eval_of_repr_rebuilds_an_equal_game_with_its_history_and_redo(seed):
    for g in all_kinds(seed):
        text = repr(g)
        back = eval(text, SCOPE)                                           # noqa: S307 - the point of repr
        assert back == g and type(back) is type(g)
        assert back.history == g.history and back.redo_stack == g.redo_stack
        assert repr(back) == text


def test_repr_uses_the_notation_when_it_can():
    g = GoffGame().play(0, 8).play(4, 8).play(0, 4).collapse(4)
    assert repr(g) == "GoffGame.from_record('19 59 15(5)')"
    assert repr(GoffGame()) == "GoffGame.from_record('')"
    assert repr(ClassicalBoard().play(4)).startswith("ClassicalBoard.from_record({")
    assert repr(QubitGame(seed=2)).startswith("QubitGame.from_record({")


def test_str_still_draws_the_board():
    assert str(ClassicalBoard().play(4)) == ". . .\n. X .\n. . ."
    assert str(GoffGame().play(0, 8)).splitlines()[0].startswith("X1")
    assert str(QubitGame(seed=1).place(0)).splitlines()[0].startswith("X")


# --- typed actions ------------------------------------------------------------------------------------
def test_actions_read_as_people_count():
    assert (str(Mark(0, 8)), str(CollapseTo(4)), str(LastMark(2))) == ("1-9", "collapse to 5", "last mark in 3")
    assert repr(Mark(0, 8)) == "Mark(a=0, b=8)" and repr(CollapseTo(4)) == "CollapseTo(4)"
    assert eval(repr(LastMark(2)), {"LastMark": LastMark}) == LastMark(2)


def test_actions_stay_compatible_with_the_plain_forms():
    assert Mark(0, 8) == (0, 8) and hash(Mark(0, 8)) == hash((0, 8)) and tuple(Mark(0, 8)) == (0, 8)
    assert CollapseTo(4) == 4 and LastMark(4) == 4 and hash(CollapseTo(4)) == hash(4)
    assert isinstance(Mark(0, 8), tuple) and not isinstance(CollapseTo(4), tuple)
    assert json.dumps([CollapseTo(4), LastMark(2), Mark(0, 8)]) == "[4, 2, [0, 8]]"


def test_legal_moves_lists_typed_actions_in_each_phase():
    g = GoffGame()
    assert all(type(m) is Mark for m in g.legal_moves()) and g.legal_moves()[0] == Mark(0, 1)
    g.play(0, 1).play(0, 1)
    assert g.legal_moves() == [CollapseTo(0), CollapseTo(1)]
    assert all(type(m) is CollapseTo for m in g.legal_moves())
    g = GoffGame.from_record("15 17 17(7) 69 26 49 68 48(8)")
    assert g.legal_moves() == [LastMark(2)] and type(g.legal_moves()[0]) is LastMark
    assert [str(m) for m in g.legal_moves()] == ["last mark in 3"]
    assert GoffGame.from_record("45 17 46 23 56(6)").legal_moves() == []


@pytest.mark.parametrize("seed", range(10))
def test_apply_takes_typed_and_plain_actions_alike(seed):
    typed, plain = GoffGame(), GoffGame()
    rng = random.Random(seed)
    while not typed.is_over:
        action = rng.choice(typed.legal_moves())
        typed.apply(action)
        plain.apply(tuple(action) if isinstance(action, tuple) else int(action))
        assert typed == plain and typed.history == plain.history


def test_a_typed_action_is_refused_out_of_its_phase():
    with pytest.raises(IllegalMove, match="nothing to collapse"):
        GoffGame().apply(CollapseTo(0))
    with pytest.raises(IllegalMove, match="single square"):
        GoffGame().apply(LastMark(0))
    with pytest.raises(IllegalMove) as e:
        GoffGame().apply((0, 1, 2))
    assert e.value.rule == "not-an-action"


# --- numpy integers -----------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", [np.int64, np.int32, np.uint8, np.intp])
def test_numpy_integers_are_squares_and_cells(kind):
    g = GoffGame().play(kind(0), kind(1)).play(kind(0), kind(1)).collapse(kind(1))
    assert g == GoffGame().play(0, 1).play(0, 1).collapse(1)
    assert all(type(x) is int for action in g.history for x in action[1:])
    json.dumps(g.to_record())
    g.apply((kind(2), kind(3)))
    GoffGame().apply(Mark(kind(0), kind(1)))
    b = ClassicalBoard().play(kind(4)).apply(kind(0))
    assert b == ClassicalBoard().play(4).play(0) and all(type(int(x)) is int and type(x) in (int, Square) for x in b.moves)
    q = QubitGame(seed=1).place(kind(4)).superpose(kind(0)).phase(kind(1), "T").entangle((kind(2), kind(5)), kind(1))
    assert q == QubitGame(seed=1).place(4).superpose(0).phase(1, "T").entangle((2, 5), 1)
    json.dumps(q.to_record())


@pytest.mark.parametrize("bad", [True, False, np.True_, 4.0, np.float64(4.0), "4", None, [4], 4 + 0j])
def test_things_that_are_not_whole_numbers_are_still_refused_clearly(bad):
    for play, rule in [(lambda: GoffGame().play(bad, 5), "not-a-square"), (lambda: ClassicalBoard().play(bad), "not-a-square"),
                       (lambda: QubitGame(seed=1).place(bad), "not-a-cell")]:
        with pytest.raises(IllegalMove, match="whole number") as e:
            play()
        assert e.value.rule == rule and repr(bad) in str(e.value)


# --- messages count squares from 1 ----------------------------------------------------------------
def test_messages_count_squares_from_one_like_their_people_text():
    cases = [
        (lambda: GoffGame().play(0, 9), "square 10 is off the board"),
        (lambda: GoffGame().play(3, 3), "got 4 twice"),
        (lambda: GoffGame().play(0, 1).play(0, 1).collapse(2), "square 1 or 2, not 3"),
        (lambda: GoffGame().play(0, 1).play(0, 1).play(2, 3), "square 1 or 2"),
        (lambda: GoffGame.from_record("12 12(1)").play(0, 5), "square 1 holds"),
        (lambda: ClassicalBoard().play(4).play(4), "square 5 already holds X"),
        (lambda: ClassicalBoard().play(9), "square 10 is off the board"),
        (lambda: QubitGame(seed=1).place(4).place(4), "cell 5 already holds"),
        (lambda: QubitGame(seed=1).place(4).swap(4, 4), "got 5 twice"),
        (lambda: QubitGame(seed=1).place(4).swap(4, 0), "cell 1 is empty"),
        (lambda: QubitGame(seed=1, levels=(4,)).entangle((0, 1, 2), 4), "cells 1-2-3 at level 4 would fill the line 1-2-3"),
        (lambda: QubitGame(seed=1).entangle((0, 0), 1), "cells 1, 1"),
    ]
    for make, words in cases:
        with pytest.raises(IllegalMove) as e:
            make()
        assert words in str(e.value), (words, str(e.value))
        assert str(e.value) == e.value.people


def test_how_the_game_is_driven_is_not_part_of_the_position():
    auto = GoffGame("random", seed=3).play(0, 1).play(0, 1)
    stepped = GoffGame("random", seed=3, explicit_chance=True).play(0, 1).play(0, 1)
    assert stepped != auto                                   # a chance node waits: a pending collapse
    stepped.toss()
    assert stepped == auto and stepped.key() == auto.key()
    assert eval(repr(stepped), SCOPE) == stepped


def test_action_of_gives_the_typed_action_a_plain_form_stands_for():
    """GoffGame.action_of: a pair (either order, tuple or list) is its Mark; one square is the
    collapse choice while a collapse is pending, else the classical last mark."""
    game = GoffGame()
    for plain in ((3, 1), (1, 3), [3, 1], [1, 3]):
        assert type(game.action_of(plain)) is Mark and game.action_of(plain) == Mark(1, 3)
    assert game.action_of((0, 8)) == Mark(0, 8) and game.action_of((8, 0)) == Mark(0, 8)
    assert type(game.action_of(4)) is LastMark and game.action_of(4) == LastMark(4)
    assert game.action_of(Mark(2, 5)) == Mark(2, 5)
    game.play(0, 1).play(1, 2).play(0, 2)                                 # a cycle: O chooses
    assert type(game.action_of(2)) is CollapseTo and game.action_of(2) == CollapseTo(2)
    assert game.action_of(0) in game.legal_moves() and game.action_of((4, 6)) == Mark(4, 6)


def test_a_typed_action_says_itself_in_words_counted_from_one():
    assert ClassicalBoard().legal_moves()[4].describe() == "square 5"
    assert Square(0).describe() == "square 1" and Square(15).describe() == "square 16"
    moves = QubitGame(seed=1).legal_moves()
    assert moves[0].describe() == "a classical mark in cell 1"
    assert {m.describe() for m in moves if m.kind == "place"} == {f"a classical mark in cell {c}" for c in range(1, 10)}


# =================================================================================================
# Formerly tests/test_mutation_records.py (mutation testing, tests/MUTATION.md).
# The typed actions as people read and write them.
# =================================================================================================
# --- actions -------------------------------------------------------------------------------------
def test_actions_read_and_print_as_people_count():
    assert (str(Mark(2, 6)), repr(Mark(2, 6))) == ("3-7", "Mark(a=2, b=6)")
    assert (str(CollapseTo(0)), repr(CollapseTo(0)), CollapseTo(7).square) == ("collapse to 1", "CollapseTo(0)", 7)
    assert (str(LastMark(8)), repr(LastMark(8)), LastMark(3).square) == ("last mark in 9", "LastMark(8)", 3)
    assert type(CollapseTo(7).square) is int and type(LastMark(3).square) is int
