"""Turnstile's pure game engines. ``get_game(slug)`` is the entry point (DESIGN.md §2).

The layers, lowest first: the contract (``core``), the games (``engine.<slug>``) and the
catalog that finds them (``catalog``), then the robots (``engine.ai``), built on the
contract. This package is the front door: it plugs the robots into the contract's
``Game.ai_move`` hook, so every way into the engine finds them there, and nothing below
the robots imports them.

Every game is a package ``engine/<slug>/`` with the same files, each in the same role:

- ``rules.py``: the ``Game`` subclass and ``GAME``, its instance (``__init__`` re-exports
  both); the move-code grammar in its docstring;
- ``data.py``: the components (board, cards, tiles, numbers), each value marked with where
  it comes from, so an owner of the box can correct them; it imports no engine module;
- ``views.py``: what each viewer may see (``Game.view``, the header's phase phrase);
- ``summary.py``: the five lines for players that the start message and ``/rules`` lead with;
- ``RULES.md``: our reading of the rulebook, decision by decision;
- ``ai.py``: the ``easy`` robot's rules of thumb (``Game.heuristic_move``);
- ``sampling.py``: what a seat knows, and states sampled from it (for the searching robots);
- ``playbook.py``: the settings of the search (``PLAYBOOK``, read by ``engine.ai``).

Any other module is a helper of its game alone, named for what it holds (``scoring.py``,
``trade.py``, ``seating.py``, ...). ``tests/engine/test_game_packages.py`` checks all this.
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
