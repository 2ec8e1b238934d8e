"""``/stats`` and ``/leaderboard``: lasting results of finished games, per server."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.chat.actions import guarded
from bot.chat.messages import plain
from bot.chat.options import one_of
from bot.chat.policy import admission
from bot.chat.services import Services, services_of
from engine import GAMES, get_game

Interaction = discord.Interaction[Any]


class Records(commands.Cog):
    def __init__(self, services: Services) -> None:
        self.services = services

    @app_commands.command(name="stats", description="Games, wins and best scores on this server")
    @app_commands.guild_only()
    @app_commands.describe(user="Whose record (default: yours)")
    @guarded
    async def stats(self, interaction: Interaction, user: discord.User | None = None) -> None:
        who = user or interaction.user
        lines = await self.services.store.player_stats(admission(interaction).guild, str(who.id))
        embed = discord.Embed(title=f"{plain(who.display_name)} — Turnstile record", color=0x26324A)
        if not lines:
            embed.description = "No finished games on this server yet."
        for line in lines:
            embed.add_field(
                name=get_game(line.slug).title,
                value=f"{line.games} games · {line.wins} wins · best {line.best}",
                inline=False,
            )
        total_games = sum(line.games for line in lines)
        total_wins = sum(line.wins for line in lines)
        embed.set_footer(text=f"{total_games} games, {total_wins} wins in all")
        await interaction.response.send_message(embed=embed)

    @app_commands.command(name="leaderboard", description="This server's best players at a game")
    @app_commands.guild_only()
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=[Choice(name=get_game(s).title, value=s) for s in GAMES])
    @guarded
    async def leaderboard(self, interaction: Interaction, game: str) -> None:
        one_of(game, GAMES, "game")
        rows = await self.services.store.leaderboard(admission(interaction).guild, game)
        embed = discord.Embed(title=f"{get_game(game).title} — leaderboard", color=0x26324A)
        medals = ["🥇", "🥈", "🥉"]
        embed.description = (
            "\n".join(
                f"{medals[i] if i < 3 else f'{i + 1}.'} **{plain(r.name)}** — {r.wins} wins in "
                f"{r.games} games · best {r.best}"
                for i, r in enumerate(rows)
            )
            or "No finished games of this title on this server yet."
        )
        await interaction.response.send_message(embed=embed)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Records(services_of(bot)))
