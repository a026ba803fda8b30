"""Limits on what a record or a widget accepts.

The demo app meets strangers: one visitor pasting something huge must not take down a
class's server. Every size a record can carry has a limit here, checked before any work is
done, and a refused record raises :class:`RecordError` saying which limit it broke.
"""
from __future__ import annotations

import json

from .errors import RecordError, shown

MAX_RECORD_CHARS = 50_000     # a long 5 x 5 qubit game with outcomes is about 15,000
MAX_JSON_DEPTH = 5            # record -> moves -> move -> outcome -> value
BOARD_SIZES = (3, 4, 5)       # what the app offers, for every game
MAX_SHOTS = 100_000           # the qubit game's "most frequent of N shots"
MAX_MOVES = 500               # per list (moves, redo); a Goff game has at most 9 marks
MAX_SEED = 2 ** 64            # seeds are whole numbers with |seed| < 2**64


def check_text(text: object, what: str = "record") -> str:
    """``text`` if it is within the size limit, else RecordError."""
    if not isinstance(text, str):
        raise RecordError(f"a {what} is text, got {type(text).__name__}")
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(f"the {what} is {len(text):,} characters long; the limit is {MAX_RECORD_CHARS:,}")
    return text


def json_depth(text: str) -> int:
    """How deeply brackets nest in JSON ``text`` (strings skipped), without parsing it."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def parse_json(text: str, what: str = "record") -> object:
    """JSON ``text`` parsed, after the size and nesting limits; RecordError if it breaks one
    or is not JSON."""
    check_text(text, what)
    depth = json_depth(text)
    if depth > MAX_JSON_DEPTH:
        raise RecordError(f"the {what} nests {depth} levels deep; a record nests at most {MAX_JSON_DEPTH}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"the {what} is not valid JSON: {e.msg} at line {e.lineno}, column {e.colno}") from None
    except ValueError as e:                         # e.g. a number with thousands of digits
        raise RecordError(f"the {what} is not valid JSON: {e}") from None


def check_board_size(n: object, k: object = None) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or n not in BOARD_SIZES:
        raise RecordError(f"the board size n must be one of {', '.join(map(str, BOARD_SIZES))}; got {shown(n)}")
    if k is not None and (isinstance(k, bool) or not isinstance(k, int) or not 3 <= k <= n):
        raise RecordError(f"k (marks in a row) must be a whole number from 3 to n = {n}; got {shown(k)}")


def check_moves(moves: object, where: str = "moves") -> list:
    """``moves`` if it is a list within the length limit, else RecordError."""
    if not isinstance(moves, list):
        raise RecordError(f"{where!r} must be a list of moves, got {type(moves).__name__}")
    if len(moves) > MAX_MOVES:
        raise RecordError(f"{where!r} has {len(moves):,} moves; the limit is {MAX_MOVES}")
    return moves


def check_shots(shots: object) -> None:
    if isinstance(shots, bool) or not isinstance(shots, int) or not 1 <= shots <= MAX_SHOTS:
        raise RecordError(f"shots must be a whole number from 1 to {MAX_SHOTS:,}; got {shown(shots)}")


def check_version(record: dict, version: int = 1, required: bool = True) -> None:
    """The record's ``version`` must be the whole number ``version`` (not ``true``, not ``1.0``);
    a record without one is refused when ``required``."""
    if "version" not in record:
        if required:
            raise RecordError(f"the record has no 'version' field (this is version {version})")
        return
    v = record["version"]
    if isinstance(v, bool) or not isinstance(v, int) or v != version:
        raise RecordError(f"record version {shown(v)} is not supported: the version is the whole number "
                          f"{version}")


def read_envelope(record: object, fmt: str, name: str, fields: frozenset[str] | set[str],
                  version: int = 1, required: tuple[str, ...] = ("format",)) -> dict:
    """The envelope of every game's record, checked by one rule: ``record`` is a dict (or its
    JSON text) with text field names and the ``required`` fields, its ``format`` is ``fmt``,
    its ``version`` is the whole number ``version`` or absent (a record written before versions
    existed, read as version 1), and it has no field outside ``fields``. Returns the dict;
    RecordError otherwise, where ``name`` says what kind of record was expected."""
    if isinstance(record, str):
        record = parse_json(record)
    if not isinstance(record, dict):
        raise RecordError(f"a record is a dict (or its JSON text), got {type(record).__name__}")
    if any(not isinstance(key, str) for key in record):
        raise RecordError(f"a record's field names are text; got "
                          f"{shown(next(k for k in record if not isinstance(k, str)))}")
    missing = [f for f in required if f not in record]
    if missing:
        raise RecordError(f"the record has no {' and no '.join(repr(m) for m in missing)} field")
    if record["format"] != fmt:
        raise RecordError(f"this is not a {name} record: format is {shown(record['format'])}, "
                          f"expected {fmt!r}")
    unknown = sorted(set(record) - set(fields))
    if unknown:
        raise RecordError(f"the record has fields this version does not know: {shown(unknown, 200)}")
    check_version(record, version, required=False)
    return record


def check_seed(seed: object, required: bool = False) -> int | None:
    """``seed`` if it is a whole number with |seed| < 2**64 (or None when not ``required``)."""
    if seed is None and not required:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int) or not -MAX_SEED < seed < MAX_SEED:
        what = "a whole number" if required else "a whole number or null"
        raise RecordError(f"seed must be {what} with at most 20 digits (|seed| < 2**64); got {shown(seed)}")
    return seed
