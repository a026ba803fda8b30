"""Picture views: the entanglement graph, the live circuit, the classical ensemble,
the Bloch sphere and the measurement histogram.

Each is an ``ipywidgets.VBox`` with a ``widgets.Image`` (PNG from matplotlib) and text;
``update(game)`` re-renders from a rules object. Pictures are cached by what they show.
"""
from __future__ import annotations

import cmath
import html
import math
from collections import OrderedDict

import ipywidgets as widgets

from qttt_widgets.rules.ensemble import Ensemble
from qttt_widgets.rules.goff import GoffGame
from qttt_widgets.rules.qubit_board import QubitGame

from . import _render as R
from . import svg
from ._plain import PlainTextFallback


class _Cache:
    """A small least-recently-used cache of rendered pictures."""

    def __init__(self, size: int = 64):
        self.size, self.data = size, OrderedDict()

    def get(self, key, make):
        if key in self.data:
            self.data.move_to_end(key)
            return self.data[key]
        value = self.data[key] = make()
        if len(self.data) > self.size:
            self.data.popitem(last=False)
        return value


# --- the entanglement graph ----------------------------------------------------------
def _circle(x, y, colour, filled):
    from matplotlib.patches import Circle
    return Circle((x, y), 0.2, fc=colour if filled else "white", ec=colour, lw=2, zorder=2)


def qubit_graph_png(game: QubitGame) -> bytes:
    """The qubit board's groups: cells of one entangled group joined, labelled by level."""
    n = game.n
    fig = R.figure(3.6, 3.6)
    ax = fig.add_subplot(111)
    ax.set_xlim(-0.1, n + 0.1)
    ax.set_ylim(-0.1, n + 0.1)
    ax.set_aspect("equal")
    ax.axis("off")
    palette = ["#6a3d9a", "#33a02c", R.CYCLE_COLOUR, "#e31a1c", R.O_COLOUR, "#b15928"]
    for k, grp in enumerate(game.groups):
        col = palette[k % len(palette)]
        pts = [R.square_xy(c, n) for c in grp.cells]
        if len(pts) > 1:
            xs, ys = zip(*(pts + [pts[0]] if len(pts) > 2 else pts))
            ax.plot(xs, ys, color=col, lw=2.5, zorder=1)
        move = grp.made_by
        label = {"h": "H", "phase": f"H{move[2] if move[0] == 'phase' else ''}H"}.get(move[0], "")
        if move[0] == "entangle":
            from qttt_widgets.rules.qubit_board import LEVELS
            label = f"Lv{move[1]} {LEVELS[move[1]][0]}"
        cx = sum(x for x, _ in pts) / len(pts)
        cy = sum(y for _, y in pts) / len(pts)
        ax.text(cx, cy + (0.3 if len(pts) == 1 else 0), label, color=col, fontsize=8, ha="center",
                bbox=dict(boxstyle="round,pad=0.1", fc="white", ec="none", alpha=0.85), zorder=3)
    for c, v in enumerate(game.cells):
        x, y = R.square_xy(c, n)
        if v in ("X", "O"):
            ax.add_patch(_circle(x, y, R.colour(v), True))
            ax.text(x, y, v, color="white", ha="center", va="center", fontsize=11, zorder=4)
        else:
            ax.add_patch(_circle(x, y, "#6a3d9a" if v == "Q" else "#999", False))
            ax.text(x, y, "?" if v == "Q" else str(c + 1), color="#555", ha="center", va="center",
                    fontsize=10, zorder=4)
    ax.set_title("entangled groups", fontsize=10)
    return R.to_png(fig)


def _drawer(tab: str, game):
    """How ``tab`` ('graph', 'circuit', 'ensemble') draws ``game``: the registry says, by the
    game's kind (None: the kind has no such tab)."""
    from .registry import mode_of
    return mode_of(game).tabs.get(tab)


# --- the entanglement graph, by kind of game --------------------------------------------------
def goff_graph(view: "EntanglementGraphView", game: GoffGame) -> None:
    """A Goff position's graph as SVG (no matplotlib: a few milliseconds)."""
    from .svg import goff_graph as draw
    key = ("goff", game.classical, game.spooky, game.pending)
    view.svg.value = view._cache.get(key, lambda: str(draw(game, 340)))
    view.svg.layout.display, view.image.layout.display = "", "none"


def qubit_graph(view: "EntanglementGraphView", game: QubitGame) -> None:
    """A qubit board's groups as a PNG."""
    key = ("qubit", game.n, game.cells, game.groups)
    view.image.value = view._cache.get(key, lambda: qubit_graph_png(game))
    view.svg.layout.display, view.image.layout.display = "none", ""


class EntanglementGraphView(PlainTextFallback, widgets.VBox):
    """The entanglement graph of a Goff position (or the groups of a qubit board)."""

    def __init__(self, game=None, **kwargs):
        self.svg = widgets.HTML(layout=widgets.Layout(width="340px", min_height="364px"))
        self.image = widgets.Image(format="png", layout=widgets.Layout(width="340px", display="none"))
        self._cache = _Cache()
        super().__init__([self.svg, self.image], **kwargs)
        self.update(game if game is not None else GoffGame())

    def update(self, game) -> None:
        """Draw ``game`` as its kind says (``widgets.registry``)."""
        self.game = game
        draw = _drawer("graph", game)
        if draw is not None:
            draw(self, game)


# --- the live circuit, by kind of game ----------------------------------------------------------
def goff_circuit(view: "CircuitView", game: GoffGame):
    """(cache key, note, circuit maker) for a Goff position: faithful or ESILV's, as chosen."""
    from qttt_widgets.quantum.goff_circuits import esilv_circuit, faithful_circuit
    view.mode.layout.display = ""
    faithful = view.mode.value == "faithful"
    note = ("<i>One qubit per spooky mark, prepared in the equal superposition of the "
            "consistent boards: measuring it gives only boards of the classical ensemble."
            "</i>" if faithful else
            "<i>A simplification (ESILV): one qubit per square, H–CNOT–X per mark. Marks "
            "that share a square act on the same qubit, so its measurements can leave the "
            "ensemble or lose marks.</i>")
    return ((view.mode.value, game.classical, game.spooky), note,
            lambda: (faithful_circuit if faithful else esilv_circuit)(game))


def qubit_circuit(view: "CircuitView", game: QubitGame):
    """(cache key, note, circuit maker) for a qubit board: one qubit per cell."""
    from qttt_widgets.quantum.circuits import qubit_board_circuit
    view.mode.layout.display = "none"
    start, segment = game.segment
    return (("qubit", game.n, start, segment, game.cells),
            "<i>One qubit per cell: X is |1⟩, O is |0⟩; moves since the last measurement.</i>",
            lambda: qubit_board_circuit(game))


class CircuitView(PlainTextFallback, widgets.VBox):
    """The circuit of the current position, redrawn after every move.

    Goff positions: the faithful circuit (one qubit per spooky mark, prepared in the
    classical ensemble) or the ESILV 9-qubit mapping, a simplification. Qubit boards: one
    qubit per cell. Drawn with ``draw('mpl')`` (cached); falls back to the text drawer.
    """

    MODES = [("faithful (ensemble)", "faithful"), ("ESILV 9-qubit (simplified)", "esilv")]

    def __init__(self, game=None, **kwargs):
        self.mode = widgets.ToggleButtons(options=self.MODES, value="faithful", style={"button_width": "190px"})
        self.image = widgets.Image(format="png", layout=widgets.Layout(max_width="720px"))
        self.text = widgets.HTML()
        self.note = widgets.HTML()
        self._cache = _Cache(32)
        self.mode.observe(lambda _c: self.update(self.game) if self.game is not None else None, names="value")
        super().__init__([self.mode, self.note, self.image, self.text], **kwargs)
        self.game = None
        if game is not None:            # else drawn when first shown: qiskit loads only then
            self.update(game)

    def circuit(self, game=None):
        game = self.game if game is None else game
        return _drawer("circuit", game)(self, game)[2]()

    def update(self, game) -> None:
        self.game = game
        draw = _drawer("circuit", game)
        if draw is None:
            return
        key, self.note.value, make = draw(self, game)
        png, text = self._cache.get(key, lambda: self._draw(make()))
        if png is not None:
            self.image.value = png
            self.image.layout.display = ""
            self.text.value = ""
        else:
            self.image.layout.display = "none"
            self.text.value = f"<pre style='font-size:11px;line-height:1.1'>{html.escape(text)}</pre>"

    @staticmethod
    def _draw(qc):
        if qc.num_qubits == 0:
            return None, "(the circuit is empty: no mark is quantum now)"
        try:
            fig = qc.draw("mpl", fold=-1)
            png = R.to_png(fig)
            import matplotlib.pyplot as plt
            plt.close(fig)
            return png, None
        except Exception:  # noqa: BLE001 - no pylatexenc or matplotlib: show the text drawing
            import html
            return None, html.escape(str(qc.draw("text", fold=120)))


# --- the classical ensemble --------------------------------------------------------------
def ensemble_png(boards, weights, probs, n: int = 3, shown: int = 24) -> bytes:
    """Small boards (the first ``shown``) and a heat map of P(X) - P(O) per square."""
    cols = 6
    rows = max(1, math.ceil(min(len(boards), shown) / cols))
    fig = R.figure(7.2, 1.25 * rows + 2.6)
    gs = fig.add_gridspec(rows + 2, cols)
    for k, (board, w) in enumerate(zip(boards[:shown], weights[:shown])):
        ax = fig.add_subplot(gs[k // cols, k % cols])
        R.draw_small_board(ax, board, n, title=w)
    ax = fig.add_subplot(gs[rows:, 1:5])
    import numpy as np
    grid = np.array([p["X"] - p["O"] for p in probs]).reshape(n, n)
    im = ax.imshow(grid, cmap="RdBu_r", vmin=-1, vmax=1)
    for sq, p in enumerate(probs):
        ax.text(sq % n, sq // n, f"X {p['X']:.2f}\nO {p['O']:.2f}\n· {p['empty']:.2f}",
                ha="center", va="center", fontsize=7)
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_title("per square: P(X), P(O), P(empty)   (red: X likely, blue: O likely)", fontsize=8)
    fig.colorbar(im, ax=ax, fraction=0.04)
    return R.to_png(fig)


class EnsembleView(PlainTextFallback, widgets.VBox):
    """The classical ensemble of a Goff position (or the measurement outcomes of a qubit
    board): small boards, how many there are, and per-square odds as a heat map."""

    def __init__(self, game=None, shown: int = 24, **kwargs):
        self.shown = shown
        self.summary = widgets.HTML()
        self.picture = widgets.HTML()    # SVG: crisp text at any size, no matplotlib
        self.picture.add_class("qttt-fit")   # the app's style shrinks it to a narrow screen
        self._cache = _Cache(32)
        super().__init__([self.summary, self.picture], **kwargs)
        self.game = None
        if game is not None:
            self.update(game)

    def update(self, game) -> None:
        self.game = game
        draw = _drawer("ensemble", game)
        if draw is not None:
            draw(self, game)


def goff_ensemble(view: EnsembleView, game: GoffGame) -> None:
    """A Goff position's classical ensemble: the consistent boards and per-square odds."""
    ens = Ensemble(game)
    view.summary.value = (f"<b>{ens.size}</b> consistent classical board{'s' if ens.size != 1 else ''} "
                          f"(of {ens.naive_size} ways to place the {len(game.spooky)} spooky marks; "
                          f"groups: {', '.join(map(str, ens.group_sizes)) or 'none'}). "
                          f"Showing {min(ens.size, view.shown)}.")
    key = ("goff", game.classical, game.spooky)
    view.picture.value = view._cache.get(key, lambda: svg.ensemble(
        ens.boards(limit=view.shown), [], ens.probabilities(), shown=view.shown))


def qubit_ensemble(view: EnsembleView, game: QubitGame) -> None:
    """A qubit board's measurement outcomes, most likely first."""
    dist = sorted(game.outcome_distribution().items(), key=lambda bp: -bp[1])
    view.summary.value = (f"<b>{len(dist)}</b> board{'s' if len(dist) != 1 else ''} can come out of a "
                          f"measurement now. Showing the most likely {min(len(dist), view.shown)}.")
    key = ("qubit", game.n, game.cells, game.groups)
    view.picture.value = view._cache.get(key, lambda: svg.ensemble(
        [b for b, _ in dist], [f"p = {p:.3f}" for _, p in dist], game.cell_probabilities(),
        n=game.n, shown=view.shown))


# --- the Bloch sphere ----------------------------------------------------------------------
GATES = {
    "X": ((0, 1), (1, 0)),
    "Y": ((0, -1j), (1j, 0)),
    "Z": ((1, 0), (0, -1)),
    "H": ((1 / math.sqrt(2), 1 / math.sqrt(2)), (1 / math.sqrt(2), -1 / math.sqrt(2))),
    "S": ((1, 0), (0, 1j)),
    "T": ((1, 0), (0, cmath.exp(1j * math.pi / 4))),
}


def state_from_angles(theta: float, phi: float) -> tuple[complex, complex]:
    """cos(theta/2)|0> + e^{i phi} sin(theta/2)|1>."""
    return complex(math.cos(theta / 2)), cmath.exp(1j * phi) * math.sin(theta / 2)


def angles_from_state(a: complex, b: complex) -> tuple[float, float]:
    """(theta, phi) of a state, ignoring the global phase."""
    if abs(a) > 1e-12:
        b = b * abs(a) / a          # make a real and non-negative
        a = abs(a)
    theta = 2 * math.acos(min(1.0, max(0.0, abs(a))))
    phi = cmath.phase(b) % (2 * math.pi) if abs(b) > 1e-12 else 0.0
    return theta, phi


def bloch_png(theta: float, phi: float, trail=()) -> bytes:
    import numpy as np
    fig = R.figure(3.4, 3.4)
    ax = fig.add_subplot(111, projection="3d")
    u, v = np.mgrid[0:2 * np.pi:30j, 0:np.pi:16j]
    ax.plot_wireframe(np.cos(u) * np.sin(v), np.sin(u) * np.sin(v), np.cos(v), color="#ccc", lw=0.4)
    for (x, y, z), label in (((0, 0, 1.15), "|0⟩"), ((0, 0, -1.25), "|1⟩"), ((1.25, 0, 0), "|+⟩"),
                             ((0, 1.25, 0), "|+i⟩")):
        ax.text(x, y, z, label, fontsize=9, ha="center")
    for a in ((1, 0, 0), (0, 1, 0), (0, 0, 1)):
        ax.plot([-a[0], a[0]], [-a[1], a[1]], [-a[2], a[2]], color="#999", lw=0.6)
    for t, p in trail:
        ax.scatter(*R.bloch_xyz(t, p), color="#aaa", s=8)
    x, y, z = R.bloch_xyz(theta, phi)
    ax.quiver(0, 0, 0, x, y, z, color=R.X_COLOUR, lw=2.5, arrow_length_ratio=0.12)
    ax.set_box_aspect((1, 1, 1))
    ax.set_axis_off()
    ax.view_init(elev=20, azim=35)
    return R.to_png(fig)


class BlochView(PlainTextFallback, widgets.VBox):
    """One qubit: theta/phi sliders and gate buttons move the state on the Bloch sphere;
    the amplitudes and the measurement probabilities are shown beside it."""

    def __init__(self, theta: float = 0.0, phi: float = 0.0, **kwargs):
        self.theta = widgets.FloatSlider(value=theta, min=0, max=math.pi, step=0.01, description="θ",
                                         readout_format=".2f", continuous_update=False)
        self.phi = widgets.FloatSlider(value=phi, min=0, max=2 * math.pi, step=0.01, description="φ",
                                       readout_format=".2f", continuous_update=False)
        self.gate_buttons = {g: widgets.Button(description=g, layout=widgets.Layout(width="48px"))
                             for g in GATES}
        for g, b in self.gate_buttons.items():
            b.on_click(lambda _b, g=g: self.apply_gate(g))
        self.reset_button = widgets.Button(description="|0⟩", layout=widgets.Layout(width="52px"),
                                           tooltip="reset to |0>")
        self.reset_button.on_click(lambda _b: self.set_state(1, 0))
        self.image = widgets.Image(format="png", layout=widgets.Layout(width="300px"))
        self.info = widgets.HTML()
        self.history: list[str] = []
        self._trail: list[tuple[float, float]] = []
        self._cache = _Cache(128)
        self.theta.observe(self._slid, names="value")
        self.phi.observe(self._slid, names="value")
        controls = widgets.VBox([self.theta, self.phi,
                                 widgets.HBox(list(self.gate_buttons.values()) + [self.reset_button]), self.info])
        super().__init__([widgets.HBox([self.image, controls])], **kwargs)
        self._busy = False
        self.state = state_from_angles(theta, phi)
        self._render()

    def _slid(self, _change) -> None:
        if not self._busy:
            self.state = state_from_angles(self.theta.value, self.phi.value)
            self._render()

    def set_state(self, a: complex, b: complex) -> None:
        norm = math.sqrt(abs(a) ** 2 + abs(b) ** 2)
        self.state = (a / norm, b / norm)
        theta, phi = angles_from_state(*self.state)
        self._busy = True
        self.theta.value, self.phi.value = round(theta, 6), round(phi % (2 * math.pi), 6)
        self._busy = False
        self._render()

    def apply_gate(self, gate: str) -> None:
        (m00, m01), (m10, m11) = GATES[gate]
        a, b = self.state
        self._trail = (self._trail + [angles_from_state(a, b)])[-12:]
        self.history.append(gate)
        self.set_state(m00 * a + m01 * b, m10 * a + m11 * b)

    @property
    def probabilities(self) -> tuple[float, float]:
        a, b = self.state
        return abs(a) ** 2, abs(b) ** 2

    def _render(self) -> None:
        theta, phi = angles_from_state(*self.state)
        key = (round(theta, 3), round(phi, 3), tuple((round(t, 2), round(p, 2)) for t, p in self._trail))
        self.image.value = self._cache.get(key, lambda: bloch_png(theta, phi, self._trail))
        a, b = self.state
        p0, p1 = self.probabilities

        def c(z: complex) -> str:
            z = complex(round(z.real, 3) + 0.0, round(z.imag, 3) + 0.0)
            return f"{z.real:.3f}" if abs(z.imag) < 1e-9 else f"({z.real:.3f}{z.imag:+.3f}i)"
        self.info.value = (f"|ψ⟩ = {c(a)} |0⟩ + {c(b)} |1⟩<br>"
                           f"P(0) = {p0:.3f} &nbsp; P(1) = {p1:.3f}<br>"
                           f"gates so far: {' '.join(self.history) or '—'}")


# --- the measurement histogram -----------------------------------------------------------------
def histogram_png(counts: dict, exact: dict, shots: int) -> bytes:
    keys = sorted(set(counts) | set(exact))
    fig = R.figure(max(3.5, 0.55 * len(keys) + 1.5), 2.8)
    ax = fig.add_subplot(111)
    xs = range(len(keys))
    # told apart by fill as well as colour: measured bars solid, exact bars hatched and outlined
    ax.bar([x - 0.2 for x in xs], [counts.get(k, 0) / shots for k in keys], width=0.4,
           label=f"measured ({shots} shots)", color=R.O_COLOUR, edgecolor="black", linewidth=0.6)
    ax.bar([x + 0.2 for x in xs], [exact.get(k, 0) for k in keys], width=0.4, label="exact",
           color="white", edgecolor="#444", hatch="///", linewidth=0.8)
    ax.set_xticks(list(xs))
    ax.set_xticklabels(keys, rotation=60 if len(keys) > 6 else 0, fontsize=8)
    ax.set_ylabel("probability")
    ax.legend(fontsize=8)
    return R.to_png(fig)


class HistogramView(PlainTextFallback, widgets.VBox):
    """Measure a circuit N times on Aer and show the counts beside the exact probabilities."""

    def __init__(self, circuit=None, shots: int = 1024, seed: int | None = 1, **kwargs):
        self.shots = widgets.IntSlider(value=shots, min=1, max=8192, step=1, description="shots",
                                       continuous_update=False)
        self.run_button = widgets.Button(description="Measure", button_style="primary")
        self.run_button.on_click(lambda _b: self.run())
        self.image = widgets.Image(format="png")
        self.info = widgets.HTML()
        self.seed = seed
        self.counts: dict = {}
        self._runs = 0
        super().__init__([widgets.HBox([self.shots, self.run_button]), self.image, self.info], **kwargs)
        self.circuit = None
        if circuit is not None:
            self.set_circuit(circuit)

    def set_circuit(self, circuit) -> None:
        from qiskit.quantum_info import Statevector
        self.circuit = circuit
        bare = circuit.remove_final_measurements(inplace=False)
        probs = Statevector.from_instruction(bare).probabilities_dict()
        self.exact = {k: v for k, v in probs.items() if v > 1e-12}
        self.run()

    def run(self) -> None:
        from qttt_widgets.quantum.measure import run_counts
        qc = self.circuit
        if not qc.clbits:
            qc = qc.measure_all(inplace=False)
        seed = None if self.seed is None else self.seed + self._runs
        self._runs += 1
        raw = run_counts(qc, shots=self.shots.value, seed=seed)
        self.counts = {k.replace(" ", "")[-qc.num_qubits:]: v for k, v in raw.items()}
        self.image.value = histogram_png(self.counts, self.exact, self.shots.value)
        self.info.value = (f"{self.shots.value} shots; bitstrings read right to left "
                           f"(qubit 0 is the rightmost digit).")
