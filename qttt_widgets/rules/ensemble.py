"""The classical ensemble of a Goff position.

A quantum game can be read as an ensemble of classical games played at once:
each spooky mark is really in one of its two squares, so a position stands for
every way of putting each spooky mark in one of its squares -- except the
*impossible* ways that put two marks in one square, which are pruned. Classical
marks are fixed in every member.

For one connected group of spooky marks (a component of the entanglement graph):

* a chain or tree of n marks over n + 1 squares has n + 1 members (any one square
  stays empty, and that fixes all the rest);
* a cycle (n marks over n squares, waiting to be measured) has exactly 2.

Groups are independent, so the ensemble's size is the product over groups.

>>> from qttt_widgets.rules.goff import GoffGame
>>> e = Ensemble(GoffGame().play(0, 1).play(1, 2))
>>> e.size, e.naive_size          # 4 ways to place two marks, 1 puts both in square 1
(3, 4)
"""
from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:                       # for the annotations only: goff does not import this module
    from .goff import GoffGame


def components(spooky: Sequence[tuple[str, int, int, int]]) -> list[list[tuple]]:
    """Group spooky marks (player, sub, a, b) into connected components."""
    groups: list[tuple[set, list]] = []
    for mark in spooky:
        squares = {mark[2], mark[3]}
        touching = [g for g in groups if g[0] & squares]
        merged_squares, merged_marks = set(squares), [mark]
        for g in touching:
            merged_squares |= g[0]
            merged_marks = g[1] + merged_marks
            groups.remove(g)
        groups.append((merged_squares, sorted(merged_marks, key=lambda m: m[1])))
    return [marks for _, marks in sorted(groups, key=lambda g: g[1][0][1])]


def _placements(marks: Sequence[tuple]) -> list[dict[int, tuple[str, int]]]:
    """Every way to put each mark of one group in one of its squares, one mark a square."""
    out = []

    def place(i: int, used: dict) -> None:
        if i == len(marks):
            out.append(dict(used))
            return
        player, sub, a, b = marks[i]
        for sq in (a, b):
            if sq not in used:
                used[sq] = (player, sub)
                place(i + 1, used)
                del used[sq]

    place(0, {})
    return out


class Ensemble:
    """The consistent classical boards of a Goff position, and what they say about each square.

    ``boards`` are tuples of nine entries, None or (player, subscript). Every
    member is taken as equally likely (the uniform ensemble).
    """

    def __init__(self, game: GoffGame) -> None:
        self.classical = tuple(game.classical)
        self.spooky = tuple(game.spooky)
        self.groups = components(self.spooky)
        # for each group, every consistent placement as {square: (player, subscript)}
        self.placements = [_placements(g) for g in self.groups]

    @property
    def size(self) -> int:
        """How many consistent classical boards there are."""
        n = 1
        for options in self.placements:
            n *= len(options)
        return n

    @property
    def naive_size(self) -> int:
        """2 ** (number of spooky marks): the ensemble before impossible boards are pruned."""
        return 2 ** len(self.spooky)

    @property
    def group_sizes(self) -> list[int]:
        """Members per connected group of marks: n + 1 for a chain of n marks, 2 for a cycle."""
        return [len(options) for options in self.placements]

    def boards(self, limit: int | None = None) -> list[tuple]:
        """The consistent boards (the first ``limit`` of them if given)."""
        out = []
        for choice in product(*self.placements):
            board = list(self.classical)
            for placed in choice:
                for sq, mark in placed.items():
                    board[sq] = mark
            out.append(tuple(board))
            if limit is not None and len(out) >= limit:
                break
        return out

    def probabilities(self, exact: bool = False) -> list[dict]:
        """For each square, the chance it ends up 'X', 'O' or 'empty' over the ensemble.

        Computed group by group (groups are independent), so it is exact and fast.
        ``exact=True`` gives Fractions instead of floats.
        """
        probs = []
        for sq in range(len(self.classical)):
            c = self.classical[sq]
            if c is not None:
                p = {"X": Fraction(0), "O": Fraction(0), "empty": Fraction(0)}
                p[c[0]] = Fraction(1)
            else:
                p = {"X": Fraction(0), "O": Fraction(0), "empty": Fraction(1)}
                for group, options in zip(self.groups, self.placements):
                    if any(sq in (m[2], m[3]) for m in group):
                        counts = {"X": 0, "O": 0, "empty": 0}
                        for placed in options:
                            counts[placed[sq][0] if sq in placed else "empty"] += 1
                        p = {k: Fraction(v, len(options)) for k, v in counts.items()}
                        break
            probs.append(p if exact else {k: float(v) for k, v in p.items()})
        return probs


def ensemble(game: GoffGame) -> list[tuple]:
    """Every consistent classical board of ``game`` (see :class:`Ensemble`)."""
    return Ensemble(game).boards()
