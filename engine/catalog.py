"""Every game by its slug: ``get_game(slug)`` (re-exported as ``engine.get_game``) and its
whole kit, ``kit_of(slug)``.

Each game is declared once, by its package's ``KIT`` (``engine.kit.GameKit``); adding a game
is one import and one entry in ``KITS`` here (docs/ARCHITECTURE.md §11). The catalog stands
above the games and below the robots and the coach, which find a game's playbook and
coaching here rather than by a module's name.
"""

from __future__ import annotations

from engine import adventureland, disneyland, imagineers, troolpark
from engine.core import Game
from engine.kit import GameKit

#: Every game's kit, in the order menus show them.
KITS: tuple[GameKit, ...] = (
    adventureland.KIT,
    imagineers.KIT,
    disneyland.KIT,
    troolpark.KIT,
)

#: Every game's slug, in the order menus show them.
GAMES: tuple[str, ...] = tuple(kit.slug for kit in KITS)

_BY_SLUG: dict[str, GameKit] = {kit.slug: kit for kit in KITS}


def kit_of(slug: str) -> GameKit:
    """The kit of the game ``slug``; ``KeyError`` for an unknown slug."""
    kit = _BY_SLUG.get(slug)
    if kit is None:
        raise KeyError(f"unknown game {slug!r}; known: {', '.join(GAMES)}")
    return kit


def get_game(slug: str) -> Game:
    """The game for ``slug``; ``KeyError`` for an unknown slug."""
    return kit_of(slug).game
