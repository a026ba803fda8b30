"""The ESILV opponents (seed 001): h(B), alpha-beta minimax, the Grover heuristic AI, Elo."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qttt_widgets.players.esilv import (GroverHeuristicPlayer, MinimaxPlayer, QuantumMinimaxPlayer, grover_circuit,
                                        grover_iterations, h, pair_score)
from qttt_widgets.research.tournament import elo_round_robin, expected, versus_random
from qttt_widgets.rules.classical import ClassicalBoard, optimal_moves
from qttt_widgets.rules.goff import GoffGame
from helpers import play_picks


def test_heuristic_weights():
    assert h([1, 1, 1, 0, -1, -1, 0, 0, 0]) == 10_000
    assert h([-1, -1, -1, 1, 1, 0, 1, 0, 0]) == -10_000
    assert h([0] * 9) == 0
    assert h([0, 0, 0, 0, 1, 0, 0, 0, 0]) == 4 * 10 + 40 + 2 * 20        # four open lines, centre, diagonals
    assert h([1, 0, 0, 0, 0, 0, 0, 0, 0]) == 3 * 10 + 30 + 20             # three lines, one corner, a diagonal
    assert h([1, 1, 0, 1, 0, 0, 0, 0, 0]) >= 500                          # a fork


def test_minimax_plays_perfect_classical_moves():
    for key in ("X...O....", "XX.OO....", "X.O.X..O."):
        board = ClassicalBoard.from_key(key)
        assert MinimaxPlayer(seed=1).choose(board) in optimal_moves(key)


def test_grover_amplifies_the_marked_indices():
    from qiskit.quantum_info import Statevector
    k, m = 36, 9
    qc = grover_circuit(k, list(range(m)), grover_iterations(k, m)).remove_final_measurements(inplace=False)
    p = Statevector.from_instruction(qc).probabilities()
    assert qc.num_qubits == 6 and grover_iterations(k, m) == 2
    assert p[:m].sum() > 0.85 > m / 64                                    # from 9/64 = 0.14 to 0.88
    qc = grover_circuit(4, [2], 1).remove_final_measurements(inplace=False)
    assert Statevector.from_instruction(qc).probabilities()[2] == pytest.approx(1.0)


def test_cycle_awareness_uses_the_worse_collapse():
    from qttt_widgets.players.esilv import cells_of, direct_pair_score
    g = GoffGame().play(0, 1).play(3, 4)                                 # X3 to move
    assert pair_score(g, (5, 8)) == direct_pair_score(cells_of(g), (5, 8), 1)   # no cycle: direct only
    collapses = [h(g.copy().play(0, 1).collapse(sq)) for sq in (0, 1)]   # X3 on X1's pair closes a cycle
    direct = direct_pair_score(cells_of(g), (0, 1), 1)
    assert pair_score(g, (0, 1)) == pytest.approx(0.4 * direct + 0.6 * min(collapses))   # X fears the worse


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["goff", "random"]), st.integers(0, 2**31), st.lists(st.integers(0, 10**6), max_size=12))
def test_esilv_players_only_return_legal_actions(rules, seed, picks):
    g = play_picks(GoffGame(collapse=rules, seed=seed), picks)
    if g.is_over:
        return
    for player in (GroverHeuristicPlayer(seed), QuantumMinimaxPlayer(seed)):
        assert player.choose(g) in g.legal_moves()


def test_qaoa_grover_scores_squares_and_plays_legally():
    from qttt_widgets.players.esilv import QaoaGroverPlayer, qaoa_scores, qubo
    g = GoffGame(collapse="random", seed=1).play(0, 4)
    squares, h_terms, couplings = qubo(g)
    assert len(squares) == 7 and squares[0] == 4 and h_terms[0] == 3 + 4     # centre: 3 + four open lines
    scores = qaoa_scores(g, seed=1, iterations=10)
    assert set(scores) == set(squares) and all(0 <= v <= 1 for v in scores.values())
    assert QaoaGroverPlayer(2).choose(g) in g.legal_moves()


def test_variational_player_finishes_every_game_and_trains():
    from qttt_widgets.players.esilv import VariationalPlayer, train_variational, variational_circuit
    qc = variational_circuit((True, False), (0.1, 0.2, 0.3, 0.4))
    assert [i.operation.name for i in qc.data][:6] == ["x", "ry", "rz", "ry", "rz", "cx"]
    res = versus_random(VariationalPlayer, games=10, seed=5)
    assert res["unfinished"] == 0 and sum(res.values()) == 10      # the seed's version left 26% unfinished
    theta = train_variational(games=2, iterations=6)
    assert len(theta) == 4


def test_players_take_their_seed_first():
    """Factories call Player(seed): a seed must never land in another parameter."""
    assert QuantumMinimaxPlayer(12345).depth == 2
    assert MinimaxPlayer(12345).depth == 9


def test_quantum_minimax_beats_random():
    res = versus_random(QuantumMinimaxPlayer, games=20, seed=3)
    assert res["unfinished"] == 0 and res["ai wins"] >= 14


def test_elo_and_versus_random():
    assert expected(1000, 1000) == 0.5
    assert expected(1400, 1000) == pytest.approx(1 / (1 + 10 ** -1))
    from qttt_widgets.players.basic import RandomPlayer
    table = elo_round_robin({"Random": RandomPlayer, "Grover": GroverHeuristicPlayer}, games=10)
    assert sum(r["elo"] for r in table.values()) == pytest.approx(2000)   # Elo is zero-sum
    assert table["Grover"]["elo"] > table["Random"]["elo"]
    res = versus_random(GroverHeuristicPlayer, games=20)
    assert res["unfinished"] == 0 and res["ai wins"] > res["random wins"]


def test_tournament_cli_prints_both_tables_and_saves_the_plot(tmp_path, capsys, monkeypatch):
    from qttt_widgets.players.basic import RandomPlayer
    from qttt_widgets.research import tournament
    monkeypatch.setattr(tournament, "default_players",
                        lambda qaoa, solver: {"Random": RandomPlayer, "Grover heuristic": GroverHeuristicPlayer})
    png = tmp_path / "t.png"
    tournament.main(["--games", "4", "--random-games", "4", "--plot", str(png)])
    out = capsys.readouterr().out
    assert "Elo round robin, 4 games a pairing" in out and "against a random player, 4 games" in out
    assert "Grover heuristic" in out and png.stat().st_size > 5_000
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_the_package_has_a_module_per_opponent_and_re_exports_every_public_name():
    import importlib
    import inspect

    from qttt_widgets.players import esilv
    homes = {"MinimaxPlayer": "minimax", "GroverHeuristicPlayer": "grover", "QaoaGroverPlayer": "qaoa",
             "QuantumMinimaxPlayer": "quantum_minimax", "VariationalPlayer": "variational", "h": "heuristic"}
    for name, module in homes.items():
        assert getattr(esilv, name).__module__ == f"qttt_widgets.players.esilv.{module}"
    for module in ("heuristic", "minimax", "scoring", "grover", "qaoa", "quantum_minimax", "variational"):
        mod = importlib.import_module(f"qttt_widgets.players.esilv.{module}")
        own = [n for n, v in vars(mod).items() if not n.startswith("_") and
               (inspect.isfunction(v) or inspect.isclass(v)) and v.__module__ == mod.__name__]
        assert own and all(n in esilv.__all__ and getattr(esilv, n) is getattr(mod, n) for n in own), module


def test_h_keeps_its_values_and_they_do_not_change():
    from qttt_widgets.players.esilv import heuristic
    board = [1, -1, 0, 0, 1, 0, 0, 0, -1]
    first = h(board)
    hits = heuristic._h.cache_info().hits
    assert h(list(board)) == first == h(tuple(board)) and heuristic._h.cache_info().hits == hits + 2
    assert h(["X", "O", None, None, "X", None, None, None, "O"]) == first


def test_variational_player_draws_its_shots_from_the_circuits_exact_distribution(monkeypatch):
    from qttt_widgets.players.esilv import DEFAULT_THETA, VariationalPlayer, variational_circuit
    from qttt_widgets.quantum.measure import run_counts
    player = VariationalPlayer(3)
    for occupied in [(False, False), (True, False), (False, True), (True, True)]:
        counts = run_counts(variational_circuit(occupied, DEFAULT_THETA), shots=4000, seed=7)
        sampled = [counts.get(format(k, "02b"), 0) / 4000 for k in range(4)]
        assert player.distribution(occupied) == pytest.approx(sampled, abs=0.03)
        shares = [player.ones_share(occupied) for _ in range(200)]
        exact = sum(p * bin(k).count("1") for k, p in enumerate(player.distribution(occupied))) / 2
        assert sum(shares) / 200 == pytest.approx(exact, abs=0.01)

    def no_aer(*a, **k):
        raise AssertionError("ran Aer for a pair")
    import qttt_widgets.quantum.measure as measure
    monkeypatch.setattr(measure, "run_counts", no_aer)
    g = GoffGame("random", seed=2).play(0, 4)
    assert player.choose(g) in g.legal_moves()
    assert VariationalPlayer(5).choose(g) == VariationalPlayer(5).choose(g)      # seeded


def test_legal_pairs_are_the_spooky_marks_and_only_them():
    from qttt_widgets.players.esilv.scoring import legal_pairs
    from qttt_widgets.rules.actions import Mark
    rng = random.Random(4)
    kinds = set()
    for seed in range(20):
        g = GoffGame()
        while not g.is_over:
            pairs = legal_pairs(g)
            assert pairs == [m for m in g.legal_moves() if type(m) is Mark]
            kinds.add(bool(pairs))
            g.apply(rng.choice(g.legal_moves()))
    assert kinds == {True, False}
