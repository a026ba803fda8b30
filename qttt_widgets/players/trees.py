"""The Goff solver's state as named types, and the few operations on it that need no search.

A position inside the search is:

* a ``Board``: the classical marks, as the subscript in each square (0: none) and two bit masks,
  ``X`` and ``O``, of the squares holding X's and O's marks (the masks ``rules.scoring`` scores);
* its spooky marks, each a ``Spooky`` (subscript, square a, square b, a < b), sorted;
* the ``Tree`` s those marks form over the open squares (spooky marks form a forest: a cycle
  collapses at once). A tree keeps, for each of its squares r, an ``Entry``: where every mark
  of the tree lands when the mark that closes a cycle takes r (each mark then points away from
  r). A collapse is then a few bit operations (``collapse``), and joining two trees by a mark is
  a merge of their entries (``merge``);
* the number of the next mark, ``n`` (odd: X's, even: O's).

These are plain tuples, named by the type aliases below (``Spooky``, ``Board``, ``Entry``, ``Tree``)
and unpacked by name where they are read (``r, xs, os_, placed = entry``), not NamedTuples: the
search builds over a million entries a solve and unpacks them ten times as often, and CPython 3.11
specialises tuple unpacking and indexing for exact tuples only. NamedTuples there made
``benchmarks/solver.py`` about 23% slower in CPU time (3.6 s -> 4.45 s for Goff's rules, medians
of six alternated runs); the positions that leave the search (``solver.Node``) are NamedTuples.

>>> board, marks = ((0,) * 9, 0, 0), ((1, 0, 8),)                # X1 in squares 1 and 9
>>> (squares, entries), = [t for t in components(board[0], marks) if t[0] & 1]
>>> entries                                   # when O2 takes square 0, X1 lands in 8, and back
((0, 256, 0, ((8, 1),)), (8, 1, 0, ((0, 1),)))
>>> subs, X, O = collapse(board, entries[0], 2)
>>> subs, X, O
([2, 0, 0, 0, 0, 0, 0, 0, 1], 256, 1)
"""
from __future__ import annotations

from typing import Sequence, Tuple

from qttt_widgets.rules.goff import GoffGame


Placements = Tuple[Tuple[int, int], ...]
"""(square, subscript) of each mark a collapse puts down."""

Spooky = Tuple[int, int, int]
"""A spooky mark: (subscript, square a, square b), a < b."""

Board = Tuple[Sequence[int], int, int]
"""The classical marks: (the subscript in each square, 0 where there is none; the mask of the
squares holding X's marks; the mask of the squares holding O's marks)."""

Entry = Tuple[int, int, int, Placements]
"""Where a tree's marks land when the mark that closes a cycle takes a square r:
(r, the mask of the squares X's marks of the tree then take, the same for O's marks, each
(square, subscript) placed); r itself is not in the masks."""

Tree = Tuple[int, Tuple[Entry, ...]]
"""A tree of spooky marks over open squares: (the mask of its squares, the ``Entry`` of each)."""


def state(game: GoffGame) -> tuple[Board, tuple[Spooky, ...], int]:
    """(board, spooky marks sorted, number of the next mark) of a game, as the search reads it."""
    subs = tuple(0 if m is None else m[1] for m in game.classical)
    X, O = masks(subs)
    marks = tuple(sorted((s, min(a, b), max(a, b)) for _, s, a, b in game.spooky))
    return (subs, X, O), marks, game.move_number


def masks(subs: Sequence[int]) -> tuple[int, int]:
    """(X's squares, O's squares) of a board of subscripts (odd: X's, even: O's, 0: empty)."""
    X = O = 0
    for i, s in enumerate(subs):
        if s:
            if s & 1:
                X |= 1 << i
            else:
                O |= 1 << i
    return X, O


def subs_after(subs: Sequence[int], n: int, entry: Entry) -> list:
    """The subscripts in the squares once mark n has taken entry's square and its tree has
    followed (each mark pointing away from that square)."""
    r, _, _, placed = entry
    c = list(subs)
    c[r] = n
    for sq, s in placed:
        c[sq] = s
    return c


def collapse(board: Board, entry: Entry, n: int) -> Board:
    """The classical marks after mark n takes square r of a tree and the tree follows."""
    r, xs, os_, _ = entry
    subs, X, O = board
    if n & 1:
        return subs_after(subs, n, entry), X | xs | 1 << r, O | os_
    return subs_after(subs, n, entry), X | xs, O | os_ | 1 << r


def decided(best, second, chance: bool):
    """A collapse between two outcomes, ``best`` >= ``second`` from the side of the player who
    closed the cycle: the other player leaves it the worse, chance gives each probability 1/2
    (the probabilities ``GoffGame.chance_outcomes`` lists). The mover picks which cycle to
    close, so its best cycle in a tree is this of the tree's best two outcomes."""
    return (best + second) / 2 if chance else second


def components(subs: Sequence[int], marks: Sequence[Spooky]) -> tuple[Tree, ...]:
    """The trees of spooky marks over the open squares (one a square for a square no mark
    touches), each with the ``Entry`` of every square."""
    free = [i for i in range(9) if not subs[i]]
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
    trees = []
    for nodes in groups.values():
        mask = sum(1 << i for i in nodes)
        inside = [m for m in marks if (mask >> m[1]) & 1]
        entries = []
        for r in nodes:
            xs = os_ = 0
            placed = []
            queue = [r]
            left = inside
            for u in queue:
                rest = []
                for m in left:
                    s, a, b = m
                    if a == u or b == u:
                        v = b if a == u else a
                        placed.append((v, s))
                        if s & 1:
                            xs |= 1 << v
                        else:
                            os_ |= 1 << v
                        queue.append(v)
                    else:
                        rest.append(m)
                left = rest
            entries.append((r, xs, os_, tuple(placed)))
        trees.append((mask, tuple(entries)))
    return tuple(trees)


def entry_of(tree: Tree, square: int) -> Entry:
    """The entry of ``square`` in ``tree``."""
    return next(e for e in tree[1] if e[0] == square)


def merge(A: Tree, B: Tree, a: int, b: int, n: int) -> Tree:
    """Join trees A and B with mark n in squares a (of A) and b (of B)."""
    return merge_entries(A, B, entry_of(A, a), entry_of(B, b), n)


def merge_entries(A: Tree, B: Tree, ea: Entry, eb: Entry, n: int) -> Tree:
    """``merge`` with the entries of a and b already found (the search's hot loop): when the cycle
    closes in A's square r, mark n lands in b and B's marks follow eb, and the other way round."""
    ra, xa, oa, pa = ea
    rb, xb, ob, pb = eb
    bb = 1 << rb
    ba = 1 << ra
    pb2 = pb + ((rb, n),)
    pa2 = pa + ((ra, n),)
    if n & 1:
        return (A[0] | B[0], tuple([(r, xs | bb | xb, os_ | ob, p + pb2) for r, xs, os_, p in A[1]] +
                                   [(r, xs | ba | xa, os_ | oa, p + pa2) for r, xs, os_, p in B[1]]))
    return (A[0] | B[0], tuple([(r, xs | xb, os_ | bb | ob, p + pb2) for r, xs, os_, p in A[1]] +
                               [(r, xs | xa, os_ | ba | oa, p + pa2) for r, xs, os_, p in B[1]]))
