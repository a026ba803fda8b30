"""Click-to-update latency of the widgets, measured in Python (no browser).

A "click" is ``button.click()`` on a square; the time runs until every view that shows
has re-rendered (the board, and the visible tab: the entanglement graph, or the
circuit). Positions change with every click, so caches do not hide the drawing cost.
Prints medians. Targets: board + graph under 100 ms; including the circuit drawing
under 300 ms.

    python benchmarks/widgets.py [--games 6]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def measure(tab: int, games: int, circuit_mode: str = "faithful") -> list[float]:
    from qttt_widgets.widgets import GameApp
    rnd = random.Random(tab)
    times = []
    for _ in range(games):
        app = GameApp(seed=None)
        app.tabs.selected_index = tab
        app.circuit.mode.value = circuit_mode
        while not app.game.is_over:
            moves = app.game.legal_moves()
            move = rnd.choice(moves)
            squares = move if isinstance(move, tuple) else (move,)
            for sq in squares[:-1]:
                app.view.buttons[sq].click()         # the first click of a pair: a highlight only
            t0 = time.perf_counter()
            app.view.buttons[squares[-1]].click()
            times.append((time.perf_counter() - t0) * 1000)
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6)
    args = ap.parse_args()
    from qttt_widgets.widgets import GameApp
    GameApp()                                         # warm up: imports, fonts, first drawings
    rows = [("board + entanglement graph", 0, "faithful", 100),
            ("board + circuit (faithful)", 1, "faithful", 300),
            ("board + circuit (ESILV 9-qubit)", 1, "esilv", 300),
            ("board + ensemble", 2, "faithful", 300)]
    print(f"Goff games played by random clicks, {args.games} games per row; milliseconds per click")
    print(f"{'views updated':<34} {'clicks':>6} {'median':>8} {'p90':>8} {'target':>7}")
    for name, tab, mode, target in rows:
        ts = sorted(measure(tab, args.games, mode))
        p90 = ts[int(0.9 * (len(ts) - 1))]
        print(f"{name:<34} {len(ts):>6} {statistics.median(ts):>8.1f} {p90:>8.1f} {target:>7}")


if __name__ == "__main__":
    main()
