"""Random complete Goff games per second, for both collapse rules.

Each game starts from the empty board; every action (mark, collapse choice, the
last classical mark) is drawn uniformly from ``legal_moves()`` and applied with
``apply()`` -- the public, fully checked API, history and undo included.
Runs in one process (one core). Prints the median of several repeats, by the wall clock and by
this process's CPU time (a busy machine reads slow on the wall clock, much less on the CPU clock).

    python benchmarks/goff_playouts.py [--games 5000] [--repeats 7]

History (CPU games/s, medians of 9 runs of 2,500 games alternated between the trees in one
session, Goff's rules / random collapse): 15,100 / 15,800 at 60b1983; 8,800 / 9,100 at 368ade3,
where ``legal_moves`` built a typed ``Mark`` for every pair on every call (most of the loss) and
``whole_number`` asked the ``numbers.Integral`` ABC about every square; 19,000 / 20,400 once the
actions were shared and plain ints checked first.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from qttt_widgets.rules.goff import GoffGame  # noqa: E402


def playouts(rules: str, games: int, seed: int) -> tuple[float, float, float]:
    """Games per second by the wall clock and by CPU time, and mean actions per game, for
    ``games`` random games."""
    rnd = random.Random(seed)
    actions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        g = GoffGame(collapse=rules, seed=seed * 1_000_003 + i)
        while not g.is_over:
            moves = g.legal_moves()
            g.apply(moves[rnd.randrange(len(moves))])
            actions += 1
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return games / elapsed, games / cpu, actions / games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5000)
    ap.add_argument("--repeats", type=int, default=7)
    args = ap.parse_args()
    print(f"python {sys.version.split()[0]}, {args.games} games x {args.repeats} repeats, one core")
    print(f"{'rules':<8} {'median games/s':>15} {'min':>9} {'max':>9} {'CPU games/s':>12} {'actions/game':>13}")
    results: dict[str, list[float]] = {"goff": [], "random": []}
    cpu_rates: dict[str, list[float]] = {"goff": [], "random": []}
    lengths = {}
    for r in range(args.repeats):          # interleave the two rule sets, side by side in one run
        for rules in results:
            rate, cpu_rate, length = playouts(rules, args.games, seed=r)
            results[rules].append(rate)
            cpu_rates[rules].append(cpu_rate)
            lengths[rules] = length
    for rules, rates in results.items():
        print(f"{rules:<8} {statistics.median(rates):>15,.0f} {min(rates):>9,.0f} {max(rates):>9,.0f} "
              f"{statistics.median(cpu_rates[rules]):>12,.0f} {lengths[rules]:>13.1f}")
    print("target: 16,000 games/s for each (the speed at 60b1983; issue 25)")


if __name__ == "__main__":
    main()
