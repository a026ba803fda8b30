"""The examples in the library's docstrings run, as ``pytest --doctest-modules qttt_widgets`` would
run them, but from tests/, so that both the fast loop (``pytest -m "not slow" tests``) and the full
command of the README (``pytest --nbval tests notebooks lessons``) run them too.

Every module whose source holds a ``>>>`` example is imported and its examples are run with
doctest's default options; a failing example fails the test with doctest's report."""
import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "qttt_widgets"


def modules_with_examples() -> list[str]:
    names = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if ">>>" in path.read_text():
            parts = path.relative_to(ROOT).with_suffix("").parts
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


MODULES = modules_with_examples()


def test_the_examples_are_found():
    # a floor, not a count: adding examples needs no change here
    assert {"qttt_widgets.rules.goff", "qttt_widgets.rules.scoring", "qttt_widgets.players.book"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report = []
    tests = [t for t in finder.find(module, name) if t.examples]
    assert tests, f"{name} mentions >>> but doctest finds no example in it"
    for test in tests:
        runner.run(test, out=report.append)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, "".join(report)
