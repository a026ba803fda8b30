import os

from hypothesis import settings

settings.register_profile("ci", max_examples=300, deadline=None)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


# --- the "slow" marker (registered in pyproject.toml; CONTRIBUTING.md, "What slow means") ------------
# A test that is slow by itself says so with @pytest.mark.slow or a module's pytestmark. Two kinds are
# marked here, by where they come from: every notebook cell that --nbval collects (lessons/, notebooks/)
# and every browser test (tests/browser/: a real server and chromium).
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

_BROWSER = Path(__file__).resolve().parent / "browser"


def pytest_collection_modifyitems(config, items):
    for item in items:
        path = Path(item.path).resolve()
        if path.suffix == ".ipynb" or _BROWSER in path.parents:
            item.add_marker(pytest.mark.slow)
