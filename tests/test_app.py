"""The app as a user drives it: every option, the review, the thinking state, the defects
found in review (each with its test), and one-way data flow between the app and its views."""
import json
import re

import pytest

from qttt_widgets.rules.classical import ClassicalBoard
from qttt_widgets.rules.goff import GoffGame
from qttt_widgets.widgets import GameApp, GoffBoardView
from qttt_widgets.widgets.app import SOLVER_NAME


def click(view, people: str):
    for ch in people:
        if ch.isdigit():
            view.buttons[int(ch) - 1].click()


def cell_texts(table) -> list[str]:
    """The review table's cells as text (a button's label, an HTML cell without its tags)."""
    return [re.sub("<[^>]+>", "", getattr(c, "value", None) or c.description) for c in table.children]


def shown(widget) -> bool:
    return widget.layout.display != "none"


# --- one-way data flow ------------------------------------------------------------------
def test_no_view_holds_the_apps_live_game():
    """A view draws a snapshot: whatever it did to it could not change the app's game."""
    for mode in ("goff", "random", "qubit", "classical"):
        app = GameApp(mode=mode, o="Human")
        action = app.game.legal_moves()[0]
        app.play(action)
        app.undo()
        app.redo()
        assert app.view.game == app.game and app.view.game is not app.game and app.view.game.frozen
        with pytest.raises(TypeError):                    # a snapshot cannot change
            app.view.game.undo()
        assert len(app.game.history) == 1


def test_one_click_draws_the_board_once():
    app = GameApp(mode="goff", o="Human")
    drawn = []
    refresh = app.view.refresh
    app.view.refresh = lambda: (drawn.append(1), refresh())[1]
    click(app.view, "1")
    assert len(drawn) == 1                                # the selection
    drawn.clear()
    click(app.view, "9")
    assert len(drawn) == 1 and app.game.spooky == (("X", 1, 0, 8),)   # the app's show(), no second draw


def test_the_app_sets_no_view_state_itself():
    """The app tells a view what to show (show, busy, idle); it writes none of its fields."""
    import ast
    import inspect
    from qttt_widgets.widgets import app as app_module
    tree = ast.parse(inspect.getsource(app_module))
    written = [ast.unparse(t) for node in ast.walk(tree) if isinstance(node, (ast.Assign, ast.AugAssign))
               for t in (node.targets if isinstance(node, ast.Assign) else [node.target])]
    assert not [w for w in written if w.startswith("self.view.")]
    calls = [ast.unparse(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)]
    assert not [c for c in calls if c.startswith("self.view.status.")]
    assert "self.view.draw(snap)" in inspect.getsource(app_module)       # the one call that draws the board


def test_the_controller_and_the_configuration_draw_nothing():
    """The split of issue 25: configuration and controller know no widget; the layout draws
    immutable snapshots."""
    import inspect
    from qttt_widgets.widgets import config, controller, state
    for module in (config, controller, state):
        source = inspect.getsource(module)
        assert "ipywidgets" not in source and "self.view" not in source and ".value =" not in source, module
    app = GameApp(o="Human")
    snap = app.controller.snapshot()
    with pytest.raises(Exception):
        snap.reviewing = 1                                          # frozen
    with pytest.raises(TypeError):
        snap.settings["mode"] = "qubit"                             # read-only
    with pytest.raises(TypeError):
        snap.game.apply((0, 8))                                     # a read-only game
    assert app.game.history == ()


def test_a_view_sends_intents_and_never_changes_the_game_itself():
    game = GoffGame()
    view = GoffBoardView(game)
    asked = []
    view.on_action(asked.append)
    click(view, "19")
    assert asked == [(0, 8)] and game.spooky == ()          # the owner decides; nobody applied it
    game.apply((0, 8))
    view.show(game)
    assert "O to move" in view.status.value


def test_a_refused_intent_shows_the_rule_and_the_game_is_unchanged():
    app = GameApp(o="Human")
    click(app.view, "19 19")                                # O2 in 1 and 9 closes a cycle; X chooses
    before = app.game.to_record()
    click(app.view, "5")                                    # not one of the two squares
    assert "Not allowed" in app.view.message.value
    assert app.game.to_record() == before and app.game.pending is not None


def test_text_from_a_record_is_escaped_in_the_page():
    app = GameApp(o="Human")
    app.record.value = '{"format": "<script>alert(1)</script>"}'
    app.load_button.click()
    assert "<script>" not in app.message.value and "&lt;script&gt;" in app.message.value


# --- the options ----------------------------------------------------------------------------
@pytest.mark.parametrize("n", [3, 4, 5])
def test_qubit_board_sizes(n):
    app = GameApp(mode="qubit", o="Human")
    app.size.value = n
    assert app.game.n == n and len(app.view.buttons) == n * n
    click(app.view, str(n))                                  # a classical mark in cell n
    assert app.game.cells[n - 1] == "X"


def test_qubit_levels_and_measurement_options_make_the_game():
    app = GameApp(mode="qubit", o="Human")
    assert [v for _, v in app.view.level.options] == [1, 3]
    app.levels.value = (1, 2, 3, 4)
    assert app.game.levels == (1, 2, 3, 4) and [v for _, v in app.view.level.options] == [1, 2, 3, 4]
    app.measurement.value = "most-frequent"
    app.both_lines.value = "draw"
    assert app.game.measurement == "most-frequent" and app.game.both_lines == "draw"
    assert app.game.levels == (1, 2, 3, 4)                   # the other options stay


def test_controls_that_do_not_apply_are_hidden():
    app = GameApp(o="Human")
    assert not any(shown(w) for w in (app.size, app.levels, app.measurement, app.difficulty))
    assert shown(app.hint_button)
    app.mode.value = "qubit"
    assert all(shown(w) for w in (app.size, app.levels, app.measurement, app.both_lines))
    assert not shown(app.hint_button)
    app.mode.value = "classical"
    assert shown(app.size) and not shown(app.levels) and not shown(app.tabs)
    app.mode.value = "random"
    assert shown(app.hint_button) and not shown(app.size)


def test_the_solver_menu_shows_only_when_a_side_is_the_solver():
    app = GameApp(o="Human")
    assert not shown(app.difficulty)                         # both human (a defect found in review)
    app.o_player.value = SOLVER_NAME
    assert shown(app.difficulty)
    app.o_player.value = "Human"
    assert not shown(app.difficulty)


@pytest.mark.parametrize("n", [4, 5])
def test_classical_sizes_play_and_offer_only_the_players_that_know_the_board(n):
    app = GameApp(mode="classical", o="Human")
    app.size.value = n
    assert app.game.n == n and len(app.view.buttons) == n * n
    assert "Computer: perfect" not in app.o_player.options and "Computer: random" in app.o_player.options
    app.o_player.value = "Computer: random"
    click(app.view, "1")
    assert sum(c is not None for c in app.game.cells) == 2   # the computer answered


# --- the defects found in review ------------------------------------------------------------
def test_the_hint_goes_when_the_game_ends():
    app = GameApp(o="Human")
    click(app.view, "58 47 67 59 48 68")                      # a cycle: X chooses
    app.hint_button.click()
    assert "Hint:" in app.message.value
    click(app.view, "8")
    assert app.game.is_over and "Hint:" not in app.message.value


def test_a_classical_record_of_another_size_shows_its_whole_board():
    app = GameApp(mode="classical", o="Human")
    big = ClassicalBoard(5)
    big.play(24)
    app.record.value = json.dumps(big.to_record())
    app.load_button.click()
    assert app.game.n == 5 and len(app.view.buttons) == 25
    assert app.view.grid.layout.grid_template_columns.startswith("repeat(5,")
    assert app.view.buttons[24].tooltip == "square 25: X"
    app.record.value = json.dumps(ClassicalBoard(3).to_record())
    app.load_button.click()
    assert len(app.view.buttons) == 9 and app.size.value == 3


def test_after_a_4x4_record_the_perfect_player_is_not_offered_and_loads_still_work():
    app = GameApp(mode="classical", o="Computer: perfect")
    app.record.value = json.dumps(ClassicalBoard(4).to_record())
    app.load_button.click()
    assert app.game.n == 4 and "Computer: perfect" not in app.o_player.options
    # a computer that knows the 4 x 4 board takes over (the student still plays a computer)
    assert app.settings["O"] == "Computer: random" and type(app.players["O"]).__name__ == "RandomPlayer"
    app.record.value = json.dumps(ClassicalBoard(3).to_record())
    app.load_button.click()
    assert app.message.value == "Loaded." and app.game.n == 3
    app.o_player.value = "Computer: perfect"
    click(app.view, "1")
    assert app.game.cells[4] == "O"                          # the only good answer


def test_a_narrow_win_says_where_the_half_point_comes_from():
    app = GameApp(o="Human")
    click(app.view, "58 47 67 59 48 68 8")
    status = app.view.status.value
    assert "X wins — X 1, O ½" in status
    assert "O's line has the larger largest subscript (6 against 5), so it scores ½" in status


# --- thinking, review -----------------------------------------------------------------------
def test_the_board_says_the_computer_is_thinking_while_it_moves():
    app = GameApp(mode="classical", o="Computer: random")
    statuses = []
    app.view.status.observe(lambda c: statuses.append(c["new"]), names="value")
    click(app.view, "5")
    thinking = [s for s in statuses if "is thinking" in s]
    assert thinking and "O (computer: random) is thinking" in thinking[0]
    assert "is thinking" not in app.view.status.value and "X to move" in app.view.status.value


def test_the_review_judges_each_action_and_shows_its_position():
    app = GameApp(o="Human")
    click(app.view, "48 56 14 35")
    app.tabs.selected_index = 3
    table = app.review_box.children[1]
    texts = cell_texts(table)
    assert texts[7:14] == ["1", "X", "4-8", "+0.5", "0", "lost 0.5", "1-9, 3-7"]
    row3 = table.children[7 * 3]
    row3.click()                                             # the position after action 3
    assert app.reviewing == 3 and len(app.view.game.history) == 3 and len(app.game.history) == 4
    assert "Reviewing" in app.view.status.value and shown(app.back_button)
    click(app.view, "12")
    assert "Back to the game" in app.view.message.value and len(app.game.history) == 4
    app.back_button.click()
    assert app.reviewing is None and app.view.game == app.game and app.view.game is not app.game
    assert "O to move" not in app.view.status.value
    assert app.view.message.value == ""                      # issue 24: the refusal does not stay


@pytest.mark.slow
def test_the_review_under_the_coins_rules_lists_the_coin():
    app = GameApp(mode="random", o="Human")
    click(app.view, "12 12")                                 # O2 in 1 and 2 closes a cycle: the coin
    app.tabs.selected_index = 3
    texts = cell_texts(app.review_box.children[1])
    coin_row = texts[7 * 3: 7 * 4]
    assert coin_row[1] == "coin" and coin_row[2].startswith("O2 to square ") and "chance" in coin_row[5]


# --- issue 24: every message plain and right ------------------------------------------------
def load(app, text: str) -> str:
    app.record.value = text
    app.load_button.click()
    return re.sub("<[^>]+>", "", app.message.value)


def test_the_review_head_has_no_stray_space_and_no_value_reads_minus_zero():
    app = GameApp(o="Human")
    click(app.view, "58 47 67 59 48 68 8")                   # the README's game, to its end
    app.tabs.selected_index = 3
    head = app.review_box.children[0].value
    assert "minus O's; <i>lost</i>" in head and " ;" not in head
    texts = cell_texts(app.review_box.children[1])
    values = [t for i, t in enumerate(texts) if i % 7 in (3, 4) and i >= 7]
    assert values and not any(v in ("-0", "+0", "-0.0") for v in values), values


def test_json_that_is_not_a_record_is_not_read_as_moves():
    app = GameApp(o="Human")
    text = load(app, "[[[[1]]]]")
    assert "not a saved record" in text and "a move is two squares" not in text
    assert "The current game is unchanged" in text


def test_a_refused_collapse_names_the_move_it_follows():
    app = GameApp(o="Human")
    text = load(app, "58 47 67 59 48 68(7)")
    assert "move 6 (68, then the collapse into square 7): O6 can only collapse into square 6 or 8" in text
    assert "((" not in text


def test_the_circuit_of_a_finished_game_does_not_say_no_marks_yet():
    app = GameApp(o="Human")
    click(app.view, "58 47 67 59 48 68 8")
    app.tabs.selected_index = 1
    assert app.game.is_over
    assert "yet" not in app.circuit.text.value and "empty" in app.circuit.text.value


@pytest.mark.parametrize("mode, n, words", [("classical", 3, "three in a row"), ("classical", 4, "four in a row"),
                                             ("classical", 5, "five in a row"), ("qubit", 3, "three in a row"),
                                             ("qubit", 4, "four in a row"), ("qubit", 5, "five in a row")])
def test_the_rules_and_the_status_say_how_many_in_a_row_win(mode, n, words):
    app = GameApp(mode=mode, o="Human")
    app.size.value = n
    assert words in app.rules.value.lower() and words in app.view.status.value


def test_a_four_by_four_draw_says_nobody_has_four_in_a_row():
    app = GameApp(mode="classical", o="Human")
    app.size.value = 4
    # X holds 1-2-3 and 1-6-11 (three in a row, not four): no win on 4 x 4
    for sq in (1, 4, 2, 5, 3, 8, 6, 13, 14, 15, 12, 11, 7, 16, 9, 10):
        app.view.buttons[sq - 1].click()
    assert app.game.is_over and app.game.result == "draw"
    assert "Game over: a draw (nobody has four in a row)." in app.view.status.value


def test_a_collapse_rows_best_is_named_like_its_action():
    app = GameApp(o="Human")
    click(app.view, "58 47 67 59 48 68 8")
    app.tabs.selected_index = 3
    texts = cell_texts(app.review_box.children[1])
    row7 = texts[7 * 7: 7 * 8]
    assert row7[2] == "collapse to 8" and row7[6] == "collapse to 6", row7


def test_the_players_mark_is_drawn_before_the_computer_thinks():
    """Issue 24, item 2: the board showed only the first square highlighted while the
    computer thought; the player's mark is drawn first."""
    app = GameApp(o=SOLVER_NAME)
    seen = []
    app.view.status.observe(lambda c: seen.append((c["new"], app.view.picture.value)), names="value")
    click(app.view, "19")
    pictures = [picture for status, picture in seen if "is thinking" in status]
    assert pictures and ">X<tspan" in pictures[0] and ">O<tspan" not in pictures[0]


def test_a_quantum_opponent_is_warmed_up_in_the_background_once(monkeypatch):
    """Issue 24, item 1: the first reply of a quantum opponent loaded qiskit and Aer (0.4 s of CPU
    before any reply). Choosing one starts a background move with it, once per kernel."""
    import sys
    from qttt_widgets.widgets import controller
    monkeypatch.setattr(controller, "_WARMED", set())
    app = GameApp(mode="random", o="Human")
    assert app.warming == []                                     # two humans: nothing to load
    app.o_player.value = "Computer: Grover heuristic (ESILV)"
    [thread] = app.warming
    thread.join(120)
    assert not thread.is_alive() and "qiskit_aer" in sys.modules
    assert app.game.history == () and app.game.current_player() == "X"     # the app's game untouched
    other = GameApp(mode="goff", o="Computer: Grover heuristic (ESILV)")
    assert other.warming == []                                   # already warm in this kernel
    app.o_player.value = "Computer: quantum minimax (ESILV)"     # a classical search: nothing to load
    assert len(app.warming) == 1


# --- issue 24, item 9: the first impression ---------------------------------------------------
def test_the_app_opens_against_the_easy_solver_and_two_players_are_one_click_away():
    """GameApp() opened as Human vs Human; now the student is X against the Goff solver at the
    easy level, and the 'two players' button gives two humans."""
    app = GameApp()
    assert app.settings["O"] == SOLVER_NAME and app.difficulty.value == 0.5 and shown(app.difficulty)
    assert type(app.players["O"]).__name__ == "ImperfectPlayer" and app.players["X"] is None
    assert app.opponents.value == "computer"
    click(app.view, "19")
    assert len(app.game.history) == 2 and app.game.to_move == "X"          # the computer answered
    app.opponents.value = "humans"                                          # one click
    assert app.settings["X"] == app.settings["O"] == "Human" and app.o_player.value == "Human"
    assert not shown(app.difficulty) and len(app.game.history) == 2        # the game goes on
    click(app.view, "37")
    assert app.game.notation().endswith("37") and app.game.to_move == "O"  # nobody answered
    app.opponents.value = "computer"
    assert app.settings["O"] == SOLVER_NAME and app.game.to_move == "X"     # ... and back: O answers


def test_changing_mode_keeps_the_game_to_return_to():
    """A mode change threw the game away without a word; now the game is kept, the message line
    says so, and choosing its mode again brings it back as it was."""
    app = GameApp(o="Human")
    click(app.view, "19 59")
    app.mode.value = "classical"
    assert app.game.kind == "classical" and app.game.history == ()
    assert app.message.value == ("Your game in “Goff: the other player chooses the collapse” (2 actions) is "
                                 "kept: choose that Mode again to go back to it.")
    click(app.view, "5")
    app.mode.value = "goff"
    assert app.game.notation() == "19 59" and app.view.game == app.game
    assert app.message.value.startswith("Back to your game in “Goff: the other player chooses the collapse”, as "
                                        "you left it") and "“Classical tic-tac-toe” (1 action) is kept" in app.message.value
    app.mode.value = "classical"
    assert app.game.cells[4] == "X"                                         # the classical game came back too
    app.new_button.click()                                                  # New game starts over, on purpose
    assert app.game.history == () and "goff" in app.kept


def watching(**options):
    from qttt_widgets.widgets.controller import ManualClock
    clock = ManualClock()
    app = GameApp(clock=clock, **options)
    app.opponents.value = "watch"
    return app, clock


def test_two_computers_play_move_by_move_with_pause_and_step():
    """Computer vs computer finished the game at once; now each move waits for the clock, and
    Pause and Step show only when two computers play."""
    app = GameApp(o="Human")
    assert not shown(app.watch_box)
    app, clock = watching()
    assert app.settings["X"] == app.settings["O"] == SOLVER_NAME and shown(app.watch_box)
    assert app.game.history == () and clock.waiting() == 1                 # nothing yet: the first move waits
    assert app.pause_button.description == "Pause" and "a move every 0.8 s" in app.watch_label.value
    clock.run_next()
    assert len(app.game.history) == 1 and clock.waiting() == 1             # one move, the next one waits
    assert "is thinking" not in app.view.status.value and app.view.locked   # clicks wait for the computers
    app.pause_button.click()
    assert clock.waiting() == 0 and app.pause_button.description == "Play" and "paused" in app.watch_label.value
    assert "Paused: O (computer: Goff solver) plays next. Press Play" in app.view.status.value   # not 'click'
    app.step_button.click()
    assert len(app.game.history) == 2 and clock.waiting() == 0             # one move, still paused
    app.pause_button.click()                                               # Play
    assert clock.waiting() == 1
    while clock.run_next():
        pass
    assert app.game.is_over and "the game is over" in app.watch_label.value
    assert app.step_button.disabled and app.pause_button.disabled


def test_the_computers_stop_when_the_mode_changes_or_the_app_closes():
    app, clock = watching()
    clock.run_next()
    app.mode.value = "classical"                          # the Goff game is kept, its clock stopped
    assert clock.waiting() == 1 and app.game.kind == "classical"          # the classical computers' first move
    app.mode.value = "goff"
    assert app.game.kind == "goff" and len(app.game.history) == 1 and clock.waiting() == 0   # back, paused
    assert app.pause_button.description == "Play"
    app.pause_button.click()
    assert clock.waiting() == 1
    app.opponents.value = "computer"                      # a human again: the clock stops
    assert clock.waiting() == 0 and app.watch_box.layout.display == "none"
    app.opponents.value = "watch"
    assert clock.waiting() == 1
    app.close()
    assert clock.waiting() == 0
    assert not clock.run_next()


def test_two_computers_on_the_kernels_loop_leave_it_free_between_moves():
    """In a kernel the clock is its asyncio loop: the moves come one by one while other work
    (a click, here a counter) runs between them."""
    import asyncio

    async def watch():
        app = GameApp(pace=0.01)
        app.opponents.value = "watch"
        beats, sizes = 0, []
        for _ in range(3000):
            await asyncio.sleep(0.005)
            beats += 1
            if not sizes or sizes[-1] != len(app.game.history):
                sizes.append(len(app.game.history))
            if app.game.is_over:
                break
        app.close()
        return app, beats, sizes

    # a loop of its own, in a thread: after a browser test, Playwright's sync API holds a running
    # loop in this one (asyncio.run then refuses)
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(1) as pool:
        app, beats, sizes = pool.submit(asyncio.run, watch()).result()
    assert app.game.is_over
    # every move seen, one at a time (the first may come before the first look)
    assert sizes[0] <= 1 and all(b - a == 1 for a, b in zip(sizes, sizes[1:])) and len(sizes) >= 8, sizes
    assert beats > len(sizes)                                             # the loop ran other work between


# --- a board option starts a new game, says so, and Undo brings the last one back ----------
def test_changing_the_board_size_says_it_starts_a_new_game_and_undo_brings_the_last_one_back():
    """A size (or levels, measurement, both-lines) change started a new game without a word;
    now the message line says so, and Undo brings back the game it replaced, with its options."""
    app = GameApp(mode="classical", o="Human")
    click(app.view, "5 1")
    app.size.value = 4
    assert app.game.n == 4 and app.game.history == ()
    assert app.message.value == ("New 4 x 4 game: changing the board size starts a new game. Your last game "
                                 "(2 actions) is kept: Undo brings it back.")
    assert not app.undo_button.disabled                      # nothing to take back, but a game to bring back
    app.size.value = 5                                       # untouched 4 x 4 game: the 3 x 3 one stays kept
    assert "Your last game (2 actions) is kept" in app.message.value
    app.undo_button.click()
    assert app.game.n == 3 and app.game.cells[4] == "X" and app.game.cells[0] == "O"
    assert app.size.value == 3 and len(app.view.buttons) == 9
    assert app.message.value == "Back to your last game (2 actions) and its options, as you left it."
    app.undo_button.click()                                  # now an ordinary undo
    assert app.game.history == (4,) and app.game.n == 3


def test_an_option_change_on_an_empty_game_promises_no_undo():
    app = GameApp(mode="classical", o="Human")
    app.size.value = 4
    assert app.message.value == "New 4 x 4 game: changing the board size starts a new game."
    assert app.undo_button.disabled
    app.undo_button.click()
    assert app.game.n == 4


def test_after_a_move_in_the_new_game_undo_takes_it_back_first():
    app = GameApp(mode="qubit", o="Human")
    click(app.view, "1")
    app.levels.value = (1, 2, 3, 4)
    assert app.message.value == ("New game with the risk levels “all four (Lv1-Lv4)”: changing the risk levels "
                                 "starts a new game. Your last game (1 action) is kept: Undo brings it back.")
    click(app.view, "9")
    app.undo_button.click()
    assert app.game.levels == (1, 2, 3, 4) and app.game.history == ()
    app.undo_button.click()
    assert app.game.levels == (1, 3) and app.levels.value == (1, 3) and app.game.cells[0] == "X"


def test_against_the_computer_its_answer_does_not_hide_the_kept_game():
    """With the computer as X, the new game opens with its move: Undo still brings the kept
    game back (until the human plays)."""
    app = GameApp(mode="classical", x="Computer: random", o="Human")
    click(app.view, next(str(i + 1) for i, c in enumerate(app.game.cells) if c is None))
    before = app.game.copy()
    app.size.value = 4
    assert len(app.game.history) == 1                        # the computer opened the 4 x 4 game
    app.undo_button.click()
    assert app.game == before and app.game.n == 3


def test_a_new_game_or_a_load_lets_the_kept_game_go():
    app = GameApp(mode="classical", o="Human")
    click(app.view, "5")
    app.size.value = 4
    app.new_button.click()
    assert app.undo_button.disabled and app.game.n == 4
    app.undo_button.click()
    assert app.game.n == 4 and "nothing to undo" in app.message.value


@pytest.mark.parametrize("mode", ["classical", "qubit"])
def test_hiding_hint_in_a_mode_without_the_solver_leaves_undo_save_and_load_on_screen(mode):
    """A mode without the Goff solver hides Hint. Undo, Redo, Save and Load stay (the message after
    an option change says "Undo brings it back"): no button shares its layout with another."""
    app = GameApp(mode=mode, o="Human")
    assert app.hint_button.layout.display == "none"
    for button in (app.undo_button, app.redo_button, app.save_button, app.load_button):
        assert button.layout.display != "none", button.description
    buttons = [app.undo_button, app.redo_button, app.hint_button, app.save_button, app.load_button,
               app.step_button, app.new_button, app.pause_button, app.back_button]
    assert len({id(b.layout) for b in buttons}) == len(buttons)
