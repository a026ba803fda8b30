"""The tests of ``qttt_widgets.exercises``, in the order of the package: first its core
(``matches``, ``verdict``, ``check``, the packed checks and the checkers of ``exercises.checks``),
then the lesson checkers of lessons 01-15 (``exercises.lesson01`` ... ``lesson15``), called as
the lessons' check cells call them, directly or through ``course_runner.checker_of`` (the course
tests run whole notebooks, too slow to judge each mutant).

Each checker is given the reference answer (accepted) and the wrong answers a student could give,
and the whole hint the student would read is compared: a checker that names the wrong mistake,
refuses a right answer or crashes on an answer of the wrong kind fails here. Written for mutation
testing (tests/MUTATION.md); once four files (test_mutation_exercises.py and
test_checkers_a/b/c.py), merged here by issue 25."""
import cmath
import itertools
import math
import random
import re
from itertools import product

import numpy as np
import pytest
from qiskit import QuantumCircuit
from qiskit.circuit.library import RZZGate, StatePreparation
from qiskit.quantum_info import Statevector

from qttt_widgets.exercises import (Mismatch, RESULTS, check, checks, encode_check, grading,
                                    lesson01, lesson03, lesson04, lesson05, lesson06, lesson07,
                                    lesson08, lesson09, lesson10, lesson11, lesson12, lesson13,
                                    lesson14, lesson15, matches, run_check, verdict)
from qttt_widgets.rules.classical import key_children
from qttt_widgets.rules.goff import GoffGame
from qttt_widgets.rules.qubit_board import QubitGame
from qttt_widgets.rules.records import loads

from course_runner import checker_of, table_of
from course_wrong import lesson_06 as lesson_06_wrong, lesson_10 as lesson_10_wrong, lesson_14 as lesson_14_wrong


# --- matches: numbers -------------------------------------------------------------------------
def test_numbers_within_the_tolerance_and_not_beyond():
    assert matches(0.75, 0.75) and matches(0.75 + 9e-7, 0.75) and matches(0.75 - 9e-7, 0.75)
    assert not matches(0.75 + 2e-6, 0.75) and not matches(0.75 - 2e-6, 0.75)
    assert matches(0.79, 0.75, tol=0.05) and not matches(0.81, 0.75, tol=0.05)
    assert matches(3, 3.0) and matches(np.float64(0.5), 0.5) and matches(np.int64(2), 2)
    assert matches(np.array(0.25), 0.25)                    # a 0-d array is a number
    assert matches(1j, 1j) and not matches(1j, -1j) and matches(np.complex128(1 + 1j), 1 + 1j)


def test_fractions_as_text_are_numbers():
    assert matches("3/4", 0.75) and matches(" 3 / 4 ", 0.75) and matches("0.5", 0.5)
    assert not matches("1/4", 0.75)
    with pytest.raises(Mismatch) as e:
        matches("1/0", 0.5)
    assert str(e.value) == "give a number, not the text '1/0'"
    with pytest.raises(Mismatch) as e:
        matches("half", 0.5)
    assert str(e.value) == "give a number, not the text 'half'"


@pytest.mark.parametrize("answer, kind", [
    (None, "None"), (True, "True/False (True)"), (False, "True/False (False)"),
    ({"a": 1}, "a dict"), ({1}, "a set"), (frozenset(), "a set"), ([1, 2], "a list of 2 items"),
    ((1,), "a tuple of 1 item"), ([], "a list of 0 items"), (object(), "an object"),
    (Mismatch("x"), "a Mismatch")])
def test_a_number_asked_and_something_else_given_says_what_was_given(answer, kind):
    with pytest.raises(Mismatch) as e:
        matches(answer, 0.5)
    assert str(e.value) == f"give a number, not {kind}"


# --- matches: booleans, texts -----------------------------------------------------------------
def test_booleans():
    assert matches(True, True) and matches(False, False) and not matches(True, False)
    assert matches(np.bool_(True), True) and not matches(np.bool_(False), True)
    for bad in (1, 0, "True", None, 1.0):
        with pytest.raises(Mismatch) as e:
            matches(bad, True)
        assert str(e.value).startswith("give True or False, not ")


def test_texts_ignore_case_spaces_quotes_and_a_final_full_stop():
    for same in ("X", " x ", "x.", "'X'", '"x"'):
        assert matches(same, "X"), same
    assert matches("Bell  state", "bell state") and matches("  Bell\tState. ", "bell state")
    assert not matches("O", "X") and not matches("bellstate", "bell state")
    with pytest.raises(Mismatch) as e:
        matches(1, "X")
    assert str(e.value) == "give a text in quotes (such as 'X'), not an int"


# --- matches: sets ----------------------------------------------------------------------------
def test_sets_any_order_no_duplicates_no_extras():
    assert matches([2, 1], {1, 2}) and matches((1, 2), {1, 2}) and matches({1, 2}, {1, 2})
    assert matches(["b", "A"], {"a", "b"})                   # items compared as answers
    assert matches([0.5000001, 0.25], {0.25, 0.5})
    assert not matches([1, 1], {1, 2}) and not matches([1, 2, 2], {1, 2})
    assert not matches([1], {1, 2}) and not matches([1, 2, 3], {1, 2}) and not matches([1, 3], {1, 2})
    assert matches([[1, 2], [3, 4]], {(1, 2), (3, 4)})      # unhashable items are allowed
    assert not matches([[1, 2], [1, 2]], {(1, 2), (3, 4)})
    assert not matches(["x", 2], {1, 2})                     # an item of the wrong kind matches nothing
    for bad, kind in (("12", "the text '12'"), ({1: 2}, "a dict"), (5, "an int")):
        with pytest.raises(Mismatch) as e:
            matches(bad, {1, 2})
        assert str(e.value) == f"give a set (or list) of items, not {kind}"


# --- matches: dicts ---------------------------------------------------------------------------
def test_dicts_of_numbers_count_a_missing_key_as_zero():
    expect = {"00": 0.5, "11": 0.5}
    assert matches({"00": 0.5, "11": 0.5}, expect) and matches({"11": 0.5, "00": 0.5, "01": 0}, expect)
    assert matches({0: 1.0}, {"0": 1.0, "1": 0.0})           # keys compared as text
    assert not matches({"00": 0.5, "11": 0.5, "01": 0.1}, expect)
    assert not matches({"00": 1.0}, expect) and not matches({"00": 0.5, "11": 0.4}, expect)
    assert matches({"00": 0.52, "11": 0.48}, expect, tol=0.05)
    with pytest.raises(Mismatch) as e:
        matches([0.5, 0.5], expect)
    assert str(e.value) == "give a dict (such as {'0': 0.5, '1': 0.5}), not a list of 2 items"


def test_dicts_of_other_values_need_every_key():
    expect = {"a": "X", "b": "O"}
    assert matches({"a": "x", "b": "o"}, expect)
    assert not matches({"a": "X"}, expect) and not matches({"a": "X", "b": "O", "c": "X"}, expect)
    assert not matches({"a": "X", "b": "X"}, expect)


# --- matches: sequences and arrays --------------------------------------------------------------
def test_sequences_item_by_item():
    assert matches([1, 2], (1, 2)) and matches((0.5, "x"), [0.5, "X"]) and matches(np.array([1, 0]), [1, 0])
    assert matches([1, 0], np.array([1.0, 0.0])) and not matches([0, 1], np.array([1, 0]))
    assert not matches([1, 3], [1, 2])
    with pytest.raises(Mismatch) as e:
        matches([1, 2, 3], [1, 2])
    assert str(e.value) == "give 2 items, not 3"
    for bad, kind in (("12", "the text '12'"), (3, "an int"), ({1, 2}, "a set"), ({1: 2}, "a dict"),
                      (None, "None")):
        with pytest.raises(Mismatch) as e:
            matches(bad, [1, 2])
        assert str(e.value) == f"give a list or tuple of 2 items, not {kind}"


def test_anything_else_by_equality():
    assert matches(None, None) and not matches(0, None)
    marker = object()
    assert matches(marker, marker) and not matches(object(), marker)


# --- verdict and check ----------------------------------------------------------------------------
def test_verdict_right_wrong_named_and_other():
    wrong = [(0.25, "that is P(1)"), ("0.5", "not a number here")]
    assert verdict(0.75, 0.75, wrong=wrong, hint="square it") is None
    assert verdict("3/4", 0.75, wrong=wrong) is None
    assert verdict(0.25, 0.75, wrong=wrong, hint="square it") == "that is P(1)"
    assert verdict(0.3, 0.75, wrong=wrong, hint="square it") == "square it"
    assert verdict(0.3, 0.75) == "not this one: go back over the section above the task."
    assert verdict(0.2500001, 0.75, wrong=wrong) == "that is P(1)"                 # wrong uses tol too
    assert verdict(0.26, 0.75, tol=0.02, wrong=wrong, hint="h") == "that is P(1)"
    assert verdict(0.74, 0.75, tol=0.02) is None


def test_verdict_no_answer_kind_and_crash():
    none = "No answer yet: replace None (or ...) with your answer, then run the cell again."
    assert verdict(None, 1) == none and verdict(..., 1) == none
    assert verdict([1], 0.5) == "give a number, not a list of 1 item"
    assert verdict("x", 0.5, wrong=[([1, 2], "w")]) == "give a number, not the text 'x'"  # a wrong of another kind is skipped
    with pytest.raises(TypeError, match="check needs expect=... or using=..."):
        verdict(1)

    def stub(_):
        raise NotImplementedError

    def broken(_):
        raise KeyError("q")
    assert verdict(1, using=stub) == ("your function is still the stub (it raises NotImplementedError): "
                                      "write its body.")
    assert verdict(1, using=broken) == ("that answer could not be checked (KeyError: 'q'). "
                                        "Look again at what the task asks for.")
    assert verdict(1, using=lambda a: None) is None and verdict(1, using=lambda a: "no") == "no"
    assert verdict(2, 5, using=lambda a: None) is None                 # using decides, not expect
    assert verdict(2, using=lambda a: None, wrong=[(2, "named")]) == "named"  # named wrongs first


def test_check_prints_and_remembers(capsys):
    check("9.1", 0.5, expect=0.5)
    assert capsys.readouterr().out == "Task 9.1: Correct!\n" and RESULTS["9.1"] is None
    check("9.2", 0.4, expect=0.5, hint="halve it")
    assert capsys.readouterr().out == "Task 9.2: Not yet. Hint: halve it\n" and RESULTS["9.2"] == "halve it"
    check("9.3", 1, wrong=[(1, "one")], using=lambda a: None, tol=0.1)
    assert capsys.readouterr().out == "Task 9.3: Not yet. Hint: one\n"
    check("9.4", 1.05, expect=1, tol=0.1)
    assert RESULTS["9.4"] is None


@pytest.fixture
def practising(monkeypatch):
    for name in ("NBGRADER_EXECUTION", "QTTT_GRADING"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_under_grading_a_wrong_or_missing_answer_raises_with_the_hint(practising, capsys):
    """nbgrader sets NBGRADER_EXECUTION while it runs a notebook: the check cell must fail."""
    practising.setenv("NBGRADER_EXECUTION", "autograde")
    assert grading() is True
    with pytest.raises(AssertionError) as e:
        check("9.1", 4, expect=2, wrong=[(4, "halve it")])
    assert str(e.value) == "Task 9.1: Not yet. Hint: halve it" and RESULTS["9.1"] == "halve it"
    for blank in (None, ...):                              # what a stub leaves
        with pytest.raises(AssertionError) as e:
            check("9.2", blank, expect=2)
        assert str(e.value) == ("Task 9.2: Not yet. Hint: No answer yet: replace None (or ...) with your "
                                "answer, then run the cell again.")

    def stub(x):
        raise NotImplementedError()
    with pytest.raises(AssertionError) as e:
        check("9.3", stub, using=checks.function(lambda x: 2 * x, [1, 2]))
    assert str(e.value) == ("Task 9.3: Not yet. Hint: your function is still the stub (it raises "
                            "NotImplementedError): write its body.")
    assert capsys.readouterr().out == ""                   # no "Not yet" printed as well
    check("9.5", 2, expect=2)                              # a right answer passes as usual
    assert capsys.readouterr().out == "Task 9.5: Correct!\n" and RESULTS["9.5"] is None


@pytest.mark.parametrize("env, graded", [({}, False), ({"NBGRADER_EXECUTION": "autograde"}, True),
                                         ({"NBGRADER_EXECUTION": "validate"}, True),
                                         ({"NBGRADER_EXECUTION": "assign"}, False),
                                         ({"NBGRADER_EXECUTION": ""}, False),
                                         ({"QTTT_GRADING": "1"}, True), ({"QTTT_GRADING": " Yes "}, True),
                                         ({"QTTT_GRADING": "true"}, True), ({"QTTT_GRADING": "on"}, True),
                                         ({"NBGRADER_EXECUTION": "autograde", "QTTT_GRADING": "0"}, False),
                                         ({"NBGRADER_EXECUTION": "autograde", "QTTT_GRADING": "off"}, False),
                                         ({"NBGRADER_EXECUTION": "autograde", "QTTT_GRADING": "no"}, False),
                                         ({"NBGRADER_EXECUTION": "autograde", "QTTT_GRADING": "False"}, False),
                                         ({"NBGRADER_EXECUTION": "autograde", "QTTT_GRADING": "maybe"}, True)])
def test_grading_is_nbgraders_run_or_the_switch_and_practice_keeps_the_friendly_message(practising, capsys,
                                                                                        env, graded):
    for name, value in env.items():
        practising.setenv(name, value)
    assert grading() is graded
    if graded:
        with pytest.raises(AssertionError):
            check("9.1", 4, expect=2, hint="halve it")
    else:
        check("9.1", 4, expect=2, hint="halve it")
        assert capsys.readouterr().out == "Task 9.1: Not yet. Hint: halve it\n"


@pytest.mark.skipif("MUTANT_UNDER_TEST" in __import__("os").environ,
                    reason="run_check reads its caller's globals; under mutmut its caller is mutmut's trampoline")
def test_a_packed_check_runs_as_written(capsys):
    src = "check('9.5', answer, expect=4, hint='two squared')"
    packed = encode_check(src)
    assert src not in packed
    import base64
    import zlib
    assert zlib.decompress(base64.b64decode(packed)).decode("utf-8") == src
    notebook = {"check": check, "run_check": run_check, "packed": packed}   # the caller's globals
    for answer, out in ((4, "Task 9.5: Correct!\n"), (3, "Task 9.5: Not yet. Hint: two squared\n")):
        notebook["answer"] = answer
        exec("run_check('9.5', answer, packed)", notebook)               # noqa: S102
        assert capsys.readouterr().out == out


# --- checks: statevectors, kets, states, functions ---------------------------------------------------
def test_statevector_of_a_circuit_or_a_state():
    from qiskit import QuantumCircuit
    from qiskit.quantum_info import Statevector
    qc = QuantumCircuit(1, 1)
    qc.x(0)
    qc.measure(0, 0)
    assert list(checks.statevector(qc).data) == [0, 1]          # measurements removed
    sv = Statevector([0, 1])
    assert checks.statevector(sv) is sv
    with pytest.raises(Mismatch) as e:
        checks.statevector([0, 1])
    assert str(e.value) == "give a QuantumCircuit, not list"


def test_kets_read_as_written():
    r = 1 / math.sqrt(2)
    assert checks.ket([r, 0, 0, r]) == "0.707|00⟩ + 0.707|11⟩"
    assert checks.ket([r, 0, 0, -r]) == "0.707|00⟩ − 0.707|11⟩"
    assert checks.ket([0, 1]) == "1|1⟩" and checks.ket([1, 0], num_qubits=2) == "1|00⟩"
    assert checks.ket([0.5j, 0.5 + 0.5j, -0.5, 0]) == "0.5i|00⟩ + (0.5+0.5i)|01⟩ − 0.5|10⟩"
    assert checks.ket([1e-7, 1]) == "1|1⟩" and checks.ket([0, 0]) == "0"
    assert checks.ket([2e-6, 1]) == "0|0⟩ + 1|1⟩"                  # above 1e-6: shown, rounded
    assert checks.ket([1, 0, 0, 0, 0, 0, 0, 0]) == "1|000⟩"


def test_same_statevector_up_to_a_global_phase_only():
    r = 1 / math.sqrt(2)
    assert checks.same_statevector([r, r], [r, r]) and checks.same_statevector([r, r], [-r, -r])
    assert checks.same_statevector([r, 1j * r], [1j * r, -r])             # a global phase i
    assert not checks.same_statevector([r, r], [r, -r])
    assert not checks.same_statevector([1, 0], [1, 0, 0, 0])
    assert not checks.same_statevector([1, 0, 0, 0], [1, 0])
    assert not checks.same_statevector([1, 0], [0.999, 0.0447], tol=1e-6)
    assert checks.same_statevector([1, 0], [0.999, 0.0447], tol=1e-2)


def test_state_checker_hints():
    from qiskit import QuantumCircuit
    check = checks.state([1, 1])                                    # normalised by the checker
    plus = QuantumCircuit(1)
    plus.h(0)
    assert check(plus) is None
    minus = plus.copy()
    minus.z(0)
    assert check(minus) == ("your circuit makes 0.707|0⟩ − 0.707|1⟩: the right probabilities, but a "
                            "relative phase (a sign) is wrong. Which gate changes a sign without changing "
                            "the odds?")
    assert checks.state([1, 1], phase_hint="use Z")(minus).endswith("is wrong. use Z")
    assert check(QuantumCircuit(1)) == "your circuit makes 1|0⟩, which is not the state asked for"
    assert check(QuantumCircuit(2)) == "use a circuit with 1 qubit, not 2"
    assert checks.state([1, 0, 0, 0])(QuantumCircuit(1)) == "use a circuit with 2 qubits, not 1"
    assert checks.state([0, 1], num_qubits=1)(QuantumCircuit(1)) == ("your circuit makes 1|0⟩, which is "
                                                                      "not the state asked for")


def test_function_checker_hints():
    check = checks.function(lambda a, b: a + b, [(1, 2), (3, 4)])
    assert check(lambda a, b: a + b) is None
    assert check(lambda a, b: a * b) == "for 1, 2 your function returned 2; expected 3"
    assert check(lambda a, b: 3) == "for 3, 4 your function returned 3; expected 7"
    assert check(lambda a, b: [a]) == "for input 1, 2 your function returned [1]: give a number, not a list of 1 item"
    assert check(7) == "give a function (def ...), not int"
    hidden = checks.function(lambda n: n % 2, [1, 2], show=False, describe=lambda args: f"n = {args[0]}")
    assert hidden(lambda n: 1) == "for n = 2 your function returned 1"
    close = checks.function(lambda x: x / 3, [1], tol=1e-3)
    assert close(lambda x: 0.3333) is None and close(lambda x: 0.33) is not None
    single = checks.function(abs, [-2, (3,)])                      # one argument, bare or in a tuple
    assert single(abs) is None and single(lambda x: x) == "for -2 your function returned -2; expected 2"


# =================================================================================================
# Formerly tests/test_checkers_a.py.
# The checkers of lessons 01, 03, 04 and 06, called as the lessons' check cells call them
# (``check(task, answer, using=...)``, here through :func:`verdict`, which returns the hint).
#
# Each test gives the reference answer (accepted) or a wrong answer a student could give, and
# compares the whole hint the student would read: a checker that names the wrong mistake, or
# refuses a right answer, fails here (mutation testing, tests/MUTATION.md).
# =================================================================================================
R2 = 1 / math.sqrt(2)
TAU = 2 * math.pi
NUMBERING = ("(Code numbers run 0 to 8, row by row: one less than the grey numbers 1 to 9 on the "
             "board, which are people's numbers.)")


def hint(answer, checker):
    return verdict(answer, using=checker)


# === lesson 01, task 1.2: born(a0, a1) -> (P0, P1) =============================================
def born_ok(a0, a1):
    n = abs(a0) ** 2 + abs(a1) ** 2
    return abs(a0) ** 2 / n, abs(a1) ** 2 / n


def test_born_reference_normalises_and_squares_the_sizes():
    assert lesson01.born_reference(3, 4j) == pytest.approx((9 / 25, 16 / 25))
    assert lesson01.born_reference(1, 1) == pytest.approx((0.5, 0.5))
    assert lesson01.born_reference(0.6, 0.8j) == pytest.approx((0.36, 0.64))
    assert lesson01.born_reference(-2j, 1) == pytest.approx((0.8, 0.2))


def test_born_checker_accepts_the_right_function_in_any_form():
    check = lesson01.born_checker()
    assert hint(born_ok, check) is None
    assert hint(lesson01.born_reference, check) is None
    assert hint(lambda a0, a1: [complex(p) for p in born_ok(a0, a1)], check) is None    # a list, complex


@pytest.mark.parametrize("wrong, why", [
    (lambda a0, a1: (a0 ** 2, a1 ** 2),
     "born(0.6, 0.8j) gave P1 = −0.64: you squared the amplitude itself, and (0.8i)² = −0.64. "
     "A probability is the squared SIZE: |a1|² = abs(a1)**2"),
    (lambda a0, a1: (abs(a0), abs(a1)),
     "born(0.6, 0.8j) gave (0.6, 0.8): those are the sizes |a0| and |a1|; the Born rule squares them"),
    (lambda a0, a1: (abs(a1) ** 2, abs(a0) ** 2),
     "born(0.6, 0.8j) gave (0.64, 0.36): P0 and P1 are swapped; P0 comes from a0, the amplitude of |0⟩"),
    (lambda a0, a1: (complex(a0).real ** 2, complex(a1).real ** 2),
     "born(0.6, 0.8j) gave P1 = 0: you kept only the real part of a1. "
     "The size of a complex number counts both parts: |x + iy|² = x² + y²"),
    (lambda a0, a1: (0.5, 0.5),
     "born(0.6, 0.8j) returned ((0.5+0j), (0.5+0j)): for 0.6|0⟩ + 0.8i|1⟩ the Born rule gives P0 = |0.6|²"),
    (lambda a0, a1: (0.36, 0.64 + 2e-6),
     "born(0.6, 0.8j) returned ((0.36+0j), (0.640002+0j)): for 0.6|0⟩ + 0.8i|1⟩ the Born rule gives "
     "P0 = |0.6|²"),
    (lambda a0, a1: (abs(a0) ** 2, abs(a1) ** 2),
     "born(1, 1) returned probabilities that add up to 2, not 1: the pair (1, 1) is not normalised. "
     "Divide each |a|² by |a0|² + |a1|² (the squared length of the vector)"),
    (lambda a0, a1: (0.36, 0.64) if a0 == 0.6 else (0.5, 0.5 + 2e-6),
     "born(1, 1) returned probabilities that add up to 1, not 1: the pair (1, 1) is not normalised. "
     "Divide each |a|² by |a0|² + |a1|² (the squared length of the vector)"),
], ids=["squared-amplitude", "sizes", "swapped", "real-part", "other", "just-out-of-tolerance",
        "not-normalised", "sum-just-off"])
def test_born_checker_names_the_mistake(wrong, why):
    """The slips are named by the notebook's check cell (lessons/01a), read from it."""
    assert hint(wrong, checker_of("1.2")) == why


def test_born_checker_accepts_a_sum_within_the_tolerance():
    # right on the first probe and the later inputs; (1, 1) answered a hair away from 1/2 each
    f = lambda a0, a1: (0.5, 0.5 + 5e-7) if (a0, a1) == (1, 1) else born_ok(a0, a1)  # noqa: E731
    assert hint(f, lesson01.born_checker()) is None


def test_born_checker_tries_the_later_inputs():
    def wrong_for_3_4i(a0, a1):
        p0, p1 = born_ok(a0, a1)
        return (p1, p0) if (a0, a1) == (3, 4j) else (p0, p1)
    assert hint(wrong_for_3_4i, lesson01.born_checker()) == \
        "for 3, 4j your function returned (0.64, 0.36); expected (0.36, 0.64)"


@pytest.mark.parametrize("answer, why", [
    ((0.36, 0.64), "give your function born itself (no brackets), not tuple"),
    (0.36, "give your function born itself (no brackets), not float"),
    ("born", "give your function born itself (no brackets), not str"),
    (lambda a0, a1: abs(a0) ** 2, "born should return a pair (two numbers), not 0.36"),
    (lambda a0, a1: (1, 2, 3), "born should return a pair (two numbers), not (1, 2, 3)"),
    (lambda a0, a1: ("a", "b"), "born should return a pair (two numbers), not ('a', 'b')"),
    (lambda a0, a1: (None, 1), "born should return a pair (two numbers), not (None, 1)"),
    (lambda a0, a1: None, "born should return a pair (two numbers), not None"),
])
def test_born_checker_refuses_answers_of_the_wrong_kind(answer, why):
    assert hint(answer, lesson01.born_checker()) == why


def test_born_checker_a_second_answer_that_is_not_a_pair():
    f = lambda a0, a1: (0.36, 0.64) if a0 == 0.6 else 1.0  # noqa: E731
    assert hint(f, lesson01.born_checker()) == "born should return a pair (two numbers), not 1.0"


# === lesson 01, task 1.5: bloch_angles(a0, a1) -> (theta, phi) ==================================
def _dphi(a0, a1):
    return cmath.phase(a1) - cmath.phase(a0)


def bloch_ok(a0, a1):
    return 2 * math.acos(min(1.0, abs(a0))), _dphi(a0, a1) % TAU


def _pole(a0, a1):
    return abs(a0) < 1e-12 or abs(a1) < 1e-12


def test_bloch_reference_values():
    assert lesson01.bloch_reference(R2, R2) == pytest.approx((math.pi / 2, 0))
    assert lesson01.bloch_reference(R2, -1j * R2) == pytest.approx((math.pi / 2, 3 * math.pi / 2))
    assert lesson01.bloch_reference(0.6, 0.8j) == pytest.approx((2 * math.acos(0.6), math.pi / 2))
    assert lesson01.bloch_reference(1j * R2, 1j * R2) == pytest.approx((math.pi / 2, 0))
    assert lesson01.bloch_reference(1.0000001, 0) == (0.0, 0.0)            # rounding above 1 is clipped
    assert lesson01.bloch_reference(0, -1j) == (math.pi, 0.0)               # a pole: phi = 0
    assert lesson01.bloch_reference(1e-13, 1j)[1] == 0.0                   # below 1e-12 counts as a pole
    assert lesson01.bloch_reference(1, 1e-13j)[1] == 0.0
    th, ph = lesson01.bloch_reference(1e-11, -1)                            # near a pole, not at it
    assert ph == pytest.approx(math.pi)


@pytest.mark.parametrize("right", [
    bloch_ok,
    lesson01.bloch_reference,
    # any phi at the poles (only theta is compared there)
    lambda a0, a1: (bloch_ok(a0, a1)[0], 1.234 if _pole(a0, a1) else bloch_ok(a0, a1)[1]),
    # dividing by the amplitudes: fine away from the poles, handled at them
    lambda a0, a1: (bloch_ok(a0, a1)[0], 0.0 if _pole(a0, a1) else cmath.phase(a1 / a0) % TAU),
    # phi a rounding error below 2 pi where it is 0
    lambda a0, a1: (bloch_ok(a0, a1)[0], TAU - 1e-12 if bloch_ok(a0, a1)[1] == 0 else bloch_ok(a0, a1)[1]),
    lambda a0, a1: (bloch_ok(a0, a1)[0], TAU + 5e-10 if bloch_ok(a0, a1)[1] == 0 else bloch_ok(a0, a1)[1]),
    lambda a0, a1: (bloch_ok(a0, a1)[0], bloch_ok(a0, a1)[1] + 9e-7),       # within the tolerance
    lambda a0, a1: (bloch_ok(a0, a1)[0], bloch_ok(a0, a1)[1] + 1e-10j),     # an imaginary rounding error
], ids=["plain", "reference", "any-phi-at-poles", "divides", "just-below-2pi", "hair-above-2pi",
        "within-tolerance", "tiny-imaginary"])
def test_bloch_checker_accepts_right_functions(right):
    assert hint(right, lesson01.bloch_checker()) is None


@pytest.mark.parametrize("wrong, why", [
    (lambda a0, a1: (math.degrees(bloch_ok(a0, a1)[0]), bloch_ok(a0, a1)[1]),
     "bloch_angles(0.6, 0.8j) answered in degrees: give θ and φ in radians"),
    (lambda a0, a1: (bloch_ok(a0, a1)[0], math.degrees(bloch_ok(a0, a1)[1])),
     "bloch_angles(0.6, 0.8j) answered in degrees: give θ and φ in radians"),
    (lambda a0, a1: (math.acos(abs(a0)), _dphi(a0, a1) % TAU),
     "bloch_angles(0.6, 0.8j) gave θ = acos(0.6): the state is cos(θ/2)|0⟩ + ..., "
     "so θ is TWICE the angle whose cosine is |a0|"),
    (lambda a0, a1: (2 * math.acos(abs(a0) ** 2), _dphi(a0, a1) % TAU),
     "bloch_angles(0.6, 0.8j) gave θ = 2·acos(0.36): cos(θ/2) is the amplitude's size |a0|, "
     "not the probability |a0|²"),
    (lambda a0, a1: (2 * math.acos(abs(a0)), cmath.phase(a1) % TAU),
     "bloch_angles(i/√2, i/√2) gave φ = π/2, but i(|0⟩ + |1⟩)/√2 is |+⟩ with a global phase (φ = 0): "
     "φ is the phase of a1 RELATIVE to a0, not the phase of a1 alone"),
    (lambda a0, a1: (2 * math.acos(abs(a0)), -_dphi(a0, a1) % TAU),
     "bloch_angles(1/√2, i/√2) gave φ = −π/2 (or 3π/2), but |+i⟩ has φ = π/2: "
     "you subtracted the other way round; φ = arg(a1) − arg(a0)"),
    (lambda a0, a1: (2 * math.acos(abs(a0)), -_dphi(a0, a1)),
     "bloch_angles(1/√2, i/√2) gave φ = −π/2 (or 3π/2), but |+i⟩ has φ = π/2: "
     "you subtracted the other way round; φ = arg(a1) − arg(a0)"),
    (lambda a0, a1: (2 * math.acos(abs(a0)), _dphi(a0, a1)),
     "bloch_angles(1/√2, −i/√2) gave φ = −π/2: the right point, but φ is asked in [0, 2π). "
     "Add 2π to a negative angle (x % (2 * math.pi) does it)"),
], ids=["theta-degrees", "phi-degrees", "theta-half", "theta-from-probability", "global-phase",
        "other-way-round", "other-way-round-negative", "negative-phi"])
def test_bloch_checker_names_the_mistake(wrong, why):
    """The slips are named by the notebook's check cell (lessons/01b), read from it."""
    assert hint(wrong, checker_of("1.5")) == why


def _except_at(a0_wanted, change):
    """bloch_ok everywhere but at the input whose a0 is ``a0_wanted``, where ``change`` applies."""
    def f(a0, a1):
        th, ph = bloch_ok(a0, a1)
        return change(th, ph) if abs(a0 - a0_wanted) < 1e-9 else (th, ph)
    return f


@pytest.mark.parametrize("wrong, why", [
    (_except_at(0.8, lambda th, ph: (th + 0.1, ph)),
     "for a0 = 0.8, a1 = -0.6 your function returned (1.387, 3.142); expected (1.287, 3.142)"),
    (_except_at(0.8, lambda th, ph: (th + 2e-6, ph)),
     "for a0 = 0.8, a1 = -0.6 your function returned (1.287, 3.142); expected (1.287, 3.142)"),
    (_except_at(0.8, lambda th, ph: (th, ph + 2e-6)),
     "for a0 = 0.8, a1 = -0.6 your function returned (1.287, 3.142); expected (1.287, 3.142)"),
    (_except_at(math.cos(0.3), lambda th, ph: (th, ph + TAU)),             # phi above 2 pi
     "for a0 = 0.955, a1 = -0.193-0.224j your function returned (0.6, 10.28); expected (0.6, 4)"),
    (_except_at(math.cos(0.3), lambda th, ph: (th, ph - TAU)),             # phi below 0
     "for a0 = 0.955, a1 = -0.193-0.224j your function returned (0.6, -2.283); expected (0.6, 4)"),
    (_except_at(R2, lambda th, ph: (th, TAU + 5e-7) if ph == 0 else (th, ph)),   # just above 2 pi
     "for a0 = 0.707, a1 = 0.707 your function returned (1.571, 6.283); expected (1.571, 0)"),
    (_except_at(R2, lambda th, ph: (th, ph + 1e-3j)),                      # a complex phi
     "for a0 = 0.707, a1 = 0.707 your function returned (1.571, 0); expected (1.571, 0)"),
    (_except_at(R2, lambda th, ph: (th + 1e-3j, ph)),                      # a complex theta
     "for a0 = 0.707, a1 = 0.707 your function returned (1.571, 0); expected (1.571, 0)"),
    (lambda a0, a1: (2 * math.acos(a0.real if isinstance(a0, complex) else a0), _dphi(a0, a1) % TAU),
     "for a0 = 0+0.707j, a1 = 0+0.707j your function returned (3.142, 0); expected (1.571, 0)"),
], ids=["theta-off", "theta-just-off", "phi-just-off", "phi-above-2pi", "phi-below-0", "phi-hair-above-2pi",
        "complex-phi", "complex-theta", "real-part-of-a0"])
def test_bloch_checker_compares_every_input_and_says_where(wrong, why):
    assert hint(wrong, lesson01.bloch_checker()) == why


def test_bloch_checker_compares_theta_at_the_poles():
    # a pole of the sphere where theta is wrong: -1 is |0> with a global phase, theta = 0
    f = _except_at(-1, lambda th, ph: (math.pi, ph))
    assert hint(f, lesson01.bloch_checker()) == \
        "for a0 = -1, a1 = 0 your function returned (3.142, 3.142); expected (0, 0)"


def _stops_at_a0_zero(error):
    def f(a0, a1):
        if a0 == 0:
            raise error("a0 is zero")
        return bloch_ok(a0, a1)
    return f


@pytest.mark.parametrize("error", [ZeroDivisionError, ValueError])
def test_bloch_checker_explains_a_function_stopping_at_a_pole(error):
    assert hint(_stops_at_a0_zero(error), lesson01.bloch_checker()) == (
        f"for a0 = 0, a1 = 1 (a pole of the sphere) your function stopped with {error.__name__}: "
        "a0 is zero. There θ is 0 or π and φ can be anything: avoid dividing by a zero amplitude "
        "(cmath.phase(0) is simply 0)")


def test_bloch_checker_a_function_stopping_at_a1_zero_is_a_pole_too():
    def f(a0, a1):
        if a1 == 0:
            raise ZeroDivisionError("a1 is zero")
        return bloch_ok(a0, a1)
    assert hint(f, lesson01.bloch_checker()) == (
        "for a0 = 1, a1 = 0 (a pole of the sphere) your function stopped with ZeroDivisionError: "
        "a1 is zero. There θ is 0 or π and φ can be anything: avoid dividing by a zero amplitude "
        "(cmath.phase(0) is simply 0)")


@pytest.mark.parametrize("error", [ZeroDivisionError, ValueError])
def test_bloch_checker_an_error_away_from_the_poles_is_not_blamed_on_them(error):
    def f(a0, a1):
        if abs(a0 - 0.8) < 1e-9:
            raise error("bad input")
        return bloch_ok(a0, a1)
    assert hint(f, lesson01.bloch_checker()) == (
        f"that answer could not be checked ({error.__name__}: bad input). Look again at what the task asks for.")


@pytest.mark.parametrize("answer, why", [
    ((1.0, 2.0), "give your function bloch_angles itself (no brackets), not tuple"),
    (1.5, "give your function bloch_angles itself (no brackets), not float"),
    (lambda a0, a1: 1.5, "bloch_angles should return a pair (two numbers), not 1.5"),
    (lambda a0, a1: (1, 2, 3), "bloch_angles should return a pair (two numbers), not (1, 2, 3)"),
])
def test_bloch_checker_refuses_answers_of_the_wrong_kind(answer, why):
    assert hint(answer, lesson01.bloch_checker()) == why


# === lesson 03, task 3.4: a circuit for a Bell state ============================================
def circuit(*gates, n=2):
    qc = QuantumCircuit(n)
    for name, *args in gates:
        getattr(qc, name)(*args)
    return qc


MAKE = {"Φ+": circuit(("h", 0), ("cx", 0, 1)),
        "Φ−": circuit(("h", 0), ("cx", 0, 1), ("z", 0)),
        "Ψ+": circuit(("h", 0), ("cx", 0, 1), ("x", 1)),
        "Ψ−": circuit(("h", 0), ("cx", 0, 1), ("x", 1), ("z", 1))}


def test_bell_name_names_each_bell_state_up_to_a_global_phase():
    for name, qc in MAKE.items():
        amps = Statevector(qc).data
        assert lesson03.bell_name(amps) == name
        assert lesson03.bell_name(list(-1j * amps)) == name
    assert lesson03.bell_name([1, 0, 0, 0]) is None
    assert lesson03.bell_name([0.5, 0.5, 0.5, 0.5]) is None


@pytest.mark.parametrize("name", ["Φ+", "Φ−", "Ψ+", "Ψ−"])
def test_bell_state_accepts_its_own_state(name):
    check = lesson03.bell_state(name)
    assert hint(MAKE[name], check) is None
    assert hint(Statevector(MAKE[name]), check) is None
    measured = MAKE[name].copy()
    measured.measure_all()
    assert hint(measured, check) is None


SIGN = ("(a sign you cannot see in Z-basis counts). Which gate from lesson 02 flips the sign of |1⟩ "
        "and leaves |0⟩ alone?")


@pytest.mark.parametrize("want, made, why", [
    ("Φ+", "Ψ−", "your circuit makes Ψ− = (|01⟩ − |10⟩)/√2: both differences are missing. In Φ+ the two "
                 "qubits agree and the sign between the terms is +; one gate fixes each."),
    ("Ψ−", "Φ+", "your circuit makes Φ+ = (|00⟩ + |11⟩)/√2: both differences are missing. In Ψ− the two "
                 "qubits differ and the sign between the terms is −; one gate fixes each."),
    ("Ψ+", "Φ−", "your circuit makes Φ− = (|00⟩ − |11⟩)/√2: both differences are missing. In Ψ+ the two "
                 "qubits differ and the sign between the terms is +; one gate fixes each."),
    ("Ψ−", "Φ−", "your circuit makes Φ− = (|00⟩ − |11⟩)/√2: the sign is right, but your qubits agree; in "
                 "Ψ− they differ. Which gate flips one qubit?"),
    ("Φ+", "Ψ+", "your circuit makes Ψ+ = (|01⟩ + |10⟩)/√2: the sign is right, but your qubits differ; in "
                 "Φ+ they agree. Which gate flips one qubit?"),
    ("Ψ−", "Ψ+", "your circuit makes Ψ+ = (|01⟩ + |10⟩)/√2: the qubits differ as they should, but the "
                 "relative sign is +, and Ψ− needs − " + SIGN),
    ("Φ+", "Φ−", "your circuit makes Φ− = (|00⟩ − |11⟩)/√2: the qubits agree as they should, but the "
                 "relative sign is −, and Φ+ needs + " + SIGN),
])
def test_bell_state_names_the_bell_state_made_and_what_differs(want, made, why):
    assert hint(MAKE[made], lesson03.bell_state(want)) == why


PRODUCT = (" — and it is a product state (not entangled): an H alone does not link two qubits; "
           "the CX does.")


@pytest.mark.parametrize("answer, why", [
    (circuit(("h", 0), ("x", 1), ("z", 1)),
     "your circuit makes -0.707|10⟩ − 0.707|11⟩, which is not the state asked for" + PRODUCT),
    (circuit(("h", 0), ("h", 1)),
     "your circuit makes 0.5|00⟩ + 0.5|01⟩ + 0.5|10⟩ + 0.5|11⟩, which is not the state asked for" + PRODUCT),
    (circuit(("h", 0), ("x", 1)),                  # a product state with the right odds: the phase hint
     "your circuit makes 0.707|10⟩ + 0.707|11⟩, which is not the state asked for" + PRODUCT),
    (circuit(("ry", 1.0, 0), ("cx", 0, 1)),         # entangled, but not a Bell state
     "your circuit makes 0.878|00⟩ + 0.479|11⟩, which is not the state asked for"),
    (circuit(("ry", 1.0, 0), ("cx", 0, 1), ("x", 1)),
     "your circuit makes 0.479|01⟩ + 0.878|10⟩, which is not the state asked for"),
    (circuit(n=3), "use a circuit with 2 qubits, not 3"),                 # a product of 3 qubits
    (circuit(("h", 0), ("cx", 0, 1), ("x", 1), ("z", 1), n=3), "use a circuit with 2 qubits, not 3"),
    (circuit(("h", 0), n=1), "use a circuit with 2 qubits, not 1"),
    ("H, CX", "give a QuantumCircuit, not str"),
    ([0, R2, -R2, 0], "give a QuantumCircuit, not list"),
])
def test_bell_state_other_answers(answer, why):
    assert hint(answer, lesson03.bell_state("Ψ−")) == why


def test_bell_state_unknown_name_is_refused():
    with pytest.raises(KeyError):
        lesson03.bell_state("Ψ")


# === lesson 04, tasks 4.3 and 4.4: a move in a position ==========================================
def test_threats_are_the_squares_that_complete_a_line():
    assert lesson04.threats("XX.OO....", "X") == [2]
    assert lesson04.threats("XX.OO....", "O") == [5]
    assert lesson04.threats("X.X.X.O.O", "X") == [1]
    assert lesson04.threats("X.X.X.O.O", "O") == [7]
    assert lesson04.threats(".........", "X") == []
    assert lesson04.threats("XOX......", "X") == []                  # an O in the line blocks it
    assert lesson04.threats("XX.XO.OO.", "O") == [2, 8]


TASK_4_3 = {   # "...O..XOX", X to move and win
    -1: "square -1 is off the board. " + NUMBERING,
    0: "after X at square 0 (the top-left corner), O has a reply that threatens a column and a row at once: "
       "a fork, and you can block only one. Look for the move that stops that plan. " + NUMBERING,
    1: "X at square 1 (the middle of the top row) does not lose, but O can hold the draw. A winning move makes "
       "two threats at once, so that one block is not enough. " + NUMBERING,
    2: None,
    3: "square 3 (the middle of the left column) is taken: it holds O. Pick an empty square. " + NUMBERING,
    4: None,
    5: "X at square 5 (the middle of the right column) does not lose, but O can hold the draw. A winning move "
       "makes two threats at once, so that one block is not enough. " + NUMBERING,
    6: "square 6 (the bottom-left corner) is taken: it holds X. Pick an empty square. " + NUMBERING,
    7: "square 7 (the middle of the bottom row) is taken: it holds O. Pick an empty square. " + NUMBERING,
    8: "square 8 (the bottom-right corner) is taken: it holds X. Pick an empty square. " + NUMBERING,
    9: "square 9 is off the board. " + NUMBERING,
}

TASK_4_4 = {   # "X.O....X.", O to move and hold the draw
    0: "square 0 (the top-left corner) is taken: it holds X. Pick an empty square. " + NUMBERING,
    1: "after O at square 1 (the middle of the top row), X answers at square 3 and wins by force from there. "
       "Look for the move that stops that plan. " + NUMBERING,
    3: "after O at square 3 (the middle of the left column), X answers at square 4 and then threatens a column "
       "and a diagonal at once: a fork, and you can block only one. Look for the move that stops that plan. "
       + NUMBERING,
    4: "after O at square 4 (the centre), X answers at square 6 and then threatens a column and a row at once: "
       "a fork, and you can block only one. Look for the move that stops that plan. " + NUMBERING,
    5: "after O at square 5 (the middle of the right column), X has a reply that threatens a diagonal and a "
       "row at once: a fork, and you can block only one. Look for the move that stops that plan. " + NUMBERING,
    6: "after O at square 6 (the bottom-left corner), X answers at square 4 and then threatens a column and a "
       "diagonal at once: a fork, and you can block only one. Look for the move that stops that plan. "
       + NUMBERING,
    8: None,
    10: "square 10 is off the board. " + NUMBERING,
}


@pytest.mark.parametrize("sq", sorted(TASK_4_3))
def test_task_4_3_every_answer(sq):
    assert hint(sq, lesson04.move("...O..XOX", "win")) == TASK_4_3[sq]


@pytest.mark.parametrize("sq", sorted(TASK_4_4))
def test_task_4_4_every_answer(sq):
    assert hint(sq, lesson04.move("X.O....X.", "hold")) == TASK_4_4[sq]


def test_move_the_places_in_words():
    assert hint(0, lesson04.move(".........", "hold")) is None          # every first move holds the draw
    places = ["the top-left corner", "the middle of the top row", "the top-right corner",
              "the middle of the left column", "the centre", "the middle of the right column",
              "the bottom-left corner", "the middle of the bottom row", "the bottom-right corner"]
    full = "XOXOXOOX."                      # only square 8 is open
    check = lesson04.move(full, "hold")
    for sq in range(8):
        assert hint(sq, check) == (f"square {sq} ({places[sq]}) is taken: it holds {full[sq]}. "
                                   "Pick an empty square. " + NUMBERING)


@pytest.mark.parametrize("key, goal, sq, why", [
    # the opponent's winning replies are all right answers of the task: described without a square
    (".......X.", "hold", 5, "after O at square 5 (the middle of the right column), X has a reply that wins by "
                             "force. Look for the move that stops that plan. " + NUMBERING),
    ("XOX......", "hold", 7, "after O at square 7 (the middle of the bottom row), X has a reply that threatens "
                             "two diagonals at once: a fork, and you can block only one. Look for the move that "
                             "stops that plan. " + NUMBERING),
    ("....X.XO.", "hold", 3, "after O at square 3 (the middle of the left column), X answers at square 0 and then "
                             "threatens two diagonals at once: a fork, and you can block only one. Look for the "
                             "move that stops that plan. " + NUMBERING),
    ("........X", "win", 6, "after O at square 6 (the bottom-left corner), X answers at square 0 and wins by "
                            "force from there. Look for the move that stops that plan. " + NUMBERING),
    # a drawing move when a win was asked: an example of the opponent's hold, never a right answer
    ("XO.......", "win", 7, "X at square 7 (the middle of the bottom row) does not lose, but O can hold the draw "
                            "(for example at square 8). A winning move makes two threats at once, so that one "
                            "block is not enough. " + NUMBERING),
    ("X.O......", "win", 5, "X at square 5 (the middle of the right column) does not lose, but O can hold the "
                            "draw (for example at square 4). A winning move makes two threats at once, so that "
                            "one block is not enough. " + NUMBERING),
])
def test_move_hints_in_other_positions(key, goal, sq, why):
    assert hint(sq, lesson04.move(key, goal)) == why


def test_move_right_answers_in_other_positions():
    assert [sq for sq in range(9) if lesson04.move("XO.......", "win")(sq) is None] == [3, 4, 6]
    assert [sq for sq in range(9) if lesson04.move("X.O......", "win")(sq) is None] == [3, 6, 8]
    assert [sq for sq in range(9) if lesson04.move(".......X.", "hold")(sq) is None] == [1, 4, 6, 8]
    # O to move and win: the square that completes O's line
    assert [sq for sq in range(9) if lesson04.move("XX.OO.X..", "win")(sq) is None] == [5]


@pytest.mark.parametrize("answer, why", [
    (True, "give one square number, 0 to 8 (code numbering), not True"),
    (False, "give one square number, 0 to 8 (code numbering), not False"),
    ("4", "give one square number, 0 to 8 (code numbering), not '4'"),
    (4.0, "give one square number, 0 to 8 (code numbering), not 4.0"),
    ([2], "give one square number, 0 to 8 (code numbering), not [2]"),
    (np.int64(2), None),
    (np.int64(9), "square 9 is off the board. " + NUMBERING),
])
def test_move_answers_of_the_wrong_kind(answer, why):
    assert hint(answer, lesson04.move("...O..XOX", "win")) == why


def test_move_refuses_a_bad_task():
    with pytest.raises(ValueError, match=r"^goal is 'win' or 'hold'$"):
        lesson04.move("...O..XOX", "draw")
    with pytest.raises(ValueError):
        lesson04.move("XXXXXXXXX", "win")
    with pytest.raises(ValueError):
        lesson04.move("abc", "win")


# === lesson 04, task 4.1: winner(cells) ==========================================================
KEYS = [".........", "XXXOO....", "XO.XO.X..", "XO.OX...X", "..XOXOX..", "OOOXX.X.X", "XOXXOOOXX",
        "X.OXO.O.X", "XO.X....."]


def winner_ok(cells):
    for a, b, c in [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]:
        if cells[a] != "." and cells[a] == cells[b] == cells[c]:
            return cells[a]
    return None


def lines_only(lines, empty_counts=False):
    def winner(cells):
        for a, b, c in lines:
            if (empty_counts or cells[a] != ".") and cells[a] == cells[b] == cells[c]:
                return cells[a]
        return None
    return winner


def test_winner_function_accepts_the_right_function():
    assert hint(winner_ok, lesson04.winner_function(KEYS)) is None
    assert hint(winner_ok, lesson04.winner_function(iter(KEYS))) is None       # any iterable of keys
    assert hint(lambda cells: None, lesson04.winner_function(["........."])) is None


@pytest.mark.parametrize("wrong, why", [
    (lines_only([(0, 1, 2), (3, 4, 5), (6, 7, 8)]),
     "for 'XO.XO.X..' your function returned None, but X has a column there (squares 0, 3, 6): expected 'X'"),
    (lines_only([(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8)]),
     "for 'XO.OX...X' your function returned None, but X has a diagonal there (squares 0, 4, 8): expected 'X'"),
    (lines_only([(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8)]),
     "for '..XOXOX..' your function returned None, but X has a diagonal there (squares 2, 4, 6): expected 'X'"),
    (lambda cells: None,
     "for 'XXXOO....' your function returned None, but X has a row there (squares 0, 1, 2): expected 'X'"),
    (lambda cells: "X" if winner_ok(cells) else None,
     "for 'OOOXX.X.X' your function returned 'X', but O has a row there (squares 0, 1, 2): expected 'O'"),
    (lambda cells: "X" if cells.count("X") > cells.count("O") else None,
     "for 'XO.X.....' your function returned 'X', but nobody has a line there."),
])
def test_winner_function_names_the_board_and_the_line(wrong, why):
    keys = KEYS if "nobody" not in why else ["XO.X....."]
    assert hint(wrong, lesson04.winner_function(keys)) == why


def test_winner_function_three_empty_squares_are_not_a_line():
    assert hint(lines_only([(0, 1, 2), (6, 7, 8)], empty_counts=True), lesson04.winner_function(KEYS)) == (
        "for '.........' your function returned '.', but nobody has a line there. Three empty squares in a row "
        "are not a line: check that the squares hold a mark.")
    # another wrong answer where nobody has a line: no word about empty squares
    assert hint(lambda cells: "X", lesson04.winner_function(KEYS)) == \
        "for '.........' your function returned 'X', but nobody has a line there."


def test_winner_function_a_winner_that_is_not_a_mark():
    class Anything:
        """Equal to None, and not None itself."""
        def __eq__(self, other):
            return other is None

        def __repr__(self):
            return "Anything()"
    assert hint(lambda cells: Anything(), lesson04.winner_function(["........."])) == \
        "for '.........' your function returned Anything(), but nobody has a line there."


def test_winner_function_with_every_legal_position():
    from qttt_widgets.rules.classical import legal_positions
    assert hint(winner_ok, lesson04.winner_function(legal_positions())) is None


@pytest.mark.parametrize("answer, why", [
    ("X", "give a function (def winner(cells): ...), not str"),
    (None, "No answer yet: replace None (or ...) with your answer, then run the cell again."),
    ([winner_ok], "give a function (def winner(cells): ...), not list"),
])
def test_winner_function_refuses_what_is_not_a_function(answer, why):
    assert hint(answer, lesson04.winner_function(KEYS)) == why


# === lesson 06, task 6.4: score(lines) ===========================================================
@pytest.mark.parametrize("lines, want", [
    ([], {"X": 0.0, "O": 0.0}),
    ([("X", 5)], {"X": 1.0, "O": 0.0}),
    ([("O", 8)], {"X": 0.0, "O": 1.0}),
    ([("X", 9), ("X", 9)], {"X": 2.0, "O": 0.0}),
    ([("O", 6), ("O", 8)], {"X": 0.0, "O": 2.0}),
    ([("X", 5), ("O", 6)], {"X": 1.0, "O": 0.5}),
    ([("O", 6), ("X", 5)], {"X": 1.0, "O": 0.5}),
    ([("X", 7), ("O", 6)], {"X": 0.5, "O": 1.0}),
    ([("X", 9), ("O", 4), ("X", 3)], {"X": 1.0, "O": 0.5}),
    ([("X", 9), ("O", 8), ("O", 4)], {"X": 0.5, "O": 1.0}),
])
def test_goff_score(lines, want):
    got = lesson06.goff_score(lines)
    assert got == want and all(type(v) is float for v in got.values())


def score_ok(lines):
    return lesson06.goff_score(lines)


def test_score_function_accepts_the_right_function():
    assert lesson06.score_function(score_ok) is None
    assert hint(score_ok, lesson06.score_function) is None
    # integer points, a dict in the other order: the same scores
    assert lesson06.score_function(lambda lines: {"O": int(score_ok(lines)["O"]) if score_ok(lines)["O"] != 0.5
                                                   else 0.5, "X": score_ok(lines)["X"]}) is None


def test_score_function_gives_the_learner_a_fresh_list_each_time():
    seen = []

    def score(lines):
        seen.append(lines)
        result = score_ok(lines)
        lines.clear()                    # a careless function that empties its argument
        return result
    assert lesson06.score_function(score) is None
    assert all(type(x) is list for x in seen) and len(seen) == len(lesson06.SCORE_CASES)


def _both(x, o):
    """score_ok, but ``{'X': x, 'O': o}`` whenever both players have a line."""
    def f(lines):
        if {p for p, _ in lines} == {"X", "O"}:
            return {"X": x, "O": o}
        return score_ok(lines)
    return f


_swapped = lesson_06_wrong.swapped                # one source: the course's wrong answers of 6.4
_one_a_player = lesson_06_wrong.one_a_player


@pytest.mark.parametrize("wrong, why", [
    (_swapped,
     "for lines [('X', 5), ('O', 6)] your function returned {'X': 0.5, 'O': 1}: the points are swapped. The line "
     "with the smaller largest subscript was completed first and scores 1; the ½ goes to the line with the "
     "larger largest subscript"),
    (_both(1, 0.5),                                  # X always gets the whole point
     "for lines [('X', 7), ('O', 6)] your function returned {'X': 1, 'O': 0.5}: the points are swapped. The line "
     "with the smaller largest subscript was completed first and scores 1; the ½ goes to the line with the "
     "larger largest subscript"),
    (_both(1, 1),
     "for lines [('X', 5), ('O', 6)] your function returned {'X': 1, 'O': 1}: when both players have a line, "
     "they do not score the same: one gets 1, the other ½"),
    (_both(0.5, 0.5),
     "for lines [('X', 5), ('O', 6)] your function returned {'X': 0.5, 'O': 0.5}: when both players have a "
     "line, they do not score the same: one gets 1, the other ½"),
    (_both(1, 0),
     "for lines [('X', 5), ('O', 6)] your function returned {'X': 1, 'O': 0}: when both have a line, compare "
     "the largest subscripts: smaller gets 1, larger ½"),
    (_both(0.5, 1),
     "for lines [('X', 5), ('O', 6)] your function returned {'X': 0.5, 'O': 1}: the points are swapped. The line "
     "with the smaller largest subscript was completed first and scores 1; the ½ goes to the line with the "
     "larger largest subscript"),
    (_one_a_player,
     "for lines [('X', 9), ('X', 9)] your function returned {'X': 1.0, 'O': 0.0}: one player with two lines at "
     "once scores 1 point a line"),
    (lambda lines: {"X": 1, "O": 0} if not lines else score_ok(lines),
     "for lines [] your function returned {'X': 1, 'O': 0}: no line, no points"),
    (lambda lines: {"X": 0, "O": 0},
     "for lines [('X', 5)] your function returned {'X': 0, 'O': 0}: one player alone with a line scores 1 point "
     "a line, the other 0"),
    (lambda lines: {"X": 1, "O": 1} if lines == [("O", 8)] else score_ok(lines),
     "for lines [('O', 8)] your function returned {'X': 1, 'O': 1}: one player alone with a line scores 1 point "
     "a line, the other 0"),
    (lambda lines: score_ok(lines) if lines else {"X": 1e-8, "O": 0},
     "for lines [] your function returned {'X': 1e-08, 'O': 0}: no line, no points"),
])
def test_score_function_names_the_rule_broken(wrong, why):
    """The slips (swapped, the same points) are named by the notebook's check cell (lessons/06a), read
    from it; the rule a case is about (no line, one player, two lines) by the checker."""
    assert checker_of("6.4")(wrong) == why
    assert hint(wrong, checker_of("6.4")) == why
    bare = lesson06.score_function(wrong)
    assert bare == why or ("swapped" in why or "do not score the same" in why)
    if bare != why:                                  # a slip of the table: the checker alone gives the case's rule
        assert bare == why[:why.index("}: ") + 1] + (": when both have a line, compare the largest subscripts: smaller "
                                             "gets 1, larger ½")
        assert lesson06.score_checker()(wrong) == bare


def test_score_checker_a_table_is_tried_in_its_order_on_the_first_wrong_case():
    table = [(lesson06.score_with(first=0.5, later=1), "{got} for {lines}, not {want}"),
             (lesson06.score_with(first=0.5, later=1), "never reached")]
    check = lesson06.score_checker(mistakes=table)
    assert check(_swapped) == "{'X': 0.5, 'O': 1} for [('X', 5), ('O', 6)], not {'X': 1.0, 'O': 0.5}"
    assert check(score_ok) is None
    assert check(_both(1, 1)).endswith("compare the largest subscripts: smaller gets 1, larger ½")


def test_score_with_changes_only_what_both_players_score():
    for (lines,) in lesson06.SCORE_CASES:
        assert lesson06.score_with()(list(lines)) == lesson06.goff_score(list(lines))
    assert lesson06.score_with(first=0.5, later=1)([("X", 7), ("O", 6)]) == {"X": 1.0, "O": 0.5}
    assert lesson06.score_with(first=2, later=3)([("O", 6), ("X", 9), ("X", 9)]) == {"X": 3.0, "O": 2.0}
    assert lesson06.score_with(first=2, later=3)([("X", 9), ("X", 9)]) == {"X": 2.0, "O": 0.0}
    for bad in (True, "1", None, float("nan"), float("inf")):
        with pytest.raises(TypeError, match="finite number of points"):
            lesson06.score_with(first=bad)
        with pytest.raises(TypeError, match="later must be"):
            lesson06.score_with(later=bad)


@pytest.mark.parametrize("wrong, why", [
    (lambda lines: [0, 0], "for lines [] your function returned [0, 0]: return a dict {'X': points, 'O': points}"),
    (lambda lines: {"X": 0}, "for lines [] your function returned {'X': 0}: return a dict {'X': points, 'O': points}"),
    (lambda lines: {"X": 0, "O": 0, "draw": 1},
     "for lines [] your function returned {'X': 0, 'O': 0, 'draw': 1}: return a dict {'X': points, 'O': points}"),
    (lambda lines: {"X": "0", "O": "none"},
     "for lines [] your function returned {'X': '0', 'O': 'none'}: the points must be numbers"),
    (lambda lines: {"X": None, "O": 0}, "for lines [] your function returned {'X': None, 'O': 0}: the points must be numbers"),
    (lambda lines: None, "for lines [] your function returned None: return a dict {'X': points, 'O': points}"),
    (42, "give a function (def score(lines): ...), not int"),
    ({"X": 0, "O": 0}, "give a function (def score(lines): ...), not dict"),
])
def test_score_function_refuses_answers_of_the_wrong_kind(wrong, why):
    assert lesson06.score_function(wrong) == why


def test_score_function_numbers_as_text_are_accepted_when_they_are_right():
    assert lesson06.score_function(lambda lines: {k: str(v) for k, v in score_ok(lines).items()}) is None


# === lesson 06, task 6.5: the best collapse and its points =======================================
TASK_6_5 = "29 46 48 49 25 39 48"          # X7 closes a cycle on 4 and 8: O chooses
X_CHOOSES = "68 18 15 73 34 14 94 76"     # O8 closes a cycle on 7 and 6: X chooses
O_COMPARE = ("X7 closed the cycle, so O chooses, and takes whichever collapse is better for O. Score each of the "
             "two collapses (which lines it completes, and whose largest subscript is smaller) before you pick")
X_COMPARE = ("O8 closed the cycle, so X chooses, and takes whichever collapse is better for X. Score each of the "
             "two collapses (which lines it completes, and whose largest subscript is smaller) before you pick")
RECOUNT = ("the square is a best choice; recount {}'s points after it: when both players have a line, the line "
           "completed first (smaller largest subscript) scores 1 and the other ½")
PAIR = ("give a pair (square, points): the square the chooser sends the mark to, and the points the chooser then "
        "scores")


@pytest.mark.parametrize("answer, why", [
    ((8, 1), None),
    ((8, 1.0), None),
    ((8, 1 + 5e-7), None),
    ((4, 1), O_COMPARE),
    ((4, 0.5), "you scored that collapse correctly, but is it the choice O wants? " + O_COMPARE),
    ((8, 0.5), "those are X's points after that collapse; give the chooser's, O's"),
    ((8, 2), RECOUNT.format("O")),
    ((8, 0), RECOUNT.format("O")),
    ((8, 1 + 2e-6), RECOUNT.format("O")),
    ((7, 1), "X7 can only go to square 4 or 8 (people's numbers, as in the notation): is that a code number?"),
    ((3, 1), "X7 can only go to square 4 or 8 (people's numbers, as in the notation): is that a code number?"),
    ((5, 1), "X7 can only go to square 4 or 8, the two squares of the mark just placed"),
    ((9, 1), "X7 can only go to square 4 or 8, the two squares of the mark just placed"),
    ((0, 1), "X7 can only go to square 4 or 8, the two squares of the mark just placed"),
    (8, PAIR), ((8,), PAIR), ((8, 1, 0), PAIR), ([8, 1], PAIR), ("8, 1", PAIR),
    ((8.0, 1), "give the square as a whole number (people's 1..9), not float"),
    ((True, 1), "give the square as a whole number (people's 1..9), not bool"),
    (("8", 1), "give the square as a whole number (people's 1..9), not str"),
    ((8, "1"), "give the points as a number (for example 1 or 0.5), not str"),
    ((8, True), "give the points as a number (for example 1 or 0.5), not bool"),
    ((8, None), "give the points as a number (for example 1 or 0.5), not NoneType"),
])
def test_task_6_5_o_chooses(answer, why):
    assert hint(answer, lesson06.best_collapse(TASK_6_5)) == why


@pytest.mark.parametrize("answer, why", [
    ((7, 1), None),
    ((7, 1.0), None),
    ((7, 0), "those are O's points after that collapse; give the chooser's, X's"),
    ((7, 2), RECOUNT.format("X")),
    ((6, 1), X_COMPARE),
    ((6, 0), "you scored that collapse correctly, but is it the choice X wants? " + X_COMPARE),
    ((5, 1), "O8 can only go to square 7 or 6 (people's numbers, as in the notation): is that a code number?"),
    ((8, 1), "O8 can only go to square 7 or 6, the two squares of the mark just placed"),
])
def test_best_collapse_when_x_chooses(answer, why):
    assert hint(answer, lesson06.best_collapse(X_CHOOSES)) == why


def test_best_collapse_needs_a_cycle_waiting():
    with pytest.raises(ValueError, match=r"^'29 46' has no cycle waiting to be measured$"):
        lesson06.best_collapse("29 46")


def test_best_collapse_refuses_a_cycle_whose_collapse_does_not_end_the_game():
    # the instructor's position must end with the collapse: otherwise no points can be counted
    # (this position's cycle 1-6-8 leaves the game open; before, every answer crashed the check)
    with pytest.raises(ValueError, match=r"^'68 51 73 94 71 86': a collapse of its cycle does not end "
                       r"the game, so there are no points to count; give a position whose collapse ends it$"):
        lesson06.best_collapse("68 51 73 94 71 86")


# --- lesson 01: the edges of the tolerances and of the probes -------------------------------------
def _at(a0_probe, a1_probe, change):
    """bloch_ok everywhere but at the input (a0_probe, a1_probe), where ``change`` applies."""
    def f(a0, a1):
        th, ph = bloch_ok(a0, a1)
        return change(th, ph) if (a0, a1) == (a0_probe, a1_probe) else (th, ph)
    return f


def test_global_phase_helper_of_the_inputs():
    # the inputs with a global phase are made by multiplying by e^(i gamma)
    assert lesson01._g(0.6, 2.0) == pytest.approx(0.6 * cmath.exp(2j))
    assert lesson01._g(0.8j, -2.2) == pytest.approx(0.8j * cmath.exp(-2.2j))


def test_bloch_reference_the_pole_threshold_is_strict():
    assert lesson01.bloch_reference(1e-12, 1j)[1] == pytest.approx(math.pi / 2)
    assert lesson01.bloch_reference(1, 1e-12j)[1] == pytest.approx(math.pi / 2)


def test_bloch_checker_calls_the_function_with_normalised_states_only():
    def strict(a0, a1):
        if abs(abs(a0) ** 2 + abs(a1) ** 2 - 1) > 1e-9:
            raise ValueError("not a normalised state")
        return bloch_ok(a0, a1)
    assert hint(strict, lesson01.bloch_checker()) is None

    def normalising_half(a0, a1):                # normalises, then forgets the factor 2
        n = math.sqrt(abs(a0) ** 2 + abs(a1) ** 2)
        return math.acos(abs(a0) / n), _dphi(a0, a1) % TAU
    assert hint(normalising_half, checker_of("1.5")).startswith(
        "bloch_angles(0.6, 0.8j) gave θ = acos(0.6)")


WANT_TH = 2 * math.acos(0.6)


@pytest.mark.parametrize("wrong, why", [
    # a named mistake is named only within its tolerance (here: exactly the tolerance away, as an
    # imaginary part, or a plain wrong value near the mistake): otherwise the plain comparison
    (_at(0.6, 0.8j, lambda th, ph: (math.degrees(WANT_TH) + 1e-4j, ph)),
     "for a0 = 0.6, a1 = 0+0.8j your function returned (106.3, 1.571); expected (1.855, 1.571)"),
    (_at(0.6, 0.8j, lambda th, ph: (106.0, ph)),
     "for a0 = 0.6, a1 = 0+0.8j your function returned (106, 1.571); expected (1.855, 1.571)"),
    (_at(0.6, 0.8j, lambda th, ph: (th, 90 + 1e-4j)),
     "for a0 = 0.6, a1 = 0+0.8j your function returned (1.855, 90); expected (1.855, 1.571)"),
    (_at(0.6, 0.8j, lambda th, ph: (th, 89.5)),
     "for a0 = 0.6, a1 = 0+0.8j your function returned (1.855, 89.5); expected (1.855, 1.571)"),
    (_at(0.6, 0.8j, lambda th, ph: (WANT_TH / 2 + 1e-6j, ph)),
     "for a0 = 0.6, a1 = 0+0.8j your function returned (0.9273, 1.571); expected (1.855, 1.571)"),
    (_at(0.6, 0.8j, lambda th, ph: (2 * math.acos(0.36) + 1e-6j, ph)),
     "for a0 = 0.6, a1 = 0+0.8j your function returned (2.405, 1.571); expected (1.855, 1.571)"),
    (_at(1j * R2, 1j * R2, lambda th, ph: (th, math.pi / 2 + 1e-6j)),
     "for a0 = 0+0.707j, a1 = 0+0.707j your function returned (1.571, 1.571); expected (1.571, 0)"),
    (_at(1j * R2, 1j * R2, lambda th, ph: (th, 1.0)),
     "for a0 = 0+0.707j, a1 = 0+0.707j your function returned (1.571, 1); expected (1.571, 0)"),
    (_at(R2, 1j * R2, lambda th, ph: (th, 3 * math.pi / 2 + 1e-6j)),
     "for a0 = 0.707, a1 = 0+0.707j your function returned (1.571, 4.712); expected (1.571, 1.571)"),
    (_at(R2, 1j * R2, lambda th, ph: (th, 4.0)),
     "for a0 = 0.707, a1 = 0+0.707j your function returned (1.571, 4); expected (1.571, 1.571)"),
    (_at(R2, 1j * R2, lambda th, ph: (th, -math.pi / 2 + 1e-6j)),
     "for a0 = 0.707, a1 = 0+0.707j your function returned (1.571, -1.571); expected (1.571, 1.571)"),
    (_at(R2, 1j * R2, lambda th, ph: (th, -1.0)),
     "for a0 = 0.707, a1 = 0+0.707j your function returned (1.571, -1); expected (1.571, 1.571)"),
    (_at(R2, -1j * R2, lambda th, ph: (th, -math.pi / 2 + 1e-6j)),
     "for a0 = 0.707, a1 = 0-0.707j your function returned (1.571, -1.571); expected (1.571, 4.712)"),
    (_at(R2, -1j * R2, lambda th, ph: (th, -1.0)),
     "for a0 = 0.707, a1 = 0-0.707j your function returned (1.571, -1); expected (1.571, 4.712)"),
    (_at(R2, R2, lambda th, ph: (th, TAU - 0.5)),                       # far from 2 pi: not a rounding
     "for a0 = 0.707, a1 = 0.707 your function returned (1.571, 5.783); expected (1.571, 0)"),
], ids=["theta-degrees-edge", "theta-near-degrees", "phi-degrees-edge", "phi-near-degrees", "half-edge",
        "probability-edge", "global-edge", "global-near", "other-way-edge", "other-way-near",
        "other-way-negative-edge", "other-way-negative-near", "negative-edge", "negative-near",
        "half-a-radian-below-2pi"])
def test_bloch_checker_names_a_mistake_only_within_its_tolerance(wrong, why):
    assert hint(wrong, checker_of("1.5")) == why


@pytest.mark.parametrize("right", [
    _at(R2, R2, lambda th, ph: (th, ph + 1e-9j)),          # an imaginary rounding at the tolerance
    _at(R2, R2, lambda th, ph: (th, 1e-6)),                # exactly the tolerance from 0
    _at(R2, R2, lambda th, ph: (th, 2 * math.pi + 1e-9)),  # 2 pi and a rounding: counts as 0
], ids=["imaginary-1e-9", "phi-1e-6", "2pi-plus-1e-9"])
def test_bloch_checker_tolerances_are_inclusive(right):
    assert hint(right, lesson01.bloch_checker()) is None


@pytest.mark.parametrize("probe", [(0.6, 0.8j), (1j * R2, 1j * R2), (R2, 1j * R2), (R2, -1j * R2), (0.8, -0.6)])
def test_bloch_checker_every_probe_insists_on_a_pair(probe):
    f = _at(*probe, lambda th, ph: "pair")
    assert hint(f, lesson01.bloch_checker()) == "bloch_angles should return a pair (two numbers), not 'pair'"


def test_born_checker_tolerances_are_inclusive():
    # P1 exactly 1e-6 from 0: still "only the real part" (within the tolerance of the named mistake)
    assert hint(lambda a0, a1: (0.36, 1e-6), checker_of("1.2")).startswith(
        "born(0.6, 0.8j) gave P1 = 0: you kept only the real part of a1.")
    # (1, 1) answered with an imaginary rounding of exactly the tolerance: accepted
    f = lambda a0, a1: (0.5, 0.5 + 1e-6j) if (a0, a1) == (1, 1) else born_ok(a0, a1)  # noqa: E731
    assert hint(f, lesson01.born_checker()) is None


BORN_SLIPS = [lambda a0, a1: (a0 ** 2, a1 ** 2), lambda a0, a1: (abs(a0), abs(a1)),
              lambda a0, a1: (abs(a1) ** 2, abs(a0) ** 2), lambda a0, a1: (complex(a0).real ** 2, complex(a1).real ** 2)]


@pytest.mark.parametrize("slip", BORN_SLIPS, ids=["squared-amplitude", "sizes", "swapped", "real-part"])
def test_born_checker_without_the_notebook_s_table_no_slip_is_named(slip):
    """Every named slip of Task 1.2 is in its check cell: the checker alone says what the function
    returned on the probe, and the cell's table names the slip."""
    bare = hint(slip, lesson01.born_checker())
    assert bare.startswith("born(0.6, 0.8j) returned (") and bare.endswith("the Born rule gives P0 = |0.6|²")
    assert hint(slip, checker_of("1.2")) != bare


BLOCH_SLIPS = [lambda a0, a1: (math.degrees(bloch_ok(a0, a1)[0]), bloch_ok(a0, a1)[1]),
               lambda a0, a1: (math.acos(abs(a0)), _dphi(a0, a1) % TAU),
               lambda a0, a1: (2 * math.acos(abs(a0)), cmath.phase(a1) % TAU),
               lambda a0, a1: (2 * math.acos(abs(a0)), -_dphi(a0, a1)),
               lambda a0, a1: (2 * math.acos(abs(a0)), _dphi(a0, a1))]


@pytest.mark.parametrize("slip", BLOCH_SLIPS, ids=["degrees", "half", "global", "other-way-negative", "negative"])
def test_bloch_checker_without_the_notebook_s_table_no_slip_is_named(slip):
    bare = hint(slip, lesson01.bloch_checker())
    assert bare.startswith("for a0 = ") and "expected" in bare
    assert hint(slip, checker_of("1.5")) != bare


def test_the_probe_checkers_try_a_table_in_its_order_with_its_fields():
    table = [(lesson01.born_with(swap=True), "born{probe} gave P0 = {got[0]:.3f}"),
             (lesson01.born_with(swap=True), "never")]
    assert hint(BORN_SLIPS[2], lesson01.born_checker(mistakes=table)) == "born(0.6, 0.8j) gave P0 = 0.640"
    assert hint(born_ok, lesson01.born_checker(mistakes=table)) is None
    table = [(lesson01.bloch_with(wrap=False), "at {probe}: {got[1]:.3f}")]
    assert hint(BLOCH_SLIPS[4], lesson01.bloch_checker(mistakes=table)) == (
        f"at {(R2, -1j * R2)}: {-math.pi / 2:.3f}")         # the first probe it gets wrong: |−i⟩
    with pytest.raises(ValueError, match="names the field {p}"):
        lesson01.bloch_checker(mistakes=[(lesson01.bloch_with(wrap=False), "{p}")])


def test_the_builders_of_lesson_01_s_slips_follow_their_definitions():
    for a0, a1 in lesson01.BORN_INPUTS:
        assert lesson01.born_with()(a0, a1) == pytest.approx(born_ok(a0, a1))
        n = abs(a0) ** 2 + abs(a1) ** 2
        assert lesson01.born_with(power=1)(a0, a1) == pytest.approx((abs(a0) / n, abs(a1) / n))
        assert lesson01.born_with(swap=True)(a0, a1) == pytest.approx(born_ok(a0, a1)[::-1])
        assert lesson01.born_with(size=lambda a: a)(a0, a1) == pytest.approx((a0 ** 2 / n, a1 ** 2 / n))
    for a0, a1 in lesson01.BLOCH_INPUTS:
        th, ph = bloch_ok(a0, a1)
        assert lesson01.bloch_with()(a0, a1) == pytest.approx((th, ph))
        assert lesson01.bloch_with(theta_factor=1)(a0, a1) == pytest.approx((th / 2, ph))
        assert lesson01.bloch_with(degrees=["theta", "phi"])(a0, a1) == pytest.approx((math.degrees(th),
                                                                                          math.degrees(ph)))
        assert lesson01.bloch_with(phi="arg(a1)")(a0, a1) == pytest.approx((th, cmath.phase(a1) % TAU))
        assert lesson01.bloch_with(phi="arg(a0) - arg(a1)", wrap=False)(a0, a1) == pytest.approx((th, -_dphi(a0, a1)))
        assert lesson01.bloch_with(theta_from=lambda a: abs(a) ** 2)(a0, a1) == pytest.approx(
            (2 * math.acos(abs(a0) ** 2), ph))
    assert lesson01.bloch_with()(3, 4j) == pytest.approx(lesson01.bloch_reference(0.6, 0.8j))   # normalised first
    for bad, error in [({"size": 2}, TypeError), ({"power": "2"}, TypeError), ({"power": True}, TypeError),
                       ({"swap": 1}, TypeError)]:
        with pytest.raises(error):
            lesson01.born_with(**bad)
    for bad, error in [({"theta_factor": None}, TypeError), ({"theta_from": 1}, TypeError), ({"phi": "a1"}, ValueError),
                       ({"wrap": 0}, TypeError), ({"degrees": "theta"}, TypeError), ({"degrees": ["rad"]}, ValueError)]:
        with pytest.raises(error):
            lesson01.bloch_with(**bad)


def test_born_checker_a_normalised_but_wrong_answer_for_1_1():
    f = lambda a0, a1: (0.3, 0.7) if (a0, a1) == (1, 1) else born_ok(a0, a1)  # noqa: E731
    assert hint(f, lesson01.born_checker()) == "for 1, 1 your function returned (0.3, 0.7); expected (0.5, 0.5)"


# --- lesson 03: the edge of "a product state" -----------------------------------------------------
def test_bell_state_an_entanglement_at_the_threshold_is_not_called_a_product():
    assert hint(Statevector([1, 0, 0, 1e-9]), lesson03.bell_state("Ψ−")) == \
        "your circuit makes 1|00⟩, which is not the state asked for"
    assert hint(Statevector([1, 0, 0, 1e-10]), lesson03.bell_state("Ψ−")) == \
        "your circuit makes 1|00⟩, which is not the state asked for" + PRODUCT


# --- lesson 04: a reply with three threats; rows and columns of every kind ------------------------
def test_move_a_reply_with_three_threats_names_two_of_them():
    assert hint(3, lesson04.move(".....O.XX", "hold")) == (
        "after O at square 3 (the middle of the left column), X answers at square 4 and then threatens a column "
        "and a diagonal at once: a fork, and you can block only one. Look for the move that stops that plan. "
        + NUMBERING)


@pytest.mark.parametrize("key, why", [
    ("OO.XXX...", "for 'OO.XXX...' your function returned None, but X has a row there (squares 3, 4, 5): "
                  "expected 'X'"),
    ("OO....XXX", "for 'OO....XXX' your function returned None, but X has a row there (squares 6, 7, 8): "
                  "expected 'X'"),
    ("OX..XO.X.", "for 'OX..XO.X.' your function returned None, but X has a column there (squares 1, 4, 7): "
                  "expected 'X'"),
    ("O.X.OX..X", "for 'O.X.OX..X' your function returned None, but X has a column there (squares 2, 5, 8): "
                  "expected 'X'"),
])
def test_winner_function_names_each_row_and_column(key, why):
    assert hint(lambda cells: None, lesson04.winner_function([key])) == why


# --- lesson 06: choices compared by value, points at the edge of the tolerance -------------------
def test_best_collapse_when_the_better_collapse_is_worth_half_a_point():
    check = lesson06.best_collapse("14 98 48 27 87 95 49")     # X7 closes the cycle on 4 and 9: O chooses
    assert hint((9, 0.5), check) is None
    assert hint((4, 0), check) == ("you scored that collapse correctly, but is it the choice O wants? X7 closed "
                                   "the cycle, so O chooses, and takes whichever collapse is better for O. Score "
                                   "each of the two collapses (which lines it completes, and whose largest "
                                   "subscript is smaller) before you pick")


def test_best_collapse_when_both_collapses_are_worth_nothing_to_the_chooser():
    check = lesson06.best_collapse("13 82 17 52 41 25")        # O6 closes a cycle on 2 and 5: X scores 0 either way
    assert hint((2, 0), check) is None and hint((5, 0), check) is None
    assert hint((2, 1e-6), check) == RECOUNT.format("X")
    assert hint((2, 1), check) == "those are O's points after that collapse; give the chooser's, X's"


def test_best_collapse_points_exactly_the_tolerance_away_are_wrong():
    check = lesson06.best_collapse(X_CHOOSES)
    assert hint((6, 1e-6), check) == X_COMPARE                  # X's 0 points after 6, missed by 1e-6
    assert hint((7, 1e-6), check) == RECOUNT.format("X")        # O's 0 points after 7, missed by 1e-6


def test_score_function_points_exactly_the_tolerance_away_are_wrong():
    assert lesson06.score_function(lambda lines: score_ok(lines) if lines else {"X": 1e-9, "O": 0}) == \
        "for lines [] your function returned {'X': 1e-09, 'O': 0}: no line, no points"


# =================================================================================================
# Formerly tests/test_checkers_b.py.
# The checkers of lessons 05, 07, 08, 09 and 10, called directly (the course tests run the whole
# notebooks, too slow to judge each mutant): the reference answer of each task is accepted, each
# kind of wrong answer is refused with the hint a learner reads (compared whole), and answers of the
# wrong kind (None, a string, a circuit of the wrong size, a function that raises) get a clear hint,
# never a crash. See tests/MUTATION.md.
# =================================================================================================
def circuit_on(n, *gates):
    qc = QuantumCircuit(n)
    for name, *args in gates:
        getattr(qc, name)(*args)
    return qc


# ============================================ lesson 05 ============================================
# --- groups and group_of (shown in the lesson, used by the checkers) ------------------------------
def test_groups_are_the_linked_squares_sorted_by_their_smallest_square():
    g = GoffGame().play(0, 1).play(4, 5).play(1, 5).play(6, 7)
    assert lesson05.groups(g) == [{0, 1, 4, 5}, {6, 7}]
    # listed by smallest square, whatever the order of the marks
    assert lesson05.groups(GoffGame().play(7, 8).play(0, 1).play(2, 3).play(1, 2)) == [{0, 1, 2, 3}, {7, 8}]
    assert lesson05.groups(GoffGame().play(6, 8).play(3, 4).play(0, 2)) == [{0, 2}, {3, 4}, {6, 8}]
    # a long chain written backwards is one group
    assert lesson05.groups(GoffGame.from_record("89 78 67 56 45 34 23 12")) == [set(range(9))]
    assert lesson05.groups(GoffGame()) == []
    # classical marks are not in the graph
    collapsed = GoffGame().play(0, 1).play(0, 1)
    collapsed.apply(collapsed.legal_moves()[0])
    assert lesson05.groups(collapsed.play(3, 4)) == [{3, 4}]


def test_group_of_a_square_with_a_mark_and_of_one_without():
    g = GoffGame().play(0, 1).play(4, 5).play(1, 5).play(6, 7)
    assert lesson05.group_of(g, 0) == {0, 1, 4, 5}
    assert lesson05.group_of(g, 5) == {0, 1, 4, 5}
    assert lesson05.group_of(g, 7) == {6, 7}
    assert lesson05.group_of(g, 3) == {3}                   # no mark: the square alone
    mine = lesson05.group_of(g, 6)
    mine.add(8)                                              # a copy: the caller may change it
    assert lesson05.group_of(g, 6) == {6, 7}


# --- task 5.3: four corners linked -----------------------------------------------------------------
def test_5_3_the_reference_and_other_trees_through_the_corners_are_accepted():
    assert lesson05.corners_linked(GoffGame().play(0, 2).play(2, 8).play(8, 6).play(6, 7)) is None
    assert lesson05.corners_linked(GoffGame().play(0, 1).play(1, 2).play(2, 8).play(0, 6)) is None


@pytest.mark.parametrize("game, hint", [
    (lambda: GoffGame().play(0, 2).play(2, 8).play(8, 6).play(6, 0),
     "your mark in squares 7 and 1 joins two squares that were already in one group: it closes a cycle, "
     "which must be measured (lesson 06). Join a square of the group to a square outside it instead"),
    (lambda: GoffGame().play(0, 4).play(4, 8).play(2, 4).play(4, 6),
     "square 5 (code 4) holds X1, O2, X3, O4: keep the centre empty"),
    (lambda: GoffGame().play(0, 2).play(2, 8).play(8, 6).play(4, 7),
     "square 5 (code 4) holds O4: keep the centre empty"),
    (lambda: GoffGame().play(0, 2).play(6, 8).play(0, 1).play(7, 8),
     "square 1 is linked only to squares 1, 2, 3; corner(s) 7, 9 are in another group. Four corners need three "
     "marks to join them; the fourth mark must not join two squares that are already linked"),
    (lambda: GoffGame().play(0, 1).play(2, 8).play(6, 8).play(3, 5),
     "square 1 is linked only to squares 1, 2; corner(s) 3, 7, 9 are in another group. Four corners need three "
     "marks to join them; the fourth mark must not join two squares that are already linked"),
    (lambda: GoffGame().play(0, 2).play(2, 8).play(8, 6), "you placed 3 marks; the task asks for exactly four"),
    (lambda: GoffGame().play(0, 2), "you placed 1 mark; the task asks for exactly four"),
    (lambda: GoffGame(), "you placed 0 marks; the task asks for exactly four"),
    (lambda: GoffGame().play(0, 2).play(2, 8).play(8, 6).play(6, 7).play(1, 3),
     "you placed 5 marks; the task asks for exactly four"),
])
def test_5_3_wrong_positions_get_the_hint_that_names_the_mistake(game, hint):
    assert lesson05.corners_linked(game()) == hint


def test_5_3_a_measured_cycle_is_refused():
    g = GoffGame().play(0, 1).play(0, 1)
    g.apply(g.legal_moves()[0])                             # the cycle collapses: two classical marks
    assert g.pending is None
    assert lesson05.corners_linked(g.play(2, 6).play(6, 8)) == (
        "a cycle was closed and measured (there are classical marks): build the position without one")


@pytest.mark.parametrize("answer, kind", [("the corners", "str"), (None, "NoneType"), ([(0, 2)], "list")])
def test_5_3_an_answer_that_is_not_a_game(answer, kind):
    assert lesson05.corners_linked(answer) == f"give the GoffGame you built (answer = g), not {kind}"


# --- task 5.4: a mark named as text ------------------------------------------------------------
WRONG_5_4 = [("O2", "closed the cycle"), ("X3", "count the tokens"), ("X5", "names a square"), ("X1", "first token")]


def test_5_4_the_mark_in_any_usual_spelling_is_accepted():
    check = lesson05.mark_text("O4", wrong=WRONG_5_4)
    for answer in ["O4", "O₄", "o4", " O_4 ", "O 4", "'O4'", '"O4".', "o₄"]:
        assert check(answer) is None, answer


def test_5_4_the_named_mistakes_get_their_own_hint_in_any_spelling():
    check = lesson05.mark_text("O4", wrong=WRONG_5_4, hint="other")
    assert check("O2") == "closed the cycle" and check("o₂") == "closed the cycle"
    assert check("X_3") == "count the tokens" and check("x5") == "names a square" and check("X₁") == "first token"
    assert check("X7") == "other" and check("O44") == "other"


def test_5_4_any_other_mark_gets_the_task_hint_or_the_default():
    assert lesson05.mark_text("O4", hint="the mark before (5)")("X9") == "the mark before (5)"
    assert lesson05.mark_text("O4")("X9") == "not this mark: go back over the record notation above the task"


def test_5_4_text_that_is_not_a_mark_gets_the_form_with_an_example_that_is_not_the_answer():
    form = ("write a mark as its letter and its subscript, such as '{}' or '{}' (a letter X or O, then a number)")
    o4 = lesson05.mark_text("O4", wrong=WRONG_5_4)
    for answer in ["4", "O", "XO4", "O4a", "Z4", ""]:
        assert o4(answer) == form.format("X1", "X₁"), answer
    x1 = lesson05.mark_text("X1")
    assert x1("Z1") == form.format("O2", "O₂")
    assert lesson05.mark_text("X12")("?") == form.format("X1", "X₁")


def test_5_4_an_answer_that_is_not_text():
    assert lesson05.mark_text("O4")(4) == "give the mark as text in quotes, such as 'X1', not int"
    assert lesson05.mark_text("X1")(None) == "give the mark as text in quotes, such as 'O2', not NoneType"


# --- task 5.5: the record of a position ----------------------------------------------------------
def test_5_5_mystery_position_is_the_record_the_task_expects():
    g = lesson05.mystery_position("5.5")
    assert g.notation() == "15 37 59 34 26"
    assert lesson05.same_record("15 37 59 34 26")(g.notation()) is None
    with pytest.raises(KeyError):
        lesson05.mystery_position("5.6")


def test_5_5_the_record_in_any_usual_spelling_is_accepted():
    check = lesson05.same_record("15 37 59 34 26")
    for answer in ["15 37 59 34 26", "51 73 95 43 62", "15,37,59,34,26", " 15  37 59 34 26 ", "15, 37, 59, 34, 26"]:
        assert check(answer) is None, answer


RECORD_HINTS = {
    "count": "your record has {} marks; the position has 5",
    "where": "mark {0} is not where the picture has it: read the squares of {0} again (people's numbers 1..9, row by row)",
}


@pytest.mark.parametrize("answer, hint", [
    ("15 37 59 34", RECORD_HINTS["count"].format(4)),
    ("15 37 59 34 26 78", RECORD_HINTS["count"].format(6)),
    ("04 26 48 23 15", "there is no square 0 in the notation: those look like code numbers (0..8); the record "
                       "counts squares 1..9, as people do"),
    ("15 59 37 34 26", "the right pairs of squares, in the wrong order: the order of the record gives each mark "
                       "its subscript (X1 first, then O2, X3, ...)"),
    ("15 37 59 35 26", RECORD_HINTS["where"].format("O4")),
    ("16 37 59 34 26", RECORD_HINTS["where"].format("X1")),
    ("15 38 59 34 26", RECORD_HINTS["where"].format("O2")),
    ("15 37 59 34 27", RECORD_HINTS["where"].format("X5")),
    ("15-37-59-34-26", "write only the squares' digits (and a collapse in brackets), marks separated by spaces, "
                       "such as '19 59'"),
    ("X15 37 59 34 26", "write only the squares' digits (and a collapse in brackets), marks separated by spaces, "
                        "such as '19 59'"),
    ("15 37 59 34 2x", "write only the squares' digits (and a collapse in brackets), marks separated by spaces, "
                       "such as '19 59'"),
    ("1537593426", "separate the marks with spaces: each mark is its two squares, written as one token, such as "
                   "'19 59' for X1 in 1 and 9, then O2 in 5 and 9"),
    ("1537 59 34 26", "separate the marks with spaces: each mark is its two squares, written as one token, such as "
                      "'19 59' for X1 in 1 and 9, then O2 in 5 and 9"),
    ("15 37 59 34 266", "the engine cannot replay it: cannot read '266' at character 13: a move is two squares like "
                        "19, a collapse like (9) after the mark that closed the cycle, or the last single square"),
])
def test_5_5_wrong_records_get_the_hint_that_names_the_mistake(answer, hint):
    assert lesson05.same_record("15 37 59 34 26")(answer) == hint


@pytest.mark.parametrize("answer, kind", [(1537593426, "int"), (None, "NoneType"), (["15", "37"], "list")])
def test_5_5_an_answer_that_is_not_text(answer, kind):
    assert lesson05.same_record("15 37 59 34 26")(answer) == (
        f"give the record as text in quotes, such as '19 59', not {kind}")


def test_5_5_code_numbers_without_a_zero_are_recognised():
    check = lesson05.same_record("25 37")
    assert check("14 26") == "those are code numbers (0..8): the notation counts squares from 1, as people do"
    assert check("13 26") == RECORD_HINTS["where"].format("X1")
    assert check("14 26 38") == "your record has 3 marks; the position has 2"
    # a 9 is never a code number: an extra mark in square 9 is an extra mark, not a shift
    assert check("14 26 19") == "your record has 3 marks; the position has 2"


def test_5_5_a_record_with_a_collapse_must_name_the_same_collapse():
    check = lesson05.same_record("12 45 14 25(5)")
    assert check("21 54 41 52(5)") is None and check("12,45,14,25 (5)") is None
    assert check("12 45 14 25(2)") is not None
    assert check("12 45 14 25") is not None


# --- task 5.6: a mark that links two squares ------------------------------------------------------
LINK = ("after your mark square 1 is linked to {} only: one end of the mark must be in the group of 1, "
        "the other in the group of 9")
PAIR_FORM = "give the mark as two people's squares, such as (4, 7) or '47'"
PEOPLE = "squares here are people's numbers 1..9 (as in the notation), not code numbers 0..8"


def test_5_6_the_two_right_marks_in_every_usual_form_are_accepted():
    check = lesson05.link_move("12 56 23 89", 1, 9)
    for answer in [(2, 8), (8, 2), [2, 8], (3, 8), 28, 82, 38, "28", "2 8", "2-8", "2–8", "(2, 8)", "2,8", "2;8",
                   "2/8", " (2,8) ", "(28)", "2  8"]:
        assert check(answer) is None, answer


@pytest.mark.parametrize("answer, hint", [
    ((1, 9), "your mark uses square 1: link them without touching either"),
    ((4, 1), "your mark uses square 1: link them without touching either"),
    ((9, 4), "your mark uses square 9: link them without touching either"),
    (91, "your mark uses square 1: link them without touching either"),
    (99, "your mark uses square 9: link them without touching either"),
    ((2, 3), "squares 2 and 3 were already in one group: your mark closes a cycle. Join the group of one square "
             "to the group of the other"),
    ((5, 8), LINK.format("1, 2, 3")),
    ("5-8", LINK.format("1, 2, 3")),
    ((4, 7), LINK.format("1, 2, 3")),
    ((2, 5), LINK.format("1, 2, 3, 5, 6")),
    ((2, 2), "the engine refuses that mark: a spooky mark needs two different squares, got 2 twice"),
    ((0, 8), PEOPLE), ((8, 0), PEOPLE), ((10, 5), PEOPLE), ((5, 10), PEOPLE), (10, PEOPLE), (50, PEOPLE),
    ("0 8", PEOPLE),
    ("28 39", PAIR_FORM), (5, PAIR_FORM), (9, PAIR_FORM), (100, PAIR_FORM), (True, PAIR_FORM),
    ((True, 8), PAIR_FORM), ((2, False), PAIR_FORM), ((2, 8, 1), PAIR_FORM), ((2,), PAIR_FORM), (28.0, PAIR_FORM),
    ((2.0, 8), PAIR_FORM), ({2, 8}, PAIR_FORM), (None, PAIR_FORM), ("two eight", PAIR_FORM), ("2 8 1", PAIR_FORM),
    ("", PAIR_FORM),
])
def test_5_6_wrong_marks_get_the_hint_that_names_the_mistake(answer, hint):
    assert lesson05.link_move("12 56 23 89", 1, 9)(answer) == hint


def test_5_6_the_squares_to_link_are_the_ones_asked():
    check = lesson05.link_move("12 56 23 89", 2, 6)
    assert check((3, 5)) is None
    assert check((1, 6)) == "your mark uses square 6: link them without touching either"
    assert check((3, 7)) == ("after your mark square 2 is linked to 1, 2, 3, 7 only: one end of the mark must be "
                             "in the group of 2, the other in the group of 6")
    # the position is replayed for every answer: an earlier answer leaves no mark behind
    assert check((3, 5)) is None


# ============================================ lesson 07 ============================================
def _right(marks):
    return sum(1 for c in product(*marks) if len(set(c)) == len(c))


def test_7_ensemble_size_is_the_count_of_consistent_boards():
    assert lesson07.ensemble_size([(0, 1)]) == 2
    assert lesson07.ensemble_size([(0, 1), (1, 2), (2, 5)]) == 4
    assert lesson07.ensemble_size([(0, 1), (0, 1)]) == 2
    assert lesson07.ensemble_size([(0, 1), (3, 4), (1, 2), (6, 7), (6, 7)]) == 12
    assert lesson07.ensemble_size(iter([(4, 0), (4, 2), (4, 6)])) == 4      # any iterable of pairs


def test_7_sample_positions_hand_picked_then_random_legal_play():
    cases = lesson07.sample_positions()
    assert cases == lesson07.sample_positions(60, 7)        # the defaults
    assert len(cases) == 69
    assert cases[:9] == [[(0, 1)], [(0, 1), (1, 2)], [(0, 1), (1, 2), (2, 5)], [(4, 0), (4, 2), (4, 6)],
                         [(0, 1), (3, 4)], [(0, 1), (1, 2), (6, 7)], [(0, 1), (0, 1)], [(0, 1), (1, 2), (2, 0)],
                         [(0, 1), (3, 4), (1, 2), (6, 7), (6, 7)]]
    assert len(lesson07.sample_positions(5, 1)) == 14 and lesson07.sample_positions(0) == cases[:9]
    assert lesson07.sample_positions(5, 1) != lesson07.sample_positions(5, 2)      # the seed counts
    rand = cases[9:]
    # the same cases on every machine, so a learner and a teacher see the same hint
    assert rand[:3] == [[(1, 3), (3, 8), (0, 4)], [(6, 8)], [(3, 6)]]
    assert sum(len(p) for p in cases) == 253
    assert all(cases.count(p) == 1 for p in cases)          # no position twice
    assert {len(p) for p in rand} == set(range(1, 8))       # 1 to 7 marks, each length met
    for marks in rand:
        g = GoffGame()
        for i, (a, b) in enumerate(marks):
            assert g.pending is None, marks                  # only the last mark may close a cycle
            g.play(a, b)
    assert 5 < sum(GoffGame.from_record(" ".join(f"{a + 1}{b + 1}" for a, b in m)).pending is not None
                   for m in rand) < 55                       # some stop at a cycle, most do not


def test_7_2_the_reference_and_integer_kinds_are_accepted():
    check = lesson07.count_checker()
    assert check(_right) is None
    assert check(lambda marks: np.int64(_right(marks))) is None
    assert check(lambda marks: np.uint8(_right(marks))) is None


def test_7_2_the_learner_gets_tuples_of_squares():
    seen = []
    check = lesson07.count_checker(positions=[[[0, 1], [1, 2]]])
    assert check(lambda marks: seen.append(marks) or len(set(marks)) + 1) is None
    assert seen == [[(0, 1), (1, 2)]]


def _said(marks, got):
    return f"for the marks {marks} your function returned {got}"


@pytest.mark.parametrize("f, hint", [
    (lambda m: 2 ** len(m), _said([(0, 1), (1, 2)], 4) + ", which is 2**2: every way of placing the marks. Prune "
                                                          "the placements that put two marks in one square."),
    (lambda m: len(m) + 1, _said([(0, 1), (3, 4)], 3) + ". These marks form 2 separate groups: try every placement "
                                                        "of all the marks, not just of one group."),
    (lambda m: len({s for p in m for s in p}),
     _said([(0, 1), (1, 2), (6, 7)], 5) + ", the number of squares the marks touch. Count placements (one square "
                                          "for each mark, no square used twice), not squares."),
    (lambda m: sum(1 for c in product(*m) if len(set(c)) < len(c)),
     _said([(0, 1)], 0) + ": that counts the pruned placements (two marks in one square), not the ones that remain."),
    (lambda m: sum(1 for c in product(*m) if all(c[i] != c[i + 1] for i in range(len(c) - 1))),
     _said([(4, 0), (4, 2), (4, 6)], 5) + "; the rules engine counts 4. Try every placement and keep those with no "
                                          "square used twice."),
])
def test_7_2_the_usual_wrong_counts_get_the_hint_that_names_the_mistake(f, hint):
    """The slips are named by the notebook's check cell (lessons/07a), read from it."""
    assert checker_of("7.2")(f) == hint


NAMED_7_2 = ("which is 2**", "that counts the pruned placements", "the number of squares the marks touch")


@pytest.mark.parametrize("f", [lambda m: 2 ** len(m), lambda m: len({s for p in m for s in p}),
                               lambda m: sum(1 for c in product(*m) if len(set(c)) < len(c))],
                         ids=["no-pruning", "squares", "pruned"])
def test_7_2_without_the_notebook_s_table_no_slip_is_named(f):
    """Every named slip of Task 7.2 is in its check cell: the checker alone gives the hints chosen by
    the position (cycle, groups) or the general one, and the cell's table names each slip."""
    bare, notebook = lesson07.count_checker()(f), checker_of("7.2")(f)
    assert not any(words in bare for words in NAMED_7_2)
    assert bare.startswith("for the marks ") and bare != notebook
    assert any(words in notebook for words in NAMED_7_2)


def test_7_2_no_pruning_and_counting_the_pruned_are_named_for_any_number_of_marks():
    chain = [(0, 1), (1, 2), (2, 5)]
    table = table_of("7.2")
    assert lesson07.count_checker([chain], mistakes=table)(lambda m: 2 ** len(m)) == (
        _said(chain, 8) + ", which is 2**3: every way of placing the marks. Prune the placements that put two marks "
                          "in one square.")
    cycle = [(0, 1), (1, 2), (2, 0)]
    pruned = lambda m: sum(1 for c in product(*m) if len(set(c)) < len(c))      # noqa: E731
    assert lesson07.count_checker([cycle], mistakes=table)(pruned) == (
        _said(cycle, 6) + ": that counts the pruned placements (two marks in one square), not the ones that remain.")


def test_7_2_a_table_is_tried_in_its_order_on_the_first_wrong_position_with_its_fields_filled_in():
    chain = [(0, 1), (1, 2)]                                 # 3 boards, 4 placements, 3 squares
    table = [(lambda m: 2 ** len(m), "{got} = 2**{n_marks} for {marks} (the engine: {want})"),
             (lambda m: 4, "never reached: the first match wins"),
             (lambda m: 3 * len(m), "{got!r} on {marks}")]
    check = lesson07.count_checker([[(0, 1)], chain], mistakes=table)
    assert check(lambda m: 2 ** len(m) if len(m) == 2 else 2) == "4 = 2**2 for [(0, 1), (1, 2)] (the engine: 3)"
    assert check(lambda m: 3 * len(m)) == "3 on [(0, 1)]"                  # the first position it gets wrong
    assert check(lambda m: 5).startswith("for the marks [(0, 1)] your function returned 5; the rules engine")


@pytest.mark.parametrize("hint, why", [
    ("for {marks} you said {count}", "names the field {count}; this checker fills in {marks}, {got}, {want}, {n_marks}"),
    ("a lone { brace", "is not a template"),
])
def test_7_2_a_table_whose_hint_names_another_field_is_refused_when_the_checker_is_built(hint, why):
    with pytest.raises(ValueError, match=re.escape(why)):
        lesson07.count_checker(mistakes=[(lambda m: 2 ** len(m), hint)])


def test_7_2_the_first_position_where_it_disagrees_is_named():
    cases = [[(0, 1)], [(0, 1), (1, 2)], [(0, 1), (3, 4)]]
    wrong_on_last = lambda m: 5 if m == [(0, 1), (3, 4)] else _right(m)     # noqa: E731
    assert lesson07.count_checker(cases)(wrong_on_last) == (
        _said([(0, 1), (3, 4)], 5) + ". These marks form 2 separate groups: try every placement of all the marks, "
                                     "not just of one group.")
    assert lesson07.count_checker(cases[:2])(wrong_on_last) is None


@pytest.mark.parametrize("value, shown", [(True, "True"), (1.0, "1.0"), (None, "None"), ("2", "'2'"),
                                          (np.float64(2.0), repr(np.float64(2.0))), (2 + 0j, "(2+0j)")])
def test_7_2_a_count_that_is_not_a_whole_number(value, shown):
    assert lesson07.count_checker()(lambda m: value) == (
        f"for the marks [(0, 1)] your function returned {shown}: return a whole number (a count)")


@pytest.mark.parametrize("answer, kind", [("ten", "str"), (3, "int"), (None, "NoneType")])
def test_7_2_an_answer_that_is_not_a_function(answer, kind):
    assert lesson07.count_checker()(answer) == (
        f"give the function itself (count_consistent, without brackets), not {kind}")


# ============================================ lesson 08 ============================================
def test_8_1_psi_plus_is_accepted_with_any_global_phase():
    check = lesson08.one_mark_checker()
    assert lesson08.PSI_PLUS == pytest.approx([0, 1 / math.sqrt(2), 1 / math.sqrt(2), 0])
    assert check(circuit_on(2, ("h", 0), ("cx", 0, 1), ("x", 1))) is None
    assert check(circuit_on(2, ("h", 0), ("x", 1), ("cx", 0, 1))) is None
    assert check(circuit_on(2, ("h", 0), ("x", 1), ("cx", 0, 1), ("z", 0), ("z", 1))) is None      # global −1
    assert check(Statevector([0, 1j / math.sqrt(2), 1j / math.sqrt(2), 0])) is None
    measured = circuit_on(2, ("h", 0), ("cx", 0, 1), ("x", 1))
    measured.measure_all()
    assert check(measured) is None


BOTH = ("your circuit makes {}: with probability {} the mark would be in both squares or in neither. A mark is in "
        "exactly one square, so the two qubits must always differ.")
ODDS = ("your circuit makes {}: the mark is always in one square, but not with equal odds; the two squares need "
        "amplitudes of the same size.")
SIGN_8 = ("your circuit makes {}: the right odds, but a relative sign differs from (|01⟩ + |10⟩)/√2. An H acting on "
        "|1⟩ puts in a minus sign, and so does Z: check the order of your gates.")


@pytest.mark.parametrize("answer, hint", [
    (circuit_on(2, ("h", 0), ("cx", 0, 1)), BOTH.format("0.707|00⟩ + 0.707|11⟩", "1.00")),
    (circuit_on(2, ("h", 0), ("x", 1)), BOTH.format("0.707|10⟩ + 0.707|11⟩", "0.50")),
    (circuit_on(2), BOTH.format("1|00⟩", "1.00")),
    (Statevector([0.1, math.sqrt(0.49), math.sqrt(0.49), math.sqrt(0.01)]),
     BOTH.format("0.1|00⟩ + 0.7|01⟩ + 0.7|10⟩ + 0.1|11⟩", "0.02")),
    (circuit_on(2, ("x", 0), ("h", 0), ("cx", 0, 1), ("x", 1)), SIGN_8.format("-0.707|01⟩ + 0.707|10⟩")),
    (circuit_on(2, ("h", 0), ("x", 1), ("cx", 0, 1), ("s", 0)), SIGN_8.format("0.707i|01⟩ + 0.707|10⟩")),
    (circuit_on(2, ("x", 1)), ODDS.format("1|10⟩")),
    (circuit_on(2, ("x", 0)), ODDS.format("1|01⟩")),
    (circuit_on(2, ("ry", 1.0, 0), ("x", 1), ("cx", 0, 1)), ODDS.format("0.479|01⟩ + 0.878|10⟩")),
    (Statevector([0, math.sqrt(0.505), math.sqrt(0.495), 0]), ODDS.format("0.711|01⟩ + 0.704|10⟩")),
])
def test_8_1_wrong_states_get_the_hint_that_says_what_the_mark_would_do(answer, hint):
    assert lesson08.one_mark_checker()(answer) == hint


def test_8_1_a_tiny_leak_into_both_or_neither_is_still_named():
    leak = 1e-5                                              # P(00) + P(11)
    sv = Statevector([math.sqrt(leak), math.sqrt((1 - leak) / 2), math.sqrt((1 - leak) / 2), 0])
    assert lesson08.one_mark_checker()(sv) == BOTH.format("0.003|00⟩ + 0.707|01⟩ + 0.707|10⟩", "0.00")


def test_8_1_a_leak_of_at_most_a_millionth_is_rounding_noise():
    r = math.sqrt((1 - 1e-6) / 2)
    sv = Statevector([1e-3, r, -r, 0])                       # P(00) = 1e-6 exactly, and a wrong sign
    assert lesson08.one_mark_checker()(sv) == SIGN_8.format("0.001|00⟩ + 0.707|01⟩ − 0.707|10⟩")


@pytest.mark.parametrize("n", [1, 3])
def test_8_1_a_circuit_with_the_wrong_number_of_qubits(n):
    assert lesson08.one_mark_checker()(QuantumCircuit(n)) == (
        f"use a circuit with 2 qubits (qubit 0 for square a, qubit 1 for square b), not {n}")


def test_8_1_an_answer_that_is_not_a_circuit():
    check = lesson08.one_mark_checker()
    assert verdict("H CX X", using=check) == "give a QuantumCircuit, not str"
    assert verdict([0, 1, 1, 0], using=check) == "give a QuantumCircuit, not list"


# ============================================ lesson 09 ============================================
def _task_9_4():
    position = QubitGame(seed=0)
    for cell in (3, 5, 4, 0, 8, 2):                          # X, O, X, O, X, O; X to move
        position.place(cell)
    return position


def _o_to_move():
    position = QubitGame(seed=0)
    for cell in (3, 0, 4, 1, 7):                             # X 3, 4, 7; O 0, 1; O to move
        position.place(cell)
    return position


def test_9_win_probability_for_the_player_to_move_and_the_opponent():
    x = _task_9_4()
    assert lesson09.win_probability(x, ("swap", 5, 8)) == (1, 0)
    assert lesson09.win_probability(x, ("swap", 0, 8)) == (0, 1)
    assert lesson09.win_probability(x, ("h", 1)) == (0, pytest.approx(0.5))
    assert lesson09.win_probability(x, ("place", 1)) == (0, 0)
    o = _o_to_move()
    assert o.to_move == "O"
    assert lesson09.win_probability(o, ("place", 2)) == (1, 0)
    assert lesson09.win_probability(o, ("swap", 1, 3)) == (0, 1)
    assert lesson09.win_probability(o, ("phase", 2, "T")) == (pytest.approx(0.8535533905932737), 0)
    assert lesson09.win_probability(o, ("entangle", 3, (2, 5))) == (pytest.approx(0.5), pytest.approx(0.5))
    assert x.to_move == "X" and o.to_move == "O" and x.cells == _task_9_4().cells     # left unchanged


def test_9_4_the_winning_move_is_accepted_as_a_tuple_or_a_list():
    check = lesson09.wins_at_once(_task_9_4())
    assert check(("swap", 5, 8)) is None and check(["swap", 8, 5]) is None
    assert lesson09.wins_at_once(_o_to_move())(("place", 2)) is None


NO_LINE_X = ("after the move {} no line is complete and nothing is measured: find a move that puts a X into a line "
             "of yours that has Xs in its other squares.")
PLACE_X = ("the move {} completes no line of Xs (it may block O, but the task asks for a win now): no empty square "
           "finishes a line of yours here. Which move changes two squares at once?")
MOVE_FORM = "give a move as a tuple, such as ('place', 4) or ('swap', 0, 1) (cells in code numbers 0..8)"


@pytest.mark.parametrize("move, hint", [
    (("swap", 0, 8), "the move ('swap', 0, 8) lets O win for certain: a SWAP moves O's mark as well as yours: look "
                     "at where O's mark ends up."),
    (("phase", 1, "ST"), "the move ('phase', 1, 'ST') lets O win with probability 0.146: the move fills a line that "
                         "a measurement can complete for O."),
    (("h", 1), "the move ('h', 1) lets O win with probability 0.500: the move fills a line that a measurement can "
               "complete for O."),
    (("place", 1), PLACE_X.format("('place', 1)")),
    (["place", 6], PLACE_X.format("('place', 6)")),
    (("swap", 3, 5), NO_LINE_X.format("('swap', 3, 5)")),
    (("h", 6), NO_LINE_X.format("('h', 6)")),
    (("place", 9), "the rules do not allow that move: cell 10 is off the board: cells are 1..9 (9 in code; code "
                   "counts 0..8)"),
    (("collapse",), "the rules do not allow that move: nothing is quantum: there is nothing to measure, and a "
                    "collapse does not pass the turn"),
    ("swap 5 8", MOVE_FORM), ((), MOVE_FORM), ([], MOVE_FORM), ((5, 8), MOVE_FORM), (None, MOVE_FORM), (58, MOVE_FORM),
])
def test_9_4_wrong_moves_get_the_hint_that_says_what_the_move_does(move, hint):
    assert lesson09.wins_at_once(_task_9_4())(move) == hint


@pytest.mark.parametrize("move, hint", [
    (("swap", 1, 3), "the move ('swap', 1, 3) lets X win for certain: a SWAP moves X's mark as well as yours: look "
                     "at where X's mark ends up."),
    (("phase", 5, "T"), "the move ('phase', 5, 'T') lets X win with probability 0.146: the move fills a line that a "
                        "measurement can complete for X."),
    (("entangle", 3, (2, 5)), "the move ('entangle', 3, (2, 5)) lets X win with probability 0.500: the move fills a "
                              "line that a measurement can complete for X."),
    (("h", 2), "the move ('h', 2) wins only with probability 0.500: it leaves the line to a measurement. A move that "
               "needs no luck exists."),
    (("phase", 2, "T"), "the move ('phase', 2, 'T') wins only with probability 0.854: it leaves the line to a "
                        "measurement. A move that needs no luck exists."),
    (("place", 5), "the move ('place', 5) completes no line of Os (it may block X, but the task asks for a win now): "
                   "no empty square finishes a line of yours here. Which move changes two squares at once?"),
    (("swap", 0, 3), "after the move ('swap', 0, 3) no line is complete and nothing is measured: find a move that "
                     "puts a O into a line of yours that has Os in its other squares."),
])
def test_9_4_hints_name_the_player_to_move_and_the_opponent(move, hint):
    assert lesson09.wins_at_once(_o_to_move())(move) == hint


def test_9_4_the_checker_does_not_change_the_position():
    position = _task_9_4()
    check = lesson09.wins_at_once(position)
    check(("swap", 0, 8)), check(("h", 1)), check(("swap", 5, 8))
    assert position.cells == _task_9_4().cells and position.to_move == "X"


# --- task 9.3: the first cell odd -----------------------------------------------------------------
def _odd_first():
    return circuit_on(3, ("h", 0), ("x", [1, 2]), ("cx", 0, 1), ("cx", 0, 2))


def test_9_3_cell_outcomes_in_cell_order():
    assert lesson09.cell_outcomes(_odd_first()) == {"XOO": 0.5, "OXX": 0.5}
    assert lesson09.cell_outcomes(circuit_on(3, ("x", 0))) == {"XOO": 1.0}
    assert lesson09.cell_outcomes(circuit_on(2, ("x", 1))) == {"OX": 1.0}
    assert lesson09.cell_outcomes(circuit_on(1, ("ry", 1.0, 0))) == {"O": 0.770151, "X": 0.229849}
    assert lesson09.cell_outcomes(circuit_on(1, ("ry", 1e-4, 0))) == {"O": 1.0, "X": 0.0}   # rounded, still listed
    assert lesson09.cell_outcomes(circuit_on(1, ("ry", 1e-5, 0))) == {"O": 1.0}              # below 1e-9: left out
    assert lesson09.cell_outcomes(Statevector([math.sqrt(1 - 1e-9), math.sqrt(1e-9)])) == {"O": 1.0}   # 1e-9: out
    assert lesson09.cell_outcomes(Statevector([math.sqrt(1 - 1e-9), 3.16227766016838e-05])) == {"O": 1.0, "X": 0.0}
    assert lesson09.ODD_FIRST == pytest.approx([0, 1 / math.sqrt(2), 0, 0, 0, 0, 1 / math.sqrt(2), 0])


def test_9_3_the_reference_is_accepted():
    check = lesson09.odd_first_checker()
    assert check(_odd_first()) is None
    assert check(circuit_on(3, ("h", 0), ("x", [1, 2]), ("cx", 0, 1), ("cx", 0, 2), ("z", 0), ("z", 0))) is None
    assert check(Statevector(lesson09.ODD_FIRST)) is None


PHASE_9_3 = ("the right probabilities, but a relative phase (a sign) is wrong. XOO and OXX each come out half the "
             "time, as asked, but with a minus sign (or another phase, such as i) between them, not +. On this board "
             "the odds would be the same, yet it "
             "is another state: an X on a qubit before its H turns the + of the superposition into a −")
OTHER_9_3 = ("{}, in cell order; the task asks for two boards, XOO and OXX, with probability 1/2 each: cell a "
             "different from b and c")


@pytest.mark.parametrize("answer, hint", [
    (circuit_on(3, ("h", 0), ("x", 1), ("x", 2), ("cx", 0, 1), ("cx", 1, 2)),
     "your cells come out as OXO (0.5) or XOX (0.5), in cell order: that is level 2, where the middle cell b is the "
     "odd one out. Follow the branch a = X through your gates: which cells does it flip, and which do the CNOTs read?"),
    (circuit_on(3, ("h", 0), ("cx", 0, 1), ("cx", 0, 2)),
     "your cells come out as OOO (0.5) or XXX (0.5): all three cells always equal, which is GHZ (level 4). An odd "
     "cell needs X gates on the cells that must differ from a"),
    (circuit_on(3, ("h", 2), ("x", 0), ("x", 1), ("cx", 2, 0), ("cx", 2, 1)),
     "your cells come out as OOX (0.5) or XXO (0.5), in cell order: the third cell c is the odd one out. Qiskit "
     "writes qubit 0 rightmost, so a bitstring read left to right lists the cells backwards: did you build it from "
     "a bitstring read the wrong way round?"),
    (circuit_on(3, ("x", 0), ("h", 0), ("x", 1), ("x", 2), ("cx", 0, 1), ("cx", 0, 2)),
     "your circuit makes -0.707|001⟩ + 0.707|110⟩: " + PHASE_9_3),
    (circuit_on(3, ("h", 0), ("x", 1), ("x", 2), ("cx", 0, 1), ("cx", 0, 2), ("s", 0)),   # i, not a minus sign
     "your circuit makes 0.707i|001⟩ + 0.707|110⟩: " + PHASE_9_3),
    (circuit_on(3, ("h", 0), ("h", 1), ("h", 2)),
     OTHER_9_3.format("your cells come out as " + " or ".join(
         f"{k} (0.125)" for k in ["OOO", "OOX", "OXO", "OXX", "XOO", "XOX", "XXO", "XXX"]))),
    (circuit_on(3, ("x", 0)), OTHER_9_3.format("your cells come out as XOO (1)")),
    (circuit_on(3, ("h", 0), ("x", 1), ("cx", 0, 1)), OTHER_9_3.format("your cells come out as OXO (0.5) or XOO (0.5)")),
    (circuit_on(3, ("h", 0), ("x", 1), ("x", 2), ("cx", 0, 1)),
     OTHER_9_3.format("your cells come out as OXX (0.5) or XOX (0.5)")),
])
def test_9_3_wrong_circuits_get_the_hint_that_names_the_slip(answer, hint):
    """The slips are named by the notebook's check cell (lessons/09a), read from it."""
    assert checker_of("9.3")(answer) == hint


@pytest.mark.parametrize("answer", [circuit_on(3, ("h", 0), ("x", 1), ("x", 2), ("cx", 0, 1), ("cx", 1, 2)),
                                    circuit_on(3, ("h", 0), ("cx", 0, 1), ("cx", 0, 2)),
                                    circuit_on(3, ("h", 2), ("x", 0), ("x", 1), ("cx", 2, 0), ("cx", 2, 1))],
                         ids=["level-2", "ghz", "bit-order"])
def test_9_3_without_the_notebook_s_table_no_slip_is_named(answer):
    """Every named slip of Task 9.3 is in its check cell: the checker alone gives the general hint."""
    bare = lesson09.odd_first_checker()(answer)
    assert bare == OTHER_9_3.format("your cells come out as " + bare.split("your cells come out as ")[1].split(
        ", in cell order")[0])
    assert checker_of("9.3")(answer) != bare


def test_9_3_a_table_is_matched_by_the_boards_whatever_their_odds_in_its_order():
    check = lesson09.odd_first_checker(mistakes=[(["XOO", "XXX"], "{cells}: first"), ({"XXX", "XOO"}, "second")])
    tilted = circuit_on(3, ("x", 0), ("ry", 1.0, 1), ("cx", 1, 2))          # XOO or XXX, not half and half
    assert check(tilted) == "XOO (0.770151) or XXX (0.229849): first"
    assert check(_odd_first()) is None
    assert check(circuit_on(3, ("x", 0))) == OTHER_9_3.format("your cells come out as XOO (1)")


@pytest.mark.parametrize("boards, error", [("OXO", TypeError), ({"OX"}, ValueError), ({"OXA"}, ValueError),
                                           (set(), ValueError), ({"OXO", 5}, ValueError)])
def test_9_3_a_table_entry_that_is_not_a_set_of_boards_is_refused(boards, error):
    with pytest.raises(error):
        lesson09.odd_first_checker(mistakes=[(boards, "a slip")])


@pytest.mark.parametrize("n", [2, 4])
def test_9_3_a_circuit_with_the_wrong_number_of_qubits(n):
    assert lesson09.odd_first_checker()(QuantumCircuit(n)) == f"use a circuit with 3 qubits, not {n}"


def test_9_3_an_answer_that_is_not_a_circuit():
    assert verdict("H X CX", using=lesson09.odd_first_checker()) == "give a QuantumCircuit, not str"


# ============================================ lesson 10 ============================================
def test_10_grover_state_after_some_rounds():
    s = 1 / math.sqrt(8)
    assert np.allclose(lesson10.grover_state(3, [6], 0), [s] * 8)
    one = lesson10.grover_state(3, [6], 1)
    assert np.allclose(one, [s / 2] * 6 + [5 * s / 2, s / 2])          # 1/(4√2) each, 5/(4√2) at index 6
    assert np.allclose(lesson10.grover_state(2, [3], 1), [0, 0, 0, 1])    # N = 4: one round finds it
    assert np.allclose(lesson10.grover_state(3, [1, 2], 1), [0, 1 / math.sqrt(2), 1 / math.sqrt(2), 0, 0, 0, 0, 0])
    two = lesson10.grover_state(3, [6], 2)
    assert abs(two[6]) ** 2 == pytest.approx(0.9453125)
    assert lesson10.grover_state(3, [6], 1).dtype == complex


_grover = lesson_10_wrong.grover_circuit          # one builder for these tests and the course's wrong answers


def test_10_2_one_round_is_accepted():
    assert lesson10.grover_round(3, 6)(_grover([0])) is None
    assert lesson10.grover_round(3, 5)(_grover([1])) is None
    assert lesson10.grover_round(3, 7)(_grover([])) is None


def test_10_2_accepts_the_diffusion_as_d_or_as_minus_d_as_the_task_says():
    """Task 10.2 says the check compares up to a global phase, so H X CCZ X H (which is -D) passes,
    and so does the exact D = 2|s><s| - I (here: the same gates and a global phase of pi)."""
    from qiskit.quantum_info import Operator
    minus_d = QuantumCircuit(3)
    minus_d.h([0, 1, 2]); minus_d.x([0, 1, 2]); minus_d.ccz(0, 1, 2); minus_d.x([0, 1, 2]); minus_d.h([0, 1, 2])  # noqa: E702
    s = np.full(8, 1 / math.sqrt(8))
    D = 2 * np.outer(s, s) - np.eye(8)
    assert np.allclose(Operator(minus_d).data, -D)                       # the usual gates make -D, not D
    exact_d = _grover([0]); exact_d.global_phase += math.pi                # one round with +D exactly
    assert np.allclose(Statevector(exact_d).data, lesson10.grover_state(3, [6], 1))
    assert np.allclose(Statevector(_grover([0])).data, -lesson10.grover_state(3, [6], 1))
    assert lesson10.grover_round(3, 6)(exact_d) is None
    assert lesson10.grover_round(3, 6)(_grover([0])) is None
    # a phase on part of the state is not a global phase: the diffusion left out is still refused
    assert lesson10.grover_round(3, 6)(_grover([0], diffusion=False)) is not None

EQUAL = ("all 8 outcomes are still equally likely (1/8 each): an oracle alone only flips a sign, which a "
         "measurement cannot see, and a diffusion alone leaves |s⟩ as it is. One round is the oracle followed by the "
         "diffusion.")
ROUNDS = ("that is {} rounds (P(index 6) = {}); the task asks for one round: the oracle and the diffusion once each.")
OTHER = ("your circuit gives P(index {}) = {}; one round gives 0.781. Start from the equal superposition (H on every "
         "qubit), then the oracle (a sign flip of |{}⟩ only), then the diffusion (H, X, CCZ, X, H on every qubit).")


@pytest.mark.parametrize("answer, hint", [
    (_grover([0], diffusion=False), EQUAL),
    (_grover([0], oracle=False), EQUAL),
    (_grover([2]), "your circuit amplifies index 3 = 011, not 6 = 110: the index is read backwards. In Qiskit qubit "
                   "0 is the rightmost bit of an index."),
    (_grover([0], rounds=2), ROUNDS.format(2, "0.945")),
    (_grover([0], rounds=3), ROUNDS.format(3, "0.330")),
    (_grover([0], rounds=4), OTHER.format(6, "0.012", "110")),
    (_grover([0], start=False), OTHER.format(6, "0.062", "110")),
    (_grover([1]), OTHER.format(6, "0.031", "110")),
    (QuantumCircuit(3), OTHER.format(6, "0.000", "110")),
])
def test_10_2_wrong_circuits_get_the_hint_that_names_the_slip(answer, hint):
    assert checker_of("10.2")(answer) == hint          # the notebook's check, with the slips its cell names


def test_10_2_outcomes_equal_up_to_rounding_noise_count_as_equally_likely():
    qc = QuantumCircuit(3)
    qc.h([0, 1, 2])
    qc.ry(1.4e-5, 0)                                         # each probability off 1/8 by 1.75e-6
    assert lesson10.grover_round(3, 6)(qc) == EQUAL


def test_10_2_the_hints_speak_of_the_index_asked():
    check = lesson10.grover_round(3, 1)                       # 001, reversed 100 = 4
    assert check(_grover([1, 2])) is None
    assert check(_grover([0, 1])) == OTHER.format(1, "0.031", "001")   # the library names no backwards slip itself
    named = lesson10.grover_round(3, 1, mistakes=[(lesson10.grover_state(3, [4], 1), "index 4: read backwards"),
                                                  (lesson10.grover_state(3, [1], 2), "two rounds")])
    assert named(_grover([0, 1])) == "index 4: read backwards"       # the check cell's table names it
    assert named(_grover([1, 2], rounds=2)) == "two rounds"
    assert named(_grover([1, 2])) is None
    assert check(_grover([1, 2], rounds=2)) == OTHER.format(1, "0.945", "001")   # nor two rounds: the table does
    assert check(QuantumCircuit(3)) == OTHER.format(1, "0.000", "001")


def test_10_2_without_the_notebook_s_table_no_slip_is_named():
    """Every named slip of Task 10.2 is in its check cell (lessons/10a): the checker alone gives the
    structural hints and the general one, and the cell's table names each slip (read from the notebook)."""
    bare, notebook = lesson10.grover_round(3, 6), checker_of("10.2")
    for slip, general in ((_grover([2]), OTHER.format(6, "0.031", "110")),
                          (_grover([0], rounds=2), OTHER.format(6, "0.945", "110")),
                          (_grover([0], rounds=3), OTHER.format(6, "0.330", "110"))):
        assert bare(slip) == general
        assert notebook(slip) != general
    for structural in (_grover([0], diffusion=False), QuantumCircuit(2)):
        assert bare(structural) == notebook(structural)
    palindrome = lesson10.grover_round(3, 5)
    assert palindrome(_grover([0])) == (
        "your circuit gives P(index 5) = 0.031; one round gives 0.781. Start from the equal superposition (H on "
        "every qubit), then the oracle (a sign flip of |101⟩ only), then the diffusion (H, X, CCZ, X, H on every "
        "qubit).")


def test_10_2_other_sizes():
    two = lesson10.grover_round(2, 1)                         # N = 4: one round finds index 1 for certain
    qc = QuantumCircuit(2)
    qc.h([0, 1]); qc.x(1); qc.cz(0, 1); qc.x(1)              # noqa: E702 - oracle of |01>
    qc.h([0, 1]); qc.x([0, 1]); qc.cz(0, 1); qc.x([0, 1]); qc.h([0, 1])      # noqa: E702
    assert two(qc) is None
    assert two(QuantumCircuit(2)) == (
        "your circuit gives P(index 1) = 0.000; one round gives 1.000. Start from the equal superposition (H on "
        "every qubit), then the oracle (a sign flip of |01⟩ only), then the diffusion (H, X, CCZ, X, H on every "
        "qubit).")
    h = QuantumCircuit(2)
    h.h([0, 1])
    assert two(h) == ("all 4 outcomes are still equally likely (1/4 each): an oracle alone only flips a sign, which "
                      "a measurement cannot see, and a diffusion alone leaves |s⟩ as it is. One round is the oracle "
                      "followed by the diffusion.")


@pytest.mark.parametrize("n", [2, 4])
def test_10_2_a_circuit_with_the_wrong_number_of_qubits(n):
    assert lesson10.grover_round(3, 6)(QuantumCircuit(n)) == f"use a circuit with 3 qubits, not {n}"


def test_10_2_an_answer_that_is_not_a_circuit():
    assert verdict("H oracle D", using=lesson10.grover_round(3, 6)) == "give a QuantumCircuit, not str"


# --- task 10.3: the success probability --------------------------------------------------------
def test_10_p_success_reference_values():
    ref = lesson10.p_success_reference
    assert ref(2, 1, 1) == pytest.approx(1.0)
    assert ref(3, 1, 0) == pytest.approx(1 / 8)
    assert ref(3, 1, 1) == pytest.approx(0.78125)
    assert ref(3, 1, 2) == pytest.approx(0.9453125)
    assert ref(6, 9, 2) == pytest.approx(math.sin(5 * math.asin(3 / 8)) ** 2)
    assert ref(3, 0, 2) == 0.0 and ref(3, 8, 1) == pytest.approx(1.0)


def test_10b_formula_curve_follows_the_grover_rounds_it_draws():
    # the figure's lines: each value is P(marked) of the round-by-round state (grover_state, oracle
    # then diffusion applied r times), not a copy of the formula
    for n, M in [(3, 1), (5, 1), (6, 1), (4, 3), (5, 8)]:
        curve = lesson10.formula_curve(n, M, range(9))
        for r, p in enumerate(curve):
            state = lesson10.grover_state(n, range(M), r)
            assert p == pytest.approx(float(np.sum(np.abs(state[:M]) ** 2)), abs=1e-9)
    assert lesson10.formula_curve(3, 1, []) == []


@pytest.mark.parametrize("args", [(0, 1, [1]), (3, 9, [1]), (3, -1, [1]), (3, 1, [-1]), (3, 1, [1.5]), (3.0, 1, [1])])
def test_10b_formula_curve_refuses_bad_input(args):
    with pytest.raises(ValueError):
        lesson10.formula_curve(*args)


def test_10b_formula_curve_takes_the_edges_and_says_what_is_wrong():
    """n = 1 and M from 0 to 2**n are drawn; beyond them the refusal names the values."""
    ref = lesson10.p_success_reference
    for n, M in [(1, 0), (1, 1), (1, 2), (2, 4), (3, 7), (3, 8)]:
        assert lesson10.formula_curve(n, M, [0, 1, 2]) == [ref(n, M, r) for r in (0, 1, 2)]
    for n, M in [(0, 0), (1, 3), (2, 5), (3, 9)]:
        with pytest.raises(ValueError) as refused:
            lesson10.formula_curve(n, M, [0])
        assert str(refused.value) == f"need n >= 1 qubits and 0 <= M <= 2**n marked indices, got n = {n}, M = {M}"
    with pytest.raises(ValueError) as refused:
        lesson10.formula_curve(3, 1, [0, -1])
    assert str(refused.value) == "round counts must be whole numbers >= 0, got [0, -1]"


def test_10_3_an_error_is_matched_by_its_kind_and_a_right_function_is_never_named():
    """The diagnostic inputs compare errors by their names: a function that divides by zero is
    not the table's formula that fails on a square root. And a table entry that agrees with the
    reference on those inputs never names a right function."""
    ref = lesson10.p_success_reference
    check = lesson10.p_success_checker(mistakes=[(lambda n, M, r: math.sqrt(-1), "the square root slip")])
    assert check(lambda n, M, r: 1 / 0).startswith("your function raised ZeroDivisionError (division by zero)")
    assert check(lambda n, M, r: math.sqrt(-1)) == "the square root slip"
    alike = lesson10.p_success_checker(mistakes=[(lambda n, M, r: ref(n, M, r) + (n == 8), "differs at n = 8 only")])
    assert alike(ref) is None
    assert alike(lambda n, M, r: ref(n, M, r) + (n == 8)).startswith("for n = 8, M = 1, r = 0 your function returned")


def test_10_p_success_inputs_cover_every_size_and_the_edge_cases():
    inputs = lesson10.P_SUCCESS_INPUTS
    assert {n for n, _, _ in inputs} == set(range(1, 9))
    assert {r for _, _, r in inputs} == set(range(0, 6))
    for n in range(1, 9):
        N = 2 ** n
        assert {M for m, M, _ in inputs if m == n and (m, M) not in [(3, 0), (6, 9)]} == (
            {M for M in {1, 2, 3, N // 4, N // 2, N} if 1 <= M <= N})
    assert inputs[-3:] == [(3, 0, 2), (6, 9, 2), (6, 9, 1)]
    assert len(inputs) == len(set(inputs)) == 249


def test_10_3_the_reference_is_accepted():
    check = checker_of("10.3")
    assert check(lesson10.p_success_reference) is None

    def with_cos(n, M, r):                                   # another right formula
        theta = math.asin(math.sqrt(M / 2 ** n))
        return (1 - math.cos(2 * (2 * r + 1) * theta)) / 2
    assert check(with_cos) is None
    assert check(lambda n, M, r: np.float64(lesson10.p_success_reference(n, M, r))) is None


def _theta(M, N):
    return math.asin(math.sqrt(M / N))


@pytest.mark.parametrize("f, hint", [
    (lambda n, M, r: math.sin((2 * r + 1) * math.asin(math.sqrt(M / n))) ** 2,
     "you used N = n; N is the number of indices, 2**n"),
    (lambda n, M, r: math.sin(r * _theta(M, 2 ** n)) ** 2,
     "the angle after r rounds is (2r + 1)θ, not rθ: the start already sits at θ, and each round adds 2θ"),
    (lambda n, M, r: math.sin(2 * r * _theta(M, 2 ** n)) ** 2,
     "the angle after r rounds is (2r + 1)θ, not 2rθ: the start already sits at θ"),
    (lambda n, M, r: math.sin((r + 1) * _theta(M, 2 ** n)) ** 2,
     "each round turns the state by 2θ, not θ: the angle after r rounds is (2r + 1)θ"),
    (lambda n, M, r: math.sin((2 * r + 1) * _theta(M, 2 ** n)),
     "that is the amplitude sin((2r + 1)θ); a probability is its square"),
    (lambda n, M, r: math.sin((2 * r + 1) * math.asin(M / 2 ** n)) ** 2,
     "sin θ = √(M/N), the square root of the fraction of marked indices, not M/N itself"),
    (lambda n, M, r: math.sin((2 * r + 1) * math.sqrt(M / 2 ** n)) ** 2,
     "θ = arcsin √(M/N); √(M/N) is sin θ, not θ (they differ once M/N is not small)"),
    (lambda n, M, r: math.sin((2 * r + 3) * _theta(M, 2 ** n)) ** 2,
     "for n = 2, M = 1, r = 0 your function returned 1.0; expected 0.25"),
])
def test_10_3_the_usual_wrong_formulas_get_the_hint_that_names_the_mistake(f, hint):
    assert checker_of("10.3")(f) == hint


def test_10_3_a_usual_mistake_written_another_way_is_still_recognised():
    # θ = arctan √(M/(N − M)) is arcsin √(M/N), with other rounding errors
    amplitude = lambda n, M, r: math.sin((2 * r + 1) * math.atan(math.sqrt(M / (2 ** n - M))))    # noqa: E731
    assert checker_of("10.3")(amplitude) == "that is the amplitude sin((2r + 1)θ); a probability is its square"


def test_10_3_a_function_wrong_only_outside_the_diagnostic_inputs_is_named_at_its_first_bad_input():
    ref = lesson10.p_success_reference
    check = checker_of("10.3")
    assert check(lambda n, M, r: ref(n, M, r) + (n == 8) * 1e-3) == (
        f"for n = 8, M = 1, r = 0 your function returned {ref(8, 1, 0) + 1e-3!r}; expected {ref(8, 1, 0)!r}")
    assert check(lambda n, M, r: 0.5 if (n, M) == (1, 2) else ref(n, M, r)) == (
        "for n = 1, M = 2, r = 0 your function returned 0.5; expected 1.0")
    assert check(lambda n, M, r: 0.5 if M == 0 else ref(n, M, r)) == (
        "for n = 3, M = 0, r = 2 your function returned 0.5; expected 0.0")
    assert check(lambda n, M, r: ref(n, M, r) + 2e-6 * (r == 5)) is not None        # within 1e-6 only
    assert check(lambda n, M, r: ref(n, M, r) + 5e-7) is None


def test_10_3_a_function_that_raises():
    check = checker_of("10.3")

    def domain(n, M, r):
        if n == 8:
            raise ValueError("math domain error")
        return lesson10.p_success_reference(n, M, r)
    assert check(domain) == ("your function raised ValueError (math domain error) for some n, M, r: check that the "
                             "square root and arcsin get a number between 0 and 1")
    assert check(lambda n, M, r: 1 / 0) == ("your function raised ZeroDivisionError (division by zero) for some n, M, "
                                            "r: check that the square root and arcsin get a number between 0 and 1")
    assert check(lambda n, M, r: math.exp(1000)) == (
        "your function raised OverflowError (math range error) for some n, M, r: check that the square root and "
        "arcsin get a number between 0 and 1")

    def stub(n, M, r):
        raise NotImplementedError
    with pytest.raises(NotImplementedError):
        check(stub)
    assert verdict(stub, using=check) == (
        "your function is still the stub (it raises NotImplementedError): write its body.")
    with pytest.raises(KeyError):                            # other errors are the caller's (verdict) to report
        check(lambda n, M, r: {}[n])
    assert verdict(lambda n, M, r: {}[n], using=check) == (
        "that answer could not be checked (KeyError: 1). Look again at what the task asks for.")


def test_10_3_a_wrong_kind_of_result_or_answer():
    check = checker_of("10.3")
    assert check(lambda n, M, r: "x") == "for input 1, 1, 0 your function returned 'x': give a number, not the text 'x'"
    assert check(lambda n, M, r: None) == "for input 1, 1, 0 your function returned None: give a number, not None"
    assert check(0.5) == "give a function (def p_success(n, M, r): ...), not float"
    assert check(None) == "give a function (def p_success(n, M, r): ...), not NoneType"


# =================================================================================================
# Formerly tests/test_checkers_c.py.
# The lesson checkers of lessons 11-15 (``qttt_widgets.exercises.lesson11`` ... ``lesson15``), called
# as the notebooks' check cells call them, with the reference answer and the plausible wrong
# answers of ``tests/course_wrong``. A learner reads the hint, so hints are compared whole.
# Written for mutation testing (tests/MUTATION.md): the course tests run whole notebooks, too slow
# to judge each mutant.
# =================================================================================================
# --- lesson 11, task 11.1: a circuit builder compared by its matrix -------------------------------
def _rzz(t):
    qc = QuantumCircuit(2)
    qc.append(RZZGate(t), [0, 1])
    return qc


def _rz_on(q, t):
    qc = QuantumCircuit(2)
    qc.rz(t, q)
    return qc


HALF = ("your circuit makes R_ZZ(θ/2): R_Z(θ) already holds the ½ of e^{-iθZ/2}, so give the target R_Z(θ), "
        "not R_Z(θ/2)")
MINUS = "your circuit makes R_ZZ(−θ): the sign of the rotation angle is flipped"
ON_CONTROL = ("your circuit is just R_Z(θ) on qubit 0: a Z rotation on the CX's control commutes with CX, so the "
              "two CXs cancel. Rotate the target, which holds the parity")
ALONE = ("your circuit is just R_Z(θ) on qubit 1: without the CXs the rotation sees only one bit, not the parity "
         "of both")


def _task_11_1():
    """The checker of the notebook's check cell for task 11.1."""
    return lesson11.same_unitary(_rzz, [0.3, 0.7, 1.9, -2.4, np.pi],
                                 mistakes=[(lambda t: _rzz(t / 2), HALF), (lambda t: _rzz(-t), MINUS),
                                           (lambda t: _rz_on(0, t), ON_CONTROL), (lambda t: _rz_on(1, t), ALONE)])


def _sandwich(angle_of=lambda t: t, on=1, second_cx=True, measure=False, extra_x_after=None):
    def build(theta):
        qc = QuantumCircuit(2)
        qc.cx(0, 1)
        qc.rz(angle_of(theta), on)
        if second_cx:
            qc.cx(0, 1)
        if extra_x_after is not None and theta > extra_x_after:
            qc.x(0)
        if measure:
            qc.measure_all()
        return qc
    return build


def test_11_1_the_cx_sandwich_is_accepted_with_or_without_final_measurements():
    check = _task_11_1()
    assert check(_sandwich()) is None
    assert check(_sandwich(measure=True)) is None          # measurements are left out of the matrix
    assert check(_rzz) is None


def test_11_1_each_named_mistake_gets_its_own_hint():
    check = _task_11_1()
    assert check(_sandwich(lambda t: t / 2)) == HALF
    assert check(_sandwich(lambda t: -t)) == MINUS
    assert check(_sandwich(on=0)) == ON_CONTROL
    assert check(lambda t: _rz_on(1, t)) == ALONE


def test_11_1_a_missing_cx_is_named_at_the_first_angle_where_the_matrix_differs():
    check = _task_11_1()
    not_diagonal = ("for {} your circuit's matrix is not diagonal: it moves a basis state to another one (a CX "
                    "too many or too few?). The target only changes phases.")
    assert check(_sandwich(second_cx=False)) == not_diagonal.format(0.3)
    # right for 0.3 and 0.7, an X too many from 1.9 on: the hint names 1.9, the first angle that differs
    assert check(_sandwich(extra_x_after=1)) == not_diagonal.format(1.9)
    assert check(_sandwich(extra_x_after=3)) == not_diagonal.format(np.pi)


def test_11_1_a_diagonal_circuit_that_is_not_r_zz_gets_the_plain_hint():
    def two_rotations(t):
        qc = QuantumCircuit(2)
        qc.rz(t, 0)
        qc.rz(t, 1)
        return qc
    assert _task_11_1()(two_rotations) == ("for 0.3 your circuit's matrix is not the one asked for (not even up to "
                                           "a global phase)")


def test_a_target_that_is_not_diagonal_never_gets_the_diagonal_hint():
    def rx(t):
        qc = QuantumCircuit(1)
        qc.rx(t, 0)
        return qc

    def ry(t):
        qc = QuantumCircuit(1)
        qc.ry(t, 0)
        return qc
    check = lesson11.same_unitary(rx, [0.5, 1.0])
    assert check(rx) is None
    assert check(ry) == "for 0.5 your circuit's matrix is not the one asked for (not even up to a global phase)"


def test_11_1_answers_of_the_wrong_kind():
    check = _task_11_1()
    assert check(5) == "give a function (def ...) that returns a circuit, not int"
    assert check(_rzz(0.3)) == "give a function (def ...) that returns a circuit, not QuantumCircuit"
    assert check(lambda t: QuantumCircuit(1)) == "use a circuit with 2 qubits, not 1"
    assert check(lambda t: QuantumCircuit(3)) == "use a circuit with 2 qubits, not 3"
    assert check(lambda t: QuantumCircuit(1 if t < 0.5 else 3)) == "use a circuit with 2 qubits, not 1"
    # a builder that forgets to return its circuit: the learner reads what came back instead
    assert verdict(lambda t: None, using=check) == "your function should return a QuantumCircuit, not NoneType"
    assert verdict(lambda t: [t], using=check) == "your function should return a QuantumCircuit, not list"


def test_a_circuit_whose_size_changes_with_the_angle_is_not_the_target():
    """Two qubits for the first angle, three after: never equal to R_ZZ, whatever the phase."""
    def grows(t):
        return _sandwich()(t) if t < 0.5 else QuantumCircuit(3)
    assert _task_11_1()(grows) == ("for 0.7 your circuit's matrix is not the one asked for (not even up to a "
                                   "global phase)")


# --- lesson 11, task 11.5; lesson 12, task 12.5: a function with named mistakes --------------------
AVERAGED = "the two collapses are averaged: divide s1 + s2 by 2 before weighting it by 0.5"
THIRD = ("a plain average of the three gives each a third; the report gives s_direct half the weight and each "
         "collapse a quarter")
BEST = "the report models a 50/50 collapse, so it averages s1 and s2; the best one is not guaranteed"
CYCLE = ("that is the Grover AI's cycle rule (0.4 direct, 0.6 worst case, equation 13), not the minimax score")


def _task_11_5():
    rng = random.Random(11)
    inputs = [(0.6, 0.2, 1.0), (0, 0, 0), (100, -100, 300)] + [
        tuple(rng.choice([-10_000, 10_000, rng.uniform(-800, 800)]) for _ in range(3)) for _ in range(30)]
    return lesson11.function_with_mistakes(
        lambda d, a, b: d / 2 + (a + b) / 4, inputs,
        mistakes=[(lambda d, a, b: 0.5 * d + 0.5 * (a + b), AVERAGED), (lambda d, a, b: (d + a + b) / 3, THIRD),
                  (lambda d, a, b: 0.5 * d + 0.5 * max(a, b), BEST),
                  (lambda d, a, b: 0.4 * d + 0.6 * min(a, b), CYCLE)])


def test_11_5_the_formula_in_any_spelling_is_accepted():
    check = _task_11_5()
    assert check(lambda d, a, b: d / 2 + (a + b) / 4) is None
    assert check(lambda d, a, b: 0.5 * d + 0.25 * a + 0.25 * b) is None


def test_11_5_each_named_mistake_gets_its_own_hint():
    check = _task_11_5()
    assert check(lambda d, a, b: 0.5 * d + 0.5 * (a + b)) == AVERAGED
    assert check(lambda d, a, b: (d + a + b) / 3) == THIRD
    assert check(lambda d, a, b: 0.5 * d + 0.5 * max(a, b)) == BEST
    assert check(lambda d, a, b: 0.4 * d + 0.6 * min(a, b)) == CYCLE


def test_11_5_another_wrong_formula_is_shown_at_its_first_input():
    assert _task_11_5()(lambda d, a, b: 0.3) == ("for input 0.6, 0.2, 1.0 your function returned 0.3, but the "
                                                 "formula gives 0.6")
    check = lesson11.function_with_mistakes(lambda x, y: x + y, [(0, 0), (1, 2), (3, 4)],
                                            mistakes=[(lambda x, y: x - y, "minus")])
    assert check(lambda x, y: x * y) == "for input 1, 2 your function returned 2, but the formula gives 3"
    assert check(lambda x, y: x - y) == "minus"


def test_function_with_mistakes_answers_of_the_wrong_kind():
    check = _task_11_5()
    assert check(3) == "give a function (def ...), not int"
    assert verdict(lambda d, a, b: [d], using=check) == "give a number, not a list of 1 item"
    assert verdict(lambda d, a, b: "0.6" if d == 0.6 else None, using=check) == "give a number, not None"


def test_function_with_mistakes_uses_its_tolerance_everywhere():
    check = lesson11.function_with_mistakes(lambda x: x / 3, [1, 2], tol=1e-3,
                                            mistakes=[(lambda x: x / 7, "sevenths")])
    assert check(lambda x: round(x / 3, 4)) is None
    assert check(lambda x: round(x / 7, 4)) == "sevenths"
    # off by 1e-4 at x = 1 (within the tolerance), by 0.1 at x = 2: the hint names x = 2
    assert check(lambda x: x / 3 + (1e-4 if x == 1 else 0.1)) == (
        f"for input 2 your function returned {2 / 3 + 0.1!r}, but the formula gives {2 / 3!r}")


def test_an_answer_of_the_wrong_kind_is_named_even_after_a_wrong_number():
    check = lesson11.function_with_mistakes(lambda x: 2 * x, [(1,), (2,)])
    assert verdict(lambda x: 5 if x == 1 else [x], using=check) == "give a number, not a list of 1 item"


def test_a_reference_that_returns_texts():
    check = lesson11.function_with_mistakes(lambda n: "X" if n % 2 else "O", [1, 2, 3],
                                            mistakes=[(lambda n: "O" if n % 2 else "X", "X moves first")])
    assert check(lambda n: "xo"[1 - n % 2].upper()) is None
    assert check(lambda n: "O" if n % 2 else "X") == "X moves first"
    assert check(lambda n: "X") == "for input 2 your function returned 'X', but the formula gives 'O'"
    assert verdict(lambda n: n % 2, using=check) == "give a text in quotes (such as 'X'), not an int"


def test_a_mistake_of_another_kind_never_matches_a_number():
    """A listed mistake that returns texts is skipped for a learner who returns numbers."""
    check = lesson11.function_with_mistakes(lambda x: 2 * x, [(1,), (2,)],
                                            mistakes=[(lambda x: "two x", "texts"), (lambda x: x + x + 1, "plus one")])
    assert check(lambda x: 2 * x + 1) == "plus one"
    assert check(lambda x: 7) == "for input 1 your function returned 7, but the formula gives 2"


def test_12_5_elo_update_mistakes():
    from qttt_widgets.research.tournament import expected
    rng = random.Random(12)
    games = [(1000, 1200, 1), (1000, 1000, 0.5), (1500, 1100, 0)] + [
        (rng.randint(600, 1600), rng.randint(600, 1600), rng.choice([0, 0.5, 1])) for _ in range(40)]
    upside = "the exponent is upside down: E_A uses (R_B − R_A)/400, so a weaker A (smaller R_A) expects less"
    check = lesson12.function_with_mistakes(
        lambda ra, rb, s, k=64: ra + k * (s - expected(ra, rb)), games,
        mistakes=[(lambda ra, rb, s: ra + 64 * (s - 1 / (1 + 10 ** ((ra - rb) / 400))), upside),
                  (lambda ra, rb, s: 64 * (s - expected(ra, rb)), "change")])
    assert check(lambda ra, rb, s, k=64: ra + k * (s - 1 / (1 + 10 ** ((rb - ra) / 400)))) is None
    assert check(lambda ra, rb, s, k=64: ra + k * (s - 1 / (1 + 10 ** ((ra - rb) / 400)))) == upside
    assert check(lambda ra, rb, s, k=64: k * (s - expected(ra, rb))) == "change"


# --- lesson 12, task 12.2: a mark judged by the solver ------------------------------------------------
def _gets_less(after, value, mover):
    return (f"legal, but after it the value (X's points minus O's, with best play) is {after} instead of {value}: "
            f"{mover} gets less. Look at what each collapse of the mark could give, and at the opponent's open "
            "lines")


PEOPLE_12 = ("those look like people's numbers (1-9): in code the squares are numbered from 0, one less each")
PAIR_12 = "give a mark as a pair of two squares in code numbers 0-8, such as (0, 4)"


def test_12_2_the_two_marks_that_keep_plus_one_are_accepted_in_any_order():
    check = lesson12.keeps_the_value(loads("36 34 16 14(1)"))
    for mark in ((4, 6), (6, 4), [6, 8], (8, 6)):
        assert check(mark) is None, mark


def test_12_2_a_legal_mark_that_loses_value_says_what_the_position_is_then_worth():
    check = lesson12.keeps_the_value(loads("36 34 16 14(1)"))
    assert check((1, 4)) == _gets_less("−½", "+1", "X")             # people's 2-5
    assert check((6, 7)) == _gets_less("−1", "+1", "X")             # people's 7-8
    assert check((4, 8)) == _gets_less("+½", "+1", "X")             # people's 5-9


def test_12_2_a_bad_mark_of_o_is_worse_for_o():
    """O to move at value −1 (O ahead): a mark that raises the value to +1 is a loss for O."""
    game = loads("36 34 16 14(1) 27")
    assert game.to_move == "O"
    check = lesson12.keeps_the_value(game)
    assert check((6, 8)) is None
    assert check((1, 4)) == _gets_less("+1", "−1", "O")
    assert check((4, 6)) == _gets_less("−½", "−1", "O")


def test_12_2_people_s_numbers_are_recognised_from_1_to_9():
    check = lesson12.keeps_the_value(loads("36 34 16 14(1)"))
    assert check((5, 7)) == PEOPLE_12 and check((7, 9)) == PEOPLE_12      # meant 4-6 and 6-8 in code
    # X1-O2 5-3 ... with O to move, the only mark that keeps the value is 0-2 in code: people's 1-3
    game = GoffGame().play(3, 4).play(0, 2).play(2, 5).play(1, 4).play(2, 8)
    check = lesson12.keeps_the_value(game)
    assert check((0, 2)) is None
    assert check((1, 3)) == PEOPLE_12


def test_12_2_an_illegal_mark_names_the_rule():
    check = lesson12.keeps_the_value(loads("36 34 16 14(1)"))
    assert check((0, 1)) == ("that mark is not legal here: square 1 holds the classical mark O4; marks go only in "
                             "squares without one")
    assert check((4, 4)) == "that mark is not legal here: a spooky mark needs two different squares, got 5 twice"
    assert check((4, 12)) == ("that mark is not legal here: square 13 is off the board: squares are 1..9 (12 in "
                              "code; code counts 0..8)")


@pytest.mark.parametrize("answer", [4, "4-6", (4, 6, 8), (4,), (True, 4), (4, False), (4.0, 6), [4, "6"], None])
def test_12_2_anything_but_a_pair_of_whole_numbers_is_refused(answer):
    assert lesson12.keeps_the_value(loads("36 34 16 14(1)"))(answer) == PAIR_12


def test_values_are_written_as_the_lesson_writes_them():
    # every value a Goff position can have, then one the table does not list
    written = {0.5: "+½", -0.5: "−½", 1.0: "+1", -1.0: "−1", 2.0: "+2", -2.0: "−2", 0.0: "0", 1.5: "+1.5",
               -0.25: "-0.25"}
    assert {v: lesson12._points(v) for v in written} == written


# --- lesson 13, task 13.4: non_losing(board) on every board ------------------------------------------
def _children(b):
    return [c for _, c in key_children(b)]


def test_13_4_the_reference_and_a_set_are_accepted():
    check = lesson13.non_losing_checker()
    assert check(lesson13.non_losing) is None
    assert check(lambda b: set(lesson13.non_losing(b))) is None
    assert check(lambda b: tuple(reversed(lesson13.non_losing(b)))) is None


def test_13_4_the_boards_are_every_unfinished_board_not_lost_by_force():
    from qttt_widgets.rules.classical import key_to_move, key_winner, legal_positions, outcome
    boards = lesson13._boards()
    lost = {"X": "O", "O": "X"}
    unfinished = [k for k in legal_positions() if not key_winner(k) and "." in k]
    assert boards == [k for k in unfinished if outcome(k) != lost[key_to_move(k)]]
    assert len(boards) == 3888 and len(unfinished) == 4520
    assert "........." in boards and ".........".replace(".", "X", 1) in boards


def test_13_4_the_reference_keeps_draws_and_wins_and_drops_losses():
    assert lesson13.non_losing("........X") == ["....O...X"]          # only the centre holds the draw
    assert sorted(lesson13.non_losing("....X....")) == ["....X...O", "....X.O..", "..O.X....", "O...X...."]
    assert lesson13.non_losing("X...O....") == _children("X...O....")  # every move keeps the draw
    assert lesson13.non_losing("XX.OO....") == ["XXXOO....", "XX.OOX..."]    # win at once or block, else O wins


def test_13_4_each_common_mistake_gets_its_own_hint_from_the_notebook_s_table():
    """The slips of Task 13.4 are in its check cell (lessons/13b): the notebook's checker names each,
    the checker alone names none (it names a board the function gets wrong)."""
    check, bare = checker_of("13.4"), lesson13.non_losing_checker()
    from qttt_widgets.research.amplification import children, klass, optimal_children, other, to_move
    from qttt_widgets.rules.classical import key_winner
    slips = [
        (children, "your function returns every legal move, including moves into positions the opponent wins by "
                   "force: drop the children whose perfect-play result is a win for the other player"),
        (lambda b: list(optimal_children(b)),
         "you kept only the best moves (those that keep the board's perfect-play result). On a board the mover wins "
         "by force, a move that only keeps the draw is non-losing too"),
        (lambda b: [c for c in children(b) if klass(c) == to_move(b)],
         "you kept only the moves that keep a forced win for the mover; on a drawn board that leaves nothing. Moves "
         "into drawn positions cannot lose either"),
        (lambda b: [c for c in children(b) if klass(c) == "T"],
         "you kept only the moves into drawn positions; a move that keeps a forced win cannot lose either"),
        (lambda b: [c for c in children(b) if klass(c) != to_move(b)],
         "wrong player: you removed the children the MOVER wins by force; the player to move on the child is the "
         "opponent, but the mover is the one who must not lose. Use to_move(board) of the board you are given"),
        (lambda b: [c for c in children(b) if not any(key_winner(g) for g in children(c))],
         "you looked one move ahead only (the opponent cannot win at once). A fork loses two moves later: use "
         "klass(child), the result of perfect play from the child")]
    for wrong, hint in slips:
        assert check(wrong) == hint
        assert bare(wrong).startswith("on board ")
    assert check(lambda b: [c for c in children(b) if klass(c) != other(to_move(b))][:1]) == (
        "on board '.........' (X to move) it leaves out '........X', after which the mover cannot lose")


def test_13_4_children_where_keeps_the_children_its_test_passes():
    from qttt_widgets.research.amplification import children, klass, other, to_move
    for board in ("X...O....", "....X....", "XX.OO....", "........X"):
        assert lesson13.children_where(lambda b, c: True)(board) == children(board)
        assert lesson13.children_where(lambda b, c: False)(board) == []
        assert lesson13.children_where(lambda b, c: klass(c) != other(to_move(b)))(board) == lesson13.non_losing(board)
    seen = []
    lesson13.children_where(lambda b, c: seen.append((b, c)))("XX.OO....")
    assert seen == [("XX.OO....", c) for c in children("XX.OO....")]       # the board first, then the child
    with pytest.raises(TypeError, match=r"keep must be a test keep\(board, child\) -> bool, not str$"):
        lesson13.children_where("T")
    table = [(lesson13.children_where(lambda b, c: True), "every move"),
             (lesson13.children_where(lambda b, c: True), "never reached")]
    assert lesson13.non_losing_checker(["....X...."], mistakes=table)(children) == "every move"


def test_13_4_another_wrong_function_names_a_board_a_move_too_many_and_a_move_left_out():
    boards = ["X...O....", "....X....", "........X"]

    def too_many(b):
        return lesson13.non_losing(b) + (["...OX....", ".O..X...."] if b == "....X...." else [])

    def too_few(b):
        return [c for c in lesson13.non_losing(b) if c not in ("O...X....", "....X...O")]

    def swapped(b):                                               # two corners traded for two edges
        return ["..O.X....", "....X.O..", "...OX....", ".O..X...."] if b == "....X...." else lesson13.non_losing(b)
    # only the boards given are tried: every move is non-losing on a drawn board where no one threatens
    assert lesson13.non_losing_checker(["X...O...."])(_children) is None
    check = lesson13.non_losing_checker(iter(boards))               # any iterable of boards
    assert check(lesson13.non_losing) is None
    assert check(too_many) == "on board '....X....' (O to move) it includes '...OX....', which the opponent wins by force"
    assert check(too_few) == "on board '....X....' (O to move) it leaves out '....X...O', after which the mover cannot lose"
    assert check(swapped) == ("on board '....X....' (O to move) it includes '...OX....', which the opponent wins by "
                              "force and it leaves out '....X...O', after which the mover cannot lose")
    # the first board where it differs is named
    def late(b):
        return lesson13.non_losing(b) + (["O.......X", ".......OX"] if b == "........X" else [])
    assert lesson13.non_losing_checker(["....X....", "........X", "X........"])(late) == (
        "on board '........X' (O to move) it includes '.......OX', which the opponent wins by force")
    assert lesson13.non_losing_checker(["....X....", "X........", "........X"])(late) == (
        "on board '........X' (O to move) it includes '.......OX', which the opponent wins by force")


def test_13_4_answers_of_the_wrong_kind():
    check = lesson13.non_losing_checker()
    tail = "return a list of boards (strings such as 'X........'), one for each non-losing move"
    assert check(lambda b: len(_children(b))) == f"for board '.........' your function returned 9: {tail}"
    assert check(lambda b: "X........") == f"for board '.........' your function returned 'X........': {tail}"
    assert check(lambda b: {"X........": 1}) == (f"for board '.........' your function returned "
                                                 f"{{'X........': 1}}: {tail}")
    assert check(5) == "give a function (def non_losing(board): ...), not int"


# --- lesson 14, task 14.4: optimal_rounds(a) -------------------------------------------------------------
def _x(a):
    return math.pi / (4 * math.asin(math.sqrt(a)))


UP = ("your function rounds UP: it computes ⌈π/(4θ) − 1/2⌉ (or rounds π/(4θ) to the nearest whole number, which is "
      "the same). Whenever π/(4θ) has a fractional part above 1/2 that is one round too many, and (2r+1)θ passes "
      "π/2. Compare r and r − 1 on a = 0.09")
DOWN = ("your function takes ⌊π/(4θ) − 1/2⌋: it rounds r = π/(4θ) − 1/2 down, one round too few whenever its "
        "fractional part is above 1/2. Round to the nearest whole number")
ROOT = "your θ is arcsin(a), but a = sin²θ: take the square root first, θ = arcsin(√a)"
RAISED = ("for a = {} your function raised {}: with sin²θ = a, θ = arcsin(√a) is between 0 and π/2 for every a "
          "in (0, 1]")


def test_14_4_the_reference_its_values_and_the_ties():
    assert [lesson14.optimal_rounds(a) for a in (0.0005, 0.09, 0.25, 0.6, 1.0)] == [35, 2, 1, 0, 0]
    assert lesson14.optimal_rounds(0.5) in {0, 1}       # π/(4θ) = 1 up to rounding: a tie
    assert lesson14.accepted(0.5) == {0, 1} and lesson14.accepted(math.sin(math.pi / 8) ** 2) == {1, 2}
    assert lesson14.accepted(0.09) == {2} and lesson14.accepted(0.0005) == {35} and lesson14.accepted(1.0) == {0}
    assert lesson14.accepted(0.25) == {1}               # θ = π/6: 3θ = π/2 exactly, no tie with 0 or 2
    assert lesson14.accepted(0.09, tol=0) == {2} and lesson14.accepted(0.0005, tol=0) == {35}
    assert all(lesson14.accepted(a) == {lesson14.optimal_rounds(a)} for a in lesson14.INPUTS)


def test_14_4_a_nearest_number_of_rounds_is_accepted_in_any_number_type():
    check = checker_of("14.4")
    assert check(lesson14.optimal_rounds) is None
    assert check(lambda a: max(lesson14.accepted(a))) is None          # the other choice at a tie
    assert check(lambda a: np.int64(lesson14.optimal_rounds(a))) is None
    assert check(lambda a: np.float64(lesson14.optimal_rounds(a))) is None
    assert check(lambda a: lesson14.optimal_rounds(a) + 1e-12) is None
    assert check(lambda a: lesson14.optimal_rounds(a) or 1e-9) is None    # 1e-9 from 0 at a >= 0.6: still 0


def test_14_4_each_common_mistake_gets_its_own_hint():
    check = checker_of("14.4")
    assert check(lambda a: math.ceil(_x(a) - 0.5)) == UP
    assert check(lambda a: round(_x(a))) == UP
    assert check(lambda a: math.floor(_x(a) - 0.5)) == DOWN
    assert check(lambda a: math.floor(math.pi / (4 * math.asin(a)))) == ROOT


def test_14_4_a_mistake_that_differs_only_at_a_tie_is_still_wrong_and_not_named():
    """Three rounds at a = sin²(π/8) only (a tie of 1 and 2): wrong, and not a named mistake."""
    tie = math.sin(math.pi / 8) ** 2
    check = checker_of("14.4")
    assert check(lambda a: 3 if a == tie else lesson14.optimal_rounds(a)) == (
        f"for a = {tie} your function returned 3: then (2r+1)θ = 2.749, and P(good) = 0.146; try r − 1 and r + 1")


def test_14_4_another_wrong_number_says_where_it_lands():
    assert checker_of("14.4")(lambda a: 2) == (
        "for a = 0.0005 your function returned 2: then (2r+1)θ = 0.112, and P(good) = 0.012; try r − 1 and r + 1")
    assert lesson14.rounds_checker([0.09, 0.25])(lambda a: 2) == (
        "for a = 0.25 your function returned 2: then (2r+1)θ = 2.618, and P(good) = 0.250; try r − 1 and r + 1")


def test_14_4_answers_that_are_not_a_whole_number_of_rounds():
    check = checker_of("14.4")
    tail = ", not a whole number: you cannot apply Q a fraction of a time; round to the best whole number of rounds"
    assert check(_x) == f"for a = 0.0005 your function returned {_x(0.0005)!r}{tail}"
    assert check(lambda a: lesson14.optimal_rounds(a) + 1e-6) == f"for a = 0.0005 your function returned 35.000001{tail}"
    assert check(lambda a: True) == "for a = 0.0005 your function returned True: return a whole number of rounds"
    assert check(lambda a: "2") == "for a = 0.0005 your function returned '2': return a whole number of rounds"
    assert check(lambda a: None) == "for a = 0.0005 your function returned None: return a whole number of rounds"
    assert check(7) == "give a function (def optimal_rounds(a): ...), not int"


def test_14_4_a_function_that_raises_gets_the_range_of_theta():
    check = checker_of("14.4")
    assert check(lambda a: math.floor(math.pi / (4 * math.acos(math.sqrt(a))))) == RAISED.format(
        1.0, "ZeroDivisionError (float division by zero)")
    assert check(lambda a: math.floor(_x(a - 0.001))) == RAISED.format(0.0005, "ValueError (math domain error)")
    assert check(lambda a: 10.0 ** (1 / a)) == RAISED.format(
        0.0005, "OverflowError ((34, 'Numerical result out of range'))")


# --- lesson 14, task 14.6: one round of Q as a circuit -----------------------------------------------------
PSI = lesson_14_wrong.PSI                         # the lesson's psi4; |10> is good


_circuit = lesson_14_wrong.circuit                 # one builder for these tests and the course's wrong answers


ROUND = lesson_14_wrong.ROUND
LEAVES = ("your circuit leaves |ψ⟩ = 𝒜|00⟩ as it was: either it has no round at all, or the oracle O_f is missing "
          "(reflecting |ψ⟩ about itself changes nothing). Start the round with O_f")


def test_14_6_one_round_is_accepted_with_or_without_measurements():
    check = lesson14.one_round_checker(PSI, good=[2])
    assert check(_circuit(*ROUND)) is None
    measured = _circuit(*ROUND)
    measured.measure_all()
    assert check(measured) is None


STEPS_OF_A_SLIP = [((), LEAVES), (("A+", "S0", "A"), LEAVES),
                   (("O_f wrong bit", "A+", "S0", "A"),
                    "your oracle marks the wrong basis state: in Qiskit the rightmost bit is qubit 0, so |10⟩ means "
                    "qubit 1 is 1 and qubit 0 is 0"),
                   (("O_f", "S0"),
                    "you reflected about |00⟩ instead of about |ψ⟩: sandwich S₀ between 𝒜† and 𝒜 (−𝒜S₀𝒜† = "
                    "2|ψ⟩⟨ψ| − I)"),
                   (("O_f", "H", "S0", "H"),
                    "that is Grover's diffusion about the uniform superposition (H on every qubit, lesson 10); "
                    "amplitude amplification reflects about |ψ⟩ = 𝒜|00⟩: use 𝒜† and 𝒜 around S₀"),
                   (ROUND + ROUND, "that is two rounds of Q; the task asks for one"),
                   (("O_f",), "your circuit stops after the oracle: O_f only flips the sign of the good part; the "
                              "reflection −𝒜S₀𝒜† turns that sign flip into a larger amplitude")]


@pytest.mark.parametrize("steps, hint", STEPS_OF_A_SLIP)
def test_14_6_each_common_mistake_gets_its_own_hint_from_the_notebook_s_table(steps, hint):
    """The check cell of Task 14.6 (lessons/14b) names each slip; the checker alone names none."""
    assert checker_of("14.6", psi4=PSI)(_circuit(*steps)) == hint
    bare = lesson14.one_round_checker(PSI, good=[2])
    assert bare(_circuit(*steps)).startswith("your circuit makes ")          # checks.state's general hint
    assert bare(_circuit(*steps)) != hint


@pytest.mark.skipif("MUTANT_UNDER_TEST" in __import__("os").environ,
                    reason="run_check reads its caller's globals; under mutmut its caller is mutmut's trampoline")
@pytest.mark.parametrize("task_id, notebook, answer_name, names", [
    ("1.2", "01a_one_qubit.ipynb", "born", {}),
    ("1.5", "01b_shots_and_the_game.ipynb", "bloch_angles", {}),
    ("6.4", "06a_goff_collapse.ipynb", "answer", {}),
    ("7.2", "07a_ensemble.ipynb", "count_consistent", {}),
    ("9.3", "09a_qubit_board.ipynb", "odd_first", {}),
    ("10.2", "10a_grover.ipynb", "grover_one", {}),
    ("13.4", "13b_checking_every_position.ipynb", "non_losing", {}),
    ("14.6", "14b_circuit_and_strategies.ipynb", "answer", {"psi4": PSI}),
    ("15.4", "15b_bell_pair.ipynb", "win_rate", {"lesson15": lesson15})])
def test_the_moved_slips_fail_the_student_s_packed_check_under_grading_with_their_hints(
        monkeypatch, task_id, notebook, answer_name, names):
    """Each wrong answer of tests/course_wrong for Tasks 1.2, 1.5, 6.4, 7.2, 9.3, 10.2, 13.4, 14.6 and 15.4, put through the student
    edition's packed check cell (run_check) as nbgrader grades it: the cell fails, and its message
    carries the hint words the table expects, the slips' hints now coming from the cell's own table."""
    import nbformat
    from course_runner import ROOT as COURSE, _is_answer_function, wrong_answers
    monkeypatch.setenv("QTTT_GRADING", "1")
    assert grading()
    nb = nbformat.read(COURSE / "student" / notebook, 4)
    cell = next(c.source for c in nb.cells if c.cell_type == "code" and f'run_check("{task_id}"' in c.source)
    table = wrong_answers(int(task_id.split(".")[0]))[task_id]
    assert len(table) >= 6
    for answer, words in table:
        namespace = {"check": check, "run_check": run_check, **names,
                     answer_name: answer() if callable(answer) and not _is_answer_function(answer) else answer}
        with pytest.raises(AssertionError) as failed:
            exec(cell, namespace)                                            # noqa: S102 - the course's own cell
        assert str(failed.value).startswith(f"Task {task_id}: Not yet. Hint: ")
        for said in [words] if isinstance(words, str) else words:
            assert said.lower() in str(failed.value).lower(), (said, str(failed.value))


def test_14_6_the_tests_psi_is_the_notebook_s_psi4():
    """checker_of("14.6", psi4=PSI) runs the check cell with this file's PSI: it must be the lesson's."""
    import ast
    import nbformat
    from course_runner import ROOT as COURSE
    nb = nbformat.read(COURSE / "lessons" / "14b_circuit_and_strategies.ipynb", 4)
    found = [node.value for cell in nb.cells if cell.cell_type == "code" and "psi4 =" in cell.source
             for node in ast.parse(cell.source).body
             if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["psi4"]]
    assert len(found) == 1
    assert eval(compile(ast.Expression(found[0]), "psi4", "eval"), {"math": math}) == PSI   # noqa: S307


def test_14_6_a_table_is_tried_in_its_order_and_only_it_is_named():
    two = lesson14.rounds_state(PSI, [2], 2)
    named = lesson14.one_round_checker(PSI, good=[2], mistakes=[(two, "two rounds"), (two, "never reached")])
    assert named(_circuit(*ROUND, *ROUND)) == "two rounds"            # as the notebook's check cell names it
    assert named(_circuit(*ROUND)) is None
    assert named(_circuit("O_f")).startswith("your circuit makes ")
    assert np.allclose(lesson14.rounds_state(PSI, [2], 1), lesson14.one_round_state(PSI, [2]))


def test_14_6_another_circuit_is_written_out():
    check = lesson14.one_round_checker(PSI, good=[2])
    x1 = QuantumCircuit(2)
    x1.x(1)
    assert check(x1) == "your circuit makes 1|10⟩, which is not the state asked for"
    assert check(QuantumCircuit(2)) == "your circuit makes 1|00⟩, which is not the state asked for"   # no 𝒜
    signed = QuantumCircuit(2)                   # the target with the sign of |10> flipped
    target = lesson14.one_round_state(PSI, [2])
    signed.append(StatePreparation(list(target.real * np.array([1, 1, -1, 1]))), [0, 1])
    assert check(signed) == ("your circuit makes 0.384|00⟩ + 0.32|01⟩ − 0.792|10⟩ + 0.351|11⟩: the right "
                             "probabilities, but a relative phase (a sign) is wrong. Which gate changes a sign "
                             "without changing the odds?")


def test_14_6_answers_of_the_wrong_kind():
    check = lesson14.one_round_checker(PSI, good=[2])
    assert check([0.6, 0.5]) == "give a QuantumCircuit, not list"
    assert check(QuantumCircuit(3)) == "use a circuit with 2 qubits, not 3"
    assert check(QuantumCircuit(1)) == "use a circuit with 2 qubits, not 1"


def test_one_round_state_normalises_psi_and_follows_the_formula():
    assert np.allclose(lesson14.one_round_state(PSI, [2]), [0.384, 0.32, 0.792, math.sqrt(0.3) * 0.64])
    # the uniform state on 2 qubits with one good board: one round of Grover finds it exactly
    assert np.allclose(lesson14.one_round_state([1, 1, 1, 1], [3]), [0, 0, 0, 1])
    assert np.allclose(lesson14.one_round_state([2, 2, 2, 2], {0}), [1, 0, 0, 0])


def test_rounds_state_normalises_psi_first():
    """r rounds of an unnormalised |ψ⟩ are those of |ψ⟩/‖ψ‖ (one round finds the good board of four)."""
    assert np.allclose(lesson14.rounds_state([1, 1, 1, 1], [3], 1), [0, 0, 0, 1])
    assert np.allclose(lesson14.rounds_state([2, 2, 2, 2], {0}, 2), lesson14.rounds_state(np.full(4, 0.5), {0}, 2))


def test_the_amplifier_s_states_are_complex_arrays_whatever_psi_is_given_as():
    """One round and r rounds give complex amplitudes for a real |ψ⟩ too (ints, floats, a list)."""
    for psi in ([1, 1, 1, 1], np.array([0.5, 0.5, 0.5, 0.5]), PSI):
        assert lesson14.one_round_state(psi, [2]).dtype == complex
        assert lesson14.rounds_state(psi, [2], 2).dtype == complex


def test_14_4_a_named_mistake_is_matched_only_where_the_best_rounds_are_unique():
    """At a tie a mistake may land on either best r: the table is compared on the other inputs only."""
    def mistake(a):
        return max(lesson14.accepted(a)) + 1

    def same_off_the_ties(a):              # the mistake where r is unique, a right answer at the ties
        best = lesson14.accepted(a)
        return min(best) if len(best) == 2 else mistake(a)

    def same_at_the_ties_only(a):          # the mistake at the ties, one too few elsewhere
        best = lesson14.accepted(a)
        return mistake(a) if len(best) == 2 else max(min(best) - 1, 0) if min(best) else 1
    check = lesson14.rounds_checker(mistakes=[(mistake, "one round too many")])
    assert any(len(lesson14.accepted(a)) == 2 for a in lesson14.TIES)
    assert check(same_off_the_ties) == "one round too many"
    assert check(same_at_the_ties_only) not in (None, "one round too many")


def test_one_round_checker_normalises_psi_and_a_table_of_slips_works_on_three_qubits():
    """|ψ⟩ uniform on 3 qubits, good = |011⟩ (qubits 0 and 1 set): the oracle read backwards marks
    |110⟩ = 6, a slip the table names with the public builders, as a check cell would."""
    psi = [1] * 8                                             # not normalised: the checker and the builders do it
    check = lesson14.one_round_checker(psi, good=[3], mistakes=[
        (lesson14.one_round_state(psi, [6]), "read backwards"),
        (lesson14.oracle_state(psi, [3]), "stops after the oracle")])

    def grover(good_bits, diffusion=True):            # X around the CCZ on the qubits whose bit is 0
        return _grover([q for q in range(3) if not good_bits >> q & 1], diffusion=diffusion)
    assert check(grover(0b011)) is None
    assert check(grover(0b110)) == "read backwards"
    assert check(grover(0b011, diffusion=False)) == "stops after the oracle"
    assert lesson14.one_round_checker(psi, good=[3])(grover(0b110)).startswith("your circuit makes ")


def test_the_builders_of_14_6_s_slips_follow_their_definitions():
    """oracle_state is O_f|ψ⟩; one_round_state(reflect_about=v) is (2|v⟩⟨v| − I) O_f|ψ⟩ with v
    normalised; rounds_state(0) is |ψ⟩; all normalise ψ first. Written out here with matrices."""
    psi = np.array(PSI) / np.linalg.norm(PSI)
    o_f = np.diag([1, 1, -1, 1])
    assert np.allclose(lesson14.oracle_state(PSI, [2]), o_f @ psi)
    assert np.allclose(lesson14.oracle_state([2 * x for x in PSI], {2}), o_f @ psi)
    assert np.allclose(lesson14.oracle_state(PSI, [0, 3]), np.diag([-1, 1, 1, -1]) @ psi)
    assert lesson14.oracle_state(PSI, [2]).dtype == complex
    for v in ([1, 0, 0, 0], [1, 1, 1, 1], [0, 3, 0, 4], PSI):
        u = np.array(v) / np.linalg.norm(v)
        assert np.allclose(lesson14.one_round_state(PSI, [2], reflect_about=v),
                           (2 * np.outer(u, u) - np.eye(4)) @ o_f @ psi)
    assert np.allclose(lesson14.one_round_state(PSI, [2], reflect_about=PSI), lesson14.one_round_state(PSI, [2]))
    s0 = np.diag([-1, 1, 1, 1])                              # S₀ alone is −(2|00⟩⟨00| − I): a global phase apart
    assert np.allclose(lesson14.one_round_state(PSI, [2], reflect_about=[1, 0, 0, 0]), -(s0 @ o_f @ psi))
    assert np.allclose(lesson14.rounds_state(PSI, [2], 0), psi)
    for bad in ([1, 0, 0], [0, 0, 0, 0], [[1, 0], [0, 0]]):
        with pytest.raises(ValueError, match="reflect_about must be a nonzero state of 4 amplitudes"):
            lesson14.one_round_state(PSI, [2], reflect_about=bad)


# --- a packed check cell, run in the namespace given (the notebook's globals by default) ---------------------
def test_a_packed_check_runs_in_the_namespace_it_is_given(capsys):
    from qttt_widgets.exercises import check, encode_check, run_check
    packed = encode_check("check('9.6', answer, expect=side ** 2, hint='square the side')")
    notebook = {"check": check, "side": 2}                  # names only the notebook has
    for answer, out in ((4, "Task 9.6: Correct!\n"), (3, "Task 9.6: Not yet. Hint: square the side\n")):
        notebook["answer"] = answer
        run_check("9.6", answer, packed, notebook)
        assert capsys.readouterr().out == out


@pytest.mark.skipif("MUTANT_UNDER_TEST" in __import__("os").environ,
                    reason="run_check reads its caller's globals; under mutmut its caller is mutmut's trampoline")
def test_a_packed_check_reads_and_writes_the_notebook_s_globals_by_default(capsys):
    from qttt_widgets.exercises import check, encode_check, run_check
    packed = encode_check("from qttt_widgets.exercises import lesson14\ncheck('9.8', answer, expect=side ** 2)")
    notebook = {"check": check, "run_check": run_check, "packed": packed, "side": 3, "answer": 9}
    exec("run_check('9.8', answer, packed)", notebook)                # noqa: S102 - a notebook cell
    assert capsys.readouterr().out == "Task 9.8: Correct!\n"
    assert notebook["lesson14"] is lesson14                          # the check's import stays in the notebook


def test_a_packed_check_that_fails_names_its_task_in_the_traceback():
    import traceback

    from qttt_widgets.exercises import check, encode_check, run_check
    with pytest.raises(NameError, match="undefined_name") as e:
        run_check("9.7", 1, encode_check("check('9.7', answer, expect=undefined_name)"), {"check": check, "answer": 1})
    assert traceback.extract_tb(e.value.__traceback__)[-1].filename == "<check 9.7>"


# --- the core: matches and its hints (exercises/__init__.py) ----------------------------------------------
def test_a_numpy_complex_answer_keeps_its_imaginary_part():
    from qttt_widgets.exercises import matches
    assert matches(np.complex64(0.5j), 0.5j) and not matches(np.complex64(0.5j), 0)
    assert matches(np.array(1j), 1j) and not matches(np.array(1j), 1)
    assert matches(np.float32(0.25), 0.25) and matches(np.array(0.5), 0.5)


def test_an_answer_with_a_dtype_but_no_shape_is_refused_with_a_hint():
    class Typed:                                    # array-like in name only: a dtype and nothing else
        dtype = np.dtype("f8")
    assert verdict(Typed(), 0.5) == "give a number, not a Typed"


def test_type_names_starting_with_a_capital_vowel_take_an():
    from qiskit.quantum_info import Operator
    assert verdict(Operator(QuantumCircuit(1)), 0.5) == "give a number, not an Operator"
    assert verdict(QuantumCircuit(1), 0.5) == "give a number, not a QuantumCircuit"


def test_a_true_or_false_question_says_what_was_given():
    from qttt_widgets.exercises import matches
    assert verdict(1, True) == "give True or False, not an int"
    assert verdict("yes", False) == "give True or False, not the text 'yes'"
    assert matches(np.bool_(False), False)


def test_the_tolerance_is_inclusive_and_reaches_items_of_sets_and_dicts():
    from qttt_widgets.exercises import matches
    assert matches(1.0, 0.75, tol=0.25) and matches(0.5, 0.75, tol=0.25) and not matches(1.0, 0.75, tol=0.125)
    assert matches([0.51, 0.25], {0.25, 0.5}, tol=0.05) and not matches([0.51, 0.25], {0.25, 0.5})
    assert matches({"p": [0.51, 0.5]}, {"p": [0.5, 0.5]}, tol=0.05)           # values that are not numbers
    assert not matches({"p": [0.51, 0.5]}, {"p": [0.5, 0.5]})


def test_sequences_compare_items_within_the_tolerance():
    from qttt_widgets.exercises import matches
    assert matches([0.51, 1], [0.5, 1], tol=0.05) and not matches([0.51, 1], [0.5, 1])
    assert verdict(np.array(0.5), [1, 2]) == "give a list or tuple of 2 items, not a ndarray"   # 0-d: a number


def test_an_expected_object_with_an_empty_shape_is_compared_by_equality():
    from qttt_widgets.exercises import matches

    class Scalarish:                                # a shape of () but not a number: neither a list
        shape = ()

        def __eq__(self, other):
            return isinstance(other, Scalarish)
        __hash__ = object.__hash__
    assert matches(Scalarish(), Scalarish()) and not matches(0, Scalarish())


def test_verdict_tries_every_named_wrong_answer_and_hands_the_answer_to_the_checker():
    wrong = [([1, 2], "a list"), (0.25, "that is P(1)")]            # the first is of another kind
    assert verdict(0.25, 0.75, wrong=wrong, hint="h") == "that is P(1)"
    assert verdict(5, using=lambda a: None if a == 5 else f"not {a}") is None
    assert verdict(4, using=lambda a: None if a == 5 else f"not {a}") == "not 4"
    with pytest.raises(TypeError) as e:
        verdict(1)
    assert str(e.value) == "check needs expect=... or using=..."


# --- the core checkers (exercises/checks.py) -------------------------------------------------------------
def test_kets_round_to_three_digits_and_leave_out_amplitudes_up_to_1e_6():
    from qttt_widgets.exercises import checks
    assert checks.ket([0.6, 0.12345j]) == "0.6|0⟩ + 0.123i|1⟩"
    assert checks.ket([0.6 + 0.12345j, 0]) == "(0.6+0.123i)|0⟩"
    assert checks.ket([1e-6, 1]) == "1|1⟩" and checks.ket([1.5e-6, 1]) == "0|0⟩ + 1|1⟩"


def test_same_statevector_needs_an_overlap_strictly_within_the_tolerance():
    from qttt_widgets.exercises import checks
    assert not checks.same_statevector([1, 0], [0.5, 0.75 ** 0.5], tol=0.5)      # overlap exactly 1/2
    assert checks.same_statevector([1, 0], [0.5, 0.75 ** 0.5], tol=0.5 + 1e-9)


def test_the_state_checker_normalises_its_target():
    from qttt_widgets.exercises import checks
    qc = QuantumCircuit(1)
    qc.ry(2 * math.atan2(4, 3), 0)                   # 0.6|0> + 0.8|1>
    assert checks.state([3, 4])(qc) is None
    assert checks.state([6, 8])(qc) is None
    assert checks.state([4, 3])(qc) == "your circuit makes 0.6|0⟩ + 0.8|1⟩, which is not the state asked for"


def test_right_probabilities_means_within_1e_6():
    from qiskit.quantum_info import Statevector

    from qttt_widgets.exercises import checks
    r = 1 / math.sqrt(2)
    check = checks.state([r, r, 0, 0])
    assert check(Statevector([r, -r, 0, 0])).endswith("the right probabilities, but a relative phase (a sign) is "
                                                      "wrong. Which gate changes a sign without changing the odds?")
    assert check(Statevector([r, -r, 1e-6, 0])) == ("your circuit makes 0.707|00⟩ − 0.707|01⟩, which is not the "
                                                     "state asked for")


def _energies_check():
    return lesson11.up_to_constant(
        [1.5, -0.5, -0.5, -0.5],
        mistakes=[([0, 1, 1, 3], "C(x)"), ([-1.5, 0.5, 0.5, 0.5], "flipped"), ([3, -1, -1, -1], "half")],
        hint="E(x) = ...")


@pytest.mark.parametrize("answer", [[1.5, -0.5, -0.5, -0.5], [0, -2, -2, -2], [2, 0, 0, 0], (11.5, 9.5, 9.5, 9.5),
                                    np.array([1.5, -0.5, -0.5, -0.5]), [1.5 + 0j, -0.5, -0.5, -0.5]])
def test_11_6_energies_up_to_a_constant_are_accepted(answer):
    assert verdict(answer, using=_energies_check()) is None


@pytest.mark.parametrize("answer, words", [([0, 1, 1, 3], "C(x)"), ([1, 2, 2, 4], "C(x)"), ([-1.5, 0.5, 0.5, 0.5], "flipped"),
                                           ([-1, 1, 1, 1], "flipped"), ([3, -1, -1, -1], "half"), ([6, 2, 2, 2], "half"),
                                           ([1.5, -0.5, -0.5, -0.5 + 2 * math.pi], "2π"), ([1, 2, 3, 4], "E(x) = ..."),
                                           ([1.5, -0.5], "4 numbers"), ("1.5 -0.5", "not str"), ([1j, 0, 0, 0], "real")])
def test_11_6_wrong_energies_get_their_hint(answer, words):
    assert words in verdict(answer, using=_energies_check())


REAL = "energies are real numbers: read the phase (np.angle), not the complex entry"
TWO_PI = ("an entry is off by a multiple of 2π: a phase read with np.angle is only known up to 2π, so bring every "
          "energy into the same range")


def test_11_6_hints_are_whole_and_the_tolerance_is_an_edge():
    check = _energies_check()
    assert check([1j, 0, 0, 0]) == REAL
    assert check([1.5, -0.5, -0.5, -0.5 + 2 * math.pi]) == TWO_PI
    assert check([6.5, 4.5 + 2 * math.pi, 4.5, 4.5]) == TWO_PI          # a constant added as well: 5
    assert check([6.5, 4.5 + 2 * math.pi + 0.01, 4.5, 4.5]) == "E(x) = ..."
    edge = lesson11.up_to_constant([0, 1], tol=0.5)                     # exactly tol away: still the same
    assert edge([0, 1.5]) is None and edge([0, 1 + 0.5j]) is None
    assert edge([0, 1.75]) == "not these numbers, even up to a constant added to all 2"
    assert edge([0, 1 + 0.75j]) == REAL
    # every entry within tol of the first one's shift, not of some other entry's
    assert lesson11.up_to_constant([0, 1, 2])([0, 1.0008, 2.0016]) == "not these numbers, even up to a constant added to all 3"
    assert lesson11.up_to_constant([0, 1, 2])([0, 1.0008, 2.0008]) is None
    x = 2 * math.pi + 0.25                                              # 2π off, by exactly tol more
    tol = float(abs(np.mod(x + np.pi, 2 * np.pi) - np.pi))
    assert lesson11.up_to_constant([0, 0], tol=tol)([0, x]) == TWO_PI


def test_a_state_check_names_the_notebook_s_mistakes_up_to_a_global_phase():
    from qttt_widgets.exercises import checks
    r = 1 / math.sqrt(2)
    check = checks.state([1, 0, 0, 1], mistakes=[([r, 0, 0, -r], "a minus sign"), ([r, r, 0, 0], "no CX"),
                                                 ([r, 0, 0, -r], "never reached")])
    minus = QuantumCircuit(2)
    minus.h(0)
    minus.cx(0, 1)
    minus.z(0)
    assert check(minus) == "a minus sign"
    minus.global_phase = 1.0
    assert check(minus) == "a minus sign"
    no_cx = QuantumCircuit(2)
    no_cx.h(0)
    assert check(no_cx) == "no CX"
    other = QuantumCircuit(2)
    other.x(1)
    assert check(other) == "your circuit makes 1|10⟩, which is not the state asked for"


def test_one_matcher_names_the_first_mistake_and_refuses_a_malformed_table():
    from qttt_widgets.exercises import Mismatch, named_mistake
    table = [(1, "one"), (2, "two"), (2, "two again")]
    assert named_mistake(table, lambda w: w == 2) == "two"                       # the first that matches
    assert named_mistake(table, lambda w: w == 3) is None
    assert named_mistake([], lambda w: True) is None

    def picky(w):
        if w == 1:
            raise Mismatch("not comparable")
        return True
    assert named_mistake(table, picky) == "two"                                  # a Mismatch is not a match
    for bad in ([(1,)], [(1, "")], [(1, 2)], ["one"], [(1, "a", "b")]):
        with pytest.raises(TypeError, match="a named mistake is a pair"):
            named_mistake(bad, lambda w: True)


def test_the_named_mistakes_of_10_3_and_14_4_come_from_the_notebook():
    """Without the notebook's table, a usual slip gets only the generic hint."""
    slip = lambda a: math.floor(math.pi / (4 * math.asin(a)))                    # noqa: E731
    assert lesson14.rounds_checker()(slip) != ROOT
    assert checker_of("14.4")(slip) == ROOT
    from qttt_widgets.exercises import lesson10
    amp = lambda n, M, r: math.sin((2 * r + 1) * math.asin(math.sqrt(M / 2 ** n)))   # noqa: E731
    assert lesson10.p_success_checker()(amp) != "that is the amplitude sin((2r + 1)θ); a probability is its square"
    assert checker_of("10.3")(amp) == "that is the amplitude sin((2r + 1)θ); a probability is its square"


# --- lesson 15 (the CHSH game): a plan, a learner's win_rate, Bob's angles ------------------------
# The rates are computed here from P(agree) = cos²(α − β) for Φ⁺ measured at angles α and β, not
# with the library's functions, so a checker's reference or its named mistakes cannot drift with them.
def _agree(a, b):
    return math.cos(a - b) ** 2


def _rate(alice, bob):
    return sum(_agree(alice[x], bob[y]) if x * y == 0 else 1 - _agree(alice[x], bob[y])
               for x in (0, 1) for y in (0, 1)) / 4


PLAN = "(Alice if x = 0, Alice if x = 1, Bob if y = 0, Bob if y = 1)"


@pytest.mark.parametrize("answer", ["0100", {0: 1}, {0, 1}, 5, None])
def test_15_1_a_plan_that_is_not_a_sequence_is_refused(answer):
    assert lesson15.plan_checker()(answer) == f"give {PLAN} as a tuple of 4 answers, each 0 or 1, such as (0, 0, 0, 0)"


def test_15_1_a_plan_of_the_wrong_length_or_with_other_values_is_refused():
    check = lesson15.plan_checker()
    assert check((0, 1, 0)) == f"give 4 answers, not 3: {PLAN}"
    assert check([0, 1, 0, 0, 1]) == f"give 4 answers, not 5: {PLAN}"
    for bad in ((True, 1, 0, 0), (0, 2, 0, 0), (0, 1, "0", 0), (0, 1, 0, -1)):
        assert check(bad) == f"each answer is 0 or 1 (the numbers, not True/False or text): {PLAN}"
    assert check([0, 1, 0, 0]) is None and check(np.array([0, 1, 0, 0])) is None


@pytest.mark.parametrize("x, y", [(0, 0), (0, 1), (1, 0), (1, 1)])
def test_15_1_a_plan_is_judged_on_the_question_pair_asked(x, y):
    check = lesson15.plan_checker(x, y)
    for plan in itertools.product((0, 1), repeat=4):
        a, b = plan[x], plan[2 + y]
        if (a ^ b) == (x & y):
            assert check(plan) is None
        else:
            need = "differ" if x & y else "agree"
            assert check(plan) == (
                f"asked x = {x}, y = {y}, Alice reads her answer for x = {x} ({a}) and Bob his for y = {y} ({b}): "
                f"a ⊕ b = {a ^ b}, but x·y = {x & y}, so the answers must {need}. Change one of those two answers")


def test_15_4_the_exact_rate_is_accepted_within_the_tolerance():
    check = lesson15.win_rate_checker()
    assert check(_rate) is None and check(lambda a, b: _rate(a, b) + 5e-7) is None
    assert check(lambda a, b: np.float64(_rate(a, b))) is None
    assert check(lambda a, b: _rate(a, b) + 2e-6) is not None
    assert lesson15.win_rate_checker(tol=1e-2)(lambda a, b: _rate(a, b) + 5e-3) is None
    only_first = [lesson15.INPUTS[0]]                    # a function right there and nowhere else
    assert lesson15.win_rate_checker(inputs=only_first)(lambda a, b: 0.75 if a == b == (0.0, 0.0) else 0.1) is None
    assert len(lesson15.INPUTS) == 7 and lesson15.INPUTS[0] == ((0.0, 0.0), (0.0, 0.0))


def _halved(alice, bob):
    return _rate([a / 2 for a in alice], [b / 2 for b in bob])


def _agreeing(alice, bob):
    return sum(_agree(alice[x], bob[y]) for x in (0, 1) for y in (0, 1)) / 4


def _or_rule(alice, bob):                                # differ unless both questions are 0
    return sum(_agree(alice[x], bob[y]) if x | y == 0 else 1 - _agree(alice[x], bob[y])
               for x in (0, 1) for y in (0, 1)) / 4


@pytest.mark.parametrize("wrong, words", [
    (lambda a, b: 4 * _rate(a, b), "your function adds the four win probabilities; the referee asks each pair with "
                                   "probability 1/4, so average them (the result is a probability, at most 1)"),
    (_agreeing, "your function counts the rounds where the answers agree, for every question pair; when both "
                "questions are 1 the players win only if the answers differ (a ⊕ b = x·y)"),
    (_halved, "your rates come out as if every angle were halved: measuring at angle θ is Ry(−2θ) before the "
              "measurement (Ry turns the state by half its argument), or cos²(α − β), not cos²((α − β)/2)"),
    (_or_rule, "your function uses x OR y; the rule is a ⊕ b = x·y (AND): only the pair x = 1, y = 1 asks the "
               "answers to differ"),
])
def test_15_4_each_named_mistake_gets_its_hint_from_the_notebook_s_table(wrong, words):
    """The slips of Task 15.4 are in its check cell (lessons/15b); the checker alone names none."""
    check = checker_of("15.4", lesson15=lesson15)
    assert check(wrong) == words
    assert check(lambda a, b: wrong(a, b) + 5e-7) == words                 # within the tolerance of the mistake
    assert check(lambda a, b: wrong(a, b) + 1e-4) != words
    assert lesson15.win_rate_checker()(wrong).startswith("for alice = ")   # the general hint, no slip named


def test_15_4_rate_with_changes_only_the_part_it_is_given():
    """Each builder of a slip against the rates written out here from cos²(α − β) (not the library's)."""
    for alice, bob in lesson15.INPUTS:
        assert lesson15.rate_with()(alice, bob) == pytest.approx(_rate(alice, bob), abs=1e-9)
        assert lesson15.rate_with(weight=1)(alice, bob) == pytest.approx(4 * _rate(alice, bob), abs=1e-9)
        assert lesson15.rate_with(angle_scale=0.5)(alice, bob) == pytest.approx(_halved(alice, bob), abs=1e-9)
        assert lesson15.rate_with(win=lambda x, y, a, b: a == b)(alice, bob) == pytest.approx(_agreeing(alice, bob),
                                                                                               abs=1e-9)
        assert lesson15.rate_with(win=lambda x, y, a, b: (a ^ b) == (x | y))(alice, bob) == pytest.approx(
            _or_rule(alice, bob), abs=1e-9)
    for bad, match in (({"win": 3}, r"win must be a rule win\(x, y, a, b\) -> bool, not int$"), ({"weight": "1/4"}, "weight must be a finite number"),
                       ({"weight": True}, "weight must be a finite number"),
                       ({"angle_scale": math.nan}, "angle_scale must be a finite number")):
        with pytest.raises(TypeError, match=match):
            lesson15.rate_with(**bad)


def test_15_4_and_15_5_a_difference_of_exactly_tol_is_within_it():
    """q + 0.25 - q is exactly 0.25 for a rate q in [0.5, 0.75): the edge of the tolerance, accepted."""
    from qttt_widgets.quantum.chsh import TSIRELSON, quantum_win_rate
    first, second = lesson15.INPUTS[0], lesson15.INPUTS[1]
    assert lesson15.win_rate_checker(inputs=[first], tol=0.25)(lambda a, b: quantum_win_rate(a, b) + 0.25) is None
    summed = lesson15.win_rate_checker(inputs=[first], tol=0.25, mistakes=[(lesson15.rate_with(weight=1), "summed")])(
        lambda a, b: 4 * quantum_win_rate(a, b) + 0.25)
    assert summed == "summed"
    # the hint names the first angles off by more than tol, not the first off by exactly tol
    check = lesson15.win_rate_checker(inputs=[first, second], tol=0.25)
    hint = check(lambda a, b: quantum_win_rate(a, b) + (0.25 if (a, b) == first else 0.3))
    assert hint.startswith("for alice = (0.0, 1.571), bob = (0.0, 0.0) your function returned")
    bob = (math.pi / 8 + 0.1, -math.pi / 8)
    tol = TSIRELSON - quantum_win_rate((0, math.pi / 4), bob)      # rate = TSIRELSON - tol exactly
    assert lesson15.best_bob_checker(tol=tol)(bob) is None
    assert lesson15.best_bob_checker(tol=tol / 2)(bob) is not None


def test_15_4_another_wrong_function_is_shown_the_first_angles_it_gets_wrong():
    check = lesson15.win_rate_checker()
    tail = ("which is not the win rate. For each (x, y), with probability 1/4: measure at alice[x] and bob[y], "
            "add the probabilities of the answers (a, b) that win")
    assert check(lambda a, b: 0.5) == f"for alice = (0.0, 0.0), bob = (0.0, 0.0) your function returned 0.5000, {tail}"
    fourth = lesson15.INPUTS[3]

    def wrong_on_the_fourth(a, b):
        return _rate(a, b) + (0.01 if (a, b) == fourth else 0.0)
    value = _rate(*fourth) + 0.01
    assert check(wrong_on_the_fourth) == (f"for alice = (0.0, 1.047), bob = (0.524, -0.628) your function returned "
                                          f"{value:.4f}, {tail}")


def test_15_4_an_answer_that_is_not_a_function_returning_a_number_is_refused():
    check = lesson15.win_rate_checker()
    assert check(0.85) == "give a function (def win_rate(alice, bob): ...), not float"
    assert check("win_rate") == "give a function (def win_rate(alice, bob): ...), not str"
    for value in (None, "high", [0.8]):
        assert check(lambda a, b, v=value: v) == (
            f"for alice = (0.0, 0.0), bob = (0.0, 0.0) your function returned {value!r}: return one number, "
            "the probability of winning")


@pytest.mark.parametrize("answer", ["ab", {0.1, 0.2}, {0: 0.1, 1: 0.2}, (0.1, 0.2, 0.3), (0.1,), 0.4])
def test_15_5_bobs_angles_must_be_two(answer):
    assert lesson15.best_bob_checker()(answer) == ("give Bob's two angles as a tuple (angle for y = 0, angle for "
                                                   "y = 1), in radians")


def test_15_5_bobs_angles_are_judged_by_the_rate_they_give():
    check = lesson15.best_bob_checker()
    eighth = math.pi / 8
    assert check((eighth, -eighth)) is None and check([eighth + math.pi, -eighth]) is None
    assert check(("a", 0.1)) == check((None, 0.1)) == "give two numbers (angles in radians), such as (0.1, -0.2)"
    degrees = "those look like degrees: the angles are in radians (π/4 is math.pi / 4)"
    assert check((22.5, -22.5)) == check((0.1, -7.0)) == check((2 * math.pi + eighth, -eighth)) == degrees
    classical = ("Bob's angle for y = 0 should be close to both of Alice's angles; his angle for y = 1 close to "
                 "Alice's first angle but far from her second (those answers must differ)")
    assert check((0, math.pi / 4)) == f"with these angles the players win 0.500 of the rounds: no better than a classical plan. {classical}"
    assert check((0, 0)) == f"with these angles the players win 0.750 of the rounds: no better than a classical plan. {classical}"
    better = ("more than a classical plan but not the most: try your win_rate on a grid of Bob's angles, or balance "
              "the four angle differences")
    rate = _rate((0, math.pi / 4), (2 * math.pi, -eighth))                # 2π is radians still: 0.802
    assert check((2 * math.pi, -eighth)) == f"with these angles the players win {rate:.3f} of the rounds, {better}"
    # the tolerance: 0.05 off the best angle loses 0.0009 of the rate, 0.1 off loses 0.0035
    assert check((eighth + 0.05, -eighth)) is None
    assert lesson15.best_bob_checker(tol=1e-4)((eighth + 0.05, -eighth)) is not None
    near = _rate((0, math.pi / 4), (eighth + 0.1, -eighth))
    assert check((eighth + 0.1, -eighth)) == f"with these angles the players win {near:.3f} of the rounds, {better}"
    # Alice's angles are the checker's: turned by π/4, Bob's best angles turn with them
    turned = lesson15.best_bob_checker(alice=(math.pi / 4, math.pi / 2))
    assert turned((eighth + math.pi / 4, -eighth + math.pi / 4)) is None and check((3 * eighth, eighth)) is not None


# --- the slip builders' and the table check's refusals, word for word (the fifth session's mutation run) -----
@pytest.mark.parametrize("build, kwargs, error, words", [
    (lesson01.born_with, {"size": 2}, TypeError, "size must be a function of one amplitude, not int"),
    (lesson01.born_with, {"power": True}, TypeError, "power must be a finite number, not True"),
    (lesson01.born_with, {"power": math.inf}, TypeError, "power must be a finite number, not inf"),
    (lesson01.born_with, {"power": "2"}, TypeError, "power must be a finite number, not '2'"),
    (lesson01.born_with, {"swap": 1}, TypeError, "swap must be True or False, not 1"),
    (lesson01.bloch_with, {"theta_factor": math.nan}, TypeError, "theta_factor must be a finite number, not nan"),
    (lesson01.bloch_with, {"theta_factor": False}, TypeError, "theta_factor must be a finite number, not False"),
    (lesson01.bloch_with, {"theta_from": "abs"}, TypeError, "theta_from must be a function of a0, not str"),
    (lesson01.bloch_with, {"phi": "arg(a0)"}, ValueError,
     "phi must be one of 'arg(a1) - arg(a0)', 'arg(a1)', 'arg(a0) - arg(a1)', not 'arg(a0)'"),
    (lesson01.bloch_with, {"wrap": "no"}, TypeError, "wrap must be True or False, not 'no'"),
    (lesson01.bloch_with, {"degrees": "theta"}, TypeError,
     "degrees is a list of the angles given in degrees, such as ['theta'], not 'theta'"),
    (lesson01.bloch_with, {"degrees": ["theta", "phi", "psi"]}, ValueError,
     "degrees lists 'theta' and/or 'phi', not [\"'psi'\"]"),
])
def test_a_slip_builder_refuses_a_bad_argument_saying_which(build, kwargs, error, words):
    with pytest.raises(error) as refused:
        build(**kwargs)
    assert str(refused.value) == words


def test_a_slip_builder_takes_its_edge_values():
    assert lesson01.born_with(power=1)(0.6, 0.8) == pytest.approx((0.6, 0.8))       # an int power, a float amplitude
    theta, phi = lesson01.bloch_with(degrees=["theta", "phi"])(1, 0)
    assert (theta, phi) == (0.0, 0.0)


@pytest.mark.parametrize("entry", [(8,), (8, ""), (8, "  "), (8, 3), "8: hint", (8, "hint", "extra")])
def test_check_templates_refuses_an_entry_that_is_not_a_pair_with_a_hint(entry):
    from qttt_widgets.exercises import check_templates
    with pytest.raises(TypeError) as refused:
        check_templates([(1, "a good hint"), entry], ["got"])
    assert str(refused.value) == f"a named mistake is a pair (wrong answer, hint), the hint a non-empty text: {entry!r}"


def test_check_templates_reads_every_field_of_every_hint():
    from qttt_widgets.exercises import check_templates
    table = [(1, "plain text, no field"), (2, "you returned {got} for {marks[0]} and {got.real}")]
    assert check_templates(table, ["got", "marks"]) == table
    with pytest.raises(ValueError) as refused:
        check_templates([(1, "{got} then {gott}")], ["got"])
    assert str(refused.value) == "the hint '{got} then {gott}' names the field {gott}; this checker fills in {got}"
    with pytest.raises(ValueError, match="names the field {marks}"):
        check_templates([(1, "{marks.x}")], ["got"])


@pytest.mark.parametrize("boards, error, words", [
    ("OXO", TypeError, "a slip of Task 9.3 is the set of boards its circuit gives, such as {'OXO', 'XOX'}, not 'OXO'"),
    (7, TypeError, "a slip of Task 9.3 is the set of boards its circuit gives, such as {'OXO', 'XOX'}, not 7"),
    (set(), ValueError, "a slip of Task 9.3 lists boards of three cells, each X or O, such as 'OXO'; not an empty set"),
    ({"OXO", "OX", 3}, ValueError,
     "a slip of Task 9.3 lists boards of three cells, each X or O, such as 'OXO'; not 'OX', 3"),
])
def test_9_3_a_table_entry_that_is_not_a_set_of_boards_is_refused_saying_why(boards, error, words):
    with pytest.raises(error) as refused:
        lesson09.odd_first_checker(mistakes=[({"OXO", "XOX"}, "level 2's circuit"), (boards, "a slip")])
    assert str(refused.value) == words


@pytest.mark.parametrize("kwargs, words", [({"first": "1"}, "first must be a finite number of points, not '1'"),
                                           ({"later": math.inf}, "later must be a finite number of points, not inf")])
def test_6_4_score_with_refuses_a_bad_number_naming_it(kwargs, words):
    with pytest.raises(TypeError) as refused:
        lesson06.score_with(**kwargs)
    assert str(refused.value) == words


def test_7_2_a_wrong_count_on_a_cycle_gets_the_cycle_hint():
    """A count no table entry names, first wrong on marks that close a cycle (as many marks as
    squares in one group: three marks on three squares), gets the checker's own cycle hint."""
    cycle = [(0, 1), (1, 2), (0, 2)]
    check = lesson07.count_checker(positions=[[(0, 1)], cycle], mistakes=[])
    want = lesson07.ensemble_size(cycle)
    wrong = lambda marks: lesson07.ensemble_size(marks) + (len(marks) == 3) * 5     # noqa: E731
    assert check(wrong) == (f"for the marks {cycle} your function returned {want + 5}. These marks close a cycle "
                            "(as many marks as squares in one group): does your count still try every placement "
                            "and keep only those without a shared square?")
