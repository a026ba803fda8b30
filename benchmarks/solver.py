"""The Goff solver: the full solve from the empty board under both rule sets, then the
time a perfect move takes afterwards.

For each rule set it prints the value of the empty board (X's points minus O's), the
value of every first mark, the solve time, the nodes visited and the positions stored;
then the median and worst time of ``best_actions`` over the positions of games where
one side plays perfectly and the other at random (opening book on, as the app uses it).

    python benchmarks/solver.py [--rules goff random] [--games 30]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from qttt_widgets.players.solver import GoffSolver  # noqa: E402
from qttt_widgets.rules.goff import GoffGame  # noqa: E402


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
    args = ap.parse_args()
    for rules in args.rules:
        solver = GoffSolver(rules)
        report = solver.solve_cached()
        print(report)
        times = move_times(solver, args.games)
        print(f"  perfect move after the solve ({len(times)} moves in {args.games} games against random): "
              f"median {statistics.median(times) * 1000:.2f} ms, 95th percentile "
              f"{sorted(times)[int(0.95 * len(times))] * 1000:.1f} ms, worst {max(times) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
