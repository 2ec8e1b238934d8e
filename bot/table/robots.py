"""Robot decisions off the event loop: a small pool of worker processes.

A search at level ``hard`` costs up to about a second of one core, and pure Python holds
the GIL, so it would freeze every other table if it ran in the loop or in a thread. Each
decision is sent to a worker process as plain data (``engine.ai.robot_move``: slug,
state, seat, random state, level -> code); the loop only awaits the answer. Workers come
from a fork server started once, so they never copy the bot's threads or connections,
and end with the bot (``bot.common.processes``).
A worker that dies is replaced and the decision asked again (it is deterministic).
The coach's work (a hint, a review: up to seconds each) runs in a lane of its own, at a
lower priority, so no robot decision ever waits behind it.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from bot.common.processes import worker_pool
from engine import State
from engine.ai import robot_move

log = logging.getLogger(__name__)

T = TypeVar("T")

#: What a seat the AI took over from a person plays, and a robot without a level.
DEFAULT_LEVEL = "normal"
#: The coach's own workers (its hints and reviews: up to seconds each).
COACH_WORKERS = 1
#: How much nicer than the bot a coach worker is. Robots (and the event loop) come first;
#: the coach, like a replay (``bot.table.replay_worker``), runs on the time they leave. By
#: Linux's weights (1024 at 0, 110 at 10), a robot sharing a core with the coach keeps
#: about nine tenths of it.
COACH_NICENESS = 10


class Lane:
    """Worker processes for one kind of work, which waits only behind its own kind:
    ``await lane.run(work, *args)``. Started on first use; a worker that dies is replaced
    and the work asked again (it must be deterministic)."""

    def __init__(self, workers: int, niceness: int = 0) -> None:
        if workers < 1:
            raise ValueError("a lane needs at least one worker process")
        self.workers = workers
        self.niceness = niceness
        self.thinking = 0  # works asked and not answered yet
        self._pool: ProcessPoolExecutor | None = None

    @property
    def pool(self) -> ProcessPoolExecutor:
        """The worker pool, started on first use."""
        if self._pool is None:
            # os.nice(0) leaves a worker as the bot is.
            self._pool = worker_pool(self.workers, os.nice, (self.niceness,))
        return self._pool

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` in a worker process of this lane."""
        self.thinking += 1
        try:
            loop = asyncio.get_running_loop()
            for attempt in (1, 2):
                try:
                    return await loop.run_in_executor(self.pool, work, *args)
                except BrokenProcessPool:
                    log.warning("a worker died (attempt %d); starting a new pool", attempt)
                    self._discard()
            raise RuntimeError("workers keep dying")
        finally:
            self.thinking -= 1

    def _discard(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def close(self) -> None:
        """Stop the workers (work under way is abandoned)."""
        self._discard()


class Robots:
    """The bot's robot players (``await robots.move(...)`` gives a robot's code) and the
    coach's thinking (``await robots.advise(...)``), in two lanes: a review holds a worker
    for seconds, and the robots of every table must never wait behind it."""

    def __init__(self, workers: int = 1, coach_workers: int = COACH_WORKERS) -> None:
        self.moves = Lane(workers)
        self.coach = Lane(coach_workers, COACH_NICENESS)

    @property
    def workers(self) -> int:
        return self.moves.workers

    @property
    def thinking(self) -> int:
        """Robot decisions asked and not answered yet."""
        return self.moves.thinking

    async def move(self, slug: str, state: State, seat: str, rng_state: int, level: str) -> str:
        """``seat``'s code at ``level``, decided in a robots' worker."""
        return await self.moves.run(robot_move, slug, state, seat, rng_state, level)

    async def advise(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` in the coach's lane: the coach's advice (``bot.table.coaching``),
        as deterministic as a decision."""
        return await self.coach.run(work, *args)

    def close(self) -> None:
        """Stop the workers (a search under way is abandoned: its move is not committed)."""
        self.moves.close()
        self.coach.close()
