"""lessons/GLOSSARY.md: its table of first-mark values is the solver's, under both rules."""
import re
from fractions import Fraction
from pathlib import Path

import pytest

from qttt_widgets import GoffGame
from qttt_widgets.players.solver import GoffSolver

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
