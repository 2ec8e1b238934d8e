"""Trool Park: secret simultaneous choices, a Fun Slide, weather and inspections."""

from __future__ import annotations

from engine.troolpark.rules import TroolPark

GAME = TroolPark()

__all__ = ["GAME", "TroolPark"]
