"""The lookahead opponent against a random player on the qubit board: a results table.

200 games on 3 x 3 by default, the lookahead player taking X in half and O in the other
half; every measurement is one honest shot from the exact tables (seeded). Prints wins,
draws and losses by side and the median and worst time per move of each player, wall time
beside CPU time (a busy 2-core machine reads 4-8x slower in wall time).

``--hostile`` instead times the lookahead on the position a visitor can load into the app:
5 x 5 with 18 H cells and no full line (2**18 outcomes at a collapse), which the unbounded
player of 368ade3 could not finish (1.5 GB, then a crash).

    python benchmarks/qubit_ai.py [--games 200] [--n 3]
    python benchmarks/qubit_ai.py --hostile [--repeat 5]
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
    ap.add_argument("--hostile", action="store_true")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    if args.hostile:
        return hostile(args.repeat)
    table = {side: {"win": 0, "draw": 0, "loss": 0} for side in ("X", "O")}
    times: dict[str, list[tuple[float, float]]] = {"lookahead": [], "random": []}
    for i in range(args.games):
        side = "X" if i % 2 == 0 else "O"
        g = QubitGame(n=args.n, seed=i)
        ai, rnd = QubitLookaheadPlayer(seed=i), RandomQubitPlayer(seed=10_000 + i)
        while not g.is_over:
            who = "lookahead" if g.to_move == side else "random"
            t0, c0 = time.perf_counter(), time.process_time()
            move = (ai if who == "lookahead" else rnd).choose(g)
            times[who].append((time.perf_counter() - t0, time.process_time() - c0))
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
        report(f"time per move, {who}", ts)


def report(what: str, ts: list[tuple[float, float]]) -> None:
    wall, cpu = [w for w, _ in ts], [c for _, c in ts]
    print(f"{what}: median {statistics.median(wall) * 1000:.0f} ms wall / {statistics.median(cpu) * 1000:.0f} ms CPU,"
          f" worst {max(wall) * 1000:.0f} ms wall / {max(cpu) * 1000:.0f} ms CPU ({len(ts)} moves)")


def hostile(repeat: int) -> None:
    g = QubitGame(n=5, seed=1)
    for c in [c for c in range(25) if c % 5 != c // 5 and c not in (4, 9)][:18]:
        g.apply(("h", c))
    ts = []
    for k in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        QubitLookaheadPlayer(seed=k).choose(g)
        ts.append((time.perf_counter() - t0, time.process_time() - c0))
    report(f"lookahead on 5x5 with 18 H cells ({g.outcome_count():,} outcomes at a collapse)", ts)


if __name__ == "__main__":
    main()
