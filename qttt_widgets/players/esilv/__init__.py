"""The ESILV project's opponents (seed 001), one module each:

* ``heuristic``: the board heuristic h(B) and the board helpers;
* ``minimax``: classical tic-tac-toe by alpha-beta minimax over h(B) (``MinimaxPlayer``);
* ``scoring``: the Grover AI's multi-criteria pair score, shared by the players below;
* ``grover``: the Grover heuristic AI (``GroverHeuristicPlayer``) and its Grover circuit;
* ``qaoa``: QAOA + Grover (``QaoaGroverPlayer``), its QUBO, circuit and angles;
* ``quantum_minimax``: the quantum minimax (``QuantumMinimaxPlayer``), a classical search;
* ``variational``: the first AI, a trained two-qubit circuit (``VariationalPlayer``).

Every public name is re-exported here: ``from qttt_widgets.players.esilv import X``.
"""
from .grover import GroverHeuristicPlayer, grover_circuit, grover_iterations
from .heuristic import CORNERS, DIAGONALS, LINES, LINES_THROUGH, cells_of, h
from .minimax import MinimaxPlayer, minimax
from .qaoa import QAOA_ANGLES, QaoaGroverPlayer, angle_quality, optimise_angles, qaoa_circuit, qaoa_scores, qubo, tune_angles
from .quantum_minimax import QuantumMinimaxPlayer, quantum_minimax
from .scoring import cells_after_pair, direct_pair_score, legal_pairs, not_a_pair, pair_score
from .variational import DEFAULT_THETA, START_THETA, VariationalPlayer, train_variational, variational_circuit

__all__ = ["CORNERS", "DEFAULT_THETA", "DIAGONALS", "GroverHeuristicPlayer", "LINES", "LINES_THROUGH",
           "MinimaxPlayer", "QAOA_ANGLES", "QaoaGroverPlayer", "QuantumMinimaxPlayer", "START_THETA",
           "VariationalPlayer", "angle_quality", "cells_after_pair", "cells_of", "direct_pair_score", "grover_circuit",
           "grover_iterations", "h", "legal_pairs", "minimax",
           "not_a_pair", "optimise_angles", "pair_score", "qaoa_circuit", "qaoa_scores", "qubo",
           "quantum_minimax", "train_variational", "tune_angles", "variational_circuit"]
