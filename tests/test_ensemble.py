from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from qttt_widgets.rules.ensemble import Ensemble, components, ensemble
from qttt_widgets.rules.goff import GoffGame


def brute_force(game):
    """All 2**m placements of the spooky marks, pruned of those with two marks in a square."""
    boards = set()
    marks = game.spooky
    for choice in product(*[(a, b) for _, _, a, b in marks]):
        if len(set(choice)) < len(choice):
            continue
        board = list(game.classical)
        if any(board[sq] is not None for sq in choice):
            continue
        for (player, sub, _, _), sq in zip(marks, choice):
            board[sq] = (player, sub)
        boards.add(tuple(board))
    return boards


def test_draft_example_one_impossible_board_is_pruned():
    # X1 in 1-2, O2 in 2-3: four ways, and the one with both marks in square 2 is impossible
    e = Ensemble(GoffGame().play(0, 1).play(1, 2))
    assert e.naive_size == 4 and e.size == 3
    rest = (None,) * 6
    X1, O2 = ("X", 1), ("O", 2)
    assert e.boards() == [(X1, O2, None) + rest, (X1, None, O2) + rest, (None, X1, O2) + rest]
    assert set(e.boards()) == brute_force(GoffGame().play(0, 1).play(1, 2))


def test_the_naive_count_doubles_with_each_spooky_mark():
    # each mark could sit in either of its two squares: 1, 2, 4, 8, 16 placements before pruning
    g = GoffGame()
    sizes = [Ensemble(g).naive_size]
    for a, b in [(0, 1), (2, 3), (4, 5), (6, 7)]:
        g.play(a, b)
        sizes.append(Ensemble(g).naive_size)
    assert sizes == [1, 2, 4, 8, 16]


def test_a_chain_of_n_marks_has_n_plus_one_members():
    g = GoffGame()
    for n, (a, b) in enumerate([(0, 1), (1, 2), (2, 5), (5, 8), (8, 7), (7, 6), (6, 3), (3, 4)], 1):
        g.play(a, b)
        assert Ensemble(g).size == n + 1
        assert Ensemble(g).group_sizes == [n + 1]


def test_a_tree_of_n_marks_has_n_plus_one_members_too():
    g = GoffGame().play(4, 0).play(4, 2).play(4, 6).play(4, 8)   # a star around the centre
    assert Ensemble(g).size == 5


def test_a_cycle_has_exactly_two_members():
    g = GoffGame().play(0, 1).play(1, 2).play(0, 2)
    assert g.pending is not None
    assert Ensemble(g).size == 2
    g = GoffGame().play(0, 1).play(0, 1)
    assert Ensemble(g).size == 2


def test_independent_groups_multiply():
    g = GoffGame().play(0, 1).play(3, 4).play(6, 7).play(7, 8)
    e = Ensemble(g)
    assert e.group_sizes == [2, 2, 3]
    assert e.size == 12 == len(e.boards()) == len(brute_force(g))
    assert len(e.boards(limit=5)) == 5
    assert [len(grp) for grp in components(g.spooky)] == [1, 1, 2]


def test_classical_marks_are_fixed_in_every_member():
    g = GoffGame().play(0, 1).play(0, 1).collapse(0).play(2, 3)
    for board in ensemble(g):
        assert board[0] == ("O", 2) and board[1] == ("X", 1)


def test_square_probabilities():
    # X1 in 1-2, O2 in 2-3: members {X@1,O@2}, {X@1,O@3}, {X@2,O@3}
    p = Ensemble(GoffGame().play(0, 1).play(1, 2)).probabilities(exact=True)
    assert p[0] == {"X": Fraction(2, 3), "O": 0, "empty": Fraction(1, 3)}
    assert p[1] == {"X": Fraction(1, 3), "O": Fraction(1, 3), "empty": Fraction(1, 3)}
    assert p[2] == {"X": 0, "O": Fraction(2, 3), "empty": Fraction(1, 3)}
    assert p[4] == {"X": 0, "O": 0, "empty": 1}
    floats = Ensemble(GoffGame().play(0, 1).play(1, 2)).probabilities()
    assert abs(floats[0]["X"] - 2 / 3) < 1e-12


def test_probabilities_agree_with_counting_the_boards():
    g = GoffGame().play(0, 4).play(4, 8).play(2, 6).play(6, 4)
    e = Ensemble(g)
    boards = e.boards()
    for sq, p in enumerate(e.probabilities(exact=True)):
        for who in ("X", "O"):
            assert p[who] == Fraction(sum(1 for b in boards if b[sq] and b[sq][0] == who), len(boards))


# =================================================================================================
# Formerly tests/test_mutation_rules.py (mutation testing, tests/MUTATION.md).
# Rules behaviour that mutation testing found unguarded: damaged records refused with a message
# that names the problem, undo and redo at the ends of the history, the printed boards.
# =================================================================================================
# --- the ensemble's odds are its boards' frequencies ---------------------------------------------------
@pytest.mark.parametrize("record", ["19 59", "12 23 34", "12 45 14 25(5) 36 69", "15 37 59 34 26", ""])
def test_ensemble_probabilities_are_the_frequencies_over_its_boards(record):
    g = GoffGame.from_record(record) if record else GoffGame()
    e = Ensemble(g)
    boards = e.boards()
    assert len(boards) == e.size
    exact = e.probabilities(exact=True)
    floats = e.probabilities()
    for sq in range(9):
        counts = Counter("empty" if b[sq] is None else b[sq][0] for b in boards)
        want = {k: Fraction(counts[k], len(boards)) for k in ("X", "O", "empty")}
        assert exact[sq] == want, sq
        assert floats[sq] == {k: float(v) for k, v in want.items()}
        assert all(isinstance(v, Fraction) for v in exact[sq].values())
        assert all(isinstance(v, float) for v in floats[sq].values())
