"""Serving the demo app to a class: a cap on live kernels and on each kernel's memory.

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
