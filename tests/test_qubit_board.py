"""The qubit-per-cell game's rules (no simulator): moves, risk levels, collapse, scoring,
the original's defects, undo/redo and records."""
import math
import random

import pytest

from qttt_widgets.players.qubit import QubitLookaheadPlayer, RandomQubitPlayer
from qttt_widgets.rules.errors import IllegalMove, RecordError
from qttt_widgets.rules.qubit_board import LEVELS, QubitGame, phase_probability


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
