"""The app's side of the Notakto example: its board view and its ``Mode``
(``widgets.registry``). The widgets layer: it may import the rules and the players.

The classical board view draws what Notakto has (``n``, ``k``, ``cells``), but its status
line says "X wins with three in a row", which is the opposite of Notakto's rule; this view
keeps the classical drawing and clicks and words the status for Notakto.
"""
from __future__ import annotations

from qttt_widgets.players.basic import RandomPlayer
from qttt_widgets.widgets import svg
from qttt_widgets.widgets.board import BOARD_PX, ClassicalBoardView
from qttt_widgets.widgets.registry import Mode, squares_history

from notakto_players import NotaktoPerfectPlayer
from notakto_rules import Notakto


class NotaktoView(ClassicalBoardView):
    """Click an empty square to put an X there."""

    def __init__(self, game: Notakto | None = None, **kwargs):
        super().__init__(game if game is not None else Notakto(), **kwargs)

    def refresh(self) -> None:
        g = self.game
        tips = [f"square {i + 1}: X" if v else f"square {i + 1}: empty" for i, v in enumerate(g.cells)]
        self._draw(svg.classical_board(g, BOARD_PX[3]), tips)
        if g.is_over:
            text = f"Game over: {g.loser} completed a line of three X's, so {g.result} wins."
        else:
            text = f"{g.to_move} to move: put an X on an empty square (whoever completes a line of three loses)."
        self.set_status(text)


MODE = Mode(
    "notakto", NotaktoView,
    {"Human": None, "Computer: perfect (Notakto)": NotaktoPerfectPlayer, "Computer: random": RandomPlayer},
    "<b>Notakto.</b> Both players put an <i>X</i> on an empty square (X is the player who moves "
    "first, O the second). Whoever completes a line of three X's (a row, a column or a diagonal) "
    "<b>loses</b>. A full board always holds a line, so there are no draws.",
    squares_history)
"""What ``widgets.registry.register_mode`` takes, once ``notakto_rules.KIND`` is registered."""
