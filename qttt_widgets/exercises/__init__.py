"""Self-checking exercises, written in the lesson notebooks themselves.

A task in a lesson is three cells: the task text (``### Task N.M (kind)``), the learner's cell
(the reference solution sits between ``### BEGIN SOLUTION`` and ``### END SOLUTION``; the
student edition replaces it with a stub), and a check cell tagged ``check``::

    check("1.2", answer, expect=0.75,
          wrong=[(0.25, "that is P(1); P(0) uses the amplitude of |0⟩"),
                 (3 ** 0.5 / 2, "square the amplitude: P(0) = |a₀|²")],
          hint="P(0) is the squared size of the amplitude of |0⟩")

A simple task needs no library code: ``expect`` (a number, a string, a tuple or list, a set,
a dict of outcome probabilities), ``tol`` (for numbers), ``wrong`` (named wrong answers, each
with its own hint) and ``hint`` (for any other wrong answer). Checks that need code take a
checker from :mod:`qttt_widgets.exercises.checks` with ``using=``, for example
``using=checks.state([1, 0, 0, 1])`` for a circuit compared by its statevector.

``check`` prints ``Correct!`` or ``Not yet. Hint: ...`` and remembers the verdict in
``RESULTS`` (task id -> hint or None), which the tests read.

Under grading (:func:`grading`: nbgrader's ``autograde`` and ``validate`` runs, or
``QTTT_GRADING=1``) a wrong or missing answer raises :class:`AssertionError` with the same
text instead, so the check cell, an autograded test, scores 0.
"""
from __future__ import annotations

import numbers
from fractions import Fraction
from typing import Any, Callable, Iterable

__all__ = ["check", "run_check", "encode_check", "verdict", "named_mistake", "check_templates", "matches", "grading",
           "RESULTS", "Mismatch"]

_MISSING = object()
RESULTS: dict[str, str | None] = {}


class Mismatch(Exception):
    """The answer has the wrong kind (a list where a number was asked, ...): the message is the hint."""


def _is_number(x: Any) -> bool:
    if isinstance(x, bool):
        return False
    if isinstance(x, numbers.Number):
        return True
    return hasattr(x, "dtype") and getattr(x, "shape", None) == ()      # a numpy scalar / 0-d array


def _as_number(x: Any, what: str = "a number"):
    if _is_number(x):
        return complex(x) if isinstance(x, complex) or (hasattr(x, "dtype") and x.dtype.kind == "c") else float(x)
    if isinstance(x, str):
        try:
            return float(Fraction(x.strip().replace(" ", "")))
        except (ValueError, ZeroDivisionError):
            pass
    raise Mismatch(f"give {what}, not {_kind(x)}")


def _kind(x: Any) -> str:
    if x is None:
        return "None"
    if isinstance(x, bool):
        return f"True/False ({x})"
    if isinstance(x, str):
        return f"the text {x!r}"
    if isinstance(x, dict):
        return "a dict"
    if isinstance(x, (set, frozenset)):
        return "a set"
    if isinstance(x, (list, tuple)):
        return f"a {type(x).__name__} of {len(x)} item{'s' if len(x) != 1 else ''}"
    name = type(x).__name__
    return f"{'an' if name[0].lower() in 'aeiou' else 'a'} {name}"


def _norm_text(s: str) -> str:
    return " ".join(s.strip().strip(".").strip("'\"").lower().split())


def matches(answer: Any, expect: Any, tol: float = 1e-6) -> bool:
    """True if ``answer`` equals ``expect``: numbers within ``tol`` (fractions like "3/4"
    accepted), texts ignoring case and spaces, sequences item by item, sets as sets, dicts key
    by key (a missing key counts as 0 where numbers are expected). Raises :class:`Mismatch`
    with a hint when the answer is of the wrong kind."""
    if isinstance(expect, bool):
        if not isinstance(answer, (bool,)) and not (hasattr(answer, "dtype") and answer.dtype.kind == "b"):
            raise Mismatch(f"give True or False, not {_kind(answer)}")
        return bool(answer) == expect
    if _is_number(expect):
        a = _as_number(answer)
        return abs(a - expect) <= tol
    if isinstance(expect, str):
        if not isinstance(answer, str):
            raise Mismatch(f"give a text in quotes (such as 'X'), not {_kind(answer)}")
        return _norm_text(answer) == _norm_text(expect)
    if isinstance(expect, (set, frozenset)):
        if isinstance(answer, (str, dict)) or not isinstance(answer, Iterable):
            raise Mismatch(f"give a set (or list) of items, not {_kind(answer)}")
        items = list(answer)
        if len(set(map(_key, items))) != len(items):
            return False
        if len(items) != len(expect):
            return False
        rest = list(expect)
        for item in items:
            for j, e in enumerate(rest):
                try:
                    if matches(item, e, tol):
                        del rest[j]
                        break
                except Mismatch:
                    continue
            else:
                return False
        return True
    if isinstance(expect, dict):
        if not isinstance(answer, dict):
            raise Mismatch(f"give a dict (such as {{'0': 0.5, '1': 0.5}}), not {_kind(answer)}")
        numeric = all(_is_number(v) for v in expect.values())
        keys = {str(k) for k in answer} | {str(k) for k in expect}
        a = {str(k): v for k, v in answer.items()}
        e = {str(k): v for k, v in expect.items()}
        for k in keys:
            if numeric:
                if not matches(a.get(k, 0), e.get(k, 0), tol):
                    return False
            elif k not in a or k not in e or not matches(a[k], e[k], tol):
                return False
        return True
    if isinstance(expect, (list, tuple)) or (hasattr(expect, "shape") and getattr(expect, "shape", ()) != ()):
        expect = list(expect)
        if isinstance(answer, (str, dict, set, frozenset)) or _is_number(answer) or not hasattr(answer, "__len__"):
            raise Mismatch(f"give a list or tuple of {len(expect)} items, not {_kind(answer)}")
        answer = list(answer)
        if len(answer) != len(expect):
            raise Mismatch(f"give {len(expect)} items, not {len(answer)}")
        return all(matches(a, e, tol) for a, e in zip(answer, expect))
    return answer == expect


def _key(item):
    try:
        hash(item)
        return item
    except TypeError:
        return repr(item)


def named_mistake(mistakes: Iterable, same: Callable[[Any], bool], fields: dict | None = None) -> str | None:
    """The hint of the first named mistake ``(wrong, hint)`` that the learner's answer is, by
    ``same(wrong)``; None if it is none of them.

    ``fields``: the failing case, for a checker that matches a wrong function on the first input
    where the learner's function is wrong. Given, each hint is a template: ``{name}`` is replaced
    by ``fields["name"]`` (``str.format``: ``{got!r}`` and format specs work, a literal brace is
    doubled). The checker documents the fields it gives and refuses a table whose hints name
    another when it is built (:func:`check_templates`).

    The one matcher behind every check: ``check(wrong=...)`` compares values with it, and the
    checkers that need code (``checks`` and the lessons' modules, ``lesson01`` ... ``lesson15``)
    compare functions on their inputs (all of them, or the first the learner's gets wrong),
    circuits by their matrix, state or the boards they give, numbers up to a constant. The table
    of mistakes lives in the notebook's check cell, beside the task it teaches. A comparison that
    cannot be made (a :class:`Mismatch`: the wrong kind of answer) is not a match.

    >>> named_mistake([(0.25, "that is P(1)"), (0.5, "a coin")], lambda v: abs(v - 0.5) < 1e-9)
    'a coin'
    >>> named_mistake([(0.25, "that is P(1)")], lambda v: False) is None
    True
    >>> named_mistake([(lambda n: 2 ** n, "for n = {n} you returned {got}: no pruning")], lambda f: f(3) == 8,
    ...               fields={"n": 3, "got": 8})
    'for n = 3 you returned 8: no pruning'
    """
    for entry in mistakes:
        if not (isinstance(entry, (tuple, list)) and len(entry) == 2 and isinstance(entry[1], str) and entry[1].strip()):
            raise TypeError(f"a named mistake is a pair (wrong answer, hint), the hint a non-empty text: {entry!r}")
        wrong, why = entry
        try:
            if same(wrong):
                return why if fields is None else why.format_map(fields)
        except Mismatch:
            continue
    return None


def check_templates(mistakes: Iterable, fields: Iterable[str]) -> list:
    """``mistakes`` as a list, after checking that every hint, read as a template for
    :func:`named_mistake`'s ``fields``, names only the fields in ``fields``: a ``ValueError``
    names the hint and the field otherwise (a typo in a check cell fails when the checker is
    built, not when a learner meets the slip). Each entry must be a pair (wrong answer, hint).

    >>> check_templates([(8, "you returned {got}")], ["got", "marks"])
    [(8, 'you returned {got}')]
    >>> check_templates([(8, "you returned {gott}")], ["got"])
    Traceback (most recent call last):
    ...
    ValueError: the hint 'you returned {gott}' names the field {gott}; this checker fills in {got}
    """
    import string
    allowed = list(fields)
    table = list(mistakes)
    for entry in table:
        if not (isinstance(entry, (tuple, list)) and len(entry) == 2 and isinstance(entry[1], str) and entry[1].strip()):
            raise TypeError(f"a named mistake is a pair (wrong answer, hint), the hint a non-empty text: {entry!r}")
        try:
            parsed = list(string.Formatter().parse(entry[1]))
        except ValueError as e:
            raise ValueError(f"the hint {entry[1]!r} is not a template ({e}): double a literal brace") from None
        for _text, name, _spec, _conv in parsed:
            if name is None:
                continue
            base = name.split(".")[0].split("[")[0]
            if base not in allowed:
                raise ValueError(f"the hint {entry[1]!r} names the field {{{base}}}; this checker fills in "
                                 + ", ".join(f"{{{f}}}" for f in allowed))
    return table


def verdict(answer: Any, expect: Any = _MISSING, *, tol: float = 1e-6,
            wrong: Iterable = (), hint: str | None = None,
            using: Callable[[Any], str | None] | None = None) -> str | None:
    """None if ``answer`` is right, else the hint to show (see :func:`check`)."""
    if answer is None or answer is Ellipsis:
        return "No answer yet: replace None (or ...) with your answer, then run the cell again."
    if using is None and expect is _MISSING:
        raise TypeError("check needs expect=... or using=...")
    try:
        why = named_mistake(wrong, lambda value: matches(answer, value, tol))
        if why is not None:
            return why
        if using is not None:
            return using(answer)
        if matches(answer, expect, tol):
            return None
    except Mismatch as e:
        return str(e)
    except NotImplementedError:
        return "your function is still the stub (it raises NotImplementedError): write its body."
    except Exception as e:  # noqa: BLE001 - a learner's odd answer must give a hint, not a crash
        return f"that answer could not be checked ({type(e).__name__}: {e}). Look again at what the task asks for."
    return hint or "not this one: go back over the section above the task."


def grading() -> bool:
    """True while the notebook is being graded, when a wrong answer must fail its check cell.

    nbgrader sets ``NBGRADER_EXECUTION`` in the kernel's environment while it runs a notebook
    (``autograde`` while grading a submission, ``validate`` for a student's Validate button);
    outside nbgrader, ``QTTT_GRADING=1`` asks for the same (another grader, a CI run).
    ``QTTT_GRADING=0`` turns it off even under nbgrader."""
    import os
    switch = os.environ.get("QTTT_GRADING", "").strip().lower()
    if switch in ("0", "false", "no", "off"):
        return False
    if switch in ("1", "true", "yes", "on"):
        return True
    return os.environ.get("NBGRADER_EXECUTION", "") in ("autograde", "validate")


def check(task_id: str, answer: Any, expect: Any = _MISSING, *, tol: float = 1e-6,
          wrong: Iterable = (), hint: str | None = None,
          using: Callable[[Any], str | None] | None = None) -> None:
    """Print ``Correct!`` or ``Not yet. Hint: ...`` for task ``task_id``.

    ``expect``: the right answer (compared by :func:`matches`, numbers within ``tol``).
    ``wrong``: pairs ``(wrong answer, hint)``, tried first, each with a hint that names the
    likely mistake. ``hint``: shown for any other wrong answer. ``using``: a checker from
    :mod:`qttt_widgets.exercises.checks` (answer -> None if right, else a hint) for answers
    that need code to judge (a circuit, a function, a move).

    Under grading (:func:`grading`) a wrong or missing answer raises ``AssertionError`` with
    the same ``Task N.M: Not yet. Hint: ...`` text, which fails the check cell."""
    why = verdict(answer, expect, tol=tol, wrong=wrong, hint=hint, using=using)
    RESULTS[task_id] = why
    if why is None:
        print(f"Task {task_id}: Correct!")
    elif grading():
        raise AssertionError(f"Task {task_id}: Not yet. Hint: {why}")
    else:
        print(f"Task {task_id}: Not yet. Hint: {why}")


def encode_check(source: str) -> str:
    """A check cell's source, packed so that its answer is not on show in the student edition
    (``python tools/course.py student``). Not a secret: decoding it spoils the exercise."""
    import base64
    import zlib
    return base64.b64encode(zlib.compress(source.encode("utf-8"), 9)).decode("ascii")


def run_check(task_id: str, answer: Any, packed: str, namespace: dict | None = None) -> None:
    """Run a check cell packed by :func:`encode_check`, in the notebook's namespace (the
    caller's globals, unless ``namespace`` is given), exactly as the instructor wrote it.
    ``answer`` is only named here so the cell reads as the check of the learner's answer; the
    check reads it from the namespace."""
    import base64
    import sys
    import zlib
    source = zlib.decompress(base64.b64decode(packed)).decode("utf-8")
    if namespace is None:
        namespace = sys._getframe().f_back.f_globals
    exec(compile(source, f"<check {task_id}>", "exec"), namespace)  # noqa: S102 - the course's own check
