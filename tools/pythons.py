"""Run the test suite on the oldest and the newest Python the README names (3.10 and 3.13).

Each interpreter gets a fresh virtual environment with ``requirements-dev.txt`` as pip resolves
it there today, then runs the README's test command *without activating the environment* (as
IDEs and scripts do), leaving out the browser tests and the environment-building Colab test
(CI runs those once, on its own Python)::

    python tools/pythons.py                  # 3.10 and 3.13
    python tools/pythons.py 3.12             # any versions
    python tools/pythons.py --venvs /tmp/v   # keep the environments there (reused when present)

A version missing on this machine is reported and skipped; it does not fail the run. The exit
code is non-zero when any version that was found fails (pytest's exit code 5, no tests
collected, included).
"""
from __future__ import annotations

import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OLDEST_AND_NEWEST = ("3.10", "3.13")
TEST_COMMAND = ["-m", "pytest", "--nbval", "tests", "notebooks", "lessons",
                "--ignore=tests/browser", "--ignore=tests/test_colab_like.py", "-p", "no:cacheprovider", "-q"]


def find_python(version: str) -> str | None:
    """An interpreter of ``version`` ("3.12"): ``python3.12`` on PATH when it really runs (a pyenv
    shim for a version that is not selected does not), else pyenv's own copy."""
    candidates = [shutil.which(f"python{version}")]
    pyenv_root = os.environ.get("PYENV_ROOT") or str(Path.home() / ".pyenv")
    candidates += sorted(glob.glob(f"{pyenv_root}/versions/{version}.*/bin/python{version}"), reverse=True)
    for exe in filter(None, candidates):
        try:
            done = subprocess.run([exe, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                                  capture_output=True, text=True, timeout=60)
        except OSError:
            continue
        if done.returncode == 0 and done.stdout.strip() == version:
            return exe
    return None


def clean_env() -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYENV_VERSION")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def run_one(version: str, venvs: Path) -> str:
    """'passed', 'failed (...)' or 'skipped (...)'."""
    exe = find_python(version)
    if exe is None:
        print(f"== Python {version}: not on this machine, skipped", flush=True)
        return "skipped (not on this machine)"
    venv = venvs / f"py{version}"
    py = venv / "bin" / "python"
    env = clean_env()
    start = time.monotonic()
    if not py.exists():
        print(f"== Python {version} ({exe}): building {venv}", flush=True)
        subprocess.run([exe, "-m", "venv", str(venv)], check=True, env=env)
    steps = [[str(py), "-m", "pip", "install", "-q", "-r", "requirements-dev.txt"], [str(py), *TEST_COMMAND]]
    for step in steps:
        print(f"== Python {version}: {' '.join(step[1:])}", flush=True)
        code = subprocess.run(step, cwd=ROOT, env=env).returncode
        if code != 0:
            return f"failed (exit code {code} from {' '.join(step[1:4])})"
    versions = subprocess.run([str(py), "-c", "import numpy, scipy, matplotlib, qiskit, qiskit_aer, ipywidgets; "
                               "print(' '.join(f'{m.__name__} {m.__version__}' for m in "
                               "(numpy, scipy, matplotlib, qiskit, qiskit_aer, ipywidgets)))"],
                              capture_output=True, text=True, env=env).stdout.strip()
    print(f"== Python {version}: passed in {time.monotonic() - start:.0f} s with {versions}", flush=True)
    return "passed"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("versions", nargs="*", default=list(OLDEST_AND_NEWEST))
    parser.add_argument("--venvs", type=Path, help="where the environments live (default: a temporary folder)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="qttt-pythons-") as tmp:
        venvs = args.venvs or Path(tmp)
        venvs.mkdir(parents=True, exist_ok=True)
        results = {v: run_one(v, venvs) for v in args.versions}
    print("== Pythons: " + "; ".join(f"{v} {r}" for v, r in results.items()), flush=True)
    return 1 if any(r.startswith("failed") for r in results.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
