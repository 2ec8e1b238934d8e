"""``/rules game:``: how a game is played (the player summary first), then its rules notes,
including what data is reconstructed (built in ``bot.chat.views.cards``)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.chat.services import Services
from engine import GAMES, get_game

Interaction = discord.Interaction[Any]


class Rules(commands.Cog):
    def __init__(self, services: Services) -> None:
        self.services = services

    @app_commands.command(
        name="rules", description="How a game is played here, and what data is reconstructed"
    )
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=[Choice(name=get_game(s).title, value=s) for s in GAMES])
    async def rules(self, interaction: Interaction, game: str) -> None:
        await self.services.lookups.rules(interaction, game)
