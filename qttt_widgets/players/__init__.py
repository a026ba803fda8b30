"""Opponents. Every player has ``choose(game) -> action`` and draws from its own seeded generator."""
