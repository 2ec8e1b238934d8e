"""``/hint``: the coach's choices for the player to move."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.chat.services import Services

Interaction = discord.Interaction[Any]


class CoachCog(commands.Cog):
    def __init__(self, services: Services) -> None:
        self.services = services

    @app_commands.command(
        name="hint", description="The coach's best moves for you now, privately (casual tables)"
    )
    @app_commands.guild_only()
    async def hint(self, interaction: Interaction) -> None:
        await self.services.coach.hint(interaction)
