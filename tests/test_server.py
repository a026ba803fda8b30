"""qttt_widgets.server without a browser: the checks run on crafted input, with jupyter_server's
own classes where they are cheap to build. The same defects against a real Voila server are in
tests/browser/test_server_limits.py."""
from unittest.mock import MagicMock

import pytest
from jupyter_server.services.kernels.connection import channels
from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

from qttt_widgets import server
from qttt_widgets.server import BROWSER_PROTOCOL, BrowserProtocolConnection


def a_frame(parts=(b'{"msg_type": "kernel_info_request"}', b"{}", b"{}", b"{}"), channel="shell") -> bytes:
    return serialize_msg_to_ws_v1(list(parts), channel)


def connection(monkeypatch):
    """A connection whose socket is a mock, with jupyter_server's decoder replaced by a spy."""
    decoded = []
    monkeypatch.setattr(channels, "deserialize_msg_from_ws_v1",
                        lambda frame: decoded.append(frame) or ("nowhere", []))
    handler = MagicMock(spec=KernelWebsocketHandler)
    handler.selected_subprotocol = BROWSER_PROTOCOL
    handler.request = MagicMock(remote_ip="203.0.113.9")
    conn = BrowserProtocolConnection(websocket_handler=handler)
    conn.channels = {"shell": MagicMock()}
    return conn, handler, decoded


# --- finding 2: one 8-byte frame froze the server ------------------------------------------------
def test_an_8_byte_frame_declaring_ten_million_offsets_is_refused_before_decoding(monkeypatch):
    conn, handler, decoded = connection(monkeypatch)
    conn.handle_incoming_message((10**7).to_bytes(8, "little"))
    assert decoded == []                                   # jupyter_server never built its list
    handler.close.assert_called_once()
    assert handler.close.call_args.args[0] == 1008


def test_a_well_formed_frame_still_reaches_the_kernel(monkeypatch):
    conn, handler, decoded = connection(monkeypatch)
    frame = a_frame()
    conn.handle_incoming_message(frame)
    assert decoded == [frame]
    handler.close.assert_not_called()


@pytest.mark.parametrize("frame, words", [
    ((10**7).to_bytes(8, "little"), "declares 10000000 offsets"),
    ((6).to_bytes(8, "little"), "do not fit"),
    (b"\x01\x02", "shorter than its header"),
    ("a text frame", "text frame"),
    (b"\x00" * (4 * 2**20 + 1), "over the limit"),        # server.MAX_FRAME_BYTES
    (a_frame()[:-5], "outside the frame"),                  # the last part cut short
    (a_frame()[:32] + (10**9).to_bytes(8, "little") + a_frame()[40:], "outside the frame"),
    (a_frame().replace(b"shell", b"sh\xffll"), "not UTF-8"),
], ids=["10**7-offsets", "6-offsets-in-8-bytes", "2-bytes", "text", "over-4MB", "cut-short", "offset-past-end",
        "channel-not-utf8"])
def test_frame_problem_names_what_is_wrong(frame, words):
    problem = server.frame_problem(frame)
    assert problem and words in problem, problem


def test_frames_the_browser_sends_pass_the_check():
    assert server.frame_problem(a_frame()) is None
    assert server.frame_problem(a_frame(parts=(b"{}", b"{}", b"{}", b"{}", b"\x00" * 1000))) is None
    assert server.frame_problem(a_frame(parts=(b"x" * (2 * 2**20), b"{}", b"{}", b"{}"))) is None  # a pasted 2 MB record


# --- finding 7: a handler's traceback reached the visitor's browser ---------------------------------------
def test_a_handler_error_shows_one_line_and_its_traceback_goes_to_the_server_log(monkeypatch):
    import io

    from IPython.core.interactiveshell import InteractiveShell

    from qttt_widgets.kernel_limits import quiet_errors
    from qttt_widgets.widgets import GameApp

    shell = InteractiveShell.instance()
    monkeypatch.setattr(shell, "showtraceback", shell.showtraceback)   # undone after the test
    shown = []
    monkeypatch.setattr(shell, "_showtraceback", lambda *a: shown.append(a))   # what would reach the page
    app = GameApp()
    log = io.StringIO()
    quiet_errors(app, stream=log)

    def broken(_button):
        raise RuntimeError("/srv/secret/install/path")
    app.undo_button.on_click(broken)
    app.undo_button.click()
    assert "Traceback" in log.getvalue() and "/srv/secret/install/path" in log.getvalue()
    assert shown == []                                                  # nothing sent to the page
    assert "Something went wrong: RuntimeError" in app.message.value
    assert "secret" not in app.message.value and "Traceback" not in app.message.value


# --- finding 6: memory by resident size, a CPU budget with no page connected ----------------------------
class FakeProcess:
    def __init__(self, rss_mb=80, cpu_s=1.0):
        self.rss_mb, self.cpu_s = rss_mb, cpu_s

    def memory_info(self):
        return MagicMock(rss=int(self.rss_mb * 2**20))

    def cpu_times(self):
        return (self.cpu_s, 0.0)


def a_manager(monkeypatch, connections=0, **settings):
    from jupyter_server._tz import utcnow

    from qttt_widgets.server import CappedKernelManager
    km = CappedKernelManager(**settings)
    kernel = MagicMock(last_activity=utcnow(), execution_state="busy")
    km._kernels["k"] = kernel
    km._kernel_connections["k"] = connections
    process = FakeProcess()
    km._pages["k"] = {"pooled": False, "seen": True, "cpu_base": None, "process": process}
    stopped = []

    async def shutdown_kernel(kernel_id, now=False, restart=False):
        stopped.append((kernel_id, now))
        km._kernels.pop(kernel_id, None)
    monkeypatch.setattr(km, "shutdown_kernel", shutdown_kernel)

    async def not_culled(self, kernel_id):
        return None
    monkeypatch.setattr(server.AsyncMappingKernelManager, "cull_kernel_if_idle", not_culled)
    return km, process, stopped


def run(coroutine):
    """asyncio.run in a thread of its own: Playwright's session loop may be running in this one."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def tick(km):
    run(km.cull_kernel_if_idle("k"))


def test_a_kernel_over_its_resident_memory_limit_is_stopped_and_the_page_is_told(monkeypatch):
    km, process, stopped = a_manager(monkeypatch, connections=1, kernel_rss_mb=1000)
    tick(km)
    assert stopped == []
    process.rss_mb = 1510                                  # the 5 x 5 lookahead of the issue
    tick(km)
    assert stopped == [("k", True)]                        # killed, not asked: a busy kernel ignores requests
    with pytest.raises(server.web.HTTPError) as gone:
        km._check_kernel_id("k")
    assert gone.value.reason == "stopped: over its memory limit"


def test_a_busy_kernel_with_no_page_connected_has_a_cpu_budget(monkeypatch):
    km, process, stopped = a_manager(monkeypatch, connections=0, unconnected_cpu_s=60)
    tick(km)                                               # the budget counts from here
    process.cpu_s += 59
    tick(km)
    assert stopped == []
    process.cpu_s += 2
    tick(km)
    assert stopped == [("k", True)]


def test_a_connected_kernel_may_compute_for_as_long_as_its_page_stays(monkeypatch):
    km, process, stopped = a_manager(monkeypatch, connections=1, unconnected_cpu_s=60)
    for _ in range(3):
        process.cpu_s += 100
        tick(km)
    assert stopped == []


def test_the_kernels_together_stay_under_the_total_memory_limit(monkeypatch):
    km, process, stopped = a_manager(monkeypatch, connections=1, kernel_rss_mb=1000, total_rss_mb=1500)
    for name, mb in (("a", 600), ("b", 900)):
        km._kernels[name] = MagicMock()
        km._pages[name] = {"pooled": False, "seen": True, "cpu_base": None, "process": FakeProcess(rss_mb=mb)}
    run(km._keep_total_memory())                   # 80 + 600 + 900 = 1580 MB
    assert stopped == [("b", True)]
