"""Every game by its slug: ``get_game(slug)`` (re-exported as ``engine.get_game``).

It knows the games only by name and loads a game's package on first use, so it sits just
above the contract (``engine.core``): the robots (``engine.ai``) look games up here
without importing the package that wires them in (``engine/__init__.py``).
"""

from __future__ import annotations

import importlib

from engine.core import Game

#: Every game's slug, in the order menus show them. Each is a package ``engine.<slug>``
#: whose ``rules.py`` defines ``GAME``, an instance of its ``Game`` subclass.
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
