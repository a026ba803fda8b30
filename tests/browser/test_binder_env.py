"""Binder's environment, rebuilt here: a fresh virtual environment from binder/requirements.txt
(the exact pins), then what binder/postBuild does, then Voila from that environment serving the
app, rendered in chromium. Slow (it installs about 110 pinned packages from PyPI)."""
from __future__ import annotations

import subprocess
import sys

import pytest
from browser_helpers import shot
from conftest import ROOT, free_port, stop, wait_until_up

sys.path.insert(0, str(ROOT / "tests"))
from envs import sh  # noqa: E402


@pytest.fixture(scope="module")
def binder_python(tmp_path_factory):
    venv = tmp_path_factory.mktemp("binder") / "venv"
    sh(sys.executable, "-m", "venv", venv)
    py = venv / "bin" / "python"
    sh(py, "-m", "pip", "install", "-q", "-r", ROOT / "binder" / "requirements.txt")
    sh(py, "-m", "pip", "install", "-q", "--no-deps", "-e", ROOT)          # binder/postBuild
    return py


def test_the_app_renders_in_binders_environment(binder_python, page):
    versions = sh(binder_python, "-c", "import qiskit, ipywidgets, voila; print(qiskit.__version__, "
                  "ipywidgets.__version__, voila.__version__)")
    pins = (ROOT / "binder" / "requirements.txt").read_text()
    for name, version in zip(("qiskit", "ipywidgets", "voila"), versions.split()):
        assert f"{name}=={version}" in pins
    port = free_port()
    proc = subprocess.Popen([binder_python, "-m", "voila", "notebooks/app.ipynb", "--no-browser", f"--port={port}",
                             "--Voila.ip=127.0.0.1"], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base + "/voila/static/", proc)
        page.goto(base + "/")
        page.wait_for_selector("button[title^='square 5']", timeout=120_000)
        page.locator("button[title^='square 1']").click()
        page.locator("button[title^='square 9']").click()
        page.wait_for_selector("text=/Moves:.*19 \\d\\d/")          # X's mark, then the computer's answer
        # (the app opens against the solver)
        shot(page, "11-binder-environment-app")
    finally:
        stop(proc)
