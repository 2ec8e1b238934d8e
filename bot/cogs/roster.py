"""Every cog the client loads, each game's cog declared once (docs/ARCHITECTURE.md §11).

A game's cog is one entry of :data:`GAME_COGS`, checked against the engine's games. From it
come the cogs the client loads (:data:`COGS`) and the policy's entries for the game's own
commands (:data:`COMMANDS`: each a move of its user, in a game of that kind); ``/game new``
has one subcommand per game of the engine (``bot.cogs.lobby``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from discord import app_commands
from discord.ext import commands

from bot.chat.access.policy import Rule, command_table
from bot.chat.services import Services
from bot.cogs.adventureland import Adventureland
from bot.cogs.base import GameCog
from bot.cogs.coach import CoachCog
from bot.cogs.disneyland import Disneyland
from bot.cogs.imagineers import Imagineers
from bot.cogs.lobby import Lobby
from bot.cogs.play import Play
from bot.cogs.records import Records
from bot.cogs.rules import Rules
from bot.cogs.troolpark import TroolPark
from engine import GAMES


def by_game(*cogs: type[GameCog]) -> Mapping[str, type[GameCog]]:
    """Each game's cog by its slug, in the engine's order: exactly one per game of the
    engine (``TypeError`` otherwise, at import: a game without its cog, or a cog of no game,
    is a mistake to see at once)."""
    found = {cog.slug: cog for cog in cogs}
    if len(found) != len(cogs) or set(found) != set(GAMES):
        named = sorted(cog.slug for cog in cogs)
        raise TypeError(f"one cog per game of the engine {sorted(GAMES)}, not {named}")
    return {slug: found[slug] for slug in GAMES}


#: Each game's cog (``/<slug> …``: its typed moves), by slug.
GAME_COGS: Mapping[str, type[GameCog]] = by_game(Adventureland, Imagineers, Disneyland, TroolPark)

#: The cogs the client loads, in this order (each made with the client's services).
COGS: tuple[Callable[[Services], commands.Cog], ...] = (
    Lobby,
    Play,
    Rules,
    Records,
    *GAME_COGS.values(),
    CoachCog,
)

#: Every slash command's entry in the policy (``bot.chat.access.policy``), by full name.
COMMANDS: Mapping[str, Rule] = command_table(
    {slug: cog.move_commands() for slug, cog in GAME_COGS.items()}
)


def unruled(tree: app_commands.CommandTree[Any]) -> list[str]:
    """The commands of ``tree`` that have no entry in :data:`COMMANDS` (the gate would
    refuse them): the client refuses to start with any."""
    return [
        command.qualified_name
        for command in tree.walk_commands()
        if isinstance(command, app_commands.Command) and command.qualified_name not in COMMANDS
    ]
