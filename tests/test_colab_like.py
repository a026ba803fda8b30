"""The course as Colab runs it: a fresh environment on Colab's Python (3.12) with Colab's
ipywidgets (7.7.1), the library installed from a wheel built from this checkout (not
editable), and each lesson
opened alone in an empty folder, run top to bottom. Before the library is installed, the
setup cell stops with one clear sentence instead of a traceback.

Slow (it builds an environment from PyPI: about 2-4 minutes); CI runs it like every test.
"""
from __future__ import annotations

import shutil
import sys
import textwrap
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import course  # noqa: E402
from envs import sh  # noqa: E402
from pythons import find_python  # noqa: E402

COLAB_IPYWIDGETS = "7.7.1"
COLAB_PYTHON = "3.12"          # Colab's Python in November 2026; Colab moves it on its own schedule

pytestmark = pytest.mark.slow          # CONTRIBUTING.md: "What slow means"


@pytest.fixture(scope="module")
def colab(tmp_path_factory):
    top = tmp_path_factory.mktemp("colab")
    sh(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", top / "dist", ROOT)
    wheel = next((top / "dist").glob("qttt_widgets-*.whl"))
    python = find_python(COLAB_PYTHON)
    if python is None:
        pytest.skip(f"Python {COLAB_PYTHON} (Colab's) is not on this machine")
    sh(python, "-m", "venv", top / "venv")
    py = top / "venv" / "bin" / "python"
    sh(py, "-m", "pip", "install", "-q", f"ipywidgets=={COLAB_IPYWIDGETS}", "ipykernel", "nbclient")
    return top, py, wheel


def test_colab_like_environment(colab):
    top, py, wheel = colab
    empty = top / "empty"
    empty.mkdir()
    # 1. no library yet: the setup cell says what to run, in one sentence, without a traceback
    setup = course.setup_source("", "main")
    probe = textwrap.dedent(f"""
        from IPython.core.interactiveshell import InteractiveShell
        shell = InteractiveShell.instance()
        result = shell.run_cell({setup!r})
        print("FAILED" if result.error_in_exec is not None else "RAN")
    """)
    out = sh(py, "-c", probe, cwd=empty)
    assert "This lesson needs the qttt_widgets library" in out and "FAILED" in out
    assert "Traceback" not in out and "ModuleNotFoundError" not in out

    # 2. the library from the wheel, Colab's ipywidgets kept
    sh(py, "-m", "pip", "install", "-q", wheel)
    version = sh(py, "-c", "import ipywidgets; print(ipywidgets.__version__)", cwd=empty).strip()
    assert version == COLAB_IPYWIDGETS
    assert sh(py, "-c", "import sys; print('%d.%d' % sys.version_info[:2])").strip() == COLAB_PYTHON
    where = sh(py, "-c", "import qttt_widgets; print(qttt_widgets.__file__)", cwd=empty).strip()
    assert str(top / "venv") in where                                   # the wheel, not this checkout

    # 3. every lesson alone in an empty folder, run top to bottom
    runner = textwrap.dedent("""
        import sys, time, nbformat
        from nbclient import NotebookClient
        for name in sys.argv[1:]:
            nb = nbformat.read(name, as_version=4)
            start = time.time()
            NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": "."}}).execute()
            text = "".join(o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []))
            print(f"{name} ran in {time.time() - start:.1f} s: {text.count(': Correct!')} correct", flush=True)
    """)
    names = []
    for path in course.lessons():
        shutil.copy(path, empty / path.name)
        names.append(path.name)
    out = sh(py, "-c", runner, *names, cwd=empty, timeout=1800)
    print(out)
    for path in course.lessons():
        tasks = course.tasks(nbformat.read(path, as_version=4))
        assert f"{path.name} ran in " in out
        assert f": {len(tasks)} correct" in out.split(f"{path.name} ran in ")[1].splitlines()[0], path.name
