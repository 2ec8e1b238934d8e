"""One asyncio lock per key (a game id), dropped when nobody needs it, so a long-running
bot keeps no lock per game it ever saw."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator


class KeyedLocks:
    def __init__(self) -> None:
        #: Per key: its lock and how many coroutines hold or wait for it.
        self._locks: dict[int, tuple[asyncio.Lock, int]] = {}

    @contextlib.asynccontextmanager
    async def hold(self, key: int) -> AsyncIterator[None]:
        lock, users = self._locks.get(key, (asyncio.Lock(), 0))
        self._locks[key] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            _, users = self._locks[key]
            if users == 1:
                del self._locks[key]
            else:
                self._locks[key] = (lock, users - 1)

    def held(self, key: int) -> bool:
        """Whether someone holds (or waits for) the lock of ``key`` right now."""
        return key in self._locks

    def __len__(self) -> int:
        return len(self._locks)
