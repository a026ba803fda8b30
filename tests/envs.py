"""Fresh environments for the tests that rebuild what a classroom gets (Colab, Binder)."""
from __future__ import annotations

import os
import subprocess


def sh(*cmd, cwd=None, timeout=1800) -> str:
    """Run a command outside this test environment's own Python settings; fail with its output."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    done = subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env)
    assert done.returncode == 0, f"{' '.join(map(str, cmd))}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout
