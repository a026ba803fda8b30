"""An exact solver for Goff's quantum tic-tac-toe, and the players built on it.

``GoffSolver`` gives game-theoretic values under Goff's scoring: the value of a position
is X's points minus O's points with best play (double line 2 > line 1 > narrow win 1/2
(X 1, O 1/2) > draw 0, and the same for O with the sign turned). Under the random-collapse
rules (``GoffSolver("random")``) a cycle collapses by a fair coin and the value is the
expected points difference (expectimax).

How it gets fast, in pure Python:

* **A collapse depends only on the component and one square.** Spooky marks form a forest
  (a cycle collapses at once). Closing a cycle with a mark in squares a and b of a tree
  leaves only two futures: the new mark in a (every other mark of the tree pointing away
  from a) or in b. So each tree stores, for every square r of it, where its marks land
  when the new mark takes r; a collapse is a few bit operations, and the best cycle a
  player can close in a tree is the second-best of those outcomes (Goff: the opponent
  picks the worse of the two for you) or the mean of the best two (random collapse).
  The mover never needs to look at the pairs themselves.
* **History the future cannot see.** Subscripts matter only when one collapse gives both
  players a line (the line with the smaller largest subscript scores 1). A classical mark
  older than every spooky mark still on the board can never be the largest of a line that
  completes later, so its subscript is dropped from the position key (only X or O is kept).
* **Symmetry**: early positions are keyed by the smallest of their eight rotations and
  reflections, so equivalent openings are searched once.
* **Alpha-beta with a transposition table** of (lower, upper) bounds, cycles first, and a
  history heuristic for the other moves.
* **The last marks without a search.** Once one tree holds every open square, the next
  mark closes the last cycle and fills the board: the value is read off the tree's
  outcomes. With two trees left, a mark either closes a cycle in one (the other then
  holds the last cycle) or joins them, and then every outcome of the last cycle depends
  only on one square of each tree, so all joins are read off O(|A| |B|) collapses
  instead of |A| |B| searches.
* **An opening book** (``players/book.py``: goff_book.json and random_book.json, regenerable)
  holds the value and perfect marks of every position after up to three marks (and of a
  collapse choice right after them), where a search still takes 0.05-1 s; ``hint`` reads it.

Values inside the search are "doubled points from the mover's side" (integers under Goff's
rules), so that 1/2 points stay exact; the public methods return points as floats. The rules
are not re-encoded here: positions are scored by ``rules.scoring.doubled_score`` (the rule the
game itself scores by, over the same bit masks), and who decides a collapse -- the other
player, or chance with the probabilities of ``GoffGame.chance_outcomes`` -- is read once from
``rules.goff.collapse_decider``. A game stopped at a chance node (``explicit_chance``) is
valued as the probability-weighted mean of its outcomes.

The search reads top-down: ``_search`` (a node: table, then cycles, then joins) ->
``_best_cycle`` -> ``_cycle_in`` -> ``_collapse_value`` (one outcome), and ``_best_join``;
``_endgame`` takes the last one or two trees (``_last_mark``, ``_two_trees`` ->
``_cycle_before_last``, ``_join_before_last``, ``_join_top``) without a search node.
"""
from __future__ import annotations

import random
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass
from operator import itemgetter
from typing import Any, Callable, Iterator, NamedTuple, cast

from qttt_widgets.players import book as _book
from qttt_widgets.players.book import BookError, smallest_image, symmetries  # noqa: F401  # BookError: kept here too
from qttt_widgets.players.trees import (Board, Entry, Spooky, Tree, collapse, components, decided, entry_of,
                                        merge, merge_entries, state, subs_after)
from qttt_widgets.rules.goff import CHANCE, GoffGame, collapse_decider
from qttt_widgets.rules.scoring import LINE_COUNT as _LC
from qttt_widgets.rules.scoring import LINE_POINTS as _LP
from qttt_widgets.rules.scoring import doubled_score

_INF = 99
# where the board is full or a line is made, ``doubled_score`` is never None: its type says so
_final_score = cast(Callable[[int, int, Any], int], doubled_score)
_DRAW = _final_score(0b110001101, 0b001110010, None)     # a full board without a line, as the rule values it
_first = itemgetter(0)


class Node(NamedTuple):
    """A position where a search starts (``hint``, ``action_values``): the classical marks, the
    trees of spooky marks, the spooky marks (sorted) and the number of the next mark (odd: X's).
    Inside the search its parts travel as separate arguments (see ``players/trees.py`` on why
    they are plain tuples there)."""

    board: Board
    trees: tuple[Tree, ...]
    marks: tuple[Spooky, ...]
    n: int


def _node(game: GoffGame) -> Node:
    board, marks, n = state(game)
    return Node(board, components(board[0], marks), marks, n)


@contextmanager
def _stack_room(frames: int = 2000) -> Iterator[None]:
    """Room for ``frames`` Python frames while a search runs, the recursion limit given back after.
    The search recurses a few frames a mark (under 40 from the empty board, measured); the margin
    is for callers already deep in their own stack (test runners, mutmut's trampolines). Asked
    for where the search starts (``hint``, ``action_values``, ``solve``), not at import."""
    old = sys.getrecursionlimit()
    if old >= frames:
        yield
        return
    sys.setrecursionlimit(frames)
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


@dataclass(frozen=True)
class SolveReport:
    """What ``GoffSolver.solve()`` found and what it cost."""

    rules: str
    value: float                        # X's points minus O's from the empty board
    first_moves: dict                   # every first mark (a, b) -> its value
    seconds: float
    nodes: int                          # search nodes visited
    positions: int                      # positions stored in the transposition table

    @property
    def winning_first_moves(self) -> list:
        return sorted(m for m, v in self.first_moves.items() if v > 0)

    def __str__(self) -> str:
        by_value: dict[float, list] = {}
        for m, v in self.first_moves.items():
            by_value.setdefault(v, []).append(m)
        parts = [f"{_points_text(v)}: {len(ms)} first marks" + (
                 " (" + ", ".join(f"{a + 1}{b + 1}" for a, b in sorted(ms)) + ")" if len(ms) <= 4 else "")
                 for v, ms in sorted(by_value.items(), reverse=True)]
        return (f"{self.rules} rules: value of the empty board {_points_text(self.value)} "
                f"(X's points minus O's); " + "; ".join(parts) +
                f". {self.seconds:.2f} s, {self.nodes:,} nodes, {self.positions:,} positions stored.")


def _points_text(v: float) -> str:
    if v == int(v):
        return f"{int(v):+d}" if v else "0"
    return f"{v:+.4g}"


class GoffSolver:
    """Exact values of Goff positions. ``GoffSolver()`` for Goff's rules (the player who did
    not close a cycle chooses the collapse), ``GoffSolver("random")`` for a fair-coin
    collapse. The transposition table is kept between calls, so a solver gets faster
    the more it has seen; share one solver between players."""

    def __init__(self, rules: str = "goff", symmetry_depth: int = 5):
        if rules not in ("goff", "random"):
            raise ValueError(f"rules must be 'goff' or 'random', got {rules!r}")
        self.rules = rules
        # who decides a collapse, as the rules say: the search only needs "chance or a player"
        self._chance = collapse_decider(rules, "X") == CHANCE
        self.symmetry_depth = symmetry_depth
        self.table: dict = {}
        self.nodes = 0
        self._history: dict = {}
        self._tables = _book.symmetry_tables()       # the solver's own (tests/MUTATION.md: judged per solver)

    # --- public API --------------------------------------------------------------
    def value(self, game: GoffGame) -> float:
        """X's points minus O's with best play from here (expected, under random collapse).
        At a chance node (``explicit_chance``) it is the probability-weighted mean of the
        values of ``game.chance_outcomes()``."""
        self._check(game, chance_node=True)
        if game.is_chance_node():
            values = self.action_values(game)
            return sum(p * values[q] for q, p in game.chance_outcomes())
        return self.hint(game)[0]

    def action_values(self, game: GoffGame) -> dict:
        """Every legal action -> the value (X's points minus O's) after taking it and then
        playing perfectly. This is the hint: the mover's best actions have the largest value
        for X, the smallest for O. At a chance node: each outcome -> the value after it."""
        self._check(game, chance_node=True)
        if game.is_over:
            return {}
        if self._at_start(game):
            return dict(self.solve_cached().first_moves)
        sign = 1 if game.to_move == "X" else -1
        with _stack_room():
            scores = self._action_scores(game, -_INF, _INF)
        return {a: sign * v / 2 for a, v in scores.items()}

    def best_actions(self, game: GoffGame, book: bool = True) -> list:
        """The legal actions that keep the value (all perfect moves)."""
        return self.hint(game, book)[1]

    def hint(self, game: GoffGame, book: bool = True) -> tuple:
        """(value, perfect actions): the value of the position (X's points minus O's) and
        every action that keeps it. Cheaper than ``action_values``: it finds the value once,
        then asks each action only "at least that?". Positions after up to three marks come
        from the shipped opening book of the game's rules (``book=False`` searches instead)."""
        self._check(game)
        if game.is_over:
            return game.scores["X"] - game.scores["O"], []       # type: ignore[index]  # over: scores set
        if book and game.move_number <= _book.DEPTH[self.rules] + 1:
            hit = _book.lookup(game) if game.pending is None else _book.lookup_collapse(game)
            if hit is not None:
                return hit
        if self._at_start(game) or game.pending is not None:
            values = self.action_values(game)
            best = (max if game.to_move == "X" else min)(values.values())
            return best, [a for a, v in values.items() if v == best]
        node = _node(game)
        # values are integers (Goff) or multiples of 1/16 (a collapse fills two squares or more,
        # so at most four fair coins): a window just below v asks each action "at least v?"
        eps = 1 / 1024 if self._chance else 1
        with _stack_room():
            v = self._search(*node, -_INF, _INF)
            scores = self._action_scores(game, v - eps, v)
        best = [a for a, sc in scores.items() if sc >= v]
        return (v if game.move_number & 1 else -v) / 2, best

    def solve_cached(self) -> "SolveReport":
        """``solve()`` once per solver; later calls return the same report."""
        if getattr(self, "_report", None) is None:
            self._report = self.solve()
        return self._report

    @staticmethod
    def _at_start(game) -> bool:
        return game.move_number == 1 and game.pending is None

    def _action_scores(self, game, alpha, beta) -> dict:
        """Doubled points from the side of ``game.to_move`` (the player of the next mark), per
        legal action, searched with the window (alpha, beta) (fail-soft: outside it, a bound).
        A mark that closes a cycle is worth what the collapse's decider makes of it, as
        ``collapse_decider`` says: the worse of its two outcomes for the mover when the other
        player decides, their probability-weighted mean when chance does."""
        if game.pending is not None:
            return self._collapse_scores(game, alpha, beta)
        node = _node(game)
        by_chance = collapse_decider(game.rules, game.to_move) == CHANCE
        if game.action_squares() == 1:               # the classical last mark: mark 9, X's (see _endgame)
            subs, X, O = node.board
            (last,) = game.legal_moves()
            c = list(subs)
            c[last] = node.n
            return {last: _final_score(X | 1 << last, O, c)}
        return {action: self._mark_score(node, action, by_chance, alpha, beta) for action in game.legal_moves()}

    def _mark_score(self, node: Node, pair, by_chance: bool, alpha, beta):
        """The mover's doubled points for mark n in the squares ``pair``: a join of two trees
        searched on, or a cycle closed, decided by chance (the mean of both outcomes, exactly)
        or by the other player (the worse outcome for the mover)."""
        a, b = pair
        n = node.n
        ta = next(t for t in node.trees if (t[0] >> a) & 1)
        if not (ta[0] >> b) & 1:                     # joins two trees
            others = tuple(t for t in node.trees if t is not ta)
            tb = next(t for t in others if (t[0] >> b) & 1)
            rest = tuple(t for t in others if t is not tb) + (merge(ta, tb, a, b, n),)
            marks = node.marks + ((n, min(a, b), max(a, b)),)
            return -self._search(node.board, rest, marks, n + 1, -beta, -alpha)
        ea, eb = entry_of(ta, a), entry_of(ta, b)
        if by_chance:
            va = self._outcome(node, ta, ea, -_INF, _INF)
            vb = self._outcome(node, ta, eb, -_INF, _INF)
            return decided(max(va, vb), min(va, vb), True)
        va = self._outcome(node, ta, ea, alpha, beta)
        if va > alpha:                               # else the worse one is already below the window
            va = min(va, self._outcome(node, ta, eb, alpha, beta))
        return va

    def _collapse_scores(self, game, alpha, beta) -> dict:
        """A pending collapse (``game.current_player()`` chooses, or chance): each option's doubled
        points from the side of ``game.to_move``, with the window (alpha, beta) for a player's
        choice and exactly at a chance node (its value is the mean)."""
        board, marks, _ = state(game)
        p = game.pending
        if game.current_player() == CHANCE:
            alpha, beta = -_INF, _INF
        # _outcome counts from the side of the closer (mark p.sub); game.to_move, whose side is
        # wanted, is always the other player (to_move is the player of the next mark)
        alpha, beta = -beta, -alpha
        rest = tuple(m for m in marks if m[0] != p.sub)
        node = Node(board, components(board[0], rest), rest, p.sub)
        out = {}
        for q in p.options:
            tree = next(t for t in node.trees if (t[0] >> q) & 1)
            out[q] = -self._outcome(node, tree, entry_of(tree, q), alpha, beta)
        return out

    def _outcome(self, node: Node, tree: Tree, entry: Entry, alpha, beta):
        """Mark ``node.n`` has closed a cycle in ``tree`` and takes entry's square, the tree
        following: doubled points from the side of the player of that mark, searched with the
        window (alpha, beta) over the other trees."""
        n = node.n
        after = collapse(node.board, entry, n)
        subs, X, O = after
        t = doubled_score(X, O, subs)
        if t is not None:
            return t if n & 1 else -t
        mask = tree[0]
        others = tuple(t for t in node.trees if t is not tree)
        rest = tuple(m for m in node.marks if not (mask >> m[1]) & 1 and m[0] != n)
        return -self._search(after, others, rest, n + 1, -beta, -alpha)

    def solve(self) -> SolveReport:
        """Solve the empty board: its value and the value of every first mark."""
        start = time.perf_counter()
        nodes0 = self.nodes
        first = {}
        seen: dict = {}
        with _stack_room():
            for a in range(9):
                for b in range(a + 1, 9):
                    # the first mark's image: the one mark of the smallest image, without its subscript
                    canon = smallest_image((0,) * 9, ((1, a, b),), self._tables)[0][1][0][1:]
                    if canon not in seen:
                        seen[canon] = self._first_move_value(*canon)
                    first[(a, b)] = seen[canon]
        return SolveReport(self.rules, max(first.values()), first, time.perf_counter() - start,
                           self.nodes - nodes0, len(self.table))

    # --- internals ------------------------------------------------------------------
    def _check(self, game, chance_node: bool = False) -> None:
        if not isinstance(game, GoffGame):
            raise TypeError(f"GoffSolver solves GoffGame positions, got {type(game).__name__}")
        if game.rules != self.rules:
            raise ValueError(f"this solver is for {self.rules!r} rules but the game uses {game.rules!r}; "
                             f"make GoffSolver({game.rules!r})")
        if not chance_node and game.is_chance_node():
            raise ValueError("this is a chance node: no player chooses here, a fair coin does. Ask "
                             "value() or action_values(), or apply one of game.chance_outcomes()")

    def _first_move_value(self, a: int, b: int) -> float:
        board = ((0,) * 9, 0, 0)
        marks = ((1, a, b),)
        trees = components(board[0], marks)
        # O to move: a narrow window around a draw first, then a full one if it fails
        v = self._search(board, trees, marks, 2, -1, 1)
        if not -1 < v < 1:
            v = self._search(board, trees, marks, 2, -_INF, _INF)
        return -v / 2

    def _key(self, subs, marks, n):
        """The table's key of a position: the subscripts of classical marks older than every
        spooky mark dropped (only X or O kept), and up to mark ``symmetry_depth`` the smallest of
        the eight images (``book.smallest_image``, the one canonicaliser)."""
        oldest = marks[0][0] if marks else _INF
        subs = tuple([s if s > oldest else (s and (s & 1) - 2) for s in subs])
        if n > self.symmetry_depth:
            return (subs, marks)
        return smallest_image(subs, marks, self._tables)[0]

    def _search(self, board: Board, trees, marks, n, alpha, beta):
        """Negamax with alpha-beta and the transposition table: doubled points from the side of
        the player placing mark n. The mover either closes a cycle in one tree
        (``_best_cycle``) or joins two trees (``_best_join``); one or two trees left are read
        off without a search node (``_endgame``)."""
        if len(trees) <= 2:
            return self._endgame(board, trees, n, beta)
        self.nodes += 1
        key = self._key(board[0], marks, n)
        e = self.table.get(key)
        if e is not None:                    # stored bounds: a cut, or a narrower window
            lo, hi = e
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        best = self._best_cycle(board, trees, marks, n, alpha, beta)
        if best < beta:
            best = self._best_join(board, trees, marks, n, max(alpha, best), beta, best)
        self._store(key, e, best, alpha, beta)
        return best

    def _store(self, key, e, best, alpha, beta) -> None:
        """Keep what a search with the window (alpha, beta) proved: an upper bound when it
        failed low, a lower bound when it failed high, else the exact value."""
        lo, hi = e if e is not None else (-_INF, _INF)
        if best <= alpha:
            hi = min(hi, best)
        elif best >= beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        self.table[key] = (lo, hi)

    def _endgame(self, board: Board, trees, n, beta):
        """Mark n with one or two trees left: the classical last mark, the last cycle
        (``_last_mark``) or two trees (``_two_trees``), without a search.

        Which mark that is follows from the count: every placed mark is a classical square or
        an edge of a tree, and a tree of k open squares has k - 1 edges. With one tree holding
        all the open squares, 8 marks are down, so n is 9 (X's); with two trees, n is 8 (O's).
        The endgame functions below rely on it."""
        if len(trees) == 2:
            return self._two_trees(board, trees[0][1], trees[1][1], n, beta)
        entries = trees[0][1]
        if len(entries) > 1:
            return self._last_mark(board, entries, n)
        self.nodes += 1                      # the last open square: mark 9, X's, classical
        subs, X, O = board
        r = entries[0][0]
        c = list(subs)
        c[r] = n
        return _final_score(X | 1 << r, O, c)

    def _best_cycle(self, board: Board, trees, marks, n, alpha, beta):
        """The best the mover (mark n) gets by closing a cycle, over the trees, or -_INF when
        no tree has two squares. Stops at the first tree that reaches ``beta``."""
        best = -_INF
        for i, tree in enumerate(trees):
            if len(tree[1]) < 2:
                continue
            mask = tree[0]
            rest = trees[:i] + trees[i + 1:]
            mrest = tuple([m for m in marks if not (mask >> m[1]) & 1])
            v = self._cycle_in(board, tree[1], rest, mrest, n, alpha, beta)
            if v > best:
                best = v
                if best > alpha:
                    alpha = best
                if best >= beta:
                    break
        return best

    def _cycle_in(self, board: Board, entries, rest, mrest, n, alpha, beta):
        """The mover's best cycle in one tree (its ``entries``; the other trees are ``rest``,
        their spooky marks ``mrest``): each square r of the tree is an outcome (mark n in r,
        the tree following), and the collapse is decided as the rules say (``decided``
        between the best two). Under a decision it stops once two outcomes reach ``beta``."""
        chance = self._chance
        w1 = w2 = -_INF                      # the best two outcomes so far
        for entry in entries:
            v = self._collapse_value(board, entry, rest, mrest, n, alpha, beta)
            if v > w1:
                w1, w2 = v, w1
            elif v > w2:
                w2 = v
            if w2 >= beta and not chance:
                break
        return decided(w1, w2, chance)

    def _collapse_value(self, board: Board, entry: Entry, rest, mrest, n, alpha, beta):
        """Mark n has closed a cycle and taken entry's square, its tree following: doubled
        points from the mover's side, the game scored, or searched on over the other trees
        ``rest`` (whose spooky marks are ``mrest``). ``_search`` leaves one or two trees to
        ``_endgame``, so there were three or more, and ``rest`` holds at least two."""
        r, xs, os_, _ = entry
        subs, X, O = board
        if n & 1:
            X2, O2, sign = X | xs | 1 << r, O | os_, 1
        else:
            X2, O2, sign = X | xs, O | os_ | 1 << r, -1
        x, o = _LC[X2], _LC[O2]
        if x or o:                           # a line: scored (one player's lines: a table)
            return sign * (_final_score(X2, O2, subs_after(subs, n, entry)) if x and o else _LP[X2] - _LP[O2])
        after = (subs_after(subs, n, entry), X2, O2)
        if len(rest) == 2:                   # two trees left: no search node
            return -self._two_trees(after, rest[0][1], rest[1][1], n + 1,
                                    _INF if self._chance else -alpha)
        if self._chance:                     # a mean needs both outcomes exactly
            return -self._search(after, rest, mrest, n + 1, -_INF, _INF)
        return -self._search(after, rest, mrest, n + 1, -beta, -alpha)

    def _best_join(self, board: Board, trees, marks, n, alpha, beta, best):
        """The best of ``best`` and every join (mark n in two trees), history heuristic
        first; a join that reaches ``beta`` is remembered for the moves of later nodes."""
        nt = len(trees)
        score = self._history.get
        # a join's history key: mark n in squares a, b, as the number n * 81 + a * 9 + b
        moves = [(score(n * 81 + ea[0] * 9 + eb[0], 0), i, j, ea, eb) for i in range(nt) for j in range(i + 1, nt)
                 for ea in trees[i][1] for eb in trees[j][1]]
        moves.sort(key=_first, reverse=True)      # stable: equal scores keep their order
        hist = self._history
        for _, i, j, ea, eb in moves:
            merged = merge_entries(trees[i], trees[j], ea, eb, n)
            if nt == 3:                      # two trees left: evaluated without a search
                other = trees[3 - i - j][1]
                v = -self._two_trees(board, merged[1], other, n + 1, -alpha)
            else:
                ra, rb = ea[0], eb[0]
                mv = (n, ra, rb) if ra < rb else (n, rb, ra)
                rest = trees[:i] + trees[i + 1:j] + trees[j + 1:] + (merged,)
                v = -self._search(board, rest, marks + (mv,), n + 1, -beta, -alpha)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        hk = n * 81 + ea[0] * 9 + eb[0]
                        hist[hk] = hist.get(hk, 0) + (1 << (10 - n))
                        break
        return best

    def _two_trees(self, board: Board, eA, eB, n, beta=_INF):
        """Mark n when every open square is in one of two trees (entries eA and eB): its
        value without a search node. Mark n either closes a cycle in one tree (the other
        then holds the last cycle), or joins the trees, and mark n + 1 closes the last
        cycle; an outcome of a join then depends only on where mark n + 1 lands in one tree
        and mark n in the other, so every join is read off O(|A| |B|) collapses.
        Doubled points from the side of the player of n; fail-soft: at least ``beta``
        once one move reaches it."""
        self.nodes += 1
        # tops[k][i]: mark n has taken square i of one tree (that tree follows), and mark n + 1
        # closes the last cycle in the other tree (k = 0: the other is A, 1: it is B): the best
        # two outcomes from n + 1's side (None until needed). Cycles and joins both read them, on demand.
        tops: tuple[list, list] = ([None] * len(eB), [None] * len(eA))
        best = -_INF
        for k, T, U in ((1, eA, eB), (0, eB, eA)):     # mark n closes a cycle in T
            if len(T) < 2:
                continue
            v = self._cycle_before_last(board, T, U, n, tops[k])
            if v > best:
                best = v
                if best >= beta:
                    return best
        return self._join_before_last(board, eA, eB, n, tops, best, beta)

    def _cycle_before_last(self, board: Board, T, U, n, tops):
        """Mark n closes a cycle in tree T; unless that ends the game, mark n + 1 then closes
        the last cycle in U (or, U one square, is the classical last mark). The mover's best
        such cycle, doubled points from its side; ``tops`` caches the ``_join_top`` of each
        square of T. Two trees are left, so n is 8, O's (see ``_endgame``)."""
        chance = self._chance
        subs, X, O = board
        w1 = w2 = -_INF                                  # the best two outcomes so far
        for i, entry in enumerate(T):
            r, xs, os_, _ = entry
            X2, O2 = X | xs, O | os_ | 1 << r
            x, o = _LC[X2], _LC[O2]
            if x or o:                                   # a line (U is still open): scored
                v = -(_final_score(X2, O2, subs_after(subs, n, entry)) if x and o else _LP[X2] - _LP[O2])
            else:
                top = tops[i]
                if top is None:
                    top = tops[i] = self._join_top(board, entry, U, n)
                v = -(top[0] if len(U) == 1 else decided(top[0], top[1], chance))
            if v > w1:
                w1, w2 = v, w1
            elif v > w2:
                w2 = v
        return decided(w1, w2, chance)

    def _join_before_last(self, board: Board, eA, eB, n, tops, best, beta):
        """The best of ``best`` and every join of the two trees by mark n, in a (of A) and b
        (of B): mark n + 1 then closes the last cycle anywhere in the joined tree, and its
        outcome in A depends only on b, in B only on a (``_join_top``, cached in ``tops``)."""
        chance = self._chance
        join_top = self._join_top
        tops_a, tops_b = tops
        for ia, ea in enumerate(eA):
            tb = tops_b[ia]
            if tb is None:
                tb = tops_b[ia] = join_top(board, ea, eB, n)
            for ib, eb in enumerate(eB):
                ta = tops_a[ib]
                if ta is None:
                    ta = tops_a[ib] = join_top(board, eb, eA, n)
                (a1, a2), (b1, b2) = ta, tb              # n + 1's best cycle: the best two of four
                if a1 >= b1:
                    w1, w2 = a1, (a2 if a2 > b1 else b1)
                else:
                    w1, w2 = b1, (b2 if b2 > a1 else a1)
                v = -((w1 + w2) / 2 if chance else w2)    # decided, inline: the hottest loop
                if v > best:
                    best = v
                    if best >= beta:
                        return best
        return best

    @staticmethod
    def _join_top(board: Board, q_entry: Entry, T, n):
        """Mark n has taken square q (its tree follows) and mark n + 1 closes the last cycle
        in tree T: the best two outcomes over its square r in T, from n + 1's side, as a pair
        (the second is -_INF when T is one square). Two trees were left, so n is 8, O's, and
        n + 1 is 9, X's (see ``_endgame``)."""
        subs, X, O = board
        q, xq, oq, _ = q_entry
        Xq, Oq = X | xq, O | oq | 1 << q            # mark n (O) in q, mark n + 1 (X) in r
        w1 = w2 = -_INF
        cq = None                   # the subscripts after mark n, built when first needed
        for entry in T:
            r, xs, os_, _ = entry
            X2, O2 = Xq | xs | 1 << r, Oq | os_
            x, o = _LC[X2], _LC[O2]
            if x and o:
                if cq is None:
                    cq = subs_after(subs, n, q_entry)
                t = _final_score(X2, O2, subs_after(cq, n + 1, entry))
            elif x or o:            # one player's lines: doubled_score, read off its table
                t = _LP[X2] - _LP[O2]
            else:                   # the board is full
                t = _DRAW
            if t > w1:
                w1, w2 = t, w1
            elif t > w2:
                w2 = t
        return w1, w2

    def _last_mark(self, board: Board, entries, n):
        """Mark n when every open square is in one tree: every move closes the last cycle
        and the collapse fills the board. n is 9, X's (see ``_endgame``); doubled points
        from X's side."""
        self.nodes += 1
        subs, X, O = board
        w1 = w2 = -_INF                      # the best two outcomes so far
        for entry in entries:
            r, xs, os_, _ = entry
            X2, O2 = X | xs | 1 << r, O | os_
            v = _final_score(X2, O2, subs_after(subs, n, entry) if _LC[X2] and _LC[O2] else None)
            if v > w1:
                w1, w2 = v, w1
            elif v > w2:
                w2 = v
        return decided(w1, w2, self._chance)


# The opening books live in players/book.py; these names stay here for code written before they moved.
BOOK_PATHS = _book.PATHS
BOOK_PATH = _book.PATHS["goff"]
BOOK_DEPTH = _book.DEPTH
BOOK_MARKS = _book.DEPTH["goff"]
BOOK_VERSION = _book.VERSION
build_book = _book.build


def main(argv=None) -> None:
    import argparse
    import os
    ap = argparse.ArgumentParser(description="Solve Goff's quantum tic-tac-toe from the empty board.")
    ap.add_argument("--rules", choices=("goff", "random"), default="goff")
    ap.add_argument("--book", action="store_true", help="regenerate the shipped opening book of --rules")
    ap.add_argument("--marks", type=int, default=None, help="book depth in marks (default: BOOK_DEPTH, 3)")
    ap.add_argument("--processes", type=int, default=os.cpu_count() or 1, help="worker processes for --book")
    args = ap.parse_args(argv)
    if args.book:
        t0 = time.perf_counter()
        book = _book.build(lambda i, n: print(f"\r{i}/{n}", end="", file=sys.stderr, flush=True),
                           marks=args.marks, processes=args.processes, rules=args.rules)
        _book.write(book)
        print(f"\n{len(book['positions'])} positions written to {_book.PATHS[args.rules]} "
              f"in {time.perf_counter() - t0:.0f} s")
        return
    print(GoffSolver(args.rules).solve())


class PerfectPlayer:
    """Plays a perfect action under Goff's (or random-collapse) rules, uniformly among the
    perfect ones, from its own seeded generator. Share a ``solver`` between players."""

    def __init__(self, seed: int | None = None, solver: GoffSolver | None = None):
        self.rng = random.Random(seed)
        self.solver = solver

    def _solver_for(self, game) -> GoffSolver:
        if self.solver is None or self.solver.rules != game.rules:
            self.solver = shared_solver(game.rules)
        return self.solver

    def choose(self, game):
        if game.is_over:
            raise ValueError("the game is over: there is nothing to choose")
        return self.rng.choice(self._solver_for(game).best_actions(game))


class ImperfectPlayer(PerfectPlayer):
    """The perfect action, except that with probability ``p`` it plays uniformly among the
    other legal actions, on every position of Goff's game (the app's difficulty). The thesis'
    imperfect opponent (lesson 14) is stricter: classical tic-tac-toe, drawn boards, losing moves."""

    def __init__(self, seed: int | None = None, p: float = 0.1, solver: GoffSolver | None = None):
        if not 0 <= p <= 1:
            raise ValueError(f"p is a probability in [0, 1], got {p!r}")
        super().__init__(seed, solver)
        self.p = p

    def choose(self, game):
        if game.is_over:
            raise ValueError("the game is over: there is nothing to choose")
        best = self._solver_for(game).best_actions(game)
        others = [a for a in game.legal_moves() if a not in best]
        if others and self.rng.random() < self.p:
            return self.rng.choice(others)
        return self.rng.choice(best)


_SHARED: dict = {}


def shared_solver(rules: str = "goff") -> GoffSolver:
    """One solver per rule set for the whole process (its table grows as games are played)."""
    if rules not in _SHARED:
        _SHARED[rules] = GoffSolver(rules)
    return _SHARED[rules]


if __name__ == "__main__":
    main()
