"""The base of the per-game cogs: friendly commands that translate into engine codes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.chat.options import CODE_LIMIT
from bot.chat.services import Services
from bot.cogs.play import caller_moves, move_choices
from bot.common.errors import UserError
from engine import Move
from engine.text import tx

Interaction = discord.Interaction[Any]


def with_prefix(prefix: str, value: str) -> str:
    """``value`` as a full code: autocomplete sends codes, people may type bare values."""
    value = value.strip()[: CODE_LIMIT + 1]
    return value if value.startswith(prefix) else prefix + value


@app_commands.guild_only()
class GameCog(commands.GroupCog):
    """Subclasses set ``slug`` and map their typed commands to engine codes. Each command
    is a move of whoever uses it, in a game of this kind (``bot.chat.access.policy.moves``)."""

    slug: ClassVar[str]

    @classmethod
    def move_commands(cls) -> tuple[str, ...]:
        """The names of this cog's commands, as declared: the policy gives each the rule of
        a move of its user, in a game of this kind. A command it could not give exactly
        that rule (the cog's group named other than its game, a nested group) raises
        ``TypeError``: nothing is admitted by a guess."""
        if cls.__cog_group_name__ != cls.slug:
            raise TypeError(
                f"{cls.__name__}: its commands are /{cls.slug} …, not /{cls.__cog_group_name__}"
            )
        names: list[str] = []
        for command in cls.__cog_app_commands__:
            if not isinstance(command, app_commands.Command):
                raise TypeError(
                    f"/{cls.slug} {command.name}: a game's command is one plain subcommand"
                )
            names.append(command.name)
        return tuple(names)

    def __init__(self, services: Services) -> None:
        self.services = services
        super().__init__()

    async def submit(self, interaction: Interaction, codes: list[str]) -> None:
        """Play ``codes`` as one move of the caller, in this channel's game (of this cog's
        kind: the policy admitted the command only there)."""
        await self.services.moves.move(interaction, codes)

    async def my_moves(self, interaction: Interaction, before: Sequence[str] = ()) -> list[Move]:
        return await caller_moves(self.services, interaction, before)

    async def pick(self, interaction: Interaction, prefixes: tuple[str, ...]) -> str:
        """The caller's one legal code starting with one of ``prefixes`` (e.g. which roll)."""
        codes = [m.code for m in await self.my_moves(interaction) if m.code.startswith(prefixes)]
        if not codes:
            raise UserError(tx("You can't do that right now. `/play` lists what you can do."))
        return codes[0]

    async def complete(
        self,
        interaction: Interaction,
        current: str,
        prefix: str,
        before: Sequence[str] = (),
    ) -> list[Choice[str]]:
        """Autocomplete from the caller's legal moves whose code starts with ``prefix``
        (after the ``before`` steps, for a command's second parameter)."""
        return await move_choices(self.services, interaction, current, prefix, before)

    async def submit_step(self, interaction: Interaction, prefix: str, value: str) -> None:
        """Submit one autocompleted value; a bare value gets its ``prefix`` added."""
        await self.submit(interaction, [with_prefix(prefix, value)])
