"""The eight planted faults that the tests let through (issue 16, "Tests"), each now caught.

One test (or a small group) per fault; the docstring names the fault it catches. The values are
checked against the public rules engine (a brute force over ``GoffGame`` copies), not against
numbers copied from the code under test.
"""
import math

import pytest

from qttt_widgets.rules.goff import GoffGame


def brute(game, chance: bool = False) -> float:
    """X's points minus O's by plain minimax over GoffGame copies; with ``chance`` a pending
    collapse is a fair coin (the random-collapse rules) instead of the chooser's decision."""
    if game.is_over:
        return game.scores["X"] - game.scores["O"]
    values = [brute(game.copy().apply(a), chance) for a in game.legal_moves()]
    if game.pending is not None and chance:
        return sum(values) / 2
    return max(values) if game.to_move == "X" else min(values)


def rg_to_goff(rg):
    """A random-collapse game as a Goff-rules game with the same marks and outcomes, so that
    the brute force can branch on the collapse."""
    g = GoffGame()
    for action in rg.history:
        if action[0] == "classical":
            g.play(action[1])
            continue
        g.play(action[1], action[2])
        if len(action) > 3:
            g.collapse(action[3])
    return g


def _trees(game):
    """The number of trees of spooky marks over the open squares."""
    free = game.open_squares()
    parent = {i: i for i in free}

    def find(x):
        while parent[x] != x:
            x = parent[x]
        return x
    for _, _, a, b in game.spooky:
        parent[find(a)] = find(b)
    return len({find(i) for i in free})


def _random_game(seed, pairs):
    g = GoffGame("random", seed=seed)
    for a, b in pairs:
        g.play(a, b)
    return g


# --- 1. a draw declared with one square still open ---------------------------------------------
@pytest.mark.parametrize("record", ["58 68 89 29 46 29(2) 17 17(1)", "89 26 17 89(9) 13 14 14(1) 26(2)",
                                    "56 35 23 12 89 14 28 59(5)"])
def test_eight_classical_marks_without_a_line_are_not_a_draw(record):
    g = GoffGame.from_record(record)
    assert g.classical.count(None) == 1 and not g.lines()
    assert not g.is_over and g.scores is None and g.winner is None and g.result_text() == "in play"
    last = g.open_squares()
    assert g.legal_moves() == last
    g.apply(last[0])                                     # the ninth, classical mark ends it
    assert g.is_over and None not in g.classical


# --- 2. the solver valuing a double line as a single line --------------------------------------
# positions where one of the mover's actions is worth X's double line (2 points), reached by each
# of the solver's paths: one tree left (the last mark), two trees, three and more (a search)
DOUBLE_LINE = ["58 14 26 27 19 34 59 46", "59 24 25 48 67 27 23 17",        # one tree
               "28 25 25(5) 34 17 39 79", "27 48 38 13 47 56 25",          # two trees
               "89 12 37 23 13(3) 48", "14 24 18 18(8) 56 37"]                  # three trees


@pytest.mark.parametrize("record", DOUBLE_LINE)
def test_the_solver_values_a_double_line_at_two_points(record):
    from qttt_widgets.players.solver import GoffSolver
    g = GoffGame.from_record(record)
    want = {a: brute(g.copy().apply(a)) for a in g.legal_moves()}
    assert 2.0 in want.values()                          # the position really offers a double line
    solver = GoffSolver()
    assert solver.action_values(g) == want
    assert solver.value(g) == brute(g)
    best = (max if g.to_move == "X" else min)(want.values())
    assert sorted(solver.best_actions(g, book=False)) == sorted(a for a, v in want.items() if v == best)


def test_a_finished_double_line_scores_two():
    """A game that ends in X's double line scores 2 - 0, and the solver reads it so."""
    g = GoffGame.from_record("58 14 26 27 19 34 59 46")
    for a in g.legal_moves():
        after = g.copy().apply(a)
        while not after.is_over:
            after.apply(after.legal_moves()[0])
        if after.scores == {"X": 2.0, "O": 0.0}:
            assert len([line for line in after.lines() if line[0] == "X"]) == 2
            from qttt_widgets.players.solver import GoffSolver
            assert GoffSolver().value(after) == 2.0
            return
    pytest.fail("no double line found from this position")


# --- 3. the random-collapse mean replaced by the best outcome in the last-mark path ------------
# random-collapse positions where every open square is in one tree: the next mark closes the last
# cycle, whose two outcomes differ; the value is the mean over the coin, not the better outcome
ONE_TREE = [(847, [(5, 8), (0, 3), (3, 7), (1, 6), (3, 5), (0, 7), (1, 4), (2, 6)]),
            (690, [(4, 6), (1, 6), (5, 7), (0, 7), (3, 7), (2, 6), (5, 8), (5, 7)])]


@pytest.mark.parametrize("seed, pairs", ONE_TREE)
def test_random_collapse_last_mark_is_the_mean_of_the_coin(seed, pairs):
    from qttt_widgets.players.solver import GoffSolver
    rg = _random_game(seed, pairs)
    assert not rg.is_over and rg.pending is None and _trees(rg) == 1 and len(rg.open_squares()) >= 3
    g = rg_to_goff(rg)
    # every pair closes the last cycle: its value is the mean of its two outcomes
    outcomes = {}
    for a in g.legal_moves():
        after = g.copy().apply(a)
        assert after.pending is not None
        outcomes[a] = [brute(after.copy().apply(q), chance=True) for q in after.pending.options]
    assert any(x != y for x, y in outcomes.values())     # the coin matters here
    mover = max if rg.to_move == "X" else min
    want = mover((x + y) / 2 for x, y in outcomes.values())
    assert want != mover(v for pair in outcomes.values() for v in pair)
    solver = GoffSolver("random")
    assert solver.value(rg) == want == brute(g, chance=True)
    values = solver.action_values(rg)
    assert values == {a: (x + y) / 2 for a, (x, y) in outcomes.items()}


def test_random_collapse_value_one_mark_earlier_uses_the_mean():
    """One mark before the last tree: the search reaches the last-mark path inside."""
    from qttt_widgets.players.solver import GoffSolver
    seed, pairs = ONE_TREE[0]
    rg = _random_game(seed, pairs[:-1])
    assert not rg.is_over and rg.pending is None
    solver = GoffSolver("random")
    g = rg_to_goff(rg)
    assert solver.value(rg) == brute(g, chance=True)


# --- 4-6. exercise checks accepting wrong answers -----------------------------------------------
def test_a_probability_dict_with_an_extra_outcome_is_wrong():
    """matches: a missing key counts as 0, so an extra outcome with odds is a wrong answer."""
    from qttt_widgets.exercises import matches, verdict
    expect = {"00": 0.5, "11": 0.5}
    assert matches({"00": 0.5, "11": 0.5, "01": 0.0}, expect)
    assert not matches({"00": 0.5, "11": 0.5, "01": 0.25}, expect)
    assert not matches({"00": 0.5}, expect)
    assert verdict({"00": 0.5, "11": 0.5, "10": 0.5}, expect, hint="no") == "no"


def test_a_circuit_with_the_wrong_relative_phase_is_wrong():
    """checks.state: equal up to a global phase only; a wrong sign between terms is a mistake."""
    from qiskit import QuantumCircuit
    from qttt_widgets.exercises import checks
    check = checks.state([1, 0, 0, 1])
    bell = QuantumCircuit(2)
    bell.h(0)
    bell.cx(0, 1)
    assert check(bell) is None
    minus = bell.copy()
    minus.z(0)                                           # (|00> - |11>)/sqrt 2: same odds, wrong sign
    hint = check(minus)
    assert hint is not None and "phase" in hint
    global_phase = bell.copy()
    global_phase.global_phase = math.pi                  # -(|00> + |11>)/sqrt 2 is the same state
    assert check(global_phase) is None
    one = QuantumCircuit(1)
    assert check(one) is not None                        # one qubit where two are asked


def test_a_function_wrong_only_on_a_later_input_is_wrong():
    """checks.function: every input is tried, not only the first."""
    from qttt_widgets.exercises import checks
    check = checks.function(lambda n: n * n, [0, 1, 2, 3])
    assert check(lambda n: n * n) is None
    hint = check(lambda n: n if n < 2 else n + 1)        # right for 0 and 1, wrong for 2 and 3
    assert hint is not None and "2" in hint
    assert check(lambda n: n * n if n != 3 else 0) is not None
    assert check(5) is not None


def test_a_record_with_the_marks_in_the_wrong_order_is_wrong():
    """lesson05.same_record: the order of the marks gives them their subscripts."""
    from qttt_widgets.exercises import lesson05
    check = lesson05.same_record("15 37 59 34 26")
    assert check("15 37 59 34 26") is None and check("51 73 95 43 62") is None
    assert "order" in check("37 15 59 34 26")
    assert check("15 37 59 34") is not None
    assert check("15 37 59 34 27") is not None


# --- 7. an ESILV player fearing the better collapse ---------------------------------------------
def test_esilv_pair_score_fears_the_worse_collapse_for_each_player():
    from qttt_widgets.players.esilv import h, pair_score
    # the same empty classical board, the same mover: a pair that closes no cycle scores directly
    for moves, pair, mover in [([(0, 1), (1, 4)], (0, 4), "X"),                  # X3 closes 1-2-5
                               ([(0, 1), (2, 3), (1, 4)], (0, 4), "O")]:         # O4 closes 1-2-5
        g = GoffGame()
        for m in moves:
            g.play(*m)
        assert g.to_move == mover
        plain = GoffGame()
        for a, b in moves:                               # the same squares, no link to the pair
            plain.play(*{(0, 1): (2, 5), (1, 4): (6, 7), (2, 3): (3, 8)}[(a, b)])
        direct = pair_score(plain, pair)
        after = [h(g.copy().play(*pair).collapse(q)) for q in pair]
        assert after[0] != after[1]                      # the two collapses score differently
        worse = min(after) if mover == "X" else max(after)
        assert pair_score(g, pair) == pytest.approx(0.4 * direct + 0.6 * worse)


def test_esilv_chooser_takes_the_better_collapse():
    import random
    from qttt_widgets.players.esilv import h, not_a_pair
    g = GoffGame().play(0, 1).play(1, 4).play(0, 4)      # X3 closes the cycle; O chooses
    assert g.to_move == "O"
    scores = {q: h(g.copy().collapse(q)) for q in g.pending.options}
    assert len(set(scores.values())) == 2
    for seed in range(5):
        assert not_a_pair(g, random.Random(seed)) == min(scores, key=scores.get)   # O: lower h


# --- 8. clicking a selected square again on the Goff board does not cancel it ------------------
def test_clicking_the_selected_square_again_cancels_it():
    from qttt_widgets.widgets.board import GoffBoardView
    view = GoffBoardView()
    plain = view.picture.value
    view.buttons[0].click()
    assert view.selected == 0 and view.picture.value != plain      # drawn as selected
    view.buttons[0].click()                              # again: cancelled, no mark, no complaint
    assert view.selected is None and view.picture.value == plain
    assert view.game.history == () and view.message.value == ""
    view.buttons[4].click()
    view.buttons[8].click()
    assert view.game.spooky == (("X", 1, 4, 8),)         # the next two clicks make the mark
    assert view.game.classical == (None,) * 9
