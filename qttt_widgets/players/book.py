"""The opening books of the Goff solver: the value and the perfect actions of every position after
up to three marks, where a search still takes 0.05-20 s (as python-chess keeps its opening books
in ``polyglot.py``, apart from the board).

One book per rule set ships with the package: ``goff_book.json`` (Goff's rules: the player who did
not close a cycle chooses its collapse) and ``random_book.json`` (a fair coin collapses it). This
module owns everything about them:

* **the format**: a JSON object ``{"rules", "version", "marks", "format", "sha256", "positions"}``
  whose positions map a canonical position (``key_text``) to ``[value, perfect marks]``: the value
  is X's points minus O's with perfect play, the marks digit pairs (``"0826"`` is squares 0-8 and
  2-6, counted from 0), both for the canonical image of the position;
* **the canonical position** (``canonical``): the smallest of a position's eight images under the
  board's symmetries (``symmetries``), exact subscripts kept, so one entry serves every rotation
  and reflection;
* **the checksum** (``checksum``), a sha256 of the positions, and the checks on reading
  (``read``, ``load``): a missing or damaged book raises ``BookError`` saying how to regenerate it,
  never a silent wrong answer;
* **the lookup** (``lookup``, ``lookup_collapse``), which maps the perfect marks back to the
  position asked about;
* **the build** (``build``, ``write``), which asks the solver about every position, in worker
  processes if asked. From the command line::

      python -m qttt_widgets.players.solver --book [--rules random] [--processes N]

The solver (``GoffSolver.hint``) reads the book; this module imports the solver only to build one.

>>> from qttt_widgets.rules.goff import CHANCE, GoffGame, collapse_decider
>>> lookup(GoffGame())                                 # the empty board: X wins 1/2 with 1-9 or 3-7
(0.5, [(0, 8), (2, 6)])
>>> lookup(GoffGame().play(2, 6))[0]
0.5
>>> key_text(canonical(GoffGame().play(6, 2))[0])      # 7-3 is 1-9 turned a quarter
'0,0,0,0,0,0,0,0,0|1:08'
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Callable, Iterator

from qttt_widgets.rules.goff import CHANCE, GoffGame, collapse_decider

_HERE = Path(__file__).parent
PATHS = {"goff": _HERE / "goff_book.json", "random": _HERE / "random_book.json"}
"""The shipped book of each rule set."""
DEPTH = {"goff": 3, "random": 3}
"""Each book holds every position after 0..DEPTH marks (and a collapse chosen right after them)."""
VERSION = 2
"""2: a version and a sha256 of the positions in the file."""
FORMAT = "canonical position -> [value (X's points minus O's), perfect marks as digit pairs]"
_BOOKS: dict = {}                       # (rules, path) -> positions, each file read once


class BookError(ValueError):
    """An opening book is missing or damaged: regenerate it (the message says how)."""


# --- the canonical position ---------------------------------------------------------------
def symmetries() -> tuple:
    """The eight symmetries of the board, each a map old square -> new square (identity first).
    The solver keys its early positions by them too."""
    perms = []
    for rot in range(4):
        for flip in (False, True):
            p: list[int] | tuple[int, ...] = list(range(9))
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


def symmetry_tables() -> tuple:
    """(maps, perms, pairmaps): ``symmetries()``, each map the other way (new square -> old),
    and each map of a pair of squares a * 9 + b -> its image (min, max). Built on each call
    (about a millisecond): each solver keeps its own, and ``canonical`` one made on first use.
    Not at import, nor behind a decorator, so that mutation testing judges them (tests/MUTATION.md)."""
    maps = symmetries()
    perms = tuple(tuple(m.index(q) for q in range(9)) for m in maps)
    pairmaps = tuple(tuple((min(m[a], m[b]), max(m[a], m[b])) for a in range(9) for b in range(9))
                     for m in maps)
    return maps, perms, pairmaps


_TABLES: list = []                      # canonical's symmetry_tables(), made on first use


def smallest_image(subs, marks, tables: tuple | None = None) -> tuple:
    """(key, symmetry): the key is the smallest of the eight images of a position, (subscripts in
    the squares, sorted (subscript, a, b) of the spooky marks), ``symmetries()[symmetry]`` the
    first map that gives it. The one canonicaliser: the book keys by it with exact subscripts
    (``canonical``), the solver's table with the old ones dropped (``GoffSolver._key``).
    The squares are compared first, the marks only on a tie (as comparing whole keys would).
    ``tables`` is a ``symmetry_tables()`` (by default one made once for the module)."""
    if tables is None:
        if not _TABLES:
            _TABLES.append(symmetry_tables())
        tables = _TABLES[0]
    _, perms, pairmaps = tables
    imgs = [tuple(map(subs.__getitem__, p)) for p in perms]
    c = min(imgs)
    best = None
    which = 0
    for k, img in enumerate(imgs):
        if img == c:
            pm = pairmaps[k]
            ms = tuple(sorted([(s,) + pm[a * 9 + b] for s, a, b in marks]))
            if best is None or ms < best:
                best, which = ms, k
    return (c, best), which


def canonical(game: GoffGame) -> tuple:
    """(key, symmetry) of a position without a pending collapse, exact subscripts kept
    (``smallest_image`` of its classical subscripts and spooky marks)."""
    subs = tuple(0 if m is None else m[1] for m in game.classical)
    return smallest_image(subs, [(s, a, b) for _, s, a, b in game.spooky])


def key_text(key) -> str:
    """A canonical key as the book writes it: "subscripts|sub:ab;..." (squares from 0)."""
    cls, marks = key
    return ",".join(map(str, cls)) + "|" + ";".join(f"{s}:{a}{b}" for s, a, b in marks)


# --- the file: checksum, reading, writing -------------------------------------------------
def checksum(positions: dict) -> str:
    """sha256 of the positions as canonical JSON (sorted keys, no spaces)."""
    text = json.dumps(positions, sort_keys=True, separators=(",", ":"), allow_nan=False)
    return hashlib.sha256(text.encode()).hexdigest()


def load(rules: str) -> dict:
    """The book of ``rules`` at ``PATHS[rules]``: {position key: [value, perfect marks as digit
    pairs "0826"]}, read and checked once per file (``read``). A missing or damaged book raises
    BookError saying how to regenerate it."""
    path = PATHS[rules]
    if (rules, path) not in _BOOKS:
        _BOOKS[rules, path] = read(path, rules)
    return _BOOKS[rules, path]


def read(path: Path, rules: str) -> dict:
    """The positions of the book file ``path``, checked: a JSON object for ``rules``, this code's
    ``VERSION``, ``DEPTH[rules]`` marks, positions whose sha256 is the one stored. Anything else
    raises BookError naming the fault and the command that regenerates the book."""
    regenerate = f"regenerate it with: python -m qttt_widgets.players.solver --book --rules {rules}"
    if not path.exists():
        raise BookError(f"the opening book for {rules!r} rules is missing ({path}); {regenerate}")
    try:
        data = json.loads(path.read_text())
        if not isinstance(data, dict):
            raise ValueError("it is not a JSON object")
        if data.get("rules") != rules:
            raise ValueError(f"it is a book for {data.get('rules')!r} rules, not {rules!r}")
        version = data.get("version")
        if type(version) is not int or version != VERSION:
            raise ValueError(f"its version is {version!r}, this code reads version {VERSION}")
        marks = data.get("marks")
        if type(marks) is not int or marks != DEPTH[rules]:
            raise ValueError(f"it holds positions after up to {marks!r} marks, this code expects "
                             f"{DEPTH[rules]}")
        positions = data.get("positions")
        if not isinstance(positions, dict) or not positions:
            raise ValueError("it has no positions")
        if data.get("sha256") != checksum(positions):
            raise ValueError("the sha256 checksum of its positions does not match: the content was changed")
    except (ValueError, TypeError, RecursionError) as exc:
        raise BookError(f"the opening book {path} is damaged ({exc}); {regenerate}") from None
    return positions


def write(book: dict, path: Path | None = None) -> None:
    """Write ``book`` (as ``build`` returns it) to ``path`` (default: the shipped file of its rules),
    its checksum computed afresh, one position a line (so that a diff shows what changed)."""
    path = PATHS[book["rules"]] if path is None else path
    book = dict(book, sha256=checksum(book["positions"]))
    lines = [f"{json.dumps(k)}: {json.dumps(v)}" for k, v in sorted(book["positions"].items())]
    head = {k: v for k, v in book.items() if k != "positions"}
    text = json.dumps(head)[:-1] + ', "positions": {\n' + ",\n".join(lines) + "\n}}\n"
    path.write_text(text)
    for cached in [k for k in _BOOKS if k[1] == path]:
        del _BOOKS[cached]


# --- the lookup ---------------------------------------------------------------------------
def lookup(game: GoffGame, positions: dict | None = None) -> tuple | None:
    """(value, perfect actions) of a position without a pending collapse, from the book of its
    rules (or from ``positions``, a book's positions), or None when the book does not hold it."""
    key, k = canonical(game)
    hit = (load(game.rules) if positions is None else positions).get(key_text(key))
    if hit is None:
        return None
    value, pairs = hit
    m = symmetries()[k]
    back = {new: old for old, new in enumerate(m)}
    best = [(back[int(pairs[i])], back[int(pairs[i + 1])]) for i in range(0, len(pairs), 2)]
    return value, sorted(tuple(sorted(p)) for p in best)


def lookup_collapse(game: GoffGame) -> tuple | None:
    """(value, best choices) of a pending collapse whose outcomes are all in the book (or end the
    game), else None."""
    values = {}
    for q in game.pending.options:                          # type: ignore[union-attr]  # pending
        after = game.copy()
        after.apply(q)
        if after.is_over:
            values[q] = after.scores["X"] - after.scores["O"]   # type: ignore[index]  # over
            continue
        hit = lookup(after)
        if hit is None:
            return None
        values[q] = hit[0]
    best = (max if game.to_move == "X" else min)(values.values())
    return best, [q for q, v in values.items() if v == best]


# --- the build ----------------------------------------------------------------------------
def _futures(g, mv, rules: str) -> list:
    """(game, steps) for every way the action ``mv`` can come out: the collapse choices under
    Goff's rules, both sides of the coin under random collapse. A step is (action, outcome): the
    square the coin sent a spooky mark to, or None when no coin was tossed."""
    g2 = g.copy()
    if collapse_decider(rules, g.to_move) == CHANCE and g.action_squares() == 2:   # a spooky mark, a coin
        from qttt_widgets.rules.errors import IllegalMove
        from qttt_widgets.rules.records import replay_measured_mark
        futures = []
        for outcome in mv:
            g3 = g.copy()
            try:
                replay_measured_mark(g3, mv[0], mv[1], outcome)
            except IllegalMove:              # the mark closes no cycle: nothing to measure
                return [(g2.apply(mv), ((mv, None),))]
            futures.append((g3, ((mv, outcome),)))
        return futures
    g2.apply(mv)
    if g2.pending is None:
        return [(g2, ((mv, None),))]
    return [(g2.copy().apply(choice), ((mv, None), (choice, None))) for choice in g2.legal_moves()]


def _replay(rules: str, steps):
    """The game after ``steps`` ((action, coin's outcome or None), as ``_futures`` gives them)."""
    g = GoffGame(rules, seed=0)
    for action, outcome in steps:
        if outcome is None:
            g.apply(action)
        else:
            from qttt_widgets.rules.records import replay_measured_mark
            replay_measured_mark(g, action[0], action[1], outcome)
    return g


def _positions(marks: int, rules: str = "goff") -> list:
    """One history (the steps of ``_replay``) for every position after 1..marks marks, up to
    symmetry, where the game is not over and no collapse is pending."""
    found: dict = {}
    level = [(GoffGame(rules, seed=0), ())]
    for _ in range(marks):
        nxt = []
        for g, acts in level:
            for mv in g.legal_moves():
                for g3, steps in _futures(g, mv, rules):
                    if g3.is_over:
                        continue
                    name = key_text(canonical(g3)[0])
                    if name not in found:
                        found[name] = acts + steps
                        nxt.append((g3, acts + steps))
        level = nxt
    return sorted(found.values(), key=lambda h: (len(h), h))


def _chunk(job) -> list:
    """Book entries for a list of histories, searched by the process's shared solver."""
    from qttt_widgets.players import solver
    rules, histories = job
    searcher = solver.shared_solver(rules)
    searcher.solve_cached()
    out = []
    for h in histories:
        g = _replay(rules, h)
        key, k = canonical(g)
        value, best = searcher.hint(g, book=False)
        m = symmetries()[k]
        pairs = sorted(tuple(sorted((m[a], m[b]))) for a, b in best)
        out.append((key_text(key), [value, "".join(f"{a}{b}" for a, b in pairs)]))
        if len(searcher.table) > 6_000_000:           # a cache: keep the build's memory bounded
            searcher.table.clear()
    return out


def start_entry(report) -> list:
    """The empty board's entry from a ``SolveReport``: its value and every first mark that keeps it
    (under the random rules most first marks win something, so "winning" is not "best")."""
    best = sorted(m for m, v in report.first_moves.items() if v == report.value)
    return [report.value, "".join(f"{a}{b}" for a, b in best)]


def build(progress: Callable[[int, int], object] | None = None, marks: int | None = None,
          processes: int = 1, rules: str = "goff") -> dict:
    """Value and perfect actions of every position after zero to ``marks`` marks (default
    ``DEPTH[rules]``), up to symmetry, searched by ``solver.shared_solver(rules)``, as shipped in
    goff_book.json and random_book.json; ``write`` saves it. Three marks: about 6,000 positions, a
    few minutes on two cores (the random rules' empty board alone takes 20 s). ``progress(done,
    total)`` is called after each chunk of 25 positions; ``processes`` > 1 forks workers, which
    inherit the solved opening's table."""
    from qttt_widgets.players import solver
    marks = DEPTH[rules] if marks is None else marks
    report = solver.shared_solver(rules).solve_cached()     # before forking: the workers inherit its table
    todo = _positions(marks, rules)
    positions = {key_text(canonical(GoffGame(rules))[0]): start_entry(report)}
    chunks = [(rules, todo[i:i + 25]) for i in range(0, len(todo), 25)]
    done = 0
    results: Iterator[list]
    if processes == 1:
        results = map(_chunk, chunks)
    else:
        import multiprocessing
        pool = multiprocessing.get_context("fork").Pool(processes)
        results = pool.imap(_chunk, chunks)
    for part in results:
        positions.update(part)
        done += len(part)
        if progress:
            progress(done, len(todo))
    if processes != 1:
        pool.close()
    return {"rules": rules, "version": VERSION, "marks": marks, "format": FORMAT,
            "sha256": checksum(positions), "positions": positions}
