"""Sampling and exact probabilities for circuits: one place for shots, seeds and simulator choice.

Aer bitstrings are little-endian: qubit (and classical bit) 0 is the rightmost character.
"""
from __future__ import annotations

import hashlib
from collections import Counter

from .circuits import active_cells, is_clifford, qubit_board_circuit

MAX_STATEVECTOR_QUBITS = 20
MPS_GATES = {"x", "y", "z", "h", "s", "sdg", "t", "tdg", "cx", "cz", "swap", "id", "measure", "barrier",
             "rx", "ry", "rz", "p", "u"}
AER_NATIVE = {"x", "y", "z", "h", "s", "sdg", "t", "tdg", "cx", "cz", "swap", "id", "measure", "barrier",
              "rx", "ry", "rz", "p", "u", "mcx", "ccx"}


def derived_seed(*parts) -> int:
    """A simulator seed from any parts (a game's seed, a move number...), stable across runs."""
    digest = hashlib.sha256(":".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:4], "little")


def simulator_for(qc):
    """AerSimulator with a method that copes with the circuit: stabilizer for Clifford
    circuits (any width); matrix product state for wide circuits of simple gates (the qubit
    board's states are barely entangled, so 25 qubits are cheap); otherwise Aer's choice."""
    from qiskit_aer import AerSimulator

    if is_clifford(qc):
        return AerSimulator(method="stabilizer")
    if qc.num_qubits > 16 and all(inst.operation.name in MPS_GATES for inst in qc.data):
        return AerSimulator(method="matrix_product_state")
    return AerSimulator()


def run_counts(qc, shots: int = 1024, seed: int | None = None) -> dict[str, int]:
    """Measure ``qc`` ``shots`` times on Aer; returns Aer's counts (bitstrings, bit 0 rightmost)."""
    sim = simulator_for(qc)
    if any(inst.operation.name not in AER_NATIVE for inst in qc.data):
        # composite gates (state preparations, diagonals, labelled sub-circuits) are decomposed
        # to u + cx first: handing them to Aer's own compiler crashed it (a segfault) here
        from qiskit import transpile
        qc = transpile(qc, basis_gates=["u", "cx"], optimization_level=0, seed_transpiler=0)
    result = sim.run(qc, shots=shots, seed_simulator=seed).result()
    return dict(result.get_counts())


def bits_to_cells(bitstring: str, cells) -> dict[int, str]:
    """Read cells from an Aer bitstring (bit i is the i-th character from the right): 1 is X, 0 is O."""
    clean = bitstring.replace(" ", "")
    return {c: ("X" if clean[-1 - c] == "1" else "O") for c in cells}


class AerMeasurer:
    """A measurer for ``QubitGame``: builds the position's circuit and measures it on Aer.

    One shot under the game's ``"shot"`` rule; under ``"most-frequent"`` the most frequent
    of ``game.shots`` shots (the seed's original behaviour). The simulator seed comes from
    the game's seed and move number, so a replay gives the same outcome.

        game = QubitGame(measurer=AerMeasurer())
    """

    def __init__(self):
        self.last_counts: dict[str, int] | None = None

    def __call__(self, game) -> dict[int, str]:
        qc = qubit_board_circuit(game)
        shots = 1 if game.measurement == "shot" else game.shots
        counts = run_counts(qc, shots=shots, seed=derived_seed("aer", game.seed, game.ply))
        self.last_counts = counts
        best = Counter(counts).most_common(1)[0][0]
        return bits_to_cells(best, game.quantum_cells())


def board_statevector(game):
    """The statevector of the position's circuit (without measurement), restricted to the
    cells the unmeasured moves act on (the others are fixed classical bits).

    Returns (Statevector, cells): qubit i of the statevector is cell ``cells[i]``.
    """
    from qiskit.quantum_info import Statevector

    cells = active_cells(game)
    if len(cells) > MAX_STATEVECTOR_QUBITS:
        raise ValueError(f"{len(cells)} active qubits: too many for a statevector here "
                         f"(at most {MAX_STATEVECTOR_QUBITS}); sample with run_counts instead")
    qc = qubit_board_circuit(game, measure=False, qubits=cells)
    return Statevector.from_instruction(qc), cells


def board_probabilities(game, tol: float = 1e-12) -> dict[tuple, float]:
    """Every board the measurement can give, with its probability, from the statevector of
    the real circuit. Same form as ``QubitGame.outcome_distribution``: tuples of
    None / 'X' / 'O' per cell."""
    fixed = list(game.cells)
    if not game.quantum_cells():
        return {tuple(fixed): 1.0}
    sv, cells = board_statevector(game)
    out: dict[tuple, float] = {}
    for bitstring, p in sv.probabilities_dict().items():
        if p < tol:
            continue
        board = list(fixed)
        for i, c in enumerate(cells):
            if board[c] is not None:          # empty cells stay empty (they hold |0>, unread)
                board[c] = "X" if bitstring[-1 - i] == "1" else "O"
        key = tuple(board)
        out[key] = out.get(key, 0.0) + p
    return out
