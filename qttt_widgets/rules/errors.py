"""Errors shared by every rules module, and the helpers that word them."""
from __future__ import annotations

import numbers


class IllegalMove(ValueError):
    """An action the rules do not allow. The game is left exactly as it was.

    ``str(error)`` names the rule with squares (and cells) counted as people count them,
    from 1 (squares 1..9 on 3 x 3; in code they are 0..8); ``error.people`` is the same
    text, kept for callers written when ``str`` counted from 0; ``error.rule`` is a short
    key for the rule that was broken (for example ``'classical-square'``), for programs
    that react to particular rules.
    """

    def __init__(self, message: str, people: str | None = None, rule: str | None = None):
        super().__init__(message if people is None else people)
        self.people = people if people is not None else message
        self.rule = rule


def illegal(rule: str, fmt: str, *squares: int) -> IllegalMove:
    """An IllegalMove whose message names ``squares`` (code numbers, 0..) through ``{0}``,
    ``{1}``...; the message shows them counted from 1, as people count."""
    text = fmt.format(*(s + 1 for s in squares))
    return IllegalMove(text, text, rule)


class RecordError(ValueError):
    """A game record that cannot be loaded. The message says what is wrong and where."""


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, safe on anything a record may carry: deeply
    nested lists, integers too long to print, objects whose repr fails."""
    if isinstance(value, (str, bytes)) or value is None or isinstance(value, (bool, float)):
        text = repr(value[:limit + 1] if isinstance(value, (str, bytes)) else value)
    elif isinstance(value, int):
        text = repr(value) if value.bit_length() < 200 else f"<a whole number of {value.bit_length()} bits>"
    elif isinstance(value, (list, tuple, dict, set, frozenset)):
        import reprlib
        r = reprlib.Repr()
        r.maxlevel, r.maxlist, r.maxtuple, r.maxdict, r.maxset, r.maxstring, r.maxother = 3, 6, 6, 6, 6, 30, 30
        r.maxlong = 30
        try:
            text = r.repr(value)
        except Exception:                           # noqa: BLE001 - a repr that fails says nothing useful
            text = f"<a {type(value).__name__}>"
    else:
        try:
            text = repr(value)
        except Exception:                           # noqa: BLE001
            text = f"<a {type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 3] + "..."


def whole_number(value: object) -> int | None:
    """``value`` as a plain int if it is a whole number (``int``, ``numpy.int64``...), else None.
    ``True``/``False``, ``4.0`` and ``"4"`` are not whole numbers here."""
    if type(value) is int:                  # the common case, without the ABC's isinstance (a hot path)
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        return None
    return int(value)
