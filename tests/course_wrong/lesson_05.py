"""Plausible wrong answers for lesson 05, each with words its hint must contain."""
from qttt_widgets.rules.goff import GoffGame

WRONG = {
    "5.1": [("a", "hidden but definite"), ("b", "no mark stays split"), ("d", "only classical marks")],
    "5.2": [({1, 2}, "follow the path further"), ({1, 2, 6}, "keep going"), ({0, 1, 4, 5}, "code numbers"),
            ({1, 2, 5, 6, 7, 8}, "group of its own")],
    "5.3": [
        # four marks round the corners: the fourth closes a cycle
        (lambda: GoffGame().play(0, 2).play(2, 8).play(8, 6).play(6, 0), "closes a cycle"),
        # a star through the centre
        (lambda: GoffGame().play(0, 4).play(4, 8).play(2, 4).play(4, 6), "square 5"),
        # two separate pairs of corners
        (lambda: GoffGame().play(0, 2).play(6, 8).play(0, 1).play(7, 8), "another group"),
        # only three marks
        (lambda: GoffGame().play(0, 2).play(2, 8).play(8, 6), "exactly four"),
        ("the corners", "give the GoffGame"),
    ],
    "5.4": [("O6", "closed the cycle"), ("O₆", "closed the cycle"), ("O8", "not a mark"), ("X9", "names a square"),
            ("O4", "asks about the (9)"), ("X5", "count the pairs"), ("7", "letter X or O")],
    "5.5": [("15 37 59 34", "4 marks"), ("04 26 48 23 15", "code numbers"), ("15 59 37 34 26", "wrong order"),
            ("15 37 59 35 26", "O4 is not where"), ("15-37-59-34-26", "only the squares' digits"), (1537593426, "as text"),
            ("1537593426", "separate the marks with spaces"), ("15 37 59 34 266", "cannot replay")],
    "5.6": [((1, 9), "without touching"), ((2, 3), "closes a cycle"), ((5, 8), "linked to 1, 2, 3 only"),
            ((2, 5), "linked to 1, 2, 3, 5, 6 only"), ((0, 8), "people's numbers 1..9"), ("28 39", "(4, 7)"), (5, "two people's squares"),
            ("5-8", "linked to 1, 2, 3 only")],
}
