"""The claims of lesson 12 (perfect play, difficulty levels, Elo), each checked by a path other
than the one the lesson's cells and checks use: plain minimax over GoffGame copies, a fresh
solver that searches instead of reading the opening book, the full solve, and the Elo
update read back from the tournament code."""
import math

import pytest

from qttt_widgets.exercises import lesson12
from qttt_widgets.players.basic import RandomPlayer
from qttt_widgets.players.solver import GoffSolver, ImperfectPlayer, PerfectPlayer, shared_solver
from qttt_widgets.research.tournament import elo_round_robin, expected
from qttt_widgets.rules.goff import GoffGame
from qttt_widgets.rules.records import loads, merge_outcomes, parse_actions, replay


def brute(game) -> float:
    """X's points minus O's by plain minimax over GoffGame copies (Goff's rules)."""
    if game.is_over:
        return game.scores["X"] - game.scores["O"]
    values = [brute(game.copy().apply(a)) for a in game.legal_moves()]
    return max(values) if game.current_player() == "X" else min(values)


def test_the_first_example_is_worth_plus_one_and_x_chooses_square_2():
    """12a's worked example: X1 and O2 both in 2-5; O2 into 5 leaves X an edge (0), into 2 the centre (+1)."""
    g = GoffGame().play(1, 4).play(1, 4)
    assert g.pending is not None and g.to_move == "X"
    # a brute force from move 3 would be slow: a fresh solver that searches instead of reading the book
    fresh = GoffSolver()
    worth = {q: fresh.hint(g.copy().apply(q), book=False)[0] for q in g.legal_moves()}
    assert worth == {1: 1.0, 4: 0.0}


def test_play_position_by_brute_force():
    """Task 12.2: X5 after 36 34 16 14(1); the perfect marks are 5-7 and 7-9 (value +1)."""
    g = loads("36 34 16 14(1)")
    assert [g.classical[q] for q in (0, 2, 3, 5)] == [("O", 4), ("X", 1), ("O", 2), ("X", 3)]
    values = {m: brute(g.copy().apply(m)) for m in g.legal_moves()}
    assert max(values.values()) == 1.0
    assert sorted(m for m, v in values.items() if v == 1.0) == [(4, 6), (6, 8)]
    assert values[(1, 4)] == -0.5 and values[(6, 7)] == -1.0 and values[(4, 8)] == 0.5


def test_play_checker_accepts_exactly_the_value_keeping_marks():
    g = loads("36 34 16 14(1)")
    checker = lesson12.keeps_the_value(g)
    passed = [m for m in g.legal_moves() if checker(m) is None]
    assert sorted(passed) == [(4, 6), (6, 8)]
    assert "people's numbers" in checker((5, 7)) and "not legal" in checker((0, 1))


@pytest.mark.slow
def test_goff_opening_facts_by_a_full_search():
    report = GoffSolver().solve()                 # searches every first mark; no book
    assert report.value == 0.5
    assert report.winning_first_moves == [(0, 8), (2, 6)]
    assert sum(1 for v in report.first_moves.values() if v == 0) == 34


@pytest.mark.slow
def test_nine_of_o_s_36_replies_to_x1_in_1_9_keep_the_value():
    """Task 12.3's hard-coded 9 (so 9/36 = 0.25), by a search that does not read the book."""
    g = GoffGame().play(0, 8)
    fresh = GoffSolver()
    value, best = fresh.hint(g, book=False)
    assert value == 0.5 and len(g.legal_moves()) == 36 and len(best) == 9
    values = fresh.action_values(g)
    assert sum(1 for v in values.values() if v == 0.5) == 9 and min(values.values()) == 0.5


def test_imperfect_player_perfect_reply_rate():
    g = GoffGame().play(0, 8)
    best = set(shared_solver().best_actions(g))
    hits = sum(ImperfectPlayer(seed, p=0.2).choose(g) in best for seed in range(2000))
    assert abs(hits / 2000 - 0.8) < 0.03
    rnd = sum(RandomPlayer(seed).choose(g) in best for seed in range(4000))
    assert abs(rnd / 4000 - 0.25) < 0.03


@pytest.fixture(scope="module")
def random_solver():
    s = shared_solver("random")
    s.solve_cached()
    return s


@pytest.mark.slow
def test_random_collapse_first_marks(random_solver):
    report = random_solver.solve_cached()
    assert report.value == 0.5
    by_value = {}
    for m, v in report.first_moves.items():
        by_value.setdefault(v, []).append(m)
    assert sorted(by_value[0.5]) == [(0, 2), (0, 6), (2, 8), (6, 8)]
    assert sorted(by_value[5 / 16]) == [(0, 4), (2, 4), (4, 6), (4, 8)]
    assert len(by_value[0.25]) == 14 and (0, 8) in by_value[0.25] and (2, 6) in by_value[0.25]
    assert sorted(by_value[5 / 32]) == [(1, 7), (3, 5)]
    assert len(by_value[0.125]) == 12 and len(by_value) == 5


@pytest.mark.slow
def test_under_random_collapse_a_perfect_x_can_lose(random_solver):
    g = GoffGame("random", seed=0)
    actions = merge_outcomes(parse_actions("79 56 79(9) 56(5) 28 28(8) 34 34(4)"), "random")
    for action in actions:
        if g.to_move == "X":
            assert (action[1], action[2]) in random_solver.best_actions(g)
        replay(g, [action])
    assert g.is_over and g.winner == "O"


def test_under_goff_rules_a_perfect_x_never_loses():
    for seed in range(12):
        x, o = PerfectPlayer(seed), RandomPlayer(100 + seed) if seed % 2 else ImperfectPlayer(seed, p=0.3)
        g = GoffGame()
        while not g.is_over:
            g.apply((x if g.to_move == "X" else o).choose(g))
        assert g.scores["X"] - g.scores["O"] >= 0.5


def test_the_replayed_game_o_perfect_x_wins_one_to_half():
    solver = GoffSolver()
    g = GoffGame()
    for action in loads("37 39 14 47 39(3) 56 26 26(6)").history:
        kind, *sq = action
        move = tuple(sq) if kind == "mark" else sq[0]
        if g.to_move == "O":
            assert move in solver.best_actions(g)
        g.apply(move)
    assert g.scores == {"X": 1.0, "O": 0.5}


def test_chance_node_and_goff_choice_values():
    assert min(1, -0.5) == -0.5 and (1 - 0.5) / 2 == 0.25


def test_elo_formula_matches_the_tournament_code():
    assert expected(1000, 1000) == 0.5
    assert expected(1000, 1200) == pytest.approx(1 / (1 + math.sqrt(10)))
    assert expected(1000, 1200) + expected(1200, 1000) == pytest.approx(1)
    # one game between two fresh players: the winner gains K (1 - 1/2) = 32, the loser loses 32
    table = elo_round_robin({"a": PerfectPlayer, "b": RandomPlayer}, games=1, rules="goff")
    assert sorted(round(r["elo"], 6) for r in table.values()) == [968.0, 1032.0]
    # the zero-sum property over a longer run
    table = elo_round_robin({"p": PerfectPlayer, "i": lambda s: ImperfectPlayer(s, p=0.3), "r": RandomPlayer},
                            games=4, rules="goff")
    assert sum(r["elo"] for r in table.values()) == pytest.approx(3000)


def test_lesson_tournament_table_shows_a_perfect_loss():
    players = {"random": RandomPlayer, "imperfect p=0.3": lambda s: ImperfectPlayer(s, p=0.3), "perfect": PerfectPlayer}
    table = elo_round_robin(players, games=10, rules="goff", seed=1)
    assert table["perfect"]["losses"] >= 1
    assert max(table, key=lambda n: table[n]["elo"]) == "perfect"


def test_task_12_1_o2_in_the_same_corners_as_x1_gives_plus_one():
    """Task 12.1: X1 in 1-9, O2 in 1-9 closes a cycle; X chooses; both collapses are worth +1
    (a fresh solver that searches instead of reading the book)."""
    g = GoffGame().play(0, 8).play(0, 8)
    assert g.pending is not None and g.to_move == "X" and sorted(g.legal_moves()) == [0, 8]
    fresh = GoffSolver()
    worth = {q: fresh.hint(g.copy().apply(q), book=False)[0] for q in g.legal_moves()}
    assert worth == {0: 1.0, 8: 1.0}
    assert shared_solver("goff").value(g) == 1.0
    # the two boards after the collapse are the same up to a turn by 180 degrees
    a, b = g.copy().apply(0).classical, g.copy().apply(8).classical
    assert [x and x[0] for x in a] == [x and x[0] for x in reversed(b)]
    # and the glossary's value of X1 in 1-9 alone is +1/2, so this reply gives value away
    assert shared_solver("goff").value(GoffGame().play(0, 8)) == 0.5


def test_classical_opposite_corner_reply_loses():
    """Lesson text after Task 12.1: X in a corner, O in the opposite corner, X to move: X wins."""
    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]

    def value(board, to_move):
        for i, j, k in lines:
            if board[i] != "." and board[i] == board[j] == board[k]:
                return 1 if board[i] == "X" else -1
        if "." not in board:
            return 0
        nxt = "O" if to_move == "X" else "X"
        vals = [value(board[:q] + to_move + board[q + 1:], nxt) for q in range(9) if board[q] == "."]
        return max(vals) if to_move == "X" else min(vals)
    assert value("X.......O", "X") == 1


def test_elo_updates_are_opposite_and_a_win_against_a_stronger_player_earns_more():
    k = 64
    for ra, rb in [(1000, 1200), (1300, 900), (1000, 1000)]:
        ea, eb = expected(ra, rb), expected(rb, ra)
        assert ea + eb == pytest.approx(1)
        for sa in (0, 0.5, 1):
            assert k * (sa - ea) + k * ((1 - sa) - eb) == pytest.approx(0)
    assert 64 * (1 - expected(1000, 1200)) > 64 * (1 - expected(1000, 800))


def test_the_solver_calls_tasks_12_1_to_12_3_tell_the_student_to_run():
    """Tasks 12.1-12.3 name solver.value(game), solver.value(position.copy().play(a, b)) and
    solver.hint(GoffGame().play(0, 8)); each gives what the task needs."""
    from qttt_widgets.players.solver import shared_solver
    from qttt_widgets.rules.goff import GoffGame
    from qttt_widgets.rules.records import loads
    solver = shared_solver("goff")
    assert solver.value(GoffGame().play(0, 8).play(0, 8)) == 1                 # 12.1
    position = loads("36 34 16 14(1)")
    assert solver.value(position) == 1
    assert solver.value(position.copy().play(6, 8)) == 1                        # 12.2: a mark that keeps +1
    assert solver.value(position.copy().play(1, 4)) < 1                         # ... and one that does not
    assert position.copy().play(6, 8) is not position and position.move_number == 5   # copy leaves position as it was
    value, replies = solver.hint(GoffGame().play(0, 8))                         # 12.3
    assert value == 0.5 and len(replies) == 9 and len(replies) / 36 == 0.25


def test_task_12_1_hint_corner_then_opposite_corner_is_a_forced_classical_win_for_x():
    """Lesson 12a, Task 12.1's reasoning: after either collapse the board is classical, X in a corner and
    O in the opposite corner with X to move; classical perfect play from there is a win for X (a fork)."""
    from qttt_widgets.research.amplification import klass, to_move
    for board in ("X.......O", "O.......X"):
        assert to_move(board) == "X"
        assert klass(board) == "X"


def test_lesson_12b_states_lesson_13s_result_for_its_own_model():
    """Lesson 12b's Say it plainly: lesson 13's theorem is about the thesis' model (superposed boards),
    not Goff's game, and says a non-losing player cannot be beaten."""
    import json, pathlib
    nb = json.loads((pathlib.Path(__file__).parents[1] / "lessons" / "12b_elo_ratings.ipynb").read_text())
    text = " ".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert "no quantum strategy\n  beats a perfect classical player" not in text
    assert "not Goff's game" in text and "never loses" in text
