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

``GoffGame("random", seed=s)`` plays the same game with the measurement
as a chance node instead (the ESILV rules): a cycle collapses at once, each of
the two outcomes with probability 1/2, decided by a coin that depends only on
the seed and the move number (so undo cannot re-roll it).

``GoffGame`` keeps the games' contract (``rules.game.Game``): ``legal_moves``, ``apply``,
``history`` (typed steps), ``undo``/``redo``/``copy``, ``outcome()``, ``key()``.

Chance and choice are explicit, in OpenSpiel's manner: ``current_player()`` says whose
decision the next action is -- ``'X'`` or ``'O'``
(a mark, or the choice of a pending collapse under Goff's rules: the player who did
not close the cycle), ``CHANCE`` when a random collapse waits for its outcome, None
once the game is over -- and at a chance node ``chance_outcomes()`` lists the
outcomes with their probabilities. ``collapse_decider(rules, closer)`` is the rule
itself. By default a random-collapse game tosses the seed's coin as soon as a mark
closes a cycle, so it never stops at a chance node; ``GoffGame("random",
explicit_chance=True)`` stops there instead, and ``apply(outcome)`` (or ``toss()``,
the seed's coin) resolves it. Scoring is ``rules.scoring``, written once.

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
from typing import Sequence

from .actions import Action, CollapseTo, GoffStep, LastMark, Mark
from .classical import winning_lines
from .game import CHANCE, Game, Outcome, half_point
from .errors import IllegalMove, illegal, shown, whole_number
from .notation import FORMAT, VERSION, format_actions, read_goff_record
from .scoring import doubled_score, masks, points

SQUARES = 9
LINES = winning_lines(3)
_MASK = (1 << 64) - 1


# The actions legal_moves lists are immutable values, so each is made once and shared: building
# a Mark per pair on every call cost random playouts about 40% (see benchmarks/goff_playouts.py).
_MARK = {a * SQUARES + b: Mark(a, b) for a in range(SQUARES) for b in range(a + 1, SQUARES)}
_MARKS_OVER: dict[tuple[int, ...], tuple[Mark, ...]] = {}   # open squares -> every Mark over them
_COLLAPSE_TO = tuple(CollapseTo(q) for q in range(SQUARES))
_LAST_MARK = tuple(LastMark(q) for q in range(SQUARES))


def player_of(sub: int) -> str:
    """X makes the odd-numbered moves, O the even ones."""
    return "X" if sub % 2 else "O"


def collapse_decider(rules: str, closer: str) -> str:
    """Who decides the collapse of a cycle that ``closer`` ('X' or 'O') has just closed:
    under Goff's rules the other player, under random-collapse rules ``CHANCE``."""
    if closer not in ("X", "O"):
        raise ValueError(f"the closer of a cycle is 'X' or 'O', got {closer!r}")
    if rules == "goff":
        return "O" if closer == "X" else "X"
    if rules == "random":
        return CHANCE
    raise ValueError(f"rules are 'goff' or 'random', got {rules!r}")


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


def replay(game: "GoffGame", actions: Sequence[tuple], where: str = "moves", start: int = 1) -> None:
    """Apply recorded ``actions`` (as ``notation.parse_actions`` reads them) to ``game``, checking
    each as a player's action would be checked and, under random collapse, checking that each
    recorded outcome is the one the seed's coin gives. A problem raises RecordError naming
    the move as people count moves (``start`` is the first one's number: a collapse belongs to
    the mark before it, as in the notation's 15(5)); ``game`` may then be part-way."""
    game.replay_record(_labelled(actions, where, start), play=lambda entry: _replay_action(game, entry[0]),
                       label=lambda i, _where, entry: entry[1])


def _labelled(actions: Sequence[tuple], where: str, start: int) -> list[tuple[tuple, str]]:
    """Each action with the words naming it in an error: the move as people count moves (a
    collapse is named with the mark before it)."""
    out = []
    move, mark = start - 1, None
    for action in actions:
        if action[0] == "collapse":
            done = format_actions([mark]) if mark is not None else ""
            label = (f"{where}, move {move} ({done}, then the collapse into square {action[1] + 1})" if done
                     else f"{where}, the collapse into square {action[1] + 1} before any move")
        else:
            move, mark = move + 1, action
            label = f"{where}, move {move} ({format_actions([action])})"
        out.append((action, label))
    return out


def _replay_action(game: "GoffGame", action: tuple) -> None:
    """Play one recorded action (IllegalMove if the rules or the coin refuse it)."""
    kind = action[0]
    if kind == "mark" and len(action) > 3:
        replay_measured_mark(game, action[1], action[2], action[3], coin=True)
    elif kind == "mark":
        game.play(action[1], action[2])
    elif kind == "classical":
        game.play(action[1])
    elif kind == "collapse":
        if game.rules == "random":
            raise IllegalMove("under random-collapse rules a collapse is the outcome of the mark "
                              "that closed a cycle, written right after it, as 15(5)")
        game.collapse(action[1])


def replay_measured_mark(game: "GoffGame", a: int, b: int, outcome: int, coin: bool = False) -> None:
    """Under random collapse, place the mark ``(a, b)`` that closes a cycle and collapse it into
    ``outcome`` (a look-ahead may force either outcome). With ``coin=True`` (a record being
    loaded) the outcome must be the one the game's seed gives, else IllegalMove says so."""
    a, b_ = game._check_play(a, b)
    if b_ is None:
        raise IllegalMove("a measured mark needs two squares", rule="single-square")
    b = b_
    if game._comp[a] != game._comp[b]:
        raise IllegalMove(f"{a + 1}{b + 1} closes no cycle, so nothing collapses", rule="no-cycle")
    square = whole_number(outcome)
    if square not in (a, b):
        raise IllegalMove(f"the mark in squares {a + 1} and {b + 1} cannot collapse into square "
                          f"{shown(outcome if square is None else square + 1)}", rule="not-an-option")
    if coin and game.rules == "random":
        sub = game.move_number
        given = (a, b)[_coin(game.seed, sub)]       # type: ignore[arg-type]
        if square != given:
            raise IllegalMove(f"the record says {player_of(sub)}{sub} (squares {a + 1} and {b + 1}) collapsed "
                              f"into square {square + 1}, but seed {game.seed}'s coin sends it to square "
                              f"{given + 1}", rule="not-the-coin")
    game._do(("mark", a, b, square))
    game._future.clear()


class GoffGame(Game):
    """One game of Goff's quantum tic-tac-toe. See the module docstring for the rules.

    Squares may be given as any whole number (``4``, ``numpy.int64(4)``); ``True``, ``4.0`` and
    ``"4"`` are refused with IllegalMove.

    **Equality.** Two games are equal (``==``) when they are the same position under the same
    rules with the same future: the same rules (``'goff'`` or ``'random'``), the same classical
    marks with their subscripts, the same spooky marks, the same move number, the same pending
    collapse, and -- under random collapse only, where it decides every coming collapse -- the
    same seed. The way the position was reached, the redo stack and ``last_collapse`` (what the
    previous measurement did) are not compared; neither is the seed under Goff's rules, where
    it decides nothing, nor ``explicit_chance``, which says how the game is driven (a chance
    node waiting for its toss is a pending collapse, and that is compared). A game changes, so
    it is not hashable: ``game.key()`` is its immutable key (equal games, equal keys).

    ``repr(game)`` is ``GoffGame.from_record(...)`` with the game's notation or record:
    evaluated with ``GoffGame`` in scope it rebuilds an equal game (redo stack included).

    The variant is ``rules`` (``'goff'`` or ``'random'``), passed as ``GoffGame(rules)`` or
    ``GoffGame(rules=...)``; the older keyword ``collapse=`` is the same and still accepted.
    """

    FORMAT = FORMAT
    MUTATORS = ("apply", "undo", "redo", "play", "collapse", "toss")

    def __init__(self, rules: str | None = None, seed: int | None = None, explicit_chance: bool = False,
                 *, collapse: str | None = None):
        if rules is not None and collapse is not None and rules != collapse:
            raise ValueError(f"rules={rules!r} and collapse={collapse!r} name the same thing twice, differently")
        collapse = rules if rules is not None else collapse if collapse is not None else "goff"
        if not isinstance(explicit_chance, bool):
            raise ValueError(f"explicit_chance is True or False, got {explicit_chance!r}")
        if collapse not in ("goff", "random"):
            raise ValueError(f"collapse must be 'goff' or 'random', got {collapse!r}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ValueError(f"seed must be an integer or None, got {seed!r}")
        if collapse == "random" and seed is None:
            seed = random.SystemRandom().randrange(1 << 63)
        self.rules = collapse
        self.seed = seed
        self.explicit_chance = explicit_chance      # random collapse: stop at the chance node
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
    def cells(self) -> tuple:
        """Nine entries: 'X' or 'O', the player of the classical mark there, or None (as
        ``ClassicalBoard.cells``)."""
        return tuple(None if m is None else m[0] for m in self._cls)

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
    def kind(self) -> str:      # type: ignore[override]
        """The registry's name: the rules, 'goff' or 'random'."""
        return self.rules

    def current_player(self) -> str | None:
        """Whose decision the next action is: 'X' or 'O' (the next mark, or the choice of a
        pending collapse under Goff's rules: the player who did not close the cycle),
        ``CHANCE`` when a random collapse waits for its outcome, None once the game is over."""
        if self._scores is not None:
            return None
        if self._pending is not None:
            return self._pending.chooser
        return player_of(self._move)

    def is_chance_node(self) -> bool:
        """Whether the next action is chance's: a random collapse waiting for its outcome
        (only under ``explicit_chance``; otherwise the seed's coin is tossed at once)."""
        return self._scores is None and self._pending is not None and self._pending.chooser == CHANCE

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a chance node, each outcome (the square the mark just placed goes to, an action
        for ``apply``) with its probability: ``[(a, 0.5), (b, 0.5)]``. Elsewhere IllegalMove."""
        if not self.is_chance_node():
            raise IllegalMove(f"this is not a chance node: the next action is {self._decider_text()}",
                              rule="not-a-chance-node")
        return [(CollapseTo(q), 0.5) for q in self._pending.options]   # type: ignore[union-attr]

    def toss(self) -> "GoffGame":
        """At a chance node, collapse by the seed's coin (what ``play`` does at once when
        ``explicit_chance`` is off). Elsewhere IllegalMove."""
        if not self.is_chance_node():
            raise IllegalMove(f"there is no coin to toss: the next action is {self._decider_text()}",
                              rule="not-a-chance-node")
        p = self._pending
        return self.collapse(p.options[_coin(self.seed, p.sub)])     # type: ignore[union-attr, arg-type]

    def closes_cycle(self, a: int, b: int) -> bool:
        """Whether the mark in squares ``a`` and ``b``, legal now, closes a cycle (and so
        triggers a collapse). An illegal mark raises IllegalMove."""
        a, b_ = self._check_play(a, b)
        return self._comp[a] == self._comp[b_]                        # type: ignore[index]

    def _decider_text(self) -> str:
        d = self.current_player()
        if d is None:
            return f"none: the game is over ({self.result_text()})"
        if self._pending is not None:
            return f"{d}'s choice of the collapse"
        return f"{d}'s mark"

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

    def outcome(self) -> Outcome:
        """How the game stands (``rules.game.Outcome``): points are Goff's points."""
        s = self._scores
        if s is None:
            return Outcome(False, None, (0.0, 0.0), "in play")
        return Outcome(True, self.winner, (s["X"], s["O"]), self.result_text())

    # ``history`` and ``redo_stack`` (``Game``) list ``GoffStep``s: ('mark', a, b),
    # ('mark', a, b, outcome) under random collapse, ('classical', a) and ('collapse', square),
    # each with its typed ``.action`` and its ``.outcome``.
    def _step(self, entry: tuple) -> GoffStep:
        return GoffStep(entry)

    def action_squares(self) -> int:
        """How many squares a player's next action names, as ``legal_moves`` lists it: 2 for a
        spooky mark (``Mark``), 1 for the choice of a pending collapse (``CollapseTo``) or the
        classical last mark (``LastMark``), 0 when no player acts (the game is over, or a
        random collapse waits for chance). A board view asks it to know what a click means.

        >>> GoffGame().action_squares(), GoffGame().play(0, 1).play(0, 1).action_squares()
        (2, 1)
        """
        if self._scores is not None:
            return 0
        if self._pending is not None:
            return 0 if self._pending.chooser == CHANCE else 1
        return 1 if len(self.open_squares()) == 1 else 2

    def open_squares(self) -> list[int]:
        """Squares without a classical mark."""
        return [i for i in range(SQUARES) if self._cls[i] is None]

    def marks_in(self, square: int) -> list[tuple[str, int]]:
        """The spooky marks in ``square`` as (player, subscript)."""
        return [(player_of(s), s) for s, (a, b) in self._marks.items() if square in (a, b)]

    def legal_moves(self) -> list[Action]:
        """What may be done now: while a collapse is pending, the squares to choose from
        (``CollapseTo``); with one open square left, that square (``LastMark``); otherwise
        every pair (``Mark(a, b)``, a < b). See ``qttt_widgets.rules.actions``."""
        if self._scores is not None:
            return []
        if self._pending is not None:
            return [_COLLAPSE_TO[s] for s in self._pending.options]
        free = self.open_squares()
        if len(free) == 1:
            return [_LAST_MARK[free[0]]]
        key = tuple(free)
        marks = _MARKS_OVER.get(key)
        if marks is None:                       # at most 2 ** 9 sets of open squares, each built once
            marks = _MARKS_OVER[key] = tuple(_MARK[a * SQUARES + b] for i, a in enumerate(free)
                                             for b in free[i + 1:])
        return list(marks)

    def action_of(self, value: Action | tuple[int, ...] | list[int] | int) -> Action:
        """The typed action (as ``legal_moves`` lists it) that ``value``, a typed action or a
        plain form (a pair, or one square), stands for here; not checked for legality."""
        if isinstance(value, (tuple, list)):
            a, b = value
            return _MARK[a * SQUARES + b] if a < b else _MARK[b * SQUARES + a]
        if self._pending is not None:
            return _COLLAPSE_TO[value]
        return _LAST_MARK[value]

    def apply(self, action: Action | tuple[int, ...] | list[int] | int) -> "GoffGame":
        """Do ``action`` as ``legal_moves`` lists it (``Mark``, ``CollapseTo``, ``LastMark``),
        or in the plain forms: a pair ``(a, b)``, or a single square (the collapse choice when
        one is pending, else the classical last mark)."""
        if type(action) is Mark:                # the common case first: a mark from legal_moves
            return self.play(*action)
        if isinstance(action, CollapseTo):
            return self.collapse(action.square)
        if isinstance(action, LastMark):
            return self.play(action.square)
        if isinstance(action, (tuple, list)):
            if not 1 <= len(action) <= 2:
                raise IllegalMove(f"an action is a pair of squares, or one square; got {shown(action)}",
                                  rule="not-an-action")
            return self.play(*action)
        if self._pending is not None:
            return self.collapse(action)
        return self.play(action)

    # --- actions -------------------------------------------------------------
    def play(self, a: int, b: int | None = None) -> "GoffGame":
        """Place the mark of ``to_move``: spooky in squares ``a`` and ``b``, or
        classical in ``a`` alone when it is the last open square."""
        a, b = self._check_play(a, b)
        if b is None:
            self._do(("classical", a))
        else:
            self._do(("mark", a, b))
        self._future.clear()
        return self

    def collapse(self, square: int) -> "GoffGame":
        """The chooser sends the mark just placed to ``square``; its whole component collapses."""
        square = self._check_collapse(square)
        self._do(("collapse", square))
        self._future.clear()
        return self

    # undo, redo and copy are ``Game``'s: an undo takes back a mark, a collapse, or a mark with
    # its random collapse; a redo replays the stored action exactly.
    def undo(self) -> "GoffGame":
        return super().undo()       # type: ignore[return-value]

    def redo(self) -> "GoffGame":
        return super().redo()       # type: ignore[return-value]

    def copy(self) -> "GoffGame":
        return super().copy()       # type: ignore[return-value]

    # --- checks: each raises IllegalMove naming the rule, before anything changes
    def _check_square(self, value: object) -> int:
        """``value`` as a plain int square 0..8, else IllegalMove (counting squares from 1)."""
        sq = whole_number(value)
        if sq is None:
            raise IllegalMove(f"a square is a whole number (1..9 on the board, 0..8 in code); "
                              f"got {shown(value)}", rule="not-a-square")
        if not 0 <= sq < SQUARES:
            raise IllegalMove(f"square {shown(sq + 1)} is off the board: squares are 1..9 "
                              f"({shown(sq)} in code; code counts 0..8)", rule="off-board")
        return sq

    def _check_play(self, a: object, b: object) -> tuple[int, int | None]:
        """The squares ``(a, b)`` as plain ints if the mark is legal now, else IllegalMove."""
        if self._scores is not None:
            raise IllegalMove(f"the game is over ({self.result_text()}); no more moves", rule="game-over")
        p = self._pending
        if p is not None and p.chooser == CHANCE:
            raise illegal("collapse-pending",
                          f"a random collapse is pending: {player_of(p.sub)}{p.sub} must first go to "
                          "square {0} or {1} (apply one of chance_outcomes(), or toss())", *p.options)
        if p is not None:
            raise illegal("collapse-pending",
                          f"a collapse is pending: {p.chooser} must first choose where "
                          f"{player_of(p.sub)}{p.sub} goes (square {{0}} or {{1}})", *p.options)
        a = self._check_square(a)
        if b is None:
            squares: tuple[int, ...] = (a,)
        else:
            b = self._check_square(b)
            squares = (a, b)
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
        return a, b

    def _check_collapse(self, value: object) -> int:
        if self._scores is not None:
            raise IllegalMove(f"the game is over ({self.result_text()}); nothing to collapse",
                              rule="game-over")
        p = self._pending
        if p is None:
            raise IllegalMove("there is nothing to collapse: no cycle is waiting to be measured",
                              rule="no-collapse")
        square = self._check_square(value)
        if square not in p.options:
            raise illegal("not-an-option", f"{player_of(p.sub)}{p.sub} can only collapse into "
                          "square {0} or {1}, not {2}", *p.options, square)
        return square

    # --- state changes (no checks: callers check first) ------------------------
    def _snapshot(self) -> tuple:
        return (tuple(self._cls), dict(self._marks), tuple(self._comp), self._move,
                self._pending, self._scores, self._last)

    def _restore(self, snap: tuple) -> None:
        cls, marks, comp, self._move, self._pending, self._scores, self._last = snap
        self._cls, self._marks, self._comp = list(cls), dict(marks), list(comp)

    def _redo_entry(self, entry: tuple) -> None:
        self._do(entry)

    def _do(self, action: tuple) -> None:
        self._history.append((action, self._snapshot()))
        kind = action[0]
        if kind == "mark":
            outcome = action[3] if len(action) > 3 else None
            recorded = self._place(action[1], action[2], outcome)
            if recorded is not None:            # random collapse: keep its outcome for redo/records
                self._history[-1] = (recorded, self._history[-1][1])
        elif kind == "collapse":
            p = self._pending
            assert p is not None, "a collapse is checked before it is done"
            self._pending = None
            self._measure(p.sub, action[1], p.cycle, p.chooser)
            if p.chooser == CHANCE:             # the mark and its outcome are one action, as when tossed
                self._history.pop()
                mark, before = self._history[-1]
                self._history[-1] = (mark[:3] + (action[1],), before)
        else:                                   # the classical last mark
            self._cls[action[1]] = (player_of(self._move), self._move)
            self._move += 1
            self._score()

    def _place(self, a: int, b: int, outcome: int | None) -> tuple | None:
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
        decider = collapse_decider(self.rules, player_of(sub))
        if decider != CHANCE or (outcome is None and self.explicit_chance):
            self._pending = Pending(decider, sub, (a, b), cycle, cycle_marks)
            return None
        if outcome is None:
            outcome = (a, b)[_coin(self.seed, sub)]      # type: ignore[arg-type]  # random: a seed
        self._measure(sub, outcome, cycle, CHANCE)
        return ("mark", a, b, outcome)

    def _cycle_through(self, sub: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The cycle closed by mark ``sub``: the path from its first square to its
        second through the other marks (which form a tree), in order."""
        a, b = self._marks[sub]
        parent: dict[int, tuple[int, int] | None] = {a: None}
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
        node, step = b, parent[b]
        while step is not None:
            node, s = step
            squares.append(node)
            marks.append(s)
            step = parent[node]
        squares.reverse()
        marks.reverse()     # marks[i] joins squares[i] and squares[i+1]; the last, `sub`, closes b -> a
        return tuple(squares), tuple(marks)

    def _measure(self, sub: int, square: int, cycle: Sequence[int], by: str) -> None:
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
        """Score the classical marks by ``rules.scoring`` (the game ends when it says so)."""
        doubled = doubled_score(*masks(self._cls))
        if doubled is not None:
            self._scores = points(doubled)

    # --- lines and results ------------------------------------------------------
    def lines(self) -> list[tuple[str, tuple[int, ...], int]]:
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
        return f"X {half_point(s['X'], '1/2')} - O {half_point(s['O'], '1/2')}"

    # --- records ----------------------------------------------------------------
    def notation(self) -> str:
        """The moves in the short text notation (squares 1..9), e.g. '19 59 15(5)'."""
        return format_actions(self.history)

    def to_record(self) -> dict:
        """A JSON-safe dict that ``GoffGame.from_record`` restores exactly::

            {"format": "qttt-goff", "version": 1, "rules": "goff", "seed": null,
             "moves": "19 59 15(5)", "redo": ""}

        A record cannot hold a chance node waiting for its outcome, nor an outcome other than the
        seed's coin (chosen under ``explicit_chance``, or by ``replay_measured_mark``): both raise
        IllegalMove, since ``from_record`` could not give the same game back."""
        self._check_recordable()
        return {"format": FORMAT, "version": VERSION, "rules": self.rules, "seed": self.seed,
                "moves": format_actions(self.history), "redo": format_actions(self.redo_stack)}

    def _check_recordable(self) -> None:
        if self.is_chance_node():
            raise IllegalMove("a random collapse is waiting for its outcome, which a record cannot hold: "
                              "apply one of chance_outcomes(), or toss(), first", rule="chance-pending")
        if self.rules != "random":
            return
        actions = [(a, snap[3]) for a, snap in self._history]
        sub = self._move
        for a in reversed(self._future):
            actions.append((a, sub))
            sub += a[0] != "collapse"
        for a, sub in actions:
            if a[0] == "mark" and len(a) > 3 and a[3] != a[1:3][_coin(self.seed, sub)]:  # type: ignore[arg-type]
                raise IllegalMove(f"{player_of(sub)}{sub} went to square {a[3] + 1}, not where seed "
                                  f"{self.seed}'s coin sends it: a record replays the coin, so it cannot "
                                  "hold this game", rule="not-the-coin")

    @classmethod
    def from_record(cls, record: object, *, explicit_chance: bool = False) -> "GoffGame":
        """Rebuild a game from ``to_record`` output, its JSON text, or bare notation
        ('19 59 15(5)', Goff's rules). A damaged record -- a field of the wrong type, a move the
        rules refuse, a random-collapse outcome its seed's coin did not give -- raises
        RecordError saying what is wrong; nothing else escapes.

        ``explicit_chance`` says how the rebuilt game is driven from here on (a record does not
        hold it); the record itself is replayed as written, a cycle-closing mark without its
        outcome by the seed's coin. A value that is not True or False raises ValueError."""
        data = read_goff_record(record)
        game = cls(data.rules, seed=data.seed, explicit_chance=explicit_chance)
        game.explicit_chance = False                    # the record's marks are tossed as written
        game.replay_record(_labelled(data.moves, "moves", 1),
                           _labelled(data.redo, "redo", sum(a[0] != "collapse" for a in data.moves) + 1),
                           play=lambda entry: _replay_action(game, entry[0]), label=lambda i, _where, entry: entry[1])
        game.explicit_chance = explicit_chance
        return game

    # --- equality -----------------------------------------------------------------
    def _position(self) -> tuple:
        """What ``==`` and ``hash`` compare: see the class docstring."""
        return (self.rules, self.seed if self.rules == "random" else None, tuple(self._cls),
                tuple(sorted(self._marks.items())), self._move, self._pending)

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
        """``GoffGame.from_record(...)``, which rebuilds the game when evaluated."""
        if self.rules == "goff" and self.seed is None and not self._future:
            return f"GoffGame.from_record({self.notation()!r})"
        try:
            self._check_recordable()
        except IllegalMove as e:            # an explicit-chance game a record cannot hold
            return f"<GoffGame {self.rules} seed={self.seed} moves={self.notation()!r}: {e.people}>"
        return f"GoffGame.from_record({self.to_record()!r})"

    def _repr_html_(self) -> str:
        """The board's SVG drawing (rules.svg: each spooky mark in a fixed place, a pending
        cycle outlined, lines struck through) and whose decision comes next."""
        from .svg import goff_board
        picture = goff_board(self, 240)
        status = self.result_text()
        if self._pending and self._pending.chooser == CHANCE:
            p = self._pending
            status = (f"a fair coin sends {player_of(p.sub)}{p.sub} to square "
                      f"{p.options[0] + 1} or {p.options[1] + 1}")
        elif self._pending:
            p = self._pending
            status = (f"{p.chooser} chooses: {player_of(p.sub)}{p.sub} to square "
                      f"{p.options[0] + 1} or {p.options[1] + 1}")
        elif self._scores is None:
            status = f"{self.to_move} to move"
        return f"{picture}<div style='font-family:sans-serif'>{status}</div>"
