"""Game records: a short text notation people can type, and JSON-safe dicts.

The notation numbers squares 1..9 as people see them, row by row::

    1 2 3
    4 5 6
    7 8 9

* ``19``   a spooky mark in squares 1 and 9 (X1, then O2, ...);
* ``(9)``  the collapse that follows a mark closing a cycle: the mark just
  placed goes to square 9 and its whole group collapses. It is written right
  after the mark, as in ``19 59 15(5)``; under random-collapse rules it is the
  outcome the coin gave (and a record whose outcome is not what its seed's coin
  gives is refused);
* ``5``    a single square: the classical last mark, when only one square is left.

Tokens are separated by spaces or commas. A record (``GoffGame.to_record()``) is::

    {"format": "qttt-goff", "version": 1, "rules": "goff", "seed": null,
     "moves": "19 59 15(5)", "redo": ""}

where ``redo`` holds the moves taken back by undo that redo would replay.

This module gathers, for users, what lives in two places: the notation and the record
checks in ``notation`` (which knows nothing of the game) and the game with its replay in
``goff`` (which uses ``notation``). Neither of those imports this module.
"""
from __future__ import annotations

import json

from .goff import GoffGame, replay, replay_measured_mark
from .notation import FIELDS as _FIELDS, FORMAT, VERSION, format_actions, merge_outcomes, parse_actions

__all__ = ["FORMAT", "VERSION", "parse_actions", "format_actions", "merge_outcomes", "replay",
           "replay_measured_mark", "goff_to_record", "goff_from_record", "dumps", "loads"]

_merge_outcomes = merge_outcomes        # the name older code and tests use


def goff_to_record(game: GoffGame) -> dict:
    """The record of ``game`` (the same as ``game.to_record()``)."""
    return game.to_record()


def goff_from_record(record: object) -> GoffGame:
    """Rebuild a GoffGame from a record dict, its JSON text, or bare notation
    ('19 59 15(5)', Goff's rules). Refuses a damaged record with RecordError."""
    return GoffGame.from_record(record)


def dumps(game: GoffGame) -> str:
    """The record of ``game`` as one line of JSON."""
    return json.dumps(game.to_record())


def loads(text: str) -> GoffGame:
    """A game from JSON text or bare notation."""
    return GoffGame.from_record(text)
