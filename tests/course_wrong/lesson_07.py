"""Plausible wrong answers for lesson 07, each with words its hint must contain."""
from fractions import Fraction
from itertools import product

from course_runner import as_function


def _no_pruning(marks):
    return 2 ** len(marks)


def _chain_formula(marks):
    return len(marks) + 1


def _squares(marks):
    return len({sq for pair in marks for sq in pair})


def _counts_the_pruned(marks):
    return sum(1 for choice in product(*marks) if len(set(choice)) < len(choice))


def _only_neighbours(marks):
    # prunes only when two marks next to each other in the record share a square
    return sum(1 for c in product(*marks) if all(c[i] != c[i + 1] for i in range(len(c) - 1)))


WRONG = {
    "7.1": [(4, "before pruning"), (2, "O₂"), (1, "more than one")],
    "7.2": [(as_function(_no_pruning), "prune"), (as_function(_chain_formula), "separate groups"),
            (as_function(_squares), "squares the marks touch"), (as_function(_counts_the_pruned), "pruned placements"),
            (as_function(_only_neighbours), "no square used twice"), ("ten", "function")],
    "7.3": [(32, "prune"), (7, "multiply"), (18, "cycle"), (8, "chain of 2"), ("12 boards", "number")],
    "7.4": [(0.5, "before pruning"), (Fraction(1, 8), "total"), ("1/3", "four squares"), ([1, 4], "number")],
    "7.5": [("a", "not random"), ("c", "on purpose"), ("b", "did not make the cycle"), (2, "text")],
}
