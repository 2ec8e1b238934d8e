"""Alan's Adventureland (3–4 players): draft, approve, build and score a theme park.

``GAME`` (in ``rules.py``) is the engine. Every game's package has the same files, each in
the same role (docs/ARCHITECTURE.md §11).
"""

from engine.adventureland.rules import GAME, Adventureland

__all__ = ["GAME", "Adventureland"]
