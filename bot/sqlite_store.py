"""The SQLite registry as the bot opens it: :class:`bot.store.Store`, held by one process.

A SQLite file cannot be shared safely by several bot processes (each would run the clock
over every game and post the same updates twice), so the process that opens it holds an
exclusive lock on ``<file>.lock`` until it closes the store. The kernel drops the lock
when the process dies, even by SIGKILL, so a crash never leaves a stale lock behind.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from bot.store import Store
from bot.store_api import GameStore, StoreLocked


class ProcessLock:
    """An exclusive, non-blocking ``flock`` on a file next to the database."""

    def __init__(self, database: Path) -> None:
        self.path = database.with_name(database.name + ".lock")
        self._fd: int | None = None

    def acquire(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise StoreLocked(
                f"Another Turnstile process is already using {self.path.with_suffix('')}. "
                "A SQLite file serves one process only: stop the other process, or set "
                "DATABASE_URL to a PostgreSQL server to run several."
            ) from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None


class SqliteStore(Store, GameStore):
    """The registry of :mod:`bot.store` plus the one-process lock."""

    lock: ProcessLock | None = None

    @classmethod
    async def open_locked(cls, path: str | Path) -> SqliteStore:
        """Take the file's process lock, then open (and migrate) it."""
        lock = None
        if str(path) != ":memory:":
            lock = ProcessLock(Path(path))
            lock.acquire()
        try:
            store = await cls.open(path)
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        assert isinstance(store, SqliteStore)
        store.lock = lock
        return store

    async def close(self) -> None:
        try:
            await super().close()
        finally:
            if self.lock is not None:
                self.lock.release()
