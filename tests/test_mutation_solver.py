"""The solver against a brute force on a fixed battery of positions (every value of the game,
one, two, three and more trees, pending collapses, both collapse rules), its report, its
settings and its refusals: what mutation testing found unguarded (tests/MUTATION.md).
Public API only; the brute force is written with GoffGame alone."""
import pytest

from qttt_widgets.players.solver import (GoffSolver, ImperfectPlayer, PerfectPlayer, SolveReport,
                                         shared_solver)
from qttt_widgets.rules.classical import ClassicalBoard
from qttt_widgets.rules.goff import GoffGame
from test_survivors import brute, rg_to_goff

GOFF = ["25 29 38 35 14 17 14(4)", "27 67 27(2) 38 35 38(3) 14", "58 49 69 49(9) 18 27 25",
        "58 13 17 14 19 68 89", "68 16 36 27 14 49 23", "16 69 69(9) 38 48 28 57",      # two trees
        "26 37 47 27 46(4) 15", "29 56 35 24 39 15", "45 12 47 14 59 25(5)",
        "18 49 67 24 17 16(6)",                                                          # three
        "26 24 46(4) 19 18", "15 23 14 19 15(1)",                                        # four and more
        "24 34 16 38 23", "38 17 35 67 29 67", "38 37 47 17 45 48", "14 48 45 89 36 69 34"]  # pending

RANDOM = [(136, [(0, 8), (0, 5), (0, 1), (1, 4), (0, 3), (2, 5), (6, 8)]),
          (819, [(0, 3), (2, 6), (1, 6), (1, 6), (5, 8), (0, 5), (0, 7)]),
          (302, [(7, 8), (0, 4), (0, 6), (5, 6), (1, 4), (6, 7), (0, 4)]),
          (819, [(1, 2), (0, 3), (1, 2), (0, 8), (6, 8), (3, 7), (3, 5)]),
          (586, [(5, 7), (3, 5), (4, 6), (7, 8), (0, 6), (3, 8)]),
          (2, [(6, 7), (3, 6), (0, 5), (1, 6), (4, 6), (0, 6)]),
          (323, [(2, 8), (1, 7), (6, 8), (5, 6), (2, 6), (1, 3)]),
          (351, [(0, 7), (1, 5), (0, 4), (4, 5), (0, 1)]),
          (451, [(2, 7), (0, 3), (6, 7), (0, 1), (0, 3)])]


def _random_game(seed, pairs):
    g = GoffGame("random", seed=seed)
    for a, b in pairs:
        g.play(a, b)
    return g


@pytest.mark.parametrize("record", GOFF)
def test_goff_values_and_perfect_actions_match_the_brute_force(record):
    g = GoffGame.from_record(record)
    want = {a: brute(g.copy().apply(a)) for a in g.legal_moves()}
    best = (max if g.to_move == "X" else min)(want.values())
    solver = GoffSolver()
    assert solver.action_values(g) == want
    value, perfect = solver.hint(g, book=False)
    assert value == best == brute(g)
    assert sorted(perfect) == sorted(a for a, v in want.items() if v == best)
    fresh = GoffSolver()                                 # the value alone, from an empty table
    assert fresh.value(g) == best and fresh.nodes > 0


@pytest.mark.parametrize("seed, pairs", RANDOM)
def test_random_collapse_values_match_the_expectimax(seed, pairs):
    rg = _random_game(seed, pairs)
    g = rg_to_goff(rg)
    want = {a: brute(g.copy().apply(a), chance=True) for a in g.legal_moves()}
    best = (max if g.to_move == "X" else min)(want.values())
    solver = GoffSolver("random")
    assert solver.action_values(rg) == want
    value, perfect = solver.hint(rg)
    assert value == best == brute(g, chance=True)
    assert sorted(perfect) == sorted(a for a, v in want.items() if v == best)


@pytest.mark.parametrize("depth", [0, 3, 9])
def test_symmetry_depth_changes_the_speed_not_the_values(depth):
    g = GoffGame.from_record("15 23 14 19 15(1)")
    solver = GoffSolver(symmetry_depth=depth)
    assert solver.symmetry_depth == depth
    assert solver.action_values(g) == {a: brute(g.copy().apply(a)) for a in g.legal_moves()}


def test_the_table_is_reused_between_calls():
    g = GoffGame.from_record("29 56 35 24 39 15")
    solver = GoffSolver()
    first = solver.value(g)
    nodes, stored = solver.nodes, len(solver.table)
    assert nodes > 0 and stored > 0
    assert solver.value(g) == first and solver.nodes - nodes < nodes


def test_report_reads_as_written():
    first = {(0, 8): 0.5, (2, 6): 0.5, (0, 1): 0.0, (0, 2): 0.0, (1, 2): 0.0, (3, 4): 0.0, (4, 5): 0.0}
    r = SolveReport("goff", 0.5, first, 1.234, 12345, 678)
    assert r.winning_first_moves == [(0, 8), (2, 6)]
    assert str(r) == ("goff rules: value of the empty board +0.5 (X's points minus O's); +0.5: 2 first marks "
                      "(19, 37); 0: 5 first marks. 1.23 s, 12,345 nodes, 678 positions stored.")
    r = SolveReport("random", -1.0, {(0, 1): -1.0, (0, 2): 0.25, (1, 2): 2.0, (3, 4): -0.375}, 0.5, 1, 2)
    assert r.winning_first_moves == [(0, 2), (1, 2)]
    assert str(r) == ("random rules: value of the empty board -1 (X's points minus O's); +2: 1 first marks (23); "
                      "+0.25: 1 first marks (13); -0.375: 1 first marks (45); -1: 1 first marks (12). "
                      "0.50 s, 1 nodes, 2 positions stored.")


def test_refusals():
    with pytest.raises(ValueError, match="'goff' or 'random'"):
        GoffSolver("classic")
    with pytest.raises(TypeError, match="GoffGame.*ClassicalBoard"):
        GoffSolver().value(ClassicalBoard())
    with pytest.raises(ValueError, match=r"GoffSolver\('random'\)"):
        GoffSolver().value(GoffGame("random", seed=1))
    with pytest.raises(ValueError, match=r"GoffSolver\('goff'\)"):
        GoffSolver("random").hint(GoffGame())
    over = GoffGame.from_record("25 29 38 35 14 17 14(4)")
    while not over.is_over:
        over.apply(over.legal_moves()[0])
    assert GoffSolver().hint(over) == (over.scores["X"] - over.scores["O"], [])
    assert GoffSolver().action_values(over) == {}
    for player in (PerfectPlayer(1), ImperfectPlayer(1)):
        with pytest.raises(ValueError, match="game is over"):
            player.choose(over)
    for p in (-0.1, 1.1):
        with pytest.raises(ValueError, match="probability"):
            ImperfectPlayer(1, p=p)
    assert ImperfectPlayer(1, p=0).p == 0 and ImperfectPlayer(1, p=1).p == 1


def test_players_pick_among_perfect_actions_with_their_own_solver():
    g = GoffGame.from_record("58 13 17 14 19 68 89")
    perfect = GoffSolver().best_actions(g, book=False)
    player = PerfectPlayer(3)
    assert {player.choose(g) for _ in range(20)} <= set(perfect)
    assert player.solver is shared_solver("goff") and shared_solver("goff") is shared_solver()
    rg = _random_game(*RANDOM[0])
    assert player.choose(rg) in GoffSolver("random").best_actions(rg)
    assert player.solver is shared_solver("random")             # a solver for the game's rules
    others = set(g.legal_moves()) - set(perfect)
    assert {ImperfectPlayer(s, p=1.0).choose(g) for s in range(10)} <= others
    mine = GoffSolver()
    assert PerfectPlayer(1, solver=mine).solver is mine
