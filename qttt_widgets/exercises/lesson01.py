"""Checkers for lesson 01 (one qubit): the learner's ``born`` and ``bloch_angles`` functions.

Each checker first tries a few inputs chosen to expose typical mistakes (the probes), then
compares the function with the reference on many inputs, complex ones and global phases among
them. The named mistakes (squaring a complex amplitude instead of its size, the sizes, P0 and P1
swapped, the real part; theta without its factor 2 or from the probability, degrees, the global
phase kept, phi the other way round or negative) are the notebooks': their check cells list them
as wrong functions built with ``born_with`` and ``bloch_with``, matched on the probes by the one
matcher, :func:`qttt_widgets.exercises.named_mistake`. The checkers word in code only the
answer's kind, born's probabilities that do not add up to 1 (a property of the answer, not one
wrong function), a function stopping at a pole, and the general hints.
"""
from __future__ import annotations

import cmath
import math
from typing import Any, Callable, Iterable

from . import Mismatch, check_templates, matches, named_mistake
from .checks import function

__all__ = ["born_reference", "bloch_reference", "born_checker", "bloch_checker", "born_with", "bloch_with", "BORN_INPUTS",
           "BLOCH_INPUTS", "BORN_PROBE", "BLOCH_PROBES", "PROBE_FIELDS"]

R2 = 1 / math.sqrt(2)


def born_reference(a0: complex, a1: complex) -> tuple[float, float]:
    """(P0, P1) of the state a0|0> + a1|1> after normalising it."""
    n = abs(a0) ** 2 + abs(a1) ** 2
    return abs(a0) ** 2 / n, abs(a1) ** 2 / n


def bloch_reference(a0: complex, a1: complex) -> tuple[float, float]:
    """(theta, phi) of a normalised state, phi in [0, 2 pi); phi = 0 at the poles."""
    theta = 2 * math.acos(min(1.0, abs(a0)))
    if abs(a0) < 1e-12 or abs(a1) < 1e-12:
        return theta, 0.0
    return theta, (cmath.phase(a1) - cmath.phase(a0)) % (2 * math.pi)


def _g(z: complex, gamma: float) -> complex:
    return cmath.exp(1j * gamma) * z


# inputs: real, complex, negative, unnormalised, with global phases
BORN_INPUTS = [(1, 0), (0, 1), (R2, R2), (R2, -R2), (0.6, 0.8j), (0.8j, -0.6), (1, 1), (3, 4j),
               (1, 1 + 1j), (0.5 + 0.5j, 0.5 - 0.5j), (_g(0.6, 2.0), _g(0.8j, 2.0)), (-2j, 1), (0.1, 3 - 1j)]

BLOCH_INPUTS = [(R2, R2), (R2, -R2), (R2, 1j * R2), (R2, -1j * R2), (0.6, 0.8j), (0.8, -0.6),
                (1j * R2, 1j * R2), (-R2, R2), (_g(0.6, 1.0), _g(0.8, 2.5)), (_g(0.28, -2.2), _g(0.96j, -2.2)),
                (math.cos(0.3), cmath.exp(4j) * math.sin(0.3)), (0.5 - 0.5j, 0.5 + 0.5j)]
POLES = [(1, 0), (-1, 0), (1j, 0), (0, 1), (0, -1j)]


def _pair(got: Any, what: str) -> tuple[complex, complex]:
    try:
        a, b = got
        return complex(a), complex(b)
    except (TypeError, ValueError):
        raise Mismatch(f"{what} should return a pair (two numbers), not {got!r}") from None


def _near(got: tuple, want: tuple, tol: float = 1e-6) -> bool:
    return all(abs(complex(g) - complex(w)) <= tol for g, w in zip(got, want))


def _same_phi(got: complex, want: float) -> bool:
    """phi equal to ``want``; a value a rounding error below 2 pi counts as 0."""
    g = complex(got)
    if abs(g.imag) > 1e-9:
        return False
    d = abs(g.real - want)
    return d <= 1e-6 or (abs(d - 2 * math.pi) <= 1e-6 and -1e-9 <= g.real <= 2 * math.pi + 1e-9)


#: Where ``born_checker`` names a slip of its table: the first input it tries.
BORN_PROBE = (0.6, 0.8j)
#: Where ``bloch_checker`` names a slip of its table: the first of these inputs the learner's
#: function gets wrong (|ψ⟩ = 0.6|0⟩ + 0.8i|1⟩, i|+⟩, |+i⟩, |−i⟩).
BLOCH_PROBES = [(0.6, 0.8j), (1j * R2, 1j * R2), (R2, 1j * R2), (R2, -1j * R2)]
#: The fields a hint of either checker's table may name: ``{got}``, what the learner's function
#: returned on the probe (as it returned it), and ``{probe}``, that probe's (a0, a1).
PROBE_FIELDS = ("got", "probe")


def born_with(size: Callable[[complex], Any] = abs, power: float = 2, swap: bool = False) -> Callable:
    """A function ``born(a0, a1) -> (P0, P1)`` computed with one part changed, to name a slip in a
    check cell: ``size`` what is taken of each amplitude (its size, ``abs``, unless given),
    ``power`` what that is raised to (2 unless given), ``swap`` P0 and P1 exchanged. Each is then
    divided by |a0|² + |a1|², so on a normalised state only the slip shows.

    >>> born_with(power=1)(0.6, 0.8j)
    (0.6, 0.8)
    >>> born_with(swap=True)(3, 4)
    (0.64, 0.36)
    """
    if not callable(size):
        raise TypeError(f"size must be a function of one amplitude, not {type(size).__name__}")
    if isinstance(power, bool) or not isinstance(power, (int, float)) or not math.isfinite(power):
        raise TypeError(f"power must be a finite number, not {power!r}")
    if not isinstance(swap, bool):
        raise TypeError(f"swap must be True or False, not {swap!r}")

    def born(a0, a1):
        n = abs(a0) ** 2 + abs(a1) ** 2
        p0, p1 = size(a0) ** power / n, size(a1) ** power / n
        return (p1, p0) if swap else (p0, p1)
    return born


_PHIS = ("arg(a1) - arg(a0)", "arg(a1)", "arg(a0) - arg(a1)")


def bloch_with(theta_factor: float = 2, theta_from: Callable[[complex], float] = abs,
               phi: str = "arg(a1) - arg(a0)", wrap: bool = True, degrees: Iterable[str] = ()) -> Callable:
    """A function ``bloch_angles(a0, a1) -> (theta, phi)`` computed with one part changed, to name
    a slip in a check cell: θ = ``theta_factor`` · acos(``theta_from(a0)``) (2 and ``abs`` unless
    given); φ = ``phi``, one of "arg(a1) - arg(a0)" (unless given), "arg(a1)", "arg(a0) - arg(a1)";
    ``wrap``: φ brought into [0, 2π) (unless False); ``degrees``: the angles ("theta", "phi")
    given in degrees. A state is normalised first.

    >>> [round(x, 4) for x in bloch_with(theta_factor=1)(0.6, 0.8j)]
    [0.9273, 1.5708]
    >>> [round(x, 4) for x in bloch_with(phi="arg(a0) - arg(a1)", wrap=False)(0.6, 0.8j)]
    [1.8546, -1.5708]
    """
    if isinstance(theta_factor, bool) or not isinstance(theta_factor, (int, float)) or not math.isfinite(theta_factor):
        raise TypeError(f"theta_factor must be a finite number, not {theta_factor!r}")
    if not callable(theta_from):
        raise TypeError(f"theta_from must be a function of a0, not {type(theta_from).__name__}")
    if phi not in _PHIS:
        raise ValueError(f"phi must be one of {', '.join(map(repr, _PHIS))}, not {phi!r}")
    if not isinstance(wrap, bool):
        raise TypeError(f"wrap must be True or False, not {wrap!r}")
    if isinstance(degrees, str):
        raise TypeError(f"degrees is a list of the angles given in degrees, such as ['theta'], not {degrees!r}")
    degrees = set(degrees)
    if not degrees <= {"theta", "phi"}:
        raise ValueError(f"degrees lists 'theta' and/or 'phi', not {sorted(map(repr, degrees - {'theta', 'phi'}))}")

    def bloch_angles(a0, a1):
        n = math.sqrt(abs(a0) ** 2 + abs(a1) ** 2)
        a0, a1 = a0 / n, a1 / n
        theta = theta_factor * math.acos(min(1.0, theta_from(a0)))
        p = {"arg(a1) - arg(a0)": cmath.phase(a1) - cmath.phase(a0), "arg(a1)": cmath.phase(a1),
             "arg(a0) - arg(a1)": cmath.phase(a0) - cmath.phase(a1)}[phi]
        p = p % (2 * math.pi) if wrap else p
        return (math.degrees(theta) if "theta" in degrees else theta), (math.degrees(p) if "phi" in degrees else p)
    return bloch_angles


def born_checker(mistakes: Iterable[tuple[Callable, str]] = ()) -> Callable[[Any], str | None]:
    """Checks ``born(a0, a1) -> (P0, P1)``: the probabilities of the normalised state.

    ``mistakes``: the check cell's table of named slips (lesson 01a), (wrong function, hint) pairs
    built with :func:`born_with`. A function wrong on :data:`BORN_PROBE` gets the hint of the
    first wrong function that returns the same pair there (within 1e-6), a template with the
    fields ``{got}`` and ``{probe}``; else a hint that gives what it returned there.

    What the checker says itself: the answer's kind (a function returning a pair of numbers), and
    probabilities that do not add up to 1 on the unnormalised (1, 1) (a property of the answer, not
    one wrong function); then the first of :data:`BORN_INPUTS` it gets wrong."""
    rest = function(born_reference, BORN_INPUTS)
    mistakes = check_templates(mistakes, PROBE_FIELDS)

    def checker(f) -> str | None:
        if not callable(f):
            return f"give your function born itself (no brackets), not {type(f).__name__}"
        raw = f(*BORN_PROBE)
        got = _pair(raw, "born")
        if not _near(got, born_reference(*BORN_PROBE)):
            why = named_mistake(mistakes, lambda wrong: _near(got, _pair(wrong(*BORN_PROBE), "a slip's function")),
                                fields={"got": raw, "probe": BORN_PROBE})
            if why is not None:
                return why
            return f"born(0.6, 0.8j) returned {got!r}: for 0.6|0⟩ + 0.8i|1⟩ the Born rule gives P0 = |0.6|²"
        got = _pair(f(1, 1), "born")
        total = got[0] + got[1]
        if abs(total - 1) > 1e-6:
            return (f"born(1, 1) returned probabilities that add up to {total.real:g}, not 1: the pair (1, 1) is "
                    f"not normalised. Divide each |a|² by |a0|² + |a1|² (the squared length of the vector)")
        return rest(f)
    return checker


def _close(got: tuple, want: tuple, tol: float = 1e-6) -> bool:
    """Within ``tol``, strictly: a named slip of bloch_angles is named only closer than it."""
    return all(abs(complex(g) - complex(w)) < tol for g, w in zip(got, want))


def bloch_checker(mistakes: Iterable[tuple[Callable, str]] = ()) -> Callable[[Any], str | None]:
    """Checks ``bloch_angles(a0, a1) -> (theta, phi)``, phi in [0, 2 pi), on states with
    global phases; at the poles only theta is compared.

    ``mistakes``: the check cell's table of named slips (lesson 01b), (wrong function, hint) pairs
    built with :func:`bloch_with`. On the first of :data:`BLOCH_PROBES` the learner's function gets
    wrong, the first wrong function that returns the same pair there (closer than 1e-6 in each
    angle) gives its hint, a template with the fields ``{got}`` and ``{probe}``; a function wrong on
    a probe that no slip explains is tried on the next probe, then on every input.

    What the checker says itself: the answer's kind (a function returning a pair of numbers), a
    function that stops at a pole of the sphere, and the first input it gets wrong."""
    mistakes = check_templates(mistakes, PROBE_FIELDS)

    def right(got, want) -> bool:
        return matches(got[0], want[0], 1e-6) and _same_phi(got[1], want[1])

    def checker(f) -> str | None:
        if not callable(f):
            return f"give your function bloch_angles itself (no brackets), not {type(f).__name__}"
        for probe in BLOCH_PROBES:
            raw = f(*probe)
            got = _pair(raw, "bloch_angles")
            if right(got, bloch_reference(*probe)):
                continue
            why = named_mistake(mistakes, lambda wrong: _close(got, _pair(wrong(*probe), "a slip's function")),
                                fields={"got": raw, "probe": probe})
            if why is not None:
                return why
        for a0, a1 in BLOCH_INPUTS + POLES:
            want = bloch_reference(a0, a1)
            pole = abs(a0) < 1e-12 or abs(a1) < 1e-12
            try:
                got = _pair(f(a0, a1), "bloch_angles")
            except (ZeroDivisionError, ValueError) as e:
                if not pole:
                    raise
                return (f"for a0 = {a0:.3g}, a1 = {a1:.3g} (a pole of the sphere) your function stopped with "
                        f"{type(e).__name__}: {e}. There θ is 0 or π and φ can be anything: avoid dividing by a "
                        f"zero amplitude (cmath.phase(0) is simply 0)")
            ok = matches(got[0], want[0], 1e-6) and (pole or _same_phi(got[1], want[1]))
            if not ok:
                return (f"for a0 = {a0:.3g}, a1 = {a1:.3g} your function returned "
                        f"({got[0].real:.4g}, {got[1].real:.4g}); expected ({want[0]:.4g}, {want[1]:.4g})")
        return None
    return checker
