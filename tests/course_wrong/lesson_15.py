"""Plausible wrong answers for lesson 15, each with words its hint must contain."""
import math

from course_runner import as_function
from qttt_widgets.quantum.chsh import QUESTIONS, bell_probabilities, quantum_win_rate

R8 = math.pi / 8

WRONG = {
    "15.1": [((0, 0, 0, 0), "always agree"), ((0, 1, 0, 1), "answering the question you were asked"),
             ((1, 0, 1, 0), "must differ"), ((1, 1), "give 4 answers"), ((0, 1, 0, 2), "each answer is 0 or 1"),
             ("0100", "tuple of 4 answers")],
    "15.2": [(1.0, "no plan wins all four"), (0.5, "better than a coin"), (0.25, "worst plan"),
             ((3, 4), "number")],
    "15.3": [(0.75, "weigh each plan"), (0.5, "equal weight"), (0.45, "wrong way round"), (0.4, "wins the pair (0, 0)"),
             (0.6, "rate of always answering 0")],
    "15.4": [(as_function(lambda alice, bob: 4 * quantum_win_rate(alice, bob)), "average them"),
             (as_function(lambda alice, bob: sum(bell_probabilities(alice[x], bob[y])[0, 0]
                                                 + bell_probabilities(alice[x], bob[y])[1, 1]
                                                 for x, y in QUESTIONS) / 4), "only if the answers differ"),
             (as_function(lambda alice, bob: quantum_win_rate([a / 2 for a in alice], [b / 2 for b in bob])),
              "Ry(−2θ)"),
             (as_function(lambda alice, bob: sum(p for x, y in QUESTIONS
                                                 for (a, b), p in bell_probabilities(alice[x], bob[y]).items()
                                                 if (a ^ b) == (x | y)) / 4), "x OR y"),
             (as_function(lambda alice, bob: math.cos(alice[0] - bob[0]) ** 2), "not the win rate"),
             (as_function(lambda alice, bob: str(quantum_win_rate(alice, bob)) + "%"), "return one number"),
             (0.85, "give a function")],
    "15.5": [((0, math.pi / 4), "copies Alice's angles"), ((math.pi / 4, -math.pi / 4), "twice too big"),
             ((22.5, -22.5), "degrees"), ((3 * R8, -3 * R8), "no better than a classical plan"),
             ((0.3, -0.3), "not the most"), (math.pi / 8, "two angles")],
    "15.6": [(math.cos(R8) ** 2, "not the guide's"), (0.75, "best classical plan"),
             (math.sin(R8) ** 2, "one question pair"), ("half", "number")],
    "15.7": [("a", "randomness is not what helps"), ("b", "size of the board"), ("d", "no message travels")],
}
