# JupyterHub for a class: one single-user server per student on this machine, each with the course.
#
#   npm ci --prefix deploy/jupyterhub                        # configurable-http-proxy, into node_modules/ here
#   python -m jupyterhub -f deploy/jupyterhub/jupyterhub_config.py
#
# then open http://<host>:8000/ . What each student gets (deploy/jupyterhub/README.md):
#   - a server started from this Python (the course's environment; `pip install -r requirements.txt`
#     and `pip install jupyterhub` in it) with THIS checkout's qttt_widgets on its PYTHONPATH;
#   - a home folder of their own, <state>/homes/<name>, holding a copy of the student edition
#     (student/) and of the app (notebooks/app.ipynb), copied at the first start and never
#     overwritten after (a student's answers stay theirs);
#   - JupyterLab opening at lesson 00:           /user/<name>/lab/tree/student/00_how_to_use.ipynb
#   - the demo app as a Voila page:              /user/<name>/voila/render/notebooks/app.ipynb
#
# Settings from the environment (all optional):
#   QTTT_HUB_IP             address the proxy listens on (default 127.0.0.1; 0.0.0.0 for a class network,
#                           behind HTTPS, see the README)
#   QTTT_HUB_PORT           the public port (default 8000)
#   QTTT_HUB_API_PORT       the hub's own port, loopback only (default 8081)
#   QTTT_HUB_PROXY_API_PORT the proxy's REST API, loopback only (default 8001)
#   QTTT_HUB_STATE          folder for the database, cookie secret and homes (default deploy/jupyterhub/state)
#   QTTT_HUB_PASSWORD       a class password (8+ characters): every student logs in with any name and it
#                           (SharedPasswordAuthenticator). Unset: DummyAuthenticator, any name and any
#                           password -- for testing on loopback only.
#
# Not for a real class as it stands: SimpleLocalProcessSpawner runs every student's server as the
# same system user as the hub, so students can read each other's files and the hub's state. A real
# deployment uses real accounts (LocalProcessSpawner with system users and PAM, or SystemdSpawner
# with per-user limits), DockerSpawner, or Kubernetes (Zero to JupyterHub), and a real login:
# NativeAuthenticator (students sign up, the teacher approves) or the university's single sign-on
# (OAuthenticator: GitHub, Google, generic OAuth/OIDC, or LTI from the learning platform).
import os
import shutil
import sys
from pathlib import Path

from jupyterhub.spawner import SimpleLocalProcessSpawner

HERE = Path(__file__).resolve().parent
CHECKOUT = HERE.parents[1]                       # the top of the course's checkout
STATE = Path(os.environ.get("QTTT_HUB_STATE") or HERE / "state").resolve()
HOMES = STATE / "homes"
STATE.mkdir(parents=True, exist_ok=True)
HOMES.mkdir(exist_ok=True)

# What each student's home gets, as {path in the home: path in the checkout}
COURSE = {"student": CHECKOUT / "student", "notebooks/app.ipynb": CHECKOUT / "notebooks" / "app.ipynb"}
LESSON_00 = "/lab/tree/student/00_how_to_use.ipynb"
APP = "/voila/render/notebooks/app.ipynb"


def copy_course(home: Path) -> None:
    """Copy the course into a student's home: files missing there only, so a student's own
    edits (answers, a renamed notebook) are never overwritten when the server restarts."""
    for rel, src in COURSE.items():
        dest = home / rel
        if src.is_dir():
            for f in sorted(src.rglob("*")):
                if f.is_file() and ".ipynb_checkpoints" not in f.parts:
                    target = dest / f.relative_to(src)
                    if not target.exists():
                        target.parent.mkdir(parents=True, exist_ok=True)
                        shutil.copy2(f, target)
        elif not dest.exists():
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest)


class CourseSpawner(SimpleLocalProcessSpawner):
    """SimpleLocalProcessSpawner (no system users needed) that puts the course in the home first."""

    async def start(self):
        home = Path(self.home_dir)
        home.mkdir(parents=True, exist_ok=True)
        copy_course(home)
        return await super().start()


c = get_config()  # noqa: F821 (given by JupyterHub when it reads this file)

# --- the proxy: configurable-http-proxy from npm, installed next to this file --------------------------
c.JupyterHub.ip = os.environ.get("QTTT_HUB_IP", "127.0.0.1")
c.JupyterHub.port = int(os.environ.get("QTTT_HUB_PORT", "8000"))
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = int(os.environ.get("QTTT_HUB_API_PORT", "8081"))
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{int(os.environ.get('QTTT_HUB_PROXY_API_PORT', '8001'))}"
_chp = HERE / "node_modules" / ".bin" / "configurable-http-proxy"
if not _chp.exists():
    raise SystemExit(f"configurable-http-proxy is not installed in {HERE}: run  npm ci --prefix {HERE}")
c.ConfigurableHTTPProxy.command = [str(_chp)]
c.ConfigurableHTTPProxy.should_start = True
c.ConfigurableHTTPProxy.pid_file = str(STATE / "jupyterhub-proxy.pid")

# --- the hub's state ---------------------------------------------------------------------------------
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.cleanup_servers = True              # stopping the hub stops every student's server

# --- logging in --------------------------------------------------------------------------------------
# Names become folder names: lower-case letters, digits, '-' and '_' only.
c.Authenticator.username_pattern = r"^[a-z0-9][a-z0-9_-]{0,31}$"
if os.environ.get("QTTT_HUB_PASSWORD"):
    c.JupyterHub.authenticator_class = "shared-password"
    c.SharedPasswordAuthenticator.user_password = os.environ["QTTT_HUB_PASSWORD"]
else:
    c.JupyterHub.authenticator_class = "dummy"    # TESTING ONLY: any name, any password
c.Authenticator.allow_all = True                  # any name that logs in gets a server

# --- each student's server ---------------------------------------------------------------------------
c.JupyterHub.spawner_class = CourseSpawner
c.CourseSpawner.home_dir_template = str(HOMES / "{username}")
# The hub's own Python runs every server: the course's environment, with this checkout imported
# first (explicitly, not whatever PYTHONPATH the hub was started with).
c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]
c.Spawner.default_url = LESSON_00
if hasattr(os, "geteuid") and os.geteuid() == 0:  # a container or a CI box runs the hub as root
    c.Spawner.args = ["--allow-root"]
c.Spawner.environment = {
    "PYTHONPATH": os.pathsep.join([str(CHECKOUT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep)
                                                     if p and Path(p).resolve() != CHECKOUT]),
    # singleuser/: jupyter_server_config.json (Voila enabled, idle kernels culled) and voila.json
    "JUPYTER_CONFIG_PATH": str(HERE / "singleuser"),
    # the app's kernel caps its own address space (qttt_widgets.kernel_limits), as under Voila alone
    "QTTT_KERNEL_MEMORY_MB": "2500",
}
c.Spawner.start_timeout = 120                     # a busy machine, 30 servers starting at once
c.Spawner.http_timeout = 120
# LocalProcessSpawner does not enforce mem_limit/cpu_limit; SystemdSpawner, DockerSpawner and
# KubeSpawner do (see deploy/jupyterhub/README.md for the figures to use).
