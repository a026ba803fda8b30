"""Mutation testing of the rules, the solver and the exercise checkers, with mutmut 3.

    nice -n 15 python tools/mutation.py                  # all three targets
    nice -n 15 python tools/mutation.py rules solver     # some of them
    python tools/mutation.py --report                    # scores of the last run, no new run

Each target runs in its own copy of the checkout under ``--work`` (default /tmp/qttt-mutation/
<target>), so a run never touches the working tree and other people's edits in progress do not
disturb it. The copy's ``[tool.mutmut]`` section is rewritten for the target: the files to
mutate and only the tests that judge them (mutmut then runs, for each mutant, only the tests
that reach the mutated function). mutmut resumes an interrupted run; ``--fresh`` starts over;
``--retest`` runs only the survivors again after tests were added (mutmut keeps earlier verdicts
otherwise).
The scores (killed / all mutants, per module) are printed and written to ``--work``/scores.txt;
tests/MUTATION.md records them with the surviving mutants judged equivalent.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# target -> (files to mutate, tests that judge them, extra pytest arguments)
TARGETS = {
    "rules": (["qttt_widgets/rules/*"],
              ["tests/test_goff.py", "tests/test_classical.py", "tests/test_records.py",
               "tests/test_ensemble.py", "tests/test_qubit_board.py", "tests/test_limits.py",
               "tests/test_survivors.py", "tests/test_svg.py", "tests/test_scoring.py",
               "tests/test_chance.py", "tests/test_api.py", "tests/test_game_contract.py",
               "tests/test_misere_example.py", "tests/test_notakto_example.py",
               "tests/test_goff_fast_paths.py"],
              []),
    "solver": (["qttt_widgets/players/solver.py", "qttt_widgets/players/trees.py", "qttt_widgets/players/book.py"],
               ["tests/test_solver.py", "tests/test_survivors.py"],
               # the full opening solve and the book's fresh searches take 4 s each: the brute-force
               # comparisons judge the same code in a fraction of that
               ["-k", "not test_opening_result and not test_book_matches_the_solver"]),
    "exercises": (["qttt_widgets/exercises/*"],
                  # the checkers are judged directly by tests/test_exercises.py; the physics tests
                  # of lessons 11 and 12 are left out (a 48 s fixture and an 18 s solve per mutant)
                  ["tests/test_exercises.py", "tests/test_survivors.py",
                   "tests/test_lesson_01_physics.py", "tests/test_lesson_03_physics.py",
                   "tests/test_lesson_04_physics.py", "tests/test_lesson_05_physics.py",
                   "tests/test_lesson_06_physics.py", "tests/test_lesson_07_physics.py",
                   "tests/test_lesson_08_physics.py", "tests/test_lesson_09_physics.py",
                   "tests/test_lesson_10_physics.py", "tests/test_lesson_13_physics.py",
                   "tests/test_lesson_14_physics.py", "tests/test_lesson_15_physics.py"],
                  []),
}


# what a copy holds: the library, the tests and what they read (see also_copy below)
COPIED = ("qttt_widgets/", "tests/", "pyproject.toml", "benchmarks/dispatch.py", "tools/course.py", "lessons/",
          "student/")


def _toml_list(items) -> str:
    return "[" + ", ".join(f'"{x}"' for x in items) + "]"


def mutmut_section(target: str, dest: Path = ROOT, tests_override=()) -> str:
    only, tests, extra = TARGETS[target]
    if tests_override:
        tests = list(tests_override)
    tests = [t for t in tests if (dest / t).exists()]     # a target's new tests may not exist yet
    return ("[tool.mutmut]\n"
            'source_paths = ["qttt_widgets"]\n'
            f"only_mutate = {_toml_list(only)}\n"
            # benchmarks/dispatch.py, for test_game_contract; tools/course.py and lessons/, for the
            # checker tests that judge a task by its notebook's check cell (tests/course_runner.py)
            # and student/, for the tests that run the student edition's packed check cells under grading
            'also_copy = ["benchmarks", "tools", "lessons", "student"]\n'
            f"pytest_add_cli_args_test_selection = {_toml_list(tests)}\n"
            f"pytest_add_cli_args = {_toml_list(['-p', 'no:cacheprovider', '-q', *extra])}\n")


def _files_of_checkout() -> list[str]:
    """Tracked files and untracked ones not ignored (new tests in progress count)."""
    out = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout.split("\n")
    keep = COPIED
    return [f for f in out if f.startswith(keep) and not f.startswith("tests/browser/")
            and (ROOT / f).is_file()]


def _files_at(commit: str, new_tests: bool = True) -> dict:
    """{path: bytes} of the library, the tests and pyproject.toml at ``commit``; tests not yet
    tracked (new ones) come from the working tree."""
    import io
    import tarfile
    keep = COPIED
    tar = subprocess.run(["git", "archive", commit, *keep], cwd=ROOT, capture_output=True, check=True).stdout
    out = {}
    with tarfile.open(fileobj=io.BytesIO(tar)) as tf:
        for m in tf.getmembers():
            if m.isfile() and not m.name.startswith("tests/browser/"):
                out[m.name] = tf.extractfile(m).read()
    if not new_tests:
        return out
    untracked = subprocess.run(["git", "ls-files", "-o", "--exclude-standard", "tests/"], cwd=ROOT,
                               capture_output=True, text=True, check=True).stdout.split()
    for f in untracked:
        if (ROOT / f).is_file():
            out[f] = (ROOT / f).read_bytes()
    return out


def prepare(target: str, work: Path, fresh: bool, commit: str | None = None,
            new_tests: bool = True, tests=()) -> Path:
    """A copy of the checkout (or of ``commit`` plus the untracked files) for ``target``, with
    its [tool.mutmut] section."""
    dest = work / target
    if fresh and dest.exists():
        shutil.rmtree(dest)
    files = (_files_at(commit, new_tests) if commit else
             {f: (ROOT / f).read_bytes() for f in _files_of_checkout()})
    for f, data in files.items():
        to = dest / f
        to.parent.mkdir(parents=True, exist_ok=True)
        if not to.exists() or to.read_bytes() != data:
            to.write_bytes(data)
    py = dest / "pyproject.toml"
    text = re.sub(r"\n\[tool\.mutmut\]\n(?:(?!\n\[).)*", "\n", py.read_text(), flags=re.S)
    py.write_text(text.rstrip("\n") + "\n\n" + mutmut_section(target, dest, tests))
    return dest


def _statuses(dest: Path) -> dict:
    """{mutant name: status} from ``mutmut results --all true``, merged into the verdicts kept
    in ``statuses.json``: when tests change, mutmut may forget its earlier verdicts ("not
    checked"), but adding tests cannot revive a killed mutant, so an earlier verdict stands
    until the mutant is run again."""
    import json
    out = subprocess.run(["mutmut", "results", "--all", "true"], cwd=dest, capture_output=True,
                         text=True).stdout
    kept = dest / "statuses.json"
    found = json.loads(kept.read_text()) if kept.exists() else {}
    for line in out.splitlines():
        m = re.match(r"\s*(qttt_widgets\.\S+?):\s*(\w[\w ]*)$", line)
        if m and (m.group(2).strip() != "not checked" or m.group(1) not in found):
            found[m.group(1)] = m.group(2).strip()
    kept.write_text(json.dumps(found, indent=0, sort_keys=True))
    return found


def retest(dest: Path, max_children: int, modules=()) -> None:
    """Run again the mutants that survived or had no test (mutmut keeps a verdict otherwise):
    after new tests are added, this is the run that counts them. ``modules``: only mutants of
    these modules (dotted names), when the new tests judge only them."""
    names = [n for n, status in _statuses(dest).items() if status in ("survived", "no tests")
             and (not modules or any(re.match(re.escape(m) + r"\.x[_ǁ]", n) for m in modules))]
    for i in range(0, len(names), 200):
        subprocess.run(["mutmut", "run", "--max-children", str(max_children), *names[i:i + 200]], cwd=dest,
                       stdout=subprocess.DEVNULL)


def scores(dest: Path) -> dict:
    """{module: {status: count}} from ``mutmut results --all true``."""
    per: dict = {}
    for name, status in _statuses(dest).items():
        module = re.match(r"(qttt_widgets\.[\w.]+?)\.x[_ǁ]", name).group(1)
        per.setdefault(module, {}).setdefault(status, 0)
        per[module][status] += 1
    return per


def report(target: str, dest: Path) -> list[str]:
    lines = []
    total_k = total_n = 0
    for module, counts in sorted(scores(dest).items()):
        n = sum(counts.values())
        k = counts.get("killed", 0) + counts.get("timeout", 0) + counts.get("segfault", 0)
        total_k += k
        total_n += n
        rest = ", ".join(f"{s} {c}" for s, c in sorted(counts.items()) if s != "killed")
        lines.append(f"  {module:40s} {k:5d}/{n:<5d} {100 * k / n:5.1f}%  {rest}")
    if total_n:
        lines.insert(0, f"{target}: {total_k}/{total_n} killed ({100 * total_k / total_n:.1f}%)")
    else:
        lines.insert(0, f"{target}: no results yet")
    return lines


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("targets", nargs="*", help=f"any of {', '.join(TARGETS)} (default: all)")
    ap.add_argument("--work", type=Path, default=Path("/tmp/qttt-mutation"))
    ap.add_argument("--fresh", action="store_true", help="forget earlier results and start over")
    ap.add_argument("--commit", help="mutate the library as committed at COMMIT (e.g. HEAD), with the "
                    "untracked files (new tests) from the working tree; default: the working tree")
    ap.add_argument("--baseline", action="store_true",
                    help="with --commit: the committed tests only (the score before new tests)")
    ap.add_argument("--retest", action="store_true",
                    help="run again only the mutants that survived or had no test (after adding tests)")
    ap.add_argument("--modules", nargs="+", default=(), metavar="MODULE",
                    help="with --retest: only these modules (e.g. qttt_widgets.exercises.checks)")
    ap.add_argument("--names", nargs="+", default=(), metavar="GLOB",
                    help="run only the mutants whose names match (fnmatch), e.g. "
                    "'qttt_widgets.exercises.lesson03*'")
    ap.add_argument("--tests", nargs="+", default=(), metavar="FILE",
                    help="judge with these test files instead of the target's selection "
                    "(a quick run for one module; the score is then a lower bound)")
    ap.add_argument("--report", action="store_true", help="print the scores of the last run only")
    ap.add_argument("--max-children", type=int, default=os.cpu_count() or 2)
    args = ap.parse_args(argv)
    targets = args.targets or list(TARGETS)
    unknown = [t for t in targets if t not in TARGETS]
    if unknown:
        ap.error(f"unknown target(s) {', '.join(unknown)}: choose from {', '.join(TARGETS)}")
    if shutil.which("mutmut") is None:
        print("mutmut is not installed: pip install 'mutmut>=3.3'", file=sys.stderr)
        return 2
    lines = []
    for target in targets:
        if args.report:
            dest = args.work / target
            if not dest.is_dir():
                lines.append(f"{target}: no run under {args.work}")
                continue
        else:
            dest = prepare(target, args.work, args.fresh, args.commit, not args.baseline, args.tests)
            t0 = time.perf_counter()
            if args.retest:
                retest(dest, args.max_children, args.modules)
            else:
                subprocess.run(["mutmut", "run", "--max-children", str(args.max_children), *args.names],
                               cwd=dest)
            children = os.times()
            print(f"{target}: mutmut finished after {time.perf_counter() - t0:.0f} s "
                  f"wall, {children.children_user + children.children_system:.0f} s CPU (all runs so far)",
                  file=sys.stderr)
        lines += report(target, dest)
    text = "\n".join(lines)
    print(text)
    args.work.mkdir(parents=True, exist_ok=True)
    (args.work / "scores.txt").write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
