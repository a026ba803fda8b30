"""The recipes of lessons/INSTRUCTORS.md, done on a copy of the course the way a teacher
does them: edit a lesson, add an exercise, reorder lessons, make the student edition, publish
launch links. After each, the lint, the checks and strict nbval still pass."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from course_runner import ROOT, course, execute

pytestmark = pytest.mark.slow          # CONTRIBUTING.md: "What slow means"

LESSON = "00_how_to_use.ipynb"


@pytest.fixture
def copy(tmp_path):
    top = tmp_path / "course"
    top.mkdir()
    shutil.copytree(ROOT / "lessons", top / "lessons")
    shutil.copytree(ROOT / "tools", top / "tools", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "tests" / "course_wrong", top / "tests" / "course_wrong",
                    ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, top / name)
    return top


def tool(top: Path, *args: str) -> str:
    done = subprocess.run([sys.executable, "tools/course.py", *args], cwd=top, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def run_and_save(path: Path) -> None:
    """What an instructor does in JupyterLab: Run All, then Save."""
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    nbformat.write(nb, path)


def nbval(path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval", str(path)],
                          cwd=path.parent, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:]


def set_address(top: Path, url: str | None) -> None:
    path = top / "pyproject.toml"
    text = re.sub(r"\n\[project\.urls\]\nSource = \"[^\"]*\"\n", "\n", path.read_text())
    if url:
        text = text.replace("\n[project.optional-dependencies]", f"\n[project.urls]\nSource = \"{url}\"\n\n"
                            "[project.optional-dependencies]", 1)
    path.write_text(text)


def edit_lesson(path: Path) -> None:
    """Change a markdown cell and a task (its text, solution and expected answer)."""
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.source.startswith("## Running the lessons"):
            cell.source += "\n\nIn our class we use the lab room's machines: ask me for the link."
        if cell.source.startswith("### Task 0.2"):
            cell.source = "### Task 0.2 (compute)\n\nThe top-right corner is square 3 for people. What is its number in code?"
        if "answer = 5 - 1" in cell.source:
            cell.source = cell.source.replace("answer = 5 - 1", "answer = 3 - 1")
        if 'check("0.2"' in cell.source:
            cell.source = cell.source.replace("expect=4", "expect=2").replace("(5, ", "(3, ").replace("(6, ", "(4, ")
    nbformat.write(nb, path)


def test_edit_a_lesson_then_publish_and_unpublish_launch_links(copy):
    path = copy / "lessons" / LESSON
    edit_lesson(path)
    run_and_save(path)
    edited_cells = nbformat.read(path, as_version=4).cells
    edited = [c.source for c in edited_cells]

    set_address(copy, "https://github.com/a-teacher/qttt")
    assert course.repository(copy)[0] == "a-teacher/qttt"
    tool(copy, "launch")
    nb = nbformat.read(path, as_version=4)
    badges = [c for c in nb.cells if "launch-badges" in c.metadata.get("tags", [])]
    assert len(badges) == 1 and "colab.research.google.com/github/a-teacher/qttt/blob/main/student/" in badges[0].source
    assert "urlpath=voila/render/notebooks/app.ipynb" in badges[0].source
    setup = next(c for c in nb.cells if "setup" in c.metadata.get("tags", []))
    assert 'git+https://github.com/a-teacher/qttt@main' in setup.source and "--no-deps" in setup.source
    assert "a-teacher/qttt" in (copy / "README.md").read_text()
    owned = {"launch-badges", "setup"}
    theirs = lambda cells: [c.source for c in cells if not owned & set(c.metadata.get("tags", []))]  # noqa: E731
    assert theirs(nb.cells) == theirs(edited_cells)                   # every instructor cell survives
    before = path.read_text()
    assert tool(copy, "launch") == ""                                  # twice: nothing changes
    assert path.read_text() == before

    set_address(copy, None)
    tool(copy, "launch")
    nb = nbformat.read(path, as_version=4)
    assert [c.source for c in nb.cells] == edited                      # back to the edited lesson exactly
    assert "a-teacher" not in (copy / "README.md").read_text()

    assert course.lint(copy) == []
    run = execute(path, try_wrong=False)
    assert run.results == {"0.1": None, "0.2": None}
    nbval(path)


def test_the_edits_survive_every_owned_cell_rewrite(copy):
    """Only cells tagged setup / launch-badges are ever written by the tool."""
    path = copy / "lessons" / LESSON
    nb = nbformat.read(path, as_version=4)
    nb.cells[0].source += "\n\n(Edited by the instructor.)"
    nbformat.write(nb, path)
    set_address(copy, "https://github.com/a-teacher/qttt")
    tool(copy, "launch")
    assert "(Edited by the instructor.)" in nbformat.read(path, as_version=4).cells[0].source


def test_add_an_exercise(copy):
    path = copy / "lessons" / LESSON
    nb = nbformat.read(path, as_version=4)
    at = next(i for i, c in enumerate(nb.cells) if 'check("0.2"' in c.source) + 1
    stated = course.stated_minutes(nb)
    nb.cells[at:at] = [                                          # a code task: 12 minutes by the rule
        nbformat.v4.new_markdown_cell("### Task 0.3 (code)\n\nWrite `squares(n)`: how many squares does an "
                                      "n x n board have?"),
        nbformat.v4.new_code_cell("def squares(n):\n    ### BEGIN SOLUTION\n    return n * n\n    ### END SOLUTION"),
        nbformat.v4.new_code_cell('check("0.3", squares, using=checks.function(lambda n: n * n, [1, 2, 3, 4]))',
                                  metadata={"tags": ["check"]}),
    ]
    nbformat.write(nb, path)
    run_and_save(path)
    assert any("nbgrader metadata is out of date" in p for p in course.lint(copy))
    tool(copy, "nbgrader")
    [stale] = [p for p in course.lint(copy) if p.startswith(LESSON)]   # the recipe: the title's minutes next
    assert f"the title says about {stated} minutes" in stale
    report = tool(copy, "minutes")
    rounded = int(re.search(r"^00 .*-> *(\d+)", report, re.M).group(1))
    assert rounded >= stated + 10
    nb = nbformat.read(path, as_version=4)
    nb.cells[0].source = nb.cells[0].source.replace(f"About {stated} minutes", f"About {rounded} minutes")
    nbformat.write(nb, path)
    assert course.lint(copy) == []
    grading = [c.metadata.get("nbgrader", {}) for c in nbformat.read(path, as_version=4).cells]
    assert {"grade_id": "check-0-3", "grade": True, "locked": True, "points": 1}.items() <= grading[at + 2].items()
    assert grading[at + 1]["grade_id"] == "answer-0-3" and grading[at + 1]["solution"]
    run = execute(path, try_wrong=False)
    assert run.results["0.3"] is None
    from qttt_widgets.exercises import verdict
    assert verdict(4, 16, wrong=[(4, "that is one row")]) == "that is one row"
    tool(copy, "student", "--out", str(copy / "student"))
    text = (copy / "student" / LESSON).read_text()
    assert "Task 0.3" in text and "return n * n" not in text
    nbval(path)


def test_reorder_lessons(copy):
    last = len(course.lesson_groups(copy)) - 1
    before = course.lesson_groups(copy)[4]                        # lesson 04: one notebook, or its parts
    titles = [nbformat.read(p, as_version=4).cells[0].source for p in before]
    out = tool(copy, "move", "4", str(last))
    assert "cross-references" in out and "You need" in out
    moved = [copy / "lessons" / f"{last:02d}{p.name[2:]}" for p in before]
    assert course.lesson_groups(copy)[last] == moved and not any(p.exists() for p in before)
    for path, title in zip(moved, titles):
        nb = nbformat.read(path, as_version=4)
        assert nb.cells[0].source.splitlines()[0] == re.sub(r"^# 04", f"# {last:02d}", title.splitlines()[0])
        ids = [t["id"] for t in course.tasks(nb)]
        assert ids and all(i.startswith(f"{last}.") for i in ids)
    ids = [t["id"] for p in moved for t in course.tasks(nbformat.read(p, as_version=4))]
    assert (copy / "tests" / "course_wrong" / f"lesson_{last:02d}.py").read_text().count(f'"{last}.') >= len(ids)
    assert course.lint(copy) == []
    for path in moved:
        nbval(path)


def test_make_the_student_edition(copy):
    out = copy / "student"
    tool(copy, "student")
    assert sorted(p.name for p in out.glob("*.ipynb")) == sorted(p.name for p in course.lessons(copy))
    for path in out.glob("*.ipynb"):
        nb = nbformat.read(path, as_version=4)
        text = path.read_text()
        assert "BEGIN SOLUTION" not in text
        for cell in nb.cells:
            if "check" in cell.metadata.get("tags", []):
                assert cell.metadata["jupyter"]["source_hidden"] and cell.metadata["cellView"] == "form"
                assert not cell.get("outputs")
                assert "run_check(" in cell.source and "expect=" not in cell.source and "wrong=" not in cell.source
    assert (out / "GLOSSARY.md").exists()
    assert tool(copy, "student") == ""                                # twice: nothing changes


def test_without_an_address_the_setup_cell_is_short_folded_and_has_no_colab_branch():
    """Issue 23, section 6: the first thing every student sees. Without a public address the setup
    cell has no Colab branch (no empty address in a condition, no git+https://github.com/@main); it is
    short and folded in JupyterLab and Colab. With an address, Colab installs from it."""
    local = course.setup_source("", "main")
    for broken in ("google.colab", "github.com", "%pip", 'and ""', "/@main"):
        assert broken not in local
    assert len(local.splitlines()) <= 12
    published = course.setup_source("a-teacher/qttt", "main")
    assert 'git+https://github.com/a-teacher/qttt@main' in published and 'and "' not in published
    for path in course.lessons():
        nb = nbformat.read(path, as_version=4)
        setup = next(c for c in nb.cells if "setup" in c.metadata.get("tags", []))
        assert setup.source == local, path.name                       # this checkout has no address
        assert setup.metadata["jupyter"]["source_hidden"] and setup.metadata["cellView"] == "form"
        assert setup.source.startswith("#@title")


def test_readme_and_the_student_readme_say_what_a_newcomer_needs():
    """The venv comes before the first pip install (PEP 668); the README says where JupyterLab and
    the app are served and how to stop them; the badge placeholder is hidden from readers; the
    student edition's README does not forbid the editing every task asks for."""
    readme = (ROOT / "README.md").read_text()
    assert readme.index("python3 -m venv .venv") < readme.index("pip install -r requirements.txt")
    assert "PEP 668" in readme
    assert "http://localhost:8888/lab" in readme and "http://localhost:8866/" in readme
    assert readme.count("Ctrl + C") >= 2 and "File → Shut Down" in readme
    block = readme.split("<!-- launch badges -->")[1].split("<!-- /launch badges -->")[0].strip()
    assert block.startswith("<!--") and block.endswith("-->")                   # no address: a comment only
    student = (ROOT / "student" / "README.md").read_text()
    assert "Do not edit" not in student and "write your answer in the cell" in student
