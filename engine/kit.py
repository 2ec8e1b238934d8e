"""A game, declared once for the engine: its rules, its robots' settings and its coaching.

Each game's package (``engine/<slug>/__init__.py``) exports ``KIT``, a :class:`GameKit` built
from its own modules; the catalog (``engine.catalog``) lists the kits, and the robots
(``engine.ai``) and the coach (``engine.coach``) read a game's playbook and coaching from its
kit. This module stands on the contract and the playbook record alone, below the games, so
a game declares its kit without importing the robots or the coach that read it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core import Game, State
from engine.playbook import Playbook
from engine.text import Text

#: ``(game, state, seat, code, plan) -> Text``: what ``code`` is for, in the game's terms,
#: for every move a seat can make. ``state`` is a sample consistent with what ``seat`` may
#: see, never the real state, so a reason cannot leak a secret (the function may change
#: it: it is a copy); ``plan`` is the seat's own next decisions after ``code`` as the search
#: found them best (a tile, then where it goes), maybe empty.
Explain = Callable[[Game, State, str, str, tuple[str, ...]], Text]
#: ``(group) -> Text``: one line on an action of the picker (a name ``Game.move_group``
#: returns), in the rulebook's terms; ``KeyError`` for a name the game never gives.
Help = Callable[[str], Text]


@dataclass(frozen=True, slots=True)
class Coaching:
    """A game's explanations (its ``coaching.py``): of a move and of an action."""

    explain: Explain
    action_help: Help


@dataclass(frozen=True, slots=True)
class GameKit:
    """Everything the engine knows of one game, in one record: the catalog's entry."""

    #: The rules (``rules.py``: ``GAME``); its ``options`` are the lobby's choices.
    game: Game
    #: The search's settings (``playbook.py``: ``PLAYBOOK``), read by the robots.
    playbook: Playbook
    #: What each move is for and the help on each action (``coaching.py``), read by the coach.
    coaching: Coaching

    @property
    def slug(self) -> str:
        return self.game.slug
