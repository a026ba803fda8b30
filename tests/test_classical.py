import random

import pytest

from qttt_widgets.players.basic import ClassicalPerfectPlayer as PerfectPlayer
from qttt_widgets.rules.classical import (ClassicalBoard, can_blunder, classify,
                                          legal_positions, losing_moves, optimal_moves, outcome,
                                          winning_lines)
from qttt_widgets.rules.errors import IllegalMove


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
