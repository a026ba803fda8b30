"""Plausible wrong answers for lesson 12 (perfect play, difficulty levels, Elo), each with words its hint must contain."""
from course_runner import as_function

from qttt_widgets.research.tournament import expected

WRONG = {
    "12.1": [(0.5, "value after X1 alone"), (0, "forks"), (2, "more than X can force"), (-0.5, "sign"),
             (-1, "sign"), ([1], "number")],
    "12.2": [((1, 4), "−½ instead of +1"),            # people's 2-5
             ((6, 7), "−1 instead of +1"),            # people's 7-8: touches 7, but not an X line
             ((4, 8), "+½ instead of +1"),            # people's 5-9: X's squares, O's column left open
             ((5, 7), "people's numbers"),            # meant 5-7
             ((0, 1), "not legal"),                   # square 1 holds O4
             (4, "pair")],
    "12.3": [((0.2, 0.25), "chance of a mistake"), ((0.85, 0.25), "not perfect only"),
             ((0.8, 9), "not the number"), ((0.8, 0.75), "not perfect")],
    "12.4": [((1, 0.25), "did NOT close the cycle"), ((0.25, 0.25), "only the random rule averages"),
             ((-0.5, 0.75), "(1 − ½)/2"), ((-0.5, 0.5), "weighs both outcomes ½")],
    "12.5": [(as_function(lambda ra, rb, s, k=64: ra + k * (s - 1 / (1 + 10 ** ((ra - rb) / 400)))), "upside down"),
             (as_function(lambda ra, rb, s, k=64: k * (s - expected(ra, rb))), "return the new rating"),
             (as_function(lambda ra, rb, s, k=64: ra + k * (expected(ra, rb) - s)), "the sign"),
             (as_function(lambda ra, rb, s, k=32: ra + k * (s - expected(ra, rb))), "use the k argument")],
    "12.6": [("a", "perfect O loses by 1 to ½"), ("b", "no coin"), ("c", "what can a perfect O hope for"), (2, "text")],
}
