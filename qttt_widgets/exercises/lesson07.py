"""Checkers for lesson 07 (the classical ensemble).

``count_checker()`` judges a learner's function ``count_consistent(marks)`` (``marks`` a list
of the (a, b) square pairs of the spooky marks, code numbers 0..8) against
:class:`qttt_widgets.rules.ensemble.Ensemble` on many positions reached by legal play, and
names the likely mistake when it disagrees.
"""
from __future__ import annotations

import random
from types import SimpleNamespace

from qttt_widgets.rules.ensemble import Ensemble, components
from qttt_widgets.rules.goff import GoffGame, player_of

__all__ = ["ensemble_size", "sample_positions", "count_checker"]


def _position(marks):
    """A stand-in for a game with these spooky marks and no classical mark (all Ensemble reads)."""
    spooky = tuple((player_of(s), s, a, b) for s, (a, b) in enumerate(marks, start=1))
    return SimpleNamespace(classical=(None,) * 9, spooky=spooky)


def ensemble_size(marks) -> int:
    """The reference: how many consistent classical boards the marks have (rules engine)."""
    return Ensemble(_position(list(marks))).size


def _has_cycle(marks) -> bool:
    groups = components(_position(list(marks)).spooky)
    return any(len(g) >= len({sq for m in g for sq in m[2:]}) for g in groups)


def _groups(marks) -> int:
    return len(components(_position(list(marks)).spooky))


def sample_positions(n: int = 60, seed: int = 7) -> list[list[tuple[int, int]]]:
    """Positions before any collapse, as lists of square pairs: a few by hand (one mark, the
    draft page's chain, a star, two groups, a 2-cycle and a 3-cycle), then ``n`` reached by
    random legal play (each stops at the mark that closes a cycle, if one does)."""
    fixed = [[(0, 1)], [(0, 1), (1, 2)], [(0, 1), (1, 2), (2, 5)], [(4, 0), (4, 2), (4, 6)],
             [(0, 1), (3, 4)], [(0, 1), (1, 2), (6, 7)], [(0, 1), (0, 1)], [(0, 1), (1, 2), (2, 0)],
             [(0, 1), (3, 4), (1, 2), (6, 7), (6, 7)]]
    rng = random.Random(seed)
    out = [list(m) for m in fixed]
    while len(out) < len(fixed) + n:
        g = GoffGame()
        for _ in range(rng.randint(1, 7)):
            if g.pending is not None:
                break
            g.apply(rng.choice(g.legal_moves()))
        marks = [(a, b) for _, _, a, b in g.spooky]
        if marks not in out:
            out.append(marks)
    return out


def count_checker(positions=None):
    """A checker for ``count_consistent``: None if it agrees with the rules engine on every
    position, else a hint that names the position and the likely mistake."""
    cases = positions if positions is not None else sample_positions()

    def checker(f) -> str | None:
        if not callable(f):
            return f"give the function itself (count_consistent, without brackets), not {type(f).__name__}"
        for marks in cases:
            want = ensemble_size(marks)
            got = f([tuple(m) for m in marks])
            if isinstance(got, bool) or not isinstance(got, int) and not (hasattr(got, "dtype") and got.dtype.kind in "iu"):
                return f"for the marks {marks} your function returned {got!r}: return a whole number (a count)"
            if got == want:
                continue
            m = len(marks)
            said = f"for the marks {marks} your function returned {got}"
            squares = len({sq for pair in marks for sq in pair})
            if got == 2 ** m:
                return (f"{said}, which is 2**{m}: every way of placing the marks. Prune the placements "
                        "that put two marks in one square.")
            if got == 2 ** m - want:
                return f"{said}: that counts the pruned placements (two marks in one square), not the ones that remain."
            if got == squares:
                return (f"{said}, the number of squares the marks touch. Count placements (one square for each "
                        "mark, no square used twice), not squares.")
            if _has_cycle(marks):
                return (f"{said}. These marks close a cycle (as many marks as squares in one group): "
                        "does your count still try every placement and keep only those without a shared square?")
            if _groups(marks) > 1:
                return (f"{said}. These marks form {_groups(marks)} separate groups: try every placement of all "
                        "the marks, not just of one group.")
            return f"{said}; the rules engine counts {want}. Try every placement and keep those with no square used twice."
        return None
    return checker
