"""Disneyland, the vintage French board game.

``GAME`` (in ``rules.py``) is the engine. Every game's package has the same files, each in
the same role (docs/ARCHITECTURE.md §11).
"""

from engine.disneyland.rules import GAME, Disneyland

__all__ = ["GAME", "Disneyland"]
