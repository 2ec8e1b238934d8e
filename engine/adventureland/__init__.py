"""Alan's Adventureland (3–4 players): draft, approve, build and score a theme park.

``KIT`` declares the game to the engine: ``GAME`` (in ``rules.py``), its robots' playbook
and its coaching. Every game's package has the same files, each in the same role
(docs/ARCHITECTURE.md §11).
"""

from engine.adventureland import coaching
from engine.adventureland.playbook import PLAYBOOK
from engine.adventureland.rules import GAME, Adventureland
from engine.kit import Coaching, GameKit

KIT = GameKit(
    game=GAME,
    playbook=PLAYBOOK,
    coaching=Coaching(explain=coaching.explain, action_help=coaching.action_help),
)

__all__ = ["GAME", "KIT", "Adventureland"]
