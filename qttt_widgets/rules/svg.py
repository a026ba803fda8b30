"""Boards drawn as SVG text (as python-chess draws chess boards in ``chess/svg.py``).

It sits in ``rules`` (pure Python, strings only) so that every game shows itself with the same
drawing in a notebook (``_repr_html_``); the widgets draw with it too (``widgets.svg``).

Plain strings, no matplotlib: crisp at any size, a few milliseconds, the same in JupyterLab,
Colab, Voila and a static render on GitHub or nbviewer. ``board(game)`` takes a Goff game, a
classical board or a qubit-per-cell game; the result shows itself in a notebook.

Goff's board: each spooky mark sits in a fixed place inside its square (mark k in cell k of
a small 3 x 3 grid, so a mark never moves as a square fills); classical marks are large; the
squares of a cycle waiting to be measured are outlined; completed lines are struck through
and labelled with their largest subscript.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any, Union

if TYPE_CHECKING:                      # the games import this module to show themselves
    from .classical import ClassicalBoard
    from .goff import GoffGame
    from .qubit_board import QubitGame

X_COLOUR, O_COLOUR, CYCLE_COLOUR, LINE_COLOUR = "#c0392b", "#1f6fb4", "#e67e00", "#2e8b57"
# square fills for what a player is doing: a chosen square, the squares a collapse may choose
SELECTED_FILL, OPTION_FILL = "#ffe08a", "#ffd3a1"
SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def _colour(player: str) -> str:
    return X_COLOUR if player == "X" else O_COLOUR


class SvgPicture(str):
    """SVG text that shows itself as a picture in a notebook (and is a ``str`` otherwise).

    A board's drawing also says where its squares are on screen, so that a view can lay
    buttons over them without reading the SVG: ``width`` (pixels), ``cell`` (a square's side,
    pixels) and ``margin`` (the frame around the squares, pixels); None for other drawings."""

    width: int | None = None
    cell: float | None = None
    margin: float | None = None

    def _repr_svg_(self) -> str:
        return str(self)


def _frame(n: int, size: int, cell: int, body: list[str], title: str) -> SvgPicture:
    side = n * cell
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-4 -4 {side + 8} {side + 8}" '
            f'width="{size}" height="{size}" role="img" aria-label="{escape(title)}" '
            f'font-family="DejaVu Sans, Arial, sans-serif">'
            f'<title>{escape(title)}</title>'
            f'<rect x="0" y="0" width="{side}" height="{side}" fill="#fffdf8" stroke="#444" stroke-width="2"/>')
    grid = [f'<line x1="{i * cell}" y1="0" x2="{i * cell}" y2="{side}" stroke="#444" stroke-width="2"/>'
            f'<line x1="0" y1="{i * cell}" x2="{side}" y2="{i * cell}" stroke="#444" stroke-width="2"/>'
            for i in range(1, n)]
    picture = SvgPicture(head + "".join(grid) + "".join(body) + "</svg>")
    scale = size / (side + 8)          # the viewBox: the squares and a margin of 4 units each side
    picture.width, picture.cell, picture.margin = size, cell * scale, 4 * scale
    return picture


def _fill(sq: int, n: int, cell: int, colour: str) -> str:
    r, c = divmod(sq, n)
    return f'<rect x="{c * cell}" y="{r * cell}" width="{cell}" height="{cell}" fill="{colour}"/>'


def _fills(n: int, cell: int, selected: Iterable[int] = ()) -> list[str]:
    return [_fill(sq, n, cell, SELECTED_FILL) for sq in selected]


def _square_number(sq: int, x: float, y: float, cell: int) -> str:
    return (f'<text x="{x + cell - 5}" y="{y + cell - 6}" font-size="{cell * 0.13:.0f}" fill="#999" '
            f'text-anchor="end">{sq + 1}</text>')


def _big_mark(text: str, player: str, x: float, y: float, cell: int) -> str:
    return (f'<text x="{x + cell / 2}" y="{y + cell * 0.66}" font-size="{cell * 0.5:.0f}" font-weight="bold" '
            f'fill="{_colour(player)}" text-anchor="middle">{escape(text)}</text>')


# a struck line's label: in the top strip of one of the line's own squares, above its big mark
# (a big mark's letters start 0.30 of a square down), so it covers no mark; the font size is in
# board units (a square is 100): 14 for Goff's "X, largest 5", 17 for a "X's line"
LABEL_BASELINE = 0.21


def _label_squares(lines: Sequence[Sequence[int]]) -> list[int]:
    """For each line, the square whose top strip carries its label: the line's middle square,
    or the nearest one to it that no earlier label took (two lines may share their middle)."""
    taken: set[int] = set()
    out = []
    for line in lines:
        middle = (len(line) - 1) / 2
        order = sorted(range(len(line)), key=lambda i: (abs(i - middle), i))
        sq = next((line[i] for i in order if line[i] not in taken), line[order[0]])
        taken.add(sq)
        out.append(sq)
    return out


def _strike(line: Sequence[int], n: int, cell: int, label: str, at: int, size: int = 14) -> str:
    """The line struck through from its first square's centre to its last's, and ``label`` in
    the top strip of square ``at`` (one of the line's squares, chosen by ``_label_squares``)."""
    (r1, c1), (r2, c2) = divmod(line[0], n), divmod(line[-1], n)
    x1, y1 = c1 * cell + cell / 2, r1 * cell + cell / 2
    x2, y2 = c2 * cell + cell / 2, r2 * cell + cell / 2
    r, c = divmod(at, n)
    lx, ly = c * cell + cell / 2, r * cell + cell * LABEL_BASELINE
    return (f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{LINE_COLOUR}" stroke-width="6" '
            f'stroke-linecap="round" opacity="0.75"/>'
            f'<text x="{lx:g}" y="{ly:g}" font-size="{size}" fill="{LINE_COLOUR}" font-weight="bold" '
            f'text-anchor="middle" stroke="white" stroke-width="3" paint-order="stroke">{escape(label)}</text>')


def goff_board(game: "GoffGame", size: int = 300, selected: Iterable[int] = ()) -> SvgPicture:
    """Goff's board: spooky marks in fixed places, classical marks, a pending cycle (the
    squares its collapse may choose filled), lines; ``selected`` squares (a first click) filled."""
    cell = 100
    pending = game.pending
    cycle = set(pending.cycle) if pending else set()
    options = set(pending.options) if pending else set()
    body = _fills(3, cell, selected) + [_fill(sq, 3, cell, OPTION_FILL) for sq in sorted(options)]
    for sq in range(9):
        r, c = divmod(sq, 3)
        x, y = c * cell, r * cell
        if sq in cycle:
            width = 6 if sq in options else 3
            body.append(f'<rect x="{x + 3}" y="{y + 3}" width="{cell - 6}" height="{cell - 6}" fill="none" '
                        f'stroke="{CYCLE_COLOUR}" stroke-width="{width}" stroke-dasharray="{"" if sq in options else "8 5"}"/>')
        body.append(_square_number(sq, x, y, cell))
        mark = game.classical[sq]
        if mark is not None:
            body.append(_big_mark(f"{mark[0]}{str(mark[1]).translate(SUB)}", mark[0], x, y, cell))
    for player, s, a, b in game.spooky:
        k = (s - 1) % 9
        dr, dc = divmod(k, 3)
        for sq in (a, b):
            r, c = divmod(sq, 3)
            px, py = c * cell + 8 + dc * 28 + 12, r * cell + 8 + dr * 28 + 19
            body.append(f'<text x="{px}" y="{py}" font-size="17" fill="{_colour(player)}" text-anchor="middle">'
                        f'{player}<tspan font-size="12" dy="3">{s}</tspan></text>')
    lines = game.lines()
    for (player, line, top), at in zip(lines, _label_squares([line for _p, line, _t in lines])):
        body.append(_strike(line, 3, cell, f"{player}, largest {top}", at))
    # the title says no more than the picture shows (a task may ask for the record)
    title = "Goff board, empty" if not game.history else (
        f"Goff board after {len(game.history)} action{'s' if len(game.history) != 1 else ''}")
    return _frame(3, size, cell, body, title)


def classical_board(board: "ClassicalBoard", size: int = 240, selected: Iterable[int] = ()) -> SvgPicture:
    """A classical n x n board ('X', 'O' or empty squares); every winning line struck through."""
    from qttt_widgets.rules.classical import winning_lines
    n, cell = board.n, 100
    body = _fills(n, cell, selected)
    for sq, v in enumerate(board.cells):
        r, c = divmod(sq, n)
        body.append(_square_number(sq, c * cell, r * cell, cell))
        if v in ("X", "O"):
            body.append(_big_mark(v, v, c * cell, r * cell, cell))
    won = [line for line in winning_lines(n, board.k)
           if board.cells[line[0]] in ("X", "O") and all(board.cells[i] == board.cells[line[0]] for i in line)]
    for line, at in zip(won, _label_squares(won)):
        body.append(_strike(line, n, cell, f"{board.cells[line[0]]}'s line", at, size=17))
    return _frame(n, size, cell, body, f"classical {n} x {n} board")


def qubit_board(game: "QubitGame", size: int = 300, selected: Iterable[int] = ()) -> SvgPicture:
    """The qubit-per-cell board: X / O cells, quantum cells with their group and P(X);
    ``selected`` cells (chosen for a move) filled."""
    n, cell = game.n, 100
    probs = game.cell_probabilities()
    names = {c: chr(97 + k) for k, grp in enumerate(game.groups) for c in grp.cells}
    body = _fills(n, cell, selected)
    for sq, v in enumerate(game.cells):
        r, c = divmod(sq, n)
        x, y = c * cell, r * cell
        body.append(_square_number(sq, x, y, cell))
        if v in ("X", "O"):
            body.append(_big_mark(v, v, x, y, cell))
        elif v == "Q":
            px = probs[sq]["X"]
            body.append(f'<rect x="{x + 6}" y="{y + 6}" width="{cell - 12}" height="{cell - 12}" rx="10" '
                        f'fill="#f3ecff" stroke="#7b4fc9" stroke-width="2" stroke-dasharray="6 4"/>'
                        f'<text x="{x + cell / 2}" y="{y + 42}" font-size="20" fill="#5b2fa9" text-anchor="middle">'
                        f'?{names.get(sq, "")}</text>'
                        f'<text x="{x + cell / 2}" y="{y + 68}" font-size="15" fill="#333" text-anchor="middle">'
                        f'P(X) {px:.2f}</text>')
    lines = game.lines()
    for (player, line), at in zip(lines, _label_squares([line for _p, line in lines])):
        body.append(_strike(line, n, cell, f"{player}'s line", at, size=17))
    return _frame(n, size * n // 3 if n > 3 else size, cell, body, f"qubit board {n} x {n}")


def board(game: Union["GoffGame", "ClassicalBoard", "QubitGame"], size: int = 300,
          selected: Iterable[int] = ()) -> SvgPicture:
    """The SVG picture of any of the project's games (``selected``: squares to fill)."""
    from .classical import ClassicalBoard
    from .goff import GoffGame
    from .qubit_board import QubitGame
    if isinstance(game, GoffGame):
        return goff_board(game, size, selected)
    if isinstance(game, ClassicalBoard):
        return classical_board(game, size, selected)
    if isinstance(game, QubitGame):
        return qubit_board(game, size, selected)
    raise TypeError(f"no board picture for {type(game).__name__}")


def goff_graph(game: "GoffGame", size: int = 320) -> SvgPicture:
    """Goff's entanglement graph: squares at their board places, one curved edge per spooky
    mark with its label on the edge's own midpoint (marks on the same pair bend apart), the
    cycle waiting to be measured drawn thick and dashed, classical squares filled."""
    step, pad = 110, 50
    centre = {sq: (pad + (sq % 3) * step, pad + (sq // 3) * step) for sq in range(9)}
    pending = game.pending
    cycle_marks = set(pending.cycle_marks) if pending else set()
    cycle = set(pending.cycle) if pending else set()
    body, labels = [], []
    seen: dict[tuple, int] = {}
    for player, s, a, b in game.spooky:
        pair = (min(a, b), max(a, b))
        k = seen.get(pair, 0)
        seen[pair] = k + 1
        bend = [0.22, -0.22, 0.45, -0.45, 0.68, -0.68][k % 6]
        (x1, y1), (x2, y2) = centre[pair[0]], centre[pair[1]]
        dx, dy = x2 - x1, y2 - y1
        cx, cy = (x1 + x2) / 2 - bend * dy, (y1 + y2) / 2 + bend * dx       # the curve's control point
        mx, my = 0.25 * x1 + 0.5 * cx + 0.25 * x2, 0.25 * y1 + 0.5 * cy + 0.25 * y2   # its midpoint
        in_cycle = s in cycle_marks
        colour = CYCLE_COLOUR if in_cycle else _colour(player)
        dash = ' stroke-dasharray="9 5"' if in_cycle else ""
        body.append(f'<path d="M{x1},{y1} Q{cx:.1f},{cy:.1f} {x2},{y2}" fill="none" stroke="{colour}" '
                    f'stroke-width="{5 if in_cycle else 2.5}"{dash}/>')
        labels.append(f'<text x="{mx:.1f}" y="{my + 5:.1f}" font-size="15" font-weight="bold" fill="{colour}" '
                      f'text-anchor="middle" stroke="white" stroke-width="4" paint-order="stroke">'
                      f'{player}{str(s).translate(SUB)}</text>')
    nodes = []
    for sq, (x, y) in centre.items():
        mark = game.classical[sq]
        if mark is not None:
            nodes.append(f'<circle cx="{x}" cy="{y}" r="22" fill="{_colour(mark[0])}"/>'
                         f'<text x="{x}" y="{y + 6}" font-size="17" font-weight="bold" fill="white" '
                         f'text-anchor="middle">{mark[0]}{str(mark[1]).translate(SUB)}</text>')
        else:
            ring = CYCLE_COLOUR if sq in cycle else "#555"
            width = 4 if sq in cycle else 2
            nodes.append(f'<circle cx="{x}" cy="{y}" r="22" fill="white" stroke="{ring}" stroke-width="{width}"/>'
                         f'<text x="{x}" y="{y + 6}" font-size="16" fill="#444" text-anchor="middle">{sq + 1}</text>')
    side = 2 * pad + 2 * step
    title = "entanglement graph"
    if pending:
        title += ": cycle " + "→".join(str(c + 1) for c in pending.cycle) + f"→{pending.cycle[0] + 1}"
    caption = (f'<text x="{side / 2}" y="{side + 14}" font-size="14" fill="#333" text-anchor="middle">'
               f'{escape(title)}</text>')
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side + 24}" width="{size}" '
            f'height="{size * (side + 24) // side}" role="img" aria-label="{escape(title)}" '
            f'font-family="DejaVu Sans, Arial, sans-serif"><title>{escape(title)}</title>')
    return SvgPicture(head + "".join(body) + "".join(nodes) + "".join(labels) + caption + "</svg>")


def _heat(v: float) -> str:
    """A red (X likely) / white / blue (O likely) fill for P(X) - P(O) in [-1, 1]."""
    v = max(-1.0, min(1.0, v))
    r, g, b = ((255, int(255 - 120 * v), int(255 - 130 * v)) if v >= 0 else
               (int(255 + 130 * v), int(255 + 90 * v), 255))
    return f"#{r:02x}{g:02x}{b:02x}"


def ensemble(boards: Iterable[Sequence[Any]], labels: Sequence[str], probs: Sequence[Mapping[str, Any]],
             n: int = 3, shown: int = 24, width: int = 540) -> SvgPicture:
    """The classical ensemble: the first ``shown`` small boards (entries None, 'X'/'O' or
    (player, subscript)), each with its label, and the per-square odds as a heat map with
    P(X), P(O) and P(empty) written in each square (crisp text at any size)."""
    cols, small, gap = 6, 80, 10
    boards = list(boards)[:shown]
    rows = max(1, -(-len(boards) // cols))
    body = []
    for k, board in enumerate(boards):
        ox, oy = (k % cols) * (small + gap), (k // cols) * (small + gap + 14)
        c = small / n
        body.append(f'<rect x="{ox}" y="{oy}" width="{small}" height="{small}" fill="#fffdf8" stroke="#666"/>')
        for i in range(1, n):
            body.append(f'<line x1="{ox + i * c:.1f}" y1="{oy}" x2="{ox + i * c:.1f}" y2="{oy + small}" stroke="#999"/>'
                        f'<line x1="{ox}" y1="{oy + i * c:.1f}" x2="{ox + small}" y2="{oy + i * c:.1f}" stroke="#999"/>')
        for sq, mark in enumerate(board):
            if mark is None:
                continue
            player, text = (mark, mark) if isinstance(mark, str) else (mark[0], f"{mark[0]}{str(mark[1]).translate(SUB)}")
            r, col = divmod(sq, n)
            body.append(f'<text x="{ox + (col + 0.5) * c:.1f}" y="{oy + (r + 0.5) * c + 5:.1f}" font-size="{14 if n == 3 else 10}" '
                        f'font-weight="bold" fill="{_colour(player)}" text-anchor="middle">{escape(text)}</text>')
        if k < len(labels) and labels[k]:
            body.append(f'<text x="{ox + small / 2}" y="{oy + small + 12}" font-size="11" fill="#333" '
                        f'text-anchor="middle">{escape(labels[k])}</text>')
    top = rows * (small + gap + 14) + 10
    cell = 84 if n == 3 else 64 if n == 4 else 52
    left = (cols * (small + gap) - n * cell) / 2
    body.append(f'<text x="{left + n * cell / 2}" y="{top + 14}" font-size="13" fill="#333" text-anchor="middle">'
                'per square: P(X), P(O), P(empty) — red: X likely, blue: O likely</text>')
    for sq, p in enumerate(probs):
        r, col = divmod(sq, n)
        x, y = left + col * cell, top + 24 + r * cell
        px, po, pe = float(p["X"]), float(p["O"]), float(p["empty"])
        body.append(f'<rect x="{x:.1f}" y="{y}" width="{cell}" height="{cell}" fill="{_heat(px - po)}" stroke="#444"/>')
        for j, (name, v) in enumerate((("X", px), ("O", po), ("·", pe))):
            body.append(f'<text x="{x + cell / 2:.1f}" y="{y + cell * (0.3 + 0.26 * j):.1f}" font-size="{12 if n < 5 else 10}" '
                        f'fill="#111" text-anchor="middle">{name} {v:.2f}</text>')
    side_w = cols * (small + gap)
    side_h = top + 24 + n * cell + 4
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 {side_w + 4} {side_h + 4}" width="{width}" '
            f'height="{int(width * (side_h + 4) / (side_w + 4))}" role="img" aria-label="classical ensemble" '
            f'font-family="DejaVu Sans, Arial, sans-serif"><title>classical ensemble</title>')
    return SvgPicture(head + "".join(body) + "</svg>")
