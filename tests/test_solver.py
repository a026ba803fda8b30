"""The Goff solver against a brute force written only with the public GoffGame API,
the known opening result, the opening book, and the players built on the solver."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import goff_state, play_picks
from qttt_widgets.players.solver import (GoffSolver, ImperfectPlayer, PerfectPlayer, _book_lookup,
                                         shared_solver)
from qttt_widgets.rules.goff import GoffGame


def brute(game, chance: bool = False) -> float:
    """X's points minus O's by plain minimax over GoffGame copies. With ``chance`` the
    collapse choice is a fair coin instead (the random-collapse rules)."""
    if game.is_over:
        return game.scores["X"] - game.scores["O"]
    values = [brute(game.copy().apply(a), chance) for a in game.legal_moves()]
    if game.pending is not None and chance:
        return sum(values) / 2
    return max(values) if game.to_move == "X" else min(values)


def late_position(picks, rules="goff"):
    """A position reached by the picks, left at move 7 or later and not over."""
    g = GoffGame()
    for p in picks:
        if g.is_over or (g.move_number >= 7 and g.pending is None):
            break
        moves = g.legal_moves()
        g.apply(moves[p % len(moves)])
    return g


@settings(max_examples=20, deadline=None)
@given(st.lists(st.integers(0, 10_000), min_size=12, max_size=12))
def test_values_match_brute_force(picks):
    g = late_position(picks)
    if g.is_over:
        return
    solver = GoffSolver()
    assert solver.value(g) == brute(g)
    values = solver.action_values(g)
    assert set(values) == set(g.legal_moves())
    for action, v in values.items():
        assert v == brute(g.copy().apply(action)), action


@settings(max_examples=12, deadline=None)
@given(st.lists(st.integers(0, 10_000), min_size=12, max_size=12), st.integers(0, 1000))
def test_random_collapse_values_match_expectimax(picks, seed):
    rg = GoffGame("random", seed=seed)
    for p in picks:
        if rg.is_over or rg.move_number >= 7:
            break
        moves = rg.legal_moves()
        rg.apply(moves[p % len(moves)])
    if rg.is_over:
        return
    solver = GoffSolver("random")
    value, best = solver.hint(rg)
    g = rg_to_goff(rg)
    assert value == brute(g, chance=True)
    by_action = {a: brute(g.copy().apply(a), chance=True) for a in g.legal_moves()}
    assert sorted(best) == sorted(a for a, v in by_action.items() if v == value)


def rg_to_goff(rg):
    """The same position as a Goff-rules game (so that the brute force can branch on collapses)."""
    g = GoffGame()
    for action in rg.history:
        g.play(action[1], action[2])
        if len(action) > 3:
            g.collapse(action[3])
    return g


def test_pending_collapse_values():
    # X1 in 1-2, O2 in 1-2 closes a cycle: X chooses where O2 goes; the options are the squares
    g = GoffGame().play(0, 1).play(0, 1)
    solver = GoffSolver()
    values = solver.action_values(g)
    assert set(values) == {0, 1}
    assert solver.value(g) == max(values.values())           # X chooses: the better for X
    # a triangle X1 1-4, O2 4-7, X3 1-7: O chooses; the value is O's better option
    g = GoffGame()
    for a, b in [(0, 3), (3, 6), (0, 6)]:
        g.play(a, b)
    assert g.pending is not None and g.to_move == "O"
    values = solver.action_values(g)
    assert set(values) == {0, 6}
    assert solver.value(g) == min(values.values())
    assert solver.best_actions(g) == [q for q, v in values.items() if v == min(values.values())]


def test_double_line_and_narrow_win_values_are_exact():
    g = play_picks(GoffGame(), [0] * 40)        # a whole game by first legal actions
    assert g.is_over
    s = GoffSolver()
    assert s.value(g) == g.scores["X"] - g.scores["O"]
    assert s.action_values(g) == {} and s.best_actions(g) == []


def test_opening_result():
    report = GoffSolver().solve()
    assert report.value == 0.5
    assert report.winning_first_moves == [(0, 8), (2, 6)]
    assert len(report.first_moves) == 36
    assert sorted(set(report.first_moves.values())) == [0.0, 0.5]
    assert sum(1 for v in report.first_moves.values() if v == 0) == 34
    assert report.nodes > 0 and report.positions > 0
    assert "+0.5" in str(report)


def _book_sample(marks, rng):
    g = GoffGame()
    while g.move_number <= marks or g.pending is not None:
        g.apply(rng.choice(g.legal_moves()))
    return g


@pytest.mark.parametrize("marks, seed", [(1, 3), (2, 4), (3, 5), (3, 8)])
def test_book_matches_the_solver(marks, seed):
    """The shipped book holds every position after one to three marks (collapses included),
    and agrees with a fresh search on the value and on every perfect action."""
    g = _book_sample(marks, random.Random(seed))
    hit = _book_lookup(g)
    assert hit is not None, g.notation()
    assert hit == GoffSolver().hint(g, book=False)


def test_book_covers_a_collapsed_opening():
    g = GoffGame().play(0, 1).play(0, 1)          # O closes a cycle at once; X chooses
    g.apply(g.legal_moves()[0])
    assert g.pending is None and not g.is_over
    assert _book_lookup(g) is not None


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_early_collapse_choice_is_read_from_the_book(seed):
    """A pending collapse by mark 3 at the latest: both outcomes are in the book."""
    rng = random.Random(seed)
    while True:
        g = GoffGame()
        while not g.is_over and g.pending is None:
            g.apply(rng.choice(g.legal_moves()))
        if g.pending is not None and g.move_number <= 4:
            break
    from_book = GoffSolver()
    hit = from_book.hint(g)
    assert from_book.nodes == 0                      # no search: both outcomes were in the book
    assert hit == GoffSolver().hint(g, book=False)


def test_a_damaged_book_says_so(tmp_path, monkeypatch):
    import qttt_widgets.players.solver as solver_module
    bad = tmp_path / "goff_book.json"
    bad.write_text('{"rules": "goff", "positions": [1, 2')
    monkeypatch.setattr(solver_module, "BOOK_PATH", bad)
    monkeypatch.setattr(solver_module, "_BOOK", None)
    with pytest.raises(ValueError, match="damaged.*regenerate"):
        _book_lookup(GoffGame().play(0, 1))


def test_players_only_choose_perfect_or_legal_actions():
    solver = shared_solver("goff")
    g = GoffGame().play(0, 8)
    perfect = PerfectPlayer(1, solver=solver)
    for _ in range(5):
        a = perfect.choose(g)
        assert a in solver.best_actions(g)
    always_wrong = ImperfectPlayer(2, p=1.0, solver=solver)
    for _ in range(5):
        a = always_wrong.choose(g)
        assert a in g.legal_moves() and a not in solver.best_actions(g)
    never_wrong = ImperfectPlayer(3, p=0.0, solver=solver)
    assert never_wrong.choose(g) in solver.best_actions(g)


@settings(max_examples=10, deadline=None)
@given(st.lists(st.integers(0, 10_000), min_size=5, max_size=12), st.floats(0, 1), st.integers(0, 99))
def test_imperfect_player_plays_legal_actions_to_the_end(picks, p, seed):
    g = play_picks(GoffGame(), picks[:5])
    before = goff_state(g)
    player = ImperfectPlayer(seed, p=p)
    while not g.is_over:
        snap = goff_state(g)
        a = player.choose(g)
        assert goff_state(g) == snap                 # choosing changes nothing
        assert a in g.legal_moves()
        g.apply(a)
    assert before != goff_state(g)


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="rules"):
        GoffSolver("classic")
    with pytest.raises(ValueError, match="random"):
        GoffSolver().value(GoffGame("random", seed=1))
    with pytest.raises(TypeError, match="GoffGame"):
        GoffSolver().value("19 59")
    with pytest.raises(ValueError, match="probability"):
        ImperfectPlayer(1, p=1.5)
