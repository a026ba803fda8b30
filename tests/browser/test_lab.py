"""A lesson in a real JupyterLab: open it, run all cells, see its widget render."""
import os
import subprocess
import sys
import time

import pytest
from browser_helpers import shot
from conftest import ROOT, ARTIFACTS, free_port, stop, wait_until_up


@pytest.fixture(scope="module")
def lab_server(tmp_path_factory):
    """JupyterLab as `python -m qttt_widgets` starts it, on a copy of the course (so running
    cells never rewrites the checkout)."""
    import shutil
    from qttt_widgets.__main__ import start_page
    root = tmp_path_factory.mktemp("lab")
    shutil.copytree(ROOT / "lessons", root / "lessons")
    shutil.copytree(ROOT / "student", root / "student")
    port = free_port()
    ARTIFACTS.mkdir(exist_ok=True)
    log = open(ARTIFACTS / "jupyterlab.log", "w")
    cmd = [sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
           f"--ServerApp.root_dir={root}", "--IdentityProvider.token=", "--ServerApp.password=",
           f"--LabApp.default_url={start_page(ROOT)}", f"--LabApp.workspaces_dir={root / 'workspaces'}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    # every cell stays in the page (JupyterLab 4 otherwise leaves cells out of view unrendered)
    settings = root / "lab-settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True)
    (settings / "tracker.jupyterlab-settings").write_text('{"windowingMode": "none"}')
    env = {**os.environ, "JUPYTERLAB_SETTINGS_DIR": str(root / "lab-settings")}
    proc = subprocess.Popen(cmd, cwd=root, stdout=log, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base + "/static/none", proc)
        yield base
    finally:
        stop(proc)
        log.close()


def run_all(page, until: str, name: str) -> None:
    """Run → Run All Cells, then wait until ``until`` shows. Run All can race the kernel's
    connection right after the page opens, so it is retried (at most 3 times) when no cell
    started; once a cell has started, the wait is for the notebook's own state, with a bound
    generous enough for a loaded machine (no fixed "40 s is enough")."""
    for attempt in range(3):
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").click()
        page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
        try:            # the run started: a cell is queued or running ([*]), the kernel is busy, or it is done
            done = {"text": until[5:]} if until.startswith("text=") else {"css": until}
            page.wait_for_function("""(done) => [...document.querySelectorAll('.jp-InputPrompt')]
                                         .some(e => e.textContent.includes('[*]'))
                                     || document.body.innerText.includes('| Busy')
                                     || (done.text ? document.body.innerText.includes(done.text)
                                                   : document.querySelector(done.css) !== null)""",
                                   arg=done, timeout=30_000)
        except Exception:  # noqa: BLE001
            shot(page, f"{name}-attempt-{attempt + 1}")
            if attempt == 2:
                raise
            continue
        find_in_notebook(page, until, seconds=300)
        return


def find_in_notebook(page, selector: str, seconds: float) -> None:
    """Wait until ``selector`` shows somewhere in the notebook. JupyterLab 4 renders only the
    cells near the view (windowing), and where a Run All leaves the view depends on the
    machine's speed, so the notebook is scrolled through, a screen at a time, until it shows."""
    deadline = time.monotonic() + seconds
    while True:
        if page.locator(selector).count() and page.locator(selector).first.is_visible():
            return
        if time.monotonic() > deadline:
            path = shot(page, "lab-not-found")
            raise AssertionError(f"{selector!r} did not show in the notebook within {seconds} s (see {path})")
        page.evaluate("""() => { const w = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) '
                                                                  + '.jp-WindowedPanel-outer');
                                 if (!w) return;
                                 const atEnd = w.scrollTop + w.clientHeight >= w.scrollHeight - 4;
                                 w.scrollTop = atEnd ? 0 : w.scrollTop + w.clientHeight * 0.8; }""")
        page.wait_for_timeout(300)          # let the newly shown cells render


def test_jupyterlab_opens_at_lesson_00_and_it_runs(page, lab_server):
    """A student who starts the course lands in lesson 00 (student edition) and can run it."""
    page.set_default_timeout(90_000)
    page.goto(lab_server + "/")                      # what the browser opens when the server starts
    page.wait_for_selector(".jp-Notebook")
    page.wait_for_selector(".lm-TabBar-tabLabel:has-text('00_how_to_use.ipynb')")
    page.wait_for_selector("text=/Python 3 \\(ipykernel\\) \\| Idle/")
    run_all(page, "text=Task 0.1: Not yet. Hint: No answer yet", "10-lab-lesson-00")
    find_in_notebook(page, ".jp-OutputArea .jp-RenderedSVG", seconds=120)   # the board picture (SVG)
    shot(page, "10-lab-lesson-00")


def test_a_lesson_runs_and_its_widget_renders(page, lab_server):
    page.set_default_timeout(90_000)
    # a workspace of its own, so the tabs another test left open are not restored beside it
    page.goto(lab_server + "/lab/workspaces/lesson-02/tree/student/02b_interference.ipynb")   # its live Bloch sphere
    page.wait_for_selector(".jp-Notebook")
    page.locator(".lm-TabBar-tab", has_text="02b_interference.ipynb").first.click()        # and it is the active one
    page.wait_for_selector("text=/Python 3 \\(ipykernel\\) \\| Idle/")    # the kernel is ready
    run_all(page, ".jp-OutputArea .widget-slider", "10-lab-lesson-02")   # the Bloch sphere's sliders
    find_in_notebook(page, ".jp-OutputArea .widget-image img, .jp-OutputArea img.widget-image", seconds=120)
    find_in_notebook(page, "text=Not yet. Hint: No answer yet", seconds=120)
    shot(page, "10-lab-lesson-02")
    assert page.locator(".jp-OutputArea-output .jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']"
                        ).filter(has_text="Error").count() == 0
