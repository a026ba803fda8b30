"""The course as instructors and students meet it: every lesson's structure (lint), every
task's check (the instructor edition's solutions pass, the student edition's stubs fail, a
table of plausible wrong answers is refused with a specific hint), the student edition
without solutions, and the recipes of lessons/INSTRUCTORS.md done the way a teacher does them.
"""
from __future__ import annotations

import shutil

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
    def plant(nb):
        cell = next(c for c in nb.cells if c.cell_type == "code" and c.outputs)
        cell.outputs.append(nbformat.v4.new_output(
            "display_data", data={"text/html": '<div><img src="data:image/png;base64,iVBORw0KGgo="></div>'}))
    problems = _planted(tmp_path, 5, plant, "PNG")
    assert len(problems) == 1 and "stores a PNG inside an HTML output" in problems[0]


def _planted(tmp_path, number, plant, about=""):
    """Lint a copy of lesson ``number`` before and after ``plant(nb)``: the problems it added
    (those whose text contains ``about``; a planted sentence also adds minutes)."""
    source = LESSONS[number]
    nb = nbformat.read(source, as_version=4)
    clean = tmp_path / f"clean{len(list(tmp_path.iterdir()))}" / source.name
    clean.parent.mkdir()
    nbformat.write(nb, clean)
    before = set(course.lint_notebook(clean))
    plant(nb)
    planted = clean.parent / "planted" / source.name
    planted.parent.mkdir()
    nbformat.write(nb, planted)
    return [p for p in course.lint_notebook(planted) if p not in before and about in p]


def _task(nb, task_id):
    return next(t for t in course.tasks(nb) if t["id"] == task_id)


def test_the_giveaway_lint_finds_a_number_planted_above_its_task(tmp_path):
    """Task 3.2's amplitude −0.6/√2 ≈ −0.424, written in the prose above the task, is on show."""
    def plant(nb):
        above = max(i for i in range(_task(nb, "3.2")["heading"]) if nb.cells[i].cell_type == "markdown")
        nb.cells[above].source += "\n\nFor example an amplitude of −0.42 can appear."
    added = _planted(tmp_path, 3, plant, "on show")
    assert len(added) == 1 and "Task 3.2: its expected answer is on show" in added[0] and "0.42" in added[0]


def test_the_giveaway_lint_finds_a_set_in_a_later_tasks_text_and_in_a_stored_output(tmp_path):
    """Task 3.3's set {B, C, E}, listed in a later paragraph or printed by a cell above, is on show."""
    def plant(nb):
        nb.cells[_task(nb, "3.5")["heading"]].source += "\n\n(States B, C and E of Task 3.3 are entangled.)"
        cell = nb.cells[_task(nb, "3.2")["check"] + 1] if nb.cells[_task(nb, "3.2")["check"] + 1].cell_type == "code" \
            else next(c for c in nb.cells[:_task(nb, "3.3")["heading"]] if c.cell_type == "code" and c.outputs)
        cell.outputs.append(nbformat.v4.new_output("stream", name="stdout", text="entangled: ['B', 'C', 'E']\n"))
    added = _planted(tmp_path, 3, plant, "on show")
    assert len(added) == 2 and all("Task 3.3: its expected answer is on show" in p for p in added)


def test_the_giveaway_lint_leaves_trivial_numbers_and_an_explained_opt_out_alone(tmp_path):
    def plant(nb):
        above = max(i for i in range(_task(nb, "3.2")["heading"]) if nb.cells[i].cell_type == "markdown")
        nb.cells[above].source += "\n\nProbabilities such as 0.5, 1 and 2 are everywhere."
        nb.cells[_task(nb, "3.3")["heading"] - 1].source += "\n\nStates B, C and E."
        check_cell = nb.cells[_task(nb, "3.3")["check"]]
        check_cell.source = "# giveaway-ok: planted in a test\n" + check_cell.source
    assert _planted(tmp_path, 3, plant, "on show") == []
    assert not course.nontrivial_number(0.5) and not course.nontrivial_number(2)
    assert course.nontrivial_number(0.25) and course.nontrivial_number(12) and course.nontrivial_number(-0.6 / 2 ** 0.5)


def test_the_picture_lint_refuses_text_pointing_at_a_picture_only_a_reveal_cell_draws(tmp_path):
    """The student edition stores no output for a reveal cell: 'the chart below' would point at nothing."""
    def plant(nb):
        reveal = next(i for i, c in enumerate(nb.cells) if "reveal" in c.metadata.get("tags", [])
                      and course._pictures(c))
        nb.cells.insert(reveal, nbformat.v4.new_markdown_cell("The chart below shows the odds."))
    added = _planted(tmp_path, 3, plant, "says")
    assert len(added) == 1 and "chart" in added[0] in added[0] and "drawn only by the reveal cell" in added[0]


def test_the_student_edition_carries_the_glossary_and_every_markdown_file_a_lesson_links_to(tmp_path):
    """Lessons 00 and 01 link to GLOSSARY.md: the student edition must carry it (and any other linked
    .md file in lessons/), or the link is broken in student/."""
    (tmp_path / "lessons").mkdir()
    shutil.copyfile(ROOT / "lessons" / "GLOSSARY.md", tmp_path / "lessons" / "GLOSSARY.md")
    nb = nbformat.read(LESSONS[0], as_version=4)
    nb.cells.append(nbformat.v4.new_markdown_cell("See [the notes](NOTES.md#part-2) and [the guide](README.md)."))
    nbformat.write(nb, tmp_path / "lessons" / LESSONS[0].name)
    (tmp_path / "lessons" / "NOTES.md").write_text("# Notes\n")
    (tmp_path / "lessons" / "UNLINKED.md").write_text("# Not linked\n")
    assert course.linked_markdown(tmp_path) == ["GLOSSARY.md", "NOTES.md"]
    course.student(tmp_path, tmp_path / "student")
    out = tmp_path / "student"
    assert (out / "GLOSSARY.md").read_text() == (ROOT / "lessons" / "GLOSSARY.md").read_text()
    assert (out / "NOTES.md").read_text() == "# Notes\n" and not (out / "UNLINKED.md").exists()
    assert "Start with" in (out / "README.md").read_text()
    assert course.student(tmp_path, tmp_path / "student") == []                # twice: nothing changes
    assert "GLOSSARY.md" in course.linked_markdown(ROOT)


def test_the_picture_lint_refuses_a_paragraph_describing_what_only_a_reveal_cell_shows(tmp_path):
    """'draws ... (left) ... (right)', 'the table': a description of a reveal cell's output, as if it were on
    the page, is flagged; the same words after 'Run the cell below:' are an instruction, and pass."""
    def reveal_after_markdown(nb):
        return next(i for i, c in enumerate(nb.cells) if "reveal" in c.metadata.get("tags", []) and c.outputs
                    and nb.cells[i - 1].cell_type == "markdown" and "check" not in nb.cells[i - 1].metadata.get("tags", []))
    def plant(nb):
        i = reveal_after_markdown(nb)
        nb.cells.insert(i, nbformat.v4.new_markdown_cell("It draws the two cases, Φ⁺ (left) and the mixture (right)."))
    added = _planted(tmp_path, 3, plant, "describes")
    assert len(added) == 1 and "reveal cell" in added[0] and "Run the cell below" in added[0]
    def table(nb):
        i = reveal_after_markdown(nb)
        nb.cells.insert(i, nbformat.v4.new_markdown_cell("The table gives each level's state."))
    added = _planted(tmp_path, 3, table, "describes")
    assert len(added) == 1 and "'The table'" in added[0]
    def instruction(nb):
        i = reveal_after_markdown(nb)
        nb.cells.insert(i, nbformat.v4.new_markdown_cell("Run the cell below: it draws the two cases, Φ⁺ (left) "
                                                         "and the mixture (right); compare them with your answer."))
    assert _planted(tmp_path, 3, instruction, "describes") == []


def test_the_picture_lint_refuses_a_task_about_a_position_with_no_picture(tmp_path):
    def plant(nb):
        t = _task(nb, "3.2")
        nb.cells[t["heading"]].source += "\n\n(As in the position `15 59 37`.)"
        for c in nb.cells[_task(nb, "3.1")["check"] + 1:t["check"]]:
            if c.cell_type == "code":
                c.outputs = [o for o in c.outputs if not {"image/png", "image/svg+xml"} & set(o.get("data", {}))]
    added = _planted(tmp_path, 3, plant, "position")
    assert len(added) == 1 and "Task 3.2 is about a position" in added[0]


def test_the_minutes_come_from_the_rule_and_the_title_must_state_them(tmp_path):
    nb = nbformat.read(LESSONS[0], as_version=4)
    kinds = [t["kind"] for t in course.tasks(nb)]
    expected = course.prose_words(nb) / 150 + sum(6 if k == "code" else 4 if k == "play" else 3 for k in kinds)
    assert course.minutes(nb) == pytest.approx(expected)
    assert course.stated_minutes(nb) == course.rounded_minutes(expected)
    def plant(nb):
        nb.cells[0].source = nb.cells[0].source.replace(f"About {course.stated_minutes(nb)} minutes", "About 25 minutes")
    added = _planted(tmp_path, 0, plant, "minutes")
    assert len(added) == 1 and "the title says about 25 minutes" in added[0]
    def longer(nb):
        nb.cells.insert(3, nbformat.v4.new_markdown_cell("word " * 150 * 35))
    added = _planted(tmp_path, 0, longer, "minutes")
    assert any("a lesson over 40 minutes is two lessons" in p for p in added)
    assert any(line.startswith("00 ") for line in course.minutes_report())
