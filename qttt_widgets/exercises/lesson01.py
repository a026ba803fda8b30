"""Checkers for lesson 01 (one qubit): the learner's ``born`` and ``bloch_angles`` functions.

Each checker first tries a few inputs chosen to expose one typical mistake (squaring a
complex amplitude instead of its size, forgetting to normalise, keeping the global phase,
theta without its factor 2, degrees, a negative phi) and names it; then it compares the
function with the reference on many inputs, complex ones and global phases among them.
"""
from __future__ import annotations

import cmath
import math
from typing import Any, Callable

from . import Mismatch, matches
from .checks import function

__all__ = ["born_reference", "bloch_reference", "born_checker", "bloch_checker", "BORN_INPUTS", "BLOCH_INPUTS"]

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


def born_checker() -> Callable[[Any], str | None]:
    """Checks ``born(a0, a1) -> (P0, P1)``: the probabilities of the normalised state."""
    rest = function(born_reference, BORN_INPUTS)

    def checker(f) -> str | None:
        if not callable(f):
            return f"give your function born itself (no brackets), not {type(f).__name__}"
        got = _pair(f(0.6, 0.8j), "born")
        if _near(got, (0.36, -0.64)):
            return ("born(0.6, 0.8j) gave P1 = −0.64: you squared the amplitude itself, and (0.8i)² = −0.64. "
                    "A probability is the squared SIZE: |a1|² = abs(a1)**2")
        if _near(got, (0.6, 0.8)):
            return "born(0.6, 0.8j) gave (0.6, 0.8): those are the sizes |a0| and |a1|; the Born rule squares them"
        if _near(got, (0.64, 0.36)):
            return "born(0.6, 0.8j) gave (0.64, 0.36): P0 and P1 are swapped; P0 comes from a0, the amplitude of |0⟩"
        if _near(got, (0.36, 0.0)):
            return ("born(0.6, 0.8j) gave P1 = 0: you kept only the real part of a1. "
                    "The size of a complex number counts both parts: |x + iy|² = x² + y²")
        if not _near(got, (0.36, 0.64)):
            return f"born(0.6, 0.8j) returned {got!r}: for 0.6|0⟩ + 0.8i|1⟩ the Born rule gives P0 = |0.6|²"
        got = _pair(f(1, 1), "born")
        total = got[0] + got[1]
        if abs(total - 1) > 1e-6:
            return (f"born(1, 1) returned probabilities that add up to {total.real:g}, not 1: the pair (1, 1) is "
                    f"not normalised. Divide each |a|² by |a0|² + |a1|² (the squared length of the vector)")
        return rest(f)
    return checker


def bloch_checker() -> Callable[[Any], str | None]:
    """Checks ``bloch_angles(a0, a1) -> (theta, phi)``, phi in [0, 2 pi), on states with
    global phases; at the poles only theta is compared."""

    def checker(f) -> str | None:
        if not callable(f):
            return f"give your function bloch_angles itself (no brackets), not {type(f).__name__}"
        th, ph = _pair(f(0.6, 0.8j), "bloch_angles")
        want_th = 2 * math.acos(0.6)
        if abs(th - math.degrees(want_th)) < 1e-4 or abs(ph - 90) < 1e-4:
            return "bloch_angles(0.6, 0.8j) answered in degrees: give θ and φ in radians"
        if abs(th - want_th / 2) < 1e-6:
            return ("bloch_angles(0.6, 0.8j) gave θ = acos(0.6): the state is cos(θ/2)|0⟩ + ..., "
                    "so θ is TWICE the angle whose cosine is |a0|")
        if abs(th - 2 * math.acos(0.36)) < 1e-6:
            return ("bloch_angles(0.6, 0.8j) gave θ = 2·acos(0.36): cos(θ/2) is the amplitude's size |a0|, "
                    "not the probability |a0|²")
        th, ph = _pair(f(1j * R2, 1j * R2), "bloch_angles")
        if abs(ph - math.pi / 2) < 1e-6:
            return ("bloch_angles(i/√2, i/√2) gave φ = π/2, but i(|0⟩ + |1⟩)/√2 is |+⟩ with a global phase (φ = 0): "
                    "φ is the phase of a1 RELATIVE to a0, not the phase of a1 alone")
        th, ph = _pair(f(R2, 1j * R2), "bloch_angles")
        if abs(ph - 3 * math.pi / 2) < 1e-6 or abs(ph + math.pi / 2) < 1e-6:
            return ("bloch_angles(1/√2, i/√2) gave φ = −π/2 (or 3π/2), but |+i⟩ has φ = π/2: "
                    "you subtracted the other way round; φ = arg(a1) − arg(a0)")
        th, ph = _pair(f(R2, -1j * R2), "bloch_angles")
        if abs(ph + math.pi / 2) < 1e-6:
            return ("bloch_angles(1/√2, −i/√2) gave φ = −π/2: the right point, but φ is asked in [0, 2π). "
                    "Add 2π to a negative angle (x % (2 * math.pi) does it)")
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
