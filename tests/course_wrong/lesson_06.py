"""Plausible wrong answers for lesson 06, each with words its hint must contain."""
from course_runner import as_function


@as_function
def swapped(lines):
    """The ½ given to the earlier line (comparison the wrong way round)."""
    x = [s for p, s in lines if p == "X"]
    o = [s for p, s in lines if p == "O"]
    if x and o:
        return {"X": 1, "O": 0.5} if min(x) > min(o) else {"X": 0.5, "O": 1}
    return {"X": len(x), "O": len(o)}


@as_function
def _x_first(lines):
    """X always gets the whole point when both have a line."""
    x = [s for p, s in lines if p == "X"]
    o = [s for p, s in lines if p == "O"]
    if x and o:
        return {"X": 1, "O": 0.5}
    return {"X": len(x), "O": len(o)}


@as_function
def one_a_player(lines):
    """A line is a win: 1 point, however many lines."""
    x = [s for p, s in lines if p == "X"]
    o = [s for p, s in lines if p == "O"]
    if x and o:
        return {"X": 1, "O": 0.5} if min(x) < min(o) else {"X": 0.5, "O": 1}
    return {"X": float(bool(x)), "O": float(bool(o))}


@as_function
def _both_one(lines):
    """Every line scores 1, whoever completed it first."""
    return {"X": sum(p == "X" for p, _ in lines), "O": sum(p == "O" for p, _ in lines)}


@as_function
def _a_list(lines):
    """Points as a list instead of a dict."""
    return [0, 0]


WRONG = {
    "6.1": [(1, "not only the one that closes a triangle"), (2, "same pair"), (3, "group of their own"),
            (36, "already in one group")],
    "6.2": [({2, 5}, "not a loop"), ({1, 2}, "on move 2"), ({1, 3}, "same pair as O₂")],
    "6.3": [((9, 6), "fill its three squares"), ((6, 9), "square 9 is taken"), ((9, 9), "every square of the cycle")],
    "6.4": [(swapped, "swapped"), (_x_first, "smaller largest subscript"), (one_a_player, "1 point a line"),
            (_both_one, "do not score the same"), (_a_list, "return a dict"), (lambda: 42, "give a function")],
    "6.5": [((4, 1), ["so O chooses", "Score each of the two collapses"]),
            ((4, 0.5), ["scored that collapse correctly", "so O chooses"]),
            ((8, 0.5), "X's points"), ((8, 2), "recount O's points"),
            (8, "a pair (square, points)"), ((7, 1), "code number"), ((3, 1), "code number"),
            ((5, 1), "the two squares of the mark just placed")],
    "6.6": [(0.5, "O chooses"), (1, "best case"), (0, "minus"), (0.25, "average")],
    "6.7": [("b", "not noise"), ("c", "never 0"), ("d", "no move is lost")],
}
