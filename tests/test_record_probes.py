"""Records refuse everything bad with RecordError, saying what is wrong (issue 16, part 5).

Each probe below once escaped as another error (RecursionError, TypeError, KeyError...) or was
accepted. The property tests feed random JSON-like values into every field of each record
format, and into every field of a move, and accept only a game or a RecordError."""
import json
import sys

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from qttt_widgets.rules.classical import ClassicalBoard
from qttt_widgets.rules.errors import RecordError
from qttt_widgets.rules.goff import GoffGame, _coin
from qttt_widgets.rules.qubit_board import QubitGame

GAMES = {"qttt-goff": GoffGame, "qttt-qubit": QubitGame, "qttt-classical": ClassicalBoard}


def good_records():
    goff = GoffGame().play(0, 3).play(0, 4).play(3, 7).play(7, 0).collapse(7).play(1, 2).undo()
    rand = GoffGame("random", seed=3).play(0, 1).play(0, 1).play(2, 3)
    qubit = QubitGame(n=4, seed=4, levels=(1, 2)).place(0).entangle((5, 6, 9), 2).phase(3, "ST").swap(0, 5)
    qubit.superpose(10).collapse().undo()
    classical = ClassicalBoard().play(4).play(0).play(8).undo()
    return {"goff": goff.to_record(), "random": rand.to_record(), "qubit": qubit.to_record(),
            "classical": classical.to_record()}


GOOD = good_records()


def load(record):
    fmt = record.get("format") if isinstance(record, dict) else None
    return GAMES.get(fmt if isinstance(fmt, str) else "qttt-goff", GoffGame).from_record(record)


def nested(depth, inner=0):
    value = inner
    for _ in range(depth):
        value = [value]
    return value


# --- the probes of the issue ---------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(GOOD))
def test_deeply_nested_values_are_refused_without_recursion_error(name):
    depth = sys.getrecursionlimit() * 2
    text_nest = "[" * depth + "]" * depth
    for field in GOOD[name]:
        if field == "format":
            continue
        record = {**GOOD[name], field: nested(depth)}                    # a dict handed in directly
        with pytest.raises(RecordError):
            load(record)
        text = json.dumps({**GOOD[name], field: "@@"}).replace('"@@"', text_nest)       # and as JSON text
        with pytest.raises(RecordError, match="nests"):
            GAMES[GOOD[name]["format"]].from_record(text)


@pytest.mark.parametrize("cls", [QubitGame, ClassicalBoard])
def test_a_deeply_nested_move_is_refused(cls):
    rec = GOOD["qubit" if cls is QubitGame else "classical"]
    with pytest.raises(RecordError):
        cls.from_record({**rec, "moves": [nested(100_000)]})


@pytest.mark.parametrize("damage, words", [
    ({"levels": [[1]]}, "levels"), ({"levels": [True, 3]}, "levels"), ({"levels": [1.0]}, "levels"),
    ({"levels": "13"}, "levels"), ({"levels": {"1": 1}}, "levels"),
    ({"measurement": ["shot"]}, "measurement"), ({"measurement": {"a": 1}}, "measurement"),
    ({"both_lines": ["count"]}, "both_lines"), ({"collapse_costs_turn": "yes"}, "collapse_costs_turn"),
    ({"collapse_costs_turn": 1}, "collapse_costs_turn"), ({"seed": 10 ** 30}, "seed"), ({"seed": "7"}, "seed"),
    ({"seed": 1.5}, "seed"), ({"n": [3]}, "3 x 3"), ({"k": "3"}, "k"), ({"shots": [1]}, "shots"),
    ({"moves": [{"move": "phase", "cell": 0, "gate": ["T"]}]}, "phase move uses"),
    ({"moves": [{"move": "phase", "cell": 0, "gate": {"T": 1}}]}, "phase move uses"),
    ({"moves": [{"move": "entangle", "level": [1], "cells": [0, 1]}]}, "risk levels"),
    ({"moves": [{"move": "entangle", "level": {"a": 1}, "cells": [0, 1]}]}, "risk levels"),
    ({"moves": [{"move": "entangle", "level": 1, "cells": 5}]}, "mangles"),
    ({"moves": [{"move": "entangle", "level": 1, "cells": "01"}]}, "mangles"),
    ({"moves": [{"move": "swap", "cells": {"0": 1, "1": 2}}]}, "mangles"),
    ({"moves": [{"move": "place", "cell": [0]}]}, "a cell is a whole number"),
    ({"moves": [{"move": "place", "cell": 10 ** 5000}]}, "off the board"),
    ({"moves": [{"move": "place", "cell": 0, "colour": 1}]}, "no field"),
    ({"moves": [{"move": ["place"], "cell": 0}]}, "unknown move"),
    ({"moves": [{"move": "h", "cell": 0}, {"move": "collapse", "outcome": {"0": ["X"]}}]}, "'X' or 'O'"),
    ({"moves": [{"move": "h", "cell": 0}, {"move": "collapse", "outcome": {"0": {"X": 1}}}]}, "'X' or 'O'"),
    ({"moves": [{"move": "h", "cell": 0}, {"move": "collapse", "outcome": {"０": "X"}}]}, "cells"),
    ({"moves": [{"move": "h", "cell": 0}, {"move": "collapse", "outcome": {"0_0": "X"}}]}, "cells"),
    ({"moves": [{"move": "h", "cell": 0}, {"move": "collapse", "outcome": {"99999999999": "X"}}]}, "cells"),
    ({"moves": [{"move": "h", "cell": 0}, {"move": "collapse", "outcome": [["0", "X"]]}]}, "outcome"),
    ({"redo": {"a": 1}}, "redo"), ({"moves": None}, "moves"),
])
def test_wrongly_typed_qubit_fields_are_refused(damage, words):
    with pytest.raises(RecordError, match=words):
        QubitGame.from_record({**GOOD["qubit"], **damage})


@pytest.mark.parametrize("damage, words", [
    ({"n": "3"}, "board size"), ({"n": 3.0}, "board size"), ({"n": [3]}, "board size"), ({"k": [3]}, "k"),
    ({"moves": [[4]]}, "move 1"), ({"moves": [{"a": 1}]}, "move 1"), ({"moves": ["4"]}, "move 1"),
    ({"moves": [4.0]}, "move 1"), ({"moves": [True]}, "move 1"), ({"moves": [None]}, "move 1"),
    ({"moves": [10 ** 5000]}, "off the board"), ({"redo": "0 1"}, "redo"), ({"moves": {"0": 1}}, "moves"),
    ({7: 1}, "field names"),
])
def test_wrongly_typed_classical_fields_are_refused(damage, words):
    with pytest.raises(RecordError, match=words):
        ClassicalBoard.from_record({**GOOD["classical"], **damage})


@pytest.mark.parametrize("name", sorted(GOOD))
@pytest.mark.parametrize("version", [True, False, 1.0, "1", [1], None, 2, 0])
def test_a_version_that_is_not_the_whole_number_1_is_refused(name, version):
    with pytest.raises(RecordError, match="version"):
        load({**GOOD[name], "version": version})
    text = json.dumps({**GOOD[name], "version": version})
    with pytest.raises(RecordError, match="version"):
        load(json.loads(text))


@pytest.mark.parametrize("moves", ["１９ ５９", "19 5９", "19 59 15(５)", "１", "٣٥", "19 ⁵9"])
def test_full_width_and_other_scripts_digits_are_refused(moves):
    with pytest.raises(RecordError, match="1-9|cannot read"):
        GoffGame.from_record(moves)
    with pytest.raises(RecordError):
        GoffGame.from_record({"format": "qttt-goff", "version": 1, "moves": moves})


def test_a_random_collapse_outcome_the_coin_did_not_give_is_refused_naming_the_mark():
    seed = 11
    coin = _coin(seed, 2)                             # the coin of mark O2, which closes 12 12
    given, other = (0, 1)[coin], (0, 1)[1 - coin]
    good = {"format": "qttt-goff", "version": 1, "rules": "random", "seed": seed,
            "moves": f"12 12({given + 1})", "redo": ""}
    assert GoffGame.from_record(good).last_collapse.square == given
    bad = {**good, "moves": f"12 12({other + 1})"}
    with pytest.raises(RecordError) as e:
        GoffGame.from_record(bad)
    assert f"move 2 (12({other + 1}))" in str(e.value) and "O2" in str(e.value)
    assert f"coin sends it to square {given + 1}" in str(e.value)
    in_redo = {**good, "moves": "", "redo": f"12 12({other + 1})"}
    with pytest.raises(RecordError, match="redo, move 2.*O2"):
        GoffGame.from_record(in_redo)


def test_every_recorded_random_outcome_is_checked_not_only_the_first():
    g = GoffGame("random", seed=5)
    for pair in [(0, 1), (0, 1), (2, 3), (2, 3), (4, 5), (4, 5)]:
        if not g.is_over:
            g.play(*pair)
    rec = g.to_record()
    GoffGame.from_record(rec)
    tokens = rec["moves"].split()
    last = max(i for i, t in enumerate(tokens) if "(" in t)
    a, b, out = tokens[last][0], tokens[last][1], tokens[last][3]
    tokens[last] = f"{a}{b}({b if out == a else a})"
    with pytest.raises(RecordError, match="coin"):
        GoffGame.from_record({**rec, "moves": " ".join(tokens)})


# --- the property tests ----------------------------------------------------------------------
json_like = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(min_value=-(10 ** 30), max_value=10 ** 30)
    | st.floats(allow_nan=True) | st.text(max_size=12)
    | st.sampled_from(["X", "O", "T", "S", "ST", "place", "h", "swap", "phase", "entangle", "collapse",
                       "goff", "random", "shot", "most-frequent", "count", "draw", "19 59 15(5)", "12 12(1)",
                       "１９", "0", "3", "qttt-goff", "qttt-qubit", "qttt-classical"]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6) | st.sampled_from(
        ["0", "1", "4", "move", "cell", "cells", "gate", "level", "outcome"]), children, max_size=4),
    max_leaves=12)


def only_record_errors(record):
    fmt = record.get("format")
    cls = GAMES[fmt] if isinstance(fmt, str) and fmt in GAMES else GoffGame
    try:
        game = cls.from_record(record)
    except RecordError as e:
        assert str(e)
        return
    assert isinstance(game, tuple(GAMES.values()))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(GOOD)), field=st.sampled_from(
    ["format", "version", "rules", "seed", "moves", "redo", "n", "k", "levels", "measurement", "shots",
     "both_lines", "collapse_costs_turn", "extra"]), value=json_like)
def test_any_json_value_in_any_record_field_gives_a_game_or_a_record_error(name, field, value):
    only_record_errors({**GOOD[name], field: value})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, 8), field=st.sampled_from(["move", "cell", "cells", "gate", "level", "outcome"]),
       value=json_like)
def test_any_json_value_in_any_field_of_a_qubit_move_gives_a_game_or_a_record_error(index, field, value):
    rec = json.loads(json.dumps(GOOD["qubit"]))
    entries = rec["moves"] + rec["redo"]
    entry = entries[index % len(entries)]
    entry[field] = value
    only_record_errors(rec)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, 5), value=json_like)
def test_any_json_value_as_a_classical_move_gives_a_game_or_a_record_error(index, value):
    rec = json.loads(json.dumps(GOOD["classical"]))
    moves = rec["moves"] + [None] * 6
    moves[index] = value
    rec["moves"] = moves[:max(index + 1, len(rec["moves"]))]
    only_record_errors(rec)


@settings(max_examples=200, deadline=None)
@given(record=st.dictionaries(st.sampled_from(["format", "version", "rules", "seed", "moves", "redo", "n", "k",
                                               "levels", "shots", "measurement"]), json_like, max_size=6),
       fmt=st.sampled_from(sorted(GAMES)))
def test_any_json_record_of_any_format_gives_a_game_or_a_record_error(record, fmt):
    only_record_errors({**record, "format": fmt})
    text = json.dumps({**record, "format": fmt})
    try:
        GAMES[fmt].from_record(text)
    except RecordError:
        pass


@settings(max_examples=200, deadline=None)
@given(text=st.text(alphabet="0123456789()[]{}, \t１９٣⁵-x", max_size=30))
def test_any_notation_gives_a_game_or_a_record_error(text):
    try:
        GoffGame.from_record(text)
    except RecordError as e:
        assert str(e)
