"""Writes notebooks/goff_rules_tour.ipynb (run it, then execute the notebook to store outputs)."""
import nbformat as nbf

md, code = nbf.v4.new_markdown_cell, nbf.v4.new_code_cell
cells = [
    md("# A tour of Goff's rules in code\n\n"
       "**What you will see:** how `qttt_widgets` holds a game of Goff's quantum tic-tac-toe as plain "
       "Python data — spooky marks, a cycle, the collapse the *other* player chooses, the classical "
       "ensemble, and a game record you can save and load.\n\n"
       "Squares are numbered 0..8 in code and 1..9 on the board people see:\n\n"
       "```\n1 2 3        0 1 2\n4 5 6   =    3 4 5\n7 8 9        6 7 8\n```"),
    code("# Setup: use the installed library, or the copy in this checkout\n"
         "try:\n    import qttt_widgets\nexcept ImportError:\n"
         "    import sys, pathlib\n    sys.path.insert(0, str(pathlib.Path.cwd().parent))\n"
         "    import qttt_widgets\n"
         "from qttt_widgets import GoffGame, Ensemble, IllegalMove"),
    md("## Spooky marks\n\nEach turn puts one mark in **two** squares. The encyclopedia's example: "
       "X₁ in squares 1 and 4, O₂ in 1 and 5, X₃ in 4 and 8."),
    code("g = GoffGame()\ng.play(0, 3).play(0, 4).play(3, 7)\ng"),
    md("## A cycle, and who measures it\n\nO₄ in squares 8 and 1 closes the loop 1 → 4 → 8 → 1. "
       "O made the cycle, so **X** chooses where O₄ goes — and that one choice fixes every mark in "
       "the group, including O₂, which hangs off the cycle."),
    code("g.play(7, 0)\ng.pending"),
    code("g.collapse(7)   # O4 to square 8: then X1 is in 1, X3 in 4, O2 in 5\ng"),
    md("## The classical ensemble\n\nBefore a measurement, a position stands for many classical boards "
       "at once. Two marks in a chain over three squares can be placed in 3 consistent ways "
       "(the fourth puts both in one square and is pruned)."),
    code("e = Ensemble(GoffGame().play(0, 1).play(1, 2))\n"
         "print('consistent boards:', e.size, 'of', e.naive_size)\n"
         "for sq, p in enumerate(e.probabilities(exact=True)[:3], 1):\n"
         "    print(f'square {sq}: X {p[\"X\"]}, O {p[\"O\"]}, empty {p[\"empty\"]}')"),
    md("## The rules say no, and say why\n\nAn illegal move raises `IllegalMove` naming the rule; "
       "the game is left exactly as it was."),
    code("g.play(0, 5)   # square 1 already holds a classical mark", metadata={"tags": ["raises-exception"]}),
    md("## Saving and loading\n\nA record is plain JSON with the moves in a short notation "
       "(squares 1..9; `(8)` is the collapse choice)."),
    code("record = g.to_record()\nrecord"),
    code("GoffGame.from_record(record).notation() == g.notation()"),
]
nb = nbf.v4.new_notebook(cells=cells, metadata={
    "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}})
nbf.write(nb, "notebooks/goff_rules_tour.ipynb")
