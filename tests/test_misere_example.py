"""A fourth game added through the contract and the registry, as CONTRIBUTING.md says: misère
tic-tac-toe (three in a row *loses*). It is an example to copy, and its tests show that the
contract (``rules.game.Game``) and the two registries are all a new game needs: the app lists
it, plays it with clicks and a computer, undoes, saves and loads it, with no change to the app.

What it needed:
* the game: a ``Game`` subclass with ``kind``, ``FORMAT`` and the hooks (``_snapshot``,
  ``_restore``, ``_redo_entry``, ``_step``, ``_position``), ``legal_moves``, ``apply``,
  ``current_player``, ``outcome``, and ``to_record`` / ``from_record`` over ``read_envelope``;
* ``rules.registry.register(GameKind(...))``: its name, label, class, maker and record format;
* ``widgets.registry.register_mode(Mode(...))``: its board view (here the classical one,
  which draws any game with ``n``, ``k``, ``cells``, ``to_move``, ``result``), its players and
  its rules in words.
"""
from __future__ import annotations

import json

import pytest

from qttt_widgets.players.basic import RandomPlayer
from qttt_widgets.rules import registry as rules_registry
from qttt_widgets.rules.classical import Square, winning_lines
from qttt_widgets.rules.errors import IllegalMove, RecordError, illegal, shown, whole_number
from qttt_widgets.rules.game import Game, Outcome, other, result_outcome
from qttt_widgets.rules.limits import check_moves, read_envelope
from qttt_widgets.widgets import registry as widgets_registry
from qttt_widgets.widgets.app import GameApp
from qttt_widgets.widgets import svg
from qttt_widgets.widgets.board import BOARD_PX, ClassicalBoardView


class MisereBoard(Game):
    """Tic-tac-toe where the player who completes three in a row loses."""

    kind = "misere"
    FORMAT = "qttt-misere"
    n, k = 3, 3
    LINES = winning_lines(3)

    def __init__(self) -> None:
        self._cells: list[str | None] = [None] * 9
        self._history: list = []          # (square, cells before it)
        self._future: list = []

    # --- reading -----------------------------------------------------------------------
    @property
    def cells(self) -> tuple:
        return tuple(self._cells)

    @property
    def to_move(self) -> str:
        return "XO"[len(self._history) % 2]

    @property
    def result(self) -> str | None:
        for a, b, c in self.LINES:
            if self._cells[a] is not None and self._cells[a] == self._cells[b] == self._cells[c]:
                return other(self._cells[a])          # who made the line loses
        return "draw" if None not in self._cells else None

    def outcome(self) -> Outcome:
        r = self.result
        return result_outcome(r, "in play" if r is None else "draw" if r == "draw" else f"{r} wins")

    def current_player(self) -> str | None:
        return None if self.result is not None else self.to_move

    def legal_moves(self) -> list[Square]:
        if self.result is not None:
            return []
        return [Square(i) for i, c in enumerate(self._cells) if c is None]

    # --- acting ------------------------------------------------------------------------
    def apply(self, square) -> "MisereBoard":
        """Mark ``square`` (0..8) for the player to move; IllegalMove, naming the rule, and no
        change if it cannot be played."""
        if self.result is not None:
            raise IllegalMove(f"the game is over ({self.outcome().text}); no more moves", rule="game-over")
        sq = whole_number(square)                      # refuses True, 4.0 and "4", as every game does
        if sq is None:
            raise IllegalMove(f"a move is a square, a whole number (1..9 on the board, 0..8 in code); "
                              f"got {shown(square)}", rule="not-a-square")
        if not 0 <= sq < 9:
            raise IllegalMove(f"square {shown(sq + 1)} is off the board: squares are 1..9", rule="off-board")
        if self._cells[sq] is not None:
            raise illegal("occupied", "square {0} is taken", sq)
        self._redo_entry(sq)
        self._future.clear()
        return self

    # --- the contract's hooks ----------------------------------------------------------
    def _snapshot(self) -> tuple:
        return tuple(self._cells)

    def _restore(self, snap: tuple) -> None:
        self._cells = list(snap)

    def _redo_entry(self, square: int) -> None:
        self._history.append((square, self._snapshot()))
        self._cells[square] = "XO"[(len(self._history) - 1) % 2]

    def _step(self, square: int) -> Square:
        return Square(square)

    def _position(self) -> tuple:
        return tuple(self._cells)

    # --- records -----------------------------------------------------------------------
    def to_record(self) -> dict:
        """The moves and the redo stack: nothing a player did is lost by saving."""
        return {"format": self.FORMAT, "version": 1, "moves": [int(s) for s in self.history],
                "redo": [int(s) for s in reversed(self._future)]}

    @classmethod
    def from_record(cls, record: object) -> "MisereBoard":
        """The game ``to_record`` wrote; RecordError says what is wrong with a damaged one."""
        record = read_envelope(record, cls.FORMAT, "misère tic-tac-toe", {"format", "version", "moves", "redo"})
        return cls().replay_record(check_moves(record.get("moves", []), "moves"),
                                   check_moves(record.get("redo", []), "redo"),
                                   label=lambda i, where, sq: f"move {i} ({shown(sq)} in code)")


class MisereView(ClassicalBoardView):
    """The classical board's drawing and clicks, with the status worded for misère: the
    classical view's own status says three in a row *wins*."""

    def __init__(self, game: MisereBoard | None = None, **kwargs):
        super().__init__(game if game is not None else MisereBoard(), **kwargs)

    def refresh(self) -> None:
        g = self.game
        self._draw(svg.classical_board(g, BOARD_PX[3]),
                   [f"square {i + 1}: {v or 'empty'}" for i, v in enumerate(g.cells)])
        r = g.result
        self.set_status("Game over: a draw." if r == "draw" else
                        f"Game over: {other(r)} made three in a row, so {r} wins." if r else
                        f"{g.to_move} to move: whoever makes three in a row loses.")


@pytest.fixture()
def misere():
    """Register the game and its mode for one test, and take them away after."""
    rules_registry.register(rules_registry.GameKind(
        "misere", "Misère tic-tac-toe (three in a row loses)", MisereBoard,
        lambda **_: MisereBoard(), MisereBoard.FORMAT))
    widgets_registry.register_mode(widgets_registry.Mode(
        "misere", MisereView, {"Human": None, "Computer: random": RandomPlayer},
        "<b>Misère tic-tac-toe.</b> Click an empty square; whoever makes three in a row loses.",
        widgets_registry.squares_history))
    yield
    widgets_registry.unregister_mode("misere")
    rules_registry.unregister("misere")


def play(game, *squares):
    for s in squares:
        game.apply(s)
    return game


def test_the_game_keeps_the_contract():
    g = play(MisereBoard(), 0, 3, 1, 4)
    assert g.current_player() == "X" and g.history == (0, 3, 1, 4) and g.history[0].action == 0
    assert g.copy() == g and g.copy() is not g and g.key() == g.copy().key()
    with pytest.raises(TypeError):
        hash(g)
    g.apply(2)                                            # X completes the top row: X loses
    assert g.outcome() == Outcome(True, "O", (0.0, 1.0), "O wins") and g.legal_moves() == []
    assert g.undo().outcome().over is False and g.redo().winner == "O"
    assert MisereBoard.from_record(json.dumps(g.to_record())) == g
    with pytest.raises(IllegalMove):
        MisereBoard().apply(0).apply(0)


def test_the_registry_loads_and_makes_it(misere):
    g = play(MisereBoard(), 4, 0)
    assert rules_registry.load(json.dumps(g.to_record())) == g
    assert rules_registry.kind_of(g).label.startswith("Misère")
    assert rules_registry.new_game("misere") == MisereBoard()


def test_it_appears_in_the_app_and_plays(misere):
    app = GameApp(mode="misere", o="Computer: random")
    assert ("Misère tic-tac-toe (three in a row loses)", "misere") in app.mode.options
    assert app.rules.value.startswith("<b>Misère") and app.tabs.layout.display == "none"
    app.view.buttons[4].click()                           # X clicks the centre; the computer answers
    assert app.game.history[0] == 4 and len(app.game.history) == 2
    assert "X to move: whoever makes three in a row loses" in app.view.status.value
    app.undo()
    assert app.game.history == ()
    app.play(4)
    app.save()
    app.set_game(GameApp(mode="goff").game)               # away, then back by loading the record
    app.load()
    assert app.settings["mode"] == "misere" and app.game.history[0] == 4
    assert app.history.value.startswith("<b>Moves:</b> 5")


def test_without_its_registration_the_app_does_not_list_it():
    assert "misere" not in dict((name, label) for label, name in GameApp().mode.options)


def test_a_bad_move_names_its_rule_and_changes_nothing():
    g = play(MisereBoard(), 4)
    before = (g.to_record(), g.cells)
    for bad, rule in [("4", "not-a-square"), (True, "not-a-square"), (4.0, "not-a-square"), (9, "off-board"),
                      (-1, "off-board"), (4, "occupied")]:
        with pytest.raises(IllegalMove) as e:
            g.apply(bad)
        assert e.value.rule == rule and (g.to_record(), g.cells) == before
    play(g, 0, 1, 8, 7)                                   # X holds 4, 1, 7: the middle column, so O wins
    assert g.result == "O"
    over = g.to_record()
    with pytest.raises(IllegalMove) as e:
        g.apply(5)
    assert e.value.rule == "game-over" and g.to_record() == over


def test_a_record_keeps_the_redo_stack_and_a_damaged_one_says_what_is_wrong():
    g = play(MisereBoard(), 4, 0, 8)
    g.undo().undo()
    back = MisereBoard.from_record(json.dumps(g.to_record()))
    assert back == g and back.to_record() == g.to_record() and back.redo().redo() == play(MisereBoard(), 4, 0, 8)
    with pytest.raises(RecordError, match="move 2"):
        MisereBoard.from_record({"format": "qttt-misere", "version": 1, "moves": [4, 4]})


def test_the_status_says_who_made_the_line_and_who_wins(misere):
    app = GameApp(mode="misere", o="Human")
    for sq in (0, 3, 1, 4, 2):                            # X completes the top row
        app.view.buttons[sq].click()
    assert "Game over: X made three in a row, so O wins." in app.view.status.value
