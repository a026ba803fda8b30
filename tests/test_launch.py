"""The lessons' launch links: written once the public repository is known (tools/make_lessons.py)."""
import importlib.util
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def make_lessons():
    spec = importlib.util.spec_from_file_location("make_lessons", ROOT / "tools" / "make_lessons.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_without_a_repository_the_lessons_are_unchanged(make_lessons):
    cells = make_lessons.LESSONS["03_entanglement"]
    assert make_lessons.with_launch("03_entanglement", cells, "", "main") is cells


def test_badges_and_colab_setup_for_a_repository(make_lessons):
    from IPython.core.inputtransformer2 import TransformerManager
    cells = make_lessons.with_launch("03_entanglement", make_lessons.LESSONS["03_entanglement"],
                                     "someone/qttt", "main")
    title = cells[0].source
    assert title.startswith("# 03 ·")
    assert "https://colab.research.google.com/github/someone/qttt/blob/main/lessons/03_entanglement.ipynb" in title
    assert "https://mybinder.org/v2/gh/someone/qttt/main?urlpath=lab/tree/lessons/03_entanglement.ipynb" in title
    assert "urlpath=voila/render/notebooks/app.ipynb" in title
    setup = cells[1].source
    assert "git+https://github.com/someone/qttt@main" in setup and "--no-deps" in setup
    assert "ipywidgets" not in setup and "matplotlib" not in setup     # Colab keeps its own
    compile(TransformerManager().transform_cell(setup), "setup", "exec")   # valid with %pip
    assert len(cells) == len(make_lessons.LESSONS["03_entanglement"])


def test_the_stored_lessons_match_the_generator(make_lessons):
    """The notebooks in lessons/ are what tools/make_lessons.py writes (sources, not outputs)."""
    for name, cells in make_lessons.LESSONS.items():
        nb = nbformat.read(ROOT / "lessons" / f"{name}.ipynb", as_version=4)
        assert [c.source for c in nb.cells] == [c.source for c in cells], name


def test_readme_has_the_badge_block():
    text = (ROOT / "README.md").read_text()
    assert "<!-- launch badges -->" in text and "<!-- /launch badges -->" in text
