"""Refit the minutes rule (INSTRUCTORS.md, "Minutes") on every first-year reader's estimate we have.

Each estimate is fitted on the notebooks *as the reader read them*, checked out of git into a
temporary folder:

- 335a35a: two readers, one estimate per whole lesson (16, before any split);
- 97ce346: three readers (session 2), one estimate per part (32); the student edition they read
  is this commit's, file for file (a range such as 45-50 is taken at its middle);
- 7691f9f: three readers (session 3), one estimate per part (32), and the minutes they gave the
  long tasks (8 minutes or more), which those tasks' headings now state (``about N minutes``) and
  the rule takes instead of the kind's default.

The rule: words / W + code lines / L + per task its stated minutes, else the kind's default.
W, L and the defaults (whole minutes) are fitted on a grid of round values (least squares, each estimate counted
once). Run from the top of the checkout::

    python tools/minutes_fit.py           # the fit, the table per reader set, the titles by the new rule
"""
from __future__ import annotations

import itertools
import subprocess
import sys
import tempfile
from pathlib import Path

import nbformat
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import course  # noqa: E402

ROOT = course.ROOT

WHOLE_LESSONS = {"00": 10, "01": 75, "02": 75, "03": 70, "04": 55, "05": 40, "06": 60, "07": 40, "08": 65,
                 "09": 50, "10": 65, "11": 85, "12": 55, "13": 45, "14": 65, "15": 60}
SESSION2 = {"00": 12.5, "01a": 47.5, "01b": 45, "02a": 40, "02b": 45, "03a": 50, "03b": 40, "04a": 27.5,
            "04b": 40, "05a": 25, "05b": 22.5,                                   # reader A (findings_a.md)
            "06a": 60, "06b": 30, "07a": 25, "07b": 35, "08a": 40, "08b": 45, "09a": 50, "09b": 25,
            "10a": 35, "10b": 30, "10c": 25,                                     # reader B (findings_b.md)
            "11a": 50, "11b": 50, "12a": 40, "12b": 25, "13a": 25, "13b": 40, "14a": 45, "14b": 35,
            "15a": 20, "15b": 45}                                                # reader C (findings_c.md)
SESSION3 = {"00": 10, "01a": 33, "01b": 40, "02a": 35, "02b": 33, "03a": 42, "03b": 32, "04a": 25, "04b": 40,
            "05a": 24, "05b": 22,
            "06a": 40, "06b": 23, "07a": 22, "07b": 22, "08a": 32, "08b": 37, "09a": 36, "09b": 20, "10a": 26,
            "10b": 22, "10c": 20,
            "11a": 45, "11b": 45, "12a": 37, "12b": 22, "13a": 28, "13b": 35, "14a": 45, "14b": 32, "15a": 21,
            "15b": 39}                                                          # s3/readers_now.md
SESSION3_TASKS = {"1.5": 10, "1.7": 10, "3.3": 10, "4.4": 10, "4.6": 8, "6.2": 8, "6.5": 10, "8.2": 12,
                  "10.2": 12, "11.1": 15, "11.6": 12}                           # the long tasks they timed
READINGS = [("335a35a", "2 readers, whole lessons", WHOLE_LESSONS, {}),
            ("97ce346", "session 2, 3 readers, parts", SESSION2, {}),
            ("7691f9f", "session 3, 3 readers, parts", SESSION3, SESSION3_TASKS)]

PREVIOUS = (110, 10, 3, 12, 4)           # the rule before this fit: words, lines a minute, tasks short/code/play
GRID = {"words": range(80, 205, 5), "lines": range(4, 21), "short": range(2, 7),
        "code": range(6, 17), "play": range(3, 9)}


def features(commit: str, estimates: dict, timed: dict) -> list[dict]:
    """Per estimate: words, code lines, the count of tasks of each default kind and the minutes of
    the tasks whose time is stated, on the notebooks at ``commit``."""
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "archive", commit, "lessons"], cwd=ROOT, check=True, capture_output=True)
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        for number, paths in course.lesson_groups(Path(tmp)).items():
            whole = f"{number:02d}" in estimates and len(paths) > 1
            groups = [paths] if whole or len(paths) == 1 else [[p] for p in paths]
            for group in groups:
                name = f"{number:02d}" if whole or len(paths) == 1 else course.label(group[0])
                nb = course.whole_lesson(group) if len(group) > 1 else nbformat.read(group[0], as_version=4)
                row = {"name": name, "reader": estimates[name], "words": course.prose_words(nb),
                       "lines": course.code_lines(nb), "short": 0, "code": 0, "play": 0, "stated": 0.0}
                for t in course.tasks(nb):
                    if t["id"] in timed:
                        row["stated"] += timed[t["id"]]
                    elif t.get("minutes") is not None:
                        row["stated"] += t["minutes"]
                    else:
                        row["code" if t["kind"] == "code" else "play" if t["kind"] == "play" else "short"] += 1
                rows.append(row)
    return rows


def predict(rows, w, lines, short, code, play) -> np.ndarray:
    return np.array([r["words"] / w + r["lines"] / lines + short * r["short"] + code * r["code"]
                     + play * r["play"] + r["stated"] for r in rows])


def fit(rows, current: tuple) -> tuple:
    """The best grid point by least squares, and the rule chosen: of the grid points within 1 % of
    the best sum of squares (the data cannot tell them apart), the one that changes the fewest of
    the ``current`` constants (then the least sum of squares)."""
    y = np.array([r["reader"] for r in rows], float)
    counts = np.array([[r["short"], r["code"], r["play"]] for r in rows], float)
    stated = np.array([r["stated"] for r in rows])
    combos = np.array(list(itertools.product(*(np.array(list(GRID[k]), float) for k in ("short", "code", "play")))))
    tasks = counts @ combos.T                                                 # (N, K): minutes of the tasks
    points = []
    for w in GRID["words"]:
        for lines in GRID["lines"]:
            base = np.array([r["words"] / w + r["lines"] / lines for r in rows]) + stated
            sse = ((y[:, None] - base[:, None] - tasks) ** 2).sum(axis=0)
            points += [(float(e), (w, lines, *map(float, c))) for e, c in zip(sse, combos)]
    best = min(points)
    close = [p for p in points if p[0] <= 1.01 * best[0]]
    chosen = min(close, key=lambda p: (sum(a != b for a, b in zip(p[1], current)), p[0]))
    return best[1], chosen[1]


def rms(rows, params) -> float:
    y = np.array([r["reader"] for r in rows], float)
    return float(np.sqrt(((predict(rows, *params) - y) ** 2).mean()))


def choose(data, old: tuple) -> tuple[tuple, tuple, tuple]:
    """(the best grid point on all estimates, the all-data fit, the rule chosen). The all-data fit
    (``fit``) is adopted only if it fits the newest readers -- the edition as it stands -- at least
    as well as the rule it would replace; older readers read text that has since changed."""
    allrows = [r for _, _, rows in data for r in rows]
    best, candidate = fit(allrows, old)
    newest = data[-1][2]
    chosen = candidate if rms(newest, candidate) <= rms(newest, old) else old
    return best, candidate, chosen


def main() -> int:
    data = [(commit, what, features(commit, est, timed)) for commit, what, est, timed in READINGS]
    old = PREVIOUS
    current = (course.WORDS_PER_MINUTE, course.CODE_LINES_PER_MINUTE, course.TASK_MINUTES["predict"],
               course.TASK_MINUTES["code"], course.TASK_MINUTES["play"])
    allrows = [r for _, _, rows in data for r in rows]
    best, new, chosen = choose(data, old)
    newest = data[-1][2]
    print(f"best on the grid: {best[0]} words/min, {best[1]} lines/min, tasks {best[2]:g}/{best[3]:g}/{best[4]:g} "
          f"(rms {rms(allrows, best):.2f}); the all-data fit keeps what the data cannot tell apart (within 1 %)")
    print(f"old rule: {old[0]} words/min, {old[1]} lines/min, tasks {old[2]:g}/{old[3]:g}/{old[4]:g}")
    print(f"all-data fit: {new[0]} words/min, {new[1]} lines/min, tasks {new[2]:g}/{new[3]:g}/{new[4]:g}; "
          f"on the newest readers rms {rms(newest, new):.2f} against the old rule's {rms(newest, old):.2f}")
    print(f"rule chosen: {chosen}" + ("" if tuple(chosen) == current else f"  (course.py has {current}: set it to these)"))
    for commit, what, rows in data:
        y = sum(r["reader"] for r in rows)
        print(f"\n{commit} ({what}): readers {y:g} min, old rule {predict(rows, *old).sum():.0f} "
              f"(rms {rms(rows, old):.1f}), all-data fit {predict(rows, *new).sum():.0f} (rms {rms(rows, new):.1f})")
        print("| part | " + " | ".join(r["name"] for r in rows) + " | all |")
        print("|---" * (len(rows) + 2) + "|")
        print("| readers | " + " | ".join(f"{r['reader']:g}" for r in rows) + f" | {y:g} |")
        plain = features(commit, {r["name"]: r["reader"] for r in rows}, {}) if any(r["stated"] for r in rows) else None
        if plain:
            p = predict(plain, *old)
            print(f"| old rule, no task times (the titles) | " + " | ".join(f"{x:.0f}" for x in p)
                  + f" | {p.sum():.0f} (rms {rms(plain, old):.1f}) |")
        for name, params in (("old rule", old), ("all-data fit", new)):
            p = predict(rows, *params)
            print(f"| {name} | " + " | ".join(f"{x:.0f}" for x in p) + f" | {p.sum():.0f} |")
    print(f"\nall {len(allrows)} estimates: rms old {rms(allrows, old):.2f}, all-data fit {rms(allrows, new):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
