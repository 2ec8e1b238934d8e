"""The clock that drives time-driven table events: resuming AI turns at start-up, agreed
game lengths, reminders and idle seats, and what a channel missed.

What is due and what to do about it is the table's (:mod:`bot.table.timers`: when to
remind, call an idle vote, or play for a game whose agreed time ran out, each recorded
before it is said); the clock asks it on every tick and posts what it decided.

Each tick asks one question, which games of this process's shards have work due now
(:mod:`bot.store.due`), and loads only those: a tick over thousands of running games
costs one query. Another process's games are never touched.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.chat.handlers.attendance import Attendance
from bot.chat.updates import Updates
from bot.common.pace import Timing
from bot.common.shards import Shards
from bot.store.errors import Conflict
from bot.store.records import GameRow
from bot.table.life import Life
from bot.table.service import Clock, Tables
from bot.table.timers import Due, Timers
from engine.text import tx

log = logging.getLogger(__name__)


class Clockwork:
    """The bot's clock, supervised: if its loop ever dies it starts again, and each game's
    work has its own error handling and time limit, so one game never stops the others."""

    def __init__(
        self,
        life: Life,
        timers: Timers,
        tables: Tables,
        updates: Updates,
        attendance: Attendance,
        clock: Clock,
        ready: Callable[[], Awaitable[None]],
        per_game: float = 30.0,
        shards: Shards | None = None,
    ) -> None:
        self.life = life
        self.timers = timers
        self.tables = tables
        self.updates = updates
        self.attendance = attendance
        self.clock = clock
        self.ready = ready
        #: Seconds one game's work may take in a tick (a hung request must not stall all).
        self.per_game = per_game
        #: The shards this process runs: the clock only ever acts on their games.
        self.shards = shards or Shards()
        #: Whether a tick went round since start-up (the first one is the resume).
        self.ticked = False
        #: One tick at a time: a tick asked for while the loop's own is running waits for
        #: it, so it never sees a timer marked but its notice not yet posted.
        self.ticking = asyncio.Lock()

    async def run(self, every: float) -> None:
        """Tick every ``every`` seconds, for as long as the bot runs."""
        await self.ready()
        log.info("the clock runs for %s", self.shards.describe())
        while True:
            try:
                await self.keep_time(every)
            except Exception:
                pause = min(every, 60.0)
                log.exception("the clock stopped; it starts again in %g s", pause)
                await asyncio.sleep(pause)

    async def keep_time(self, every: float) -> None:
        while True:
            await self.tick()
            await asyncio.sleep(every)

    async def tick(self) -> int:
        """One round over the games with work due: AI turns left pending (after a
        restart, or a failure last time), time limits, reminders and idle seats, and what
        a channel has not seen yet (the outbox). The first tick after start-up is the
        resume. One tick at a time. Returns how many games had work due."""
        async with self.ticking:
            return await self.tick_once()

    async def tick_once(self) -> int:
        now = self.clock()
        due = await self.timers.due(now, self.shards)
        for game in due:
            await self.isolated(game.game_id, self.work(game, now))
        if not self.ticked:
            log.info("resumed: %d games had work due", len(due))
            self.ticked = True
        return len(due)

    async def isolated(self, game_id: int, work: Awaitable[None]) -> None:
        """One game's work: its failure is logged (and retried next tick), its time bounded."""
        try:
            async with asyncio.timeout(self.per_game):
                await work
        except Conflict:
            # Someone else wrote first (a player, or another process briefly running the
            # same shard during a restart): the next tick looks at the game afresh.
            log.info("game %s moved on while the clock worked on it", game_id)
        except TimeoutError:
            # A long robot chain, say: what it committed stands, the next tick goes on.
            log.warning(
                "the clock's work on game %s outlasted %g s; it goes on", game_id, self.per_game
            )
        except Exception:
            log.exception("the clock's work on game %s failed; it is retried", game_id)

    async def work(self, due: Due, now: float) -> None:
        row = await self.life.game(due.game_id)
        courier = self.updates.courier
        # A place that kept refusing the bot is left alone until Discord says it changed
        # (see Courier.given_up): no request every tick forever, no turn it cannot show.
        if row is None or courier.given_up(row.channel_id):
            return
        if row.status == "active":
            await self.tend(row, now, due.timing)
            row = await self.life.game(row.id) or row
        if (
            row.shown_version < row.version
            and not courier.in_flight(row.channel_id)
            and not courier.given_up(row.channel_id)
        ):
            await self.catch_up(row)

    async def tend(self, row: GameRow, now: float, limits: Timing | None) -> None:
        """AI turns left pending, then the time limit and the turn clock."""
        result = await self.tables.advance(row)
        if result is not None:
            await self.updates.post(result)
        if limits is None:
            return
        fresh = await self.life.game(row.id)
        if fresh is not None and fresh.status == "active":
            await self.time_limit(fresh, now)
        fresh = await self.life.game(row.id)
        if fresh is not None and fresh.status == "active":
            await self.turn_clock(fresh, now, limits)

    async def turn_clock(self, row: GameRow, now: float, limits: Timing) -> None:
        """Post what the turn clock called for this turn, if anything (a reminder, or the
        idle notice with its vote): the table decided and recorded it first."""
        notice = await self.timers.turn_clock(row, now, limits)
        if notice is None:
            return
        if notice.kind == "idle":
            await self.attendance.announce_idle(row, notice.seats)
        else:
            await self.attendance.remind(row, notice.seats)

    async def time_limit(self, row: GameRow, now: float) -> None:
        result = await self.timers.time_limit(row, now)
        if result is not None:
            await self.updates.post(result, tx("⏰ **Time is up!**"))

    async def catch_up(self, row: GameRow) -> None:
        """Show what the channel missed, once: one process at a time may (the table's
        :meth:`~bot.table.life.Life.posting`), and it looks again first, since another
        may have shown it meanwhile. A post that fails stays owed, and so does one whose
        process died: nothing is marked before the channel has it."""
        async with self.life.posting(row.id) as mine:
            if not mine:
                return
            fresh = await self.life.game(row.id)
            if fresh is not None and fresh.shown_version < fresh.version:
                await self.updates.catch_up(fresh)
