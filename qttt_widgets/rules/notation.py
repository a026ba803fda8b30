"""The text notation of Goff's game and the checks on a Goff record, without the game itself.

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

Squares are written with the ASCII digits 1-9 only. Tokens are separated by spaces or commas.

This module sits below ``goff`` (which uses it to write and read records) and imports
nothing of the game, so the two never import each other; ``records`` gathers both for users.
"""
from __future__ import annotations

import re
from typing import Any, Iterable, NamedTuple, Sequence

from .errors import RecordError, shown
from .limits import check_seed, check_text, parse_json, read_envelope

FORMAT = "qttt-goff"
VERSION = 1
FIELDS = frozenset({"format", "version", "rules", "seed", "moves", "redo"})

_TOKEN = re.compile(
    r"(?P<pair>[0-9][0-9])(?:\s*\(\s*(?P<out>[0-9])\s*\))?(?=[\s,]|$)"   # 19 or 19(9)
    r"|\(\s*(?P<coll>[0-9])\s*\)(?=[\s,]|$)"                              # (9) on its own
    r"|(?P<single>[0-9])(?=[\s,]|$)"                                      # 5
)
_SEP = re.compile(r"[\s,]*")


class GoffRecord(NamedTuple):
    """A Goff record that passed every check short of replaying it: the rules, the seed and
    the actions of ``moves`` and ``redo`` (squares 0..8; under random collapse a mark and its
    outcome are one action ('mark', a, b, s))."""

    rules: str
    seed: int | None
    moves: list[tuple]
    redo: list[tuple]


def _square(digit: str, text: str, pos: int) -> int:
    if digit == "0":
        raise RecordError(f"square 0 at character {pos + 1} of {shown(text)} does not exist: "
                          "squares are numbered 1..9")
    return int(digit) - 1


def parse_actions(text: object) -> list[tuple]:
    """Read the notation into actions ('mark', a, b), ('collapse', s), ('classical', a),
    squares 0..8. Raises RecordError naming the first thing it cannot read."""
    if not isinstance(text, str):
        raise RecordError(f"moves must be text like '19 59 15(5)', got {type(text).__name__}")
    actions: list[tuple] = []
    pos = _SEP.match(text).end()                                # type: ignore[union-attr]
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            fragment = re.match(r"[^\s,]*", text[pos:]).group(0)  # type: ignore[union-attr]
            foreign = next((c for c in fragment if c.isdigit() and c not in "0123456789"), None)
            if foreign is not None:
                raise RecordError(
                    f"cannot read {shown(fragment)} at character {pos + 1}: {foreign!r} is not one of the "
                    "digits 1-9 (full-width and other scripts' digits are not squares); write squares as 1..9")
            raise RecordError(
                f"cannot read {shown(fragment)} at character {pos + 1}: a move is two squares like 19, "
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
        pos = _SEP.match(text, m.end()).end()                   # type: ignore[union-attr]
    return actions


def format_actions(actions: Iterable[Sequence[Any]]) -> str:
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


def merge_outcomes(actions: list[tuple], rules: str) -> list[tuple]:
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


def read_goff_record(record: object) -> GoffRecord:
    """Check a Goff record (a dict, its JSON text, or bare notation such as '19 59 15(5)',
    Goff's rules) field by field, and read its moves. RecordError says what is wrong."""
    if isinstance(record, str):
        stripped = check_text(record).strip()
        if stripped.startswith("{"):
            record = parse_json(stripped)
        else:
            record = {"format": FORMAT, "version": VERSION, "rules": "goff", "seed": None,
                      "moves": stripped, "redo": ""}
    record = read_envelope(record, FORMAT, "Goff game", FIELDS, VERSION, required=("format", "moves"))
    rules = record.get("rules", "goff")
    if not isinstance(rules, str) or rules not in ("goff", "random"):
        raise RecordError(f"rules must be 'goff' or 'random', got {shown(rules)}")
    seed = check_seed(record.get("seed"))
    if rules == "random" and seed is None:
        raise RecordError("a random-collapse record needs its seed: it decides the coming collapses")
    lists = []
    for where in ("moves", "redo"):
        text = record.get(where, "")
        if not isinstance(text, str):
            raise RecordError(f"{where} must be text like '19 59 15(5)', got {type(text).__name__}")
        check_text(text, f"{where!r} notation")
        lists.append(merge_outcomes(parse_actions(text), rules))
    return GoffRecord(rules, seed, lists[0], lists[1])
