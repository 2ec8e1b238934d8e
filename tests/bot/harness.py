"""Drive the real TurnstileBot against the Discord double (docs/ARCHITECTURE.md §8)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from pathlib import Path
from typing import Any

from bot.client import TurnstileBot
from bot.common.config import DatabaseSettings
from bot.common.shards import Shards
from bot.store.interface import GameStore
from bot.store.postgres import PostgresStore
from bot.store.sqlite import SqliteStore
from bot.table.service import waiting_for
from engine import get_game
from tests.bot.double import DiscordDouble, InteractionResult, MessageRecord
from tests.bot.double.models import iter_components
from tests.store.reads import unshown


def lobby_control(message: MessageRecord, what: str) -> str:
    """The custom_id of a lobby card's button or menu ``what`` ("join", "pace"…) as the
    card was drawn: it names the terms of the table the card shows."""
    found = [
        str(c["custom_id"])
        for c in iter_components(message.components)
        if str(c.get("custom_id", "")).endswith(f":{what}")
    ]
    assert len(found) == 1, (what, found)
    return found[0]


async def everyone_agrees(double: DiscordDouble, store: GameStore, channel: int) -> None:
    """At the channel's rated lobby, each person who has not agreed to it as it is now
    presses I agree on its live card (once the bot recorded it, just after answering): a
    robot added, or a typed join at a changed table, asks for it before Start."""
    for _ in range(500):
        row = await store.open_game_in(channel)
        assert row is not None and row.status == "lobby"
        if row.lobby_message_id == double.messages(channel)[-1].id:
            break
        await asyncio.sleep(0.01)
    else:
        raise AssertionError("the lobby card was never recorded")
    if not row.rated:
        return
    card = double.world.messages[row.lobby_message_id]
    for seat in waiting_for(row):
        agreed = await double.click(int(seat.id), card, lobby_control(card, "agree"))
        assert agreed.response_type == 7, agreed.content


async def write_game(store: GameStore, game_id: int, **columns: object) -> None:
    """Set stored columns of a game directly, as a test's set-up, on either backend."""
    values = [*columns.values(), game_id]
    if isinstance(store, PostgresStore):
        sets = ", ".join(f"{name} = ${n}" for n, name in enumerate(columns, start=1))
        await store.pool.execute(f"UPDATE games SET {sets} WHERE id = ${len(values)}", *values)
        return
    assert isinstance(store, SqliteStore)
    sets = ", ".join(f"{name} = ?" for name in columns)
    async with store.writing() as db:
        await db.execute(f"UPDATE games SET {sets} WHERE id = ?", values)


class FakeClock:
    """A controllable wall clock for the bot's timers."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class Harness:
    """One bot process at a time on one database (a SQLite file, or PostgreSQL);
    restartable."""

    def __init__(
        self,
        double: DiscordDouble,
        database: DatabaseSettings | Path,
        clock: FakeClock | None = None,
        tick_seconds: float = 3600.0,
        shards: Shards | None = None,
    ) -> None:
        self.double = double
        if not isinstance(database, DatabaseSettings):
            database = DatabaseSettings(path=database)
        self.database = database
        self.shards = shards
        self.clock = clock or FakeClock()
        self.tick_seconds = tick_seconds
        self.bot: TurnstileBot | None = None
        self.task: asyncio.Task[None] | None = None
        self.starts = 0

    async def start(self) -> TurnstileBot:
        bot = TurnstileBot(
            self.database,
            shards=self.shards,
            clock=self.clock,
            tick_seconds=self.tick_seconds,
            guild_ready_timeout=0.05,
        )
        self.bot = bot
        task = self.task = asyncio.create_task(bot.start(self.double.token))
        self.starts += 1
        try:
            # A bot that dies starting (say, Discord refused its commands) fails the test
            # with its own error at once, and its task's error is retrieved.
            await self.double.world.wait_until(
                lambda: self.double.gateway.live_shards() or task.done(), 15, "a bot to connect"
            )
            if task.done():
                task.result()
                raise RuntimeError("the bot stopped before connecting")
            await self.double.wait_commands_synced(timeout=15, count=self.starts)
            await asyncio.wait_for(bot.wait_until_ready(), 15)
        except BaseException:
            await self.stop()
            raise
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
    def db_path(self) -> Path:
        """The SQLite file (for tests of what only a file can do)."""
        assert self.database.url is None, "a SQLite test on a PostgreSQL harness"
        return self.database.path

    @property
    def sqlite(self) -> SqliteStore:
        """The running bot's SQLite store (for tests of SQLite's own mechanics)."""
        store = self.live.store
        assert isinstance(store, SqliteStore)
        return store

    async def write_game(self, game_id: int, **columns: object) -> None:
        """Set stored columns of a game directly, as a test's set-up (either backend)."""
        await write_game(self.live.store, game_id, **columns)

    async def set_seed(self, game_id: int, seed: int) -> None:
        """Fix a lobby's deal so a test game is reproducible (lobbies get a random seed)."""
        await self.write_game(game_id, seed=seed)

    async def table(self, channel: int) -> int:
        """Where the game opened in ``channel`` is played: its own thread once it started
        (docs/ARCHITECTURE.md §3), else ``channel``."""
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

    async def play(
        self, user: int, channel: int, code: str, *, final: bool = True
    ) -> InteractionResult:
        """``/play``, once its answer is ``final``: one the bot deferred (a loaded machine,
        robots thinking, a rate-limited board) once it came; else as soon as answered."""
        if final:
            return await self.double.slash(user, channel, "play", move=code)
        return await self.double.slash_first(user, channel, "play", move=code)

    async def open_table(
        self,
        slug: str,
        players: list[str],
        channel: int | None = None,
        seed: int | None = None,
        **options: str | bool,
    ) -> int:
        """`/game new` by the first player, `/game join` by the others, `/game start` in
        `channel` (default: the `channel` of the double's ids), with the deal fixed by
        ``seed`` when given; returns where the game is played: its thread, or `channel`
        when it plays in place."""
        d = self.double
        where = d.ids["channel"] if channel is None else channel
        opened = await d.slash(d.ids[players[0]], where, f"game new {slug}", **options)
        assert not opened.ephemeral, opened.content
        for name in players[1:]:
            joined = await d.slash(d.ids[name], where, "game join")
            assert not joined.ephemeral, joined.content
        if seed is not None:
            row = await self.live.store.open_game_in(where)
            assert row is not None
            await self.set_seed(row.id, seed)
        where, _ = await self.start_game(d.ids[players[0]], where)
        return where

    async def agree_all(self, channel: int) -> None:
        """Everyone waiting at the channel's rated lobby presses I agree
        (:func:`everyone_agrees`)."""
        await everyone_agrees(self.double, self.live.store, channel)

    async def start_game(self, user: int, channel: int) -> tuple[int, MessageRecord]:
        """`/game start` by `user` in `channel`: where the game is played and its first
        board (the turn message after the start card), once it is shown."""
        started = await self.double.slash(user, channel, "game start")
        assert started.response is not None and "Sorry" not in started.content
        where = await self.table(channel)
        return where, await self.board(where)

    async def board(self, channel: int, game_id: int | None = None) -> MessageRecord:
        """The game's turn message as it stands (the one live board), once the channel
        shows the latest version: of the channel's open game, or of the game ``game_id``
        (finished ones too)."""
        await self.settle()
        row = await (
            self.live.store.get(game_id)
            if game_id is not None
            else self.live.store.open_game_in(channel)
        )
        assert row is not None and row.turn_message_id is not None, "no board shown yet"
        return self.double.world.messages[row.turn_message_id]

    async def put_state(self, channel: int, state: dict[str, Any]) -> None:
        """Overwrite the snapshot of a channel's game (to stage a position)."""
        row, _ = await self.state(channel)
        await self.write_game(row.id, snapshot=json.dumps(state))

    async def settle(self, timeout: float = 5.0) -> None:
        """Until every channel shows its game's latest version: the outbox records a post
        just after the interaction was answered, so a dump taken at once could race it."""
        deadline = asyncio.get_running_loop().time() + timeout
        while await unshown(self.live.store) and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.02)

    async def dump(self) -> list[str]:
        """Every table's rows, read on a separate connection (committed data only): equal
        dumps mean an unchanged database."""
        store = self.live.store
        if isinstance(store, PostgresStore):
            tables = await store.pool.fetch(
                "SELECT table_name FROM information_schema.tables "
                "WHERE table_schema = current_schema() ORDER BY table_name"
            )
            lines: list[str] = []
            for (table,) in tables:
                rows = await store.pool.fetch(f'SELECT * FROM "{table}"')
                lines += sorted(f"{table} {tuple(r.values())!r}" for r in rows)
            return lines
        with contextlib.closing(sqlite3.connect(self.db_path)) as db:
            return list(db.iterdump())
