"""Writes notebooks/app.ipynb (the Voila demo app). Run from the top of the checkout."""
import nbformat as nbf

md, code = nbf.v4.new_markdown_cell, nbf.v4.new_code_cell
SETUP = ("# Setup: use the installed library, or the copy in this checkout\n"
         "try:\n    import qttt_widgets\nexcept ImportError:\n"
         "    import sys, pathlib\n    sys.path.insert(0, str(pathlib.Path.cwd().parent))\n"
         "    import qttt_widgets\n")

app = nbf.v4.new_notebook(cells=[
    md("# Quantum tic-tac-toe\n\n"
       "Play Goff's quantum tic-tac-toe, its coin-flip variant, the qubit-per-cell game or the classical "
       "game — against a friend or the computer. Open **How to play** for the rules; the tabs on the right "
       "show the entanglement graph, the circuit of the position and its classical ensemble."),
    code(SETUP + "from qttt_widgets.widgets import GameApp\n\nGameApp(seed=None)",
         metadata={"tags": ["nbval-ignore-output"]}),
], metadata={"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
             "voila": {"theme": "light"}})
nbf.write(app, "notebooks/app.ipynb")
