"""Figures for the lessons, so that a lesson's cell keeps its physics and calls one function to
draw it. Each function takes plain numbers (it computes no physics of its own) and returns an
``IPython.display.Image``: a PNG stored as its own image output, shown without a kernel.

Never colour alone: markers, hatches, line styles and direct labels tell the series apart.
"""
from __future__ import annotations

import math
from typing import Iterable, Mapping, Sequence

from . import _render as R

__all__ = ["as_image", "grover_round_bars", "grover_rotation", "rounds_curve", "qaoa_landscape",
           "square_scores", "histograms", "rotation_paths", "outcome_bars"]


def as_image(fig):
    """A matplotlib Figure (or anything with ``savefig``) as a stored PNG picture."""
    from IPython.display import Image
    return Image(R.to_png(fig))


def grover_round_bars(steps: Sequence[tuple[str, Sequence[float]]], marked: int):
    """One bar chart per step of a Grover round (title, amplitudes), the marked index hatched,
    the mean amplitude a dashed line."""
    n = len(steps[0][1])
    fig = R.figure(3.4 * len(steps), 2.8)
    axes = fig.subplots(1, len(steps), sharey=True)
    for ax, (title, amps) in zip(axes, steps):
        mean = sum(amps) / n
        bars = ax.bar(range(n), amps, color="#9ecae1", edgecolor="black")
        bars[marked].set_hatch("///")
        bars[marked].set_facecolor("#fdae6b")
        ax.axhline(mean, linestyle="--", color="black", linewidth=1)
        ax.text(1.01, mean, "mean", transform=ax.get_yaxis_transform(), va="center", fontsize=8)
        ax.axhline(0, color="grey", linewidth=0.6)
        ax.set_title(title, fontsize=10)
        ax.set_xticks(range(n))
        ax.set_xlabel(f"index x ({marked} is marked)")
    axes[0].set_ylabel("amplitude")
    fig.tight_layout()
    return as_image(fig)


def grover_rotation(theta: float):
    """The plane of |u> (unmarked) and |w> (marked): the start at θ, after the oracle at −θ,
    after the diffusion at 3θ."""
    fig = R.figure(4.6, 4.2)
    ax = fig.add_subplot(111)
    for angle, label, style, mark in [(theta, "start |s⟩ (θ)", "-", "o"),
                                      (-theta, "after the oracle (−θ)", "--", "s"),
                                      (3 * theta, "after the diffusion (3θ)", "-", "^")]:
        x, y = math.cos(angle), math.sin(angle)
        ax.plot([0, x], [0, y], linestyle=style, color="black", linewidth=1.5)
        ax.plot([x], [y], marker=mark, color="black", markersize=7)
        ax.annotate(label, (x, y), textcoords="offset points", xytext=(6, -4 if angle < 0 else 4), fontsize=9)
    ts = [k * math.pi / 200 for k in range(101)]
    ax.plot([math.cos(t) for t in ts], [math.sin(t) for t in ts], color="grey", linewidth=0.6)
    ax.annotate("", xy=(1.15, 0), xytext=(0, 0), arrowprops=dict(arrowstyle="->", color="grey"))
    ax.annotate("", xy=(0, 1.15), xytext=(0, 0), arrowprops=dict(arrowstyle="->", color="grey"))
    ax.text(1.17, 0, "|u⟩ unmarked", va="center", fontsize=9)
    ax.text(0.02, 1.17, "|w⟩ marked", fontsize=9)
    ax.set_xlim(-0.1, 1.75)
    ax.set_ylim(-0.5, 1.3)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title("one round turns the state by 2θ towards |w⟩", fontsize=10)
    return as_image(fig)


def rounds_curve(series: Iterable[dict], ylabel: str = "P(marked)", xlabel: str = "rounds r",
                 title: str = "", legend: str | None = None):
    """P against a number of rounds. Each series is a dict with ``rounds`` and ``points`` (the
    markers), and optionally ``theta`` (draws sin²((2r+1)θ) as a line through continuous r),
    ``line`` (the formula's values at ``rounds``, joined by a line), ``errors`` (error bars),
    ``marker``, ``style``, ``label`` and ``note`` (a text written at the first peak)."""
    fig = R.figure(6.8, 3.5)
    ax = fig.add_subplot(111)
    top = 0
    for s in series:
        rs = list(s["rounds"])
        top = max(top, max(rs))
        style = s.get("style", "--")
        if "theta" in s:
            xs = [rs[0] + k * (rs[-1] - rs[0]) / 300 for k in range(301)]
            ax.plot(xs, [math.sin((2 * x + 1) * s["theta"]) ** 2 for x in xs], ls=style, color="grey",
                    label=s.get("curve_label"))
        if "line" in s:
            ax.plot(rs, s["line"], ls=style, color="black", linewidth=1)
        if "errors" in s:
            ax.errorbar(rs, s["points"], yerr=s["errors"], fmt=s.get("marker", "x"), ms=8, color="tab:blue",
                        capsize=3, label=s.get("label"))
        else:
            ax.plot(rs, s["points"], s.get("marker", "o"), ms=8, mfc="white", mec="black", color="black",
                    label=s.get("label"))
        if "note" in s:
            ref = s["line"] if "line" in s else s["points"]
            peak = next((k for k in range(len(rs) - 1) if ref[k + 1] < ref[k]), len(rs) - 1)
            ax.annotate(s["note"], (rs[peak], ref[peak]), textcoords="offset points", xytext=(-20, 8), fontsize=9)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_ylim(0, 1.12)
    if top <= 12:
        ax.set_xticks(range(top + 1))
    if title:
        ax.set_title(title, fontsize=10)
    if legend:
        ax.legend(loc=legend, fontsize=8)
    fig.tight_layout()
    return as_image(fig)


def qaoa_landscape(gammas: Sequence[float], betas: Sequence[float], mean, levels=(1.0, 1.25, 1.5, 2.0)):
    """A map of the mean cost ⟨C⟩ over the angles (rows: β, columns: γ), contour lines at
    ``levels`` and a star at the largest value."""
    import numpy as np
    mean = np.asarray(mean)
    bi, gi = np.unravel_index(mean.argmax(), mean.shape)
    fig = R.figure(5.4, 4.2)
    ax = fig.add_subplot(111)
    im = ax.pcolormesh(gammas, betas, mean, cmap="viridis", shading="auto")
    lines = ax.contour(gammas, betas, mean, levels=list(levels), colors="white", linewidths=0.8)
    ax.clabel(lines, fmt="%.2f", fontsize=8)
    ax.plot(gammas[gi], betas[bi], marker="*", color="white", markeredgecolor="black", markersize=14)
    ax.annotate(f"best ⟨C⟩ = {mean.max():.2f}", (gammas[gi], betas[bi]), xytext=(-60, -34),
                textcoords="offset points", fontsize=9, bbox=dict(boxstyle="round", fc="white", alpha=0.85))
    ax.set_xlabel("γ (cost angle, rad)")
    ax.set_ylabel("β (mixer angle, rad)")
    ax.set_title("⟨C⟩ after one layer, over both angles")
    fig.colorbar(im, ax=ax, label="⟨C⟩")
    return as_image(fig)


def square_scores(scores: dict, title: str):
    """Per-square scores (code square -> value) as bars over people's squares 1-9, with the
    lines 1 (the optimum) and 0.5 (a coin); squares without a score are marked "left out"."""
    shown = [*scores, *[q for q in range(9) if q not in scores]]
    fig = R.figure(6.4, 3.2)
    ax = fig.add_subplot(111)
    values = [scores.get(sq, 0.0) for sq in shown]
    ax.bar([str(sq + 1) for sq in shown], values, color="#4c72b0", hatch="//", edgecolor="black")
    ax.axhline(1.0, ls="-", color="black", lw=1)
    ax.text(8.4, 1.02, "the optimum: 1", ha="right", va="bottom", fontsize=8)
    ax.axhline(0.5, ls="--", color="grey", lw=1)
    ax.text(8.4, 0.52, "a coin: 0.5", ha="right", va="bottom", fontsize=8, color="dimgrey")
    for k, (sq, v) in enumerate(zip(shown, values)):
        ax.text(k, v / 2 if v else 0.04, f"{v:.2f}" if sq in scores else "left\nout", ha="center",
                color="white" if v else "black", fontsize=8)
    ax.set_ylim(0, 1.15)
    ax.set_xlabel("square (people's numbers 1-9)")
    ax.set_ylabel("QAOA score P(q = 1)")
    ax.set_title(title)
    return as_image(fig)


def histograms(panels: Sequence[tuple[str, Sequence[float]]], xlabel: str, ylabel: str,
               line: float | None = None, line_label: str = ""):
    """Side-by-side histograms of values in [0, 1], 20 bins, hatched; an optional dashed
    vertical line labelled in words."""
    fig = R.figure(4.5 * len(panels), 3.2)
    for k, (title, values) in enumerate(panels):
        ax = fig.add_subplot(1, len(panels), k + 1)
        ax.hist(list(values), bins=[i / 20 for i in range(21)], color="white", edgecolor="black", hatch="//")
        if line is not None:
            ax.axvline(line, ls="--", color="black")
            ax.text(0.98, 0.95, line_label, transform=ax.transAxes, ha="right", va="top", fontsize=8,
                    bbox=dict(fc="white", ec="none"))
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.set_title(title, fontsize=9)
    fig.tight_layout()
    return as_image(fig)


ROTATION_LABELS = {0: "θ = 0", 2: "π/4", 4: "π/2", 6: "3π/4", 8: "θ = π"}


def rotation_paths(rx_path: Sequence[Sequence[float]], ry_path: Sequence[Sequence[float]],
                   labels: Mapping[int, str] = ROTATION_LABELS):
    """Two panels: the Bloch vectors (x, y, z) of R_X(θ)|0⟩ drawn in the y-z plane and those
    of R_Y(θ)|0⟩ in the x-z plane, with the unit circle; ``labels`` names some of the points by
    their index (the angles θ = 0, π/8, ..., π by default)."""
    import numpy as np
    fig = R.figure(8.6, 4.2)
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
    return as_image(fig)


def outcome_bars(panels: Sequence[tuple[Mapping[str, float], str]], title: str,
                 outcomes: Sequence[str] = ("00", "01", "10", "11"), xlabel: str = "outcome (qubit 1, qubit 0)"):
    """Side-by-side bar charts of outcome probabilities, one panel per (probabilities, name),
    each bar labelled with its value and told apart by hatching as well as by position."""
    fig = R.figure(3.75 * len(panels), 2.8)
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
    return as_image(fig)
