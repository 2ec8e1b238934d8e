"""Each game's own words for the coach: ``engine/<game>/coaching.py``.

A game's coaching module has two functions, found by name (as ``engine.ai`` finds a
playbook), so the games never import the coach:

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

import importlib
from collections.abc import Callable
from dataclasses import dataclass

from engine.core import Game, State
from engine.text import Text

Explain = Callable[[Game, State, str, str, tuple[str, ...]], Text]
Help = Callable[[str], Text]


@dataclass(frozen=True, slots=True)
class Coaching:
    """A game's explanations: of a move (``explain``) and of an action (``action_help``)."""

    explain: Explain
    action_help: Help


_found: dict[str, Coaching] = {}


def coaching_of(game: Game) -> Coaching:
    """The coaching of ``game`` (``engine.<slug>.coaching``)."""
    found = _found.get(game.slug)
    if found is None:
        module = importlib.import_module(f"engine.{game.slug}.coaching")
        found = _found[game.slug] = Coaching(module.explain, module.action_help)
    return found


def action_help(game: Game, group: str) -> Text:
    """One line on the action ``group`` (a ``Game.move_group`` name) of ``game``, in the
    rulebook's terms: the picker's help and the learning game's "what you can do"."""
    return coaching_of(game).action_help(group)
