"""Imagineers: build a theme park, upgrade your roller coaster, steer the guests.

``GAME`` (in ``rules.py``) is the engine. Every game's package has the same files, each in
the same role (docs/ARCHITECTURE.md §11).
"""

from engine.imagineers.rules import GAME, Imagineers

__all__ = ["GAME", "Imagineers"]
