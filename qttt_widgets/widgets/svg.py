"""The SVG drawings of the boards, the entanglement graph and the ensemble: they live in
:mod:`qttt_widgets.rules.svg` (so that each game shows itself with them); this is the name the
widgets and lessons use."""
from qttt_widgets.rules.svg import (CYCLE_COLOUR, LINE_COLOUR, O_COLOUR, OPTION_FILL, SELECTED_FILL,  # noqa: F401
                                    X_COLOUR, SvgPicture, board, classical_board, ensemble, goff_board,
                                    goff_graph, qubit_board)

__all__ = ["SvgPicture", "board", "goff_board", "classical_board", "qubit_board", "goff_graph", "ensemble",
           "X_COLOUR", "O_COLOUR", "CYCLE_COLOUR", "LINE_COLOUR", "SELECTED_FILL", "OPTION_FILL"]
