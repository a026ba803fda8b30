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


OFFLINE = ("The game could not reach its server. Reload the page to play again.")


def show(widget) -> None:
    """Display ``widget`` with a sentence instead of its repr as the plain-text fallback: a page
    whose kernel is gone before the widgets load shows that, never ``GameApp(children=...``."""
    from IPython.display import display
    bundle = getattr(widget, "_repr_mimebundle_", None)
    if bundle is None:                        # ipywidgets 7 displays itself another way
        display(widget)
        return
    data = bundle()
    if isinstance(data, tuple):
        data = data[0]
    display({**data, "text/plain": OFFLINE}, raw=True)


def quiet_errors(app=None, stream=None) -> None:
    """In a served kernel, an exception raised in a widget's handler (ipywidgets hands it to
    ``showtraceback``) writes its traceback to the kernel's own stderr (the server's log) and
    nothing to the page but one line in ``app.message`` (if the app has one). Without this the
    traceback, with source lines and install paths, went to every visitor's browser."""
    import html
    import sys
    import traceback

    from IPython import get_ipython
    shell = get_ipython()
    if shell is None:
        return
    out = stream or sys.__stderr__

    def showtraceback(exc_tuple=None, *args, **kwargs):
        etype, value, tb = exc_tuple if exc_tuple is not None else sys.exc_info()
        if etype is None:
            return
        print("qttt app: an error in a handler:", file=out)
        traceback.print_exception(etype, value, tb, file=out)
        out.flush()
        message = getattr(app, "message", None)
        if message is not None:
            message.value = ("<span style='color:#b00020'>Something went wrong: "
                             f"{html.escape(etype.__name__)}. The game is unchanged; the server's log has "
                             "the details.</span>")

    shell.showtraceback = showtraceback
