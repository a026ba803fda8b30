"""The games by kind and by record format: the rules-level half of the registry.

Each game (``rules.game.Game``) has a ``kind`` (Goff's is its rules, ``'goff'`` or
``'random'``) and its records a ``format``. This module maps both to the game, so that code
above it (the app, its views, the loaders) asks the registry instead of testing types:

>>> kind_of(GoffGame("random", seed=1)).label
'Goff: collapse by a fair coin'
>>> type(load('{"format": "qttt-classical", "moves": [4]}')).__name__
'ClassicalBoard'
>>> load("19 28").history
(('mark', 0, 8), ('mark', 1, 7))

A new game registers a ``GameKind`` (see ``tests/notakto_rules.py`` and ``tests/test_misere_example.py``); the app's side,
its view and players, is ``widgets.registry``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .classical import ClassicalBoard
from .errors import RecordError
from .game import Game
from .goff import GoffGame
from .limits import check_text, parse_json
from .qubit_board import QubitGame


@dataclass(frozen=True)
class GameKind:
    """A kind of game: its ``name`` (the game's ``kind``), a ``label`` for people, the
    ``game`` class, ``new(**options)`` making a fresh game, and its record ``format``
    (``game.from_record`` reads it; one format may serve several kinds, as Goff's two rules)."""

    name: str
    label: str
    game: type[Game]
    new: Callable[..., Game]
    format: str


KINDS: dict[str, GameKind] = {}
"""name -> GameKind, in the order they were registered (the app lists them in this order)."""
FORMATS: dict[str, type[Game]] = {}
"""record format -> the game class that reads it."""
NOTATION_FORMAT = GoffGame.FORMAT
"""What a bare text record (not JSON) is: Goff's notation."""


def register(kind: GameKind) -> GameKind:
    """Add (or replace) a kind of game; returns it."""
    KINDS[kind.name] = kind
    FORMATS[kind.format] = kind.game
    return kind


def unregister(name: str) -> None:
    """Remove a kind (tests that add one clean up with this)."""
    kind = KINDS.pop(name)
    if all(k.format != kind.format for k in KINDS.values()):
        FORMATS.pop(kind.format, None)


def kind_of(game: Game) -> GameKind:
    """The registered kind of ``game``."""
    try:
        return KINDS[game.kind]
    except KeyError:
        raise ValueError(f"no game kind {game.kind!r} is registered") from None


def new_game(name: str, **options: Any) -> Game:
    """A new game of kind ``name`` with ``options`` (each kind takes the ones it knows)."""
    if name not in KINDS:
        raise ValueError(f"unknown game kind {name!r}: one of {', '.join(KINDS)}")
    return KINDS[name].new(**options)


def load(record: object, **options: Any) -> Game:
    """A game from a record of any registered format: a dict, its JSON text, or bare Goff
    notation ('19 59 15(5)'). RecordError says what is wrong. ``options`` are the keywords a
    record cannot hold, passed on to the game's ``from_record`` (a QubitGame's ``measurer``, a
    GoffGame's ``explicit_chance``); a game that does not take one raises TypeError."""
    if isinstance(record, str):
        text = check_text(record).strip()
        if not text:
            raise RecordError("the record is empty")
        record = parse_json(text) if text.startswith("{") else text
    if isinstance(record, str):
        return FORMATS[NOTATION_FORMAT].from_record(record, **options)
    fmt = record.get("format") if isinstance(record, dict) else None
    if fmt not in FORMATS:
        known = list(FORMATS)
        expected = f"{', '.join(known[:-1])} or {known[-1]}" if len(known) > 1 else known[0]
        raise RecordError(f"unknown record format {fmt!r}: expected {expected}")
    return FORMATS[fmt].from_record(record, **options)


def _qubit(seed: int | None = None, size: int = 3, levels: Any = None, measurement: str = "shot",
           both_lines: str = "count", **_: Any) -> QubitGame:
    return QubitGame(n=size, levels=levels, measurement=measurement, both_lines=both_lines, seed=seed)


register(GameKind("goff", "Goff: the other player chooses the collapse", GoffGame,
                  lambda seed=None, **_: GoffGame("goff"), GoffGame.FORMAT))
register(GameKind("random", "Goff: collapse by a fair coin", GoffGame,
                  lambda seed=None, **_: GoffGame("random", seed=seed), GoffGame.FORMAT))
register(GameKind("qubit", "Qubit per cell (SWAP, H, entangle)", QubitGame, _qubit, QubitGame.FORMAT))
register(GameKind("classical", "Classical tic-tac-toe", ClassicalBoard,
                  lambda seed=None, size=3, **_: ClassicalBoard(size), ClassicalBoard.FORMAT))
