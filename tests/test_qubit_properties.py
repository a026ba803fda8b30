"""Property tests over random qubit-board games (hypothesis)."""
from hypothesis import given
from hypothesis import strategies as st

from qttt_widgets.rules.errors import IllegalMove
from qttt_widgets.rules.qubit_board import QubitGame
from helpers import play_picks

games = st.tuples(st.sampled_from([3, 4]), st.integers(0, 2**32), st.lists(st.integers(0, 10**6), max_size=20))


def play_out(n, seed, picks):
    return play_picks(QubitGame(n=n, seed=seed), picks)


def state(g):
    return (g.cells, g.groups, g.segment, g.ply, g.to_move, g.result, g.last_outcome, g.history, g.redo_stack)


@given(games)
def test_board_stays_valid(spec):
    g = play_out(*spec)
    in_groups = [c for grp in g.groups for c in grp.cells]
    assert len(in_groups) == len(set(in_groups))
    assert sorted(in_groups) == g.quantum_cells()
    for grp in g.groups:
        assert abs(sum(p for _, p in grp.table) - 1) < 1e-12
    assert abs(sum(g.outcome_distribution().values()) - 1) < 1e-9
    if not g.is_over:
        assert not g.lines()
        assert not (None not in g.cells and g.groups)        # a full board is always measured
        assert g.potential_lines() == []                     # a potential line is always measured
    else:
        assert g.legal_moves() == []


@given(games)
def test_undo_redo_and_records_are_exact(spec):
    g = play_out(*spec)
    final = state(g)
    assert state(QubitGame.from_record(g.to_record())) == final
    steps = []
    while g.history:
        g.undo()
        steps.append(state(g))
    assert state(QubitGame.from_record(g.to_record())) == state(g)
    for expected in reversed(steps[:-1]):
        g.redo()
        assert state(g) == expected
    if steps:
        g.redo()
    assert state(g) == final


CANDIDATES = ([("place", c) for c in range(-1, 17)] + [("h", c) for c in (0, 4, 8, 16)]
              + [("swap", a, b) for a in range(0, 9) for b in range(0, 9)]
              + [("entangle", lv, (a, b)) for lv in (1, 3, 5) for a in (0, 4) for b in (4, 8)]
              + [("entangle", 4, (0, 1, 2)), ("collapse",), ("phase", 3, "Z")])


@given(games)
def test_illegal_moves_change_nothing(spec):
    g = play_out(*spec)
    legal = set(g.legal_moves())
    before = state(g)
    for move in CANDIDATES:
        if move in legal:
            continue
        try:
            g.copy().apply(move)       # an ordering of entangled cells not listed may still be legal
            continue
        except IllegalMove as e:
            assert e.rule
        try:
            g.apply(move)
        except IllegalMove:
            pass
        assert state(g) == before
