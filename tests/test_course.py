"""The course as instructors and students meet it: every lesson's structure (lint), every
task's check (the instructor edition's solutions pass, the student edition's stubs fail, a
table of plausible wrong answers is refused with a specific hint), the student edition
without solutions, and the recipes of lessons/INSTRUCTORS.md done the way a teacher does them.
"""
from __future__ import annotations


import nbformat
import pytest

from course_runner import ROOT, course, execute, wrong_answers

LESSONS = course.lessons()
IDS = [p.name[:2] for p in LESSONS]


def test_every_lesson_passes_the_lint():
    assert course.lint() == []


def test_the_lessons_are_a_row_without_gaps():
    assert [int(n) for n in IDS] == list(range(len(LESSONS))) and len(LESSONS) >= 15


@pytest.mark.slow
@pytest.mark.parametrize("path", LESSONS, ids=IDS)
def test_instructor_edition_passes_and_wrong_answers_are_refused(path):
    run = execute(path)
    nb = nbformat.read(path, as_version=4)
    ids = [t["id"] for t in course.tasks(nb)]
    assert list(run.results) == ids
    failing = {k: v for k, v in run.results.items() if v is not None}
    assert not failing, f"the reference solutions fail: {failing}"
    table = wrong_answers(int(path.name[:2]))
    assert set(table) == set(ids), "every task needs a table of wrong answers in tests/course_wrong/"
    for task_id in ids:
        minimum = 1 if path.name.startswith("00") else 2
        assert len(run.wrong[task_id]) >= minimum, f"Task {task_id}: at least {minimum} wrong answers"
        for answer, words, hint in run.wrong[task_id]:
            assert hint is not None, f"Task {task_id} accepts the wrong answer {answer!r}"
            assert not hint.startswith("that answer could not be checked"), f"Task {task_id}: {answer!r} crashed: {hint}"
            for word in ([words] if isinstance(words, str) else words):
                assert word.lower() in hint.lower(), f"Task {task_id}: hint for {answer!r} should say {word!r}: {hint}"


@pytest.fixture(scope="module")
def student_edition(tmp_path_factory):
    out = tmp_path_factory.mktemp("student")
    course.student(out=out)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("name", [p.name for p in LESSONS], ids=IDS)
def test_student_edition_runs_and_every_empty_stub_fails(student_edition, name):
    path = student_edition / name
    text = path.read_text()
    assert "BEGIN SOLUTION" not in text and "END SOLUTION" not in text
    run = execute(path, try_wrong=False)
    assert run.results, "no task ran"
    accepted = [k for k, v in run.results.items() if v is None]
    assert not accepted, f"the empty stubs of tasks {accepted} pass their checks"


def test_the_committed_student_edition_and_launch_cells_are_current():
    """student/ is what students open (the links point there): it must match lessons/."""
    assert course.launch(write=False) == []
    assert course.student(write=False) == []
    for path in sorted((ROOT / "student").glob("*.ipynb")):
        assert "BEGIN SOLUTION" not in path.read_text(), path.name


def test_strip_solutions_keeps_the_stub_and_the_signature():
    source = ("answer = None   # a number\n### BEGIN SOLUTION\nanswer = 3\n### END SOLUTION\n\n"
              "def f(x):\n    \"\"\"Doc.\"\"\"\n    ### BEGIN SOLUTION\n    return 2 * x\n    ### END SOLUTION\n")
    out = course.strip_solutions(source)
    assert "answer = 3" not in out and "return 2 * x" not in out
    assert out.startswith("answer = None   # a number\n# YOUR CODE HERE\n")
    assert "def f(x):\n    \"\"\"Doc.\"\"\"\n    # YOUR CODE HERE\n    raise NotImplementedError()" in out


def test_the_lint_refuses_a_png_stored_inside_an_html_output(tmp_path):
    """A PNG inside text/html is compared byte by byte by nbval, and its bytes change with
    matplotlib's version (lessons 05-06 failed on Python 3.10 that way): the lint says so."""
    source = LESSONS[5]
    planted = tmp_path / source.name
    nb = nbformat.read(source, as_version=4)
    assert course.lint_notebook(source) == []
    cell = next(c for c in nb.cells if c.cell_type == "code" and c.outputs)
    cell.outputs.append(nbformat.v4.new_output(
        "display_data", data={"text/html": '<div><img src="data:image/png;base64,iVBORw0KGgo="></div>'}))
    nbformat.write(nb, planted)
    problems = course.lint_notebook(planted)
    assert len(problems) == 1 and "stores a PNG inside an HTML output" in problems[0]
