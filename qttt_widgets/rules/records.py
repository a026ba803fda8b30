"""Game records: a short text notation people can type, and JSON-safe dicts.

The notation (squares 1..9 as people number them, ``19`` a spooky mark, ``(9)`` a collapse, a
lone digit the classical last mark) is described in :mod:`qttt_widgets.rules.notation`; a
record whose random-collapse outcome is not what its seed's coin gives is refused.

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
from .notation import FORMAT, VERSION, format_actions, merge_outcomes, parse_actions

__all__ = ["FORMAT", "VERSION", "parse_actions", "format_actions", "merge_outcomes", "replay",
           "replay_measured_mark", "goff_to_record", "goff_from_record", "dumps", "loads"]


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
