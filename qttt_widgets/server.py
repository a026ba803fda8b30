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

        {"Voila": {"kernel_websocket_connection_class": "qttt_widgets.server.BrowserProtocolConnection",
                   "tornado_settings": {"websocket_max_message_size": 4194304}}}

    Every frame is checked before jupyter_server decodes it (:func:`frame_problem`): one
    malformed frame closes that socket (code 1008) and nothing else. ``MAX_FRAME_BYTES`` (4 MB)
    bounds a frame here; tornado's ``websocket_max_message_size`` (the same 4 MB in voila.json;
    tornado's default is 10 MB) refuses a bigger one before it is even read.
    """

    async def prepare(self):
        offered = self.websocket_handler.request.headers.get("Sec-WebSocket-Protocol", "")
        if BROWSER_PROTOCOL not in [p.strip() for p in offered.split(",")]:
            raise web.HTTPError(400, f"this server speaks only the browsers' kernel protocol ({BROWSER_PROTOCOL})")
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
        super().handle_incoming_message(incoming_msg)


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
