"""Turnstile's pure game engines. ``get_game(slug)`` is the entry point (DESIGN.md §2)."""

from __future__ import annotations

import importlib

from engine.core import LEADER, Game, IllegalMove, Move, OptionSpec, Outcome, Rng, State

#: Every game's slug, in the order menus show them. Each is a package ``engine.<slug>``
#: exposing ``GAME``, an instance of its ``Game`` subclass.
GAMES: tuple[str, ...] = ("adventureland", "imagineers", "disneyland", "troolpark")

_cache: dict[str, Game] = {}


def get_game(slug: str) -> Game:
    """The game for ``slug``; ``KeyError`` for an unknown slug."""
    if slug not in GAMES:
        raise KeyError(f"unknown game {slug!r}; known: {', '.join(GAMES)}")
    if slug not in _cache:
        module = importlib.import_module(f"engine.{slug}")
        game = module.GAME
        if not isinstance(game, Game):
            raise TypeError(f"engine.{slug}.GAME is not a Game")
        _cache[slug] = game
    return _cache[slug]


__all__ = [
    "GAMES",
    "LEADER",
    "Game",
    "IllegalMove",
    "Move",
    "OptionSpec",
    "Outcome",
    "Rng",
    "State",
    "get_game",
]
