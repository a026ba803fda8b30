"""Wall time of the thesis' whole sweep: p = 0 .. 1 in steps of 0.01, the imperfect player
as X and as O, the four strategies, 5 batches of 350 games a point (707,000 games).

    python benchmarks/thesis_sweep.py [--workers 2]

Target: under 60 s on this machine. The figures land in figures/.
"""
import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from qttt_widgets.research.sweep import FIGURES, plot, sweep, table, tables  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    t0 = time.perf_counter()
    tables()
    t1 = time.perf_counter()
    results = sweep(workers=args.workers)
    t2 = time.perf_counter()
    out = Path("figures")
    out.mkdir(exist_ok=True)
    for number in FIGURES:
        plot(results, number, out / f"figure_{number}.png")
    t3 = time.perf_counter()
    print(table(results))
    print(f"tables {t1 - t0:.1f} s, sweep {t2 - t1:.1f} s ({args.workers} workers), figures {t3 - t2:.1f} s; "
          f"total {t3 - t0:.1f} s (target < 60 s)")


if __name__ == "__main__":
    main()
