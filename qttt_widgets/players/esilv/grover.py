"""The ESILV Grover heuristic AI (Goff's game, either collapse rule), with a real Grover
circuit on Aer: score every candidate pair, mark the top 25% as good, let Grover pick one."""
from __future__ import annotations

import math
import random

from qttt_widgets.rules.goff import GoffGame

from .scoring import not_a_pair, pair_score


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
