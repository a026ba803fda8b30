"""Run every lesson top to bottom in a fresh kernel and print its time (targets: under 60 s
each, under 5 minutes for the whole course): wall time, and beside it the CPU time the kernel
used (a busy machine reads slow in wall time only; the load average is printed first).

    python benchmarks/lessons.py [lessons/11_*.ipynb ...]
"""
from __future__ import annotations

import os
import resource
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    paths = [Path(p) for p in sys.argv[1:]] or sorted((ROOT / "lessons").glob("[0-9][0-9]*_*.ipynb"))
    load = os.getloadavg()[0]
    print(f"load average {load:.1f} on {os.cpu_count()} cores" + ("  (busy: wall times read slow)" if load > 1.5 else ""))
    total = total_cpu = 0.0
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        c0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        NotebookClient(nb, timeout=600, kernel_name="python3",
                       resources={"metadata": {"path": str(path.parent)}}).execute()
        dt = time.perf_counter() - t0
        c1 = resource.getrusage(resource.RUSAGE_CHILDREN)      # the kernel, once it has exited
        cpu = (c1.ru_utime - c0.ru_utime) + (c1.ru_stime - c0.ru_stime)
        total, total_cpu = total + dt, total_cpu + cpu
        print(f"{path.name:<45}{dt:7.1f} s wall {cpu:7.1f} s CPU")
    print(f"{'all ' + str(len(paths)) + ' lessons':<45}{total:7.1f} s wall {total_cpu:7.1f} s CPU")


if __name__ == "__main__":
    main()
