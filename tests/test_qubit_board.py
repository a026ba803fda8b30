"""The qubit-per-cell game's rules (no simulator): moves, risk levels, collapse, scoring,
the original's defects, undo/redo and records."""
import math
import random
from unittest import mock

import pytest

from qttt_widgets.players.qubit import QubitLookaheadPlayer, RandomQubitPlayer
from qttt_widgets.rules import svg
from qttt_widgets.rules.errors import IllegalMove, RecordError
from qttt_widgets.rules.limits import MAX_SHOTS
from qttt_widgets.rules.qubit_board import LEVELS, QubitGame, describe_move, phase_probability


def state(g):
    return (g.cells, g.groups, g.segment, g.ply, g.to_move, g.result, g.last_outcome, g.history, g.redo_stack)


def test_risk_level_tables_are_the_seed_states():
    assert LEVELS[1][3] == {(0, 1): 0.5, (1, 0): 0.5}              # Psi+: opposite marks
    assert LEVELS[2][3] == {(0, 1, 0): 0.5, (1, 0, 1): 0.5}        # GHZ with X flips: mixed
    assert LEVELS[3][3] == {(0, 0): 0.5, (1, 1): 0.5}              # Phi+: same marks
    assert LEVELS[4][3] == {(0, 0, 0): 0.5, (1, 1, 1): 0.5}        # GHZ: all the same


@pytest.mark.parametrize("level, cells, boards", [
    (1, (0, 4), {("O", "X"), ("X", "O")}),
    (3, (0, 4), {("O", "O"), ("X", "X")}),
    (2, (0, 4, 8), {("O", "X", "O"), ("X", "O", "X")}),
    (4, (0, 4, 8), {("O", "O", "O"), ("X", "X", "X")}),
])
def test_each_level_gives_its_outcomes(level, cells, boards):
    g = QubitGame(n=4, seed=0).entangle(cells, level)
    dist = g.outcome_distribution()
    assert {tuple(b[c] for c in cells) for b in dist} == boards
    assert all(math.isclose(p, 0.5) for p in dist.values())


def test_superposition_and_phase_odds():
    g = QubitGame(seed=0).superpose(4)
    assert g.cell_probabilities()[4] == {"X": 0.5, "O": 0.5, "empty": 0.0}
    assert math.isclose(phase_probability("T"), math.sin(math.pi / 8) ** 2)     # about 0.146
    assert math.isclose(phase_probability("S"), 0.5)
    assert math.isclose(phase_probability("ST"), math.cos(math.pi / 8) ** 2)    # about 0.854
    g = QubitGame(seed=0).phase(4, "T")
    assert math.isclose(g.cell_probabilities()[4]["X"], 0.1464466, rel_tol=1e-6)


def test_one_shot_measurement_follows_the_odds():
    xs = 0
    for seed in range(2000):
        g = QubitGame(seed=seed).phase(4, "T").collapse()
        xs += g.cells[4] == "X"
    # 2000 * 0.146 = 293, sd about 16
    assert 213 < xs < 373


def test_most_frequent_measurement_is_the_seed_original():
    outs = {QubitGame(seed=s, measurement="most-frequent", shots=200).phase(4, "T").collapse().cells[4]
            for s in range(20)}
    assert outs == {"O"}


# --- the original's defects -----------------------------------------------------------
def both_lines_position(**options):
    # X at 1, 2; O at 7, 8; X entangles 3 and 9 anti-correlated (Psi+)
    return QubitGame(seed=0, **options).place(0).place(6).place(1).place(7)


def test_defect_both_lines_is_a_draw_not_first_line_in_the_list():
    g = both_lines_position().apply(("entangle", 1, (2, 8)), outcome={2: "X", 8: "O"})
    assert g.scores == {"X": 1, "O": 1}
    assert g.result == "draw"        # the original gave the game to the first line it listed (X's row)


def test_more_lines_wins_when_both_have_lines():
    g = QubitGame(n=4, k=3, seed=0)
    for cell in (0, 12, 1, 13):                      # X: 0, 1 ; O: 12, 13
        g.place(cell)
    g.place(5).place(15)                             # X: 5 ; O: 15 (no lines yet)
    assert g.result is None
    g.apply(("entangle", 1, (2, 14)), outcome={2: "X", 14: "O"})
    # X: row 0-1-2 ; O: row 12-13-14 and 13-14-15 -> O has more lines
    assert g.scores == {"X": 1, "O": 2} and g.result == "O"
    g2 = QubitGame(n=4, k=3, seed=0, both_lines="draw")
    for move in [m for m, _ in g.history[:-1]]:
        g2.apply(move)
    g2.apply(("entangle", 1, (2, 14)), outcome={2: "X", 14: "O"})
    assert g2.result == "draw"


def test_defect_collapse_with_nothing_quantum_is_refused_and_keeps_the_turn():
    g = QubitGame(seed=0).place(4)
    before = state(g)
    with pytest.raises(IllegalMove) as e:
        g.collapse()
    assert e.value.rule == "nothing-to-measure"
    assert state(g) == before and g.to_move == "O"


def test_defect_swap_of_a_cell_with_itself_is_refused():
    g = QubitGame(seed=0).place(4).place(0)
    with pytest.raises(IllegalMove) as e:
        g.swap(4, 4)
    assert e.value.rule == "swap-same-cell"


def test_defect_triple_entanglement_along_a_line_cannot_decide_the_game():
    g = QubitGame(seed=0, levels=(1, 2, 3, 4))
    with pytest.raises(IllegalMove) as e:
        g.entangle((0, 1, 2), 4)                  # GHZ along a row: XXX or OOO, a coin flip
    assert e.value.rule == "entangled-line"
    assert ("entangle", 4, (0, 1, 2)) not in g.legal_moves()
    g.copy().entangle((0, 1, 3), 4)               # not a whole line: allowed
    g.entangle((0, 1, 2), 2)                      # GHZ-X (010 or 101) can never fill the row
    assert g.result is None and g.potential_lines() == []


def test_pairwise_only_on_three_by_three_by_default():
    g = QubitGame(seed=0)
    assert g.levels == (1, 3)
    with pytest.raises(IllegalMove, match="not allowed"):
        g.entangle((0, 1, 2), 4)
    assert QubitGame(n=4, seed=0).levels == (1, 2, 3, 4)


def test_classical_win_is_detected_at_once():
    g = QubitGame(seed=0)
    for cell in (0, 3, 1, 4, 2):
        g.place(cell)
    assert g.result == "X" and g.scores == {"X": 1, "O": 0}
    with pytest.raises(IllegalMove, match="over"):
        g.place(8)


# --- when measurement happens ----------------------------------------------------------
def test_potential_winning_line_triggers_a_measurement():
    g = QubitGame(seed=5).place(0).place(3).place(1)
    g.superpose(2)                      # O superposes the last cell of X's row: X could complete it
    assert g.history[-1][1] is not None and g.groups == ()
    assert g.cells[2] in ("X", "O")


def test_a_line_that_measurement_cannot_complete_does_not_trigger():
    g = QubitGame(seed=0).place(0)
    g.entangle((1, 2), 1)               # O puts Psi+ on 2-3: row 1-2-3 can never be all X or all O
    assert g.history[-1][1] is None and g.cells[1] == g.cells[2] == "Q"
    assert g.potential_lines() == []


def test_full_board_triggers_a_measurement_and_ends_the_game():
    g = QubitGame(seed=1)
    for move in [("place", 0), ("place", 1), ("place", 2), ("place", 4), ("place", 3),
                 ("place", 5), ("place", 7), ("place", 6), ("h", 8)]:
        g.apply(move)
    assert g.is_over and None not in g.cells and "Q" not in g.cells


def test_collapse_costs_no_turn_unless_the_option_says_so():
    g = QubitGame(seed=0).superpose(4)
    assert g.to_move == "O"
    g.collapse()
    assert g.to_move == "O"
    g = QubitGame(seed=0, collapse_costs_turn=True).superpose(4).collapse()
    assert g.to_move == "X"


def test_swap_moves_quantum_states_between_cells():
    g = QubitGame(seed=0).place(0).entangle((5, 7), 3)
    g.swap(0, 5)
    assert g.cells[0] == "Q" and g.cells[5] == "X"
    assert g.group_of(0).cells == (0, 7)
    dist = g.outcome_distribution()
    assert {(b[0], b[7]) for b in dist} == {("X", "X"), ("O", "O")}


def test_branches_give_exact_odds():
    g = both_lines_position()
    branches = g.branches(("entangle", 1, (2, 8)))
    assert sorted((p, str(h.result)) for p, h in branches) == [(0.5, "None"), (0.5, "draw")]
    assert g.ply == 4                   # the game itself did not move


# --- illegal moves change nothing -----------------------------------------------------
@pytest.mark.parametrize("move, rule", [
    (("place", 9), "off-board"), (("place", "a"), "not-a-cell"), (("place", 4), "occupied"),
    (("h", 4), "occupied"), (("phase", 0, "Q"), "phase-gate"), (("swap", 0, 1), "swap-empty"),
    (("swap", 4, 6), "swap-no-change"), (("entangle", 5, (0, 1)), "risk-level"),
    (("entangle", 1, (0, 1, 2)), "entangle-width"), (("entangle", 1, (0, 0)), "entangle-same-cell"),
    (("teleport", 1), "not-a-move"), ("place", "not-a-move"), (("collapse",), "nothing-to-measure"),
])
def test_illegal_moves_name_their_rule_and_change_nothing(move, rule):
    g = QubitGame(seed=0).place(4).place(2).place(6).place(8)
    before = state(g)
    with pytest.raises(IllegalMove) as e:
        g.apply(move)
    assert e.value.rule == rule
    assert state(g) == before


def test_undo_redo_through_a_measurement_is_exact():
    g = QubitGame(seed=9).place(0).place(3).place(1).superpose(2)
    measured = state(g)
    g.undo()
    assert g.cells[2] is None and g.to_move == "O"
    g.redo()
    assert state(g) == measured
    g.undo().superpose(2)               # same seed and move number: the same outcome, no re-roll
    assert g.cells == measured[0]


def test_records_round_trip_and_refuse_damage():
    g = QubitGame(n=4, seed=4, levels=(1, 2)).place(0).entangle((5, 6, 9), 2).phase(3, "ST").swap(0, 5)
    g.undo()
    back = QubitGame.from_record(g.to_record())
    assert state(back) == state(g) and back.to_record() == g.to_record()
    rec = g.to_record()
    for damage, words in [
        ({"format": "qttt-goff"}, "not a qubit-board record"),
        ({"n": 7}, "bad game options"),
        ({"moves": [{"move": "place", "cell": 0}, {"move": "place", "cell": 0}]}, "already holds"),
        ({"moves": [{"move": "fly"}]}, "unknown move"),
        ({"moves": [{"move": "swap"}]}, "lacks or mangles"),
        ({"moves": [{"move": "h", "cell": 0}, {"move": "collapse", "outcome": {"0": "Z"}}]}, "'X' or 'O'"),
        ({"moves": [{"move": "entangle", "level": 1, "cells": [0, 1]},
                    {"move": "collapse", "outcome": {"0": "X", "1": "X"}}]}, "impossible measurement"),
        ({"moves": [{"move": "h", "cell": 0}, {"move": "collapse"}]}, "gives no outcome"),
        ({"moves": [{"move": "place", "cell": 0, "outcome": {"0": "X"}}]}, "measured nothing"),
        ({"extra": 1}, "does not know"),
    ]:
        with pytest.raises(RecordError, match=words):
            QubitGame.from_record({**rec, **damage})
    with pytest.raises(RecordError, match="not valid JSON"):
        QubitGame.from_record("{oops")


def test_five_by_five_plays_to_the_end():
    rnd = RandomQubitPlayer(seed=3)
    g = QubitGame(n=5, seed=3)
    while not g.is_over:
        g.apply(rnd.choose(g))
    assert g.result in ("X", "O", "draw")


def test_lookahead_player_beats_random():
    wins = 0
    for i in range(40):
        g = QubitGame(seed=i)
        side = "X" if i % 2 == 0 else "O"
        ai, rnd = QubitLookaheadPlayer(seed=i), RandomQubitPlayer(seed=100 + i)
        while not g.is_over:
            move = (ai if g.to_move == side else rnd).choose(g)
            assert move in g.legal_moves()
            g.apply(move)
        wins += g.result == side
    assert wins >= 36                  # 90 %


def test_lookahead_player_takes_a_win_and_blocks_one():
    g = QubitGame(seed=0).place(0).place(3).place(1)
    assert QubitLookaheadPlayer(seed=0).choose(g) == ("place", 2)        # O must block X's row
    g = QubitGame(seed=0).place(0).place(3).place(1).place(4)
    assert QubitLookaheadPlayer(seed=0).choose(g) == ("place", 2)        # X wins at once


# --- bounded lookahead (issue 22: a 5 x 5 record with many H cells drove a kernel to 1.5 GB) ---------

def _many_h_cells(k: int = 18) -> QubitGame:
    """5 x 5 with k H cells and no full line (nothing measured yet): 2**k outcomes at a collapse."""
    g = QubitGame(n=5, seed=1)
    for c in [c for c in range(25) if c % 5 != c // 5 and c not in (4, 9)][:k]:
        g.apply(("h", c))
    assert len(g.quantum_cells()) == k and not g.is_over
    return g


def test_branches_sample_a_measurement_with_more_outcomes_than_most():
    g = _many_h_cells()
    assert g.outcome_count() == 2 ** 18
    sampled = g.branches(("collapse",), most=64, rng=random.Random(5))
    assert 1 <= len(sampled) <= 64 and sum(p for p, _ in sampled) == pytest.approx(1)
    assert all(a.quantum_cells() == [] for _, a in sampled)                   # each a real measurement
    assert sampled == g.branches(("collapse",), most=64, rng=random.Random(5))  # seeded: repeatable
    assert g.outcome_count() == 2 ** 18                                       # the game is unchanged


def test_branches_are_exact_when_the_outcomes_fit_in_most():
    g = QubitGame(seed=0).superpose(0).superpose(1).superpose(5)       # no full line: nothing measured
    exact = g.branches(("collapse",))
    assert len(exact) == 8
    assert [(p, a.cells) for p, a in g.branches(("collapse",), most=8)] == [(p, a.cells) for p, a in exact]
    assert len(g.branches(("collapse",), most=4, rng=random.Random(1))) <= 4


def test_lookahead_scores_at_most_its_budget_of_positions(monkeypatch):
    import qttt_widgets.players.qubit as qubit_players
    calls = []
    real = qubit_players.value
    monkeypatch.setattr(qubit_players, "value", lambda game, player: calls.append(1) or real(game, player))
    g = _many_h_cells()
    move = QubitLookaheadPlayer(seed=0, budget=200).choose(g)
    assert move in g.legal_moves() and len(calls) <= 200
    calls.clear()
    QubitLookaheadPlayer(seed=0).choose(g)
    assert len(calls) <= QubitLookaheadPlayer.BUDGET


def test_a_bounded_lookahead_still_takes_a_win_and_blocks_one_on_5x5():
    g = QubitGame(n=5, seed=0)
    for c in (0, 20, 1, 21, 2, 22, 3):          # X holds 1-2-3-4 of the top row; O to move
        g.place(c)
    assert len(g.legal_moves()) > 300          # more moves than the budget below
    assert QubitLookaheadPlayer(seed=0, budget=300).choose(g) == ("place", 4)     # O blocks square 5
    g.place(10)                                 # O does not block; X to move
    assert QubitLookaheadPlayer(seed=0, budget=300).choose(g) == ("place", 4)     # X wins at once


def test_lookahead_refuses_a_budget_that_is_not_positive():
    with pytest.raises(ValueError, match="positive"):
        QubitLookaheadPlayer(budget=0)


def test_can_collapse_is_whether_collapse_is_a_legal_move():
    rng = random.Random(2)
    seen = set()
    for seed in range(12):
        g = QubitGame(n=3, seed=seed)
        while True:
            assert g.can_collapse() == (("collapse",) in g.legal_moves())
            seen.add(g.can_collapse())
            if g.outcome().over:
                break
            g.apply(rng.choice(g.legal_moves()))
    assert seen == {True, False}


def test_branches_with_most_draws_its_outcomes_with_the_given_rng():
    """Past ``most`` outcomes, branches draws them from the exact tables with ``rng`` (a fresh
    Random(0) by default), each drawn outcome its own board, weighted by how often it came."""
    g = QubitGame(seed=1).apply(("h", 8)).apply(("entangle", 3, (0, 6)))
    move = ("h", 3)
    exact = g.branches(move)
    assert len(exact) == 8 and sum(p for p, _ in exact) == pytest.approx(1.0)
    boards = {tuple(after.cells) for _, after in exact}

    def drawn(rng):
        return [(p, tuple(after.cells)) for p, after in g.branches(move, most=3, rng=rng)]
    assert drawn(None) == drawn(random.Random(0))
    assert drawn(random.Random(1)) != drawn(random.Random(0))
    for rng in (None, random.Random(1), random.Random(2)):
        got = drawn(rng)
        assert sum(p for p, _ in got) == pytest.approx(1.0) and all(p in (1 / 3, 2 / 3, 1.0) for p, _ in got)
        assert all(cells in boards for _, cells in got)
        assert len({cells for _, cells in got}) == len(got)          # each outcome drawn is its own board
    assert len(g.history) == 2                                       # the game itself did not move


# =================================================================================================
# Formerly tests/test_mutation_qubit_board.py (mutation testing, tests/MUTATION.md).
# The qubit-per-cell game, pinned where mutation testing found the other tests loose: the whole
# text of every refusal (a learner reads it), the options and their defaults, the record, the
# picture, when a measurement happens, who wins, undo/redo, equality and the seeded outcomes.
# =================================================================================================
def refusal(action, kind=IllegalMove):
    """The error ``action()`` raises (it must raise ``kind``)."""
    with pytest.raises(kind) as e:
        action()
    return e.value


def refused(game, move, **kw):
    """Apply ``move``; it must be refused and leave the game exactly as it was. Returns (rule, text)."""
    before = (game.cells, game.groups, game.segment, game.ply, game.to_move, game.result,
              game.last_outcome, game.history, game.redo_stack)
    e = refusal(lambda: game.apply(move, **kw), IllegalMove if not kw else (IllegalMove, RecordError))
    assert (game.cells, game.groups, game.segment, game.ply, game.to_move, game.result,
            game.last_outcome, game.history, game.redo_stack) == before
    return getattr(e, "rule", None), str(e)


def play(game, *moves):
    for m in moves:
        game.apply(m)
    return game


# --- options ------------------------------------------------------------------------------------
def test_default_options_are_the_seed_games():
    g = QubitGame(seed=0)
    rec = g.to_record()
    assert {k: rec[k] for k in ("n", "k", "levels", "measurement", "shots", "both_lines",
                                "collapse_costs_turn", "seed")} == {
        "n": 3, "k": 3, "levels": [1, 3], "measurement": "shot", "shots": 1024,
        "both_lines": "count", "collapse_costs_turn": False, "seed": 0}
    assert (g.n, g.k, g.levels, g.measurement, g.shots, g.both_lines, g.collapse_costs_turn) == \
        (3, 3, (1, 3), "shot", 1024, "count", False)
    assert g.size == 9 and g.cells == (None,) * 9 and g.groups == () and g.to_move == "X"
    assert g.ply == 0 and g.result is None and not g.is_over and g.scores is None
    assert g.last_outcome is None and g.history == () and g.redo_stack == ()
    assert g.segment == ((None,) * 9, ())
    assert len(g.lines_all) == 8


@pytest.mark.parametrize("n, k, lines", [(3, 3, 8), (4, 4, 10), (4, 3, 24), (5, 5, 12), (5, 3, 48),
                                         (5, 4, 28)])
def test_board_sizes_and_lines(n, k, lines):
    g = QubitGame(n=n, k=k, seed=0)
    assert (g.n, g.k, g.size, len(g.cells), len(g.lines_all)) == (n, k, n * n, n * n, lines)
    assert all(len(line) == k for line in g.lines_all)
    assert QubitGame(n=n, seed=0).k == n                       # k defaults to n
    assert QubitGame(n=n, seed=0).levels == ((1, 3) if n == 3 else (1, 2, 3, 4))


@pytest.mark.parametrize("options, text", [
    ({"n": 2}, "the board is 3 x 3 to 5 x 5; got n=2"),
    ({"n": 6}, "the board is 3 x 3 to 5 x 5; got n=6"),
    ({"n": True}, "the board is 3 x 3 to 5 x 5; got n=True"),
    ({"n": 4.0}, "the board is 3 x 3 to 5 x 5; got n=4.0"),
    ({"n": 4, "k": 5}, "k (in a row) must be between 3 and n=4; got 5"),
    ({"n": 4, "k": 2}, "k (in a row) must be between 3 and n=4; got 2"),
    ({"n": 4, "k": True}, "k (in a row) must be between 3 and n=4; got True"),
    ({"n": 4, "k": 3.0}, "k (in a row) must be between 3 and n=4; got 3.0"),
    ({"levels": []}, "risk levels are a non-empty list of 1, 2, 3, 4; got []"),
    ({"levels": [5]}, "risk levels are a non-empty list of 1, 2, 3, 4; got [5]"),
    ({"levels": [0, 1]}, "risk levels are a non-empty list of 1, 2, 3, 4; got [0, 1]"),
    ({"levels": [1.0]}, "risk levels are a non-empty list of 1, 2, 3, 4; got [1.0]"),
    ({"levels": [True]}, "risk levels are a non-empty list of 1, 2, 3, 4; got [True]"),
    ({"levels": "13"}, "risk levels are a non-empty list of 1, 2, 3, 4; got '13'"),
    ({"levels": 1}, "risk levels are a non-empty list of 1, 2, 3, 4; got 1"),
    ({"measurement": "all"}, "measurement must be 'shot' or 'most-frequent'; got 'all'"),
    ({"measurement": None}, "measurement must be 'shot' or 'most-frequent'; got None"),
    ({"shots": 0}, "shots must be a whole number from 1 to 100,000; got 0"),
    ({"shots": MAX_SHOTS + 1}, "shots must be a whole number from 1 to 100,000; got 100001"),
    ({"shots": True}, "shots must be a whole number from 1 to 100,000; got True"),
    ({"shots": 10.0}, "shots must be a whole number from 1 to 100,000; got 10.0"),
    ({"both_lines": "x"}, "both_lines must be 'count' or 'draw'; got 'x'"),
    ({"both_lines": 1}, "both_lines must be 'count' or 'draw'; got 1"),
    ({"seed": "x"}, "seed must be a whole number; got 'x'"),
    ({"seed": True}, "seed must be a whole number; got True"),
    ({"seed": 1.0}, "seed must be a whole number; got 1.0"),
])
def test_bad_options_are_refused_saying_which(options, text):
    assert str(refusal(lambda: QubitGame(**options), ValueError)) == text


def test_edge_options_are_accepted():
    assert QubitGame(n=5, k=3, seed=0).k == 3
    assert QubitGame(n=4, k=4, seed=0).k == 4
    assert QubitGame(shots=1, seed=0).shots == 1
    assert QubitGame(shots=MAX_SHOTS, seed=0).shots == MAX_SHOTS
    assert QubitGame(measurement="most-frequent", seed=0).measurement == "most-frequent"
    assert QubitGame(both_lines="draw", seed=0).both_lines == "draw"
    assert QubitGame(seed=-5).seed == -5
    assert QubitGame(collapse_costs_turn=1, seed=0).collapse_costs_turn is True
    for levels, kept in [([3, 1, 3], (1, 3)), ((4,), (4,)), ({2, 1}, (1, 2)), (frozenset({4}), (4,)),
                         (range(1, 4), (1, 2, 3))]:
        assert QubitGame(levels=levels, seed=0).levels == kept


def test_a_game_without_a_seed_draws_one():
    seeds = {QubitGame().seed for _ in range(30)}
    assert len(seeds) > 25
    assert all(isinstance(s, int) and 0 <= s < 2 ** 63 for s in seeds)


# --- refusals name their rule and say why, the game unchanged -------------------------------------
def board():
    """X on 5 and 1, O on 3, a superposed cell 8, X to move (cells counted from 1)."""
    return QubitGame(seed=0).place(4).place(2).place(0).superpose(7)


@pytest.mark.parametrize("move, rule, text", [
    (("place", "a"), "not-a-cell", "a cell is a whole number (1..9 on the board, 0..8 in code); got 'a'"),
    (("place", 4.0), "not-a-cell", "a cell is a whole number (1..9 on the board, 0..8 in code); got 4.0"),
    (("place", True), "not-a-cell", "a cell is a whole number (1..9 on the board, 0..8 in code); got True"),
    (("place", 9), "off-board", "cell 10 is off the board: cells are 1..9 (9 in code; code counts 0..8)"),
    (("place", -1), "off-board", "cell 0 is off the board: cells are 1..9 (-1 in code; code counts 0..8)"),
    (("place", 4), "occupied", "cell 5 already holds a classical X; this move needs an empty cell"),
    (("place", 2), "occupied", "cell 3 already holds a classical O; this move needs an empty cell"),
    (("place", 7), "occupied", "cell 8 already holds a quantum state; this move needs an empty cell"),
    (("h", 7), "occupied", "cell 8 already holds a quantum state; this move needs an empty cell"),
    (("h", 2), "occupied", "cell 3 already holds a classical O; this move needs an empty cell"),
    (("phase", 4, "T"), "occupied", "cell 5 already holds a classical X; this move needs an empty cell"),
    (("phase", 1, "Q"), "phase-gate", "a phase move uses S, T, ST; got 'Q'"),
    (("phase", 1, 1), "phase-gate", "a phase move uses S, T, ST; got 1"),
    (("swap", 4, 4), "swap-same-cell", "SWAP needs two different cells; got 5 twice"),
    (("swap", 4, 5), "swap-empty", "SWAP exchanges two occupied cells; cell 6 is empty"),
    (("swap", 5, 4), "swap-empty", "SWAP exchanges two occupied cells; cell 6 is empty"),
    (("swap", 1, 5), "swap-empty", "SWAP exchanges two occupied cells; cell 2 is empty"),
    (("swap", 4, 0), "swap-no-change", "cells 5 and 1 both hold a classical X; swapping them changes nothing"),
    (("swap", 4, 9), "off-board", "cell 10 is off the board: cells are 1..9 (9 in code; code counts 0..8)"),
    (("swap", "a", 4), "not-a-cell", "a cell is a whole number (1..9 on the board, 0..8 in code); got 'a'"),
    (("entangle", 5, (1, 3)), "risk-level", "risk levels are 1, 2, 3, 4; got 5"),
    (("entangle", "1", (1, 3)), "risk-level", "risk levels are 1, 2, 3, 4; got '1'"),
    (("entangle", 4, (1, 3, 5)), "risk-level", "risk level 4 (GHZ) is not allowed in this game; allowed: 1, 3"),
    (("entangle", 2, (1, 3, 5)), "risk-level",
     "risk level 2 (GHZ-X) is not allowed in this game; allowed: 1, 3"),
    (("entangle", 1, (1, 3, 5)), "entangle-width", "risk level 1 entangles 2 cells; got (1, 3, 5)"),
    (("entangle", 3, (1,)), "entangle-width", "risk level 3 entangles 2 cells; got (1,)"),
    (("entangle", 1, 1), "entangle-width", "risk level 1 entangles 2 cells; got 1"),
    (("entangle", 1, (1, 1)), "entangle-same-cell", "entanglement needs 2 different cells; got cells 2, 2"),
    (("entangle", 1, (1, 4)), "occupied", "cell 5 already holds a classical X; this move needs an empty cell"),
    (("entangle", 1, (1, 10)), "off-board", "cell 11 is off the board: cells are 1..9 (10 in code; code counts 0..8)"),
    (("teleport", 1), "not-a-move", "unknown move ('teleport', 1): moves are ('place', c), ('swap', a, b), "
                                    "('h', c), ('phase', c, 'T'), ('entangle', level, cells), ('collapse',)"),
    (("place",), "not-a-move", "unknown move ('place',): moves are ('place', c), ('swap', a, b), "
                               "('h', c), ('phase', c, 'T'), ('entangle', level, cells), ('collapse',)"),
    (("place", 1, 2), "not-a-move", "unknown move ('place', 1, 2): moves are ('place', c), ('swap', a, b), "
                                    "('h', c), ('phase', c, 'T'), ('entangle', level, cells), ('collapse',)"),
    (("h", 1, 2), "not-a-move", "unknown move ('h', 1, 2): moves are ('place', c), ('swap', a, b), "
                                "('h', c), ('phase', c, 'T'), ('entangle', level, cells), ('collapse',)"),
    (("phase", 1), "not-a-move", "unknown move ('phase', 1): moves are ('place', c), ('swap', a, b), "
                                 "('h', c), ('phase', c, 'T'), ('entangle', level, cells), ('collapse',)"),
    (("swap", 4), "not-a-move", "unknown move ('swap', 4): moves are ('place', c), ('swap', a, b), "
                                "('h', c), ('phase', c, 'T'), ('entangle', level, cells), ('collapse',)"),
    (("entangle", 1), "not-a-move", "unknown move ('entangle', 1): moves are ('place', c), ('swap', a, b), "
                                    "('h', c), ('phase', c, 'T'), ('entangle', level, cells), ('collapse',)"),
    (("collapse", 1), "not-a-move", "unknown move ('collapse', 1): moves are ('place', c), ('swap', a, b), "
                                    "('h', c), ('phase', c, 'T'), ('entangle', level, cells), ('collapse',)"),
    ("place", "not-a-move", "a move is a tuple such as ('place', 4); got 'place'"),
    ((), "not-a-move", "a move is a tuple such as ('place', 4); got ()"),
    ([], "not-a-move", "a move is a tuple such as ('place', 4); got []"),
])
def test_refusals_name_the_rule_in_full(move, rule, text):
    assert refused(board(), move) == (rule, text)


def test_refusals_on_a_bigger_board_count_its_cells():
    g = QubitGame(n=5, seed=0)
    assert refused(g, ("place", 25)) == (
        "off-board", "cell 26 is off the board: cells are 1..25 (25 in code; code counts 0..24)")
    assert refused(g, ("place", None)) == (
        "not-a-cell", "a cell is a whole number (1..25 on the board, 0..24 in code); got None")
    assert refused(g, ("entangle", 2, (0, 1))) == (
        "entangle-width", "risk level 2 entangles 3 cells; got (0, 1)")
    assert refused(g, ("entangle", 4, (0, 1, 1))) == (
        "entangle-same-cell", "entanglement needs 3 different cells; got cells 1, 2, 2")
    assert refused(QubitGame(n=4, levels=[2], seed=0), ("entangle", 1, (0, 1))) == (
        "risk-level", "risk level 1 (Psi+) is not allowed in this game; allowed: 2")
    assert refused(QubitGame(n=4, levels=[1, 2], seed=0), ("entangle", 3, (0, 1))) == (
        "risk-level", "risk level 3 (Phi+) is not allowed in this game; allowed: 1, 2")


def test_nothing_to_measure_undo_or_redo():
    g = QubitGame(seed=0)
    assert refused(g, ("collapse",)) == (
        "nothing-to-measure",
        "nothing is quantum: there is nothing to measure, and a collapse does not pass the turn")
    e = refusal(g.undo)
    assert (e.rule, str(e)) == ("nothing-to-undo", "nothing to undo: this is the start of the game")
    e = refusal(g.redo)
    assert (e.rule, str(e)) == ("nothing-to-redo", "nothing to redo")


def test_a_finished_game_refuses_every_move_saying_who_won():
    g = play(QubitGame(seed=0), ("place", 0), ("place", 3), ("place", 1), ("place", 4), ("place", 2))
    assert refused(g, ("place", 8)) == ("game-over", "the game is over (X wins); no more moves")
    assert refused(g, "nonsense") == ("game-over", "the game is over (X wins); no more moves")
    assert g.legal_moves() == []
    d = play(QubitGame(seed=0), *[("place", c) for c in (0, 1, 2, 4, 3, 5, 7, 6, 8)])
    assert d.result == "draw"
    assert refused(d, ("place", 0)) == ("game-over", "the game is over (draw); no more moves")
    assert refusal(lambda: d.branches(("place", 0))).rule == "game-over"


# --- the entangled-line rule --------------------------------------------------------------------
def test_an_entanglement_that_would_decide_a_line_is_refused_in_full():
    g = QubitGame(seed=0).place(2)                         # X on 3
    assert refused(g, ("entangle", 3, (0, 1))) == (
        "entangled-line", "entangling cells 1-2 at level 3 would fill the line 1-2-3 and decide it by one coin flip")
    assert refused(g, ("entangle", 3, (1, 0))) == (
        "entangled-line", "entangling cells 2-1 at level 3 would fill the line 1-2-3 and decide it by one coin flip")
    g.copy().entangle((0, 1), 1)                           # Psi+ can never make 1-2-3 all X or all O
    g4 = QubitGame(n=4, seed=0)                            # three of the diagonal of four; the fourth is empty
    g4.entangle((0, 5, 10), 4)
    assert g4.cells[0] == g4.cells[5] == g4.cells[10] == "Q" and g4.potential_lines() == []


def test_the_entangled_line_rule_looks_at_the_marks_already_in_the_line():
    # X on 5, O on 3: Phi+ on 1-2 can make O O O
    g = QubitGame(seed=0).place(4).place(2)
    assert refused(g, ("entangle", 3, (0, 1))) == (
        "entangled-line", "entangling cells 1-2 at level 3 would fill the line 1-2-3 and decide it by one coin flip")
    # a quantum third cell counts too: H on 3, then Phi+ on 1-2
    g = QubitGame(seed=0).superpose(2)
    assert refused(g, ("entangle", 3, (0, 1)))[0] == "entangled-line"
    # a line holding a mark of each player can never be completed: allowed, and nothing is measured
    g = QubitGame(n=4, seed=0).place(2).place(3)           # X on 3, O on 4: row 1-2-3-4 mixed
    g.entangle((0, 1), 3)
    assert g.history[-1][1] is None and g.cells[:4] == ("Q", "Q", "X", "O")


def test_one_entangled_cell_in_a_full_line_is_not_the_defect():
    # X on 2 and 3 (O on 7 and 8): Psi+ on 1 and 5 puts one cell of the pair in row 1-2-3; that is
    # allowed (an ordinary potential line), and the board is measured at once
    g = QubitGame(seed=0).place(1).place(6).place(2).place(7)
    assert ("entangle", 1, (0, 4)) in g.legal_moves()
    g.apply(("entangle", 1, (0, 4)), outcome={0: "X", 4: "O"})
    assert g.result == "X" and g.history[-1][1] == ((0, "X"), (4, "O"))


def test_entangling_three_cells_whose_pairs_lie_in_lines():
    g = QubitGame(n=4, k=3, seed=0).place(2)               # X on 3
    # GHZ on 1-2-6: 1-2 with X on 3 fills row 1-2-3 all X or all O: refused
    assert refused(g, ("entangle", 4, (0, 1, 5))) == (
        "entangled-line", "entangling cells 1-2-6 at level 4 would fill the line 1-2-3 and decide it by one coin flip")
    # GHZ-X with cell 1 in the middle: 1 differs from 2 and 6; 2 and 6 are equal, but column 2-6-10 is open
    g.copy().entangle((1, 0, 5), 2)
    # GHZ-X with 6 in the middle: 1 and 2 are then equal, and fill row 1-2-3
    assert refused(g, ("entangle", 2, (0, 5, 1))) == (
        "entangled-line", "entangling cells 1-6-2 at level 2 would fill the line 1-2-3 and decide it by one coin flip")


# --- reading the board --------------------------------------------------------------------------
def position():
    """X on 1, H on 5 (O's move), X: Psi+ on 3 and 8."""
    return QubitGame(seed=0).place(0).superpose(4).entangle((2, 7), 1)


def test_the_board_as_text_names_each_group():
    g = position()
    assert str(g) == "X  .  ?b\n.  ?a . \n.  ?b . "
    g.swap(0, 4)
    assert str(g) == "?a .  ?b\n.  X  . \n.  ?b . "
    g.apply(("place", 1), outcome={0: "O", 2: "X", 7: "O"})
    assert str(g) == "O  X  X \n.  X  . \n.  O  . "


def test_the_board_as_text_on_four_by_four():
    g = QubitGame(n=4, seed=0).place(5).entangle((0, 15, 3), 2).superpose(10)
    assert str(g) == "?a .  .  ?a\n.  X  .  . \n.  .  ?b . \n.  .  .  ?a"


def test_cell_probabilities_are_exact():
    g = position().phase(5, "T")
    px = (1 - math.cos(math.pi / 4)) / 2
    assert g.cell_probabilities() == [
        {"X": 1.0, "O": 0.0, "empty": 0.0}, {"X": 0.0, "O": 0.0, "empty": 1.0},
        {"X": 0.5, "O": 0.5, "empty": 0.0}, {"X": 0.0, "O": 0.0, "empty": 1.0},
        {"X": 0.5, "O": 0.5, "empty": 0.0}, {"X": px, "O": 1 - px, "empty": 0.0},
        {"X": 0.0, "O": 0.0, "empty": 1.0}, {"X": 0.5, "O": 0.5, "empty": 0.0},
        {"X": 0.0, "O": 0.0, "empty": 1.0}]
    o = QubitGame(seed=0).place(4).place(0)
    assert o.cell_probabilities()[0] == {"X": 0.0, "O": 1.0, "empty": 0.0}


def test_outcome_distribution_and_quantum_outcomes():
    g = position()
    b = [None] * 9
    b[0] = "X"

    def board_with(**marks):
        out = list(b)
        for k, v in marks.items():
            out[int(k[1:])] = v
        return tuple(out)
    assert g.outcome_distribution() == {
        board_with(c2="O", c4="O", c7="X"): 0.25, board_with(c2="X", c4="O", c7="O"): 0.25,
        board_with(c2="O", c4="X", c7="X"): 0.25, board_with(c2="X", c4="X", c7="O"): 0.25}
    assert g.quantum_outcomes() == [
        (((2, "O"), (4, "O"), (7, "X")), 0.25), (((2, "X"), (4, "O"), (7, "O")), 0.25),
        (((2, "O"), (4, "X"), (7, "X")), 0.25), (((2, "X"), (4, "X"), (7, "O")), 0.25)]
    assert QubitGame(seed=0).quantum_outcomes() == [((), 1.0)]
    assert QubitGame(seed=0).outcome_distribution() == {(None,) * 9: 1.0}
    t = QubitGame(seed=0).phase(4, "ST").quantum_outcomes()
    assert [o for o, _ in t] == [((4, "O"),), ((4, "X"),)]
    assert math.isclose(t[1][1], math.cos(math.pi / 8) ** 2) and math.isclose(t[0][1] + t[1][1], 1)


def test_group_of_and_the_cell_lists():
    g = position()
    assert g.group_of(0) is None and g.group_of(1) is None
    assert g.group_of(4).cells == (4,) and g.group_of(4).made_by == ("h", 4)
    assert g.group_of(7).cells == (2, 7) and g.group_of(2).made_by == ("entangle", 1, (2, 7))
    assert g.group_of(7).outcomes() == {(0, 1): 0.5, (1, 0): 0.5}
    assert g.quantum_cells() == [2, 4, 7]
    assert g.empty_cells() == [1, 3, 5, 6, 8]


def test_lines_and_scores():
    g = play(QubitGame(n=4, k=3, seed=0), ("place", 0), ("place", 12), ("place", 1), ("place", 13),
             ("place", 5), ("place", 15))
    assert g.lines() == [] and g.scores is None
    g.apply(("entangle", 1, (2, 14)), outcome={2: "X", 14: "O"})
    assert g.lines() == [("X", (0, 1, 2)), ("O", (12, 13, 14)), ("O", (13, 14, 15))]
    assert g.scores == {"X": 1, "O": 2} and g.result == "O"


# --- potential lines and when the board is measured ----------------------------------------------
def test_a_full_line_with_quantum_cells_is_measured_only_if_it_could_be_completed():
    # X on 5, O on 1, then X's Psi+ on 2 and 3: always one X and one O, so row 1-2-3 is full but can
    # never be completed
    g = QubitGame(seed=0).place(4).place(0).entangle((1, 2), 1)
    assert g.history[-1][1] is None and g.potential_lines() == []
    # but H on 2 and on 3: O O O is possible, so the second H measures
    g = QubitGame(seed=0).place(4).place(0).superpose(1)
    assert g.history[-1][1] is None and g.cells[1] == "Q"
    g.superpose(2)
    assert g.history[-1][1] is not None and "Q" not in g.cells


def test_a_line_holding_both_players_marks_is_not_a_potential_line():
    g = QubitGame(seed=0).place(0).place(1).superpose(2)   # X 1, O 2, H 3: row 1-2-3 cannot be won
    assert g.history[-1][1] is None and g.cells[2] == "Q" and g.potential_lines() == []


def test_a_group_that_cannot_fill_the_line_for_that_player():
    # X on 1, O on 9, then X's Psi+ on 2 and 3: never X X, so row 1-2-3 is no potential line
    g = QubitGame(seed=0).place(0).place(8)
    g.entangle((1, 2), 1)
    assert g.history[-1][1] is None and g.potential_lines() == []
    # GHZ-X on a 4 x 4 board, cells 1-2-3 of row 1-2-3 with its middle qubit 2: 010 / 101, never
    # three alike; with cell 4 classical X the row is full but cannot be completed
    g = QubitGame(n=4, seed=0).place(3).place(15).entangle((0, 1, 2), 2)
    assert g.history[-1][1] is None and g.potential_lines() == []
    # GHZ 1-2-3 (000 / 111) with X on 4 can make X X X X: refused as the defect
    g = QubitGame(n=4, seed=0).place(3).place(15)
    assert refused(g, ("entangle", 4, (0, 1, 2)))[0] == "entangled-line"


def test_measurement_happens_on_a_potential_line_made_by_a_swap():
    g = play(QubitGame(seed=0), ("place", 0), ("place", 2), ("place", 1), ("h", 8))  # X 1, 2; O 3; H on 9
    assert g.history[-1][1] is None and g.cells[8] == "Q"
    g.apply(("swap", 2, 8), outcome={2: "X"})              # the quantum state to 3: row 1-2-3 X X ?
    assert g.history[-1] == (("swap", 2, 8), ((2, "X"),))
    assert g.cells[:3] == ("X", "X", "X") and g.cells[8] == "O" and g.result == "X"


def test_swap_moves_a_state_between_groups():
    g = QubitGame(n=4, seed=0).entangle((0, 5, 10), 2).superpose(15).place(3)
    g.swap(5, 15)                                          # the GHZ-X middle qubit to 16, the H to 6
    assert [grp.cells for grp in g.groups] == [(0, 15, 10), (5,)]
    assert [grp.made_by for grp in g.groups] == [("entangle", 2, (0, 5, 10)), ("h", 15)]
    g.swap(3, 0)                                           # a classical X to 1, the state to 4
    assert g.cells[0] == "X" and g.cells[3] == "Q"
    assert [grp.cells for grp in g.groups] == [(3, 15, 10), (5,)]
    assert g.segment[1][-2:] == (("swap", 5, 15), ("swap", 3, 0))


def test_no_measurement_when_a_classical_line_ends_the_game():
    # X 1, O: H on 6, X 2, O: H on 9, X 3 wins; column 3-6-9 is then X Q Q, a potential line,
    # but the game is already won: nothing is measured
    g = play(QubitGame(seed=0), ("place", 0), ("h", 5), ("place", 1), ("h", 8), ("place", 2))
    assert g.result == "X" and g.history[-1] == (("place", 2), None)
    assert g.cells[5] == g.cells[8] == "Q" and g.last_outcome is None
    assert g.potential_lines() == [(2, 5, 8)]              # the column could still be X X X
    assert g.scores == {"X": 1, "O": 0}


def test_a_full_board_is_measured():
    g = play(QubitGame(seed=1), ("place", 0), ("place", 1), ("place", 2), ("place", 4), ("place", 3),
             ("place", 5), ("place", 7), ("place", 6))
    assert g.history[-1][1] is None
    g.apply(("h", 8), outcome={8: "O"})
    assert g.history[-1] == (("h", 8), ((8, "O"),)) and g.result == "draw" and g.scores == {"X": 0, "O": 0}
    assert g.last_outcome == {8: "O"}


# --- legal moves ------------------------------------------------------------------------------
def test_legal_moves_in_order():
    g = QubitGame(seed=0).place(4).superpose(0)            # X on 5, a quantum cell 1; X to move
    empty = [1, 2, 3, 5, 6, 7, 8]
    pairs = [(a, b) for i, a in enumerate(empty) for b in empty[i + 1:]]
    # Phi+ may not fill a line through the quantum 1 or the X on 5 (code numbers: rows 0-1-2, 3-4-5,
    # column 0-3-6, 1-4-7, diagonal 2-4-6)
    refused_phi = {(1, 2), (3, 5), (3, 6), (1, 7), (2, 6)}
    assert g.legal_moves() == (
        [("place", c) for c in empty] + [("swap", 0, 4)] + [("h", c) for c in empty]
        + [("phase", c, gate) for c in empty for gate in ("S", "T", "ST")]
        + [("entangle", 1, p) for p in pairs]
        + [("entangle", 3, p) for p in pairs if p not in refused_phi] + [("collapse",)])
    assert QubitGame(seed=0).legal_moves()[-1] == ("entangle", 3, (7, 8))   # nothing to collapse


def test_legal_swaps_leave_out_two_equal_classical_marks():
    g = play(QubitGame(seed=0), ("place", 0), ("place", 1), ("h", 4), ("place", 8), ("h", 2))
    assert g.history[-1][1] is None and g.cells == ("X", "O", "Q", None, "Q", None, None, None, "O")
    assert [m for m in g.legal_moves() if m[0] == "swap"] == [
        ("swap", 0, 1), ("swap", 0, 2), ("swap", 0, 4), ("swap", 0, 8), ("swap", 1, 2), ("swap", 1, 4),
        ("swap", 2, 4), ("swap", 2, 8), ("swap", 4, 8)]
    assert refused(g, ("swap", 1, 8)) == (
        "swap-no-change", "cells 2 and 9 both hold a classical O; swapping them changes nothing")
    assert refused(g, ("swap", 8, 1))[1] == "cells 9 and 2 both hold a classical O; swapping them changes nothing"
    g.copy().swap(2, 4)                                     # two quantum cells may be swapped
    two_x = QubitGame(seed=0).place(0).place(1).place(4)
    assert [m for m in two_x.legal_moves() if m[0] == "swap"] == [("swap", 0, 1), ("swap", 1, 4)]


def test_legal_entanglements_on_four_by_four_list_each_middle_qubit_of_ghz_x():
    g = QubitGame(n=4, seed=0)
    for c in [0, 2, 1, 3, 5, 4, 7, 6, 8, 10, 9, 11]:
        g.place(c)
    assert g.result is None and g.empty_cells() == [12, 13, 14, 15]
    pairs = [(12, 13), (12, 14), (12, 15), (13, 14), (13, 15), (14, 15)]
    triples = [(12, 13, 14), (12, 13, 15), (12, 14, 15), (13, 14, 15)]
    assert [m for m in g.legal_moves() if m[0] == "entangle"] == (
        [("entangle", 1, p) for p in pairs]
        + [("entangle", 2, m) for a, b, c in triples for m in ((b, a, c), (a, b, c), (a, c, b))]
        + [("entangle", 3, p) for p in pairs] + [("entangle", 4, t) for t in triples])
    for move in g.legal_moves():
        g.copy().apply(move)                                # every listed move is accepted


def test_every_legal_move_is_accepted_and_others_are_refused():
    g = QubitGame(seed=0).place(4).superpose(0)
    legal = set(g.legal_moves())
    for move in legal:
        g.copy().apply(move)
    for level in (1, 3):
        for a in range(9):
            for b in range(a, 9):                               # one order of each pair is listed
                move = ("entangle", level, (a, b))
                if move not in legal:
                    assert refusal(lambda: g.copy().apply(move)).rule in (
                        "occupied", "entangle-same-cell", "entangled-line")


# --- the moves and what they record -------------------------------------------------------------
def test_each_move_method_makes_its_move():
    g = QubitGame(n=4, seed=0)
    assert g.place(0) is g and g.superpose(1) is g and g.phase(2) is g and g.phase(7, "S") is g
    assert g.entangle([4, 8]) is g and g.entangle((9, 13, 14), 4) is g and g.swap(0, 1) is g
    assert [m for m, _ in g.history] == [
        ("place", 0), ("h", 1), ("phase", 2, "T"), ("phase", 7, "S"), ("entangle", 1, (4, 8)),
        ("entangle", 4, (9, 13, 14)), ("swap", 0, 1)]
    assert all(outcome is None for _, outcome in g.history)
    assert g.segment == ((None,) * 16, (("place", 0, "X"), ("h", 1), ("phase", 2, "T"), ("phase", 7, "S"),
                                        ("entangle", 1, (4, 8)), ("entangle", 4, (9, 13, 14)), ("swap", 0, 1)))
    assert [grp.cells for grp in g.groups] == [(0,), (2,), (7,), (4, 8), (9, 13, 14)]
    assert [grp.made_by for grp in g.groups] == [("h", 1), ("phase", 2, "T"), ("phase", 7, "S"),
                                                 ("entangle", 1, (4, 8)), ("entangle", 4, (9, 13, 14))]
    tables = [grp.outcomes() for grp in g.groups]
    px = (1 - math.cos(math.pi / 4)) / 2
    assert tables[0] == {(0,): 0.5, (1,): 0.5} and tables[2] == pytest.approx({(0,): 0.5, (1,): 0.5})
    assert tables[1] == {(0,): 1 - px, (1,): px}
    assert tables[3] == {(0, 1): 0.5, (1, 0): 0.5} and tables[4] == {(0, 0, 0): 0.5, (1, 1, 1): 0.5}
    assert g.ply == 7 and g.to_move == "O"
    assert g.collapse() is g and g.to_move == "O" and g.ply == 7
    assert g.segment == (g.cells, ()) and g.groups == () and "Q" not in g.cells
    assert g.last_outcome == dict(g.history[-1][1]) and sorted(g.last_outcome) == [0, 2, 4, 7, 8, 9, 13, 14]


def test_a_classical_mark_of_each_player_in_the_segment():
    g = QubitGame(seed=0).place(0).place(1)
    assert g.segment == ((None,) * 9, (("place", 0, "X"), ("place", 1, "O")))
    g.superpose(8).apply(("collapse",), outcome={8: "O"})
    assert g.segment == (("X", "O") + (None,) * 6 + ("O",), ())
    g.place(2)
    assert g.segment == (("X", "O") + (None,) * 6 + ("O",), (("place", 2, "O"),))


def test_turns_pass_except_on_a_collapse():
    g = QubitGame(seed=0).superpose(4)
    assert (g.ply, g.to_move) == (1, "O")
    g.collapse()
    assert (g.ply, g.to_move) == (1, "O")
    g.place(0)
    assert (g.ply, g.to_move) == (2, "X")
    g = QubitGame(seed=0, collapse_costs_turn=True).superpose(4).collapse()
    assert (g.ply, g.to_move) == (2, "X")
    g.place(0).superpose(1).collapse()
    assert (g.ply, g.to_move) == (5, "O")


def test_a_forced_outcome_is_checked_in_full():
    g = position()
    for outcome, text in [
        ({"100": "X"}, "a measurement must give exactly the quantum cells [3, 5, 8] (counted from 1); got [101]"),
        ({2: "X", 4: "X"}, "a measurement must give exactly the quantum cells [3, 5, 8] (counted from 1); got [3, 5]"),
        ({2: "X", 4: "X", 7: "O", 0: "X"},
         "a measurement must give exactly the quantum cells [3, 5, 8] (counted from 1); got [1, 3, 5, 8]"),
        (5, "a measurement outcome maps cells (whole numbers) to 'X' or 'O'; got 5"),
        ({"a": "X"}, "a measurement outcome maps cells (whole numbers) to 'X' or 'O'; got {'a': 'X'}"),
        ({"1234": "X"}, "a measurement outcome maps cells (whole numbers) to 'X' or 'O'; got {'1234': 'X'}"),
        ({"\u0663": "X"}, "a measurement outcome maps cells (whole numbers) to 'X' or 'O'; got {'\u0663': 'X'}"),
        ({2.0: "X"}, "a measurement outcome maps cells (whole numbers) to 'X' or 'O'; got {2.0: 'X'}"),
        ({2: "Z", 4: "X", 7: "O"}, "cells measure 'X' or 'O'; got ['Z']"),
        ({2: "X", 4: 1, 7: None}, "cells measure 'X' or 'O'; got [1, None]"),
        ({2: "X", 4: "X", 7: "X"},
         "impossible measurement: cells 3=X, 8=X cannot come out of level 1 (Psi+) entanglement of cells 3-8"),
        ({2: "O", 4: "X", 7: "O"},
         "impossible measurement: cells 3=O, 8=O cannot come out of level 1 (Psi+) entanglement of cells 3-8"),
    ]:
        assert refused(g, ("collapse",), outcome=outcome) == (None, text)
    g.apply(("collapse",), outcome=[("2", "X"), (4, "O"), ("7", "O")])
    assert g.history[-1][1] == ((2, "X"), (4, "O"), (7, "O")) and g.last_outcome == {2: "X", 4: "O", 7: "O"}


def test_an_outcome_for_a_move_that_measures_nothing_is_refused():
    g = QubitGame(seed=0)
    assert refused(g, ("place", 0), outcome={0: "X"}) == (
        None, "a classical mark in cell 1 measured nothing, yet an outcome was given")
    assert refused(g, ("h", 3), outcome={}) == (None, "H on cell 4 measured nothing, yet an outcome was given")


def test_an_impossible_phase_or_ghz_outcome_names_the_move():
    g = QubitGame(n=4, seed=0).entangle((0, 5, 10), 2)
    assert refused(g, ("collapse",), outcome={0: "X", 5: "X", 10: "X"}) == (
        None, "impossible measurement: cells 1=X, 6=X, 11=X cannot come out of level 2 (GHZ-X) "
              "entanglement of cells 1-6-11")
    g.apply(("collapse",), outcome={0: "X", 5: "O", 10: "X"})
    assert g.cells[0] == g.cells[10] == "X" and g.cells[5] == "O"


def test_a_measurer_decides_the_outcome():
    seen = []

    def measurer(game):
        seen.append((game.quantum_cells(), game.ply))
        return {c: "X" for c in game.quantum_cells()}
    g = QubitGame(seed=0, measurer=measurer).entangle((0, 8), 3).collapse()
    assert seen == [([0, 8], 1)] and g.cells[0] == g.cells[8] == "X"
    bad = QubitGame(seed=0, measurer=lambda game: {0: "X", 8: "O"}).entangle((0, 8), 3)
    assert str(refusal(bad.collapse, RecordError)) == ("impossible measurement: cells 1=X, 9=O cannot come out of "
                                                       "level 3 (Phi+) entanglement of cells 1-9")
    assert bad.cells[0] == "Q" and bad.history[-1][1] is None


# --- seeded measurement ---------------------------------------------------------------------------
def test_a_seed_fixes_every_measurement():
    assert "".join(QubitGame(seed=s).superpose(4).collapse().cells[4] for s in range(12)) == "OXXOXOXOXOOO"
    assert "".join(QubitGame(seed=s).phase(4, "ST").collapse().cells[4] for s in range(12)) == "XXXXXOXXXOOO"
    assert "".join(QubitGame(seed=s, measurement="most-frequent", shots=15).superpose(4).collapse().cells[4]
                   for s in range(12)) == "OOOXOOXOOOOO"
    # the move number is part of the seed: the same seed one turn later may give another outcome
    later = "".join(QubitGame(seed=s).place(0).superpose(4).collapse().cells[4] for s in range(12))
    assert later != "OXXOXOXOXOOO"


def test_one_shot_of_most_frequent_is_the_single_shot():
    for s in range(20):
        one = QubitGame(seed=s, measurement="most-frequent", shots=1).entangle((0, 8), 1).superpose(4).collapse()
        shot = QubitGame(seed=s).entangle((0, 8), 1).superpose(4).collapse()
        assert one.cells == shot.cells


def test_most_frequent_follows_the_majority():
    # T: X with probability 0.146, so the most frequent of 101 shots is O; ST: X (0.854)
    assert {QubitGame(seed=s, measurement="most-frequent", shots=101).phase(4, "T").collapse().cells[4]
            for s in range(10)} == {"O"}
    assert {QubitGame(seed=s, measurement="most-frequent", shots=101).phase(4, "ST").collapse().cells[4]
            for s in range(10)} == {"X"}
    # a single shot follows the odds: some X among 40 T games
    assert {QubitGame(seed=s).phase(4, "T").collapse().cells[4] for s in range(40)} == {"X", "O"}
    # a group's cells are drawn together: Psi+ always gives one X and one O
    for s in range(20):
        g = QubitGame(seed=s, measurement="most-frequent", shots=3).entangle((0, 8), 1).collapse()
        assert sorted((g.cells[0], g.cells[8])) == ["O", "X"]


# --- who wins ---------------------------------------------------------------------------------------
def lines_position(**options):
    """4 x 4, 3 in a row: X on 1, 2, 6; O on 13, 14, 16; X to move."""
    return play(QubitGame(n=4, k=3, seed=0, **options), ("place", 0), ("place", 12), ("place", 1),
                ("place", 13), ("place", 5), ("place", 15))


@pytest.mark.parametrize("options, outcome, result, scores", [
    ({}, {2: "X", 14: "O"}, "O", {"X": 1, "O": 2}),
    ({"both_lines": "draw"}, {2: "X", 14: "O"}, "draw", {"X": 1, "O": 2}),
    ({}, {2: "O", 14: "X"}, None, None),
])
def test_both_players_lines(options, outcome, result, scores):
    g = lines_position(**options).apply(("entangle", 1, (2, 14)), outcome=outcome)
    assert g.result == result and g.scores == scores


def test_more_x_lines_win_for_x_and_equal_lines_draw():
    g = play(QubitGame(n=4, k=3, seed=0), ("place", 0), ("place", 12), ("place", 1), ("place", 13),
             ("place", 6), ("place", 15), ("place", 10))
    # X: 1, 2, 7, 11 ; O: 13, 14, 16; O to move. Psi+ on 3 and 15 giving 3=X, 15=O: X has row 1-2-3
    # and column 3-7-11, O has rows 13-14-15 and 14-15-16: two lines each, a draw
    g.apply(("entangle", 1, (2, 14)), outcome={2: "X", 14: "O"})
    assert g.lines() == [("X", (0, 1, 2)), ("X", (2, 6, 10)), ("O", (12, 13, 14)), ("O", (13, 14, 15))]
    assert g.result == "draw" and g.scores == {"X": 2, "O": 2}
    # the same with O on 9 instead of 16: O has one line, X two, and X wins
    g = play(QubitGame(n=4, k=3, seed=0), ("place", 0), ("place", 12), ("place", 1), ("place", 13),
             ("place", 6), ("place", 8), ("place", 10))
    g.apply(("entangle", 1, (2, 14)), outcome={2: "X", 14: "O"})
    assert g.scores == {"X": 2, "O": 1} and g.result == "X"


def test_lines_of_one_player_only():
    g = lines_position().apply(("entangle", 1, (2, 14)), outcome={2: "O", 14: "X"})
    assert g.result is None
    g = play(QubitGame(seed=0), ("place", 0), ("place", 3), ("place", 8), ("place", 4), ("place", 1),
             ("place", 5))
    assert g.result == "O" and g.scores == {"X": 0, "O": 1} and g.lines() == [("O", (3, 4, 5))]
    assert refused(g, ("place", 2)) == ("game-over", "the game is over (O wins); no more moves")


def test_a_full_board_without_lines_is_a_draw_only_when_full():
    g = play(QubitGame(seed=0), *[("place", c) for c in (0, 1, 2, 4, 3, 5, 7, 6)])
    assert g.result is None and not g.is_over
    g.place(8)
    assert g.result == "draw" and g.is_over and g.scores == {"X": 0, "O": 0}


# --- branches, copy, undo and redo -------------------------------------------------------------------
def test_branches_of_a_move_that_measures_nothing():
    g = QubitGame(seed=0).place(4)
    [(p, after)] = g.branches(("h", 0))
    assert p == 1.0 and after.cells[0] == "Q" and after.ply == 2 and after.history[-1] == (("h", 0), None)
    assert g.cells[0] is None and g.ply == 1 and g.segment == ((None,) * 9, (("place", 4, "X"),))


def test_branches_of_a_measuring_move_give_every_outcome():
    g = position()
    branches = g.branches(("collapse",))
    assert [p for p, _ in branches] == [0.25] * 4
    assert [b.last_outcome for _, b in branches] == [
        {2: "O", 4: "O", 7: "X"}, {2: "X", 4: "O", 7: "O"}, {2: "O", 4: "X", 7: "X"}, {2: "X", 4: "X", 7: "O"}]
    assert all(b.groups == () and b.to_move == "O" for _, b in branches)
    assert g.cells[2] == "Q" and g.history[-1][1] is None and len(g.history) == 3
    # a move that fills a potential line: O puts H on 2 (row 1-2-3: X ? ?)
    branches = g.branches(("h", 1))
    assert len(branches) == 8 and math.isclose(sum(p for p, _ in branches), 1.0)
    # X gets row 1-2-3 or column 2-5-8 in three outcomes, O column 2-5-8 in one
    assert sorted(b.result or "-" for _, b in branches) == ["-"] * 4 + ["O", "X", "X", "X"]
    assert refusal(lambda: g.branches(("h", 0))).rule == "occupied"


def test_copy_is_independent():
    g = position()
    c = g.copy()
    assert c == g and c.history == g.history and c.segment == g.segment
    c.place(1)
    assert g.cells[1] is None and len(g.history) == 3 and g.segment[1][-1] == ("entangle", 1, (2, 7))
    c.undo().undo()
    assert c.redo_stack[0] == (("entangle", 1, (2, 7)), None) and len(c.history) == 2
    assert g.history[-1][0] == ("entangle", 1, (2, 7)) and g.redo_stack == ()
    g.undo()
    assert len(c.history) == 2 and len(c.redo_stack) == 2 and c.cells[2] is None


def test_undo_and_redo_keep_the_order_of_moves():
    g = QubitGame(seed=0).place(0).superpose(4).place(7)
    assert g.undo() is g and g.undo() is g
    assert g.redo_stack == ((("h", 4), None), (("place", 7), None))
    assert g.cells == ("X",) + (None,) * 8 and g.to_move == "O" and g.ply == 1
    assert g.redo() is g and g.cells[4] == "Q" and g.redo_stack == ((("place", 7), None),)
    assert g.history == ((("place", 0), None), (("h", 4), None))
    g.redo()
    assert g.cells[7] == "X" and g.redo_stack == () and g.ply == 3 and g.to_move == "O"
    g.undo()                                                # a redone move can be undone again
    assert g.cells[7] is None and g.ply == 2 and g.to_move == "X"
    g.place(6)                                              # a new move forgets the redo stack
    assert g.redo_stack == ()
    assert refusal(g.redo).rule == "nothing-to-redo"


def test_undo_and_redo_through_a_measurement_keep_its_outcome():
    g = position()
    g.apply(("collapse",), outcome={2: "O", 4: "X", 7: "X"})
    g.undo()
    assert g.cells[2] == "Q" and g.last_outcome is None and g.groups != ()
    assert g.segment[1][-1] == ("entangle", 1, (2, 7))
    g.redo()
    assert g.last_outcome == {2: "O", 4: "X", 7: "X"} and g.history[-1] == (("collapse",), ((2, "O"), (4, "X"), (7, "X")))
    assert g.cells == ("X", None, "O", None, "X", None, None, "X", None)


def test_a_refused_measurement_leaves_the_game_as_it_was():
    g = position()
    before = (g.cells, g.groups, g.segment, g.ply, g.to_move, g.last_outcome, g.history)
    refusal(lambda: g.apply(("collapse",), outcome={2: "X", 4: "X", 7: "X"}), RecordError)
    assert (g.cells, g.groups, g.segment, g.ply, g.to_move, g.last_outcome, g.history) == before


# --- records ---------------------------------------------------------------------------------------
def test_the_record_in_full():
    g = QubitGame(n=4, k=3, levels=[2, 4], measurement="most-frequent", shots=7, both_lines="draw",
                  collapse_costs_turn=True, seed=11)
    g.place(0).superpose(7).phase(13, "ST").entangle((4, 9, 14), 2).swap(0, 7)
    assert all(outcome is None for _, outcome in g.history)
    g.apply(("collapse",), outcome={0: "X", 13: "O", 4: "O", 9: "X", 14: "O"})
    g.place(15).undo()
    assert g.to_record() == {
        "format": "qttt-qubit", "version": 1, "n": 4, "k": 3, "levels": [2, 4],
        "measurement": "most-frequent", "shots": 7, "both_lines": "draw", "collapse_costs_turn": True,
        "seed": 11,
        "moves": [{"move": "place", "cell": 0}, {"move": "h", "cell": 7},
                  {"move": "phase", "cell": 13, "gate": "ST"},
                  {"move": "entangle", "level": 2, "cells": [4, 9, 14]},
                  {"move": "swap", "cells": [0, 7]},
                  {"move": "collapse", "outcome": {"0": "X", "4": "O", "9": "X", "13": "O", "14": "O"}}],
        "redo": [{"move": "place", "cell": 15}]}
    back = QubitGame.from_record(g.to_record())
    assert back == g and back.to_record() == g.to_record() and back.redo_stack == g.redo_stack
    assert back.history == g.history and back.segment == g.segment and back.last_outcome == g.last_outcome
    back.redo()
    assert back.cells[15] == "X" and back.ply == 7
    import json
    assert QubitGame.from_record(json.dumps(g.to_record())) == g


def test_repr_rebuilds_the_game():
    g = position()
    assert repr(g) == f"QubitGame.from_record({g.to_record()!r})"
    assert eval(repr(g), {"QubitGame": QubitGame}) == g          # noqa: S307 - our own text


def test_a_record_with_defaults_left_out():
    g = QubitGame.from_record({"format": "qttt-qubit", "version": 1, "seed": 3})
    assert (g.n, g.k, g.levels, g.measurement, g.shots, g.both_lines, g.collapse_costs_turn, g.seed) == \
        (3, 3, (1, 3), "shot", 1024, "count", False, 3)
    assert g.history == () and g.redo_stack == ()
    m = []
    h = QubitGame.from_record({"format": "qttt-qubit", "version": 1, "seed": 3,
                               "moves": [{"move": "h", "cell": 0}]}, measurer=lambda game: m.append(1) or {0: "X"})
    h.collapse()
    assert m == [1] and h.cells[0] == "X"


BASE = {"format": "qttt-qubit", "version": 1}


@pytest.mark.parametrize("record, text", [
    ([1], "a record is a dict (or its JSON text), got list"),
    ({1: 2}, "a record's field names are text; got 1"),
    ({"format": "x"}, "this is not a qubit-board record: format is 'x', expected 'qttt-qubit'"),
    ({}, "the record has no 'format' field"),
    ({**BASE, "extra": 1, "more": 2}, "the record has fields this version does not know: ['extra', 'more']"),
    ({**BASE, "levels": "13"}, "bad game options: levels is a list such as [1, 3]; got '13'"),
    ({**BASE, "collapse_costs_turn": 1}, "bad game options: collapse_costs_turn is true or false; got 1"),
    ({**BASE, "n": 7}, "bad game options: the board is 3 x 3 to 5 x 5; got n=7"),
    ({**BASE, "levels": [9]}, "bad game options: risk levels are a non-empty list of 1, 2, 3, 4; got [9]"),
    ({**BASE, "measurement": "x"}, "bad game options: measurement must be 'shot' or 'most-frequent'; got 'x'"),
    ({**BASE, "both_lines": "x"}, "bad game options: both_lines must be 'count' or 'draw'; got 'x'"),
    ({**BASE, "moves": [{"move": "place", "cell": 0}, {"move": "place", "cell": 0}]},
     "moves, move 2 (a classical mark in cell 1): cell 1 already holds a classical X; this move needs an empty cell"),
    ({**BASE, "moves": [{"move": "place", "cell": 0}], "redo": [{"move": "place", "cell": 0}]},
     "redo, move 2 (a classical mark in cell 1): cell 1 already holds a classical X; this move needs an empty cell"),
    ({**BASE, "moves": [{"move": "place", "cell": 0}], "redo": [{"move": "h", "cell": 1}, {"move": "place", "cell": 1}]},
     "redo, move 3 (a classical mark in cell 2): cell 2 already holds a quantum state; this move needs an empty cell"),
    ({**BASE, "moves": [5]}, "moves, move 1: a move is a dict with a 'move' field; got 5"),
    ({**BASE, "redo": [{"cell": 0}]}, "redo, move 1: a move is a dict with a 'move' field; got {'cell': 0}"),
    ({**BASE, "moves": [{"move": "place", "cell": 0, "y": 1, "x": 2}]}, "moves, move 1: a move has no field ['x', 'y']"),
    ({**BASE, "moves": [{"move": "fly"}]}, "moves, move 1: unknown move 'fly'"),
    ({**BASE, "moves": [{"move": "swap"}]}, "moves, move 1: the 'swap' move lacks or mangles \"'cells'\""),
    ({**BASE, "moves": [{"move": "swap", "cells": "ab"}]},
     "moves, move 1: the 'swap' move lacks or mangles \"'cells' (a list of cells)\""),
    ({**BASE, "moves": [{"move": "entangle", "level": 1, "cells": (0, 1)}]},
     "moves, move 1: the 'entangle' move lacks or mangles \"'cells' (a list of cells)\""),
    ({**BASE, "moves": [{"move": "entangle", "level": 1}]}, "moves, move 1: the 'entangle' move lacks or mangles \"'cells'\""),
    ({**BASE, "moves": [{"move": "entangle", "cells": [0, 1]}]},
     "moves, move 1: the 'entangle' move lacks or mangles \"'level'\""),
    ({**BASE, "moves": [{"move": "phase", "cell": 0}]}, "moves, move 1: the 'phase' move lacks or mangles \"'gate'\""),
    ({**BASE, "moves": [{"move": "phase", "gate": "T"}]}, "moves, move 1: the 'phase' move lacks or mangles \"'cell'\""),
    ({**BASE, "moves": [{"move": "h"}]}, "moves, move 1: the 'h' move lacks or mangles \"'cell'\""),
    ({**BASE, "moves": [{"move": "place"}]}, "moves, move 1: the 'place' move lacks or mangles \"'cell'\""),
    ({**BASE, "moves": [{"move": "swap", "cells": [0]}]},
     "moves, move 1 (the move ('swap', 0)): unknown move ('swap', 0): moves are ('place', c), ('swap', a, b), "
     "('h', c), ('phase', c, 'T'), ('entangle', level, cells), ('collapse',)"),
    ({**BASE, "moves": [{"move": "h", "cell": 0}, {"move": "collapse", "outcome": [["0", "X"]]}]},
     "moves, move 2: an outcome maps cells to 'X' or 'O'; got [['0', 'X']]"),
    ({**BASE, "moves": [{"move": "h", "cell": 0}, {"move": "collapse"}]},
     "moves, move 2 (collapse): this move measured the board, but the record gives no outcome"),
    ({**BASE, "moves": [{"move": "h", "cell": 0}, {"move": "collapse", "outcome": {"0": "Y"}}]},
     "moves, move 2 (collapse): cells measure 'X' or 'O'; got ['Y']"),
    ({**BASE, "moves": [{"move": "place", "cell": 0, "outcome": {"0": "X"}}]},
     "moves, move 1 (a classical mark in cell 1): a classical mark in cell 1 measured nothing, yet an outcome was given"),
    ({**BASE, "moves": [{"move": "collapse"}]},
     "moves, move 1 (collapse): nothing is quantum: there is nothing to measure, and a collapse does not pass the turn"),
])
def test_damaged_records_are_refused_saying_where_and_why(record, text):
    assert str(refusal(lambda: QubitGame.from_record(record), RecordError)) == text


def test_record_limits_are_checked_before_the_options():
    assert str(refusal(lambda: QubitGame.from_record({**BASE, "shots": 0}), RecordError)) == \
        "shots must be a whole number from 1 to 100,000; got 0"
    assert str(refusal(lambda: QubitGame.from_record({**BASE, "seed": "a"}), RecordError)) == \
        "seed must be a whole number or null with at most 20 digits (|seed| < 2**64); got 'a'"
    assert str(refusal(lambda: QubitGame.from_record({**BASE, "version": 2}), RecordError)) == \
        "record version 2 is not supported: the version is the whole number 1"
    assert str(refusal(lambda: QubitGame.from_record({**BASE, "moves": 5}), RecordError)) == \
        "'moves' must be a list of moves, got int"
    assert str(refusal(lambda: QubitGame.from_record({**BASE, "redo": 5}), RecordError)) == \
        "'redo' must be a list of moves, got int"
    assert str(refusal(lambda: QubitGame.from_record("[1]"), RecordError)) == \
        "a record is a dict (or its JSON text), got list"
    assert QubitGame.from_record({**BASE, "seed": None}).seed is not None


def test_a_replayed_measuring_move_without_an_outcome_is_refused_even_mid_line():
    # the third move (H on 3) fills X's row with a quantum cell: the record must say what it gave
    rec = {**BASE, "moves": [{"move": "place", "cell": 0}, {"move": "place", "cell": 3},
                             {"move": "place", "cell": 1}, {"move": "h", "cell": 2}]}
    assert str(refusal(lambda: QubitGame.from_record(rec), RecordError)) == \
        "moves, move 4 (H on cell 3): this move measured the board, but the record gives no outcome"
    rec["moves"][-1]["outcome"] = {"2": "X"}
    assert QubitGame.from_record(rec).result == "X"


# --- the move in words -------------------------------------------------------------------------------
@pytest.mark.parametrize("move, words", [
    (("place", 0), "a classical mark in cell 1"),
    (("h", 3), "H on cell 4"),
    (("phase", 2, "ST"), "the 'ST' phase move on cell 3"),
    (("swap", 0, 8), "SWAP of cells 1 and 9"),
    (("entangle", 2, (0, 4, 8)), "level 2 (GHZ-X) entanglement of cells 1-5-9"),
    (("entangle", 4, [0, 4, 8]), "level 4 (GHZ) entanglement of cells 1-5-9"),
    (("entangle", 1, (0, 4)), "level 1 (Psi+) entanglement of cells 1-5"),
    (("entangle", 3, (0, 4)), "level 3 (Phi+) entanglement of cells 1-5"),
    (("entangle", "9", (0, 1)), "level '9' entanglement of cells 1-2"),
    (("entangle", 9, (0, 1)), "level 9 entanglement of cells 1-2"),
    (("entangle", 1, 7), "level 1 (Psi+) entanglement of cells 7"),
    (("entangle", 1, [0, "a"]), "level 1 (Psi+) entanglement of cells 1-'a'"),
    (("collapse",), "collapse"),
    (("collapse", 1), "the move ('collapse', 1)"),
    (("place",), "the move ('place',)"),
    (("place", 1, 2), "the move ('place', 1, 2)"),
    (("h",), "the move ('h',)"),
    (("phase", 1), "the move ('phase', 1)"),
    (("swap", 1), "the move ('swap', 1)"),
    (("entangle", 1), "the move ('entangle', 1)"),
    (("fly",), "the move ('fly',)"),
    (("place", True), "a classical mark in cell True"),
    (("place", "x" * 40), "a classical mark in cell 'xxxxxxxxxxxxxxxx..."),
    (("place", 10 ** 30), "a classical mark in cell 10000000000000000..."),
    (("swap", "x" * 40, 1), "SWAP of cells 'xxxxxxxxxxxxxxxx... and 2"),
    (("phase", 0, "x" * 40), "the 'xxxxxxxxxxxxxxxx... phase move on cell 1"),
    (("entangle", "x" * 40, (0, 1)), "level 'xxxxxxxxxxxxxxxx... entanglement of cells 1-2"),
    (("entangle", 1, "x" * 40), "level 1 (Psi+) entanglement of cells 'xxxxxxxxxxxxxxxx..."),
])
def test_describe_move(move, words):
    assert describe_move(move) == words


# --- equality and the picture ---------------------------------------------------------------------
def test_equal_games_are_the_same_position_with_the_same_future():
    a, b = position(), QubitGame(seed=0).place(0).entangle((2, 7), 1)
    assert a != b
    b.undo().superpose(4).entangle((2, 7), 1)
    assert a == b and a.key() == b.key() and len({a.key(), b.key()}) == 1
    assert a == mock.ANY and (a == 5) is False and a != "game"
    base = dict(seed=0)
    for options in [dict(n=4), dict(n=4, k=3), dict(levels=[1]), dict(measurement="most-frequent"),
                    dict(shots=5), dict(both_lines="draw"), dict(collapse_costs_turn=True), dict(seed=1),
                    dict(measurer=lambda g: {})]:
        assert QubitGame(**{**base, **options}) != QubitGame(**base)
    assert QubitGame(seed=0).place(0) != QubitGame(seed=0).superpose(0)           # cells
    assert QubitGame(seed=0).entangle((0, 8), 1) != QubitGame(seed=0).entangle((0, 8), 3)  # tables
    assert QubitGame(seed=0).entangle((0, 8), 1) != QubitGame(seed=0).entangle((8, 0), 1)  # which cell is q0
    x = QubitGame(seed=0).superpose(4)
    y = QubitGame(seed=0, collapse_costs_turn=True).superpose(4)
    x.apply(("collapse",), outcome={4: "X"})
    assert x.ply == 1 and x.to_move == "O"
    # the same cells, groups and mover, but not the same number of turns: another future
    p, q = QubitGame(seed=0).place(0).place(1), QubitGame(seed=0).place(1).place(0)
    assert p != q and y != x
    r = QubitGame(seed=0).superpose(4).place(0)                                    # ply 2, X to move
    s = QubitGame(seed=0).superpose(4).apply(("collapse",), outcome={4: "X"})
    assert r != s
    # different results with the same everything else
    w = play(QubitGame(seed=0), ("place", 0), ("place", 3), ("place", 1), ("place", 4))
    assert w.copy().place(2).result == "X" and w.copy().place(2) != w.copy().place(5)
    hashes = {QubitGame(seed=0).place(c).key() for c in range(9)}
    assert len(hashes) == 9


def test_equality_compares_the_player_to_move_and_the_result():
    t = QubitGame(seed=0, collapse_costs_turn=True).superpose(4)
    u = QubitGame(seed=0).superpose(4)
    t.apply(("collapse",), outcome={4: "X"})                # ply 2, X to move
    u.apply(("collapse",), outcome={4: "X"}).place(0).undo()
    assert t != u


def test_the_picture_is_the_svg_board_and_who_is_to_move():
    g = position()
    html = g._repr_html_()
    assert html == f"{svg.qubit_board(g, 240)}<div style='font-family:sans-serif'>O to move</div>"
    g.apply(("place", 1), outcome={2: "O", 4: "X", 7: "X"})
    assert g.result is None and g._repr_html_().endswith("<div style='font-family:sans-serif'>X to move</div>")
    won = play(QubitGame(seed=0), ("place", 0), ("place", 3), ("place", 1), ("place", 4), ("place", 2))
    assert won._repr_html_() == f"{svg.qubit_board(won, 240)}<div style='font-family:sans-serif'>X wins</div>"
    d = play(QubitGame(seed=0), *[("place", c) for c in (0, 1, 2, 4, 3, 5, 7, 6, 8)])
    assert d._repr_html_().endswith("<div style='font-family:sans-serif'>draw</div>")


# --- smaller points ---------------------------------------------------------------------------------
def test_moves_may_be_lists_and_entangle_takes_any_cells():
    g = QubitGame(seed=0).apply(["place", 0]).apply(["entangle", 1, [2, 7]])
    assert g.history == ((("place", 0), None), (("entangle", 1, (2, 7)), None))
    e = refusal(lambda: g.entangle(5))
    assert (e.rule, str(e)) == ("entangle-width", "risk level 1 entangles 2 cells; got 5")


def test_both_lines_draw_leaves_a_plain_win_alone():
    g = play(QubitGame(seed=0, both_lines="draw"), ("place", 0), ("place", 3), ("place", 1), ("place", 4),
             ("place", 2))
    assert g.result == "X"
    g = play(QubitGame(seed=0, both_lines="draw"), ("place", 0), ("place", 3), ("place", 8), ("place", 4),
             ("place", 1), ("place", 5))
    assert g.result == "O"


def test_undo_of_the_winning_move_reopens_the_game():
    g = play(QubitGame(seed=0), ("place", 0), ("place", 3), ("place", 1), ("place", 4), ("place", 2))
    g.undo()
    assert g.result is None and not g.is_over and g.to_move == "X" and g.scores is None
    assert ("place", 2) in g.legal_moves()


def test_undo_of_a_measurement_restores_the_segment():
    g = position()
    g.apply(("collapse",), outcome={2: "O", 4: "X", 7: "X"})
    assert g.segment == (("X", None, "O", None, "X", None, None, "X", None), ())
    g.undo()
    assert g.segment == ((None,) * 9, (("place", 0, "X"), ("h", 4), ("entangle", 1, (2, 7))))


def test_a_move_field_names_are_listed_as_text():
    rec = {**BASE, "moves": [{"move": "h", "cell": 0, 5: 1, "z": 2}]}
    assert str(refusal(lambda: QubitGame.from_record(rec), RecordError)) == \
        "moves, move 1: a move has no field ['5', 'z']"
    rec = {**BASE, "moves": [{"move": "h", "cell": 0, **{f"k{i:02d}" * 8: 1 for i in range(7)}}]}
    assert str(refusal(lambda: QubitGame.from_record(rec), RecordError)) == (
        "moves, move 1: a move has no field ['k00k00k00k00k00k00k00k00', 'k01k01k01k01k01k01k01k01', "
        "'k02k02k02k02k02k02k02k02', 'k03k03k03k03k03k03k03k03', 'k04...")


def test_long_lists_in_record_errors_are_shown_whole_up_to_their_limit():
    g = QubitGame(seed=0).superpose(4)
    big = "1000000000000...0000000000000"
    assert refused(g, ("collapse",), outcome={10 ** 40 + i: "X" for i in range(7)}) == (
        None, "a measurement must give exactly the quantum cells [5] (counted from 1); got ["
              + ", ".join(f"{big}{i + 1}" for i in range(6)) + ", ...]")
    rec = {**BASE, **{f"f{i}" * 20: 1 for i in range(7)}}
    assert str(refusal(lambda: QubitGame.from_record(rec), RecordError)) == (
        "the record has fields this version does not know: ["
        + ", ".join(f"'{f'f{i}' * 6}...{f'{i}f' * 6}{i}'" for i in range(6)) + ", ...]")


def test_an_undone_measurement_keeps_its_outcome_in_the_record():
    g = position()
    g.apply(("collapse",), outcome={2: "O", 4: "X", 7: "X"}).undo()
    rec = g.to_record()
    assert rec["redo"] == [{"move": "collapse", "outcome": {"2": "O", "4": "X", "7": "X"}}]
    back = QubitGame.from_record(rec).redo()
    assert back.cells == ("X", None, "O", None, "X", None, None, "X", None)


def test_every_line_through_the_entangled_cells_is_looked_at():
    # 4 x 4, three in a row: cells 2 and 3 lie in 1-2-3 (1 empty) and in 2-3-4 (X on 4)
    g = QubitGame(n=4, k=3, seed=0).place(3)
    assert refused(g, ("entangle", 3, (1, 2))) == (
        "entangled-line", "entangling cells 2-3 at level 3 would fill the line 2-3-4 and decide it by one coin flip")
    # 3 x 3 with GHZ on 1, 2 and 5: row 1-2-3 is open, the diagonal 1-5-9 ends in an X
    g = QubitGame(levels=[4], seed=0).place(8)
    assert refused(g, ("entangle", 4, (0, 1, 4))) == (
        "entangled-line", "entangling cells 1-2-5 at level 4 would fill the line 1-5-9 and decide it by one coin flip")


# =================================================================================================
# Formerly tests/test_mutation_rules.py (mutation testing, tests/MUTATION.md).
# Rules behaviour that mutation testing found unguarded: damaged records refused with a message
# that names the problem, undo and redo at the ends of the history, the printed boards.
# =================================================================================================
# --- qubit records ---------------------------------------------------------------------------------
@pytest.mark.parametrize("record, words", [
    ("[1, 2]", ["dict", "list"]),
    ({"format": "qttt-goff"}, ["qubit", "qttt-goff"]),
    ({"format": "qttt-qubit", "version": 3}, ["version 3"]),
    ({"format": "qttt-qubit", "version": True}, ["version True"]),
    ({"format": "qttt-qubit", "version": 1, "size": 3}, ["size"]),
    ({"format": "qttt-qubit", "version": 1, "n": 0}, ["bad game options"]),
    ({"format": "qttt-qubit", "version": 1, "moves": [{"cell": 0}]}, ["move 1", "'move' field"]),
    ({"format": "qttt-qubit", "version": 1, "moves": [{"move": "place", "cell": 0}] * 2}, ["moves, move 2",
                                                                                           "cell 1"]),
])
def test_qubit_record_refused_saying_why(record, words):
    with pytest.raises(RecordError) as e:
        QubitGame.from_record(record)
    for w in words:
        assert w in str(e.value), (w, str(e.value))


def test_qubit_record_round_trip_with_redo():
    g = QubitGame(seed=3)
    for m in g.legal_moves()[:1]:
        g.apply(m)
    g.apply(g.legal_moves()[0])
    g.undo()
    back = QubitGame.from_record(g.to_record())
    assert back.to_record() == g.to_record()
    assert str(back) == str(g)
