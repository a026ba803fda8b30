"""Start the course: ``python -m qttt_widgets`` opens JupyterLab at the lessons.

    python -m qttt_widgets            # JupyterLab on lessons/ (and notebooks/)
    python -m qttt_widgets --port 8890

Extra arguments go to JupyterLab. Running as root (a container, a CI box) adds
--allow-root, which Jupyter otherwise demands.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    cmd = [sys.executable, "-m", "jupyter", "lab", f"--ServerApp.root_dir={ROOT}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    lessons = ROOT / "lessons"
    start = "lessons" if any(lessons.glob("*.ipynb")) else "notebooks"
    cmd.append(f"--LabApp.default_url=/lab/tree/{start}")
    cmd += argv
    print("starting:", " ".join(cmd), flush=True)
    return subprocess.call(cmd)


if __name__ == "__main__":
    raise SystemExit(main())
