"""GameApp: the board, the entanglement graph, the live circuit and the ensemble together,
with mode and player selectors, undo/redo, the move history, and save/load.

    from qttt_widgets.widgets import GameApp
    GameApp()          # the last expression of a cell shows it
"""
from __future__ import annotations

import html
import json

import ipywidgets as widgets

from qttt_widgets.players.basic import ClassicalPerfectPlayer, RandomPlayer
from qttt_widgets.players.esilv import (GroverHeuristicPlayer, MinimaxPlayer, QaoaGroverPlayer, QuantumMinimaxPlayer,
                                        VariationalPlayer)
from qttt_widgets.players.qubit import QubitLookaheadPlayer, RandomQubitPlayer
from qttt_widgets.players.solver import ImperfectPlayer, PerfectPlayer, shared_solver
from qttt_widgets.rules.classical import ClassicalBoard
from qttt_widgets.rules.errors import IllegalMove, RecordError
from qttt_widgets.rules.limits import check_text, parse_json
from qttt_widgets.rules.goff import GoffGame
from qttt_widgets.rules.qubit_board import QubitGame

from .board import ClassicalBoardView, GoffBoardView, QubitBoardView
from .views import CircuitView, EnsembleView, EntanglementGraphView

MODES = [
    ("Goff: the other player chooses the collapse", "goff"),
    ("Goff: collapse by a fair coin", "random"),
    ("Qubit per cell (SWAP, H, entangle)", "qubit"),
    ("Classical tic-tac-toe", "classical"),
]

# Players offered in each mode: name -> factory(seed) (None: a human clicks)
SOLVER = "solver"      # the Goff solver, perfect or imperfect as the difficulty says
DIFFICULTIES = [("perfect", 0.0), ("hard (10% mistakes)", 0.1), ("medium (25% mistakes)", 0.25),
                ("easy (50% mistakes)", 0.5)]
RANDOM_PLAYERS = {"Human": None, "Computer: quantum minimax (ESILV)": QuantumMinimaxPlayer,
                "Computer: QAOA + Grover (ESILV)": QaoaGroverPlayer,
                "Computer: Grover heuristic (ESILV)": GroverHeuristicPlayer,
                  "Computer: variational circuit (ESILV)": VariationalPlayer, "Computer: random": RandomPlayer}
GOFF_PLAYERS = {"Human": None, "Computer: Goff solver (see difficulty)": SOLVER, **RANDOM_PLAYERS}
PLAYERS = {
    "goff": GOFF_PLAYERS,
    "random": RANDOM_PLAYERS,
    "qubit": {"Human": None, "Computer: lookahead (exact odds)": QubitLookaheadPlayer,
              "Computer: random": RandomQubitPlayer},
    "classical": {"Human": None, "Computer: perfect": ClassicalPerfectPlayer,
                  "Computer: minimax (ESILV)": MinimaxPlayer, "Computer: random": RandomPlayer},
}

RULES = {
    "goff": ("<b>Goff's quantum tic-tac-toe.</b> Each turn, put your mark in <i>two</i> squares (click two "
             "squares): a spooky mark, in both places at once. Marks are edges between squares. When a mark "
             "closes a loop (a cycle), it is measured: the player who did <i>not</i> close it clicks where "
             "the new mark goes, and every mark in that group becomes classical. Three classical marks in a "
             "row win. If one measurement gives both players a line, the line whose largest subscript is "
             "smaller scores 1 and the other ½."),
    "random": ("<b>Goff's game with a fair coin.</b> As Goff's game, but a cycle collapses at once, each way "
               "with probability ½ (as in the ESILV project)."),
    "qubit": ("<b>One qubit per cell.</b> X is |1⟩, O is |0⟩. Choose a move: <i>Classical</i> marks one cell; "
              "<i>SWAP</i> exchanges two occupied cells; <i>H</i> puts an empty cell in superposition (X or O, "
              "½ each); <i>Phase</i> is H, S or T, H: interference tilts the odds; <i>Entangle</i> links 2 (or "
              "3) cells at a risk level: Lv1 Ψ⁺ opposite marks, Lv3 Φ⁺ equal marks. The board is measured "
              "when it is full, when a fully occupied line could be completed by measurement, or when you "
              "press Collapse (which does not cost your turn). If both players have lines, more lines win."),
    "classical": "<b>Classical tic-tac-toe.</b> Click an empty square; three in a row wins.",
}


def new_game(mode: str, seed: int | None = None):
    if mode == "goff":
        return GoffGame()
    if mode == "random":
        return GoffGame(collapse="random", seed=seed)
    if mode == "qubit":
        return QubitGame(seed=seed)
    if mode == "classical":
        return ClassicalBoard()
    raise ValueError(f"unknown mode {mode!r}")


def mode_of(game) -> str:
    if isinstance(game, GoffGame):
        return game.rules
    if isinstance(game, QubitGame):
        return "qubit"
    return "classical"


def load_record(text: str):
    """A game from pasted record text (JSON of any of the games, or bare Goff notation)."""
    text = check_text(text or "").strip()
    if not text:
        raise RecordError("the record box is empty: paste a saved record first")
    if not text.startswith("{"):
        return GoffGame.from_record(text)
    record = parse_json(text)
    fmt = record.get("format") if isinstance(record, dict) else None
    if fmt == "qttt-goff":
        return GoffGame.from_record(record)
    if fmt == "qttt-qubit":
        return QubitGame.from_record(record)
    if fmt == "qttt-classical":
        return ClassicalBoard.from_record(record)
    raise RecordError(f"unknown record format {fmt!r}: expected qttt-goff, qttt-qubit or qttt-classical")


def _action_text(action) -> str:
    if isinstance(action, tuple):
        return f"{action[0] + 1}-{action[1] + 1}"
    return str(action + 1)


def outcome_text(value: float) -> str:
    """What a value (X's points minus O's) means, in words."""
    if value == 0:
        return "a draw"
    who = "X" if value > 0 else "O"
    kind = {2.0: "a double line (2 - 0)", 1.0: "a line (1 - 0)", 0.5: "a narrow win (1 to 1/2)"}[abs(value)]
    return f"{who} wins with {kind}"


def hint_text(game) -> str:
    """The Goff solver's hint for the player to act, as HTML."""
    if game.is_over:
        return "The game is over."
    value, best = shared_solver("goff").hint(game)
    who = game.to_move
    if game.pending is not None:
        doing = f"{who} should send the mark to square " + " or ".join(_action_text(a) for a in best)
    elif best and not isinstance(best[0], tuple):
        doing = f"{who} plays square {_action_text(best[0])}"
    else:
        shown = ", ".join(_action_text(a) for a in best[:8]) + (f" (and {len(best) - 8} more)" if len(best) > 8 else "")
        doing = f"perfect marks for {who}: {shown}"
    return (f"<b>Hint:</b> {html.escape(doing)}. With perfect play from here: "
            f"<b>{outcome_text(value)}</b> (value {value:+g}, X's points minus O's).")


def history_text(game) -> str:
    """The moves so far, for people."""
    if isinstance(game, GoffGame):
        return game.notation() or "—"
    if isinstance(game, QubitGame):
        from qttt_widgets.rules.qubit_board import describe_move as _describe_move
        parts = []
        for move, outcome in game.history:
            text = _describe_move(move)
            if outcome is not None:
                text += " → measured " + " ".join(f"{c + 1}={m}" for c, m in outcome)
            parts.append(text)
        return "; ".join(parts) or "—"
    return " ".join(str(sq + 1) for sq in game.moves) or "—"


class GameApp(widgets.VBox):
    """The demo app: pick a mode and the players, play, undo/redo, save and load."""

    def __init__(self, mode: str = "goff", seed: int | None = 1, x: str = "Human", o: str = "Human", **kwargs):
        self.seed = seed
        self._games_started = 0
        self.mode = widgets.Dropdown(options=MODES, value=mode, description="Mode:",
                                     layout=widgets.Layout(width="420px"), style={"description_width": "60px"})
        self.x_player = widgets.Dropdown(description="X:", layout=widgets.Layout(width="300px"),
                                         style={"description_width": "25px"})
        self.o_player = widgets.Dropdown(description="O:", layout=widgets.Layout(width="300px"),
                                         style={"description_width": "25px"})
        self.new_button = widgets.Button(description="New game", button_style="primary", icon="refresh")
        self.undo_button = widgets.Button(description="Undo", icon="undo")
        self.redo_button = widgets.Button(description="Redo", icon="repeat")
        self.save_button = widgets.Button(description="Save", icon="download",
                                          tooltip="put this game's record in the box below")
        self.load_button = widgets.Button(description="Load", icon="upload",
                                          tooltip="load the record pasted in the box below")
        self.difficulty = widgets.Dropdown(options=DIFFICULTIES, value=0.0, description="Solver:",
                                           layout=widgets.Layout(width="260px"),
                                           style={"description_width": "50px"})
        self.hint_button = widgets.Button(description="Hint", icon="lightbulb-o",
                                          tooltip="the perfect actions here, from the Goff solver")
        self.record = widgets.Textarea(placeholder="Saved records appear here; paste one and press Load.",
                                       layout=widgets.Layout(width="100%", height="80px"))
        self.message = widgets.HTML()
        self.history = widgets.HTML()
        self.rules = widgets.HTML()
        self.rules_box = widgets.Accordion(children=[self.rules])
        self.rules_box.set_title(0, "How to play")
        self.rules_box.selected_index = None
        self.board_box = widgets.VBox()
        self.graph = EntanglementGraphView()
        self.circuit = CircuitView()
        self.ensemble = EnsembleView()
        self.tabs = widgets.Tab(children=[self.graph, self.circuit, self.ensemble])
        for i, title in enumerate(["Graph", "Circuit", "Ensemble"]):
            self.tabs.set_title(i, title)
        self.tabs.observe(lambda _c: self._update_views(), names="selected_index")

        self.new_button.on_click(lambda _b: self.new_game())
        self.undo_button.on_click(lambda _b: self.undo())
        self.redo_button.on_click(lambda _b: self.redo())
        self.save_button.on_click(lambda _b: self.save())
        self.load_button.on_click(lambda _b: self.load())
        self.hint_button.on_click(lambda _b: self.hint())
        self.difficulty.observe(lambda _c: self._players_changed(), names="value")
        self.mode.observe(lambda _c: self._mode_changed(), names="value")
        self.x_player.observe(lambda _c: self._players_changed(), names="value")
        self.o_player.observe(lambda _c: self._players_changed(), names="value")

        top = widgets.HBox([self.mode, self.x_player, self.o_player, self.difficulty, self.new_button],
                           layout=widgets.Layout(flex_flow="row wrap"))
        left = widgets.VBox([self.board_box, widgets.HBox([self.undo_button, self.redo_button, self.hint_button]),
                              self.history],
                            layout=widgets.Layout(width="420px", margin="0 12px 0 0"))
        middle = widgets.HBox([left, self.tabs], layout=widgets.Layout(flex_flow="row wrap"))
        saving = widgets.VBox([widgets.HBox([self.save_button, self.load_button]), self.record])
        super().__init__([top, self.rules_box, middle, self.message, saving], **kwargs)
        self.view = None
        self.game = None
        self._set_player_options(mode, x, o)
        self.new_game()

    # --- players ---------------------------------------------------------------------
    def _set_player_options(self, mode: str, x: str = "Human", o: str = "Human") -> None:
        names = list(PLAYERS[mode])
        self._quiet = True
        self.x_player.options = names
        self.o_player.options = names
        self.x_player.value = x if x in names else "Human"
        self.o_player.value = o if o in names else "Human"
        self._quiet = False
        self._make_players()

    def _make_players(self) -> None:
        mode = self.mode.value
        self.players = {}
        for side, dropdown in (("X", self.x_player), ("O", self.o_player)):
            factory = PLAYERS[mode][dropdown.value]
            seed = None if self.seed is None else self.seed * 1000 + self._games_started * 2 + (side == "O")
            if factory == SOLVER:
                p = self.difficulty.value
                self.players[side] = ImperfectPlayer(seed, p=p) if p else PerfectPlayer(seed)
            else:
                self.players[side] = factory(seed) if factory else None
        uses_solver = mode == "goff"
        self.hint_button.layout.display = "" if uses_solver else "none"
        self.difficulty.layout.display = "" if uses_solver else "none"

    def _players_changed(self) -> None:
        if getattr(self, "_quiet", False):
            return
        self._make_players()
        self._after_change()

    def _mode_changed(self) -> None:
        if getattr(self, "_mode_quiet", False):
            return
        self._set_player_options(self.mode.value, self.x_player.value, self.o_player.value)
        self.new_game()

    # --- the game ------------------------------------------------------------------------
    def new_game(self) -> None:
        self._games_started += 1
        seed = None if self.seed is None else self.seed * 7919 + self._games_started
        self._make_players()
        self.set_game(new_game(self.mode.value, seed))

    def set_game(self, game) -> None:
        """Show ``game`` (a GoffGame, QubitGame or ClassicalBoard) and let computers move."""
        mode = mode_of(game)
        if mode != self.mode.value:
            self._quiet_mode(mode)
        self.game = game
        kind = {"goff": GoffBoardView, "random": GoffBoardView, "qubit": QubitBoardView,
                "classical": ClassicalBoardView}[mode]
        if isinstance(self.view, kind) and (kind is not QubitBoardView or self.view.game.n == game.n):
            self.view.set_game(game)
        else:
            self.view = kind(game)
            self.view.on_change(lambda _v: self._after_change())
            self.board_box.children = [self.view]
        self.rules.value = RULES[mode]
        self.tabs.layout.display = "none" if mode == "classical" else ""
        self.message.value = ""
        self._after_change()

    def _quiet_mode(self, mode: str) -> None:
        """Show ``mode`` in the selector without starting a new game (a loaded record)."""
        self._mode_quiet = True
        try:
            self.mode.value = mode
        finally:
            self._mode_quiet = False
        self._set_player_options(mode, self.x_player.value, self.o_player.value)

    def _to_move(self) -> str:
        return self.game.to_move

    def _computer_to_move(self) -> bool:
        return not self.game.is_over and self.players.get(self._to_move()) is not None

    def _run_computers(self) -> None:
        for _ in range(100):                     # a game has far fewer actions than this
            if not self._computer_to_move():
                break
            self.game.apply(self.players[self._to_move()].choose(self.game))

    def hint(self) -> None:
        """Show the perfect actions for the player to act, and what best play leads to."""
        if mode_of(self.game) != "goff":
            self.message.value = "Hints come from the Goff solver: switch to Goff's rules."
            return
        self.message.value = hint_text(self.game)

    def _after_change(self) -> None:
        try:
            self._run_computers()
        except IllegalMove as e:                 # a player bug must not freeze the app
            self.message.value = f"<span style='color:#b00020'>The computer tried an illegal move: {e}</span>"
        self.view.locked = self._computer_to_move()
        self.view.refresh()
        self.history.value = f"<b>Moves:</b> {html.escape(history_text(self.game))}"
        self.undo_button.disabled = not self.game.history
        self.redo_button.disabled = not self.game.redo_stack
        self._update_views()

    def _update_views(self) -> None:
        """Re-render only the tab that is showing (the others catch up when opened)."""
        if isinstance(self.game, ClassicalBoard):
            return
        shown = self.tabs.selected_index or 0
        view = self.tabs.children[shown]
        if getattr(view, "game", None) is not self.game or getattr(view, "_seen", None) != self._fingerprint():
            view.update(self.game)
            view._seen = self._fingerprint()

    def _fingerprint(self):
        """The history determines the position (it holds collapse and measurement outcomes)."""
        return (type(self.game).__name__, self.game.history)

    # --- undo, redo, save, load -----------------------------------------------------------
    def undo(self) -> None:
        """Take back the last action; against a computer, back to the human's last turn."""
        def back():
            self.game.undo()
            human_playing = any(p is None for p in self.players.values())
            while human_playing and self.game.history and self.players.get(self._to_move()) is not None:
                self.game.undo()
        self._step(back)

    def redo(self) -> None:
        """Replay what undo took back; against a computer, up to the human's next turn."""
        def forward():
            self.game.redo()
            while self.game.redo_stack and self.players.get(self._to_move()) is not None:
                self.game.redo()
        self._step(forward)

    def _step(self, action) -> None:
        try:
            action()
        except IllegalMove as e:
            self.message.value = f"<span style='color:#b00020'>{e.people}</span>"
            return
        self.message.value = ""
        self.view.set_game(self.game)
        self._after_change_no_computer()

    def _after_change_no_computer(self) -> None:
        """After undo/redo the computer waits (so undo is not immediately replayed)."""
        players, self.players = self.players, {}
        try:
            self._after_change()
        finally:
            self.players = players
        self.view.locked = False

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
