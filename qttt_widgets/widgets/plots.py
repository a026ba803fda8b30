"""The lessons' matplotlib drawings, kept out of the physics cells.

A lesson computes what it teaches (Bloch vectors, probabilities) in its own cells and hands the
numbers to one of these functions, which only draws them. Each returns a ``matplotlib.figure.Figure``
(no pyplot, no global state); the lesson stores it as a PNG picture.
"""
from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np

from ._render import figure

ROTATION_LABELS = {0: "θ = 0", 2: "π/4", 4: "π/2", 6: "3π/4", 8: "θ = π"}


def rotation_paths(rx_path: Sequence[Sequence[float]], ry_path: Sequence[Sequence[float]],
                   labels: Mapping[int, str] = ROTATION_LABELS):
    """Two panels: the Bloch vectors (x, y, z) of R_X(θ)|0⟩ drawn in the y-z plane and those
    of R_Y(θ)|0⟩ in the x-z plane, with the unit circle; ``labels`` names some of the points by
    their index (the angles θ = 0, π/8, ..., π by default)."""
    fig = figure(8.6, 4.2)
    panels = fig.subplots(1, 2, gridspec_kw={"wspace": 0.35})
    u = np.linspace(0, 2 * np.pi, 200)
    for ax, path, name, marker, h, hname, axis_note in [
            (panels[0], rx_path, "R_X(θ)|0⟩", "o", 1, "Bloch y", "the x axis points\nout of the page"),
            (panels[1], ry_path, "R_Y(θ)|0⟩", "^", 0, "Bloch x", "the y axis points\ninto the page")]:
        pts = np.asarray(path, dtype=float)
        ax.plot(np.cos(u), np.sin(u), color="0.75", lw=1)
        ax.axhline(0, color="0.88", lw=0.8)
        ax.axvline(0, color="0.88", lw=0.8)
        ax.plot(pts[:, h], pts[:, 2], "k-", lw=1)
        ax.plot(pts[:, h], pts[:, 2], marker, color="k", ms=8, mfc="white", mew=1.5, ls="none")
        last = len(pts) - 1
        for k, text in labels.items():
            x, z = pts[k, h], pts[k, 2]
            ax.text(x * 1.22 + (0.1 if k in (0, last) else 0), z * 1.18, text, ha="center", va="center", fontsize=9)
        ax.plot(0, 0, "k.", ms=6)
        ax.text(0.06, -0.3, axis_note, fontsize=8, color="0.3")
        ax.set_xlim(-1.5, 1.5)
        ax.set_ylim(-1.4, 1.4)
        ax.set_aspect("equal")
        ax.set_xlabel(hname)
        ax.set_ylabel("Bloch z")
        ax.set_title(f"{name}: |0⟩ at the top, |1⟩ at the bottom", fontsize=10)
    return fig


def outcome_bars(panels: Sequence[tuple[Mapping[str, float], str]], title: str,
                 outcomes: Sequence[str] = ("00", "01", "10", "11"), xlabel: str = "outcome (qubit 1, qubit 0)"):
    """Side-by-side bar charts of outcome probabilities, one panel per (probabilities, name),
    each bar labelled with its value and told apart by hatching as well as by position."""
    fig = figure(3.75 * len(panels), 2.8)
    for k, (probs, name) in enumerate(panels):
        ax = fig.add_subplot(1, len(panels), k + 1)
        vals = [probs.get(o, 0) for o in outcomes]
        bars = ax.bar(list(outcomes), vals, color="white", edgecolor="black", hatch="//" if k % 2 else "")
        for b, v in zip(bars, vals):
            ax.text(b.get_x() + b.get_width() / 2, v + 0.02, f"{v:.2f}", ha="center", fontsize=9)
        ax.set_ylim(0, 1.1)
        ax.set_title(name, fontsize=10)
        ax.set_xlabel(xlabel)
        ax.set_ylabel("probability")
    fig.suptitle(title, fontsize=11)
    fig.tight_layout()
    return fig
