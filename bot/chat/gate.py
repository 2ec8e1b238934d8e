"""The door every interaction passes first (issue 20, 2c): slash commands through the
command tree's check, components through their own. Both ask the policy
(:mod:`bot.chat.policy`, the table of who may press what) and answer a refusal privately, so
a handler only ever runs for someone the table allows; what it allowed is left on the
interaction for the handler (:func:`bot.chat.policy.admission`)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.chat.actions import guarded
from bot.chat.policy import ADMITTED, Policy

Interaction = discord.Interaction[Any]


class Gate:
    def __init__(self, policy: Policy) -> None:
        self.policy = policy

    async def command(self, interaction: Interaction) -> bool:
        """Whether a slash command may run (refused: already answered). Autocomplete is
        not guarded: it suggests only the caller's own moves and changes nothing."""
        if interaction.type is discord.InteractionType.autocomplete:
            return True
        await self.admit_command(interaction)
        return ADMITTED in interaction.extras

    async def component(
        self, interaction: Interaction, kind: str, game_id: int | None, version: int | None
    ) -> bool:
        """Whether a component of ``kind`` (naming ``game_id`` at ``version``) may act."""
        await self.admit_component(interaction, kind, game_id, version)
        return ADMITTED in interaction.extras

    @guarded
    async def admit_command(self, interaction: Interaction) -> None:
        interaction.extras[ADMITTED] = await self.policy.admit_command(interaction)

    @guarded
    async def admit_component(
        self, interaction: Interaction, kind: str, game_id: int | None, version: int | None
    ) -> None:
        interaction.extras[ADMITTED] = await self.policy.admit_component(
            interaction, kind, game_id, version
        )


class GatedTree(app_commands.CommandTree[Any]):
    """The command tree whose every command passes the gate (wired at start-up)."""

    gate: Gate | None = None

    async def interaction_check(self, interaction: Interaction, /) -> bool:
        if self.gate is None:
            raise RuntimeError("a command came before the client wired its gate")
        return await self.gate.command(interaction)
