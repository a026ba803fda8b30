"""Notakto, a fourth game added through the contract and the two registries (the example's
code: notakto_rules.py, notakto_players.py, notakto_app.py beside this file).

The rules are checked against a definition written out here (the eight lines by hand, "the
player who completes a line loses"), by hypothesis over random games; the app plays it by
button clicks, after finding it in its Mode menu."""
from __future__ import annotations

import ast
import doctest
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from qttt_widgets.players.basic import RandomPlayer
from qttt_widgets.rules import registry as rules_registry
from qttt_widgets.rules.classical import Square
from qttt_widgets.rules.errors import IllegalMove, RecordError
from qttt_widgets.widgets import registry as widgets_registry

import notakto_app
import notakto_players
import notakto_rules
from helpers import play_picks
from notakto_players import NotaktoPerfectPlayer, mover_wins, winning_moves
from notakto_rules import Notakto

HERE = Path(__file__).resolve().parent
LINES_BY_HAND = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]

picks = st.lists(st.integers(0, 10**6), min_size=9, max_size=9)       # enough to finish any game
some_picks = st.lists(st.integers(0, 10**6), max_size=9)


def has_line(cells) -> bool:
    return any(all(cells[i] == "X" for i in line) for line in LINES_BY_HAND)


def state(g: Notakto):
    """Everything observable about a game, for exact comparisons."""
    return (g.cells, g.to_move, g.current_player(), g.outcome(), g.legal_moves(), g.history, g.redo_stack,
            g.key())


# --- the rules ----------------------------------------------------------------------------
@given(picks)
def test_a_game_always_ends_with_a_line_and_whoever_completed_it_loses(picks):
    g = play_picks(Notakto(), picks)
    squares = [int(s) for s in g.history]
    assert g.is_over and g.current_player() is None and g.legal_moves() == []
    assert 3 <= len(squares) <= 7                      # six X's can avoid a line; seven cannot
    replay = [None] * 9
    for i, sq in enumerate(squares):                   # no line before the last X, one after it
        assert not has_line(replay)
        replay[sq] = "X"
    assert has_line(replay) and tuple(replay) == g.cells
    completer = "X" if len(squares) % 2 == 1 else "O"  # X places the odd-numbered X's
    winner = "O" if completer == "X" else "X"
    out = g.outcome()
    assert g.loser == completer and out.winner == g.winner == g.result == winner
    assert out.over and out.points_of(winner) == 1.0 and out.points_of(completer) == 0.0
    assert out.text == f"{completer} completed a line of three: {winner} wins"


@given(picks)
def test_legal_moves_are_exactly_the_empty_squares_and_the_players_alternate(picks):
    g = Notakto()
    for n, pick in enumerate(picks):
        if g.is_over:
            break
        moves = g.legal_moves()
        assert moves == [i for i in range(9) if g.cells[i] is None]
        assert all(type(m) is Square for m in moves)
        assert g.current_player() == g.to_move == ("X" if n % 2 == 0 else "O")
        g.apply(moves[pick % len(moves)])


@given(some_picks, st.integers(0, 9))
def test_undo_redo_copy_and_record_round_trip_exactly(picks, undos):
    g = play_picks(Notakto(), picks)
    for _ in range(min(undos, len(g.history))):
        g.undo()
    before = state(g)
    # records: the dict, its JSON text, through the registry: the same game, redo stack included
    record = g.to_record()
    for back in (Notakto.from_record(record), Notakto.from_record(json.dumps(record))):
        assert state(back) == before and back == g
    # copy: equal, and independent
    twin = g.copy()
    assert state(twin) == before and twin == g and twin.key() == g.key()
    if twin.legal_moves():
        twin.apply(twin.legal_moves()[0])
        assert state(g) == before and twin != g
    # undo everything, then redo everything: the same states step by step
    seen = [state(g)]
    while g.history:
        g.undo()
        seen.append(state(g))
    assert g.cells == (None,) * 9 and g == Notakto()
    for expected in reversed(seen[:-1]):
        g.redo()
        assert state(g) == expected
    # a snapshot reads as the game and refuses to change
    snap = g.snapshot()
    assert snap == g and snap.frozen
    for name in Notakto.MUTATORS:
        with pytest.raises(TypeError, match="snapshot"):
            getattr(snap, name)(4) if name == "apply" else getattr(snap, name)()


BAD = [-1, 9, 100, "4", 4.0, True, None, (0, 1)]


def expected_rule(g: Notakto, move) -> str | None:
    """The rule ``move`` breaks in ``g``, from the definition (None: it is legal)."""
    if has_line(g.cells):
        return "game-over"
    if isinstance(move, bool) or not isinstance(move, int):
        return "not-a-square"
    if not 0 <= move < 9:
        return "off-board"
    return "occupied" if g.cells[move] == "X" else None


@given(some_picks, st.integers(0, 3), st.one_of(st.integers(-2, 10), st.sampled_from(BAD)))
def test_an_illegal_move_names_its_rule_and_changes_nothing(picks, undos, move):
    g = play_picks(Notakto(), picks)
    for _ in range(min(undos, len(g.history))):
        g.undo()                                         # a redo stack that must survive a refusal
    rule = expected_rule(g, move)
    before = state(g)
    if rule is None:
        g.apply(move)
        assert g.cells[move] == "X" and g.redo_stack == ()      # a new action forgets the redo stack
        return
    with pytest.raises(IllegalMove) as refused:
        g.apply(move)
    assert refused.value.rule == rule and state(g) == before
    if rule == "occupied":
        assert str(refused.value) == f"square {move + 1} already holds an X"     # counted from 1


def test_the_messages_count_squares_from_one_and_undo_at_the_start_is_refused():
    g = Notakto().apply(4)
    with pytest.raises(IllegalMove, match=r"^square 5 already holds an X$"):
        g.apply(4)
    with pytest.raises(IllegalMove, match=r"square 10 is off the board: squares are 1\.\.9"):
        g.apply(9)
    with pytest.raises(IllegalMove, match="the game is over .X completed a line.; no more moves"):
        Notakto().apply(0).apply(1).apply(2).apply(3)
    with pytest.raises(IllegalMove, match="nothing to undo") as e:
        Notakto().undo()
    assert e.value.rule == "nothing-to-undo"


def test_redo_replays_without_forgetting_the_rest_of_the_redo_stack():
    g = Notakto().apply(0).apply(4).apply(8)
    g.undo().undo()
    assert g.redo_stack == (4, 8)
    g.redo()
    assert g.redo_stack == (8,) and g.history == (0, 4)
    g.apply(2)
    assert g.redo_stack == ()


def test_records_go_through_the_registry_and_a_damaged_one_says_what_is_wrong(notakto_registered):
    g = Notakto().apply(4).apply(0).apply(8)
    g.undo()
    record = g.to_record()
    assert record == {"format": "qttt-notakto", "version": 1, "moves": [4, 0], "redo": [8]}
    assert rules_registry.load(record) == g and rules_registry.load(json.dumps(record)).redo_stack == (8,)
    assert type(rules_registry.new_game("notakto", seed=3, size=5, levels=None)) is Notakto
    for damaged, words in [({**record, "version": 2}, "record version 2 is not supported"),
                           ({**record, "colour": "red"}, r"fields this version does not know: \['colour'\]"),
                           ({**record, "format": "x"}, "unknown record format 'x'"),
                           ({**record, "moves": 4}, "'moves' must be a list of moves"),
                           ({**record, "moves": [4, 4]}, "move 2 .4 in code.: square 5 already holds an X"),
                           ({**record, "moves": [0, 1, 2, 3]}, "move 4 .3 in code.: the game is over"),
                           ({**record, "moves": ["4"]}, "move 1 .'4' in code.: a move is a square")]:
        with pytest.raises(RecordError, match=words):
            rules_registry.load(damaged)


# --- the perfect player --------------------------------------------------------------------
def test_the_first_player_wins_by_the_centre_and_only_by_it():
    assert mover_wins((None,) * 9) and winning_moves((None,) * 9) == [4]
    # after the centre, every reply of O loses (O's move leaves X a winning position)
    after_centre = tuple("X" if i == 4 else None for i in range(9))
    assert not mover_wins(after_centre) and winning_moves(after_centre) == []


@given(st.integers(0, 2**32), st.integers(0, 2**32))
def test_the_perfect_first_player_always_beats_the_random_one(seed_x, seed_o):
    players = {"X": NotaktoPerfectPlayer(seed_x), "O": RandomPlayer(seed_o)}
    g = Notakto()
    while not g.is_over:
        g.apply(players[g.current_player()].choose(g))
    assert g.winner == "X" and g.history[0] == 4


# --- the app ------------------------------------------------------------------------------
@pytest.fixture
def notakto_registered():
    """Notakto in both registries for one test (they are module-wide), removed after it."""
    rules_registry.register(notakto_rules.KIND)
    widgets_registry.register_mode(notakto_app.MODE)
    yield
    widgets_registry.unregister_mode("notakto")
    rules_registry.unregister("notakto")
    assert "notakto" not in rules_registry.KINDS and "qttt-notakto" not in rules_registry.FORMATS


def click(app, *squares):
    """Click squares as people number them (1..9) on the app's board."""
    for sq in squares:
        app.view.buttons[sq - 1].click()


def test_notakto_is_in_the_mode_menu_and_plays_by_clicks(notakto_registered):
    from qttt_widgets.widgets import GameApp
    app = GameApp(mode="classical", o="Human")
    assert ("Notakto: whoever completes a line of X's loses", "notakto") in app.mode.options
    app.mode.value = "notakto"                                  # chosen in the menu
    assert type(app.game) is Notakto and type(app.view) is notakto_app.NotaktoView
    assert "loses" in app.rules.value and app.hint_button.layout.display == "none"
    assert app.tabs.layout.display == "none" and app.size.layout.display == "none"
    click(app, 1, 5)
    assert app.game.cells[0] == app.game.cells[4] == "X" and "X to move" in app.view.status.value
    click(app, 5)                                               # occupied: refused, nothing changes
    assert "Not allowed: square 5 already holds an X" in app.view.message.value
    assert app.game.history == (0, 4)
    click(app, 9)                                               # X completes the diagonal 1-5-9
    assert app.game.winner == "O"
    assert "Game over: X completed a line of three X's, so O wins." in app.view.status.value
    assert "<b>Moves:</b> 1 5 9" in app.history.value
    click(app, 2)                                               # after the end: refused
    assert "The game is over" in app.view.message.value and app.game.history == (0, 4, 8)
    app.undo_button.click()
    assert app.game.history == (0, 4) and not app.game.is_over
    app.save_button.click()
    app.new_button.click()
    assert app.game.history == ()
    app.load_button.click()
    assert app.game.history == (0, 4) and app.game.redo_stack == (8,) and app.message.value == "Loaded."


def test_the_perfect_computer_wins_against_a_clicking_human(notakto_registered):
    from qttt_widgets.widgets import GameApp
    app = GameApp(mode="notakto", x="Computer: perfect (Notakto)", o="Human")
    assert app.game.history == (4,)                             # the computer took the centre
    while not app.game.is_over:
        click(app, app.game.legal_moves()[0] + 1)               # the human, O, clicks the first empty square
    assert app.game.winner == "X" and app.game.loser == "O"


def test_coming_from_a_4x4_classical_game_gives_a_3x3_board_and_all_the_players(notakto_registered):
    from qttt_widgets.widgets import GameApp
    app = GameApp(mode="classical")
    app.size.value = 4
    app.mode.value = "notakto"
    assert len(app.view.buttons) == 9 and app.game.n == 3
    assert list(app.o_player.options) == list(notakto_app.MODE.players)


def test_without_registering_the_app_does_not_offer_it():
    from qttt_widgets.widgets import GameApp
    assert "notakto" not in [name for _label, name in GameApp(mode="classical").mode.options]
    with pytest.raises(ValueError, match="register the game kind 'notakto' in rules.registry first"):
        widgets_registry.register_mode(notakto_app.MODE)


# --- the layers and the docstrings ------------------------------------------------------------
ALLOWED = {"notakto_rules.py": ("qttt_widgets.rules",),
           "notakto_players.py": ("qttt_widgets.rules", "notakto_rules"),
           "notakto_app.py": ("qttt_widgets.rules", "qttt_widgets.players", "qttt_widgets.widgets",
                              "notakto_rules", "notakto_players")}
OURS = ("qttt_widgets", "notakto_", "ipywidgets", "qiskit", "qiskit_aer", "matplotlib", "scipy")


def upward_imports(source: str, allowed: tuple[str, ...]) -> list[str]:
    """The imports in ``source`` (lazy ones inside functions too) of the library's layers or its
    heavy dependencies that ``allowed`` does not cover."""
    found = []
    for node in ast.walk(ast.parse(source)):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
            [node.module or ""] if isinstance(node, ast.ImportFrom) else []
        for name in names:
            if name.startswith(OURS) and not any(name == a or name.startswith(a + ".") for a in allowed):
                found.append(name)
    return found


@pytest.mark.parametrize("module", sorted(ALLOWED))
def test_the_example_keeps_the_layers(module):
    assert upward_imports((HERE / module).read_text(), ALLOWED[module]) == []


def test_the_layer_check_bites_on_a_lazy_upward_import():
    planted = (HERE / "notakto_rules.py").read_text() + "\n\ndef _planted():\n    from qttt_widgets.widgets import svg\n"
    assert upward_imports(planted, ALLOWED["notakto_rules.py"]) == ["qttt_widgets.widgets"]
    assert upward_imports("import qiskit", ALLOWED["notakto_players.py"]) == ["qiskit"]


@pytest.mark.parametrize("module", [notakto_rules, notakto_players])
def test_the_examples_docstrings(module):
    failed, tried = doctest.testmod(module)
    assert tried > 0 and failed == 0

