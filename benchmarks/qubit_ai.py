"""The lookahead opponent against a random player on the qubit board: a results table.

200 games on 3 x 3 by default, the lookahead player taking X in half and O in the other
half; every measurement is one honest shot from the exact tables (seeded). Prints wins,
draws and losses by side and the median time per move of each player.

    python benchmarks/qubit_ai.py [--games 200] [--n 3]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from qttt_widgets.players.qubit import QubitLookaheadPlayer, RandomQubitPlayer  # noqa: E402
from qttt_widgets.rules.qubit_board import QubitGame  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--n", type=int, default=3)
    args = ap.parse_args()
    table = {side: {"win": 0, "draw": 0, "loss": 0} for side in ("X", "O")}
    times = {"lookahead": [], "random": []}
    for i in range(args.games):
        side = "X" if i % 2 == 0 else "O"
        g = QubitGame(n=args.n, seed=i)
        ai, rnd = QubitLookaheadPlayer(seed=i), RandomQubitPlayer(seed=10_000 + i)
        while not g.is_over:
            who = "lookahead" if g.to_move == side else "random"
            t0 = time.perf_counter()
            move = (ai if who == "lookahead" else rnd).choose(g)
            times[who].append(time.perf_counter() - t0)
            g.apply(move)
        outcome = "draw" if g.result == "draw" else ("win" if g.result == side else "loss")
        table[side][outcome] += 1
    print(f"lookahead vs random, {args.games} games on {args.n}x{args.n} (one-shot measurement)")
    print(f"{'lookahead plays':<16} {'games':>6} {'wins':>6} {'draws':>6} {'losses':>7}")
    total = {"win": 0, "draw": 0, "loss": 0}
    for side, row in table.items():
        print(f"{side:<16} {sum(row.values()):>6} {row['win']:>6} {row['draw']:>6} {row['loss']:>7}")
        for key in total:
            total[key] += row[key]
    games = sum(total.values())
    print(f"{'both':<16} {games:>6} {total['win']:>6} {total['draw']:>6} {total['loss']:>7}"
          f"   win rate {total['win'] / games:.1%}")
    for who, ts in times.items():
        print(f"median time per move, {who}: {statistics.median(ts) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
