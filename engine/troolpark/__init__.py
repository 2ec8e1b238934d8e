"""Trool Park: secret simultaneous choices, a Fun Slide, weather and inspections.

``GAME`` (in ``rules.py``) is the engine. Every game's package has the same files, each in
the same role (docs/ARCHITECTURE.md §11).
"""

from engine.troolpark.rules import GAME, TroolPark

__all__ = ["GAME", "TroolPark"]
