"""The Goff solver against a brute force written only with the public GoffGame API,
the known opening result, the opening book, and the players built on the solver."""
import json
import os
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qttt_widgets.players import book
from qttt_widgets.players import solver as solver_module
from qttt_widgets.players import book as book_module
from qttt_widgets.players.solver import (GoffSolver, ImperfectPlayer, PerfectPlayer, SolveReport,
                                         shared_solver)
from qttt_widgets.rules.classical import ClassicalBoard
from qttt_widgets.rules.goff import GoffGame

from helpers import goff_state, play_picks
from test_survivors import rg_to_goff
from test_survivors import brute as survivors_brute


def brute(game) -> float:
    """X's points minus O's by plain expectimax over GoffGame copies, as the game itself says
    whose decision each action is: ``decider`` X maximises, O minimises, and a chance node
    (a random collapse under ``explicit_chance``) is the mean of ``chance_outcomes()``."""
    if game.is_over:
        return game.scores["X"] - game.scores["O"]
    if game.is_chance_node():
        return sum(p * brute(game.copy().apply(q)) for q, p in game.chance_outcomes())
    values = [brute(game.copy().apply(a)) for a in game.legal_moves()]
    return max(values) if game.current_player() == "X" else min(values)


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


@pytest.mark.slow
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
    g = explicit_chance(rg)
    assert value == brute(g)
    by_action = {a: brute(g.copy().apply(a)) for a in g.legal_moves()}
    assert sorted(best) == sorted(a for a, v in by_action.items() if v == value)


def explicit_chance(rg):
    """The same random-collapse position, stopping at its chance nodes from here on (so that
    the brute force branches on both outcomes of every coin)."""
    g = rg.copy()
    g.explicit_chance = True
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


@pytest.mark.slow
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


@pytest.mark.slow
@pytest.mark.parametrize("marks, seed", [(1, 3), (2, 4), (3, 5), (3, 8)])
def test_book_matches_the_solver(marks, seed):
    """The shipped book holds every position after one to three marks (collapses included),
    and agrees with a fresh search on the value and on every perfect action."""
    g = _book_sample(marks, random.Random(seed))
    hit = book.lookup(g)
    assert hit is not None, g.notation()
    assert hit == GoffSolver().hint(g, book=False)


def test_book_covers_a_collapsed_opening():
    g = GoffGame().play(0, 1).play(0, 1)          # O closes a cycle at once; X chooses
    g.apply(g.legal_moves()[0])
    assert g.pending is None and not g.is_over
    assert book.lookup(g) is not None


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
    bad = tmp_path / "goff_book.json"
    bad.write_text('{"rules": "goff", "positions": [1, 2')
    monkeypatch.setitem(book.PATHS, "goff", bad)
    with pytest.raises(ValueError, match="damaged.*regenerate"):
        book.lookup(GoffGame().play(0, 1))


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


# --- the opening books: both rule sets, a version and a checksum, damage refused -------------------


def _random_book_sample(marks, rng):
    g = GoffGame("random", seed=rng.randrange(10**6))
    while g.move_number <= marks:
        g.apply(rng.choice(g.legal_moves()))
    return g


@pytest.mark.parametrize("marks, seed", [(2, 1), (3, 2), (3, 6), (3, 9)])
def test_random_book_matches_the_solver(marks, seed):
    """The random-collapse book holds every position after up to three marks (both sides of
    every coin) and agrees with a search on the value and every perfect action."""
    g = _random_book_sample(marks, random.Random(seed))
    if g.is_over:
        pytest.skip("the sampled game ended")
    hit = book.lookup(g)
    assert hit is not None, g.notation()
    value, best = GoffSolver("random").hint(g, book=False)
    assert hit[0] == pytest.approx(value, abs=1e-12) and hit[1] == best


def test_hints_under_random_collapse_read_the_book(monkeypatch):
    def no_search(*a, **k):
        raise AssertionError("searched a position the book holds")
    fresh = GoffSolver("random")
    monkeypatch.setattr(fresh, "_search", no_search)
    monkeypatch.setattr(fresh, "solve_cached", no_search)
    value, best = fresh.hint(GoffGame("random", seed=3))           # the empty board: 20 s of search
    assert value == book.load("random")["0,0,0,0,0,0,0,0,0|"][0]
    assert best and all(isinstance(a, tuple) for a in best)
    g = _random_book_sample(3, random.Random(4))
    assert fresh.hint(g) == book.lookup(g)


@pytest.mark.parametrize("rules", ["goff", "random"])
def test_books_carry_a_version_and_a_checksum(rules):
    import json
    data = json.loads(book.PATHS[rules].read_text())
    assert data["rules"] == rules and data["version"] == book.VERSION
    assert data["marks"] == book.DEPTH[rules]
    assert data["sha256"] == book.checksum(data["positions"])
    assert book.PATHS[rules].stat().st_size < 5_000_000


def _book_copy(tmp_path, monkeypatch, rules="goff", change=None):
    """A copy of the shipped book, changed by ``change(data)``, in place of the real one."""
    import json
    data = json.loads(book.PATHS[rules].read_text())
    if change is not None:
        change(data)
    path = tmp_path / f"{rules}_book.json"
    path.write_text(json.dumps(data))
    monkeypatch.setitem(book.PATHS, rules, path)
    return path


def test_an_intact_copy_of_a_book_loads(tmp_path, monkeypatch):
    _book_copy(tmp_path, monkeypatch)
    g = GoffGame().play(0, 8)
    assert GoffSolver().hint(g) == GoffSolver().hint(g, book=False)


def _book_copy_value(path):
    import json
    return json.loads(path.read_text())["positions"]["0,0,0,0,0,0,0,0,0|1:08"][0]


def _negate(data):
    for entry in data["positions"].values():
        entry[0] = -entry[0]


def _one_value(data):
    data["positions"]["0,0,0,0,0,0,0,0,0|"][0] = 0.0


def _one_action(data):
    data["positions"]["0,0,0,0,0,0,0,0,0|"][1] = "0126"


@pytest.mark.parametrize("change, words", [
    (_negate, "checksum"), (_one_value, "checksum"), (_one_action, "checksum"),
    (lambda d: d.update(version=1), "version"), (lambda d: d.update(version=True), "version"),
    (lambda d: d.pop("version"), "version"), (lambda d: d.pop("sha256"), "checksum"),
    (lambda d: d.update(rules="random"), "rules"), (lambda d: d.update(marks=2), "marks"),
    (lambda d: d.update(positions={}), "no positions"), (lambda d: d.update(positions=[]), "no positions")])
def test_a_damaged_book_is_refused_and_says_how_to_regenerate(tmp_path, monkeypatch, change, words):
    path = _book_copy(tmp_path, monkeypatch, change=change)
    g = GoffGame().play(0, 8)
    with pytest.raises(book.BookError, match=words) as err:
        GoffSolver().hint(g)
    assert str(path) in str(err.value) and "damaged" in str(err.value)
    assert "python -m qttt_widgets.players.solver --book --rules goff" in str(err.value)
    if change is _negate:                                       # a search still answers, and rightly
        assert GoffSolver().hint(g, book=False)[0] == 0.5 == -_book_copy_value(path)


def test_a_book_that_is_not_json_is_refused(tmp_path, monkeypatch):
    path = _book_copy(tmp_path, monkeypatch)
    path.write_text(path.read_text()[:-200])
    with pytest.raises(book.BookError, match="damaged"):
        GoffSolver().hint(GoffGame())
    path.write_text("[1, 2]")
    with pytest.raises(book.BookError, match="not a JSON object"):
        GoffSolver().hint(GoffGame())


@pytest.mark.parametrize("rules", ["goff", "random"])
def test_a_missing_book_is_an_error_not_an_empty_book(tmp_path, monkeypatch, rules):
    monkeypatch.setitem(book.PATHS, rules, tmp_path / "nowhere.json")
    with pytest.raises(book.BookError, match="missing") as err:
        GoffSolver(rules).hint(GoffGame(rules, seed=1))
    assert f"--book --rules {rules}" in str(err.value)


def test_a_written_book_reads_back_with_its_checksum(tmp_path, monkeypatch):
    import json
    data = json.loads(book.PATHS["goff"].read_text())
    path = tmp_path / "written.json"
    data.pop("sha256")
    book.write(data, path)
    written = json.loads(path.read_text())
    assert written["sha256"] == book.checksum(data["positions"])
    monkeypatch.setitem(book.PATHS, "goff", path)
    assert book.load("goff") == data["positions"]


def test_the_books_start_is_the_best_first_marks_not_every_winning_one():
    from qttt_widgets.players.solver import SolveReport
    report = SolveReport("random", 0.5, {(0, 2): 0.5, (0, 1): 0.25, (4, 8): 0.125, (0, 8): 0.5}, 1.0, 1, 1)
    assert book.start_entry(report) == [0.5, "0208"]
    entry = book.load("random")["0,0,0,0,0,0,0,0,0|"]
    assert entry == [0.5, "02062868"]                 # 13, 17, 39 and 79 (python -m ... --rules random)


# --- the book's module and the recursion limit --------------------------------------------------
def test_importing_the_solver_leaves_the_recursion_limit_alone():
    import subprocess
    import sys
    code = ("import sys; before = sys.getrecursionlimit(); import qttt_widgets.players.solver; "
            "assert sys.getrecursionlimit() == before, sys.getrecursionlimit()")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("limit", [1000, 5000])
def test_a_search_has_room_while_it_runs_and_gives_the_limit_back(monkeypatch, limit):
    import sys
    seen = []
    solver = GoffSolver()
    search = solver._search

    def watched(*args):
        seen.append(sys.getrecursionlimit())
        return search(*args)
    monkeypatch.setattr(solver, "_search", watched)
    old = sys.getrecursionlimit()
    try:
        sys.setrecursionlimit(limit)
        g = late_position([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8])
        solver.hint(g)
        solver.action_values(g)
        assert sys.getrecursionlimit() == limit
    finally:
        sys.setrecursionlimit(old)
    assert seen and min(seen) == max(limit, 2000)


def test_the_solver_keeps_the_books_old_names():
    assert solver_module.BOOK_PATHS is book.PATHS and solver_module.BOOK_DEPTH is book.DEPTH
    assert solver_module.BOOK_PATH == book.PATHS["goff"] and solver_module.BOOK_MARKS == book.DEPTH["goff"]
    assert solver_module.BOOK_VERSION == book.VERSION and solver_module.BookError is book.BookError
    assert solver_module.build_book is book.build


# --- the solver's state (players/trees.py) and the one canonicaliser (book.smallest_image) --------
def _random_positions(count, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        g = GoffGame()
        for _ in range(rng.randrange(1, 9)):
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_moves()))
        if not g.is_over and g.pending is None:
            out.append(g)
    return out


def test_the_canonical_key_is_the_smallest_whole_image():
    """book.canonical against its definition: the smallest (subscripts, sorted marks) over the
    eight maps, the first map that gives it."""
    from qttt_widgets.players.book import canonical, symmetries
    for g in _random_positions(60, 1):
        subs = [0 if m is None else m[1] for m in g.classical]
        images = []
        for m in symmetries():
            c = [0] * 9
            for q in range(9):
                c[m[q]] = subs[q]
            images.append((tuple(c), tuple(sorted((s, min(m[a], m[b]), max(m[a], m[b]))
                                                  for _, s, a, b in g.spooky))))
        want = min(images)
        assert canonical(g) == (want, images.index(want))


def test_merge_is_the_trees_of_the_joined_marks():
    """trees.merge against its readable model: the trees built from scratch with the new mark."""
    from qttt_widgets.players.trees import components, merge, state
    checked = 0
    for g in _random_positions(80, 2):
        (subs, _, _), marks, n = state(g)
        trees = components(subs, marks)
        for i, (squares_a, entries_a) in enumerate(trees):
            for squares_b, entries_b in trees[i + 1:]:
                a, b = entries_a[-1][0], entries_b[0][0]
                joined = marks + ((n, min(a, b), max(a, b)),)
                (want,) = [t for t in components(subs, joined) if t[0] == squares_a | squares_b]
                got = merge(trees[i], (squares_b, entries_b), a, b, n)
                assert got[0] == want[0]
                key = lambda e: (e[0], e[1], e[2], tuple(sorted(e[3])))  # noqa: E731
                assert sorted(map(key, got[1])) == sorted(map(key, want[1]))
                checked += 1
    assert checked > 50


# =================================================================================================
# Formerly tests/test_mutation_solver.py (mutation testing, tests/MUTATION.md).
# The solver against a brute force on a fixed battery of positions (every value of the game,
# one, two, three and more trees, pending collapses, both collapse rules), its report, its
# settings and its refusals: what mutation testing found unguarded (tests/MUTATION.md).
# Public API only; the brute force is written with GoffGame alone.
# =================================================================================================
GOFF = ["25 29 38 35 14 17 14(4)", "27 67 27(2) 38 35 38(3) 14", "58 49 69 49(9) 18 27 25",
        "58 13 17 14 19 68 89", "68 16 36 27 14 49 23", "16 69 69(9) 38 48 28 57",      # two trees
        "26 37 47 27 46(4) 15", "29 56 35 24 39 15", "45 12 47 14 59 25(5)",
        "18 49 67 24 17 16(6)",                                                          # three
        "26 24 46(4) 19 18", "15 23 14 19 15(1)",                                        # four and more
        "24 34 16 38 23", "38 17 35 67 29 67", "38 37 47 17 45 48", "14 48 45 89 36 69 34",  # pending
        "69 14 34 29 58 17",                     # 69 (X) closes a cycle and the game goes on
        "89 36 46 29 49 57"]                     # 8 (O) closes a cycle; the last marks decide a double line

RANDOM = [(136, [(0, 8), (0, 5), (0, 1), (1, 4), (0, 3), (2, 5), (6, 8)]),
          (819, [(0, 3), (2, 6), (1, 6), (1, 6), (5, 8), (0, 5), (0, 7)]),
          (302, [(7, 8), (0, 4), (0, 6), (5, 6), (1, 4), (6, 7), (0, 4)]),
          (819, [(1, 2), (0, 3), (1, 2), (0, 8), (6, 8), (3, 7), (3, 5)]),
          (586, [(5, 7), (3, 5), (4, 6), (7, 8), (0, 6), (3, 8)]),
          (2, [(6, 7), (3, 6), (0, 5), (1, 6), (4, 6), (0, 6)]),
          (323, [(2, 8), (1, 7), (6, 8), (5, 6), (2, 6), (1, 3)]),
          (351, [(0, 7), (1, 5), (0, 4), (4, 5), (0, 1)]),
          (451, [(2, 7), (0, 3), (6, 7), (0, 1), (0, 3)]),
          (931, [(7, 8), (0, 1), (3, 7), (5, 8), (1, 2), (6, 7)]),        # a closed cycle leaves two trees
          (63, [(1, 2), (1, 2), (0, 7), (3, 6), (3, 4), (3, 5)])]         # a cycle leaves two trees to search on


def _random_game(seed, pairs):
    g = GoffGame("random", seed=seed)
    for a, b in pairs:
        g.play(a, b)
    return g


@pytest.mark.parametrize("record", GOFF)
def test_goff_values_and_perfect_actions_match_the_brute_force(record):
    g = GoffGame.from_record(record)
    want = {a: survivors_brute(g.copy().apply(a)) for a in g.legal_moves()}
    best = (max if g.to_move == "X" else min)(want.values())
    solver = GoffSolver()
    assert solver.action_values(g) == want
    value, perfect = solver.hint(g, book=False)
    assert value == best == survivors_brute(g)
    assert sorted(perfect) == sorted(a for a, v in want.items() if v == best)
    fresh = GoffSolver()                                 # the value alone, from an empty table
    assert fresh.value(g) == best and fresh.nodes > 0


@pytest.mark.parametrize("seed, pairs", RANDOM)
def test_random_collapse_values_match_the_expectimax(seed, pairs):
    rg = _random_game(seed, pairs)
    g = rg_to_goff(rg)
    want = {a: survivors_brute(g.copy().apply(a), chance=True) for a in g.legal_moves()}
    best = (max if g.to_move == "X" else min)(want.values())
    solver = GoffSolver("random")
    assert solver.action_values(rg) == want
    value, perfect = solver.hint(rg)
    assert value == best == survivors_brute(g, chance=True)
    assert sorted(perfect) == sorted(a for a, v in want.items() if v == best)


@pytest.mark.parametrize("depth", [0, 3, 9])
def test_symmetry_depth_changes_the_speed_not_the_values(depth):
    g = GoffGame.from_record("15 23 14 19 15(1)")
    solver = GoffSolver(symmetry_depth=depth)
    assert solver.symmetry_depth == depth
    assert solver.action_values(g) == {a: survivors_brute(g.copy().apply(a)) for a in g.legal_moves()}


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


# --- the symmetries, the opening solve, the book builder and the command line (fast versions) ---
# The real opening solve takes 4 s (20 s under random collapse) and a book of three marks minutes:
# too slow to run for every mutant. These tests judge the same code on small inputs: the solve and
# the book builder with the shipped book standing in for the search (the search itself is judged
# against the brute force above), one first mark searched for real, and books of one or two marks.


SHIPPED = {rules: json.loads(book_module.PATHS[rules].read_text()) for rules in ("goff", "random")}


def _d4():
    """The eight symmetries of the board as lists old square -> new square, built here from a
    quarter turn and a mirror (not from the solver's own table)."""
    def turn(q):
        return (q % 3) * 3 + 2 - q // 3

    def mirror(q):
        return (q // 3) * 3 + 2 - q % 3
    maps = []
    for turns in range(4):
        for flip in (False, True):
            m = []
            for q in range(9):
                for _ in range(turns):
                    q = turn(q)
                m.append(mirror(q) if flip else q)
            maps.append(m)
    assert len({tuple(m) for m in maps}) == 8
    return maps


def _image(action, m):
    return m[action] if isinstance(action, int) else tuple(sorted((m[action[0]], m[action[1]])))


def _marks_in(key):
    """The number of marks of a book position: its largest subscript (every mark 1..n is on the
    board, classical or spooky)."""
    cls, marks = key.split("|")
    subs = [int(s) for s in cls.split(",")] + [int(m.split(":")[0]) for m in marks.split(";") if m]
    return max(subs)


@pytest.mark.parametrize("rules, actions", [
    ("goff", [(0, 1), (1, 5)]),
    ("goff", [(0, 1), (1, 5), (2, 7)]),
    ("goff", [(3, 4), (0, 8), (1, 2)]),
    ("goff", [(0, 1), (0, 1)]),                       # O closes a cycle at once: X chooses (pending)
    ("goff", [(0, 1), (0, 1), 1]),                    # ... and the collapsed position after it
    ("random", [(0, 5), (2, 6), (1, 4)]),
    ("random", [(4, 8), (6, 7)])])
def test_the_book_answers_every_rotation_and_reflection_alike(rules, actions):
    """Every image of a book position under the eight symmetries is found in the book (no search)
    with the same value, and its perfect actions are the images of the original's."""
    def play(acts):
        g = GoffGame(rules, seed=5)
        for a in acts:
            g.apply(a)
        return g
    solver = GoffSolver(rules)                        # the book must answer every image: nodes stay 0
    value, best = solver.hint(play(actions))
    assert best
    for m in _d4():
        image = play([_image(a, m) for a in actions])
        v, b = solver.hint(image)
        assert v == value and sorted(b) == sorted(_image(a, m) for a in best), m
    assert solver.nodes == 0


_FIRST_MOVES: dict = {}


def _book_first_moves(rules):
    """Every first mark -> its value, as the shipped book says (read once)."""
    if rules not in _FIRST_MOVES:
        reader = GoffSolver(rules)
        _FIRST_MOVES[rules] = {(a, b): reader.hint(GoffGame(rules, seed=0).play(a, b))[0]
                               for a in range(9) for b in range(a + 1, 9)}
        assert reader.nodes == 0, "searched a position the opening book holds"
    return dict(_FIRST_MOVES[rules])


@pytest.mark.parametrize("rules", ["goff", "random"])
def test_the_opening_solve_searches_each_first_mark_once_up_to_symmetry(rules):
    """``solve`` values all 36 first marks, searching one mark per class of symmetric marks (8
    classes), and reports the best as the value of the empty board, with its cost. The search of a
    first mark is replaced by the book's value here (test below: the search itself)."""
    want = _book_first_moves(rules)
    solver = GoffSolver(rules)
    asked = []

    def first_move_value(a, b):
        asked.append((a, b))
        solver.nodes += 10
        solver.table[(a, b)] = None
        return want[(a, b)]
    solver._first_move_value = first_move_value
    solver.nodes = 5
    report = solver.solve()
    assert report.rules == rules
    assert report.first_moves == want
    assert report.value == max(want.values()) == SHIPPED[rules]["positions"]["0,0,0,0,0,0,0,0,0|"][0]
    assert len(asked) == len(set(asked)) == 8
    assert {frozenset(frozenset(_image(p, m) for m in _d4()) for p in asked)} == \
        {frozenset(frozenset(_image(p, m) for m in _d4()) for p in want)}     # one per class
    assert report.nodes == 80 and report.positions == 8
    assert 0 <= report.seconds < 60


@pytest.mark.parametrize("pair, value, nodes, stored", [((0, 4), 0.0, 24_023, 7_664),
                                                         ((0, 8), 0.5, 108_263, 26_644)])
def test_a_first_mark_searched_from_scratch_has_the_books_value(pair, value, nodes, stored):
    """The opening solve's search of one first mark (a narrow window around a draw first, a full
    one when the value is outside it): the corner-centre mark is a draw, the diagonal of corners
    wins half a point for X (the known opening result, test_solver.py).

    The node count (search nodes plus endgames read off in one node each) and the positions
    stored, counted as ``benchmarks/solver.py`` counts them for the whole solve, are pinned: a
    change to the search that changes them should say so here, with the new figures."""
    solver = GoffSolver()
    assert solver._first_move_value(*pair) == value == _book_first_moves("goff")[pair]
    assert (solver.nodes, len(solver.table)) == (nodes, stored)


@pytest.mark.parametrize("rules, marks, value, nodes, stored", [
    ("goff", [(1, 3), (3, 8), (0, 4)], 0.5, 30_624, 5_068),
    ("goff", [(0, 6), (4, 6)], 0.5, 48_464, 11_115),
    ("random", [(4, 6), (0, 4), (0, 8), (1, 8)], 0.375, 709, 128)])
def test_a_hint_searched_from_scratch_keeps_its_value_and_its_node_count(rules, marks, value, nodes, stored):
    """``hint(book=False)`` in the middle of a game: the value, the perfect marks (those the book
    holds, where it holds the position) and, pinned like the first marks' searches above, the
    nodes searched and the positions stored. A search that keeps its values but stores a mark
    the other way round (missing the transpositions ``_mark_score``'s marks would hit), or that
    cuts an endgame at another bound, changes the counts: issue 25 asks for the same counts, and
    a change that alters them should say so here, with the new figures."""
    g = GoffGame(rules)
    for m in marks:
        g.apply(m)
    solver = GoffSolver(rules)
    got, best = solver.hint(g, book=False)
    assert got == value
    if len(marks) <= book_module.DEPTH[rules]:
        assert (got, sorted(best)) == GoffSolver(rules).hint(g)
    assert (solver.nodes, len(solver.table)) == (nodes, stored)


class _BookSolver(GoffSolver):
    """A solver that reads the shipped book instead of searching: the book builder's own work
    (which positions, their keys, the perfect marks mapped to the canonical position, the file)
    is judged by rebuilding the first marks of the shipped book."""

    def solve(self):
        first = _book_first_moves(self.rules)
        return SolveReport(self.rules, max(first.values()), first, 0.0, 0, 0)

    def __init__(self, rules):
        super().__init__(rules)
        self.asked = []

    def hint(self, game, book=True):
        assert book is False, "build_book must search the positions, not read the book it rebuilds"
        hit = book_module.lookup(game, SHIPPED[self.rules]["positions"]) if game.pending is None else None
        assert hit is not None, "build_book asked about a position that is not in the book"
        self.asked.append(game.move_number)
        return hit


def _use_book_solver(monkeypatch, rules):
    _book_first_moves(rules)                          # read while the shipped book is in place
    reader = _BookSolver(rules)

    def shared(r="goff"):
        assert r == rules
        return reader
    monkeypatch.setattr(solver_module, "shared_solver", shared)
    return reader


def _shipped_up_to(rules, marks):
    return {k: v for k, v in SHIPPED[rules]["positions"].items() if _marks_in(k) <= marks}


def _sha256(positions):
    import hashlib
    return hashlib.sha256(json.dumps(positions, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


@pytest.mark.parametrize("rules, marks", [("goff", 2), ("random", 2), ("goff", 0)])
def test_build_book_rebuilds_the_shipped_books_first_marks(monkeypatch, rules, marks):
    reader = _use_book_solver(monkeypatch, rules)
    seen = []
    book = book_module.build(lambda i, n: seen.append((i, n)), marks=marks, rules=rules)
    want = _shipped_up_to(rules, marks)
    assert book["positions"] == want
    assert (book["rules"], book["version"], book["marks"]) == (rules, book_module.VERSION, marks)
    assert book["sha256"] == _sha256(want)
    assert book["format"] == SHIPPED[rules]["format"]
    todo = len(want) - 1                                   # the empty board is not a search
    assert seen == [(min(i, todo), todo) for i in range(25, todo + 25, 25)]
    assert len(reader.asked) == todo and set(reader.asked) <= set(range(2, marks + 2))  # here, once each


def test_build_book_goes_to_the_rules_depth_by_default(monkeypatch):
    reader = _use_book_solver(monkeypatch, "goff")
    monkeypatch.setitem(book_module.DEPTH, "goff", 1)
    book = book_module.build()
    assert book["marks"] == 1 and book["positions"] == _shipped_up_to("goff", 1)
    assert len(reader.asked) == len(book["positions"]) - 1       # in this process: one by default


def test_build_book_with_two_processes_gives_the_same_book(monkeypatch):
    _use_book_solver(monkeypatch, "goff")
    book = book_module.build(marks=1, processes=2)
    assert book["positions"] == _shipped_up_to("goff", 1) and book["rules"] == "goff"


def test_a_written_book_is_read_back_by_the_solver(monkeypatch, tmp_path):
    """A book written out (its checksum computed on writing) is the shipped file, and a solver
    reads it back (version, depth and sha256 checked) and answers like the shipped one."""
    book = dict(SHIPPED["random"], sha256="not yet")
    path = tmp_path / "random_book.json"
    monkeypatch.setitem(book_module.PATHS, "random", path)
    stale = json.loads(json.dumps(book))
    stale["positions"]["0,0,0,0,0,0,0,0,0|"] = [0.25, "0102"]
    book_module.write(stale)
    assert book_module.load("random")["0,0,0,0,0,0,0,0,0|"] == [0.25, "0102"]     # read and kept
    book_module.write(book)                                                  # the kept copy is dropped
    written = json.loads(path.read_text())
    assert written == SHIPPED["random"]
    fresh = GoffSolver("random")
    assert fresh.hint(GoffGame("random", seed=1)) == (0.5, [(0, 2), (0, 6), (2, 8), (6, 8)])
    assert fresh.nodes == 0                                     # read from the book just written


def _run_main(capsys, *argv):
    with pytest.raises(SystemExit) as exit_:
        solver_module.main(list(argv))
    out, err = capsys.readouterr()
    return exit_.value.code, out, err


def test_the_command_line_help(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    code, out, err = _run_main(capsys, "--help")
    assert code == 0 and err == ""
    lines = [" ".join(line.split()) for line in out.splitlines()]
    assert "Solve Goff's quantum tic-tac-toe from the empty board." in lines
    assert "--rules {goff,random}" in lines
    assert "--book regenerate the shipped opening book of --rules" in lines
    assert "--marks MARKS book depth in marks (default: BOOK_DEPTH, 3)" in lines
    assert "worker processes for --book" in lines


@pytest.mark.parametrize("argv, words", [
    (["--rules", "classic"], "argument --rules: invalid choice: 'classic'"),
    (["--marks", "two"], "argument --marks: invalid int value: 'two'"),
    (["--processes", "many"], "argument --processes: invalid int value: 'many'"),
    (["--bok"], "unrecognized arguments: --bok")])
def test_the_command_line_refuses_bad_arguments(capsys, argv, words):
    code, out, err = _run_main(capsys, *argv)
    assert code == 2 and out == "" and words in err


@pytest.mark.parametrize("argv, rules", [([], "goff"), (["--rules", "random"], "random")])
def test_the_command_line_prints_the_solve_of_its_rules(capsys, monkeypatch, argv, rules):
    def solve(self):
        return SolveReport(self.rules, 0.5, {(0, 8): 0.5, (0, 1): 0.0}, 1.5, 7, 3)
    monkeypatch.setattr(GoffSolver, "solve", solve)
    solver_module.main(argv)
    out, err = capsys.readouterr()
    assert out == str(SolveReport(rules, 0.5, {(0, 8): 0.5, (0, 1): 0.0}, 1.5, 7, 3)) + "\n"
    assert out.startswith(f"{rules} rules: value of the empty board +0.5") and err == ""


def test_the_command_line_writes_a_book(capsys, monkeypatch, tmp_path):
    _use_book_solver(monkeypatch, "random")
    path = tmp_path / "random_book.json"
    monkeypatch.setitem(book_module.PATHS, "random", path)
    solver_module.main(["--book", "--rules", "random", "--marks", "1", "--processes", "1"])
    out, err = capsys.readouterr()
    want = _shipped_up_to("random", 1)
    todo = len(want) - 1
    assert err == f"\r{todo}/{todo}"
    found = re.fullmatch(rf"\n{len(want)} positions written to {re.escape(str(path))} in (\d+) s\n", out)
    assert found and int(found.group(1)) < 60, out
    written = json.loads(path.read_text())
    assert written["positions"] == want and written["marks"] == 1 and written["rules"] == "random"
    assert written["sha256"] == book_module.checksum(want)
    with pytest.raises(book_module.BookError, match="after up to 1 marks, this code expects 3"):
        GoffSolver("random").hint(GoffGame("random", seed=1))    # a shallower book is not the shipped one


def test_the_command_line_builds_the_full_book_with_every_core_by_default(capsys, monkeypatch, tmp_path):
    asked = {}

    def build_book(progress=None, **kwargs):
        asked.update(kwargs)
        progress(3, 4)
        return {"rules": kwargs["rules"], "version": 2, "marks": 0, "positions": {"k": [0, ""]}}
    monkeypatch.setattr(book_module, "build", build_book)
    monkeypatch.setitem(book_module.PATHS, "goff", tmp_path / "goff_book.json")
    solver_module.main(["--book"])
    out, err = capsys.readouterr()
    assert asked == {"marks": None, "processes": os.cpu_count() or 1, "rules": "goff"}
    assert err == "\r3/4" and out.startswith(f"\n1 positions written to {tmp_path / 'goff_book.json'} in ")


@pytest.mark.parametrize("actions, chooser", [([(0, 1), (0, 1)], "X"), ([(0, 1), (0, 3), (0, 3)], "O")])
def test_an_early_collapse_is_chosen_from_the_book_for_the_chooser(actions, chooser):
    """A collapse pending after two or three marks: the book holds both outcomes, and the hint is
    the better one for the player who chooses (X the larger value, O the smaller)."""
    g = GoffGame()
    for a in actions:
        g.apply(a)
    assert g.pending is not None and g.to_move == chooser
    solver = GoffSolver()
    after = {q: solver.hint(g.copy().apply(q))[0] for q in g.legal_moves()}
    assert solver.nodes == 0                                    # both outcomes read from the book
    assert len(set(after.values())) == 2                       # the choice matters
    best = (max if chooser == "X" else min)(after.values())
    assert solver.hint(g) == (best, [q for q, v in after.items() if v == best])
    assert solver.value(g) == best and solver.best_actions(g) == [q for q, v in after.items() if v == best]


def test_report_names_the_first_marks_of_a_value_held_by_four_of_them():
    first = {(0, 2): 0.5, (0, 6): 0.5, (2, 8): 0.5, (6, 8): 0.5, (0, 1): 0.25}
    assert str(SolveReport("random", 0.5, first, 0.25, 3, 4)) == (
        "random rules: value of the empty board +0.5 (X's points minus O's); +0.5: 4 first marks "
        "(13, 17, 39, 79); +0.25: 1 first marks (12). 0.25 s, 3 nodes, 4 positions stored.")


def _damaged(tmp_path, monkeypatch, change):
    """A small book in the shipped one's format changed by ``change(data)`` (a dict, or text when
    it returns text), put in place of the real one; the message a user reads on loading it."""
    data = _small_book()
    text = change(data)
    path = tmp_path / "goff_book.json"
    path.write_text(text if isinstance(text, str) else json.dumps(data))
    monkeypatch.setitem(book_module.PATHS, "goff", path)
    solver = GoffSolver()
    with pytest.raises(book_module.BookError) as err:
        solver.hint(GoffGame().play(0, 8))
    assert solver.nodes == 0                                    # refused, not searched instead
    return str(err.value).replace(str(path), "PATH")


def _small_book(keys=("0,0,0,0,0,0,0,0,0|",)):
    """The shipped Goff book's head with a few of its positions, and their checksum."""
    positions = {k: list(SHIPPED["goff"]["positions"][k]) for k in keys}
    return dict(json.loads(json.dumps(SHIPPED["goff"])), positions=positions, sha256=_sha256(positions))


REGENERATE = "regenerate it with: python -m qttt_widgets.players.solver --book --rules goff"


def _nan_with_its_checksum(data):
    import hashlib
    data["positions"]["0,0,0,0,0,0,0,0,0|"][0] = float("nan")
    data["sha256"] = hashlib.sha256(json.dumps(data["positions"], sort_keys=True,
                                               separators=(",", ":")).encode()).hexdigest()


@pytest.mark.parametrize("change, reason", [
    (lambda d: "[1, 2]", "it is not a JSON object"),
    (lambda d: d.update(rules="random"), "it is a book for 'random' rules, not 'goff'"),
    (lambda d: d.pop("rules") and None, "it is a book for None rules, not 'goff'"),
    (lambda d: d.update(version=1), "its version is 1, this code reads version 2"),
    (lambda d: d.update(version="2"), "its version is '2', this code reads version 2"),
    (lambda d: d.update(version=True), "its version is True, this code reads version 2"),
    (lambda d: d.update(marks=2), "it holds positions after up to 2 marks, this code expects 3"),
    (lambda d: d.update(marks=3.0), "it holds positions after up to 3.0 marks, this code expects 3"),
    (lambda d: d.update(positions={}), "it has no positions"),
    (lambda d: d.update(positions=[1]), "it has no positions"),
    (lambda d: d["positions"]["0,0,0,0,0,0,0,0,0|"].__setitem__(0, 0.0),
     "the sha256 checksum of its positions does not match: the content was changed"),
    (_nan_with_its_checksum, "Out of range float values are not JSON compliant"),
    (lambda d: "[" * 100_000, "maximum recursion depth exceeded while decoding a JSON array from a unicode string"),
    (lambda d: '{"rules": "goff", "positions": [1, 2', "Expecting ',' delimiter: line 1 column 37 (char 36)")])
def test_a_damaged_book_is_refused_with_the_reason_and_the_fix(tmp_path, monkeypatch, change, reason):
    message = _damaged(tmp_path, monkeypatch, change)
    assert message.startswith(f"the opening book PATH is damaged ({reason}")
    assert message.endswith(f"); {REGENERATE}")


def test_a_missing_book_is_refused_with_the_fix(tmp_path, monkeypatch):
    monkeypatch.setitem(book_module.PATHS, "goff", tmp_path / "nowhere.json")
    with pytest.raises(book_module.BookError) as err:
        GoffSolver().value(GoffGame().play(0, 8))
    assert str(err.value) == (f"the opening book for 'goff' rules is missing ({tmp_path / 'nowhere.json'}); "
                              f"{REGENERATE}")


def test_the_checksum_does_not_depend_on_the_order_of_the_positions_in_the_file(tmp_path, monkeypatch):
    data = _small_book(("0,0,0,0,0,0,0,0,0|", "0,0,0,0,0,0,0,0,0|1:08", "0,0,0,0,0,0,0,0,0|1:04"))
    data["positions"] = dict(reversed(list(data["positions"].items())))
    path = tmp_path / "goff_book.json"
    path.write_text(json.dumps(data))
    monkeypatch.setitem(book_module.PATHS, "goff", path)
    solver = GoffSolver()
    assert solver.hint(GoffGame()) == (0.5, [(0, 8), (2, 6)]) and solver.nodes == 0


def test_a_book_is_written_where_asked_one_position_a_line(tmp_path, monkeypatch):
    monkeypatch.setitem(book_module.PATHS, "goff", tmp_path / "shipped.json")
    mine = tmp_path / "mine.json"
    book_module.write(dict(SHIPPED["goff"], sha256=None), mine)
    assert not (tmp_path / "shipped.json").exists()
    text = mine.read_text()
    assert json.loads(text) == SHIPPED["goff"]
    lines = text.splitlines()
    assert len(lines) == len(SHIPPED["goff"]["positions"]) + 2           # the head, the positions, "}}"
    assert '"positions"' in lines[0] and '"0,0,0,0,0,0,0,0,0|"' not in lines[0]
    assert lines[1] == '"0,0,0,0,0,0,0,0,0|": [0.5, "0826"],' and lines[-1] == "}}"


def test_the_shared_solvers_are_one_per_rule_set(monkeypatch):
    monkeypatch.setattr(solver_module, "_SHARED", {})
    goff, rand = shared_solver("goff"), shared_solver("random")
    assert isinstance(goff, GoffSolver) and (goff.rules, rand.rules) == ("goff", "random")
    assert shared_solver() is goff and shared_solver("random") is rand and goff is not rand


def test_the_opening_solve_is_done_once_per_solver():
    solver = GoffSolver()
    calls = []
    solver.solve = lambda: calls.append(1) or SolveReport("goff", 0.5, {(0, 8): 0.5}, 0.0, 0, 0)
    first = solver.solve_cached()
    assert solver.solve_cached() is first and calls == [1]
    assert solver.action_values(GoffGame()) == {(0, 8): 0.5} and calls == [1]


def test_best_actions_read_the_book_unless_told_not_to():
    g = GoffGame()
    for a in [(0, 1), (0, 1), 1, (2, 3)]:
        g.apply(a)
    reader = GoffSolver()
    assert sorted(reader.best_actions(g)) == [(4, 6), (4, 7), (6, 8)] and reader.nodes == 0
    searcher = GoffSolver()
    assert sorted(searcher.best_actions(g, book=False)) == [(4, 6), (4, 7), (6, 8)] and searcher.nodes > 0


def test_the_last_mark_costs_one_node():
    """The endgame without a search: the last cycle (one tree over the open squares) is read
    off in one node per evaluation (the nodes a solve reports)."""
    one_tree = GoffGame.from_record("23 16 35 19 68 58 67 48")         # eight spooky marks, one tree
    assert one_tree.move_number == 9 and one_tree.pending is None
    solver = GoffSolver()
    solver.value(one_tree)
    assert solver.nodes == 1
    solver.value(one_tree)
    assert solver.nodes == 2


def test_players_are_reproducible_from_their_seed():
    g = GoffGame()                                   # two perfect first marks, 34 others
    for make in (lambda s: PerfectPlayer(s), lambda s: ImperfectPlayer(s, p=1.0), lambda s: ImperfectPlayer(s, p=0.5)):
        def picks(seed):
            player = make(seed)
            return [player.choose(g) for _ in range(30)]
        assert picks(4) == picks(4) != picks(5)
    mine = GoffSolver()
    assert ImperfectPlayer(1, 0.2, solver=mine).solver is mine


def test_an_imperfect_player_plays_a_perfect_action_when_every_action_is_perfect():
    g = GoffGame()
    for a in [(0, 1), (0, 2), (0, 1)]:
        g.apply(a)
    assert sorted(GoffSolver().best_actions(g)) == sorted(g.legal_moves())        # no wrong action
    assert {ImperfectPlayer(s, p=1.0).choose(g) for s in range(8)} <= set(g.legal_moves())
    perfect = GoffSolver().best_actions(GoffGame().play(0, 8))
    assert {ImperfectPlayer(s, p=0.0).choose(GoffGame().play(0, 8)) for s in range(8)} <= set(perfect)


def test_players_refuse_a_finished_game_with_a_clear_message():
    over = GoffGame.from_record("25 29 38 35 14 17 14(4)")
    while not over.is_over:
        over.apply(over.legal_moves()[0])
    for player in (PerfectPlayer(1), ImperfectPlayer(1)):
        with pytest.raises(ValueError) as err:
            player.choose(over)
        assert str(err.value) == "the game is over: there is nothing to choose"


@pytest.mark.parametrize("seed, pairs", [
    (983, [(5, 7), (2, 8), (5, 6), (2, 5), (2, 6)]), (888, [(5, 8), (3, 6), (0, 5), (3, 5), (0, 3)]),
    (666, [(4, 5), (1, 3), (0, 4), (0, 3), (5, 7), (3, 4)])])
def test_a_chance_node_is_the_mean_of_its_outcomes(seed, pairs):
    """A random collapse stopped at its coin (``explicit_chance``): each outcome is valued as the
    game goes on from it, and the node is their probability-weighted mean."""
    g = GoffGame("random", seed=seed, explicit_chance=True)
    for a, b in pairs:
        g.play(a, b)
    assert g.is_chance_node()
    want = {q: brute(g.copy().apply(q)) for q, _ in g.chance_outcomes()}
    assert len(set(want.values())) == 2
    assert GoffSolver("random").action_values(g) == want
    assert GoffSolver("random").value(g) == sum(p * want[q] for q, p in g.chance_outcomes()) == brute(g)
    with pytest.raises(ValueError) as err:
        GoffSolver("random").hint(g)
    assert str(err.value) == ("this is a chance node: no player chooses here, a fair coin does. Ask value() "
                              "or action_values(), or apply one of game.chance_outcomes()")


def test_the_classical_last_mark_costs_one_node():
    g = GoffGame.from_record("25 29 38 35 14 17 14(4)")
    while not g.is_over and len(g.open_squares()) > 1:
        g.apply(g.legal_moves()[0])
    assert not g.is_over and g.legal_moves() == g.open_squares()
    solver = GoffSolver()
    value = solver.value(g)
    assert solver.nodes == 1 and value == solver.value(g) and solver.nodes == 2


@pytest.mark.parametrize("record, value", [("36 67 38 38(8) 24 19 45 49 25(2)", 0.5),
                                           ("67 29 17 39 18 13 58 23(3)", -1.0)])
def test_a_finished_game_is_worth_x_points_minus_o_points(record, value):
    g = GoffGame.from_record(record)
    assert g.is_over and g.scores["O"] > 0
    solver = GoffSolver()
    assert solver.hint(g) == (value, []) and solver.value(g) == value == g.scores["X"] - g.scores["O"]


@pytest.mark.parametrize("record, value", [("49 68 25 29 25(5) 68(8) 17 17(1)", 1.0),
                                           ("16 24 45 35 38 23(2) 67 16(6)", 2.0),
                                           ("46 39 17 47 13 45 89 59(9)", 0.0)])
def test_the_classical_last_mark_is_valued_as_the_game_scores_it(record, value):
    """Eight classical marks: X's last mark goes in the open square, and completes a line, two
    lines or neither."""
    g = GoffGame.from_record(record)
    (last,) = g.legal_moves()
    after = g.copy().apply(last)
    assert after.is_over and after.scores["X"] - after.scores["O"] == value
    solver = GoffSolver()
    assert solver.action_values(g) == {last: value}
    assert solver.hint(g) == (value, [last]) and solver.value(g) == value


@pytest.mark.parametrize("rules, pairs", [("goff", [(0, 1), (2, 3), (4, 5)]), ("random", [(0, 1), (2, 3), (4, 5)])])
def test_a_search_from_six_trees_agrees_with_the_book(rules, pairs):
    """Three disjoint marks leave six trees: the search closes cycles with three trees and more
    still open (a search node after the collapse, not the endgame). About 0.1 s each; the book
    was built by a full search (test_solver.py checks it against fresh ones)."""
    g = GoffGame(rules, seed=1)
    for a, b in pairs:
        g.play(a, b)
    assert GoffSolver(rules).hint(g, book=False) == GoffSolver(rules).hint(g)


def _played(rules, marks):
    game = GoffGame(rules, seed=0, explicit_chance=rules == "random")
    for a, b in marks:
        game.play(a, b)
    return game


@pytest.mark.parametrize("rules, first, second", [
    # a collapse pending after X3 closed the cycle in squares 0-1 (1-2), O's mark 2 elsewhere: the
    # positions after the collapse have the same classical squares and differ only in O's mark
    ("goff", [(0, 1), (3, 4), (0, 1)], [(0, 1), (3, 7), (0, 1)]),
    ("goff", [(1, 2), (0, 3), (1, 2)], [(1, 2), (0, 4), (1, 2)]),
    # the same under the coin's rules, the coin's turn shown (explicit_chance)
    ("random", [(0, 1), (3, 4), (0, 1)], [(0, 1), (3, 7), (0, 1)]),
    ("random", [(1, 2), (0, 3), (1, 2)], [(1, 2), (0, 6), (1, 2)]),
])
def test_a_solver_keeps_apart_positions_that_differ_only_in_a_mark_outside_the_collapse(rules, first, second):
    """After a collapse the search goes on with the spooky marks outside the collapsed tree; the
    table's key must hold them, or two positions with the same classical squares share an entry.
    One solver asked about both positions, in either order, agrees with fresh solvers."""
    fresh = {tuple(m): GoffSolver(rules).action_values(_played(rules, m)) for m in (first, second)}
    assert fresh[tuple(first)] != fresh[tuple(second)]
    for order in ((first, second), (second, first)):
        solver = GoffSolver(rules)
        for marks in order:
            assert solver.action_values(_played(rules, marks)) == fresh[tuple(marks)]


@pytest.mark.parametrize("record", ["36 67 48 59", "24 34 16 38", "58 49 69 49(9)"])
def test_the_value_is_the_best_of_the_action_values(record):
    """Two searches of one position: the value (one search with a window that narrows as it
    goes) and every action's value (a full window each), on fresh solvers. At the first position
    a search that goes on after reaching its window's top (a cut missed at a tie, planted by
    mutation testing) gives X half a point it does not have."""
    g = GoffGame.from_record(record)
    values = GoffSolver().action_values(g)
    best = (max if g.to_move == "X" else min)(values.values())
    assert GoffSolver().value(g) == best
    assert GoffSolver().hint(g, book=False) == (best, [a for a, v in values.items() if v == best])


@pytest.mark.parametrize("record", ["58 49 69 49(9) 18 27 25", "58 13 17 14 19 68 89"])
def test_two_trees_are_read_off_without_a_search_node(record):
    """Two trees over the open squares (mark 8 to play): the value and every action's value are
    read off by the endgame, so nothing goes into the transposition table."""
    g = GoffGame.from_record(record)
    solver = GoffSolver()
    solver.hint(g, book=False)
    solver.action_values(g)
    assert solver.nodes > 0 and len(solver.table) == 0


def test_the_canonicaliser_makes_its_own_symmetry_tables_on_first_use(monkeypatch):
    """mutation: ``smallest_image`` without ``tables`` fills the module's cache on first use; in
    a test run the cache is already full (mutmut forks after it was filled), so empty it here."""
    monkeypatch.setattr(book_module, "_TABLES", [])
    subs, marks = (0, 0, 3, 0, 0, 0, 0, 0, 4), ((1, 0, 1), (2, 5, 7))
    made = book_module.smallest_image(subs, marks)
    assert made == book_module.smallest_image(subs, marks, book_module.symmetry_tables())
    assert made[0][0] != subs and len(book_module._TABLES) == 1            # a real image, and the cache kept
    assert book_module.smallest_image(subs, marks) == made
