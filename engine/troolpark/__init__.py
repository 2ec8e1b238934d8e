"""Trool Park: secret simultaneous choices, a Fun Slide, weather and inspections.

``KIT`` declares the game to the engine: ``GAME`` (in ``rules.py``), its robots' playbook
and its coaching. Every game's package has the same files, each in the same role
(docs/ARCHITECTURE.md §11).
"""

from engine.kit import Coaching, GameKit
from engine.troolpark import coaching
from engine.troolpark.playbook import PLAYBOOK
from engine.troolpark.rules import GAME, TroolPark

KIT = GameKit(
    game=GAME,
    playbook=PLAYBOOK,
    coaching=Coaching(explain=coaching.explain, action_help=coaching.action_help),
)

__all__ = ["GAME", "KIT", "TroolPark"]
