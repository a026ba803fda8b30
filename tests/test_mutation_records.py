"""The small rules modules, pinned where mutation testing found them unguarded (tests/MUTATION.md):
the limits a record must keep and the exact refusal a visitor reads, the text notation and the
checks on a Goff record, the records API, classical tic-tac-toe's refusals, records and drawing,
the scoring rule and the typed actions.

Messages are compared whole: a learner or a visitor reads them. Fast (well under a second).
"""
import builtins
import json

import pytest

from qttt_widgets.rules import limits, notation, records
from qttt_widgets.rules.actions import CollapseTo, LastMark, Mark
from qttt_widgets.rules.classical import (ClassicalBoard, can_blunder, key_children, key_to_move,
                                          key_winner, losing_moves, optimal_moves, other, outcome,
                                          winning_lines)
from qttt_widgets.rules.errors import IllegalMove, RecordError, illegal, shown, whole_number
from qttt_widgets.rules.goff import GoffGame
from qttt_widgets.rules.scoring import (LINES, doubled_score, first_line_end, masks,
                                        needs_subscripts, points)


def refusal(call, *args, error=RecordError, **kwargs) -> str:
    """The message of the error ``call`` raises (failing the test if it raises none)."""
    with pytest.raises(error) as e:
        call(*args, **kwargs)
    assert type(e.value) is error
    return str(e.value)


# --- errors --------------------------------------------------------------------------------------
def test_an_illegal_move_keeps_its_message_its_people_text_and_its_rule():
    plain = IllegalMove("square 5 holds X")
    assert (str(plain), plain.people, plain.rule) == ("square 5 holds X", "square 5 holds X", None)
    both = IllegalMove("square 4 holds X", "square 5 holds X", "occupied")
    assert (str(both), both.people, both.rule) == ("square 5 holds X", "square 5 holds X", "occupied")
    keyed = IllegalMove("nothing to undo", rule="nothing-to-undo")
    assert (str(keyed), keyed.people, keyed.rule) == ("nothing to undo", "nothing to undo", "nothing-to-undo")
    assert isinstance(plain, ValueError) and issubclass(RecordError, ValueError)


def test_illegal_counts_the_squares_it_names_from_one():
    e = illegal("the-rule", "square {0} and square {1}, then {0} again", 0, 8)
    assert (str(e), e.people, e.rule) == ("square 1 and square 9, then 1 again", "square 1 and square 9, then 1 again",
                                          "the-rule")


def test_shown_prints_short_values_as_repr():
    assert [shown(v) for v in ("abc", b"ab", None, True, False, 1.5, 42, -7)] == \
        ["'abc'", "b'ab'", "None", "True", "False", "1.5", "42", "-7"]
    assert shown("x" * 58) == "'" + "x" * 58 + "'"                 # 60 characters: kept whole
    assert shown("x" * 59) == "'" + "x" * 56 + "..."               # 61: cut to 60


def test_shown_cuts_long_text_and_bytes_and_keeps_the_quotes_of_what_it_shows():
    assert shown("x" * 1000) == "'" + "x" * 56 + "..."
    assert shown(b"y" * 1000) == "b'" + "y" * 55 + "..."
    # the quotes repr chooses depend on the text shown, which is the first 61 characters
    assert shown("a" * 61 + "'") == "'" + "a" * 56 + "..."
    assert shown("a" * 59 + "'" + "b" * 10) == '"' + "a" * 56 + "..."
    assert shown("a" * 60 + "'") == '"' + "a" * 56 + "..."
    assert shown("a" * 10 + "'", limit=12) == '"aaaaaaaa...'
    assert shown("abcdef", limit=5) == "'a..."


def test_shown_names_the_size_of_an_integer_too_long_to_print():
    assert shown(2 ** 199 - 1) == str(2 ** 199 - 1)                 # 199 bits, 60 digits: printed
    assert shown(2 ** 199) == "<a whole number of 200 bits>"
    assert shown(-(10 ** 5000)) == "<a whole number of 16610 bits>"
    assert shown(2 ** 199, limit=10) == "<a whol..."


class Long:
    def __repr__(self):
        return "L" * 100


class Broken:
    def __repr__(self):
        raise RuntimeError("no repr")


def test_shown_abbreviates_containers_level_by_level():
    assert shown([[[1]]]) == "[[[1]]]"
    assert shown([[[[1]]]]) == "[[[[...]]]]"
    assert shown([*range(6)]) == "[0, 1, 2, 3, 4, 5]"
    assert shown([*range(7)]) == "[0, 1, 2, 3, 4, 5, ...]"
    assert shown(tuple(range(7))) == "(0, 1, 2, 3, 4, 5, ...)"
    assert shown({i: i for i in range(7)}) == "{0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, ...}"
    assert shown(set(range(7))) == "{0, 1, 2, 3, 4, 5, ...}"
    assert shown(frozenset(range(7))) == "frozenset({0, 1, 2, 3, 4, 5, ...})"
    assert shown(["a" * 28]) == "['" + "a" * 28 + "']"
    assert shown(["a" * 40]) == "['aaaaaaaaaaaa...aaaaaaaaaaaaa']"
    assert shown([2 ** 120]) == "[1329227995784...07060280344576]"
    assert shown([Long()]) == "[LLLLLLLLLLLLL...LLLLLLLLLLLLLL]"
    assert shown([[*range(40)]] * 3) == "[[0, 1, 2, 3, 4, 5, ...], [0, 1, 2, 3, 4, 5, ...], [0, 1,..."
    assert shown([1, 2], limit=5) == "[1..."


def test_shown_survives_a_repr_that_fails_or_runs_long():
    assert shown(Broken()) == "<a Broken>"
    class list(builtins.list):                                      # noqa: A001 - a list whose items cannot be read
        def __iter__(self):
            raise RuntimeError("no items")
    assert shown(list([1])) == "<a list>"
    assert shown(Long()) == "L" * 57 + "..."
    assert shown(Long(), limit=100) == "L" * 100


def test_whole_number_takes_integers_only():
    np = pytest.importorskip("numpy")
    assert whole_number(4) == 4 and whole_number(-3) == -3 and whole_number(0) == 0
    assert type(whole_number(np.int64(4))) is int and whole_number(np.int64(4)) == 4
    assert [whole_number(v) for v in (True, False, 4.0, "4", None, [4])] == [None] * 6


# --- limits --------------------------------------------------------------------------------------
def test_check_text_refuses_what_is_not_text_and_what_is_too_long():
    ok = "a" * limits.MAX_RECORD_CHARS
    assert limits.check_text(ok) is ok
    assert refusal(limits.check_text, 5) == "a record is text, got int"
    assert refusal(limits.check_text, [], "notation") == "a notation is text, got list"
    assert refusal(limits.check_text, ok + "a") == "the record is 50,001 characters long; the limit is 50,000"
    assert refusal(limits.check_text, "b" * 1_234_567, "'moves' notation") == \
        "the 'moves' notation is 1,234,567 characters long; the limit is 50,000"


def test_json_depth_counts_brackets_outside_strings():
    depth = limits.json_depth
    assert depth("") == 0 and depth("1") == 0 and depth('"[[["') == 0
    assert depth("[]") == 1 and depth("[[]]") == 2 and depth("{}") == 1 and depth('{"a": {"b": [1]}}') == 3
    assert depth("[[]][[]]") == 2 and depth("[][][][]") == 1 and depth("[[[]]][]") == 3
    assert depth("[[1], [2], [3]]") == 2 and depth('[{"a": 1}, {"b": [[2]]}]') == 4
    # an escaped quote does not end a string; an escaped backslash does not escape the quote after it
    assert depth(r'["a\"[[[[", 1]') == 1
    assert depth(r'["a\\", [[1]]]') == 3
    assert depth(r'["\\\"[[", [1]]') == 2
    assert depth(r'["\n", [1]]') == 2
    assert depth('"a"[["b"]]') == 2
    # only brackets count, whatever else the text holds (it is measured before it is parsed)
    assert depth("X[[1]]") == 2 and depth("[[X]]X]}X") == 2 and depth("XXXXXXXX") == 0
    assert refusal(limits.parse_json, "XXXXXXXX") == "the record is not valid JSON: Expecting value at line 1, column 1"


def test_parse_json_keeps_the_nesting_limit_and_says_what_is_wrong():
    five = "[" * 5 + "1" + "]" * 5
    assert limits.parse_json(five) == [[[[[1]]]]]
    assert limits.parse_json(' {"a": "[[[[[[[["} ') == {"a": "[[[[[[[["}
    assert refusal(limits.parse_json, "[" + five + "]") == "the record nests 6 levels deep; a record nests at most 5"
    assert refusal(limits.parse_json, "{" * 9, "moves") == "the moves nests 9 levels deep; a record nests at most 5"
    assert refusal(limits.parse_json, "{x") == \
        "the record is not valid JSON: Expecting property name enclosed in double quotes at line 1, column 2"
    assert refusal(limits.parse_json, "[1]\n x", "redo") == "the redo is not valid JSON: Extra data at line 2, column 2"
    assert refusal(limits.parse_json, 7) == "a record is text, got int"
    assert refusal(limits.parse_json, "1" * 50_001, "save") == "the save is 50,001 characters long; the limit is 50,000"
    try:
        json.loads("9" * 5000)
    except ValueError as e:                             # the wording is Python's
        reason = str(e)
    else:                                               # pragma: no cover - a Python without the digit limit
        pytest.skip("this Python reads 5000-digit numbers")
    assert refusal(limits.parse_json, "9" * 5000) == f"the record is not valid JSON: {reason}"
    assert refusal(limits.parse_json, "9" * 5000, "file") == f"the file is not valid JSON: {reason}"


def test_check_board_size_takes_three_to_five_and_k_from_three_to_n():
    for n in (3, 4, 5):
        assert limits.check_board_size(n) is None
        assert limits.check_board_size(n, 3) is None and limits.check_board_size(n, n) is None
    assert limits.check_board_size(5, 4) is None
    for bad in (2, 6, 0, True, 3.0, "3", None):
        assert refusal(limits.check_board_size, bad) == f"the board size n must be one of 3, 4, 5; got {bad!r}"
    assert refusal(limits.check_board_size, 10 ** 300) == \
        "the board size n must be one of 3, 4, 5; got <a whole number of 997 bits>"
    assert refusal(limits.check_board_size, -(10 ** 59)) == \
        "the board size n must be one of 3, 4, 5; got -" + "1" + "0" * 55 + "..."
    for bad in (2, 5, True, 3.0, "3"):
        assert refusal(limits.check_board_size, 4, bad) == \
            f"k (marks in a row) must be a whole number from 3 to n = 4; got {bad!r}"
    assert refusal(limits.check_board_size, 3, 4) == "k (marks in a row) must be a whole number from 3 to n = 3; got 4"


def test_check_moves_takes_a_list_of_at_most_500_moves():
    moves = [0] * limits.MAX_MOVES
    assert limits.check_moves(moves) is moves and limits.check_moves([], "redo") == []
    assert refusal(limits.check_moves, (1,)) == "'moves' must be a list of moves, got tuple"
    assert refusal(limits.check_moves, "12", "redo") == "'redo' must be a list of moves, got str"
    assert refusal(limits.check_moves, moves + [0]) == "'moves' has 501 moves; the limit is 500"
    assert refusal(limits.check_moves, [0] * 12_345, "redo") == "'redo' has 12,345 moves; the limit is 500"


def test_check_shots_takes_one_to_a_hundred_thousand():
    for shots in (1, 2, 100_000):
        assert limits.check_shots(shots) is None
    for bad in (0, -1, 100_001, True, 1.0, "10"):
        assert refusal(limits.check_shots, bad) == f"shots must be a whole number from 1 to 100,000; got {bad!r}"


def test_check_version_wants_the_whole_number():
    assert limits.check_version({"version": 1}) is None
    assert limits.check_version({"version": 2}, 2) is None
    assert limits.check_version({}, required=False) is None
    assert refusal(limits.check_version, {}) == "the record has no 'version' field (this is version 1)"
    assert refusal(limits.check_version, {"moves": []}, 2) == "the record has no 'version' field (this is version 2)"
    for bad in (True, 1.0, "1", 2, 0, None):
        assert refusal(limits.check_version, {"version": bad}, required=False) == \
            f"record version {bad!r} is not supported: the version is the whole number 1"
    assert refusal(limits.check_version, {"version": 1}, 3) == \
        "record version 1 is not supported: the version is the whole number 3"


def test_check_seed_takes_whole_numbers_below_two_to_the_64():
    assert limits.check_seed(None) is None
    for seed in (0, 1, -1, 2 ** 64 - 1, -(2 ** 64) + 1):
        assert limits.check_seed(seed) == seed and limits.check_seed(seed, required=True) == seed
    for bad in (2 ** 64, -(2 ** 64), True, 1.0, "1"):
        assert refusal(limits.check_seed, bad) == \
            f"seed must be a whole number or null with at most 20 digits (|seed| < 2**64); got {bad!r}"
    for bad in (None, 2 ** 64, False):
        assert refusal(limits.check_seed, bad, required=True) == \
            f"seed must be a whole number with at most 20 digits (|seed| < 2**64); got {bad!r}"


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


# --- classical -----------------------------------------------------------------------------------
def test_other_and_the_players_of_a_key():
    assert (other("X"), other("O")) == ("O", "X")
    assert (key_to_move("........."), key_to_move("X........"), key_to_move("XO.......")) == ("X", "O", "X")
    assert key_winner("XXX.OO...") == "X" and key_winner("XX.OOOX..") == "O" and key_winner("XOX......") is None
    assert key_winner("X...X...X") == "X" and key_winner("..O.O.O..") == "O" and key_winner("O..O..O..") == "O"
    assert key_winner(".........") is None


def test_key_children_are_the_moves_of_the_player_to_move():
    assert key_children("XXXOO....") == []                                # X has won
    assert key_children("XOXXOOOXX") == []                                # full
    assert key_children("XOXXOOOX.") == [(8, "XOXXOOOXX")]
    assert key_children("X.O.X.O..") == [(1, "XXO.X.O.."), (3, "X.OXX.O.."), (5, "X.O.XXO.."), (7, "X.O.X.OX."),
                                         (8, "X.O.X.O.X")]
    assert key_children("X.......O")[0] == (1, "XX......O")
    assert key_children("X........")[-1] == (8, "X.......O")


def test_perfect_play_on_small_positions():
    assert outcome("XXXOO....") == "X" and outcome("OOOXX.XX.") == "O"   # finished: no moves
    assert outcome("XOXXOOOXX") == "draw" and optimal_moves("XOXXOOOXX") == []
    assert outcome("XOXOXO.OX") == "X" and optimal_moves("XOXOXO.OX") == []      # X already has 1-5-9
    assert optimal_moves("XXXOO....") == [] and losing_moves("XXXOO....") == [] and not can_blunder("XXXOO....")
    # X to move takes 7 for the column 1-4-7; anything but 7 or 8 lets O take 8 (2-5-8)
    assert (outcome("XO.XO...."), optimal_moves("XO.XO....")) == ("X", [6])
    assert losing_moves("XO.XO....") == [2, 5, 8]          # 3, 6 and 9 neither win nor block
    # X to move completes 4-5-6; 2 or 8 lets O complete a line
    assert (outcome("X.OXX.O.O"), optimal_moves("X.OXX.O.O"), losing_moves("X.OXX.O.O")) == ("X", [5], [1, 7])
    assert can_blunder("X.OXX.O.O")
    assert (outcome("XX.OO...."), optimal_moves("XX.OO....")) == ("X", [2])
    assert outcome("XX.OO...X") == "O" and 5 in optimal_moves("XX.OO...X")     # O to move completes 4-5-6
    # X in opposite corners, O in the centre: O must take an edge, a corner loses
    assert (outcome("X...O...X"), optimal_moves("X...O...X"), losing_moves("X...O...X")) == \
        ("draw", [1, 3, 5, 7], [2, 6])
    assert can_blunder("X...O...X")
    # O to move is lost whatever it does (X threatens 3 and 7): nothing to blunder, nothing to lose
    assert (outcome("XX.XO...O"), can_blunder("XX.XO...O"), losing_moves("XX.XO...O")) == ("X", False, [])
    assert optimal_moves("XX.XO...O") == [2, 5, 6, 7]                   # all moves, when lost


def test_winning_lines_are_the_runs_of_k_squares():
    assert set(winning_lines(3)) == {(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8),
                                     (2, 4, 6)}
    assert winning_lines(3) == winning_lines(3, 3) == LINES
    assert set(winning_lines(2)) == {(0, 1), (2, 3), (0, 2), (1, 3), (0, 3), (1, 2)}
    assert set(winning_lines(4, 2)) >= {(0, 1), (0, 4), (0, 5), (1, 4), (14, 15), (11, 15), (10, 15)}
    assert len(winning_lines(4, 2)) == 12 + 12 + 9 + 9
    assert len(winning_lines(5, 3)) == 15 + 15 + 9 + 9
    assert set(winning_lines(3, 1)) == {(i,) for i in range(9)}
    assert set(winning_lines(1)) == {(0,)}
    for n, k in ((3, 0), (3, 4), (2, -1)):
        assert refusal(winning_lines, n, k, error=ValueError) == f"k must be between 1 and n={n}, got {k}"


def test_a_board_checks_its_size():
    for n in (0, -3, 2.0, "3"):
        assert refusal(ClassicalBoard, n, error=ValueError) == f"n must be a positive integer, got {n!r}"
    one = ClassicalBoard(1)
    assert (one.n, one.k, one.cells) == (1, 1, (None,))
    assert one.play(0).result == "X"
    assert refusal(ClassicalBoard, 3, 4, error=ValueError) == "k must be between 1 and n=3, got 4"


def test_a_board_refuses_a_move_naming_the_square_as_people_count():
    b = ClassicalBoard().play(4)
    cases = [(4, "square 5 already holds X", "occupied"),
             (9, "square 10 is off the board: squares are 1..9 (9 in code; code counts 0..8)", "off-board"),
             (-1, "square 0 is off the board: squares are 1..9 (-1 in code; code counts 0..8)", "off-board"),
             ("4", "a move is a square, a whole number (1..9 on the board, 0..8 in code); got '4'", "not-a-square"),
             (4.0, "a move is a square, a whole number (1..9 on the board, 0..8 in code); got 4.0", "not-a-square"),
             (None, "a move is a square, a whole number (1..9 on the board, 0..8 in code); got None",
              "not-a-square")]
    for square, message, rule in cases:
        with pytest.raises(IllegalMove) as e:
            b.play(square)
        assert (str(e.value), e.value.people, e.value.rule) == (message, message, rule)
    assert b.history == (4,) and b.cells.count(None) == 8
    b.play(0)
    with pytest.raises(IllegalMove) as e:
        b.play(0)
    assert str(e.value) == "square 1 already holds O"
    big = ClassicalBoard(4, 3)
    assert refusal(big.play, 16, error=IllegalMove) == \
        "square 17 is off the board: squares are 1..16 (16 in code; code counts 0..15)"
    assert refusal(big.play, 1.5, error=IllegalMove) == \
        "a move is a square, a whole number (1..16 on the board, 0..15 in code); got 1.5"
    assert big.play(15).play(0).cells[15] == "X"


def test_the_end_of_a_game_and_its_refusals():
    won = ClassicalBoard()
    for sq in (0, 3, 1, 4, 2):
        won.play(sq)
    e = pytest.raises(IllegalMove, won.play, 8).value
    assert (str(e), e.rule) == ("the game is over (X); no more moves", "game-over")
    o_won = ClassicalBoard()
    for sq in (0, 3, 1, 4, 8, 5):
        o_won.play(sq)
    assert (o_won.winner, o_won.result, o_won.is_over, o_won.legal_moves()) == ("O", "O", True, [])
    assert refusal(o_won.play, 2, error=IllegalMove) == "the game is over (O); no more moves"
    drawn = ClassicalBoard()
    for sq in (0, 1, 2, 4, 3, 5, 7, 6, 8):
        drawn.play(sq)
    assert (drawn.winner, drawn.result, drawn.is_over) == (None, "draw", True)
    assert refusal(drawn.undo().redo().play, 0, error=IllegalMove) == "the game is over (draw); no more moves"
    going = ClassicalBoard().play(4)
    assert (going.winner, going.result, going.is_over) == (None, None, False)
    assert going.legal_moves() == [0, 1, 2, 3, 5, 6, 7, 8] and going.key() == "....X...."
    assert ClassicalBoard(2).play(0).play(1).play(3).winner == "X"     # a diagonal of a 2 x 2
    column = ClassicalBoard()
    for sq in (1, 0, 4, 2, 7):
        column.play(sq)
    assert column.winner == "X"
    anti = ClassicalBoard()
    for sq in (2, 0, 4, 1, 6):
        anti.play(sq)
    assert anti.winner == "X"
    assert ClassicalBoard(4, 3).apply(5).apply(0).apply(10).apply(1).apply(15).result == "X"


def test_undo_and_redo_refuse_at_the_ends_naming_their_rule():
    b = ClassicalBoard()
    for method, message in ((b.undo, "nothing to undo"), (b.redo, "nothing to redo")):
        e = pytest.raises(IllegalMove, method).value
        assert (str(e), e.rule) == (message, message.replace(" ", "-"))


def test_a_classical_record_is_refused_with_the_whole_reason():
    # the envelope is rules.limits.read_envelope, one rule and one wording for every game's record
    cases = [
        ("[1]", "a record is a dict (or its JSON text), got list"),
        ({"moves": []}, "the record has no 'format' field"),
        ({"format": "qttt-goff"}, "this is not a classical tic-tac-toe record: format is 'qttt-goff', "
                                  "expected 'qttt-classical'"),
        ("{x", "the record is not valid JSON: Expecting property name enclosed in double quotes at line 1, column 2"),
        ({"format": "qttt-classical", 1: 2}, "a record's field names are text; got 1"),
        ({"format": "qttt-classical", "version": 2}, "record version 2 is not supported: the version is the whole "
                                                     "number 1"),
        ({"format": "qttt-classical", "b": 1, "a": 2, "n": 3}, "the record has fields this version does not know: "
                                                               "['a', 'b']"),
        ({"format": "qttt-classical", "n": 6}, "the board size n must be one of 3, 4, 5; got 6"),
        ({"format": "qttt-classical", "n": 4, "k": 5}, "k (marks in a row) must be a whole number from 3 to n = 4; "
                                                       "got 5"),
        ({"format": "qttt-classical", "k": 4}, "k (marks in a row) must be a whole number from 3 to n = 3; got 4"),
        ({"format": "qttt-classical", "moves": "12"}, "'moves' must be a list of moves, got str"),
        ({"format": "qttt-classical", "moves": [], "redo": (1,)}, "'redo' must be a list of moves, got tuple"),
        ({"format": "qttt-classical", "moves": [0] * 501}, "'moves' has 501 moves; the limit is 500"),
        ({"format": "qttt-classical", "redo": [0] * 501}, "'redo' has 501 moves; the limit is 500"),
        ({"format": "qttt-classical", "moves": [0, "1"]}, "move 2 ('1'): a move is a square, a whole number 0..8 in "
                                                          "a record"),
        ({"format": "qttt-classical", "n": 4, "moves": [0], "redo": [1.0]}, "move 2 (1.0): a move is a square, a "
                                                                            "whole number 0..15 in a record"),
        ({"format": "qttt-classical", "moves": [0, 9]}, "move 2 (square 10 counted from 1): square 10 is off the "
                                                        "board: squares are 1..9 (9 in code; code counts 0..8)"),
        ({"format": "qttt-classical", "moves": [0, 0]}, "move 2 (square 1 counted from 1): square 1 already holds X"),
        ({"format": "qttt-classical", "moves": [0, 3, 1], "redo": [4, 2, 5]},
         "move 6 (square 6 counted from 1): the game is over (X); no more moves"),
    ]
    for record, message in cases:
        assert refusal(ClassicalBoard.from_record, record) == message, record


def test_a_classical_record_round_trips_through_json_and_repr():
    b = ClassicalBoard(4, 3).play(5).play(0).play(10).play(1).undo().undo()
    text = json.dumps(b.to_record())
    back = ClassicalBoard.from_record(text)
    assert (back.n, back.k, back.history, back.redo_stack) == (4, 3, (5, 0), (10, 1))
    assert back == b and back.to_record() == b.to_record()
    assert repr(ClassicalBoard().play(4).play(0).undo()) == (
        "ClassicalBoard.from_record({'format': 'qttt-classical', 'version': 1, 'n': 3, 'k': 3, 'moves': [4], "
        "'redo': [0]})")
    five = ClassicalBoard.from_record({"format": "qttt-classical", "version": 1, "n": 5, "moves": [24]})
    assert (five.n, five.k, five.cells[24]) == (5, 5, "X")


def test_boards_are_equal_by_position_and_rules():
    a = ClassicalBoard().play(0).play(4).play(8)
    b = ClassicalBoard().play(8).play(4).play(0)
    assert a == b and a.key() == b.key()
    assert a != ClassicalBoard().play(0).play(4) and a != ClassicalBoard(3, 2).play(0).play(4).play(8)
    assert ClassicalBoard(4) != ClassicalBoard(4, 3) and ClassicalBoard(4) != ClassicalBoard(3)
    with pytest.raises(TypeError):          # a board changes: its key is hashed, not the board
        hash(ClassicalBoard(4))
    assert len({ClassicalBoard().play(sq).key() for sq in range(9)}) == 9
    assert len({a.key(), b.key(), ClassicalBoard().key()}) == 2
    assert (a == "X...O...X") is False and a.__eq__(1) is NotImplemented


def test_from_key_builds_the_position():
    b = ClassicalBoard.from_key("XOXOX....")
    assert b.cells == ("X", "O", "X", "O", "X", None, None, None, None) and b.history == (0, 1, 2, 3, 4)
    assert b.to_move == "O" and b.k == 3
    assert ClassicalBoard.from_key("X" + "." * 15, k=3).k == 3 and ClassicalBoard.from_key("." * 16).k == 4
    assert ClassicalBoard.from_key("OX..").history == (1, 0)
    for key, message in [("XO", "not a square board of '.', 'X', 'O': 'XO'"),
                         ("XOA......", "not a square board of '.', 'X', 'O': 'XOA......'"),
                         ("xo.......", "not a square board of '.', 'X', 'O': 'xo.......'"),
                         ("XOO......", "X must have as many marks as O or one more: 'XOO......'"),
                         ("XXX......", "X must have as many marks as O or one more: 'XXX......'")]:
        assert refusal(ClassicalBoard.from_key, key, error=ValueError) == message


def test_the_drawing_says_who_moves_or_how_it_ended():
    status = "<div style='font-family:sans-serif'>{}</div>"
    b = ClassicalBoard()
    assert b._repr_html_().startswith("<svg") and b._repr_html_().endswith(status.format("X to move"))
    assert 'width="120"' in b._repr_html_() and 'width="160"' in ClassicalBoard(4)._repr_html_()
    assert b.play(4)._repr_html_().endswith(status.format("O to move"))
    for sq in (0, 2, 1, 6):
        b.play(sq)
    assert b._repr_html_().endswith(status.format("X wins"))
    drawn = ClassicalBoard()
    for sq in (0, 1, 2, 4, 3, 5, 7, 6, 8):
        drawn.play(sq)
    assert drawn._repr_html_().endswith(status.format("a draw"))
    o_won = ClassicalBoard()
    for sq in (0, 3, 1, 4, 8, 5):
        o_won.play(sq)
    assert o_won._repr_html_().endswith(status.format("O wins"))


# --- scoring -------------------------------------------------------------------------------------
def mask(*squares):
    return sum(1 << s for s in squares)


def test_the_score_of_lines_and_draws():
    top, middle, bottom, left = mask(0, 1, 2), mask(3, 4, 5), mask(6, 7, 8), mask(0, 3, 6)
    assert doubled_score(top, mask(3, 4), None) == 2
    assert doubled_score(mask(3, 4), top | mask(8), None) == -2
    assert doubled_score(top | left, mask(4, 5, 7, 8), None) == 4          # X's double line
    assert doubled_score(mask(4, 5), top | left, None) == -4
    assert doubled_score(mask(0, 1), mask(3, 4), None) is None
    assert doubled_score(0, 0, None) is None
    assert doubled_score(mask(0, 2, 3, 7), mask(1, 4, 5, 6), None) is None       # one square open
    assert doubled_score(mask(0, 2, 3, 7, 8), mask(1, 4, 5, 6), None) == 0       # full, no line: a draw
    assert doubled_score(mask(0, 2, 5, 6, 7), mask(1, 3, 4, 8), None) == 0
    assert doubled_score(middle, bottom, [0, 0, 0, 1, 3, 5, 2, 4, 6]) == 1      # X's line ends at 5, O's at 6
    assert doubled_score(middle, bottom, [0, 0, 0, 1, 3, 7, 2, 4, 6]) == -1     # X's at 7
    assert doubled_score(middle, bottom, [0, 0, 0, 1, 3, 5, 6, 2, 4]) == 1      # the largest, not the last square
    assert doubled_score(middle, bottom, [0, 0, 0, 7, 3, 1, 6, 2, 4]) == -1
    with pytest.raises(ValueError) as e:
        doubled_score(middle, bottom, None)
    assert str(e.value) == "both players have a line: the subscripts decide, and none were given"


def test_the_subscripts_are_needed_only_when_both_players_have_a_line():
    top, middle = mask(0, 1, 2), mask(3, 4, 5)
    assert needs_subscripts(top, middle) is True
    assert needs_subscripts(top, mask(3, 4)) is False and needs_subscripts(mask(3, 4), middle) is False
    assert needs_subscripts(0, 0) is False


def test_first_line_end_is_the_earliest_finished_line():
    subs = [1, 3, 5, 7, 9, 2, 4, 6, 8]
    assert first_line_end(mask(0, 1, 2), subs) == 5
    assert first_line_end(mask(2, 4, 6), subs) == 9
    assert first_line_end(mask(0, 1, 2, 3, 6), subs) == 5               # row 1 ends at 5, column 1 at 7
    assert first_line_end(mask(0, 1, 2, 3, 6), [9, 3, 5, 1, 2, 7, 7, 7, 7]) == 9
    assert first_line_end(mask(0, 3, 6, 1, 2), [1, 9, 9, 2, 0, 0, 3, 0, 0]) == 3
    assert first_line_end(mask(0, 3, 6), [5, 0, 0, 1, 0, 0, 2, 0, 0]) == 5
    assert first_line_end(mask(0, 3, 6), [1, 0, 0, 5, 0, 0, 2, 0, 0]) == 5
    assert first_line_end(mask(0, 3, 6), [1, 0, 0, 2, 0, 0, 5, 0, 0]) == 5
    with pytest.raises(ValueError) as e:
        first_line_end(mask(0, 1), subs)
    assert str(e.value) == "these squares complete no line"


def test_masks_read_a_board_of_classical_marks():
    board = [("X", 1), None, ("O", 2), None, ("X", 3), None, None, None, ("O", 8)]
    assert masks(board) == (mask(0, 4), mask(2, 8), [1, 0, 2, 0, 3, 0, 0, 0, 8])
    assert masks([None] * 9) == (0, 0, [0] * 9)
    assert masks([("O", 4)]) == (0, 1, [4])


def test_points_from_a_doubled_score():
    assert points(2) == {"X": 1.0, "O": 0.0} and points(-2) == {"X": 0.0, "O": 1.0}
    assert points(4) == {"X": 2.0, "O": 0.0} and points(-4) == {"X": 0.0, "O": 2.0}
    assert points(1) == {"X": 1.0, "O": 0.5} and points(-1) == {"X": 0.5, "O": 1.0}
    assert points(0) == {"X": 0.0, "O": 0.0}
    for odd in (3, -3):
        with pytest.raises(ValueError) as e:
            points(odd)
        assert str(e.value) == f"a doubled score is even or +-1, got {odd}"


# --- actions -------------------------------------------------------------------------------------
def test_actions_read_and_print_as_people_count():
    assert (str(Mark(2, 6)), repr(Mark(2, 6))) == ("3-7", "Mark(a=2, b=6)")
    assert (str(CollapseTo(0)), repr(CollapseTo(0)), CollapseTo(7).square) == ("collapse to 1", "CollapseTo(0)", 7)
    assert (str(LastMark(8)), repr(LastMark(8)), LastMark(3).square) == ("last mark in 9", "LastMark(8)", 3)
    assert type(CollapseTo(7).square) is int and type(LastMark(3).square) is int
