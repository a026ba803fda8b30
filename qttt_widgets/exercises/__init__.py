"""Self-checking exercises for the lessons.

Each lesson task has an id like ``"1.2"``. In a notebook::

    from qttt_widgets.exercises import check
    answer = ...            # the learner's work
    check("1.2", answer)    # prints "Correct!" or a hint

``TASKS`` lists every task with its goal; reference solutions live in
``lessons/solutions/solutions.py`` and the tests prove that each passes its check and
that an empty stub (``None``) does not.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass
class Task:
    id: str
    goal: str
    checker: Callable     # answer -> None if right, else a hint (str)


TASKS: dict[str, Task] = {}


def task(task_id: str, goal: str):
    def register(fn):
        TASKS[task_id] = Task(task_id, goal, fn)
        return fn
    return register


def hint_for(task_id: str, answer) -> str | None:
    """None if ``answer`` solves task ``task_id``, else the hint to show."""
    if task_id not in TASKS:
        raise KeyError(f"there is no task {task_id!r}; tasks are {', '.join(sorted(TASKS))}")
    if answer is None or answer is Ellipsis:
        return "No answer yet: replace None (or ...) with your answer, then run the cell again."
    try:
        return TASKS[task_id].checker(answer)
    except Exception as e:  # noqa: BLE001 - a learner's odd answer must give a hint, not a crash
        return f"That answer could not be checked ({type(e).__name__}: {e}). Look at what the task asks for."


def passes(task_id: str, answer) -> bool:
    """True if ``answer`` solves task ``task_id`` (prints nothing)."""
    return hint_for(task_id, answer) is None


def check(task_id: str, answer) -> None:
    """Check ``answer`` for task ``task_id`` and print "Correct!" or a hint."""
    hint = hint_for(task_id, answer)
    print("Correct!" if hint is None else f"Not yet. Hint: {hint}")


def _close(a, b, tol=1e-6) -> bool:
    return abs(complex(a) - complex(b)) < tol


def _statevector(qc):
    from qiskit.quantum_info import Statevector
    return Statevector.from_instruction(qc.remove_final_measurements(inplace=False))


def _same_state(qc, target, num_qubits) -> str | None:
    """None if circuit ``qc`` prepares ``target`` (up to a global phase), else a hint."""
    from qiskit import QuantumCircuit
    from qiskit.quantum_info import Statevector
    if not isinstance(qc, QuantumCircuit):
        return f"the answer should be a QuantumCircuit, got {type(qc).__name__}"
    if qc.num_qubits != num_qubits:
        return f"use a circuit with {num_qubits} qubit{'s' if num_qubits > 1 else ''}, not {qc.num_qubits}"
    sv = _statevector(qc)
    overlap = abs(Statevector(target).inner(sv))
    if overlap > 1 - 1e-6:
        return None
    probs = {k: round(v, 3) for k, v in sv.probabilities_dict().items() if v > 1e-9}
    return f"your circuit gives the outcome probabilities {probs}; compare them with the state asked for"


from . import lessons  # noqa: E402,F401  (registers the tasks)
