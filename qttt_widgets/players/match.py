"""One game between two players: what tournaments, training and the tests all need."""
from __future__ import annotations

from qttt_widgets.rules.goff import GoffGame


def play(x_player, o_player, rules: str = "random", seed: int = 0, max_actions: int = 200) -> str:
    """One Goff game between two players; returns 'X', 'O' or 'draw'."""
    g = GoffGame(rules, seed=seed)            # the seed tosses the coins (the goff rules toss none)
    for _ in range(max_actions):
        if g.is_over:
            return g.winner or "draw"
        g.apply((x_player if g.to_move == "X" else o_player).choose(g))
    raise RuntimeError("the game did not finish: a player keeps the game going")
