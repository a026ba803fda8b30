"""The app's side of the registry: for each kind of game, its view, its players, its options,
its tabs and its rules in words.

``rules.registry`` knows the games (kind, class, new game, record format); a ``Mode`` here adds
what the app shows for one kind. ``GameApp`` and the tab views ask ``mode_of(game)`` or
``MODES[name]`` and never test a game's type or compare mode names: a new game is one
``rules.registry.register`` and one ``register_mode`` (see ``tests/test_misere_example.py``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from qttt_widgets.players.basic import ClassicalPerfectPlayer, RandomPlayer
from qttt_widgets.players.esilv import (GroverHeuristicPlayer, MinimaxPlayer, QaoaGroverPlayer, QuantumMinimaxPlayer,
                                        VariationalPlayer)
from qttt_widgets.players.qubit import QubitLookaheadPlayer, RandomQubitPlayer
from qttt_widgets.rules import registry as rules_registry
from qttt_widgets.rules.game import Game

from . import views
from .board import ClassicalBoardView, GoffBoardView, QubitBoardView

SOLVER = "solver"      # the Goff solver, perfect or imperfect as the difficulty says
SOLVER_NAME = "Computer: Goff solver (see difficulty)"
ESILV_PLAYERS = {"Computer: quantum minimax (ESILV)": QuantumMinimaxPlayer,
                 "Computer: QAOA + Grover (ESILV)": QaoaGroverPlayer,
                 "Computer: Grover heuristic (ESILV)": GroverHeuristicPlayer,
                 "Computer: variational circuit (ESILV)": VariationalPlayer, "Computer: random": RandomPlayer}
# the players whose first reply loads qiskit and Aer (about 0.4 s of CPU): the app warms them up
QUANTUM_PLAYERS = ("Computer: QAOA + Grover (ESILV)", "Computer: Grover heuristic (ESILV)",
                   "Computer: variational circuit (ESILV)")


def goff_history(game) -> str:
    return game.notation() or "—"


def qubit_history(game) -> str:
    parts = []
    for step in game.history:
        text = step.action.describe()
        if step.outcome is not None:
            text += " → measured " + " ".join(f"{c + 1}={m}" for c, m in step.outcome)
        parts.append(text)
    return "; ".join(parts) or "—"


def squares_history(game) -> str:
    """Moves that are squares (0.. in code), counted from 1."""
    return " ".join(str(step.action + 1) for step in game.history) or "—"


def no_settings(game) -> dict:
    return {}


def board_size(game) -> dict:
    return {"size": game.n}


def qubit_settings(game) -> dict:
    return {"size": game.n, "levels": (1, 2, 3, 4) if set(game.levels) - {1, 3} else (1, 3),
            "measurement": game.measurement, "both_lines": game.both_lines}


@dataclass(frozen=True)
class Mode:
    """What the app shows for one kind of game (``name`` is the game's ``kind``).

    * ``view``: the board view class (``widgets.board``); ``players``: name -> factory(seed),
      ``None`` for a human, ``SOLVER`` for the Goff solver at the chosen difficulty;
      ``small_board_only``: players offered on 3 x 3 only;
    * ``options``: the app's option controls that apply ('size', 'levels', 'measurement',
      'both_lines'); ``settings_of(game)``: the options a loaded game brings back;
    * ``tabs``: tab name ('graph', 'circuit', 'ensemble') -> ``draw(view, game)`` (views.py);
      none hides the tabs; ``solver``: the Goff solver's hint and review apply, and
      ``coin`` says its values are averages over the coin;
    * ``warm_up``: players whose first move loads heavy libraries (qiskit, Aer); the app plays one
      move with each in the background as soon as it is chosen, so that its first reply is as
      quick as the later ones;
    * ``rules_html``: the rules in words, where ``{in_a_row}`` / ``{In_a_row}`` stand for the win
      rule of the board's size ('three in a row wins: ...'); ``history_text(game)``: the moves for people.
    """

    name: str
    view: type
    players: dict
    rules_html: str
    history_text: Callable[[Any], str]
    options: tuple[str, ...] = ()
    settings_of: Callable[[Any], dict] = no_settings
    small_board_only: tuple[str, ...] = ()
    tabs: dict = field(default_factory=dict)
    solver: bool = False
    coin: bool = False
    warm_up: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        return rules_registry.KINDS[self.name].label

    def player_names(self, size: int = 3) -> list[str]:
        """The names offered for X and O on an n x n board."""
        names = list(self.players)
        return names if size == 3 else [n for n in names if n not in self.small_board_only]

    def new_game(self, **options: Any) -> Game:
        return rules_registry.new_game(self.name, **options)


MODES: dict[str, Mode] = {}
"""name -> Mode, in the order the app lists them."""


def register_mode(mode: Mode) -> Mode:
    """Add (or replace) the app's side of a kind of game registered in ``rules.registry``."""
    if mode.name not in rules_registry.KINDS:
        raise ValueError(f"register the game kind {mode.name!r} in rules.registry first")
    MODES[mode.name] = mode
    return mode


def unregister_mode(name: str) -> None:
    MODES.pop(name)


def mode_of(game) -> Mode:
    """The app's side of ``game``'s kind."""
    return MODES[game.kind]


def mode_choices() -> list[tuple[str, str]]:
    """(label, name) of every mode, for the app's mode dropdown."""
    return [(m.label, m.name) for m in MODES.values()]


GOFF_TABS = {"graph": views.goff_graph, "circuit": views.goff_circuit, "ensemble": views.goff_ensemble}

register_mode(Mode(
    "goff", GoffBoardView, {"Human": None, SOLVER_NAME: SOLVER, **ESILV_PLAYERS},
    "<b>Goff's quantum tic-tac-toe.</b> Each turn, put your mark in <i>two</i> squares (click two "
    "squares): a spooky mark, in both places at once. Marks are edges between squares. When a mark "
    "closes a loop (a cycle), it is measured: the player who did <i>not</i> close it clicks where "
    "the new mark goes, and every mark in that group becomes classical. Three classical marks in a "
    "row win. If one measurement gives both players a line, the line whose largest subscript is "
    "smaller scores 1 and the other ½.",
    goff_history, tabs=GOFF_TABS, solver=True, warm_up=QUANTUM_PLAYERS))
register_mode(Mode(
    "random", GoffBoardView, {"Human": None, SOLVER_NAME: SOLVER, **ESILV_PLAYERS},
    "<b>Goff's game with a fair coin.</b> As Goff's game, but a cycle collapses at once, each way "
    "with probability ½ (as in the ESILV project). Values under perfect play are averages over "
    "the coin.",
    goff_history, tabs=GOFF_TABS, solver=True, coin=True, warm_up=QUANTUM_PLAYERS))
register_mode(Mode(
    "qubit", QubitBoardView, {"Human": None, "Computer: lookahead (exact odds)": QubitLookaheadPlayer,
                              "Computer: random": RandomQubitPlayer},
    "<b>One qubit per cell.</b> X is |1⟩, O is |0⟩. Choose a move: <i>Classical</i> marks one cell; "
    "<i>SWAP</i> exchanges two occupied cells; <i>H</i> puts an empty cell in superposition (X or O, "
    "½ each); <i>Phase</i> is H, S or T, H: interference tilts the odds; <i>Entangle</i> links 2 (or "
    "3) cells at a risk level: Lv1 Ψ⁺ opposite marks, Lv3 Φ⁺ equal marks. The board is measured "
    "when it is full, when a fully occupied line could be completed by measurement, or when you "
    "press Collapse (which does not cost your turn). {In_a_row}. If both players have lines, more "
    "lines win.",
    qubit_history, options=("size", "levels", "measurement", "both_lines"), settings_of=qubit_settings,
    tabs={"graph": views.qubit_graph, "circuit": views.qubit_circuit, "ensemble": views.qubit_ensemble}))
register_mode(Mode(
    "classical", ClassicalBoardView, {"Human": None, "Computer: perfect": ClassicalPerfectPlayer,
                                      "Computer: minimax (ESILV)": MinimaxPlayer, "Computer: random": RandomPlayer},
    "<b>Classical tic-tac-toe.</b> Click an empty square; {in_a_row}.",
    squares_history, options=("size",), settings_of=board_size,
    # the classical perfect and minimax players know the 3 x 3 board only
    small_board_only=("Computer: perfect", "Computer: minimax (ESILV)")))
