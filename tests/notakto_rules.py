"""Notakto, the fourth game, added through the game contract (``rules.game.Game``) and the
registry, as an example of adding a game (CONTRIBUTING.md, "Adding a game").

Notakto is impartial tic-tac-toe: both players put an X on an empty square of the 3 x 3
board, and the player who completes a line of three X's LOSES. A full board always holds a
line, so there are no draws. The contract names the players 'X' (who moves first) and 'O'
(second), although both place X's.

This module is the rules layer of the example: it imports the standard library and
``qttt_widgets.rules`` only (``test_notakto_example.py`` checks it).

>>> game = Notakto().apply(0).apply(1)
>>> game.current_player(), game.cells[:3]
('X', ('X', 'X', None))
>>> game.apply(2).outcome().text
'X completed a line of three: O wins'
"""
from __future__ import annotations

from qttt_widgets.rules.classical import Square, winning_lines
from qttt_widgets.rules.errors import IllegalMove, illegal, shown, whole_number
from qttt_widgets.rules.game import Game, Outcome, other, result_outcome
from qttt_widgets.rules.limits import check_moves, read_envelope
from qttt_widgets.rules.registry import GameKind

LINES = winning_lines(3)
SQUARES = tuple(Square(i) for i in range(9))


class Notakto(Game):
    """A game of Notakto on 3 x 3. ``cells`` holds None or 'X'; ``apply(square)`` (0..8 in
    code, 1..9 for people) puts an X there for the player to move."""

    kind = "notakto"
    FORMAT = "qttt-notakto"
    n = 3           # what the classical board view draws: the size, the line length, the cells
    k = 3

    def __init__(self) -> None:
        self._cells: list[str | None] = [None] * 9
        self._history: list = []        # (square, cells before it): Game.undo restores the cells
        self._future: list = []         # squares undone, for redo

    # --- the position ------------------------------------------------------------------
    @property
    def cells(self) -> tuple[str | None, ...]:
        return tuple(self._cells)

    @property
    def to_move(self) -> str:
        """The player whose X comes next (even after the end)."""
        return "X" if len(self._history) % 2 == 0 else "O"

    def lines(self) -> list[tuple[int, ...]]:
        """The lines of three X's on the board (none while the game is in play)."""
        cells = self._cells
        return [line for line in LINES if all(cells[i] == "X" for i in line)]

    @property
    def loser(self) -> str | None:
        """The player who completed a line (the last to move), or None while in play."""
        return other(self.to_move) if self.lines() else None

    @property
    def result(self) -> str | None:
        """The winner once the game is over ('X' or 'O'; never a draw), else None."""
        return None if self.loser is None else other(self.loser)

    def current_player(self) -> str | None:
        return None if self.loser is not None else self.to_move

    def outcome(self) -> Outcome:
        loser = self.loser
        if loser is None:
            return result_outcome(None, "in play")
        return result_outcome(other(loser), f"{loser} completed a line of three: {other(loser)} wins")

    def legal_moves(self) -> list[Square]:
        if self.loser is not None:
            return []
        return [SQUARES[i] for i, c in enumerate(self._cells) if c is None]

    # --- actions -------------------------------------------------------------------------
    def apply(self, square: object) -> "Notakto":
        """An X on ``square`` for the player to move; IllegalMove (and no change) if it cannot be."""
        sq = self._check(square)
        self._place(sq)
        self._future.clear()            # a new action forgets the redo stack
        return self

    def _check(self, value: object) -> int:
        loser = self.loser
        if loser is not None:
            raise IllegalMove(f"the game is over ({loser} completed a line); no more moves", rule="game-over")
        sq = whole_number(value)
        if sq is None:
            raise IllegalMove(f"a move is a square, a whole number (1..9 on the board, 0..8 in code); "
                              f"got {shown(value)}", rule="not-a-square")
        if not 0 <= sq < 9:
            raise IllegalMove(f"square {shown(sq + 1)} is off the board: squares are 1..9 "
                              f"({shown(sq)} in code; code counts 0..8)", rule="off-board")
        if self._cells[sq] is not None:
            raise illegal("occupied", "square {0} already holds an X", sq)
        return sq

    def _place(self, sq: int) -> None:
        self._history.append((sq, self._snapshot()))
        self._cells[sq] = "X"

    # --- the contract's hooks (undo, redo, copy, ==, key and snapshot are Game's) ---------
    def _snapshot(self) -> tuple[str | None, ...]:
        return tuple(self._cells)

    def _restore(self, snap: tuple[str | None, ...]) -> None:
        self._cells = list(snap)

    def _redo_entry(self, sq: int) -> None:
        self._place(sq)                 # replays; the rest of the redo stack stays

    def _step(self, sq: int) -> Square:
        return SQUARES[sq]

    def _position(self) -> tuple:
        return tuple(self._cells)       # the cells fix whose turn it is and the result

    # --- records -----------------------------------------------------------------------
    def to_record(self) -> dict:
        return {"format": self.FORMAT, "version": 1, "moves": [sq for sq, _ in self._history],
                "redo": list(reversed(self._future))}

    @classmethod
    def from_record(cls, record: object) -> "Notakto":
        """The game ``to_record`` wrote (a dict or its JSON text), redo stack included;
        RecordError says what is wrong with a damaged one."""
        record = read_envelope(record, cls.FORMAT, "Notakto", {"format", "version", "moves", "redo"})
        return cls().replay_record(check_moves(record.get("moves", []), "moves"),
                                   check_moves(record.get("redo", []), "redo"),
                                   label=lambda i, where, sq: f"move {i} ({shown(sq)} in code)")

    def __str__(self) -> str:
        return "\n".join(" ".join(c or "." for c in self._cells[r * 3:r * 3 + 3]) for r in range(3))


def new_notakto(seed: int | None = None, **_options: object) -> Notakto:
    """The registry's maker: the app passes every option it has (size, levels...) to every
    kind, and Notakto takes none of them (it is played on 3 x 3 only)."""
    return Notakto()


KIND = GameKind("notakto", "Notakto: whoever completes a line of X's loses", Notakto, new_notakto, Notakto.FORMAT)
"""What ``rules.registry.register`` takes (the tests register it, and remove it after)."""
