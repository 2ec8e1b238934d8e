"""Drive the real TurnstileBot against the Discord double (DESIGN.md §8.3)."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any

from bot.client import TurnstileBot
from bot.store import Store
from engine import get_game
from tests.bot.double import DiscordDouble, InteractionResult


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
        self, double: DiscordDouble, db_path: Path, clock: FakeClock | None = None
    ) -> None:
        self.double = double
        self.db_path = db_path
        self.clock = clock or FakeClock()
        self.bot: TurnstileBot | None = None
        self.task: asyncio.Task[None] | None = None
        self.starts = 0

    async def start(self) -> TurnstileBot:
        bot = TurnstileBot(
            self.db_path, clock=self.clock, tick_seconds=3600.0, guild_ready_timeout=0.05
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

    @property
    def sqlite(self) -> Store:
        """The running bot's SQLite store, for a test's direct set-up writes."""
        store = self.live.store
        assert isinstance(store, Store)
        return store

    async def set_seed(self, game_id: int, seed: int) -> None:
        """Fix a lobby's deal so a test game is reproducible (lobbies get a random seed)."""
        store = self.sqlite
        async with store.write_lock:
            await store.db.execute("UPDATE games SET seed = ? WHERE id = ?", (seed, game_id))

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
