"""Pictures for the views: matplotlib figures (Agg) turned into PNG bytes.

Core ipywidgets only: a picture is PNG bytes in a ``widgets.Image``. matplotlib is
imported when the first picture is drawn.
"""
from __future__ import annotations

import io
import math

from qttt_widgets.rules.svg import CYCLE_COLOUR, O_COLOUR, X_COLOUR  # noqa: F401  # one palette

SPOOKY_ALPHA = 0.9
SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def sub(n: int) -> str:
    """Subscript digits: sub(12) == '₁₂'."""
    return str(n).translate(SUB)


def colour(player: str) -> str:
    return X_COLOUR if player == "X" else O_COLOUR


def figure(w: float, h: float):
    """A matplotlib Figure outside pyplot: no backend, no global state, nothing to close."""
    from matplotlib.figure import Figure
    return Figure(figsize=(w, h), dpi=100)


def to_png(fig) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", bbox_inches="tight", dpi=fig.dpi)
    return buf.getvalue()


def square_xy(sq: int, n: int = 3) -> tuple[float, float]:
    """Centre of square ``sq`` in board coordinates (row 0 at the top)."""
    return sq % n + 0.5, n - sq // n - 0.5


def draw_grid(ax, n: int = 3) -> None:
    ax.set_xlim(0, n)
    ax.set_ylim(0, n)
    ax.set_aspect("equal")
    ax.axis("off")
    for i in range(n + 1):
        ax.plot([i, i], [0, n], color="#999", lw=1)
        ax.plot([0, n], [i, i], color="#999", lw=1)


def draw_small_board(ax, board, n: int = 3, title: str | None = None) -> None:
    """A small classical board: board entries None, 'X'/'O', or (player, subscript)."""
    draw_grid(ax, n)
    for sq, mark in enumerate(board):
        if mark is None:
            continue
        player, label = (mark, mark) if isinstance(mark, str) else (mark[0], f"{mark[0]}{sub(mark[1])}")
        x, y = square_xy(sq, n)
        ax.text(x, y, label, ha="center", va="center", fontsize=11 if n == 3 else 8,
                color=colour(player), fontweight="bold")
    if title:
        ax.set_title(title, fontsize=8)


def bloch_xyz(theta: float, phi: float) -> tuple[float, float, float]:
    return math.sin(theta) * math.cos(phi), math.sin(theta) * math.sin(phi), math.cos(theta)
