"""Imagineers: build a theme park, upgrade your roller coaster, steer the guests."""

from engine.imagineers.rules import Imagineers

GAME = Imagineers()

__all__ = ["GAME", "Imagineers"]
