"""Play the CHSH game against the referee (lesson 15): pick a plan (four answers) or give Alice
and Bob a Bell pair and measuring angles, then let the referee ask questions and keep the tally.

``play_rounds`` is the same game without a screen: the lesson prints a few rounds with it, so
the page reads without a running kernel.
"""
from __future__ import annotations

import html
import math
from typing import Sequence

import ipywidgets as widgets
import numpy as np

from qttt_widgets.quantum.chsh import QUESTIONS, plan_answers, sample_bell_answers, wins
from ._plain import PlainTextFallback

__all__ = ["CHSHGame", "play_rounds", "transcript", "game_png", "agree_curve_png", "win_rates_png"]


def play_rounds(n: int, plan: Sequence[int] | None = None, angles: Sequence[float] | None = None,
                seed: int | None = None, rng: np.random.Generator | None = None) -> list[dict]:
    """``n`` rounds: the referee draws x and y (fair coins); the players answer by ``plan``
    (a0, a1, b0, b1) or, with ``angles`` (Alice's for x = 0, 1, then Bob's for y = 0, 1, in
    radians), by measuring a fresh Bell pair. Each round: x, y, a, b, win."""
    if (plan is None) == (angles is None):
        raise ValueError("give a plan or angles")
    rng = rng if rng is not None else np.random.default_rng(seed)
    rounds = []
    for _ in range(n):
        x, y = (int(v) for v in rng.integers(0, 2, size=2))
        if plan is not None:
            a, b = plan_answers(plan, x, y)
        else:
            a, b = sample_bell_answers(rng, angles[x], angles[2 + y])
        rounds.append({"x": x, "y": y, "a": a, "b": b, "win": wins(x, y, a, b)})
    return rounds


def transcript(rounds: list[dict]) -> str:
    """The rounds as a small table, then the tally."""
    lines = ["round   x y   a b   a⊕b  x·y   result"]
    for k, r in enumerate(rounds, start=1):
        lines.append(f"{k:5d}   {r['x']} {r['y']}   {r['a']} {r['b']}    {r['a'] ^ r['b']}    {r['x'] & r['y']}    "
                     f"{'win' if r['win'] else 'lose'}")
    won = sum(r["win"] for r in rounds)
    lines.append(f"won {won} of {len(rounds)} rounds")
    return "\n".join(lines)


class CHSHGame(PlainTextFallback, widgets.VBox):
    """The referee asks, the players answer, the tally grows. Modes: *your plan* (four
    answers fixed in advance) and *Bell pair* (four angles, in units of π)."""

    def __init__(self, seed: int | None = None, **kwargs):
        self.rng = np.random.default_rng(seed)
        self.mode = widgets.ToggleButtons(options=["your plan", "Bell pair"], description="Players use")
        names = ["Alice, if x = 0", "Alice, if x = 1", "Bob, if y = 0", "Bob, if y = 1"]
        self.plan = [widgets.ToggleButtons(options=[0, 1], value=0, description=n,
                                           style={"description_width": "110px", "button_width": "40px"})
                     for n in names]
        self.angles = [widgets.FloatSlider(value=0.0, min=-1.0, max=1.0, step=1 / 16, readout_format=".4f",
                                           description=f"{n.split(',')[0]} {n.split(',')[1].strip()[3:]}: angle/π",
                                           style={"description_width": "160px"}, continuous_update=False)
                       for n in names]
        self.one = widgets.Button(description="Play 1 round", button_style="primary")
        self.hundred = widgets.Button(description="Play 100 rounds")
        self.reset_button = widgets.Button(description="Reset tally")
        self.one.on_click(lambda _b: self.play(1))
        self.hundred.on_click(lambda _b: self.play(100))
        self.reset_button.on_click(lambda _b: self.reset())
        self.last = widgets.HTML()
        self.table = widgets.HTML()
        self.plan_box = widgets.VBox(self.plan)
        self.angle_box = widgets.VBox(self.angles)
        self.mode.observe(lambda _c: self._show_mode(), names="value")
        super().__init__([self.mode, self.plan_box, self.angle_box,
                          widgets.HBox([self.one, self.hundred, self.reset_button]), self.last, self.table],
                         **kwargs)
        self.reset()
        self._show_mode()

    def _show_mode(self) -> None:
        quantum = self.mode.value == "Bell pair"
        self.plan_box.layout.display = "none" if quantum else None
        self.angle_box.layout.display = None if quantum else "none"
        self.reset()

    def reset(self) -> None:
        self.tally = {q: [0, 0] for q in QUESTIONS}              # (x, y) -> [rounds, wins]
        self.last.value = "<i>Press a button: the referee asks, the players answer.</i>"
        self._draw()

    def play(self, n: int) -> list[dict]:
        if self.mode.value == "Bell pair":
            rounds = play_rounds(n, angles=[s.value * math.pi for s in self.angles], rng=self.rng)
        else:
            rounds = play_rounds(n, plan=[t.value for t in self.plan], rng=self.rng)
        for r in rounds:
            cell = self.tally[r["x"], r["y"]]
            cell[0] += 1
            cell[1] += r["win"]
        r = rounds[-1]
        self.last.value = (f"Last round: the referee asks <b>x = {r['x']}</b>, <b>y = {r['y']}</b>; Alice answers "
                           f"<b>{r['a']}</b>, Bob answers <b>{r['b']}</b>. a ⊕ b = {r['a'] ^ r['b']}, "
                           f"x·y = {r['x'] & r['y']}: <b>{'win' if r['win'] else 'lose'}</b>.")
        self._draw()
        return rounds

    def _draw(self) -> None:
        rows = []
        for (x, y), (n, w) in self.tally.items():
            need = "differ" if x & y else "agree"
            rows.append(f"<tr><td>x = {x}, y = {y}</td><td>answers must {need}</td><td>{n}</td><td>{w}</td></tr>")
        n = sum(v[0] for v in self.tally.values())
        w = sum(v[1] for v in self.tally.values())
        rows.append(f"<tr><td><b>all</b></td><td></td><td><b>{n}</b></td><td><b>{w}</b></td></tr>")
        self.table.value = ("<table><tr><th>questions</th><th>to win</th><th>rounds</th><th>won</th></tr>"
                            + "".join(rows) + "</table>")

    def summary(self) -> str:
        """The tally as plain text."""
        n = sum(v[0] for v in self.tally.values())
        w = sum(v[1] for v in self.tally.values())
        return html.unescape(f"won {w} of {n} rounds")


# --- pictures for the lesson (matplotlib, drawn outside pyplot) --------------------------------

def game_png() -> bytes:
    """The game: the referee sends x to Alice and y to Bob; a wall between the players; the rule."""
    from matplotlib.patches import FancyArrowPatch, FancyBboxPatch

    from . import _render as R
    fig = R.figure(8.4, 3.4)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, 12)
    ax.set_ylim(0, 5)
    ax.axis("off")

    def box(x, y, text, w=2.2, h=0.9, hatch=None):
        ax.add_patch(FancyBboxPatch((x - w / 2, y - h / 2), w, h, boxstyle="round,pad=0.08", fc="white", ec="black",
                                    hatch=hatch, lw=1.4))
        ax.text(x, y, text, ha="center", va="center", fontsize=11)

    def arrow(p, q, text, side):
        ax.add_patch(FancyArrowPatch(p, q, arrowstyle="-|>", mutation_scale=14, lw=1.2, color="black"))
        ax.text((p[0] + q[0]) / 2 + side, (p[1] + q[1]) / 2, text, ha="center", va="center", fontsize=11)

    box(3.5, 4.3, "referee: two fair coins", w=3.0)
    box(1.5, 1.2, "Alice")
    box(5.5, 1.2, "Bob")
    arrow((2.9, 3.8), (1.7, 1.7), "question x", -0.8)
    arrow((4.1, 3.8), (5.3, 1.7), "question y", 0.8)
    arrow((1.1, 0.7), (1.1, 0.15), "", 0)
    ax.text(1.1, 0.05, "answer a", ha="center", va="top", fontsize=10)
    arrow((5.9, 0.7), (5.9, 0.15), "", 0)
    ax.text(5.9, 0.05, "answer b", ha="center", va="top", fontsize=10)
    ax.plot([3.5, 3.5], [0.2, 2.9], color="black", lw=4)
    ax.text(3.5, 3.05, "no talking", ha="center", va="bottom", fontsize=10, style="italic")
    rows = [("x", "y", "x·y", "to win"), ("0", "0", "0", "a = b"), ("0", "1", "0", "a = b"), ("1", "0", "0", "a = b"),
            ("1", "1", "1", "a ≠ b")]
    for k, row in enumerate(rows):
        for j, cell in enumerate(row):
            ax.text(8.0 + 0.9 * j + (0.4 if j == 3 else 0), 4.2 - 0.62 * k, cell, ha="center", va="center",
                    fontsize=11, weight="bold" if k == 0 else "normal")
    ax.plot([7.6, 11.6], [3.9, 3.9], color="black", lw=1)
    ax.text(9.6, 0.75, "win when a ⊕ b = x·y", ha="center", va="center", fontsize=12)
    return R.to_png(fig)


def agree_curve_png(differences, p_agree) -> bytes:
    """P(answers agree) against Bob's angle minus Alice's, for a Bell pair."""
    from . import _render as R
    fig = R.figure(6.0, 3.0)
    ax = fig.add_subplot(111)
    ax.plot(differences, p_agree, color="black", lw=1.8)
    ticks = [k * math.pi / 8 for k in range(-4, 5)]
    ax.set_xticks(ticks, [_pi_label(k) for k in range(-4, 5)])
    ax.set_xlabel("β − α: Bob's angle minus Alice's (radians)")
    ax.set_ylabel("P(the answers agree)")
    ax.set_ylim(-0.03, 1.05)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    return R.to_png(fig)


def _pi_label(k: int) -> str:
    from fractions import Fraction
    f = Fraction(k, 8)
    if f == 0:
        return "0"
    sign = "−" if f < 0 else ""
    num = "" if abs(f.numerator) == 1 else str(abs(f.numerator))
    return f"{sign}{num}π/{f.denominator}" if f.denominator != 1 else f"{sign}{num}π"


def win_rates_png(labels, rates, errors, classical: float, quantum: float, shots: int) -> bytes:
    """Measured win rates with one-standard-error bars, beside the best classical plan and the
    exact quantum value (lines with direct labels, not colour alone)."""
    from . import _render as R
    fig = R.figure(7.0, 3.4)
    ax = fig.add_subplot(111)
    xs = list(range(len(labels)))
    ax.errorbar(xs, rates, yerr=errors, fmt="o", color="black", capsize=6, ms=6, label="measured ± 1 s.e.")
    ax.axhline(classical, color="black", ls="--", lw=1)
    ax.axhline(quantum, color="black", ls=":", lw=1.4)
    ax.text(1.5, classical + 0.004, "best classical plan", va="bottom", ha="center", fontsize=9)   # between points
    ax.text(1.5, quantum + 0.004, "the exact rate", va="bottom", ha="center", fontsize=9)
    ax.set_xticks(xs, labels)
    ax.set_xlim(-0.6, len(labels) - 0.4)
    ax.set_ylim(classical - 0.08, 0.95)
    ax.set_ylabel("fraction of rounds won")
    ax.set_xlabel(f"question pair ({shots} shots each on the simulator)")
    ax.legend(loc="lower right", fontsize=9)
    fig.tight_layout()
    return R.to_png(fig)
