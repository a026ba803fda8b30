"""lessons/GLOSSARY.md: its table of first-mark values is the solver's, under both rules."""
import re
from fractions import Fraction
from pathlib import Path

import pytest

from qttt_widgets import GoffGame
from qttt_widgets.players.solver import GoffSolver

from helpers import lesson_json

TEXT = (Path(__file__).resolve().parents[1] / "lessons" / "GLOSSARY.md").read_text()
ROWS = {(int(a) - 1, int(b) - 1): (Fraction(g), Fraction(r))
        for a, b, g, r in re.findall(r"^\| (\d)-(\d) \| ([\d/]+) \| ([\d/]+) \|$", TEXT, re.M)}


def test_the_table_has_every_first_mark():
    assert len(ROWS) == 36


@pytest.mark.slow
@pytest.mark.parametrize("column, rules", [(0, "goff"), (1, "random")])
def test_the_first_mark_values_are_the_solvers(column, rules):
    solver = GoffSolver(rules)
    values = solver.action_values(GoffGame(collapse=rules))
    assert {k: Fraction(v).limit_denominator(1024) for k, v in values.items()} == \
        {k: v[column] for k, v in ROWS.items()}


def test_the_sources_are_all_cited():
    for words in ("Goff", "Scholten", "ESILV", "seed 002", "Wikipedia", "seed 004"):
        assert words in TEXT


def test_the_published_solution_is_cited_and_the_solver_confirms_it():
    """Ishizeki & Matsuura (2011) found that X wins Goff's game by 1 to ½ with a first mark in
    opposite corners; the glossary and lesson 12 cite them, and the solver confirms it on its own:
    the empty board is worth +½ and the only first marks that keep it are 1-9 and 3-7."""
    assert "Ishizeki" in TEXT and "Matsuura" in TEXT and "This course's own results" not in TEXT
    solver = GoffSolver("goff")
    values = solver.action_values(GoffGame())
    assert max(values.values()) == Fraction(1, 2)
    assert {k for k, v in values.items() if v == Fraction(1, 2)} == {(0, 8), (2, 6)}
    lesson = lesson_json(12)
    assert "Ishizeki" in "".join("".join(c["source"]) for c in lesson["cells"])


def test_quantum_minimax_is_a_classical_two_ply_search_with_no_circuit():
    """GLOSSARY.md, quantum minimax (as lesson 11 says): no circuit runs. The player picks a mark
    in a fresh interpreter without importing qiskit."""
    import subprocess
    import sys
    entry = next(line for line in TEXT.splitlines() if line.startswith("| quantum minimax |"))
    assert "no circuit" in entry and "classical" in entry and "quantum estimates" not in entry
    probe = ("import sys\nfrom qttt_widgets import GoffGame\n"
             "from qttt_widgets.players.esilv.quantum_minimax import QuantumMinimaxPlayer\n"
             "QuantumMinimaxPlayer(seed=1).choose(GoffGame().play(0, 4).play(1, 2))\n"
             "print(sorted({m.split('.')[0] for m in sys.modules} & {'qiskit', 'qiskit_aer'}))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
