"""Game records: a short text notation people can type, and JSON-safe dicts.

The notation numbers squares 1..9 as people see them, row by row::

    1 2 3
    4 5 6
    7 8 9

* ``19``   a spooky mark in squares 1 and 9 (X1, then O2, ...);
* ``(9)``  the collapse that follows a mark closing a cycle: the mark just
  placed goes to square 9 and its whole group collapses. It is written right
  after the mark, as in ``19 59 15(5)``; under random-collapse rules it is the
  outcome the coin gave;
* ``5``    a single square: the classical last mark, when only one square is left.

Tokens are separated by spaces or commas. A record (``GoffGame.to_record()``) is::

    {"format": "qttt-goff", "version": 1, "rules": "goff", "seed": null,
     "moves": "19 59 15(5)", "redo": ""}

where ``redo`` holds the moves taken back by undo that redo would replay.
"""
from __future__ import annotations

import json
import re

from .errors import IllegalMove, RecordError
from .limits import check_text, parse_json

FORMAT = "qttt-goff"
VERSION = 1
_FIELDS = {"format", "version", "rules", "seed", "moves", "redo"}

_TOKEN = re.compile(
    r"(?P<pair>\d\d)(?:\s*\(\s*(?P<out>\d)\s*\))?(?=[\s,]|$)"   # 19 or 19(9)
    r"|\(\s*(?P<coll>\d)\s*\)(?=[\s,]|$)"                        # (9) on its own
    r"|(?P<single>\d)(?=[\s,]|$)"                                # 5
)
_SEP = re.compile(r"[\s,]*")


def _square(digit: str, text: str, pos: int) -> int:
    if digit == "0":
        raise RecordError(f"square 0 at character {pos + 1} of {text!r} does not exist: "
                          "squares are numbered 1..9")
    return int(digit) - 1


def parse_actions(text: str) -> list[tuple]:
    """Read the notation into actions ('mark', a, b), ('collapse', s), ('classical', a),
    squares 0..8. Raises RecordError naming the first thing it cannot read."""
    if not isinstance(text, str):
        raise RecordError(f"moves must be text like '19 59 15(5)', got {type(text).__name__}")
    actions: list[tuple] = []
    pos = _SEP.match(text).end()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            fragment = re.match(r"[^\s,]*", text[pos:]).group(0)
            raise RecordError(
                f"cannot read {fragment!r} at character {pos + 1}: a move is two squares like 19, "
                "a collapse like (9) after the mark that closed the cycle, or the last single square")
        if m.group("pair"):
            a = _square(m.group("pair")[0], text, m.start())
            b = _square(m.group("pair")[1], text, m.start() + 1)
            actions.append(("mark", a, b))
            if m.group("out"):
                actions.append(("collapse", _square(m.group("out"), text, m.start("out"))))
        elif m.group("coll"):
            actions.append(("collapse", _square(m.group("coll"), text, m.start("coll"))))
        else:
            actions.append(("classical", _square(m.group("single"), text, m.start())))
        pos = _SEP.match(text, m.end()).end()
    return actions


def format_actions(actions) -> str:
    """Write actions (as in ``GoffGame.history``) in the notation."""
    tokens: list[str] = []
    for action in actions:
        kind = action[0]
        if kind == "mark":
            token = f"{action[1] + 1}{action[2] + 1}"
            if len(action) > 3:
                token += f"({action[3] + 1})"
            tokens.append(token)
        elif kind == "collapse":
            if tokens:
                tokens[-1] += f"({action[1] + 1})"
            else:
                tokens.append(f"({action[1] + 1})")
        elif kind == "classical":
            tokens.append(f"{action[1] + 1}")
        else:
            raise ValueError(f"unknown action {action!r}")
    return " ".join(tokens)


def _merge_outcomes(actions: list[tuple], rules: str) -> list[tuple]:
    """Under random collapse a mark and its outcome are one action ('mark', a, b, s)."""
    if rules != "random":
        return actions
    merged: list[tuple] = []
    for action in actions:
        if action[0] == "collapse" and merged and merged[-1][0] == "mark" and len(merged[-1]) == 3:
            merged[-1] = merged[-1] + (action[1],)
        else:
            merged.append(action)
    return merged


def replay(game, actions, where: str = "moves", start: int = 1) -> None:
    """Apply ``actions`` to ``game``, checking each as a player's action would be checked.
    A problem raises RecordError naming the move; ``game`` may then be part-way."""
    for i, action in enumerate(actions, start):
        label = f"{where}, move {i} ({format_actions([action])})"
        try:
            kind = action[0]
            if kind == "mark" and len(action) > 3:
                replay_measured_mark(game, *action[1:])
            elif kind == "mark":
                game.play(action[1], action[2])
            elif kind == "classical":
                game.play(action[1])
            elif kind == "collapse":
                if game.rules == "random":
                    raise IllegalMove("under random-collapse rules a collapse is the outcome of the mark "
                                      "that closed a cycle, written right after it, as 15(5)")
                game.collapse(action[1])
        except IllegalMove as e:
            raise RecordError(f"{label}: {e.people}") from None


def replay_measured_mark(game, a: int, b: int, outcome: int) -> None:
    game._check_play(a, b)
    if game._comp[a] != game._comp[b]:
        raise IllegalMove(f"{a + 1}{b + 1} closes no cycle, so nothing collapses")
    if outcome not in (a, b):
        raise IllegalMove(f"the mark in squares {a + 1} and {b + 1} cannot collapse into square {outcome + 1}")
    game._do(("mark", a, b, outcome))
    game._future.clear()


def goff_to_record(game) -> dict:
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": game.rules,
        "seed": game.seed,
        "moves": format_actions(game.history),
        "redo": format_actions(game.redo_stack),
    }


def goff_from_record(record):
    """Rebuild a GoffGame from a record dict, its JSON text, or bare notation
    ('19 59 15(5)', Goff's rules). Refuses a damaged record with RecordError."""
    from .goff import GoffGame

    if isinstance(record, str):
        stripped = check_text(record).strip()
        if stripped.startswith("{"):
            record = parse_json(stripped)
        else:
            record = {"format": FORMAT, "version": VERSION, "rules": "goff", "seed": None,
                      "moves": stripped, "redo": ""}
    if not isinstance(record, dict):
        raise RecordError(f"a record is a dict (or its JSON text), got {type(record).__name__}")
    missing = sorted({"format", "moves"} - record.keys())
    if missing:
        raise RecordError(f"the record has no {' and no '.join(repr(m) for m in missing)} field")
    unknown = sorted(record.keys() - _FIELDS)
    if unknown:
        raise RecordError(f"the record has fields this version does not know: {', '.join(map(repr, unknown))}")
    if record["format"] != FORMAT:
        raise RecordError(f"this is not a Goff game record: format is {record['format']!r}, "
                          f"expected {FORMAT!r}")
    if record.get("version", VERSION) != VERSION or isinstance(record.get("version"), bool):
        raise RecordError(f"record version {record.get('version')!r} is not supported (this is version {VERSION})")
    rules = record.get("rules", "goff")
    if rules not in ("goff", "random"):
        raise RecordError(f"rules must be 'goff' or 'random', got {rules!r}")
    seed = record.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise RecordError(f"seed must be a whole number or null, got {seed!r}")
    if rules == "random" and seed is None:
        raise RecordError("a random-collapse record needs its seed: it decides the coming collapses")

    for where in ("moves", "redo"):
        if isinstance(record.get(where, ""), str):
            check_text(record.get(where, ""), f"{where!r} notation")
    moves = _merge_outcomes(parse_actions(record["moves"]), rules)
    redo = _merge_outcomes(parse_actions(record.get("redo", "")), rules)
    game = GoffGame(collapse=rules, seed=seed)
    replay(game, moves, "moves")
    replay(game, redo, "redo", start=len(moves) + 1)
    for _ in redo:
        game.undo()
    return game


def dumps(game) -> str:
    """The record of ``game`` as one line of JSON."""
    return json.dumps(game.to_record())


def loads(text: str):
    """A game from JSON text or bare notation."""
    return goff_from_record(text)
