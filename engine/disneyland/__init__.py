"""Disneyland, the vintage French board game: ``GAME`` is the engine (see ``rules.py``)."""

from engine.disneyland.rules import GAME

__all__ = ["GAME"]
