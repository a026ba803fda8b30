"""Property tests over random legal Goff games (hypothesis)."""
from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from qttt_widgets.rules.ensemble import Ensemble
from qttt_widgets.rules.errors import IllegalMove
from qttt_widgets.rules.goff import GoffGame
from helpers import goff_state, play_picks

games = st.tuples(
    st.sampled_from(["goff", "random"]),
    st.integers(0, 2**32),
    st.lists(st.integers(0, 10**6), max_size=24),
)


def play_out(rules, seed, picks) -> GoffGame:
    return play_picks(GoffGame(collapse=rules, seed=seed), picks)


@given(games)
def test_classical_marks_are_sound(spec):
    g = play_out(*spec)
    # where each mark was placed, from the history
    placed_in = {}
    sub = 0
    for action in g.history:
        if action[0] == "mark":
            sub += 1
            placed_in[sub] = {action[1], action[2]}
        elif action[0] == "classical":
            sub += 1
            placed_in[sub] = {action[1]}
    subs = [m[1] for m in g.classical if m is not None]
    assert len(subs) == len(set(subs))                      # no mark in two squares
    for sq, mark in enumerate(g.classical):
        if mark is not None:
            player, s = mark
            assert sq in placed_in[s]                       # it came from its own spooky pair
            assert player == ("X" if s % 2 else "O")
    for player, s, a, b in g.spooky:
        assert g.classical[a] is None and g.classical[b] is None
        assert {a, b} == placed_in[s]
    # every mark is either classical or spooky, never both, never lost
    assert sorted(subs + [m[1] for m in g.spooky]) == list(range(1, g.move_number))


@given(games)
def test_scores_only_with_a_line_or_a_full_board(spec):
    g = play_out(*spec)
    if g.is_over:
        assert g.lines() or None not in g.classical
        assert g.pending is None and g.legal_moves() == []
        assert sum(g.scores.values()) in (0.0, 1.0, 1.5, 2.0)
    else:
        assert not g.lines()
        assert g.legal_moves()


@given(games)
def test_undo_all_then_redo_all_is_exact(spec):
    g = play_out(*spec)
    final = goff_state(g)
    states = []
    while g.history:
        g.undo()
        states.append(goff_state(g))
    assert g.classical == (None,) * 9 and g.spooky == ()
    for expected in reversed(states[:-1]):
        g.redo()
        assert goff_state(g) == expected
    if states:
        g.redo()
    assert goff_state(g) == final


@given(games, st.integers(0, 30))
def test_record_round_trip_is_exact(spec, undos):
    g = play_out(*spec)
    for _ in range(min(undos, len(g.history))):
        g.undo()
    back = GoffGame.from_record(g.to_record())
    assert goff_state(back) == goff_state(g)
    assert back.to_record() == g.to_record()


CANDIDATES = ([("play", (a, b)) for a, b in product(range(-1, 10), repeat=2)]
              + [("play", (a,)) for a in range(-1, 10)]
              + [("collapse", (a,)) for a in range(-1, 10)]
              + [("play", ("4", 5)), ("collapse", (None,))])


@given(games)
def test_illegal_actions_change_nothing_and_legal_ones_work(spec):
    g = play_out(*spec)
    legal = g.legal_moves()
    legal_calls = set()
    for move in legal:
        if isinstance(move, tuple):
            legal_calls |= {("play", move), ("play", move[::-1])}
        elif g.pending is not None:
            legal_calls.add(("collapse", (move,)))
        else:
            legal_calls.add(("play", (move,)))
    before = goff_state(g)
    for method, args in CANDIDATES:
        if (method, args) in legal_calls:
            getattr(g.copy(), method)(*args)             # must not raise
            continue
        try:
            getattr(g, method)(*args)
        except IllegalMove as e:
            assert e.rule and str(e)
        else:
            raise AssertionError(f"{method}{args} was accepted but is not in legal_moves {legal}")
        assert goff_state(g) == before


@given(games)
def test_ensemble_matches_brute_force(spec):
    g = play_out(*spec)
    e = Ensemble(g)
    marks = g.spooky
    count = 0
    for choice in product(*[(a, b) for _, _, a, b in marks]):
        count += len(set(choice)) == len(choice)
    assert e.size == count
    for p in e.probabilities(exact=True):
        assert sum(p.values()) == 1
    if g.pending is not None:
        component = [grp for grp in e.groups if any(m[1] == g.pending.sub for m in grp)][0]
        assert e.group_sizes[e.groups.index(component)] == 2
