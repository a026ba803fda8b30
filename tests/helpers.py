"""Helpers shared by the tests."""


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
