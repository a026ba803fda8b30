"""qttt_widgets: quantum tic-tac-toe for teaching.

``qttt_widgets.rules`` holds the games as plain Python (no qiskit, no widgets), so
``import qttt_widgets`` stays cheap; the quantum layer and the widgets import
qiskit and matplotlib only when they are used.
"""
from .rules.classical import ClassicalBoard
from .rules.ensemble import Ensemble
from .rules.errors import IllegalMove, RecordError
from .rules.goff import GoffGame

__version__ = "0.1.0"
__all__ = ["ClassicalBoard", "Ensemble", "GoffGame", "IllegalMove", "RecordError", "__version__"]
