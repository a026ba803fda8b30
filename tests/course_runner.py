"""Run a lesson notebook in this process (an IPython shell), checking every task as it goes.

Used by tests/test_course.py: faster than a kernel per lesson, and it can try each task's
table of wrong answers at the moment its check cell runs (before the right answer), with
the namespace exactly as the lesson left it.
"""
from __future__ import annotations

import contextlib
import importlib
import io
import os
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import course  # noqa: E402  (tools/course.py)

SETUP = "from qttt_widgets.exercises import check, checks, run_check"


def wrong_answers(number: int) -> dict:
    """The table of plausible wrong answers for lesson ``number``: task id -> [(answer, words)],
    ``answer`` a value or a zero-argument function that builds it (a circuit, a function),
    ``words`` what its hint must say."""
    try:
        module = importlib.import_module(f"course_wrong.lesson_{number:02d}")
    except ModuleNotFoundError:
        return {}
    return module.WRONG


class Run:
    """The outcome of running one notebook: each task's hint (None = correct), the wrong
    answers' hints, and the printed text of every cell."""

    def __init__(self):
        self.results: dict[str, str | None] = {}
        self.wrong: dict[str, list] = {}
        self.outputs: list[str] = []


def execute(path: Path, try_wrong: bool = True) -> Run:
    from IPython.core.interactiveshell import InteractiveShell
    import matplotlib
    matplotlib.use("Agg")
    from qttt_widgets.exercises import RESULTS
    nb = nbformat.read(path, as_version=4)
    number = int(path.name[:2])
    table = wrong_answers(number) if try_wrong else {}
    checks = {t["check"]: t for t in course.tasks(nb) if t["check"] is not None}
    shell = InteractiveShell.instance()
    shell.reset(new_session=True)
    run = Run()
    here = os.getcwd()
    os.chdir(path.parent)
    try:
        for i, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            tags = cell.get("metadata", {}).get("tags", [])
            source = SETUP if "setup" in tags else cell.source
            if "nbval-skip" in tags:
                continue
            task = checks.get(i)
            if task is not None:
                for k, (answer, words) in enumerate(table.get(task["id"], [])):
                    shell.user_ns["__wrong__"] = answer() if callable(answer) and not _is_answer_function(answer) else answer
                    saved = shell.user_ns.get(task["var"])
                    shell.user_ns[task["var"]] = shell.user_ns["__wrong__"]
                    RESULTS.pop(task["id"], None)
                    _run(shell, source, f"{path.name} cell {i} (Task {task['id']}, wrong answer {k})")
                    run.wrong.setdefault(task["id"], []).append((answer, words, RESULTS.get(task["id"], "<no check ran>")))
                    shell.user_ns[task["var"]] = saved
                RESULTS.pop(task["id"], None)
            out = _run(shell, source, f"{path.name} cell {i}", may_fail="raises-exception" in tags)
            run.outputs.append(out)
            if task is not None:
                run.results[task["id"]] = RESULTS.get(task["id"], "<no check ran>")
    finally:
        os.chdir(here)
    return run


def _is_answer_function(f) -> bool:
    """A wrong answer that *is* a function (for a 'write a function' task) is marked by
    the attribute ``answer_is_function``; other callables build the answer."""
    return getattr(f, "answer_is_function", False)


def as_function(f):
    """Mark ``f`` as a wrong answer that is itself a function (not a builder)."""
    f.answer_is_function = True
    return f


def _run(shell, source: str, where: str, may_fail: bool = False) -> str:
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf):
        result = shell.run_cell(source, store_history=False)
    if not may_fail and (result.error_before_exec or result.error_in_exec):
        raise AssertionError(f"{where} failed:\n{buf.getvalue()[-3000:]}")
    return buf.getvalue()


def checker_of(task_id: str, **names):
    """The checker (the ``using=`` argument) that a task's check cell in ``lessons/`` builds,
    with the named mistakes the notebook gives it: the check cell run with ``check`` replaced
    by a catcher, so a unit test judges answers by the notebook's own table. ``names``: what
    the cell reads from the lesson's earlier cells (``psi4=...`` for Task 14.6)."""
    import re

    call = re.compile(r"check\(\s*\"" + re.escape(task_id) + r"\"\s*,\s*(?P<var>[A-Za-z_]\w*)")
    for path in sorted((ROOT / "lessons").glob("*.ipynb")):
        for cell in nbformat.read(path, 4).cells:
            m = call.search(cell.source) if cell.cell_type == "code" and "check" in cell.metadata.get("tags", []) else None
            if m:
                caught = {}
                namespace = {**names, m.group("var"): None,
                             "check": lambda task, answer, *a, using=None, **k: caught.setdefault("using", using)}
                exec(compile(cell.source, f"{path.name}: check {task_id}", "exec"), namespace)  # noqa: S102
                assert caught.get("using") is not None, f"the check cell of {task_id} gives no checker"
                return caught["using"]
    raise LookupError(f"no check cell for task {task_id} in lessons/")


def table_of(task_id: str, **names) -> list:
    """The table of named mistakes (``mistakes=[...]``) that a task's check cell in ``lessons/``
    gives its checker, as the checker holds it: so a test can build the checker on other inputs
    (``count_checker(positions, mistakes=table_of("7.2"))``) with the notebook's own slips."""
    checker = checker_of(task_id, **names)
    held = dict(zip(checker.__code__.co_freevars, (c.cell_contents for c in checker.__closure__ or ())))
    assert "mistakes" in held, f"the checker of {task_id} holds no table of mistakes"
    return list(held["mistakes"])
