"""Turnstile's pure game engines: the front door (docs/ARCHITECTURE.md §2).

The layers, lowest first: the contract (``core``), the robots' record of a game's search
settings (``playbook``) and a game's kit (``kit``); the games (``engine/<slug>/``, each with
the same file roles and a ``KIT``, docs/ARCHITECTURE.md §11); the catalog that lists their
kits (``catalog``); the robots (``engine.ai``) and the coach (``engine.coach``), which read
a game's playbook and coaching from its kit. The contract cannot import the robots, so this
module plugs their entry point into its ``Game.ai_move`` hook: every way into the engine
passes here first, so the hook is always bound.
"""

from __future__ import annotations

from engine.ai import choose
from engine.catalog import GAMES, get_game
from engine.core import (
    LEADER,
    Game,
    IllegalMove,
    Move,
    OptionSpec,
    Outcome,
    Rng,
    State,
    register_robots,
)

register_robots(choose)

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
