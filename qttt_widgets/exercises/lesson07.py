"""Checkers for lesson 07 (the classical ensemble).

``count_checker(positions, mistakes)`` judges a learner's function ``count_consistent(marks)`` (``marks`` a list
of the (a, b) square pairs of the spooky marks, code numbers 0..8) against
:class:`qttt_widgets.rules.ensemble.Ensemble` on many positions reached by legal play.

The named slips (no pruning, counting the pruned placements, counting squares) are the
notebook's: its check cell lists them as wrong functions with their hints, and the one matcher
(:func:`qttt_widgets.exercises.named_mistake`) compares them with the learner's function on the
first position it gets wrong. The checker itself words only the answer's kind and the hints
chosen by the position (a cycle, separate groups, anything else).
"""
from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Callable, Iterable

from qttt_widgets.rules.ensemble import Ensemble, components
from qttt_widgets.rules.goff import GoffGame, player_of

from . import check_templates, named_mistake

__all__ = ["ensemble_size", "sample_positions", "count_checker", "COUNT_FIELDS"]


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


#: The fields a hint of ``count_checker``'s table may name, filled in from the first position the
#: learner's function gets wrong.
COUNT_FIELDS = ("marks", "got", "want", "n_marks")


def count_checker(positions=None, mistakes: Iterable[tuple[Callable, str]] = ()):
    """A checker for ``count_consistent``: None if it agrees with the rules engine on every
    position, else a hint that names the first position it gets wrong.

    ``mistakes``: the check cell's table of named slips (lesson 07a), (wrong function, hint)
    pairs such as ``(lambda marks: 2 ** len(marks), ...)``. On the first position the learner's
    function gets wrong, the first wrong function that returns the same count there gives its
    hint, a template whose fields are filled in: ``{marks}`` the position, ``{got}`` the learner's
    count, ``{want}`` the rules engine's, ``{n_marks}`` the number of marks (a hint naming another
    field is refused here, with a ValueError).

    What the checker says itself: the answer's kind (a function, a whole number), and, when no
    slip matches, a hint chosen by the position rather than by the wrong count (so it cannot be a
    table entry): the marks close a cycle, or form separate groups; else the general hint."""
    cases = positions if positions is not None else sample_positions()
    mistakes = check_templates(mistakes, COUNT_FIELDS)

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
            why = named_mistake(mistakes, lambda wrong: wrong([tuple(m) for m in marks]) == got,
                                fields={"marks": marks, "got": got, "want": want, "n_marks": len(marks)})
            if why is not None:
                return why
            said = f"for the marks {marks} your function returned {got}"
            if _has_cycle(marks):
                return (f"{said}. These marks close a cycle (as many marks as squares in one group): "
                        "does your count still try every placement and keep only those without a shared square?")
            if _groups(marks) > 1:
                return (f"{said}. These marks form {_groups(marks)} separate groups: try every placement of all "
                        "the marks, not just of one group.")
            return f"{said}; the rules engine counts {want}. Try every placement and keep those with no square used twice."
        return None
    return checker
