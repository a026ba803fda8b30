"""Binder builds the environment the tests passed in: binder/requirements.txt pins exact
versions (written by tools/pin_binder.py) of everything requirements.txt names."""
import sys
from pathlib import Path

from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import pin_binder  # noqa: E402


def test_every_line_is_an_exact_pin():
    lines = [l for l in (ROOT / "binder" / "requirements.txt").read_text().splitlines() if l and not l.startswith("#")]
    assert lines and all("==" in l and ">" not in l and "<" not in l for l in lines)


def test_the_pins_cover_requirements_txt_and_satisfy_it():
    pins = pin_binder.read(ROOT / "binder" / "requirements.txt")
    for req in pin_binder.top_level():
        name = canonicalize_name(req.name)
        assert name in pins, f"{name} is in requirements.txt but not pinned: run python tools/pin_binder.py"
        assert req.specifier.contains(pins[name], prereleases=True), f"{name}=={pins[name]} breaks {req}"


def test_binder_opens_the_first_lesson_and_installs_the_library():
    post = (ROOT / "binder" / "postBuild").read_text()
    assert "pip install --no-deps -e ." in post
    assert "/lab/tree/student/00_how_to_use.ipynb" in post
    assert (ROOT / "student" / "00_how_to_use.ipynb").exists()


def test_the_pin_tool_renders_what_it_reads(tmp_path):
    path = tmp_path / "r.txt"
    path.write_text(pin_binder.render({"qiskit": "2.6.2", "numpy": "2.3.0"}))
    assert pin_binder.read(path) == {"qiskit": "2.6.2", "numpy": "2.3.0"}
