"""A server's settings (``/game settings``): what may be set, to what, and the one
transaction that sets it, independent of Discord.

Every value comes from a stranger: Discord bounds the command's options, but a client with
an older copy of the command, or a forged interaction, skips that, so each value is
checked here again before anything is written. Delays are given in minutes for the live
pace and in hours for the async one, and stored in seconds (``bot.common.pace``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol

from bot.common.bounds import one_of, within
from bot.common.pace import HOUR, PACES
from bot.store.interface import Rankings, ServerSettings
from bot.store.records import GuildSettings
from engine.text import tx
from i18n import LANGUAGES

#: ``threads:``: each game in a thread of its own, or where its lobby is.
SWITCH = ("on", "off")
#: ``language:``: back to following the server's Discord language.
FOLLOW_DISCORD = "discord"
#: ``season:``: a new season of ratings begins.
NEW_SEASON = "new"
#: Bounds of the delays: minutes for live tables, hours for async ones.
LIVE_REMIND = (0.5, 1440.0)
LIVE_IDLE = (1.0, 1440.0)
ASYNC_REMIND = (0.5, 336.0)
ASYNC_IDLE = (1.0, 336.0)
#: Each delay: its bounds, and the seconds in one of its units.
DELAYS = {
    "live_remind": (LIVE_REMIND, 60.0),
    "live_idle": (LIVE_IDLE, 60.0),
    "async_remind": (ASYNC_REMIND, HOUR),
    "async_idle": (ASYNC_IDLE, HOUR),
}


@dataclass(frozen=True)
class SettingsChange:
    """What ``/game settings`` asked for, as given (None: left as it is)."""

    threads: str | None = None
    default_pace: str | None = None
    live_remind: float | None = None
    live_idle: float | None = None
    async_remind: float | None = None
    async_idle: float | None = None
    season: str | None = None
    language: str | None = None

    def delays(self) -> dict[str, float | None]:
        return {
            "live_remind": self.live_remind,
            "live_idle": self.live_idle,
            "async_remind": self.async_remind,
            "async_idle": self.async_idle,
        }


@dataclass(frozen=True)
class Settled:
    """A server's settings once changed; ``season``: the season asked for (None: none
    was), as (the season the server is in, whether it began just now)."""

    settings: GuildSettings
    season: tuple[int, bool] | None = None


def checked(asked: SettingsChange) -> SettingsChange:
    """``asked`` if every value in it may be set (else the first wrong one is refused, a
    :class:`~bot.common.errors.UserError`, and nothing is written)."""
    if asked.season is not None:
        one_of(asked.season, (NEW_SEASON,), tx("season setting"))
    if asked.language is not None:
        one_of(asked.language, (*LANGUAGES, FOLLOW_DISCORD), tx("language"))
    if asked.default_pace is not None:
        one_of(asked.default_pace, PACES, tx("pace"))
    if asked.threads is not None:
        one_of(asked.threads, SWITCH, tx("threads setting"))
    for name, value in asked.delays().items():
        if value is not None:
            (low, high), _ = DELAYS[name]
            within(value, low, high, f"`{name}`")
    return asked


def applied(settings: GuildSettings, asked: SettingsChange) -> GuildSettings:
    """``settings`` with what ``asked`` (checked) changes: a delay in seconds, the
    others as given; what it leaves unsaid stays."""
    timings = dict(settings.timings)
    for name, value in asked.delays().items():
        if value is not None:
            timings[name] = value * DELAYS[name][1]
    language = settings.language
    if asked.language is not None:
        language = None if asked.language == FOLLOW_DISCORD else asked.language
    threads = settings.threads if asked.threads is None else asked.threads == "on"
    return replace(
        settings,
        pace=asked.default_pace or settings.pace,
        timings=timings,
        threads=threads,
        language=language,
    )


class ServersStore(ServerSettings, Rankings, Protocol):
    """The store's roles a server's settings use: the settings, and the rankings for a new
    season."""


class Servers:
    """A server's settings: changed by ``/game settings``, read for a new table."""

    def __init__(self, store: ServersStore) -> None:
        self.store = store

    async def change(self, guild_id: int, asked: SettingsChange) -> Settled:
        """Every value checked, then the settings changed in one transaction, and, when
        asked, a new season of ratings begun (its own: it begins only once the season
        has a rated game, ``Rankings.new_season``)."""
        checked(asked)
        settings = await self.store.change_guild_settings(guild_id, lambda now: applied(now, asked))
        if asked.season is None:
            return Settled(settings)
        season = await self.store.new_season(guild_id)
        return Settled(settings, season)

    async def for_new_table(self, guild_id: int) -> tuple[str, str | None]:
        """The pace a server's new tables default to, and the language it set for them
        (None: its Discord language)."""
        pace, _ = await self.store.guild_settings(guild_id)
        return pace, await self.store.guild_language(guild_id)
