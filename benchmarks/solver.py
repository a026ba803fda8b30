"""The Goff solver: the full solve from the empty board under both rule sets, then the
time a perfect move takes afterwards.

For each rule set it prints the value of the empty board (X's points minus O's), the
value of every first mark, the solve time, the nodes visited and the positions stored;
then the median and worst time of ``best_actions`` over the positions of games where
one side plays perfectly and the other at random (opening book on, as the app uses it).
Every time is quoted as wall clock and CPU time of this process side by side, and a warning
is printed when the machine is busy (load average above the number of cores): a loaded
machine reads slow on the wall clock, not on the CPU clock. ``--repeat N`` solves N times,
each with a fresh solver, and quotes the medians.

    python benchmarks/solver.py [--rules goff random] [--games 30] [--repeat 1]
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from qttt_widgets.players.solver import GoffSolver  # noqa: E402
from qttt_widgets.rules.goff import GoffGame  # noqa: E402


def busy_warning() -> str | None:
    """A warning when the 1-minute load average is above the number of cores, else None."""
    load1, cores = os.getloadavg()[0], os.cpu_count() or 1
    if load1 > cores:
        return (f"WARNING: the machine is busy (load average {load1:.1f} on {cores} cores): "
                f"wall times read slow; compare CPU times")
    return None


def timed_solve(rules: str):
    """(solver, report, wall seconds, CPU seconds) of one solve from the empty board."""
    solver = GoffSolver(rules)
    w0, c0 = time.perf_counter(), time.process_time()
    report = solver.solve_cached()
    return solver, report, time.perf_counter() - w0, time.process_time() - c0


def move_times(solver: GoffSolver, games: int) -> list[float]:
    rng = random.Random(11)
    times = []
    for i in range(games):
        g = GoffGame(solver.rules, seed=i) if solver.rules == "random" else GoffGame()
        perfect_side = "X" if i % 2 == 0 else "O"
        while not g.is_over:
            if g.to_move == perfect_side:
                t0 = time.perf_counter()
                best = solver.best_actions(g)
                times.append(time.perf_counter() - t0)
                g.apply(rng.choice(best))
            else:
                g.apply(rng.choice(g.legal_moves()))
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", nargs="+", default=["goff", "random"], choices=["goff", "random"])
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--repeat", type=int, default=1, help="solves per rule set, each with a fresh solver")
    args = ap.parse_args()
    for rules in args.rules:
        walls, cpus = [], []
        for _ in range(max(1, args.repeat)):
            warning = busy_warning()
            if warning:
                print(warning)
            solver, report, wall, cpu = timed_solve(rules)
            walls.append(wall)
            cpus.append(cpu)
        print(report)
        print(f"  solve from the empty board ({len(walls)} run{'s' if len(walls) > 1 else ''}): "
              f"median {statistics.median(walls):.2f} s wall, {statistics.median(cpus):.2f} s CPU"
              + (f" (wall {', '.join(f'{w:.2f}' for w in walls)})" if len(walls) > 1 else ""))
        w0, c0 = time.perf_counter(), time.process_time()
        times = move_times(solver, args.games)
        wall, cpu = time.perf_counter() - w0, time.process_time() - c0
        print(f"  perfect move after the solve ({len(times)} moves in {args.games} games against random): "
              f"median {statistics.median(times) * 1000:.2f} ms, 95th percentile "
              f"{sorted(times)[int(0.95 * len(times))] * 1000:.1f} ms, worst {max(times) * 1000:.0f} ms wall; "
              f"the {args.games} games took {wall:.2f} s wall, {cpu:.2f} s CPU")
        warning = busy_warning()
        if warning:
            print(warning)


if __name__ == "__main__":
    main()
