"""Records and the text notation (rules/records.py, rules/notation.py): saving and loading a
game, the notation read and written, the checks on a Goff record and the records API."""
import json

import pytest

from qttt_widgets.rules import notation, records
from qttt_widgets.rules.actions import CollapseTo, Mark
from qttt_widgets.rules.classical import ClassicalBoard
from qttt_widgets.rules.errors import RecordError
from qttt_widgets.rules.goff import GoffGame

from helpers import goff_state, refusal


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


# =================================================================================================
# Formerly tests/test_mutation_records.py (mutation testing, tests/MUTATION.md).
# The text notation, the checks on a Goff record and the records API, pinned where mutation
# testing found them unguarded. Messages are compared whole: a learner or a visitor reads them.
# =================================================================================================
# --- notation ------------------------------------------------------------------------------------
def test_parse_actions_reads_every_kind_of_token():
    assert notation.parse_actions("") == [] and notation.parse_actions(" ,, ") == []
    assert notation.parse_actions("  ,19,(9) 5 ") == [("mark", 0, 8), ("collapse", 8), ("classical", 4)]
    assert notation.parse_actions("19( 9 ) ( 8 ),7") == [("mark", 0, 8), ("collapse", 8), ("collapse", 7),
                                                         ("classical", 6)]
    assert notation.parse_actions("12\n34\t56") == [("mark", 0, 1), ("mark", 2, 3), ("mark", 4, 5)]
    assert notation.parse_actions("98(8)") == [("mark", 8, 7), ("collapse", 7)]


@pytest.mark.parametrize("text, message", [
    ("19 50", "square 0 at character 5 of '19 50' does not exist: squares are numbered 1..9"),
    ("19 05", "square 0 at character 4 of '19 05' does not exist: squares are numbered 1..9"),
    ("19(0)", "square 0 at character 4 of '19(0)' does not exist: squares are numbered 1..9"),
    ("19 ( 0)", "square 0 at character 6 of '19 ( 0)' does not exist: squares are numbered 1..9"),
    ("0", "square 0 at character 1 of '0' does not exist: squares are numbered 1..9"),
    ("(0)", "square 0 at character 2 of '(0)' does not exist: squares are numbered 1..9"),
    ("19 59,( 0 )", "square 0 at character 9 of '19 59,( 0 )' does not exist: squares are numbered 1..9"),
    ("19 ５9", "cannot read '５9' at character 4: '５' is not one of the digits 1-9 (full-width and other scripts' "
               "digits are not squares); write squares as 1..9"),
    ("1٣", "cannot read '1٣' at character 1: '٣' is not one of the digits 1-9 (full-width and other scripts' "
           "digits are not squares); write squares as 1..9"),
    ("19 x9", "cannot read 'x9' at character 4: a move is two squares like 19, a collapse like (9) after the mark "
              "that closed the cycle, or the last single square"),
    (",, 123 45", "cannot read '123' at character 4: a move is two squares like 19, a collapse like (9) after the "
                  "mark that closed the cycle, or the last single square"),
    ("19 5a,6", "cannot read '5a' at character 4: a move is two squares like 19, a collapse like (9) after the "
                "mark that closed the cycle, or the last single square"),
])
def test_parse_actions_names_what_it_cannot_read_and_where(text, message):
    assert refusal(notation.parse_actions, text) == message


def test_parse_actions_wants_text():
    assert refusal(notation.parse_actions, 19) == "moves must be text like '19 59 15(5)', got int"
    assert refusal(notation.parse_actions, None) == "moves must be text like '19 59 15(5)', got NoneType"


def test_format_actions_writes_what_parse_actions_reads():
    assert notation.format_actions([]) == ""
    actions = [("collapse", 3), ("mark", 0, 8, 8), ("mark", 1, 2), ("collapse", 2), ("classical", 4)]
    assert notation.format_actions(actions) == "(4) 19(9) 23(3) 5"
    assert notation.format_actions([("mark", Mark(0, 8).a, 8), ("collapse", CollapseTo(0))]) == "19(1)"
    assert notation.parse_actions("(4) 19(9) 23(3) 5") == [("collapse", 3), ("mark", 0, 8), ("collapse", 8),
                                                           ("mark", 1, 2), ("collapse", 2), ("classical", 4)]
    with pytest.raises(ValueError) as e:
        notation.format_actions([("mark", 0, 1), ("pass",)])
    assert str(e.value) == "unknown action ('pass',)"


def test_merge_outcomes_joins_a_mark_and_its_coin_under_random_collapse_only():
    actions = [("collapse", 1), ("mark", 0, 1), ("collapse", 0), ("collapse", 1), ("mark", 2, 3),
               ("classical", 2), ("collapse", 4)]
    assert notation.merge_outcomes(actions, "random") == [
        ("collapse", 1), ("mark", 0, 1, 0), ("collapse", 1), ("mark", 2, 3), ("classical", 2), ("collapse", 4)]
    assert notation.merge_outcomes(actions, "goff") is actions
    assert notation.merge_outcomes([("mark", 0, 1), ("collapse", 1)], "random") == [("mark", 0, 1, 1)]
    # the coin joins the mark just before it, wherever that mark is in the list
    assert notation.merge_outcomes([("collapse", 1), ("collapse", 2), ("mark", 0, 1), ("collapse", 0)], "random") == \
        [("collapse", 1), ("collapse", 2), ("mark", 0, 1, 0)]


def test_a_goff_record_is_read_field_by_field():
    read = notation.read_goff_record
    bare = read("  19 59 15(5)  ")
    assert bare == ("goff", None, [("mark", 0, 8), ("mark", 4, 8), ("mark", 0, 4), ("collapse", 4)], [])
    assert read(' {"format": "qttt-goff", "moves": "19", "redo": "59"} ') == \
        ("goff", None, [("mark", 0, 8)], [("mark", 4, 8)])
    assert read({"format": "qttt-goff", "moves": "19", "seed": 4, "version": 1}) == ("goff", 4, [("mark", 0, 8)], [])
    rec = read({"format": "qttt-goff", "rules": "random", "seed": 3, "moves": "12 12(2)", "redo": "34 34(3)"})
    assert rec == ("random", 3, [("mark", 0, 1), ("mark", 0, 1, 1)], [("mark", 2, 3), ("mark", 2, 3, 2)])
    assert (rec.rules, rec.seed) == ("random", 3)
    assert read("") == ("goff", None, [], [])


@pytest.mark.parametrize("record, message", [
    (5, "a record is a dict (or its JSON text), got int"),
    ([1, 2], "a record is a dict (or its JSON text), got list"),
    ("{not json", "the record is not valid JSON: Expecting property name enclosed in double quotes at line 1, "
                  "column 2"),
    ({1: 2, "format": "qttt-goff"}, "a record's field names are text; got 1"),
    ({"format": "qttt-goff"}, "the record has no 'moves' field"),
    ({"moves": ""}, "the record has no 'format' field"),
    ({}, "the record has no 'format' and no 'moves' field"),
    ({"format": "qttt-goff", "moves": "", "b": 1, "a": 2}, "the record has fields this version does not know: "
                                                           "['a', 'b']"),
    ({"format": "chess", "moves": ""}, "this is not a Goff game record: format is 'chess', expected 'qttt-goff'"),
    ({"format": "qttt-goff", "moves": "", "version": 2}, "record version 2 is not supported: the version is the "
                                                         "whole number 1"),
    ({"format": "qttt-goff", "moves": "", "rules": 3}, "rules must be 'goff' or 'random', got 3"),
    ({"format": "qttt-goff", "moves": "", "rules": "Goff"}, "rules must be 'goff' or 'random', got 'Goff'"),
    ({"format": "qttt-goff", "moves": "", "rules": "random"}, "a random-collapse record needs its seed: it "
                                                              "decides the coming collapses"),
    ({"format": "qttt-goff", "moves": "", "seed": "1"}, "seed must be a whole number or null with at most 20 "
                                                        "digits (|seed| < 2**64); got '1'"),
    ({"format": "qttt-goff", "moves": 19}, "moves must be text like '19 59 15(5)', got int"),
    ({"format": "qttt-goff", "moves": "", "redo": ["19"]}, "redo must be text like '19 59 15(5)', got list"),
    ({"format": "qttt-goff", "moves": "19 " * 20_000}, "the 'moves' notation is 60,000 characters long; the limit "
                                                       "is 50,000"),
    ({"format": "qttt-goff", "moves": "", "redo": "1" * 50_001}, "the 'redo' notation is 50,001 characters long; "
                                                                 "the limit is 50,000"),
    ({"format": "qttt-goff", "moves": "19", "redo": "23 4x"}, "cannot read '4x' at character 4: a move is two "
     "squares like 19, a collapse like (9) after the mark that closed the cycle, or the last single square"),
])
def test_a_damaged_goff_record_is_refused_with_the_whole_reason(record, message):
    assert refusal(GoffGame.from_record, record) == message
    assert refusal(notation.read_goff_record, record) == message


LONG_FIELDS = {"colour": 1, "player_one": 2, "player_two": 3, "started_at": 4, "comment": 5}
LONG_FIELDS_SHOWN = "['colour', 'comment', 'player_one', 'player_two', 'started_at']"     # 62 characters


def test_unknown_fields_are_all_named_even_when_there_are_many():
    assert refusal(GoffGame.from_record, {"format": "qttt-goff", "moves": "", **LONG_FIELDS}) == \
        f"the record has fields this version does not know: {LONG_FIELDS_SHOWN}"
    assert refusal(ClassicalBoard.from_record, {"format": "qttt-classical", **LONG_FIELDS}) == \
        f"the record has fields this version does not know: {LONG_FIELDS_SHOWN}"


def test_a_goff_record_text_keeps_the_size_limit():
    assert refusal(notation.read_goff_record, "1" * 50_001) == \
        "the record is 50,001 characters long; the limit is 50,000"


# --- records -------------------------------------------------------------------------------------
def test_records_save_and_load_a_game():
    g = GoffGame().play(0, 8).play(4, 8).play(0, 4)
    assert records.goff_to_record(g) == {"format": "qttt-goff", "version": 1, "rules": "goff", "seed": None,
                                         "moves": "19 59 15", "redo": ""}
    assert records.dumps(g) == json.dumps(g.to_record()) and "\n" not in records.dumps(g)
    assert records.loads(records.dumps(g)) == g and records.loads(records.dumps(g)).history == g.history
    assert records.loads("19 59 15") == g and records.goff_from_record("19 59 15") == g
    assert records.goff_from_record(g.to_record()) == g
    assert (records.FORMAT, records.VERSION) == ("qttt-goff", 1)
    assert refusal(records.loads, "19 19 19").startswith("moves, move 3 (19): a collapse is pending")
    assert refusal(records.goff_from_record, {"format": "qttt-goff", "moves": "19 19 19"}).startswith("moves, move 3 ")
