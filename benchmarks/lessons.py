"""Run every lesson top to bottom in a fresh kernel and print its time (targets: under 60 s
each, under 5 minutes for the whole course).

    python benchmarks/lessons.py [lessons/11_*.ipynb ...]
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    paths = [Path(p) for p in sys.argv[1:]] or sorted((ROOT / "lessons").glob("[0-9][0-9]_*.ipynb"))
    total = 0.0
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        t0 = time.perf_counter()
        NotebookClient(nb, timeout=600, kernel_name="python3",
                       resources={"metadata": {"path": str(path.parent)}}).execute()
        dt = time.perf_counter() - t0
        total += dt
        print(f"{path.name:<45}{dt:7.1f} s")
    print(f"{'all ' + str(len(paths)) + ' lessons':<45}{total:7.1f} s")


if __name__ == "__main__":
    main()
