"""Helpers shared by the tests."""


def goff_state(g):
    """Everything observable about a GoffGame, for exact comparisons."""
    return (g.rules, g.seed, g.classical, g.spooky, g.pending, g.scores, g.to_move,
            g.move_number, g.last_collapse, g.history, g.redo_stack)
