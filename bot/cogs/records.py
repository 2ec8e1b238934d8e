"""``/stats``, ``/leaderboard`` and ``/profile``: lasting results of finished games, and the
ratings they give."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.chat import language
from bot.chat.access import sight
from bot.chat.access.policy import admission
from bot.chat.handlers.ratings import BOARDS, SCOPES
from bot.chat.services import Services
from bot.chat.views.components import PAGE_LIMIT
from bot.chat.views.messages import plain
from bot.common.ratings import SEASON_LIMIT
from engine import GAMES, get_game
from engine.text import Text, tx, txn

Interaction = discord.Interaction[Any]

BOARD_NAMES = {
    "rating": "rating (skill, OpenSkill)",
    "wins": "most wins",
    "best": "best score",
}
SCOPE_NAMES = {"server": "this server", "everywhere": "every server"}


class Records(commands.Cog):
    def __init__(self, services: Services) -> None:
        self.services = services

    @app_commands.command(name="stats", description="Games, wins and best scores on this server")
    @app_commands.guild_only()
    @app_commands.describe(user="Whose record (default: yours)")
    async def stats(self, interaction: Interaction, user: discord.User | None = None) -> None:
        who = user or interaction.user
        guild, standings = admission(interaction).guild, self.services.standings
        # Only the games of channels the asker can see (``bot.chat.access.sight``).
        hidden = await sight.hidden(interaction, await standings.places(guild, str(who.id)))
        lines = await standings.player_stats(guild, str(who.id), hidden=hidden)
        # In the words of whoever asked: a record belongs to no table.
        lang = language.reader(interaction)
        title = tx("{name} — Turnstile record", name=plain(who.display_name))
        embed = discord.Embed(title=lang.say(title), color=0x26324A)
        if not lines:
            embed.description = lang.say(tx("No finished games on this server yet."))
        for line in lines:
            embed.add_field(
                name=get_game(line.slug).title,
                value=lang.say(record(line.games, line.wins, line.best)),
                inline=False,
            )
        total_games = sum(line.games for line in lines)
        total_wins = sum(line.wins for line in lines)
        embed.set_footer(text=lang.say(totals(total_games, total_wins)))
        await interaction.response.send_message(embed=embed)

    @app_commands.command(name="leaderboard", description="The best players at a game, by rating")
    @app_commands.guild_only()
    @app_commands.describe(
        game="Which game",
        board="rating (default), or the boards of most wins and best scores",
        scope="This server (default), or every server",
        season="An earlier season of this server's ratings (default: the current one)",
        page="Which page (10 players a page)",
    )
    @app_commands.choices(
        game=[Choice(name=get_game(s).title, value=s) for s in GAMES],
        board=[Choice(name=BOARD_NAMES[b], value=b) for b in BOARDS],
        scope=[Choice(name=SCOPE_NAMES[s], value=s) for s in SCOPES],
    )
    async def leaderboard(
        self,
        interaction: Interaction,
        game: str,
        board: str = "rating",
        scope: str = "server",
        season: app_commands.Range[int, 1, SEASON_LIMIT] | None = None,
        page: app_commands.Range[int, 1, PAGE_LIMIT] = 1,
    ) -> None:
        await self.services.ratings.leaderboard(interaction, game, board, scope, season, page)

    @app_commands.command(name="profile", description="A player's ratings, trend and last results")
    @app_commands.guild_only()
    @app_commands.describe(user="Whose profile (default: yours)")
    async def profile(self, interaction: Interaction, user: discord.User | None = None) -> None:
        await self.services.ratings.profile(interaction, user)


def record(games: int, wins: int, best: int) -> Text:
    """One game's line of ``/stats``: "3 games · 1 win · best 42"."""
    return tx(
        "{games} · {wins} · best {best}",
        games=txn("{count} game", "{count} games", games),
        wins=txn("{count} win", "{count} wins", wins),
        best=best,
    )


def totals(games: int, wins: int) -> Text:
    """The footer of ``/stats``: "5 games, 2 wins in all"."""
    return tx(
        "{games}, {wins} in all",
        games=txn("{count} game", "{count} games", games),
        wins=txn("{count} win", "{count} wins", wins),
    )
