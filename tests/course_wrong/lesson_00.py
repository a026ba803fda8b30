"""Plausible wrong answers for lesson 00, each with words its hint must contain."""
WRONG = {
    "0.1": [(3, "row"), (8, "count again"), ("nine", "number")],
    "0.2": [(5, "code counts from 0"), (6, "one less"), ([4], "number")],
}
