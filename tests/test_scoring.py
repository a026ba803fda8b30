"""The scoring rule of rules/scoring.py (the points of lines and draws, subscripts, the first
line's end, masks), pinned where mutation testing found it unguarded (tests/MUTATION.md)."""
import pytest

from qttt_widgets.rules.scoring import (doubled_score, first_line_end, masks, needs_subscripts,
                                        points)


# =================================================================================================
# Formerly tests/test_mutation_records.py (mutation testing, tests/MUTATION.md).
# =================================================================================================
# --- scoring -------------------------------------------------------------------------------------
def mask(*squares):
    return sum(1 << s for s in squares)


def test_the_score_of_lines_and_draws():
    top, middle, bottom, left = mask(0, 1, 2), mask(3, 4, 5), mask(6, 7, 8), mask(0, 3, 6)
    assert doubled_score(top, mask(3, 4), None) == 2
    assert doubled_score(mask(3, 4), top | mask(8), None) == -2
    assert doubled_score(top | left, mask(4, 5, 7, 8), None) == 4          # X's double line
    assert doubled_score(mask(4, 5), top | left, None) == -4
    assert doubled_score(mask(0, 1), mask(3, 4), None) is None
    assert doubled_score(0, 0, None) is None
    assert doubled_score(mask(0, 2, 3, 7), mask(1, 4, 5, 6), None) is None       # one square open
    assert doubled_score(mask(0, 2, 3, 7, 8), mask(1, 4, 5, 6), None) == 0       # full, no line: a draw
    assert doubled_score(mask(0, 2, 5, 6, 7), mask(1, 3, 4, 8), None) == 0
    assert doubled_score(middle, bottom, [0, 0, 0, 1, 3, 5, 2, 4, 6]) == 1      # X's line ends at 5, O's at 6
    assert doubled_score(middle, bottom, [0, 0, 0, 1, 3, 7, 2, 4, 6]) == -1     # X's at 7
    assert doubled_score(middle, bottom, [0, 0, 0, 1, 3, 5, 6, 2, 4]) == 1      # the largest, not the last square
    assert doubled_score(middle, bottom, [0, 0, 0, 7, 3, 1, 6, 2, 4]) == -1
    with pytest.raises(ValueError) as e:
        doubled_score(middle, bottom, None)
    assert str(e.value) == "both players have a line: the subscripts decide, and none were given"


def test_the_subscripts_are_needed_only_when_both_players_have_a_line():
    top, middle = mask(0, 1, 2), mask(3, 4, 5)
    assert needs_subscripts(top, middle) is True
    assert needs_subscripts(top, mask(3, 4)) is False and needs_subscripts(mask(3, 4), middle) is False
    assert needs_subscripts(0, 0) is False


def test_first_line_end_is_the_earliest_finished_line():
    subs = [1, 3, 5, 7, 9, 2, 4, 6, 8]
    assert first_line_end(mask(0, 1, 2), subs) == 5
    assert first_line_end(mask(2, 4, 6), subs) == 9
    assert first_line_end(mask(0, 1, 2, 3, 6), subs) == 5               # row 1 ends at 5, column 1 at 7
    assert first_line_end(mask(0, 1, 2, 3, 6), [9, 3, 5, 1, 2, 7, 7, 7, 7]) == 9
    assert first_line_end(mask(0, 3, 6, 1, 2), [1, 9, 9, 2, 0, 0, 3, 0, 0]) == 3
    assert first_line_end(mask(0, 3, 6), [5, 0, 0, 1, 0, 0, 2, 0, 0]) == 5
    assert first_line_end(mask(0, 3, 6), [1, 0, 0, 5, 0, 0, 2, 0, 0]) == 5
    assert first_line_end(mask(0, 3, 6), [1, 0, 0, 2, 0, 0, 5, 0, 0]) == 5
    with pytest.raises(ValueError) as e:
        first_line_end(mask(0, 1), subs)
    assert str(e.value) == "these squares complete no line"


def test_masks_read_a_board_of_classical_marks():
    board = [("X", 1), None, ("O", 2), None, ("X", 3), None, None, None, ("O", 8)]
    assert masks(board) == (mask(0, 4), mask(2, 8), [1, 0, 2, 0, 3, 0, 0, 0, 8])
    assert masks([None] * 9) == (0, 0, [0] * 9)
    assert masks([("O", 4)]) == (0, 1, [4])


def test_points_from_a_doubled_score():
    assert points(2) == {"X": 1.0, "O": 0.0} and points(-2) == {"X": 0.0, "O": 1.0}
    assert points(4) == {"X": 2.0, "O": 0.0} and points(-4) == {"X": 0.0, "O": 2.0}
    assert points(1) == {"X": 1.0, "O": 0.5} and points(-1) == {"X": 0.5, "O": 1.0}
    assert points(0) == {"X": 0.0, "O": 0.0}
    for odd in (3, -3):
        with pytest.raises(ValueError) as e:
            points(odd)
        assert str(e.value) == f"a doubled score is even or +-1, got {odd}"
