"""Checkers for lesson 04 (classical tic-tac-toe): a move in a given position, judged by the
rules and by perfect play, so any correct move passes and a wrong one is told why."""
from __future__ import annotations

from typing import Any, Callable

from ..rules.classical import ClassicalBoard, optimal_moves, other, outcome, winning_lines

__all__ = ["move", "threats"]


def _mover(key: str) -> str:
    return "X" if key.count("X") == key.count("O") else "O"


def threats(key: str, player: str) -> list[int]:
    """Empty squares where ``player`` would complete a line at once."""
    out = set()
    for line in winning_lines(3):
        marks = [key[i] for i in line]
        if marks.count(player) == 2 and marks.count(".") == 1:
            out.add(line[marks.index(".")])
    return sorted(out)


def _play(key: str, square: int) -> str:
    return key[:square] + _mover(key) + key[square + 1:]


def move(key: str, goal: str) -> Callable[[Any], str | None]:
    """A square (0..8, code numbering) for the player to move in ``key`` that reaches ``goal``:
    ``'win'`` (the move keeps a forced win) or ``'hold'`` (the move does not lose by force)."""
    if goal not in ("win", "hold"):
        raise ValueError("goal is 'win' or 'hold'")
    ClassicalBoard.from_key(key)                      # raises on a bad key
    me = _mover(key)
    them = other(me)

    def checker(answer) -> str | None:
        if isinstance(answer, bool) or not hasattr(answer, "__index__"):
            return f"give one square number, 0 to 8 (code numbering), not {answer!r}"
        sq = int(answer)
        if sq == 9:
            return "9 is off the board: code numbers the squares 0 to 8 (people number them 1 to 9)"
        if not 0 <= sq <= 8:
            return f"square {sq} is off the board: code numbers the squares 0 to 8, row by row"
        if key[sq] != ".":
            return f"square {sq} is taken (it holds {key[sq]}): pick an empty square, numbered 0 to 8 row by row"
        child = _play(key, sq)
        result = outcome(child)
        if goal == "win" and result == me:
            return None
        if goal == "hold" and result != them:
            return None
        if result == them:
            reply = optimal_moves(child)[0]
            after = _play(child, reply)
            t = threats(after, them)
            if len(t) >= 2:
                how = f"{them} answers at square {reply} and then threatens squares {t[0]} and {t[1]} at once: a fork, and you can block only one"
            elif t:
                how = f"{them} answers at square {reply}, and perfect play then wins for {them}"
            else:
                how = f"{them} answers at square {reply} and wins by force from there"
            return f"after {me} at square {sq}, {how}. Look for the move that stops that plan."
        # goal == "win" and the move only draws
        reply = optimal_moves(child)[0]
        return (f"{me} at square {sq} does not lose, but {them} can hold the draw (for example at square "
                f"{reply}). A winning move makes two threats at once, so that one block is not enough.")
    return checker


def winner_function(keys) -> Callable[[Any], str | None]:
    """A function ``winner(cells)`` that agrees with the rules engine on every key in ``keys``
    ('X', 'O' or None). The hint names the first board where it does not, and the line."""
    keys = list(keys)

    def checker(f) -> str | None:
        if not callable(f):
            return f"give a function (def winner(cells): ...), not {type(f).__name__}"
        for key in keys:
            want = ClassicalBoard.from_key(key).winner
            got = f(key)
            if got == want and (got is None) == (want is None):
                continue
            if want is None:
                extra = (" Three empty squares in a row are not a line: check that the squares hold a mark."
                         if got == "." else "")
                return f"for {key!r} your function returned {got!r}, but nobody has a line there.{extra}"
            line = next(ln for ln in winning_lines(3) if all(key[i] == want for i in ln))
            kind = ("a row" if line[1] - line[0] == 1 else "a column" if line[1] - line[0] == 3
                    else "a diagonal")
            return (f"for {key!r} your function returned {got!r}, but {want} has {kind} there "
                    f"(squares {line[0]}, {line[1]}, {line[2]}): expected {want!r}")
        return None
    return checker
