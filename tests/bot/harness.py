"""Drive the real TurnstileBot against the Discord double (DESIGN.md §8.3)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from pathlib import Path
from typing import Any

from bot.client import TurnstileBot
from engine import get_game
from tests.bot.double import DiscordDouble, InteractionResult, MessageRecord


def text_of(message: MessageRecord | InteractionResult) -> str:
    """All a player reads in a message: its text, then each embed's title, description,
    fields (name and value) and footer."""
    lines = [message.content]
    for embed in message.embeds:
        lines += [embed.get("title", ""), embed.get("description", "")]
        for field in embed.get("fields", []):
            lines += [field.get("name", ""), field.get("value", "")]
        lines.append((embed.get("footer") or {}).get("text", ""))
    return "\n".join(line for line in lines if line)


class FakeClock:
    """A controllable wall clock for the bot's timers."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class Harness:
    """One bot process at a time on one SQLite file; restartable."""

    def __init__(
        self,
        double: DiscordDouble,
        db_path: Path,
        clock: FakeClock | None = None,
        tick_seconds: float = 3600.0,
    ) -> None:
        self.double = double
        self.db_path = db_path
        self.clock = clock or FakeClock()
        self.tick_seconds = tick_seconds
        self.bot: TurnstileBot | None = None
        self.task: asyncio.Task[None] | None = None
        self.starts = 0

    async def start(self) -> TurnstileBot:
        bot = TurnstileBot(
            self.db_path,
            clock=self.clock,
            tick_seconds=self.tick_seconds,
            guild_ready_timeout=0.05,
        )
        self.bot = bot
        self.task = asyncio.create_task(bot.start(self.double.token))
        self.starts += 1
        await self.double.wait_ready(timeout=15)
        await self.double.wait_commands_synced(timeout=15, count=self.starts)
        await asyncio.wait_for(bot.wait_until_ready(), 15)
        return bot

    async def stop(self) -> None:
        if self.bot is not None:
            await self.bot.close()
        if self.task is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.task, 10)
        self.bot = None
        self.task = None

    async def restart(self) -> TurnstileBot:
        await self.stop()
        return await self.start()

    @property
    def live(self) -> TurnstileBot:
        assert self.bot is not None
        return self.bot

    async def set_seed(self, game_id: int, seed: int) -> None:
        """Fix a lobby's deal so a test game is reproducible (lobbies get a random seed)."""
        store = self.live.store
        async with store.write_lock:
            await store.db.execute("UPDATE games SET seed = ? WHERE id = ?", (seed, game_id))

    async def table(self, channel: int) -> int:
        """Where the game opened in ``channel`` is played: its own thread once it started
        (DESIGN.md §3), else ``channel``."""
        if await self.live.store.open_game_in(channel) is not None:
            return channel
        moved = await self.live.store.open_games_under(channel)
        return moved[-1].channel_id if moved else channel

    async def state(self, channel: int) -> tuple[Any, dict[str, Any]]:
        row = await self.live.store.open_game_in(channel)
        assert row is not None and row.snapshot is not None
        game = get_game(row.slug)
        return row, game.load(row.snapshot)

    async def mover(self, channel: int) -> str:
        row, state = await self.state(channel)
        return get_game(row.slug).waiting_for(state)[0]

    async def choices(self, user: int, channel: int, typed: str = "") -> list[dict[str, Any]]:
        return list(
            await self.double.autocomplete(user, channel, "play", {"move": typed}, focused="move")
        )

    async def play(self, user: int, channel: int, code: str) -> InteractionResult:
        return await self.double.slash(user, channel, "play", move=code)

    async def open_table(
        self, slug: str, players: list[str], channel: int | None = None, **options: str
    ) -> int:
        """`/game new` by the first player, `/game join` by the others, `/game start` in
        `channel` (default: the `channel` of the double's ids); returns where the game is
        played: its thread, or `channel` when it plays in place."""
        d = self.double
        where = d.ids["channel"] if channel is None else channel
        opened = await d.slash(d.ids[players[0]], where, "game new", game=slug, **options)
        assert not opened.ephemeral, opened.content
        for name in players[1:]:
            joined = await d.slash(d.ids[name], where, "game join")
            assert not joined.ephemeral, joined.content
        started = await d.slash(d.ids[players[0]], where, "game start")
        assert started.response is not None, "the start was answered"
        return await self.table(where)

    async def start_game(self, user: int, channel: int) -> tuple[int, MessageRecord]:
        """`/game start` by `user` in `channel`: where the game is played and its first
        board (after the start card)."""
        started = await self.double.slash(user, channel, "game start")
        assert started.response is not None and "Sorry" not in started.content
        where = await self.table(channel)
        board = await self.double.wait_for_message(where, lambda m: bool(m.attachments))
        return where, board

    async def put_state(self, channel: int, state: dict[str, Any]) -> None:
        """Overwrite the snapshot of a channel's game (to stage a position)."""
        row, _ = await self.state(channel)
        store = self.live.store
        async with store.write_lock:
            await store.db.execute(
                "UPDATE games SET snapshot = ? WHERE id = ?", (json.dumps(state), row.id)
            )

    async def settle(self, timeout: float = 5.0) -> None:
        """Until every channel shows its game's latest version: the outbox records a post
        just after the interaction was answered, so a dump taken at once could race it."""

        def behind() -> int:
            with contextlib.closing(sqlite3.connect(self.db_path)) as db:
                row = db.execute("SELECT COUNT(*) FROM games WHERE shown_version < version")
                return int(row.fetchone()[0])

        deadline = asyncio.get_running_loop().time() + timeout
        while behind() and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.02)

    def dump(self) -> list[str]:
        """Every table's schema and rows, read through a separate connection (committed
        data only): equal dumps mean an unchanged database."""
        with contextlib.closing(sqlite3.connect(self.db_path)) as db:
            return list(db.iterdump())
