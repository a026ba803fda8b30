"""Classical tic-tac-toe on an n x n board with k in a row, and perfect play on 3 x 3.

Squares are numbered 0 .. n*n-1 row by row in code (people see 1 .. n*n).
Pure Python: no qiskit, no widgets.

>>> b = ClassicalBoard()
>>> b.play(4).play(0).play(8).to_move
'O'
>>> outcome(b.key())          # perfect play from here
'draw'
"""
from __future__ import annotations

from functools import lru_cache

from .errors import IllegalMove, RecordError, illegal, shown, whole_number
from .game import PLAYERS, Game, Outcome, other, result_outcome
from .limits import check_board_size, check_moves, read_envelope

__all__ = ["PLAYERS", "other", "Square", "ClassicalBoard", "winning_lines", "key_winner", "key_to_move",
           "key_children", "outcome", "legal_positions", "can_blunder", "classify", "optimal_moves",
           "losing_moves"]


class Square(int):
    """A classical move: the square, 0.. in code (``str`` and ``repr`` are the int's, so
    printed moves read as before). As a step of ``history`` it is its own ``action``, with no
    chance ``outcome``."""

    __slots__ = ()

    @property
    def square(self) -> int:
        return int(self)

    @property
    def action(self) -> "Square":
        return self

    @property
    def outcome(self) -> None:
        return None

    def describe(self) -> str:
        return f"square {int(self) + 1}"


_SQUARE = tuple(Square(i) for i in range(64))


@lru_cache(maxsize=None)
def winning_lines(n: int = 3, k: int | None = None) -> tuple[tuple[int, ...], ...]:
    """Every run of ``k`` squares in a row, column or diagonal of an n x n board."""
    k = n if k is None else k
    if not 1 <= k <= n:
        raise ValueError(f"k must be between 1 and n={n}, got {k}")
    lines = []
    for r in range(n):
        for c in range(n):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_r, end_c = r + dr * (k - 1), c + dc * (k - 1)
                if 0 <= end_r < n and 0 <= end_c < n:
                    lines.append(tuple((r + dr * i) * n + c + dc * i for i in range(k)))
    return tuple(lines)


class ClassicalBoard(Game):
    """A classical game: X and O alternately mark one empty square; k in a row wins.

    ``cells`` is a tuple of ``None``, ``'X'`` or ``'O'``. ``play`` returns the board so
    moves chain; ``undo`` and ``redo`` step through the history. Squares may be given as any
    whole number (``4``, ``numpy.int64(4)``); ``True``, ``4.0`` and ``"4"`` are refused with
    IllegalMove, whose message counts squares from 1.

    **Equality.** Two boards are equal (``==``) when they are the same position under the same
    rules: the same n, the same k and the same cells (which also fix the player to move). The
    order the moves were played in and the redo stack are not compared, so two move orders
    reaching one board are equal, as in python-chess. A board changes, so it is not hashable:
    ``board.key()`` is its immutable key (a string of '.', 'X' and 'O'; the key the lessons use
    for perfect play).

    It keeps the games' contract (``rules.game.Game``); ``play`` and ``moves`` are the older
    names of ``apply`` and ``history``.

    ``repr(board)`` is ``ClassicalBoard.from_record({...})``: evaluated with ``ClassicalBoard``
    in scope it rebuilds an equal board, history and redo stack included.
    """

    kind = "classical"
    FORMAT = "qttt-classical"
    MUTATORS = ("apply", "undo", "redo", "play")

    def __init__(self, n: int = 3, k: int | None = None):
        if not isinstance(n, int) or n < 1:
            raise ValueError(f"n must be a positive integer, got {n!r}")
        self.n = n
        self.k = n if k is None else k
        self._lines = winning_lines(n, self.k)
        self._cells: list[str | None] = [None] * (n * n)
        self._history: list = []          # (square, None): a square's undo needs no saved state
        self._future: list = []           # squares undone, for redo

    # --- state -------------------------------------------------------------
    @property
    def cells(self) -> tuple:
        return tuple(self._cells)

    @property
    def moves(self) -> tuple[Square, ...]:
        """The older name of ``history``: squares played so far, in order."""
        return self.history

    @property
    def to_move(self) -> str:
        return "X" if len(self._history) % 2 == 0 else "O"

    def current_player(self) -> str | None:
        """'X' or 'O', or None once the game is over."""
        return None if self.is_over else self.to_move

    def outcome(self) -> Outcome:
        result = self.result
        return result_outcome(result, "in play" if result is None else
                              "draw" if result == "draw" else f"{result} wins")

    @property
    def winner(self) -> str | None:
        """'X' or 'O' if that player has k in a row, else None."""
        cells = self._cells
        for line in self._lines:
            first = cells[line[0]]
            if first is not None and all(cells[i] == first for i in line):
                return first
        return None

    @property
    def is_over(self) -> bool:
        return self.winner is not None or None not in self._cells

    @property
    def result(self) -> str | None:
        """'X', 'O' or 'draw' once the game is over, else None."""
        if not self.is_over:
            return None
        return self.winner or "draw"

    @staticmethod
    def _step(square: int) -> Square:
        return _SQUARE[square]

    def legal_moves(self) -> list[Square]:
        if self.is_over:
            return []
        return [_SQUARE[i] for i, c in enumerate(self._cells) if c is None]

    def key(self) -> str:
        """The board as a string of '.', 'X' and 'O', row by row (n and k are not in it)."""
        return "".join(c or "." for c in self._cells)

    # --- actions -----------------------------------------------------------
    def apply(self, square: int) -> "ClassicalBoard":
        """Mark ``square`` for the player to move; IllegalMove (and no change) if it cannot be."""
        square = self._check(square)
        self._apply(square)
        self._future.clear()
        return self

    def play(self, square: int) -> "ClassicalBoard":
        """The older name of ``apply``."""
        return self.apply(square)

    def _check(self, value: object) -> int:
        """``value`` as a plain int square if it may be played now, else IllegalMove."""
        size = self.n * self.n
        if self.is_over:
            raise IllegalMove(f"the game is over ({self.result}); no more moves", rule="game-over")
        square = whole_number(value)
        if square is None:
            raise IllegalMove(f"a move is a square, a whole number (1..{size} on the board, 0..{size - 1} "
                              f"in code); got {shown(value)}", rule="not-a-square")
        if not 0 <= square < size:
            raise IllegalMove(f"square {shown(square + 1)} is off the board: squares are 1..{size} "
                              f"({shown(square)} in code; code counts 0..{size - 1})", rule="off-board")
        if self._cells[square] is not None:
            raise illegal("occupied", f"square {{0}} already holds {self._cells[square]}", square)
        return square

    def _apply(self, square: int) -> None:
        self._cells[square] = self.to_move
        self._history.append((square, None))

    # undo, redo and copy are ``Game``'s, over these hooks: the square's cell is the whole state
    def _snapshot(self) -> list:
        return self._cells

    def _restore(self, snap: list) -> None:
        self._cells = list(snap)

    def undo(self) -> "ClassicalBoard":
        if not self._history:
            raise IllegalMove("nothing to undo", rule="nothing-to-undo")
        square, _ = self._history.pop()
        self._cells[square] = None
        self._future.append(square)
        return self

    def _redo_entry(self, square: int) -> None:
        self._apply(square)

    def redo(self) -> "ClassicalBoard":
        return super().redo()       # type: ignore[return-value]

    def copy(self) -> "ClassicalBoard":
        return super().copy()       # type: ignore[return-value]

    def _position(self) -> tuple:
        return (self.n, self.k, tuple(self._cells))

    def to_record(self) -> dict:
        """A JSON-safe dict; ``ClassicalBoard.from_record`` restores it exactly (redo included)."""
        return {"format": self.FORMAT, "version": 1, "n": self.n, "k": self.k,
                "moves": [int(sq) for sq, _ in self._history], "redo": list(reversed(self._future))}

    @classmethod
    def from_record(cls, record: object) -> "ClassicalBoard":
        """Rebuild a board from ``to_record`` output or its JSON text; a damaged record raises
        RecordError saying what is wrong (nothing else escapes)."""
        record = read_envelope(record, cls.FORMAT, "classical tic-tac-toe",
                               {"format", "version", "n", "k", "moves", "redo"})
        check_board_size(record.get("n", 3), record.get("k"))
        board = cls(record.get("n", 3), record.get("k"))
        last = board.n * board.n - 1

        def read(sq: object, i: int, where: str) -> object:
            if whole_number(sq) is None:
                raise RecordError(f"move {i} ({shown(sq)}): a move is a square, a whole number "
                                  f"0..{last} in a record")
            return sq

        board.replay_record(check_moves(record.get("moves", []), "moves"), check_moves(record.get("redo", []), "redo"),
                            read=read, label=lambda i, where, sq: f"move {i} (square {shown(sq + 1)} counted from 1)")
        return board

    @classmethod
    def from_key(cls, key: str, k: int | None = None) -> "ClassicalBoard":
        """A board from its key ('X.O......'); the order of moves is not known, so no undo."""
        n = round(len(key) ** 0.5)
        if n * n != len(key) or set(key) - set(".XO"):
            raise ValueError(f"not a square board of '.', 'X', 'O': {key!r}")
        xs, os_ = key.count("X"), key.count("O")
        if xs - os_ not in (0, 1):
            raise ValueError(f"X must have as many marks as O or one more: {key!r}")
        board = cls(n, k)
        # a plausible order (X and O alternating) so that to_move is right
        x_squares = [i for i, c in enumerate(key) if c == "X"]
        o_squares = [i for i, c in enumerate(key) if c == "O"]
        order = []
        for i in range(len(x_squares)):
            order.append(x_squares[i])
            if i < len(o_squares):
                order.append(o_squares[i])
        for sq in order:
            board._apply(sq)
        return board

    def __str__(self) -> str:
        n = self.n
        rows = [" ".join(c or "." for c in self._cells[r * n:(r + 1) * n]) for r in range(n)]
        return "\n".join(rows)

    def __repr__(self) -> str:
        """``ClassicalBoard.from_record({...})``, which rebuilds the board when evaluated."""
        return f"ClassicalBoard.from_record({self.to_record()!r})"

    def _repr_html_(self) -> str:
        """The board's SVG drawing (rules.svg) and who is to move or the result."""
        from .svg import classical_board
        status = ("a draw" if self.result == "draw" else f"{self.result} wins") if self.is_over \
            else f"{self.to_move} to move"
        return f"{classical_board(self, 40 * self.n)}<div style='font-family:sans-serif'>{status}</div>"


# --- perfect play on 3 x 3 ---------------------------------------------------
_LINES3 = winning_lines(3)


def key_winner(key: str) -> str | None:
    """'X' or 'O' if that player has a line in the 3 x 3 position ``key`` ('X.O......'), else None."""
    for a, b, c in _LINES3:
        if key[a] != "." and key[a] == key[b] == key[c]:
            return key[a]
    return None


def key_to_move(key: str) -> str:
    """Who moves next in the 3 x 3 position ``key`` (X when the counts are equal)."""
    return "X" if key.count("X") == key.count("O") else "O"


def key_children(key: str) -> list[tuple[int, str]]:
    """Every (square, next position) after one move from ``key``; none once the game is over."""
    if key_winner(key) or "." not in key:
        return []
    p = key_to_move(key)
    return [(i, key[:i] + p + key[i + 1:]) for i, c in enumerate(key) if c == "."]


@lru_cache(maxsize=None)
def outcome(key: str) -> str:
    """The result of perfect play from a 3 x 3 position: 'X', 'O' or 'draw'.

    ``key`` is the board as 9 characters of '.', 'X', 'O' (see ``ClassicalBoard.key``).
    """
    w = key_winner(key)
    if w:
        return w
    kids = key_children(key)
    if not kids:
        return "draw"
    p = key_to_move(key)
    results = {outcome(child) for _, child in kids}
    if p in results:
        return p
    if "draw" in results:
        return "draw"
    return "O" if p == "X" else "X"


@lru_cache(maxsize=1)
def legal_positions() -> tuple[str, ...]:
    """Every position reachable from the empty 3 x 3 board by legal play (play stops at a win).

    There are 5,478 of them, the empty board and finished games included.
    """
    seen = {"." * 9}
    stack = ["." * 9]
    while stack:
        key = stack.pop()
        for _, child in key_children(key):
            if child not in seen:
                seen.add(child)
                stack.append(child)
    return tuple(sorted(seen))


def can_blunder(key: str) -> bool:
    """True if the player to move in an unfinished position has a move that loses by force
    where perfect play would not lose (a *mistake is possible* on this board)."""
    kids = key_children(key)
    if not kids:
        return False
    p = key_to_move(key)
    best = outcome(key)
    if best == other(p):
        return False
    return any(outcome(child) == other(p) for _, child in kids)


def classify() -> dict[str, int]:
    """Counts of legal 3 x 3 positions by perfect-play result, and the draws where
    the player to move can make a losing mistake."""
    counts = {"X": 0, "O": 0, "draw": 0, "draw_with_blunder": 0}
    for key in legal_positions():
        res = outcome(key)
        counts[res] += 1
        if res == "draw" and can_blunder(key):
            counts["draw_with_blunder"] += 1
    return counts


def optimal_moves(key: str) -> list[int]:
    """The moves that keep the best result for the player to move (all moves if lost)."""
    kids = key_children(key)
    if not kids:
        return []
    best = outcome(key)
    return [sq for sq, child in kids if outcome(child) == best]


def losing_moves(key: str) -> list[int]:
    """The moves that turn a position the mover does not lose into a forced loss."""
    kids = key_children(key)
    if not kids:
        return []
    p = key_to_move(key)
    if outcome(key) == other(p):
        return []
    return [sq for sq, child in kids if outcome(child) == other(p)]
