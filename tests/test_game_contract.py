"""The contract every game keeps (rules/game.py), checked on the three games alike, and the
promise that the app and its views dispatch only through the registry."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from qttt_widgets.rules import registry
from qttt_widgets.rules.classical import ClassicalBoard
from qttt_widgets.rules.errors import RecordError
from qttt_widgets.rules.game import CHANCE, Game, Outcome, _thawed, half_point, other, signed_points
from qttt_widgets.rules.goff import GoffGame
from qttt_widgets.rules.qubit_board import QubitGame

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import dispatch  # noqa: E402


def games(seed: int):
    yield GoffGame()
    yield GoffGame("random", seed=seed)
    yield GoffGame(collapse="random", seed=seed, explicit_chance=True)
    yield QubitGame(seed=seed)
    yield ClassicalBoard()


def random_walk(game: Game, rnd: random.Random, steps: int = 12) -> list[tuple[Game, object]]:
    """(position before, action) for random legal actions; a chance node takes its first outcome."""
    seen = []
    for _ in range(steps):
        moves = game.legal_moves() if game.current_player() != CHANCE else \
            [o for o, _p in game.chance_outcomes()]                       # type: ignore[attr-defined]
        if not moves:
            break
        action = moves[rnd.randrange(len(moves))]
        seen.append((game.copy(), action))
        game.apply(action)
    return seen


@pytest.mark.parametrize("seed", range(8))
def test_every_game_keeps_the_contract(seed):
    rnd = random.Random(seed)
    for game in games(seed):
        walked = random_walk(game, rnd)
        steps = game.history
        assert len(steps) <= len(walked)
        for step in steps:                        # each step: a typed action and chance's outcome
            assert hasattr(step, "action") and hasattr(step, "outcome")
        for before, action in walked:
            legal = before.legal_moves() if before.current_player() != CHANCE else \
                [o for o, _p in before.chance_outcomes()]
            assert action in legal
        out = game.outcome()
        assert isinstance(out, Outcome) and out.over == game.is_over
        assert (game.current_player() is None) == out.over
        assert out.winner in (None, "X", "O") and len(out.points) == 2
        if out.over and out.winner is not None:
            assert out.points_of(out.winner) > out.points_of(other(out.winner))
        # undo all, redo all: the same game, step for step
        copy = game.copy()
        while copy.history:
            copy.undo()
        assert copy.redo_stack == steps
        while copy.redo_stack:
            copy.redo()
        assert copy == game and copy.key() == game.key() and copy.history == steps
        # a snapshot reads as the game and cannot change; its copy can, alone
        snap = game.snapshot()
        assert snap == game and game == snap and snap.frozen and not game.frozen
        for name in type(game).MUTATORS:
            with pytest.raises(TypeError, match="snapshot"):
                getattr(snap, name)()
        thawed = snap.copy()
        assert type(thawed) is type(game) and not thawed.frozen
        if thawed.history:
            thawed.undo()
            assert game.history == steps
        with pytest.raises(TypeError):
            hash(game)


def test_one_record_envelope_for_every_game():
    """One rule: the format must match, the version is 1 or absent, no unknown field."""
    for game in (GoffGame().play(0, 1), QubitGame(seed=1).place(4), ClassicalBoard().play(4)):
        record = game.to_record()
        assert registry.load(record) == game
        without = {k: v for k, v in record.items() if k != "version"}      # older records: no version
        assert registry.load(without) == game
        with pytest.raises(RecordError, match="record version 2 is not supported"):
            type(game).from_record({**record, "version": 2})
        with pytest.raises(RecordError, match=r"fields this version does not know: \['colour'\]"):
            type(game).from_record({**record, "colour": "red"})
        with pytest.raises(RecordError, match="this is not a .* record: format is 'x'"):
            type(game).from_record({**record, "format": "x"})


def test_the_options_a_record_cannot_hold_are_keywords_of_every_loader(monkeypatch):
    """A record cannot hold a QubitGame's ``measurer`` (a function) nor a GoffGame's
    ``explicit_chance`` (how the game is driven): ``from_record`` takes them as keywords, and
    the game's class, a snapshot's class and ``registry.load`` all pass them on; a game that
    takes none refuses one with TypeError, and a bad value is refused as the constructor does."""
    from qttt_widgets.rules import game as game_module
    monkeypatch.setattr(game_module, "_FROZEN", {})        # snapshot classes made here (mutmut forks after caching)

    def measurer(game):                                    # never called: no move here measures
        raise AssertionError("a replay without a measurement called the measurer")

    qubit = QubitGame(seed=2, measurer=measurer).place(4).place(0)
    record = qubit.to_record()
    loaders = (QubitGame.from_record, type(qubit.snapshot()).from_record, registry.load)
    for load in loaders:
        back = load(record, measurer=measurer)
        assert back.measurer is measurer and back == qubit and not back.frozen
        assert load(record).measurer is None and load(record) != qubit     # the record alone has none

    # random collapse, a cycle closed in the record: replayed by the seed's coin, then driven
    # by hand (the next cycle stops at a chance node) only when explicit_chance=True is passed
    goff = GoffGame("random", seed=3, explicit_chance=True).play(0, 1).play(1, 2).play(0, 2)
    goff.toss()
    record = goff.to_record()
    assert record["moves"] == "12 23 13(1)"
    for load in (GoffGame.from_record, type(goff.snapshot()).from_record, registry.load):
        back = load(record, explicit_chance=True)
        assert back.explicit_chance and back == goff and back.history == goff.history
        back.play(3, 4).play(4, 5).play(3, 5)
        assert back.current_player() == CHANCE                             # it waits for toss()
        assert not load(record).explicit_chance
        assert load(record).play(3, 4).play(4, 5).play(3, 5).current_player() != CHANCE
        with pytest.raises(ValueError, match="explicit_chance is True or False"):
            load(record, explicit_chance="yes")
    # a bare cycle-closing mark (no outcome written) is still tossed by the seed's coin
    bare = GoffGame.from_record({"format": "qttt-goff", "rules": "random", "seed": 3, "moves": "12 23 13"},
                                explicit_chance=True)
    assert bare == goff and bare.explicit_chance and bare.current_player() != CHANCE
    assert registry.load("19 28", explicit_chance=True).explicit_chance   # bare notation: Goff

    board = ClassicalBoard().play(4)
    for load in (ClassicalBoard.from_record, type(board.snapshot()).from_record, registry.load):
        with pytest.raises(TypeError, match="measurer"):
            load(board.to_record(), measurer=measurer)
    with pytest.raises(TypeError, match="explicit_chance"):
        QubitGame.from_record(qubit.to_record(), explicit_chance=True)


def test_one_name_for_the_variant_and_for_whose_turn():
    assert GoffGame("random", seed=1) == GoffGame(rules="random", seed=1) == GoffGame(collapse="random", seed=1)
    assert GoffGame("random", seed=1).rules == GoffGame("random", seed=1).kind == "random"
    with pytest.raises(ValueError):
        GoffGame(rules="goff", collapse="random")
    g = GoffGame("random", seed=1, explicit_chance=True).play(0, 1).play(1, 2).play(0, 2)
    assert g.current_player() == CHANCE and g.to_move == "O"      # to_move: whose mark comes next
    assert not hasattr(g, "decider")


def test_the_half_point_formatter():
    assert [half_point(v) for v in (0, 0.5, 1, 1.5, 2)] == ["0", "½", "1", "1½", "2"]
    assert half_point(0.5, "1/2") == "1/2"
    assert [signed_points(v) for v in (0.5, -0.5, 1, -2, 0, 0.75)] == ["+½", "−½", "+1", "−2", "0", "+0.75"]
    narrow = GoffGame.from_record("37 39 14 47 39(3) 56 26 26(6)")          # lesson 12's game
    assert narrow.result_text() == "X 1 - O 1/2" and narrow.outcome().points == (1.0, 0.5)


@pytest.mark.parametrize("module", ["app.py", "controller.py", "config.py", "state.py", "views.py", "board.py"])
def test_the_app_and_its_views_dispatch_only_through_the_registry(module):
    root = Path(__file__).resolve().parents[1] / "qttt_widgets" / "widgets"
    isinst, modes = dispatch.findings(root / module)
    assert isinst == [] and modes == []


def test_the_registry_makes_each_kind_with_its_options_and_names_an_unknown_one():
    qubit = registry.new_game("qubit", seed=5, size=4, levels=[1, 2], measurement="most-frequent",
                              both_lines="draw", colour="ignored")
    assert type(qubit) is QubitGame and (qubit.n, qubit.k, qubit.levels, qubit.seed) == (4, 4, (1, 2), 5)
    assert (qubit.measurement, qubit.both_lines) == ("most-frequent", "draw")
    plain = registry.new_game("qubit")
    assert (plain.n, plain.levels, plain.measurement, plain.both_lines) == (3, (1, 3), "shot", "count")
    assert registry.new_game("classical", size=4).n == 4 and registry.new_game("random", seed=9).seed == 9
    for game in (qubit, plain, ClassicalBoard(), GoffGame(), GoffGame("random", seed=1)):
        assert registry.kind_of(game).name == game.kind and registry.kind_of(game).game is _thawed(type(game))
        assert registry.kind_of(game.snapshot()) is registry.kind_of(game)
    assert registry.kind_of(QubitGame()).label == "Qubit per cell (SWAP, H, entangle)"
    with pytest.raises(ValueError, match="unknown game kind 'chess': one of goff, random, qubit, classical"):
        registry.new_game("chess")


class _Renamed(ClassicalBoard):
    kind = "renamed"


def test_register_and_unregister_keep_the_kinds_and_formats_in_step():
    before_kinds, before_formats = dict(registry.KINDS), dict(registry.FORMATS)
    with pytest.raises(ValueError, match="no game kind 'renamed' is registered"):
        registry.kind_of(_Renamed())
    try:
        # a second kind on the classical format: the format stays after the kind goes
        kind = registry.register(registry.GameKind("renamed", "Renamed", _Renamed, lambda **_: _Renamed(),
                                                   ClassicalBoard.FORMAT))
        assert registry.KINDS["renamed"] is kind and registry.kind_of(_Renamed()) is kind
        assert registry.FORMATS[ClassicalBoard.FORMAT] is _Renamed
        assert type(registry.load({"format": ClassicalBoard.FORMAT, "moves": [4]})) is _Renamed
        assert registry.new_game("renamed").kind == "renamed"
        registry.unregister("renamed")
        assert "renamed" not in registry.KINDS and ClassicalBoard.FORMAT in registry.FORMATS
        # a kind with its own format: the format goes with it
        registry.register(registry.GameKind("renamed", "Renamed", _Renamed, lambda **_: _Renamed(), "qttt-renamed"))
        assert registry.FORMATS["qttt-renamed"] is _Renamed
        registry.unregister("renamed")
        assert "qttt-renamed" not in registry.FORMATS and "renamed" not in registry.KINDS
        with pytest.raises(KeyError):
            registry.unregister("renamed")
    finally:
        registry.KINDS.clear()
        registry.KINDS.update(before_kinds)
        registry.FORMATS.clear()
        registry.FORMATS.update(before_formats)


def _play_out(game: Game, seed: int) -> Game:
    rnd = random.Random(seed)
    while not game.is_over:
        moves = game.legal_moves() if game.current_player() != CHANCE else [o for o, _p in game.chance_outcomes()]
        game.apply(moves[rnd.randrange(len(moves))])
    return game


def test_whose_turn_and_the_outcome_in_words_while_playing_and_at_the_end():
    """A random walk of the contract test usually ends the game; here the middle is checked too."""
    for game in (ClassicalBoard(), QubitGame(seed=4), GoffGame(), GoffGame("random", seed=4)):
        assert game.current_player() == "X" and not game.outcome().over
        game.apply(game.legal_moves()[0])
        assert game.current_player() == "O" and not game.outcome().over and game.outcome().points == (0.0, 0.0)
    assert ClassicalBoard().outcome() == Outcome(False, None, (0.0, 0.0), "in play")
    assert QubitGame(seed=1).outcome() == Outcome(False, None, (0.0, 0.0), "in play")
    x_wins = ClassicalBoard().play(0).play(3).play(1).play(4).play(2)
    assert x_wins.outcome() == Outcome(True, "X", (1.0, 0.0), "X wins") and x_wins.current_player() is None
    o_wins = ClassicalBoard().play(8).play(0).play(7).play(1).play(3).play(2)
    assert o_wins.outcome() == Outcome(True, "O", (0.0, 1.0), "O wins")
    draw = ClassicalBoard()
    for sq in (0, 1, 2, 4, 3, 5, 7, 6, 8):
        draw.play(sq)
    assert draw.outcome() == Outcome(True, None, (0.5, 0.5), "draw") and draw.current_player() is None
    seen = set()
    for seed in range(40):
        qubit = _play_out(QubitGame(seed=seed), seed)
        out = qubit.outcome()
        assert qubit.current_player() is None and out.over
        assert out.text == ("draw" if out.winner is None else f"{out.winner} wins")
        seen.add(out.text)
    assert {"draw", "X wins", "O wins"} <= seen
    # Goff's words for points: X's half point too (X 1/2 here, O 1)
    late = GoffGame.from_record("34 79 23 47 67 16 12(2) 58 58(5)")
    assert late.result_text() == "X 1/2 - O 1" and late.outcome().points == (0.5, 1.0)


def test_load_reads_text_json_and_notation_and_says_what_is_wrong():
    assert registry.load("19 28").history == (("mark", 0, 8), ("mark", 1, 7))
    assert registry.load('  {"format": "qttt-classical", "moves": [4]} ').history == (4,)
    for empty in ("", "   \n"):
        with pytest.raises(RecordError, match="^the record is empty$"):
            registry.load(empty)
    expected = "expected qttt-goff, qttt-qubit or qttt-classical"
    with pytest.raises(RecordError, match=f"^unknown record format 'x': {expected}$"):
        registry.load({"format": "x"})
    for not_a_dict in ([1, 2], 7, None):
        with pytest.raises(RecordError, match=f"^unknown record format None: {expected}$"):
            registry.load(not_a_dict)


def test_load_names_the_one_or_two_formats_it_knows(monkeypatch):
    monkeypatch.setattr(registry, "FORMATS", {ClassicalBoard.FORMAT: ClassicalBoard})
    with pytest.raises(RecordError, match="^unknown record format 'x': expected qttt-classical$"):
        registry.load({"format": "x"})
    monkeypatch.setattr(registry, "FORMATS", {ClassicalBoard.FORMAT: ClassicalBoard, QubitGame.FORMAT: QubitGame})
    with pytest.raises(RecordError, match="^unknown record format 'x': expected qttt-classical or qttt-qubit$"):
        registry.load({"format": "x"})


def test_goff_s_outcome_while_playing_and_at_the_end():
    assert GoffGame().outcome() == Outcome(False, None, (0.0, 0.0), "in play")
    assert GoffGame("random", seed=2).play(0, 1).outcome() == Outcome(False, None, (0.0, 0.0), "in play")
    late = GoffGame.from_record("34 79 23 47 67 16 12(2) 58 58(5)")
    assert late.outcome() == Outcome(True, late.winner, (0.5, 1.0), "X 1/2 - O 1") and late.winner == "O"


# =================================================================================================
# Formerly tests/test_mutation_rules.py (mutation testing, tests/MUTATION.md).
# Rules behaviour that mutation testing found unguarded: damaged records refused with a message
# that names the problem, undo and redo at the ends of the history, the printed boards.
# =================================================================================================
# --- Game.replay_record: the one replay of a record's moves and redo stack (rules/game.py) -----
def test_replay_record_plays_the_moves_and_leaves_the_redo_stack_to_redo():
    labels = []
    b = ClassicalBoard()
    assert b.replay_record([4, 0], [8, 2], label=lambda i, where, sq: labels.append(1) or "") is b
    assert b.history == (4, 0) and b.redo_stack == (8, 2) and labels == []    # the label only for a refusal
    assert ClassicalBoard().replay_record([], [3], label=str).redo_stack == (3,)


@pytest.mark.parametrize("moves, redo, words", [
    ([4, 4], [], "moves, move 2 (4): square 5 already holds X"),              # the last of the moves
    ([4], [4], "redo, move 2 (4): square 5 already holds X"),                 # the first of the redo stack
    ([], [0, 1, 0], "redo, move 3 (0): square 1 already holds X"),
])
def test_replay_record_names_the_refused_move_counted_across_both_lists(moves, redo, words):
    with pytest.raises(RecordError) as e:
        ClassicalBoard().replay_record(moves, redo, label=lambda i, where, sq: f"{where}, move {i} ({sq})")
    assert str(e.value) == words


def test_replay_record_reads_each_entry_before_playing_it_and_keeps_read_s_own_words():
    def read(raw, i, where):
        if raw == "bad":
            raise RecordError(f"{where} #{i} is bad")
        return raw + 1

    b = ClassicalBoard().replay_record([3, 7], label=str, read=read)
    assert b.history == (4, 8)
    with pytest.raises(RecordError, match=r"^redo #3 is bad$"):               # not wrapped in a label
        ClassicalBoard().replay_record([0], [1, "bad", 2], label=lambda *a: "label", read=read)
    with pytest.raises(RecordError, match=r"^moves, move 2 \(1\): square 2 already holds X$"):
        ClassicalBoard().replay_record([0, 0], label=lambda i, where, sq: f"{where}, move {i} ({sq})", read=read,
                                       play=None)


def test_replay_record_words_a_record_error_from_play_with_the_label():
    def play(sq):
        raise RecordError("the coin says otherwise")

    with pytest.raises(RecordError, match=r"^move 1 \(square 1\): the coin says otherwise$"):
        ClassicalBoard().replay_record([0], label=lambda i, where, sq: f"move {i} (square {sq + 1})", play=play)


# --- rules/game.py: the outcome of a result, half points, and the snapshot classes ------------
def test_result_outcome_gives_each_result_its_points_and_keeps_the_words():
    from qttt_widgets.rules.game import Outcome, result_outcome
    assert result_outcome(None, "in play") == Outcome(False, None, (0.0, 0.0), "in play")
    assert result_outcome("draw", "a draw") == Outcome(True, None, (0.5, 0.5), "a draw")
    assert result_outcome("X", "X wins") == Outcome(True, "X", (1.0, 0.0), "X wins")
    assert result_outcome("O", "O wins") == Outcome(True, "O", (0.0, 1.0), "O wins")
    assert result_outcome(None, "in play").over is False                  # not just falsy


@pytest.mark.parametrize("value, text", [(-1.5, "-1½"), (-0.5, "-½"), (-2, "-2"), (3, "3"), (0.75, "0.75"),
                                         (2.25, "2.25"), (-0.25, "-0.25")])
def test_half_point_writes_signs_wholes_and_other_values(value, text):
    from qttt_widgets.rules.game import half_point
    assert half_point(value) == text


@pytest.mark.parametrize("make", [lambda: ClassicalBoard().apply(4), lambda: GoffGame().play(0, 1),
                                  lambda: QubitGame(seed=1).place(0)])
def test_a_snapshot_class_made_afresh_refuses_changes_and_copies_back(make, monkeypatch):
    """mutation: the snapshot classes are made once per game class and cached (``_FROZEN``); in
    a test run the cache is full before mutmut forks, so make them afresh here."""
    from qttt_widgets.rules import game as game_module
    monkeypatch.setattr(game_module, "_FROZEN", {})
    g = make()
    base = type(g)
    snap = g.snapshot()
    cls = type(snap)
    assert cls is not base and issubclass(cls, base) and snap.frozen is True and g.frozen is False
    assert (cls.__name__, cls.__qualname__, cls.__module__) == (base.__name__, base.__qualname__, base.__module__)
    assert cls.__doc__ == f"A snapshot of a {base.__name__}: reads as one, refuses to change."
    assert snap == g and g.snapshot().__class__ is cls and snap.snapshot().__class__ is cls   # made once
    for name in base.MUTATORS:
        with pytest.raises(TypeError, match=rf"^this {base.__name__} is a snapshot, which cannot change \({name}\); "
                                            r"send the action to the game's owner, or change snapshot\.copy\(\)$"):
            getattr(snap, name)()
        assert getattr(cls, name).__name__ == name
    back = snap.copy()
    assert type(back) is base and back == g and back.history == g.history
    back.undo()
    assert snap.history == g.history                                        # the copy is its own
    again = cls.from_record(g.to_record())
    assert type(again) is base and again == g


def test_games_of_two_classes_are_never_equal_even_with_the_same_position():
    """mutation: ``Game.__eq__`` compares positions only between games of one class (or its
    snapshots)."""
    class Variant(ClassicalBoard):
        pass

    assert Variant() != ClassicalBoard() and ClassicalBoard() != Variant()
    assert ClassicalBoard().snapshot() == ClassicalBoard() and Variant().snapshot() == Variant()
