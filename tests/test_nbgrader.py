"""The course graded by nbgrader, the way lessons/INSTRUCTORS.md says ("Grade with nbgrader").

Fast: every lesson is valid nbgrader source (nbgrader's own metadata validator), each task's
answer cell a solution cell and its check cell a locked graded test. (That ``check()`` raises
with its hint under grading and prints it otherwise is pinned in tests/test_exercises.py,
where mutation testing sees it.)

Slow (``-m slow``; ``-m "not slow"`` leaves it out): the recipe's two command blocks, run as
written on a copy of the course with ``HOME`` in a temporary folder, and four submissions of
every lesson between them:

- ``blank``: the release as nbgrader makes it, must score 0;
- ``reference``: the instructor's notebook with its solutions, must score full marks;
- ``wrong-odd`` / ``wrong-even``: the reference with the first wrong answer of each odd
  (even) task's table in ``tests/course_wrong/`` put in its answer cell. Each such task's check
  scores 0, every other check its full points: a wrong answer loses exactly its task's points.

``QTTT_NBGRADER_LESSONS="04 07"`` grades only those lessons (a quick look at one lesson).
Time: 60 notebooks graded (4 per lesson); 10 min 45 s wall on 2 cores shared with other
jobs (load 4-5), 4 min 15 s of CPU, so about 5 minutes on two free cores.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from course_runner import ROOT, course, wrong_answers

nbgrader = pytest.importorskip("nbgrader")
from nbgrader.nbgraderformat import MetadataValidator  # noqa: E402

LESSONS = course.lessons()
IDS = [course.label(p) for p in LESSONS]      # "04", or "01a" for a part


# --- fast: the metadata and the raising check ---------------------------------------------------


@pytest.mark.parametrize("path", LESSONS, ids=IDS)
def test_every_lesson_is_nbgrader_source(path):
    nb = nbformat.read(path, as_version=4)
    MetadataValidator().validate_nb(nb)              # nbgrader's own checks (schema 3, ids, points)
    found = course.tasks(nb)
    assert found
    for t in found:
        answer = nb.cells[t["answer"]].metadata["nbgrader"]
        check = nb.cells[t["check"]].metadata["nbgrader"]
        n, m = t["id"].split(".")
        assert answer == {"grade": False, "solution": True, "locked": False,
                          "grade_id": f"answer-{n}-{m}", "schema_version": 3}
        assert check["grade"] and check["locked"] and not check["solution"] and check["points"] > 0
        assert check["grade_id"] == f"check-{n}-{m}" and check["schema_version"] == 3
    for i, cell in enumerate(nb.cells):                # nbgrader refuses a solution region elsewhere
        if "### BEGIN SOLUTION" in cell.source:
            assert cell.metadata.get("nbgrader", {}).get("solution"), f"cell {i}"


def test_the_student_edition_carries_no_grading_metadata():
    for path in sorted((ROOT / "student").glob("*.ipynb")):
        assert '"nbgrader"' not in path.read_text(), path.name


def test_the_tool_keeps_an_instructors_points_and_drops_stale_metadata():
    nb = nbformat.read(LESSONS[4], as_version=4)
    t1, t2 = course.tasks(nb)[:2]
    nb.cells[t1["check"]].metadata["nbgrader"]["points"] = 3
    nb.cells[t2["check"]].metadata["tags"] = []         # no longer a check cell ...
    nb.cells[t2["check"]].source = "print('a note')"    # ... nor a check call
    stamped = course.stamp_grading(nb)
    assert stamped.cells[t1["check"]].metadata["nbgrader"]["points"] == 3
    assert "nbgrader" not in stamped.cells[t2["check"]].metadata
    nb.cells[t1["check"]].metadata["nbgrader"]["grade_id"] = "check 4.1"
    assert any("nbgrader's pattern" in p for p in course.lint_grading(nb))


def test_the_graded_source_hides_every_check_and_leaves_the_lessons_alone(tmp_path):
    before = {p: p.read_bytes() for p in LESSONS}
    written = course.graded_source(tmp_path / "source")
    assert len(written) == len(LESSONS) and {p: p.read_bytes() for p in LESSONS} == before
    for path in LESSONS:
        nb = nbformat.read(tmp_path / "source" / path.stem / path.name, as_version=4)
        assert course.lint_grading(nb) == []                       # the metadata still fits
        for t in course.tasks(nb):
            text = nb.cells[t["check"]].source
            head, hidden = text.split("### BEGIN HIDDEN TESTS\n")
            assert head == f"# Task {t['id']} is checked when your notebook is graded.\n"
            assert hidden.endswith("### END HIDDEN TESTS") and f'check("{t["id"]}"' in hidden
    practice = course.graded_source(tmp_path / "practice", show_answers=True)
    assert all("HIDDEN TESTS" not in open(p).read() for p in practice)


# --- slow: the recipe, on every lesson ----------------------------------------------------------


def recipe_blocks() -> list[str]:
    text = (ROOT / "lessons" / "INSTRUCTORS.md").read_text()
    section = re.search(r"^### Grade with nbgrader\n(.*?)(?=^### )", text, re.S | re.M).group(1)
    return re.findall(r"```bash\n(.*?)```", section, re.S)


def bash(script: str, cwd, home) -> str:
    env = dict(os.environ, HOME=str(home))
    # `python` and `nbgrader` of the interpreter running the tests (a virtual environment run
    # without activating it included), not whichever comes first on PATH
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    # the library of this checkout, in nbgrader's kernels too (the recipe: "a checkout on PYTHONPATH")
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    env.setdefault("MPLCONFIGDIR", str(home / ".mpl"))
    done = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", script], cwd=cwd, env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, f"{script}\n{done.stdout[-3000:]}\n{done.stderr[-5000:]}"
    return done.stdout + done.stderr


INJECT = '''
# (tests/test_nbgrader.py) the first wrong answer of Task {id}'s table in tests/course_wrong/
import sys as _sys
_sys.path.insert(0, {tests!r})
from course_runner import wrong_answers as _wrong_answers
_w = _wrong_answers({number})["{id}"][0][0]
{var} = _w() if callable(_w) and not getattr(_w, "answer_is_function", False) else _w
'''


def with_wrong_answers(nb, number: int, parity: int):
    """The reference notebook with the first wrong answer of every task whose number M has
    this parity (1: tasks N.1, N.3, ...; 0: N.2, N.4, ...); the ids of those tasks."""
    table = wrong_answers(number)
    chosen = []
    for t in course.tasks(nb):
        if t["m"] % 2 == parity and table.get(t["id"]):
            cell = nb.cells[t["answer"]]
            cell.source = cell.source.rstrip("\n") + "\n" + INJECT.format(
                id=t["id"], tests=str(ROOT / "tests"), number=number, var=t["var"])
            chosen.append(t["id"])
    return nb, chosen


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Run the recipe on a copy of the course; the gradebook's scores, per lesson and
    submission: {lesson: {student: {grade_id: (score, max_score)}}}, and the wrong tasks."""
    from nbgrader.api import Gradebook
    only = os.environ.get("QTTT_NBGRADER_LESSONS", "").split()
    paths = [p for p in LESSONS if not only or (p.name[:2] in only or course.label(p) in only)]
    top = tmp_path_factory.mktemp("nbgrader")
    home, repo = top / "home", top / "course"
    home.mkdir()
    (repo / "lessons").mkdir(parents=True)
    shutil.copytree(ROOT / "tools", repo / "tools", ignore=shutil.ignore_patterns("__pycache__"))
    for path in paths:
        shutil.copy(path, repo / "lessons" / path.name)
    first, second = recipe_blocks()
    bash(first, repo, home)                                      # the course directory, the releases
    grading = home / "grading"
    wrong = {}
    for path in paths:
        name = path.stem
        release = nbformat.read(grading / "release" / name / path.name, as_version=4)
        source = nbformat.read(grading / "source" / name / path.name, as_version=4)
        submissions = {"blank": release, "reference": source}
        for parity, student in ((1, "wrong-odd"), (0, "wrong-even")):
            nb, chosen = with_wrong_answers(nbformat.read(path, as_version=4), int(name[:2]), parity)
            if chosen:
                submissions[student] = nb
                wrong[(name, student)] = chosen
        for student, nb in submissions.items():
            target = grading / "submitted" / student / name / path.name
            target.parent.mkdir(parents=True)
            nbformat.write(nb, target)
    bash(second, repo, home)                                     # autograde, export
    assert (grading / "grades.csv").exists()
    scores = {}
    with Gradebook(f"sqlite:///{grading / 'gradebook.db'}") as gb:
        for path in paths:
            for submission in gb.assignment_submissions(path.stem):
                grades = submission.notebooks[0].grades
                scores.setdefault(path.stem, {})[submission.student.id] = {
                    g.name: (g.score, g.max_score) for g in grades}
    return scores, wrong, grading


def _lessons_graded():
    only = os.environ.get("QTTT_NBGRADER_LESSONS", "").split()
    return [p for p in LESSONS if not only or (p.name[:2] in only or course.label(p) in only)]


@pytest.mark.slow
@pytest.mark.parametrize("path", _lessons_graded(), ids=[course.label(p) for p in _lessons_graded()])
def test_graded_by_the_recipe_blank_zero_reference_full_wrong_loses_its_task(graded, path):
    scores, wrong, grading = graded
    name = path.stem
    mine = scores[name]
    nb = nbformat.read(path, as_version=4)
    points = {f"check-{t['id'].replace('.', '-')}": nb.cells[t["check"]].metadata["nbgrader"]["points"]
              for t in course.tasks(nb)}
    assert set(mine["reference"]) == set(points)
    full = sum(points.values())
    assert {k: s for k, (s, _) in mine["reference"].items()} == points, "the reference solutions lose marks"
    assert sum(s for s, _ in mine["blank"].values()) == 0, f"a blank release scores: {mine['blank']}"
    release = nbformat.read(grading / "release" / name / path.name, as_version=4)
    assert "BEGIN SOLUTION" not in nbformat.writes(release)
    checks = {c.metadata["nbgrader"]["grade_id"]: c.source for c in release.cells
              if c.metadata.get("nbgrader", {}).get("grade")}
    assert set(checks) == set(points)
    for gid, text in checks.items():                   # every check is a hidden test: no answer in the release
        assert "check(" not in text and "expect" not in text and "is checked when your notebook is graded" in text
    for student in ("wrong-odd", "wrong-even"):
        if (name, student) not in wrong:
            continue
        lost = {f"check-{i.replace('.', '-')}" for i in wrong[(name, student)]}
        got = {k: s for k, (s, _) in mine[student].items()}
        want = {k: (0 if k in lost else p) for k, p in points.items()}
        assert got == want, f"{student}: wrong answers in {sorted(lost)}"
        assert sum(got.values()) == full - sum(points[k] for k in lost)
    autograded = nbformat.read(grading / "autograded" / "blank" / name / path.name, as_version=4)
    errors = [o for c in autograded.cells if c.metadata.get("nbgrader", {}).get("grade")
              for o in c.outputs if o.output_type == "error"]
    assert errors and all(o.ename == "AssertionError" and "Not yet. Hint:" in o.evalue for o in errors)
