"""The Voila demo app in a real browser: first render, click latency, kernel memory, and
concurrent sessions. Everything runs on loopback (127.0.0.1) and stops by itself.

* time to first render: from navigation until the board's buttons show, with a cold
  kernel (preheating off) and with voila.json's preheated kernel pool;
* click to update: a click on a square until the browser shows the changed square;
* kernel memory: resident memory of one app kernel after the page rendered;
* concurrent sessions: N pages (2, 10, 30) open at once (at most 6 per browser, as separate
  students would have), each then plays a mark; how many loaded and answered, the time for
  all to load, and kernel memory per session.

    python benchmarks/voila_app.py [--sessions 2 10 30] [--repeats 5]

Targets: first render under 5 s cold and under 2 s preheated; click under 150 ms;
kernel under 200 MB; 30 sessions on this machine.
"""
from __future__ import annotations

import argparse
import math
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from conftest import CHROMIUM, CHROMIUM_ARGS, free_port, stop, wait_until_up  # noqa: E402


def start_voila(preheat: bool):
    port = free_port()
    cmd = [sys.executable, "-m", "voila", "notebooks/app.ipynb", "--no-browser", f"--port={port}",
           "--Voila.ip=127.0.0.1", f"--VoilaConfiguration.preheat_kernel={preheat}"]
    log = open(ROOT / "test-artifacts" / "voila-benchmark.log", "a")
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    wait_until_up(base + "/voila/static/", proc)
    return proc, base


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


def load(page, base, timeout=120_000) -> float:
    t0 = time.perf_counter()
    page.goto(base + "/")
    page.wait_for_selector("button[title^='square 5']", timeout=timeout)
    return time.perf_counter() - t0


def first_render(browser, preheat: bool, repeats: int) -> tuple[list[float], float]:
    proc, base = start_voila(preheat)
    times = []
    try:
        if preheat:
            time.sleep(8)                              # let the pool fill (the notebook runs ahead)
        for _ in range(repeats):
            ctx = browser.new_context()
            page = ctx.new_page()
            times.append(load(page, base))
            mem = max(kernels_rss_mb(proc) or [0])
            ctx.close()
            if preheat:
                time.sleep(8)                          # refill before the next visitor
    finally:
        stop(proc)
    return times, mem


def click_latency(browser, clicks: int) -> list[float]:
    proc, base = start_voila(True)
    out = []
    try:
        time.sleep(6)
        ctx = browser.new_context()
        page = ctx.new_page()
        load(page, base)
        pairs = [(1, 9), (5, 9), (1, 5), (3, 7), (2, 8), (4, 6)]
        for a, b in pairs[: max(1, clicks // 2)]:
            for sq in (a, b):
                before = page.locator(f"button[title^='square {sq}']").get_attribute("title")
                t0 = time.perf_counter()
                page.click(f"button[title^='square {sq}']")
                if sq == b:      # the second click places the mark: wait until the square shows it
                    page.wait_for_function(
                        "([sel, old]) => document.querySelector(sel).title !== old",
                        arg=[f"button[title^='square {sq}']", before])
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int, nargs="*", default=[2, 10, 30])
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        cold, cold_mem = first_render(browser, False, args.repeats)
        warm, warm_mem = first_render(browser, True, args.repeats)
        print(f"first render, cold kernel:      median {statistics.median(cold):.2f} s "
              f"(min {min(cold):.2f}, max {max(cold):.2f}; {len(cold)} loads)   target < 5 s")
        print(f"first render, preheated kernel: median {statistics.median(warm):.2f} s "
              f"(min {min(warm):.2f}, max {max(warm):.2f}; {len(warm)} loads)   target < 2 s")
        print(f"kernel memory after render:     {cold_mem:.0f} MB (cold), {warm_mem:.0f} MB (preheated)"
              "   target < 200 MB")
        clicks = click_latency(browser, 12)
        print(f"click to update in the browser: median {statistics.median(clicks):.0f} ms over "
              f"{len(clicks)} marks (max {max(clicks):.0f})   target < 150 ms")
        print(f"{'sessions':>8} {'loaded':>7} {'answered':>9} {'load all s':>11} {'2 clicks ms':>12} "
              f"{'MB/kernel':>10} {'MB total':>9}")
        for n in args.sessions:
            r = concurrent(pw, n)
            print(f"{r['n']:>8} {r['loaded']:>7} {r['answered']:>9} {r['load_all_s']:>11.1f} "
                  f"{r['two_clicks_ms']:>12.0f} {r['mb_per_kernel']:>10.0f} {r['mb_total']:>9.0f}")
        browser.close()


if __name__ == "__main__":
    main()
