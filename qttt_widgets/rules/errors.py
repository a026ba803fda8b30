"""Errors shared by every rules module."""


class IllegalMove(ValueError):
    """An action the rules do not allow. The game is left exactly as it was.

    ``str(error)`` names the rule with squares numbered as in code (0..8);
    ``error.people`` says the same with squares numbered as people see them (1..9);
    ``error.rule`` is a short key for the rule that was broken (for example
    ``'classical-square'``), for programs that react to particular rules.
    """

    def __init__(self, message: str, people: str | None = None, rule: str | None = None):
        super().__init__(message)
        self.people = people if people is not None else message
        self.rule = rule


def illegal(rule: str, fmt: str, *squares: int) -> IllegalMove:
    """An IllegalMove whose message names ``squares`` (code numbers) through ``{0}``, ``{1}``...;
    its ``people`` text shows them counted from 1."""
    return IllegalMove(fmt.format(*squares), fmt.format(*(s + 1 for s in squares)), rule)


class RecordError(ValueError):
    """A game record that cannot be loaded. The message says what is wrong and where."""
