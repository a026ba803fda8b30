"""The SVG pictures of rules/svg.py as a viewer sees them (written for mutation testing,
tests/MUTATION.md, as test_mutation_svg.py; with the labels of winning lines, once
test_board_labels.py, at the end).

Each picture is parsed (xml.etree) and checked element by element: the board and its grid,
the square numbers in each square's corner, each spooky mark at its fixed place in its
square (mark k in cell k of a small 3 x 3 grid) with its subscript, classical marks large in
the middle, the squares of a pending collapse outlined and its options filled, completed
lines struck from the centre of their first square to the centre of their last with their
largest subscript, the qubit board's quantum cells with their group and P(X), the
entanglement graph, and the ensemble picture with its heat map. Layout: a square is 100
units (the graph: 110 between node centres, 50 from the edge; the ensemble: small boards 80
units with 10 between them and 14 under them for the label). Numbers are compared as numbers
(the text of the picture may write 50 or 50.0); colours, sizes and texts as written."""
import xml.etree.ElementTree as ET

import pytest

from qttt_widgets.rules import svg
from qttt_widgets.rules.classical import ClassicalBoard
from qttt_widgets.rules.ensemble import Ensemble
from qttt_widgets.rules.errors import IllegalMove, RecordError
from qttt_widgets.rules.goff import GoffGame
from qttt_widgets.rules.qubit_board import QubitGame
from qttt_widgets.widgets.board import BOARD_PX


NS = "{http://www.w3.org/2000/svg}"
FONT = "DejaVu Sans, Arial, sans-serif"


def parse(picture):
    """The picture as an element tree; it is SVG text that shows itself in a notebook."""
    assert isinstance(picture, svg.SvgPicture) and isinstance(picture, str)
    assert picture._repr_svg_() == str(picture) and picture.startswith("<svg")
    root = ET.fromstring(picture)
    # nothing but elements: no stray text between them
    assert not (root.text or "").strip() and not any((e.tail or "").strip() for e in root.iter())
    return root


def tags(root, tag):
    return [e for e in root.iter(NS + tag)]


def text(e):
    return "".join(e.itertext())


def xy(e, x="x", y="y"):
    return float(e.get(x)), float(e.get(y))


def close(got, want):
    """Lists of tuples equal, numbers to the 0.1 the picture writes, texts exactly."""
    assert len(got) == len(want), (got, want)
    for g, w in zip(got, want):
        assert len(g) == len(w), (g, w)
        for a, b in zip(g, w):
            assert (abs(a - b) <= 0.051) if isinstance(b, (int, float)) else a == b, (got, want)
    return True


def attrs(e, *skip):
    """An element's attributes other than the numbers in ``skip``."""
    return {k: v for k, v in e.attrib.items() if k not in skip}


def numbers(root):
    """The square numbers (small grey text in each square's bottom-right corner)."""
    return [e for e in tags(root, "text") if e.get("fill") == "#999"]


def big_marks(root):
    return [e for e in tags(root, "text") if e.get("font-size") == "50"]


def spooky_marks(root):
    """(player, subscript, x, y) of each small spooky mark drawn (a letter with a tspan)."""
    out = []
    for e in tags(root, "text"):
        sub = e.find(NS + "tspan")
        if sub is not None:
            out.append((e.text, int(sub.text), *xy(e)))
    return out


def strikes(root):
    """Each struck line as ((x1, y1), (x2, y2), label, (label x, label y))."""
    lines = [e for e in tags(root, "line") if e.get("stroke") == svg.LINE_COLOUR]
    labels = [e for e in tags(root, "text") if e.get("fill") == svg.LINE_COLOUR]
    assert len(lines) == len(labels)
    return [(xy(a, "x1", "y1"), xy(a, "x2", "y2"), text(b), xy(b)) for a, b in zip(lines, labels)]


def centre(sq, n=3):
    r, c = divmod(sq, n)
    return (100 * c + 50.0, 100 * r + 50.0)


def frame(n, size, title):
    return {"viewBox": f"-4 -4 {100 * n + 8} {100 * n + 8}", "width": str(size), "height": str(size),
            "role": "img", "aria-label": title, "font-family": FONT}


def check_grid(root, n):
    """The board outlined and ruled into n x n squares of 100, numbered 1.. in their corners."""
    side = 100 * n
    board = tags(root, "rect")[0]
    assert board.attrib == {"x": "0", "y": "0", "width": str(side), "height": str(side), "fill": "#fffdf8",
                            "stroke": "#444", "stroke-width": "2"}
    rules = [e for e in tags(root, "line") if e.get("stroke") == "#444"]
    assert sorted(xy(e, "x1", "y1") + xy(e, "x2", "y2") for e in rules) == sorted(
        [(100 * i, 0, 100 * i, side) for i in range(1, n)] + [(0, 100 * i, side, 100 * i) for i in range(1, n)])
    assert all(e.get("stroke-width") == "2" for e in rules)
    nums = numbers(root)
    assert [text(e) for e in nums] == [str(sq + 1) for sq in range(n * n)]
    for sq, e in enumerate(nums):
        r, c = divmod(sq, n)
        assert xy(e) == (100 * c + 95, 100 * r + 94)
        assert attrs(e, "x", "y") == {"font-size": "13", "fill": "#999", "text-anchor": "end"}


# --- Goff's board ----------------------------------------------------------------------------------
def test_the_empty_goff_board_is_a_numbered_three_by_three_grid():
    root = parse(svg.goff_board(GoffGame()))
    assert root.attrib == frame(3, 300, "Goff board, empty")
    assert root.find(NS + "title").text == "Goff board, empty"
    check_grid(root, 3)
    assert len(tags(root, "rect")) == 1 and spooky_marks(root) == [] and big_marks(root) == []
    assert parse(svg.goff_board(GoffGame(), 240)).attrib == frame(3, 240, "Goff board, empty")


def test_the_title_counts_the_actions_without_telling_the_moves():
    assert parse(svg.goff_board(GoffGame().play(0, 1))).get("aria-label") == "Goff board after 1 action"
    root = parse(svg.goff_board(GoffGame.from_record("12 23 13(1)")))
    assert root.get("aria-label") == root.find(NS + "title").text == "Goff board after 4 actions"


def sub_cell_place(sq, s):
    """Where mark s sits in square sq: cell s of a 3 x 3 grid of 28 units, the first at (20, 27)."""
    r, c = divmod(sq, 3)
    dr, dc = divmod(s - 1, 3)
    return (100 * c + 20 + 28 * dc, 100 * r + 27 + 28 * dr)


def test_each_spooky_mark_sits_at_its_own_place_in_both_its_squares():
    # nine marks round all nine squares: mark 9 closes the cycle, every mark is still spooky
    g = GoffGame.from_record("12 23 34 45 56 67 78 89 19")
    root = parse(svg.goff_board(g))
    expected = sorted((p, s, *sub_cell_place(sq, s)) for p, s, a, b in g.spooky for sq in (a, b))
    assert len(expected) == 18 and sorted(spooky_marks(root)) == expected
    for e in tags(root, "text"):
        sub = e.find(NS + "tspan")
        if sub is not None:
            colour = svg.X_COLOUR if e.text == "X" else svg.O_COLOUR
            assert attrs(e, "x", "y") == {"font-size": "17", "fill": colour, "text-anchor": "middle"}
            assert sub.attrib == {"font-size": "12", "dy": "3"}
    # a mark does not move when later marks join its square
    early = parse(svg.goff_board(GoffGame.from_record("12 23")))
    assert sorted(spooky_marks(early)) == [m for m in expected if m[1] <= 2]


def test_a_pending_cycle_is_outlined_and_its_two_options_filled():
    g = GoffGame.from_record("12 23 34 45 56 67 78 89 19")       # options: squares 1 and 9
    root = parse(svg.goff_board(g, selected=[4]))
    rects = tags(root, "rect")
    fills = [(xy(e), e.get("fill")) for e in rects if e.get("width") == "100"]
    assert fills == [((100, 100), svg.SELECTED_FILL), ((0, 0), svg.OPTION_FILL), ((200, 200), svg.OPTION_FILL)]
    outlines = {xy(e): e for e in rects if e.get("stroke") == svg.CYCLE_COLOUR}
    assert sorted(outlines) == sorted((100 * c + 3, 100 * r + 3) for r in range(3) for c in range(3))
    for (x, y), e in outlines.items():
        option = (x, y) in ((3, 3), (203, 203))
        assert attrs(e, "x", "y") == {"width": "94", "height": "94", "fill": "none", "stroke": svg.CYCLE_COLOUR,
                                      "stroke-width": "6" if option else "3",
                                      "stroke-dasharray": "" if option else "8 5"}
    # the fills lie under everything else: they come first after the grid
    body = list(root)
    assert max(body.index(e) for e in rects if e.get("width") == "100") < min(body.index(e) for e in numbers(root))


def test_a_three_square_cycle_outlines_only_its_squares():
    root = parse(svg.goff_board(GoffGame.from_record("12 45 23 13")))     # cycle 1-2-3, options 1 and 3
    outlines = [e for e in tags(root, "rect") if e.get("stroke") == svg.CYCLE_COLOUR]
    assert [(xy(e), e.get("stroke-width")) for e in outlines] == [((3, 3), "6"), ((103, 3), "3"), ((203, 3), "6")]
    fills = [xy(e) for e in tags(root, "rect") if e.get("fill") == svg.OPTION_FILL]
    assert fills == [(0, 0), (200, 0)]
    assert not [e for e in tags(root, "rect") if e.get("fill") == svg.SELECTED_FILL]


def test_collapsed_marks_are_large_and_both_lines_are_struck_with_their_largest_subscript():
    # X gets 4-5-6 (largest subscript 5), O gets 7-8-9 (largest 6)
    g = GoffGame.from_record("58 47 67 59 48 68(8)")
    root = parse(svg.goff_board(g))
    assert root.get("aria-label") == "Goff board after 7 actions"
    marks = big_marks(root)
    expected = [(sq, m) for sq, m in enumerate(g.classical) if m is not None]
    assert len(marks) == len(expected) == 6
    digits = "₀₁₂₃₄₅₆₇₈₉"
    for e, (sq, (player, sub)) in zip(marks, expected):
        r, c = divmod(sq, 3)
        assert xy(e) == (100 * c + 50, 100 * r + 66)
        assert text(e) == player + digits[sub]
        assert attrs(e, "x", "y") == {"font-size": "50", "font-weight": "bold", "text-anchor": "middle",
                                      "fill": svg.X_COLOUR if player == "X" else svg.O_COLOUR}
    assert strikes(root) == [((50, 150), (250, 150), "X, largest 5", (150, 121)),
                             ((50, 250), (250, 250), "O, largest 6", (150, 221))]
    line = [e for e in tags(root, "line") if e.get("stroke") == svg.LINE_COLOUR][0]
    assert attrs(line, "x1", "y1", "x2", "y2") == {"stroke": svg.LINE_COLOUR, "stroke-width": "6",
                                                   "stroke-linecap": "round", "opacity": "0.75"}
    label = [e for e in tags(root, "text") if e.get("fill") == svg.LINE_COLOUR][0]
    assert attrs(label, "x", "y") == {"font-size": "14", "fill": svg.LINE_COLOUR, "font-weight": "bold",
                                      "text-anchor": "middle", "stroke": "white", "stroke-width": "3",
                                      "paint-order": "stroke"}


def test_a_row_and_a_column_made_by_the_last_classical_mark_are_both_struck():
    g = GoffGame.from_record("18 48 67 27 25 45 19 46(4) 3")         # X9 in square 3: row 1-2-3, column 3-6-9
    assert strikes(parse(svg.goff_board(g))) == [
        ((50, 50), (250, 50), "X, largest 9", (150, 21)),
        ((250, 50), (250, 250), "X, largest 9", (250, 121))]


# --- the classical board ---------------------------------------------------------------------------
def test_the_classical_board_draws_its_marks_and_strikes_a_win():
    b = ClassicalBoard()
    root = parse(svg.classical_board(b))
    assert root.attrib == frame(3, 240, "classical 3 x 3 board")
    check_grid(root, 3)
    assert big_marks(root) == [] and strikes(root) == []
    for sq in (2, 0, 4, 1, 6):                  # X: 3, 5, 7 (a diagonal); O: 1, 2
        b.play(sq)
    root = parse(svg.classical_board(b, 200, selected=[8]))
    assert root.attrib == frame(3, 200, "classical 3 x 3 board")
    assert [(xy(e), text(e), e.get("fill")) for e in big_marks(root)] == [
        ((50, 66), "O", svg.O_COLOUR), ((150, 66), "O", svg.O_COLOUR), ((250, 66), "X", svg.X_COLOUR),
        ((150, 166), "X", svg.X_COLOUR), ((50, 266), "X", svg.X_COLOUR)]
    assert strikes(root) == [((250, 50), (50, 250), "X's line", (150, 121))]
    assert [(xy(e), e.get("fill")) for e in tags(root, "rect")[1:]] == [((200, 200), svg.SELECTED_FILL)]


def test_an_o_line_is_struck_and_a_mixed_line_is_not():
    b = ClassicalBoard()
    for sq in (0, 3, 1, 4, 8, 5):               # O: 4-5-6; X: 1, 2, 9
        b.play(sq)
    assert strikes(parse(svg.classical_board(b))) == [((50, 150), (250, 150), "O's line", (150, 121))]
    b = ClassicalBoard()
    for sq in (0, 1, 2):                        # X O X on the top row
        b.play(sq)
    assert strikes(parse(svg.classical_board(b))) == []


@pytest.mark.parametrize("n", [4, 5])
def test_larger_classical_boards_with_k_in_a_row(n):
    b = ClassicalBoard(n, k=3)
    for sq in (1, n, 2, n + 1, 3):              # X on squares 2, 3, 4 of the top row: three in a row
        b.play(sq)
    root = parse(svg.classical_board(b, 240))
    assert root.attrib == frame(n, 240, f"classical {n} x {n} board")
    check_grid(root, n)
    assert [(xy(e), text(e)) for e in big_marks(root)] == [
        ((150, 66), "X"), ((250, 66), "X"), ((350, 66), "X"), ((50, 166), "O"), ((150, 166), "O")]
    assert strikes(root) == [((150, 50), (350, 50), "X's line", (250, 21))]


# --- the qubit board -------------------------------------------------------------------------------
def quantum_cells(root):
    """(x, y of the cell's box, group name, P(X) text) of each quantum cell."""
    boxes = [e for e in tags(root, "rect") if e.get("fill") == "#f3ecff"]
    names = [e for e in tags(root, "text") if e.get("fill") == "#5b2fa9"]
    odds = [e for e in tags(root, "text") if text(e).startswith("P(X)")]
    assert len(boxes) == len(names) == len(odds)
    return [(xy(b), text(q), xy(q), text(p), xy(p)) for b, q, p in zip(boxes, names, odds)]


def test_quantum_cells_show_their_group_and_chance_of_x():
    g = QubitGame(seed=1).superpose(4).entangle([0, 1], 1)
    root = parse(svg.qubit_board(g))
    assert root.attrib == frame(3, 300, "qubit board 3 x 3")
    check_grid(root, 3)
    assert quantum_cells(root) == [
        ((6, 6), "?b", (50, 42), "P(X) 0.50", (50, 68)),
        ((106, 6), "?b", (150, 42), "P(X) 0.50", (150, 68)),
        ((106, 106), "?a", (150, 142), "P(X) 0.50", (150, 168))]
    box = [e for e in tags(root, "rect") if e.get("fill") == "#f3ecff"][0]
    assert attrs(box, "x", "y") == {"width": "88", "height": "88", "rx": "10", "fill": "#f3ecff",
                                    "stroke": "#7b4fc9", "stroke-width": "2", "stroke-dasharray": "6 4"}
    name = [e for e in tags(root, "text") if e.get("fill") == "#5b2fa9"][0]
    assert attrs(name, "x", "y") == {"font-size": "20", "fill": "#5b2fa9", "text-anchor": "middle"}
    odds = [e for e in tags(root, "text") if text(e).startswith("P(X)")][0]
    assert attrs(odds, "x", "y") == {"font-size": "15", "fill": "#333", "text-anchor": "middle"}
    # a phase move tilts the odds: T gives X with probability 0.146
    tilted = parse(svg.qubit_board(QubitGame(seed=1).phase(4, "T")))
    assert [c[3] for c in quantum_cells(tilted)] == ["P(X) 0.15"]


def test_the_qubit_board_draws_marks_a_selection_and_a_line():
    g = QubitGame(seed=1)
    for c in (0, 3, 1, 4, 2):
        g.place(c)
    root = parse(svg.qubit_board(g, selected=[7]))
    assert [(xy(e), text(e), e.get("fill")) for e in big_marks(root)] == [
        ((50, 66), "X", svg.X_COLOUR), ((150, 66), "X", svg.X_COLOUR), ((250, 66), "X", svg.X_COLOUR),
        ((50, 166), "O", svg.O_COLOUR), ((150, 166), "O", svg.O_COLOUR)]
    assert strikes(root) == [((50, 50), (250, 50), "X's line", (150, 21))]
    assert [(xy(e), e.get("fill")) for e in tags(root, "rect")[1:]] == [((100, 200), svg.SELECTED_FILL)]


@pytest.mark.parametrize("n, size, drawn", [(3, 240, 240), (4, 300, 400), (5, 300, 500), (4, 150, 200)])
def test_larger_qubit_boards_are_drawn_larger(n, size, drawn):
    root = parse(svg.qubit_board(QubitGame(n, seed=1), size))
    assert root.attrib == frame(n, drawn, f"qubit board {n} x {n}")
    check_grid(root, n)


# --- board(): any game ------------------------------------------------------------------------------
def test_board_draws_each_kind_of_game_and_refuses_others():
    g = GoffGame.from_record("12 23 13")
    assert svg.board(g) == svg.goff_board(g, 300)
    assert svg.board(g, 200, [5]) == svg.goff_board(g, 200, [5])
    b = ClassicalBoard().play(4)
    assert svg.board(b) == svg.classical_board(b, 300)
    assert svg.board(b, 250, [0]) == svg.classical_board(b, 250, [0])
    q = QubitGame(seed=3).superpose(0)
    assert svg.board(q) == svg.qubit_board(q, 300)
    assert svg.board(q, 210, [8]) == svg.qubit_board(q, 210, [8])
    with pytest.raises(TypeError) as e:
        svg.board("X..")
    assert str(e.value) == "no board picture for str"


# --- the entanglement graph --------------------------------------------------------------------------
def node_centre(sq):
    return (50 + 110 * (sq % 3), 50 + 110 * (sq // 3))


def edges(root):
    """(start, control point, end) of each curved edge, with its element."""
    out = []
    for e in tags(root, "path"):
        move, curve, end = e.get("d").split()
        start = tuple(float(v) for v in move[1:].split(","))
        ctrl = tuple(float(v) for v in curve[1:].split(","))
        out.append((start, ctrl, tuple(float(v) for v in end.split(",")), e))
    return out


def edge_labels(root):
    return [e for e in tags(root, "text") if e.get("stroke") == "white"]


def test_the_empty_graph_has_nine_numbered_nodes_at_the_board_places():
    root = parse(svg.goff_graph(GoffGame()))
    assert root.attrib == {"viewBox": "0 0 320 344", "width": "320", "height": "344", "role": "img",
                           "aria-label": "entanglement graph", "font-family": FONT}
    assert root.find(NS + "title").text == "entanglement graph"
    circles = tags(root, "circle")
    assert [xy(e, "cx", "cy") for e in circles] == [node_centre(sq) for sq in range(9)]
    for e in circles:
        assert attrs(e, "cx", "cy") == {"r": "22", "fill": "white", "stroke": "#555", "stroke-width": "2"}
    texts = tags(root, "text")
    assert [text(e) for e in texts] == [str(sq + 1) for sq in range(9)] + ["entanglement graph"]
    for sq, e in enumerate(texts[:9]):
        assert xy(e) == (node_centre(sq)[0], node_centre(sq)[1] + 6)
        assert attrs(e, "x", "y") == {"font-size": "16", "fill": "#444", "text-anchor": "middle"}
    assert xy(texts[9]) == (160, 334)
    assert attrs(texts[9], "x", "y") == {"font-size": "14", "fill": "#333", "text-anchor": "middle"}
    assert tags(root, "path") == []
    small = parse(svg.goff_graph(GoffGame(), 160))
    assert (small.get("width"), small.get("height"), small.get("viewBox")) == ("160", "172", "0 0 320 344")


def test_two_marks_on_one_pair_bend_apart_with_labels_on_their_curves():
    root = parse(svg.goff_graph(GoffGame.from_record("12 12")))
    assert root.get("aria-label") == "entanglement graph: cycle 1→2→1"
    (s1, c1, e1, p1), (s2, c2, e2, p2) = edges(root)
    assert s1 == s2 == (50, 50) and e1 == e2 == (160, 50)
    # control points on the perpendicular bisector, 0.22 of the length away, on either side
    assert c1[0] == c2[0] == 105 and c1[1] == pytest.approx(50 + 0.22 * 110) and c2[1] == pytest.approx(50 - 0.22 * 110)
    labels = edge_labels(root)
    assert [text(e) for e in labels] == ["X₁", "O₂"]
    for (start, ctrl, end, _), label in zip(edges(root), labels):
        mid = [0.25 * a + 0.5 * b + 0.25 * c for a, b, c in zip(start, ctrl, end)]     # the curve at t = 1/2
        assert close([xy(label)], [(mid[0], mid[1] + 5)])
    for p in (p1, p2):                          # both in the cycle: thick, dashed, the cycle's colour
        assert attrs(p, "d") == {"fill": "none", "stroke": svg.CYCLE_COLOUR, "stroke-width": "5",
                                 "stroke-dasharray": "9 5"}
    assert attrs(labels[0], "x", "y") == {"font-size": "15", "font-weight": "bold", "fill": svg.CYCLE_COLOUR,
                                          "text-anchor": "middle", "stroke": "white", "stroke-width": "4",
                                          "paint-order": "stroke"}
    rings = [(xy(e, "cx", "cy"), e.get("stroke"), e.get("stroke-width")) for e in tags(root, "circle")]
    assert rings[:3] == [((50, 50), svg.CYCLE_COLOUR, "4"), ((160, 50), svg.CYCLE_COLOUR, "4"),
                         ((270, 50), "#555", "2")]


def test_a_mark_off_the_cycle_keeps_its_players_colour_and_a_diagonal_edge_bends():
    g = GoffGame.from_record("12 45 23 13")      # O2 on 4-5 is off the cycle 1-2-3 closed by O4
    root = parse(svg.goff_graph(g))
    assert root.get("aria-label") == "entanglement graph: cycle 1→2→3→1"
    caption = tags(root, "text")[-1]
    assert text(caption) == "entanglement graph: cycle 1→2→3→1"
    by_label = {text(lab): (edge, lab) for edge, lab in zip(edges(root), edge_labels(root))}
    assert sorted(by_label) == ["O₂", "O₄", "X₁", "X₃"]
    (start, ctrl, end, path), label = by_label["O₂"]
    assert (start, end) == ((50, 160), (160, 160))
    assert attrs(path, "d") == {"fill": "none", "stroke": svg.O_COLOUR, "stroke-width": "2.5"}
    assert label.get("fill") == svg.O_COLOUR
    assert by_label["X₁"][1].get("fill") == by_label["O₄"][1].get("fill") == svg.CYCLE_COLOUR
    (start, ctrl, end, path), label = by_label["O₄"]                 # squares 1 and 3: the long edge
    assert (start, end) == ((50, 50), (270, 50))
    assert ctrl == pytest.approx((160, 50 + 0.22 * 220))
    # the edges are drawn first, then the nodes, then the labels on top
    body = list(root)
    assert max(body.index(e) for e in tags(root, "path")) < min(body.index(e) for e in tags(root, "circle"))
    assert max(body.index(e) for e in tags(root, "circle")) < min(body.index(e) for e in edge_labels(root))


def test_a_vertical_edge_bends_sideways():
    root = parse(svg.goff_graph(GoffGame().play(0, 3)))
    ((start, ctrl, end, path),) = edges(root)
    assert (start, end) == ((50, 50), (50, 160))
    assert ctrl == pytest.approx((50 - 0.22 * 110, 105))
    assert attrs(path, "d") == {"fill": "none", "stroke": svg.X_COLOUR, "stroke-width": "2.5"}


def test_classical_squares_are_filled_nodes_with_their_mark():
    g = GoffGame.from_record("12 45 23 13(1)")     # X chooses square 1 for O4: X1 to 2, X3 to 3
    root = parse(svg.goff_graph(g))
    assert root.get("aria-label") == "entanglement graph"
    filled = [e for e in tags(root, "circle") if e.get("fill") != "white"]
    assert [(xy(e, "cx", "cy"), e.get("fill")) for e in filled] == [
        ((50, 50), svg.O_COLOUR), ((160, 50), svg.X_COLOUR), ((270, 50), svg.X_COLOUR)]
    assert attrs(filled[0], "cx", "cy", "fill") == {"r": "22"}
    marks = [e for e in tags(root, "text") if e.get("fill") == "white"]
    assert [(xy(e), text(e)) for e in marks] == [((50, 56), "O₄"), ((160, 56), "X₁"), ((270, 56), "X₃")]
    assert attrs(marks[0], "x", "y") == {"font-size": "17", "font-weight": "bold", "fill": "white",
                                         "text-anchor": "middle"}
    assert [text(e) for e in edge_labels(root)] == ["O₂"]


# --- the ensemble ------------------------------------------------------------------------------------
def small_boards(root):
    return [e for e in tags(root, "rect") if e.get("stroke") == "#666"]


def heat_squares(root):
    return [e for e in tags(root, "rect") if e.get("stroke") == "#444"]


def test_the_ensemble_shows_each_small_board_with_its_label_and_marks():
    ens = Ensemble(GoffGame().play(0, 1).play(1, 2))        # X1 in 1 or 2, O2 in 2 or 3: three boards
    boards = ens.boards()
    root = parse(svg.ensemble(boards, ["first", "", "a < b & c"], ens.probabilities()))
    rects = small_boards(root)
    assert [xy(e) for e in rects] == [(0, 0), (90, 0), (180, 0)]
    assert attrs(rects[0], "x", "y") == {"width": "80", "height": "80", "fill": "#fffdf8", "stroke": "#666"}
    grid = [e for e in tags(root, "line") if e.get("stroke") == "#999"]
    third = 80 / 3
    assert close([xy(e, "x1", "y1") + xy(e, "x2", "y2") for e in grid[:4]], [
        (third, 0, third, 80), (0, third, 80, third), (2 * third, 0, 2 * third, 80), (0, 2 * third, 80, 2 * third)])
    assert len(grid) == 12
    marks = [e for e in tags(root, "text") if e.get("font-weight") == "bold"]
    placed = []
    for k, board in enumerate(boards):
        for sq, m in enumerate(board):
            if m is not None:
                r, c = divmod(sq, 3)
                placed.append((90 * k + (c + 0.5) * third, (r + 0.5) * third + 5, m[0] + "₁₂"[m[1] - 1]))
    assert close([(*xy(e), text(e)) for e in marks], placed)
    assert attrs(marks[0], "x", "y", "fill") == {"font-size": "14", "font-weight": "bold", "text-anchor": "middle"}
    assert [e.get("fill") for e in marks] == [svg.X_COLOUR if text(e)[0] == "X" else svg.O_COLOUR for e in marks]
    labels = [e for e in tags(root, "text") if e.get("font-size") == "11"]
    assert [(xy(e), text(e)) for e in labels] == [((40, 92), "first"), ((220, 92), "a < b & c")]
    assert attrs(labels[0], "x", "y") == {"font-size": "11", "fill": "#333", "text-anchor": "middle"}


def test_the_ensemble_heat_map_writes_the_odds_of_each_square():
    g = GoffGame().play(0, 1).play(1, 2)
    ens = Ensemble(g)
    root = parse(svg.ensemble(ens.boards(), [], ens.probabilities()))
    top = 104 + 10                              # one row of small boards
    left = (540 - 3 * 84) / 2
    legend = [e for e in tags(root, "text") if text(e).startswith("per square")][0]
    assert text(legend) == "per square: P(X), P(O), P(empty) — red: X likely, blue: O likely"
    assert xy(legend) == (left + 126, top + 14)
    assert attrs(legend, "x", "y") == {"font-size": "13", "fill": "#333", "text-anchor": "middle"}
    squares = heat_squares(root)
    assert [xy(e) for e in squares] == [(left + 84 * c, top + 24 + 84 * r) for r in range(3) for c in range(3)]
    # square 1: X 2/3; square 2: X 1/3, O 1/3; square 3: O 2/3; the rest empty (white)
    assert [e.get("fill") for e in squares] == ["#ffafa8", "#ffffff", "#a8c3ff"] + ["#ffffff"] * 6
    assert attrs(squares[0], "x", "y", "fill") == {"width": "84", "height": "84", "stroke": "#444"}
    odds = [e for e in tags(root, "text") if e.get("fill") == "#111"]
    assert [text(e) for e in odds[:9]] == ["X 0.67", "O 0.00", "· 0.33", "X 0.33", "O 0.33", "· 0.33",
                                           "X 0.00", "O 0.67", "· 0.33"]
    assert close([xy(e) for e in odds[:3]], [(left + 42, top + 24 + 84 * f) for f in (0.3, 0.56, 0.82)])
    assert attrs(odds[0], "x", "y") == {"font-size": "12", "fill": "#111", "text-anchor": "middle"}
    assert root.attrib == {"viewBox": f"-2 -2 544 {top + 24 + 252 + 8}", "width": "540",
                           "height": str(int(540 * (top + 24 + 252 + 8) / 544)), "role": "img",
                           "aria-label": "classical ensemble", "font-family": FONT}
    assert root.find(NS + "title").text == "classical ensemble"


@pytest.mark.parametrize("p, fill", [
    ({"X": 1, "O": 0, "empty": 0}, "#ff877d"),      # sure X: red
    ({"X": 0, "O": 1, "empty": 0}, "#7da5ff"),      # sure O: blue
    ({"X": 0.5, "O": 0, "empty": 0.5}, "#ffc3be"),
    ({"X": 0, "O": 0.5, "empty": 0.5}, "#bed2ff"),
    ({"X": 0.5, "O": 0.5, "empty": 0}, "#ffffff"),  # even odds: white
    ({"X": 2, "O": 0, "empty": 0}, "#ff877d"),      # out of range: as red as it gets
    ({"X": 0, "O": 3, "empty": 0}, "#7da5ff"),
])
def test_the_heat_map_colour_runs_from_red_for_x_to_blue_for_o(p, fill):
    root = parse(svg.ensemble([], [], [p]))
    assert [e.get("fill") for e in heat_squares(root)] == [fill]


def test_many_boards_wrap_in_rows_of_six_and_only_the_first_shown_are_drawn():
    boards = [("X",) + (None,) * 8] * 30
    root = parse(svg.ensemble(boards, [f"b{k}" for k in range(30)], [{"X": 1, "O": 0, "empty": 0}] * 9,
                              shown=13, width=270))
    rects = small_boards(root)
    assert [xy(e) for e in rects] == [(90 * (k % 6), 104 * (k // 6)) for k in range(13)]
    labels = [e for e in tags(root, "text") if e.get("font-size") == "11"]
    assert [text(e) for e in labels] == [f"b{k}" for k in range(13)]
    top = 3 * 104 + 10
    assert xy(heat_squares(root)[0]) == ((540 - 252) / 2, top + 24)
    side_h = top + 24 + 252 + 4
    assert root.get("viewBox") == f"-2 -2 544 {side_h + 4}"
    assert (root.get("width"), root.get("height")) == ("270", str(int(270 * (side_h + 4) / 544)))
    # 24 boards at most unless told
    assert len(small_boards(parse(svg.ensemble(boards, [], [{"X": 0, "O": 0, "empty": 1}] * 9)))) == 24
    # no board at all: one (empty) row is still left for them
    empty = parse(svg.ensemble([], [], [{"X": 0, "O": 0, "empty": 1}] * 9))
    assert xy(heat_squares(empty)[0]) == ((540 - 252) / 2, 104 + 10 + 24)


@pytest.mark.parametrize("n, cell, font, odds_font", [(4, 64, "10", "12"), (5, 52, "10", "10")])
def test_larger_ensembles_use_smaller_squares_and_text(n, cell, font, odds_font):
    board = ("X", "O") + (None,) * (n * n - 2)
    probs = [{"X": 0.25, "O": 0.75, "empty": 0}] * (n * n)
    root = parse(svg.ensemble([board], ["p = 0.500"], probs, n=n))
    marks = [e for e in tags(root, "text") if e.get("font-weight") == "bold"]
    c = 80 / n
    assert close([(*xy(e), text(e), e.get("font-size"), e.get("fill")) for e in marks], [
        (0.5 * c, 0.5 * c + 5, "X", font, svg.X_COLOUR), (1.5 * c, 0.5 * c + 5, "O", font, svg.O_COLOUR)])
    assert len([e for e in tags(root, "line") if e.get("stroke") == "#999"]) == 2 * (n - 1)
    squares = heat_squares(root)
    left = (540 - n * cell) / 2
    assert len(squares) == n * n and xy(squares[-1]) == (left + (n - 1) * cell, 114 + 24 + (n - 1) * cell)
    assert {e.get("width") for e in squares} == {str(cell)}
    odds = [e for e in tags(root, "text") if e.get("fill") == "#111"]
    assert {e.get("font-size") for e in odds} == {odds_font} and text(odds[1]) == "O 0.75"
    assert close([xy(odds[0])], [(left + cell / 2, 138 + cell * 0.3)])
    legend = [e for e in tags(root, "text") if text(e).startswith("per square")][0]
    assert xy(legend) == (left + n * cell / 2, 128)
    assert root.get("viewBox") == f"-2 -2 544 {138 + n * cell + 8}"


# --- Goff's game in a notebook, and the messages around chance and measured marks ------------------
def refusal(action):
    with pytest.raises(IllegalMove) as e:
        action()
    assert str(e.value) == e.value.people
    return str(e.value), e.value.rule


def test_a_goff_game_shows_its_board_and_whose_decision_is_next():
    def shown_as(g, status):
        assert g._repr_html_() == svg.goff_board(g, 240) + f"<div style='font-family:sans-serif'>{status}</div>"
    shown_as(GoffGame(), "X to move")
    shown_as(GoffGame().play(0, 1), "O to move")
    shown_as(GoffGame.from_record("12 23 13"), "O chooses: X3 to square 1 or 3")
    shown_as(GoffGame.from_record("12 45 23 19 13"), "O chooses: X5 to square 1 or 3")
    shown_as(GoffGame("random", seed=0, explicit_chance=True).play(0, 1).play(1, 2).play(0, 2),
             "a fair coin sends X3 to square 1 or 3")
    shown_as(GoffGame("random", seed=0, explicit_chance=True).play(4, 8).play(4, 8),
             "a fair coin sends O2 to square 5 or 9")
    shown_as(GoffGame.from_record("58 47 67 59 48 68(8)"), "X 1 - O 1/2")
    shown_as(GoffGame.from_record("15 19 45 23 35 79 67 15(5) 8"), "draw")


def test_chance_actions_off_a_chance_node_say_what_comes_next():
    g = GoffGame()
    assert refusal(g.toss) == ("there is no coin to toss: the next action is X's mark", "not-a-chance-node")
    assert refusal(g.chance_outcomes) == ("this is not a chance node: the next action is X's mark",
                                          "not-a-chance-node")
    pending = GoffGame().play(0, 1).play(0, 1)
    assert refusal(pending.chance_outcomes) == (
        "this is not a chance node: the next action is X's choice of the collapse", "not-a-chance-node")
    assert refusal(pending.toss) == (
        "there is no coin to toss: the next action is X's choice of the collapse", "not-a-chance-node")
    over = GoffGame.from_record("58 47 67 59 48 68(8)")
    assert refusal(over.toss) == (
        "there is no coin to toss: the next action is none: the game is over (X 1 - O 1/2)", "not-a-chance-node")
    tossed = GoffGame("random", seed=0).play(0, 1).play(0, 1)          # tossed at once: X's mark next
    assert refusal(tossed.chance_outcomes) == ("this is not a chance node: the next action is X's mark",
                                               "not-a-chance-node")


def test_undo_and_redo_at_the_ends_say_so():
    g = GoffGame()
    assert refusal(g.undo) == ("nothing to undo: this is the start of the game", "nothing-to-undo")
    assert refusal(g.redo) == ("nothing to redo", "nothing-to-redo")
    g.play(0, 1).undo()
    assert g.redo().history == (("mark", 0, 1),) and refusal(g.redo) == ("nothing to redo", "nothing-to-redo")


def test_a_measured_mark_is_refused_saying_why():
    from qttt_widgets.rules.records import replay_measured_mark
    g = GoffGame("random", seed=0).play(0, 1)
    before = g.copy()
    assert refusal(lambda: replay_measured_mark(g, 0, 2, 0)) == ("13 closes no cycle, so nothing collapses",
                                                                "no-cycle")
    assert refusal(lambda: replay_measured_mark(g, 0, 1, 4)) == (
        "the mark in squares 1 and 2 cannot collapse into square 5", "not-an-option")
    assert refusal(lambda: replay_measured_mark(g, 1, 0, "a")) == (
        "the mark in squares 2 and 1 cannot collapse into square 'a'", "not-an-option")
    coin = GoffGame("random", seed=0).play(0, 1).play(0, 1).history[-1][3]       # where seed 0 sends O2
    assert refusal(lambda: replay_measured_mark(g, 0, 1, 1 - coin, coin=True)) == (
        f"the record says O2 (squares 1 and 2) collapsed into square {2 - coin}, but seed 0's coin sends it "
        f"to square {coin + 1}", "not-the-coin")
    assert g == before and g.history == before.history
    last = GoffGame.from_record("58 68 89 29 46 29(2) 17 17(1)")           # one open square left
    sq = last.open_squares()[0]
    assert refusal(lambda: replay_measured_mark(last, sq, None, sq)) == ("a measured mark needs two squares",
                                                                         "single-square")
    # the coin's own outcome is accepted, and a new action clears the redo stack
    g.play(4, 5).undo()
    replay_measured_mark(g, 0, 1, coin, coin=True)
    assert g.history[-1] == ("mark", 0, 1, coin) and g.redo_stack == () and g.classical[coin] == ("O", 2)


def test_a_record_holds_only_the_coins_outcomes_whoever_chose_them():
    from qttt_widgets.rules.records import replay_measured_mark
    chance = GoffGame("random", seed=0, explicit_chance=True).play(0, 1).play(0, 1)
    assert refusal(chance.to_record) == (
        "a random collapse is waiting for its outcome, which a record cannot hold: apply one of "
        "chance_outcomes(), or toss(), first", "chance-pending")
    # a look-ahead sends O2 where the coin did not: no record can give that game back
    coin = GoffGame("random", seed=0).play(0, 1).play(0, 1).history[-1][3]
    for explicit in (False, True):
        g = GoffGame("random", seed=0, explicit_chance=explicit).play(0, 1)
        replay_measured_mark(g, 0, 1, 1 - coin)
        message = (f"O2 went to square {2 - coin}, not where seed 0's coin sends it: a record replays the coin, "
                   "so it cannot hold this game")
        assert refusal(g.to_record) == (message, "not-the-coin")
        assert repr(g) == f"<GoffGame random seed=0 moves='12 12({2 - coin})': {message}>"
    # the coin's outcomes, some of them waiting on the redo stack, are recorded and come back
    g = GoffGame("random", seed=0, explicit_chance=True).play(0, 1).play(0, 1).toss()
    g.play(2, 3).play(4, 5).play(2, 3).toss().undo().undo().undo()
    back = GoffGame.from_record(g.to_record())
    assert back == g and back.redo_stack == g.redo_stack and back.history == g.history
    assert eval(repr(g), {"GoffGame": GoffGame}).redo_stack == g.redo_stack


def test_positions_hash_apart():
    games = [GoffGame()] + [GoffGame().play(0, b) for b in range(1, 9)] + [GoffGame().play(1, b) for b in range(2, 9)]
    assert len({g.key() for g in games}) == len(games) == 16
    assert GoffGame().play(0, 1).key() == GoffGame().play(1, 0).undo().play(0, 1).key()
    with pytest.raises(TypeError):          # a game changes: its key is hashed, not the game
        hash(GoffGame())


def test_groups_are_listed_by_their_first_mark_even_after_a_merge():
    from qttt_widgets.rules.ensemble import components
    g = GoffGame().play(0, 1).play(3, 4).play(1, 2)        # X3 joins X1's group after O2 made its own
    assert components(g.spooky) == [[("X", 1, 0, 1), ("X", 3, 1, 2)], [("O", 2, 3, 4)]]
    assert Ensemble(g).group_sizes == [3, 2]


@pytest.mark.parametrize("record, message", [
    ({"format": "qttt-goff", "rules": "random", "seed": 0, "moves": "12 12(2)"},
     "moves, move 2 (12(2)): the record says O2 (squares 1 and 2) collapsed into square 2, but seed 0's coin "
     "sends it to square 1"),
    ({"format": "qttt-goff", "rules": "random", "seed": 0, "moves": "12 12(1) (1)"},
     "moves, move 2 (12(1), then the collapse into square 1): under random-collapse rules a collapse is the outcome of the mark that closed a "
     "cycle, written right after it, as 15(5)"),
    ({"format": "qttt-goff", "rules": "goff", "moves": "12 34", "redo": "56 11"},
     "redo, move 4 (11): a spooky mark needs two different squares, got 1 twice"),
    ({"format": "qttt-goff", "rules": "random", "seed": 0, "moves": "12 34", "redo": "56 12 12(2)"},
     "redo, move 5 (12(2)): square 1 holds the classical mark O4; marks go only in squares without one"),
    ("12 34 55", "moves, move 3 (55): a spooky mark needs two different squares, got 5 twice"),
])
def test_a_damaged_goff_record_names_the_move_and_the_rule(record, message):
    with pytest.raises(RecordError) as e:
        GoffGame.from_record(record)
    assert str(e.value) == message


def test_a_record_with_the_coins_outcome_loads():
    g = GoffGame.from_record({"format": "qttt-goff", "rules": "random", "seed": 0, "moves": "12 12(1)"})
    assert g.classical[:2] == (("O", 2), ("X", 1)) and g.history == (("mark", 0, 1), ("mark", 0, 1, 0))


def test_collapsing_with_no_cycle_waiting_says_so():
    assert refusal(lambda: GoffGame().play(0, 1).collapse(0)) == (
        "there is nothing to collapse: no cycle is waiting to be measured", "no-collapse")


def test_a_collapse_off_its_options_names_them():
    g = GoffGame().play(0, 1).play(0, 1)
    assert refusal(lambda: g.collapse(5)) == ("O2 can only collapse into square 1 or 2, not 6", "not-an-option")


def test_apply_takes_one_square_or_two_in_a_sequence():
    last = GoffGame.from_record("58 68 89 29 46 29(2) 17 17(1)")          # one open square left
    sq = last.open_squares()[0]
    assert last.apply((sq,)).classical[sq] == ("X", 9) and last.is_over
    for bad in ((), [1, 2, 3]):
        assert refusal(lambda: GoffGame().apply(bad)) == (
            f"an action is a pair of squares, or one square; got {bad!r}", "not-an-action")


def test_a_mark_at_a_chance_node_or_off_the_board_is_refused_saying_why():
    chance = GoffGame("random", seed=0, explicit_chance=True).play(0, 1).play(1, 2).play(0, 2)
    assert refusal(lambda: chance.play(4, 5)) == (
        "a random collapse is pending: X3 must first go to square 1 or 3 (apply one of chance_outcomes(), "
        "or toss())", "collapse-pending")
    assert refusal(lambda: GoffGame().play(9, 0)) == (
        "square 10 is off the board: squares are 1..9 (9 in code; code counts 0..8)", "off-board")
    assert refusal(lambda: GoffGame().play(0, -1)) == (
        "square 0 is off the board: squares are 1..9 (-1 in code; code counts 0..8)", "off-board")


def test_each_refused_mark_reads_whole():
    last = GoffGame.from_record("58 68 89 29 46 29(2) 17 17(1)")          # one open square left
    sq = last.open_squares()[0]
    assert refusal(lambda: last.play(sq, 0)) == (
        f"only square {sq + 1} is left without a classical mark: the last mark is classical and goes there alone",
        "last-square-classical")
    g = GoffGame.from_record("12 12(1)")                                 # O2 in square 1, X1 in square 2
    assert refusal(lambda: g.play(0, 3)) == (
        "square 1 holds the classical mark O2; marks go only in squares without one", "classical-square")
    assert refusal(lambda: g.play(5, 1)) == (
        "square 2 holds the classical mark X1; marks go only in squares without one", "classical-square")
    assert refusal(lambda: g.play(3)) == (
        "a single square is played only when it is the last square without a classical mark; a spooky mark "
        "needs two squares", "single-square")
    assert refusal(lambda: g.play(4, 4)) == ("a spooky mark needs two different squares, got 5 twice",
                                             "same-square")


def test_replay_names_the_moves_by_default():
    from qttt_widgets.rules.records import parse_actions, replay
    g = GoffGame()
    with pytest.raises(RecordError) as e:
        replay(g, parse_actions("12 34 55"))
    assert str(e.value) == "moves, move 3 (55): a spooky mark needs two different squares, got 5 twice"
    assert g.history == (("mark", 0, 1), ("mark", 2, 3))                # part-way, as its docstring says
    with pytest.raises(RecordError) as e:
        replay(GoffGame(), parse_actions("12 34 55"), "redo", start=7)
    assert str(e.value) == "redo, move 9 (55): a spooky mark needs two different squares, got 5 twice"


# --- the label squares, the line labels' size and the picture's scale --------------------------------
def test_each_line_label_takes_the_nearest_free_square_to_the_line_s_middle():
    assert svg._label_squares([(0, 1, 2, 3, 4)]) == [2]                         # a 5-long line: its middle
    assert svg._label_squares([(0, 1, 2, 3), (0, 1, 2, 3)]) == [1, 2]           # 4-long: the two middles
    # a line whose every square is taken keeps its middle (labels then overlap; nothing better is free)
    assert svg._label_squares([(0, 1, 2)] * 4) == [1, 0, 2, 1]


def test_two_classical_lines_with_one_middle_get_two_label_squares():
    b = ClassicalBoard()
    for sq in (3, 0, 5, 2, 1, 6, 7, 8, 4):          # X's last mark, 5, makes row 4-5-6 and column 2-5-8
        b.play(sq)
    got = strikes(parse(svg.classical_board(b)))
    assert sorted(label for *_, label in got) == [(50, 121), (150, 121)]          # squares 4 and 5, not 5 twice


def test_line_labels_of_the_classical_and_qubit_boards_are_17_units():
    b = ClassicalBoard()
    for sq in (2, 0, 4, 1, 6):
        b.play(sq)
    g = QubitGame(seed=1)
    for c in (0, 3, 1, 4, 2):
        g.place(c)
    for picture in (svg.classical_board(b), svg.qubit_board(g)):
        labels = [e for e in tags(parse(picture), "text") if e.get("fill") == svg.LINE_COLOUR]
        assert [e.get("font-size") for e in labels] == ["17"]


@pytest.mark.parametrize("n, size", [(3, 240), (4, 300), (5, 150)])
def test_a_picture_knows_its_width_cell_and_margin_in_pixels(n, size):
    """widgets/board.py maps a click to a square with these: the viewBox is the squares and 4 units
    each side, drawn ``width`` pixels wide."""
    picture = svg.classical_board(ClassicalBoard(n), size)
    scale = size / (100 * n + 8)
    assert picture.width == size
    assert picture.cell == pytest.approx(100 * scale) and picture.margin == pytest.approx(4 * scale)
    assert picture.margin * 2 + picture.cell * n == pytest.approx(size)


# =================================================================================================
# Formerly tests/test_board_labels.py.
# Issue 24, item 5: a winning line's label sits off the marks, legibly, on every board size.
#
# The SVG is parsed and every text's box found from its font size: its width measured with
# DejaVu Sans (the boards' font), a letter rising 0.76 em above the baseline and falling 0.24 em
# below (a subscript tspan 3 units lower). The label's box
# must not overlap the box of any other text (marks, the qubit cells' texts, square numbers),
# its box must lie inside one square (on no grid line), and its font on screen, at the size
# the app draws the board, must be at least 12 px.
# =================================================================================================
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
