"""GameApp: the board, the entanglement graph, the live circuit, the ensemble and a review of
the game together, with mode, option and player selectors, hints, undo/redo, the move
history, save/load, and two computers playing move by move for a class to watch.

    from qttt_widgets.widgets import GameApp
    GameApp()          # the last expression of a cell shows it: you (X) against the easy solver

Three parts: ``widgets.config`` (the menus' tables and the words), ``widgets.controller``
(``GameController``: the game, the settings and the players, changed by intents, publishing an
``AppSnapshot`` after each change) and this module, the layout: it builds the widgets, draws
each snapshot and forwards what the user does to the controller.
"""
from __future__ import annotations

import html

import ipywidgets as widgets

from qttt_widgets.players.review import review

from . import config as C
from ._plain import PlainTextFallback
from .config import (BOTH_LINES, DIFFICULTIES, MEASUREMENTS, OPTIONS, QUBIT_LEVELS, REVIEW_CSS,  # noqa: F401
                     SCROLL_HINT, hint_text, history_text, load_record, new_game, outcome_text, players_for,
                     rules_text, signed)
from .controller import GameController, ManualClock, warm_up  # noqa: F401
from .registry import ESILV_PLAYERS, MODES, SOLVER, SOLVER_NAME, mode_choices, mode_of  # noqa: F401
from .views import CircuitView, EnsembleView, EntanglementGraphView

SMALL_WIDTH = "74px"    # a small button; each gets a Layout of its own (hiding one must not hide the others)


class GameApp(PlainTextFallback, widgets.VBox):
    """The demo app: pick a mode, its options and the players; play, undo/redo, hint, review,
    save and load; watch two computers play, with Pause and Step.

    ``GameApp(mode, seed, x, o, difficulty)``: X and O are player names (``players_for``) or
    ``"computer"`` for the mode's usual computer; by default you are X against the Goff solver
    at the easy level. The controller (``self.controller``) owns the game; the app draws its
    snapshots, and a handler acts only when a control's value differs from the snapshot.
    """

    plain_text = "Quantum tic-tac-toe app: run this cell with a kernel to play."

    def __init__(self, mode: str = "goff", seed: int | None = 1, x: str = C.HUMAN, o: str = C.COMPUTER,
                 difficulty: float = C.EASY, clock=None, pace: float = C.PACE, **kwargs):
        self.controller = GameController(mode, seed, x, o, difficulty, clock=clock, pace=pace)
        self._drawing = False
        self.view = None
        self._view_fits: tuple | None = None      # (view class, board size) of the view shown
        self._shown: dict = {}                    # tab index -> what it last drew
        self._build_controls()
        self._build_panels()
        super().__init__(self._layout(), **kwargs)
        self.controller.subscribe(self.draw)
        self.draw(self.controller.snapshot(fresh=True))

    # --- building ------------------------------------------------------------------------
    def _dropdown(self, description: str, options, width: str, label_width: str, key: str,
                  value=None) -> widgets.Dropdown:
        """A dropdown that sends its new value to the controller when the user changes it."""
        d = widgets.Dropdown(options=options, description=description,
                             layout=widgets.Layout(width=width, max_width="100%"),
                             style={"description_width": label_width})
        if value is not None:
            d.value = value                      # drawn before anyone listens
        d.observe(lambda _c: self._intent(self.controller.choose, key, d.value), names="value")
        return d

    def _button(self, description: str, icon: str, intent, layout=None, **kwargs) -> widgets.Button:
        b = widgets.Button(description=description, icon=icon, layout=layout or widgets.Layout(width=SMALL_WIDTH),
                           **kwargs)
        b.on_click(lambda _b: intent())
        return b

    def _build_controls(self) -> None:
        st = self.controller.settings
        d = self._dropdown
        self.mode = d("Mode:", mode_choices(), "400px", "50px", "mode", st["mode"])
        self.x_player = d("X:", [st["X"]], "290px", "22px", "X")
        self.o_player = d("O:", [st["O"]], "290px", "22px", "O")
        self.difficulty = d("Solver:", DIFFICULTIES, "250px", "50px", "difficulty", st["difficulty"])
        self.size = d("Board:", C.BOARD_SIZES, "150px", "50px", "size")
        self.levels = d("Risk levels:", QUBIT_LEVELS, "330px", "80px", "levels")
        self.measurement = d("Measure:", MEASUREMENTS, "390px", "65px", "measurement")
        self.both_lines = d("Both have lines:", BOTH_LINES, "300px", "110px", "both_lines")
        self.opponents = widgets.ToggleButtons(options=C.OPPONENTS, value=self.controller.opponents(),
                                               style={"button_width": "auto"},
                                               tooltips=["you are X against the computer", "two people at one screen",
                                                         "two computers play, move by move"])
        self.opponents.observe(lambda c: self._intent(self.controller.choose_opponents, c["new"]), names="value")
        c = self.controller
        self.new_button = self._button("New game", "refresh", c.new_game, widgets.Layout(), button_style="primary")
        self.pause_button = self._button("Pause", "pause", self._pause_or_play, widgets.Layout(width="84px"),
                                         tooltip="two computers play: pause, or play on")
        self.step_button = self._button("Step", "step-forward", c.step, tooltip="play one move, then wait")
        self.watch_label = widgets.HTML()
        self.watch_label.add_class("qttt-watch")
        self.undo_button = self._button("Undo", "undo", c.undo)
        self.redo_button = self._button("Redo", "repeat", c.redo)
        self.hint_button = self._button("Hint", "lightbulb-o", c.hint, tooltip="the perfect actions here, from the Goff solver")
        self.save_button = self._button("Save", "download", self.save, tooltip="put this game's record in the box below")
        self.load_button = self._button("Load", "upload", self.load, tooltip="load the record pasted in the box below")
        self.back_button = self._button("Back to the game", "reply", lambda: c.show_position(None),
                                        widgets.Layout(display="none", width="auto"), button_style="info")

    def _build_panels(self) -> None:
        self.record = widgets.Textarea(placeholder="Saved records appear here; paste one and press Load.",
                                       layout=widgets.Layout(width="100%", height="80px"))
        self.message = widgets.HTML(layout=widgets.Layout(min_height="24px"))
        self.history = widgets.HTML(layout=widgets.Layout(min_height="40px"))
        self.rules = widgets.HTML()
        self.rules_box = widgets.Accordion(children=[self.rules])
        self.rules_box.set_title(0, "How to play")
        self.rules_box.selected_index = None
        self.board_box = widgets.VBox(layout=widgets.Layout(min_height="420px"))
        self.graph = EntanglementGraphView()
        self.circuit = CircuitView()
        self.ensemble = EnsembleView()
        self.review_box = widgets.VBox()
        self.tabs = widgets.Tab(children=[self.graph, self.circuit, self.ensemble, self.review_box],
                                layout=widgets.Layout(width="560px", max_width="100%", overflow="auto"))
        for i, title in enumerate(["Graph", "Circuit", "Ensemble", "Review"]):
            self.tabs.set_title(i, title)
        self.tabs.observe(lambda _c: self._update_tabs(), names="selected_index")

    def _layout(self) -> list:
        row = widgets.Layout(flex_flow="row wrap")
        self.top = widgets.HBox([self.mode, self.x_player, self.o_player], layout=row)
        self.watch_box = widgets.HBox([self.pause_button, self.step_button, self.watch_label],
                                      layout=widgets.Layout(align_items="center", display="none"))
        # New game starts the row of who plays (the first row fits 1024 px: Mode, X and O)
        options = widgets.HBox([self.new_button, self.opponents, self.watch_box, self.difficulty, self.size, self.levels,
                                self.measurement, self.both_lines],
                               layout=widgets.Layout(flex_flow="row wrap", min_height="34px", align_items="center"))
        # Save and Load sit with Undo under the board (on screen at 1366 x 768); the record box below
        buttons = widgets.HBox([self.undo_button, self.redo_button, self.hint_button, self.save_button,
                                self.load_button, self.back_button], layout=row)
        left = widgets.VBox([self.board_box, buttons, self.history],
                            layout=widgets.Layout(width="400px", max_width="100%", margin="0 12px 0 0"))
        middle = widgets.HBox([left, self.tabs], layout=row)
        style = widgets.HTML(C.APP_CSS, layout=widgets.Layout(display="none"))
        return [self.top, options, self.rules_box, self.message, middle, self.record, style]

    # --- intents: forwarded to the controller ------------------------------------------------
    def _intent(self, intent, *args) -> None:
        """What the user did, for the controller; the app's own drawing of a value is not."""
        if not self._drawing:
            intent(*args)

    def _pause_or_play(self) -> None:
        (self.controller.pause if self.snapshot.watch == "playing" else self.controller.resume)()

    def save(self) -> None:
        """Put the game's record (JSON) in the text box."""
        self.record.value = self.controller.save()

    def load(self) -> None:
        """Load the record in the text box; a damaged one is refused and the game is kept."""
        self.controller.load(self.record.value)

    def close(self) -> None:
        """Stop any computer game on the clock, then close."""
        self.controller.close()
        super().close()

    # --- drawing: everything from the snapshot ------------------------------------------------
    def draw(self, snap) -> None:
        """Draw one snapshot of the controller: the menus, the board, the lines and the open tab."""
        self.snapshot = snap
        self._drawing = True
        try:
            self._draw_settings(snap)
            self._draw_board(snap)
            self._draw_lines(snap)
        finally:
            self._drawing = False
        self._update_tabs()

    def _draw_settings(self, snap) -> None:
        """Show the settings in the controls; hide what does not apply."""
        st, names = snap.settings, list(snap.players)
        mode = MODES[st["mode"]]
        if list(self.x_player.options) != names or list(self.o_player.options) != names:
            # other players on offer: new dropdowns, drawn with their value before they listen
            # (changing a dropdown's options would send a passing value of its own)
            old = (self.x_player, self.o_player)
            self.x_player = self._dropdown("X:", names, "290px", "22px", "X", st["X"])
            self.o_player = self._dropdown("O:", names, "290px", "22px", "O", st["O"])
            self.top.children = [self.mode, self.x_player, self.o_player]
            for d in old:
                d.close()                         # free their models in the kernel and the page
        for control, key in ((self.x_player, "X"), (self.o_player, "O"), (self.mode, "mode"),
                             (self.difficulty, "difficulty"), (self.size, "size"), (self.levels, "levels"),
                             (self.measurement, "measurement"), (self.both_lines, "both_lines")):
            control.value = st[key]
        self.opponents.value = snap.opponents
        show = {self.difficulty: SOLVER_NAME in (st["X"], st["O"]), self.hint_button: mode.solver,
                self.watch_box: snap.watch is not None,
                **{getattr(self, option): option in mode.options for option in OPTIONS}}
        for control, shown in show.items():
            control.layout.display = "" if shown else "none"
        self.tabs.layout.display = "" if mode.tabs else "none"
        self.rules.value = rules_text(mode.name, st["size"] if "size" in mode.options else 3)

    def _draw_board(self, snap) -> None:
        """The board view for the game's kind: the same one when its class and size fit, else a
        new one; it draws the snapshot and decides itself whether clicks wait."""
        kind = mode_of(snap.game).view
        fits = (kind, getattr(snap.game, "n", 3))
        if self.view is None or self._view_fits != fits:
            self.view = kind(snap.shown)
            self._view_fits = fits
            self.view.on_action(self.controller.play)
            self.board_box.children = [self.view]
        self.view.draw(snap)

    def _draw_lines(self, snap) -> None:
        self.back_button.layout.display = "" if snap.reviewing is not None else "none"
        self.history.value = f"<b>Moves:</b> {html.escape(snap.history)}"
        self.undo_button.disabled = not snap.can_undo
        self.redo_button.disabled = not snap.can_redo
        self.message.value = snap.message
        playing = snap.watch == "playing"
        self.pause_button.description, self.pause_button.icon = ("Pause", "pause") if playing else ("Play", "play")
        self.pause_button.disabled = self.step_button.disabled = snap.game.is_over
        self.watch_label.value = ("" if snap.watch is None else "<i>the game is over</i>" if snap.game.is_over
                                  else f"<i>playing: a move every {self.controller.pace:g} s</i>" if playing
                                  else "<i>paused</i>")

    def _update_tabs(self) -> None:
        """Draw only the tab that is showing (the others catch up when opened)."""
        snap = self.snapshot
        if not mode_of(snap.game).tabs:
            return
        index = self.tabs.selected_index or 0
        seen = (snap.shown.kind, snap.shown.history, snap.reviewing)
        if self._shown.get(index) == seen:
            return
        self._shown[index] = seen
        if index == 3:
            self.review_box.children = self._review(snap)
        else:
            self.tabs.children[index].update(snap.shown)

    def _review(self, snap) -> list:
        """The review tab: every action so far judged by perfect play; a row's button shows
        the position after it."""
        mode = mode_of(snap.game)
        if not mode.solver or not snap.game.history:
            return [widgets.HTML(C.NO_REVIEW if not mode.solver else C.EMPTY_REVIEW)]
        cells = [widgets.HTML(f"<b>{h}</b>") for h in C.REVIEW_COLUMNS]
        for r in review(snap.game):
            button = widgets.Button(description=str(r.number), tooltip=f"show the position after action {r.number}",
                                    layout=widgets.Layout(width="36px"),
                                    button_style="info" if snap.reviewing == r.position else "")
            button.on_click(lambda _b, k=r.position: self.controller.show_position(k))
            cells += [button, widgets.HTML(r.player), widgets.HTML(html.escape(r.action)),
                      widgets.HTML(signed(r.before)), widgets.HTML(signed(r.after)),
                      widgets.HTML(f"<span style='color:{C.verdict_colour(r.lost)}'>{html.escape(r.verdict)}</span>"),
                      widgets.HTML(C.best_html(r.best))]
        # the table keeps its columns readable and scrolls sideways inside the tab on a narrow
        # screen, where a line above it says so (REVIEW_CSS shows that line below 640 px)
        table = widgets.GridBox(cells, layout=widgets.Layout(
            grid_template_columns=C.REVIEW_GRID, grid_gap="2px 6px", align_items="center", overflow="auto",
            width="100%"))
        table.add_class("qttt-review-table")
        return [widgets.HTML(REVIEW_CSS + C.review_head(mode.coin) + SCROLL_HINT), table]


# the controller's state and intents, read as the app's own: app.game, app.play(action), app.undo()...
for _name in ("game", "players", "settings", "reviewing", "warming", "seed", "kept", "play", "undo", "redo", "hint",
              "new_game", "set_game", "show_position", "shown_game", "pause", "resume", "step", "choose",
              "choose_opponents"):
    setattr(GameApp, _name, property(lambda self, name=_name: getattr(self.controller, name),
                                     doc=f"``self.controller.{_name}``"))
del _name
