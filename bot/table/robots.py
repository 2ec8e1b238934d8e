"""Robot decisions off the event loop: a small pool of worker processes.

A search at level ``hard`` costs up to about a second of one core, and pure Python holds
the GIL, so it would freeze every other table if it ran in the loop or in a thread. Each
decision is sent to a worker process as plain data (``engine.ai.robot_move``: slug,
state, seat, random state, level -> code); the loop only awaits the answer. Workers come
from a fork server started once, so they never copy the bot's threads or connections,
and end with the bot (``bot.common.processes``).
A worker that dies is replaced and the decision asked again (it is deterministic).
"""

from __future__ import annotations

import asyncio
import logging
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


class Robots:
    """The bot's robot players: ``await robots.move(...)`` gives a robot's code."""

    def __init__(self, workers: int = 1) -> None:
        if workers < 1:
            raise ValueError("robots need at least one worker process")
        self.workers = workers
        self.thinking = 0  # decisions asked and not answered yet
        self._pool: ProcessPoolExecutor | None = None

    @property
    def pool(self) -> ProcessPoolExecutor:
        """The worker pool, started on first use."""
        if self._pool is None:
            self._pool = worker_pool(self.workers)
        return self._pool

    async def move(self, slug: str, state: State, seat: str, rng_state: int, level: str) -> str:
        """``seat``'s code at ``level``, decided in a worker process."""
        return await self.think(robot_move, slug, state, seat, rng_state, level)

    async def think(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` in a worker process: a robot's decision, or the coach's advice
        (``bot.table.coaching``), which must be as deterministic as a decision."""
        self.thinking += 1
        try:
            loop = asyncio.get_running_loop()
            for attempt in (1, 2):
                try:
                    return await loop.run_in_executor(self.pool, work, *args)
                except BrokenProcessPool:
                    log.warning("a robot worker died (attempt %d); starting a new pool", attempt)
                    self._discard()
            raise RuntimeError("robot workers keep dying")
        finally:
            self.thinking -= 1

    def _discard(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def close(self) -> None:
        """Stop the workers (a search under way is abandoned: its move is not committed)."""
        self._discard()
