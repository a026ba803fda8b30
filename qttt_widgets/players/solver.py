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
* **An opening book** (goff_book.json, regenerable) holds the value and perfect marks of
  every position after up to three marks (and of a collapse choice right after them), where
  a search still takes 0.05-1 s.

Values inside the search are "doubled points from the mover's side" (integers under Goff's
rules), so that 1/2 points stay exact; the public methods return points as floats.
"""
from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass

from qttt_widgets.rules.goff import GoffGame

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
_LM = tuple(sum(1 << i for i in line) for line in LINES)
_LC = tuple(sum(1 for m in _LM if x & m == m) for x in range(512))          # lines in a mask
_LINES_IN = tuple(tuple(line for line, m in zip(LINES, _LM) if x & m == m) for x in range(512))
_FULL = 511
_INF = 99


def _symmetries():
    perms = []
    for rot in range(4):
        for flip in (False, True):
            p = list(range(9))
            for _ in range(rot):
                p = [p[(2 - i % 3) * 3 + i // 3] for i in range(9)]
            if flip:
                p = [p[(i // 3) * 3 + 2 - i % 3] for i in range(9)]
            perms.append(tuple(p))
    perms = list(dict.fromkeys(perms))
    maps = []
    for p in perms:                     # p[new] = old; maps[k][old] = new
        inv = [0] * 9
        for new, old in enumerate(p):
            inv[old] = new
        maps.append(tuple(inv))
    return tuple(maps)


SYMMETRIES = _symmetries()      # eight maps old square -> new square (identity first)
_PERMS = tuple(tuple(m.index(q) for q in range(9)) for m in SYMMETRIES)   # new square -> old
_PAIRMAPS = tuple(tuple((min(m[a], m[b]), max(m[a], m[b])) for a in range(9) for b in range(9))
                  for m in SYMMETRIES)


def _terminal(X: int, O: int, cls) -> int | None:
    """Doubled X-minus-O points if the classical marks end the game, else None."""
    x = _LC[X]
    o = _LC[O]
    if x:
        if o:       # both: the line whose largest subscript is smaller scores 1, the other 1/2
            mx = mo = _INF
            for i, j, k in _LINES_IN[X]:
                m = cls[i] if cls[i] > cls[j] else cls[j]
                if cls[k] > m:
                    m = cls[k]
                if m < mx:
                    mx = m
            for i, j, k in _LINES_IN[O]:
                m = cls[i] if cls[i] > cls[j] else cls[j]
                if cls[k] > m:
                    m = cls[k]
                if m < mo:
                    mo = m
            return 1 if mx < mo else -1
        return 2 * x
    if o:
        return -2 * o
    if X | O == _FULL:
        return 0
    return None


def _components(cls, marks):
    """Trees of spooky marks over the open squares: (square mask, entries); an entry
    (r, xmask, omask, placements) says where every mark of the tree lands when square r
    is taken by the mark that closes a cycle (marks point away from r)."""
    free = [i for i in range(9) if not cls[i]]
    label = {i: i for i in free}
    for _, a, b in marks:
        la, lb = label[a], label[b]
        if la != lb:
            for i in free:
                if label[i] == lb:
                    label[i] = la
    groups: dict[int, list[int]] = {}
    for i in free:
        groups.setdefault(label[i], []).append(i)
    comps = []
    for nodes in groups.values():
        mask = sum(1 << i for i in nodes)
        inside = [m for m in marks if (mask >> m[1]) & 1]
        entries = []
        for r in nodes:
            xm = om = 0
            plc = []
            queue = [r]
            left = inside
            for u in queue:
                rest = []
                for s, a, b in left:
                    if a == u or b == u:
                        v = b if a == u else a
                        plc.append((v, s))
                        if s & 1:
                            xm |= 1 << v
                        else:
                            om |= 1 << v
                        queue.append(v)
                    else:
                        rest.append((s, a, b))
                left = rest
            entries.append((r, xm, om, tuple(plc)))
        comps.append((mask, tuple(entries)))
    return tuple(comps)


def _masks(cls):
    X = O = 0
    for i, s in enumerate(cls):
        if s:
            if s & 1:
                X |= 1 << i
            else:
                O |= 1 << i
    return X, O


def _collapse(cls, X, O, entry, n):
    """The classical marks after mark n takes square r of a tree and the tree follows."""
    r, xm, om, plc = entry
    c = list(cls)
    c[r] = n
    for sq, s in plc:
        c[sq] = s
    if n & 1:
        return tuple(c), X | xm | 1 << r, O | om
    return tuple(c), X | xm, O | om | 1 << r


def _merge(A, B, a, b, n):
    """Join trees A and B with mark n in squares a (of A) and b (of B)."""
    (nA, eA), (nB, eB) = A, B
    ea = next(e for e in eA if e[0] == a)
    eb = next(e for e in eB if e[0] == b)
    return _merge_entries(nA, eA, nB, eB, ea, eb, n)


def _merge_entries(nA, eA, nB, eB, ea, eb, n):
    ra, xa, oa, pa = ea
    rb, xb, ob, pb = eb
    bb = 1 << rb
    ba = 1 << ra
    pb2 = pb + ((rb, n),)
    pa2 = pa + ((ra, n),)
    if n & 1:
        return (nA | nB, tuple([(r, xm | bb | xb, om | ob, p + pb2) for r, xm, om, p in eA] +
                               [(r, xm | ba | xa, om | oa, p + pa2) for r, xm, om, p in eB]))
    return (nA | nB, tuple([(r, xm | xb, om | bb | ob, p + pb2) for r, xm, om, p in eA] +
                           [(r, xm | xa, om | ba | oa, p + pa2) for r, xm, om, p in eB]))


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
        self.symmetry_depth = symmetry_depth
        self.table: dict = {}
        self.nodes = 0
        self._history: dict = {}

    # --- public API --------------------------------------------------------------
    def value(self, game: GoffGame) -> float:
        """X's points minus O's with best play from here (expected, under random collapse)."""
        return self.hint(game)[0]

    def action_values(self, game: GoffGame) -> dict:
        """Every legal action -> the value (X's points minus O's) after taking it and then
        playing perfectly. This is the hint: the mover's best actions have the largest value
        for X, the smallest for O."""
        self._check(game)
        if game.is_over:
            return {}
        if self._at_start(game):
            return dict(self.solve_cached().first_moves)
        sign = 1 if game.to_move == "X" else -1
        return {a: sign * v / 2 for a, v in self._action_scores(game, -_INF, _INF).items()}

    def best_actions(self, game: GoffGame, book: bool = True) -> list:
        """The legal actions that keep the value (all perfect moves)."""
        return self.hint(game, book)[1]

    def hint(self, game: GoffGame, book: bool = True) -> tuple:
        """(value, perfect actions): the value of the position (X's points minus O's) and
        every action that keeps it. Cheaper than ``action_values``: it finds the value once,
        then asks each action only "at least that?". Positions after up to three marks come
        from the shipped opening book."""
        self._check(game)
        if game.is_over:
            return game.scores["X"] - game.scores["O"], []
        if book and self.rules == "goff" and game.move_number <= BOOK_MARKS + 1:
            hit = _book_lookup(game) if game.pending is None else _book_collapse(game)
            if hit is not None:
                return hit
        if self._at_start(game) or game.pending is not None:
            values = self.action_values(game)
            best = (max if game.to_move == "X" else min)(values.values())
            return best, [a for a, v in values.items() if v == best]
        cls, X, O, marks, n = self._state(game)
        v = self._search(cls, X, O, _components(cls, marks), marks, n, -_INF, _INF)
        # values are integers (Goff) or multiples of 1/16 (a collapse fills two squares or more,
        # so at most four fair coins): a window just below v asks each action "at least v?"
        eps = 1 if self.rules == "goff" else 1 / 1024
        best = [a for a, sc in self._action_scores(game, v - eps, v).items() if sc >= v]
        return (v if game.move_number & 1 else -v) / 2, best

    def solve_cached(self) -> "SolveReport":
        """``solve()`` once per solver; later calls return the same report."""
        if getattr(self, "_report", None) is None:
            self._report = self.solve()
        return self._report

    @staticmethod
    def _at_start(game) -> bool:
        return game.move_number == 1 and game.pending is None

    @staticmethod
    def _state(game):
        cls = tuple(0 if m is None else m[1] for m in game.classical)
        X, O = _masks(cls)
        marks = tuple(sorted((s, min(a, b), max(a, b)) for _, s, a, b in game.spooky))
        return cls, X, O, marks, game.move_number

    def _action_scores(self, game, alpha, beta) -> dict:
        """Doubled points from the side of the player to act, per legal action, searched
        with the window (alpha, beta) (fail-soft: outside it, a bound)."""
        cls, X, O, marks, n = self._state(game)
        out = {}
        pending = game.pending
        if pending is not None:          # the chooser moves next anyway: its side is n's side
            sub = pending.sub
            rest = tuple(m for m in marks if m[0] != sub)
            comps = _components(cls, rest)
            for q in pending.options:
                comp = next(c for c in comps if (c[0] >> q) & 1)
                entry = next(e for e in comp[1] if e[0] == q)
                others = tuple(c for c in comps if c is not comp)
                out[q] = -self._outcome(cls, X, O, comp, entry, others, rest, sub, -beta, -alpha)
            return out
        comps = _components(cls, marks)
        for action in game.legal_moves():
            if not isinstance(action, tuple):        # the classical last mark
                c = list(cls)
                c[action] = n
                X2, O2 = (X | 1 << action, O) if n & 1 else (X, O | 1 << action)
                out[action] = (1 if n & 1 else -1) * _terminal(X2, O2, c)
                continue
            a, b = action
            ca = next(c for c in comps if (c[0] >> a) & 1)
            others = tuple(c for c in comps if c is not ca)
            if (ca[0] >> b) & 1:                     # closes a cycle
                ea = next(e for e in ca[1] if e[0] == a)
                eb = next(e for e in ca[1] if e[0] == b)
                if self.rules == "random":
                    va = self._outcome(cls, X, O, ca, ea, others, marks, n, -_INF, _INF)
                    vb = self._outcome(cls, X, O, ca, eb, others, marks, n, -_INF, _INF)
                    out[action] = (va + vb) / 2
                else:                                # the opponent chooses the worse for the mover
                    va = self._outcome(cls, X, O, ca, ea, others, marks, n, alpha, beta)
                    if va > alpha:                   # else the worse one is already below the window
                        va = min(va, self._outcome(cls, X, O, ca, eb, others, marks, n, alpha, beta))
                    out[action] = va
            else:
                cb = next(c for c in others if (c[0] >> b) & 1)
                merged = _merge(ca, cb, a, b, n)
                rest = tuple(c for c in others if c is not cb) + (merged,)
                out[action] = -self._search(cls, X, O, rest, marks + ((n, min(a, b), max(a, b)),),
                                            n + 1, -beta, -alpha)
        return out

    def _outcome(self, cls, X, O, comp, entry, others, marks, n, alpha, beta):
        """Mark n takes entry's square and its tree follows: doubled points from the side of
        the player of mark n, searched with the window (alpha, beta)."""
        c, X2, O2 = _collapse(cls, X, O, entry, n)
        t = _terminal(X2, O2, c)
        if t is not None:
            return t if n & 1 else -t
        mask = comp[0]
        rest = tuple(m for m in marks if not (mask >> m[1]) & 1 and m[0] != n)
        return -self._search(c, X2, O2, others, rest, n + 1, -beta, -alpha)

    def solve(self) -> SolveReport:
        """Solve the empty board: its value and the value of every first mark."""
        start = time.perf_counter()
        nodes0 = self.nodes
        first = {}
        seen: dict = {}
        for a in range(9):
            for b in range(a + 1, 9):
                canon = min(tuple(sorted((m[a], m[b]))) for m in SYMMETRIES)
                if canon not in seen:
                    seen[canon] = self._first_move_value(*canon)
                first[(a, b)] = seen[canon]
        return SolveReport(self.rules, max(first.values()), first, time.perf_counter() - start,
                           self.nodes - nodes0, len(self.table))

    # --- internals ------------------------------------------------------------------
    def _check(self, game) -> None:
        if not isinstance(game, GoffGame):
            raise TypeError(f"GoffSolver solves GoffGame positions, got {type(game).__name__}")
        if game.rules != self.rules:
            raise ValueError(f"this solver is for {self.rules!r} rules but the game uses {game.rules!r}; "
                             f"make GoffSolver({game.rules!r})")

    def _first_move_value(self, a: int, b: int) -> float:
        cls = (0,) * 9
        marks = ((1, a, b),)
        comps = _components(cls, marks)
        # O to move: a narrow window around a draw first, then a full one if it fails
        v = self._search(cls, 0, 0, comps, marks, 2, -1, 1)
        if not -1 < v < 1:
            v = self._search(cls, 0, 0, comps, marks, 2, -_INF, _INF)
        return -v / 2

    def _key(self, cls, marks, n):
        oldest = marks[0][0] if marks else _INF
        cls = tuple([s if s > oldest else (s and (s & 1) - 2) for s in cls])
        if n > self.symmetry_depth:
            return (cls, marks)
        # the smallest of the eight images: compare the squares first, marks only on a tie
        imgs = [tuple(map(cls.__getitem__, p)) for p in _PERMS]
        c = min(imgs)
        best = None
        for k, img in enumerate(imgs):
            if img == c:
                pm = _PAIRMAPS[k]
                ms = tuple(sorted([(s,) + pm[a * 9 + b] for s, a, b in marks]))
                if best is None or ms < best:
                    best = ms
        return (c, best)

    def _search(self, cls, X, O, comps, marks, n, alpha, beta):
        """Negamax with alpha-beta: doubled points from the side of the player placing mark n."""
        xmove = n & 1
        sign = 1 if xmove else -1
        rand = self.rules == "random"
        if len(comps) == 1 and len(comps[0][1]) == 1:      # the last open square: a classical mark
            self.nodes += 1
            r = comps[0][1][0][0]
            c = list(cls)
            c[r] = n
            return sign * (_terminal(X | 1 << r, O, c) if xmove else _terminal(X, O | 1 << r, c))
        if len(comps) <= 2:                                 # one or two trees: no search needed
            if len(comps) == 1:
                return self._last_mark(cls, X, O, comps[0][1], n)
            return self._two_trees(cls, X, O, comps[0][1], comps[1][1], n, beta)
        self.nodes += 1
        key = self._key(cls, marks, n)
        table = self.table
        e = table.get(key)
        if e is not None:
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
        a0, b0 = alpha, beta
        best = -_INF
        # cycles: in a tree, only "mark n takes square r" matters, for each square r
        for ci, comp in enumerate(comps):
            ent = comp[1]
            if len(ent) < 2:
                continue
            rest = comps[:ci] + comps[ci + 1:]
            mask = comp[0]
            mrest = tuple([m for m in marks if not (mask >> m[1]) & 1])
            vals = []
            for entry in ent:
                r, xm, om, plc = entry
                if xmove:
                    X2 = X | xm | 1 << r
                    O2 = O | om
                else:
                    X2 = X | xm
                    O2 = O | om | 1 << r
                x = _LC[X2]
                o = _LC[O2]
                if (x and not o) or (o and not x):
                    v = sign * (2 * x - 2 * o)
                    vals.append(v)
                    if not rand and len(vals) >= 2:
                        vals.sort(reverse=True)
                        if vals[1] >= beta:
                            break
                    continue
                c = list(cls)
                c[r] = n
                for sq, sb in plc:
                    c[sq] = sb
                c = tuple(c)
                if x or X2 | O2 == _FULL:
                    v = sign * _terminal(X2, O2, c)
                elif len(rest) == 2:                 # two trees left: no search node
                    v = -self._two_trees(c, X2, O2, rest[0][1], rest[1][1], n + 1,
                                         _INF if rand else -max(alpha, best))
                elif len(rest) == 1 and len(rest[0][1]) > 1:
                    v = -self._last_mark(c, X2, O2, rest[0][1], n + 1)
                elif rand:
                    v = -self._search(c, X2, O2, rest, mrest, n + 1, -_INF, _INF)
                else:
                    v = -self._search(c, X2, O2, rest, mrest, n + 1, -beta, -max(alpha, best))
                vals.append(v)
                if not rand and len(vals) >= 2:
                    vals.sort(reverse=True)
                    if vals[1] >= beta:
                        break
            vals.sort(reverse=True)
            v = (vals[0] + vals[1]) / 2 if rand else vals[1]
            if v > best:
                best = v
                if best > alpha:
                    alpha = best
                if best >= beta:
                    break
        if best < beta:
            moves = []
            nc = len(comps)
            for i in range(nc):
                for j in range(i + 1, nc):
                    for ea in comps[i][1]:
                        for eb in comps[j][1]:
                            moves.append((i, j, ea, eb))
            hist = self._history
            moves.sort(key=lambda m: -hist.get((n, m[2][0], m[3][0]), 0))
            for i, j, ea, eb in moves:
                (nA, eA), (nB, eB) = comps[i], comps[j]
                merged = _merge_entries(nA, eA, nB, eB, ea, eb, n)
                if nc == 3:                  # two trees left: evaluated without a search
                    others = [comps[k][1] for k in range(3) if k != i and k != j]
                    v = -self._two_trees(cls, X, O, merged[1], others[0], n + 1, -alpha)
                else:
                    ra, rb = ea[0], eb[0]
                    mv = (n, ra, rb) if ra < rb else (n, rb, ra)
                    rest = comps[:i] + comps[i + 1:j] + comps[j + 1:] + (merged,)
                    v = -self._search(cls, X, O, rest, marks + (mv,), n + 1, -beta, -alpha)
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            hk = (n, ea[0], eb[0])
                            hist[hk] = hist.get(hk, 0) + (1 << (10 - n))
                            break
        lo, hi = e if e is not None else (-_INF, _INF)
        if best <= a0:
            hi = min(hi, best)
        elif best >= b0:
            lo = max(lo, best)
        else:
            lo = hi = best
        table[key] = (lo, hi)
        return best

    def _two_trees(self, cls, X, O, eA, eB, n, beta=_INF):
        """Mark n when every open square is in one of two trees (entries eA and eB): its
        value without a search node. Mark n either closes a cycle in one tree (the other
        then holds the last cycle), or joins the trees, and mark n + 1 closes the last
        cycle; an outcome of a join then depends only on where mark n + 1 lands in one tree
        and mark n in the other, so every join is read off O(|A| |B|) collapses.
        Doubled points from the side of the player of n; fail-soft: at least ``beta``
        once one move reaches it."""
        self.nodes += 1
        rand = self.rules == "random"
        xmove = n & 1
        sign = 1 if xmove else -1
        best = -_INF
        # tops[k][i]: mark n has taken square i of one tree (that tree follows), and mark n + 1
        # closes the last cycle in the other tree (k = 0: the other is A, 1: it is B): the best
        # two outcomes from n + 1's side. Joins and cycles both read them, on demand.
        tops = ({}, {})
        for k, T, U in ((1, eA, eB), (0, eB, eA)):     # mark n closes a cycle in T
            if len(T) < 2:
                continue
            vals = []
            for i, (r, xm, om, plc) in enumerate(T):
                if xmove:
                    X2 = X | xm | 1 << r
                    O2 = O | om
                else:
                    X2 = X | xm
                    O2 = O | om | 1 << r
                x = _LC[X2]
                o = _LC[O2]
                if x or o:                               # the collapse ends the game
                    if x and o:
                        c = list(cls)
                        c[r] = n
                        for sq, sb in plc:
                            c[sq] = sb
                        vals.append(sign * _terminal(X2, O2, c))
                    else:
                        vals.append(sign * (2 * x - 2 * o))
                    continue
                top = tops[k].get(i)                     # else n + 1 closes the last cycle in U
                if top is None:
                    top = tops[k][i] = self._join_top(cls, X, O, T[i], U, n)
                if len(U) == 1:                          # U is one square: a classical mark
                    vals.append(-top[0])
                else:
                    vals.append(-((top[0] + top[1]) / 2 if rand else top[1]))
            vals.sort(reverse=True)
            v = (vals[0] + vals[1]) / 2 if rand else vals[1]
            if v > best:
                best = v
                if best >= beta:
                    return best
        # joins: mark n in a (of A) and b (of B); then mark n + 1 closes a cycle anywhere in the
        # joined tree: its outcome in A depends only on b, in B only on a
        for ia, ea in enumerate(eA):
            for ib, eb in enumerate(eB):
                ta = tops[0].get(ib)
                if ta is None:
                    ta = tops[0][ib] = self._join_top(cls, X, O, eb, eA, n)
                tb = tops[1].get(ia)
                if tb is None:
                    tb = tops[1][ia] = self._join_top(cls, X, O, ea, eB, n)
                a1, a2 = ta                              # the best two of the four
                b1, b2 = tb
                if a1 >= b1:
                    w1, w2 = a1, (a2 if a2 > b1 else b1)
                else:
                    w1, w2 = b1, (b2 if b2 > a1 else a1)
                v = -((w1 + w2) / 2 if rand else w2)
                if v > best:
                    best = v
                    if best >= beta:
                        return best
        return best

    @staticmethod
    def _join_top(cls, X, O, q_entry, T, n):
        """Mark n has taken square q (its tree follows) and mark n + 1 closes the last cycle
        in tree T: the best two outcomes over its square r in T, from n + 1's side, as a pair
        (the second is -_INF when T is one square)."""
        q, xq, oq, pq = q_entry
        xmove = n & 1
        if xmove:               # mark n (X) in q, mark n + 1 (O) in r
            Xq = X | xq | 1 << q
            Oq = O | oq
        else:
            Xq = X | xq
            Oq = O | oq | 1 << q
        w1 = w2 = -_INF
        for r, xm, om, plc in T:
            if xmove:
                X2 = Xq | xm
                O2 = Oq | om | 1 << r
            else:
                X2 = Xq | xm | 1 << r
                O2 = Oq | om
            x = _LC[X2]
            o = _LC[O2]
            if x and o:
                c = list(cls)
                c[q] = n
                for sq, sb in pq:
                    c[sq] = sb
                c[r] = n + 1
                for sq, sb in plc:
                    c[sq] = sb
                t = _terminal(X2, O2, c)
            else:
                t = 2 * x - 2 * o
            if xmove:
                t = -t
            if t > w1:
                w1, w2 = t, w1
            elif t > w2:
                w2 = t
        return w1, w2

    def _last_mark(self, cls, X, O, entries, n):
        """Mark n when every open square is in one tree: every move closes the last cycle
        and the collapse fills the board. Doubled points from the side of the player of n."""
        vals = []
        xmove = n & 1
        for entry in entries:
            r, xm, om, plc = entry
            if xmove:
                X2 = X | xm | 1 << r
                O2 = O | om
            else:
                X2 = X | xm
                O2 = O | om | 1 << r
            x = _LC[X2]
            o = _LC[O2]
            if x and o:
                c, X2, O2 = _collapse(cls, X, O, entry, n)
                vals.append(_terminal(X2, O2, c))
            else:
                vals.append(2 * x - 2 * o)
        sign = 1 if xmove else -1
        vals = sorted((sign * v for v in vals), reverse=True)
        self.nodes += 1
        if self.rules == "random":
            return (vals[0] + vals[1]) / 2
        return vals[1]


sys.setrecursionlimit(max(sys.getrecursionlimit(), 2000))

# --- the opening book: perfect actions after up to three marks, where a search takes 0.05-1 s ---
BOOK_PATH = __import__("pathlib").Path(__file__).with_name("goff_book.json")
BOOK_MARKS = 3          # the shipped book holds every position after 0..BOOK_MARKS marks
_BOOK: dict | None = None


def _canonical(game):
    """(key, symmetry) of a position without a pending collapse, exact subscripts kept."""
    cls = tuple(0 if m is None else m[1] for m in game.classical)
    marks = [(s, a, b) for _, s, a, b in game.spooky]
    best = None
    for k, m in enumerate(SYMMETRIES):
        c = [0] * 9
        for q in range(9):
            c[m[q]] = cls[q]
        ms = tuple(sorted((s, min(m[a], m[b]), max(m[a], m[b])) for s, a, b in marks))
        cand = (tuple(c), ms)
        if best is None or cand < best[0]:
            best = (cand, k)
    return best


def _book_key(key) -> str:
    cls, marks = key
    return ",".join(map(str, cls)) + "|" + ";".join(f"{s}:{a}{b}" for s, a, b in marks)


def _load_book() -> dict:
    """The shipped book: {position key: [value, perfect marks as digit pairs "0826"]}.
    A damaged book is an error that says so (regenerate it), never a silent wrong answer."""
    global _BOOK
    if _BOOK is None:
        import json
        if not BOOK_PATH.exists():
            _BOOK = {}
            return _BOOK
        try:
            data = json.loads(BOOK_PATH.read_text())
            positions = data["positions"]
            if data.get("rules") != "goff" or not isinstance(positions, dict):
                raise ValueError("not a Goff-rules book")
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"the opening book {BOOK_PATH} is damaged ({exc}); regenerate it with "
                             f"python -m qttt_widgets.players.solver --book") from None
        _BOOK = positions
    return _BOOK


def _book_lookup(game):
    """(value, perfect actions) of a position from the shipped book, or None."""
    key, k = _canonical(game)
    hit = _load_book().get(_book_key(key))
    if hit is None:
        return None
    value, pairs = hit
    m = SYMMETRIES[k]
    back = {new: old for old, new in enumerate(m)}
    best = [(back[int(pairs[i])], back[int(pairs[i + 1])]) for i in range(0, len(pairs), 2)]
    return value, sorted(tuple(sorted(p)) for p in best)


def _book_collapse(game):
    """(value, best choices) of a pending collapse whose outcomes are all in the book (or
    end the game), else None."""
    values = {}
    for q in game.pending.options:
        after = game.copy()
        after.apply(q)
        if after.is_over:
            values[q] = after.scores["X"] - after.scores["O"]
            continue
        hit = _book_lookup(after)
        if hit is None:
            return None
        values[q] = hit[0]
    best = (max if game.to_move == "X" else min)(values.values())
    return best, [q for q, v in values.items() if v == best]


def _book_positions(marks: int) -> list:
    """One game (by its legal actions) for every position after 1..marks marks, up to symmetry,
    where the game is not over and no collapse is pending."""
    found: dict = {}
    level = [(GoffGame(), ())]
    for _ in range(marks):
        nxt = []
        for g, acts in level:
            for mv in g.legal_moves():
                g2 = g.copy()
                g2.apply(mv)
                after = [(g2, acts + (mv,))]
                if g2.pending is not None:
                    after = []
                    for choice in g2.legal_moves():
                        g3 = g2.copy()
                        g3.apply(choice)
                        after.append((g3, acts + (mv, choice)))
                for g3, acts3 in after:
                    if g3.is_over:
                        continue
                    name = _book_key(_canonical(g3)[0])
                    if name not in found:
                        found[name] = acts3
                        nxt.append((g3, acts3))
        level = nxt
    return sorted(found.values(), key=lambda h: (len(h), h))


def _book_chunk(histories) -> list:
    solver = shared_solver("goff")
    solver.solve_cached()
    out = []
    for h in histories:
        g = GoffGame()
        for a in h:
            g.apply(a)
        key, k = _canonical(g)
        value, best = solver.hint(g, book=False)
        m = SYMMETRIES[k]
        pairs = sorted(tuple(sorted((m[a], m[b]))) for a, b in best)
        out.append((_book_key(key), [value, "".join(f"{a}{b}" for a, b in pairs)]))
        if len(solver.table) > 6_000_000:           # a cache: keep the build's memory bounded
            solver.table.clear()
    return out


def build_book(progress=None, marks: int = BOOK_MARKS, processes: int = 1) -> dict:
    """Value and perfect actions of every position after zero to ``marks`` marks (up to
    symmetry), as shipped in goff_book.json. Three marks: about 6,000 positions, a few
    minutes on two cores. Regenerate with ``python -m qttt_widgets.players.solver --book``."""
    report = shared_solver("goff").solve_cached() if processes == 1 else GoffSolver("goff").solve()
    todo = _book_positions(marks)
    positions = {_book_key(_canonical(GoffGame())[0]):
                 [report.value, "".join(f"{a}{b}" for a, b in report.winning_first_moves)]}
    chunks = [todo[i:i + 25] for i in range(0, len(todo), 25)]
    done = 0
    if processes == 1:
        results = map(_book_chunk, chunks)
    else:
        import multiprocessing
        pool = multiprocessing.get_context("fork").Pool(processes)
        results = pool.imap(_book_chunk, chunks)
    for part in results:
        positions.update(part)
        done += len(part)
        if progress:
            progress(done, len(todo))
    if processes != 1:
        pool.close()
    return {"rules": "goff", "marks": marks,
            "format": "canonical position -> [value (X's points minus O's), perfect marks as digit pairs]",
            "positions": positions}


def _write_book(book: dict) -> None:
    import json
    lines = [f"{json.dumps(k)}: {json.dumps(v)}" for k, v in sorted(book["positions"].items())]
    head = {k: v for k, v in book.items() if k != "positions"}
    text = json.dumps(head)[:-1] + ', "positions": {\n' + ",\n".join(lines) + "\n}}\n"
    BOOK_PATH.write_text(text)


def main(argv=None) -> None:
    import argparse
    import os
    ap = argparse.ArgumentParser(description="Solve Goff's quantum tic-tac-toe from the empty board.")
    ap.add_argument("--rules", choices=("goff", "random"), default="goff")
    ap.add_argument("--book", action="store_true", help="regenerate the shipped opening book")
    ap.add_argument("--marks", type=int, default=BOOK_MARKS, help="book depth in marks (default 3)")
    args = ap.parse_args(argv)
    if args.book:
        t0 = time.perf_counter()
        book = build_book(lambda i, n: print(f"\r{i}/{n}", end="", file=sys.stderr, flush=True),
                          marks=args.marks, processes=os.cpu_count() or 1)
        _write_book(book)
        print(f"\n{len(book['positions'])} positions written to {BOOK_PATH} "
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
    other legal actions (the thesis' imperfect opponent, and the app's difficulty)."""

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
