"""ipywidgets views over the rules objects (core ipywidgets only; works in JupyterLab,
Voila, Binder and Colab). Importing this module imports ipywidgets; matplotlib and
qiskit load when the first picture or circuit is drawn."""
from .app import GameApp
from .board import ClassicalBoardView, GoffBoardView, QubitBoardView
from .views import BlochView, CircuitView, EnsembleView, EntanglementGraphView, HistogramView

__all__ = ["GameApp", "GoffBoardView", "QubitBoardView", "ClassicalBoardView", "EntanglementGraphView",
           "CircuitView", "EnsembleView", "BlochView", "HistogramView"]
