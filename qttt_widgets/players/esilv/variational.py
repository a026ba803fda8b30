"""ESILV's first AI: a trained two-qubit variational circuit scores candidate pairs."""
from __future__ import annotations

import random

from qttt_widgets.rules.goff import GoffGame

from .scoring import legal_pairs, not_a_pair


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
    10 random ones) measures the 2-qubit circuit 100 times (shots); the pair's score is the
    share of |1> readings; the best pair is played. The seed's version left 26% of games
    unfinished (a for...else bug); this one always returns a legal action. Collapse choices
    go to the better h(B).

    The circuit has only four inputs (which of the two squares already hold spooky marks), so
    the player computes the four output distributions once, exactly (statevector), and draws
    each pair's shots from them with its own seeded generator: the same distribution of
    readings as running the circuit on Aer for every pair, in a millisecond instead of tens."""

    def __init__(self, seed: int | None = None, theta=DEFAULT_THETA, shots: int = 100):
        self.rng, self.theta, self.shots = random.Random(seed), tuple(theta), shots
        self._distributions: dict = {}

    def distribution(self, occupied: tuple[bool, bool]) -> list[float]:
        """P(00), P(01), P(10), P(11) of the circuit for this input (index = q1 q0 in binary)."""
        if occupied not in self._distributions:
            from qiskit.quantum_info import Statevector
            qc = variational_circuit(occupied, self.theta).remove_final_measurements(inplace=False)
            self._distributions[occupied] = [float(p) for p in Statevector.from_instruction(qc).probabilities()]
        return self._distributions[occupied]

    def ones_share(self, occupied: tuple[bool, bool]) -> float:
        """The share of |1> readings in ``shots`` shots of the circuit (both qubits counted)."""
        import numpy as np
        counts = np.random.default_rng(self.rng.randrange(2**31)).multinomial(self.shots, self.distribution(occupied))
        ones = counts[1] + counts[2] + 2 * counts[3]
        return float(ones) / (2 * self.shots)

    def choose(self, game: GoffGame):
        forced = not_a_pair(game, self.rng)
        if forced is not None:
            return forced
        moves = legal_pairs(game)
        candidates = moves if len(game.open_squares()) <= 5 else self.rng.sample(moves, min(10, len(moves)))
        best, best_score = None, -1.0
        for pair in candidates:
            score = self.ones_share((bool(game.marks_in(pair[0])), bool(game.marks_in(pair[1]))))
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
