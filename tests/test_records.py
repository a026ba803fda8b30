import json

import pytest

from qttt_widgets.rules import records
from qttt_widgets.rules.errors import RecordError
from qttt_widgets.rules.goff import GoffGame
from helpers import goff_state


def test_notation_reads_and_writes():
    actions = records.parse_actions("19 59, 15 (5)  3")
    assert actions == [("mark", 0, 8), ("mark", 4, 8), ("mark", 0, 4), ("collapse", 4), ("classical", 2)]
    assert records.format_actions(actions) == "19 59 15(5) 3"
    assert records.parse_actions("") == []
    assert records.parse_actions("12 12 (1)") == records.parse_actions("12 12(1)")


def test_random_mode_outcomes_are_part_of_the_mark():
    g = GoffGame(collapse="random", seed=5).play(0, 1).play(0, 1)
    assert len(g.history[-1]) == 4
    assert g.notation() == f"12 12({g.last_collapse.square + 1})"


def test_round_trip_with_pending_choice_and_redo():
    g = GoffGame().play(0, 3).play(0, 4).play(3, 7).play(7, 0)
    g.collapse(7).play(1, 2)
    g.undo().undo()
    rec = g.to_record()
    assert rec == {"format": "qttt-goff", "version": 1, "rules": "goff", "seed": None,
                   "moves": "14 15 48 81", "redo": "(8) 23"}
    back = GoffGame.from_record(json.loads(json.dumps(rec)))
    assert goff_state(back) == goff_state(g)
    back.redo().redo()
    g.redo().redo()
    assert goff_state(back) == goff_state(g)


def test_json_text_and_bare_notation_load():
    g = GoffGame.from_record("45 17 46 23 56(6)")
    assert g.scores == {"X": 1.0, "O": 0.0}
    assert goff_state(GoffGame.from_record(records.dumps(g))) == goff_state(g)
    assert goff_state(records.loads(records.dumps(g))) == goff_state(g)


def test_random_round_trip_keeps_seed_and_outcomes():
    g = GoffGame(collapse="random", seed=123)
    for pair in [(0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (3, 5)]:
        if g.is_over:
            break
        g.play(*pair)
    back = GoffGame.from_record(g.to_record())
    assert goff_state(back) == goff_state(g)


@pytest.mark.parametrize("record, words", [
    ("not json {", "cannot read"),
    ("{not json", "not valid JSON"),
    ([1, 2], "a record is a dict"),
    ({"moves": "12"}, "no 'format'"),
    ({"format": "qttt-goff"}, "no 'moves'"),
    ({"format": "chess", "moves": ""}, "not a Goff game record"),
    ({"format": "qttt-goff", "version": 9, "moves": ""}, "version 9"),
    ({"format": "qttt-goff", "moves": "", "colour": "red"}, "'colour'"),
    ({"format": "qttt-goff", "rules": "quantum", "moves": ""}, "rules must be"),
    ({"format": "qttt-goff", "rules": "random", "moves": ""}, "needs its seed"),
    ({"format": "qttt-goff", "rules": "random", "seed": "x", "moves": ""}, "seed must be"),
    ({"format": "qttt-goff", "moves": 12}, "moves must be text"),
    ("12 34 10", "square 0"),
    ("123 45", "cannot read '123'"),
    ("12 33", "move 2 (33): a spooky mark needs two different squares, got 3 twice"),
    ("12 12 34", "move 3 (34): a collapse is pending"),
    ("12 12(3)", "move 2 (12, then the collapse into square 3): O2 can only collapse into square 1 or 2, not 3"),
    ("12 34(3)", "move 2 (34, then the collapse into square 3): there is nothing to collapse"),
    ("58 47 67 59 48 68(7)", "moves, move 6 (68, then the collapse into square 7): O6 can only collapse"),
    ("12 12(1) 13", "square 1 holds the classical mark O2"),
    ("45 17 46 23 56(6) 12", "the game is over"),
    ({"format": "qttt-goff", "rules": "random", "seed": 1, "moves": "12 34(3)"}, "closes no cycle"),
    ({"format": "qttt-goff", "rules": "random", "seed": 1, "moves": "12 12(5)"}, "cannot collapse into square 5"),
    ({"format": "qttt-goff", "moves": "12", "redo": "13 99"}, "redo, move 3 (99)"),
])
def test_damaged_records_say_what_is_wrong(record, words):
    with pytest.raises(RecordError) as e:
        GoffGame.from_record(record)
    assert words in str(e.value)


def _rules_imports(name):
    """Every rules module that ``rules/<name>.py`` imports, at module level or lazily."""
    import ast
    from pathlib import Path
    path = Path(__file__).resolve().parents[1] / "qttt_widgets" / "rules" / f"{name}.py"
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            module = node.module if not node.level else "qttt_widgets.rules." + node.module
            if module.startswith("qttt_widgets.rules."):
                found.add(module.rsplit(".", 1)[1])
        elif isinstance(node, ast.Import):
            found |= {a.name.rsplit(".", 1)[1] for a in node.names if a.name.startswith("qttt_widgets.rules.")}
    return found


def test_goff_and_records_do_not_import_each_other():
    """records -> goff -> notation, one way: goff never imports records, even lazily, and the
    notation and record checks know nothing of the game."""
    assert "records" not in _rules_imports("goff")
    assert {"goff", "records"}.isdisjoint(_rules_imports("notation"))
    assert "goff" in _rules_imports("records") and "notation" in _rules_imports("goff")


def test_records_still_offers_what_its_users_import():
    from qttt_widgets.rules import notation
    assert records.parse_actions is notation.parse_actions and records.format_actions is notation.format_actions
    assert records.merge_outcomes([("mark", 0, 1), ("collapse", 0)], "random") == [("mark", 0, 1, 0)]
    assert records.goff_from_record("19").notation() == "19" and records.goff_to_record(GoffGame())["moves"] == ""
    assert records.loads(records.dumps(GoffGame().play(0, 8))) == GoffGame().play(0, 8)
