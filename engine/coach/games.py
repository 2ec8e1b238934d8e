"""Each game's own words for the coach: its kit's coaching (``engine/<game>/coaching.py``).

A game's coaching has two functions (``engine.kit.Coaching``), which the coach reads from the
game's kit, so the games never import the coach:

- ``explain(game, state, seat, code, plan) -> Text``: what ``code`` is for, in the game's
  terms, for every move a seat can make. ``state`` is a sample consistent with what
  ``seat`` may see, never the real state, so a reason cannot leak a secret (the function
  may change it: it is a copy); ``plan`` is the seat's own next decisions after ``code``
  as the search found them best (a tile, then where it goes), maybe empty.
- ``action_help(group) -> Text``: one line on an action of the picker (a name that
  ``Game.move_group`` returns), in the rulebook's terms; ``KeyError`` for a name the game
  never gives.
"""

from __future__ import annotations

from engine.catalog import kit_of
from engine.core import Game
from engine.kit import Coaching
from engine.text import Text


def coaching_of(game: Game) -> Coaching:
    """The coaching of ``game``, from its kit (``engine.<slug>.coaching``)."""
    return kit_of(game.slug).coaching


def action_help(game: Game, group: str) -> Text:
    """One line on the action ``group`` (a ``Game.move_group`` name) of ``game``, in the
    rulebook's terms: the picker's help and the learning game's "what you can do"."""
    return coaching_of(game).action_help(group)
