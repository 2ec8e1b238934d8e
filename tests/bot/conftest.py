"""The `double` fixture: a started Discord double with a guild, channels and six users."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest

from tests.bot.double import DiscordDouble
from tests.bot.harness import Harness

PLAYERS = ("alice", "bob", "carol", "dave", "erin")


@pytest.fixture
async def double() -> AsyncIterator[DiscordDouble]:
    """A running double; `double.ids` names guild, channel, thread, the players and admin.

    Teardown fails the test if the bot broke any Discord limit or misused the API.
    """
    async with DiscordDouble() as started:
        guild = started.add_guild("Test Guild")
        channel = started.add_channel(guild, "games")
        started.ids.update(
            guild=guild, channel=channel, thread=started.add_thread(channel, "table-2")
        )
        for name in PLAYERS:
            started.ids[name] = started.add_user(name)
        admin = discord.Permissions(manage_channels=True, manage_guild=True)
        started.ids["admin"] = started.add_user("admin", permissions=admin.value)
        yield started
        assert started.violations == []


@pytest.fixture
async def harness(double: DiscordDouble, tmp_path: Path) -> AsyncIterator[Harness]:
    """A running TurnstileBot against `double`, on a fresh SQLite file; restartable."""
    bot = Harness(double, tmp_path / "turnstile.sqlite3")
    await bot.start()
    yield bot
    await bot.stop()
