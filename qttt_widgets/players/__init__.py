"""Opponents. Every player is made as ``Player(seed)`` (other options by keyword) and has
``choose(game) -> action``, one of ``game.legal_moves()``, drawn from its own seeded generator."""
