"""deploy/jupyterhub/ on loopback: three students log in, each gets a server of their own with the
course, runs lesson 00 of the student edition and opens the app as a Voila page.

The hub is started exactly as the README says (`python -m jupyterhub -f
deploy/jupyterhub/jupyterhub_config.py`), with free ports and a temporary state folder given
through the config's environment variables, and with the proxy from `npm ci --prefix
deploy/jupyterhub` (run here if node_modules/ is missing; the test is skipped only when npm is).

Per student, over HTTP as a browser would (cookies, the hub's login form, the OAuth hand-off to the
student's server, XSRF tokens):
  - the login form, then the spawn, waited for on the hub's progress event stream;
  - /user/<name>/ lands on JupyterLab at lesson 00, and the lesson is in the student's own home;
  - every code cell of lesson 00 runs in a kernel of the student's server (a session on the
    notebook, its websocket), without an error; the kernel imports this checkout's qttt_widgets;
  - /user/<name>/voila/render/notebooks/app.ipynb answers 200 with a widget in it, and the model
    that the page shows is a GameApp in the page's own kernel;
  - in chromium (when there is one), the Voila page draws the board and takes a mark.
Every wait is on a state (a stream event, a reply, a selector), with a generous bound for a busy
2-core machine; nothing is timed.

Measured: 56 s wall (7 s hub start, 41 s the three students, 8 s shutdown), 33 s CPU in pytest and
its children, on two cores shared with other work (load 5-6).
"""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlparse

import pytest

from conftest import free_port
from browser_helpers import shot

ROOT = Path(__file__).resolve().parents[2]
HUB_DIR = ROOT / "deploy" / "jupyterhub"
CHP = HUB_DIR / "node_modules" / ".bin" / "configurable-http-proxy"
STUDENTS = ["ada", "bob", "cleo"]
PASSWORD = "class-password-22"
LESSON_00 = "student/00_how_to_use.ipynb"
APP = "notebooks/app.ipynb"
BOUND = 240                       # seconds: a server start or a kernel reply on a loaded machine

pytestmark = pytest.mark.slow


def _proxy_installed() -> Path:
    if CHP.exists():
        return CHP
    npm = shutil.which("npm")
    if npm is None:
        if os.environ.get("CI"):
            pytest.fail("npm is not installed: CI needs it for deploy/jupyterhub's proxy (.ci/run)")
        pytest.skip("npm is not installed: deploy/jupyterhub needs configurable-http-proxy from npm "
                    "(npm ci --prefix deploy/jupyterhub)")
    subprocess.run([npm, "ci", "--prefix", str(HUB_DIR), "--no-audit", "--no-fund"], check=True)
    assert CHP.exists(), "npm ci did not install configurable-http-proxy"
    return CHP


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    _proxy_installed()
    state = tmp_path_factory.mktemp("hub-state")
    port, api_port, proxy_api_port = free_port(), free_port(), free_port()
    env = dict(os.environ, QTTT_HUB_PORT=str(port), QTTT_HUB_API_PORT=str(api_port),
               QTTT_HUB_PROXY_API_PORT=str(proxy_api_port), QTTT_HUB_STATE=str(state),
               QTTT_HUB_PASSWORD=PASSWORD)
    env.pop("PYTHONPATH", None)   # the config must put this checkout first by itself
    artifacts = ROOT / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    log = open(artifacts / "jupyterhub.log", "w")
    # cwd elsewhere: nothing may depend on being started from the checkout
    proc = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(HUB_DIR / "jupyterhub_config.py")],
                            cwd=state, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for_hub(base + "/hub/api/", proc)
        yield {"base": base, "state": state, "proc": proc}
    finally:
        proc.send_signal(signal.SIGINT)           # the hub stops every student's server and the proxy
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        pid_file = state / "jupyterhub-proxy.pid"
        if pid_file.exists():                     # a proxy left behind (the hub was killed)
            try:
                os.kill(int(pid_file.read_text()), signal.SIGTERM)
            except (ProcessLookupError, ValueError):
                pass
        log.close()


def wait_for_hub(url: str, proc) -> None:
    """Until the hub's API answers 200 through the proxy (before the hub adds its route, the
    proxy answers 404; before the proxy listens, nothing does)."""
    import requests
    deadline = time.monotonic() + BOUND
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"jupyterhub exited with code {proc.returncode} (test-artifacts/jupyterhub.log)")
        try:
            if requests.get(url, timeout=5).status_code == 200:
                return
        except requests.ConnectionError:
            pass
        time.sleep(0.3)
    raise TimeoutError(f"no 200 from {url} within {BOUND} s")


# --- a student, as a browser would be ------------------------------------------------------------------

class Student:
    def __init__(self, base: str, name: str):
        import requests
        self.base, self.name = base, name
        self.s = requests.Session()
        self.user = f"{base}/user/{name}"

    def xsrf(self, path: str) -> str:
        """The _xsrf cookie Jupyter set for a path (the hub's /hub/ or the server's /user/<name>/)."""
        for cookie in self.s.cookies:
            if cookie.name == "_xsrf" and path.startswith(cookie.path.rstrip("/")):
                return cookie.value
        raise AssertionError(f"no _xsrf cookie for {path}: {[(c.name, c.path) for c in self.s.cookies]}")

    def log_in(self, password: str = PASSWORD):
        r = self.s.get(f"{self.base}/hub/login", timeout=BOUND)
        r.raise_for_status()
        return self.s.post(f"{self.base}/hub/login", timeout=BOUND, allow_redirects=False,
                           data={"username": self.name, "password": password, "_xsrf": self.xsrf("/hub/login")})

    def wait_for_server(self) -> dict:
        """Follow the hub's spawn-progress event stream until it says ready (or failed)."""
        url = f"{self.base}/hub/api/users/{self.name}/server/progress"
        with self.s.get(url, stream=True, timeout=BOUND) as r:
            r.raise_for_status()
            for line in r.iter_lines(decode_unicode=True):
                if line and line.startswith("data:"):
                    event = json.loads(line[5:])
                    if event.get("failed"):
                        raise AssertionError(f"{self.name}'s server failed to start: {event}")
                    if event.get("ready"):
                        return event
        raise AssertionError(f"{self.name}'s progress stream ended without 'ready'")

    def api(self, method: str, path: str, **kw):
        headers = {"X-XSRFToken": self.xsrf(f"/user/{self.name}/")} if method != "GET" else {}
        r = self.s.request(method, f"{self.user}/api/{path}", headers=headers, timeout=BOUND, **kw)
        assert r.status_code < 300, (method, path, r.status_code, r.text[:500])
        return r.json() if r.text else None

    def kernel(self, kernel_id: str) -> "Kernel":
        ws_url = self.user.replace("http://", "ws://") + f"/api/kernels/{kernel_id}/channels"
        cookies = "; ".join(f"{c.name}={c.value}" for c in self.s.cookies)
        return Kernel(ws_url + f"?session_id={uuid.uuid4().hex}&_xsrf={self.xsrf(f'/user/{self.name}/')}",
                      cookies, self.base)


class Kernel:
    """A kernel's websocket in jupyter_server's JSON protocol: execute code, collect what it says."""

    def __init__(self, url: str, cookies: str, origin: str):
        import websocket
        self.ws = websocket.create_connection(url, cookie=cookies, origin=origin, timeout=BOUND)
        self.session = uuid.uuid4().hex

    def close(self):
        self.ws.close()

    def execute(self, code: str) -> dict:
        msg_id = uuid.uuid4().hex
        self.ws.send(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": "execute_request", "session": self.session,
                       "username": "test", "version": "5.3", "date": ""},
            "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
            "content": {"code": code, "silent": False, "store_history": True, "user_expressions": {},
                        "allow_stdin": False, "stop_on_error": True}}))
        reply, idle, out = None, False, {"stdout": "", "errors": [], "data": []}
        while reply is None or not idle:
            msg = json.loads(self.ws.recv())
            if msg.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind, content = msg["msg_type"], msg["content"]
            if kind == "execute_reply":
                reply = content
            elif kind == "status" and content["execution_state"] == "idle":
                idle = True
            elif kind == "stream":
                out["stdout"] += content["text"]
            elif kind == "error":
                out["errors"].append(f"{content['ename']}: {content['evalue']}")
            elif kind in ("execute_result", "display_data"):
                out["data"].append(content["data"])
        out["status"] = reply["status"]
        return out


def code_cells(path: Path) -> list[str]:
    nb = json.loads(path.read_text())
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


def one_student(base: str, name: str, state: Path) -> dict:
    st = Student(base, name)
    r = st.log_in()
    assert r.status_code == 302, (r.status_code, r.text[:300])   # the login form took the class password
    r = st.s.get(f"{base}/hub/spawn/{name}", timeout=BOUND)   # what the hub's home page's Start does
    assert r.status_code == 200, (r.status_code, r.url)
    st.wait_for_server()

    # /user/<name>/: the OAuth hand-off from the hub, then JupyterLab at lesson 00
    r = st.s.get(f"{st.user}/", timeout=BOUND)
    assert r.status_code == 200, (r.status_code, r.url)
    assert urlparse(r.url).path == f"/user/{name}/lab/tree/{LESSON_00}", r.url
    assert "jupyter-config-data" in r.text                         # JupyterLab's page
    home = state / "homes" / name
    assert (home / LESSON_00).read_bytes() == (ROOT / LESSON_00).read_bytes()
    assert st.api("GET", f"contents/{LESSON_00}")["type"] == "notebook"

    # lesson 00, every code cell, in a kernel of this student's server (cwd: the lesson's folder)
    session = st.api("POST", "sessions", json={"path": LESSON_00, "type": "notebook", "name": "",
                                               "kernel": {"name": "python3"}})
    k = st.kernel(session["kernel"]["id"])
    try:
        ran = []
        for code in code_cells(ROOT / LESSON_00):
            out = k.execute(code)
            assert out["status"] == "ok" and not out["errors"], (name, code[:200], out)
            ran.append(out)
        where = k.execute("import os, qttt_widgets; print(os.getcwd()); print(qttt_widgets.__file__)")
    finally:
        k.close()
    cwd, library = where["stdout"].split()
    assert Path(cwd) == home / "student"
    assert Path(library).is_relative_to(ROOT), library              # this checkout's library
    assert any("image/svg+xml" in d or "text/html" in d for o in ran for d in o["data"])  # the board drew
    st.api("DELETE", f"sessions/{session['id']}")

    # the app as a Voila page of this student's server
    r = st.s.get(f"{st.user}/voila/render/{APP}", timeout=BOUND)
    assert r.status_code == 200, (r.status_code, r.text[:500])
    views = re.findall(r'application/vnd\.jupyter\.widget-view\+json.{0,200}?model_id.{0,10}?([0-9a-f]{32})',
                       r.text, flags=re.S)
    assert views, "no widget in the Voila page"
    kernel_id = re.search(r'kernelId["\']?\s*[:=]\s*["\']([0-9a-f-]{36})', r.text)
    assert kernel_id, "no kernel id in the Voila page"
    assert kernel_id.group(1) in {x["id"] for x in st.api("GET", "kernels")}
    assert "Traceback" not in r.text and "import qttt_widgets" not in r.text   # sources stripped
    k = st.kernel(kernel_id.group(1))
    try:
        # the page's last view is a GameApp living in this kernel (public names only: the
        # widget's model_id and the garbage collector's list of live objects)
        probe = k.execute("import gc\nfrom qttt_widgets.widgets import GameApp\n"
                          f"print(sum(isinstance(o, GameApp) and o.model_id == {views[-1]!r} "
                          "for o in gc.get_objects()))")
    finally:
        k.close()
    assert probe["stdout"].strip() == "1", probe
    return {"name": name, "session": st.s, "cookies": list(st.s.cookies)}


def test_three_students_each_run_lesson_00_and_open_the_app(hub, request):
    base, state = hub["base"], hub["state"]

    # a wrong password is refused: the class password is what lets a student in
    assert Student(base, "mallory").log_in("not-the-password").status_code == 403

    with ThreadPoolExecutor(len(STUDENTS)) as pool:                # the class arrives together
        results = list(pool.map(lambda n: one_student(base, n, state), STUDENTS))
    assert [r["name"] for r in results] == STUDENTS

    # one server each, and a student's login opens no other student's server
    ada, bob = results[0], results[1]
    assert ada["session"].get(f"{base}/user/{bob['name']}/api/contents/{LESSON_00}",
                              timeout=BOUND, allow_redirects=False).status_code in (302, 403)
    assert sorted(p.name for p in (state / "homes").iterdir()) == STUDENTS

    # in a real browser (chromium, when installed): the app's board is drawn for every student
    try:
        browser = request.getfixturevalue("browser")
    except pytest.skip.Exception:
        return
    for r in results:
        context = browser.new_context(viewport={"width": 1366, "height": 900})
        context.add_cookies([{"name": c.name, "value": c.value, "domain": "127.0.0.1", "path": c.path}
                             for c in r["cookies"]])
        page = context.new_page()
        page.set_default_timeout(BOUND * 1000)
        page.goto(f"{base}/user/{r['name']}/voila/render/{APP}")
        page.wait_for_selector("button[title^='square 5']")
        assert "GameApp(" not in page.locator("body").inner_text()
        for n in (1, 9):                                            # a spooky mark: the kernel answers
            page.locator(f"button[title^='square {n}']").click()
        page.wait_for_selector("text=/Moves:.*19/")               # (then the app's computer answers)
        shot(page, f"hub-app-{r['name']}")
        context.close()
