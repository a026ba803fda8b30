"""Plausible wrong answers for lesson 01, each with words its hint must contain."""
import cmath
import math

from course_runner import as_function

R = 2 * math.pi


def _phase_diff(a0, a1):
    return cmath.phase(a1) - cmath.phase(a0)


WRONG = {
    "1.1": [(1 / 3, "square root"),
            (1 / math.sqrt(2), "x² + y²"),
            (1 / cmath.sqrt(1 + 2j), "(1 + i)² = 2i"),
            (1 / (1 + math.sqrt(2)), "add their squares"),
            ([1, 1 + 1j], "number")],
    "1.2": [(as_function(lambda a0, a1: (a0 ** 2, a1 ** 2)), ["squared the amplitude itself", "abs(a1)**2"]),
            (as_function(lambda a0, a1: (abs(a0), abs(a1))), ["sizes", "squares them"]),
            (as_function(lambda a0, a1: (abs(a1) ** 2, abs(a0) ** 2)), "swapped"),
            (as_function(lambda a0, a1: (complex(a0).real ** 2, complex(a1).real ** 2)), "real part"),
            (as_function(lambda a0, a1: (abs(a0) ** 2, abs(a1) ** 2)), ["not normalised", "divide"]),
            (as_function(lambda a0, a1: abs(a0) ** 2), "pair"),
            ((0.36, 0.64), "function")],
    "1.3": [("b", "relative phase"), ("c", "relative phase"), ("d", "odds"), (2, "text")],
    "1.4": [((math.pi / 2, -math.pi / 2), "between 0 and 2π"),
            ((math.pi / 2, math.pi / 2), "|+i⟩"),
            ((math.pi / 2, math.pi), "|−⟩"),
            ((math.pi / 4, 3 * math.pi / 2), "twice"),
            ((90, 270), "degrees"),
            (math.pi / 2, "list or tuple of 2")],
    "1.5": [(as_function(lambda a0, a1: (2 * math.acos(abs(a0)), cmath.phase(a1) % R)), ["global phase", "RELATIVE"]),
            (as_function(lambda a0, a1: (math.acos(abs(a0)), _phase_diff(a0, a1) % R)), "TWICE"),
            (as_function(lambda a0, a1: (math.degrees(2 * math.acos(abs(a0))), math.degrees(_phase_diff(a0, a1) % R))),
             "degrees"),
            (as_function(lambda a0, a1: (2 * math.acos(abs(a0)), _phase_diff(a0, a1))), "[0, 2π)"),
            (as_function(lambda a0, a1: (2 * math.acos(abs(a0) ** 2), _phase_diff(a0, a1) % R)),
             "not the probability"),
            (as_function(lambda a0, a1: (2 * math.acos(abs(a0)), (cmath.phase(a0) - cmath.phase(a1)) % R)), "other way round")],
    "1.6": [((70, math.sqrt(21)), "0s"),
            ((-30, math.sqrt(21)), "size squared"),
            ((30, math.sqrt(0.0021)), "spread of the fraction"),
            ((30, 21), "variance"),
            ((30, math.sqrt(30)), "(1 − p)"),
            (30, "list or tuple")],
    "1.7": [(0.146, "ONE honest shot"),
            (0.854, "probability of O"),
            (1, "LIKELIER"),
            (0.5, "not a coin flip"),
            (0.001, "beyond 3 spreads"),
            ("zero", "number")],
}
