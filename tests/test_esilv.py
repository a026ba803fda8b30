"""The ESILV opponents (seed 001): h(B), alpha-beta minimax, the Grover heuristic AI, Elo.

Each opponent that builds a circuit is checked against the intent its docstring states, with
exact statevectors and readable numpy or classical models (the section at the end)."""
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qttt_widgets.players.esilv import (GroverHeuristicPlayer, MinimaxPlayer, QuantumMinimaxPlayer, grover_circuit, h,
                                        pair_score)
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
    from qttt_widgets.players.esilv import QaoaGroverPlayer, VariationalPlayer
    for player in (GroverHeuristicPlayer(seed), QuantumMinimaxPlayer(seed), QaoaGroverPlayer(seed, shots=50),
                   VariationalPlayer(seed)):
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


# --- each circuit against the intent its docstring states (exact statevectors) ------------------
def _same_state(a, b):
    """Equal up to a global phase: |<a|b>| = 1 for unit vectors."""
    import numpy as np
    return abs(abs(np.vdot(a, b)) - 1) < 1e-9 and abs(np.linalg.norm(a) - 1) < 1e-9


def _random_positions(count, seed, rules="random"):
    """Goff positions after a few random actions, spooky marks to play next."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        g = GoffGame(collapse=rules, seed=rng.randrange(10**6))
        for _ in range(rng.randrange(0, 7)):
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_moves()))
        if not g.is_over and g.action_squares() == 2 and not g.is_chance_node():
            out.append(g)
    return out


def test_grover_circuit_is_oracle_and_diffusion_on_the_stated_register():
    """grover_circuit: n = max(2, ceil(log2 K)) qubits, H on all, then r times the oracle
    I - 2 sum_good |g><g| and the diffusion 2|s><s| - I; so each good index ends with
    sin^2((2r+1) theta) / M and every other of the 2^n indices with cos^2((2r+1) theta) / (2^n - M),
    sin^2 theta = M / 2^n. Checked against numpy matrices for K, good sets (not only the first
    indices) and r, to 1e-9."""
    import numpy as np
    from qiskit.quantum_info import Operator, Statevector
    rng = random.Random(5)
    for k in (2, 3, 4, 5, 9, 16, 21, 36):
        n = max(2, math.ceil(math.log2(k)))
        size = 2 ** n
        for trial in range(3):
            good = sorted(rng.sample(range(k), rng.randrange(1, max(2, k // 2))))
            s = np.full(size, size ** -0.5)
            step = (2 * np.outer(s, s) - np.eye(size)) @ np.diag([-1.0 if i in good else 1.0 for i in range(size)])
            one = Operator(grover_circuit(k, good, 1).remove_final_measurements(inplace=False))
            start = Operator(grover_circuit(k, good, 0).remove_final_measurements(inplace=False))
            assert grover_circuit(k, good, 1).num_qubits == n
            assert Operator(step).equiv(start.adjoint().compose(one)), (k, good)     # U_1 U_0^-1, up to a phase
            theta = math.asin(math.sqrt(len(good) / size))
            for r in (1, 2, 3):
                qc = grover_circuit(k, good, r).remove_final_measurements(inplace=False)
                psi = Statevector.from_instruction(qc).data
                model = np.linalg.matrix_power(step, r) @ s
                assert _same_state(psi, model), (k, good, r)
                expect = [math.sin((2 * r + 1) * theta) ** 2 / len(good) if i in good else
                          math.cos((2 * r + 1) * theta) ** 2 / (size - len(good)) for i in range(size)]
                assert np.abs(np.abs(psi) ** 2 - expect).max() < 1e-9, (k, good, r)


def test_grover_player_marks_the_best_quarter_of_the_pairs_by_their_score(monkeypatch):
    """The Grover AI's docstring: every candidate pair scored (pair_score, for the mover), the top
    25% (max(1, K // 4)) marked good, r* = max(1, ceil(pi/4 sqrt(K/M))) iterations, and the
    measured index is the pair played (the best pair if it falls outside the candidates)."""
    from qttt_widgets.players.esilv import grover
    built = []
    real = grover.grover_circuit

    def spy(k, good, r):
        built.append((k, list(good), r))
        return real(k, good, r)
    monkeypatch.setattr(grover, "grover_circuit", spy)
    for i, g in enumerate(_random_positions(12, seed=8)):
        player = GroverHeuristicPlayer(i)
        choice = player.choose(g.copy())
        j = 1 if g.to_move == "X" else -1
        scores = sorted((j * pair_score(g, m) for m in g.legal_moves()), reverse=True)
        k, good, r = built[-1]
        m = max(1, len(scores) // 4)
        assert k == len(scores) and good == list(range(m))
        assert r == max(1, math.ceil(math.pi / 4 * math.sqrt(k / m))) == player.last["iterations"]
        mine = j * pair_score(g, choice)
        index = player.last["index"]
        if index < m:
            assert mine >= scores[m - 1] - 1e-9                  # one of the best quarter
        elif index >= k:
            assert mine == pytest.approx(scores[0])              # the fallback: the best pair
        else:
            assert mine == pytest.approx(scores[index])          # the candidate at that rank


def test_qubo_is_the_seeds_formulation():
    """qubo(game): the open squares ranked by h_i (ties by square, at most 7); h_i = 3 centre /
    2 corner / 1 edge + 1 per uncontested line through i (no classical mark of the mover's
    opponent); J_ij = |A_i u A_j| - |A_i n A_j| + 3 per shared uncontested line. Recomputed
    from the winning lines for many positions."""
    from qttt_widgets.players.esilv import qubo
    from qttt_widgets.rules.classical import winning_lines
    lines = [set(line) for line in winning_lines(3)]
    for g in _random_positions(25, seed=3, rules="goff"):
        opponent = "O" if g.to_move == "X" else "X"
        free = [i for i in range(9) if g.classical[i] is None]
        open_lines = [line for line in lines if all(g.cells[i] != opponent for i in line)]
        weight = {i: {4: 3, 0: 2, 2: 2, 6: 2, 8: 2}.get(i, 1) + sum(i in line for line in open_lines) for i in free}
        want = sorted(free, key=lambda i: (-weight[i], i))[:7]
        squares, h_terms, couplings = qubo(g)
        assert squares == want and h_terms == {x: weight[sq] for x, sq in enumerate(want)}
        for x in range(len(want)):
            for y in range(x + 1, len(want)):
                a = {n for n, line in enumerate(lines) if want[x] in line}
                b = {n for n, line in enumerate(lines) if want[y] in line}
                shared = sum(1 for n in a & b if lines[n] in open_lines)
                assert couplings[(x, y)] == len(a | b) - len(a & b) + 3 * shared


def test_qaoa_circuit_is_the_stated_ising_layer_and_mixer():
    """qaoa_circuit's state equals RX(beta)^n exp(-i gamma E(z)/2) H^n |0>, E(z) = sum h_i z_i +
    sum J_ij z_i z_j, z_i = 1 - 2 x_i (its docstring), for real QUBOs and several angles, to 1e-9;
    E is const - 2 sum (h_i + sum_j J_ij) x_i + 4 sum J_ij x_i x_j, so the cost layer is not
    exp(-i gamma C(x)) for the QUBO C (the docstring says so: the phases differ)."""
    import numpy as np
    from qiskit.quantum_info import Statevector
    from qttt_widgets.players.esilv import qaoa_circuit, qubo
    rng = random.Random(2)
    for g in _random_positions(6, seed=4, rules="goff"):
        squares, h_terms, couplings = qubo(g)
        n = len(squares)
        if n < 2:
            continue
        bits = np.array([[(idx >> q) & 1 for q in range(n)] for idx in range(2 ** n)])
        z = 1 - 2 * bits
        energy = sum(hi * z[:, i] for i, hi in h_terms.items()) + sum(jk * z[:, i] * z[:, k]
                                                                      for (i, k), jk in couplings.items())
        qubo_cost = sum(hi * bits[:, i] for i, hi in h_terms.items()) + sum(jk * bits[:, i] * bits[:, k]
                                                                            for (i, k), jk in couplings.items())
        linear = {i: h_terms[i] + sum(jk for (a, b), jk in couplings.items() if i in (a, b)) for i in range(n)}
        in_bits = -2 * sum(linear[i] * bits[:, i] for i in range(n)) + 4 * sum(
            jk * bits[:, i] * bits[:, k] for (i, k), jk in couplings.items())
        assert np.ptp(energy - in_bits) < 1e-9                                   # E in bits, up to a constant
        for gamma, beta in [(0.1897, 1.3066), (rng.uniform(0, 2), rng.uniform(0, 3)), (0.5, 0.5)]:
            c, sn = math.cos(beta / 2), -1j * math.sin(beta / 2)
            rx = np.array([[c, sn], [sn, c]])
            mixer = np.array([[1.0]])
            for _ in range(n):
                mixer = np.kron(rx, mixer)
            model = mixer @ (np.exp(-1j * gamma * energy / 2) * 2 ** (-n / 2))
            qc = qaoa_circuit(h_terms, couplings, n, gamma, beta).remove_final_measurements(inplace=False)
            assert _same_state(Statevector.from_instruction(qc).data, model), (squares, gamma, beta)
            phases = np.exp(-1j * gamma * (energy / 2 - qubo_cost))
            assert np.ptp(np.angle(phases / phases[0])) > 1e-3                  # not the QUBO's phases


def test_qaoa_scores_are_the_circuits_marginals():
    """qaoa_scores: per square P(q_i = 1) of the circuit at the given angles (qubit i = the i-th
    square of the QUBO), from shots: within 5 sd of the exact marginals of its statevector, on
    distinct QUBOs, at QAOA_ANGLES and at (0.5, 0.5). (At QAOA_ANGLES every marginal lies within
    0.497-0.5, so criterion 4 hardly tells squares apart; at (0.5, 0.5) they spread 0.42-0.52,
    which lets a wrong qubit order show.)"""
    import numpy as np
    from qiskit.quantum_info import Statevector
    from qttt_widgets.players.esilv import QAOA_ANGLES, qaoa_circuit, qaoa_scores, qubo
    shots = 4000
    problems = {}
    for g in _random_positions(40, seed=6, rules="random"):
        squares, h_terms, _ = qubo(g)
        problems.setdefault((tuple(squares), tuple(h_terms.values())), g)
    assert len(problems) >= 3
    for seed, g in enumerate(list(problems.values())[:4]):
        squares, h_terms, couplings = qubo(g)
        n = len(squares)
        for angles in (QAOA_ANGLES, (0.5, 0.5)):
            qc = qaoa_circuit(h_terms, couplings, n, *angles).remove_final_measurements(inplace=False)
            probs = Statevector.from_instruction(qc).probabilities()
            exact = [sum(p for idx, p in enumerate(probs) if (idx >> i) & 1) for i in range(n)]
            scores = qaoa_scores(g, seed=seed, final_shots=shots, angles=angles)
            assert list(scores) == squares
            for i, sq in enumerate(squares):
                assert abs(scores[sq] - exact[i]) <= 5 * math.sqrt(exact[i] * (1 - exact[i]) / shots), (sq, exact)
            if angles == (0.5, 0.5):
                assert np.ptp(exact) > 0.03, exact


def _variational_model(occupied, theta):
    """U(theta) = CNOT_01 (RZ(t4) RY(t3))_1 (RZ(t2) RY(t1))_0 on |occupied> (X -> |1>), numpy,
    qubit 0 the low bit: returns the four amplitudes."""
    import numpy as np

    def ry(t):
        return np.array([[math.cos(t / 2), -math.sin(t / 2)], [math.sin(t / 2), math.cos(t / 2)]])

    def rz(t):
        return np.diag([np.exp(-0.5j * t), np.exp(0.5j * t)])
    state = np.zeros(4, dtype=complex)
    state[int(occupied[0]) + 2 * int(occupied[1])] = 1
    layer = np.kron(rz(theta[3]) @ ry(theta[2]), rz(theta[1]) @ ry(theta[0]))      # qubit 1 (x) qubit 0
    cnot = np.eye(4)[[0, 3, 2, 1]]                                                  # control 0, target 1
    return cnot @ layer @ state


def test_variational_circuit_is_its_stated_ansatz():
    """variational_circuit and the player's exact distribution both equal the docstring's U(theta)
    built from 2x2 matrices, for the trained, starting and random angles, every input, to 1e-12."""
    import numpy as np
    from qiskit.quantum_info import Statevector
    from qttt_widgets.players.esilv import DEFAULT_THETA, START_THETA, VariationalPlayer, variational_circuit
    rng = random.Random(9)
    thetas = [DEFAULT_THETA, START_THETA] + [tuple(rng.uniform(-math.pi, math.pi) for _ in range(4)) for _ in range(5)]
    for theta in thetas:
        player = VariationalPlayer(0, theta)
        for occupied in [(False, False), (True, False), (False, True), (True, True)]:
            model = _variational_model(occupied, theta)
            qc = variational_circuit(occupied, theta).remove_final_measurements(inplace=False)
            assert _same_state(Statevector.from_instruction(qc).data, model), (theta, occupied)
            assert np.abs(np.array(player.distribution(occupied)) - np.abs(model) ** 2).max() < 1e-12


def _formula_value(b, depth, j):
    """Formula (19) of the seed, searched in full (no pruning): each pair 0.5 s_direct +
    0.5 (s1 + s2)/2, the best pair for j; leaves h(B)."""
    from qttt_widgets.players.esilv import direct_pair_score
    value = h(b)
    empty = [i for i in range(9) if b[i] == 0]
    if depth == 0 or abs(value) >= 10_000 or len(empty) < 2:
        return value
    scores = []
    for x, c1 in enumerate(empty):
        for c2 in empty[x + 1:]:
            after = []
            for c in (c1, c2):
                b[c] = j
                after.append(_formula_value(b, depth - 1, -j))
                b[c] = 0
            scores.append(0.5 * direct_pair_score(b, (c1, c2), j) + 0.25 * sum(after))
    return max(scores) if j == 1 else min(scores)


def test_quantum_minimax_is_the_minimax_of_its_formula():
    """quantum_minimax with a full window equals formula (19) searched in full, on random boards,
    both movers, depths 1 to 3 (the seed passed the window into the averaged collapses and missed
    at depth 2 on 48 of 60 boards); the player's root scores are 0.5 pair_score + 0.5 (s1 + s2)/2
    with s1, s2 those values."""
    from qttt_widgets.players.esilv import cells_of, quantum_minimax
    rng = random.Random(1)
    for trial in range(40):
        b = [0] * 9
        for i in rng.sample(range(9), rng.randrange(2 if trial % 4 else 4, 7)):
            b[i] = rng.choice((1, -1))
        j = rng.choice((1, -1))
        for depth in ((1, 2, 3) if trial % 4 == 0 else (1, 2)):
            assert quantum_minimax(list(b), depth, -math.inf, math.inf, j) == pytest.approx(
                _formula_value(list(b), depth, j), abs=1e-9), (b, j, depth)
    for g in _random_positions(6, seed=2, rules="goff"):
        for depth in (1, 2):
            j = 1 if g.to_move == "X" else -1
            b = cells_of(g)
            want = []
            for pair in g.legal_moves():
                after = []
                for c in pair:
                    b[c] = j
                    after.append(_formula_value(b, depth - 1, -j))
                    b[c] = 0
                want.append(j * (0.5 * pair_score(g, pair) + 0.25 * sum(after)))
            got = QuantumMinimaxPlayer(0, depth=depth).evaluate(g)
            assert [s for s, _ in got] == pytest.approx(sorted(want, reverse=True), abs=1e-9)


def test_qaoa_grover_player_adds_criterion_4_to_the_pair_score():
    """QaoaGroverPlayer: before its spooky mark, qaoa_scores at its angles and shots; each pair then
    scores pair_score + (qaoa(c1) + qaoa(c2)) x 50 x j (squares outside the QUBO add 0)."""
    from qttt_widgets.players.esilv import QAOA_ANGLES, QaoaGroverPlayer, qaoa_scores
    for i, g in enumerate(_random_positions(4, seed=12)):
        player = QaoaGroverPlayer(i, shots=300)
        seed = random.Random(i).randrange(2**31)                  # the first draw of the player's generator
        player.prepare(g)
        assert player.scores == qaoa_scores(g, seed=seed, final_shots=300, angles=QAOA_ANGLES)
        j = 1 if g.to_move == "X" else -1
        for pair in g.legal_moves():
            bonus = sum(player.scores.get(c, 0.0) for c in pair) * 50 * j
            assert player.score(g, pair) == pytest.approx(pair_score(g, pair) + bonus, abs=1e-9)


def test_variational_player_plays_the_pair_with_the_largest_share_of_ones(monkeypatch):
    """VariationalPlayer: each candidate pair (all of them with at most 5 open squares, else 10)
    gets the share of |1> readings for its input (which of its squares hold spooky marks), and
    the first pair with the largest share is played."""
    from qttt_widgets.players.esilv import VariationalPlayer
    from qttt_widgets.players.esilv.scoring import legal_pairs
    rng = random.Random(3)
    seen_small = seen_large = 0
    for i in range(80):
        g = GoffGame("random", seed=i)
        for _ in range(rng.randrange(0, 12)):
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_moves()))
        if g.is_over or g.action_squares() != 2 or g.is_chance_node():
            continue
        player = VariationalPlayer(i)
        asked = []
        real = player.ones_share

        def spy(occupied, real=real, asked=asked):
            asked.append((occupied, real(occupied)))
            return asked[-1][1]
        monkeypatch.setattr(player, "ones_share", spy)
        choice = player.choose(g)
        best = max(s for _, s in asked)
        want = (bool(g.marks_in(choice[0])), bool(g.marks_in(choice[1])))
        if len(g.open_squares()) <= 5:
            pairs = legal_pairs(g)
            assert [o for o, _ in asked] == [(bool(g.marks_in(a)), bool(g.marks_in(b))) for a, b in pairs]
            assert choice == pairs[[s for _, s in asked].index(best)]
            seen_small += 1
        else:
            assert len(asked) == min(10, len(legal_pairs(g)))
            assert any(o == want and s == best for o, s in asked)
            seen_large += 1
    assert seen_small >= 8 and seen_large >= 20
