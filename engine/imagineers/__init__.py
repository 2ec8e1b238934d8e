"""Imagineers: build a theme park, upgrade your roller coaster, steer the guests.

``KIT`` declares the game to the engine: ``GAME`` (in ``rules.py``), its robots' playbook
and its coaching. Every game's package has the same files, each in the same role
(docs/ARCHITECTURE.md §11).
"""

from engine.imagineers import coaching
from engine.imagineers.playbook import PLAYBOOK
from engine.imagineers.rules import GAME, Imagineers
from engine.kit import Coaching, GameKit

KIT = GameKit(
    game=GAME,
    playbook=PLAYBOOK,
    coaching=Coaching(explain=coaching.explain, action_help=coaching.action_help),
)

__all__ = ["GAME", "KIT", "Imagineers"]
