"""Browser tests: a real Voila (or JupyterLab) server on loopback, driven by Playwright
with Debian's chromium. Screenshots go to test-artifacts/."""
import os
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_up(url: str, proc, timeout: float = 90) -> None:
    """Poll a static path (a 404 means the server answers); never the notebook page,
    since every GET of it starts a kernel."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with code {proc.returncode}")
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except urllib.error.HTTPError:
            return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.3)
    raise TimeoutError(f"no answer from {url} within {timeout} s")


def stop(proc) -> None:
    proc.terminate()                  # SIGTERM: the server shuts its kernels down
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="session")
def chromium_path():
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail("Debian's chromium is not installed (apt-get install chromium)")
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    return CHROMIUM


@pytest.fixture(scope="session")
def browser(chromium_path):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def voila_server():
    """Voila serving notebooks/app.ipynb from the top of the checkout (so voila.json applies),
    started as `python -m qttt_widgets app` starts it (the app's template, served offline)."""
    from qttt_widgets.__main__ import app_command, app_env
    port = free_port()
    ARTIFACTS.mkdir(exist_ok=True)
    log = open(ARTIFACTS / "voila.log", "w")
    proc = subprocess.Popen(app_command(["--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"]),
                            cwd=ROOT, env=app_env(), stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base + "/voila/static/", proc)
        yield base
    finally:
        stop(proc)
        log.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    pg = context.new_page()
    # every wait is for the app's own state; the bound is generous because a loaded 2-core
    # machine runs a computer move or a kernel start 4-8x slower than a quiet one
    pg.set_default_timeout(120_000)
    yield pg
    context.close()
