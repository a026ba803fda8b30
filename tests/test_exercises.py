"""Every lesson task: its reference solution passes its check, an empty stub fails with a hint."""
import importlib.util
from pathlib import Path

import pytest

from qttt_widgets.exercises import TASKS, check, passes

SOLUTIONS_FILE = Path(__file__).resolve().parents[1] / "lessons" / "solutions" / "solutions.py"
spec = importlib.util.spec_from_file_location("lesson_solutions", SOLUTIONS_FILE)
solutions = importlib.util.module_from_spec(spec)
spec.loader.exec_module(solutions)


def test_every_task_has_a_solution_and_every_solution_a_task():
    assert set(solutions.SOLUTIONS) == set(TASKS)


@pytest.mark.parametrize("task_id", sorted(TASKS))
def test_the_solution_passes(task_id, capsys):
    answer = solutions.SOLUTIONS[task_id]()
    assert passes(task_id, answer) is True
    check(task_id, answer)
    assert capsys.readouterr().out.strip() == "Correct!"


@pytest.mark.parametrize("task_id", sorted(TASKS))
def test_an_empty_stub_fails_with_a_hint(task_id, capsys):
    assert passes(task_id, None) is False
    check(task_id, None)
    assert "Hint:" in capsys.readouterr().out


@pytest.mark.parametrize("task_id, wrong, words", [
    ("1.1", (1, 0), "that is |0>"),
    ("1.2", 0.25, "that is P(1)"),
    ("1.3", 90, "degrees"),
    ("2.2", "qc_plus", "wrong phase"),
    ("3.2", "qc_phi", "that is Phi+"),
    ("4.3", 1068, "counts every draw"),
    ("5.1", "one_based", "counts squares from 0"),
    ("5.2", 8, "prune"),
    ("6.3", {"X": 1.0, "O": 0.0}, "O has a line too"),
    ("8.1", 9, "ESILV"),
    ("9.1", 3, "Phi+"),
    ("2.1", 42, "QuantumCircuit"),
])
def test_common_mistakes_get_specific_hints(task_id, wrong, words, capsys):
    from qiskit import QuantumCircuit
    if wrong == "qc_plus":
        wrong = QuantumCircuit(1)
        wrong.h(0)
    elif wrong == "qc_phi":
        wrong = QuantumCircuit(2)
        wrong.h(0)
        wrong.cx(0, 1)
    elif wrong == "one_based":
        wrong = _one_based_game()
    assert passes(task_id, wrong) is False
    check(task_id, wrong)
    assert words in capsys.readouterr().out


def _one_based_game():
    class Fake:                            # squares 1 and 9 as typed by someone counting from 1
        spooky = (("X", 1, 1, 9),)
        pending = None
    return Fake()
