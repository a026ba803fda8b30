"""A sentence, not the widget's repr, as the plain-text form of a displayed widget.

ipywidgets' ``_repr_mimebundle_`` puts ``repr(widget)`` (``GameApp(children=(HBox(children=(...``)
under ``text/plain`` beside the widget view. A page or notebook read without a kernel (nbviewer,
GitHub, a stored output) shows that text; with this mixin it shows one plain sentence instead,
and a live kernel still shows the widget view.
"""
from __future__ import annotations

PLAIN_TEXT = "Quantum tic-tac-toe widget: run this cell with a kernel to use it."


class PlainTextFallback:
    """Mix in before the ipywidgets class: ``class GameApp(PlainTextFallback, widgets.VBox)``.
    ``plain_text`` is the sentence shown where no kernel draws the widget."""

    plain_text = PLAIN_TEXT

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        if isinstance(data, tuple):               # (data, metadata)
            return ({**data[0], "text/plain": self.plain_text}, *data[1:])
        if data is None:                          # ipywidgets' own rule: no view, nothing shown
            return None
        return {**data, "text/plain": self.plain_text}
