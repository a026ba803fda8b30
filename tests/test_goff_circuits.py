"""The faithful Goff circuit reproduces the classical ensemble; the ESILV 9-qubit shortcut does not."""
import math

from hypothesis import given, settings
from hypothesis import strategies as st

from qttt_widgets.quantum.goff_circuits import (compare_with_ensemble, decode_faithful, esilv_circuit,
                                                esilv_decode, esilv_raw_member_probability,
                                                esilv_raw_probabilities, faithful_circuit, filled_squares)
from qttt_widgets.quantum.measure import run_counts
from qttt_widgets.rules.ensemble import Ensemble
from qttt_widgets.rules.goff import GoffGame


def test_faithful_circuit_gives_the_ensemble_in_equal_proportions():
    g = GoffGame().play(0, 1).play(1, 2).play(4, 5).play(2, 3)      # chain of 3 (4 boards) x pair (2)
    members = Ensemble(g).boards()
    assert len(members) == 8
    shots = 8000
    counts = run_counts(faithful_circuit(g), shots=shots, seed=3)
    boards = {}
    for bits, n in counts.items():
        board = decode_faithful(g, bits)
        boards[board] = boards.get(board, 0) + n
    assert set(boards) == set(members)
    sd = math.sqrt(shots * (1 / 8) * (7 / 8))
    for n in boards.values():
        assert abs(n - shots / 8) < 5 * sd


def test_faithful_circuit_of_a_pending_cycle_has_two_outcomes():
    g = GoffGame().play(0, 3).play(0, 4).play(3, 7).play(7, 0)
    out = compare_with_ensemble(g, shots=1000)
    assert out["faithful"]["in_ensemble"] == 1000
    assert len(out["faithful"]["boards"]) == 2


def test_esilv_shortcut_loses_marks_on_a_cycle():
    # two marks on one pair: H-CNOT-X twice does NOT undo itself; it spreads the two qubits over
    # 00, 01, 10, 11 (1/4 each), and the priority rule loses a mark on the shots that read 0 first
    g = GoffGame().play(0, 1).play(0, 1)
    raw = esilv_raw_probabilities(g)
    assert set(raw) == {"000000000", "000000001", "000000010", "000000011"}
    assert all(abs(p - 1 / 4) < 1e-9 for p in raw.values())
    out = compare_with_ensemble(g, shots=2000)
    assert out["faithful"]["in_ensemble"] == 2000
    assert out["esilv"]["lost_marks"] > 0
    qc = esilv_circuit(g, measure=False)
    assert [i.operation.name for i in qc.data] == ["h", "cx", "x", "h", "cx", "x"]


def test_esilv_decoder_hides_the_chain_case_that_the_raw_shots_show():
    # X1 in squares 0-1, O2 in 1-2: decoded, every shot is a board of the ensemble; raw, half the
    # shots fill only one square (a quarter only square 1, a quarter only square 2)
    g = GoffGame().play(0, 1).play(1, 2)
    out = compare_with_ensemble(g, shots=2000)
    assert out["esilv"]["in_ensemble"] == 2000 and out["esilv"]["lost_marks"] == 0
    assert 0 < out["esilv"]["raw_outside"] < 2000
    raw = esilv_raw_probabilities(g)
    assert {filled_squares(b): round(p, 9) for b, p in raw.items()} == {
        frozenset({0, 1}): 0.25, frozenset({0, 2}): 0.25, frozenset({1}): 0.25, frozenset({2}): 0.25}
    assert abs(esilv_raw_member_probability(g) - 0.5) < 1e-9


def test_esilv_raw_shots_are_the_ensemble_exactly_when_no_square_is_shared():
    pairs = [(a, b) for a in range(9) for b in range(9) if a != b]
    for p1 in pairs[::5]:
        for p2 in pairs[::3]:
            g = GoffGame().play(*p1).play(*p2)
            shared = len({*p1, *p2}) < 4
            assert (abs(esilv_raw_member_probability(g) - 1) < 1e-9) == (not shared), (p1, p2)


def test_esilv_decode_priority_rule():
    g = GoffGame().play(0, 1)
    board, lost = esilv_decode(g, "000000001")        # qubit 0 reads 1: X1 goes to square 0
    assert board[0] == ("X", 1) and lost == []
    board, lost = esilv_decode(g, "000000010")
    assert board[1] == ("X", 1)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.integers(0, 10**6), max_size=8))
def test_faithful_circuit_outcomes_are_always_members(seed, picks):
    g = GoffGame()
    for pick in picks:
        moves = g.legal_moves()
        if not moves or g.pending is not None:
            break
        g.apply(moves[pick % len(moves)])
    if not g.spooky:
        return
    members = set(Ensemble(g).boards())
    counts = run_counts(faithful_circuit(g), shots=200, seed=seed % 1000)
    assert all(decode_faithful(g, bits) in members for bits in counts)
