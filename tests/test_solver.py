"""The Goff solver against a brute force written only with the public GoffGame API,
the known opening result, the opening book, and the players built on the solver."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import goff_state, play_picks
from qttt_widgets.players import book
from qttt_widgets.players.solver import GoffSolver, ImperfectPlayer, PerfectPlayer, shared_solver
from qttt_widgets.rules.goff import GoffGame


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
from qttt_widgets.players import solver as solver_module  # noqa: E402


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
