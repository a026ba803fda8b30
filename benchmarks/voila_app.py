"""The Voila demo app in a real browser: first render, click latency, kernel memory, and
concurrent sessions. Everything runs on loopback (127.0.0.1) and stops by itself.

* time to first render: from navigation until the board's buttons show, with a cold
  kernel (preheating off) and with voila.json's preheated kernel pool;
* click to update: a click on a square until the browser shows the changed square;
* kernel memory: resident memory of one app kernel after the page rendered;
* concurrent sessions: N pages (2, 10, 30) open at once (at most 6 per browser, as separate
  students would have), each then plays a mark; how many loaded and answered, the time for
  all to load, and kernel memory per session.

* a class arriving (``--only class``): 30 students open the app in chromium within 5 s of each
  other (random offsets; ``--per-browser`` pages to a chromium); all pages are watched at once,
  each one's time to interactive (p50, p95, worst) and whether all 30 answer a click, the CPU
  seconds of the browsers, the server and its kernels apart, and what a page that never got
  interactive shows. On one 2-core machine the 30 browsers take most of the CPU: that is the
  benchmark, not a class, whose students each bring their own device;
* the first visitor after an idle spell (``--only idle --idle 600``): the server starts, its
  pool fills, nobody comes for 10 minutes (really waited), then one page is timed to
  interactive, and a second one right after as the control;
* a light kernel: its memory after the first render and after the Circuit tab opens
  (qiskit loads only then);
* bare GETs: the live kernels right after 100 GETs of the page (a crawler, curl) and once
  the cull has run (voila.json: cull_idle_timeout).
* an attack (``--only attack``): the class of websocket clients arrives while an attacker sends
  an 8-byte frame declaring 10**7 offsets every second, 100 bare GETs and 40 idle sockets.

    python benchmarks/voila_app.py [--sessions 2 10 30] [--repeats 5] [--class-size 30]

Targets: first render under 5 s cold and under 1.5 s preheated; click under 150 ms; a
kernel under 100 MB until a circuit is drawn; 30 students p95 under 20 s; 100 bare GETs
leave no more live kernels than the pool. Server and kernel CPU time is printed beside
wall time; a busy machine (load average above the core count) is reported.
"""
from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from conftest import CHROMIUM, CHROMIUM_ARGS, free_port, stop, wait_until_up  # noqa: E402


START_OF_LOG: dict[int, int] = {}     # server pid -> where its lines start in LOG
POOL = None          # --pool N: a preheated pool of N kernels instead of voila.json's
VOILA_ARGS: list[str] = []     # --voila-arg: more settings for every Voila started (e.g. a fill_delay to compare)
SERVER_CPUS: set[int] | None = None    # --pin: the server and its kernels on these cores (the browsers on the others)


def start_voila(preheat: bool, extra: tuple[str, ...] = ()):
    import json
    import shutil
    import tempfile
    port = free_port()
    cwd = ROOT
    if POOL is not None:        # the same app with voila.json's pool size changed, from a copy
        cwd = Path(tempfile.mkdtemp(prefix="voila-pool-"))
        config = json.loads((ROOT / "voila.json").read_text())
        config["VoilaKernelManager"]["kernel_pools_config"]["default"]["pool_size"] = POOL
        (cwd / "voila.json").write_text(json.dumps(config))
        (cwd / "notebooks").mkdir()
        shutil.copy(ROOT / "notebooks" / "app.ipynb", cwd / "notebooks" / "app.ipynb")
    # as `python -m qttt_widgets app` starts it: the app's own template (no CDN), voila.json
    from qttt_widgets.__main__ import app_command, app_env
    cmd = app_command(["--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                       f"--VoilaConfiguration.preheat_kernel={preheat}", *VOILA_ARGS, *extra])
    (ROOT / "test-artifacts").mkdir(exist_ok=True)
    log = open(ROOT / "test-artifacts" / "voila-benchmark.log", "a")
    start_of_log = log.seek(0, 2)
    env = app_env(dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))))
    cpus = SERVER_CPUS
    pin = (lambda: os.sched_setaffinity(0, cpus)) if cpus else None    # its kernels inherit the affinity
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=log, stderr=subprocess.STDOUT, env=env,   # the copy imports qttt_widgets
                            preexec_fn=pin)
    START_OF_LOG[proc.pid] = start_of_log
    base = f"http://127.0.0.1:{port}"
    wait_until_up(base + "/voila/static/", proc)
    return proc, base


def pool_filled(proc, within: float = 600) -> float:
    """Wait until the server's pool is preheated (Voila logs "is filled with N kernel(s)" once the
    last pooled kernel has run the notebook), then until its CPU settles: the class arrives at a
    server prepared for it. A fixed sleep (it was 6 + 1.5 s a kernel) left a pool of 30 part-filled
    on a busy machine, and the rest of the fill ran while the class arrived. Returns the seconds."""
    t0 = time.monotonic()
    size = POOL or 1
    while time.monotonic() - t0 < within:
        if proc.poll() is not None:
            raise RuntimeError("Voila exited while its pool was filling: see " + str(LOG))
        if f"is filled with {size} kernel".encode() in LOG.read_bytes()[START_OF_LOG.get(proc.pid, 0):]:
            break
        time.sleep(0.5)
    else:
        raise RuntimeError(f"the pool of {size} was not filled within {within:.0f} s")
    before = cpu_s(proc)
    while True:                                       # settled: under 0.2 CPU s in 2 s
        time.sleep(2)
        now = cpu_s(proc)
        if now - before < 0.2 or time.monotonic() - t0 > within:
            return time.monotonic() - t0
        before = now


def kernels_rss_mb(proc) -> list[float]:
    import psutil
    out = []
    for child in psutil.Process(proc.pid).children(recursive=True):
        try:
            if "ipykernel" in " ".join(child.cmdline()):
                out.append(child.memory_info().rss / 2**20)
        except psutil.Error:
            pass
    return out


def cpu_s(proc) -> float:
    """CPU seconds used so far by the server and all its kernels."""
    import psutil
    total = 0.0
    for p in [psutil.Process(proc.pid), *psutil.Process(proc.pid).children(recursive=True)]:
        try:
            t = p.cpu_times()
            total += t.user + t.system
        except psutil.Error:
            pass
    return total


def cpu_split(proc) -> tuple[float, float]:
    """CPU seconds used so far by the server process alone, and by its kernels together."""
    import psutil
    server = kernels = 0.0
    root = psutil.Process(proc.pid)
    for p in [root, *root.children(recursive=True)]:
        try:
            t = p.cpu_times()
            if p.pid == root.pid:
                server += t.user + t.system
            else:
                kernels += t.user + t.system
        except psutil.Error:
            pass
    return server, kernels


def busy_warning() -> str:
    load1 = os.getloadavg()[0]
    cores = os.cpu_count() or 1
    return (f"WARNING: the machine is busy (load average {load1:.1f} on {cores} cores): wall times read slow"
            if load1 > cores * 0.75 else f"machine quiet enough (load average {load1:.1f} on {cores} cores)")


def load(page, base, timeout=120_000) -> float:
    t0 = time.perf_counter()
    page.goto(base + "/")
    page.wait_for_selector("button[title^='square 5']", timeout=timeout)
    return time.perf_counter() - t0


def first_render(browser, preheat: bool, repeats: int) -> tuple[list[float], float, float, float]:
    """``repeats`` page loads, each in a fresh browser context (nothing cached); the seconds to
    the board, the kernel memory, and the median CPU seconds a load of the server with its
    kernels (a preheated pool's refill included) and of the browser."""
    proc, base = start_voila(preheat)
    times, cpus, browser_cpus = [], [], []
    try:
        if preheat:
            time.sleep(8)                              # let the pool fill (the notebook runs ahead)
        for _ in range(repeats):
            ctx = browser.new_context()
            page = ctx.new_page()
            c0, b0 = cpu_s(proc), browsers_cpu_s()
            times.append(load(page, base))
            cpus.append(cpu_s(proc) - c0)
            browser_cpus.append(browsers_cpu_s() - b0)
            mem = max(kernels_rss_mb(proc) or [0])
            ctx.close()
            if preheat:
                time.sleep(8)                          # refill before the next visitor
    finally:
        stop(proc)
    return times, mem, statistics.median(cpus), statistics.median(browser_cpus)


def browsers_cpu_s() -> float:
    """CPU seconds used so far by the chromium processes this benchmark started (Playwright's
    driver starts them, so they are among this process's descendants)."""
    import psutil
    total = 0.0
    for p in psutil.Process().children(recursive=True):
        try:
            if "chrom" in p.name().lower():
                t = p.cpu_times()
                total += t.user + t.system + t.children_user + t.children_system
        except psutil.Error:
            pass
    return total


def interactive(page, base, timeout=120_000) -> tuple[float, float]:
    """Navigate; the seconds until the board shows, and until the page's kernel answers a click
    (the first square click selects it: the page is interactive)."""
    t0 = time.perf_counter()
    page.goto(base + "/")
    page.wait_for_selector("button[title^='square 5']", timeout=timeout)
    shown = time.perf_counter() - t0
    page.click("button[title^='square 1']", timeout=timeout)
    page.wait_for_selector("text=/square 1 chosen|pick the second/i", timeout=timeout)
    return shown, time.perf_counter() - t0


def first_visitor_after_idle(browser, idle_s: float) -> dict:
    """The first visitor of the day: the server starts, its pool fills, then nobody comes for
    ``idle_s`` seconds (really waited); then one page is opened and timed to interactive. A
    second visitor, right after, is the control (a pool just refilled)."""
    proc, base = start_voila(True)
    out = {"idle_s": idle_s}
    try:
        time.sleep(8)                                  # the pool fills
        live_before = len(kernels_rss_mb(proc))
        time.sleep(idle_s)
        out["live_after_idle"] = len(kernels_rss_mb(proc))
        out["live_before_idle"] = live_before
        for who in ("first", "control"):
            ctx = browser.new_context()
            page = ctx.new_page()
            c0, b0 = cpu_s(proc), browsers_cpu_s()
            try:
                shown, ready = interactive(page, base)
            except Exception as e:  # noqa: BLE001
                shown = ready = float("inf")
                out[who + "_error"] = repr(e)[:200]
            out[who] = {"shown": shown, "interactive": ready, "server_cpu": cpu_s(proc) - c0,
                        "browser_cpu": browsers_cpu_s() - b0}
            ctx.close()
            time.sleep(8)                              # the pool refills before the control
    finally:
        stop(proc)
    return out


def click_latency(browser, clicks: int) -> list[float]:
    proc, base = start_voila(True)
    out = []
    try:
        time.sleep(6)
        ctx = browser.new_context()
        page = ctx.new_page()
        load(page, base)
        pairs = [(1, 9), (5, 9), (1, 5), (3, 7), (2, 8), (4, 6)]
        from playwright.sync_api import TimeoutError as PageTimeout
        for a, b in pairs[: max(1, clicks // 2)]:
            for sq in (a, b):
                before = page.locator(f"button[title^='square {sq}']").get_attribute("title")
                t0 = time.perf_counter()
                page.click(f"button[title^='square {sq}']")
                if sq == b:      # the second click places the mark: wait until the square shows it
                    try:
                        page.wait_for_function(
                            "([sel, old]) => document.querySelector(sel).title !== old",
                            arg=[f"button[title^='square {sq}']", before], timeout=10_000)
                    except PageTimeout:
                        # the computer's reply (seed=None: a different game each run) left this pair
                        # unplayable (a square collapsed, a collapse to choose, the game over): the
                        # clicks measured so far are the figure
                        return out
                    out.append((time.perf_counter() - t0) * 1000)
            if page.locator("text=A cycle!").count():
                break
        ctx.close()
    finally:
        stop(proc)
    return out


def deadline_ms(t0: float, seconds: float) -> float:
    """What is left (in ms, at least 1 s) of ``seconds`` counted from ``t0``: the whole load of
    all pages shares one bounded wait."""
    return max(1000.0, (t0 + seconds - time.perf_counter()) * 1000)


def concurrent(pw, n: int) -> dict:
    """n sessions at once, as n students would open them: at most 6 pages per browser (a
    browser shares its connections to one host between its pages), so several browsers."""
    proc, base = start_voila(True)
    browsers = []
    try:
        time.sleep(6)
        browsers = [pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                    for _ in range(math.ceil(n / 6))]
        pages = [browsers[i // 6].new_context().new_page() for i in range(n)]
        t0 = time.perf_counter()
        for p in pages:
            p.goto(base + "/", wait_until="commit")
        loaded_pages = []
        for p in pages:
            try:
                p.wait_for_selector("button[title^='square 5']", timeout=deadline_ms(t0, 240))
                loaded_pages.append(p)
            except Exception:  # noqa: BLE001
                pass
        load_all = time.perf_counter() - t0
        latencies = []
        for p in loaded_pages:
            try:
                t1 = time.perf_counter()
                p.click("button[title^='square 1']", timeout=15_000)
                p.click("button[title^='square 9']", timeout=15_000)
                p.wait_for_selector("text=O to move", timeout=15_000)
                latencies.append((time.perf_counter() - t1) * 1000)
            except Exception:  # noqa: BLE001
                pass
        mems = kernels_rss_mb(proc)
    finally:
        for b in browsers:
            b.close()
        stop(proc)
    return {"n": n, "loaded": len(loaded_pages), "answered": len(latencies), "load_all_s": load_all,
            "two_clicks_ms": statistics.median(latencies) if latencies else float("nan"),
            "kernels": len(mems), "mb_per_kernel": statistics.mean(mems) if mems else float("nan"),
            "mb_total": sum(mems)}


def percentile(values, q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, max(0, math.ceil(q * len(values)) - 1))]


class NicedBrowsers:
    """Keeps this benchmark's chromium processes at the lowest CPU priority (nice 19) while it
    runs: a class's browsers run on the students' own devices, not on the server's two cores,
    so here they take only the CPU the server and its kernels leave. Chromium sets its own
    processes' priorities (as root even below 0), so they are set again every half second."""

    def __enter__(self):
        import threading
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        return self

    def _run(self):
        import psutil
        while not self._done.wait(0.5):
            for p in psutil.Process().children(recursive=True):
                try:
                    if "chrom" in p.name().lower() and p.nice() != 19:
                        p.nice(19)
                except psutil.Error:
                    pass

    def __exit__(self, *exc):
        self._done.set()
        self._thread.join()


STALLED_JS = """() => {
  const lost = document.getElementById("qttt-lost");
  const widgets = document.querySelectorAll(".jupyter-widgets, .widget-button").length;
  const cells = document.querySelectorAll(".jp-Cell, .jp-OutputArea-output").length;
  return `document ${document.readyState}; ${cells} cells/outputs, ${widgets} widgets; ` +
         (lost ? `message: ${lost.innerText}` : `no message; text: ${document.body ? document.body.innerText.slice(0, 60) : ""}`);
}"""


def pin_browsers(server) -> None:
    """--pin: this process, Playwright's driver and the browsers it starts on the cores the
    server does not use (chromium's processes inherit the driver's affinity)."""
    import psutil
    others = set(range(os.cpu_count() or 1)) - SERVER_CPUS
    skip = {server.pid, *(c.pid for c in psutil.Process(server.pid).children(recursive=True))}
    for p in [psutil.Process(), *psutil.Process().children(recursive=True)]:
        try:
            if p.pid not in skip:
                p.cpu_affinity(sorted(others))
        except psutil.Error:
            pass


def a_class_arrives(pw, n: int, spread_s: float = 5.0, per: int = 3, nice: bool = False) -> dict:
    """n students open the app within ``spread_s`` seconds of each other, ``per`` pages to a
    chromium (students have a browser each; ``per`` 1 is one chromium a student); each one's
    time to interactive from their own navigation, then each places a mark. All pages are
    watched at once (a page's wait does not hold up the next one's), and the CPU seconds of
    the browsers, the server and its kernels are counted apart."""
    proc, base = start_voila(True)
    browsers = []
    try:
        pool_filled(proc)                             # the pool is preheated before the class arrives
        server0, kernels0 = cpu_split(proc)
        browser0 = browsers_cpu_s()
        niced = NicedBrowsers().__enter__() if nice else None
        if SERVER_CPUS:
            pin_browsers(proc)
        browsers = [pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                    for _ in range(math.ceil(n / per))]
        pages = [browsers[i // per].new_context().new_page() for i in range(n)]
        launch_cpu = browsers_cpu_s() - browser0
        rng = random.Random(1)
        offsets = sorted(rng.uniform(0, spread_s) for _ in range(n))
        # each page, by itself in the browser: navigate at its moment, then click square 1 as
        # soon as the board shows; all pages are polled in turn
        t0 = time.perf_counter()
        started = []
        for p, off in zip(pages, offsets):
            while time.perf_counter() - t0 < off:
                time.sleep(0.01)
            started.append(time.perf_counter())
            p.goto(base + "/", wait_until="commit")
        ready = [float("inf")] * n
        pending = set(range(n))
        clicked = set()
        deadline = t0 + 180
        while pending and time.perf_counter() < deadline:
            for i in sorted(pending):
                p = pages[i]
                try:
                    if i not in clicked:
                        if p.locator("button[title^='square 5']").count():
                            p.click("button[title^='square 1']", timeout=5_000)
                            clicked.add(i)
                    elif p.locator("text=/square 1 chosen|pick the second/i").count():
                        ready[i] = time.perf_counter() - started[i]
                        pending.discard(i)
                except Exception:  # noqa: BLE001
                    pass
            time.sleep(0.1)
        states = {}
        for i in pending:                           # what a page that never got interactive shows
            try:
                # the whole story, not the first 80 characters (which are the notebook's title for
                # every page): still being read (the render goes on), widgets on show, the
                # page's own message if it shows one
                text = pages[i].evaluate(STALLED_JS)
            except Exception as e:  # noqa: BLE001
                text = repr(e)[:60]
            key = ("clicked, no answer: " if i in clicked else "") + " ".join(text.split())[:160]
            states[key] = states.get(key, 0) + 1
        answered = 0
        t_answer = time.perf_counter()
        for p, t_ready in zip(pages, ready):
            if t_ready == float("inf"):             # never interactive: nothing to answer
                continue
            try:
                # square 1 is chosen already: square 9 completes X's spooky mark, and the app
                # (X against the computer) answers at once, so 'O to move' may never be seen
                # here; the record then reads "19 ab"
                p.click("button[title^='square 9']", timeout=deadline_ms(t_answer, 60))
                p.wait_for_selector("text=/19 \\d\\d/", timeout=deadline_ms(t_answer, 60))
                answered += 1
            except Exception:  # noqa: BLE001
                pass
        wall = time.perf_counter() - t0
        server1, kernels1 = cpu_split(proc)
        browser_cpu = browsers_cpu_s() - browser0
        mems = kernels_rss_mb(proc)
    finally:
        if niced is not None:
            niced.__exit__(None, None, None)
        for b in browsers:
            b.close()
        stop(proc)
    done = [t for t in ready if t != float("inf")]
    return {"n": n, "per": per, "nice": nice, "interactive": len(done), "answered": answered,
            "p50": statistics.median(done) if done else float("nan"),
            "p95": percentile(done, 0.95) if done else float("nan"), "worst": max(done, default=float("nan")),
            "wall": wall, "server_cpu": server1 - server0, "kernels_cpu": kernels1 - kernels0,
            "cpu": (server1 - server0) + (kernels1 - kernels0), "browser_cpu": browser_cpu,
            "launch_cpu": launch_cpu, "stalled": states, "kernels": len(mems),
            "mb_per_kernel": statistics.mean(mems) if mems else float("nan")}


# --- a class measured without browsers: each student is a websocket client doing what the page does
TRIES = 3            # a student presses Reload at most twice
PATIENCE_S = 60      # ... after waiting this long for a page that does not answer (or at once on an error)
FULL_WAIT_S = 15     # ... or this long after the page said the server is full


def _cookie_of_the_gate(base: str, html: str) -> str:
    """The cookie the gate page's script sets (qttt_widgets.server.GateHandler): what the
    student's browser does by itself, once. "" if the server has no gate."""
    import re
    found = re.search(r'document\.cookie = "(qttt_gate=[^;"]+)', html)
    return found.group(1) if found else ""


def _get(url: str, cookie: str = "", timeout: float = 180) -> str:
    import urllib.request
    request = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    return urllib.request.urlopen(request, timeout=timeout).read().decode()


async def _visit(base: str, cookie: str, started: float, visit: dict) -> float:
    """One load of the page as a browser does it: GET the page (Voila hands over a preheated
    kernel or runs the app in a new one), ask for the kernel as the page's script does, connect,
    ask for the widgets' state as the page's widget manager does, click square 1 and wait for the
    board's answer (interactive: the time from the student's first GET), then click square 9 and
    wait for 'O to move' (the student placed a mark)."""
    import asyncio
    import json as _json
    import re
    import uuid

    import websockets
    from jupyter_server.services.kernels.connection.base import (deserialize_msg_from_ws_v1,
                                                                 serialize_msg_to_ws_v1)
    loop = asyncio.get_running_loop()
    steps = visit.setdefault("steps", {})          # seconds from the student's first GET at the end of each step

    def step(name: str) -> None:
        steps[name] = time.perf_counter() - started
    html = await loop.run_in_executor(None, _get, base + "/", cookie)
    step("page")
    kernel = visit["kernel"] = re.search(r'kernelId": "([0-9a-f-]{36})', html).group(1)
    await loop.run_in_executor(None, _get, f"{base}/api/kernels/{kernel}", cookie, 60)
    step("asked")
    session = uuid.uuid4().hex
    url = base.replace("http", "ws") + f"/api/kernels/{kernel}/channels?session_id={session}"

    def message(msg_type: str, content: dict) -> bytes:
        header = {"msg_id": uuid.uuid4().hex, "username": "student", "session": session,
                  "msg_type": msg_type, "version": "5.3"}
        parts = [header, {}, {"version": "1.0.0"}, content]      # metadata: the widget control protocol
        return serialize_msg_to_ws_v1([_json.dumps(p).encode() for p in parts], "shell")

    def received(frame: bytes) -> tuple[str, dict]:
        _channel, parts = deserialize_msg_from_ws_v1(frame)
        return _json.loads(parts[0])["msg_type"], _json.loads(parts[3])

    # the browsers' protocol (the server refuses the legacy one: qttt_widgets.server)
    async with websockets.connect(url, max_size=None, open_timeout=180, additional_headers={"Cookie": cookie},
                                  subprotocols=["v1.kernel.websocket.jupyter.org"]) as ws:
        step("ws open")
        control = uuid.uuid4().hex
        await ws.send(message("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control",
                                            "data": {}}))
        await ws.send(message("comm_msg", {"comm_id": control, "data": {"method": "request_states"}}))
        states = None
        while states is None:
            kind, content = received(await ws.recv())
            data = content.get("data", {})
            if kind == "comm_msg" and data.get("method") == "update_states":
                states = data["states"]
        step("widget state")
        squares = {st["state"].get("tooltip") or "": mid for mid, st in states.items()
                   if st.get("model_name") == "ButtonModel"}

        async def click_and_wait(square: int, text: str) -> None:
            mid = next(m for tip, m in squares.items() if tip.startswith(f"square {square}:"))
            await ws.send(message("comm_msg", {"comm_id": mid, "data": {"method": "custom",
                                                                        "content": {"event": "click"}}}))
            while True:
                _kind, content = received(await ws.recv())
                data = content.get("data", {})
                if data.get("method") in ("update", "echo_update") and text in str(data.get("state", {})):
                    return
        await click_and_wait(1, "square 1 chosen")
        ready = time.perf_counter() - started
        step("first mark")
        await click_and_wait(9, "O to move")
        step("reply")
    return ready


def _beacon(base: str, kernel: str, cookie: str, xsrf: str) -> None:
    """What Voila's page sends when it unloads: POST /voila/api/shutdown/<kernel> with _xsrf."""
    import urllib.request
    request = urllib.request.Request(f"{base}/voila/api/shutdown/{kernel}", data=f"_xsrf={xsrf}".encode(),
                                     method="POST", headers={"Cookie": cookie, "X-XSRFToken": xsrf})
    try:
        urllib.request.urlopen(request, timeout=30).read()
    except Exception:  # noqa: BLE001
        pass


async def _student(base: str, start_at: float, t0: float) -> dict:
    """A student: opens the app at ``start_at`` (the gate's cookie first, as the browser does by
    itself), and presses Reload (at most TRIES loads) when the page fails (a closed socket, a
    404: at once; "server full": after FULL_WAIT_S) or has not answered within PATIENCE_S. The time to interactive is counted from the
    first GET, reloads included."""
    import asyncio
    import uuid
    await asyncio.sleep(max(0.0, start_at - (time.perf_counter() - t0)))
    started = time.perf_counter()
    loop = asyncio.get_running_loop()
    cookie, failures = "", []
    xsrf = uuid.uuid4().hex                          # the page's script sets this cookie (app notebook)
    for attempt in range(1, TRIES + 1):
        visit: dict = {}
        try:
            if not cookie:
                cookie = _cookie_of_the_gate(base, await loop.run_in_executor(None, _get, base + "/", "", 60))
                cookie = "; ".join(filter(None, [cookie, f"_xsrf={xsrf}"]))
            visit["steps"] = {"gate": time.perf_counter() - started}
            ready = await asyncio.wait_for(_visit(base, cookie, started, visit), PATIENCE_S)
            return {"ready": ready, "answered": True, "tries": attempt, "failures": failures, "steps": visit["steps"]}
        except Exception as e:  # noqa: BLE001
            failures.append(f"{type(e).__name__}: {str(e)[:80]}")
            if visit.get("kernel"):                  # Reload: the page's close beacon frees its kernel
                await loop.run_in_executor(None, _beacon, base, visit["kernel"], cookie, xsrf)
            # the time to find the Reload button; "server full, try again in a minute": a student waits a bit
            await asyncio.sleep(FULL_WAIT_S if "503" in failures[-1] else 1)
    raise RuntimeError(f"gave up after {TRIES} loads: {failures}")


async def _attacker(base: str, until: float, gets: int, idle_sockets: int, scripted: bool = False) -> dict:
    """While the class arrives: one 8-byte frame a second (declaring 10**7 offsets) on a socket of
    the attacker's own kernel (one page: it passes the gate once), ``gets`` bare GETs (no
    JavaScript: a crawler, curl), and ``idle_sockets`` websockets that connect and say nothing,
    reconnecting when the server closes them: on the attacker's one kernel, or with ``scripted``
    each on a page of its own (a script written for this page: it passes the gate and asks for
    its kernel as the page's script does, so each costs the server a kernel start). Counts what
    the server answered."""
    import asyncio
    import re
    import urllib.error

    import websockets
    loop = asyncio.get_running_loop()
    out = {"frames_sent": 0, "frames_closed": 0, "gets_gate": 0, "gets_app": 0, "gets_503": 0, "gets_other": 0,
           "idle_connected": 0, "idle_closed_by_server": 0, "idle_refused": 0}

    def page(cookie: str, count: bool) -> str | None:
        try:
            html = _get(base + "/", cookie, 120)
            if count:
                out["gets_app" if "kernelId" in html else "gets_gate"] += 1
            return html
        except urllib.error.HTTPError as e:
            if count:
                out["gets_503" if e.code == 503 else "gets_other"] += 1
        except Exception:  # noqa: BLE001
            if count:
                out["gets_other"] += 1
        return None

    def kernel_of_a_script() -> tuple[str, str] | None:
        first = page("", False)
        cookie = _cookie_of_the_gate(base, first or "")
        html = page(cookie, False) if cookie else first
        found = re.search(r'kernelId": "([0-9a-f-]{36})', html or "")
        return (found.group(1), cookie) if found else None

    def ws_url(kernel: str) -> str:
        return base.replace("http", "ws") + f"/api/kernels/{kernel}/channels"

    own: dict = {}

    async def frames():
        got = own["page"] = await loop.run_in_executor(None, kernel_of_a_script)
        while got and time.perf_counter() < until:
            try:
                async with websockets.connect(ws_url(got[0]), subprotocols=["v1.kernel.websocket.jupyter.org"],
                                              additional_headers={"Cookie": got[1]}, open_timeout=30) as ws:
                    await ws.send((10**7).to_bytes(8, "little"))
                    out["frames_sent"] += 1
                    try:
                        while True:
                            await asyncio.wait_for(ws.recv(), 5)
                    except websockets.ConnectionClosed:
                        out["frames_closed"] += 1
            except Exception:  # noqa: BLE001
                pass
            await asyncio.sleep(1)

    async def bare_gets():
        for _ in range(gets):
            await loop.run_in_executor(None, page, "", True)

    async def idle_socket():
        if scripted:
            got = await loop.run_in_executor(None, kernel_of_a_script)
        else:
            while "page" not in own and time.perf_counter() < until:
                await asyncio.sleep(0.2)
            got = own.get("page")
        if not got:
            out["idle_refused"] += 1
            return
        await loop.run_in_executor(None, _get, f"{base}/api/kernels/{got[0]}", got[1], 60)   # not "unseen"
        while time.perf_counter() < until:
            try:
                async with websockets.connect(ws_url(got[0]), subprotocols=["v1.kernel.websocket.jupyter.org"],
                                              additional_headers={"Cookie": got[1]}, open_timeout=60) as ws:
                    out["idle_connected"] += 1
                    while time.perf_counter() < until:
                        try:
                            await asyncio.wait_for(ws.recv(), 1)
                        except asyncio.TimeoutError:
                            pass
            except websockets.ConnectionClosed:
                out["idle_closed_by_server"] += 1
            except Exception:  # noqa: BLE001
                out["idle_refused"] += 1
                return
            await asyncio.sleep(1)

    await asyncio.gather(frames(), bare_gets(), *[idle_socket() for _ in range(idle_sockets)],
                         return_exceptions=True)
    return out


def cpu_split(proc) -> tuple[float, float]:
    """CPU seconds so far of the server process, and of its kernels: the live ones and those
    already gone (a kernel the server has reaped is counted in its children's times)."""
    import psutil
    server = psutil.Process(proc.pid)
    t = server.cpu_times()
    kernels = t.children_user + t.children_system
    for child in server.children(recursive=True):
        try:
            c = child.cpu_times()
            kernels += c.user + c.system
        except psutil.Error:
            pass
    return t.user + t.system, kernels


LOG = ROOT / "test-artifacts" / "voila-benchmark.log"
EVENTS = {"kernels started": "Kernel started", "pooled kernels handed out": "Using pre-heated kernel",
          "refused at the cap": "kernel cap reached", "evicted": "evicted at the cap",
          "unseen stopped": "never connected in", "silent sockets closed": "s; closing it",
          "frames refused": "refused a websocket frame"}


def a_class_arrives_without_browsers(n: int, spread_s: float = 5.0, attack: bool = False,
                                     scripted: bool = False) -> dict:
    """n students open the app within ``spread_s`` seconds of each other, each a websocket client
    (no browser: the machine's two cores serve only the server and its kernels). With ``attack``,
    an attacker works alongside (see _attacker). Where the time goes: the server's log events
    during the run (kernel starts, handouts, refusals, evictions) and CPU of server and kernels."""
    import asyncio
    proc, base = start_voila(True)
    try:
        pool_filled(proc)                             # the pool is preheated before the class arrives
        log_from = LOG.stat().st_size
        server0, kernels0 = cpu_split(proc)
        load0 = os.getloadavg()[0]
        rng = random.Random(1)
        offsets = sorted(rng.uniform(0, spread_s) for _ in range(n))

        from concurrent.futures import ThreadPoolExecutor
        # every student and every attacking script makes its HTTP requests at once, as separate
        # browsers do (asyncio's default executor has only cores + 4 threads: requests queued there)
        threads = ThreadPoolExecutor(max_workers=300)

        async def everyone():
            asyncio.get_running_loop().set_default_executor(threads)
            t0 = time.perf_counter()
            tasks = [asyncio.wait_for(_student(base, off, t0), TRIES * (PATIENCE_S + 20)) for off in offsets]
            if attack:
                tasks.append(_attacker(base, t0 + 90, gets=100, idle_sockets=40, scripted=scripted))
            return await asyncio.gather(*tasks, return_exceptions=True), time.perf_counter() - t0
        loop = asyncio.new_event_loop()
        try:            # not asyncio.run: it would wait for requests still hanging in threads
            results, wall = loop.run_until_complete(everyone())
        finally:
            threads.shutdown(wait=False, cancel_futures=True)
            loop.close()
        attacked = results.pop() if attack else None
        server1, kernels1 = cpu_split(proc)
        load1 = os.getloadavg()[0]
        mems = kernels_rss_mb(proc)
    finally:
        stop(proc)
    with open(LOG, errors="replace") as f:
        f.seek(log_from)
        text = f.read()
    done = [r["ready"] for r in results if isinstance(r, dict)]
    tries = [r["tries"] for r in results if isinstance(r, dict)]
    errors = [repr(r)[:160] for r in results if not isinstance(r, dict)]
    return {"n": n, "interactive": len(done), "answered": len(done), "errors": errors, "attack": attacked,
            "p50": statistics.median(done) if done else float("nan"),
            "p95": percentile(done, 0.95) if done else float("nan"), "worst": max(done, default=float("nan")),
            "reloads": sum(t - 1 for t in tries), "reloaded": sum(1 for t in tries if t > 1),
            "wall": wall, "cpu": (server1 - server0) + (kernels1 - kernels0), "cpu_server": server1 - server0,
            "cpu_kernels": kernels1 - kernels0, "load": (load0, load1),
            "events": {k: text.count(v) for k, v in EVENTS.items()},
            "steps": {name: statistics.median(r["steps"][name] for r in results if isinstance(r, dict))
                      for name in STEPS if done},
            "mb_per_kernel": statistics.mean(mems) if mems else float("nan")}


STEPS = ("gate", "page", "asked", "ws open", "widget state", "first mark", "reply")


def print_ws_class(title: str, r: dict) -> None:
    print(f"{title}: {r['interactive']} of {r['n']} interactive and answered a mark; time to interactive "
          f"p50 {r['p50']:.1f} s, p95 {r['p95']:.1f} s, worst {r['worst']:.1f} s (target p95 < 20 s, < 5 s with a "
          f"pool for the class); reloads {r['reloads']} (by {r['reloaded']} students, at most {TRIES - 1} each); "
          f"wall {r['wall']:.0f} s; CPU {r['cpu']:.0f} s (server {r['cpu_server']:.0f}, kernels "
          f"{r['cpu_kernels']:.0f}); load average {r['load'][0]:.1f} -> {r['load'][1]:.1f} on {os.cpu_count()} cores")
    print(f"  server events: {r['events']}")
    if r.get("steps"):          # the last load of each student (after any reloads), from the first GET
        print("  median seconds from the first GET at the end of each step: " +
              ", ".join(f"{name} {t:.2f}" for name, t in r["steps"].items()))
    if r["attack"]:
        print(f"  attacker: {r['attack']}")
    if r["errors"]:
        print(f"  failures: {r['errors'][:3]}")


def kernel_memory_light_and_loaded(browser) -> tuple[float, float]:
    """One page's kernel memory after the first render, and after a mark and the Circuit tab."""
    proc, base = start_voila(False)
    try:
        ctx = browser.new_context()
        page = ctx.new_page()
        load(page, base)
        time.sleep(1)
        light = max(kernels_rss_mb(proc))
        page.click("button[title^='square 1']")
        page.click("button[title^='square 9']")
        page.wait_for_selector("text=O to move")
        page.click(".lm-TabBar-tab:has-text('Circuit'), .p-TabBar-tab:has-text('Circuit')")
        page.wait_for_selector("text=One qubit per spooky mark", timeout=60_000)
        time.sleep(3)
        loaded = max(kernels_rss_mb(proc))
        ctx.close()
    finally:
        stop(proc)
    return light, loaded


def bare_gets(n: int = 100, wait_cull: bool = True) -> tuple[int, int, int, int]:
    """n plain GETs of the page (no browser, no websocket): answers 200 and 503, live kernels
    right after, and after the cull."""
    import json as _json
    import urllib.error
    import urllib.request
    proc, base = start_voila(True)
    codes = {200: 0, 503: 0}
    try:
        time.sleep(6)
        for _ in range(n):
            try:
                urllib.request.urlopen(base + "/", timeout=120).read()
                codes[200] += 1
            except urllib.error.HTTPError as e:
                codes[e.code] = codes.get(e.code, 0) + 1
        right_after = len(kernels_rss_mb(proc))
        after_cull = right_after
        if wait_cull:
            config = _json.loads((ROOT / "voila.json").read_text())["MappingKernelManager"]
            time.sleep(config["cull_idle_timeout"] + 2 * config["cull_interval"] + 5)
            after_cull = len(kernels_rss_mb(proc))
    finally:
        stop(proc)
    return codes[200], codes.get(503, 0), right_after, after_cull


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int, nargs="*", default=[2, 10, 30])
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--class-size", type=int, default=30)
    ap.add_argument("--per-browser", type=int, default=3, help="--only class: pages in one chromium")
    ap.add_argument("--nice-browsers", action="store_true",
                    help="--only class: run the browsers at nice 19, as if on the students' own devices")
    ap.add_argument("--pin", action="store_true",
                    help="--only class: the server and its kernels on the last core, the browsers on the others "
                         "(closer to a class, whose browsers run on the students' own devices)")
    ap.add_argument("--gets", type=int, default=100)
    ap.add_argument("--pool", type=int, help="preheated kernels (default: voila.json's pool_size)")
    ap.add_argument("--voila-arg", action="append", default=[],
                    help="a setting for every Voila started, e.g. --voila-arg=--VoilaKernelManager.fill_delay=3")
    ap.add_argument("--idle", type=float, default=600,
                    help="--only idle: seconds nobody visits before the first visitor (default 600)")
    ap.add_argument("--scripted", action="store_true",
                    help="attack: each idle socket on a page of its own, fetched by a script that passes the gate")
    ap.add_argument("--only", choices=["render", "memory", "class", "wsclass", "attack", "gets", "sessions", "idle"],
                    nargs="*")
    args = ap.parse_args()
    only = set(args.only or ["render", "memory", "wsclass", "class", "gets", "sessions"])
    global POOL, SERVER_CPUS
    POOL = args.pool
    if args.pin:
        SERVER_CPUS = {(os.cpu_count() or 2) - 1}
    VOILA_ARGS.extend(args.voila_arg)
    print(busy_warning())
    if "attack" in only:
        r = a_class_arrives_without_browsers(args.class_size, attack=True, scripted=args.scripted)
        print_ws_class(f"ATTACK: {r['n']} students within 5 s while an attacker sends an 8-byte frame a second, "
                       f"100 bare GETs and 40 idle sockets ({'each on a scripted page of its own' if args.scripted else 'on its one page'}; "
                       f"pool {POOL or 'of voila.json'})", r)
        only.discard("attack")
        if not only:
            return
    if "wsclass" in only:
        r = a_class_arrives_without_browsers(args.class_size)
        print_ws_class(f"{r['n']} students within 5 s, websocket clients (no browsers), pool {POOL or 'of voila.json'}", r)
        only.discard("wsclass")
        if not only:
            return
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        if "idle" in only:
            r = first_visitor_after_idle(browser, args.idle)
            for who, label in (("first", f"first visitor after {r['idle_s']:.0f} s idle"),
                               ("control", "next visitor, right after")):
                v = r[who]
                print(f"{label}: board shown {v['shown']:.2f} s, interactive {v['interactive']:.2f} s "
                      f"(target < 3 s); server+kernels CPU {v['server_cpu']:.2f} s, browser CPU "
                      f"{v['browser_cpu']:.2f} s" + (f"; error: {r[who + '_error']}" if who + "_error" in r else ""))
            print(f"live kernels: {r['live_before_idle']} before the idle spell, {r['live_after_idle']} after it")
            only.discard("idle")
            if not only:
                browser.close()
                return
        if "memory" in only:
            light, loaded = kernel_memory_light_and_loaded(browser)
            print(f"kernel memory: {light:.0f} MB after the first render, {loaded:.0f} MB after the Circuit tab"
                  "   target < 100 MB until a circuit is drawn")
        if "class" in only:
            r = a_class_arrives(pw, args.class_size, per=args.per_browser, nice=args.nice_browsers)
            print(f"{r['n']} students within 5 s in chromium ({r['per']} pages a browser"
                  f"{', browsers at nice 19' if r['nice'] else ''}): {r['interactive']} "
                  f"interactive, {r['answered']} answered a mark; time to interactive p50 {r['p50']:.1f} s, "
                  f"p95 {r['p95']:.1f} s, worst {r['worst']:.1f} s (target p95 < 20 s); wall {r['wall']:.0f} s; "
                  f"{'server+kernels pinned to core ' + str(sorted(SERVER_CPUS)) + ', browsers on the rest; ' if SERVER_CPUS else ''}"
                  f"CPU s: browsers {r['browser_cpu']:.0f} (launch {r['launch_cpu']:.0f}), server "
                  f"{r['server_cpu']:.0f}, kernels {r['kernels_cpu']:.0f}; {r['kernels']} kernels, "
                  f"{r['mb_per_kernel']:.0f} MB a kernel" + (f"; never interactive: {r['stalled']}" if r["stalled"] else ""))
        if "gets" in only:
            ok, full, right_after, after_cull = bare_gets(args.gets)
            print(f"{args.gets} bare GETs: {ok} pages, {full} 'server full' (503); live kernels right after "
                  f"{right_after}, after the cull {after_cull} (target: no more than the pool, 1)")
        if not only & {"render", "sessions"}:
            browser.close()
            return
        if "render" in only:
            cold, cold_mem, cold_cpu, cold_bcpu = first_render(browser, False, args.repeats)
            warm, warm_mem, warm_cpu, warm_bcpu = first_render(browser, True, args.repeats)
            print(f"first render, cold kernel:      median {statistics.median(cold):.2f} s "
                  f"(min {min(cold):.2f}, max {max(cold):.2f}; {len(cold)} loads; CPU a load: server+kernels "
                  f"{cold_cpu:.2f} s, browser {cold_bcpu:.2f} s)   target < 5 s")
            print(f"first render, preheated kernel: median {statistics.median(warm):.2f} s "
                  f"(min {min(warm):.2f}, max {max(warm):.2f}; {len(warm)} loads; CPU a load: server+kernels "
                  f"{warm_cpu:.2f} s, browser {warm_bcpu:.2f} s)   target < 1.5 s")
            print(f"kernel memory after render:     {cold_mem:.0f} MB (cold), {warm_mem:.0f} MB (preheated)"
                  "   target < 200 MB")
            clicks = click_latency(browser, 12)
            print(f"click to update in the browser: median {statistics.median(clicks):.0f} ms over "
                  f"{len(clicks)} marks (max {max(clicks):.0f})   target < 150 ms")
        if "sessions" not in only:
            browser.close()
            return
        print(f"{'sessions':>8} {'loaded':>7} {'answered':>9} {'load all s':>11} {'2 clicks ms':>12} "
              f"{'MB/kernel':>10} {'MB total':>9}")
        for n in args.sessions:
            r = concurrent(pw, n)
            print(f"{r['n']:>8} {r['loaded']:>7} {r['answered']:>9} {r['load_all_s']:>11.1f} "
                  f"{r['two_clicks_ms']:>12.0f} {r['mb_per_kernel']:>10.0f} {r['mb_total']:>9.0f}")
        browser.close()


if __name__ == "__main__":
    main()
