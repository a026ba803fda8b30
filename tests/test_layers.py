"""The house's layers as a contract: rules <- quantum <- players <- research / widgets /
exercises (import-linter, lazy imports included), and no module takes another package's
private (_name) names."""
import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "qttt_widgets"


# import-linter from the interpreter that runs the tests: a virtual environment's python run
# without activating it (IDEs, scripts) has no lint-imports on PATH.
LINT_IMPORTS = [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command; "
                "sys.argv[0] = 'lint-imports'; lint_imports_command()"]


def test_the_layers_contract_holds():
    try:
        import importlinter  # noqa: F401
    except ImportError:
        pytest.fail("import-linter is not installed (requirements-dev.txt)")
    done = subprocess.run([*LINT_IMPORTS, "--config", str(ROOT / "pyproject.toml")], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:]


def _private_imports():
    for path in sorted(PACKAGE.rglob("*.py")):
        here = path.relative_to(PACKAGE).parts[0]
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                module = node.module
                if node.level:                                   # relative: resolve the package
                    base = list(path.relative_to(ROOT).with_suffix("").parts[:-node.level])
                    module = ".".join(base + module.split("."))
                parts = module.split(".")
                if parts[0] != "qttt_widgets" or len(parts) < 2:
                    continue
                for alias in node.names:
                    if alias.name.startswith("_") and parts[1] != here:
                        yield f"{path.relative_to(ROOT)}: {module}.{alias.name}"


def test_no_package_imports_another_packages_private_names():
    assert list(_private_imports()) == []


def test_the_contract_fails_on_an_upward_import(tmp_path):
    """The contract is not empty: an upward import planted in a copy breaks it."""
    copy = tmp_path / "qttt_widgets"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "*.json"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    rules = copy / "rules" / "goff.py"
    rules.write_text(rules.read_text() + "\n\ndef _planted():\n    from qttt_widgets.widgets import svg  # noqa\n")
    done = subprocess.run([*LINT_IMPORTS, "--config", str(tmp_path / "pyproject.toml")],
                          cwd=tmp_path, capture_output=True, text=True,
                          env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert done.returncode != 0 and "qttt_widgets.rules is not allowed to import qttt_widgets.widgets" in done.stdout
