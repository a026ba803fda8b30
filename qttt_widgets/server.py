"""Serving the demo app to a class (issue 14 and issue 22): a cap on live kernels, rules for
which kernels may stay alive, memory and CPU limits, and kernel websockets in the browsers'
protocol only, each frame checked before it is decoded.

Voila starts one kernel per page view. jupyter_server culls idle kernels but has no cap on how
many run at once, does not notice a page that never ran its JavaScript, and cannot tell the
page why its kernel went. This is the smallest subclass of its kernel manager that does
(every setting in ``voila.json``)::

    {"VoilaConfiguration": {"multi_kernel_manager_class": "qttt_widgets.server.CappedKernelManager"},
     "CappedKernelManager": {"max_kernels": 40, "kernel_memory_mb": 2500, "unseen_timeout": 10,
                             "connected_idle_timeout": 1800, "kernel_rss_mb": 1000,
                             "unconnected_cpu_s": 60},
     "MappingKernelManager": {"cull_idle_timeout": 120, "cull_interval": 2}}

At the cap a new visitor gets HTTP 503 with a page that says the class's server is full and to
try again in a minute; nobody already playing is affected. ``kernel_memory_mb`` is passed to
each kernel in ``QTTT_KERNEL_MEMORY_MB``; the app notebook calls
:func:`qttt_widgets.kernel_limits.limit_memory` first thing, which caps the kernel's address
space (Linux ``RLIMIT_AS``); resident memory is watched from here (``kernel_rss_mb``,
``total_rss_mb``). The rules are in :class:`CappedKernelManager`; the page side (the sentence
and the Reload button, the ``_xsrf`` cookie for Voila's close beacon) is the script in the
app notebook's second cell.
"""
from __future__ import annotations

import collections
import os

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from tornado.websocket import WebSocketClosedError
from traitlets import Float, Integer

from qttt_widgets.kernel_limits import ENV
REASON = "The game server is full right now - please try again in a minute"    # shown on Voila's error page
FULL = ("The class's game server is full right now ({n} games running). "
        "Please try again in a minute: games that are closed free their place.")

# why a kernel was stopped: the page asks GET /api/kernels/<id> and shows the sentence for it
STOPPED = {
    "unseen": "its page never connected",
    "idle": "idle",
    "memory": "over its memory limit",
    "cpu": "busy with no page connected",
    "closed": "closed",
}


class CappedKernelManager(AsyncMappingKernelManager):
    """AsyncMappingKernelManager with at most ``max_kernels`` live kernels, and a policy for
    which kernels may stay alive, checked by jupyter_server's culler every ``cull_interval``:

    * a kernel handed to a page (fresh, or from Voila's pool) waits at most ``unseen_timeout``
      seconds (counted once Voila has finished running the notebook for the page) for its
      page's JavaScript to ask for it (GET /api/kernels/<id>, which the page does
      at once, or a message on its websocket; a socket that connects and says nothing does not
      count): a crawler, ``curl`` or a link preview holds a kernel for seconds, not minutes. A pooled kernel's idle clock starts when it is handed to a page, not
      when it was preheated (it used to be culled before a slow device connected);
    * a kernel with a connected page is stopped after ``connected_idle_timeout`` seconds without
      a message (the page then says "you were idle"); jupyter_server's ``cull_idle_timeout``
      still stops a kernel whose page has gone;
    * a kernel whose resident memory passes ``kernel_rss_mb`` is stopped (the page says so), and
      while all kernels together hold more than ``total_rss_mb`` (default: three quarters of
      the machine's memory), the largest is stopped;
    * a kernel with no page connected may use ``unconnected_cpu_s`` CPU seconds, then is stopped;
    * once there is room under the cap, Voila's pool of preheated kernels is filled again (after
      the cap was reached once, it never refilled).

    ``GET /api/kernels/<id>`` of a stopped kernel answers 404 with the reason
    (``"reason": "stopped: idle"``), which the app page turns into a sentence.
    """

    max_kernels = Integer(40, config=True, help="Most kernels alive at once; beyond it, HTTP 503.")
    kernel_memory_mb = Integer(2500, config=True,
                               help="Address-space cap of each kernel in MB (0: none); see limit_memory().")
    unseen_timeout = Float(10, config=True, help="Seconds a kernel handed to a page waits for the page's "
                           "JavaScript to ask for it before it is stopped (0: no limit).")
    connected_idle_timeout = Float(1800, config=True, help="Seconds without a message after which a kernel "
                                   "with a connected page is stopped (0: never).")
    kernel_rss_mb = Integer(1000, config=True, help="Resident memory in MB above which a kernel is stopped (0: none).")
    total_rss_mb = Integer(0, config=True, help="Resident memory in MB of all kernels together above which the "
                           "largest is stopped (0: three quarters of the machine's memory).")
    unconnected_cpu_s = Float(60, config=True, help="CPU seconds a kernel may use while no page is connected "
                              "to it (0: no limit).")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._pages: dict[str, dict] = {}                 # kernel id -> what the policy knows of it
        self._stopped: collections.OrderedDict[str, str] = collections.OrderedDict()

    def __init_subclass__(cls, **kwargs):
        """Voila wraps this class in its VoilaKernelManager (the pool): note the moment a
        pooled kernel is handed to a page, which only its get_rendered_notebook knows."""
        super().__init_subclass__(**kwargs)
        handout = cls.__dict__.get("get_rendered_notebook")
        if handout is not None:
            async def get_rendered_notebook(self, *args, **kw):
                result = await handout(self, *args, **kw)
                self._handed_to_a_page(result[2], result[0])
                return result
            cls.get_rendered_notebook = get_rendered_notebook

    async def start_kernel(self, *args, **kwargs):
        live = len(self.list_kernel_ids())
        if live >= self.max_kernels:
            self.log.warning("kernel cap reached: %d live kernels, refusing a new one", live)
            raise web.HTTPError(503, FULL.format(n=live), reason=REASON)
        env = dict(kwargs.get("env") or os.environ)
        if self.kernel_memory_mb:
            env[ENV] = str(self.kernel_memory_mb)
        kwargs["env"] = env
        kernel_id = await super().start_kernel(*args, **kwargs)
        pooled = env.get("VOILA_PREHEAT") == "True"            # Voila starts its pool's kernels so
        self._pages[kernel_id] = {"pooled": pooled, "seen": False, "cpu_base": None, "process": None}
        return kernel_id

    # --- what the page does -------------------------------------------------------------------
    def _handed_to_a_page(self, kernel_id: str, render=None) -> None:
        """A pooled kernel goes to a page. Voila hands it over as soon as the kernel has started,
        with the notebook still running in ``render`` (a task): its clocks start when that is done."""
        page = self._pages.get(kernel_id)
        if page is not None and page["pooled"]:
            page["pooled"] = False
            self._restart_clock(kernel_id)                   # its idle clock starts now
            if render is not None and not render.done():
                page["rendering"] = True

                def rendered(_task, page=page):
                    page["rendering"] = False
                    self._restart_clock(kernel_id)
                render.add_done_callback(rendered)

    def _restart_clock(self, kernel_id: str) -> None:
        kernel = self._kernels.get(kernel_id)
        if kernel is not None:
            kernel.last_activity = utcnow()

    def _seen(self, kernel_id: str) -> None:
        page = self._pages.get(kernel_id)
        if page is not None and not page["seen"]:
            page["seen"] = True
            page["pooled"] = False
            kernel = self._kernels.get(kernel_id)
            if kernel is not None:
                kernel.last_activity = utcnow()

    _listing = False

    def kernel_model(self, kernel_id):
        if not self._listing:                  # GET /api/kernels/<id>: the page's JavaScript is running
            self._seen(kernel_id)
        return super().kernel_model(kernel_id)

    def list_kernels(self):
        self._listing = True
        try:
            return super().list_kernels()
        finally:
            self._listing = False


    def _check_kernel_id(self, kernel_id):
        if kernel_id not in self and kernel_id in self._stopped:
            raise web.HTTPError(404, "Kernel does not exist: %s" % kernel_id,
                                reason=f"stopped: {STOPPED.get(self._stopped[kernel_id], 'closed')}")
        super()._check_kernel_id(kernel_id)

    # --- stopping -----------------------------------------------------------------------------
    async def _stop(self, kernel_id: str, why: str, detail: str) -> None:
        self.log.warning("stopping kernel %s: %s", kernel_id, detail)
        self._stopped[kernel_id] = why
        for connection in list(ZMQChannelsWebsocketConnection._open_sockets):
            if connection.kernel_id == kernel_id and connection.websocket_handler.ws_connection:
                connection.websocket_handler.close(4000, f"stopped: {STOPPED[why]}")   # the page hears it at once
        await self.shutdown_kernel(kernel_id, now=why in ("memory", "cpu"))

    async def shutdown_kernel(self, kernel_id, *args, **kwargs):
        self._stopped.setdefault(kernel_id, "closed")
        while len(self._stopped) > 5000:
            self._stopped.popitem(last=False)
        self._pages.pop(kernel_id, None)
        return await super().shutdown_kernel(kernel_id, *args, **kwargs)

    def _process(self, kernel_id: str):
        page = self._pages[kernel_id]
        if page["process"] is None:
            import psutil                                     # ipykernel's own dependency
            pid = getattr(getattr(self._kernels[kernel_id], "provisioner", None), "pid", None)
            if pid is None:
                return None
            page["process"] = psutil.Process(pid)
        return page["process"]

    async def cull_kernel_if_idle(self, kernel_id):
        """jupyter_server's culler calls this every ``cull_interval`` for each kernel (Voila's
        pool skips its own preheated kernels first)."""
        page = self._pages.get(kernel_id)
        kernel = self._kernels.get(kernel_id)
        if page is None or kernel is None or page["pooled"]:
            return await super().cull_kernel_if_idle(kernel_id)
        idle = (utcnow() - kernel.last_activity).total_seconds()
        connections = self._kernel_connections.get(kernel_id, 0)
        # not while Voila still runs the notebook for the page (a pooled kernel is handed over
        # as soon as it has started; a fresh one is busy): on a crowded server that takes longer
        # than unseen_timeout, and a kernel stopped then left its page loading for ever. The
        # render's end (or its last message) restarts the clock
        if (not page["seen"] and self.unseen_timeout and idle > self.unseen_timeout
                and kernel.execution_state != "busy" and not page.get("rendering")):
            return await self._stop(kernel_id, "unseen",
                                    f"its page never connected in {idle:.0f} s (a crawler, curl or a link preview?)")
        if (connections and self.connected_idle_timeout and idle > self.connected_idle_timeout
                and kernel.execution_state != "busy"):
            return await self._stop(kernel_id, "idle", f"idle for {idle:.0f} s with {connections} page(s) connected")
        import psutil
        try:
            process = self._process(kernel_id)
            if process is not None:
                rss_mb = process.memory_info().rss / 2**20
                # only once its page runs: a kernel stopped while Voila renders the page leaves
                # that page loading for ever (Voila 0.5), and the first cell is ours
                if self.kernel_rss_mb and rss_mb > self.kernel_rss_mb and page["seen"]:
                    return await self._stop(kernel_id, "memory",
                                            f"resident memory {rss_mb:.0f} MB over the limit of {self.kernel_rss_mb} MB")
                cpu = sum(process.cpu_times()[:2])
                if connections or page["cpu_base"] is None:
                    page["cpu_base"] = cpu                    # counted from the moment no page is connected
                elif self.unconnected_cpu_s and cpu - page["cpu_base"] > self.unconnected_cpu_s:
                    return await self._stop(kernel_id, "cpu", f"{cpu - page['cpu_base']:.0f} CPU seconds with no "
                                            f"page connected (the budget is {self.unconnected_cpu_s:.0f})")
        except psutil.Error:
            pass
        return await super().cull_kernel_if_idle(kernel_id)

    # --- the pool -----------------------------------------------------------------------------
    def _refill_pool(self) -> None:
        """Voila fills its pool only when a pooled kernel is handed out; a refill refused at the
        cap left the pool empty for good. Drop refused refills and fill again while there is room."""
        pools = getattr(self, "_pools", None)
        if not pools or not hasattr(self, "fill_if_needed"):
            return
        for name, pool in pools.items():
            for task in list(pool):
                if task.done() and (task.cancelled() or task.exception() is not None):
                    pool.remove(task)
            if len(self.list_kernel_ids()) < self.max_kernels:
                self.fill_if_needed(delay=0, notebook_name=name)

    async def cull_kernels(self):
        await super().cull_kernels()
        await self._keep_total_memory()
        self._refill_pool()

    def _total_limit_mb(self) -> float:
        if self.total_rss_mb:
            return self.total_rss_mb
        import psutil
        return psutil.virtual_memory().total / 2**20 * 0.75

    async def _keep_total_memory(self) -> None:
        """While all kernels together hold more than ``total_rss_mb`` of resident memory, stop
        the largest one that has a page (the others are the pool or pages still loading)."""
        import psutil
        sizes = {}
        for kernel_id in list(self._pages):
            try:
                process = self._process(kernel_id) if kernel_id in self._kernels else None
                if process is not None:
                    sizes[kernel_id] = process.memory_info().rss / 2**20
            except psutil.Error:
                pass
        limit = self._total_limit_mb()
        while sizes and sum(sizes.values()) > limit:
            candidates = [k for k in sizes if self._pages.get(k, {}).get("seen")]
            if not candidates:
                return
            biggest = max(candidates, key=sizes.get)
            await self._stop(biggest, "memory", f"the kernels hold {sum(sizes.values()):.0f} MB together, over the "
                             f"limit of {limit:.0f} MB; this one holds {sizes[biggest]:.0f} MB")
            del sizes[biggest]


def utcnow():
    from jupyter_server._tz import utcnow as now
    return now()


BROWSER_PROTOCOL = "v1.kernel.websocket.jupyter.org"


class BrowserProtocolConnection(ZMQChannelsWebsocketConnection):
    """Kernel websockets that speak only the binary protocol browsers use (JupyterLab 4 and
    Voila 0.5 pages ask for ``v1.kernel.websocket.jupyter.org``). jupyter_server also accepts
    a client that asks for no protocol (the "legacy" JSON one); with this app, such a client
    asking for the widgets' state made the server's memory grow by about 25 MB a second, with
    no end, even after the client left (measured with jupyter_server 2.x and Voila 0.5). A
    stranger's script could take the class's server down that way, so it is refused (HTTP 400)
    before the upgrade::

        {"Voila": {"kernel_websocket_connection_class": "qttt_widgets.server.BrowserProtocolConnection",
                   "tornado_settings": {"websocket_max_message_size": 4194304}}}

    Every frame is checked before jupyter_server decodes it (:func:`frame_problem`): one
    malformed frame closes that socket (code 1008) and nothing else. ``MAX_FRAME_BYTES`` (4 MB)
    bounds a frame here; tornado's ``websocket_max_message_size`` (the same 4 MB in voila.json;
    tornado's default is 10 MB) refuses a bigger one before it is even read.
    """

    @property
    def write_message(self):
        """The websocket handler's ``write_message``, minus the log noise of a page that has
        gone. jupyter_server writes each kernel message without waiting on it, and tornado
        returns a task that fails with ``WebSocketClosedError`` when the socket closes before
        the write is done (a tab closed, a phone off the network): nobody retrieved that
        failure, so asyncio logged 'Task exception was never retrieved' with two tracebacks,
        once a message. Here the failure is taken (a message for a page that has gone has
        nowhere to go), and a write to a socket already closed is dropped the same way."""
        write = self.websocket_handler.write_message

        def write_or_drop(message, binary=False):
            try:
                future = write(message, binary=binary)
            except WebSocketClosedError:
                return None
            if future is not None:
                future.add_done_callback(_take_closed_error)
            return future
        return write_or_drop

    async def prepare(self):
        offered = self.websocket_handler.request.headers.get("Sec-WebSocket-Protocol", "")
        if BROWSER_PROTOCOL not in [p.strip() for p in offered.split(",")]:
            # a plain-text 400, finished here: raising HTTPError made jupyter_server render an HTML
            # error page it has no template for (400.html, then error.html without static_path),
            # and each refusal wrote about 5 KB of traceback to the log
            handler = self.websocket_handler
            handler.set_status(400)
            handler.set_header("Content-Type", "text/plain; charset=utf-8")
            handler.log.warning("refused a kernel websocket from %s: not the browsers' protocol (offered %r)",
                                handler.request.remote_ip, offered[:100])
            raise web.Finish(f"this server speaks only the browsers' kernel protocol ({BROWSER_PROTOCOL})\n")
        await super().prepare()

    def handle_incoming_message(self, incoming_msg) -> None:
        """Check a frame before jupyter_server decodes it (see :func:`frame_problem`): a frame
        that does not fit its own header, or is over MAX_FRAME_BYTES, closes the socket
        (code 1008, policy violation) and is never decoded."""
        problem = frame_problem(incoming_msg)
        if problem:
            handler = self.websocket_handler
            self.log.warning("kernel %s: refused a websocket frame from %s (%s); closing the socket",
                             getattr(handler, "kernel_id", "?"), handler.request.remote_ip, problem)
            handler.close(1008, "malformed kernel message")
            return
        seen = getattr(getattr(self.parent, "parent", None), "_seen", None)
        if seen is not None:            # a page's widget manager speaks at once; an idle script's socket never does
            seen(self.kernel_id)
        super().handle_incoming_message(incoming_msg)


def _take_closed_error(future) -> None:
    """Done callback of a websocket write: take a ``WebSocketClosedError`` (the page has gone;
    nothing to do). Any other failure is raised again, so asyncio's handler still logs it."""
    if future.cancelled():
        return
    error = future.exception()
    if error is not None and not isinstance(error, WebSocketClosedError):
        raise error


MAX_FRAME_BYTES = 4 * 2**20      # the app's largest message from a page: a pasted record (2 MB of text is refused on screen)
MAX_FRAME_PARTS = 64             # offsets in one frame: channel, 4 message parts, binary buffers, end


def frame_problem(frame) -> str | None:
    """Why a kernel websocket frame in the browsers' binary protocol must not be decoded, or
    None if it is well formed.

    jupyter_server's ``deserialize_msg_from_ws_v1`` reads the first 8 bytes as the number of
    offsets and builds a list that long on the server's event loop before looking at the
    frame's length: an 8-byte frame declaring 10**7 offsets stalled every visitor for seconds.
    Here the declared count must be small and fit the frame, every offset must lie inside
    the frame and none may go backwards. Linear in the (bounded) frame, never in what it
    declares."""
    if not isinstance(frame, (bytes, bytearray, memoryview)):
        return "a text frame (the browsers' protocol is binary)"
    size = len(frame)
    if size > MAX_FRAME_BYTES:
        return f"{size} bytes, over the limit of {MAX_FRAME_BYTES}"
    if size < 8:
        return f"{size} bytes, shorter than its header"
    count = int.from_bytes(frame[:8], "little")
    if not 3 <= count <= MAX_FRAME_PARTS:
        return f"declares {count} offsets (3 to {MAX_FRAME_PARTS} allowed)"
    if 8 * (count + 1) > size:
        return f"declares {count} offsets that do not fit in its {size} bytes"
    offsets = [int.from_bytes(frame[8 * (i + 1): 8 * (i + 2)], "little") for i in range(count)]
    if offsets[0] < 8 * (count + 1) or offsets[-1] > size or any(a > b for a, b in zip(offsets, offsets[1:])):
        return "offsets outside the frame or out of order"
    try:
        bytes(frame[offsets[0]:offsets[1]]).decode("utf-8")
    except UnicodeDecodeError:
        return "a channel name that is not UTF-8"
    return None
