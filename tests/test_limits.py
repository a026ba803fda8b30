"""Hostile records: every size a visitor can send has a limit, the refusal says which, and
the app's game is unchanged (issue 14: a record of n = 100000 once grew a kernel past 5.8 GB)."""
import builtins
import json

import pytest

from qttt_widgets import ClassicalBoard, GoffGame, RecordError
from qttt_widgets.rules import limits
from qttt_widgets.rules.errors import IllegalMove, illegal, shown, whole_number
from qttt_widgets.rules.qubit_board import QubitGame
from qttt_widgets.widgets.app import GameApp, load_record

from helpers import refusal


HOSTILE = {
    "a 100000 x 100000 classical board": ('{"format":"qttt-classical","version":1,"n":100000,"moves":[]}', "board size"),
    "a 300 x 300 classical board": ('{"format":"qttt-classical","version":1,"n":300,"moves":[]}', "board size"),
    "a 6 x 6 qubit board": ('{"format":"qttt-qubit","version":1,"n":6,"moves":[]}', "3 x 3 to 5 x 5"),
    "10**12 shots": ('{"format":"qttt-qubit","version":1,"shots":1000000000000,"moves":[]}', "shots"),
    "a 10 MB notation": ("19 " * 3_500_000, "limit is"),
    "a 10 MB JSON record": ('{"format":"qttt-goff","moves":"' + "19 " * 3_500_000 + '"}', "limit is"),
    "deep nesting": ("{\"a\":" * 5000 + "1" + "}" * 5000, "nests"),
    "a number of 10,000 digits": ('{"format":"qttt-classical","version":1,"n":' + "9" * 10_000 + "}", "not valid JSON"),
    "a million moves": (json.dumps({"format": "qttt-classical", "version": 1, "n": 3, "moves": [0] * 10_000}), "limit is"),
    "moves of the wrong type": ('{"format":"qttt-classical","version":1,"n":3,"moves":"1 2 3"}', "list"),
    "version true": ('{"format":"qttt-classical","version":true,"n":3,"moves":[]}', "version"),
    "a qubit record with version true": ('{"format":"qttt-qubit","version":true,"moves":[]}', "version"),
    "a Goff record with version true": ('{"format":"qttt-goff","version":true,"moves":""}', "version"),
    "k larger than n": ('{"format":"qttt-classical","version":1,"n":3,"k":7,"moves":[]}', "k"),
    "an unknown field": ('{"format":"qttt-classical","version":1,"n":3,"moves":[],"x":1}', "does not know"),
    "a qubit game with 10,000 moves": (json.dumps({"format": "qttt-qubit", "version": 1, "moves": [{}] * 10_000}), "limit is"),
    "a wrongly typed qubit option": ('{"format":"qttt-qubit","version":1,"levels":5,"moves":[]}', "bad game options"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_record_is_refused_with_the_reason(name):
    text, words = HOSTILE[name]
    with pytest.raises(RecordError) as err:
        load_record(text)
    assert words.lower() in str(err.value).lower()


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_the_app_says_why_and_keeps_its_game(name):
    app = GameApp(mode="goff", seed=1, o="Human")
    app.game.play(0, 8)
    before = app.game.to_record()
    app.record.value = HOSTILE[name][0]
    app.load_button.click()
    assert "Could not load the record" in app.message.value and "unchanged" in app.message.value
    assert app.game.to_record() == before
    app.record.value = json.dumps(GoffGame().play(1, 2).to_record())
    app.load_button.click()                                          # the app still answers
    assert app.game.notation() == "23"


def test_the_largest_games_the_app_offers_are_within_the_limits():
    q = QubitGame(n=5, seed=3)
    import random
    rng = random.Random(3)
    while not q.is_over and len(q.history) < 200:
        q.apply(rng.choice(q.legal_moves()))
    text = json.dumps(q.to_record())
    assert len(text) < limits.MAX_RECORD_CHARS and limits.json_depth(text) <= limits.MAX_JSON_DEPTH
    assert QubitGame.from_record(text).to_record() == q.to_record()
    c = ClassicalBoard(5, 4)
    for sq in (0, 1, 5, 6, 10, 11, 15):
        c.play(sq)
    assert ClassicalBoard.from_record(json.dumps(c.to_record())).to_record() == c.to_record()


def test_json_depth_skips_strings():
    assert limits.json_depth('{"a": "[[[[[[[[", "b": [1, {"c": 2}]}') == 3


# =================================================================================================
# Formerly tests/test_mutation_records.py (mutation testing, tests/MUTATION.md).
# The errors and the limits, pinned where mutation testing found them unguarded: the limits a
# record must keep and the exact refusal a visitor reads. Messages are compared whole: a learner
# or a visitor reads them.
# =================================================================================================
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
