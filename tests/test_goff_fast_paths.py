"""The fast paths of GoffGame's hot loop (legal_moves, apply, the square checks) against the
readable definitions they speed up, on many random games under both rules.

Random playouts (benchmarks/goff_playouts.py) fell from 16,000 to 9,200 games/s when
legal_moves began to build a typed ``Mark`` per pair on every call; it now shares one action
object per square or pair. These tests say that sharing changes nothing a caller can see.
"""
import random

import pytest

from qttt_widgets.rules.actions import CollapseTo, LastMark, Mark
from qttt_widgets.rules.errors import IllegalMove, whole_number
from qttt_widgets.rules.goff import GoffGame


def readable_legal_moves(g: GoffGame) -> list:
    """legal_moves as the rules say it, built afresh."""
    if g.is_over:
        return []
    if g.pending is not None:
        return [CollapseTo(q) for q in g.pending.options]
    free = [i for i in range(9) if g.classical[i] is None]
    if len(free) == 1:
        return [LastMark(free[0])]
    return [Mark(a, b) for i, a in enumerate(free) for b in free[i + 1:]]


def same_actions(got: list, want: list) -> bool:
    return got == want and [type(a) for a in got] == [type(a) for a in want]


@pytest.mark.parametrize("rules", ["goff", "random"])
@pytest.mark.parametrize("seed", range(8))
def test_legal_moves_are_the_readable_list_at_every_step(rules, seed):
    rng = random.Random(seed)
    for i in range(60):
        g = GoffGame(rules, seed=seed * 100 + i)
        twin = GoffGame(rules, seed=seed * 100 + i)          # driven by plain pairs and squares
        while True:
            moves = g.legal_moves()
            assert same_actions(moves, readable_legal_moves(g)), g.notation()
            if g.is_over:
                break
            moves.clear()                           # a caller may change its list: the next call is whole
            moves = g.legal_moves()
            assert same_actions(moves, readable_legal_moves(g))
            action = moves[rng.randrange(len(moves))]
            g.apply(action)
            twin.apply(tuple(action) if isinstance(action, Mark) else int(action))
            assert g == twin and g.history == twin.history


def test_shared_actions_are_values():
    g = GoffGame()
    first, second = g.legal_moves(), GoffGame().legal_moves()
    assert first == second and first is not second
    assert Mark(0, 8) in first and (0, 8) in first and Mark(0, 8) == (0, 8)
    assert repr(first[0]) == "Mark(a=0, b=1)" and str(first[-1]) == "8-9"


@pytest.mark.parametrize("value, want", [
    (4, 4), (0, 0), (-1, -1), (10**30, 10**30), (True, None), (False, None), (4.0, None), ("4", None),
    (None, None), (CollapseTo(3), 3), (LastMark(2), 2)])
def test_whole_number_fast_path_agrees_with_the_general_rule(value, want):
    got = whole_number(value)
    assert got == want and (got is None or type(got) is int)


def test_whole_number_takes_numpy_integers():
    np = pytest.importorskip("numpy")
    assert whole_number(np.int64(4)) == 4 and type(whole_number(np.int64(4))) is int
    g = GoffGame().apply((np.int64(0), np.int64(8)))
    assert g.spooky == (("X", 1, 0, 8),) and type(g.spooky[0][2]) is int


@pytest.mark.parametrize("a, b, rule", [(True, 1, "not-a-square"), (0, 9, "off-board"),
                                        (4.0, 1, "not-a-square"), (3, 3, "same-square")])
def test_bad_squares_are_still_refused_in_order(a, b, rule):
    with pytest.raises(IllegalMove) as err:
        GoffGame().apply((a, b))
    assert err.value.rule == rule
