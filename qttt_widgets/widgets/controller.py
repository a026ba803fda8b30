"""The app's controller: it owns the game, the settings and the players, turns what the user
asked for (an *intent*: a square clicked, a collapse chosen, undo, redo, a hint, a mode or a
player chosen, load, save, a computer's move) into changes of the game, and publishes a new
``AppSnapshot`` after each. It draws nothing: ``widgets.app.GameApp`` lays the widgets out
and draws the snapshots.

When two computers play each other they play one move at a time, ``pace`` seconds apart, on a
``clock``: the kernel's asyncio loop in Jupyter and Voila (the kernel stays free between
moves, so Pause is answered), a ``ManualClock`` in tests and plain Python.
"""
from __future__ import annotations

import asyncio
import json
import logging
import threading
from dataclasses import dataclass
from typing import Any, Callable

from qttt_widgets.players.solver import ImperfectPlayer, PerfectPlayer
from qttt_widgets.rules.errors import IllegalMove, RecordError

from . import config as C
from .registry import MODES, SOLVER, mode_of
from .state import AppSnapshot


@dataclass
class PutAside:
    """The game a board option's change put aside, for Undo to bring back: the game and its
    settings, the new game that change started, and how many actions that new game had before
    its first human (or two-computer clock) move (None: none yet)."""
    game: Any
    settings: dict
    new: Any
    opening: int | None = None

log = logging.getLogger(__name__)

_WARMED: set = set()
_WARM_LOCK = threading.Lock()


def warm_up(factory, game) -> threading.Thread | None:
    """Play one move of ``factory``'s player on a copy of ``game`` in a background thread, once per
    kind of player in this kernel: what its first reply would load (qiskit, Aer, its circuit) is
    loaded while the student reads the board. Returns the thread, or None if already done."""
    with _WARM_LOCK:
        if factory in _WARMED:
            return None
        _WARMED.add(factory)

    def play() -> None:
        try:
            factory(0).choose(game)
        except Exception:                        # a warm-up must never disturb the page
            log.exception("warming up %r failed", factory)

    thread = threading.Thread(target=play, name=f"warm-up {getattr(factory, '__name__', factory)}", daemon=True)
    thread.start()
    return thread


# --- clocks: when two computers play, the next move is called later on one -----------------------
class LoopClock:
    """The asyncio loop the app was made in (a Jupyter or Voila kernel's own loop): a move
    called later runs in the kernel's thread, between the messages it answers."""

    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.loop = loop

    def call_later(self, seconds: float, fn: Callable[[], None]):
        return self.loop.call_later(seconds, fn)


class _Handle:
    def __init__(self, fn: Callable[[], None]):
        self.fn, self.cancelled = fn, False

    def cancel(self) -> None:
        self.cancelled = True


class ManualClock:
    """A clock that runs nothing by itself: ``run_next()`` runs the next call (tests, plain
    Python with no event loop)."""

    def __init__(self) -> None:
        self.pending: list[_Handle] = []

    def call_later(self, seconds: float, fn: Callable[[], None]) -> _Handle:
        handle = _Handle(fn)
        self.pending.append(handle)
        return handle

    def waiting(self) -> int:
        """How many calls are waiting (cancelled ones are not)."""
        return sum(not h.cancelled for h in self.pending)

    def run_next(self) -> bool:
        """Run the next waiting call; False if there was none."""
        while self.pending:
            handle = self.pending.pop(0)
            if not handle.cancelled:
                handle.fn()
                return True
        return False


def default_clock():
    """The running asyncio loop's clock (in a kernel), else a ManualClock."""
    try:
        return LoopClock(asyncio.get_running_loop())
    except RuntimeError:
        return ManualClock()


class GameController:
    """The game, the settings and the players of the app, changed only by intents."""

    def __init__(self, mode: str = "goff", seed: int | None = 1, x: str = C.HUMAN, o: str = C.COMPUTER,
                 difficulty: float = C.EASY, clock=None, pace: float = C.PACE):
        self.seed = seed
        self.clock = clock if clock is not None else default_clock()
        self.pace = pace
        self.settings = {**C.DEFAULT_SETTINGS, "mode": mode, "difficulty": difficulty}
        self.settings["X"], self.settings["O"] = (C.default_computer(mode) if side == C.COMPUTER else side
                                                  for side in (x, o))
        self.players: dict = {}
        self.warming: list[threading.Thread] = []   # warm-up threads started for quantum opponents
        self.reviewing: int | None = None
        self.message = ""
        self.paused = False
        self.kept: dict[str, tuple] = {}            # mode -> (game, settings) put aside by a mode change
        self.replaced: PutAside | None = None      # the game a board option's change put aside
        self._listeners: list[Callable[[AppSnapshot], None]] = []
        self._games_started = 0
        self._timer = None
        self._closed = False
        self.game = None
        self._new_game()

    # --- what the layout sees --------------------------------------------------------------
    def subscribe(self, listener: Callable[[AppSnapshot], None]) -> None:
        """Call ``listener(snapshot)`` with every new snapshot."""
        self._listeners.append(listener)

    def shown_game(self):
        """The game, or the earlier position the review is showing."""
        if self.reviewing is None:
            return self.game
        from qttt_widgets.players.review import game_after
        return game_after(self.game, self.reviewing)

    def snapshot(self, fresh: bool = False, thinking: str | None = None) -> AppSnapshot:
        st = self.settings
        who = self.game.current_player()
        waiting = (C.waiting_text(who, st[who], self.watch()) if self._computer_to_move() and thinking is None
                   else None)
        return AppSnapshot(
            game=self.game.snapshot(), shown=self.shown_game().snapshot(), settings=st,
            players=tuple(MODES[st["mode"]].player_names(st["size"])), opponents=self.opponents(),
            reviewing=self.reviewing, fresh=fresh, thinking=thinking,
            computer_to_move=self._computer_to_move(), waiting=waiting, watch=self.watch(), message=self.message,
            history=C.history_text(self.game), can_undo=bool(self.game.history) or self._restorable() is not None,
            can_redo=bool(self.game.redo_stack), kept=tuple(self.kept))

    def _publish(self, fresh: bool = False, thinking: str | None = None) -> None:
        snap = self.snapshot(fresh, thinking)
        for listener in self._listeners:
            listener(snap)

    def opponents(self) -> str:
        """'humans' (two people), 'watch' (two computers) or 'computer' (one of each)."""
        computers = sum(self.players.get(side) is not None for side in ("X", "O"))
        return {0: "humans", 2: "watch"}.get(computers, "computer")

    def watch(self) -> str | None:
        if self.opponents() != "watch":
            return None
        return "paused" if self.paused or self.game.is_over else "playing"

    # --- settings --------------------------------------------------------------------------
    def choose(self, key: str, value) -> None:
        """A menu's new value: the mode, a player, the difficulty or a board option. The app
        draws the menus from the settings, so a value equal to the setting is no change."""
        if value is None or value == self.settings.get(key):
            return
        if key == "mode":
            self._change_mode(value)
        elif key in ("X", "O", "difficulty"):
            self._stop()
            was = self.opponents()
            self.settings[key] = value
            self._make_players()
            if self.opponents() == "watch" and was != "watch":
                self.paused = False               # two computers now: they start playing
            self._after_change()
        elif key in C.OPTIONS:
            self._change_option(key, value)
        else:
            raise ValueError(f"no setting {key!r}")

    def choose_opponents(self, kind: str) -> None:
        """One click: 'computer' (you play X against the mode's computer), 'humans' (two people
        at one screen) or 'watch' (two computers play, move by move)."""
        if kind == self.opponents():
            return
        st = self.settings
        computer = C.default_computer(st["mode"], st["size"])
        st["X"], st["O"] = {"computer": (C.HUMAN, computer), "humans": (C.HUMAN, C.HUMAN),
                            "watch": (computer, computer)}[kind]
        self._stop()
        self.paused = False
        self._make_players()
        self._after_change()

    def _change_mode(self, name: str) -> None:
        """Another mode: the game of this one is kept (if a move was made) to come back to, and
        the other mode's kept game comes back, else a new one starts."""
        if name not in MODES:
            raise ValueError(f"no mode {name!r}")
        self._stop()
        old, left = self.settings["mode"], len(self.game.history)
        if left:
            self.kept[old] = (self.game, dict(self.settings))
        note = C.kept_text(MODES[old].label, left) if left else ""
        if name in self.kept:
            game, settings = self.kept.pop(name)
            self.settings.update(settings)
            self._show_game(game, " ".join(filter(None, [C.back_text(MODES[name].label), note])), paused=True)
        else:
            self.settings["mode"] = name
            self._new_game(note)

    def _change_option(self, key: str, value) -> None:
        """A board option (size, levels, measurement, both lines) starts a new game, and says so;
        the game it replaces (if a move was made in it; else the one kept before it) is kept
        for Undo to bring back."""
        self._stop()
        kept = (self.game, dict(self.settings)) if self.game.history else self._restorable()
        self.settings[key] = value
        self._new_game(C.option_text(key, value, len(kept[0].history) if kept else 0), replaced=kept)

    def _restorable(self) -> tuple | None:
        """The (game, settings) an option change put aside, if Undo would bring it back now: the
        game on show is the one that change started, and no human (nor the clock of two
        computers) has acted in it, or every such action has been taken back."""
        if self.replaced is None or self.reviewing is not None:
            return None
        aside = self.replaced
        if self.game is not aside.new or (aside.opening is not None and len(aside.new.history) > aside.opening):
            return None
        return aside.game, aside.settings

    def _first_own_move(self) -> None:
        """A human's or the clock's move is coming in the game an option change started: from
        here on, Undo takes moves back before it brings the kept game back."""
        if self.replaced is not None and self.replaced.opening is None and self.game is self.replaced.new:
            self.replaced.opening = len(self.game.history)

    def _make_players(self) -> None:
        st = self.settings
        mode = MODES[st["mode"]]
        names = mode.player_names(st["size"])
        self.players = {}
        for side in ("X", "O"):
            if st[side] not in names:            # a computer not offered in this mode or on this board
                st[side] = C.default_computer(st["mode"], st["size"])
            factory = mode.players[st[side]]
            seed = None if self.seed is None else self.seed * 1000 + self._games_started * 2 + (side == "O")
            if st[side] in mode.warm_up:
                thread = warm_up(factory, mode.new_game(seed=0))
                if thread is not None:
                    self.warming.append(thread)
            if factory == SOLVER:
                p = st["difficulty"]
                self.players[side] = ImperfectPlayer(seed, p=p) if p else PerfectPlayer(seed)
            else:
                self.players[side] = factory(seed) if factory else None

    # --- the game ------------------------------------------------------------------------
    def new_game(self) -> None:
        """Start over in this mode, with these players and options."""
        self._stop()
        self._new_game()

    def _new_game(self, message: str = "", replaced: tuple | None = None) -> None:
        self._games_started += 1
        st = self.settings
        seed = None if self.seed is None else self.seed * 7919 + self._games_started
        levels = st["levels"] if st["size"] > 3 or st["levels"] != (1, 3) else None
        self._show_game(C.new_game(st["mode"], seed, size=st["size"], levels=levels,
                                   measurement=st["measurement"], both_lines=st["both_lines"]), message,
                        replaced=replaced)

    def set_game(self, game, message: str = "") -> None:
        """Play on ``game`` (any registered kind); a game of another mode puts this one aside."""
        self._stop()
        name = mode_of(game).name
        if name != self.settings["mode"] and self.game.history:
            self.kept[self.settings["mode"]] = (self.game, dict(self.settings))
        self.kept.pop(name, None)
        self._show_game(game, message)

    def _show_game(self, game, message: str = "", paused: bool = False, replaced: tuple | None = None) -> None:
        """Play on ``game``: its mode and options become the settings; two computers start
        playing unless ``paused``. ``replaced``: the (game, settings) a board option's change put
        aside for Undo (any other game on show lets it go)."""
        mode = mode_of(game)
        self.replaced = None if replaced is None else PutAside(*replaced, new=game)
        self.settings["mode"] = mode.name
        self.settings.update(mode.settings_of(game))
        self.game = game
        self.reviewing = None
        self.message = message
        self.paused = paused
        self._make_players()
        self._after_change(fresh=True)

    def play(self, action) -> None:
        """A human's action (sent by the board); IllegalMove leaves the game as it was. Then
        any computer to move answers."""
        if self.reviewing is not None:
            raise IllegalMove("you are looking at an earlier position: press 'Back to the game' to play",
                              rule="reviewing")
        if self._computer_to_move():
            raise IllegalMove("wait: the computer is to move", rule="computer")
        self._first_own_move()
        self.game.apply(action)
        self.message = ""
        self._after_change()

    def _computer_to_move(self) -> bool:
        return self.players.get(self.game.current_player()) is not None

    def _after_change(self, fresh: bool = False) -> None:
        """A computer facing a human answers at once; two computers play on the clock. Then
        the new snapshot is published."""
        if self.opponents() == "watch":
            self._publish(fresh)
            self._schedule()
            return
        try:
            for _ in range(100):                 # a game has far fewer actions than this
                if not self._computer_to_move():
                    break
                self._computer_move(fresh)
                fresh = False
        except IllegalMove as e:                 # a player bug must not freeze the app
            self.message = C.error(f"The computer tried an illegal move: {e.people}")
        self._publish(fresh)

    def _computer_move(self, fresh: bool = False) -> None:
        """One computer move; the board shows the position and who is thinking first."""
        who = self.game.current_player()
        self._publish(fresh, thinking=f"{who} ({C.player_label(self.settings[who])}) is thinking…")
        self.game.apply(self.players[who].choose(self.game))

    # --- two computers: one move at a time ----------------------------------------------------
    def _schedule(self) -> None:
        if (self._timer is None and not self._closed and self.watch() == "playing"
                and self.reviewing is None and self._computer_to_move()):
            self._timer = self.clock.call_later(self.pace, self._tick)

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _tick(self) -> None:
        self._timer = None
        if self._closed or self.watch() != "playing":
            return
        self._watch_move()
        self._schedule()

    def _watch_move(self) -> None:
        self._first_own_move()
        try:
            self._computer_move()
        except Exception as e:                   # on the clock nobody would see a traceback
            log.exception("a computer's move failed")
            self.paused = True
            self.message = C.error(f"The computer could not move ({getattr(e, 'people', type(e).__name__)}); "
                                   "the game is paused.")
        self._publish()

    def pause(self) -> None:
        """Two computers: stop after the move being shown."""
        self._stop()
        self.paused = True
        self._publish()

    def resume(self) -> None:
        """Two computers: play on, one move every ``pace`` seconds."""
        if self.opponents() != "watch" or self.game.is_over:
            return
        self.paused = False
        self.reviewing = None
        self._publish()
        self._schedule()

    def step(self) -> None:
        """Two computers: pause, and play one move."""
        self._stop()
        self.paused = True
        if self.opponents() == "watch" and not self.game.is_over and self._computer_to_move():
            self.reviewing = None
            self._watch_move()
        else:
            self._publish()

    def close(self) -> None:
        """No more moves on the clock (the app is closing)."""
        self._closed = True
        self._stop()

    # --- hint, review ------------------------------------------------------------------------
    def hint(self) -> None:
        """The perfect actions for the player to act, and what best play leads to."""
        self.message = C.hint_text(self.shown_game()) if mode_of(self.game).solver else C.NO_HINT
        self._publish()

    def show_position(self, actions: int | None) -> None:
        """Show the position after ``actions`` actions (from the review), or the game (None)."""
        self.reviewing = None if actions is None or actions == len(self.game.history) else actions
        if self.reviewing is not None and self.watch() == "playing":
            self._stop()
            self.paused = True
        if self.message.startswith("<b>Hint:</b>"):
            self.message = ""                    # a hint belongs to the position it was asked in
        self._publish()

    # --- undo, redo, save, load -----------------------------------------------------------
    def undo(self) -> None:
        """Take back the last action; against a computer, back to the human's last turn. At the
        start of a game a board option's change made, bring back the game it replaced."""
        kept = self._restorable()
        if kept is not None:
            game, settings = kept
            self._stop()
            self.settings.update({key: settings[key] for key in C.OPTIONS})
            self._show_game(game, C.option_back_text(len(game.history)), paused=True)
            return

        def back():
            self.game.undo()
            human_playing = any(p is None for p in self.players.values())
            while human_playing and self.game.history and self._computer_to_move():
                self.game.undo()
        self._take_back(back)

    def redo(self) -> None:
        """Replay what undo took back; against a computer, up to the human's next turn."""
        def forward():
            self.game.redo()
            human_playing = any(p is None for p in self.players.values())
            while human_playing and self.game.redo_stack and self._computer_to_move():
                self.game.redo()
        self._take_back(forward)

    def _take_back(self, change) -> None:
        self._stop()
        if self.opponents() == "watch":
            self.paused = True                    # the class looks at the position: Play goes on
        try:
            change()
        except IllegalMove as e:
            self.message = C.error(e.people)
            self._publish()
            return
        self.message = ""
        self.reviewing = None
        self._after_change(fresh=True)

    def save(self) -> str:
        """The game's record (JSON text); the message says where it is."""
        self.message = "Saved: copy the record from the box below to keep it."
        self._publish()
        return json.dumps(self.game.to_record(), indent=1)

    def load(self, text: str) -> bool:
        """Play on the game in a pasted record; a damaged one is refused and the game is kept."""
        try:
            game = C.load_record(text)
        except (RecordError, ValueError, TypeError, KeyError, RecursionError) as e:
            self.message = C.error(f"Could not load the record: {e}. The current game is unchanged.")
            self._publish()
            return False
        self.set_game(game, "Loaded.")
        return True
