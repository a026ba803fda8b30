"""Circuits for Goff positions: a faithful one, and the ESILV 9-qubit shortcut.

**Faithful circuit.** One qubit per spooky mark: 0 means "the mark is in its first
square", 1 "in its second". Each connected group of marks is prepared in the equal
superposition of its consistent placements (the classical ensemble: no two marks in one
square), so measuring the circuit gives only boards of the ensemble, each as often as
the others. Groups are independent, so the state is a product over groups.

**ESILV 9-qubit mapping** (seed 001): one qubit per square, X on classical squares, and
for every spooky mark in squares (a, b) the gates H(a), CNOT(a, b), X(b) -- the Bell state
(|01> + |10>)/sqrt2 when a mark shares no square. It is a simplification: a qubit can
only say "this square is filled", not by which mark, and when marks share a square their
gates act on the same qubit, so the raw measurements can fill too few squares (two marks on
one pair give 00, 01, 10 and 11 with probability 1/4 each: H-CX-X applied twice does *not*
undo itself). The seed decodes each shot with a priority rule (``esilv_decode``) that turns
many of those impossible shots into boards of the ensemble, so judge the circuit on the raw
shots (``esilv_raw_probabilities``, the ``raw_*`` counts of ``compare_with_ensemble``).
"""
from __future__ import annotations

import math

from qttt_widgets.rules.ensemble import Ensemble


def _group_bitstrings(group, placements) -> list[str]:
    """Bitstrings (qubit 0 rightmost) of a group's consistent placements."""
    strings = []
    for placed in placements:
        where = {sub: sq for sq, (_, sub) in placed.items()}
        bits = ["1" if where[sub] == b else "0" for (_, sub, a, b) in group]
        strings.append("".join(reversed(bits)))
    return strings


def faithful_circuit(game, measure: bool = True):
    """One qubit per spooky mark, prepared in the uniform superposition of the ensemble."""
    from qiskit import ClassicalRegister, QuantumCircuit, QuantumRegister
    from qiskit.circuit.library import StatePreparation

    ens = Ensemble(game)
    regs = [QuantumRegister(1, f"{p}{s}") for p, s, _, _ in game.spooky]
    qc = QuantumCircuit(*regs, name="Goff ensemble") if regs else QuantumCircuit(name="Goff ensemble")
    index = {s: i for i, (_, s, _, _) in enumerate(game.spooky)}
    for group, placements in zip(ens.groups, ens.placements):
        strings = _group_bitstrings(group, placements)
        amp = 1 / math.sqrt(len(strings))
        vector = [0.0] * (2 ** len(group))
        for s in strings:
            vector[int(s, 2)] = amp
        names = " ".join(f"{p}{s}" for p, s, _, _ in group)
        sub = QuantumCircuit(len(group), name="ensemble")
        sub.append(StatePreparation(vector), range(len(group)))
        qc.append(sub.to_gate(label=f"ensemble {names}"), [index[m[1]] for m in group])
    if measure and regs:
        qc.add_register(ClassicalRegister(len(regs), "mark"))
        qc.barrier()
        qc.measure(range(len(regs)), range(len(regs)))
    return qc


def decode_faithful(game, bitstring: str) -> tuple:
    """The board a measurement of ``faithful_circuit`` stands for (classical marks fixed)."""
    bits = bitstring.replace(" ", "")
    board = list(game.classical)
    for i, (p, s, a, b) in enumerate(game.spooky):
        board[b if bits[-1 - i] == "1" else a] = (p, s)
    return tuple(board)


def esilv_circuit(game, measure: bool = True):
    """The ESILV mapping: 9 qubits, X on classical squares, H-CNOT-X for each spooky mark."""
    from qiskit import ClassicalRegister, QuantumCircuit, QuantumRegister

    qr = QuantumRegister(9, "sq")
    qc = QuantumCircuit(qr, name="ESILV 9-qubit")
    for sq, mark in enumerate(game.classical):
        if mark is not None:
            qc.x(sq)
    for _, _, a, b in game.spooky:
        qc.h(a)
        qc.cx(a, b)
        qc.x(b)
    if measure:
        qc.add_register(ClassicalRegister(9, "c"))
        qc.barrier()
        qc.measure(range(9), range(9))
    return qc


def esilv_decode(game, bitstring: str) -> tuple[tuple, list[int]]:
    """The seed's priority rule: each mark goes to its first square if that qubit reads 1 and
    the square is free, else to its second square if free, else it is lost.
    Returns (board, subscripts of lost marks)."""
    bits = bitstring.replace(" ", "")
    board = list(game.classical)
    lost = []
    for p, s, a, b in game.spooky:
        if bits[-1 - a] == "1" and board[a] is None:
            board[a] = (p, s)
        elif board[b] is None:
            board[b] = (p, s)
        else:
            lost.append(s)
    return tuple(board), lost


def filled_squares(bitstring: str) -> frozenset:
    """The squares whose qubit reads 1 in a 9-bit ESILV outcome (qubit 0 is the rightmost bit)."""
    bits = bitstring.replace(" ", "")
    return frozenset(sq for sq in range(len(bits)) if bits[-1 - sq] == "1")


def member_fillings(game) -> set[frozenset]:
    """The sets of filled squares (classical and spooky marks) of the boards of the ensemble."""
    return {frozenset(sq for sq, m in enumerate(board) if m is not None) for board in Ensemble(game).boards()}


def esilv_raw_probabilities(game) -> dict[str, float]:
    """The exact outcome probabilities of the ESILV circuit (statevector; 9-bit strings,
    qubit 0 rightmost), before any decoding. Outcomes below 1e-12 are left out."""
    from qiskit.quantum_info import Statevector

    probs = Statevector.from_instruction(esilv_circuit(game, measure=False)).probabilities_dict()
    return {str(k): float(v) for k, v in sorted(probs.items()) if v > 1e-12}


def esilv_raw_member_probability(game) -> float:
    """The probability that a raw ESILV shot fills exactly the squares of some board of the
    ensemble (the best a one-qubit-per-square reading can do: it cannot tell which mark)."""
    fillings = member_fillings(game)
    return sum(p for bits, p in esilv_raw_probabilities(game).items() if filled_squares(bits) in fillings)


def compare_with_ensemble(game, shots: int = 2000, seed: int = 7) -> dict:
    """Measure both circuits and count how often each gives a board of the ensemble.

    Returns {'faithful': {...}, 'esilv': {...}} with 'in_ensemble', 'outside', 'lost_marks'
    (shots, counted *after* decoding: for the ESILV circuit the priority rule of
    ``esilv_decode`` repairs many impossible shots, so these hide where the circuit fails),
    'raw_in_ensemble' and 'raw_outside' (shots counted on the raw outcomes: for the ESILV
    circuit, does the set of qubits reading 1 equal the filled squares of a board of the
    ensemble; the faithful circuit's raw outcome names each mark's square, so there the raw
    and decoded counts agree), and 'boards' (decoded board -> shots)."""
    from .measure import run_counts

    members = set(Ensemble(game).boards())
    out = {}
    for name, build, decode in (("faithful", faithful_circuit, lambda b: (decode_faithful(game, b), [])),
                                ("esilv", esilv_circuit, lambda b: esilv_decode(game, b))):
        counts = run_counts(build(game), shots=shots, seed=seed)
        stats = {"in_ensemble": 0, "outside": 0, "lost_marks": 0, "raw_in_ensemble": 0, "raw_outside": 0,
                 "boards": {}}
        fillings = member_fillings(game)
        for bitstring, n in counts.items():
            board, lost = decode(bitstring)
            if name == "esilv":
                raw_ok = filled_squares(bitstring) in fillings
            else:
                raw_ok = not lost and board in members
            stats["raw_in_ensemble" if raw_ok else "raw_outside"] += n
            stats["boards"][board] = stats["boards"].get(board, 0) + n
            if lost:
                stats["lost_marks"] += n
            elif board in members:
                stats["in_ensemble"] += n
            else:
                stats["outside"] += n
        out[name] = stats
    return out
