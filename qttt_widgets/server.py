"""Serving the demo app to a class: a cap on live kernels and on each kernel's memory, and
kernel websockets in the browsers' protocol only.

Voila starts one kernel per page view. jupyter_server culls idle kernels (``voila.json``:
``cull_idle_timeout``, ``cull_connected``) but has no cap on how many run at once, so this is
the smallest subclass of its kernel manager that adds one::

    {"VoilaConfiguration": {"multi_kernel_manager_class": "qttt_widgets.server.CappedKernelManager"},
     "CappedKernelManager": {"max_kernels": 40, "kernel_memory_mb": 2500}}

At the cap a new visitor gets HTTP 503 with a page that says the class's server is full and to
try again in a minute; nobody already playing is affected. ``kernel_memory_mb`` is passed to
each kernel in ``QTTT_KERNEL_MEMORY_MB``; the app notebook calls
:func:`qttt_widgets.kernel_limits.limit_memory` first
thing, which caps the kernel's address space (Linux ``RLIMIT_AS``), so one runaway kernel
gets a MemoryError instead of taking the machine's memory.
"""
from __future__ import annotations

import os

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Integer

from qttt_widgets.kernel_limits import ENV
REASON = "The game server is full right now - please try again in a minute"    # shown on Voila's error page
FULL = ("The class's game server is full right now ({n} games running). "
        "Please try again in a minute: games that are closed free their place.")


class CappedKernelManager(AsyncMappingKernelManager):
    """AsyncMappingKernelManager with at most ``max_kernels`` live kernels."""

    max_kernels = Integer(40, config=True, help="Most kernels alive at once; beyond it, HTTP 503.")
    kernel_memory_mb = Integer(2500, config=True,
                               help="Address-space cap of each kernel in MB (0: none); see limit_memory().")

    async def start_kernel(self, *args, **kwargs):
        live = len(self.list_kernel_ids())
        if live >= self.max_kernels:
            self.log.warning("kernel cap reached: %d live kernels, refusing a new one", live)
            raise web.HTTPError(503, FULL.format(n=live), reason=REASON)
        if self.kernel_memory_mb:
            env = dict(kwargs.get("env") or os.environ)
            env[ENV] = str(self.kernel_memory_mb)
            kwargs["env"] = env
        return await super().start_kernel(*args, **kwargs)


BROWSER_PROTOCOL = "v1.kernel.websocket.jupyter.org"


class BrowserProtocolConnection(ZMQChannelsWebsocketConnection):
    """Kernel websockets that speak only the binary protocol browsers use (JupyterLab 4 and
    Voila 0.5 pages ask for ``v1.kernel.websocket.jupyter.org``). jupyter_server also accepts
    a client that asks for no protocol (the "legacy" JSON one); with this app, such a client
    asking for the widgets' state made the server's memory grow by about 25 MB a second, with
    no end, even after the client left (measured with jupyter_server 2.x and Voila 0.5). A
    stranger's script could take the class's server down that way, so it is refused (HTTP 400)
    before the upgrade::

        {"Voila": {"kernel_websocket_connection_class": "qttt_widgets.server.BrowserProtocolConnection"}}
    """

    async def prepare(self):
        offered = self.websocket_handler.request.headers.get("Sec-WebSocket-Protocol", "")
        if BROWSER_PROTOCOL not in [p.strip() for p in offered.split(",")]:
            raise web.HTTPError(400, f"this server speaks only the browsers' kernel protocol ({BROWSER_PROTOCOL})")
        await super().prepare()
