"""Answers kept (every costly answer has a ceiling): costly work that is deterministic is done once.

A review is a function of (game, version, seat, budget), a profile card of its data and
language, a replay of (game, version): asked again, it is handed out as it was. A burst of
the same question while it is being worked on waits for that one piece of work instead of
starting its own. What is kept is bounded (``room``, counted by ``size``), the least
recently used forgotten first; what may change (a leaderboard page) is kept ``fresh``
seconds only.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Kept(Generic[K, V]):
    """Values by key: at most ``room`` of them by ``size`` (1 each by default), each for
    ``fresh`` seconds (None: until forgotten for room)."""

    def __init__(
        self,
        room: int,
        *,
        size: Callable[[V], int] = lambda _: 1,
        fresh: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.room = room
        self.size = size
        self.fresh = fresh
        self.clock = clock
        self._kept: OrderedDict[K, tuple[float, V]] = OrderedDict()
        self._used = 0
        self._making: dict[K, asyncio.Task[V]] = {}

    def get(self, key: K) -> V | None:
        """The value kept for ``key`` (now the most recently used), or None."""
        found = self._kept.get(key)
        if found is None:
            return None
        when, value = found
        if self.fresh is not None and self.clock() - when >= self.fresh:
            self._forget(key)
            return None
        self._kept.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> None:
        """Keep ``value`` for ``key``, forgetting the least recently used beyond room."""
        if key in self._kept:
            self._forget(key)
        self._kept[key] = (self.clock(), value)
        self._used += self.size(value)
        while self._used > self.room and self._kept:
            self._forget(next(iter(self._kept)))

    def _forget(self, key: K) -> None:
        _, value = self._kept.pop(key)
        self._used -= self.size(value)

    async def make(self, key: K, work: Callable[[], Awaitable[V]]) -> V:
        """The value for ``key``: kept, or being made (awaited with whoever asked
        first), or made now by ``work`` and kept. A failure is not kept: everyone who
        waited for it gets it, and the next request tries again."""
        kept = self.get(key)
        if kept is not None:
            return kept
        making = self._making.get(key)
        if making is None:

            async def made() -> V:
                try:
                    value = await work()
                    self.put(key, value)
                    return value
                finally:
                    del self._making[key]

            making = self._making[key] = asyncio.get_running_loop().create_task(made())
            # Retrieved here so a failure nobody waits for any more is not reported.
            making.add_done_callback(lambda task: task.cancelled() or task.exception())
        # Shielded: one asker giving up does not cancel the work the others wait for.
        return await asyncio.shield(making)

    def __len__(self) -> int:
        return len(self._kept)
