"""Random complete Goff games per second, for both collapse rules.

Each game starts from the empty board; every action (mark, collapse choice, the
last classical mark) is drawn uniformly from ``legal_moves()`` and applied with
``apply()`` -- the public, fully checked API, history and undo included.
Runs in one process (one core). Prints the median of several repeats.

    python benchmarks/goff_playouts.py [--games 5000] [--repeats 7]
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


def playouts(rules: str, games: int, seed: int) -> tuple[float, float]:
    """Games per second and mean actions per game for ``games`` random games."""
    rnd = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for i in range(games):
        g = GoffGame(collapse=rules, seed=seed * 1_000_003 + i)
        while not g.is_over:
            moves = g.legal_moves()
            g.apply(moves[rnd.randrange(len(moves))])
            actions += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5000)
    ap.add_argument("--repeats", type=int, default=7)
    args = ap.parse_args()
    print(f"python {sys.version.split()[0]}, {args.games} games x {args.repeats} repeats, one core")
    print(f"{'rules':<8} {'median games/s':>15} {'min':>9} {'max':>9} {'actions/game':>13}")
    results = {"goff": [], "random": []}
    lengths = {}
    for r in range(args.repeats):          # interleave the two rule sets, side by side in one run
        for rules in results:
            rate, length = playouts(rules, args.games, seed=r)
            results[rules].append(rate)
            lengths[rules] = length
    for rules, rates in results.items():
        print(f"{rules:<8} {statistics.median(rates):>15,.0f} {min(rates):>9,.0f} {max(rates):>9,.0f} "
              f"{lengths[rules]:>13.1f}")
    print("target: 10,000 games/s for each")


if __name__ == "__main__":
    main()
