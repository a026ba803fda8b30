"""The memory cap of one app kernel, set from inside the kernel (see qttt_widgets.server).

Kept apart from ``qttt_widgets.server`` so that the kernel does not import jupyter_server.
"""
from __future__ import annotations

import os

ENV = "QTTT_KERNEL_MEMORY_MB"


def limit_memory() -> int | None:
    """Cap this process's address space at ``$QTTT_KERNEL_MEMORY_MB`` (if set, on Linux).
    Returns the cap in MB, or None when there is none. A loaded app kernel (qiskit, Aer,
    matplotlib) uses about 1.3 GB of address space and 150 MB of memory."""
    mb = os.environ.get(ENV, "").strip()
    if not mb.isdigit() or int(mb) == 0:
        return None
    try:
        import resource
    except ImportError:                       # not on Linux/macOS: no cap
        return None
    limit = int(mb) * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    return int(mb)
