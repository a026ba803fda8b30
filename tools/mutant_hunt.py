"""A differential hunt for solver mutants that survive the tests (tests/MUTATION.md).

    python tools/mutant_hunt.py --work /tmp/qttt-mutation NAME [NAME ...] [--seed 2 --positions 150]

For each mutant NAME (as ``mutmut results`` prints it, with or without the
``qttt_widgets.players.solver.`` prefix) it switches the mutant on (``MUTANT_UNDER_TEST``) in the
copy ``tools/mutation.py`` made under ``--work``/solver/mutants, plays the same random positions
(after 3 to 7 marks, both rule sets, the coin shown or not) and compares every action's value,
the hint and the value, each on a fresh solver, with the unmutated solver. A mutant that gives a
different answer anywhere is a real gap; the position is printed so that a test can use it.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

PREFIX = "qttt_widgets.players.solver."

# run in a child process, with the mutated copy first on the path
CHILD = r'''
import json, random, sys
from qttt_widgets.players.solver import GoffSolver
from qttt_widgets.rules.goff import GoffGame
rng = random.Random(int(sys.argv[1]))
marks = [int(x) for x in sys.argv[3].split(",")]
out = []
for _ in range(int(sys.argv[2])):
    rules, k = rng.choice(["goff", "random"]), rng.choice(marks)
    seed, shown = rng.randrange(1000), rng.random() < 0.5
    g = GoffGame(rules, seed=seed, explicit_chance=shown)
    applied = []
    while len(g.history) < k and not g.is_over:
        a = rng.choice(g.chance_outcomes())[0] if g.is_chance_node() else rng.choice(g.legal_moves())
        g.apply(a)
        applied.append(json.loads(json.dumps(a)))
    if g.is_over:
        continue
    try:
        values = {json.dumps(a): v for a, v in GoffSolver(rules).action_values(g).items()}
        hint = None if g.is_chance_node() else GoffSolver(rules).hint(g, book=False)[0]
        value = GoffSolver(rules).value(g)
    except Exception as exc:                     # a mutant may crash: that is a difference too
        values, hint, value = repr(exc), None, None
    out.append([[rules, seed, shown, applied], values, hint, value])
print(json.dumps(out))
'''


def answers(mutants_dir: Path, mutant: str, seed: int, positions: int, marks: str) -> list | None:
    env = dict(os.environ, MUTANT_UNDER_TEST=mutant, PYTHONPATH=str(mutants_dir))
    run = subprocess.run([sys.executable, "-c", CHILD, str(seed), str(positions), marks], env=env,
                         cwd=mutants_dir, capture_output=True, text=True, timeout=600)
    return json.loads(run.stdout) if run.returncode == 0 else None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("names", nargs="+")
    ap.add_argument("--work", type=Path, default=Path("/tmp/qttt-mutation"))
    ap.add_argument("--seed", type=int, default=2)
    ap.add_argument("--positions", type=int, default=150)
    ap.add_argument("--marks", default="3,4,5,6,7", help="how many marks are played first (a list)")
    args = ap.parse_args(argv)
    mutants_dir = args.work / "solver" / "mutants"
    if not (mutants_dir / "qttt_widgets").is_dir():
        ap.error(f"{mutants_dir} has no mutated copy: run tools/mutation.py solver --work {args.work} first")
    want = answers(mutants_dir, "none", args.seed, args.positions, args.marks)
    if want is None:
        print("the unmutated solver failed in the hunt", file=sys.stderr)
        return 2
    gaps = 0
    for name in args.names:
        name = name if name.startswith(PREFIX) else PREFIX + name
        try:
            got = answers(mutants_dir, name, args.seed, args.positions, args.marks)
        except subprocess.TimeoutExpired:
            got = None
        if got is None:
            print(f"{name}: crashed or ran out of time (a difference)")
            gaps += 1
            continue
        diff = [w[0] for w, g in zip(want, got) if w != g]
        if diff or len(got) != len(want):
            gaps += 1
            print(f"{name}: DIFFERS on {len(diff)} of {len(want)} positions, first {json.dumps(diff[:1])}")
        else:
            print(f"{name}: same answers on {len(want)} positions")
    return 1 if gaps else 0


if __name__ == "__main__":
    sys.exit(main())
