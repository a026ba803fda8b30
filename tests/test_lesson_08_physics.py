"""Every claim of lesson 08 (circuits for Goff's game), checked by statevectors and brute force,
independently of the lesson's text."""
import math
import random

import pytest
from collections import Counter

import numpy as np
from qiskit import QuantumCircuit
from qiskit.quantum_info import Operator, Statevector, partial_trace

from qttt_widgets.exercises.lesson08 import PSI_PLUS, one_mark_checker
from qttt_widgets.quantum.goff_circuits import (compare_with_ensemble, esilv_circuit, esilv_decode,
                                                esilv_raw_member_probability, esilv_raw_probabilities,
                                                faithful_circuit, filled_squares, member_fillings)
from qttt_widgets.rules.ensemble import Ensemble
from qttt_widgets.rules.goff import GoffGame

from helpers import lesson_json


def mark():
    qc = QuantumCircuit(2)
    qc.h(0)
    qc.cx(0, 1)
    qc.x(1)
    return qc


def test_one_mark_is_psi_plus_and_each_step_of_equation_6():
    qc = QuantumCircuit(2)
    qc.h(0)
    assert np.allclose(Statevector(qc).data, [1 / math.sqrt(2), 1 / math.sqrt(2), 0, 0])
    qc.cx(0, 1)
    assert np.allclose(Statevector(qc).data, [1 / math.sqrt(2), 0, 0, 1 / math.sqrt(2)])      # Φ⁺
    qc.x(1)
    assert np.allclose(Statevector(qc).data, PSI_PLUS)
    assert one_mark_checker()(mark()) is None
    # the library's 9-qubit circuit for one mark is the same three gates
    names = [(i.operation.name, [qc_.find_bit(q).index for q in i.qubits])
             for qc_ in [esilv_circuit(GoffGame().play(0, 1), measure=False)] for i in qc_.data]
    assert names == [("h", [0]), ("cx", [0, 1]), ("x", [1])]


def test_h_cx_x_twice_does_not_undo_itself():
    two = mark().compose(mark())
    state = Statevector(two)
    assert np.allclose(state.data, [0.5, -0.5, 0.5, 0.5])
    assert all(abs(p - 0.25) < 1e-12 for p in state.probabilities())
    assert not Operator(two).equiv(Operator.from_label("II"))
    assert [i.operation.name for i in mark().inverse().data] == ["x", "cx", "h"]
    assert Operator(mark().compose(mark().inverse())).equiv(Operator.from_label("II"))
    # why: each gate is its own inverse (CX·CX = 1 even on an entangled state), but they do not all commute.
    # X on qubit 1 commutes with H on qubit 0 and with CX (X on the target), so the Xs cancel and
    # H-CX-X twice is H-CX-H-CX; H on the control does not commute with CX.
    def seq(*gates):
        qc = QuantumCircuit(2)
        for g in gates:
            {"H": lambda: qc.h(0), "CX": lambda: qc.cx(0, 1), "X": lambda: qc.x(1)}[g]()
        return Operator(qc)
    ident = Operator.from_label("II")
    assert all(seq(g, g).equiv(ident) for g in ("H", "CX", "X"))
    bell = QuantumCircuit(2); bell.h(0); bell.cx(0, 1); bell.cx(0, 1)
    assert np.allclose(Statevector(bell).data, [1 / math.sqrt(2), 1 / math.sqrt(2), 0, 0])  # CX·CX on Φ⁺ undoes it
    assert seq("X", "H").equiv(seq("H", "X")) and seq("X", "CX").equiv(seq("CX", "X"))
    assert not seq("H", "CX").equiv(seq("CX", "H"))
    assert Operator(two).equiv(seq("H", "CX", "H", "CX"))
    # the same in the library's 9-qubit circuit for X1 and O2 both in squares 0-1
    raw = esilv_raw_probabilities(GoffGame().play(0, 1).play(0, 1))
    assert {b[-2:]: round(p, 12) for b, p in raw.items()} == {"00": 0.25, "01": 0.25, "10": 0.25, "11": 0.25}
    assert member_fillings(GoffGame().play(0, 1).play(0, 1)) == {frozenset({0, 1})}      # the game needs 11


def test_faithful_circuit_of_the_chain_is_the_uniform_ensemble_and_entangled():
    draft = GoffGame().play(0, 1).play(1, 2)
    state = Statevector(faithful_circuit(draft, measure=False))
    probs = {k: v for k, v in state.probabilities_dict().items() if v > 1e-9}
    assert set(probs) == {"00", "10", "11"} and all(abs(v - 1 / 3) < 1e-9 for v in probs.values())
    # 00: X1->sq 1, O2->sq 2 ; 10: X1->1, O2->3 ; 11: X1->2, O2->3 (people's numbers), the three members
    assert {(int(b[-1]), int(b[-2])) for b in probs} == {(0, 0), (0, 1), (1, 1)}
    reduced = partial_trace(state, [1])
    assert np.real(np.trace(reduced.data @ reduced.data)) < 1 - 1e-6          # mixed marginal: entangled


def test_decoder_hides_the_chain_case():
    draft = GoffGame().play(0, 1).play(1, 2)
    out = compare_with_ensemble(draft, shots=2000, seed=7)["esilv"]
    assert out["in_ensemble"] == 2000 and out["lost_marks"] == 0
    raw = esilv_raw_probabilities(draft)
    fills = {filled_squares(b): round(p, 12) for b, p in raw.items()}
    assert fills == {frozenset({0, 1}): 0.25, frozenset({0, 2}): 0.25, frozenset({1}): 0.25, frozenset({2}): 0.25}
    assert abs(esilv_raw_member_probability(draft) - 0.5) < 1e-12
    decoded = Counter()
    for bits, p in raw.items():
        board, lost = esilv_decode(draft, bits)
        assert not lost
        decoded[board] += p
    members = Ensemble(draft).boards()
    assert [round(decoded[b], 12) for b in members] == [0.25, 0.25, 0.5]
    # every one-square shot is decoded to X1 in square 2, O2 in square 3
    for bits in raw:
        if len(filled_squares(bits)) == 1:
            assert esilv_decode(draft, bits)[0] == members[2]


def test_the_reports_cycle_claim_fails():
    report = GoffGame().play(0, 1).play(1, 2).play(2, 0)
    assert report.pending is not None
    raw = esilv_raw_probabilities(report)
    assert len(raw) == 8 and all(abs(p - 1 / 8) < 1e-12 for p in raw.values())
    assert abs(sum(p for b, p in raw.items() if filled_squares(b) == {0, 1, 2}) - 1 / 8) < 1e-12
    fates = Counter()
    for bits, p in raw.items():
        board, lost = esilv_decode(report, bits)
        fates["lost" if lost else board] += p
    assert round(fates["lost"], 12) == 0.375
    good = sorted(round(v, 12) for k, v in fates.items() if k != "lost")
    assert good == [0.125, 0.5] and all(k in Ensemble(report).boards() for k in fates if k != "lost")
    other = esilv_raw_probabilities(GoffGame().play(0, 1).play(1, 2).play(0, 2))      # X3 written (A, C)
    assert {filled_squares(b): round(p, 12) for b, p in other.items()} == {frozenset(): 0.5, frozenset({0, 1}): 0.5}


def test_two_marks_exhaustively_exact_iff_no_shared_square():
    pairs = [(a, b) for a in range(9) for b in range(9) if a != b]
    found = Counter()
    for p1 in pairs:
        for p2 in pairs:
            g = GoffGame().play(*p1).play(*p2)
            found[(len({*p1, *p2}), round(esilv_raw_member_probability(g), 9))] += 1
    assert found == {(4, 1.0): 3024, (3, 0.5): 1008, (3, 0.75): 1008, (2, 0.25): 144}
    # the lesson's reduced sweep (X1 fixed in squares 0-1) is the same up to renaming: 1/72 of each
    reduced = Counter()
    for p2 in pairs:
        g = GoffGame().play(0, 1).play(*p2)
        reduced[(len({0, 1, *p2}), round(esilv_raw_member_probability(g), 9))] += 1
    assert {k: 72 * v for k, v in reduced.items()} == found


def test_raw_shots_never_fill_more_squares_than_there_are_marks():
    rng = random.Random(3)
    for _ in range(150):
        g = GoffGame()
        for _ in range(rng.randint(1, 8)):
            if g.pending is not None or g.is_over or not g.legal_moves():
                break
            g.apply(rng.choice(g.legal_moves()))
        marks = sum(1 for m in g.classical if m) + len(g.spooky)
        raw = esilv_raw_probabilities(g)
        assert all(len(filled_squares(b)) <= marks for b in raw)
        squares = [sq for m in g.spooky for sq in m[2:]]
        if len(squares) == len(set(squares)):          # no shared square: exactly the ensemble
            assert abs(esilv_raw_member_probability(g) - 1) < 1e-9
        else:
            assert esilv_raw_member_probability(g) < 1 - 1e-9


def test_the_shortcut_claim_is_stated_without_the_course_history_and_is_false():
    """Lesson 08 quotes "H-CX-X twice undoes itself" as a tempting shortcut (not as an earlier
    edition of the lesson) and Task 8.2 tests it: twice gives all four outcomes a quarter each."""
    nb = lesson_json(8)
    text = "".join("".join(c["source"]) for c in nb["cells"])
    assert "H–CX–X twice undoes itself" in text
    for history in ("old claim", "old version", "older version", "earlier version", "earlier edition"):
        assert history not in text
    two = mark().compose(mark())
    assert np.allclose(Statevector(two).probabilities(), [0.25] * 4)


def test_task_8_3_three_mark_chain_raw_shots_fill_a_member_three_times_in_eight():
    """Task 8.3: X1 1-2, O2 2-3, X3 4-3 (H on square 4). The 9-qubit circuit built by hand, its raw
    outcomes compared with the members' fillings (all placements on distinct squares): 3/8."""
    import itertools
    from qiskit import QuantumCircuit
    from qiskit.quantum_info import Statevector
    from qttt_widgets import GoffGame
    from qttt_widgets.quantum.goff_circuits import esilv_raw_probabilities, filled_squares, member_fillings
    marks = [(0, 1), (1, 2), (3, 2)]
    qc = QuantumCircuit(9)
    for a, b in marks:
        qc.h(a); qc.cx(a, b); qc.x(b)
    members = {frozenset(c) for c in itertools.product(*marks) if len(set(c)) == 3}
    probs = Statevector(qc).probabilities_dict()
    by_hand = sum(p for k, p in probs.items() if frozenset(i for i, ch in enumerate(reversed(k)) if ch == "1") in members)
    game = GoffGame().play(0, 1).play(1, 2).play(3, 2)
    assert {frozenset(f) for f in member_fillings(game)} == members
    library = sum(p for b, p in esilv_raw_probabilities(game).items() if filled_squares(b) in member_fillings(game))
    assert by_hand == pytest.approx(3 / 8) and library == pytest.approx(3 / 8)


def test_equation_6_first_step_written_with_qubit_0_on_the_right():
    # the lesson writes H on qubit 0 of |00⟩ as |0⟩(|0⟩ + |1⟩)/√2: the left factor is qubit 1
    qc = QuantumCircuit(2)
    qc.h(0)
    ket0, plus = np.array([1, 0]), np.array([1, 1]) / math.sqrt(2)
    assert np.allclose(Statevector(qc).data, np.kron(ket0, plus))          # |0⟩(|0⟩ + |1⟩)/√2 = (|00⟩ + |01⟩)/√2
    assert not np.allclose(Statevector(qc).data, np.kron(plus, ket0))      # not (|0⟩ + |1⟩)|0⟩/√2


def test_task_8_2_answer_is_the_signed_amplitudes_and_its_wrong_answers_are_not():
    state = Statevector(mark().compose(mark())).data
    assert np.allclose(state, [0.5, -0.5, 0.5, 0.5])
    assert np.allclose(-state, [-0.5, 0.5, -0.5, -0.5])                     # the global-sign slip in the table
    assert not np.allclose(np.abs(state), state)                             # all-positive is wrong: one sign
    assert np.allclose(Statevector(mark()).data, [0, 2 ** -0.5, 2 ** -0.5, 0])   # one mark: Ψ⁺
