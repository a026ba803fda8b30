"""Serving the demo app to a class (issue 14 and issue 22): a gate that keeps scripts and
crawlers from starting kernels, a cap on live kernels with an eviction order, rules for which
kernels may stay alive, memory and CPU limits, and kernel websockets in the browsers' protocol
only, each frame checked before it is decoded.

Voila starts one kernel per page view. jupyter_server culls idle kernels but has no cap on how
many run at once, does not notice a page that never ran its JavaScript, and cannot tell the
page why its kernel went. This is the smallest subclass of its kernel manager that does
(every setting in ``voila.json``)::

    {"VoilaConfiguration": {"multi_kernel_manager_class": "qttt_widgets.server.CappedKernelManager"},
     "CappedKernelManager": {"max_kernels": 40, "kernel_memory_mb": 2500, "unseen_timeout": 60,
                             "connected_idle_timeout": 1800, "kernel_rss_mb": 1000,
                             "unconnected_cpu_s": 60, "silent_socket_timeout": 10,
                             "evict_grace": 15, "evict_idle_after": 600, "cap_wait": 30},
     "MappingKernelManager": {"cull_idle_timeout": 120, "cull_interval": 2},
     "Voila": {"identity_provider_class": "qttt_widgets.server.GateIdentityProvider"}}

The app page is behind :class:`GateIdentityProvider`: a request without its signed cookie gets
a tiny page whose script sets it, so whatever does not run JavaScript starts no kernel. At the
cap a new page first evicts a kernel that nobody is using (:meth:`CappedKernelManager.eviction_order`:
pages that never ran their script, then pages whose websocket never spoke, then pages idle for
``evict_idle_after``); only if there is none does the visitor get HTTP 503 with a page that says
the class's server is full and to try again in a minute. There is deliberately no per-address
limit: a class behind one NAT address arrives as 30 visitors from one address within seconds;
the address only orders evictions within a rank. ``kernel_memory_mb`` is passed to
each kernel in ``QTTT_KERNEL_MEMORY_MB``; the app notebook calls
:func:`qttt_widgets.kernel_limits.limit_memory` first thing, which caps the kernel's address
space (Linux ``RLIMIT_AS``); resident memory is watched from here (``kernel_rss_mb``,
``total_rss_mb``). The rules are in :class:`CappedKernelManager`; the page side (the sentence
and the Reload button, the ``_xsrf`` cookie for Voila's close beacon) is the script in the
app notebook's second cell.
"""
from __future__ import annotations

import collections
import contextvars
import html
import json
import os
import secrets
import time
import weakref
from urllib.parse import urlsplit

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from tornado.ioloop import IOLoop
from tornado.websocket import WebSocketClosedError
from traitlets import Float, Integer
from voila.voila_identity_provider import VoilaIdentityProvider

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
    "silent": "its page connected and never spoke",
    "evicted": "made room for a new visitor",
    "away": "no page connected for too long",
}


class CappedKernelManager(AsyncMappingKernelManager):
    """AsyncMappingKernelManager with at most ``max_kernels`` live kernels, and a policy for
    which kernels may stay alive, checked by jupyter_server's culler every ``cull_interval``:

    * a kernel handed to a page (fresh, or from Voila's pool) waits at most ``unseen_timeout``
      seconds (on one clock, :meth:`_waited`: from the page's delivery) for its
      page's JavaScript to ask for it (GET /api/kernels/<id>, which the page does
      at once, or a message on its websocket; a socket that connects and says nothing does not
      count): a crawler, ``curl`` or a link preview holds a kernel for seconds, not minutes. A pooled kernel's idle clock starts when it is handed to a page, not
      when it was preheated (it used to be culled before a slow device connected);
    * jupyter_server's idle cull waits until the page has been sent (a kernel running the
      app cell on a crowded machine may send nothing for longer than ``cull_idle_timeout``);
    * a kernel with a connected page is stopped after ``connected_idle_timeout`` seconds without
      a message (the page then says "you were idle"); jupyter_server's ``cull_idle_timeout``
      still stops a kernel whose page has gone (a closed lid, a dropped network), and a page
      that comes back is told it was away;
    * a kernel whose resident memory passes ``kernel_rss_mb`` is stopped (the page says so), and
      while all kernels together hold more than ``total_rss_mb`` (default: three quarters of
      the machine's memory), the largest is stopped;
    * a kernel with no page connected may use ``unconnected_cpu_s`` CPU seconds, then is stopped;
    * a websocket that says nothing for ``silent_socket_timeout`` seconds after it connects is
      closed (code 4001), and its kernel stopped if none of its sockets ever spoke (a page's
      widget manager asks for kernel_info and the widgets' state at once; a script holding a
      socket open says nothing);
    * at the cap, a page's new kernel first evicts one in :meth:`eviction_order`; the pool's
      refill never evicts;
    * once there is room under the cap, Voila's pool of preheated kernels is filled again (after
      the cap was reached once, it never refilled).

    ``GET /api/kernels/<id>`` of a stopped kernel answers 404 with the reason
    (``"reason": "stopped: idle"``), which the app page turns into a sentence.
    """

    max_kernels = Integer(40, config=True, help="Most kernels alive at once; beyond it, HTTP 503.")
    kernel_memory_mb = Integer(2500, config=True,
                               help="Address-space cap of each kernel in MB (0: none); see limit_memory().")
    unseen_timeout = Float(60, config=True, help="Seconds a kernel handed to a page waits, from the page's "
                           "delivery, for the page's JavaScript to ask for it before it is stopped (0: no limit). "
                           "Only pages that passed the gate get a kernel, and at the cap a page that has not asked "
                           "is evicted after evict_grace, so this can allow for a slow device.")
    connected_idle_timeout = Float(1800, config=True, help="Seconds without a message after which a kernel "
                                   "with a connected page is stopped (0: never).")
    kernel_rss_mb = Integer(1000, config=True, help="Resident memory in MB above which a kernel is stopped (0: none).")
    total_rss_mb = Integer(0, config=True, help="Resident memory in MB of all kernels together above which the "
                           "largest is stopped (0: three quarters of the machine's memory).")
    unconnected_cpu_s = Float(60, config=True, help="CPU seconds a kernel may use while no page is connected "
                              "to it (0: no limit).")
    silent_socket_timeout = Float(10, config=True, help="Seconds a kernel websocket may stay silent after it "
                                  "connects (a page's widget manager speaks at once); then it is closed, and its "
                                  "kernel stopped if no socket of it ever spoke (0: no limit).")
    cap_wait = Float(30, config=True, help="Seconds a new page waits for room at the cap (evicting what "
                     "eviction_order allows) before it gets HTTP 503 (0: at once).")
    render_timeout = Float(120, config=True, help="Seconds after which a page whose HTML is still not sent "
                           "(a client that does not read it) counts as sent for the unseen rule and the eviction order.")
    evict_grace = Float(15, config=True, help="At the cap, a kernel whose page has not spoken is not evicted in "
                        "its first seconds (its page may still be loading).")
    evict_idle_after = Float(600, config=True, help="At the cap, a kernel whose page spoke may be evicted once it "
                             "has been idle this many seconds (0: never).")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._pages: dict[str, dict] = {}                 # kernel id -> what the policy knows of it
        self._stopped: collections.OrderedDict[str, str] = collections.OrderedDict()
        self._leaving: set[str] = set()                   # being shut down: no longer counted against the cap
        self._pool_ready_at: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()   # pool task -> end of its fill_delay

    def __init_subclass__(cls, **kwargs):
        """Voila wraps this class in its VoilaKernelManager (the pool): note the moment a
        pooled kernel is handed to a page, which only its get_rendered_notebook knows; and
        before its shutdown_kernel, drop the pool's refills that failed (refused at the cap):
        it reads every pool task's result and re-raised that 503, so no kernel could be shut
        down (a closed tab, the culler, a silent socket's kernel) until the next cull tick."""
        super().__init_subclass__(**kwargs)
        handout = cls.__dict__.get("get_rendered_notebook")
        if handout is not None:
            async def get_rendered_notebook(self, *args, **kw):
                name = kw.get("notebook_name", args[0] if args else None)
                self._ready_first(name)
                result = await handout(self, *args, **kw)
                self._handed_to_a_page(result[2], result[0])
                return result
            cls.get_rendered_notebook = get_rendered_notebook
        fill = cls.__dict__.get("fill_if_needed")
        if fill is not None:
            def fill_if_needed(self, delay=None, notebook_name=None, *args, **kw):
                before = list(self._pools.get(notebook_name, ()))
                fill(self, delay, notebook_name, *args, **kw)
                wait = self.fill_delay if delay is None else delay
                for task in self._pools.get(notebook_name, ()):
                    if task not in before:
                        self._pool_ready_at[task] = time.monotonic() + (wait or 0)
            cls.fill_if_needed = fill_if_needed
        if "get_pool_size" in cls.__dict__:
            def get_pool_size(self, notebook_name):
                return sum(1 for task in self._pools.get(notebook_name, ()) if self._pool_rank(task) < 2)
            cls.get_pool_size = get_pool_size
        shutdown = cls.__dict__.get("shutdown_kernel")
        if shutdown is not None:
            async def shutdown_kernel(self, *args, **kw):
                self._drop_failed_refills()
                return await shutdown(self, *args, **kw)
            cls.shutdown_kernel = shutdown_kernel

    _starting = 0                           # kernels being started: they count against the cap already

    def _live(self) -> int:
        return self._starting + sum(1 for k in self.list_kernel_ids()
                                    if k not in self._leaving and not self._pages.get(k, {}).get("leaving"))

    async def _room(self, pooled: bool) -> bool:
        """Whether a new kernel fits under the cap, after evicting one if a page needs it (the
        pool's refill never evicts). A page waits up to ``cap_wait`` seconds for room (kernels
        that never spoke are stopped within seconds) before it is told the server is full."""
        import asyncio
        deadline = time.monotonic() + (0 if pooled else self.cap_wait)
        while True:
            if self._live() < self.max_kernels:
                return True
            victim = [] if pooled else self.eviction_order()[:1]
            if victim:
                await self._stop(victim[0], "evicted", "evicted at the cap to make room for a new page "
                                 f"({self._describe(victim[0])})")
                continue
            if time.monotonic() >= deadline:
                return False
            await asyncio.sleep(0.5)

    async def start_kernel(self, *args, **kwargs):
        env = dict(kwargs.get("env") or os.environ)
        pooled = env.get("VOILA_PREHEAT") == "True"            # Voila starts its pool's kernels so
        if not await self._room(pooled):
            live = self._live()
            self.log.warning("kernel cap reached: %d live kernels, refusing a new one", live)
            raise web.HTTPError(503, FULL.format(n=live), reason=REASON)
        self._starting += 1
        if self.kernel_memory_mb:
            env[ENV] = str(self.kernel_memory_mb)
        kwargs["env"] = env
        try:
            kernel_id = await super().start_kernel(*args, **kwargs)
        finally:
            self._starting -= 1
        self._pages[kernel_id] = {"pooled": pooled, "seen": False, "spoke": False, "cpu_base": None,
                                  "process": None, "handed": None if pooled else time.monotonic(),
                                  "sent": None, "address": None}
        if not pooled:
            self._for_this_visit(kernel_id)
            if self._pages[kernel_id]["address"] is None:     # no word of the delivery will come (no gate):
                self._pages[kernel_id]["sent"] = time.monotonic()   # Voila's render keeps the kernel busy
        return kernel_id

    def _for_this_visit(self, kernel_id: str) -> None:
        visit = VISITOR.get()
        if visit is not None:               # the request came through the gate: note whose page it is
            visit.kernel = kernel_id
            self._pages[kernel_id]["address"] = visit.address

    def page_delivered(self, kernel_id: str) -> None:
        """The page's HTML has been sent (Voila rendered it, the gate's handler finished): the
        page's clock starts (see :meth:`_waited`)."""
        self._start_the_clock(kernel_id)

    def _start_the_clock(self, kernel_id: str) -> None:
        """The one clock of a page that has not yet shown it runs: the unseen rule, the eviction
        order's ranks and its grace count from here. It starts once, when the page has been sent
        (through the gate, whose handler reports it), or, for a page that did not come through
        the gate, when Voila's render ends (a pooled kernel) or at once (a fresh kernel, busy
        while Voila renders). jupyter_server's idle clock restarts with it."""
        page = self._pages.get(kernel_id)
        kernel = self._kernels.get(kernel_id)
        if page is not None and kernel is not None and page.get("sent") is None:
            page["sent"] = time.monotonic()
            kernel.last_activity = utcnow()

    # --- what the page does -------------------------------------------------------------------
    def _handed_to_a_page(self, kernel_id: str, render=None) -> None:
        """A pooled kernel goes to a page. Voila hands it over as soon as the kernel has started,
        with the notebook still running in ``render`` (a task): its clocks start when that is done."""
        page = self._pages.get(kernel_id)
        if page is not None and page["pooled"]:
            page["pooled"] = False
            page["handed"] = time.monotonic()
            self._for_this_visit(kernel_id)
            kernel = self._kernels.get(kernel_id)
            if kernel is not None:                           # not the preheated kernel's old idle clock
                kernel.last_activity = utcnow()
            if page["address"] is not None:                  # through the gate: its handler reports the delivery
                return
            if render is not None and not render.done():
                render.add_done_callback(lambda _task: self._start_the_clock(kernel_id))
            else:
                self._start_the_clock(kernel_id)

    def _seen(self, kernel_id: str) -> None:
        page = self._pages.get(kernel_id)
        if page is not None and not page["seen"]:
            page["seen"] = True
            page["pooled"] = False
            if page.get("sent") is not None:       # how long pages take to show they run (for unseen_timeout)
                self.log.info("kernel %s: its page ran %.1f s after it was sent", kernel_id,
                              time.monotonic() - page["sent"])
            kernel = self._kernels.get(kernel_id)
            if kernel is not None:
                kernel.last_activity = utcnow()

    def _spoke(self, kernel_id: str) -> None:
        """A message on one of its websockets: a page's widget manager runs."""
        page = self._pages.get(kernel_id)
        if page is not None and not page.get("spoke"):
            self._seen(kernel_id)
            page["spoke"] = True

    async def socket_silent(self, kernel_id: str) -> None:
        """A websocket of this kernel stayed silent for ``silent_socket_timeout`` and was closed:
        if no socket of it ever spoke, nothing but a script holds it."""
        page = self._pages.get(kernel_id)
        if page is not None and not page.get("spoke") and kernel_id in self._kernels and not page.get("leaving"):
            await self._stop(kernel_id, "silent", f"its websocket stayed silent for {self.silent_socket_timeout:.0f} s "
                             "and no page ever spoke to it")

    # --- who makes room at the cap ------------------------------------------------------------
    def eviction_order(self) -> list[str]:
        """The kernels that may be stopped to make room for a new page at the cap, first to go
        first: (1) pages that never ran their JavaScript (neither asked for their kernel nor
        spoke on a websocket), oldest first; (2) pages that asked but never spoke on a websocket;
        (3) pages that spoke but have been idle longer than ``evict_idle_after``, longest idle
        first. Pages of (1) and (2) younger than ``evict_grace`` stay (they may still be
        loading); a busy kernel and the pool's kernels stay. Within a rank, the address holding
        the most candidates goes first (one script's kernels before a class's, even behind one
        NAT address all of them are only candidates by the rules above)."""
        now, clock = time.monotonic(), utcnow()
        ranked = []
        for kernel_id, page in self._pages.items():
            kernel = self._kernels.get(kernel_id)
            if kernel is None or page.get("pooled") or page.get("leaving"):
                continue
            age = self._waited(kernel_id, now)
            if not page.get("spoke"):
                if age < self.evict_grace:
                    continue
                rank, waited = (1 if page.get("seen") else 0), age
            else:
                idle = (clock - kernel.last_activity).total_seconds()
                if not self.evict_idle_after or idle < self.evict_idle_after or kernel.execution_state == "busy":
                    continue
                rank, waited = 2, idle
            ranked.append((rank, page.get("address"), waited, kernel_id))
        per_address = collections.Counter((rank, address) for rank, address, _, _ in ranked)
        ranked.sort(key=lambda r: (r[0], -per_address[(r[0], r[1])], -r[2]))
        return [kernel_id for *_, kernel_id in ranked]

    def _waited(self, kernel_id: str, now: float) -> float:
        """Seconds the page has had to show that it runs: since its clock started
        (:meth:`_start_the_clock`); 0 while Voila still renders or sends it, but a page not sent
        ``render_timeout`` seconds after its kernel was handed to it (a client that does not
        read it) counts as sent then."""
        page = self._pages[kernel_id]
        if page.get("sent") is not None:
            return now - page["sent"]
        handed = page.get("handed")
        if handed is not None and now - handed > self.render_timeout:
            return now - handed - self.render_timeout
        return 0.0

    def _describe(self, kernel_id: str) -> str:
        page = self._pages.get(kernel_id, {})
        state = "spoke" if page.get("spoke") else "asked, never spoke" if page.get("seen") else "never ran its page"
        address = page.get("address") or "?"
        return f"{state}, from {address}"

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
        if kernel_id in self._pages:
            self._pages[kernel_id]["leaving"] = True       # no longer counted against the cap
        for connection in list(ZMQChannelsWebsocketConnection._open_sockets):
            if connection.kernel_id == kernel_id and connection.websocket_handler.ws_connection:
                connection.websocket_handler.close(4000, f"stopped: {STOPPED[why]}")   # the page hears it at once
        await self.shutdown_kernel(kernel_id, now=why in ("memory", "cpu", "silent", "evicted"))

    async def shutdown_kernel(self, kernel_id, *args, **kwargs):
        self._stopped.setdefault(kernel_id, "closed")
        while len(self._stopped) > 5000:
            self._stopped.popitem(last=False)
        self._pages.pop(kernel_id, None)
        self._leaving.add(kernel_id)
        try:
            return await super().shutdown_kernel(kernel_id, *args, **kwargs)
        finally:
            self._leaving.discard(kernel_id)

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
        if kernel is not None and kernel._trait_values.get("last_activity") is None:
            return None     # still starting: jupyter_server's culler raised a TraitError (a traceback a tick)
        if page is None or kernel is None or page["pooled"]:
            return await super().cull_kernel_if_idle(kernel_id)
        idle = (utcnow() - kernel.last_activity).total_seconds()
        connections = self._kernel_connections.get(kernel_id, 0)
        # not while Voila still runs the notebook for the page or sends it (a pooled kernel is
        # handed over as soon as it has started): on a crowded server that takes longer than
        # unseen_timeout, and a kernel stopped then left its page loading for ever. One clock
        # (_waited) counts from the page's delivery
        waited = self._waited(kernel_id, time.monotonic())
        if (not page["seen"] and self.unseen_timeout and waited > self.unseen_timeout
                and kernel.execution_state != "busy"):
            return await self._stop(kernel_id, "unseen", f"its page never connected in {waited:.0f} s after it "
                                    "was sent (a crawler, curl, a link preview, or a script that does not run the page?)")
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
        if page.get("sent") is None and not waited:
            # jupyter_server's idle cull not while Voila renders or sends the page (up to
            # render_timeout): on a crowded machine a kernel running the app cell sent nothing
            # for 120 s (cull_idle_timeout), and 29 of 30 pages lost their kernel that way
            return None
        timeout = kernel.kernel_spec.metadata.get("cull_idle_timeout", self.cull_idle_timeout)
        if (not connections and timeout and idle > timeout
                and (self.cull_busy or kernel.execution_state != "busy")):
            # jupyter_server's own cull is about to stop it: its page has had no connection for
            # cull_idle_timeout (a closed lid, a dropped network). A page that comes back is told
            # it was away, not that its game "was closed"; a page that never ran its script (a
            # device slower than cull_idle_timeout) is told it took too long to connect
            self._stopped[kernel_id] = "away" if page["seen"] else "unseen"
        return await super().cull_kernel_if_idle(kernel_id)

    # --- the pool -----------------------------------------------------------------------------
    # Voila's pool hands out its first task and awaits it. With a fill_delay (a class's pool is
    # refilled only after the class has arrived, so that 30 refills do not compete with 30
    # arrivals), that first task may be a refill still in its delay: a visitor beyond the pool
    # waited the whole delay (65 s in the class benchmark). A page takes a ready kernel first,
    # then one that is starting; when only delayed refills are left, the pool counts as empty
    # and the page gets a kernel of its own at once.
    def _pool_rank(self, task) -> int:
        """0: a preheated kernel ready; 1: one starting; 2: a refill still in its fill_delay;
        3: a refill that failed (refused at the cap)."""
        if task.done():
            return 3 if task.cancelled() or task.exception() is not None else 0
        return 2 if self._pool_ready_at.get(task, 0) > time.monotonic() else 1

    def _ready_first(self, notebook_name) -> None:
        pool = getattr(self, "_pools", {}).get(notebook_name)
        if pool:
            pool.sort(key=self._pool_rank)

    def _refill_pool(self) -> None:
        """Voila fills its pool only when a pooled kernel is handed out; a refill refused at the
        cap left the pool empty for good. Drop refused refills and fill again while there is room."""
        pools = getattr(self, "_pools", None)
        if not pools or not hasattr(self, "fill_if_needed"):
            return
        self._drop_failed_refills()
        for name in pools:
            if self._live() < self.max_kernels:
                self.fill_if_needed(delay=0, notebook_name=name)

    def _drop_failed_refills(self) -> None:
        for pool in (getattr(self, "_pools", None) or {}).values():
            for task in list(pool):
                if task.done() and (task.cancelled() or task.exception() is not None):
                    pool.remove(task)

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


# --- the gate: a page's kernel only for a visitor whose browser runs JavaScript -------------------
GATE_COOKIE = "qttt_gate"


class Visit:
    """One request for the app page that came through the gate: whose it is, and the kernel the
    kernel manager gave it (so the page's delivery can be told to the manager)."""

    def __init__(self, token: str, address: str):
        self.token, self.address, self.kernel = token, address, None


VISITOR: contextvars.ContextVar = contextvars.ContextVar("qttt_visitor", default=None)   # the current Visit

GATE_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Quantum tic-tac-toe</title>
<meta name="description" content="Play Goff's quantum tic-tac-toe in your browser.">
</head><body style="font:18px sans-serif;text-align:center;padding:3em">
<p id="why">Opening the game&hellip;</p>
<noscript><p>This game runs in your browser: please turn JavaScript on, then reload.</p></noscript>
<script>
(function () {{
  document.cookie = {cookie};
  if (document.cookie.indexOf({name}) < 0) {{
    document.getElementById("why").textContent = "This game needs a cookie to start: please allow cookies for this site, then reload.";
    return;
  }}
  location.replace({next});
}})();
</script>
</body></html>
"""


def _js(value: str) -> str:
    """A JavaScript string literal that is safe inside a <script> element."""
    return json.dumps(value).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


class GateHandler(web.RequestHandler):
    """The page a visitor without the gate cookie gets instead of the app (a few hundred bytes,
    no kernel): its script sets the cookie, signed by the server, and loads the app again."""

    def initialize(self, max_age_days: float = 1.0) -> None:
        self.max_age_days = max_age_days

    def get(self) -> None:
        base = self.settings.get("base_url", "/")
        target = self.get_argument("next", base)
        parts = urlsplit(target)
        if parts.scheme or parts.netloc or not target.startswith(base) or "\\" in target or target.startswith("//"):
            target = base                                   # never a redirect to another site
        token = self.create_signed_value(GATE_COOKIE, secrets.token_urlsafe(12)).decode()
        cookie = (f"{GATE_COOKIE}={token}; path={base}; max-age={int(self.max_age_days * 86400)}; SameSite=Lax")
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Robots-Tag", "noindex")
        self.finish(GATE_PAGE.format(cookie=_js(cookie), name=_js(GATE_COOKIE + "="), next=_js(target)))


class GateIdentityProvider(VoilaIdentityProvider):
    """Voila's identity provider with a gate in front of the app page: a request for the page
    without a valid ``qttt_gate`` cookie is sent (302) to a tiny page whose script sets that
    cookie and comes back. A crawler, ``curl`` or a chat app's link preview never runs the script,
    so it gets a few hundred bytes and starts no kernel (before the gate, each such GET took the
    pooled kernel or started one and ran the app's notebook: about a CPU second). A real browser
    pays one extra round trip, once a day (``gate_max_age_days``). The cookie is signed with the
    server's cookie secret and holds a random token, one per visitor, which the kernel manager
    keeps with the page's kernel (with the visitor's address) for its eviction order.

    It does not stop a script written for this page (one that reads the token); the kernel rules
    in :class:`CappedKernelManager` bound what such a script holds. With a token configured
    (``Voila.token``), login is the gate and this one steps aside::

        {"Voila": {"identity_provider_class": "qttt_widgets.server.GateIdentityProvider"}}
    """

    gate_max_age_days = Float(1, config=True, help="Days the gate cookie stays valid in a browser.")

    def get_user(self, handler):
        from jupyter_server.services.kernels.websocket import KernelWebsocketHandler
        from voila.handler import VoilaHandler
        if isinstance(handler, KernelWebsocketHandler):
            # its errors (a 404 for a kernel that has gone: a page reconnecting after its kernel
            # was stopped) went through jupyter_server's HTML error page, whose template needs the
            # static_path Voila does not set: 30 lines of traceback a time. A websocket client
            # reads no HTML: the status line and one line of text (tornado logs the request)
            handler.write_error = _plain_error(handler)
        if isinstance(handler, VoilaHandler) and not self.auth_enabled:
            token = handler.get_signed_cookie(GATE_COOKIE, max_age_days=self.gate_max_age_days)
            if token is None:
                return None                     # web.authenticated sends the GET to the gate (login_url)
            visit = Visit(token.decode(), handler.request.remote_ip)
            VISITOR.set(visit)
            finished = handler.on_finish

            def on_finish():                    # the page's HTML is sent
                finished()
                delivered = getattr(handler.settings.get("kernel_manager"), "page_delivered", None)
                if visit.kernel and delivered is not None:
                    delivered(visit.kernel)
            handler.on_finish = on_finish
        return super().get_user(handler)

    def get_handlers(self):
        handlers = super().get_handlers()
        if self.auth_enabled:
            return handlers
        from jupyter_server.utils import url_path_join
        login = url_path_join(getattr(self.parent, "base_url", "/") or "/", "login")
        return [h for h in handlers if h[0] not in ("/login", login)] + [
            (login, GateHandler, {"max_age_days": self.gate_max_age_days})]


def _plain_error(handler):
    def write_error(status_code: int, **kwargs) -> None:
        handler.set_header("Content-Type", "text/plain; charset=utf-8")
        handler.finish(f"{status_code} {handler._reason}\n")
    return write_error


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
        if not self._spoken:            # a page's widget manager speaks at once; an idle script's socket never does
            self._spoken = True
            spoke = getattr(self._manager(), "_spoke", None)
            if spoke is not None:
                spoke(self.kernel_id)
        super().handle_incoming_message(incoming_msg)

    _spoken = False
    _silence = None

    def _manager(self):
        """The CappedKernelManager (None for a connection made outside a server, as in tests)."""
        return getattr(self.parent, "parent", None)

    def connect(self):
        """Connect, and close the socket if it stays silent for the manager's
        ``silent_socket_timeout`` (a real page asks for kernel_info and the widgets' state at once)."""
        connected = super().connect()
        timeout = getattr(self._manager(), "silent_socket_timeout", 0)
        if connected is not None and timeout:
            self._silence = IOLoop.current().call_later(timeout, self._silent)
        return connected

    def _silent(self) -> None:
        self._silence = None
        handler = self.websocket_handler
        if self._spoken or not handler.ws_connection:
            return
        manager = self._manager()
        self.log.warning("kernel %s: a websocket from %s stayed silent for %.0f s; closing it", self.kernel_id,
                         handler.request.remote_ip, manager.silent_socket_timeout)
        handler.close(4001, "silent")
        IOLoop.current().add_callback(manager.socket_silent, self.kernel_id)

    def disconnect(self):
        if self._silence is not None:
            IOLoop.current().remove_timeout(self._silence)
            self._silence = None
        return super().disconnect()


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
