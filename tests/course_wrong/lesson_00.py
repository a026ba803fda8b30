"""Plausible wrong answers for lesson 00, each with words its hint must contain."""
WRONG = {
    "0.1": [(3, "row"), (8, "count again"), ("nine", "number")],
    "0.2": [((2, 5, 8), "code counts from 0"), ((3, 6, 9), "one less"), ((0, 3, 6), "left column"),
            (4, "tuple of 3 items"), ((1, 4), "give 3 items")],
}
