"""The app's configuration and its words: the option tables its menus offer, the defaults it
opens with, and the text it shows (rules, hints, outcomes, the review's head). No widgets and no
state: ``widgets.controller`` uses them to make snapshots, ``widgets.app`` to lay them out.
"""
from __future__ import annotations

import html

from qttt_widgets.players.solver import shared_solver
from qttt_widgets.rules import registry as rules_registry
from qttt_widgets.rules.errors import RecordError
from qttt_widgets.rules.limits import check_text

from .board import win_rule
from .registry import MODES, mode_of

DIFFICULTIES = [("perfect", 0.0), ("hard (10% mistakes)", 0.1), ("medium (25% mistakes)", 0.25),
                ("easy (50% mistakes)", 0.5)]
QUBIT_LEVELS = [("Lv1 and Lv3 (the seed's 3 x 3 game)", (1, 3)), ("all four (Lv1-Lv4)", (1, 2, 3, 4))]
MEASUREMENTS = [("one honest shot", "shot"), ("most frequent of 1,024 shots (the seed's)", "most-frequent")]
BOTH_LINES = [("more lines win", "count"), ("a draw", "draw")]
BOARD_SIZES = [(f"{n} x {n}", n) for n in (3, 4, 5)]
OPTIONS = ("size", "levels", "measurement", "both_lines")

HUMAN = "Human"
COMPUTER = "computer"        # a side left to the mode's usual computer opponent (``default_computer``)
EASY = 0.5                   # the solver's level a new student meets first
# the quick choice of who plays: (label, value); its value follows from the settings
OPPONENTS = [("vs the computer", "computer"), ("two players", "humans"), ("computer vs computer", "watch")]
PACE = 0.8                   # seconds between two moves when computers play each other
DEFAULT_SETTINGS = {"mode": "goff", "X": HUMAN, "O": COMPUTER, "difficulty": EASY, "size": 3, "levels": (1, 3),
                    "measurement": "shot", "both_lines": "count"}

# the review table scrolls sideways on a narrow screen: this line says so there
SCROLL_HINT = ("<div class='qttt-scroll-hint' style='color:#555'><i>The table is wider than the screen: "
               "swipe it sideways for After, Verdict and Best →</i></div>")
REVIEW_CSS = "<style>@media (min-width: 640px) { .qttt-scroll-hint { display: none; } }</style>"
# the app's own style: a wide picture (the ensemble's 540 px) shrinks to a phone's width
APP_CSS = "<style>.qttt-fit svg { max-width: 100%; height: auto; }</style>"
REVIEW_COLUMNS = ("#", "Who", "Action", "Before", "After", "Verdict", "Best")
REVIEW_GRID = "36px 36px 100px 50px 50px 80px minmax(110px, 1fr)"
NO_REVIEW = "<i>The review uses the Goff solver: it reviews the two Goff modes.</i>"
EMPTY_REVIEW = "<i>No moves yet: the review lists every action with its value under perfect play.</i>"
NO_HINT = "Hints come from the Goff solver: switch to one of Goff's modes."


def error(text: str) -> str:
    """A red line of plain ``text`` for the message line."""
    return f"<span style='color:#b00020'>{html.escape(text)}</span>"


def default_computer(mode: str, size: int = 3) -> str:
    """The computer a student meets first in ``mode`` on an n x n board: the first computer the
    mode offers there (the Goff solver in Goff's modes, at the easy level by default)."""
    return next(name for name in MODES[mode].player_names(size) if MODES[mode].players[name] is not None)


def players_for(mode: str, size: int = 3) -> list[str]:
    """The names offered for X and O in ``mode`` on an n x n board."""
    return MODES[mode].player_names(size)


def rules_text(mode: str, size: int = 3) -> str:
    """The "How to play" text for ``mode`` on an n x n board: it says how many in a row win."""
    rule = win_rule(size)
    return MODES[mode].rules_html.format(in_a_row=rule, In_a_row=rule[:1].upper() + rule[1:])


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


def review_head(coin: bool) -> str:
    return ("<b>Each action judged by perfect play.</b> Values are X's points minus O's"
            + (" (averages over the coin)" if coin else "") + "; <i>lost</i> is what the player gave away.")


def verdict_colour(lost: float) -> str:
    return "#b00020" if lost > 0.75 else "#b86e00" if lost > 1e-9 else "#2e7d32"


def best_html(best) -> str:
    return (", ".join(f"<span style='white-space:nowrap'>{html.escape(b)}</span>" for b in best[:6])
            + (" …" if len(best) > 6 else ""))


def kept_text(label: str, actions: int) -> str:
    """What the message line says when a mode change puts a game aside."""
    return (f"Your game in “{label}” ({actions} action{'s' if actions != 1 else ''}) is kept: choose that "
            "Mode again to go back to it.")


OPTION_NAMES = {"size": "board size", "levels": "risk levels", "measurement": "measurement",
                "both_lines": "rule for when both have lines"}
OPTION_TABLES = {"size": BOARD_SIZES, "levels": QUBIT_LEVELS, "measurement": MEASUREMENTS, "both_lines": BOTH_LINES}


def option_label(key: str, value) -> str:
    """A board option's value as its menu shows it ('4 x 4', 'a draw')."""
    return next((label for label, v in OPTION_TABLES[key] if v == value), str(value))


def option_text(key: str, value, kept_actions: int) -> str:
    """What the message line says when a board option starts a new game; ``kept_actions``: the
    actions of the game put aside for Undo to bring back (0: none is kept)."""
    name = OPTION_NAMES[key]
    head = (f"New {value} x {value} game" if key == "size" else
            f"New game with the {name} “{option_label(key, value)}”")
    text = f"{head}: changing the {name} starts a new game."
    if kept_actions:
        text += (f" Your last game ({kept_actions} action{'s' if kept_actions != 1 else ''}) is kept: "
                 "Undo brings it back.")
    return text


def option_back_text(actions: int) -> str:
    """What the message line says when Undo brings back the game an option change put aside."""
    return (f"Back to your last game ({actions} action{'s' if actions != 1 else ''}) and its options, "
            "as you left it.")


def back_text(label: str) -> str:
    """What the message line says when a mode change brings a kept game back."""
    return f"Back to your game in “{label}”, as you left it (New game starts a fresh one)."


def waiting_text(who: str, name: str, watch: str | None) -> str:
    """The status line when a computer is to move and is not thinking yet (two computers)."""
    if watch == "paused":
        return f"Paused: {who} ({player_label(name)}) plays next. Press Play, or Step for one move."
    return f"{who} ({player_label(name)}) plays next."


def player_label(name: str) -> str:
    """A player's name as the status line says it: 'computer: random', 'computer: Goff solver'."""
    return name.replace("Computer: ", "computer: ").replace(" (see difficulty)", "")
