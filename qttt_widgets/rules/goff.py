"""Goff's quantum tic-tac-toe, as plain Python data.

Squares are 0..8 row by row in code (people see 1..9). The rules:

* A turn places one *spooky mark* of the player to move, numbered by move
  (X1, O2, X3, ...), in two different squares that hold no classical mark.
* Squares are nodes of the *entanglement graph* and marks are its edges. A mark
  that closes a cycle (two marks on the same pair of squares is a cycle too)
  triggers a measurement: the player who did **not** create the cycle chooses one
  of the two squares of the mark just placed. That fixes the whole connected
  component: the cycle resolves one way round and chains hanging off it are forced.
  Collapsed marks become classical marks.
* When only one square without a classical mark is left, the next mark goes
  there as a classical mark (the ninth move).
* After a collapse, lines of three classical marks score. One player only: that
  player wins, 1 point a line (two lines at once score 2). Both players: the line
  whose largest subscript is smaller scores 1, the other 1/2. A full board with
  no line is a draw.

``GoffGame(collapse="random", seed=s)`` plays the same game with the measurement
as a chance node instead (the ESILV rules): a cycle collapses at once, each of
the two outcomes with probability 1/2, decided by a coin that depends only on
the seed and the move number (so undo cannot re-roll it).

>>> g = GoffGame()
>>> g.play(0, 1).play(1, 2).play(0, 2).pending.options      # X3 closes a cycle
(0, 2)
>>> g.to_move                                                # O, who did not make it, chooses
'O'
>>> g.collapse(2).classical[:3]                         # X3 to 2 forces O2 to 1, X1 to 0
(('X', 1), ('O', 2), ('X', 3))
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from .classical import winning_lines
from .errors import IllegalMove, illegal

SQUARES = 9
LINES = winning_lines(3)
_MASK = (1 << 64) - 1


def player_of(sub: int) -> str:
    """X makes the odd-numbered moves, O the even ones."""
    return "X" if sub % 2 else "O"


def _coin(seed: int, sub: int) -> int:
    """A fair bit from (seed, move number): splitmix64, reproducible anywhere."""
    z = (seed * 0x9E3779B97F4A7C15 + (sub + 1) * 0xD1B54A32D192ED03) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return (z ^ (z >> 31)) & 1


@dataclass(frozen=True)
class Pending:
    """A measurement waiting for a choice.

    ``chooser`` picks one of ``options`` (the two squares of mark ``sub``, the mark
    just placed); ``cycle`` lists the squares of the cycle in order, from the first
    option to the second; ``cycle_marks[i]`` is the mark joining ``cycle[i]`` and
    ``cycle[i + 1]``, and the last of them, ``sub``, closes the cycle.
    """

    chooser: str
    sub: int
    options: tuple[int, int]
    cycle: tuple[int, ...]
    cycle_marks: tuple[int, ...]


@dataclass(frozen=True)
class Collapse:
    """What a measurement did: mark ``sub`` went to ``square`` and forced the rest.

    ``placed`` maps each collapsed subscript to its square; ``by`` is the player who
    chose, or ``'chance'`` under random-collapse rules.
    """

    sub: int
    square: int
    placed: tuple[tuple[int, int], ...]
    cycle: tuple[int, ...]
    by: str


class GoffGame:
    """One game of Goff's quantum tic-tac-toe. See the module docstring for the rules."""

    def __init__(self, collapse: str = "goff", seed: int | None = None):
        if collapse not in ("goff", "random"):
            raise ValueError(f"collapse must be 'goff' or 'random', got {collapse!r}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ValueError(f"seed must be an integer or None, got {seed!r}")
        if collapse == "random" and seed is None:
            seed = random.SystemRandom().randrange(1 << 63)
        self.rules = collapse
        self.seed = seed
        self._cls: list = [None] * SQUARES          # None or (player, sub)
        self._marks: dict[int, tuple[int, int]] = {}  # sub -> (a, b), spooky marks only
        self._comp = list(range(SQUARES))           # component label of each square
        self._move = 1                              # subscript of the next mark
        self._pending: Pending | None = None
        self._scores: dict | None = None
        self._last: Collapse | None = None
        self._history: list = []                    # (action, snapshot before it)
        self._future: list = []                     # actions undone, for redo

    # --- reading the state ---------------------------------------------------
    @property
    def classical(self) -> tuple:
        """Nine entries: None, or (player, subscript) of the classical mark there."""
        return tuple(self._cls)

    @property
    def spooky(self) -> tuple:
        """The marks not yet collapsed, as (player, subscript, a, b), oldest first."""
        return tuple((player_of(s), s, a, b) for s, (a, b) in self._marks.items())

    @property
    def to_move(self) -> str:
        """Who places the next mark, or who must choose the pending collapse."""
        return player_of(self._move)

    @property
    def move_number(self) -> int:
        """The subscript the next mark will carry (1 for X's first mark)."""
        return self._move

    @property
    def pending(self) -> Pending | None:
        return self._pending

    @property
    def last_collapse(self) -> Collapse | None:
        """The most recent measurement, or None."""
        return self._last

    @property
    def is_over(self) -> bool:
        return self._scores is not None

    @property
    def scores(self) -> dict | None:
        """None until the game is over; then {'X': points, 'O': points}."""
        return None if self._scores is None else dict(self._scores)

    @property
    def winner(self) -> str | None:
        """The player with more points once the game is over; None for a draw or while playing."""
        s = self._scores
        if s is None or s["X"] == s["O"]:
            return None
        return "X" if s["X"] > s["O"] else "O"

    @property
    def history(self) -> tuple:
        """Actions so far: ('mark', a, b), ('mark', a, b, outcome) under random collapse,
        ('classical', a) and ('collapse', square)."""
        return tuple(action for action, _ in self._history)

    @property
    def redo_stack(self) -> tuple:
        """Actions that ``redo`` would replay, next first."""
        return tuple(reversed(self._future))

    def open_squares(self) -> list[int]:
        """Squares without a classical mark."""
        return [i for i in range(SQUARES) if self._cls[i] is None]

    def marks_in(self, square: int) -> list[tuple[str, int]]:
        """The spooky marks in ``square`` as (player, subscript)."""
        return [(player_of(s), s) for s, (a, b) in self._marks.items() if square in (a, b)]

    def legal_moves(self) -> list:
        """What may be done now: while a collapse is pending, the squares to choose
        from; with one open square left, that square; otherwise every pair (a, b), a < b."""
        if self._scores is not None:
            return []
        if self._pending is not None:
            return list(self._pending.options)
        free = self.open_squares()
        if len(free) == 1:
            return free
        return [(a, b) for i, a in enumerate(free) for b in free[i + 1:]]

    def apply(self, action) -> "GoffGame":
        """Do ``action`` as ``legal_moves`` lists it: a pair, or a single square
        (the collapse choice when one is pending, else the classical last mark)."""
        if isinstance(action, (tuple, list)):
            return self.play(*action)
        if self._pending is not None:
            return self.collapse(action)
        return self.play(action)

    # --- actions -------------------------------------------------------------
    def play(self, a, b=None) -> "GoffGame":
        """Place the mark of ``to_move``: spooky in squares ``a`` and ``b``, or
        classical in ``a`` alone when it is the last open square."""
        self._check_play(a, b)
        if b is None:
            self._do(("classical", a))
        else:
            self._do(("mark", a, b))
        self._future.clear()
        return self

    def collapse(self, square) -> "GoffGame":
        """The chooser sends the mark just placed to ``square``; its whole component collapses."""
        self._check_collapse(square)
        self._do(("collapse", square))
        self._future.clear()
        return self

    def undo(self) -> "GoffGame":
        """Take back the last action (a mark, a collapse, or a mark with its random collapse)."""
        if not self._history:
            raise IllegalMove("nothing to undo: this is the start of the game", rule="nothing-to-undo")
        action, snap = self._history.pop()
        self._restore(snap)
        self._future.append(action)
        return self

    def redo(self) -> "GoffGame":
        """Replay the last undone action exactly."""
        if not self._future:
            raise IllegalMove("nothing to redo", rule="nothing-to-redo")
        self._do(self._future.pop())
        return self

    def copy(self) -> "GoffGame":
        new = GoffGame.__new__(GoffGame)
        new.rules, new.seed = self.rules, self.seed
        new._restore(self._snapshot())
        new._history = list(self._history)
        new._future = list(self._future)
        return new

    # --- checks: each raises IllegalMove naming the rule, before anything changes
    def _check_square(self, sq) -> None:
        if isinstance(sq, bool) or not isinstance(sq, int):
            raise illegal("not-a-square", "squares are whole numbers {0}..{1}, got " +
                          repr(sq).replace("{", "{{").replace("}", "}}"), 0, SQUARES - 1)
        if not 0 <= sq < SQUARES:
            raise illegal("off-board", "square {0} is off the board (squares are {1}..{2})",
                          sq, 0, SQUARES - 1)

    def _check_play(self, a, b) -> None:
        if self._scores is not None:
            raise IllegalMove(f"the game is over ({self.result_text()}); no more moves", rule="game-over")
        p = self._pending
        if p is not None:
            raise illegal("collapse-pending",
                          f"a collapse is pending: {p.chooser} must first choose where "
                          f"{player_of(p.sub)}{p.sub} goes (square {{0}} or {{1}})", *p.options)
        squares = (a,) if b is None else (a, b)
        for sq in squares:
            self._check_square(sq)
        free = self.open_squares()
        if b is not None and len(free) == 1:
            raise illegal("last-square-classical", "only square {0} is left without a classical "
                          "mark: the last mark is classical and goes there alone", free[0])
        for sq in squares:
            if self._cls[sq] is not None:
                who, sub = self._cls[sq]
                raise illegal("classical-square", f"square {{0}} holds the classical mark {who}{sub}; "
                              "marks go only in squares without one", sq)
        if b is None and len(free) != 1:
            raise IllegalMove("a single square is played only when it is the last square "
                              "without a classical mark; a spooky mark needs two squares",
                              rule="single-square")
        if a == b:
            raise illegal("same-square", "a spooky mark needs two different squares, got {0} twice", a)

    def _check_collapse(self, square) -> None:
        if self._scores is not None:
            raise IllegalMove(f"the game is over ({self.result_text()}); nothing to collapse",
                              rule="game-over")
        p = self._pending
        if p is None:
            raise IllegalMove("there is nothing to collapse: no cycle is waiting to be measured",
                              rule="no-collapse")
        self._check_square(square)
        if square not in p.options:
            raise illegal("not-an-option", f"{player_of(p.sub)}{p.sub} can only collapse into "
                          "square {0} or {1}, not {2}", *p.options, square)

    # --- state changes (no checks: callers check first) ------------------------
    def _snapshot(self):
        return (tuple(self._cls), dict(self._marks), tuple(self._comp), self._move,
                self._pending, self._scores, self._last)

    def _restore(self, snap) -> None:
        cls, marks, comp, self._move, self._pending, self._scores, self._last = snap
        self._cls, self._marks, self._comp = list(cls), dict(marks), list(comp)

    def _do(self, action) -> None:
        self._history.append((action, self._snapshot()))
        kind = action[0]
        if kind == "mark":
            outcome = action[3] if len(action) > 3 else None
            recorded = self._place(action[1], action[2], outcome)
            if recorded is not None:            # random collapse: keep its outcome for redo/records
                self._history[-1] = (recorded, self._history[-1][1])
        elif kind == "collapse":
            p = self._pending
            self._pending = None
            self._measure(p.sub, action[1], p.cycle, p.chooser)
        else:                                   # the classical last mark
            self._cls[action[1]] = (player_of(self._move), self._move)
            self._move += 1
            self._score()

    def _place(self, a: int, b: int, outcome: int | None):
        sub = self._move
        comp = self._comp
        cycle_made = comp[a] == comp[b]
        if not cycle_made:
            old, new = comp[b], comp[a]
            for i in range(SQUARES):
                if comp[i] == old:
                    comp[i] = new
        self._marks[sub] = (a, b)
        self._move = sub + 1
        if not cycle_made:
            return None
        cycle, cycle_marks = self._cycle_through(sub)
        if self.rules == "goff":
            self._pending = Pending(player_of(sub + 1), sub, (a, b), cycle, cycle_marks)
            return None
        if outcome is None:
            outcome = (a, b)[_coin(self.seed, sub)]
        self._measure(sub, outcome, cycle, "chance")
        return ("mark", a, b, outcome)

    def _cycle_through(self, sub: int):
        """The cycle closed by mark ``sub``: the path from its first square to its
        second through the other marks (which form a tree), in order."""
        a, b = self._marks[sub]
        parent = {a: None}
        queue = [a]
        for u in queue:
            if u == b:
                break
            for s, (x, y) in self._marks.items():
                if s == sub or (x != u and y != u):
                    continue
                v = y if x == u else x
                if v not in parent:
                    parent[v] = (u, s)
                    queue.append(v)
        squares, marks = [b], [sub]
        node = b
        while parent[node] is not None:
            node, s = parent[node]
            squares.append(node)
            marks.append(s)
        squares.reverse()
        marks.reverse()     # marks[i] joins squares[i] and squares[i+1]; the last, `sub`, closes b -> a
        return tuple(squares), tuple(marks)

    def _measure(self, sub: int, square: int, cycle, by: str) -> None:
        """Mark ``sub`` goes to ``square``; every other mark of its component is forced."""
        marks, cls = self._marks, self._cls
        placed = [(sub, square)]
        cls[square] = (player_of(sub), sub)
        del marks[sub]
        queue = [square]
        for u in queue:
            for s, (x, y) in list(marks.items()):
                if x == u or y == u:
                    v = y if x == u else x
                    cls[v] = (player_of(s), s)
                    del marks[s]
                    placed.append((s, v))
                    queue.append(v)
        self._last = Collapse(sub, square, tuple(sorted(placed)), tuple(cycle), by)
        self._score()

    def _score(self) -> None:
        cls = self._cls
        x_lines, o_lines = [], []
        for i, j, k in LINES:
            ci = cls[i]
            if ci is None or cls[j] is None or cls[k] is None:
                continue
            p = ci[0]
            if cls[j][0] == p and cls[k][0] == p:
                (x_lines if p == "X" else o_lines).append(max(ci[1], cls[j][1], cls[k][1]))
        if x_lines and o_lines:
            x_first = min(x_lines) < min(o_lines)
            self._scores = {"X": 1.0 if x_first else 0.5, "O": 0.5 if x_first else 1.0}
        elif x_lines or o_lines:
            self._scores = {"X": float(len(x_lines)), "O": float(len(o_lines))}
        elif None not in cls:
            self._scores = {"X": 0.0, "O": 0.0}

    # --- lines and results ------------------------------------------------------
    def lines(self) -> list[tuple[str, tuple[int, int, int], int]]:
        """Completed lines of classical marks as (player, squares, largest subscript)."""
        out = []
        for line in LINES:
            marks = [self._cls[i] for i in line]
            if None not in marks and len({m[0] for m in marks}) == 1:
                out.append((marks[0][0], line, max(m[1] for m in marks)))
        return out

    def result_text(self) -> str:
        """'X wins 1 - 0', 'X 1 - O 1/2', 'draw', or 'in play'."""
        s = self._scores
        if s is None:
            return "in play"
        if s["X"] == s["O"]:
            return "draw"

        def pts(v: float) -> str:
            return "1/2" if v == 0.5 else str(int(v))
        return f"X {pts(s['X'])} - O {pts(s['O'])}"

    # --- records ----------------------------------------------------------------
    def notation(self) -> str:
        """The moves in the short text notation (squares 1..9), e.g. '19 59 15(5)'."""
        from .records import format_actions
        return format_actions(self.history)

    def to_record(self) -> dict:
        """A JSON-safe dict that ``GoffGame.from_record`` restores exactly."""
        from .records import goff_to_record
        return goff_to_record(self)

    @classmethod
    def from_record(cls, record) -> "GoffGame":
        """Rebuild a game from ``to_record`` output (or its JSON text); a damaged
        record raises RecordError saying what is wrong."""
        from .records import goff_from_record
        return goff_from_record(record)

    # --- display -----------------------------------------------------------------
    def __str__(self) -> str:
        rows = []
        for r in range(3):
            cells = []
            for c in range(3):
                sq = 3 * r + c
                if self._cls[sq] is not None:
                    who, sub = self._cls[sq]
                    cells.append(f"[{who}{sub}]".ljust(12))
                else:
                    cells.append((" ".join(f"{p}{s}" for p, s in self.marks_in(sq)) or ".").ljust(12))
            rows.append("|".join(cells).rstrip())
        return "\n".join(rows)

    def __repr__(self) -> str:
        return f"<GoffGame rules={self.rules} moves={self.notation()!r} {self.result_text()}>"

    def _repr_html_(self) -> str:
        cells = []
        for sq in range(SQUARES):
            c = self._cls[sq]
            if c is not None:
                body = f"<span style='font-size:1.8em'>{c[0]}<sub>{c[1]}</sub></span>"
            else:
                body = " ".join(f"{p}<sub>{s}</sub>" for p, s in self.marks_in(sq))
            cells.append(f"<td style='width:4.5em;height:3.5em;text-align:center;vertical-align:middle;"
                         f"border:1px solid #888'>{body}</td>")
        rows = "".join("<tr>" + "".join(cells[3 * r:3 * r + 3]) + "</tr>" for r in range(3))
        status = self.result_text()
        if self._pending:
            p = self._pending
            status = (f"{p.chooser} chooses: {player_of(p.sub)}{p.sub} to square "
                      f"{p.options[0] + 1} or {p.options[1] + 1}")
        elif self._scores is None:
            status = f"{self.to_move} to move"
        return (f"<table style='border-collapse:collapse'>{rows}</table>"
                f"<div style='font-family:sans-serif'>{status}</div>")
