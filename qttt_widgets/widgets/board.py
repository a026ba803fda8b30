"""Clickable boards: Goff's game, the qubit-per-cell game and classical tic-tac-toe.

Each view is an ``ipywidgets.VBox`` holding a grid of Buttons, a status line and a
message line. A view renders its rules object; a click calls the rules object and then
re-renders. An illegal click shows the rule it breaks and changes nothing.
"""
from __future__ import annotations

import ipywidgets as widgets

from qttt_widgets.rules.classical import ClassicalBoard
from qttt_widgets.rules.errors import IllegalMove
from qttt_widgets.rules.goff import GoffGame, player_of
from qttt_widgets.rules.qubit_board import LEVELS, PHASES, QubitGame, phase_probability

from ._render import sub

COLOURS = {"empty": "#f4f4f4", "X": "#f6d5d1", "O": "#d4e6f5", "selected": "#ffe08a",
           "option": "#ffb870", "cycle": "#ffe3c4", "line": "#b8f0b0", "quantum": "#e8dcf5"}


def points(v: float) -> str:
    return "½" if v == 0.5 else str(int(v))


class _GridBoard(widgets.VBox):
    """A grid of square buttons with a status line and a message line."""

    cell_px = 104

    def __init__(self, n: int, **kwargs):
        self.n = n
        self.buttons = [widgets.Button(layout=widgets.Layout(width=f"{self.cell_px}px",
                                                             height=f"{int(self.cell_px * 0.8)}px"))
                        for _ in range(n * n)]
        for i, b in enumerate(self.buttons):
            b.on_click(lambda _b, i=i: self.click(i))
        self.grid = widgets.GridBox(self.buttons, layout=widgets.Layout(
            grid_template_columns=f"repeat({n}, {self.cell_px}px)", grid_gap="4px"))
        self.status = widgets.HTML()
        self.message = widgets.HTML()
        self.locked = False              # True while a computer player is to move
        self._listeners = []
        super().__init__(**kwargs)

    def on_change(self, callback) -> None:
        """Call ``callback(view)`` after every action that changed the game."""
        self._listeners.append(callback)

    def _notify(self) -> None:
        for cb in self._listeners:
            cb(self)

    def _act(self, action) -> bool:
        """Run ``action()`` on the game; show the rule if it is illegal. True if it worked."""
        try:
            action()
        except IllegalMove as e:
            self.message.value = f"<span style='color:#b00020'>Not allowed: {e.people}</span>"
            self.refresh()
            return False
        self.message.value = ""
        self.refresh()
        self._notify()
        return True

    def _refused(self) -> bool:
        """True (with a message) when clicks must wait: a computer's turn, or a finished game."""
        if self.locked:
            self.say("Wait: the computer is to move.", error=True)
            return True
        if self.game.is_over:
            self.say("The game is over. Start a new game or undo.", error=True)
            return True
        return False

    def say(self, text: str, error: bool = False) -> None:
        colour = "#b00020" if error else "#333"
        self.message.value = f"<span style='color:{colour}'>{text}</span>" if text else ""

    def _style(self, i: int, text: str, colour: str, tip: str, big: bool = False, faint: bool = False):
        b = self.buttons[i]
        b.description = text
        b.tooltip = tip
        b.style.button_color = colour
        b.style.font_weight = "bold" if big else "normal"
        # font_size and text_color exist in ipywidgets 8; on 7.7 (Colab) setting them does nothing
        try:
            b.style.font_size = "26px" if big else "15px"
            b.style.text_color = "#999" if faint else "black"
        except Exception:  # noqa: BLE001
            pass

    def click(self, i: int) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def refresh(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


class GoffBoardView(_GridBoard):
    """Goff's game: click two squares for a spooky mark; when a cycle closes, the chooser
    clicks one of the two highlighted squares; the last mark is one click.

    >>> view = GoffBoardView()
    >>> view.buttons[0].click(); view.buttons[8].click()
    >>> view.game.spooky
    (('X', 1, 0, 8),)
    """

    def __init__(self, game: GoffGame | None = None, **kwargs):
        super().__init__(3, **kwargs)
        self.game = game if game is not None else GoffGame()
        self.selected: int | None = None
        self.children = [self.status, self.grid, self.message]
        self.refresh()

    def set_game(self, game: GoffGame) -> None:
        self.game = game
        self.selected = None
        self.message.value = ""
        self.refresh()

    def click(self, i: int) -> None:
        g = self.game
        if self._refused():
            return
        if g.pending is not None:
            self._act(lambda: g.collapse(i))
            return
        if len(g.open_squares()) == 1:
            self._act(lambda: g.play(i))
            return
        if self.selected is None:
            if g.classical[i] is not None:
                who, s = g.classical[i]
                self.say(f"Square {i + 1} holds the classical mark {who}{sub(s)}: pick a square "
                         "without one.", error=True)
                return
            self.selected = i
            self.message.value = ""
            self.refresh()
            return
        if self.selected == i:
            self.selected = None
            self.message.value = ""
            self.refresh()
            return
        first, self.selected = self.selected, None
        self._act(lambda: g.play(first, i))

    def refresh(self) -> None:
        g = self.game
        p = g.pending
        winning = {sq for _, line, _ in g.lines() for sq in line}
        for i in range(9):
            mark = g.classical[i]
            if mark is not None:
                colour = COLOURS["line"] if i in winning else COLOURS[mark[0]]
                self._style(i, f"{mark[0]}{sub(mark[1])}", colour,
                            f"square {i + 1}: classical {mark[0]}{mark[1]}", big=True)
                continue
            spooky = g.marks_in(i)
            text = " ".join(f"{who}{sub(s)}" for who, s in spooky)
            colour = COLOURS["empty"]
            if p is not None and i in p.options:
                colour = COLOURS["option"]
            elif p is not None and i in p.cycle:
                colour = COLOURS["cycle"]
            elif i == self.selected:
                colour = COLOURS["selected"]
            tip = f"square {i + 1}" + (f": spooky {', '.join(f'{w}{s}' for w, s in spooky)}" if spooky else ": empty")
            self._style(i, text or str(i + 1), colour, tip, faint=not spooky)
        self.status.value = f"<b>{self.status_text()}</b>"

    def status_text(self) -> str:
        g = self.game
        if g.is_over:
            s = g.scores
            if g.winner is None:
                return "Game over: a draw."
            return f"Game over: {g.winner} wins — X {points(s['X'])}, O {points(s['O'])}."
        if g.pending is not None:
            p = g.pending
            a, b = p.options
            return (f"A cycle! {p.chooser} chooses where {player_of(p.sub)}{sub(p.sub)} goes: "
                    f"click square {a + 1} or {b + 1}.")
        free = g.open_squares()
        mark = f"{g.to_move}{sub(g.move_number)}"
        if len(free) == 1:
            return f"{g.to_move} to move: one square left — click {free[0] + 1} for the classical {mark}."
        if self.selected is not None:
            return (f"{g.to_move} to move: square {self.selected + 1} chosen — click a second square "
                    f"for {mark}, or {self.selected + 1} again to cancel.")
        return f"{g.to_move} to move: click two squares for the spooky mark {mark}."


class QubitBoardView(_GridBoard):
    """The qubit-per-cell game with its move tools: classical, SWAP, H, phase, entangle
    (with the risk level) and collapse."""

    TOOLS = ["Classical", "SWAP", "H", "Phase", "Entangle"]

    def __init__(self, game: QubitGame | None = None, **kwargs):
        game = game if game is not None else QubitGame()
        self.cell_px = {3: 104, 4: 84, 5: 70}[game.n]
        super().__init__(game.n, **kwargs)
        self.game = game
        self.selected: list[int] = []
        self.tool = widgets.ToggleButtons(options=self.TOOLS, value="Classical", description="Move:",
                                          style={"button_width": "80px"})
        self.level = widgets.Dropdown(description="Risk:", layout=widgets.Layout(width="290px"))
        self.gate = widgets.Dropdown(
            options=[(f"{g} — X with p = {phase_probability(g):.3f}", g) for g in PHASES],
            value="T", description="Phase:", layout=widgets.Layout(width="290px"))
        self.collapse_button = widgets.Button(description="Collapse (measure)", button_style="warning",
                                              layout=widgets.Layout(width="170px"))
        self.collapse_button.on_click(lambda _b: self._act(self.game.collapse))
        self.tool.observe(lambda _c: self._clear_selection(), names="value")
        self.level.observe(lambda _c: self._clear_selection(), names="value")
        self.children = [self.status, self.tool, widgets.HBox([self.level, self.gate]), self.grid,
                         widgets.HBox([self.collapse_button]), self.message]
        self._set_levels()
        self.refresh()

    def _set_levels(self) -> None:
        self.level.options = [(f"Lv{lv} {LEVELS[lv][0]} ({LEVELS[lv][1]} cells)", lv) for lv in self.game.levels]
        self.level.value = self.game.levels[0]

    def set_game(self, game: QubitGame) -> None:
        if game.n != self.game.n:
            raise ValueError("a QubitBoardView keeps its board size; make a new view for another size")
        self.game = game
        self.selected = []
        self._set_levels()
        self.message.value = ""
        self.refresh()

    def _clear_selection(self) -> None:
        self.selected = []
        self.refresh()

    def cells_needed(self) -> int:
        return {"Classical": 1, "H": 1, "Phase": 1, "SWAP": 2}.get(self.tool.value) or LEVELS[self.level.value][1]

    def click(self, i: int) -> None:
        g = self.game
        if self._refused():
            return
        if i in self.selected:
            self.selected.remove(i)
            self.message.value = ""
            self.refresh()
            return
        self.selected.append(i)
        if len(self.selected) < self.cells_needed():
            self.message.value = ""
            self.refresh()
            return
        cells, self.selected = self.selected, []
        tool = self.tool.value
        move = {"Classical": ("place", cells[0]), "H": ("h", cells[0]),
                "Phase": ("phase", cells[0], self.gate.value), "SWAP": ("swap", *cells),
                "Entangle": ("entangle", self.level.value, tuple(cells))}[tool]
        self._act(lambda: g.apply(move))

    def refresh(self) -> None:
        g = self.game
        probs = g.cell_probabilities()
        winning = {c for _, line in g.lines() for c in line}
        group_names = {c: chr(97 + k) for k, grp in enumerate(g.groups) for c in grp.cells}
        for i, v in enumerate(g.cells):
            if v in ("X", "O"):
                self._style(i, v, COLOURS["line"] if i in winning else COLOURS[v], f"cell {i + 1}: {v}", big=True)
            elif v == "Q":
                colour = COLOURS["selected"] if i in self.selected else COLOURS["quantum"]
                self._style(i, f"?{group_names[i]}  X {probs[i]['X']:.0%}", colour,
                            f"cell {i + 1}: quantum (group {group_names[i]}), X with p = {probs[i]['X']:.3f}")
            else:
                colour = COLOURS["selected"] if i in self.selected else COLOURS["empty"]
                self._style(i, str(i + 1), colour, f"cell {i + 1}: empty", faint=True)
        self.collapse_button.disabled = not g.groups or g.is_over
        self.level.layout.display = "" if self.tool.value == "Entangle" else "none"
        self.gate.layout.display = "" if self.tool.value == "Phase" else "none"
        if g.is_over:
            s = g.scores
            text = ("Game over: a draw" if g.result == "draw" else f"Game over: {g.result} wins") + \
                f" (lines: X {s['X']}, O {s['O']})."
        else:
            need = self.cells_needed() - len(self.selected)
            text = f"{g.to_move} to move — {self.tool.value}: click {need} more cell{'s' if need > 1 else ''}."
        if g.last_outcome and not g.groups:
            shown = ", ".join(f"{c + 1}={m}" for c, m in sorted(g.last_outcome.items()))
            text += f" Last measurement: {shown}."
        self.status.value = f"<b>{text}</b>"


class ClassicalBoardView(_GridBoard):
    """Classical tic-tac-toe: click an empty square."""

    def __init__(self, board: ClassicalBoard | None = None, **kwargs):
        board = board if board is not None else ClassicalBoard()
        super().__init__(board.n, **kwargs)
        self.game = board
        self.children = [self.status, self.grid, self.message]
        self.refresh()

    def set_game(self, board: ClassicalBoard) -> None:
        self.game = board
        self.message.value = ""
        self.refresh()

    def click(self, i: int) -> None:
        if not self._refused():
            self._act(lambda: self.game.play(i))

    def refresh(self) -> None:
        b = self.game
        winner = b.winner
        line_cells = set()
        if winner:
            for line in b._lines:
                if all(b.cells[i] == winner for i in line):
                    line_cells |= set(line)
        for i, v in enumerate(b.cells):
            if v:
                self._style(i, v, COLOURS["line"] if i in line_cells else COLOURS[v], f"square {i + 1}: {v}", big=True)
            else:
                self._style(i, str(i + 1), COLOURS["empty"], f"square {i + 1}: empty", faint=True)
        if b.is_over:
            text = "Game over: a draw." if b.result == "draw" else f"Game over: {b.result} wins."
        else:
            text = f"{b.to_move} to move: click an empty square."
        self.status.value = f"<b>{text}</b>"
