"""Checkers for lesson 05 (Goff I: spooky marks, the entanglement graph, the record notation).

Each checker judges an answer with the rules engine (``qttt_widgets.rules``) and returns None
(right) or a hint naming the mistake. Squares are 0..8 in code and 1..9 for people and in the
notation; hints speak in people's numbers.
"""
from __future__ import annotations

import re
from typing import Any, Callable

from qttt_widgets.rules.errors import IllegalMove, RecordError
from qttt_widgets.rules.goff import GoffGame

from . import named_mistake

__all__ = ["groups", "group_of", "corners_linked", "same_record", "link_move", "mystery_position", "mark_text"]

CORNERS = (0, 2, 6, 8)


def groups(game: GoffGame) -> list[set[int]]:
    """The groups of the entanglement graph: sets of squares (0..8) joined by chains of spooky
    marks. Squares without a spooky mark are left out."""
    parent = {}

    def find(x):
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for _, _, a, b in game.spooky:
        parent[find(a)] = find(b)
    out: dict[int, set[int]] = {}
    for sq in parent:
        out.setdefault(find(sq), set()).add(sq)
    return sorted(out.values(), key=min)


def group_of(game: GoffGame, square: int) -> set[int]:
    """The squares (0..8) linked to ``square`` by chains of spooky marks, itself included."""
    for g in groups(game):
        if square in g:
            return set(g)
    return {square}


def _people(squares) -> str:
    return ", ".join(str(s + 1) for s in sorted(squares))


def _is_game(answer) -> str | None:
    if not isinstance(answer, GoffGame):
        return f"give the GoffGame you built (answer = g), not {type(answer).__name__}"
    return None


def corners_linked(answer: Any) -> str | None:
    """Task 5.3: a GoffGame of exactly four spooky marks, no cycle, no classical mark, the four
    corners (people's 1, 3, 7, 9) in one group and the centre (5) without a mark."""
    bad = _is_game(answer)
    if bad:
        return bad
    g = answer
    if g.pending is not None or any(c is not None for c in g.classical):
        p = g.pending
        if p is not None:
            return (f"your mark in squares {p.options[0] + 1} and {p.options[1] + 1} joins two squares that were "
                    "already in one group: it closes a cycle, which must be measured (lesson 06). Join a square "
                    "of the group to a square outside it instead")
        return "a cycle was closed and measured (there are classical marks): build the position without one"
    n = len(g.spooky)
    if n != 4:
        return f"you placed {n} mark{'s' if n != 1 else ''}; the task asks for exactly four"
    centre = g.marks_in(4)
    if centre:
        who = ", ".join(f"{p}{s}" for p, s in centre)
        return f"square 5 (code 4) holds {who}: keep the centre empty"
    corner_group = group_of(g, 0)
    missing = [c for c in CORNERS if c not in corner_group]
    if missing:
        return (f"square 1 is linked only to squares {_people(corner_group)}; corner(s) {_people(missing)} "
                "are in another group. Four corners need three marks to join them; the fourth mark must "
                "not join two squares that are already linked")
    return None


def _marks_of(game: GoffGame) -> list:
    """The game's actions with each pair written smaller square first."""
    out = []
    for a in game.history:
        if a[0] == "mark":
            out.append(("mark", min(a[1], a[2]), max(a[1], a[2])))
        else:
            out.append(a)
    return out


def same_record(target: str) -> Callable[[Any], str | None]:
    """A record (text) that replays to the same game as ``target``: the same marks in the same
    order (a pair may be written either way round, with spaces or commas between tokens)."""
    want_game = GoffGame.from_record(target)
    want = _marks_of(want_game)

    def checker(answer) -> str | None:
        if not isinstance(answer, str):
            return f"give the record as text in quotes, such as '19 59', not {type(answer).__name__}"
        if "0" in answer:
            return ("there is no square 0 in the notation: those look like code numbers (0..8); "
                    "the record counts squares 1..9, as people do")
        tokens = answer.replace(",", " ").split()
        if any(len(t) > 3 and t.isdigit() for t in tokens):
            return ("separate the marks with spaces: each mark is its two squares, written as one token, "
                    "such as '19 59' for X1 in 1 and 9, then O2 in 5 and 9")
        if any(not (c.isdigit() or c in "()") for t in tokens for c in t):
            return ("write only the squares' digits (and a collapse in brackets), marks separated by spaces, "
                    "such as '19 59'")
        try:
            got_game = GoffGame.from_record(answer)
        except RecordError as e:
            return f"the engine cannot replay it: {e}"
        got = _marks_of(got_game)
        if got == want:
            return None
        pairs = lambda acts: sorted(a[1:] for a in acts if a[0] == "mark")  # noqa: E731
        if pairs(got) == pairs(want):
            return ("the right pairs of squares, in the wrong order: the order of the record gives each mark "
                    "its subscript (X1 first, then O2, X3, ...)")
        shifted = sorted((a + 1, b + 1) for a, b in pairs(got))     # a 9 is never a code number
        if shifted == pairs(want):
            return "those are code numbers (0..8): the notation counts squares from 1, as people do"
        if len(got) != len(want):
            return f"your record has {len(got)} marks; the position has {len(want)}"
        first = next(i for i, (x, y) in enumerate(zip(got, want)) if x != y)
        sub = first + 1
        who = "X" if sub % 2 else "O"
        return (f"mark {who}{sub} is not where the picture has it: read the squares of {who}{sub} again "
                "(people's numbers 1..9, row by row)")
    return checker


PAIR_FORM = "give the mark as two people's squares, such as (4, 7) or '47'"
_PAIR_TEXT = re.compile(r"\(?\s*(\d)\s*[-–,;/ ]?\s*(\d)\s*\)?")


def _pair(answer) -> tuple[int, int] | str:
    """A move given as (a, b), [a, b], the number ab or a text such as 'ab', 'a b', 'a-b',
    '(a, b)' in people's numbers -> code squares."""
    if isinstance(answer, int) and not isinstance(answer, bool) and 10 <= answer <= 99:
        answer = divmod(answer, 10)
    if isinstance(answer, str):
        m = _PAIR_TEXT.fullmatch(answer.strip())
        if not m:
            return PAIR_FORM
        answer = (int(m.group(1)), int(m.group(2)))
    if not isinstance(answer, (tuple, list)) or len(answer) != 2 or \
            not all(isinstance(x, int) and not isinstance(x, bool) for x in answer):
        return PAIR_FORM
    a, b = answer
    if not (1 <= a <= 9 and 1 <= b <= 9):
        return "squares here are people's numbers 1..9 (as in the notation), not code numbers 0..8"
    return a - 1, b - 1


def link_move(record: str, first: int, second: int) -> Callable[[Any], str | None]:
    """Task 5.6: in the position ``record``, a legal mark (people's squares) after which
    ``first`` and ``second`` (people's numbers) are in one group, with no cycle closed and
    neither of those two squares used."""
    x, y = first - 1, second - 1

    def checker(answer) -> str | None:
        move = _pair(answer)
        if isinstance(move, str):
            return move
        a, b = move
        g = GoffGame.from_record(record)
        if {a, b} & {x, y}:
            return f"your mark uses square {first if x in (a, b) else second}: link them without touching either"
        try:
            g.play(a, b)
        except IllegalMove as e:
            return f"the engine refuses that mark: {e.people}"
        if g.pending is not None:
            return (f"squares {a + 1} and {b + 1} were already in one group: your mark closes a cycle. "
                    "Join the group of one square to the group of the other")
        if y not in group_of(g, x):
            return (f"after your mark square {first} is linked to {_people(group_of(g, x))} only: "
                    f"one end of the mark must be in the group of {first}, the other in the group of {second}")
        return None
    return checker


_SUBSCRIPTS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")
_TO_SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def _mark_norm(text: str) -> str:
    """'O₄', 'o4', ' O_4 ', 'O 4' -> 'O4'."""
    return "".join(text.translate(_SUBSCRIPTS).replace("_", "").split()).strip(".'\"").upper()


def mark_text(expect: str, wrong=(), hint: str | None = None) -> Callable[[Any], str | None]:
    """A mark named as text, such as 'O4': subscript digits (O₄), lower case, spaces and '_' are
    accepted. ``wrong``: pairs (mark, hint) for likely mistakes; ``hint`` for any other mark."""
    want = _mark_norm(expect)
    known = [(_mark_norm(m), why) for m, why in wrong]
    example = "X1" if want != "X1" else "O2"

    def checker(answer) -> str | None:
        if not isinstance(answer, str):
            return f"give the mark as text in quotes, such as '{example}', not {type(answer).__name__}"
        got = _mark_norm(answer)
        if got == want:
            return None
        if not re.fullmatch(r"[XO]\d+", got):
            return (f"write a mark as its letter and its subscript, such as '{example}' or "
                    f"'{example[0]}{example[1:].translate(_TO_SUB)}' (a letter X or O, then a number)")
        why = named_mistake(known, lambda m: got == m)
        if why is not None:
            return why
        return hint or "not this mark: go back over the record notation above the task"
    return checker


_MYSTERY = {"5.5": "15 37 59 34 26"}


def mystery_position(task: str) -> GoffGame:
    """The position a task shows only as a picture (its record is the answer)."""
    return GoffGame.from_record(_MYSTERY[task])
