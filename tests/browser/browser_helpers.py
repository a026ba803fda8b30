"""Helpers for the browser tests."""
from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def shot(page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def gate_cookie(base: str, timeout: float = 60) -> str:
    """What the app's gate page (qttt_widgets.server.GateHandler) makes a browser do, done by a
    script: GET the page, land on the gate, read the signed token its script would set as a
    cookie. Returns the ``Cookie`` header value ("" from a server without the gate). A bare GET
    (curl, a crawler) never does this."""
    import re
    import urllib.request
    gate = urllib.request.urlopen(base + "/", timeout=timeout).read().decode()
    found = re.search(r'document\.cookie = "(qttt_gate=[^;"]+)', gate)
    return found.group(1) if found else ""


def page_html(base: str, cookie: str | None = None, timeout: float = 180) -> str:
    """The app page as a script that passed the gate gets it (the kernel is started or handed over)."""
    import urllib.request
    request = urllib.request.Request(base + "/", headers={"Cookie": cookie or gate_cookie(base)})
    return urllib.request.urlopen(request, timeout=timeout).read().decode()
