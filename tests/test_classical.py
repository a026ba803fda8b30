import json
import random

import pytest

from qttt_widgets.players.basic import ClassicalPerfectPlayer as PerfectPlayer
from qttt_widgets.rules.classical import (ClassicalBoard, can_blunder, classify, key_children,
                                          key_to_move, key_winner, legal_positions, losing_moves,
                                          optimal_moves, other, outcome, winning_lines)
from qttt_widgets.rules.errors import IllegalMove, RecordError
from qttt_widgets.rules.scoring import LINES

from helpers import refusal


def test_counts_of_legal_positions_match_the_published_figures():
    assert len(legal_positions()) == 5478
    assert classify() == {"X": 2936, "O": 1474, "draw": 1068, "draw_with_blunder": 811}


def test_empty_board_is_a_draw_and_every_first_move_keeps_it():
    assert outcome("." * 9) == "draw"
    assert optimal_moves("." * 9) == list(range(9))
    assert not can_blunder("." * 9)          # no first move loses by force


def test_small_positions_by_hand():
    # X in the centre, O on an edge: X can force a win
    assert outcome("....X..O.") == "X"
    # X corner, O anywhere but the centre loses; O centre draws
    assert outcome("X...O....") == "draw"
    assert outcome("XO.......") == "X"
    # O to move while X threatens squares 2 and 6 at once: lost for O
    assert outcome("XX.XO...O") == "X"
    assert losing_moves("XX.XO...O") == []       # nothing left to lose
    # after X corner and O centre, O has nothing to lose; X to move can blunder only late
    assert can_blunder("X...O....") is False
    assert losing_moves("X........") == [1, 2, 3, 5, 6, 7, 8]


def test_a_blunder_position_is_a_draw_with_a_losing_move():
    assert ClassicalBoard.from_key("X...O....").to_move == "X"
    for k in legal_positions():
        if outcome(k) == "draw" and can_blunder(k):
            assert losing_moves(k), k
            assert optimal_moves(k), k
            assert not set(losing_moves(k)) & set(optimal_moves(k))


def test_winning_lines_of_bigger_boards():
    assert len(winning_lines(3)) == 8
    assert len(winning_lines(4)) == 10
    assert len(winning_lines(4, 3)) == 24      # 8 rows + 8 cols + 4 + 4 diagonals
    assert len(winning_lines(5, 4)) == 28
    with pytest.raises(ValueError):
        winning_lines(3, 4)


def test_play_winner_undo_redo():
    b = ClassicalBoard()
    for sq in (0, 3, 1, 4, 2):
        b.play(sq)
    assert b.winner == "X" and b.is_over and b.result == "X"
    assert b.legal_moves() == []
    b.undo()
    assert b.winner is None and b.to_move == "X" and b.cells[2] is None
    b.redo()
    assert b.winner == "X" and b.moves == (0, 3, 1, 4, 2)


def test_four_by_four_with_three_in_a_row():
    b = ClassicalBoard(4, 3)
    for sq in (5, 0, 10, 1, 15):
        b.play(sq)
    assert b.winner == "X"      # 5, 10, 15 is a diagonal of three


@pytest.mark.parametrize("bad, rule", [(9, "off-board"), (-1, "off-board"), ("a", "not-a-square"),
                                       (True, "not-a-square"), (4, "occupied")])
def test_illegal_moves_name_the_rule_and_change_nothing(bad, rule):
    b = ClassicalBoard().play(4)
    before = (b.cells, b.moves, b.to_move)
    with pytest.raises(IllegalMove) as e:
        b.play(bad)
    assert e.value.rule == rule
    assert (b.cells, b.moves, b.to_move) == before


def test_no_moves_after_the_game_is_over():
    b = ClassicalBoard()
    for sq in (0, 3, 1, 4, 2):
        b.play(sq)
    with pytest.raises(IllegalMove, match="over"):
        b.play(8)


def test_perfect_player_is_seeded_and_picks_among_optimal_moves():
    picks = [PerfectPlayer(seed=11).choose(ClassicalBoard()) for _ in range(3)]
    assert len(set(picks)) == 1
    seen = {PerfectPlayer(seed=s).choose_key("X...O....") for s in range(60)}
    assert seen == set(optimal_moves("X...O...."))
    assert {PerfectPlayer(seed=s).choose(ClassicalBoard.from_key("X...O....")) for s in range(60)} == seen


def test_perfect_players_always_draw_and_never_lose_to_random():
    rnd = random.Random(0)
    for game in range(150):
        b = ClassicalBoard()
        perfect = PerfectPlayer(seed=game)
        perfect_side = "X" if game % 2 else "O"
        while not b.is_over:
            if b.to_move == perfect_side:
                b.play(perfect.choose(b))
            else:
                b.play(rnd.choice(b.legal_moves()))
        assert b.result != ("O" if perfect_side == "X" else "X")
    for game in range(30):
        b = ClassicalBoard()
        x, o = PerfectPlayer(seed=game), PerfectPlayer(seed=1000 + game)
        while not b.is_over:
            b.play((x if b.to_move == "X" else o).choose(b))
        assert b.result == "draw"


def test_from_key_checks_its_input():
    assert ClassicalBoard.from_key("XO.......").to_move == "X"
    with pytest.raises(ValueError):
        ClassicalBoard.from_key("XX.......")
    with pytest.raises(ValueError):
        ClassicalBoard.from_key("XO")


# =================================================================================================
# Formerly tests/test_mutation_rules.py (mutation testing, tests/MUTATION.md).
# Rules behaviour that mutation testing found unguarded: damaged records refused with a message
# that names the problem, undo and redo at the ends of the history, the printed boards.
# =================================================================================================
# --- classical records ---------------------------------------------------------------------------
def test_classical_record_round_trip_with_redo():
    b = ClassicalBoard().play(4).play(0).play(8).undo()
    rec = b.to_record()
    assert rec == {"format": "qttt-classical", "version": 1, "n": 3, "k": 3, "moves": [4, 0], "redo": [8]}
    back = ClassicalBoard.from_record(rec)
    assert back.cells == b.cells and back.history == (4, 0) and back.redo_stack == b.redo_stack
    assert back.redo().cells == b.copy().redo().cells
    bare = ClassicalBoard.from_record({"format": "qttt-classical", "moves": [0]})   # version 1, n 3 by default
    assert bare.n == 3 and bare.k == 3 and bare.cells[0] == "X" and bare.history == (0,)
    four = ClassicalBoard.from_record({"format": "qttt-classical", "n": 4, "k": 3, "moves": [5]})
    assert (four.n, four.k, len(four.cells)) == (4, 3, 16)


@pytest.mark.parametrize("record, words", [
    ([1, 2], ["a record is a dict"]),
    ({"format": "qttt-goff", "moves": []}, ["qttt-classical"]),
    ({"moves": []}, ["no 'format' field"]),
    ({"format": "qttt-classical", "version": 2}, ["version 2"]),
    ({"format": "qttt-classical", "version": True}, ["version True"]),
    ({"format": "qttt-classical", "colour": "red"}, ["colour"]),
    ({"format": "qttt-classical", "moves": [0, 0]}, ["move 2", "square 1"]),
    ({"format": "qttt-classical", "moves": [0], "redo": [0]}, ["move 2"]),
])
def test_classical_record_refused_saying_why(record, words):
    with pytest.raises(RecordError) as e:
        ClassicalBoard.from_record(record)
    for w in words:
        assert w in str(e.value), (w, str(e.value))


def test_classical_undo_redo_and_copy_are_exact():
    b = ClassicalBoard()
    with pytest.raises(IllegalMove, match="nothing to undo"):
        b.undo()
    with pytest.raises(IllegalMove, match="nothing to redo"):
        b.redo()
    b.play(4).play(0).play(8)
    c = b.copy()
    b.undo().undo()
    assert b.cells == (None,) * 4 + ("X",) + (None,) * 4 and b.to_move == "O"
    assert b.redo_stack == (0, 8)
    b.redo()
    assert b.cells[0] == "O" and b.redo_stack == (8,)
    b.redo()
    assert b.cells == c.cells and b.history == c.history == (4, 0, 8) and b.redo_stack == ()
    b.undo()
    b.play(2)                                              # a new move clears the redo stack
    assert b.redo_stack == () and b.history == (4, 0, 2)
    assert c.history == (4, 0, 8)                          # the copy is independent
    c.undo()
    assert b.history == (4, 0, 2)
    k = ClassicalBoard(4, 3).copy()
    assert (k.n, k.k) == (4, 3)


def test_classical_board_prints_row_by_row():
    b = ClassicalBoard().play(0).play(4).play(8)
    assert str(b) == "X . .\n. O .\n. . X"
    assert str(ClassicalBoard(2)) == ". .\n. ."


def test_from_key_orders_moves_so_the_right_player_is_to_move():
    b = ClassicalBoard.from_key("XO.X.....")
    assert b.cells[:4] == ("X", "O", None, "X") and b.to_move == "O" and len(b.history) == 3
    assert ClassicalBoard.from_key("XO.......").to_move == "X"
    assert ClassicalBoard.from_key(".........").history == ()
    assert ClassicalBoard.from_key("X" + "." * 15, k=3).k == 3
    for bad in ("XO", "X.O.....Z", "XX.......", "O........"):
        with pytest.raises(ValueError):
            ClassicalBoard.from_key(bad)


# =================================================================================================
# Formerly tests/test_mutation_records.py (mutation testing, tests/MUTATION.md).
# Classical tic-tac-toe's refusals, records and drawing, pinned where mutation testing found
# them unguarded. Messages are compared whole: a learner or a visitor reads them.
# =================================================================================================
# --- classical -----------------------------------------------------------------------------------
def test_other_and_the_players_of_a_key():
    assert (other("X"), other("O")) == ("O", "X")
    assert (key_to_move("........."), key_to_move("X........"), key_to_move("XO.......")) == ("X", "O", "X")
    assert key_winner("XXX.OO...") == "X" and key_winner("XX.OOOX..") == "O" and key_winner("XOX......") is None
    assert key_winner("X...X...X") == "X" and key_winner("..O.O.O..") == "O" and key_winner("O..O..O..") == "O"
    assert key_winner(".........") is None


def test_key_children_are_the_moves_of_the_player_to_move():
    assert key_children("XXXOO....") == []                                # X has won
    assert key_children("XOXXOOOXX") == []                                # full
    assert key_children("XOXXOOOX.") == [(8, "XOXXOOOXX")]
    assert key_children("X.O.X.O..") == [(1, "XXO.X.O.."), (3, "X.OXX.O.."), (5, "X.O.XXO.."), (7, "X.O.X.OX."),
                                         (8, "X.O.X.O.X")]
    assert key_children("X.......O")[0] == (1, "XX......O")
    assert key_children("X........")[-1] == (8, "X.......O")


def test_perfect_play_on_small_positions():
    assert outcome("XXXOO....") == "X" and outcome("OOOXX.XX.") == "O"   # finished: no moves
    assert outcome("XOXXOOOXX") == "draw" and optimal_moves("XOXXOOOXX") == []
    assert outcome("XOXOXO.OX") == "X" and optimal_moves("XOXOXO.OX") == []      # X already has 1-5-9
    assert optimal_moves("XXXOO....") == [] and losing_moves("XXXOO....") == [] and not can_blunder("XXXOO....")
    # X to move takes 7 for the column 1-4-7; anything but 7 or 8 lets O take 8 (2-5-8)
    assert (outcome("XO.XO...."), optimal_moves("XO.XO....")) == ("X", [6])
    assert losing_moves("XO.XO....") == [2, 5, 8]          # 3, 6 and 9 neither win nor block
    # X to move completes 4-5-6; 2 or 8 lets O complete a line
    assert (outcome("X.OXX.O.O"), optimal_moves("X.OXX.O.O"), losing_moves("X.OXX.O.O")) == ("X", [5], [1, 7])
    assert can_blunder("X.OXX.O.O")
    assert (outcome("XX.OO...."), optimal_moves("XX.OO....")) == ("X", [2])
    assert outcome("XX.OO...X") == "O" and 5 in optimal_moves("XX.OO...X")     # O to move completes 4-5-6
    # X in opposite corners, O in the centre: O must take an edge, a corner loses
    assert (outcome("X...O...X"), optimal_moves("X...O...X"), losing_moves("X...O...X")) == \
        ("draw", [1, 3, 5, 7], [2, 6])
    assert can_blunder("X...O...X")
    # O to move is lost whatever it does (X threatens 3 and 7): nothing to blunder, nothing to lose
    assert (outcome("XX.XO...O"), can_blunder("XX.XO...O"), losing_moves("XX.XO...O")) == ("X", False, [])
    assert optimal_moves("XX.XO...O") == [2, 5, 6, 7]                   # all moves, when lost


def test_winning_lines_are_the_runs_of_k_squares():
    assert set(winning_lines(3)) == {(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8),
                                     (2, 4, 6)}
    assert winning_lines(3) == winning_lines(3, 3) == LINES
    assert set(winning_lines(2)) == {(0, 1), (2, 3), (0, 2), (1, 3), (0, 3), (1, 2)}
    assert set(winning_lines(4, 2)) >= {(0, 1), (0, 4), (0, 5), (1, 4), (14, 15), (11, 15), (10, 15)}
    assert len(winning_lines(4, 2)) == 12 + 12 + 9 + 9
    assert len(winning_lines(5, 3)) == 15 + 15 + 9 + 9
    assert set(winning_lines(3, 1)) == {(i,) for i in range(9)}
    assert set(winning_lines(1)) == {(0,)}
    for n, k in ((3, 0), (3, 4), (2, -1)):
        assert refusal(winning_lines, n, k, error=ValueError) == f"k must be between 1 and n={n}, got {k}"


def test_a_board_checks_its_size():
    for n in (0, -3, 2.0, "3"):
        assert refusal(ClassicalBoard, n, error=ValueError) == f"n must be a positive integer, got {n!r}"
    one = ClassicalBoard(1)
    assert (one.n, one.k, one.cells) == (1, 1, (None,))
    assert one.play(0).result == "X"
    assert refusal(ClassicalBoard, 3, 4, error=ValueError) == "k must be between 1 and n=3, got 4"


def test_a_board_refuses_a_move_naming_the_square_as_people_count():
    b = ClassicalBoard().play(4)
    cases = [(4, "square 5 already holds X", "occupied"),
             (9, "square 10 is off the board: squares are 1..9 (9 in code; code counts 0..8)", "off-board"),
             (-1, "square 0 is off the board: squares are 1..9 (-1 in code; code counts 0..8)", "off-board"),
             ("4", "a move is a square, a whole number (1..9 on the board, 0..8 in code); got '4'", "not-a-square"),
             (4.0, "a move is a square, a whole number (1..9 on the board, 0..8 in code); got 4.0", "not-a-square"),
             (None, "a move is a square, a whole number (1..9 on the board, 0..8 in code); got None",
              "not-a-square")]
    for square, message, rule in cases:
        with pytest.raises(IllegalMove) as e:
            b.play(square)
        assert (str(e.value), e.value.people, e.value.rule) == (message, message, rule)
    assert b.history == (4,) and b.cells.count(None) == 8
    b.play(0)
    with pytest.raises(IllegalMove) as e:
        b.play(0)
    assert str(e.value) == "square 1 already holds O"
    big = ClassicalBoard(4, 3)
    assert refusal(big.play, 16, error=IllegalMove) == \
        "square 17 is off the board: squares are 1..16 (16 in code; code counts 0..15)"
    assert refusal(big.play, 1.5, error=IllegalMove) == \
        "a move is a square, a whole number (1..16 on the board, 0..15 in code); got 1.5"
    assert big.play(15).play(0).cells[15] == "X"


def test_the_end_of_a_game_and_its_refusals():
    won = ClassicalBoard()
    for sq in (0, 3, 1, 4, 2):
        won.play(sq)
    e = pytest.raises(IllegalMove, won.play, 8).value
    assert (str(e), e.rule) == ("the game is over (X); no more moves", "game-over")
    o_won = ClassicalBoard()
    for sq in (0, 3, 1, 4, 8, 5):
        o_won.play(sq)
    assert (o_won.winner, o_won.result, o_won.is_over, o_won.legal_moves()) == ("O", "O", True, [])
    assert refusal(o_won.play, 2, error=IllegalMove) == "the game is over (O); no more moves"
    drawn = ClassicalBoard()
    for sq in (0, 1, 2, 4, 3, 5, 7, 6, 8):
        drawn.play(sq)
    assert (drawn.winner, drawn.result, drawn.is_over) == (None, "draw", True)
    assert refusal(drawn.undo().redo().play, 0, error=IllegalMove) == "the game is over (draw); no more moves"
    going = ClassicalBoard().play(4)
    assert (going.winner, going.result, going.is_over) == (None, None, False)
    assert going.legal_moves() == [0, 1, 2, 3, 5, 6, 7, 8] and going.key() == "....X...."
    assert ClassicalBoard(2).play(0).play(1).play(3).winner == "X"     # a diagonal of a 2 x 2
    column = ClassicalBoard()
    for sq in (1, 0, 4, 2, 7):
        column.play(sq)
    assert column.winner == "X"
    anti = ClassicalBoard()
    for sq in (2, 0, 4, 1, 6):
        anti.play(sq)
    assert anti.winner == "X"
    assert ClassicalBoard(4, 3).apply(5).apply(0).apply(10).apply(1).apply(15).result == "X"


def test_undo_and_redo_refuse_at_the_ends_naming_their_rule():
    b = ClassicalBoard()
    for method, message in ((b.undo, "nothing to undo"), (b.redo, "nothing to redo")):
        e = pytest.raises(IllegalMove, method).value
        assert (str(e), e.rule) == (message, message.replace(" ", "-"))


def test_a_classical_record_is_refused_with_the_whole_reason():
    # the envelope is rules.limits.read_envelope, one rule and one wording for every game's record
    cases = [
        ("[1]", "a record is a dict (or its JSON text), got list"),
        ({"moves": []}, "the record has no 'format' field"),
        ({"format": "qttt-goff"}, "this is not a classical tic-tac-toe record: format is 'qttt-goff', "
                                  "expected 'qttt-classical'"),
        ("{x", "the record is not valid JSON: Expecting property name enclosed in double quotes at line 1, column 2"),
        ({"format": "qttt-classical", 1: 2}, "a record's field names are text; got 1"),
        ({"format": "qttt-classical", "version": 2}, "record version 2 is not supported: the version is the whole "
                                                     "number 1"),
        ({"format": "qttt-classical", "b": 1, "a": 2, "n": 3}, "the record has fields this version does not know: "
                                                               "['a', 'b']"),
        ({"format": "qttt-classical", "n": 6}, "the board size n must be one of 3, 4, 5; got 6"),
        ({"format": "qttt-classical", "n": 4, "k": 5}, "k (marks in a row) must be a whole number from 3 to n = 4; "
                                                       "got 5"),
        ({"format": "qttt-classical", "k": 4}, "k (marks in a row) must be a whole number from 3 to n = 3; got 4"),
        ({"format": "qttt-classical", "moves": "12"}, "'moves' must be a list of moves, got str"),
        ({"format": "qttt-classical", "moves": [], "redo": (1,)}, "'redo' must be a list of moves, got tuple"),
        ({"format": "qttt-classical", "moves": [0] * 501}, "'moves' has 501 moves; the limit is 500"),
        ({"format": "qttt-classical", "redo": [0] * 501}, "'redo' has 501 moves; the limit is 500"),
        ({"format": "qttt-classical", "moves": [0, "1"]}, "move 2 ('1'): a move is a square, a whole number 0..8 in "
                                                          "a record"),
        ({"format": "qttt-classical", "n": 4, "moves": [0], "redo": [1.0]}, "move 2 (1.0): a move is a square, a "
                                                                            "whole number 0..15 in a record"),
        ({"format": "qttt-classical", "moves": [0, 9]}, "move 2 (square 10 counted from 1): square 10 is off the "
                                                        "board: squares are 1..9 (9 in code; code counts 0..8)"),
        ({"format": "qttt-classical", "moves": [0, 0]}, "move 2 (square 1 counted from 1): square 1 already holds X"),
        ({"format": "qttt-classical", "moves": [0, 3, 1], "redo": [4, 2, 5]},
         "move 6 (square 6 counted from 1): the game is over (X); no more moves"),
    ]
    for record, message in cases:
        assert refusal(ClassicalBoard.from_record, record) == message, record


def test_a_classical_record_round_trips_through_json_and_repr():
    b = ClassicalBoard(4, 3).play(5).play(0).play(10).play(1).undo().undo()
    text = json.dumps(b.to_record())
    back = ClassicalBoard.from_record(text)
    assert (back.n, back.k, back.history, back.redo_stack) == (4, 3, (5, 0), (10, 1))
    assert back == b and back.to_record() == b.to_record()
    assert repr(ClassicalBoard().play(4).play(0).undo()) == (
        "ClassicalBoard.from_record({'format': 'qttt-classical', 'version': 1, 'n': 3, 'k': 3, 'moves': [4], "
        "'redo': [0]})")
    five = ClassicalBoard.from_record({"format": "qttt-classical", "version": 1, "n": 5, "moves": [24]})
    assert (five.n, five.k, five.cells[24]) == (5, 5, "X")


def test_boards_are_equal_by_position_and_rules():
    a = ClassicalBoard().play(0).play(4).play(8)
    b = ClassicalBoard().play(8).play(4).play(0)
    assert a == b and a.key() == b.key()
    assert a != ClassicalBoard().play(0).play(4) and a != ClassicalBoard(3, 2).play(0).play(4).play(8)
    assert ClassicalBoard(4) != ClassicalBoard(4, 3) and ClassicalBoard(4) != ClassicalBoard(3)
    with pytest.raises(TypeError):          # a board changes: its key is hashed, not the board
        hash(ClassicalBoard(4))
    assert len({ClassicalBoard().play(sq).key() for sq in range(9)}) == 9
    assert len({a.key(), b.key(), ClassicalBoard().key()}) == 2
    assert (a == "X...O...X") is False and a.__eq__(1) is NotImplemented


def test_from_key_builds_the_position():
    b = ClassicalBoard.from_key("XOXOX....")
    assert b.cells == ("X", "O", "X", "O", "X", None, None, None, None) and b.history == (0, 1, 2, 3, 4)
    assert b.to_move == "O" and b.k == 3
    assert ClassicalBoard.from_key("X" + "." * 15, k=3).k == 3 and ClassicalBoard.from_key("." * 16).k == 4
    assert ClassicalBoard.from_key("OX..").history == (1, 0)
    for key, message in [("XO", "not a square board of '.', 'X', 'O': 'XO'"),
                         ("XOA......", "not a square board of '.', 'X', 'O': 'XOA......'"),
                         ("xo.......", "not a square board of '.', 'X', 'O': 'xo.......'"),
                         ("XOO......", "X must have as many marks as O or one more: 'XOO......'"),
                         ("XXX......", "X must have as many marks as O or one more: 'XXX......'")]:
        assert refusal(ClassicalBoard.from_key, key, error=ValueError) == message


def test_the_drawing_says_who_moves_or_how_it_ended():
    status = "<div style='font-family:sans-serif'>{}</div>"
    b = ClassicalBoard()
    assert b._repr_html_().startswith("<svg") and b._repr_html_().endswith(status.format("X to move"))
    assert 'width="120"' in b._repr_html_() and 'width="160"' in ClassicalBoard(4)._repr_html_()
    assert b.play(4)._repr_html_().endswith(status.format("O to move"))
    for sq in (0, 2, 1, 6):
        b.play(sq)
    assert b._repr_html_().endswith(status.format("X wins"))
    drawn = ClassicalBoard()
    for sq in (0, 1, 2, 4, 3, 5, 7, 6, 8):
        drawn.play(sq)
    assert drawn._repr_html_().endswith(status.format("a draw"))
    o_won = ClassicalBoard()
    for sq in (0, 3, 1, 4, 8, 5):
        o_won.play(sq)
    assert o_won._repr_html_().endswith(status.format("O wins"))
