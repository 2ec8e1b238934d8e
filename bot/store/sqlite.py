"""The registry in one SQLite file (aiosqlite, WAL mode), which one process holds.

Two connections: ``db`` writes (one statement or transaction at a time, under
``write_lock``), ``reader`` reads. In WAL mode a read on its own connection sees only
committed data, so no coroutine ever sees another's transaction half-way. The number of
migrations applied is the file's ``PRAGMA user_version``. The bot opens the file with
:meth:`SqliteStore.open_locked`, which holds its :class:`~bot.store.sqlite_lock.ProcessLock`
until the store is closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.store.dialect import SQLITE
from bot.store.errors import SchemaTooNew, StoreBusy
from bot.store.migrations import scripts, statements
from bot.store.records import Row
from bot.store.sql import SqlStore, Transaction
from bot.store.sqlite_lock import ProcessLock
from engine.text import tx

T = TypeVar("T")

#: How long a write may wait for the database (another process holding it, say): one
#: bound for the whole queue of writes, well inside Discord's 3-second deadline.
BUSY_SECONDS = 1.0

#: The file's migrations: ``PRAGMA user_version`` counts those applied.
MIGRATIONS = scripts(SQLITE.name)

BUSY = tx("The game database is busy right now; nothing was changed. Try again in a moment.")


class _Writing:
    """A transaction on the writing connection."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    async def execute(self, sql: str, *params: Any) -> int:
        cursor = await self.db.execute(sql, params)
        return cursor.rowcount

    async def fetch(self, sql: str, *params: Any) -> list[Row]:
        return list(await self.db.execute_fetchall(sql, params))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.db.executemany(sql, rows)


async def _user_version(db: aiosqlite.Connection) -> int:
    async with db.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row else 0


class SqliteStore(SqlStore):
    """The registry in a SQLite file. Open with :meth:`open_locked` (the bot) or
    :meth:`open`, close with :meth:`close`."""

    dialect = SQLITE
    _unique_violation = sqlite3.IntegrityError

    def __init__(
        self,
        db: aiosqlite.Connection,
        reader: aiosqlite.Connection,
        lock: ProcessLock | None = None,
    ) -> None:
        self.db = db
        self.reader = reader
        self.lock = lock
        self.write_lock = asyncio.Lock()
        #: When a write last found the file locked by someone else.
        self._found_locked = 0.0

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
        store.lock = lock
        return store

    @classmethod
    async def open(cls, path: str | Path) -> SqliteStore:
        """Open (and migrate) the file without its process lock: for a caller that holds
        it already, or a test playing a second process."""
        path = Path(path)
        memory = str(path) == ":memory:"
        if not memory:
            path.parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            if (found := await _user_version(db)) > len(MIGRATIONS):
                raise SchemaTooNew(
                    f"The database {path} was written by a newer Turnstile (schema {found}; "
                    f"this one knows up to {len(MIGRATIONS)}). Run the newer version, or point "
                    "DATABASE_PATH at another file."
                )
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute("PRAGMA synchronous=NORMAL")
            await db.execute("PRAGMA foreign_keys=ON")
            await db.execute(f"PRAGMA busy_timeout={int(BUSY_SECONDS * 1000)}")
            if memory:  # one private database per connection: read where it is written
                reader = db
            else:
                reader = await aiosqlite.connect(str(path), isolation_level=None)
                await reader.execute("PRAGMA query_only=ON")
                await reader.execute(f"PRAGMA busy_timeout={int(BUSY_SECONDS * 1000)}")
        except BaseException:
            await db.close()
            raise
        store = cls(db, reader)
        await store.migrate()
        return store

    async def close(self) -> None:
        try:
            if self.reader is not self.db:
                await self.reader.close()
            await self.db.close()
        finally:
            if self.lock is not None:
                self.lock.release()

    async def migrate(self) -> int:
        current = await _user_version(self.db)
        for number, script in enumerate(MIGRATIONS, start=1):
            if number <= current:
                continue
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                for statement in statements(script):
                    await self.db.execute(statement)
                await self.db.execute(f"PRAGMA user_version = {number}")
                await self.db.execute("COMMIT")
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise
        await self._run_data_steps()
        return len(MIGRATIONS)

    @contextlib.asynccontextmanager
    async def writing(self) -> AsyncIterator[aiosqlite.Connection]:
        """The writing connection, for one statement or transaction.

        Waiting is bounded: for the lock at most ``BUSY_SECONDS``, in SQLite at most its
        busy timeout; and when the file is found locked, the writes that were queued
        behind that one fail at once instead of each waiting its own timeout in turn.
        Either way: :class:`~bot.store.errors.StoreBusy`, and nothing was written.
        """
        asked = time.monotonic()
        try:
            async with asyncio.timeout(BUSY_SECONDS):
                await self.write_lock.acquire()
        except TimeoutError:
            raise StoreBusy(BUSY) from None
        try:
            if asked < self._found_locked:
                raise StoreBusy(BUSY)
            yield self.db
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise
            self._found_locked = time.monotonic()
            raise StoreBusy(BUSY) from exc
        finally:
            self.write_lock.release()

    async def _rows(self, sql: str, *params: Any) -> list[Row]:
        """One query run to its end in a single call on the reader's thread. A cursor left
        open across an ``await`` keeps the reader's read transaction, and so its snapshot,
        alive while other coroutines read on the same connection: they would miss commits
        made meanwhile (a lobby not found right after it was created)."""
        return list(await self.reader.execute_fetchall(sql, params))

    async def _change(self, sql: str, *params: Any) -> int:
        async with self.writing() as db:
            cursor = await db.execute(sql, params)
            return cursor.rowcount

    async def _insert(self, sql: str, *params: Any) -> int:
        async with self.writing() as db:
            cursor = await db.execute(sql, params)
            assert cursor.lastrowid is not None
            return cursor.lastrowid

    async def _transaction(self, work: Callable[[Transaction], Awaitable[T]]) -> T:
        async with self.writing() as db:
            await db.execute("BEGIN IMMEDIATE")  # a locked file fails here, before any change
            try:
                done = await work(_Writing(db))
                await db.execute("COMMIT")
            except BaseException:
                await db.execute("ROLLBACK")
                raise
            return done

    def posting(self, game_id: int) -> contextlib.AbstractAsyncContextManager[bool]:
        """Always: one process serves a SQLite file, and in it the presenter shows one
        game at a time."""
        return contextlib.nullcontext(True)
