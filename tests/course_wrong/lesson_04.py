"""Plausible wrong answers for lesson 04, each with words its hint must contain."""
from course_runner import as_function

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def _lines_only(lines, empty_counts=False, players=("X", "O")):
    def winner(cells):
        for a, b, c in lines:
            if (empty_counts or cells[a] != ".") and cells[a] == cells[b] == cells[c] and \
                    (empty_counts or cells[a] in players):
                return cells[a]
        return None
    return as_function(winner)


WRONG = {
    "4.1": [(_lines_only(LINES[:3]), ["returned None", "diagonal"]),      # rows only
            (_lines_only(LINES[:7]), ["returned None", "squares 2, 4, 6"]),  # forgot the 2-4-6 diagonal
            (_lines_only(LINES, empty_counts=True), "three empty squares"),  # three empty squares "win"
            (_lines_only(LINES, players=("X",)), "expected 'O'"),          # only looks for X
            (lambda: 4, "give a function")],
    "4.2": [(504, "move orders"), (84, "which of them is O's"), (36, "X's two squares only")],
    "4.3": [(0, ["fork", "a column and a row"]), (1, "hold the draw"), (3, ["taken", "grey numbers"]),
            (5, ["the middle of the right column", "grey numbers"]),     # people's 5 (the centre)
            (9, "off the board"), ("4", "square number")],
    "4.4": [(4, "fork"), (1, "X answers at square 3"), (5, ["X has a reply", "a diagonal and a row"]),
            (3, ["X answers at square 4", "a column and a diagonal"]), (0, "taken"), (9, "off the board")],
    "4.5": [("draw", "already gone wrong"), ("O", "moves first"), (2936, "text")],
    "4.6": [(811, "O to move"), (248, "turn test"), (1068, "can_blunder")],
}
