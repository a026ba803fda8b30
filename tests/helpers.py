"""Helpers shared by the tests."""
import pytest

from qttt_widgets.rules.errors import RecordError


def refusal(call, *args, error=RecordError, **kwargs) -> str:
    """The message of the error ``call`` raises (failing the test if it raises none)."""
    with pytest.raises(error) as e:
        call(*args, **kwargs)
    assert type(e.value) is error
    return str(e.value)


def goff_state(g):
    """Everything observable about a GoffGame, for exact comparisons."""
    return (g.rules, g.seed, g.classical, g.spooky, g.pending, g.scores, g.to_move,
            g.move_number, g.last_collapse, g.history, g.redo_stack)


def play_picks(game, picks):
    """Play ``game`` forward: at each step the legal action at index pick % (number of actions)."""
    for pick in picks:
        moves = game.legal_moves()
        if not moves:
            break
        game.apply(moves[pick % len(moves)])
    return game


def lesson_json(number: int) -> dict:
    """Lesson ``number`` as one notebook (a JSON dict): the cells of all its parts in order
    (``NN_name.ipynb``, or ``NNa_...``, ``NNb_...`` when the lesson is split), so a test that reads
    a lesson's text does not care where the parts are cut."""
    import json
    import re
    from pathlib import Path
    folder = Path(__file__).resolve().parents[1] / "lessons"
    paths = sorted(p for p in folder.glob(f"{number:02d}*_*.ipynb") if re.match(rf"{number:02d}[a-z]?_", p.name))
    assert paths, f"no lesson {number:02d} in {folder}"
    nbs = [json.loads(p.read_text()) for p in paths]
    return {**nbs[0], "cells": [c for nb in nbs for c in nb["cells"]]}
