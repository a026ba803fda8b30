"""GameApp: the board, the entanglement graph, the live circuit, the ensemble and a review of
the game together, with mode, option and player selectors, hints, undo/redo, the move
history, and save/load.

    from qttt_widgets.widgets import GameApp
    GameApp()          # the last expression of a cell shows it
"""
from __future__ import annotations

import html
import json
import logging
import threading

import ipywidgets as widgets

from qttt_widgets.players.review import game_after, review
from qttt_widgets.players.solver import ImperfectPlayer, PerfectPlayer, shared_solver
from qttt_widgets.rules import registry as rules_registry
from qttt_widgets.rules.errors import IllegalMove, RecordError
from qttt_widgets.rules.limits import check_text

from .registry import ESILV_PLAYERS, MODES, SOLVER, SOLVER_NAME, mode_choices, mode_of  # noqa: F401
from .board import win_rule
from .views import CircuitView, EnsembleView, EntanglementGraphView

# The configuration of each kind of game (its view, players, options, tabs and rules in words)
# is widgets.registry; these names stay for code written against the app.
DIFFICULTIES = [("perfect", 0.0), ("hard (10% mistakes)", 0.1), ("medium (25% mistakes)", 0.25),
                ("easy (50% mistakes)", 0.5)]
QUBIT_LEVELS = [("Lv1 and Lv3 (the seed's 3 x 3 game)", (1, 3)), ("all four (Lv1-Lv4)", (1, 2, 3, 4))]
MEASUREMENTS = [("one honest shot", "shot"), ("most frequent of 1,024 shots (the seed's)", "most-frequent")]
BOTH_LINES = [("more lines win", "count"), ("a draw", "draw")]
OPTIONS = ("size", "levels", "measurement", "both_lines")


def players_for(mode: str, size: int = 3) -> list[str]:
    """The names offered for X and O in ``mode`` on an n x n board."""
    return MODES[mode].player_names(size)


def rules_text(mode: str, size: int = 3) -> str:
    """The "How to play" text for ``mode`` on an n x n board: it says how many in a row win."""
    rule = win_rule(size)
    return MODES[mode].rules_html.format(in_a_row=rule, In_a_row=rule[:1].upper() + rule[1:])


# the review table scrolls sideways on a narrow screen: this line says so there
SCROLL_HINT = ("<div class='qttt-scroll-hint' style='color:#555'><i>The table is wider than the screen: "
               "swipe it sideways for After, Verdict and Best →</i></div>")
REVIEW_CSS = "<style>@media (min-width: 640px) { .qttt-scroll-hint { display: none; } }</style>"


_WARMED: set = set()
_WARM_LOCK = threading.Lock()
log = logging.getLogger(__name__)


def warm_up(factory, game) -> threading.Thread | None:
    """Play one move of ``factory``'s player on a copy of ``game`` in a background thread, once per
    kind of player in this kernel: what its first reply would load (qiskit, Aer, its circuit) is
    loaded while the student reads the board. Returns the thread, or None if already done."""
    with _WARM_LOCK:
        if factory in _WARMED:
            return None
        _WARMED.add(factory)

    def play() -> None:
        try:
            factory(0).choose(game)
        except Exception:                        # a warm-up must never disturb the page
            log.exception("warming up %r failed", factory)

    thread = threading.Thread(target=play, name=f"warm-up {getattr(factory, '__name__', factory)}", daemon=True)
    thread.start()
    return thread


def new_game(mode: str, seed: int | None = None, size: int = 3, levels=None, measurement: str = "shot",
             both_lines: str = "count"):
    """A new game of ``mode`` with the options the app offers."""
    return rules_registry.new_game(mode, seed=seed, size=size, levels=levels, measurement=measurement,
                                   both_lines=both_lines)


def load_record(text: str):
    """A game from pasted record text (JSON of any registered game, or bare Goff notation)."""
    text = check_text(text or "").strip()
    if not text:
        raise RecordError("the record box is empty: paste a saved record first")
    if text.startswith("["):
        raise RecordError("this is not a saved record: a record is a JSON object that starts with '{' "
                          "(press Save to see one), or Goff's moves written like 19 59 15(5)")
    return rules_registry.load(text)


def outcome_text(value: float) -> str:
    """What a value (X's points minus O's) means, in words."""
    if value == 0:
        return "a draw"
    who = "X" if value > 0 else "O"
    kind = {2.0: "a double line (2 - 0)", 1.0: "a line (1 - 0)", 0.5: "a narrow win (1 to 1/2)"}.get(abs(value))
    if kind is None:                  # an average over the coin (random collapse)
        return f"{who} ahead by {abs(value):.3g} points on average"
    return f"{who} wins with {kind}"


def signed(value: float) -> str:
    """A value with its sign, as the review shows it: '+1', '-0.5', and '0' (never '-0')."""
    return "0" if abs(value) < 5e-4 else f"{value:+.3g}"


def hint_text(game) -> str:
    """The Goff solver's hint for the player to act, as HTML (under either collapse rule)."""
    if game.is_over:
        return "The game is over."
    value, best = shared_solver(game.rules).hint(game)
    best = [game.action_of(a).short for a in best]
    who = game.current_player()
    if game.pending is not None:
        doing = f"{who} should send the mark to square " + " or ".join(best)
    elif len(game.open_squares()) == 1:
        doing = f"{who} plays square {best[0]}"
    else:
        shown = ", ".join(best[:8]) + (f" (and {len(best) - 8} more)" if len(best) > 8 else "")
        doing = f"perfect marks for {who}: {shown}"
    average = " on average over the coin" if mode_of(game).coin else ""
    return (f"<b>Hint:</b> {html.escape(doing)}. With perfect play from here{average}: "
            f"<b>{html.escape(outcome_text(value))}</b> (value {value:+.3g}, X's points minus O's).")


def history_text(game) -> str:
    """The moves so far, for people (each kind says how: ``widgets.registry``)."""
    return mode_of(game).history_text(game)


class GameApp(widgets.VBox):
    """The demo app: pick a mode, its options and the players; play, undo/redo, hint, review,
    save and load.

    The app owns the game and the settings. Every control sends what the user asked for to
    the app (a view sends an action; a dropdown its new value); the app changes its state and
    draws everything from it again. Drawing a control's value from the state does nothing
    more, because a handler acts only when the value differs from the state.
    """

    def __init__(self, mode: str = "goff", seed: int | None = 1, x: str = "Human", o: str = "Human", **kwargs):
        self.seed = seed
        self._games_started = 0
        self.settings = {"mode": mode, "X": x, "O": o, "difficulty": 0.0, "size": 3, "levels": (1, 3),
                         "measurement": "shot", "both_lines": "count"}
        self.players: dict = {}
        self.reviewing: int | None = None      # the position shown from the review, or None
        self._shown: dict = {}                 # tab index -> what it last drew

        dropdown = self._dropdown
        self.mode = dropdown("Mode:", mode_choices(), "400px", "50px", "mode")
        self.x_player = dropdown("X:", [x], "290px", "22px", "X")
        self.o_player = dropdown("O:", [o], "290px", "22px", "O")
        self.difficulty = dropdown("Solver:", DIFFICULTIES, "250px", "50px", "difficulty")
        self.size = dropdown("Board:", [(f"{n} x {n}", n) for n in (3, 4, 5)], "150px", "50px", "size")
        self.levels = dropdown("Risk levels:", QUBIT_LEVELS, "330px", "80px", "levels")
        self.measurement = dropdown("Measure:", MEASUREMENTS, "390px", "65px", "measurement")
        self.both_lines = dropdown("Both have lines:", BOTH_LINES, "300px", "110px", "both_lines")
        self.new_button = widgets.Button(description="New game", button_style="primary", icon="refresh")
        self.undo_button = widgets.Button(description="Undo", icon="undo", layout=widgets.Layout(width="74px"))
        self.redo_button = widgets.Button(description="Redo", icon="repeat", layout=widgets.Layout(width="74px"))
        self.hint_button = widgets.Button(description="Hint", icon="lightbulb-o", layout=widgets.Layout(width="74px"),
                                          tooltip="the perfect actions here, from the Goff solver")
        self.save_button = widgets.Button(description="Save", icon="download", layout=widgets.Layout(width="74px"),
                                          tooltip="put this game's record in the box below")
        self.load_button = widgets.Button(description="Load", icon="upload", layout=widgets.Layout(width="74px"),
                                          tooltip="load the record pasted in the box below")
        self.back_button = widgets.Button(description="Back to the game", icon="reply", button_style="info",
                                          layout=widgets.Layout(display="none", width="auto"))
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

        self.new_button.on_click(lambda _b: self.new_game())
        self.undo_button.on_click(lambda _b: self.undo())
        self.redo_button.on_click(lambda _b: self.redo())
        self.save_button.on_click(lambda _b: self.save())
        self.load_button.on_click(lambda _b: self.load())
        self.hint_button.on_click(lambda _b: self.hint())
        self.back_button.on_click(lambda _b: self.show_position(None))

        self.top = top = widgets.HBox([self.mode, self.x_player, self.o_player, self.new_button],
                                      layout=widgets.Layout(flex_flow="row wrap"))
        options = widgets.HBox([self.difficulty, self.size, self.levels, self.measurement, self.both_lines],
                               layout=widgets.Layout(flex_flow="row wrap", min_height="34px"))
        left = widgets.VBox([self.board_box,
                             widgets.HBox([self.undo_button, self.redo_button, self.hint_button, self.save_button,
                                           self.load_button, self.back_button],
                                          layout=widgets.Layout(flex_flow="row wrap")),
                             self.history],
                            layout=widgets.Layout(width="400px", max_width="100%", margin="0 12px 0 0"))
        middle = widgets.HBox([left, self.tabs], layout=widgets.Layout(flex_flow="row wrap"))
        # Save and Load sit with Undo under the board (on screen at 1366 x 768); the record box below
        super().__init__([top, options, self.rules_box, self.message, middle, self.record], **kwargs)
        self.view = None
        self.warming: list[threading.Thread] = []     # warm-up threads started for quantum opponents
        self.game = None
        self._view_fits: tuple | None = None      # (view class, board size) of the view shown
        self._fresh_view = False                  # the next show() brings the view another game
        self.new_game()

    # --- settings: the controls send their values here ---------------------------------------
    def _dropdown(self, description: str, options, width: str, label_width: str, key: str,
                  value=None) -> widgets.Dropdown:
        """A dropdown that sends its value to the app's settings when the user changes it."""
        d = widgets.Dropdown(options=options, description=description,
                             layout=widgets.Layout(width=width, max_width="100%"),
                             style={"description_width": label_width})
        if value is not None:
            d.value = value                      # drawn before anyone listens
        d.observe(lambda _c: self._setting_changed(key, d.value), names="value")
        return d

    def _setting_changed(self, key: str, value) -> None:
        if value is None or value == self.settings.get(key):
            return                                # the app drew this value itself (None: no choice)
        self.settings[key] = value
        if key in ("X", "O", "difficulty"):
            self._make_players()
            self._after_change()
        else:                                     # the mode or a board option: a new game
            self.new_game()

    def _draw_settings(self) -> None:
        """Show the settings in the controls; hide what does not apply."""
        st = self.settings
        mode = MODES[st["mode"]]
        names = mode.player_names(st["size"])
        if list(self.x_player.options) != names or list(self.o_player.options) != names:
            # other players on offer: new dropdowns, drawn with their value before they listen
            # (changing a dropdown's options would send a passing value of its own)
            old = (self.x_player, self.o_player)
            self.x_player = self._dropdown("X:", names, "290px", "22px", "X", st["X"])
            self.o_player = self._dropdown("O:", names, "290px", "22px", "O", st["O"])
            self.top.children = [self.mode, self.x_player, self.o_player, self.new_button]
            for d in old:
                d.close()                         # free their models in the kernel and the page
        for control, key in ((self.x_player, "X"), (self.o_player, "O")):
            control.value = st[key]
        for control, key in ((self.mode, "mode"), (self.difficulty, "difficulty"), (self.size, "size"),
                             (self.levels, "levels"), (self.measurement, "measurement"),
                             (self.both_lines, "both_lines")):
            control.value = st[key]
        show = {self.difficulty: SOLVER_NAME in (st["X"], st["O"]), self.hint_button: mode.solver,
                **{getattr(self, option): option in mode.options for option in OPTIONS}}
        for control, shown in show.items():
            control.layout.display = "" if shown else "none"
        self.tabs.layout.display = "" if mode.tabs else "none"
        self.rules.value = rules_text(mode.name, st["size"] if "size" in mode.options else 3)

    def _make_players(self) -> None:
        st = self.settings
        mode = MODES[st["mode"]]
        names = mode.player_names(st["size"])
        self.players = {}
        for side in ("X", "O"):
            if st[side] not in names:            # not offered in this mode or on this board
                st[side] = "Human"
            factory = mode.players[st[side]]
            seed = None if self.seed is None else self.seed * 1000 + self._games_started * 2 + (side == "O")
            if st[side] in mode.warm_up:
                thread = warm_up(factory, mode.new_game(seed=0))
                if thread is not None:
                    self.warming.append(thread)
            if factory == SOLVER:
                p = st["difficulty"]
                self.players[side] = ImperfectPlayer(seed, p=p) if p else PerfectPlayer(seed)
            else:
                self.players[side] = factory(seed) if factory else None
        self._draw_settings()

    # --- the game ------------------------------------------------------------------------
    def new_game(self) -> None:
        self._games_started += 1
        st = self.settings
        seed = None if self.seed is None else self.seed * 7919 + self._games_started
        levels = st["levels"] if st["size"] > 3 or st["levels"] != (1, 3) else None
        self.set_game(new_game(st["mode"], seed, size=st["size"], levels=levels, measurement=st["measurement"],
                               both_lines=st["both_lines"]))

    def set_game(self, game) -> None:
        """Show ``game`` (any registered kind: a GoffGame, QubitGame, ClassicalBoard...) and let
        computers move."""
        mode = mode_of(game)
        self.settings["mode"] = mode.name
        self.settings.update(mode.settings_of(game))
        self.game = game
        self.reviewing = None
        self._make_players()
        self._new_view()
        self.message.value = ""
        self._after_change()

    def _new_view(self) -> None:
        """A board view for the game's kind: the same one when its class and size fit (it is
        told the game is fresh when next shown), else a new one, which draws a snapshot."""
        kind = mode_of(self.game).view
        size = getattr(self.game, "n", 3)
        if self.view is not None and self._view_fits == (kind, size):
            self._fresh_view = True
            return
        self.view = kind(self.game.snapshot())
        self._view_fits = (kind, size)
        self._fresh_view = False
        self.view.on_action(self.play)
        self.board_box.children = [self.view]

    def play(self, action) -> None:
        """Apply a human's action (sent by the board); IllegalMove leaves the game as it was.
        Then any computer to move answers."""
        if self.reviewing is not None:
            raise IllegalMove("you are looking at an earlier position: press 'Back to the game' to play",
                              rule="reviewing")
        self.game.apply(action)
        self.message.value = ""
        self._after_change()

    def _computer_to_move(self) -> bool:
        return self.players.get(self.game.current_player()) is not None

    def _run_computers(self) -> None:
        """Let computers move until a human is to act; the board says who is thinking meanwhile."""
        for _ in range(100):                     # a game has far fewer actions than this
            if not self._computer_to_move():
                break
            who = self.game.current_player()
            # the last action (the player's own mark) is drawn before the computer thinks
            self.view.show(self.game.snapshot(), locked="Wait: the computer is to move.")
            self.view.busy(f"{who} ({self._player_name(who)}) is thinking…")
            try:
                self.game.apply(self.players[who].choose(self.game))
            finally:
                self.view.idle()

    def _player_name(self, side: str) -> str:
        return self.settings[side].replace("Computer: ", "computer: ")

    def _after_change(self) -> None:
        """Computers answer, then everything is drawn from the game."""
        try:
            self._run_computers()
        except IllegalMove as e:                 # a player bug must not freeze the app
            self.message.value = ("<span style='color:#b00020'>The computer tried an illegal move: "
                                  f"{html.escape(e.people)}</span>")
        self._draw()

    def _draw(self) -> None:
        shown = self.shown_game()
        reviewing = self.reviewing is not None
        self.view.show(shown.snapshot(), fresh=self._fresh_view,
                       locked=("You are looking at an earlier position: press 'Back to the game' to play on."
                               if reviewing else "Wait: the computer is to move." if self._computer_to_move()
                               else ""),
                       note=(f"Reviewing: the position after action {self.reviewing} — press 'Back to the "
                             "game' to play on.") if reviewing else None)
        self._fresh_view = False
        self.back_button.layout.display = "" if self.reviewing is not None else "none"
        self.history.value = f"<b>Moves:</b> {html.escape(history_text(self.game))}"
        self.undo_button.disabled = not self.game.history
        self.redo_button.disabled = not self.game.redo_stack
        if self.message.value.startswith("<b>Hint:</b>"):
            self.message.value = ""              # a hint belongs to the position it was asked in
        self._update_tabs()

    def shown_game(self):
        """The game, or the earlier position the review is showing."""
        if self.reviewing is None:
            return self.game
        return game_after(self.game, self.reviewing)

    def show_position(self, actions: int | None) -> None:
        """Show the position after ``actions`` actions (from the review), or the game (None)."""
        self.reviewing = None if actions is None or actions == len(self.game.history) else actions
        self.view.say("")                         # a refusal said while reviewing no longer applies
        self._draw()

    def _update_tabs(self) -> None:
        """Draw only the tab that is showing (the others catch up when opened)."""
        if not mode_of(self.game).tabs:
            return
        index = self.tabs.selected_index or 0
        shown = self.shown_game()
        seen = (shown.kind, shown.history, self.reviewing)
        if self._shown.get(index) == seen:
            return
        self._shown[index] = seen
        if index == 3:
            self._draw_review()
        else:
            self.tabs.children[index].update(shown.snapshot())

    # --- hint and review -------------------------------------------------------------------
    def hint(self) -> None:
        """Show the perfect actions for the player to act, and what best play leads to."""
        if not mode_of(self.game).solver:
            self.message.value = "Hints come from the Goff solver: switch to one of Goff's modes."
            return
        self.message.value = hint_text(self.shown_game())

    def _draw_review(self) -> None:
        """The review tab: every action so far judged by perfect play; a row's button shows
        the position after it."""
        if not mode_of(self.game).solver:
            self.review_box.children = [widgets.HTML(
                "<i>The review uses the Goff solver: it reviews the two Goff modes.</i>")]
            return
        if not self.game.history:
            self.review_box.children = [widgets.HTML("<i>No moves yet: the review lists every action with "
                                                     "its value under perfect play.</i>")]
            return
        rows = review(self.game)
        head = ("<b>Each action judged by perfect play.</b> Values are X's points minus O's"
                + (" (averages over the coin)" if mode_of(self.game).coin else "")
                + "; <i>lost</i> is what the player gave away.")
        cells = [widgets.HTML(f"<b>{h}</b>") for h in ("#", "Who", "Action", "Before", "After", "Verdict", "Best")]
        for r in rows:
            button = widgets.Button(description=str(r.number), tooltip=f"show the position after action {r.number}",
                                    layout=widgets.Layout(width="36px"))
            button.on_click(lambda _b, k=r.position: self.show_position(k))
            if self.reviewing == r.position:
                button.button_style = "info"
            colour = "#b00020" if r.lost > 0.75 else "#b86e00" if r.lost > 1e-9 else "#2e7d32"
            best = ", ".join(f"<span style='white-space:nowrap'>{html.escape(b)}</span>" for b in r.best[:6]) + \
                (" …" if len(r.best) > 6 else "")
            cells += [button, widgets.HTML(r.player), widgets.HTML(html.escape(r.action)),
                      widgets.HTML(signed(r.before)), widgets.HTML(signed(r.after)),
                      widgets.HTML(f"<span style='color:{colour}'>{html.escape(r.verdict)}</span>"),
                      widgets.HTML(best)]
        # the table keeps its columns readable and scrolls sideways inside the tab on a narrow
        # screen, where a line above it says so (REVIEW_CSS shows that line below 640 px)
        table = widgets.GridBox(cells, layout=widgets.Layout(
            grid_template_columns="36px 36px 100px 50px 50px 80px minmax(110px, 1fr)", grid_gap="2px 6px",
            align_items="center", overflow="auto", width="100%"))
        table.add_class("qttt-review-table")
        self.review_box.children = [widgets.HTML(REVIEW_CSS + head + SCROLL_HINT), table]

    # --- undo, redo, save, load -----------------------------------------------------------
    def undo(self) -> None:
        """Take back the last action; against a computer, back to the human's last turn."""
        def back():
            self.game.undo()
            human_playing = any(p is None for p in self.players.values())
            while human_playing and self.game.history and self.players.get(self.game.current_player()) is not None:
                self.game.undo()
        self._step(back)

    def redo(self) -> None:
        """Replay what undo took back; against a computer, up to the human's next turn."""
        def forward():
            self.game.redo()
            while self.game.redo_stack and self.players.get(self.game.current_player()) is not None:
                self.game.redo()
        self._step(forward)

    def _step(self, action) -> None:
        try:
            action()
        except IllegalMove as e:
            self.message.value = f"<span style='color:#b00020'>{html.escape(e.people)}</span>"
            return
        self.message.value = ""
        self.reviewing = None
        self._fresh_view = True
        self._after_change()

    def save(self) -> None:
        """Put the game's record (JSON) in the text box."""
        self.record.value = json.dumps(self.game.to_record(), indent=1)
        self.message.value = "Saved: copy the record from the box below to keep it."

    def load(self) -> None:
        """Load the record in the text box; a damaged one is refused and the game is kept."""
        try:
            game = load_record(self.record.value)
        except (RecordError, ValueError, TypeError, KeyError, RecursionError) as e:
            self.message.value = (f"<span style='color:#b00020'>Could not load the record: "
                                  f"{html.escape(str(e))}. The current game is unchanged.</span>")
            return
        self.set_game(game)
        self.message.value = "Loaded."
