"""The clock behind AI resumes, reminders, idle votes and time limits.
One game's failure (a channel that refuses posts, one that hangs) is logged and retried
later and never stops the others; the clock task itself is restarted if it dies."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from typing import Any

import pytest

from bot.common.config import DatabaseSettings
from bot.common.pace import DEFAULTS
from bot.store.opening import open_store
from bot.store.postgres import PostgresStore
from bot.store.sqlite import SqliteStore
from tests.bot.double import DiscordDouble, MessageRecord
from tests.bot.harness import Harness

TICK = 0.05


@pytest.fixture
async def ticking(double: DiscordDouble, database: DatabaseSettings) -> AsyncIterator[Harness]:
    """A bot whose clock ticks every 50 ms (the default harness ticks hourly)."""
    h = Harness(double, database, tick_seconds=TICK)
    await h.start()
    yield h
    await h.stop()


async def hand_mover_to_ai(h: Harness, channel: int) -> None:
    """With the bot stopped: the seat to move is the AI's, as if the bot died right then."""
    store = await open_store(h.database)
    try:
        row = await store.open_game_in(channel)
        assert row is not None and row.snapshot is not None
        from engine import get_game

        mover = get_game(row.slug).waiting_for(get_game(row.slug).load(row.snapshot))[0]
        seats = [replace(s, ai=True, ai_played=True) if s.id == mover else s for s in row.seats]
        await store.update_table(row, seats=seats)
    finally:
        await store.close()


def last_id(d: DiscordDouble, channel: int) -> int:
    messages = d.messages(channel)
    return messages[-1].id if messages else 0


def reminder(message: MessageRecord) -> bool:
    return message.content.startswith("⏰")


async def two_tables(h: Harness) -> tuple[int, int]:
    d = h.double
    first = await h.open_table("disneyland", ["alice", "bob"], channel=d.ids["channel"])
    second = await h.open_table("disneyland", ["carol", "dave"], channel=d.ids["thread"])
    return first, second


async def test_a_channel_that_refuses_posts_stops_no_other_game(ticking: Harness) -> None:
    """A 403 in the first game's channel while resuming AI turns: the second game's AI
    still moves, and its reminders still fire."""
    d = ticking.double
    first, second = await two_tables(ticking)
    await ticking.stop()
    for channel in (first, second):
        await hand_mover_to_ai(ticking, channel)
    d.faults.add(f"/channels/{first}/messages", 403, method="POST", times=None)
    mark = last_id(d, second)
    await ticking.start()
    await d.wait_for_message(second, lambda m: bool(m.attachments), after=mark, timeout=10)
    ticking.clock.advance(DEFAULTS["live_remind"] + 1)
    await d.wait_for_message(second, reminder, after=mark, timeout=10)


async def test_a_hanging_channel_stops_no_other_game(ticking: Harness) -> None:
    """Posts to the first game's channel hang for a minute: the second game's reminder
    comes anyway (each game's work has its own time limit)."""
    d = ticking.double
    first, second = await two_tables(ticking)
    ticking.live.clockwork.per_game = 0.5
    d.faults.add(f"/channels/{first}/messages", None, method="POST", delay=60, times=None)
    mark = last_id(d, second)
    ticking.clock.advance(DEFAULTS["live_remind"] + 1)
    await d.wait_for_message(second, reminder, after=mark, timeout=10)


async def test_the_clock_is_restarted_when_it_dies(
    double: DiscordDouble, database: DatabaseSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database fails the clock's first look at the games: the clock starts again and
    the reminder comes."""
    backend = PostgresStore if database.url else SqliteStore
    listing: Callable[..., Any] = backend.due
    failures = [RuntimeError("database hiccup")]

    async def flaky(self: Any, *args: Any) -> Any:
        if failures:
            raise failures.pop()
        return await listing(self, *args)

    h = Harness(double, database, tick_seconds=TICK)
    await h.start()
    try:
        channel = await h.open_table("disneyland", ["alice", "bob"])
        await h.stop()
        monkeypatch.setattr(backend, "due", flaky)
        await h.start()
        h.clock.advance(DEFAULTS["live_remind"] + 1)
        await double.wait_for_message(channel, reminder, timeout=10)
        assert failures == [], "the clock met the failure"
    finally:
        await h.stop()
