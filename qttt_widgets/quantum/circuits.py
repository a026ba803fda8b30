"""Circuits for positions of the qubit-per-cell game (one qubit per cell).

The circuit of a position: an X on every cell that was classical X when the unmeasured
part of the game began, then the gates of each move since, in order, then a measurement
of every occupied cell (cell i is qubit i and classical bit i). O is |0>, shown as an
identity gate so a student can see where O played.
"""
from __future__ import annotations

from qttt_widgets.rules.qubit_board import LEVELS, QubitGame

CLIFFORD = {"x", "y", "z", "h", "s", "sdg", "cx", "cz", "swap", "id", "measure", "barrier"}


def _gates_of(move: tuple) -> list[tuple]:
    """The seed's gates for one move, as (name, cell, ...)."""
    kind = move[0]
    if kind == "h":
        return [("h", move[1])]
    if kind == "phase":
        gates = [("h", move[1])]
        gates += [(g.lower(), move[1]) for g in move[2]]          # 'ST' -> s then t
        return gates + [("h", move[1])]
    if kind == "entangle":
        cells = move[2]
        return [(name, *(cells[q] for q in qubits)) for name, *qubits in LEVELS[move[1]][2]]
    if kind == "swap":
        return [("swap", move[1], move[2])]
    return []


def qubit_board_circuit(game: QubitGame, measure: bool = True, qubits=None):
    """The QuantumCircuit of ``game``'s current position.

    ``qubits`` (optional) restricts the circuit to those cells, in that order (qubit i
    is ``qubits[i]``); gates touching other cells must not be present.
    """
    from qiskit import ClassicalRegister, QuantumCircuit, QuantumRegister

    cells = list(range(game.size)) if qubits is None else list(qubits)
    index = {c: i for i, c in enumerate(cells)}
    qr = QuantumRegister(len(cells), "cell")
    qc = QuantumCircuit(qr, name=f"qttt {game.n}x{game.n}")
    start, segment = game.segment
    for c in cells:
        if start[c] == "X":
            qc.x(index[c])
    for move in segment:
        if move[0] == "place":
            if move[1] in index:
                (qc.x if move[2] == "X" else qc.id)(index[move[1]])
            continue
        for name, *targets in _gates_of(move):
            getattr(qc, name)(*(index[t] for t in targets))
    if measure:
        occupied = [c for c in cells if game.cells[c] is not None]
        if occupied:
            cr = ClassicalRegister(len(cells), "board")
            qc.add_register(cr)
            qc.barrier()
            qc.measure([index[c] for c in occupied], [index[c] for c in occupied])
    return qc


def is_clifford(qc) -> bool:
    return all(inst.operation.name in CLIFFORD for inst in qc.data)


def active_cells(game: QubitGame) -> list[int]:
    """Cells whose qubit the current segment acts on with a quantum gate (the rest are fixed bits)."""
    active = set()
    for move in game.segment[1]:
        for _, *targets in _gates_of(move):
            active.update(targets)
    return sorted(active)
