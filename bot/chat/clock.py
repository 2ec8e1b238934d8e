"""Time-driven table events: resuming AI turns at start-up, agreed game lengths,
reminders and idle seats, and what a channel missed.

The engine has no clock; when a game was agreed to last a number of minutes (an option
value ``minutes-N``), the bot plays the engine's game-leader move when time is up. The
turn clock lives in the database (``turn_started_at`` and the version each notice was
sent for), so it survives restarts and a notice for a turn that moved on is never sent.

Each tick asks the store one question, which games of this process's shards have work
due now (:mod:`bot.store.due`), and loads only those: a tick over thousands of running games
costs one query. Another process's games are never touched.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable

from bot.chat.handlers.attendance import Attendance, idle_seats, voters_about
from bot.chat.updates import Updates
from bot.common.pace import PACES, Timing, timing
from bot.common.shards import Shards
from bot.store import Conflict, GameRow
from bot.store.due import Due
from bot.store.interface import GameStore
from bot.table.service import Clock, Tables
from engine import LEADER, IllegalMove, get_game
from engine.text import tx

log = logging.getLogger(__name__)

MINUTES = re.compile(r"^minutes-(\d+)$")
#: Each pace's delays before a server overrides them (the store applies overrides).
PACE_DEFAULTS = {pace: timing(pace, {}) for pace in PACES}


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
        store: GameStore,
        tables: Tables,
        updates: Updates,
        attendance: Attendance,
        clock: Clock,
        ready: Callable[[], Awaitable[None]],
        per_game: float = 30.0,
        shards: Shards | None = None,
    ) -> None:
        self.store = store
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
        due = await self.store.due(now, PACE_DEFAULTS, self.shards)
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
        row = await self.store.get(due.game_id)
        courier = self.updates.courier
        # A place that kept refusing the bot is left alone until Discord says it changed
        # (see Courier.given_up): no request every tick forever, no turn it cannot show.
        if row is None or courier.given_up(row.channel_id):
            return
        if row.status == "active":
            await self.tend(row, now, due.timing)
            row = await self.store.get(row.id) or row
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
        fresh = await self.store.get(row.id)
        if fresh is not None and fresh.status == "active":
            await self.time_limit(fresh, now)
        fresh = await self.store.get(row.id)
        if fresh is not None and fresh.status == "active":
            await self.turn_clock(fresh, now, limits)

    async def turn_clock(self, row: GameRow, now: float, limits: Timing) -> None:
        """One reminder, then one idle notice, per turn of the people the game waits on.
        A turn with nothing more to send (nobody who could vote, or nobody waited on) is
        marked done once both delays passed, so the clock stops looking at it."""
        if row.turn_started_at is None or row.guild_id is None:
            return
        people = idle_seats(row)
        elapsed = now - row.turn_started_at
        # With nobody else at the table there is no one to vote: a solo game against
        # robots just gets its reminder and waits for its person.
        voters = voters_about(row, people)
        if people and voters and elapsed >= limits.idle and row.idle_version != row.version:
            # The vote is called (recorded) with its notice: only a called vote counts.
            seats, electorate = [s.id for s in people], [s.id for s in voters]
            if await self.store.call_vote(row, seats, electorate):
                await self.attendance.announce_idle(row, people)
        elif (
            people
            and elapsed >= limits.remind
            and row.idle_version != row.version
            and await self.store.mark_timer(row, "remind")
        ):
            await self.attendance.remind(row, people)
        elif elapsed >= max(limits.remind, limits.idle) and row.idle_version != row.version:
            await self.store.mark_timer(row, "idle")

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
        await self.updates.post(result, tx("⏰ **Time is up!**"))

    async def catch_up(self, row: GameRow) -> None:
        """Show what the channel missed, once: one process at a time may (the store's
        :meth:`~bot.store.interface.GameStore.posting`), and it looks again first, since another
        may have shown it meanwhile. A post that fails stays owed, and so does one whose
        process died: nothing is marked before the channel has it."""
        async with self.store.posting(row.id) as mine:
            if not mine:
                return
            fresh = await self.store.get(row.id)
            if fresh is not None and fresh.shown_version < fresh.version:
                await self.updates.catch_up(fresh)
