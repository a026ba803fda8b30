"""Plausible wrong answers for lesson 13, each with words its hint must contain."""
import math

from course_runner import as_function
from qttt_widgets.research.amplification import children, klass, optimal_children, other, to_move
from qttt_widgets.rules.classical import key_winner

WRONG = {
    "13.1": [((1, 1.0), "records"), ((1, 2.0), "amplitudes would add"), ((2, 0.5), "adds |α|²")],
    "13.2": [(1 / math.sqrt(2) + 1 / math.sqrt(8), "square each amplitude"),
             ((1 / math.sqrt(2) + 1 / math.sqrt(8)) ** 2, "before squaring"),
             (0.5, "not equally likely"), (3 / 8, "NOT win"), (0.75, "no line of three")],
    "13.3": [("a", "amplitude 0"), ("c", "number of moves"), ("d", "measuring earlier")],
    "13.4": [
        (as_function(lambda b: children(b)), "every legal move"),
        (as_function(lambda b: list(optimal_children(b))), "only the best moves"),
        (as_function(lambda b: [c for c in children(b) if klass(c) == to_move(b)]), "forced win for the mover"),
        (as_function(lambda b: [c for c in children(b) if klass(c) != to_move(b)]), "wrong player"),
        (as_function(lambda b: [c for c in children(b)
                                if not any(key_winner(g) for g in children(c))]), "one move ahead"),
        (as_function(lambda b: [c for c in children(b) if klass(c) == "T"]), "only the moves into drawn"),
        (as_function(lambda b: [c for c in children(b) if klass(c) != other(to_move(b))][:1]), "leaves out"),
        (as_function(lambda b: len(children(b))), "return a list of boards"),
    ],
    "13.5": [(1 / 4, "not equally likely"), (1 / math.sqrt(6), "its square"), (1 / 3, "two options"),
             (1 / 5, "multiply the amplitudes")],
    "13.6": [("b", "compare the numbers"), ("c", "no two paths meet"), ("d", "never used the result")],
}
