"""Write binder/requirements.txt: the exact versions installed here of requirements.txt's
packages and everything they need, so Binder builds the environment the tests passed in.

Run it in an environment where the tests pass (``python -m pytest --nbval tests notebooks
lessons``), then commit the file:

    python tools/pin_binder.py
"""
from __future__ import annotations

import re
import sys
from importlib import metadata
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
HEADER = ("# Binder's environment: the exact versions the tests passed with, written by\n"
          "# `python tools/pin_binder.py` from requirements.txt (do not edit by hand).\n"
          "# postBuild then installs the library itself from the checkout.\n")


def top_level(root: Path = ROOT) -> list[Requirement]:
    reqs = []
    for line in (root / "requirements.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if line and not line.startswith("-"):
            reqs.append(Requirement(line))
    return reqs


def closure(names) -> dict[str, str]:
    """Every installed distribution needed by ``names`` (extras ignored): name -> version."""
    env = default_environment()
    seen: dict[str, str] = {}
    todo = [canonicalize_name(n) for n in names]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            raise SystemExit(f"{name} is not installed here: install requirements.txt first")
        seen[name] = dist.version
        for text in dist.requires or []:
            req = Requirement(text)
            if req.marker is not None and not req.marker.evaluate({**env, "extra": ""}):
                continue
            todo.append(canonicalize_name(req.name))
    return seen


def render(pins: dict[str, str]) -> str:
    return HEADER + "".join(f"{name}=={version}\n" for name, version in sorted(pins.items()))


def read(path: Path) -> dict[str, str]:
    return {canonicalize_name(m.group(1)): m.group(2)
            for m in re.finditer(r"^([A-Za-z0-9_.-]+)==(\S+)$", path.read_text(), re.M)}


def main() -> int:
    pins = closure(r.name for r in top_level())
    pins.pop("qttt-widgets", None)
    (ROOT / "binder" / "requirements.txt").write_text(render(pins))
    print(f"binder/requirements.txt: {len(pins)} packages pinned (Python {sys.version.split()[0]})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
