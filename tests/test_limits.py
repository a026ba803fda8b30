"""Hostile records: every size a visitor can send has a limit, the refusal says which, and
the app's game is unchanged (issue 14: a record of n = 100000 once grew a kernel past 5.8 GB)."""
import json

import pytest

from qttt_widgets import ClassicalBoard, GoffGame, RecordError
from qttt_widgets.rules import limits
from qttt_widgets.rules.qubit_board import QubitGame
from qttt_widgets.widgets.app import GameApp, load_record

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
