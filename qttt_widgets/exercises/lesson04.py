"""Checkers for lesson 04 (classical tic-tac-toe): a move in a given position, judged by the
rules and by perfect play, so any correct move passes and a wrong one is told why."""
from __future__ import annotations

from typing import Any, Callable

from ..rules.classical import ClassicalBoard, optimal_moves, other, outcome, winning_lines

__all__ = ["move", "threats", "winner_function"]


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


PLACES = ("the top-left corner", "the middle of the top row", "the top-right corner",
          "the middle of the left column", "the centre", "the middle of the right column",
          "the bottom-left corner", "the middle of the bottom row", "the bottom-right corner")
NUMBERING = ("(Code numbers run 0 to 8, row by row: one less than the grey numbers 1 to 9 on the "
             "board, which are people's numbers.)")


def _line_kind(line) -> str:
    step = line[1] - line[0]
    return "row" if step == 1 else "column" if step == 3 else "diagonal"


def _two_kinds(kinds: list[str]) -> str:
    a, b = sorted(kinds)[:2]
    return f"two {a}s" if a == b else f"a {a} and a {b}"


def _threat_lines(key: str, player: str) -> list[str]:
    """The kinds of the lines ``player`` could complete at once (one kind per threat square)."""
    out = {}
    for line in winning_lines(3):
        marks = [key[i] for i in line]
        if marks.count(player) == 2 and marks.count(".") == 1:
            out.setdefault(line[marks.index(".")], _line_kind(line))
    return [out[sq] for sq in sorted(out)]


def move(key: str, goal: str) -> Callable[[Any], str | None]:
    """A square (0..8, code numbering) for the player to move in ``key`` that reaches ``goal``:
    ``'win'`` (the move keeps a forced win) or ``'hold'`` (the move does not lose by force).

    A hint for a wrong move never names a square that would be a right answer: it names the
    square given (in code numbers and in words, so a student who used people's numbering 1..9
    sees the mix-up), describes the opponent's plan by kinds of line, and names the opponent's
    reply only when that square is not itself a right answer."""
    if goal not in ("win", "hold"):
        raise ValueError("goal is 'win' or 'hold'")
    ClassicalBoard.from_key(key)                      # raises on a bad key
    me = _mover(key)
    them = other(me)

    def reaches(sq: int) -> bool:
        result = outcome(_play(key, sq))
        return result == me if goal == "win" else result != them

    good = {sq for sq in range(9) if key[sq] == "." and reaches(sq)}

    def reply_for(child: str) -> int | None:
        """An opponent's best reply that is not a right answer of the task (None if all are)."""
        return next((r for r in optimal_moves(child) if r not in good), None)

    def checker(answer) -> str | None:
        if isinstance(answer, bool) or not hasattr(answer, "__index__"):
            return f"give one square number, 0 to 8 (code numbering), not {answer!r}"
        sq = int(answer)
        if sq in good:
            return None
        if not 0 <= sq <= 8:
            return f"square {sq} is off the board. " + NUMBERING
        where = f"square {sq} ({PLACES[sq]})"
        if key[sq] != ".":
            return f"{where} is taken: it holds {key[sq]}. Pick an empty square. " + NUMBERING
        child = _play(key, sq)
        if outcome(child) == them:
            reply = reply_for(child)
            if reply is None:
                # every winning reply is a right answer of the task: describe it without a square
                kinds = _threat_lines(_play(child, optimal_moves(child)[0]), them)
                plan = (f"{them} has a reply that threatens {_two_kinds(kinds)} at once: a fork, and you can "
                        "block only one" if len(kinds) >= 2 else f"{them} has a reply that wins by force")
            else:
                kinds = _threat_lines(_play(child, reply), them)
                if len(kinds) >= 2:
                    plan = (f"{them} answers at square {reply} and then threatens {_two_kinds(kinds)} at once: "
                            "a fork, and you can block only one")
                else:
                    plan = f"{them} answers at square {reply} and wins by force from there"
            return f"after {me} at {where}, {plan}. Look for the move that stops that plan. " + NUMBERING
        # goal == "win" and the move only draws
        reply = reply_for(child)
        example = f" (for example at square {reply})" if reply is not None else ""
        return (f"{me} at {where} does not lose, but {them} can hold the draw{example}. A winning move makes "
                "two threats at once, so that one block is not enough. " + NUMBERING)
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
