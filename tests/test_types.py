"""The type checker in CI: mypy (configured in pyproject.toml's [tool.mypy]) passes on rules/ and
players/, and the package ships py.typed so users' checkers read our annotations."""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TARGETS = ["qttt_widgets/rules", "qttt_widgets/players"]


def mypy(cwd: Path, cache: Path) -> subprocess.CompletedProcess:
    pytest.importorskip("mypy", reason="mypy is in requirements-dev.txt")
    return subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(cache), *TARGETS],
                          cwd=cwd, capture_output=True, text=True, timeout=600)


@pytest.mark.slow
def test_mypy_passes_on_rules_and_players(tmp_path):
    done = mypy(ROOT, tmp_path / "cache")
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "Success" in done.stdout


@pytest.mark.slow
def test_mypy_fails_on_a_planted_type_error(tmp_path):
    """The check is not empty: a wrong annotation planted in a copy of rules/ makes it fail."""
    copy = tmp_path / "qttt_widgets"
    shutil.copytree(ROOT / "qttt_widgets", copy, ignore=shutil.ignore_patterns("__pycache__", "*.json"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    goff = copy / "rules" / "goff.py"
    goff.write_text(goff.read_text() + "\n\ndef _planted(game: GoffGame) -> int:\n    return game.notation()\n")
    done = mypy(tmp_path, tmp_path / "cache")
    assert done.returncode != 0
    assert 'goff.py' in done.stdout and 'Incompatible return value type (got "str", expected "int")' in done.stdout


def test_the_package_ships_py_typed():
    assert (ROOT / "qttt_widgets" / "py.typed").is_file()
    text = (ROOT / "pyproject.toml").read_text()
    assert '"qttt_widgets" = ["py.typed"]' in text and "[tool.mypy]" in text
