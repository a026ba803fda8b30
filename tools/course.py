"""The course's own tool: launch cells, the student edition, and the lessons' lint.

The notebooks in ``lessons/`` are the source: what an instructor opens and edits in
JupyterLab is the file we version and test. This tool never rewrites a cell an instructor
wrote. It owns exactly two kinds of cells, found by their tags:

- ``launch-badges``: a markdown cell under the title with Colab / Binder links (only while the
  course's public address is set);
- ``setup``: the first code cell, which finds or installs ``qttt_widgets``.

It also owns one piece of every task's cells' *metadata* (never their source): the
``nbgrader`` entry that makes ``lessons/`` a valid nbgrader source folder (the answer cell a
solution cell, the check cell a locked autograded test worth points).

Commands (from the top of the checkout)::

    python tools/course.py launch     # stamp badges + setup cells (and the README's badge block)
    python tools/course.py student    # write the student edition into student/
    python tools/course.py nbgrader   # write the tasks' nbgrader metadata (grade ids, points)
    python tools/course.py graded DIR # nbgrader's source/ in DIR, the checks' answers hidden (--show-answers: not)
    python tools/course.py lint       # check every lesson's structure; exit 1 on a problem
    python tools/course.py minutes    # each lesson's minutes by the rule (INSTRUCTORS.md, "Minutes")
    python tools/course.py check      # launch + nbgrader + student would change nothing (CI's guard)
    python tools/course.py move 4 14  # move lesson 04 to place 14 (renumbers files, titles, tasks)
    python tools/course.py split 1 one_qubit measurement   # cut lesson 01 into 01a_one_qubit, 01b_measurement
                                                          # at the part titles written into it

The address is one setting: ``Source`` under ``[project.urls]`` in ``pyproject.toml``
(``https://github.com/owner/name``; ``QTTT_REF`` picks a branch, default ``main``).
Running ``launch`` or ``student`` twice changes nothing the second time.
"""
from __future__ import annotations

import argparse
import ast
import copy
import fractions
import math
import shutil
import os
import re
import sys
from pathlib import Path

import nbformat
import numpy as _np

try:
    from qttt_widgets.exercises import encode_check
except ImportError:                                   # run from a checkout without the library installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from qttt_widgets.exercises import encode_check

ROOT = Path(__file__).resolve().parents[1]
SOLUTION = re.compile(r"^(?P<indent>[ \t]*)### BEGIN SOLUTION[ \t]*\n(?P<body>.*?)^[ \t]*### END SOLUTION[ \t]*(\n|$)",
                      re.S | re.M)
TASK = re.compile(r"^### Task (?P<id>(?P<n>\d+)\.(?P<m>\d+))(?: \((?P<kind>[^),]*)(?:,(?P<extra>[^)]*))?\))?\s*$", re.M)
TASK_TIME = re.compile(r"\s*about (?P<minutes>\d+) minutes\s*")    # what may follow the kind: ", about 10 minutes"
KINDS = {"predict", "compute", "code", "play", "explain", "find the slip"}
CHECK_CALL = re.compile(r"check\(\s*\"(?P<id>\d+\.\d+)\"\s*,\s*(?P<var>[A-Za-z_][A-Za-z_0-9]*)")
OWNED = ("launch-badges", "setup")

# --- the one setting: the public address ----------------------------------------------------


def repository(root: Path = ROOT) -> tuple[str, str]:
    """(``owner/name``, ref) from pyproject's ``[project.urls] Source``; ("", ref) if unset."""
    text = (root / "pyproject.toml").read_text()
    section = re.search(r"^\[project\.urls\]\s*\n(.*?)(^\[|\Z)", text, re.S | re.M)
    ref = os.environ.get("QTTT_REF", "").strip() or "main"
    if not section:
        return "", ref
    m = re.search(r'^\s*Source\s*=\s*"https://github\.com/([\w.-]+/[\w.-]+?)(?:\.git)?/?"\s*$', section.group(1), re.M)
    return (m.group(1) if m else ""), ref


def launch_links(repo: str, ref: str, notebook: str) -> dict:
    """Colab and Binder (JupyterLab at the notebook; Voila at the demo app) addresses."""
    binder = f"https://mybinder.org/v2/gh/{repo}/{ref}"
    return {"Colab": f"https://colab.research.google.com/github/{repo}/blob/{ref}/{notebook}",
            "Binder (JupyterLab)": f"{binder}?urlpath=lab/tree/{notebook}",
            "Binder (Voila app)": f"{binder}?urlpath=voila/render/notebooks/app.ipynb"}


BADGE_IMAGES = {"Colab": "https://colab.research.google.com/assets/colab-badge.svg",
                "Binder (JupyterLab)": "https://mybinder.org/badge_logo.svg",
                "Binder (Voila app)": "https://img.shields.io/badge/launch-Voila%20app-579ACA"}


def badges(repo: str, ref: str, notebook: str) -> str:
    return " ".join(f"[![{name}]({BADGE_IMAGES[name]})]({url})"
                    for name, url in launch_links(repo, ref, notebook).items())


SETUP = '''#@title Setup (run this cell)
# Written by tools/course.py (edits here are replaced): find or install qttt_widgets.
import importlib.util, pathlib, sys
if importlib.util.find_spec("qttt_widgets") is None:
    _top = next((p for p in [pathlib.Path.cwd(), *pathlib.Path.cwd().parents]
                 if (p / "qttt_widgets" / "__init__.py").is_file()), None)
    if _top is not None:                      # a checkout of the course: use it
        sys.path.insert(0, str(_top))
    elif "google.colab" in sys.modules:       # Colab: install (keeps Colab's ipywidgets, matplotlib)
        %pip install -q qiskit qiskit-aer pylatexenc
        %pip install -q --no-deps "qttt-widgets @ git+https://github.com/{repo}@{ref}"
        importlib.invalidate_caches()
    else:
        raise SystemExit("This lesson needs the qttt_widgets library: open it from your teacher's launch link "
                         "(Colab or Binder), or in the course's folder run  python -m pip install -r requirements.txt")
from qttt_widgets.exercises import check, checks, run_check'''

# Without a public address there is nothing to install from: no Colab branch at all.
SETUP_LOCAL = '''#@title Setup (run this cell)
# Written by tools/course.py (edits here are replaced): find qttt_widgets.
import importlib.util, pathlib, sys
if importlib.util.find_spec("qttt_widgets") is None:
    _top = next((p for p in [pathlib.Path.cwd(), *pathlib.Path.cwd().parents]
                 if (p / "qttt_widgets" / "__init__.py").is_file()), None)
    if _top is None:
        raise SystemExit("This lesson needs the qttt_widgets library: in the course's folder run  "
                         "python -m pip install -r requirements.txt")
    sys.path.insert(0, str(_top))             # a checkout of the course: use it
from qttt_widgets.exercises import check, checks, run_check'''


def setup_source(repo: str, ref: str) -> str:
    """The setup cell: with an address, Colab installs the library from it; without, no Colab branch."""
    if not repo:
        return SETUP_LOCAL
    return SETUP.replace("{repo}", repo).replace("{ref}", ref)


def _tags(cell) -> list:
    return list(cell.get("metadata", {}).get("tags", []))


def _cell(kind: str, source: str, tag: str, cell_id: str):
    make = nbformat.v4.new_markdown_cell if kind == "markdown" else nbformat.v4.new_code_cell
    cell = make(source, metadata={"tags": [tag]})
    cell["id"] = cell_id
    if kind == "code":
        cell["metadata"]["jupyter"] = {"source_hidden": False}
    return cell


def stamp(nb, repo: str, ref: str, notebook: str):
    """The notebook with its launch cells as they should be; every other cell untouched."""
    nb = copy.deepcopy(nb)
    cells = [c for c in nb.cells if "launch-badges" not in _tags(c)]
    setup = [c for c in cells if "setup" in _tags(c)]
    if setup:
        setup[0]["source"] = setup_source(repo, ref)
    else:
        setup = [_cell("code", setup_source(repo, ref), "setup", "setup")]
        cells.insert(1, setup[0])
    setup[0]["metadata"].setdefault("jupyter", {})["source_hidden"] = True   # folded in JupyterLab
    setup[0]["metadata"]["cellView"] = "form"                                 # and in Colab
    if repo:
        where = next(i for i, c in enumerate(cells) if "setup" in _tags(c))
        cells.insert(where, _cell("markdown", badges(repo, ref, notebook), "launch-badges", "launch-badges"))
    nb.cells = cells
    return nb


def _write_if_changed(path: Path, nb) -> bool:
    text = nbformat.writes(nb) + "\n"
    if path.exists() and path.read_text() == text:
        return False
    path.write_text(text)
    return True


LESSON_FILE = re.compile(r"^(?P<number>\d\d)(?P<part>[a-z]?)_[\w-]+\.ipynb$")


def lessons(root: Path = ROOT) -> list[Path]:
    """Every lesson file in order: ``NN_name.ipynb`` for a lesson in one notebook, and
    ``NNa_name.ipynb``, ``NNb_name.ipynb``, ... for a lesson split into parts (each part a class
    period; the lesson's task ids run on across its parts)."""
    return sorted(p for p in (root / "lessons").glob("[0-9][0-9]*_*.ipynb") if LESSON_FILE.match(p.name))


def lesson_number(path: Path) -> int:
    return int(path.name[:2])


def part_letter(path: Path) -> str:
    """'' for a lesson in one notebook, 'a', 'b', ... for a part."""
    m = LESSON_FILE.match(path.name)
    return m.group("part") if m else ""


def label(path: Path) -> str:
    """The file's short name: '04' for a whole lesson, '01a' for a part."""
    return path.name.split("_", 1)[0]


def lesson_groups(root: Path = ROOT, paths: list[Path] | None = None) -> dict[int, list[Path]]:
    """Lesson number -> its files in order (one file, or its parts a, b, ...)."""
    groups: dict[int, list[Path]] = {}
    for path in paths if paths is not None else lessons(root):
        groups.setdefault(lesson_number(path), []).append(path)
    return groups


def parts_of(path: Path) -> list[Path]:
    """The files of the lesson that ``path`` belongs to, from its folder (itself alone if the
    lesson is one notebook)."""
    siblings = sorted(p for p in path.parent.glob("[0-9][0-9]*_*.ipynb") if LESSON_FILE.match(p.name))
    return lesson_groups(paths=siblings).get(lesson_number(path), [path])


def whole_lesson(paths: list[Path]):
    """One notebook holding the cells of every part of a lesson, in order (what a student who
    works through all the parts reads: the give-away lint looks for answers across parts)."""
    nbs = [nbformat.read(p, as_version=4) for p in paths]
    nb = copy.deepcopy(nbs[0])
    nb.cells = [c for part in nbs for c in part.cells]
    return nb


def readme_badges(root: Path, repo: str, ref: str, write: bool) -> bool:
    path = root / "README.md"
    text = path.read_text()
    inner = (badges(repo, ref, "student/00_how_to_use.ipynb") if repo else     # a note for maintainers only
             "<!-- Launch badges appear here once the course's public address is set: see "
             "lessons/INSTRUCTORS.md, \"Publish launch links\". -->")
    new = re.sub(r"(<!-- launch badges -->\n).*?(\n<!-- /launch badges -->)", lambda m: m.group(1) + inner + m.group(2),
                 text, flags=re.S)
    if new != text and write:
        path.write_text(new)
    return new != text


def launch(root: Path = ROOT, write: bool = True) -> list[str]:
    """Stamp the launch cells into every lesson and notebook; the names of files changed."""
    repo, ref = repository(root)
    changed = []
    for path in lessons(root):
        rel = f"student/{path.name}"        # the links send students to the student edition
        nb = stamp(nbformat.read(path, as_version=4), repo, ref, rel)
        if (_write_if_changed(path, nb) if write else nbformat.writes(nb) + "\n" != path.read_text()):
            changed.append(str(path.relative_to(root)))
    if readme_badges(root, repo, ref, write):
        changed.append("README.md")
    return changed


# --- nbgrader: the grading metadata ----------------------------------------------------------
#
# nbgrader (https://nbgrader.readthedocs.io, schema version 3) reads a cell's role from
# ``metadata.nbgrader``: {grade, solution, locked, grade_id, points, schema_version}. Every
# cell holding a ``### BEGIN SOLUTION`` region must be a solution cell, or ``generate_assignment``
# refuses the notebook; a graded code cell scores its points when it runs without an error.
# Under grading ``check()`` raises on a wrong answer (qttt_widgets.exercises.grading), so a
# task's check cell is its autograded test.

NBGRADER_SCHEMA = 3
GRADE_ID = re.compile(r"^[a-zA-Z0-9_\-]+$")       # nbgrader's pattern for a grade_id (never empty)
POINTS = 1                                        # a task's points unless the check cell says otherwise
OURS = re.compile(r"^(answer|check|solution)-")   # grade ids this tool writes (others are the instructor's)


def grade_id(role: str, task_id: str) -> str:
    """``answer-4-2`` / ``check-4-2`` for Task 4.2 (nbgrader allows letters, digits, _ and -)."""
    return f"{role}-{task_id.replace('.', '-')}"


def grading_metadata(nb) -> dict[int, dict]:
    """Cell index -> the ``nbgrader`` metadata that cell should carry.

    A task's answer cell is a solution cell; its check cell a locked autograded test worth
    ``POINTS`` (or the points already written in the cell, so an instructor may change them).
    A solution region in any other code cell makes that cell a solution cell too."""
    want: dict[int, dict] = {}
    for t in tasks(nb):
        if t["answer"] is not None:
            want[t["answer"]] = {"grade": False, "solution": True, "locked": False,
                                 "grade_id": grade_id("answer", t["id"]), "schema_version": NBGRADER_SCHEMA}
        if t["check"] is not None:
            old = nb.cells[t["check"]].get("metadata", {}).get("nbgrader", {})
            points = old.get("points", POINTS) if old.get("grade") else POINTS
            want[t["check"]] = {"grade": True, "solution": False, "locked": True, "points": points,
                                "grade_id": grade_id("check", t["id"]), "schema_version": NBGRADER_SCHEMA}
    for i, cell in enumerate(nb.cells):
        if i not in want and cell.cell_type == "code" and SOLUTION.search(cell.source):
            want[i] = {"grade": False, "solution": True, "locked": False,
                       "grade_id": f"solution-{re.sub(r'[^a-zA-Z0-9_-]', '-', cell.get('id') or str(i))}",
                       "schema_version": NBGRADER_SCHEMA}
    return want


def stamp_grading(nb):
    """The notebook with every task's nbgrader metadata as it should be; sources untouched.
    Metadata this tool wrote on a cell that is no longer an answer or a check is removed;
    nbgrader cells of the instructor's own (other grade ids) are left alone."""
    nb = copy.deepcopy(nb)
    want = grading_metadata(nb)
    for i, cell in enumerate(nb.cells):
        if i in want:
            cell.metadata["nbgrader"] = want[i]
        elif OURS.match(str(cell.get("metadata", {}).get("nbgrader", {}).get("grade_id", ""))):
            del cell.metadata["nbgrader"]
    return nb


def grading(root: Path = ROOT, write: bool = True) -> list[str]:
    """Write the nbgrader metadata into every lesson; the names of files changed."""
    changed = []
    for path in lessons(root):
        nb = stamp_grading(nbformat.read(path, as_version=4))
        if (_write_if_changed(path, nb) if write else nbformat.writes(nb) + "\n" != path.read_text()):
            changed.append(str(path.relative_to(root)))
    return changed


HIDDEN_NOTE = "# Task {id} is checked when your notebook is graded."


def hide_checks(nb):
    """The notebook with every task's check call between nbgrader's ``### BEGIN HIDDEN TESTS`` and
    ``### END HIDDEN TESTS``: a graded release shows the locked cell without the expected answer
    (only a line saying it is checked at grading), and autograde runs it in full."""
    nb = copy.deepcopy(nb)
    for t in tasks(nb):
        cell = nb.cells[t["check"]] if t["check"] is not None else None
        if cell is None or "### BEGIN HIDDEN TESTS" in cell.source:
            continue
        cell.source = (f"{HIDDEN_NOTE.format(id=t['id'])}\n### BEGIN HIDDEN TESTS\n"
                       f"{cell.source.rstrip()}\n### END HIDDEN TESTS")
    return nb


def graded_source(out: Path, root: Path = ROOT, show_answers: bool = False) -> list[str]:
    """nbgrader's ``source/`` folder for a graded class: one assignment per lesson,
    ``out/NN_name/NN_name.ipynb``, each check's expected answer hidden from the release (unless
    ``show_answers``: a practice release whose checks give hints). lessons/ is not changed."""
    written = []
    for path in lessons(root):
        nb = nbformat.read(path, as_version=4)
        if not show_answers:
            nb = hide_checks(nb)
        target = out / path.stem / path.name
        target.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, target)
        written.append(str(target))
    return written


def lint_grading(nb) -> list[str]:
    """What nbgrader would refuse, or grade wrongly, in one lesson."""
    problems = []
    ids = set()
    for i, cell in enumerate(nb.cells):
        meta = cell.get("metadata", {}).get("nbgrader")
        if cell.cell_type == "markdown" and "### BEGIN SOLUTION" in cell.source and not (meta and meta.get("grade")):
            problems.append(f"cell {i}: a markdown solution needs nbgrader's manual grading (grade and solution)")
        if not meta:
            continue
        gid = str(meta.get("grade_id", ""))
        if not GRADE_ID.match(gid):
            problems.append(f"cell {i}: grade_id {gid!r} does not match nbgrader's pattern [a-zA-Z0-9_-]+")
        if gid in ids:
            problems.append(f"cell {i}: grade_id {gid!r} is used twice")
        ids.add(gid)
        if meta.get("grade") and not isinstance(meta.get("points"), (int, float)):
            problems.append(f"cell {i}: graded cell {gid!r} has no points")
    if stamp_grading(nb) != nb:
        problems.append("the nbgrader metadata is out of date: run python tools/course.py nbgrader")
    return problems


# --- the student edition ---------------------------------------------------------------------


def strip_solutions(source: str) -> str:
    """Each ``### BEGIN SOLUTION`` ... ``### END SOLUTION`` region becomes a stub: a comment,
    and inside a function body ``raise NotImplementedError()`` (nbgrader's convention)."""
    def stub(m):
        indent = m.group("indent")
        text = f"{indent}# YOUR CODE HERE\n"
        if indent:
            text += f"{indent}raise NotImplementedError()\n"
        return text
    return SOLUTION.sub(stub, source).rstrip("\n")


def student_notebook(nb):
    """The student edition of one lesson: no solutions; the outputs of solution, check and
    ``reveal`` cells cleared (so a prediction's answer is not stored in the file)."""
    nb = copy.deepcopy(nb)
    keep = []
    for cell in nb.cells:
        tags = _tags(cell)
        if "instructor-only" in tags:
            continue
        cell.get("metadata", {}).pop("nbgrader", None)      # grading is for the instructor's copy
        if cell.cell_type == "code" and "check" in tags:
            # the expected answer and the hints are packed, and the cell folds away in JupyterLab
            # and Colab: the student runs it without the answer in plain sight
            call = CHECK_CALL.search(cell.source)
            if call:
                packed = encode_check(cell.source)
                cell.source = (f"#@title Check Task {call.group('id')} (run this cell)\n"
                               f"# The check is packed so that its answer is not on show.\n"
                               f"run_check(\"{call.group('id')}\", {call.group('var')}, \"{packed}\")")
            cell.metadata["cellView"] = "form"
            cell.metadata.setdefault("jupyter", {})["source_hidden"] = True
        if cell.cell_type == "code":
            had = bool(SOLUTION.search(cell.source))
            cell.source = strip_solutions(cell.source)
            if had or "check" in tags or "reveal" in tags:
                cell.outputs = []
                cell.execution_count = None
        elif "### BEGIN SOLUTION" in cell.source:
            cell.source = strip_solutions(cell.source)
        keep.append(cell)
    nb.cells = keep
    nb.metadata["qttt"] = {"edition": "student"}
    return nb


def linked_markdown(root: Path = ROOT) -> list[str]:
    """The Markdown files in ``lessons/`` that the student edition carries: GLOSSARY.md, and every
    other ``.md`` file a lesson links to (``[text](NOTES.md)``), so that no link in ``student/`` is
    broken. README.md is not among them: the student edition writes its own."""
    names = {"GLOSSARY.md"}
    for path in lessons(root):
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "markdown":
                names.update(m.group(1) for m in re.finditer(r"\]\(([\w.-]+\.md)(?:#[^)]*)?\)", cell.source))
    return sorted(n for n in names if n != "README.md" and (root / "lessons" / n).is_file())


def student(root: Path = ROOT, out: Path | None = None, write: bool = True) -> list[str]:
    """Write the student edition of every lesson into ``out`` (default ``student/``)."""
    out = out or root / "student"
    if write:
        out.mkdir(parents=True, exist_ok=True)
    changed = []
    names = set()
    for path in lessons(root):
        names.add(path.name)
        nb = student_notebook(nbformat.read(path, as_version=4))
        target = out / path.name
        text = nbformat.writes(nb) + "\n"
        if not target.exists() or target.read_text() != text:
            changed.append(str(target.relative_to(root) if target.is_relative_to(root) else target))
            if write:
                target.write_text(text)
    for stale in out.glob("*.ipynb") if out.exists() else []:
        if stale.name not in names:
            changed.append(str(stale))
            if write:
                stale.unlink()
    for extra in linked_markdown(root):
        source, target = root / "lessons" / extra, out / extra
        if source.exists() and (not target.exists() or target.read_text() != source.read_text()):
            changed.append(str(target))
            if write:
                shutil.copyfile(source, target)
    readme = out / "README.md"
    text = ("# The course, student edition\n\nStart with `00_how_to_use.ipynb` and take the lessons in the order of "
            "their names (a long lesson comes in parts: `01a_...`, then `01b_...`). Work in these notebooks: each "
            "task asks you to write your answer in the cell under it, and the check cell below it tells you "
            "whether it holds. Keep your work in a copy of your own, since these files are rewritten whenever "
            "the course is updated.\n\nFor instructors: these files are written by "
            "`python tools/course.py student` from `lessons/` (the instructor edition, with solutions). To "
            "change the course, edit `lessons/` and run the command again.\n")
    if not readme.exists() or readme.read_text() != text:
        changed.append(str(readme))
        if write:
            readme.write_text(text)
    return changed


# --- lint --------------------------------------------------------------------------------------


def _headings(nb) -> list[str]:
    return [line for c in nb.cells if c.cell_type == "markdown" for line in c.source.splitlines()
            if line.startswith("#")]


def tasks(nb) -> list[dict]:
    """Each task: id, kind, the index of its heading cell, answer cell and check cell, and the
    answer variable the check reads."""
    found = []
    cells = nb.cells
    for i, cell in enumerate(cells):
        if cell.cell_type != "markdown":
            continue
        for m in TASK.finditer(cell.source):
            extra = m.group("extra")
            time = TASK_TIME.fullmatch(extra) if extra is not None else None
            task = {"id": m.group("id"), "n": int(m.group("n")), "m": int(m.group("m")),
                    "kind": (m.group("kind") or "").strip(), "heading": i, "answer": None, "check": None,
                    "var": None, "minutes": int(time.group("minutes")) if time else None,
                    "extra": extra if extra is not None and not time else None}
            for j in range(i + 1, min(i + 8, len(cells))):
                c = cells[j]
                if c.cell_type == "markdown" and TASK.search(c.source):
                    break
                if c.cell_type == "code" and task["answer"] is None and SOLUTION.search(c.source):
                    task["answer"] = j
                call = CHECK_CALL.search(c.source) if c.cell_type == "code" else None
                if call and call.group("id") == task["id"]:
                    task["check"], task["var"] = j, call.group("var")
                    break
            found.append(task)
    return found


PART_TITLE = re.compile(r"\bpart (\d+) of (\d+)\b", re.I)


def lint_notebook(path: Path) -> list[str]:
    """The lint of the lesson ``path`` belongs to (with its other parts, from the same folder)."""
    return lint_lesson(parts_of(path))


def lint_lesson(paths: list[Path]) -> list[str]:
    """Every problem of one lesson: each file's own (title, setup, sections, minutes, grading,
    pictures, stored outputs), then the lesson's as a whole across its parts (task numbering,
    at least five tasks with a predict and a code task, a picture, *Say it plainly*,
    *References*, and no task's answer on show anywhere in the lesson)."""
    problems = []
    number = lesson_number(paths[0])
    letters = [part_letter(p) for p in paths]
    split = letters != [""]
    if split and letters != [chr(ord("a") + k) for k in range(len(paths))]:
        problems.append(f"lesson {number:02d}: its parts must be lettered a, b, c, ... with nothing else "
                        f"numbered {number:02d}: {[p.name for p in paths]}")
    elif split and len(paths) < 2:
        problems.append(f"{paths[0].name}: a lesson in one part is one notebook: name it {number:02d}_...")
    nbs = [nbformat.read(p, as_version=4) for p in paths]
    count = 0
    for k, (path, nb) in enumerate(zip(paths, nbs), start=1):
        problems += _lint_file(path, nb, (k, len(paths)) if split else None, count)
        count += len(tasks(nb))
    whole = whole_lesson(paths) if split else nbs[0]
    say = lambda text: problems.append(f"{paths[0].name if not split else f'lesson {number:02d}'}: {text}")  # noqa: E731
    heads = "\n".join(_headings(whole))
    for section in ["References"] + (["Say it plainly"] if number > 0 else []):
        if not re.search(rf"^#+ .*{section}", heads, re.M):
            say(f"a section '{section}' is missing")
    found = tasks(whole)
    if number > 0:
        kinds = [t["kind"] for t in found]
        if len(found) < 5:
            say(f"{len(found)} tasks; a lesson needs at least five")
        for kind in ("predict", "code"):
            if kind not in kinds:
                say(f"no '{kind}' task")
        images = sum(1 for c in whole.cells if c.cell_type == "code" for o in c.get("outputs", [])
                     if {"image/png", "image/svg+xml"} & set(o.get("data", {})))
        if not images:
            say("no picture is stored in the notebook: a static render would show none")
    starts = [0]
    for nb in nbs:
        starts.append(starts[-1] + len(nb.cells))
    def where_in(text: str) -> str:                     # a cell of the whole lesson -> its part's file and cell
        def one(m):
            i = int(m.group(1))
            k = max(j for j in range(len(nbs)) if starts[j] <= i)
            return f"{label(paths[k])} cell {i - starts[k]}" if split else m.group(0)
        return re.sub(r"\bcell (\d+)", one, text)
    for task_id, where, hit in giveaways(whole):
        say(f"Task {task_id}: its expected answer is on show in {where_in(where)}: '{hit}' (pose the question and "
            "explain after the check, vary the numbers, or write '# giveaway-ok: <reason>' in its check cell)")
    for task_id, i, what in unfolded_answers(whole):
        say(f"Task {task_id}: {where_in(f'cell {i}')}, right after its check, states the answer ({what}) "
            f"unfolded: fold the cell ({FOLD_EXAMPLE!r}), or split off the new material first")
    for task_id, i, section, what in summary_restatements(whole):
        say(f"Task {task_id}: {where_in(f'cell {i}')} ({section}) restates the keyed option ({what}) unfolded: "
            "teach the idea in other words, and move a verdict on the task into its fold after the check")
    for i, what in fold_problems(whole):
        say(f"{where_in(f'cell {i}')}: {what}")
    for task_id, ratio in unbalanced_options(whole):
        say(f"Task {task_id}: the keyed option is {ratio:.2f} times as long as the longest other one (at most "
            f"{BALANCE}): balance the options' length and form, so the answer is not the longest")
    return problems


def _lint_file(path: Path, nb, part: tuple[int, int] | None, before: int) -> list[str]:
    """The problems of one notebook file; ``part`` is (k, n) for part k of n, ``before`` the number
    of tasks in the lesson's earlier parts (task numbering runs on across parts)."""
    problems = []
    say = lambda text: problems.append(f"{path.name}: {text}")  # noqa: E731
    number = lesson_number(path)
    prefix = label(path)
    title = nb.cells[0].source if nb.cells and nb.cells[0].cell_type == "markdown" else ""
    if not re.match(rf"# {prefix} · \S", title):
        say(f"the first cell must be the title '# {prefix} · ...'")
    for words in ("You will learn", "You need", "minutes"):
        if words not in title:
            say(f"the title cell must say '{words}'")
    if part is not None:
        k, n = part
        head = PART_TITLE.search(title.splitlines()[0] if title else "")
        if not head or (int(head.group(1)), int(head.group(2))) != (k, n):
            say(f"the title's first line must say 'part {k} of {n}'")
        if k > 1:
            previous = f"{number:02d}{chr(ord('a') + k - 2)}"
            need = next((line for line in title.splitlines() if "You need" in line), "")
            if previous not in need:
                say(f"'You need' must name part {k - 1} ({previous}) and what it gave")
    setup = [i for i, c in enumerate(nb.cells) if "setup" in _tags(c)]
    if len(setup) != 1 or setup[0] > 2:
        say("one code cell tagged 'setup' right under the title (run tools/course.py launch)")
    if not re.search(r"^#+ .*What you learned", "\n".join(_headings(nb)), re.M):
        say("a section 'What you learned' is missing")
    for k, t in enumerate(tasks(nb), start=before + 1):
        if t["n"] != number or t["m"] != k:
            say(f"Task {t['id']} should be numbered {number}.{k}")
        if t["kind"] not in KINDS:
            say(f"Task {t['id']}: give its kind in the heading, one of {sorted(KINDS)}")
        if t["extra"] is not None:
            say(f"Task {t['id']}: after the kind the heading may say only ', about N minutes' "
                f"(e.g. '### Task {t['id']} ({t['kind'] or 'play'}, about 10 minutes)'), not '{t['extra'].strip()}'")
        elif t["minutes"] is not None and not 1 <= t["minutes"] <= MAX_MINUTES:
            say(f"Task {t['id']}: about {t['minutes']} minutes is not a task's time (1 to {MAX_MINUTES})")
        if t["answer"] is None:
            say(f"Task {t['id']}: the cell after it needs a ### BEGIN SOLUTION / ### END SOLUTION region")
        if t["check"] is None:
            say(f"Task {t['id']}: no check cell calling check(\"{t['id']}\", ...) follows it")
        elif "check" not in _tags(nb.cells[t["check"]]):
            say(f"Task {t['id']}: tag its check cell 'check'")
    for text in lint_grading(nb):
        say(text)
    for i, c in enumerate(nb.cells):
        for o in c.get("outputs", []) if c.cell_type == "code" else []:
            html = o.get("data", {}).get("text/html", "")
            if "data:image/png" in ("".join(html) if isinstance(html, list) else html):
                say(f"cell {i} stores a PNG inside an HTML output: nbval compares HTML byte by byte and a "
                    "PNG's bytes change with the plotting library's version; draw it as SVG from the "
                    "library's code (qttt_widgets.widgets.svg) or show the PNG as its own image output")
                break
    for i, phrase, why in picture_pointers(nb):
        say(f"cell {i} says '{phrase}' but {why}: draw the picture in a cell that is not tagged reveal, "
            "or reword")
    for task_id in undrawn_positions(nb):
        say(f"Task {task_id} is about a position, but no picture of it is drawn before it (in a cell not "
            "tagged reveal, after the task before it)")
    m, stated = minutes(nb), stated_minutes(nb)
    if stated is None:
        say("the title cell must state the time as '*About N minutes.*'")
    elif stated != rounded_minutes(m):
        say(f"the title says about {stated} minutes; the rule in INSTRUCTORS.md gives {m:.1f}, "
            f"so say 'About {rounded_minutes(m)} minutes'")
    if m > MAX_MINUTES:
        say(f"{m:.1f} minutes by the rule: a lesson over {MAX_MINUTES} minutes is two lessons; split it into "
            "parts (python tools/course.py split) or trim it")
    for i, c in enumerate(nb.cells):
        if c.cell_type == "code" and c.source.strip() and not c.get("outputs") and c.execution_count is None \
                and "setup" not in _tags(c):
            say(f"cell {i} was never run: execute the notebook and save it")
            break
    return problems


# --- give-aways: a task's expected answer on show outside its own answer --------------------

GIVEAWAY_OK = re.compile(r"#\s*giveaway-ok:\s*\S")
SAFE_NAMES = {"pi": math.pi, "sqrt": math.sqrt, "math": math, "np": _np, "Fraction": fractions.Fraction,
              "cos": math.cos, "sin": math.sin, "log2": math.log2, "floor": math.floor, "comb": math.comb,
              "set": set, "frozenset": frozenset, "abs": abs, "round": round}
NUMBER = re.compile(r"(?<![\w.])(?P<sign>[-−])?(?P<num>\d+(?:\.\d+)?)(?P<pct>\s?%)?(?![\w]|\.\d)")
FRACTION = re.compile(r"(?<![\w.\\])(\d+)\s*/\s*(\d+)(?![\w.])|\\t?frac\{(\d+)\}\{(\d+)\}|\\t?frac\s?(\d)(\d)")
VULGAR = {"¼": 0.25, "¾": 0.75, "⅓": 1 / 3, "⅔": 2 / 3, "⅛": 0.125, "⅜": 0.375, "⅝": 0.625, "⅞": 0.875,
          "⅕": 0.2, "⅖": 0.4, "⅗": 0.6, "⅘": 0.8, "⅙": 1 / 6, "⅚": 5 / 6}
ITEM = r"""["']?(?:\d{1,2}|[A-Za-z])["']?"""
RUN = re.compile(rf"(?<![\w.]){ITEM}(?:\s*(?:,\s*(?:and\s+|or\s+)?|\band\b|\bor\b|&|–|\s+to\s+)\s*{ITEM})+(?![\w.])")


def expected_answer(source: str):
    """The value of ``expect=`` in a check cell, or None when it is not a plain value: numbers,
    arithmetic on them (``2 ** 0.5``, ``np.cos(np.pi / 8) ** 2``), fractions given as text
    (``"3/4"``), sets, lists, tuples and dicts of those."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "check":
            for kw in node.keywords:
                if kw.arg == "expect":
                    try:
                        value = eval(compile(ast.Expression(kw.value), "<expect>", "eval"),
                                     {"__builtins__": {}}, dict(SAFE_NAMES))
                    except Exception:
                        return None
                    if isinstance(value, str) and re.fullmatch(r"\s*-?\d+\s*/\s*\d+\s*", value):
                        a, b = value.split("/")
                        return int(a) / int(b)
                    return value
    return None


def _significant(text: str) -> int:
    """Significant digits as written, trailing zeros not counted (1.0 and 0.50 have one)."""
    digits = text.replace(".", "").lstrip("0").rstrip("0")
    return len(digits) or 1


def nontrivial_number(x) -> bool:
    """Worth looking for: at least two significant digits (0.25, 0.854, 12), not 0, 1, 2, 0.5."""
    if isinstance(x, bool) or not isinstance(x, (int, float, fractions.Fraction, _np.number)):
        return False
    x = abs(float(x))
    if not math.isfinite(x):
        return False
    if abs(x - round(x)) < 1e-9:
        return x >= 10
    return _significant(f"{x:.10g}".lstrip("0")) >= 2


def _numbers_in(text: str):
    """Each number written in ``text``, with the precision it is written to: (value, half-step)."""
    for m in NUMBER.finditer(text):
        num = m.group("num")
        if len(num) > 1 and num[0] == "0" and num[1] != ".":
            continue                                          # a bit string such as 01, 0110
        decimals = len(num.split(".")[1]) if "." in num else 0
        value, half = float(num), 0.5 * 10 ** -decimals
        if _significant(num) < 2:
            continue
        if m.group("pct"):
            value, half = value / 100, half / 100
        yield value, half, m.group(0)
    for m in FRACTION.finditer(text):
        a, b = next((int(m.group(k)), int(m.group(k + 1))) for k in (1, 3, 5) if m.group(k))
        if b:
            yield a / b, 1e-9, m.group(0)
    for ch, value in VULGAR.items():
        if ch in text:
            yield value, 1e-9, ch


def _items(x) -> set | None:
    """A set-like answer (squares, letters) as a set of strings, if it has at least two items."""
    if isinstance(x, (set, frozenset, list, tuple)) and len(x) >= 2 and \
            all(isinstance(v, (int, str)) and not isinstance(v, bool) and len(str(v)) <= 2 for v in x):
        return {str(v) for v in x}
    return None


def giveaways_in(value, text: str) -> list[str]:
    """Where ``text`` shows ``value`` (a number to the precision the text writes it, or the
    same set of squares or letters listed together)."""
    hits = []
    items = _items(value)
    if items is not None:
        for m in RUN.finditer(text):
            found = {re.sub(r"[\"']", "", t) for t in re.findall(rf"(?<!\w){ITEM}(?!\w)", m.group(0))}
            if found == items:
                hits.append(m.group(0))
        return hits
    numbers = _numbers_of(value)
    for x in numbers:
        if not nontrivial_number(x):
            continue
        for shown, half, written in _numbers_in(text):
            if abs(abs(float(x)) - shown) <= half + 1e-12:
                hits.append(written.strip())
    return hits


# --- answers written symbolically: π/8, 1/√2, cos²(π/8), "P = 0" (the fold lint) ----------------

_INT = r"(\d{1,3})"
_PI = r"(?:π|\\pi\b)"
_ROOT = r"(?:√\s*\{?|\\sqrt\s*\{?\s*)(\d{1,3})\}?"                    # √2, √{3}, \sqrt2, \sqrt{2}
# a simple fraction of π: π/8, 3π/4, \pi/8, 3\pi/4, \frac{\pi}{8}, \tfrac{3\pi}{4}, and π alone
PI_FRACTION = re.compile(rf"(?<![\w.]){_INT}?\s*{_PI}\s*(?:/\s*{_INT}(?![\w.]))?|"
                         rf"\\t?frac\s*\{{\s*{_INT}?\s*{_PI}\s*\}}\s*\{{\s*{_INT}\s*\}}")
# a fraction with a square root: 1/√2, √3/2, 1/\sqrt2, \frac{1}{\sqrt2}, \tfrac{\sqrt3}{2}
ROOT_FRACTION = re.compile(rf"(?<![\w.]){_INT}\s*/\s*{_ROOT}|(?<![\w.]){_ROOT}\s*/\s*{_INT}(?![\w.])|"
                           rf"\\t?frac\s*\{{\s*{_INT}\s*\}}\s*\{{\s*{_ROOT}\s*\}}|"
                           rf"\\t?frac\s*\{{\s*{_ROOT}\s*\}}\s*\{{\s*{_INT}\s*\}}")
# a sine or cosine (squared or not) of a fraction of π: cos²(π/8), \cos^2(\pi/8), sin^2(3π/8)
TRIG = re.compile(rf"\\?(?P<f>cos|sin)\s*(?P<sq>²|\^\s*\{{?2\}}?)?\s*(?:\\left)?\(\s*"
                  rf"(?P<arg>[^()]{{1,40}}?)\s*(?:\\right)?\)")
# a probability stated as a value, trivial ones included: P = 0, P(X) = 1, p = 0.5, P(\text{good}) = 0
STATED_P = re.compile(r"(?<![\w\\])[Pp](?:_\{?\w+\}?)?\s*(?:\((?P<of>[^()\n]{0,40})\))?\s*(?:=|\\approx|≈)\s*\$?\s*"
                      r"(?P<sign>[-−])?(?P<num>\d+(?:\.\d+)?)(?![\w.]|\.\d)")


def _pi_fraction(m) -> float:
    g = m.groups()
    k, n = (g[2], g[3]) if "frac" in m.group(0) else (g[0], g[1])
    return (int(k) if k else 1) * math.pi / (int(n) if n else 1)


def _root_fraction(m) -> float:
    g = m.groups()
    if g[0] is not None:
        return int(g[0]) / math.sqrt(int(g[1]))
    if g[2] is not None:
        return math.sqrt(int(g[2])) / int(g[3])
    if g[4] is not None:
        return int(g[4]) / math.sqrt(int(g[5]))
    return math.sqrt(int(g[6])) / int(g[7])


def symbolic_numbers(text: str):
    """Each number that ``text`` writes symbolically, exactly: (value, as written). A simple
    fraction of π (π/8, 3π/4, \\frac{\\pi}{8}), a fraction with a square root (1/√2, √3/2,
    \\frac{1}{\\sqrt2}), and a sine or cosine, squared or not, of a fraction of π (cos²(π/8))."""
    for m in TRIG.finditer(text):
        arg = PI_FRACTION.fullmatch(m.group("arg").strip())
        if arg:
            x = (math.cos if m.group("f") == "cos" else math.sin)(_pi_fraction(arg))
            yield (x * x if m.group("sq") else x), m.group(0)
    for m in PI_FRACTION.finditer(text):
        yield _pi_fraction(m), m.group(0)
    for m in ROOT_FRACTION.finditer(text):
        yield _root_fraction(m), m.group(0)


def _numbers_of(value) -> list:
    """The numbers an expected value holds: a dict's values, a collection's items, or the value."""
    if isinstance(value, dict):
        return list(value.values())
    if isinstance(value, (list, tuple, set, frozenset)):
        return list(value)
    return [value]


def stated_answers(value, text: str) -> list[str]:
    """Where ``text`` writes ``value`` (a number, or each number of a list, tuple, set or dict)
    symbolically (``symbolic_numbers``), or states it as a probability, ``P = value``, to the
    precision written: there even 0, 1 and 0.5 count, since the sentence says what the answer is."""
    numbers = _numbers_of(value)
    numbers = [float(x) for x in numbers if isinstance(x, (int, float, fractions.Fraction, _np.number))
               and not isinstance(x, bool) and math.isfinite(float(x))]
    hits = []
    for x in numbers:
        for shown, written in symbolic_numbers(text):
            if abs(abs(x) - abs(shown)) <= 1e-9 * max(1.0, abs(x)):
                hits.append(written.strip())
        for m in STATED_P.finditer(text):
            num = m.group("num")
            decimals = len(num.split(".")[1]) if "." in num else 0
            if abs(abs(x) - float(num)) <= 0.5 * 10 ** -decimals + 1e-12:
                hits.append(m.group(0).strip())
    return list(dict.fromkeys(hits))


def _visible_text(cell, with_outputs: bool = True) -> str:
    """What a student reads of a cell: its markdown, or a code cell's stored outputs (the code
    itself is left out: its literals are coordinates and constants, not answers)."""
    if cell.cell_type == "markdown":
        return cell.source
    parts = []
    if with_outputs:
        for o in cell.get("outputs", []):
            if "text" in o:
                parts.append("".join(o["text"]))
            for key in ("text/plain", "text/markdown", "text/latex", "text/html"):
                if key in o.get("data", {}):
                    data = o["data"][key]
                    parts.append(re.sub(r"<[^>]+>", " ", "".join(data) if isinstance(data, list) else data))
    return "\n".join(parts)


# "Task 3.2", "lesson 06", "seed 001": numbers that name a place, not an answer
REFERENCES = re.compile(r"\b(?:Tasks?|[Ll]essons?|[Ss]eeds?|[Dd]efinitions?|[Ss]ections?)\s+[\d.]+(?:\s*[–-]\s*[\d.]+)?")


def without_references(text: str) -> str:
    """The text with its references to tasks, lessons, seeds, definitions and sections blanked out."""
    return REFERENCES.sub(" ", text)


def giveaways(nb) -> list[tuple[str, str, str]]:
    """(task id, where, what) for each place a task's expected answer is on show outside its own
    answer: the task's text, anything above it, and anything below its explanation.

    A task's *own answer* is its answer cell and check cell, and everything after the check up to
    the next heading (the reveal cells and the paragraph that explains the answer). Everything
    else a student can read is searched: markdown, the source of code cells (solutions stripped;
    check cells are packed in the student edition and left out), and their stored outputs, which
    a student sees on running the lesson. A check cell saying ``# giveaway-ok: <reason>`` opts out."""
    found = []
    cells = nb.cells
    for t in tasks(nb):
        if t["check"] is None:
            continue
        check_src = cells[t["check"]].source
        if GIVEAWAY_OK.search(check_src):
            continue
        value = expected_answer(check_src)
        if value is None or (_items(value) is None and not any(
                nontrivial_number(x) for x in (value.values() if isinstance(value, dict) else
                                               value if isinstance(value, (list, tuple, set, frozenset)) else [value]))):
            continue
        own_end = t["check"]
        for j in range(t["check"] + 1, len(cells)):
            if cells[j].cell_type == "markdown" and re.search(r"^#", cells[j].source, re.M):
                break
            own_end = j
        for i, cell in enumerate(cells):
            tags = _tags(cell)
            if "setup" in tags or "launch-badges" in tags or (cell.cell_type == "code" and "check" in tags):
                continue
            if folded(cell):                                   # opened after trying: not on show
                continue
            if t["heading"] < i <= own_end and cell.cell_type == "code":
                continue
            text = _visible_text(cell)
            if i == t["heading"]:
                head = next(m for m in TASK.finditer(text) if m.group("id") == t["id"])
                text = text[head.start():]
            elif t["check"] < i <= own_end + 1 and cell.cell_type == "markdown":
                first = re.search(r"^#", text, re.M)            # the explanation above the next heading
                text = text[first.start():] if first else ""
            text = without_references(text)
            for hit in giveaways_in(value, text):
                where = "its own text" if i == t["heading"] else f"cell {i} ({'above' if i < t['heading'] else 'below'})"
                if (t["id"], where, hit) not in found:
                    found.append((t["id"], where, hit))
    return found


# --- folded answers: what a student sees right after a check ----------------------------------

FOLD = re.compile(r"\A<details><summary>(?P<summary>[^<\n]+)</summary>\n\n(?P<body>.*\S.*)\n\n</details>\Z", re.S)
FOLD_EXAMPLE = "<details><summary>After Task N.M: read once your check passes</summary>\n\n...\n\n</details>"


def folded(cell) -> bool:
    """A markdown cell written as one fold (INSTRUCTORS.md, "Folded answers"): its whole source
    ``<details><summary>...</summary>``, a blank line, the markdown, a blank line, ``</details>``.
    What a fold holds is not on show: the student opens it after trying the task."""
    return cell.cell_type == "markdown" and bool(FOLD.match(cell.source.strip()))


def fold_problems(nb) -> list[tuple[int, str]]:
    """(cell, problem) for each markdown cell that tries to fold and is not one fold as written in
    INSTRUCTORS.md (the blank lines are what makes the inside render as markdown in JupyterLab,
    Colab, nbviewer and GitHub), or folds a heading."""
    found = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "markdown" or not re.search(r"</?details\b", cell.source):
            continue
        m = FOLD.match(cell.source.strip())
        if not m or cell.source.count("<details") != 1:
            found.append((i, "a fold is the cell's whole source, one per cell, with a blank line after </summary> "
                             f"and before </details>: {FOLD_EXAMPLE!r}"))
        elif re.search(r"^#", m.group("body"), re.M):
            found.append((i, "a fold must not hold a heading: split the cell, the new material unfolded"))
    return found


STOPWORDS = set("""a an the and or but if of to in on at by for with from as is are was were be been being it its this
that these those there here than then so not no do does did can could would should will may might must has have had
which who whom what when where why how each every any all one two only also just into onto over under about after
before between same very more most such their they them he she his her we you your our i me my us let""".split())
OPTION = re.compile(r"^[ \t]*[-*][ \t]+\*\*\(?(?P<key>[a-h])\)?\*\*\)?:?[ \t]*(?P<text>.*(?:\n(?![ \t]*[-*][ \t]+\*\*\(?[a-h]\)?\*\*|[ \t]*$).*)*)",
                    re.M)
KEYED_WORDS = 2                          # at least this many of the keyed option's own words ...
KEYED_SHARE = 0.5                        # ... and at least this share of them, in one paragraph
BALANCE = 1.2                            # the keyed option at most 20 % longer than the longest other one


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[:-len(suffix)]
    return word


def content_words(text: str) -> set[str]:
    """The words that carry meaning (no markup, no single letters or digits, no small words such as 'the', 'is', 'only'),
    lower case and lightly stemmed ('optimised' and 'optimise' are one word)."""
    text = re.sub(r"[`*_$\\{}()\[\]]", " ", text)
    return {_stem(w) for w in re.findall(r"[^\W_]+(?:['’][^\W_]+)?", text.lower())
            if w not in STOPWORDS and len(w) > 1}


def options(nb, task: dict) -> dict[str, str]:
    """A multiple-choice task's options, letter -> text, from its heading cell (``- **b**: ...``)."""
    text = nb.cells[task["heading"]].source
    text = text[next(m for m in TASK.finditer(text) if m.group("id") == task["id"]).start():]
    nxt = TASK.search(text, 1)
    text = text[:nxt.start()] if nxt else text
    return {m.group("key"): " ".join(m.group("text").split()) for m in OPTION.finditer(text)}


def keyed_wording(nb, task: dict, value) -> set[str]:
    """The keyed option's own words: its content words that neither the question nor any other
    option uses. A paragraph that repeats half of them (and at least three) tells which option is
    keyed, in the option's words or close to them."""
    if not (isinstance(value, str) and len(value) == 1):
        return set()
    opts = options(nb, task)
    if value not in opts:
        return set()
    text = nb.cells[task["heading"]].source
    text = text[next(m for m in TASK.finditer(text) if m.group("id") == task["id"]).start():]
    others = content_words(OPTION.sub(" ", text)).union(*(content_words(o) for k, o in opts.items() if k != value))
    return content_words(opts[value]) - others


def _plain(option: str) -> str:
    return " ".join(re.sub(r"[`*_$\\]", "", option).split())


def unbalanced_options(nb) -> list[tuple[str, float]]:
    """(task id, ratio) for each multiple-choice task whose keyed option is more than ``BALANCE``
    times as long (characters, markup left out) as its longest other option: the student can pick
    the answer by its length."""
    found = []
    for t in tasks(nb):
        if t["check"] is None:
            continue
        value = expected_answer(nb.cells[t["check"]].source)
        opts = options(nb, t)
        if not (isinstance(value, str) and value in opts and len(opts) >= 2):
            continue
        longest = max(len(_plain(o)) for k, o in opts.items() if k != value)
        ratio = len(_plain(opts[value])) / max(longest, 1)
        if ratio > BALANCE:
            found.append((t["id"], ratio))
    return found


def unfolded_answers(nb) -> list[tuple[str, int, str]]:
    """(task id, cell, what) for each markdown cell after a task's check, up to the next heading
    (the text above the heading in the cell that holds it), that states the task's answer and is
    not folded: the expected value as ``giveaways_in`` finds it, or, for a multiple-choice task, half
    of the keyed option's own words (``keyed_wording``; at least ``KEYED_WORDS``). That text sits
    right under the task, rendered: a student reads it before trying."""
    found = []
    cells = nb.cells
    for t in tasks(nb):
        if t["check"] is None:
            continue
        check_src = cells[t["check"]].source
        value = expected_answer(check_src)
        if value is None:
            continue
        own = keyed_wording(nb, t, value)
        for j in range(t["check"] + 1, len(cells)):
            cell = cells[j]
            if cell.cell_type != "markdown":
                continue
            head = re.search(r"^#", cell.source, re.M)
            text = cell.source[:head.start()] if head else cell.source
            if text.strip() and not folded(cell):
                shown = []
                if not GIVEAWAY_OK.search(check_src):
                    clean = without_references(text)
                    shown = [f"'{hit}'" for hit in giveaways_in(value, clean) + stated_answers(value, clean)]
                common = own & content_words(text)
                if own and len(common) >= KEYED_WORDS and len(common) >= KEYED_SHARE * len(own):
                    shown.append(f"option {value}'s own words ({', '.join(sorted(common))})")
                if shown:
                    found.append((t["id"], j, "; ".join(dict.fromkeys(shown))))
            if head:
                break
    return found


SUMMARY_HEAD = re.compile(r"^#+ .*(?P<name>What you learned|Say it plainly)")
PART_HEAD = re.compile(r"^# \d\d[a-z]? · ")


def summary_sections(nb) -> list[tuple[int, str, str]]:
    """(cell, section, text) for each unfolded markdown cell's text in a part's intro (its title
    cell, with *You will learn*, and what follows it up to the first heading) or in a *What you
    learned* or *Say it plainly* section (from its heading to the next heading)."""
    found = []
    section = None
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "markdown" or folded(cell):
            continue
        chunks: list[tuple[str | None, list[str]]] = [(section, [])]
        for line in cell.source.splitlines():
            if line.startswith("#"):
                head = SUMMARY_HEAD.match(line)
                section = "intro" if PART_HEAD.match(line) else head.group("name") if head else None
                chunks.append((section, []))
            chunks[-1][1].append(line)
        for name in dict.fromkeys(n for n, lines in chunks if n and "\n".join(lines).strip()):
            text = "\n".join(line for n, lines in chunks if n == name for line in lines)
            found.append((i, name, text))
    return found


def summary_restatements(nb) -> list[tuple[str, int, str, str]]:
    """(task id, cell, section, words) for each unfolded cell of a part's intro, *What you learned*
    or *Say it plainly* (``summary_sections``) that uses at least half (and at least ``KEYED_WORDS``)
    of the keyed option's own words (``keyed_wording``) of a multiple-choice task of the same part:
    a short scroll from the task, a student reads the answer before reasoning."""
    starts = [i for i, c in enumerate(nb.cells) if c.cell_type == "markdown" and PART_HEAD.match(c.source)] or [0]
    part = lambda i: max([s for s in starts if s <= i], default=0)  # noqa: E731
    sections = summary_sections(nb)
    found = []
    for t in tasks(nb):
        if t["check"] is None:
            continue
        value = expected_answer(nb.cells[t["check"]].source)
        own = keyed_wording(nb, t, value)
        if not own:
            continue
        for i, name, text in sections:
            if part(i) != part(t["heading"]):
                continue
            common = own & content_words(without_references(text))
            if len(common) >= KEYED_WORDS and len(common) >= KEYED_SHARE * len(own):
                found.append((t["id"], i, name, f"option {value}'s own words ({', '.join(sorted(common))})"))
    return found


# --- pictures the text promises --------------------------------------------------------------

PICTURE_WORDS = r"(?:picture|figure|chart|plot|graph|diagram|drawing|image|histogram|boards?|bars|sphere|tree)s?"
POINTER = re.compile(rf"\b{PICTURE_WORDS}\s+(?:below|above)\b|"
                     rf"\b(?:below|above),?\s+(?:is\s+|are\s+)?(?:the|a|an|two|three|four)\s+(?:\w+\s+)?{PICTURE_WORDS}\b|"
                     rf"\b(?:[Tt]he|[Tt]his|[Tt]hese|[Tt]hose) (?:picture|figure|chart|plot|diagram|histogram|drawing)s?\b")


# A paragraph that describes what a reveal cell shows, as if it were on the page ("draws O's two
# choices, (left) and (right)", "the table", "the chart"), next to code cells whose only stored output is
# in a reveal cell. Telling the reader to run the cell ("Run the cell below: it draws ...") is fine.
DESCRIBES = re.compile(r"\bdraws (?:the|a|an|its|their|both|each|all|one|two|three|four|\w+'s)\b|\((?:left|right|top|bottom)\)|"
                       r"\b(?:[Tt]he|[Tt]his|[Tt]hese|[Tt]hose) (?:chart|table|histogram|sphere|picture|figure|"
                       r"plot|diagram|drawing|bar)s?\b|\bsame picture\b")
RUN_PROMPT = re.compile(r"\b[Rr]un (?:the|this|that|each) (?:\w+ )?cells?\b")


def _pictures(cell) -> bool:
    for o in cell.get("outputs", []) if cell.cell_type == "code" else []:
        data = o.get("data", {})
        html = data.get("text/html", "")
        html = "".join(html) if isinstance(html, list) else html
        if {"image/png", "image/svg+xml"} & set(data) or "<svg" in html or "<img" in html:
            return True
    return False


def picture_pointers(nb) -> list[tuple[int, str, str]]:
    """(cell, phrase, problem) for each phrase in the prose that points to a picture a student
    cannot see. A *pointer* is a picture word (picture, figure, chart, plot, graph, diagram,
    drawing, image, histogram, board(s), bars, sphere, tree) followed by *below* or *above* ("the
    boards below"), *below*/*above* followed by one ("below, the graph", "above is a plot"), or
    "the/this/these/those picture, figure, chart, plot, diagram, histogram, drawing". It
    points to the code cells next to its paragraph: *below* to the run of code cells right after
    the markdown cell, *above* to the run right before it, neither word to both. The pointer is
    kept only if one of those cells stores a picture and is not tagged ``reveal`` (the student
    edition stores no output for a reveal cell); a picture drawn only by a reveal cell, or none at
    all, is flagged.

    A paragraph that *describes* a reveal cell's output as if it were on the page (``DESCRIBES``:
    "draws the ...", "(left)", "(right)", "the table", "the chart", "the same picture") is flagged too
    when the code cells next to it (after it for *below*/*after*/*next*, before it for *above*) store
    output only in reveal cells, unless it tells the reader to run the cell (``RUN_PROMPT``)."""
    found = []
    cells = nb.cells
    for i, cell in enumerate(cells):
        if cell.cell_type != "markdown":
            continue
        text = re.sub(r"\]\([^)]*\)", "]", cell.source)                   # not inside link targets
        text = re.sub(r"^- .*\n?", "", text, flags=re.M) if re.search(r"^#+ .*References", text, re.M) else text
        for m in POINTER.finditer(text):
            phrase = m.group(0)
            before = [] if re.search(r"\bbelow\b", phrase, re.I) else _run(cells, i, -1)
            after = [] if re.search(r"\babove\b", phrase, re.I) else _run(cells, i, +1)
            near = before + after
            shown = [j for j in near if _pictures(cells[j]) and "reveal" not in _tags(cells[j])]
            hidden = [j for j in near if _pictures(cells[j]) and "reveal" in _tags(cells[j])]
            if shown:
                continue
            if hidden:
                found.append((i, phrase, f"the picture is drawn only by the reveal cell {hidden[0]}, which the "
                                         "student edition stores without output"))
            else:
                found.append((i, phrase, "no cell next to this paragraph draws a picture"))
    flagged = {i for i, _, _ in found}
    for i, cell in enumerate(cells):
        if cell.cell_type != "markdown" or i in flagged:
            continue
        text = re.sub(r"\]\([^)]*\)", "]", cell.source)
        text = re.sub(r"^- .*\n?", "", text, flags=re.M) if re.search(r"^#+ .*References", text, re.M) else text
        m = DESCRIBES.search(text)
        if not m or RUN_PROMPT.search(text):
            continue
        later, earlier = re.search(r"\b(?:below|after|next|under)\b", text), re.search(r"\babove\b", text)
        near = ([] if later and not earlier else _run(cells, i, -1)) + ([] if earlier and not later else _run(cells, i, +1))
        hidden = [j for j in near if cells[j].get("outputs") and "reveal" in _tags(cells[j])]
        shown = [j for j in near if cells[j].get("outputs") and "reveal" not in _tags(cells[j])
                 and "check" not in _tags(cells[j]) and not SOLUTION.search(cells[j].source)]
        if hidden and not shown:
            found.append((i, m.group(0), f"it describes the output of the reveal cell {hidden[0]}, which the "
                                         "student edition stores without output (say what to run and look "
                                         "for: 'Run the cell below: ...')"))
    return found


POSITION = re.compile(r"`(?:\d\d(?: \d\d[a-z]?)+|'?[XO.]{9}'?)`|GoffGame\(\)\.play\(")


def undrawn_positions(nb) -> list[str]:
    """The tasks about a position with no picture of it: a *play* task, or a task whose text names
    a position (a Goff record such as ``15 59 37`` or a board such as ``'X.O....X.'`` in code
    font), needs a stored picture in a cell that is not tagged ``reveal``, between the end of the
    task before it and its own check."""
    found, start = [], 0
    for t in tasks(nb):
        end = t["check"] if t["check"] is not None else t["heading"]
        text = nb.cells[t["heading"]].source
        text = text[next(m for m in TASK.finditer(text) if m.group("id") == t["id"]).start():]
        about = t["kind"] == "play" or POSITION.search(text)
        if about and not any(_pictures(c) and "reveal" not in _tags(c)
                                           for c in nb.cells[start:end]):
            found.append(t["id"])
        start = end + 1
    return found


def _run(cells, i, step) -> list[int]:
    """The code cells right before (step -1) or after (+1) cell ``i``, up to a markdown cell."""
    out, j = [], i + step
    while 0 <= j < len(cells) and cells[j].cell_type == "code":
        out.append(j)
        j += step
    return out


# --- minutes ---------------------------------------------------------------------------------

# Calibrated (INSTRUCTORS.md, "Minutes"; tools/minutes_fit.py) on 80 first-year readers' estimates: 16
# whole lessons (335a35a), 32 parts read in session 2 (97ce346) and 32 in session 3 (7691f9f), each
# on the notebooks as that reader read them: off by 6.5 minutes a notebook (root mean square).
WORDS_PER_MINUTE = 110                 # prose, maths included
CODE_LINES_PER_MINUTE = 10             # lines of code shown (not the setup or check cells)
TASK_MINUTES = {"predict": 3, "compute": 3, "explain": 3, "find the slip": 3, "code": 12, "play": 4}
MAX_MINUTES = 40


def prose_words(nb) -> int:
    """Words of prose a student reads: every markdown cell (maths included, a formula's symbols
    counted as the words they are separated into), without the launch badges and the list of
    References."""
    words = 0
    for cell in nb.cells:
        if cell.cell_type != "markdown" or "launch-badges" in _tags(cell):
            continue
        text = re.sub(r"^(#+ .*References.*\n)(?:.*\n?)*?(?=^#|\Z)", "", cell.source, flags=re.M)
        words += len(text.split())
    return words


def code_lines(nb) -> int:
    """Lines of code a student reads: the non-blank lines of every code cell as the student
    edition shows it (solutions stripped), without the setup cell and the check cells (the
    student runs those without reading them: they are folded and packed)."""
    lines = 0
    for cell in nb.cells:
        tags = _tags(cell)
        if cell.cell_type != "code" or "setup" in tags or "check" in tags or "instructor-only" in tags:
            continue
        lines += sum(1 for line in strip_solutions(cell.source).splitlines() if line.strip())
    return lines


def task_minutes(task: dict) -> float:
    """A task's minutes: the number its heading states (``### Task 4.4 (play, about 10 minutes)``),
    else its kind's default (``TASK_MINUTES``)."""
    return task["minutes"] if task.get("minutes") is not None else TASK_MINUTES.get(task["kind"], TASK_MINUTES["predict"])


def minutes(nb) -> float:
    """The lesson's minutes by the rule in INSTRUCTORS.md: prose at ``WORDS_PER_MINUTE``, code at
    ``CODE_LINES_PER_MINUTE``, plus each task's minutes (``task_minutes``)."""
    return (prose_words(nb) / WORDS_PER_MINUTE + code_lines(nb) / CODE_LINES_PER_MINUTE
            + sum(task_minutes(t) for t in tasks(nb)))


def stated_minutes(nb) -> int | None:
    title = nb.cells[0].source if nb.cells else ""
    m = re.search(r"About (\d+) minutes", title)
    return int(m.group(1)) if m else None


def rounded_minutes(x: float) -> int:
    return int(5 * math.floor(x / 5 + 0.5))


def minutes_report(root: Path = ROOT) -> list[str]:
    """One line per lesson file (its words, code lines, tasks, minutes by the rule, and what its
    title states), and a line with the total of a split lesson's parts."""
    rows = []
    for number, paths in lesson_groups(root).items():
        total = 0.0
        for path in paths:
            nb = nbformat.read(path, as_version=4)
            m = minutes(nb)
            total += m
            rows.append(f"{label(path):<3}  {prose_words(nb):5d} words  {code_lines(nb):4d} code lines  "
                        f"{len(tasks(nb))} tasks  {m:5.1f} min -> {rounded_minutes(m):2d}  (stated {stated_minutes(nb)})"
                        + (f"  OVER {MAX_MINUTES}" if m > MAX_MINUTES else "")
                        + (f"  the title should say 'About {rounded_minutes(m)} minutes'"
                           if stated_minutes(nb) != rounded_minutes(m) else ""))
        if len(paths) > 1:
            rows.append(f"{number:02d}   lesson in {len(paths)} parts: {total:5.1f} min")
    return rows


LETTER_SHARE = 0.4                       # no letter keys more than 40 % of the course's choice tasks
LETTER_RUN = 3                           # nor three choice tasks in a row (course order)


def choice_keys(root: Path = ROOT) -> list[tuple[str, str]]:
    """(task id, keyed letter) of every multiple-choice task, in course order: a task whose
    check expects one letter that its own option list offers."""
    keys = []
    for paths in lesson_groups(root).values():
        nb = whole_lesson(paths)
        for t in tasks(nb):
            if t["check"] is None:
                continue
            value = expected_answer(nb.cells[t["check"]].source)
            if isinstance(value, str) and len(value) == 1 and value in options(nb, t):
                keys.append((t["id"], value))
    return keys


def letter_problems(keys: list[tuple[str, str]]) -> list[str]:
    """The answer letters as a student who only counts them sees them: a letter that keys more
    than ``LETTER_SHARE`` of the choice tasks, or ``LETTER_RUN`` choice tasks in a row keyed alike,
    lets them answer without reasoning."""
    problems = []
    counts: dict[str, list[str]] = {}
    for task, letter in keys:
        counts.setdefault(letter, []).append(task)
    for letter, ids in sorted(counts.items()):
        if len(ids) > LETTER_SHARE * len(keys):
            problems.append(f"answer letters: {letter!r} keys {len(ids)} of the {len(keys)} choice tasks "
                            f"(more than {LETTER_SHARE:.0%}): {', '.join(ids)}")
    for i in range(len(keys) - LETTER_RUN + 1):
        run = keys[i:i + LETTER_RUN]
        if len({letter for _, letter in run}) == 1:
            problems.append(f"answer letters: {LETTER_RUN} choice tasks in a row are keyed {run[0][1]!r}: "
                            f"{', '.join(task for task, _ in run)}")
    return problems


def lint(root: Path = ROOT) -> list[str]:
    problems = []
    groups = lesson_groups(root)
    numbers = list(groups)
    if numbers != list(range(len(groups))):
        problems.append(f"lessons must be numbered 00, 01, ... without gaps: {numbers}")
    for paths in groups.values():
        problems += lint_lesson(paths)
    problems += letter_problems(choice_keys(root))
    return problems


# --- reordering ------------------------------------------------------------------------------

XREF = re.compile(r"\b[Ll]essons? \d\d\b(?:\s*(?:[-–,]|and|or)\s*\d\d\b)*")


def _renumber_text(text: str, old: int, new: int) -> str:
    text = re.sub(rf"^# {old:02d}([a-z]?) · ", rf"# {new:02d}\g<1> · ", text, flags=re.M)
    text = re.sub(rf"(### Task ){old}\.(\d+)", rf"\g<1>{new}.\2", text)
    return re.sub(rf'(check\(\s*"){old}\.(\d+)"', rf'\g<1>{new}.\2"', text)


def move(old: int, new: int, root: Path = ROOT) -> list[str]:
    """Move lesson ``old`` to place ``new``; the lessons between shift by one. Renames the
    files (every part of a split lesson) and the wrong-answer tables, and renumbers titles and
    task ids (``### Task N.M``, ``check("N.M", ...)``). Cross-references in prose ("lesson 07",
    "You need") are not rewritten: their meaning is the instructor's to judge. Returns them, to
    be read."""
    groups = lesson_groups(root)
    if not (0 <= old < len(groups) and 0 <= new < len(groups)):
        raise SystemExit(f"lessons are numbered 00..{len(groups) - 1:02d}")
    order = list(range(len(groups)))
    order.insert(new, order.pop(old))                 # order[new_place] = old number
    mapping = {was: now for now, was in enumerate(order) if was != now}
    tables = root / "tests" / "course_wrong"
    staged = []
    for was, now in mapping.items():
        for path in groups[was]:
            nb = nbformat.read(path, as_version=4)
            for cell in nb.cells:
                cell.source = _renumber_text(cell.source, was, now)
                for out in cell.get("outputs", []):        # the checks' stored "Task N.M: ..." lines
                    if "text" in out:
                        out["text"] = re.sub(rf"\bTask {was}\.(\d+):", rf"Task {now}.\1:", out["text"])
                if len(groups[was]) > 1 and cell.cell_type == "markdown":   # a part's 'You need' names part 01a
                    cell.source = re.sub(rf"\b{was:02d}([a-z])\b", rf"{now:02d}\1", cell.source)
            nb = stamp_grading(nb)                         # the grade ids follow the task ids
            target = path.with_name(f"{now:02d}{path.name[2:]}")
            staged.append((path, target, nbformat.writes(nb) + "\n"))
        table = tables / f"lesson_{was:02d}.py"
        if table.exists():
            text = re.sub(rf'"{was}\.(\d+)"', rf'"{now}.\1"', table.read_text())
            staged.append((table, tables / f"lesson_{now:02d}.py", text))
    for source, _, _ in staged:
        source.unlink()
    for _, target, text in staged:
        target.write_text(text)
    refs = []
    for path in lessons(root):
        nb = nbformat.read(path, as_version=4)
        for i, cell in enumerate(nb.cells):
            if cell.cell_type == "markdown":
                refs += [f"{path.name} cell {i}: {m.group(0)}" for m in XREF.finditer(cell.source)]
                refs += [f"{path.name} cell {i}: You need ..." for line in cell.source.splitlines()
                         if "You need" in line]
    return refs


# --- splitting a lesson into parts -----------------------------------------------------------

def cut_parts(nb, number: int) -> list:
    """``nb`` cut before each part title ``# NNb · ``, ``# NNc · ``, ... (its first cell must be the
    title ``# NNa · ``): one notebook a part, each holding the very cells it had (copies)."""
    heads = [i for i, c in enumerate(nb.cells) if c.cell_type == "markdown"
             and re.match(rf"# {number:02d}[a-z] · ", c.source)]
    letters = [nb.cells[i].source[len(f"# {number:02d}")] for i in heads]
    if not heads or heads[0] != 0 or len(heads) < 2 or letters != [chr(ord("a") + k) for k in range(len(heads))]:
        raise SystemExit(f"mark the parts first: the title '# {number:02d}a · ...' and, where each later part "
                         f"starts, a title cell '# {number:02d}b · ...', '# {number:02d}c · ...' (found titles at "
                         f"cells {heads}, letters {letters})")
    parts = []
    for k, start in enumerate(heads):
        part = copy.deepcopy(nb)
        part.cells = copy.deepcopy(nb.cells[start:heads[k + 1] if k + 1 < len(heads) else len(nb.cells)])
        parts.append(part)
    return parts


def split(number: int, names: list[str] | None = None, root: Path = ROOT) -> list[Path]:
    """Cut lesson ``number`` (one notebook) into its parts, where the instructor marked them.

    The instructor first writes the seams into the notebook itself, as ordinary cells: the title
    becomes ``# NNa · ..., part 1 of n ...``, and each later part starts with its own title cell
    ``# NNb · ..., part 2 of n`` (with *You will learn*, *You need* naming part a, and *About N
    minutes*), each part ending with its own *What you learned*. This command only moves cells:
    part a gets the cells before the ``# NNb`` title, part b the cells from it to the next, and so
    on; no cell's source or outputs are changed (each later part gets the setup cell, which this
    tool owns). ``names`` gives each part's file name after ``NNa_`` (default: the lesson's).
    Task ids, the exercises modules and the wrong-answer table stay as they were. Returns the
    files written; the lesson's notebook is removed. Re-execute the later parts (they start a
    fresh kernel) and run ``lint``."""
    groups = lesson_groups(root)
    if number not in groups:
        raise SystemExit(f"there is no lesson {number:02d}")
    if len(groups[number]) != 1 or part_letter(groups[number][0]):
        raise SystemExit(f"lesson {number:02d} is already in parts: {[p.name for p in groups[number]]}")
    path = groups[number][0]
    parts = cut_parts(nbformat.read(path, as_version=4), number)
    stem = path.stem.split("_", 1)[1]
    names = names or [stem] * len(parts)
    if len(names) != len(parts) or not all(re.fullmatch(r"[a-z0-9_]+", n) for n in names):
        raise SystemExit(f"give {len(parts)} names of lowercase letters, digits and _ (one a part), or none")
    repo, ref = repository(root)
    written = []
    staged = []
    for k, part in enumerate(parts):
        target = path.with_name(f"{number:02d}{chr(ord('a') + k)}_{names[k]}.ipynb")
        if target.exists():
            raise SystemExit(f"{target.name} exists already")
        part = stamp(part, repo, ref, f"student/{target.name}")   # a later part gets its own setup cell
        staged.append((target, part))
    for target, part in staged:
        _write_if_changed(target, part)
        written.append(target)
    path.unlink()
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["launch", "student", "nbgrader", "graded", "lint", "check", "move",
                                            "minutes", "split"])
    parser.add_argument("args", nargs="*", help="move: OLD NEW (lesson numbers); graded: the source/ folder; "
                                                "split: NN [NAME_A NAME_B ...]")
    parser.add_argument("--show-answers", action="store_true",
                        help="graded: keep the checks' expected answers in the release (a practice release)")
    parser.add_argument("--out", type=Path, help="student: where to write the edition (default student/)")
    args = parser.parse_args(argv)
    if args.command == "launch":
        for name in launch():
            print("stamped", name)
    elif args.command == "student":
        for name in student(out=args.out):
            print("wrote", name)
    elif args.command == "nbgrader":
        for name in grading():
            print("stamped", name)
    elif args.command == "graded":
        if len(args.args) != 1:
            parser.error("graded takes the folder to write: python tools/course.py graded ~/grading/source")
        folder = Path(args.args[0]).expanduser()
        written = graded_source(folder, show_answers=args.show_answers)
        print(f"wrote {len(written)} assignments into {folder}"
              + ("" if args.show_answers else " (the checks' expected answers hidden from the release)"))
    elif args.command == "lint":
        problems = lint()
        print("\n".join(problems) or f"{len(lesson_groups())} lessons ({len(lessons())} notebooks): no problems")
        return 1 if problems else 0
    elif args.command == "minutes":
        print("\n".join(minutes_report()))
    elif args.command == "split":
        if not args.args or not args.args[0].isdigit():
            parser.error("split takes a lesson number and, if you like, a name for each part: split 1 one_qubit measurement")
        for target in split(int(args.args[0]), args.args[1:] or None):
            print("wrote", target.relative_to(ROOT) if target.is_relative_to(ROOT) else target)
        print("re-execute the later parts (each starts a fresh kernel), then run nbgrader, student and lint")
    elif args.command == "move":
        if len(args.args) != 2 or not all(a.isdigit() for a in args.args):
            parser.error("move takes two lesson numbers: OLD NEW")
        refs = move(*map(int, args.args))
        print("moved. Read these cross-references and fix the ones the move broke:", *refs, sep="\n  ")
    else:
        stale = launch(write=False) + grading(write=False) + student(write=False)
        if stale:
            print("out of date (run python tools/course.py launch, then nbgrader, then student):", *stale, sep="\n  ")
            return 1
        print("launch cells, the nbgrader metadata and the student edition are up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
