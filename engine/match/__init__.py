"""Duplicate match harnesses, one module per game, each exposing ``register(targets)`` for ``tenace-cli match``."""
