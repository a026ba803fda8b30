"""The course as instructors and students meet it: every lesson's structure (lint), every
task's check (the instructor edition's solutions pass, the student edition's stubs fail, a
table of plausible wrong answers is refused with a specific hint), the student edition
without solutions, and the recipes of lessons/INSTRUCTORS.md done the way a teacher does them.
"""
from __future__ import annotations

import copy
import math
import re
import shutil

import nbformat
import pytest

from course_runner import ROOT, course, execute, wrong_answers

LESSONS = course.lessons()                    # every notebook: a whole lesson, or one part of a split lesson
IDS = [course.label(p) for p in LESSONS]      # '04', or '01a' for a part
GROUPS = course.lesson_groups()               # lesson number -> its notebooks


def test_every_lesson_passes_the_lint():
    assert course.lint() == []


def test_the_lessons_are_a_row_without_gaps():
    assert list(GROUPS) == list(range(len(GROUPS))) and len(GROUPS) >= 15
    for number, paths in GROUPS.items():
        letters = [course.part_letter(p) for p in paths]
        assert letters == [""] or letters == ["abcdefgh"[k] for k in range(len(paths))] and len(paths) > 1, letters


def test_a_split_lessons_tasks_run_on_across_its_parts_and_its_table_covers_them():
    """Task ids run 1..k across a lesson's parts, and the lesson's one table of wrong answers covers them all."""
    for number, paths in GROUPS.items():
        ids = [t["id"] for p in paths for t in course.tasks(nbformat.read(p, as_version=4))]
        assert ids == [f"{number}.{k}" for k in range(1, len(ids) + 1)]
        assert set(wrong_answers(number)) == set(ids), f"lesson {number:02d}: tests/course_wrong/ and the tasks differ"


@pytest.mark.slow
@pytest.mark.parametrize("path", LESSONS, ids=IDS)
def test_instructor_edition_passes_and_wrong_answers_are_refused(path):
    run = execute(path)
    nb = nbformat.read(path, as_version=4)
    ids = [t["id"] for t in course.tasks(nb)]
    assert list(run.results) == ids
    failing = {k: v for k, v in run.results.items() if v is not None}
    assert not failing, f"the reference solutions fail: {failing}"
    table = wrong_answers(course.lesson_number(path))
    assert set(ids) <= set(table), "every task needs a table of wrong answers in tests/course_wrong/"
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
    """Lint a copy of lesson ``number`` (all its parts) before and after ``plant(nb)``: the problems it
    added (those whose text contains ``about``; a planted sentence also adds minutes). ``plant`` edits
    the whole lesson as one notebook, its parts' cells in order; it is cut back into the same parts
    at their titles, as ``course.py split`` cuts, before the lint."""
    paths = GROUPS[number]
    where = tmp_path / f"clean{len(list(tmp_path.iterdir()))}"
    where.mkdir()
    for path in paths:
        shutil.copyfile(path, where / path.name)
    before = set(course.lint_notebook(where / paths[0].name))
    nb = course.whole_lesson(paths)
    plant(nb)
    planted = where / "planted"
    planted.mkdir()
    for path, part in zip(paths, course.cut_parts(nb, number) if len(paths) > 1 else [nb]):
        nbformat.write(part, planted / path.name)
    return [p for p in course.lint_notebook(planted / paths[0].name) if p not in before and about in p]


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
    """Task 3.3's set {B, C, D}, listed in a later paragraph or printed by a cell above, is on show."""
    def plant(nb):
        nb.cells[_task(nb, "3.5")["heading"]].source += "\n\n(States B, C and D of Task 3.3 are entangled.)"
        cell = nb.cells[_task(nb, "3.2")["check"] + 1] if nb.cells[_task(nb, "3.2")["check"] + 1].cell_type == "code" \
            else next(c for c in nb.cells[:_task(nb, "3.3")["heading"]] if c.cell_type == "code" and c.outputs)
        cell.outputs.append(nbformat.v4.new_output("stream", name="stdout", text="entangled: ['B', 'C', 'D']\n"))
    added = _planted(tmp_path, 3, plant, "on show")
    assert len(added) == 2 and all("Task 3.3: its expected answer is on show" in p for p in added)


def test_the_giveaway_lint_leaves_trivial_numbers_and_an_explained_opt_out_alone(tmp_path):
    def plant(nb):
        above = max(i for i in range(_task(nb, "3.2")["heading"]) if nb.cells[i].cell_type == "markdown")
        nb.cells[above].source += "\n\nProbabilities such as 0.5, 1 and 2 are everywhere."
        nb.cells[_task(nb, "3.3")["heading"] - 1].source += "\n\nStates B, C and D."
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
    lines = sum(len([x for x in course.strip_solutions(c.source).splitlines() if x.strip()]) for c in nb.cells
                if c.cell_type == "code" and not {"setup", "check"} & set(c.metadata.get("tags", [])))
    expected = (course.prose_words(nb) / 110 + lines / 10
                + sum(12 if k == "code" else 4 if k == "play" else 3 for k in kinds))
    assert lines > 0 and course.code_lines(nb) == lines
    assert course.minutes(nb) == pytest.approx(expected)
    assert course.stated_minutes(nb) == course.rounded_minutes(expected)
    def plant(nb):
        nb.cells[0].source = nb.cells[0].source.replace(f"About {course.stated_minutes(nb)} minutes", "About 25 minutes")
    added = _planted(tmp_path, 0, plant, "minutes")
    assert len(added) == 1 and "the title says about 25 minutes" in added[0]
    def longer(nb):
        nb.cells.insert(3, nbformat.v4.new_markdown_cell("word " * 110 * 35))
    added = _planted(tmp_path, 0, longer, "minutes")
    assert any("a lesson over 40 minutes is two lessons" in p for p in added)
    def code(nb):                                     # 300 lines of code to read: 30 minutes more
        nb.cells.insert(3, nbformat.v4.new_code_cell("\n".join(f"x{k} = {k}" for k in range(300)),
                                                     execution_count=1, outputs=[]))
    added = _planted(tmp_path, 0, code, "minutes")
    assert any("a lesson over 40 minutes is two lessons" in p for p in added)
    assert any(line.startswith("00 ") for line in course.minutes_report())


def test_the_rule_tracks_the_readers_estimates_it_was_calibrated_on():
    """INSTRUCTORS.md states the calibration: the readers' estimates, part by part, and the rule's
    figure for the notebooks as they were read. The constants in course.py are the ones it states."""
    text = (ROOT / "lessons" / "INSTRUCTORS.md").read_text()
    minutes = " ".join(text[text.index("### Minutes"):].split())
    assert f"**{course.WORDS_PER_MINUTE} words a minute**" in minutes
    assert f"**{course.CODE_LINES_PER_MINUTE} lines a minute**" in minutes
    assert f"{course.TASK_MINUTES['code']} for each *code* task" in minutes
    assert "(play, about 10 minutes)" in minutes and "6.47" in minutes and "6.77" in minutes and "3.70" in minutes


def test_the_lint_refuses_a_41_minute_notebook_and_a_task_heading_gives_its_own_minutes(tmp_path):
    """One place owns the 40-minute rule: the lint. Lesson 00 planted with prose to 41 minutes by the
    rule is refused, to 39 minutes it is not (only its title is then wrong). A task heading's
    ', about N minutes' replaces its kind's default; anything else after the kind is refused."""
    nb = nbformat.read(LESSONS[0], as_version=4)
    def to(total):
        words = round((total - course.minutes(nb)) * course.WORDS_PER_MINUTE)
        return lambda nb: nb.cells.insert(3, nbformat.v4.new_markdown_cell("word " * words))
    assert any("41.0 minutes by the rule: a lesson over 40 minutes" in p for p in _planted(tmp_path, 0, to(41)))
    assert not any("a lesson over 40" in p for p in _planted(tmp_path, 0, to(39)))
    first = course.tasks(nb)[0]
    assert course.task_minutes(first) == course.TASK_MINUTES[first["kind"]]
    heading = f"### Task {first['id']} ({first['kind']})"
    nb.cells[first["heading"]].source = nb.cells[first["heading"]].source.replace(
        heading, f"### Task {first['id']} ({first['kind']}, about 10 minutes)")
    timed = course.tasks(nb)[0]
    assert (timed["kind"], timed["minutes"]) == (first["kind"], 10) and course.task_minutes(timed) == 10
    assert course.minutes(nb) == pytest.approx(course.minutes(nbformat.read(LESSONS[0], as_version=4))
                                               + 10 - course.TASK_MINUTES[first["kind"]], abs=0.05)  # + 3 words
    def sloppy(nb):
        t = course.tasks(nb)[0]
        nb.cells[t["heading"]].source = nb.cells[t["heading"]].source.replace(
            f"### Task {t['id']} ({t['kind']})", f"### Task {t['id']} ({t['kind']}, 10 min)")
    added = _planted(tmp_path, 0, sloppy, "after the kind")
    assert len(added) == 1 and "may say only ', about N minutes'" in added[0]


# --- folded answers and balanced options (issue 23) ----------------------------------------------

FOLD = "<details><summary>After Task {id}: read once your check passes</summary>\n\n{text}\n\n</details>"


def _after_check(nb, task_id, text, fold=False):
    """Insert a markdown cell right after the task's check, folded or not."""
    t = _task(nb, task_id)
    nb.cells.insert(t["check"] + 1, nbformat.v4.new_markdown_cell(FOLD.format(id=task_id, text=text) if fold else text))


def _option(nb, task_id, key):
    return course.options(nb, _task(nb, task_id))[key]


def test_the_fold_lint_refuses_an_answer_stated_unfolded_right_after_the_check(tmp_path):
    """Task 3.2's amplitude −0.6/√2 stated in a paragraph right under its check, and Task 7.5's keyed
    option (d) told in other words under its check, are refused unfolded and pass folded."""
    number = "Its amplitude is −0.42: the minus sign is the phase."
    added = _planted(tmp_path, 3, lambda nb: _after_check(nb, "3.2", number), "unfolded")
    assert len(added) == 1 and "Task 3.2:" in added[0] and "0.42'" in added[0]
    assert _planted(tmp_path, 3, lambda nb: _after_check(nb, "3.2", number, fold=True), "unfolded") == []
    nb = course.whole_lesson(GROUPS[7])
    own = course.keyed_wording(nb, _task(nb, "7.5"), "d")
    assert {"chose", "forecast"} <= own and len(own) <= 4   # option d's words no other option, nor the question, uses
    reworded = "So it is not a forecast of O's choice: it is what we chose to assume."
    added = _planted(tmp_path, 7, lambda nb: _after_check(nb, "7.5", reworded), "unfolded")
    assert len(added) == 1 and "Task 7.5:" in added[0] and "option d's own words (" in added[0]
    assert "chose" in added[0] and "forecast" in added[0]
    assert _planted(tmp_path, 7, lambda nb: _after_check(nb, "7.5", reworded, fold=True), "unfolded") == []
    distractor = "So, in short: " + _option(nb, "7.5", "a")                       # a wrong option's words: fine
    assert _planted(tmp_path, 7, lambda nb: _after_check(nb, "7.5", distractor), "unfolded") == []


def _in_summary(task_id, text):
    """A plant: ``text`` as a bullet at the end of the *What you learned* of the part that holds the task."""
    def plant(nb):
        heading = _task(nb, task_id)["heading"]
        start = max(i for i, c in enumerate(nb.cells[:heading + 1]) if course.PART_HEAD.match(c.source))
        cell = next(i for i, name, _ in course.summary_sections(nb) if name == "What you learned" and i > start)
        source = nb.cells[cell].source
        head = source.index("What you learned")
        nxt = re.search(r"\n#", source[head:])                   # the next heading, if the cell holds one
        end = head + nxt.start() if nxt else len(source)
        nb.cells[cell].source = source[:end].rstrip() + "\n- " + text + "\n" + source[end:]
    return plant


def test_the_fold_lint_refuses_a_keyed_option_restated_in_a_summary_of_its_part(tmp_path):
    """Task 7.5's keyed option (d) restated in its part's *What you learned* is refused, naming the task
    and the words; reworded to teach the idea without the option's words, or with a wrong option's
    words, it passes. A part's title cell (*You will learn*) is read the same way."""
    nb = course.whole_lesson(GROUPS[7])
    restated = "The odds of a collapse are not a forecast of O's choice: they are what we chose to assume."
    added = _planted(tmp_path, 7, _in_summary("7.5", restated), "restates")
    assert len(added) == 1 and "Task 7.5:" in added[0] and "(What you learned)" in added[0]
    assert "option d's own words (" in added[0] and "chose" in added[0] and "forecast" in added[0]
    reworded = "The odds of a collapse rest on an assumption about O, which Goff's rules do not give."
    assert _planted(tmp_path, 7, _in_summary("7.5", reworded), "restates") == []
    distractor = "In short: " + _option(nb, "7.5", "a")
    assert _planted(tmp_path, 7, _in_summary("7.5", distractor), "restates") == []
    def intro(nb):
        heading = _task(nb, "7.5")["heading"]
        start = max(i for i, c in enumerate(nb.cells[:heading + 1]) if course.PART_HEAD.match(c.source))
        nb.cells[start].source = nb.cells[start].source.replace("**You will learn**", "**You will learn**\n\n- " + restated, 1)
    added = _planted(tmp_path, 7, intro, "restates")
    assert len(added) == 1 and "Task 7.5:" in added[0] and "(intro)" in added[0]


@pytest.mark.parametrize("value, text, written", [
    (math.pi / 8, "Bob turns by π/8 here", "π/8"),
    (math.pi / 8, r"with $\beta_0 = \pi/8$", r"\pi/8"),
    (3 * math.pi / 4, r"an angle of $\tfrac{3\pi}{4}$", r"\tfrac{3\pi}{4}"),
    (math.pi / 3, r"$\theta = \frac{\pi}{3}$", r"\frac{\pi}{3}"),
    (1 / math.sqrt(2), "each amplitude is 1/√2", "1/√2"),
    (-1 / math.sqrt(2), r"the amplitude $-1/\sqrt2$", r"1/\sqrt2"),
    (1 / math.sqrt(3), r"$a_0 = \frac{1}{\sqrt{3}}$", r"\frac{1}{\sqrt{3}}"),
    (math.sqrt(3) / 2, r"$\sin\theta = \sqrt3/2$", r"\sqrt3/2"),
    (math.cos(math.pi / 8) ** 2, "it wins with cos²(π/8)", "cos²(π/8)"),
    (math.cos(math.pi / 8) ** 2, r"$P = \cos^2(\pi/8)$", r"\cos^2(\pi/8)"),
    (math.sin(3 * math.pi / 8) ** 2, r"$\sin^{2}\left(\frac{3\pi}{8}\right)$", r"\sin^{2}\left(\frac{3\pi}{8}\right)"),
    (0, "one round gives P = 0 exactly", "P = 0"),
    (0, r"$P(\text{good}) = 0$: the bad axis", r"P(\text{good}) = 0"),
    (0.5, "so p = 0.5 for each", "p = 0.5"),
    (1, r"$P(X) \approx 1$", r"P(X) \approx 1"),
    ((30, math.sqrt(21)), "a spread of √21/1 shots", "√21/1"),
])
def test_the_fold_lint_reads_answers_written_symbolically(value, text, written):
    """π/8, 3π/4, 1/√2, √3/2, cos²(π/8) and "P = 0" are the expected value written exactly."""
    assert written in course.stated_answers(value, text)


@pytest.mark.parametrize("value, text", [
    (math.pi / 8, "Bob turns by π/4 here"),                      # another fraction of π
    (1 / math.sqrt(2), "each amplitude is 1/√3"),                # another root
    (math.cos(math.pi / 8) ** 2, "it wins with cos(π/8)"),       # not squared
    (math.cos(math.pi / 8) ** 2, "it wins with sin²(π/8)"),      # the other function
    (0, "so P = 0.3 here"),                                      # another probability
    (0, "we used 0 rounds and 0 boards"),                        # a bare 0 is not a stated P
    (0.5, "P = 0.25 at most"),
])
def test_the_fold_lint_does_not_read_other_symbolic_values_as_the_answer(value, text):
    assert course.stated_answers(value, text) == []


def test_the_fold_lint_refuses_a_symbolic_answer_unfolded_under_its_check(tmp_path):
    """Task 14.2 (expected 0) and Task 9.1 (expected cos²(π/8)): a paragraph under the check saying
    "P(good) = 0" or "cos²(π/8)" states the answer in words the number search cannot see (one
    significant digit; no digits at all). Unfolded it is refused, folded it passes."""
    zero = r"One round turns the state to $3\theta = \pi$: the bad axis, $P(\text{good}) = 0$."
    assert course.giveaways_in(0, zero) == []                     # invisible to the number search
    added = _planted(tmp_path, 14, lambda nb: _after_check(nb, "14.2", zero), "unfolded")
    assert len(added) == 1 and "Task 14.2:" in added[0] and r"'P(\text{good}) = 0'" in added[0]
    assert _planted(tmp_path, 14, lambda nb: _after_check(nb, "14.2", zero, fold=True), "unfolded") == []
    cos = r"The square reads X with probability $\cos^2(\pi/8)$, whatever the seed."
    assert course.giveaways_in(math.cos(math.pi / 8) ** 2, cos) == []
    added = _planted(tmp_path, 9, lambda nb: _after_check(nb, "9.1", cos), "unfolded")
    assert len(added) == 1 and "Task 9.1:" in added[0] and r"\cos^2(\pi/8)" in added[0]
    assert _planted(tmp_path, 9, lambda nb: _after_check(nb, "9.1", cos, fold=True), "unfolded") == []


def test_a_fold_must_be_written_as_the_convention_says_and_hides_its_text_from_the_giveaway_lint(tmp_path):
    """No blank lines (the inside would render as raw text), two folds in a cell, or a heading inside
    are refused. A folded number is not on show to the other tasks' give-away check either, where the
    same paragraph unfolded is."""
    bad = "<details><summary>After Task 3.2</summary>\nIts amplitude is −0.42.\n</details>"
    added = _planted(tmp_path, 3, lambda nb: _after_check(nb, "3.2", bad), "a fold")
    assert len(added) == 1 and "blank line after </summary>" in added[0]
    heading = FOLD.format(id="3.2", text="## Going further\n\nMore.")
    added = _planted(tmp_path, 3, lambda nb: _after_check(nb, "3.2", heading), "a fold")
    assert len(added) == 1 and "must not hold a heading" in added[0]
    def above(fold):
        def plant(nb):
            t = _task(nb, "3.2")
            text = "For example an amplitude of −0.42 can appear."
            nb.cells.insert(t["heading"], nbformat.v4.new_markdown_cell(FOLD.format(id="3.1", text=text) if fold else text))
        return plant
    assert len(_planted(tmp_path, 3, above(False), "on show")) == 1
    assert _planted(tmp_path, 3, above(True), "on show") == []


def test_the_student_edition_and_nbgrader_keep_a_fold_as_written(tmp_path):
    """The student edition, the graded source and nbgrader's own generate_assignment preprocessors
    leave a folded cell's source exactly as the instructor wrote it."""
    from nbgrader.preprocessors import ClearHiddenTests, ClearMarkScheme, ClearSolutions
    nb = course.whole_lesson(GROUPS[3])
    text = "The amplitude is $-0.6/\\sqrt 2 \\approx -0.42$:\n\n- a list\n\n$$P = 0.18$$"
    _after_check(nb, "3.2", text, fold=True)
    where = _task(nb, "3.2")["check"] + 1
    fold = nb.cells[where].source
    assert course.folded(nb.cells[where])
    student = course.student_notebook(nb)
    assert sum(c.source == fold for c in student.cells) == 1
    course.stamp_grading(nb)
    graded = course.hide_checks(copy.deepcopy(nb))
    assert sum(c.source == fold for c in graded.cells) == 1
    resources = {}
    for step in (ClearSolutions, ClearHiddenTests, ClearMarkScheme):
        graded, resources = step().preprocess(graded, resources)
    assert sum(c.source == fold for c in graded.cells) == 1


def test_a_fold_renders_its_inside_as_markdown_with_maths():
    """nbconvert's HTML (the renderer of nbviewer and voila): inside the fold, bold, lists and maths
    are markdown, not raw text; without the blank lines they would not be."""
    from nbconvert import HTMLExporter
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(FOLD.format(id="6.2", text="The **answer** is $P = \\cos^2(\\pi/8)$\n\n- one item")),
                nbformat.v4.new_markdown_cell("<details><summary>bad</summary>\nThe **answer**.\n</details>")]
    html, _ = HTMLExporter().from_notebook_node(nb)
    good, bad = re.findall(r"<details>.*?</details>", html, re.S)
    assert "<strong>answer</strong>" in good and "<li>one item</li>" in good and "\\cos^2(\\pi/8)" in good
    assert "**answer**" in bad


def test_the_balance_lint_refuses_a_keyed_option_much_longer_than_the_others(tmp_path):
    """Task 7.5's keyed option (d) is not the longest today; made 30 % longer than the longest other
    option it is refused, 10 % longer it passes."""
    nb = course.whole_lesson(GROUPS[7])
    opts = {k: course._plain(o) for k, o in course.options(nb, _task(nb, "7.5")).items()}
    longest = max(len(o) for k, o in opts.items() if k != "d")
    assert len(opts["d"]) <= course.BALANCE * longest
    def longer(factor):
        def plant(nb):
            cell = nb.cells[_task(nb, "7.5")["heading"]]
            pad = " and so" * round((factor * longest - len(opts["d"])) / 7)
            cell.source = re.sub(r"^([ \t]*- \*\*d\*\*.*)$", lambda m: m.group(1) + pad, cell.source, count=1, flags=re.M)
        return plant
    added = _planted(tmp_path, 7, longer(1.3), "keyed option is")
    assert len(added) == 1 and "Task 7.5: the keyed option is 1.2" in added[0]
    assert _planted(tmp_path, 7, longer(1.1), "keyed option is") == []


def _split_copy(tmp_path, number):
    """A copy of the course's lessons/ (and pyproject.toml) where the split lesson ``number`` is one
    notebook again, with its part titles in it: what an instructor has just before ``course.py split``."""
    root = tmp_path / "course"
    (root / "lessons").mkdir(parents=True)
    shutil.copyfile(ROOT / "pyproject.toml", root / "pyproject.toml")
    paths = GROUPS[number]
    for others in GROUPS.values():
        for path in others:
            if path not in paths:
                shutil.copyfile(path, root / "lessons" / path.name)
    nb = course.whole_lesson(paths)
    nb.cells = [c for k, c in enumerate(nb.cells) if k == 1 or "setup" not in c.metadata.get("tags", [])]
    nbformat.write(nb, root / "lessons" / f"{number:02d}_whole.ipynb")
    return root, paths


def test_split_cuts_at_the_part_titles_and_changes_no_cell(tmp_path):
    """Lesson 01, joined into one notebook with its part titles, split again: the same parts as
    committed, every cell's source and outputs as they were (the later part gets its setup cell)."""
    split = next(n for n, paths in GROUPS.items() if len(paths) > 1)
    root, paths = _split_copy(tmp_path, split)
    names = [p.stem.split("_", 1)[1] for p in paths]
    written = course.split(split, names, root=root)
    assert [p.name for p in written] == [p.name for p in paths]
    assert not (root / "lessons" / f"{split:02d}_whole.ipynb").exists()
    for new, old in zip(written, paths):
        a, b = nbformat.read(new, as_version=4), nbformat.read(old, as_version=4)
        assert [(c.cell_type, c.source, c.get("outputs")) for c in a.cells] == \
               [(c.cell_type, c.source, c.get("outputs")) for c in b.cells]
    assert [p for p in course.lint(root) if f"{split:02d}" in p.split(":")[0]] == []


def test_split_refuses_a_lesson_without_part_titles_and_changes_nothing(tmp_path):
    root, paths = _split_copy(tmp_path, next(n for n, ps in GROUPS.items() if len(ps) > 1))
    number = course.lesson_number(paths[0])
    whole = root / "lessons" / f"{number:02d}_whole.ipynb"
    nb = nbformat.read(whole, as_version=4)
    nb.cells = [c for c in nb.cells if not (c.cell_type == "markdown" and c.source.startswith(f"# {number:02d}b · "))]
    nbformat.write(nb, whole)
    text = whole.read_text()
    with pytest.raises(SystemExit, match="mark the parts first"):
        course.split(number, root=root)
    with pytest.raises(SystemExit, match="already in parts"):
        course.split(number, root=ROOT)
    intact, _ = _split_copy(tmp_path / "intact", number)
    before = sorted(p.name for p in (intact / "lessons").iterdir())
    with pytest.raises(SystemExit, match="names"):
        course.split(number, ["Bad Name", "x"], root=intact)
    assert sorted(p.name for p in (intact / "lessons").iterdir()) == before
    assert whole.read_text() == text and sorted(p.name for p in (root / "lessons").iterdir()) == \
        sorted([whole.name] + [p.name for ps in GROUPS.values() for p in ps if p not in paths])


def test_the_lint_holds_each_part_to_a_lesson_of_its_own(tmp_path):
    """A part says which part it is, names the part before it in 'You need', has its own 'What you
    learned', and numbers its tasks on from the part before; a lone part is refused."""
    number = next(n for n, paths in GROUPS.items() if len(paths) > 1)
    second = f"{number:02d}b"
    def titles(nb):
        b = next(c for c in nb.cells if c.source.startswith(f"# {second} · "))
        b.source = b.source.replace("part 2 of 2", "part 2 of 3", 1).replace(f"{number:02d}a", "the first part")
    added = _planted(tmp_path, number, titles)
    assert any("must say 'part 2 of 2'" in p for p in added) and any("'You need' must name part 1" in p for p in added)
    def summary(nb):
        first_b = next(i for i, c in enumerate(nb.cells) if c.source.startswith(f"# {second} · "))
        for c in nb.cells[:first_b]:
            c.source = c.source.replace("What you learned", "What we saw")
    assert any("'What you learned' is missing" in p for p in _planted(tmp_path, number, summary))
    def numbering(nb):
        first_b = next(i for i, c in enumerate(nb.cells) if c.source.startswith(f"# {second} · "))
        t = next(t for t in course.tasks(nb) if t["heading"] > first_b)
        nb.cells[t["heading"]].source = nb.cells[t["heading"]].source.replace(f"### Task {t['id']}", f"### Task {number}.1")
    assert any(f"Task {number}.1 should be numbered" in p for p in _planted(tmp_path, number, numbering))
    lone = tmp_path / "lone"
    lone.mkdir()
    shutil.copyfile(GROUPS[number][0], lone / GROUPS[number][0].name)
    assert any("a lesson in one part is one notebook" in p for p in course.lint_notebook(lone / GROUPS[number][0].name))


def test_the_giveaway_lint_looks_across_a_lessons_parts(tmp_path):
    """An answer of part a's task, printed in part b, is on show to a student who goes on: flagged,
    naming the part and its cell."""
    number = next(n for n, paths in GROUPS.items() if len(paths) > 1)
    nb = course.whole_lesson(GROUPS[number])
    first_b = next(i for i, c in enumerate(nb.cells) if c.source.startswith(f"# {number:02d}b · "))
    task = next(t for t in course.tasks(nb) if t["heading"] < first_b and t["check"] is not None
                and course.nontrivial_number(course.expected_answer(nb.cells[t["check"]].source) or 0))
    value = course.expected_answer(nb.cells[task["check"]].source)
    def plant(nb):
        nb.cells.append(nbformat.v4.new_markdown_cell(f"Remember that the answer was {value:.3f}."))
    added = _planted(tmp_path, number, plant, "on show")
    assert len(added) == 1 and f"Task {task['id']}" in added[0] and f"{number:02d}b cell" in added[0]


@pytest.mark.slow
def test_the_refit_on_every_readers_estimates_gives_the_rules_constants():
    """tools/minutes_fit.py, on the notebooks each reader read (checked out of git), chooses the
    constants course.py uses and finds the fit INSTRUCTORS.md states (6.47 against 6.77 on all
    estimates, 4.4 against 3.7 on the newest readers: the all-data fit is not adopted)."""
    import subprocess
    if any(subprocess.run(["git", "cat-file", "-e", c], cwd=ROOT).returncode for c in ("335a35a", "97ce346", "7691f9f")):
        pytest.skip("the readers' commits are not in this clone")
    import minutes_fit
    rows = [r for commit, _, estimates, timed in minutes_fit.READINGS
            for r in minutes_fit.features(commit, estimates, timed)]
    old = minutes_fit.PREVIOUS
    data = [(commit, what, minutes_fit.features(commit, estimates, timed))
            for commit, what, estimates, timed in minutes_fit.READINGS]
    _, new, chosen = minutes_fit.choose(data, old)
    assert chosen == (course.WORDS_PER_MINUTE, course.CODE_LINES_PER_MINUTE, course.TASK_MINUTES["predict"],
                      course.TASK_MINUTES["code"], course.TASK_MINUTES["play"])
    assert round(minutes_fit.rms(rows, new), 2) == 6.47 and round(minutes_fit.rms(rows, old), 2) == 6.77
    newest = data[-1][2]
    assert round(minutes_fit.rms(newest, old), 1) == 3.7 and round(minutes_fit.rms(newest, new), 1) == 4.4


def _choice_course(tmp_path, keys):
    """A crafted course: one notebook a lesson, lesson NN holding the choice tasks whose keyed letters
    ``keys[NN]`` lists (four options each, an instructor's answer and a check), and one numeric task
    that the letter lint must not count."""
    root = tmp_path / "crafted"
    (root / "lessons").mkdir(parents=True)
    for number, letters in enumerate(keys):
        cells = [nbformat.v4.new_markdown_cell(f"# Lesson {number}"),
                 nbformat.v4.new_markdown_cell("### Task 0.9 (compute)\n\nHow many?"),
                 nbformat.v4.new_code_cell("n = None\n### BEGIN SOLUTION\nn = 3\n### END SOLUTION"),
                 nbformat.v4.new_code_cell('check("0.9", n, expect=3)')]
        for m, letter in enumerate(letters, start=1):
            task = f"{number}.{m}"
            cells += [nbformat.v4.new_markdown_cell(f"### Task {task} (explain)\n\nWhich one?\n\n"
                                                    + "\n".join(f"- **{k}**: option {k} of {task}" for k in "abcd")),
                      nbformat.v4.new_code_cell(f'answer = None\n### BEGIN SOLUTION\nanswer = "{letter}"\n### END SOLUTION'),
                      nbformat.v4.new_code_cell(f'check("{task}", answer, expect="{letter}")')]
        for c in cells:
            c.source = c.source.replace("Task 0.9", f"Task {number}.9").replace('"0.9"', f'"{number}.9"')
        nbformat.write(nbformat.v4.new_notebook(cells=cells), root / "lessons" / f"{number:02d}_crafted.ipynb")
    return root


def test_the_letter_lint_counts_the_choice_tasks_keys_in_course_order(tmp_path):
    """Only choice tasks count (a numeric task's 3 does not), lesson by lesson in course order."""
    root = _choice_course(tmp_path, ["ab", "c", "da"])
    assert course.choice_keys(root) == [("0.1", "a"), ("0.2", "b"), ("1.1", "c"), ("2.1", "d"), ("2.2", "a")]
    assert course.letter_problems(course.choice_keys(root)) == []


def test_the_letter_lint_refuses_a_letter_keying_over_40_percent_or_three_in_a_row(tmp_path):
    """Planted: b keys 3 of 7 tasks (43 %) with no run: refused for its share only; 2 of 5 (40 %)
    passes; three b's in a row across two lessons are refused as a run, and the lint of the whole
    course reports both."""
    share = course.letter_problems(course.choice_keys(_choice_course(tmp_path / "1", ["bab", "cbd", "a"])))
    assert len(share) == 1 and "'b' keys 3 of the 7 choice tasks" in share[0]
    assert course.letter_problems(course.choice_keys(_choice_course(tmp_path / "2", ["ba", "cbd"]))) == []
    run_root = _choice_course(tmp_path / "3", ["acab", "bbd", "cd", "ad"])
    run = course.letter_problems(course.choice_keys(run_root))
    assert run == ["answer letters: 3 choice tasks in a row are keyed 'b': 0.4, 1.1, 1.2"]
    assert run[0] in course.lint(run_root)


def test_the_letter_lint_passes_on_the_keys_the_two_re_keyings_give():
    """Issue 23: lessons 01-07 re-keyed on another branch, 08-15 here; on the merged keys no letter
    keys more than 40 % of the tasks and no three in a row share a key. Lessons 08-15's keys are read
    from the notebooks; lessons 01-07's are the other branch's targets until both are merged (then
    they are read too)."""
    targets = {"1.3": "a", "2.4": "c", "2.6": "d", "3.6": "b", "5.1": "c", "6.7": "a", "7.5": "d"}
    keys = course.choice_keys()
    merged = [(task, targets.get(task, letter) if int(task.split(".")[0]) <= 7 else letter) for task, letter in keys]
    assert len(keys) == 16 and course.letter_problems(merged) == []
