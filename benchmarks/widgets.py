"""Click-to-update latency of the widgets, app build time and kernel memory, measured in
Python (no browser).

A "click" is ``button.click()`` on a square; the time runs until every view that shows
has re-rendered (the SVG board, and the visible tab: the entanglement graph (SVG), the
circuit, the ensemble or the review). Positions change with every click, so caches do not
hide the drawing cost. Prints medians, CPU time beside wall time, and warns when the machine
is busy. Targets: board + graph under 30 ms; including the circuit drawing under 300 ms;
building the app without importing qiskit, scipy or matplotlib.

    python benchmarks/widgets.py [--games 6]
"""
from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def busy_warning() -> str:
    load, cores = os.getloadavg()[0], os.cpu_count() or 1
    if load > cores:
        return f"WARNING: the machine is busy (load average {load:.1f} on {cores} cores): wall times read slow"
    return f"load average {load:.1f} on {cores} cores"


def measure(tab: int, games: int, circuit_mode: str = "faithful") -> tuple[list[float], list[float]]:
    from qttt_widgets.widgets import GameApp
    rnd = random.Random(tab)
    wall, cpu = [], []
    for _ in range(games):
        app = GameApp(seed=None, o="Human")      # two players: the clicks time the board, not a computer
        app.tabs.selected_index = tab
        app.circuit.mode.value = circuit_mode
        while not app.game.is_over:
            moves = app.game.legal_moves()
            move = rnd.choice(moves)
            squares = move if isinstance(move, tuple) else (move,)
            for sq in squares[:-1]:
                app.view.buttons[sq].click()         # the first click of a pair: a highlight only
            t0, c0 = time.perf_counter(), time.process_time()
            app.view.buttons[squares[-1]].click()
            wall.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
    return wall, cpu


BUILD = """
import resource, sys, time
t0, c0 = time.perf_counter(), time.process_time()
from qttt_widgets.widgets import GameApp
app = GameApp()
wall, cpu = time.perf_counter() - t0, time.process_time() - c0
heavy = [m for m in ("qiskit", "scipy", "matplotlib") if m in sys.modules]
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(f"{wall:.3f} {cpu:.3f} {rss:.0f} {','.join(heavy) or '-'}")
"""


def app_build(repeats: int = 5) -> list[tuple[float, float, float, str]]:
    """Import and build GameApp in a fresh interpreter each time (what a new kernel does)."""
    out = []
    for _ in range(repeats):
        line = subprocess.run([sys.executable, "-c", BUILD], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.split()
        out.append((float(line[0]), float(line[1]), float(line[2]), line[3]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6)
    args = ap.parse_args()
    print(busy_warning())
    builds = app_build()
    print(f"GameApp() in a fresh interpreter: median {statistics.median(b[0] for b in builds):.2f} s wall, "
          f"{statistics.median(b[1] for b in builds):.2f} s CPU; peak memory "
          f"{statistics.median(b[2] for b in builds):.0f} MB; heavy modules imported: {builds[0][3]}")
    from qttt_widgets.widgets import GameApp
    GameApp()                                         # warm up: imports, fonts, first drawings
    rows = [("board + entanglement graph (SVG)", 0, "faithful", 30),
            ("board + circuit (faithful)", 1, "faithful", 300),
            ("board + circuit (ESILV 9-qubit)", 1, "esilv", 300),
            ("board + ensemble", 2, "faithful", 300),
            ("board + review (solver)", 3, "faithful", 300)]
    print(f"Goff games played by random clicks, {args.games} games per row; milliseconds per click")
    print(f"{'views updated':<34} {'clicks':>6} {'median':>8} {'CPU':>7} {'p90':>8} {'CPU p90':>8} {'target':>7}")
    for name, tab, mode, target in rows:
        wall, cpu = measure(tab, args.games, mode)
        p90 = sorted(wall)[int(0.9 * (len(wall) - 1))]
        cp90 = sorted(cpu)[int(0.9 * (len(cpu) - 1))]
        print(f"{name:<34} {len(wall):>6} {statistics.median(wall):>8.1f} {statistics.median(cpu):>7.1f} "
              f"{p90:>8.1f} {cp90:>8.1f} {target:>7}")
    print(f"peak memory of this process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    main()
