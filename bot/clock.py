"""Time-driven table events: resuming AI turns at start-up, agreed game lengths,
reminders and idle seats.

The engine has no clock; when a game was agreed to last a number of minutes (an option
value ``minutes-N``), the bot plays the engine's game-leader move when time is up. The
turn clock lives in the database (``turn_started_at`` and the version each notice was
sent for), so it survives restarts and a notice for a turn that moved on is never sent.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable

from bot.actions import Actions
from bot.attendance import Attendance, idle_seats
from bot.pace import timing
from bot.store import GameRow, Store
from bot.tables import Clock, Tables
from engine import LEADER, IllegalMove, get_game

log = logging.getLogger(__name__)

MINUTES = re.compile(r"^minutes-(\d+)$")


def deadline(row: GameRow) -> float | None:
    """When an agreed time limit runs out, if the table agreed one."""
    if row.started_at is None:
        return None
    for value in row.options.values():
        match = MINUTES.match(value)
        if match:
            return row.started_at + 60 * int(match.group(1))
    return None


class Clockwork:
    """The bot's clock, supervised: if its loop ever dies it starts again, and each game's
    work has its own error handling and time limit, so one game never stops the others."""

    def __init__(
        self,
        store: Store,
        tables: Tables,
        actions: Actions,
        attendance: Attendance,
        clock: Clock,
        ready: Callable[[], Awaitable[None]],
        per_game: float = 30.0,
    ) -> None:
        self.store = store
        self.tables = tables
        self.actions = actions
        self.attendance = attendance
        self.clock = clock
        self.ready = ready
        #: Seconds one game's work may take in a tick (a hung request must not stall all).
        self.per_game = per_game
        #: One tick at a time: a tick asked for while the loop's own is running waits for
        #: it, so it never sees a timer marked but its notice not yet posted.
        self.ticking = asyncio.Lock()

    async def run(self, every: float) -> None:
        """Tick every ``every`` seconds, for as long as the bot runs."""
        await self.ready()
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

    async def tick(self) -> None:
        """One round over the games: AI turns left pending (after a restart, or a failure
        last time), time limits, reminders and idle seats; then what a channel has not
        seen yet (the outbox) is posted."""
        async with self.ticking:
            await self.tick_once()

    async def tick_once(self) -> None:
        now = self.clock()
        for row in await self.store.games_with_status("active"):
            await self.isolated(row, self.tend(row, now))
        for row in await self.store.unshown():
            if not self.actions.courier.in_flight(row.channel_id):
                await self.isolated(row, self.actions.catch_up(row))

    async def isolated(self, row: GameRow, work: Awaitable[None]) -> None:
        """One game's work: its failure is logged (and retried next tick), its time bounded."""
        try:
            async with asyncio.timeout(self.per_game):
                await work
        except Exception:
            log.exception("the clock's work on game %s failed; it is retried", row.id)

    async def tend(self, row: GameRow, now: float) -> None:
        result = await self.tables.advance(row)
        if result is not None:
            await self.actions.post(result)
        for step in (self.time_limit, self.turn_clock):
            fresh = await self.store.get(row.id)
            if fresh is None or fresh.status != "active":
                return
            await step(fresh, now)

    async def turn_clock(self, row: GameRow, now: float) -> None:
        """One reminder, then one idle notice, per turn of the people the game waits on."""
        if row.turn_started_at is None or row.guild_id is None:
            return
        people = idle_seats(row)
        if not people:
            return
        _, overrides = await self.store.guild_settings(row.guild_id)
        limits = timing(row.pace, overrides)
        elapsed = now - row.turn_started_at
        # With nobody else at the table there is no one to vote: a solo game against
        # robots just gets its reminder and waits for its person.
        voters = [s for s in row.seats if not s.ai and s not in people]
        if voters and elapsed >= limits.idle and row.idle_version != row.version:
            if await self.store.mark_timer(row, "idle"):
                await self.attendance.announce_idle(row, people)
        elif (
            elapsed >= limits.remind
            and row.idle_version != row.version
            and await self.store.mark_timer(row, "remind")
        ):
            await self.attendance.remind(row, people)

    async def time_limit(self, row: GameRow, now: float) -> None:
        due = deadline(row)
        if due is None or now < due:
            return
        game = get_game(row.slug)
        state = game.load(row.snapshot or {})
        codes = [m.code for m in game.legal_moves(state, LEADER)]
        if not codes:
            return
        try:
            result = await self.tables.play(row, LEADER, [codes[0]])
        except IllegalMove:
            return
        await self.actions.post(result, "⏰ **Time is up!**")
