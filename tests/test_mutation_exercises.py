"""The exercise checks' core, pinned down so that a changed comparison, bound or hint is caught
(mutation testing, tests/MUTATION.md): ``matches``, ``verdict``, ``check``, the packed checks,
and the checkers of ``exercises.checks``. Hints are compared whole: a learner reads them."""
import math

import numpy as np
import pytest

from qttt_widgets.exercises import (RESULTS, Mismatch, check, encode_check, grading, matches,
                                    run_check, verdict)
from qttt_widgets.exercises import checks


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
