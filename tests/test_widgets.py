"""Widgets driven like a user: button.click() and widget values, asserting on the game and on what shows."""
import json
import random
import re

import pytest

from qttt_widgets.rules.goff import GoffGame
from qttt_widgets.rules.qubit_board import QubitGame
from qttt_widgets.widgets import svg
from qttt_widgets.widgets.chsh import CHSHGame
from qttt_widgets.widgets import (BlochView, CircuitView, EnsembleView, EntanglementGraphView, GameApp,
                                  GoffBoardView, HistogramView, QubitBoardView)

PNG = b"\x89PNG"


def square_fill(view, i: int, n: int = 3):
    """The fill of square i in the board's SVG drawing (None when it is not filled)."""
    r, c = divmod(i, n)
    m = re.search(rf'<rect x="{c * 100}" y="{r * 100}" width="100" height="100" fill="([^"]+)"/>',
                  view.picture.value)
    return m and m.group(1)


def click_squares(view, people_squares: str):
    """Click squares given as people number them ('58 47 ...' and '(8)' for a collapse)."""
    for ch in people_squares:
        if ch.isdigit():
            view.buttons[int(ch) - 1].click()


def test_a_goff_game_to_a_narrow_win_by_clicks():
    app = GameApp(o="Human")
    click_squares(app.view, "58 47 67 59 48 68")
    g = app.game
    assert g.pending is not None and g.pending.chooser == "X"
    assert "X chooses where O₆ goes: click square 6 or 8" in app.view.status.value
    assert square_fill(app.view, 5) == square_fill(app.view, 7) == svg.OPTION_FILL      # both options lit
    app.view.buttons[7].click()                     # X sends O6 to square 8
    assert g.scores == {"X": 1.0, "O": 0.5}
    assert "X wins — X 1, O ½" in app.view.status.value
    assert app.view.buttons[3].tooltip == "square 4: classical X5"
    assert "58 47 67 59 48 68(8)" in app.history.value


def test_the_collapse_is_chosen_by_clicks_and_a_wrong_square_is_refused():
    view = GoffBoardView()
    click_squares(view, "14 15 48 81")
    g = view.game
    before = g.to_record()
    view.buttons[4].click()                         # square 5 is not an option
    assert "can only collapse into square 8 or 1" in view.message.value
    assert g.to_record() == before
    view.buttons[0].click()                         # O4 to square 1
    assert g.classical[0] == ("O", 4) and g.classical[3] == ("X", 1) and g.classical[7] == ("X", 3)
    assert view.buttons[0].tooltip == "square 1: classical O4"


def test_first_click_selects_and_a_second_click_on_it_cancels():
    view = GoffBoardView()
    view.buttons[4].click()
    assert view.selected == 4 and "square 5 chosen" in view.status.value
    view.buttons[4].click()
    assert view.selected is None and view.game.spooky == ()


def test_an_illegal_click_shows_a_message_and_changes_nothing():
    view = GoffBoardView(GoffGame.from_record("12 12(1)"))
    before = view.game.to_record()
    view.buttons[0].click()                         # square 1 is classical
    assert "holds the classical mark" in view.message.value
    assert view.game.to_record() == before and view.selected is None


def test_undo_and_redo_by_clicks():
    app = GameApp(o="Human")
    click_squares(app.view, "12 12")
    app.view.buttons[0].click()
    assert app.game.classical[0] is not None
    app.undo_button.click()
    assert app.game.pending is not None and app.game.classical[0] is None
    app.undo_button.click()
    assert len(app.game.spooky) == 1
    assert not app.redo_button.disabled
    app.redo_button.click()
    app.redo_button.click()
    assert app.game.classical[0] is not None and app.redo_button.disabled


def test_undo_against_a_computer_goes_back_to_the_humans_turn():
    app = GameApp(o="Computer: random")
    click_squares(app.view, "15")
    assert app.game.to_move == "X" and len(app.game.history) >= 2      # the computer answered
    app.undo_button.click()
    assert app.game.history == () and app.game.to_move == "X"


def test_save_and_load_round_trip_and_a_damaged_record_is_refused():
    app = GameApp(o="Human")
    click_squares(app.view, "19 59 15")
    app.save_button.click()
    saved = json.loads(app.record.value)
    assert saved["moves"] == "19 59 15"
    app.new_button.click()
    assert app.game.history == ()
    app.record.value = json.dumps(saved)
    app.load_button.click()
    assert app.game.notation() == "19 59 15" and app.game.pending is not None
    kept = app.game.to_record()
    for damaged in ['{"format": "qttt-goff", "moves": "19 59 15 1x"}', "{broken", "",
                    '{"format": "chess"}', "11 22"]:
        app.record.value = damaged
        app.load_button.click()
        assert "Could not load the record" in app.message.value
        assert app.game.to_record() == kept


def test_modes_and_computer_opponents():
    app = GameApp(o="Human")
    app.mode.value = "classical"
    app.o_player.value = "Computer: perfect"
    app.view.buttons[0].click()
    assert app.game.cells[4] == "O"                                      # the only good answer to a corner
    app.mode.value = "random"
    assert app.settings["O"] == "Computer: Goff solver (see difficulty)"  # still a computer: this mode's
    app.o_player.value = "Human"
    click_squares(app.view, "12 12")
    assert app.game.pending is None and app.game.last_collapse.by == "chance"
    app.mode.value = "qubit"
    app.x_player.value = "Computer: lookahead (exact odds)"
    assert app.game.ply == 1 and not app.view.locked                # X moved, O (human) to move
    app.view.buttons[0].click()                                          # O clicks: the computer answers
    assert app.game.ply in (3, 4) or app.game.is_over


def test_qubit_view_tools():
    view = QubitBoardView(QubitGame(seed=2))
    view.tool.value = "Entangle"
    view.level.value = 3
    view.buttons[0].click()
    assert "click 1 more cell" in view.status.value
    view.buttons[5].click()
    assert view.game.cells[0] == view.game.cells[5] == "Q"
    assert view.buttons[0].tooltip.startswith("cell 1: quantum (group a)")
    view.tool.value = "H"
    view.buttons[8].click()
    assert view.game.cells[8] == "Q"
    view.collapse_button.click()
    assert "Q" not in view.game.cells and "Last measurement" in view.status.value
    assert view.collapse_button.disabled
    view.tool.value = "SWAP"
    view.buttons[0].click()
    view.buttons[0].click()                       # deselect
    assert view.selected == []
    view.collapse_button.click()                  # disabled in the page; a click still changes nothing
    view.tool.value = "Phase"
    view.gate.value = "ST"
    view.buttons[1].click()
    assert view.game.group_of(1).made_by == ("phase", 1, "ST")


def test_picture_views_render_pngs():
    g = GoffGame().play(0, 3).play(0, 4).play(3, 7).play(7, 0)
    graph = EntanglementGraphView(g)
    first = graph.svg.value
    assert first.startswith("<svg") and "cycle 8→4→1→8" in first          # Goff's graph is SVG
    for label in ("X₁", "O₂", "X₃", "O₄"):
        assert first.count(f">{label}</text>") == 1                         # one label per mark
    graph.update(g.copy().collapse(7))
    assert graph.svg.value != first and "cycle" not in graph.svg.value
    graph.update(QubitGame(seed=1).entangle((0, 4), 1))
    assert graph.image.value.tobytes().startswith(PNG) and graph.svg.layout.display == "none"
    circuit = CircuitView(g)
    faithful = circuit.image.value.tobytes()
    assert faithful.startswith(PNG)
    circuit.mode.value = "esilv"
    assert circuit.image.value.tobytes().startswith(PNG) and circuit.image.value.tobytes() != faithful
    assert "simplification" in circuit.note.value
    ens = EnsembleView(GoffGame().play(0, 1).play(1, 2))
    assert "<b>3</b> consistent classical boards (of 4" in ens.summary.value
    assert ens.picture.value.startswith("<svg") and ens.picture.value.count("X₁") == 3      # 3 small boards
    assert ">X 0.67<" in ens.picture.value            # square 1 holds X1 in 2 of the 3 boards
    q = QubitGame(seed=1).entangle((0, 4), 1)
    ens.update(q)
    assert "<b>2</b> boards can come out" in ens.summary.value
    circuit.update(q)
    assert circuit.image.value.tobytes().startswith(PNG) and circuit.mode.layout.display == "none"


def test_empty_goff_circuit_shows_a_note():
    circuit = CircuitView(GoffGame())
    assert "circuit is empty" in circuit.text.value


def test_bloch_view_gates_and_sliders():
    b = BlochView()
    assert b.probabilities == pytest.approx((1, 0))
    b.gate_buttons["H"].click()
    assert b.probabilities == pytest.approx((0.5, 0.5))
    assert b.theta.value == pytest.approx(3.14159 / 2, abs=1e-3)
    b.gate_buttons["S"].click()
    assert b.phi.value == pytest.approx(3.14159 / 2, abs=1e-3)        # |+> to |+i>
    b.gate_buttons["H"].click()
    b.gate_buttons["X"].click()
    assert "H S H X" in b.info.value
    b.theta.value = 3.14159265
    assert b.probabilities[1] == pytest.approx(1, abs=1e-6)
    b.reset_button.click()
    assert b.probabilities == pytest.approx((1, 0))


def test_histogram_view_counts_sum_to_the_shots():
    from qiskit import QuantumCircuit
    qc = QuantumCircuit(2)
    qc.h(0)
    qc.cx(0, 1)
    h = HistogramView(qc, shots=500)
    assert sum(h.counts.values()) == 500 and set(h.counts) <= {"00", "11"}
    assert h.exact == pytest.approx({"00": 0.5, "11": 0.5})
    h.shots.value = 100
    h.run_button.click()
    assert sum(h.counts.values()) == 100 and h.image.value.tobytes().startswith(PNG)


@pytest.mark.slow
def test_fuzz_random_clicks_leave_a_valid_game():
    rnd = random.Random(2024)
    app = GameApp(o="Human")
    controls = [app.undo_button, app.redo_button, app.new_button, app.save_button, app.load_button]
    for step in range(1000):
        r = rnd.random()
        if r < 0.75:
            rnd.choice(app.view.buttons).click()
        elif r < 0.85:
            rnd.choice(controls).click()
        elif r < 0.88:
            app.mode.value = rnd.choice([m for _, m in app.mode.options])
        elif r < 0.91:
            app.o_player.value = rnd.choice(list(app.o_player.options))
        elif r < 0.95 and isinstance(app.view, QubitBoardView):
            app.view.tool.value = rnd.choice(QubitBoardView.TOOLS)
        else:
            app.tabs.selected_index = rnd.randrange(3)
        g = app.game
        back = type(g).from_record(g.to_record())
        assert back.to_record() == g.to_record()
        assert app.view.game == g and app.view.game is not g       # a snapshot, never the live game


def test_hint_button_gives_the_solvers_perfect_marks():
    app = GameApp(o="Human")
    app.hint_button.click()
    assert "Hint" in app.message.value
    assert "1-9" in app.message.value and "3-7" in app.message.value
    assert "X wins with a narrow win" in app.message.value
    click_squares(app.view, "19")                   # X1 in 1 and 9: O to move, X still wins
    app.hint_button.click()
    assert "perfect marks for O" in app.message.value
    assert "X wins with a narrow win" in app.message.value


def test_solver_opponent_answers_and_difficulty_is_only_for_goffs_modes():
    app = GameApp(o="Computer: Goff solver (see difficulty)")
    click_squares(app.view, "19")
    assert app.game.move_number == 3                 # the solver placed O2
    assert app.game.history[1][0] == "mark"
    app.difficulty.value = 0.5                       # an easy solver: an ImperfectPlayer
    assert type(app.players["O"]).__name__ == "ImperfectPlayer"
    app.mode.value = "qubit"
    assert app.difficulty.layout.display == "none" and app.hint_button.layout.display == "none"
    app.mode.value = "random"                        # the solver plays the coin's rules too
    assert "Computer: Goff solver (see difficulty)" in app.o_player.options


@pytest.mark.parametrize("make, n, width", [
    (lambda: GoffBoardView(), 3, 312),
    (lambda: QubitBoardView(QubitGame(n=3)), 3, 312),
    (lambda: QubitBoardView(QubitGame(n=4)), 4, 336),
    (lambda: QubitBoardView(QubitGame(n=5)), 5, 360),
])
def test_the_buttons_lie_over_the_squares_the_drawing_says(make, n, width):
    """The drawing says where its squares are (width, cell, margin): the buttons are sized from
    that, not from the SVG text. The SVG's own width and viewBox are checked here, independently."""
    view = make()
    picture = view.picture.value
    assert int(re.search(r'width="(\d+)"', picture).group(1)) == width
    side = int(re.search(r'viewBox="-4 -4 (\d+) ', picture).group(1))        # n cells and 4 units each side
    cell = width * (side - 8) / n / side
    assert view.grid.layout.grid_template_columns == f"repeat({n}, {cell:.2f}px)"
    assert view.grid.layout.margin == f"{width * 4 / side:.2f}px"
    assert view.grid.layout.width == f"{cell * n:.2f}px"
    assert {b.layout.width for b in view.buttons} == {f"{cell:.2f}px"}


def test_a_board_view_draws_only_a_board_drawing():
    view = GoffBoardView()
    before = view.picture.value
    with pytest.raises(ValueError, match="a board view draws a board"):
        view._draw(svg.SvgPicture(str(svg.goff_graph(GoffGame()))), [""] * 9)
    assert view.picture.value == before


def test_a_goff_click_means_what_the_game_says_the_next_action_is():
    """One click for a collapse choice and for the last mark, two for a spooky mark, and a
    square with a classical mark refused for a spooky mark: the view asks the game."""
    view = GoffBoardView(GoffGame().play(0, 1).play(0, 1))       # O2 closes a cycle: X chooses
    assert view.game.action_squares() == 1
    view.buttons[1].click()
    assert view.game.pending is None and view.game.classical[:2] == (("X", 1), ("O", 2))
    view.buttons[1].click()                                       # square 2 holds O2 now
    assert view.selected is None and "Square 2 holds the classical mark O₂" in view.message.value
    view.buttons[2].click()
    assert view.selected == 2 and view.game.move_number == 3
    view.buttons[5].click()
    assert view.selected is None and view.game.spooky[-1][1:] == (3, 2, 5)
    rng = random.Random(0)
    g = GoffGame()
    while g.action_squares() != 1 or g.pending is not None:     # play on to the last mark
        g = g if not g.outcome().over else GoffGame()
        g.apply(rng.choice(g.legal_moves()))
    last = GoffBoardView(g)
    (square,) = g.open_squares()
    assert f"one square left — click {square + 1} for" in last.status.value
    last.buttons[square].click()
    assert last.game.outcome().over


def _displayed(widget) -> dict:
    """What IPython stores for ``widget`` as a cell's result (its mime bundle)."""
    from IPython.core.formatters import DisplayFormatter
    data, _ = DisplayFormatter().format(widget)
    return data


@pytest.mark.parametrize("make", [
    lambda: GameApp(mode="qubit"),
    lambda: GameApp(mode="random"),
    lambda: GoffBoardView(GoffGame()),
    lambda: BlochView(),
    lambda: CHSHGame(),
], ids=["app-qubit", "app-random", "goff-board", "bloch", "chsh"])
def test_a_displayed_widget_stores_a_sentence_not_its_repr(make):
    """Read without a kernel, a stored output shows its text/plain: one sentence, never
    ``GameApp(children=(HBox(children=(...``; a live kernel still gets the widget view."""
    data = _displayed(make())
    assert "children=" not in data["text/plain"]
    assert "run this cell with a kernel" in data["text/plain"]
    assert "model_id" in data["application/vnd.jupyter.widget-view+json"]


def test_the_app_says_it_is_the_app_without_a_kernel():
    assert _displayed(GameApp())["text/plain"] == (
        "Quantum tic-tac-toe app: run this cell with a kernel to play.")
