"""Rules behaviour that mutation testing found unguarded (tests/MUTATION.md): damaged records
refused with a message that names the problem, undo and redo at the ends of the history, the
printed boards, the ensemble's per-square odds against its own boards, the fair coin of the
random-collapse rules, from_key. Public API only."""
from collections import Counter
from fractions import Fraction

import pytest

from qttt_widgets.rules.classical import ClassicalBoard
from qttt_widgets.rules.ensemble import Ensemble
from qttt_widgets.rules.errors import IllegalMove, RecordError
from qttt_widgets.rules.goff import GoffGame
from qttt_widgets.rules.qubit_board import QubitGame


# --- classical records ---------------------------------------------------------------------------
def test_classical_record_round_trip_with_redo():
    b = ClassicalBoard().play(4).play(0).play(8).undo()
    rec = b.to_record()
    assert rec == {"format": "qttt-classical", "version": 1, "n": 3, "k": 3, "moves": [4, 0], "redo": [8]}
    back = ClassicalBoard.from_record(rec)
    assert back.cells == b.cells and back.history == (4, 0) and back.redo_stack == b.redo_stack
    assert back.redo().cells == b.copy().redo().cells
    bare = ClassicalBoard.from_record({"format": "qttt-classical", "moves": [0]})   # version 1, n 3 by default
    assert bare.n == 3 and bare.k == 3 and bare.cells[0] == "X" and bare.history == (0,)
    four = ClassicalBoard.from_record({"format": "qttt-classical", "n": 4, "k": 3, "moves": [5]})
    assert (four.n, four.k, len(four.cells)) == (4, 3, 16)


@pytest.mark.parametrize("record, words", [
    ([1, 2], ["a record is a dict"]),
    ({"format": "qttt-goff", "moves": []}, ["qttt-classical"]),
    ({"moves": []}, ["no 'format' field"]),
    ({"format": "qttt-classical", "version": 2}, ["version 2"]),
    ({"format": "qttt-classical", "version": True}, ["version True"]),
    ({"format": "qttt-classical", "colour": "red"}, ["colour"]),
    ({"format": "qttt-classical", "moves": [0, 0]}, ["move 2", "square 1"]),
    ({"format": "qttt-classical", "moves": [0], "redo": [0]}, ["move 2"]),
])
def test_classical_record_refused_saying_why(record, words):
    with pytest.raises(RecordError) as e:
        ClassicalBoard.from_record(record)
    for w in words:
        assert w in str(e.value), (w, str(e.value))


def test_classical_undo_redo_and_copy_are_exact():
    b = ClassicalBoard()
    with pytest.raises(IllegalMove, match="nothing to undo"):
        b.undo()
    with pytest.raises(IllegalMove, match="nothing to redo"):
        b.redo()
    b.play(4).play(0).play(8)
    c = b.copy()
    b.undo().undo()
    assert b.cells == (None,) * 4 + ("X",) + (None,) * 4 and b.to_move == "O"
    assert b.redo_stack == (0, 8)
    b.redo()
    assert b.cells[0] == "O" and b.redo_stack == (8,)
    b.redo()
    assert b.cells == c.cells and b.history == c.history == (4, 0, 8) and b.redo_stack == ()
    b.undo()
    b.play(2)                                              # a new move clears the redo stack
    assert b.redo_stack == () and b.history == (4, 0, 2)
    assert c.history == (4, 0, 8)                          # the copy is independent
    c.undo()
    assert b.history == (4, 0, 2)
    k = ClassicalBoard(4, 3).copy()
    assert (k.n, k.k) == (4, 3)


def test_classical_board_prints_row_by_row():
    b = ClassicalBoard().play(0).play(4).play(8)
    assert str(b) == "X . .\n. O .\n. . X"
    assert str(ClassicalBoard(2)) == ". .\n. ."


def test_from_key_orders_moves_so_the_right_player_is_to_move():
    b = ClassicalBoard.from_key("XO.X.....")
    assert b.cells[:4] == ("X", "O", None, "X") and b.to_move == "O" and len(b.history) == 3
    assert ClassicalBoard.from_key("XO.......").to_move == "X"
    assert ClassicalBoard.from_key(".........").history == ()
    assert ClassicalBoard.from_key("X" + "." * 15, k=3).k == 3
    for bad in ("XO", "X.O.....Z", "XX.......", "O........"):
        with pytest.raises(ValueError):
            ClassicalBoard.from_key(bad)


# --- Goff records, printing, coin ----------------------------------------------------------------
@pytest.mark.parametrize("record, words", [
    ("19 90", ["0"]),
    ("19 19 19", ["collapse"]),
    ({"format": "qttt-classical", "moves": []}, ["qttt-goff"]),
    ({"format": "qttt-goff", "version": 2, "moves": ""}, ["version"]),
])
def test_goff_record_refused_saying_why(record, words):
    with pytest.raises(RecordError) as e:
        GoffGame.from_record(record)
    for w in words:
        assert w in str(e.value), (w, str(e.value))


def test_goff_board_prints_its_marks():
    g = GoffGame.from_record("12 45 14 25(5)")
    assert str(g) == "[X3]        |[X1]        |.\n[O2]        |[O4]        |.\n.           |.           |."
    g = GoffGame().play(0, 8).play(4, 8)
    assert str(g) == "X1          |.           |.\n.           |O2          |.\n.           |.           |X1 O2"
    assert g._repr_html_().endswith(">X to move</div>")
    g.play(0, 4)
    assert g._repr_html_().endswith(">O chooses: X3 to square 1 or 5</div>")
    g.collapse(0)
    assert g._repr_html_().endswith(">O to move</div>")


def test_goff_undo_redo_at_the_ends():
    g = GoffGame()
    with pytest.raises(IllegalMove, match="nothing to undo"):
        g.undo()
    with pytest.raises(IllegalMove, match="nothing to redo"):
        g.redo()
    g.play(0, 1).play(0, 1)
    g.collapse(1)
    before = (g.classical, g.history)
    g.undo().undo()
    assert g.history == (("mark", 0, 1),) and g.redo_stack == (("mark", 0, 1), ("collapse", 1))
    g.redo().redo()
    assert (g.classical, g.history) == before and g.redo_stack == ()


def _outcomes(seed, marks=6):
    """Where each cycle of two marks on one pair collapses, under seed ``seed``."""
    g = GoffGame("random", seed=seed)
    out = []
    pairs = [(0, 1), (0, 1), (3, 4), (3, 4), (6, 7), (6, 7)][:marks]
    for a, b in pairs:
        g.play(a, b)
    for action in g.history:
        if len(action) > 3:
            out.append(action[3])
    return out


def test_the_coin_is_fixed_by_the_seed_and_fair():
    assert _outcomes(1) == _outcomes(1)
    runs = [tuple(_outcomes(s)) for s in range(200)]
    assert len(set(runs)) == 8                            # every combination of three coins occurs
    firsts = Counter(r[0] for r in runs)
    assert set(firsts) == {0, 1} and 70 < firsts[0] < 130
    # the coin depends on the seed and on the move number, not on the squares
    g = GoffGame("random", seed=7).play(2, 5).play(2, 5)
    h = GoffGame("random", seed=7).play(0, 1).play(0, 1)
    assert (g.history[1][3] == 2) == (h.history[1][3] == 0)


# --- qubit records ---------------------------------------------------------------------------------
@pytest.mark.parametrize("record, words", [
    ("[1, 2]", ["dict", "list"]),
    ({"format": "qttt-goff"}, ["qubit", "qttt-goff"]),
    ({"format": "qttt-qubit", "version": 3}, ["version 3"]),
    ({"format": "qttt-qubit", "version": True}, ["version True"]),
    ({"format": "qttt-qubit", "version": 1, "size": 3}, ["size"]),
    ({"format": "qttt-qubit", "version": 1, "n": 0}, ["bad game options"]),
    ({"format": "qttt-qubit", "version": 1, "moves": [{"cell": 0}]}, ["move 1", "'move' field"]),
    ({"format": "qttt-qubit", "version": 1, "moves": [{"move": "place", "cell": 0}] * 2}, ["moves, move 2",
                                                                                           "cell 1"]),
])
def test_qubit_record_refused_saying_why(record, words):
    with pytest.raises(RecordError) as e:
        QubitGame.from_record(record)
    for w in words:
        assert w in str(e.value), (w, str(e.value))


def test_qubit_record_round_trip_with_redo():
    g = QubitGame(seed=3)
    for m in g.legal_moves()[:1]:
        g.apply(m)
    g.apply(g.legal_moves()[0])
    g.undo()
    back = QubitGame.from_record(g.to_record())
    assert back.to_record() == g.to_record()
    assert str(back) == str(g)


# --- the ensemble's odds are its boards' frequencies ---------------------------------------------------
@pytest.mark.parametrize("record", ["19 59", "12 23 34", "12 45 14 25(5) 36 69", "15 37 59 34 26", ""])
def test_ensemble_probabilities_are_the_frequencies_over_its_boards(record):
    g = GoffGame.from_record(record) if record else GoffGame()
    e = Ensemble(g)
    boards = e.boards()
    assert len(boards) == e.size
    exact = e.probabilities(exact=True)
    floats = e.probabilities()
    for sq in range(9):
        counts = Counter("empty" if b[sq] is None else b[sq][0] for b in boards)
        want = {k: Fraction(counts[k], len(boards)) for k in ("X", "O", "empty")}
        assert exact[sq] == want, sq
        assert floats[sq] == {k: float(v) for k, v in want.items()}
        assert all(isinstance(v, Fraction) for v in exact[sq].values())
        assert all(isinstance(v, float) for v in floats[sq].values())


def test_the_coin_of_the_first_seeds_is_pinned():
    """splitmix64 of (seed, move number): the same outcomes on every machine and version, so
    that a record's seed replays its game."""
    runs = ["".join(map(str, _outcomes(s))) for s in range(16)]
    assert runs == ["037", "046", "147", "146", "137", "136", "047", "046",
                    "146", "136", "046", "137", "146", "037", "036", "136"]


def test_goff_refusals_name_the_rule_and_count_from_one():
    with pytest.raises(ValueError, match="collapse must be 'goff' or 'random', got 'quantum'"):
        GoffGame("quantum")
    for bad in ("1", 1.0, True):
        with pytest.raises(ValueError, match="seed must be an integer or None"):
            GoffGame("random", seed=bad)
    for bad, rule, words in ((("a", 1), "not-a-square", ["1..9", "'a'"]),
                             (({1}, 2), "not-a-square", ["1..9", "{1}"]),
                             ((9, 1), "off-board", ["square 10", "off the board", "1..9"]),
                             ((1, -1), "off-board", ["square 0", "off the board"])):
        with pytest.raises(IllegalMove) as e:
            GoffGame().play(*bad)
        assert e.value.rule == rule
        for w in words:
            assert w in e.value.people, (w, e.value.people)
    g = GoffGame()
    for action, rule in ((g.undo, "nothing-to-undo"), (g.redo, "nothing-to-redo")):
        with pytest.raises(IllegalMove) as e:
            action()
        assert e.value.rule == rule


def test_a_random_game_draws_its_own_seed():
    seeds = {GoffGame("random").seed for _ in range(4)}
    assert all(isinstance(s, int) and 0 <= s < 1 << 63 for s in seeds) and len(seeds) > 1
    assert GoffGame().seed is None and GoffGame("random", seed=0).seed == 0
    g = GoffGame()
    assert g.last_collapse is None and g.apply((0, 1)) is g
    last = GoffGame.from_record("58 68 89 29 46 29(2) 17 17(1)")          # one open square left
    sq = last.open_squares()[0]
    last.apply(sq)
    assert last.history[-1] == ("classical", sq) and last.classical[sq] == ("X", 9)


def test_each_illegal_move_names_its_rule():
    def refused(action, rule, words):
        with pytest.raises(IllegalMove) as e:
            action()
        assert e.value.rule == rule
        for w in words:
            assert w in e.value.people, (w, e.value.people)
    g = GoffGame().play(0, 1).play(0, 1)                         # O2 closes a cycle: X chooses
    refused(lambda: g.play(2, 3), "collapse-pending", ["collapse", "X"])
    refused(lambda: g.collapse(5), "not-an-option", ["not 6"])
    g.collapse(0)
    refused(lambda: g.collapse(0), "no-collapse", ["nothing to collapse"])
    refused(lambda: g.play(0, 3), "classical-square", ["square 1", "marks go only in squares without one"])
    refused(lambda: g.play(3, 3), "same-square", ["two different squares"])
    refused(lambda: g.play(3), "single-square", ["a single square is played only when it is the last square"])
    last = GoffGame.from_record("58 68 89 29 46 29(2) 17 17(1)")
    sq = last.open_squares()[0]
    refused(lambda: last.play(sq, 0), "last-square-classical", [f"only square {sq + 1} is left", "classical"])
    last.play(sq)
    assert last.move_number == 10 and last.is_over
    refused(lambda: last.play(0, 1), "game-over", ["the game is over"])
    refused(lambda: last.collapse(0), "game-over", ["the game is over", "nothing to collapse"])


def test_a_collapse_records_what_it_placed_and_its_cycle():
    c = GoffGame.from_record("19 59 15(5)").last_collapse
    assert (c.sub, c.square, c.placed, c.cycle, c.by) == (3, 4, ((1, 0), (2, 8), (3, 4)), (0, 8, 4), "O")


def test_a_measured_mark_keeps_its_outcome_through_undo_and_redo():
    from qttt_widgets.rules.records import replay_measured_mark
    g = GoffGame("random", seed=0).play(0, 1)
    coin = GoffGame("random", seed=0).play(0, 1).play(0, 1).history[-1][3]
    other = 1 - coin                                             # the outcome the coin did not give
    replay_measured_mark(g, 0, 1, other)
    assert g.classical[other] == ("O", 2) and g.history[-1] == ("mark", 0, 1, other)
    g.undo().redo()
    assert g.classical[other] == ("O", 2)


def test_groups_list_marks_by_subscript_and_groups_by_their_first_mark():
    from qttt_widgets.rules.ensemble import components
    g = GoffGame().play(1, 2).play(0, 1).play(7, 8).play(5, 6)
    assert components(g.spooky) == [[("X", 1, 1, 2), ("O", 2, 0, 1)], [("X", 3, 7, 8)], [("O", 4, 5, 6)]]


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


@pytest.mark.parametrize("record, words", [
    ("(3)", "moves, the collapse into square 3 before any move: there is nothing to collapse: no cycle is "
            "waiting to be measured"),
    ({"format": "qttt-goff", "moves": "19 59 15", "redo": "(3)"},
     "redo, the collapse into square 3 before any move: X3 can only collapse into square 1 or 5, not 3"),
    ({"format": "qttt-goff", "moves": "19 59 15(5)", "redo": "12"},          # the redo counts on from mark 4
     "redo, move 4 (12): square 1 holds the classical mark X1; marks go only in squares without one"),
])
def test_a_goff_record_names_a_refused_collapse_that_follows_no_mark_of_its_list(record, words):
    """mutation: ``goff._labelled``'s words for a collapse with no mark before it in its list."""
    with pytest.raises(RecordError) as e:
        GoffGame.from_record(record)
    assert str(e.value) == words


def test_games_of_two_classes_are_never_equal_even_with_the_same_position():
    """mutation: ``Game.__eq__`` compares positions only between games of one class (or its
    snapshots)."""
    class Variant(ClassicalBoard):
        pass

    assert Variant() != ClassicalBoard() and ClassicalBoard() != Variant()
    assert ClassicalBoard().snapshot() == ClassicalBoard() and Variant().snapshot() == Variant()
