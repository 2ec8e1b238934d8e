"""The `double` fixture: a started Discord double with a guild, channels and six users;
`harness`: the bot against it, once on a SQLite file and once on PostgreSQL."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Mapping
from pathlib import Path

import discord
import pytest
import uvloop

from bot.common.config import DatabaseSettings
from tests.bot.double import DiscordDouble
from tests.bot.double.buckets import MACHINE_PACE, RateLimits
from tests.bot.harness import Harness

PLAYERS = ("alice", "bob", "carol", "dave", "erin")


def pytest_asyncio_loop_factories(
    config: pytest.Config, item: pytest.Item
) -> Mapping[str, Callable[[], object]]:
    """The bot's tests run on the loop the bot runs on (``bot/common/loop.py``): uvloop's."""
    return {"uvloop": uvloop.new_event_loop}


@pytest.fixture
def rate_speedup() -> float:
    """How many times faster than Discord's the double's rate-limit windows run: the
    suite plays as fast as the machine goes; a test module of Discord's own limits
    overrides it with 1.0."""
    return MACHINE_PACE


@pytest.fixture
async def double(rate_speedup: float) -> AsyncIterator[DiscordDouble]:
    """A running double; `double.ids` names guild, channel, thread, the players and admin.

    Teardown fails the test if the bot broke any Discord limit or misused the API.
    """
    async with DiscordDouble(rate_limits=RateLimits(speedup=rate_speedup)) as started:
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


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> DatabaseSettings:
    """A fresh database: a SQLite file, or an empty PostgreSQL database on the test
    server (docs/ARCHITECTURE.md §5: both backends pass the same tests)."""
    if request.param == "sqlite":
        return DatabaseSettings(path=tmp_path / "turnstile.sqlite3")
    return DatabaseSettings(url=request.getfixturevalue("postgres_url"), retry_for=10.0)


@pytest.fixture
async def harness(double: DiscordDouble, database: DatabaseSettings) -> AsyncIterator[Harness]:
    """A running TurnstileBot against `double`, on a fresh database; restartable."""
    bot = Harness(double, database)
    await bot.start()
    yield bot
    await bot.stop()


@pytest.fixture
async def sqlite_harness(double: DiscordDouble, tmp_path: Path) -> AsyncIterator[Harness]:
    """The bot on a SQLite file, for tests of what only a file does (its locks, its
    connections)."""
    bot = Harness(double, tmp_path / "turnstile.sqlite3")
    await bot.start()
    yield bot
    await bot.stop()
