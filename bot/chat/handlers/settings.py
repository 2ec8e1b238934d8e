"""``/game settings``: a server's settings changed (``bot.table.settings``), and the
answer, privately, in the language of who asked: every setting as it now stands.

The policy admits only Manage Server. The answer waits on the store (deferred privately
meanwhile: ``bot.chat.deadline``).
"""

from __future__ import annotations

from typing import Any

import discord

from bot.chat import language
from bot.chat.access.policy import admission
from bot.common.pace import HOUR, timing
from bot.common.ratings import SEASON_LIMIT
from bot.store.records import GuildSettings
from bot.table.settings import Servers, SettingsChange
from engine.text import Text, tx

Interaction = discord.Interaction[Any]

#: What the answer says of each pace new tables default to.
PACE_DEFAULTS = {
    "live": tx("New tables default to the **live** pace."),
    "async": tx("New tables default to the **async** pace."),
}


class Settings:
    def __init__(self, servers: Servers) -> None:
        self.servers = servers

    async def change(self, interaction: Interaction, asked: SettingsChange) -> None:
        guild = admission(interaction).guild
        settled = await self.servers.change(guild, asked)
        server = language.guild_locale(interaction)
        lines = summary(settled.settings, server)
        if settled.season is not None:
            lines.append(season_news(*settled.season))
        else:
            lines.append(tx("Ratings: season {season}.", season=settled.settings.season))
        reader = language.reader(interaction)
        text = "\n".join(reader.say(line) for line in lines)
        await interaction.response.send_message(text, ephemeral=True)


def summary(settings: GuildSettings, server_locale: str | None) -> list[Text]:
    """A server's settings, a line each: threads, pace, delays, the new tables' language
    (``server_locale``: the server's Discord language, followed unless one is set)."""
    live, slow = timing("live", settings.timings), timing("async", settings.timings)
    chosen = settings.language
    table = language.own_name(language.for_new_table(None, chosen, server_locale))
    return [
        tx("⚙️ Each game gets a thread of its own: **on**.")
        if settings.threads
        else tx("⚙️ Each game gets a thread of its own: **off**."),
        PACE_DEFAULTS[settings.pace],
        tx(
            "live: remind after {remind} min, idle after {idle} min",
            remind=amount(live.remind / 60),
            idle=amount(live.idle / 60),
        ),
        tx(
            "async: remind after {remind} h, idle after {idle} h",
            remind=amount(slow.remind / HOUR),
            idle=amount(slow.idle / HOUR),
        ),
        tx("New tables read **{language}** (set here).", language=table)
        if chosen is not None
        else tx("New tables read **{language}** (the server's Discord language).", language=table),
    ]


def season_news(season: int, began: bool) -> Text:
    """``season: new``: what it did, in a line (``season``: the one the server is in)."""
    if not began and season >= SEASON_LIMIT:
        return tx("Season {season} is the last a server can have: it goes on.", season=season)
    if began:
        return tx(
            "🏁 Season {season} begins: ratings on this server start afresh. "
            "`/leaderboard season: {last}` still shows the last one.",
            season=season,
            last=season - 1,
        )
    return tx("Season {season} has no rated game yet, so it is already new.", season=season)


def amount(value: float) -> float | int:
    """A number of minutes or hours as a text's value: 30, not 30.0."""
    return int(value) if float(value).is_integer() else value
