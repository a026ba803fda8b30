"""Issue 24, item 5: a winning line's label sits off the marks, legibly, on every board size.

The SVG is parsed and every text's box found from its font size: its width measured with
DejaVu Sans (the boards' font), a letter rising 0.76 em above the baseline and falling 0.24 em
below (a subscript tspan 3 units lower). The label's box
must not overlap the box of any other text (marks, the qubit cells' texts, square numbers),
its box must lie inside one square (on no grid line), and its font on screen, at the size
the app draws the board, must be at least 12 px."""
import xml.etree.ElementTree as ET

import pytest

from qttt_widgets.rules import svg
from qttt_widgets.rules.classical import ClassicalBoard
from qttt_widgets.rules.goff import GoffGame
from qttt_widgets.rules.qubit_board import QubitGame
from qttt_widgets.widgets.board import BOARD_PX

NS = "{http://www.w3.org/2000/svg}"
MIN_PX = 12


FONTS = {False: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
         True: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"}


def width(content: str, size: float, bold: bool) -> float:
    """The text's advance in board units: measured with DejaVu Sans (the boards' first font)
    when it is installed, else 0.7 em a character (wider than DejaVu Sans Bold's average)."""
    try:
        from PIL import ImageFont
        return ImageFont.truetype(FONTS[bold], size).getlength(content)
    except (ImportError, OSError):
        return 0.7 * size * len(content)


def text_boxes(picture: str):
    """(text, is_label, font size, (x0, y0, x1, y1)) of every text in the picture, in board units."""
    root = ET.fromstring(picture)
    out = []
    for e in root.iter(NS + "text"):
        size = float(e.get("font-size"))
        content = "".join(e.itertext())
        wide = width(content, size, e.get("font-weight") == "bold")
        x, y = float(e.get("x")), float(e.get("y"))
        anchor = e.get("text-anchor", "start")
        x0 = x - wide / 2 if anchor == "middle" else x - wide if anchor == "end" else x
        bottom = y + 0.24 * size + (3 if e.find(NS + "tspan") is not None else 0)   # a subscript's dy
        out.append((content, e.get("fill") == svg.LINE_COLOUR, size, (x0, y - 0.76 * size, x0 + wide, bottom)))
    return out, root


def overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def check(picture: str, expected_labels: int):
    boxes, root = text_boxes(picture)
    labels = [b for b in boxes if b[1]]
    assert len(labels) == expected_labels
    scale = float(root.get("width")) / float(root.get("viewBox").split()[2])
    for text, _is_label, size, box in labels:
        assert size * scale >= MIN_PX, (text, size * scale)
        for other in boxes:
            if other[3] is not box:
                assert not overlap(box, other[3]), (text, other[0])
        n_side = float(root.get("viewBox").split()[2]) - 8
        assert box[0] >= 0 and box[2] <= n_side and box[1] >= 0     # inside the board
        assert box[1] // 100 == box[3] // 100, text                # in one square: on no grid line
        assert box[0] // 100 == (box[2] - 0.01) // 100, text
    return labels


def test_goff_labels_sit_off_the_marks():
    g = GoffGame.from_record("58 47 67 59 48 68(8)")              # X 4-5-6 (largest 5), O 7-8-9 (largest 6)
    labels = check(svg.goff_board(g, BOARD_PX[3]), 2)
    assert [t for t, *_ in labels] == ["X, largest 5", "O, largest 6"]


def test_goff_two_lines_through_one_square_get_two_places():
    g = GoffGame.from_record("18 48 67 27 25 45 19 46(4) 3")       # X9 completes row 1-2-3 and column 3-6-9
    check(svg.goff_board(g, BOARD_PX[3]), 2)
    g = GoffGame.from_record("29 45 13 36 25 39 79 18 28(8)")     # X: column 2-5-8 and diagonal 3-5-7, both through 5
    labels = check(svg.goff_board(g, BOARD_PX[3]), 2)
    boxes = [b for *_x, b in labels]
    assert all(not overlap(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:])


@pytest.mark.parametrize("n", [3, 4, 5])
def test_classical_labels_sit_off_the_marks(n):
    b = ClassicalBoard(n)
    x_squares = [n + i for i in range(n)]                          # X: the second row
    o_squares = [2 * n + i for i in range(n - 1)]                  # O: most of the third row
    for x, o in zip(x_squares, o_squares + [None]):
        b.play(x)
        if o is not None and not b.is_over:
            b.play(o)
    assert b.result == "X"
    check(svg.classical_board(b, BOARD_PX[n]), 1)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_qubit_labels_sit_off_the_marks_and_are_legible(n):
    g = QubitGame(n=n, seed=1)
    for x, o in zip(range(n), range(n, 2 * n - 1)):               # X: the first row; O below
        g.apply(("place", x))
        if not g.is_over:
            g.apply(("place", o))
    g.apply(("place", n - 1)) if not g.is_over else None
    assert g.lines(), g.cells
    # the app draws a qubit board at BOARD_PX[n] wide (QubitBoardView: BOARD_PX[n] * 3 // n, scaled by n / 3)
    check(svg.qubit_board(g, BOARD_PX[n] * 3 // n), len(g.lines()))


def test_the_old_label_overlapped_a_mark():
    """The check bites: the label as it was drawn (at the line's midpoint, 8 above it, 15
    units) overlaps the middle mark X₃ in square 5."""
    g = GoffGame.from_record("58 47 67 59 48 68(8)")
    boxes, _root = text_boxes(svg.goff_board(g, BOARD_PX[3]))
    wide = width("X, largest 5", 15, True)
    old_label = (150 - wide / 2, 142 - 0.76 * 15, 150 + wide / 2, 142 + 0.24 * 15)
    assert any(overlap(old_label, b) for t, is_label, _s, b in boxes if not is_label and t.startswith("X"))
