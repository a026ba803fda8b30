"""The ESILV project's opponents (seed 001): its classical heuristic h(B), classical minimax
with alpha-beta, and the Grover heuristic AI, with a real Grover circuit on Aer.

h(B) is computed on the classical marks of a board (X = +1, O = -1): terminal +-10,000;
otherwise lines (2 own and no opposing mark +-100; 1 own and 2 empty +-10), forks (two or
more such threats +-500), the centre +-40, corners (two or more +-50, one +-30) and open
diagonals +-20. Positive favours X.
"""
from __future__ import annotations

import math
import random

from qttt_widgets.rules.classical import winning_lines
from qttt_widgets.rules.goff import GoffGame

LINES = winning_lines(3)
CORNERS = (0, 2, 6, 8)
DIAGONALS = ((0, 4, 8), (2, 4, 6))
LINES_THROUGH = {sq: frozenset(i for i, line in enumerate(LINES) if sq in line) for sq in range(9)}


def cells_of(board) -> list[int]:
    """+1 / -1 / 0 per square from a GoffGame (its classical marks), a ClassicalBoard, or a list."""
    if isinstance(board, GoffGame):
        return [0 if m is None else (1 if m[0] == "X" else -1) for m in board.classical]
    cells = board.cells if hasattr(board, "cells") else board
    return [1 if c in ("X", 1) else -1 if c in ("O", -1) else 0 for c in cells]


def h(board) -> float:
    """The ESILV heuristic of a classical board (list of +1/-1/0, or a game's classical marks)."""
    b = cells_of(board)
    for line in LINES:
        s = b[line[0]] + b[line[1]] + b[line[2]]
        if s == 3:
            return 10_000.0
        if s == -3:
            return -10_000.0
    if 0 not in b:
        return 0.0
    score = 0.0
    threats_x = threats_o = 0
    for line in LINES:
        vals = [b[i] for i in line]
        x, o, empty = vals.count(1), vals.count(-1), vals.count(0)
        if x == 2 and o == 0:
            score += 100
            threats_x += 1
        elif x == 1 and o == 0 and empty == 2:
            score += 10
        if o == 2 and x == 0:
            score -= 100
            threats_o += 1
        elif o == 1 and x == 0 and empty == 2:
            score -= 10
    score += (500 if threats_x >= 2 else 0) - (500 if threats_o >= 2 else 0)
    score += 40 * b[4]
    nx = sum(1 for c in CORNERS if b[c] == 1)
    no = sum(1 for c in CORNERS if b[c] == -1)
    score += (50 if nx >= 2 else 30 if nx == 1 else 0) - (50 if no >= 2 else 30 if no == 1 else 0)
    for diag in DIAGONALS:
        vals = [b[i] for i in diag]
        if 1 in vals and -1 not in vals:
            score += 20
        elif -1 in vals and 1 not in vals:
            score -= 20
    return score


# --- classical minimax with alpha-beta ---------------------------------------------------------
def minimax(b: list[int], depth: int, alpha: float, beta: float, maximizing: bool) -> float:
    """Alpha-beta minimax on a classical board; leaves (depth 0 or game over) score h(B)."""
    value = h(b)
    if depth == 0 or abs(value) >= 10_000 or 0 not in b:
        return value
    moves = [i for i in range(9) if b[i] == 0]
    if maximizing:
        best = -math.inf
        for i in moves:
            b[i] = 1
            best = max(best, minimax(b, depth - 1, alpha, beta, False))
            b[i] = 0
            alpha = max(alpha, best)
            if beta <= alpha:
                break
        return best
    best = math.inf
    for i in moves:
        b[i] = -1
        best = min(best, minimax(b, depth - 1, alpha, beta, True))
        b[i] = 0
        beta = min(beta, best)
        if beta <= alpha:
            break
    return best


class MinimaxPlayer:
    """Classical tic-tac-toe by alpha-beta minimax over h(B) (the ESILV classical AI)."""

    def __init__(self, seed: int | None = None, depth: int = 9):
        self.depth, self.rng = depth, random.Random(seed)

    def choose(self, board) -> int:
        b = cells_of(board)
        me = 1 if board.to_move == "X" else -1
        scored = []
        for i in (i for i in range(9) if b[i] == 0):
            b[i] = me
            scored.append((minimax(b, self.depth - 1, -math.inf, math.inf, me == -1) * me, i))
            b[i] = 0
        best = max(s for s, _ in scored)
        return self.rng.choice([i for s, i in scored if s == best])


# --- Grover heuristic (Goff's game, either collapse rule) ---------------------------------------
def _after(game: GoffGame, pair, outcome: int) -> list[int]:
    """Classical cells after playing ``pair`` and, if it closes a cycle, collapsing it to ``outcome``."""
    g = game.copy()
    if g.rules == "random":
        from qttt_widgets.rules.records import replay_measured_mark
        replay_measured_mark(g, pair[0], pair[1], outcome)
    else:
        g.play(*pair)
        g.collapse(outcome)
    return cells_of(g)


def _classical_pair_score(b: list[int], pair, j: int) -> float:
    """Criteria 1 and 2 of the pair score (position, alignment diversity) on a board of
    classical marks, from X's point of view, ``j`` the mover (+1 X, -1 O)."""
    c1, c2 = pair
    placed = []
    for c in pair:
        trial = list(b)
        trial[c] = j
        placed.append(h(trial))
    a1, a2 = LINES_THROUGH[c1], LINES_THROUGH[c2]
    s_div = (len(a1 | a2) * 15 - len(a1 & a2) * 10) * j
    s_div += sum(20 * j for c in pair if c == 4) + sum(10 * j for c in pair if c in CORNERS)
    return sum(placed) / 2 + s_div


def not_a_pair(game: GoffGame, rng: random.Random):
    """The action when the choice is not among pairs: under Goff's rules, the collapse square
    with the better h(B) for the player to move; the last, classical mark. None otherwise."""
    moves = game.legal_moves()
    if not moves:
        raise ValueError("the game is over: there is nothing to choose")
    if game.pending is not None:
        j = 1 if game.to_move == "X" else -1
        return max(moves, key=lambda sq: j * h(_collapsed(game, sq)) + rng.random() * 1e-6)
    if not isinstance(moves[0], tuple):
        return moves[0]
    return None


def pair_score(game: GoffGame, pair) -> float:
    """The seed's multi-criteria score of a candidate pair, from X's point of view
    (criteria 1-3; criterion 4, the QAOA bonus, needs the QAOA stage)."""
    c1, c2 = pair
    j = 1 if game.to_move == "X" else -1
    s_direct = _classical_pair_score(cells_of(game), pair, j)
    comp = game._comp
    if comp[c1] != comp[c2]:                      # no cycle
        return s_direct
    s10, s01 = h(_after(game, pair, c1)), h(_after(game, pair, c2))
    s_cycle = min(s10, s01) if j == 1 else max(s10, s01)
    return 0.4 * s_direct + 0.6 * s_cycle


def grover_circuit(num_candidates: int, good: list[int], iterations: int):
    """Grover search over n = max(2, ceil(log2 K)) qubits: the oracle flips the sign of each good
    index (X gates, multi-controlled Z as H-MCX-H, X gates), the diffusion H X MCZ X H."""
    from qiskit import QuantumCircuit
    n = max(2, math.ceil(math.log2(max(2, num_candidates))))
    qc = QuantumCircuit(n, n, name="grover")
    qc.h(range(n))

    def mcz():
        qc.h(n - 1)
        qc.mcx(list(range(n - 1)), n - 1)
        qc.h(n - 1)

    for _ in range(iterations):
        for index in good:
            zeros = [q for q in range(n) if not (index >> q) & 1]
            if zeros:
                qc.x(zeros)
            mcz()
            if zeros:
                qc.x(zeros)
        qc.h(range(n))
        qc.x(range(n))
        mcz()
        qc.x(range(n))
        qc.h(range(n))
    qc.measure(range(n), range(n))
    return qc


def grover_iterations(k: int, m: int) -> int:
    """The seed's r* = max(1, ceil(pi/4 sqrt(K/M)))."""
    return max(1, math.ceil(math.pi / 4 * math.sqrt(k / max(1, m))))


class GroverHeuristicPlayer:
    """Scores every candidate pair, marks the top 25% as good, and picks one with a Grover
    search (one shot on Aer, seeded); an index outside the candidates falls back to the best
    pair. Collapse choices (Goff's rules) go to the option with the better h(B)."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        self.last: dict = {}

    def choose(self, game: GoffGame):
        forced = not_a_pair(game, self.rng)
        if forced is not None:
            return forced
        moves = game.legal_moves()
        j = 1 if game.to_move == "X" else -1
        self.prepare(game)
        scored = sorted(((j * self.score(game, m), m) for m in moves), key=lambda sm: -sm[0])
        candidates = [m for _, m in scored]
        k = len(candidates)
        m_good = max(1, k // 4)
        r = grover_iterations(k, m_good)
        from qttt_widgets.quantum.measure import run_counts
        qc = grover_circuit(k, list(range(m_good)), r)
        counts = run_counts(qc, shots=1, seed=self.rng.randrange(2**31))
        index = int(next(iter(counts)).replace(" ", ""), 2)
        self.last = {"k": k, "good": m_good, "iterations": r, "index": index, "fallback": index >= k}
        return candidates[index] if index < k else candidates[0]


    def prepare(self, game: GoffGame) -> None:
        """Work done once per move before the pairs are scored (nothing here)."""

    def score(self, game: GoffGame, pair) -> float:
        """The pair's score from X's point of view."""
        return pair_score(game, pair)


def _collapsed(game: GoffGame, square: int) -> list[int]:
    g = game.copy()
    g.collapse(square)
    return cells_of(g)


# --- quantum minimax ---------------------------------------------------------------------------
def quantum_minimax(b: list[int], depth: int, alpha: float, beta: float, j: int) -> float:
    """The seed's quantum minimax on a board of classical marks, ``j`` (+1 X, -1 O) to move:
    each pair scores 0.5 s_direct + 0.5 (s1 + s2) / 2, s1 and s2 the values after the mark
    collapses onto either square; alpha-beta over the pairs; leaves score h(B)."""
    value = h(b)
    empty = [i for i in range(9) if b[i] == 0]
    if depth == 0 or abs(value) >= 10_000 or len(empty) < 2:
        return value
    best = -math.inf if j == 1 else math.inf
    for x in range(len(empty)):
        for y in range(x + 1, len(empty)):
            pair = (empty[x], empty[y])
            outcomes = []
            for c in pair:
                b[c] = j
                outcomes.append(quantum_minimax(b, depth - 1, alpha, beta, -j))
                b[c] = 0
            s = 0.5 * _classical_pair_score(b, pair, j) + 0.5 * sum(outcomes) / 2
            if j == 1:
                best = max(best, s)
                alpha = max(alpha, best)
            else:
                best = min(best, s)
                beta = min(beta, best)
            if beta <= alpha:
                return best
    return best


class QuantumMinimaxPlayer:
    """ESILV's quantum minimax (depth 2 by default): at the root every legal pair of the real
    game is scored 0.5 s_direct + 0.5 (s1 + s2)/2, with s_direct the multi-criteria pair score
    (cycle-aware) and s1, s2 quantum-minimax values of the board with the mark on either
    square. Collapse choices go to the option with the better h(B)."""

    def __init__(self, seed: int | None = None, depth: int = 2):
        self.depth, self.rng = depth, random.Random(seed)

    def evaluate(self, game: GoffGame) -> list[tuple[float, tuple]]:
        """(score for the player to move, pair) for every legal pair, best first."""
        j = 1 if game.to_move == "X" else -1
        b = cells_of(game)
        scored = []
        for pair in game.legal_moves():
            outcomes = []
            for c in pair:
                b[c] = j
                outcomes.append(quantum_minimax(b, self.depth - 1, -math.inf, math.inf, -j))
                b[c] = 0
            s = 0.5 * pair_score(game, pair) + 0.5 * sum(outcomes) / 2
            scored.append((j * s, pair))
        return sorted(scored, key=lambda sp: -sp[0])

    def choose(self, game: GoffGame):
        forced = not_a_pair(game, self.rng)
        if forced is not None:
            return forced
        scored = self.evaluate(game)
        best = scored[0][0]
        return self.rng.choice([p for s, p in scored if s >= best - 1e-9])


# --- QAOA + Grover --------------------------------------------------------------------------------
def qubo(game: GoffGame, max_squares: int = 7) -> tuple[list[int], dict, dict]:
    """The seed's QUBO over the open squares (at most ``max_squares``, the best by h_i):
    h_i = 3 centre / 2 corner / 1 edge, +1 per uncontested line through i (no classical mark
    of the opponent of the player to move); J_ij = |A_i u A_j| - |A_i n A_j| + 3 per shared
    uncontested line. Returns (squares, h, J)."""
    b = cells_of(game)
    j = 1 if game.to_move == "X" else -1
    open_squares = [i for i in range(9) if game.classical[i] is None]
    uncontested = [k for k, line in enumerate(LINES) if all(b[i] != -j for i in line)]
    weights = {i: (3 if i == 4 else 2 if i in CORNERS else 1) + sum(1 for k in uncontested if i in LINES[k])
               for i in open_squares}
    squares = sorted(open_squares, key=lambda i: (-weights[i], i))[:max_squares]
    couplings = {}
    for x in range(len(squares)):
        for y in range(x + 1, len(squares)):
            a1, a2 = LINES_THROUGH[squares[x]], LINES_THROUGH[squares[y]]
            shared = sum(1 for k in a1 & a2 if k in uncontested)
            couplings[(x, y)] = len(a1 | a2) - len(a1 & a2) + 3 * shared
    return squares, {x: weights[sq] for x, sq in enumerate(squares)}, couplings


def qaoa_circuit(h_terms: dict, couplings: dict, n: int, gamma: float, beta: float):
    """p = 1: H on all; RZ(gamma h_i); CX-RZ(gamma J_ij)-CX per pair; RX(beta) on all; measure."""
    from qiskit import QuantumCircuit
    qc = QuantumCircuit(n, n, name="qaoa")
    qc.h(range(n))
    for i, hi in h_terms.items():
        qc.rz(gamma * hi, i)
    for (i, k), jk in couplings.items():
        qc.cx(i, k)
        qc.rz(gamma * jk, k)
        qc.cx(i, k)
    qc.rx(beta, range(n))
    qc.measure(range(n), range(n))
    return qc


def qaoa_scores(game: GoffGame, seed: int = 0, iterations: int = 30, shots: int = 200,
                final_shots: int = 500) -> dict[int, float]:
    """Per-square scores P(q_i = 1) after optimising (gamma, beta) with COBYLA to maximise the
    QUBO's expected value <C> (the seed does not say whether it minimises or maximises;
    maximising is what makes high-weight squares likely)."""
    from scipy.optimize import minimize

    from qttt_widgets.quantum.measure import run_counts
    squares, h_terms, couplings = qubo(game)
    n = len(squares)
    if n < 2:
        return {sq: 1.0 for sq in squares}
    calls = [0]

    def expected_cost(params) -> float:
        calls[0] += 1
        counts = run_counts(qaoa_circuit(h_terms, couplings, n, *params), shots=shots, seed=seed + calls[0])
        total = 0.0
        for bits, c in counts.items():
            x = [int(bits[-1 - i]) for i in range(n)]
            value = sum(h_terms[i] * x[i] for i in range(n)) + sum(jk * x[i] * x[k] for (i, k), jk in couplings.items())
            total += c * value
        return -total / shots

    best = minimize(expected_cost, x0=[0.5, 0.5], method="COBYLA", options={"maxiter": iterations})
    counts = run_counts(qaoa_circuit(h_terms, couplings, n, *best.x), shots=final_shots, seed=seed)
    ones = [0] * n
    for bits, c in counts.items():
        for i in range(n):
            ones[i] += c * int(bits[-1 - i])
    return {sq: ones[i] / final_shots for i, sq in enumerate(squares)}


class QaoaGroverPlayer(GroverHeuristicPlayer):
    """ESILV's QAOA + Grover: QAOA's per-square scores add criterion 4,
    (qaoa(c1) + qaoa(c2)) x 50 x j, to the pair score; Grover then picks among the top 25%."""

    def prepare(self, game: GoffGame) -> None:
        self.scores = qaoa_scores(game, seed=self.rng.randrange(2**31))

    def score(self, game: GoffGame, pair) -> float:
        j = 1 if game.to_move == "X" else -1
        bonus = (self.scores.get(pair[0], 0.0) + self.scores.get(pair[1], 0.0)) * 50 * j
        return pair_score(game, pair) + bonus


# --- the variational circuit (2 qubits) -------------------------------------------------------------
def variational_circuit(occupied: tuple[bool, bool], theta):
    """The seed's U(theta) = CNOT_01 (RZ(t4) RY(t3))_1 (RZ(t2) RY(t1))_0 on two qubits whose
    input marks which of the pair's squares already hold spooky marks (X -> |1>)."""
    from qiskit import QuantumCircuit
    qc = QuantumCircuit(2, 2, name="variational")
    for q, occ in enumerate(occupied):
        if occ:
            qc.x(q)
    qc.ry(theta[0], 0)
    qc.rz(theta[1], 0)
    qc.ry(theta[2], 1)
    qc.rz(theta[3], 1)
    qc.cx(0, 1)
    qc.measure([0, 1], [0, 1])
    return qc


# Trained against a random player by COBYLA (20 iterations, 16 games an evaluation, random
# collapse, seed 1): python -c "from qttt_widgets.players.esilv import train_variational; print(train_variational())"
START_THETA = (1.5, 0.5, 1.5, 0.5)       # where training starts
DEFAULT_THETA = (2.4954, 0.5, 1.498, 0.5)


class VariationalPlayer:
    """ESILV's first AI: each candidate pair (all pairs when at most 5 squares are open, else
    10 random ones) runs the 2-qubit circuit for 100 shots; the pair's score is the share of
    |1> readings; the best pair is played. The seed's version left 26% of games unfinished (a
    for...else bug); this one always returns a legal action. Collapse choices go to the better h(B)."""

    def __init__(self, seed: int | None = None, theta=DEFAULT_THETA, shots: int = 100):
        self.rng, self.theta, self.shots = random.Random(seed), tuple(theta), shots

    def choose(self, game: GoffGame):
        from qttt_widgets.quantum.measure import run_counts
        forced = not_a_pair(game, self.rng)
        if forced is not None:
            return forced
        moves = game.legal_moves()
        candidates = moves if len(game.open_squares()) <= 5 else self.rng.sample(moves, min(10, len(moves)))
        best, best_score = None, -1.0
        for pair in candidates:
            occupied = tuple(bool(game.marks_in(c)) for c in pair)
            counts = run_counts(variational_circuit(occupied, self.theta), shots=self.shots,
                                seed=self.rng.randrange(2**31))
            ones = sum(n * bits.replace(" ", "").count("1") for bits, n in counts.items())
            score = ones / (2 * self.shots)
            if score > best_score:
                best, best_score = pair, score
        return best


def train_variational(games: int = 16, iterations: int = 20, seed: int = 1, rules: str = "random"):
    """COBYLA on -sum(outcomes) over ``games`` games against a random player (outcome +1 win,
    0 draw, -1 loss from the AI's side, sides alternating). Returns the angles."""
    from scipy.optimize import minimize

    from qttt_widgets.players.basic import RandomPlayer
    from qttt_widgets.players.match import play

    def objective(theta) -> float:
        total = 0
        for i in range(games):
            ai, rnd = VariationalPlayer(seed + i, theta), RandomPlayer(seed + 1000 + i)
            x, o = (ai, rnd) if i % 2 == 0 else (rnd, ai)
            result = play(x, o, rules, seed=seed * 31 + i)
            side = "X" if i % 2 == 0 else "O"
            total += 0 if result == "draw" else (1 if result == side else -1)
        return -total

    res = minimize(objective, x0=list(START_THETA), method="COBYLA", options={"maxiter": iterations})
    return tuple(round(float(t), 4) for t in res.x)
