import os

from hypothesis import settings

settings.register_profile("ci", max_examples=300, deadline=None)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


def goff_state(g):
    """Everything observable about a GoffGame, for exact comparisons."""
    return (g.rules, g.seed, g.classical, g.spooky, g.pending, g.scores, g.to_move,
            g.move_number, g.last_collapse, g.history, g.redo_stack)
