"""Clickable boards: Goff's game, the qubit-per-cell game and classical tic-tac-toe.

Each view is an ``ipywidgets.VBox``: a status line, the board and a message line. The board
is the SVG drawing of ``svg.py`` (crisp at any size; Goff's spooky marks each in a fixed
place) under a grid of transparent buttons, one per square, so a click lands on its square.

Data flows one way. An owner gives a view a snapshot of its game
(``show(game.snapshot(), locked=...)``, one call, one drawing) and the view never changes it:
a click becomes an *intent*, the action the player asked for (``(a, b)`` for a spooky mark,
``a`` for a collapse or a classical square, a qubit move tuple), sent to the handler given to
``on_action``. The handler applies it to the owner's game (and decides whether a computer
answers), then shows the view the new snapshot; or it raises ``IllegalMove``, which the view
shows while the game stays as it was. The app gives ``draw(snapshot)`` its whole state
(``widgets.state.AppSnapshot``) and the view decides from it whether clicks wait and what its
status says. A view used on its own in a notebook cell, with no owner, owns its game and
applies the actions to it itself.
"""
from __future__ import annotations

import html
from typing import Callable

import ipywidgets as widgets

from qttt_widgets.rules.classical import ClassicalBoard
from qttt_widgets.rules.errors import IllegalMove
from qttt_widgets.rules.game import half_point
from qttt_widgets.rules.goff import GoffGame, player_of
from qttt_widgets.rules.qubit_board import LEVELS, PHASES, QubitGame, phase_probability

from . import svg
from ._render import sub
from ._plain import PlainTextFallback

BOARD_PX = {3: 312, 4: 336, 5: 360}      # the drawing's width on screen, by board size
STATUS_HEIGHT = "46px"                   # room for two lines: a short status never moves the board


IN_A_ROW = {3: "three", 4: "four", 5: "five"}


def win_rule(n: int, k: int | None = None) -> str:
    """How many in a row win on an n x n board with k in a row (k = n unless given), in words.

    >>> win_rule(3)
    'three in a row wins'
    >>> win_rule(4)
    'four in a row wins: a whole row, column or diagonal of the 4 x 4 board'
    """
    k = n if k is None else k
    words = f"{IN_A_ROW.get(k, k)} in a row wins"
    if n == 3:
        return words
    if k == n:
        return f"{words}: a whole row, column or diagonal of the {n} x {n} board"
    return f"{words}, anywhere on the {n} x {n} board"


points = half_point       # the one formatter of a half point (rules.game)


def goff_result_text(game: GoffGame) -> str:
    """The end of a Goff game in words, saying where a ½ comes from."""
    s = game.scores
    if game.winner is None:
        return "Game over: a draw."
    text = f"Game over: {game.winner} wins — X {points(s['X'])}, O {points(s['O'])}."
    if 0.5 in (s["X"], s["O"]):
        tops = {who: top for who, _line, top in game.lines()}
        half = "X" if s["X"] == 0.5 else "O"
        text += (f" One measurement gave both players a line: {half}'s line has the larger largest "
                 f"subscript ({tops.get(half)} against {tops.get(game.winner)}), so it scores ½.")
    return text


class _GridBoard(PlainTextFallback, widgets.VBox):
    """The SVG board under transparent square buttons, with a status line and a message line."""

    def __init__(self, n: int, **kwargs):
        self.n = n
        self.locked: str = ""            # set by the owner: why clicks must wait ("" when they need not)
        self._handler: Callable | None = None
        self._listeners: list[Callable] = []
        # at least two lines high, and taller when a status needs more (never clipped)
        self.status = widgets.HTML(layout=widgets.Layout(min_height=STATUS_HEIGHT, margin="0"))
        self.status.add_class("qttt-status")
        self.message = widgets.HTML(layout=widgets.Layout(min_height="24px", margin="0"))
        self.picture = widgets.HTML(layout=widgets.Layout(grid_area="board", margin="0"))
        self.buttons = [widgets.Button(description="", layout=widgets.Layout(margin="0", padding="0"))
                        for _ in range(n * n)]
        for i, b in enumerate(self.buttons):
            b.style.button_color = "transparent"
            b.on_click(lambda _b, i=i: self.click(i))
        self.grid = widgets.GridBox(self.buttons, layout=widgets.Layout(grid_area="board", grid_gap="0px"))
        self.board = widgets.GridBox([self.picture, self.grid], layout=widgets.Layout(
            grid_template_areas='"board"', width="fit-content", margin="2px 0"))
        super().__init__(**kwargs)

    # --- the owner's side ---------------------------------------------------------------------
    def on_action(self, handler: Callable) -> None:
        """``handler(action)`` applies what the player asked for, or raises IllegalMove."""
        self._handler = handler

    def on_change(self, callback: Callable) -> None:
        """Call ``callback(view)`` after every action of this view that changed its game."""
        self._listeners.append(callback)

    def show(self, game, *, locked: str = "", note: str | None = None, fresh: bool = False) -> None:
        """Draw ``game`` (a snapshot of the owner's game), once. ``locked`` says why clicks must
        wait ("" when they need not); ``note`` replaces the status line; ``fresh`` (another game,
        new or loaded) clears the selection and the message."""
        if fresh:
            self._fresh(game)
            self.message.value = ""
        self.game = game
        self.locked = locked
        self.refresh()
        if note is not None:
            self.set_status(note)

    def draw(self, state) -> None:
        """Draw an app's snapshot (``widgets.state.AppSnapshot``), once. The view decides from
        its facts whether clicks wait (an earlier position under review, a computer to move) and
        what the status line says (who is thinking, what is reviewed)."""
        if state.reviewing is not None:
            locked = "You are looking at an earlier position: press 'Back to the game' to play on."
            note = f"Reviewing: the position after action {state.reviewing} — press 'Back to the game' to play on."
        else:
            locked = "Wait: the computer is to move." if state.computer_to_move else ""
            note = state.thinking or state.waiting
        if self.locked and locked != self.locked:
            self.message.value = ""              # a refusal said under the old lock no longer applies
        self.show(state.shown, locked=locked, note=note, fresh=state.fresh)
        (self.status.add_class if state.thinking else self.status.remove_class)("qttt-thinking")

    def set_game(self, game) -> None:
        """Show another game (a new or loaded one): ``show(game, fresh=True)``."""
        self.show(game, fresh=True)

    def _fresh(self, game) -> None:
        """Forget the selection before another game is shown (each view knows its own)."""

    def _apply_alone(self, action) -> None:
        """A view with no owner owns its game and applies the action to it."""
        self.game.apply(action)
        self.refresh()

    def send(self, action) -> bool:
        """Send an intent; show the rule if it is refused. True if it was applied. An owner
        shows the view the changed game itself, so the view draws only a refusal."""
        try:
            (self._handler or self._apply_alone)(action)
        except IllegalMove as e:
            self.say(f"Not allowed: {e.people}", error=True)
            self.refresh()
            return False
        self.message.value = ""
        for cb in self._listeners:
            cb(self)
        return True

    # --- drawing ---------------------------------------------------------------------------
    def _refused(self) -> bool:
        """True (with a message) when clicks must wait: a computer's turn, or a finished game."""
        if self.locked:
            self.say(self.locked, error=True)
            return True
        if self.game.outcome().over:
            self.say("The game is over. Start a new game or undo.", error=True)
            return True
        return False

    def say(self, text: str, error: bool = False) -> None:
        """Show ``text`` (plain text, escaped here) on the message line."""
        colour = "#b00020" if error else "#333"
        self.message.value = f"<span style='color:{colour}'>{html.escape(text, quote=False)}</span>" if text else ""

    def _draw(self, picture: svg.SvgPicture, tips: list[str]) -> None:
        """Put the board's drawing on screen and size the square buttons over its squares, where
        the drawing says they are (``SvgPicture.cell`` and ``.margin``)."""
        cell, margin = picture.cell, picture.margin
        if cell is None or margin is None:
            raise ValueError("a board view draws a board: an SvgPicture from svg.goff_board, "
                             "classical_board or qubit_board")
        self.picture.value = picture
        self.grid.layout.grid_template_columns = f"repeat({self.n}, {cell:.2f}px)"
        self.grid.layout.grid_template_rows = f"repeat({self.n}, {cell:.2f}px)"
        self.grid.layout.margin = f"{margin:.2f}px"
        self.grid.layout.width = f"{cell * self.n:.2f}px"
        self.grid.layout.height = f"{cell * self.n:.2f}px"
        for b, tip in zip(self.buttons, tips):
            b.layout.width = b.layout.height = f"{cell:.2f}px"
            b.tooltip = tip

    def set_status(self, text: str) -> None:
        self.status.value = (f"<div style='line-height:1.3'><b>{html.escape(text, quote=False)}</b></div>")

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
        self.children = [self.status, self.board, self.message]
        self.refresh()

    def _fresh(self, game: GoffGame) -> None:
        self.selected = None

    def click(self, i: int) -> None:
        g = self.game
        if self._refused():
            return
        if g.action_squares() == 1:             # a collapse choice or the last mark: one click
            self.send(i)
            return
        if self.selected is None:
            if i not in g.open_squares():
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
        self.send((first, i))

    def refresh(self) -> None:
        g = self.game
        chosen = () if self.selected is None else (self.selected,)
        tips = []
        for i in range(9):
            mark = g.classical[i]
            if mark is not None:
                tips.append(f"square {i + 1}: classical {mark[0]}{mark[1]}")
                continue
            spooky = g.marks_in(i)
            tips.append(f"square {i + 1}" + (f": spooky {', '.join(f'{w}{s}' for w, s in spooky)}"
                                             if spooky else ": empty"))
        self._draw(svg.goff_board(g, BOARD_PX[3], selected=chosen), tips)
        self.set_status(self.status_text())

    def status_text(self) -> str:
        g = self.game
        if g.outcome().over:
            return goff_result_text(g)
        if g.pending is not None:
            p = g.pending
            a, b = p.options
            return (f"A cycle! {p.chooser} chooses where {player_of(p.sub)}{sub(p.sub)} goes: "
                    f"click square {a + 1} or {b + 1}.")
        mover = g.current_player()
        mark = f"{mover}{sub(g.move_number)}"
        if g.action_squares() == 1:
            last = g.legal_moves()[0]
            return f"{mover} to move: one square left — click {last + 1} for the classical {mark}."
        if self.selected is not None:
            return (f"{mover} to move: square {self.selected + 1} chosen — click a second square "
                    f"for {mark}, or {self.selected + 1} again to cancel.")
        return f"{mover} to move: click two squares for the spooky mark {mark}."


class QubitBoardView(_GridBoard):
    """The qubit-per-cell game with its move tools: classical, SWAP, H, phase, entangle
    (with the risk level) and collapse."""

    TOOLS = ["Classical", "SWAP", "H", "Phase", "Entangle"]

    def __init__(self, game: QubitGame | None = None, **kwargs):
        game = game if game is not None else QubitGame()
        super().__init__(game.n, **kwargs)
        self.game = game
        self.selected: list[int] = []
        self.tool = widgets.ToggleButtons(options=self.TOOLS, value="Classical", description="Move:",
                                          style={"button_width": "72px"})
        self.level = widgets.Dropdown(description="Risk:", layout=widgets.Layout(width="290px"))
        self.gate = widgets.Dropdown(
            options=[(f"{g} — X with p = {phase_probability(g):.3f}", g) for g in PHASES],
            value="T", description="Phase:", layout=widgets.Layout(width="290px"))
        self.collapse_button = widgets.Button(description="Collapse (measure)", button_style="warning",
                                              layout=widgets.Layout(width="170px"))
        self.collapse_button.on_click(lambda _b: self._collapse())
        self.tool.observe(lambda _c: self._clear_selection(), names="value")
        self.level.observe(lambda _c: self._clear_selection(), names="value")
        # the tool line keeps its height whichever tool shows (no jump under the board)
        options = widgets.HBox([self.level, self.gate], layout=widgets.Layout(height="34px"))
        self.children = [self.status, self.tool, options, self.board,
                         widgets.HBox([self.collapse_button]), self.message]
        self._set_levels()
        self.refresh()

    def _set_levels(self) -> None:
        names = [(f"Lv{lv} {LEVELS[lv][0]} ({LEVELS[lv][1]} cells)", lv) for lv in self.game.levels]
        if list(self.level.options) != names:
            self.level.options = names
            self.level.value = self.game.levels[0]

    def _fresh(self, game: QubitGame) -> None:
        if game.n != self.game.n:
            raise ValueError("a QubitBoardView keeps its board size; make a new view for another size")
        self.selected = []
        self.game = game
        self._set_levels()

    def _clear_selection(self) -> None:
        self.selected = []
        self.refresh()

    def _collapse(self) -> None:
        if not self._refused():
            self.send(("collapse",))

    def cells_needed(self) -> int:
        return {"Classical": 1, "H": 1, "Phase": 1, "SWAP": 2}.get(self.tool.value) or LEVELS[self.level.value][1]

    def click(self, i: int) -> None:
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
        self.send(move)

    def refresh(self) -> None:
        g = self.game
        probs = g.cell_probabilities()
        group_names = {c: chr(97 + k) for k, grp in enumerate(g.groups) for c in grp.cells}
        tips = []
        for i, v in enumerate(g.cells):
            if v in ("X", "O"):
                tips.append(f"cell {i + 1}: {v}")
            elif v == "Q":
                tips.append(f"cell {i + 1}: quantum (group {group_names[i]}), X with p = {probs[i]['X']:.3f}")
            else:
                tips.append(f"cell {i + 1}: empty")
        self._draw(svg.qubit_board(g, BOARD_PX[g.n] * 3 // g.n, selected=self.selected), tips)
        self.collapse_button.disabled = not g.can_collapse()
        self.level.layout.visibility = "visible" if self.tool.value == "Entangle" else "hidden"
        self.gate.layout.visibility = "visible" if self.tool.value == "Phase" else "hidden"
        if g.outcome().over:
            s = g.scores
            text = ("Game over: a draw" if g.result == "draw" else f"Game over: {g.result} wins") + \
                f" (lines of {IN_A_ROW.get(g.k, g.k)}: X {s['X']}, O {s['O']})."
        else:
            need = self.cells_needed() - len(self.selected)
            text = (f"{g.current_player()} to move — {self.tool.value}: click {need} more cell{'s' if need > 1 else ''} "
                    f"({IN_A_ROW.get(g.k, g.k)} in a row wins).")
        if g.last_outcome and not g.groups:
            shown = ", ".join(f"{c + 1}={m}" for c, m in sorted(g.last_outcome.items()))
            text += f" Last measurement: {shown}."
        self.set_status(text)


class ClassicalBoardView(_GridBoard):
    """Classical tic-tac-toe: click an empty square."""

    def __init__(self, board: ClassicalBoard | None = None, **kwargs):
        board = board if board is not None else ClassicalBoard()
        super().__init__(board.n, **kwargs)
        self.game = board
        self.children = [self.status, self.board, self.message]
        self.refresh()

    def _fresh(self, board: ClassicalBoard) -> None:
        if board.n != self.n:
            raise ValueError("a ClassicalBoardView keeps its board size; make a new view for another size")

    def click(self, i: int) -> None:
        if not self._refused():
            self.send(i)

    def refresh(self) -> None:
        b = self.game
        tips = [f"square {i + 1}: {v}" if v else f"square {i + 1}: empty" for i, v in enumerate(b.cells)]
        self._draw(svg.classical_board(b, BOARD_PX.get(b.n, 360)), tips)
        row = f"{IN_A_ROW.get(b.k, b.k)} in a row"
        if b.outcome().over:
            text = f"Game over: a draw (nobody has {row})." if b.result == "draw" else \
                f"Game over: {b.result} wins with {row}."
        else:
            text = f"{b.current_player()} to move: click an empty square ({row} wins)."
        self.set_status(text)
