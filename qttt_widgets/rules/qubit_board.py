"""The qubit-per-cell game (seed 002), as plain data: gates are recorded, not simulated.

Every cell of an n x n board is one qubit: X is |1>, O is |0>. A turn is one of

* ``place(c)``            a classical mark of the player to move (an X gate for X, nothing for O);
* ``swap(a, b)``          SWAP the states of two different occupied cells;
* ``superpose(c)``        H on an empty cell: it becomes X or O with probability 1/2 each;
* ``phase(c, gate)``      H, then S / T / S-and-T, then H on an empty cell: interference tilts
                          the odds (T: X with probability 0.146, S: 0.5, ST: 0.854);
* ``entangle(cells, level)``  two or three empty cells in one of four states, built with the
                          seed's gates: Lv1 Psi+ (|01>+|10>)/sqrt2, Lv2 GHZ with X flips
                          (|010>+|101>)/sqrt2, Lv3 Phi+ (|00>+|11>)/sqrt2, Lv4 GHZ (|000>+|111>)/sqrt2;
* ``collapse()``          measure every quantum cell (only when something is quantum).

Measurement also happens by itself when no cell is empty, or when some line is fully
occupied and could be completed by measurement (a *potential winning line*).

Why no simulator is needed here: no gate of this game acts across two groups of
entangled cells except SWAP, which only moves states between cells. So the board is
always classical bits plus small independent groups (1 to 3 qubits), and each group's
outcome table is fixed by the move that made it. ``qttt_widgets.quantum`` builds the
real circuit and checks that it gives exactly these tables.

Bad input raises IllegalMove naming the rule; the game is then exactly as before.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence, Union

from .classical import winning_lines
from .limits import MAX_SHOTS, check_moves, check_seed, check_shots, read_envelope
from .errors import IllegalMove, RecordError, illegal, shown, whole_number
from .game import Game, result_outcome
from .game import Outcome as GameOutcome

Move = Union[tuple[str], tuple[str, int], tuple[str, int, int], tuple[str, int, str],
             tuple[str, int, tuple[int, ...]]]
"""A move as ``legal_moves`` lists it: ('place', c), ('h', c), ('phase', c, gate),
('swap', a, b), ('entangle', level, cells) or ('collapse',); cells are 0.. in code."""
Outcome = tuple[tuple[int, str], ...]
"""What a measurement gave: ((cell, 'X' or 'O'), ...), sorted by cell."""


class QubitMove(tuple):
    """A move of the qubit game, as ``legal_moves`` lists it and ``history`` records it.

    It is the plain tuple the game has always used -- ``('place', c)``, ``('h', c)``,
    ``('phase', c, gate)``, ``('swap', a, b)``, ``('entangle', level, cells)``,
    ``('collapse',)`` -- with the tuple's ``repr`` and ``str``, so printed moves read as before:

    >>> m = QubitMove(("swap", 0, 3))
    >>> m == ("swap", 0, 3), m.kind, m.describe(), m
    (True, 'swap', 'SWAP of cells 1 and 4', ('swap', 0, 3))
    """

    __slots__ = ()

    @property
    def kind(self) -> str:
        return self[0]

    def describe(self) -> str:
        """The move in words, cells counted from 1."""
        return describe_move(self)


class QubitStep(tuple):
    """One step of ``QubitGame.history``: ``action``, the move, and ``outcome``, what the
    measurement it caused gave (((cell, 'X' or 'O'), ...), or None). It is the (move, outcome)
    pair the history has always held (and prints as one)."""

    __slots__ = ()

    @property
    def action(self) -> QubitMove:
        return self[0]

    @property
    def outcome(self) -> Outcome | None:
        return self[1]

MARK = {0: "O", 1: "X"}
BIT = {"O": 0, "X": 1}

# Risk levels: name, number of cells, the seed's gates on the chosen cells q0, q1(, q2),
# and the outcome table (bits of q0, q1(, q2); 1 = X).
LEVELS: dict[int, tuple[str, int, tuple[tuple[Any, ...], ...], dict[tuple[int, ...], float]]] = {
    1: ("Psi+", 2, (("h", 0), ("x", 1), ("cx", 0, 1)), {(0, 1): 0.5, (1, 0): 0.5}),
    2: ("GHZ-X", 3, (("h", 0), ("x", 1), ("x", 2), ("cx", 0, 1), ("cx", 1, 2)),
        {(0, 1, 0): 0.5, (1, 0, 1): 0.5}),
    3: ("Phi+", 2, (("h", 0), ("cx", 0, 1)), {(0, 0): 0.5, (1, 1): 0.5}),
    4: ("GHZ", 3, (("h", 0), ("cx", 0, 1), ("cx", 1, 2)), {(0, 0, 0): 0.5, (1, 1, 1): 0.5}),
}
LEVEL_STATES = {1: "(|01> + |10>)/sqrt2", 2: "(|010> + |101>)/sqrt2",
                3: "(|00> + |11>)/sqrt2", 4: "(|000> + |111>)/sqrt2"}

# Phase moves: H, then these gates, then H. The phase phi gives P(X) = (1 - cos phi) / 2.
PHASES = {"S": math.pi / 2, "T": math.pi / 4, "ST": 3 * math.pi / 4}


def phase_probability(gate: str) -> float:
    """P(the cell measures X) after the phase move with ``gate``."""
    return (1 - math.cos(PHASES[gate])) / 2


@dataclass(frozen=True)
class Group:
    """Quantum cells whose outcomes are decided together.

    ``cells[i]`` holds qubit i of the group; ``table`` maps outcome bits (one per
    qubit, 1 = X) to their probabilities; ``made_by`` is the move that created it.
    """

    cells: tuple[int, ...]
    table: tuple[tuple[tuple[int, ...], float], ...]
    made_by: tuple

    def outcomes(self) -> dict[tuple[int, ...], float]:
        return dict(self.table)


class QubitGame(Game):
    """One game of the qubit-per-cell variant. See the module docstring.

    Options: ``n`` (3 to 5) and ``k`` in a row (default n); ``levels``, the risk levels
    allowed (default: pairwise 1 and 3 on 3 x 3, as the seed recommends; all on larger
    boards); ``measurement``: ``"shot"`` (one honest shot, default) or ``"most-frequent"``
    (the most frequent of ``shots`` shots, the seed's original); ``both_lines``: what
    happens when both players have lines after a measurement -- ``"count"`` (more lines
    wins, equal is a draw; default) or ``"draw"``; ``collapse_costs_turn`` (default
    False); ``seed`` for measurements; ``measurer``, a callable ``measurer(game)``
    returning {cell: 'X' or 'O'} for the quantum cells (``qttt_widgets.quantum`` offers
    one that runs the circuit on Aer); without one, outcomes are drawn from the exact
    tables with a generator seeded by (seed, move number), so undo cannot re-roll them.

    Cells may be given as any whole number (``4``, ``numpy.int64(4)``); ``True``, ``4.0`` and
    ``"4"`` are refused with IllegalMove, whose message counts cells from 1.

    **Equality.** Two games are equal (``==``) when they are the same position with the same
    future: the same options (n, k, levels, measurement, shots, both_lines,
    collapse_costs_turn), the same cells, the same quantum groups (cells and outcome tables),
    the same player to move and result, and what decides the coming measurements: the same
    seed and number of turns taken (the generator is seeded by both) and the same
    ``measurer``. The way the position was reached, the redo stack, the last outcome and the
    moves since the last measurement (which only the circuit drawing uses) are not compared.
    A game changes, so it is not hashable: ``game.key()`` is its immutable key.

    It keeps the games' contract (``rules.game.Game``): ``scores`` counts each player's lines,
    while ``outcome().points`` are the game's points (1 to the winner, ½ each for a draw).

    ``repr(game)`` is ``QubitGame.from_record({...})``: evaluated with ``QubitGame`` in scope it
    rebuilds an equal game when it has no ``measurer``: a record cannot carry a function, so
    ``from_record(record, measurer=...)`` (or ``registry.load``) is given it again.
    """

    kind = "qubit"
    FORMAT = "qttt-qubit"
    MUTATORS = ("apply", "undo", "redo", "place", "swap", "superpose", "phase", "entangle", "collapse")

    def __init__(self, n: int = 3, k: int | None = None, levels: Sequence[int] | None = None,
                 measurement: str = "shot", shots: int = 1024, both_lines: str = "count",
                 collapse_costs_turn: bool = False, seed: int | None = None,
                 measurer: Callable[["QubitGame"], Any] | None = None):
        if isinstance(n, bool) or not isinstance(n, int) or not 3 <= n <= 5:
            raise ValueError(f"the board is 3 x 3 to 5 x 5; got n={shown(n)}")
        k = n if k is None else k
        if isinstance(k, bool) or not isinstance(k, int) or not 3 <= k <= n:
            raise ValueError(f"k (in a row) must be between 3 and n={n}; got {shown(k)}")
        if levels is None:
            levels = (1, 3) if n == 3 else (1, 2, 3, 4)
        if not isinstance(levels, (list, tuple, set, frozenset, range)) or \
                any(whole_number(v) not in LEVELS for v in levels) or not levels:
            raise ValueError(f"risk levels are a non-empty list of 1, 2, 3, 4; got {shown(levels)}")
        levels = tuple(sorted({int(v) for v in levels}))
        if not isinstance(measurement, str) or measurement not in ("shot", "most-frequent"):
            raise ValueError(f"measurement must be 'shot' or 'most-frequent'; got {shown(measurement)}")
        if isinstance(shots, bool) or not isinstance(shots, int) or not 1 <= shots <= MAX_SHOTS:
            raise ValueError(f"shots must be a whole number from 1 to {MAX_SHOTS:,}; got {shown(shots)}")
        if not isinstance(both_lines, str) or both_lines not in ("count", "draw"):
            raise ValueError(f"both_lines must be 'count' or 'draw'; got {shown(both_lines)}")
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 63)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be a whole number; got {shown(seed)}")
        self.n, self.k, self.levels = n, k, levels
        self.measurement, self.shots, self.both_lines = measurement, shots, both_lines
        self.collapse_costs_turn = bool(collapse_costs_turn)
        self.seed = seed
        self.measurer = measurer
        self.lines_all = winning_lines(n, k)
        self._cells: list = [None] * (n * n)      # None, 'X', 'O' or 'Q'
        self._groups: list[Group] = []
        self._start: tuple = tuple(self._cells)   # classical marks when the quantum segment began
        self._segment: list[tuple] = []           # moves since the last measurement (for the circuit)
        self._ply = 0                             # turns taken
        self._to_move = "X"
        self._result: str | None = None
        self._last_outcome: tuple | None = None
        self._history: list = []                  # ((move, outcome), snapshot before)
        self._future: list = []

    # --- reading --------------------------------------------------------------
    @property
    def size(self) -> int:
        return self.n * self.n

    @property
    def cells(self) -> tuple:
        """Each cell: None (empty), 'X' or 'O' (classical), or 'Q' (quantum)."""
        return tuple(self._cells)

    @property
    def groups(self) -> tuple[Group, ...]:
        return tuple(self._groups)

    @property
    def to_move(self) -> str:
        return self._to_move

    @property
    def ply(self) -> int:
        """Turns taken so far."""
        return self._ply

    @property
    def segment(self) -> tuple:
        """(classical marks when the unmeasured part began, moves since): what the circuit is
        built from. Classical moves appear as ('place', cell, mark)."""
        return self._start, tuple(self._segment)

    @property
    def is_over(self) -> bool:
        return self._result is not None

    @property
    def result(self) -> str | None:
        """'X', 'O', 'draw', or None while the game goes on."""
        return self._result

    @property
    def scores(self) -> dict | None:
        """Lines of each player once the game is over, else None."""
        if self._result is None:
            return None
        lines = self.lines()
        return {p: sum(1 for who, _ in lines if who == p) for p in ("X", "O")}

    @property
    def last_outcome(self) -> dict | None:
        """What the last measurement gave: {cell: 'X' or 'O'}."""
        return None if self._last_outcome is None else dict(self._last_outcome)

    # ``history`` and ``redo_stack`` (``Game``) list ``QubitStep``s: (move, outcome) pairs, the
    # outcome being the measurement the move caused, or None.
    @staticmethod
    def _step(entry: tuple) -> QubitStep:
        return QubitStep(entry)

    def current_player(self) -> str | None:
        """'X' or 'O', or None once the game is over."""
        return None if self._result is not None else self._to_move

    def outcome(self) -> GameOutcome:
        return result_outcome(self._result, self._result_text())

    def group_of(self, cell: int) -> Group | None:
        for g in self._groups:
            if cell in g.cells:
                return g
        return None

    def quantum_cells(self) -> list[int]:
        return [i for i, c in enumerate(self._cells) if c == "Q"]

    def empty_cells(self) -> list[int]:
        return [i for i, c in enumerate(self._cells) if c is None]

    def lines(self) -> list[tuple[str, tuple[int, ...]]]:
        """Completed lines of classical marks, as (player, cells)."""
        out = []
        cells = self._cells
        for line in self.lines_all:
            first = cells[line[0]]
            if first in ("X", "O") and all(cells[i] == first for i in line):
                out.append((first, line))
        return out

    def cell_probabilities(self) -> list[dict]:
        """For each cell, P(X), P(O) and P(empty) at measurement, from the exact tables."""
        out = []
        for i, c in enumerate(self._cells):
            if c is None:
                out.append({"X": 0.0, "O": 0.0, "empty": 1.0})
            elif c in ("X", "O"):
                out.append({"X": float(c == "X"), "O": float(c == "O"), "empty": 0.0})
            else:
                g = self.group_of(i)
                assert g is not None, "a quantum cell belongs to a group"
                q = g.cells.index(i)
                px = sum(p for bits, p in g.table if bits[q] == 1)
                out.append({"X": px, "O": 1 - px, "empty": 0.0})
        return out

    def outcome_distribution(self) -> dict[tuple, float]:
        """Every board measurement can give, with its probability. A board is a tuple of
        None / 'X' / 'O' per cell. Exact: the product of the groups' tables."""
        boards = {tuple(c if c != "Q" else None for c in self._cells): 1.0}
        for g in self._groups:
            new: dict[tuple, float] = {}
            for board, p in boards.items():
                for bits, q in g.table:
                    b = list(board)
                    for cell, bit in zip(g.cells, bits):
                        b[cell] = MARK[bit]
                    new[tuple(b)] = new.get(tuple(b), 0.0) + p * q
            boards = new
        return boards

    def potential_lines(self) -> list[tuple[int, ...]]:
        """Fully occupied lines with a quantum cell that measurement could complete."""
        return [line for line in self.lines_all if self._could_complete(line)]

    def _could_complete(self, line: Sequence[int]) -> bool:
        cells = self._cells
        if any(cells[i] is None for i in line) or all(cells[i] != "Q" for i in line):
            return False
        for mark in ("X", "O"):
            if any(cells[i] not in ("Q", mark) for i in line):
                continue
            ok = True
            for g in self._groups:
                inside = [q for q, cell in enumerate(g.cells) if cell in line]
                if inside and not any(all(bits[q] == BIT[mark] for q in inside) for bits, _ in g.table):
                    ok = False
                    break
            if ok:
                return True
        return False

    # --- legal moves ------------------------------------------------------------
    def legal_moves(self) -> list[QubitMove]:
        """Every move allowed now, as ``QubitMove``s (tuples) that ``apply`` takes."""
        if self._result is not None:
            return []
        empty = self.empty_cells()
        occupied = [i for i, c in enumerate(self._cells) if c is not None]
        M = QubitMove
        moves: list[QubitMove] = [M(("place", c)) for c in empty]
        moves += [M(("swap", a, b)) for i, a in enumerate(occupied) for b in occupied[i + 1:]
                  if not (self._cells[a] == self._cells[b] and self._cells[a] in ("X", "O"))]
        moves += [M(("h", c)) for c in empty]
        moves += [M(("phase", c, gate)) for c in empty for gate in PHASES]
        for level in self.levels:
            for cells in _distinct_choices(empty, level):
                if self._entangle_problem(level, cells) is None:
                    moves.append(M(("entangle", level, cells)))
        if self.can_collapse():
            moves.append(M(("collapse",)))
        return moves

    def can_collapse(self) -> bool:
        """Whether ``("collapse",)`` is legal now: the game goes on and a group is there to
        measure (without listing every legal move, which a 5 x 5 board makes many)."""
        return self._result is None and bool(self._groups)

    # --- actions ------------------------------------------------------------------
    def place(self, cell: int) -> "QubitGame":
        return self.apply(("place", cell))

    def swap(self, a: int, b: int) -> "QubitGame":
        return self.apply(("swap", a, b))

    def superpose(self, cell: int) -> "QubitGame":
        return self.apply(("h", cell))

    def phase(self, cell: int, gate: str = "T") -> "QubitGame":
        return self.apply(("phase", cell, gate))

    def entangle(self, cells: Sequence[int], level: int = 1) -> "QubitGame":
        return self.apply(("entangle", level, tuple(cells) if isinstance(cells, (list, tuple)) else cells))

    def collapse(self) -> "QubitGame":
        return self.apply(("collapse",))

    def apply(self, move: Sequence[Any], outcome: Mapping[Any, str] | Sequence[tuple[Any, str]] | None = None
              ) -> "QubitGame":
        """Make ``move`` (a tuple as ``legal_moves`` lists). ``outcome`` forces what a
        measurement it triggers gives (used when replaying records)."""
        move = self._check(move)
        snap = self._snapshot()
        try:
            used = self._do(move, outcome)
        except Exception:
            self._restore(snap)
            raise
        self._history.append(((move, used), snap))
        self._future.clear()
        return self

    # undo, redo and copy are ``Game``'s
    def undo(self) -> "QubitGame":
        return super().undo()       # type: ignore[return-value]

    def redo(self) -> "QubitGame":
        return super().redo()       # type: ignore[return-value]

    def copy(self) -> "QubitGame":
        return super().copy()       # type: ignore[return-value]

    def _redo_entry(self, entry: tuple) -> None:
        move, outcome = entry
        snap = self._snapshot()
        self._do(move, outcome)
        self._history.append(((move, outcome), snap))

    # --- checks -------------------------------------------------------------------
    def _cell(self, value: object) -> int:
        """``value`` as a plain int cell, else IllegalMove (counting cells from 1)."""
        last = self.size - 1
        c = whole_number(value)
        if c is None:
            raise IllegalMove(f"a cell is a whole number (1..{last + 1} on the board, 0..{last} in code); "
                              f"got {shown(value)}", rule="not-a-cell")
        if not 0 <= c <= last:
            raise IllegalMove(f"cell {shown(c + 1)} is off the board: cells are 1..{last + 1} "
                              f"({shown(c)} in code; code counts 0..{last})", rule="off-board")
        return c

    def _empty(self, c: object) -> int:
        c = self._cell(c)
        if self._cells[c] is not None:
            what = "a quantum state" if self._cells[c] == "Q" else f"a classical {self._cells[c]}"
            raise illegal("occupied", f"cell {{0}} already holds {what}; this move needs an empty cell", c)
        return c

    def _check(self, move: object) -> QubitMove:
        return QubitMove(self._checked(move))

    def _checked(self, move: object) -> tuple:
        if self._result is not None:
            raise IllegalMove(f"the game is over ({self._result_text()}); no more moves", rule="game-over")
        if not isinstance(move, (tuple, list)) or not move:
            raise IllegalMove(f"a move is a tuple such as ('place', 4); got {move!r}", rule="not-a-move")
        kind, args = move[0], tuple(move[1:])
        if kind == "place" and len(args) == 1:
            return ("place", self._empty(args[0]))
        if kind == "h" and len(args) == 1:
            return ("h", self._empty(args[0]))
        if kind == "phase" and len(args) == 2:
            cell = self._empty(args[0])
            if not isinstance(args[1], str) or args[1] not in PHASES:
                raise IllegalMove(f"a phase move uses {', '.join(PHASES)}; got {shown(args[1])}", rule="phase-gate")
            return ("phase", cell, args[1])
        if kind == "swap" and len(args) == 2:
            a, b = self._cell(args[0]), self._cell(args[1])
            if a == b:
                raise illegal("swap-same-cell", "SWAP needs two different cells; got {0} twice", a)
            for c in (a, b):
                if self._cells[c] is None:
                    raise illegal("swap-empty", "SWAP exchanges two occupied cells; cell {0} is empty", c)
            if self._cells[a] == self._cells[b] and self._cells[a] != "Q":
                raise illegal("swap-no-change", f"cells {{0}} and {{1}} both hold a classical "
                              f"{self._cells[a]}; swapping them changes nothing", a, b)
            return ("swap", a, b)
        if kind == "entangle" and len(args) == 2:
            level, cells = whole_number(args[0]), args[1]
            if level not in LEVELS:
                raise IllegalMove(f"risk levels are 1, 2, 3, 4; got {shown(args[0])}", rule="risk-level")
            if level not in self.levels:
                raise IllegalMove(f"risk level {level} ({LEVELS[level][0]}) is not allowed in this game; "
                                  f"allowed: {', '.join(map(str, self.levels))}", rule="risk-level")
            width = LEVELS[level][1]
            if not isinstance(cells, (tuple, list)) or len(cells) != width:
                raise IllegalMove(f"risk level {level} entangles {width} cells; got {shown(cells)}",
                                  rule="entangle-width")
            cells = tuple(self._empty(c) for c in cells)
            if len(set(cells)) != width:
                raise IllegalMove(f"entanglement needs {width} different cells; got cells "
                                  f"{', '.join(str(c + 1) for c in cells)}", rule="entangle-same-cell")
            problem = self._entangle_problem(level, cells)
            if problem:
                raise problem
            return ("entangle", level, cells)
        if kind == "collapse" and not args:
            if not self._groups:
                raise IllegalMove("nothing is quantum: there is nothing to measure, and a collapse "
                                  "does not pass the turn", rule="nothing-to-measure")
            return ("collapse",)
        raise IllegalMove(f"unknown move {shown(tuple(move))}: moves are ('place', c), ('swap', a, b), ('h', c), "
                          "('phase', c, 'T'), ('entangle', level, cells), ('collapse',)", rule="not-a-move")

    def _entangle_problem(self, level: int, cells: tuple) -> IllegalMove | None:
        """One entanglement may not fill a line with correlated cells: that would decide the
        line by a single coin flip in one move (the original's defect)."""
        table = LEVELS[level][3]
        for line in self.lines_all:
            inside = [q for q, c in enumerate(cells) if c in line]
            if len(inside) < 2:
                continue
            others = [i for i in line if i not in cells]
            if any(self._cells[i] is None for i in others):
                continue
            for mark in ("X", "O"):
                if any(self._cells[i] not in ("Q", mark) for i in others):
                    continue
                if any(all(bits[q] == BIT[mark] for q in inside) for bits in table):
                    names = "-".join(str(c + 1) for c in cells)
                    return IllegalMove(
                        f"entangling cells {names} at level {level} would fill the line "
                        f"{'-'.join(str(c + 1) for c in line)} and decide it by one coin flip",
                        rule="entangled-line")
        return None

    # --- state changes --------------------------------------------------------------
    def _snapshot(self) -> tuple:
        return (tuple(self._cells), tuple(self._groups), self._start, tuple(self._segment), self._ply,
                self._to_move, self._result, self._last_outcome)

    def _restore(self, snap: tuple) -> None:
        cells, groups, self._start, segment, self._ply, self._to_move, self._result, self._last_outcome = snap
        self._cells, self._groups, self._segment = list(cells), list(groups), list(segment)

    def _do(self, move: tuple, outcome: object) -> tuple | None:
        kind = move[0]
        self._apply_gates(move)
        used = None
        if self._measures_now(kind):
            used = self._measure(outcome)
        elif outcome is not None:
            raise RecordError(f"{describe_move(move)} measured nothing, yet an outcome was given")
        self._settle()
        if kind != "collapse" or self.collapse_costs_turn:
            self._ply += 1
            self._to_move = "O" if self._to_move == "X" else "X"
        return used

    def _measures_now(self, kind: str) -> bool:
        """A collapse measures; so does any move that leaves quantum cells on a full board
        or a potential winning line, unless a classical line already ended the game."""
        if kind == "collapse":
            return True
        return bool(self._groups) and not self.lines() and (None not in self._cells or bool(self.potential_lines()))

    def quantum_outcomes(self) -> list[tuple[tuple, float]]:
        """Every outcome measuring now can give, as (((cell, mark), ...), probability)."""
        outs: list[tuple[tuple[tuple[int, str], ...], float]] = [((), 1.0)]
        for g in self._groups:
            outs = [(o + tuple(zip(g.cells, (MARK[b] for b in bits))), p * q)
                    for o, p in outs for bits, q in g.table if q > 0]
        return [(tuple(sorted(o)), p) for o, p in outs]

    def outcome_count(self) -> int:
        """How many measurement outcomes measuring now could give (table rows of the groups
        multiplied, zero-probability rows included): 2**k for k H cells, so it grows fast."""
        return math.prod(len(g.table) for g in self._groups)

    def branches(self, move: Sequence[Any], most: int | None = None,
                 rng: random.Random | None = None) -> list[tuple[float, "QubitGame"]]:
        """What ``move`` can lead to: (probability, game after it) for each measurement
        outcome it may trigger, or [(1.0, game after it)] if it measures nothing.
        ``self`` is not changed. Players use this to look ahead with exact odds.

        With ``most``, a move whose measurement has more than ``most`` possible outcomes
        (see :meth:`outcome_count`) gives instead ``most`` outcomes drawn from the exact
        tables with ``rng`` (a fresh ``random.Random(0)`` if none), each distinct one weighted
        by how often it was drawn: an unbiased estimate whose cost does not grow as 2**k."""
        move = self._check(move)
        probe = self.copy()
        probe._apply_gates(move)
        if not probe._measures_now(move[0]):
            return [(1.0, self.copy().apply(move))]
        if most is not None and probe.outcome_count() > most:
            rng = rng if rng is not None else random.Random(0)
            drawn = Counter(probe._draw(rng) for _ in range(most))
            return [(k / most, self.copy().apply(move, outcome=o)) for o, k in sorted(drawn.items())]
        return [(p, self.copy().apply(move, outcome=o)) for o, p in probe.quantum_outcomes()]

    def _apply_gates(self, move: tuple) -> None:
        kind = move[0]
        cells = self._cells
        if kind == "place":
            cells[move[1]] = self._to_move
        elif kind == "h":
            cells[move[1]] = "Q"
            self._groups.append(Group((move[1],), (((0,), 0.5), ((1,), 0.5)), move))
        elif kind == "phase":
            cells[move[1]] = "Q"
            px = phase_probability(move[2])
            self._groups.append(Group((move[1],), (((0,), 1 - px), ((1,), px)), move))
        elif kind == "entangle":
            level, group_cells = move[1], move[2]
            for c in group_cells:
                cells[c] = "Q"
            self._groups.append(Group(group_cells, tuple(sorted(LEVELS[level][3].items())), move))
        elif kind == "swap":
            a, b = move[1], move[2]
            cells[a], cells[b] = cells[b], cells[a]
            swap = {a: b, b: a}
            self._groups = [Group(tuple(swap.get(c, c) for c in g.cells), g.table, g.made_by)
                            if (a in g.cells or b in g.cells) else g for g in self._groups]
        if kind == "place":
            self._segment.append(("place", move[1], self._to_move))    # the circuit needs who placed it
        elif kind != "collapse":
            self._segment.append(move)

    def _measure(self, outcome: object) -> tuple:
        if outcome is None:
            outcome = self.measurer(self) if self.measurer is not None else self._sample()
        outcome = self._check_outcome(outcome)
        for cell, mark in outcome:
            self._cells[cell] = mark
        self._groups = []
        self._start = tuple(self._cells)
        self._segment = []
        self._last_outcome = outcome
        return outcome

    def _check_outcome(self, outcome: Any) -> tuple:
        """An outcome must give X or O to exactly the quantum cells, in a way the groups allow."""
        def cell(c: object) -> int:                 # 4, numpy.int64(4) or, from JSON, "4"
            if isinstance(c, str) and c.isascii() and c.isdigit() and len(c) <= 3:
                return int(c)
            number = whole_number(c)
            if number is None:
                raise ValueError(c)
            return number
        try:
            items = outcome.items() if isinstance(outcome, dict) else outcome
            out = {cell(c): m for c, m in items}
        except (TypeError, ValueError):
            raise RecordError(f"a measurement outcome maps cells (whole numbers) to 'X' or 'O'; "
                              f"got {shown(outcome)}") from None
        quantum = set(self.quantum_cells())
        if set(out) != quantum:
            raise RecordError(f"a measurement must give exactly the quantum cells "
                              f"{[c + 1 for c in sorted(quantum)]} (counted from 1); "
                              f"got {shown([c + 1 for c in sorted(out)], 200)}")
        wrong = [m for m in out.values() if not isinstance(m, str) or m not in ("X", "O")]
        if wrong:
            raise RecordError(f"cells measure 'X' or 'O'; got {shown(wrong)}")
        for g in self._groups:
            bits = tuple(BIT[out[c]] for c in g.cells)
            if g.outcomes().get(bits, 0.0) <= 0.0:
                names = ", ".join(f"{c + 1}={out[c]}" for c in g.cells)
                raise RecordError(f"impossible measurement: cells {names} cannot come out of "
                                  f"{describe_move(g.made_by)}")
        return tuple(sorted(out.items()))

    def _sample(self) -> tuple:
        rng = random.Random(f"qubit:{self.seed}:{self._ply}")
        shots = 1 if self.measurement == "shot" else self.shots
        counts = Counter(self._draw(rng) for _ in range(shots))
        return counts.most_common(1)[0][0]

    def _draw(self, rng: random.Random) -> tuple:
        """One measurement outcome drawn from the groups' exact tables."""
        out: list[tuple[int, str]] = []
        for g in self._groups:
            bits_list, probs = zip(*g.table)
            bits = rng.choices(bits_list, probs)[0]
            out.extend((c, MARK[b]) for c, b in zip(g.cells, bits))
        return tuple(sorted(out))

    def _settle(self) -> None:
        lines = self.lines()
        if lines:
            x = sum(1 for who, _ in lines if who == "X")
            o = len(lines) - x
            if x and o:
                self._result = "draw" if self.both_lines == "draw" or x == o else ("X" if x > o else "O")
            else:
                self._result = "X" if x else "O"
        elif None not in self._cells and not self._groups:
            self._result = "draw"

    def _result_text(self) -> str:
        if self._result is None:
            return "in play"
        return "draw" if self._result == "draw" else f"{self._result} wins"

    # --- records ----------------------------------------------------------------------
    def to_record(self) -> dict:
        """A JSON-safe dict; ``QubitGame.from_record`` restores it exactly."""
        def entry(move: tuple, outcome: tuple | None) -> dict:
            d = _move_to_dict(move)
            if outcome is not None:
                d["outcome"] = {str(c): m for c, m in outcome}
            return d
        return {
            "format": self.FORMAT, "version": 1, "n": self.n, "k": self.k, "levels": list(self.levels),
            "measurement": self.measurement, "shots": self.shots, "both_lines": self.both_lines,
            "collapse_costs_turn": self.collapse_costs_turn, "seed": self.seed,
            "moves": [entry(m, o) for m, o in self.history],
            "redo": [entry(m, o) for m, o in self.redo_stack],
        }

    @classmethod
    def from_record(cls, record: object, measurer: Callable[["QubitGame"], Any] | None = None) -> "QubitGame":
        """Rebuild a game from ``to_record`` output or its JSON text; a damaged record
        raises RecordError saying what is wrong (nothing else escapes). ``measurer`` is given
        again here: a record cannot hold a function."""
        known = {"format", "version", "n", "k", "levels", "measurement", "shots", "both_lines",
                 "collapse_costs_turn", "seed", "moves", "redo"}
        record = read_envelope(record, cls.FORMAT, "qubit-board", known)
        if "shots" in record:
            check_shots(record["shots"])
        if "seed" in record:
            check_seed(record["seed"])
        if "levels" in record and not isinstance(record["levels"], list):
            raise RecordError(f"bad game options: levels is a list such as [1, 3]; got {shown(record['levels'])}")
        if not isinstance(record.get("collapse_costs_turn", False), bool):
            raise RecordError(f"bad game options: collapse_costs_turn is true or false; "
                              f"got {shown(record['collapse_costs_turn'])}")
        options = {key: record[key] for key in ("n", "k", "levels", "measurement", "shots", "both_lines",
                                                 "collapse_costs_turn", "seed") if key in record}
        try:
            game = cls(measurer=measurer, **options)
        except (ValueError, TypeError) as e:
            raise RecordError(f"bad game options: {e}") from None
        game.replay_record(check_moves(record.get("moves", []), "moves"), check_moves(record.get("redo", []), "redo"),
                           read=lambda d, i, where: _move_from_dict(d, f"{where}, move {i}"),
                           play=lambda entry: game._replay(*entry),
                           label=lambda i, where, entry: f"{where}, move {i} ({describe_move(entry[0])})")
        return game

    def _replay(self, move: tuple, outcome: Mapping[Any, str] | None) -> None:
        before = len(self._history)
        self.apply(move, outcome=outcome)
        measured = self._history[-1][0][1]
        if outcome is None and measured is not None and len(self._history) > before:
            self.undo()
            self._future.clear()
            raise RecordError("this move measured the board, but the record gives no outcome")

    # --- display ------------------------------------------------------------------------
    def __str__(self) -> str:
        n = self.n
        marks = []
        for i, c in enumerate(self._cells):
            if c == "Q":
                g = self._groups.index(self.group_of(i))   # type: ignore[arg-type]  # a quantum cell has one
                marks.append(f"?{chr(97 + g)}")
            else:
                marks.append((c or ".").ljust(2))
        return "\n".join(" ".join(marks[r * n:(r + 1) * n]) for r in range(n))

    def __repr__(self) -> str:
        """``QubitGame.from_record({...})``, which rebuilds the game when evaluated."""
        return f"QubitGame.from_record({self.to_record()!r})"

    # --- equality -------------------------------------------------------------------------
    def _position(self) -> tuple:
        """What ``==`` and ``hash`` compare: see the class docstring."""
        return (self.n, self.k, self.levels, self.measurement, self.shots, self.both_lines,
                self.collapse_costs_turn, self.seed, self.measurer, tuple(self._cells),
                tuple((g.cells, g.table) for g in self._groups), self._ply, self._to_move, self._result)

    def _repr_html_(self) -> str:
        """The board's SVG drawing (rules.svg: quantum cells with their group and P(X)) and
        who is to move or the result."""
        from .svg import qubit_board
        status = self._result_text() if self._result else f"{self._to_move} to move"
        return f"{qubit_board(self, 240)}<div style='font-family:sans-serif'>{status}</div>"


def _distinct_choices(cells: list[int], level: int) -> list[tuple[int, ...]]:
    """The cell tuples that make different boards at ``level``. Psi+, Phi+ and GHZ are
    symmetric under reordering their cells, so one order each; GHZ-X (|010> + |101>)
    singles out its middle qubit, so each of the three cells may be the middle one."""
    from itertools import combinations
    width = LEVELS[level][1]
    if level != 2:
        return list(combinations(cells, width))
    return [(a, m, b) for a, b, c in combinations(cells, 3) for a, m, b in ((b, a, c), (a, b, c), (a, c, b))]


def describe_move(move: Sequence[Any]) -> str:
    """The move in words, cells counted from 1; safe on a move read from a damaged record."""
    def cell(c: object) -> str:
        number = whole_number(c)
        return shown(c, 20) if number is None else shown(number + 1, 20)

    kind, args = move[0], tuple(move[1:])
    if kind == "place" and len(args) == 1:
        return f"a classical mark in cell {cell(args[0])}"
    if kind == "h" and len(args) == 1:
        return f"H on cell {cell(args[0])}"
    if kind == "phase" and len(args) == 2:
        return f"the {shown(args[1], 20)} phase move on cell {cell(args[0])}"
    if kind == "swap" and len(args) == 2:
        return f"SWAP of cells {cell(args[0])} and {cell(args[1])}"
    if kind == "entangle" and len(args) == 2:
        level = whole_number(args[0])
        name = f" ({LEVELS[level][0]})" if level in LEVELS else ""
        cells = "-".join(cell(c) for c in args[1]) if isinstance(args[1], (tuple, list)) else shown(args[1], 20)
        return f"level {shown(args[0], 20)}{name} entanglement of cells {cells}"
    if kind == "collapse" and not args:
        return "collapse"
    return f"the move {shown(tuple(move))}"


def _move_to_dict(move: tuple) -> dict:
    kind = move[0]
    if kind in ("place", "h"):
        return {"move": kind, "cell": move[1]}
    if kind == "phase":
        return {"move": kind, "cell": move[1], "gate": move[2]}
    if kind == "swap":
        return {"move": kind, "cells": [move[1], move[2]]}
    if kind == "entangle":
        return {"move": kind, "level": move[1], "cells": list(move[2])}
    return {"move": "collapse"}


def _move_from_dict(d: object, where: str) -> tuple[tuple, Any]:
    if not isinstance(d, dict) or "move" not in d:
        raise RecordError(f"{where}: a move is a dict with a 'move' field; got {shown(d)}")
    known = {"move", "cell", "cells", "gate", "level", "outcome"}
    if set(d) - known:
        raise RecordError(f"{where}: a move has no field {shown(sorted(map(str, set(d) - known)), 120)}")
    kind = d["move"]
    move: tuple
    try:
        if kind in ("place", "h"):
            move = (kind, d["cell"])
        elif kind == "phase":
            move = (kind, d["cell"], d["gate"])
        elif kind == "swap":
            move = (kind, *d["cells"])
        elif kind == "entangle":
            move = (kind, d["level"], tuple(d["cells"]))
        elif kind == "collapse":
            move = ("collapse",)
        else:
            raise RecordError(f"{where}: unknown move {shown(kind)}")
        if kind in ("swap", "entangle") and not isinstance(d["cells"], list):
            raise TypeError("'cells' (a list of cells)")
    except (KeyError, TypeError) as e:
        raise RecordError(f"{where}: the {shown(kind)} move lacks or mangles {shown(str(e))}") from None
    outcome = d.get("outcome")
    if outcome is not None and not isinstance(outcome, dict):
        raise RecordError(f"{where}: an outcome maps cells to 'X' or 'O'; got {shown(outcome)}")
    return move, outcome
