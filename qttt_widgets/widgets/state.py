"""What the app shows, as one immutable value: ``AppSnapshot``.

``widgets.controller.GameController`` makes a new snapshot after every change of its game or
settings; ``widgets.app.GameApp`` (the layout) and the board views draw from it and nothing
else. A snapshot holds read-only snapshots of the game (``Game.snapshot()``), so nothing that
draws it can change the game.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Mapping


@dataclass(frozen=True)
class AppSnapshot:
    """One state of the app.

    * ``game``: the game (a read-only snapshot); ``shown``: the position on the board, the game
      or an earlier position the review shows (``reviewing`` actions in, else None);
    * ``fresh``: the board shows another game than the last snapshot did (new, loaded, taken
      back): a view forgets its selection and its message;
    * ``thinking``: the words while a computer chooses ('O (computer: random) is thinking…'),
      else None; ``computer_to_move``: the side to act is a computer, so clicks wait, and
      ``waiting`` says so in words for the status line (two computers between moves);
    * ``settings``: mode, X, O, difficulty and the board options; ``players``: the names
      offered for X and O; ``opponents``: 'computer', 'humans' or 'watch' (both computers);
    * ``watch``: when two computers play, 'playing' or 'paused' (else None);
    * ``message``: the message line (HTML); ``history``: the moves in words;
      ``can_undo`` / ``can_redo``; ``kept``: the modes whose game is kept for a return.
    """

    game: Any
    shown: Any
    settings: Mapping[str, Any]
    players: tuple[str, ...]
    opponents: str
    reviewing: int | None = None
    fresh: bool = False
    thinking: str | None = None
    computer_to_move: bool = False
    waiting: str | None = None
    watch: str | None = None
    message: str = ""
    history: str = "—"
    can_undo: bool = False
    can_redo: bool = False
    kept: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "settings", MappingProxyType(dict(self.settings)))

    @property
    def mode(self) -> str:
        return self.settings["mode"]
