"""A server's settings (``bot.table.settings``) on a real store, without Discord: what is
set and in which unit, what is left alone, every stranger's value refused before anything
is written, and two changes at once both kept (one transaction each)."""

from __future__ import annotations

import asyncio
import math

import pytest

from bot.common.errors import UserError
from bot.common.pace import HOUR
from bot.store.interface import GameStore
from bot.store.records import GuildSettings
from bot.table.settings import FOLLOW_DISCORD, Servers, SettingsChange

GUILD = 42


async def test_a_change_sets_what_it_names_in_seconds_and_leaves_the_rest(
    store: GameStore,
) -> None:
    servers = Servers(store)
    first = await servers.change(GUILD, SettingsChange(live_remind=1.5, async_idle=2.0))
    assert first.settings == GuildSettings(
        pace="live", timings={"live_remind": 90.0, "async_idle": 2 * HOUR}
    )
    assert first.season is None
    second = await servers.change(
        GUILD, SettingsChange(threads="off", default_pace="async", language="fr")
    )
    assert second.settings == GuildSettings(
        pace="async",
        timings={"live_remind": 90.0, "async_idle": 2 * HOUR},
        threads=False,
        language="fr",
    )
    # As the rest of the bot reads them.
    assert await store.guild_settings(GUILD) == (
        "async",
        {"live_remind": 90.0, "async_idle": 7200.0},
    )
    assert not await store.threads_enabled(GUILD)
    assert await servers.for_new_table(GUILD) == ("async", "fr")
    back = await servers.change(GUILD, SettingsChange(language=FOLLOW_DISCORD, threads="on"))
    assert back.settings.language is None and back.settings.threads
    assert await servers.for_new_table(GUILD) == ("async", None)
    # Another server's settings are its own.
    assert await servers.for_new_table(GUILD + 1) == ("live", None)


async def test_a_new_season_waits_for_a_rated_game(store: GameStore) -> None:
    settled = await Servers(store).change(GUILD, SettingsChange(season="new"))
    assert settled.season == (1, False)
    assert settled.settings == GuildSettings()


@pytest.mark.parametrize(
    "asked",
    [
        SettingsChange(live_remind=-5.0),
        SettingsChange(async_idle=1e300),
        SettingsChange(live_idle=math.nan),
        SettingsChange(async_remind=math.inf),
        SettingsChange(live_remind=0.4),
        SettingsChange(default_pace="glacial"),
        SettingsChange(threads="maybe"),
        SettingsChange(language="xx"),
        SettingsChange(season="old"),
        # One wrong value among right ones: none of them is written.
        SettingsChange(threads="off", default_pace="async", live_remind=2.0, async_idle=0.0),
    ],
)
async def test_a_strangers_value_is_refused_and_nothing_is_written(
    store: GameStore, asked: SettingsChange
) -> None:
    servers = Servers(store)
    await servers.change(GUILD, SettingsChange(live_idle=5.0))
    before = await store.guild_settings(GUILD), await store.guild_language(GUILD)
    with pytest.raises(UserError):
        await servers.change(GUILD, asked)
    assert (await store.guild_settings(GUILD), await store.guild_language(GUILD)) == before
    assert await store.threads_enabled(GUILD)
    assert await store.season(GUILD) == 1


async def test_changes_at_once_each_keep_what_they_set(store: GameStore) -> None:
    """Each change reads the server's timings and writes them back with its own: were
    the read and the write apart, one change would write over the other's."""
    servers = Servers(store)
    asked = [
        SettingsChange(live_remind=2.0),
        SettingsChange(live_idle=2.0),
        SettingsChange(async_remind=2.0),
        SettingsChange(async_idle=2.0),
    ]
    await asyncio.gather(*(servers.change(GUILD, one) for one in asked))
    _, timings = await store.guild_settings(GUILD)
    assert timings == {
        "live_remind": 120.0,
        "live_idle": 120.0,
        "async_remind": 2 * HOUR,
        "async_idle": 2 * HOUR,
    }
