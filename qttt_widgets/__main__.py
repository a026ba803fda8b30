"""Start the course or the demo app.

    python -m qttt_widgets            # JupyterLab at the course's first lesson (student edition)
    python -m qttt_widgets app        # the demo app in Voila (notebooks/app.ipynb)
    python -m qttt_widgets --port 8890

Extra arguments go to JupyterLab or Voila. Running as root (a container, a CI box)
adds --allow-root to JupyterLab, which it otherwise demands.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def lab_command(argv: list[str]) -> list[str]:
    cmd = [sys.executable, "-m", "jupyter", "lab", f"--ServerApp.root_dir={ROOT}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    return cmd + [f"--LabApp.default_url={start_page()}"] + argv


def start_page(root: Path = ROOT) -> str:
    """Where JupyterLab opens: lesson 00 of the student edition (the instructor edition in
    lessons/ if there is no student edition yet)."""
    for folder in ("student", "lessons"):
        first = sorted((root / folder).glob("00_*.ipynb"))
        if first:
            return f"/lab/tree/{folder}/{first[0].name}"
    return "/lab/tree/notebooks"


# Voila's template for the app: its "lab" template without the CDN stylesheets
# (share/jupyter/voila/templates/qttt), so the page asks nothing of the internet
TEMPLATES = ROOT / "share" / "jupyter"


def app_command(argv: list[str]) -> list[str]:
    # run from the top of the checkout so that voila.json (sources stripped, tracebacks off,
    # a preheated kernel, idle kernels culled) applies
    return [sys.executable, "-m", "voila", "notebooks/app.ipynb", "--template=qttt"] + argv


def app_env(env: dict | None = None) -> dict:
    """The environment for Voila: the checkout's share/jupyter first on JUPYTER_PATH, so the
    app's template (--template=qttt) is found."""
    env = dict(os.environ if env is None else env)
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(TEMPLATES), env.get("JUPYTER_PATH", "")) if p)
    return env


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    env = None
    if argv[:1] == ["app"]:
        cmd, env = app_command(argv[1:]), app_env()
    else:
        cmd = lab_command(argv[1:] if argv[:1] == ["lessons"] else argv)
    print("starting:", " ".join(cmd), flush=True)
    return subprocess.call(cmd, cwd=ROOT, env=env)


if __name__ == "__main__":
    raise SystemExit(main())
