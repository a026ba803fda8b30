"""The thesis (seed 000) made runnable: quantum tic-tac-toe as a superposition of classical
boards with move records, imperfect opponents, and amplitude amplification.

* A **quantum board** is a superposition of (board, record) pairs with real amplitudes;
  a classical move acts board by board; at the end it is measured once (definition 3.9
  gives the outcome distribution over X / O / tie).
* Boards are classified by perfect play (``rules.classical.outcome``): B_X, B_O, and B_T
  (ties). A board where the player to move can move from B_T into the opponent's B_M is a
  board where a **mistake** is possible (E).
* The **imperfect opponent** plays like the classical optimal player, except on its mistake
  boards: each board of E is one with probability p, decided once per game and kept; there it
  moves into a position lost by force.
* The **classical optimal player** M^C picks uniformly among moves that keep B_M (a forced
  win) or keep B_T (the draw). The **simple quantum strategy** M^Q plays the equal
  superposition of those same moves, from every board of the support.
* **Amplitude amplification** with the amplifier Q = -A S0 A^dagger O_f, good states = boards
  in B_M: with a = P(good) = sin^2(theta), Q^j scales the good part to sin((2j+1) theta) and
  the bad part to cos((2j+1) theta); the thesis takes n = floor(pi / (4 theta)).

This module is the readable model (dicts of boards); ``research.sweep`` runs the same game
vectorised over many games for the figures, and the tests check that both agree.
"""
from __future__ import annotations

import math
import random
from functools import lru_cache

from qttt_widgets.rules.classical import key_children, key_to_move, key_winner, legal_positions, outcome
from qttt_widgets.rules.game import other
from qttt_widgets.rules.svg import O_COLOUR, X_COLOUR

EMPTY = "." * 9


def is_finished(key: str) -> bool:
    return key_winner(key) is not None or "." not in key


def result_of(key: str) -> str:
    """'X', 'O' or 'T' for a finished board."""
    return key_winner(key) or "T"


def children(key: str) -> list[str]:
    """The boards one legal move away from ``key`` (none if it is finished)."""
    return [child for _, child in key_children(key)]


def to_move(key: str) -> str:
    """Whose turn it is on ``key``: 'X' or 'O'."""
    return key_to_move(key)


def klass(key: str) -> str:
    """B_X, B_O or B_T, as 'X', 'O' or 'T': the result of perfect play from ``key``."""
    r = outcome(key)
    return "T" if r == "draw" else r


@lru_cache(maxsize=None)
def optimal_children(key: str) -> tuple[str, ...]:
    """The moves of the classical optimal player: keep B_M if the mover M wins by force,
    else keep B_T; on a lost board, every move."""
    kids = [child for _, child in key_children(key)]
    best = klass(key)
    keep = [c for c in kids if klass(c) == best]
    return tuple(keep or kids)


@lru_cache(maxsize=None)
def mistake_children(key: str) -> tuple[str, ...]:
    """Moves from a B_T board into a board the opponent wins by force (empty if none)."""
    if klass(key) != "T":
        return ()
    loser = key_to_move(key)
    return tuple(c for _, c in key_children(key) if klass(c) == other(loser))


def mistake_boards(player: str) -> list[str]:
    """E for ``player``: the boards (``player`` to move) where a mistake is possible."""
    return [k for k in legal_positions() if not is_finished(k) and key_to_move(k) == player and mistake_children(k)]


# --- quantum boards ------------------------------------------------------------------------
class QuantumBoard:
    """A superposition of (board, record) pairs with real amplitudes.

    ``terms`` maps (board key, record) to an amplitude; the record is the tuple of squares
    played, so different histories never interfere. ``QuantumBoard()`` is the empty board |0>.
    """

    def __init__(self, terms: dict | None = None):
        self.terms = dict(terms) if terms is not None else {(EMPTY, ()): 1.0}

    def norm(self) -> float:
        return math.sqrt(sum(a * a for a in self.terms.values()))

    def support(self) -> set[str]:
        return {board for board, _ in self.terms}

    def finished(self) -> bool:
        return all(is_finished(board) for board, _ in self.terms)

    def to_move(self) -> str | None:
        """Whose turn it is on the unfinished boards (all boards have the same number of moves)."""
        for board, _ in self.terms:
            if not is_finished(board):
                return key_to_move(board)
        return None

    def apply(self, choose) -> "QuantumBoard":
        """A move: ``choose(board)`` gives a list of (child board, amplitude factor) for
        every unfinished board; finished boards stay as they are."""
        new: dict = {}
        for (board, record), amp in self.terms.items():
            if is_finished(board):
                new[(board, record)] = new.get((board, record), 0.0) + amp
                continue
            for child, factor in choose(board):
                square = next(i for i in range(9) if board[i] != child[i])
                key = (child, record + (square,))
                new[key] = new.get(key, 0.0) + amp * factor
        return QuantumBoard(new)

    def probability(self, good) -> float:
        """P(measuring a board for which ``good(board)`` holds)."""
        return sum(a * a for (board, _), a in self.terms.items() if good(board))

    def outcome_distribution(self) -> dict[str, float]:
        """Definition 3.9: P(X wins), P(O wins), P(tie) of a superposition of finished boards."""
        if not self.finished():
            raise ValueError("the outcome is defined for superpositions of finished boards only")
        dist = {"X": 0.0, "O": 0.0, "T": 0.0}
        for (board, _), a in self.terms.items():
            dist[result_of(board)] += a * a
        return dist

    def measure(self, rng: random.Random) -> tuple[str, tuple]:
        """Collapse to one (board, record) with probability |amplitude|^2 (the thesis' rule:
        a uniform r and the cumulative sums in a fixed order)."""
        r = rng.random()
        total = 0.0
        items = sorted(self.terms.items())
        for key, a in items:
            total += a * a
            if r <= total:
                return key
        return items[-1][0]

    def amplify(self, good, iterations: int | None = None) -> "QuantumBoard":
        """Apply Q^n (n optimal unless given) with good states ``good(board)``.

        Q^j|psi> = sin((2j+1)theta)/sqrt(a) |psi_1> + cos((2j+1)theta)/sqrt(1-a) |psi_0>.
        With a = 0 or a = 1, Q only changes a global phase, and nothing is done.
        """
        a = self.probability(good)
        if a <= 0.0 or a >= 1.0:
            return QuantumBoard(self.terms)
        theta = math.asin(math.sqrt(a))
        n = optimal_iterations(a) if iterations is None else iterations
        g = math.sin((2 * n + 1) * theta) / math.sqrt(a)
        b = math.cos((2 * n + 1) * theta) / math.sqrt(1 - a)
        return QuantumBoard({key: amp * (g if good(key[0]) else b) for key, amp in self.terms.items()})


def optimal_iterations(a: float) -> int:
    """n = floor(pi / (4 theta)) with sin^2(theta) = a (the thesis' choice)."""
    if a <= 0.0 or a >= 1.0:
        return 0
    return int(math.floor(math.pi / (4 * math.asin(math.sqrt(a)))))


def amplifier_matrix(qb: QuantumBoard, good):
    """The amplifier Q = -A S0 A^dagger O_f as a matrix on the span of ``qb``'s support
    (with A|0> = |psi>), for checking lemma 4.4: Q is unitary, and Q|psi> stays in the
    support. Returns (Q, basis, psi)."""
    import numpy as np
    basis = sorted(qb.terms)
    psi = np.array([qb.terms[k] for k in basis])
    psi = psi / np.linalg.norm(psi)
    o_f = np.diag([-1.0 if good(k[0]) else 1.0 for k in basis])
    reflect_psi = 2 * np.outer(psi, psi) - np.eye(len(basis))      # -A S0 A^dagger = 2|psi><psi| - I
    return reflect_psi @ o_f, basis, psi


# --- players -----------------------------------------------------------------------------
class ImperfectPlayer:
    """Plays a perfect (non-losing) move, except on its mistake boards: each board where a
    mistake is possible is a mistake board with probability ``p``, decided the first time
    the board is met in a game and kept; there it moves into a position lost by force.
    Its choices on each board are also kept for the whole game."""

    def __init__(self, p: float, rng: random.Random):
        self.p, self.rng = p, rng
        self.is_mistake_board: dict[str, bool] = {}
        self.choice: dict[str, str] = {}

    def move(self, board: str) -> str:
        if board not in self.choice:
            mistakes = mistake_children(board)
            if mistakes and board not in self.is_mistake_board:
                self.is_mistake_board[board] = self.rng.random() < self.p
            if mistakes and self.is_mistake_board[board]:
                self.choice[board] = self.rng.choice(mistakes)
            else:
                self.choice[board] = self.rng.choice(optimal_children(board))
        return self.choice[board]

    def __call__(self, board: str):
        return [(self.move(board), 1.0)]


class ClassicalOptimalPlayer:
    """M^C: uniform among the moves that keep B_M, or keep B_T; one choice per board per game."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.choice: dict[str, str] = {}

    def __call__(self, board: str):
        if board not in self.choice:
            self.choice[board] = self.rng.choice(optimal_children(board))
        return [(self.choice[board], 1.0)]


def simple_quantum(board: str):
    """M^Q: the equal superposition of the classical optimal player's moves."""
    kids = optimal_children(board)
    amp = 1 / math.sqrt(len(kids))
    return [(c, amp) for c in kids]


STRATEGIES = ("classical", "simple", "amplify-last", "amplify-every")


def play_game(strategy: str, imperfect: str, p: float, seed: int, players=None) -> QuantumBoard:
    """One game: the imperfect player plays ``imperfect`` ('X' or 'O'), the other side plays
    ``strategy``; returns the final quantum board (measure it, or read its outcome).

    ``players``, if given, is a pair (imperfect, classical) of callables ``board -> [(child,
    1.0)]`` that replace the seeded ``ImperfectPlayer`` and M^C (``ClassicalOptimalPlayer``):
    the tests drive this model with the choices the vectorised sweep made."""
    if strategy not in STRATEGIES:
        raise ValueError(f"strategy must be one of {STRATEGIES}, got {strategy!r}")
    rng = random.Random(seed)
    opponent, classical = players if players is not None else (ImperfectPlayer(p, rng), ClassicalOptimalPlayer(rng))
    me = other(imperfect)

    def wins_for_me(board: str) -> bool:
        return klass(board) == me

    qb = QuantumBoard()
    my_moves_left = 5 if me == "X" else 4
    while not qb.finished():
        if qb.to_move() == imperfect:
            qb = qb.apply(opponent)
            continue
        qb = qb.apply(classical if strategy == "classical" else simple_quantum)
        my_moves_left -= 1
        if strategy == "amplify-every" or (strategy == "amplify-last" and (my_moves_left == 0 or qb.finished())):
            qb = qb.amplify(wins_for_me)
    return qb


# --- theorem 3.16, by exhaustive search -------------------------------------------------------
def non_losing_moves(key: str) -> list[str]:
    """Every move after which the mover still cannot lose under perfect play: the children that
    are not a forced win for the opponent. On a board the mover wins by force this includes
    moves that only keep the draw, so it is wider than :func:`optimal_children`."""
    mover = key_to_move(key)
    return [c for _, c in key_children(key) if klass(c) != other(mover)]


def check_theorem_3_16(moves=None) -> dict:
    """For each side (the *careful* side) playing any classical non-losing move (``moves``,
    default :func:`non_losing_moves`) and the other side playing any legal move, walk every
    reachable position and check that the careful side never loses. Every board in the final
    superposition of a quantum game is such a position (the thesis' lemma 3.13 and corollary
    3.14.1), so the quantum side's chance to win is 0 (theorem 3.16).

    Returns {'X': positions reached with X careful, 'O': ..., 'violations': [finished boards the
    careful side lost], 'finished': {careful side: {'X': n, 'O': n, 'T': n} finished boards}}."""
    moves = non_losing_moves if moves is None else moves
    report = {"violations": [], "finished": {}}
    for careful in ("X", "O"):
        seen = {EMPTY}
        stack = [EMPTY]
        finished = {"X": 0, "O": 0, "T": 0}
        while stack:
            key = stack.pop()
            if is_finished(key):
                finished[result_of(key)] += 1
                if result_of(key) == other(careful):
                    report["violations"].append(key)
                continue
            kids = moves(key) if key_to_move(key) == careful else [c for _, c in key_children(key)]
            for child in kids:
                if child not in seen:
                    seen.add(child)
                    stack.append(child)
        report[careful] = len(seen)
        report["finished"][careful] = finished
    return report


def boards_png(keys, captions=None, per_row: int = 6, title: str | None = None, size: float = 1.6) -> bytes:
    """Small tic-tac-toe boards side by side, each with an optional caption under it (a PNG).
    Marks are the letters X and O (coloured as well); squares are not numbered."""
    import io

    from matplotlib.figure import Figure
    from matplotlib.patches import Rectangle
    keys = list(keys)
    captions = list(captions) if captions is not None else [""] * len(keys)
    cols = max(1, min(per_row, len(keys)))
    rows = -(-len(keys) // cols)
    lines = max((c.count("\n") + 1 for c in captions if c), default=0)
    extra = 0.1 + 0.22 * lines
    fig = Figure(figsize=(cols * size, rows * (size + extra) + (0.4 if title else 0)), dpi=100)
    for i, (key, cap) in enumerate(zip(keys, captions)):
        ax = fig.add_subplot(rows, cols, i + 1)
        ax.set_xlim(0, 3)
        ax.set_ylim(-0.05 - (0.45 * lines if lines else 0), 3.05)
        ax.set_aspect("equal")
        ax.axis("off")
        ax.add_patch(Rectangle((0, 0), 3, 3, fill=True, facecolor="#fffdf8", edgecolor="#444", lw=1.5))
        for k in (1, 2):
            ax.plot([k, k], [0, 3], color="#444", lw=1.2)
            ax.plot([0, 3], [k, k], color="#444", lw=1.2)
        for sq, mark in enumerate(key):
            if mark in "XO":
                r, c = divmod(sq, 3)
                ax.text(c + 0.5, 2.5 - r, mark, ha="center", va="center", fontsize=7 * size + 4, fontweight="bold",
                        color=X_COLOUR if mark == "X" else O_COLOUR)
        if cap:
            ax.text(1.5, -0.15, cap, ha="center", va="top", fontsize=8.5, linespacing=1.3)
    if title:
        fig.suptitle(title, fontsize=11)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", bbox_inches="tight")
    return buf.getvalue()


def board_circuit(qb: QuantumBoard, good, iterations: int | None = None):
    """A real circuit amplifying ``qb``: its (board, record) pairs numbered in sorted order and
    encoded in qubits, the oracle marking ``good`` boards. Returns (circuit, keys, good indices, n)."""
    from qttt_widgets.quantum.amplification import amplification_circuit
    keys = sorted(qb.terms)
    marked = [i for i, k in enumerate(keys) if good(k[0])]
    n = optimal_iterations(qb.probability(good)) if iterations is None else iterations
    return amplification_circuit([qb.terms[k] for k in keys], marked, n), keys, marked, n


def main() -> None:
    """Print the exhaustive check of theorem 3.16 and the sizes of the mistake sets."""
    report = check_theorem_3_16()
    for side in ("X", "O"):
        print(f"{side} plays any non-losing move, the other side any move: {report[side]:,} positions "
              f"reachable and checked")
    print(f"finished games the careful side lost: {len(report['violations'])}")
    print(f"boards where a mistake is possible: X to move {len(mistake_boards('X'))}, "
          f"O to move {len(mistake_boards('O'))}")


if __name__ == "__main__":
    main()
