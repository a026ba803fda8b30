"""Checkers for lesson 13 (no quantum advantage against a perfect player): a learner's
``non_losing(board)`` tried on every board the exhaustive check meets, with the common
mistakes recognised and named."""
from __future__ import annotations

from typing import Any, Callable

from ..rules.classical import key_children, key_to_move, key_winner, legal_positions, other, outcome

__all__ = ["non_losing", "non_losing_checker", "BOARDS"]


def _klass(key: str) -> str:
    r = outcome(key)
    return "T" if r == "draw" else r


def non_losing(board: str) -> list[str]:
    """The reference: the children of ``board`` that are not a forced win for the opponent."""
    mover = key_to_move(board)
    return [c for _, c in key_children(board) if _klass(c) != other(mover)]


def _boards() -> list[str]:
    """Every unfinished legal board the mover has not already lost by force."""
    out = []
    for key in legal_positions():
        if key_winner(key) or "." not in key:
            continue
        if _klass(key) != other(key_to_move(key)):
            out.append(key)
    return out


BOARDS = _boards()


def _wins_at_once(key: str) -> bool:
    return any(key_winner(c) for _, c in key_children(key))


# common mistakes: (name, function, hint)
_MISTAKES = [
    ("all", lambda b: [c for _, c in key_children(b)],
     "your function returns every legal move, including moves into positions the opponent wins by force: "
     "drop the children whose perfect-play result is a win for the other player"),
    ("best only", lambda b: [c for _, c in key_children(b) if _klass(c) == _klass(b)],
     "you kept only the best moves (those that keep the board's perfect-play result). On a board the mover "
     "wins by force, a move that only keeps the draw is non-losing too"),
    ("wins only", lambda b: [c for _, c in key_children(b) if _klass(c) == key_to_move(b)],
     "you kept only the moves that keep a forced win for the mover; on a drawn board that leaves nothing. "
     "Moves into drawn positions cannot lose either"),
    ("draws only", lambda b: [c for _, c in key_children(b) if _klass(c) == "T"],
     "you kept only the moves into drawn positions; a move that keeps a forced win cannot lose either"),
    ("wrong player", lambda b: [c for _, c in key_children(b) if _klass(c) != key_to_move(b)],
     "wrong player: you removed the children the MOVER wins by force; the player to move on the child is the opponent, "
     "but the mover is the one who must not lose. Use to_move(board) of the board you are given"),
    ("one ply", lambda b: [c for _, c in key_children(b) if not _wins_at_once(c)],
     "you looked one move ahead only (the opponent cannot win at once). A fork loses two moves later: "
     "use klass(child), the result of perfect play from the child"),
]


def _as_set(x: Any):
    if isinstance(x, (str, dict)) or not hasattr(x, "__iter__"):
        raise TypeError
    return frozenset(x)


def non_losing_checker(boards=None) -> Callable[[Any], str | None]:
    """A function ``non_losing(board)`` that returns the same moves as the reference (any order,
    list or set of board strings) on every board in ``boards`` (default: every unfinished board
    the mover has not already lost by force, 3,888 of the 4,520 unfinished positions)."""
    boards = BOARDS if boards is None else list(boards)

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
        for _name, wrong, why in _MISTAKES:
            if all(got_all[b] == frozenset(wrong(b)) for b in boards):
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
