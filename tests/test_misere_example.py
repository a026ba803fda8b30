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
from qttt_widgets.rules.errors import IllegalMove
from qttt_widgets.rules.game import Game, Outcome, other, result_outcome
from qttt_widgets.rules.limits import check_moves, read_envelope
from qttt_widgets.widgets import registry as widgets_registry
from qttt_widgets.widgets.app import GameApp
from qttt_widgets.widgets.board import ClassicalBoardView


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
        if square not in self.legal_moves():
            raise IllegalMove(f"square {square + 1} cannot be played now", rule="not-legal")
        self._redo_entry(int(square))
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
        return {"format": self.FORMAT, "version": 1, "moves": [int(s) for s in self.history]}

    @classmethod
    def from_record(cls, record: object) -> "MisereBoard":
        record = read_envelope(record, cls.FORMAT, "misère tic-tac-toe", {"format", "version", "moves"})
        game = cls()
        for square in check_moves(record.get("moves", [])):
            game.apply(square)
        return game


@pytest.fixture()
def misere():
    """Register the game and its mode for one test, and take them away after."""
    rules_registry.register(rules_registry.GameKind(
        "misere", "Misère tic-tac-toe (three in a row loses)", MisereBoard,
        lambda **_: MisereBoard(), MisereBoard.FORMAT))
    widgets_registry.register_mode(widgets_registry.Mode(
        "misere", ClassicalBoardView, {"Human": None, "Computer: random": RandomPlayer},
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
    assert "X to move" in app.view.status.value
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
