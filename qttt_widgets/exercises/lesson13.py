"""Checkers for lesson 13 (no quantum advantage against a perfect player): a learner's
``non_losing(board)`` tried on every board the exhaustive check meets.

``non_losing_checker(mistakes=...)`` names only the slips its check cell lists (lesson 13b),
each a wrong function built with ``children_where`` (the children of a board that pass another
test) and its hint. The checker itself refuses what is not a function returning boards, and
for any other wrong function names the first board it gets wrong, with a move it should or
should not have kept."""
from __future__ import annotations

from typing import Any, Callable, Iterable

from . import named_mistake
from ..rules.classical import key_children, key_to_move, key_winner, legal_positions, other, outcome

__all__ = ["non_losing", "non_losing_checker", "children_where", "BOARDS"]


def non_losing(board: str) -> list[str]:
    """The reference: the children of ``board`` that are not a forced win for the opponent."""
    mover = key_to_move(board)
    return [c for _, c in key_children(board) if outcome(c) != other(mover)]   # outcome: 'X', 'O' or 'draw'


def _boards() -> list[str]:
    """Every unfinished legal board the mover has not already lost by force."""
    out = []
    for key in legal_positions():
        if key_winner(key) or "." not in key:
            continue
        if outcome(key) != other(key_to_move(key)):
            out.append(key)
    return out


BOARDS = _boards()


def children_where(keep: Callable[[str, str], bool]) -> Callable[[str], list[str]]:
    """A function ``board -> [child, ...]``: the children of ``board`` (one legal move later) for
    which ``keep(board, child)`` is true, to name a slip in a check cell by the test it applies.

    >>> children_where(lambda board, child: True)("XOXOXOOX.")
    ['XOXOXOOXX']
    >>> children_where(lambda board, child: child[4] != ".")("X........")     # O takes the centre
    ['X...O....']
    """
    if not callable(keep):
        raise TypeError(f"keep must be a test keep(board, child) -> bool, not {type(keep).__name__}")
    return lambda board: [child for _, child in key_children(board) if keep(board, child)]


def _as_set(x: Any):
    if isinstance(x, (str, dict)) or not hasattr(x, "__iter__"):
        raise TypeError
    return frozenset(x)


def non_losing_checker(boards=None, mistakes: Iterable[tuple[Callable, str]] = ()) -> Callable[[Any], str | None]:
    """A function ``non_losing(board)`` that returns the same moves as the reference (any order,
    list or set of board strings) on every board in ``boards`` (default: every unfinished board
    the mover has not already lost by force, 3,888 of the 4,520 unfinished positions).

    ``mistakes``: the check cell's table of named slips, (wrong function, hint) pairs
    (``children_where`` builds them); a learner's function that returns the same moves as one on
    every board gets its hint, the first in the table's order."""
    boards = BOARDS if boards is None else list(boards)
    mistakes = list(mistakes)

    def checker(f) -> str | None:
        if not callable(f):
            return f"give a function (def non_losing(board): ...), not {type(f).__name__}"
        first = None
        got_all = {}
        for b in boards:
            got = f(b)
            try:
                got = _as_set(got)
            except TypeError:
                return (f"for board {b!r} your function returned {got!r}: return a list of boards "
                        "(strings such as 'X........'), one for each non-losing move")
            got_all[b] = got
            if first is None and got != frozenset(non_losing(b)):
                first = b
        if first is None:
            return None
        why = named_mistake(mistakes, lambda wrong: all(got_all[b] == frozenset(wrong(b)) for b in boards))
        if why is not None:
            return why
        want = frozenset(non_losing(first))
        extra, missing = sorted(got_all[first] - want), sorted(want - got_all[first])
        said = []
        if extra:
            said.append(f"it includes {extra[0]!r}, which the opponent wins by force")
        if missing:
            said.append(f"it leaves out {missing[0]!r}, after which the mover cannot lose")
        return f"on board {first!r} ({key_to_move(first)} to move) " + " and ".join(said)
    return checker
