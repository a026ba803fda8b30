"""Chance and choice explicit on the game (OpenSpiel's manner), scoring written once, and
the solver and the players working through them."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import goff_state
from qttt_widgets.players.esilv.scoring import not_a_pair, pair_score
from qttt_widgets.players.solver import GoffSolver, PerfectPlayer
from qttt_widgets.rules.errors import IllegalMove
from qttt_widgets.rules.goff import CHANCE, GoffGame, collapse_decider
from qttt_widgets.rules import scoring
from qttt_widgets.rules.scoring import doubled_score, first_line_end, points


def brute(game) -> float:
    """X's points minus O's by expectimax over copies, with only the public API: the game says
    whose decision each action is, and a chance node is the mean of its outcomes."""
    if game.is_over:
        return game.scores["X"] - game.scores["O"]
    if game.is_chance_node():
        return sum(p * brute(game.copy().apply(q)) for q, p in game.chance_outcomes())
    values = [brute(game.copy().apply(a)) for a in game.legal_moves()]
    return max(values) if game.current_player() == "X" else min(values)


def walk(rules, seed, picks, explicit=True):
    """A game played by the picks (each the index of a legal action, or of a chance outcome),
    with every position it passed through."""
    g = GoffGame(rules, seed=seed, explicit_chance=explicit)
    seen = [g.copy()]
    for pick in picks:
        if g.is_over:
            break
        options = [q for q, _ in g.chance_outcomes()] if g.is_chance_node() else g.legal_moves()
        g.apply(options[pick % len(options)])
        seen.append(g.copy())
    return g, seen


def late_chance_node(seed: int, rules: str = "random") -> GoffGame:
    """A chance node (or, under Goff's rules, a pending choice) reached at mark 6 or later."""
    rng = random.Random(seed)
    while True:
        g = GoffGame(rules, seed=seed, explicit_chance=True)
        while not g.is_over:
            if g.pending is not None:
                if g.move_number >= 7:
                    return g
                g.apply(rng.choice(g.legal_moves()))
            else:
                g.apply(rng.choice(g.legal_moves()))


games = st.tuples(st.sampled_from(["goff", "random"]), st.integers(0, 2**32),
                  st.lists(st.integers(0, 10**6), max_size=24))


# --- the decider at every kind of node --------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(games)
def test_the_decider_at_every_node(spec):
    rules, seed, picks = spec
    _, seen = walk(rules, seed, picks)
    for g in seen:
        assert g.current_player() in ("X", "O", CHANCE, None) and not hasattr(g, "decider")
        if g.is_over:
            assert g.current_player() is None and not g.is_chance_node()
        elif g.pending is not None:
            closer = "X" if g.pending.sub % 2 else "O"
            if rules == "goff":                       # the player who did not close the cycle
                assert g.current_player() == ("O" if closer == "X" else "X") and not g.is_chance_node()
            else:
                assert g.current_player() == CHANCE and g.is_chance_node()
            assert sorted(g.legal_moves()) == sorted(g.pending.options)
        else:
            assert g.current_player() == g.to_move and not g.is_chance_node()


@settings(max_examples=40, deadline=None)
@given(games)
def test_chance_outcomes_are_the_options_and_sum_to_one(spec):
    rules, seed, picks = spec
    _, seen = walk(rules, seed, picks)
    for g in seen:
        if g.is_chance_node():
            outcomes = g.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1
            assert all(p == 0.5 for _, p in outcomes)
            assert [q for q, _ in outcomes] == list(g.pending.options)
        else:
            before = goff_state(g)
            with pytest.raises(IllegalMove, match="not a chance node") as e:
                g.chance_outcomes()
            assert e.value.rule == "not-a-chance-node"
            assert goff_state(g) == before


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.integers(0, 10**6), max_size=24))
def test_by_default_random_collapse_tosses_at_once(seed, picks):
    """Without explicit_chance a random-collapse game never stops at a chance node, and
    tossing at every chance node of an explicit game gives the same game move by move."""
    g = GoffGame("random", seed=seed)
    e = GoffGame("random", seed=seed, explicit_chance=True)
    for pick in picks:
        if g.is_over:
            break
        assert not g.is_chance_node() and g.current_player() in ("X", "O")
        moves = g.legal_moves()
        g.apply(moves[pick % len(moves)])
        e.apply(moves[pick % len(moves)])
        if e.is_chance_node():
            e.toss()
        assert goff_state(e) == goff_state(g)
        assert e.to_record() == g.to_record()


def test_collapse_decider_is_the_rule():
    assert collapse_decider("goff", "X") == "O" and collapse_decider("goff", "O") == "X"
    assert collapse_decider("random", "X") == CHANCE == collapse_decider("random", "O")
    with pytest.raises(ValueError, match="rules"):
        collapse_decider("classic", "X")
    with pytest.raises(ValueError, match="closer"):
        collapse_decider("goff", "chance")


# --- a chance node: resolving it, undo, records, refusals --------------------------------------------
def triangle(seed=3, explicit=True):
    """X1 in 1-2, O2 in 2-3, X3 in 1-3 closes a cycle."""
    return GoffGame("random", seed=seed, explicit_chance=explicit).play(0, 1).play(1, 2).play(0, 2)


def test_a_chance_outcome_resolves_the_mark_as_one_action():
    g = triangle()
    assert g.is_chance_node() and g.history[-1] == ("mark", 0, 2)
    g.apply(2)
    assert not g.is_chance_node() and g.current_player() == "O"
    assert g.history[-1] == ("mark", 0, 2, 2) and g.last_collapse.by == CHANCE
    assert g.classical[:3] == (("X", 1), ("O", 2), ("X", 3))
    g.undo()                                     # the mark and its outcome go back together
    assert g.history == (("mark", 0, 1), ("mark", 1, 2)) and g.move_number == 3
    g.redo()
    assert g.history[-1] == ("mark", 0, 2, 2) and not g.is_chance_node()


def test_toss_gives_the_seeds_coin():
    for seed in range(8):
        tossed = triangle(seed).toss()
        plain = triangle(seed, explicit=False)
        assert tossed.history == plain.history and tossed.classical == plain.classical


def test_bad_actions_at_a_chance_node_are_refused_and_change_nothing():
    g = triangle()
    before = goff_state(g)
    with pytest.raises(IllegalMove, match=r"square 1 or 3 .*chance_outcomes") as e:
        g.play(3, 4)
    assert e.value.rule == "collapse-pending"
    with pytest.raises(IllegalMove, match="square 1 or 3, not 2"):
        g.apply(1)
    with pytest.raises(IllegalMove, match="record cannot hold") as e:
        g.to_record()
    assert e.value.rule == "chance-pending"
    assert goff_state(g) == before
    assert "waiting for its outcome" in repr(g)
    for not_chance in (GoffGame("random", seed=3, explicit_chance=True), GoffGame().play(0, 1).play(0, 1)):
        with pytest.raises(IllegalMove, match="no coin to toss"):
            not_chance.toss()
    with pytest.raises(ValueError, match="explicit_chance"):
        GoffGame("random", seed=1, explicit_chance="yes")


def test_a_record_holds_only_the_coins_outcomes():
    seed = 3
    coin = triangle(seed).toss().history[-1][3]
    other = 0 if coin == 2 else 2
    g = triangle(seed).apply(coin)
    assert GoffGame.from_record(g.to_record()) == g
    off = triangle(seed).apply(other)
    with pytest.raises(IllegalMove, match="coin") as e:
        off.to_record()
    assert e.value.rule == "not-the-coin"
    off.undo()                                   # in the redo stack it still cannot be written
    with pytest.raises(IllegalMove, match="coin"):
        off.to_record()
    assert "coin" in repr(off)


def test_explicit_chance_survives_copy():
    g = triangle()
    assert g.copy().explicit_chance and g.copy().is_chance_node()


# --- scoring, written once ---------------------------------------------------------------------------
def masks(g):
    return scoring.masks(g.classical)


def test_the_scoring_rule():
    top, middle, bottom = 0b000000111, 0b000111000, 0b111000000
    left = 0b001001001
    assert doubled_score(0, 0, None) is None
    assert doubled_score(top, 0, None) == 2 and doubled_score(0, middle, None) == -2
    assert doubled_score(top | left, 0, None) == 4                # a double line scores 2
    assert doubled_score(0b110001101, 0b001110010, None) == 0     # full, no line: a draw
    subs = [1, 3, 5, 2, 4, 6, 0, 0, 0]           # X's top row ends at 5, O's middle row at 6
    assert doubled_score(top, middle, subs) == 1
    subs = [1, 3, 7, 2, 4, 6, 0, 0, 0]           # now X's ends at 7, after O's
    assert doubled_score(top, middle, subs) == -1
    with pytest.raises(ValueError, match="subscripts decide"):
        doubled_score(top, middle, None)
    assert first_line_end(top | bottom, [1, 3, 8, 0, 0, 0, 2, 4, 5]) == 5
    with pytest.raises(ValueError, match="no line"):
        first_line_end(0b11, [0] * 9)
    assert points(4) == {"X": 2.0, "O": 0.0} and points(-2) == {"X": 0.0, "O": 1.0}
    assert points(1) == {"X": 1.0, "O": 0.5} and points(-1) == {"X": 0.5, "O": 1.0}
    assert points(0) == {"X": 0.0, "O": 0.0}
    with pytest.raises(ValueError, match="even"):
        points(3)


@settings(max_examples=80, deadline=None)
@given(games)
def test_the_game_scores_by_the_rule(spec):
    g, seen = walk(*spec)
    for s in seen:
        d = doubled_score(*masks(s))
        if d is None:
            assert not s.is_over
        else:
            assert s.is_over and s.scores == points(d)
            assert 2 * (s.scores["X"] - s.scores["O"]) == d


# --- the solver through the game's chance and choice ---------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2, 5, 8])
def test_the_value_of_a_chance_node_is_the_mean_of_its_outcomes(seed):
    g = late_chance_node(seed)
    assert g.is_chance_node()
    solver = GoffSolver("random")
    outcomes = g.chance_outcomes()
    after = {q: GoffSolver("random").value(g.copy().apply(q)) for q, _ in outcomes}
    assert solver.value(g) == sum(p * after[q] for q, p in outcomes)
    assert solver.action_values(g) == after
    assert solver.value(g) == brute(g)
    # the mark that made the chance node is worth the same from the position before it
    before = g.copy()
    before.undo()
    mark = next(a for a in before.legal_moves() if tuple(a) == tuple(sorted(g.pending.options)))
    assert GoffSolver("random").action_values(before)[mark] == solver.value(g)


def test_no_player_chooses_at_a_chance_node():
    g = late_chance_node(1)
    before = goff_state(g)
    with pytest.raises(ValueError, match="chance node"):
        GoffSolver("random").best_actions(g)
    with pytest.raises(ValueError, match="chance node"):
        PerfectPlayer(1).choose(g)
    with pytest.raises(ValueError, match="chance node"):
        not_a_pair(g, random.Random(1))
    assert goff_state(g) == before


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.lists(st.integers(0, 10**6), min_size=30, max_size=30),
       st.sampled_from(["goff", "random"]))
def test_solver_matches_a_brute_force_over_the_public_api(seed, picks, rules):
    """From mark 7 on, every position on the way (chance nodes and pending choices included)."""
    g = GoffGame(rules, seed=seed, explicit_chance=True)
    it = iter(picks)
    while not g.is_over and (g.move_number < 7 or g.pending is not None):
        options = g.legal_moves()
        g.apply(options[next(it) % len(options)])
    solver = GoffSolver(rules)
    while not g.is_over:
        assert solver.value(g) == brute(g), g.notation()
        options = g.legal_moves()
        g.apply(options[next(it) % len(options)])


def test_the_goff_solver_asks_the_decider():
    """A pending choice is worth the decider's best: X's largest value, O's smallest."""
    g = late_chance_node(3, rules="goff")
    values = GoffSolver().action_values(g)
    best = (max if g.current_player() == "X" else min)(values.values())
    assert GoffSolver().value(g) == best


# --- the ESILV players ask the game ---------------------------------------------------------------------
def test_esilv_pair_score_is_the_same_under_both_rules():
    """The pair score looks ahead through the collapse the same way under both rules: the
    decider (a player or chance) sends the mark to each square in turn."""
    goff = GoffGame().play(0, 1).play(1, 2)
    rand = GoffGame("random", seed=1).play(0, 1).play(1, 2)
    for pair in [(0, 2), (3, 4), (0, 8)]:
        assert pair_score(goff, pair) == pair_score(rand, pair)
    assert goff.closes_cycle(0, 2) and not goff.closes_cycle(3, 4)
    with pytest.raises(IllegalMove):
        goff.closes_cycle(0, 0)
