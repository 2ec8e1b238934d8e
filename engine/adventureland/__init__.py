"""Alan's Adventureland (3–4 players): draft, approve, build and score a theme park."""

from __future__ import annotations

from engine.adventureland.rules import Adventureland

GAME = Adventureland()

__all__ = ["GAME", "Adventureland"]
