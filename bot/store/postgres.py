"""The game registry on PostgreSQL (asyncpg): the store that several bot processes share.

It runs the queries of :class:`bot.store.sql.SqlStore` (the promises of
:class:`bot.store.interface.GameStore`) on the same tables as SQLite: a move's snapshot,
log rows and final results commit in one transaction; a write is guarded by the game's
version (``UPDATE … WHERE version = $n``), so of two racing writers exactly one wins and
the other gets :class:`~bot.store.errors.Conflict`; a partial unique index allows one open
game per channel. The migrations applied are recorded in ``schema_migrations``; several
processes starting at once apply each once (an advisory lock orders them).

A lost connection is retried until ``retry_for`` seconds have passed, then surfaces as
:class:`~bot.store.errors.DatabaseUnavailable`. Retrying a write is only safe if we know
whether the lost attempt committed (the server may have committed a move whose
acknowledgement never arrived): every write runs in an explicit transaction whose id it
learns before ``COMMIT``, and after an ambiguous failure it asks the server for that
transaction's fate (``pg_xact_status``). Committed: the write is done, its result stands. Aborted:
it is replayed. A move is therefore never lost and never applied twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

import asyncpg

from bot.common.config import DatabaseSettings
from bot.store.dialect import POSTGRES
from bot.store.errors import DatabaseUnavailable, SchemaTooNew
from bot.store.migrations import scripts
from bot.store.records import Row
from bot.store.sql import SqlStore, Transaction
from engine.text import tx

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from asyncpg.pool import PoolConnectionProxy

T = TypeVar("T")
Conn: TypeAlias = "PoolConnectionProxy[asyncpg.Record]"
Work = Callable[[Conn], Awaitable[T]]

#: The database's migrations: ``schema_migrations`` records those applied.
MIGRATIONS = scripts(POSTGRES.name)

MIGRATION_LOCK = 0x7475726E  # pg_advisory_xact_lock key: one migrator at a time
#: The first of the two keys of each game's outbox lock (a separate space from the above).
OUTBOX_LOCK = 0x6F757462

# Failures after which the same work may succeed on a fresh connection.
TRANSIENT: tuple[type[BaseException], ...] = (
    OSError,
    TimeoutError,
    asyncpg.PostgresConnectionError,
    asyncpg.exceptions.OperatorInterventionError,
    asyncpg.exceptions.InsufficientResourcesError,
    asyncpg.exceptions.TransactionRollbackError,
    asyncpg.exceptions.ConnectionDoesNotExistError,
)


async def _keep_session(connection: asyncpg.Connection) -> None:
    """Skip asyncpg's reset query on every release (one round trip per call): the store
    leaves no session state behind (no SET, LISTEN, temporary tables or session locks),
    and asyncpg still rolls back a transaction left open."""


def _is_lost(error: BaseException) -> bool:
    """A failure of the connection rather than of the statement: worth another try. That
    includes asyncpg's protocol falling out of step with the server, as when the server
    ends the session while asyncpg has not yet read why."""
    if isinstance(error, (*TRANSIENT, asyncpg.InternalClientError)):
        return True
    return isinstance(error, asyncpg.InterfaceError) and "connection is closed" in str(error)


#: A ``?`` marker outside a quoted literal.
_MARKER = re.compile(r"'(?:[^']|'')*'|\?")


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """SQL written with ``?`` markers in PostgreSQL's: ``$1``, ``$2``… in order."""
    count = 0

    def number(found: re.Match[str]) -> str:
        nonlocal count
        if found[0] != "?":
            return found[0]
        count += 1
        return f"${count}"

    return _MARKER.sub(number, sql)


class _Connected:
    """A transaction on a pooled connection."""

    def __init__(self, conn: Conn) -> None:
        self.conn = conn

    async def execute(self, sql: str, *params: Any) -> int:
        status = await self.conn.execute(numbered(sql), *params)
        return int(status.split()[-1])

    async def fetch(self, sql: str, *params: Any) -> list[Row]:
        return list(await self.conn.fetch(numbered(sql), *params))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.conn.executemany(numbered(sql), rows)


class PostgresStore(SqlStore):
    """Async access to the registry on PostgreSQL. Open with :meth:`open`.

    Reads and writes each take a connection of the pool; a read sees committed data only
    (PostgreSQL's snapshot isolation), so no coroutine ever sees another's transaction
    half-way, as with SQLite's separate read connection.
    """

    dialect = POSTGRES
    _unique_violation = asyncpg.UniqueViolationError

    def __init__(self, pool: asyncpg.Pool, settings: DatabaseSettings) -> None:
        self.pool = pool
        self.settings = settings

    @classmethod
    async def open(cls, settings: DatabaseSettings) -> PostgresStore:
        """Connect (retrying while the server is unreachable) and migrate."""
        assert settings.url is not None
        loop = asyncio.get_running_loop()
        deadline = loop.time() + settings.retry_for
        while True:
            try:
                pool = await asyncpg.create_pool(
                    settings.url,
                    min_size=settings.pool_min,
                    max_size=settings.pool_max,
                    timeout=settings.connect_timeout,
                    command_timeout=settings.command_timeout,
                    reset=_keep_session,
                )
                break
            except TRANSIENT as exc:
                if loop.time() >= deadline:
                    raise DatabaseUnavailable(
                        f"Could not reach {settings.describe()} for {settings.retry_for:g} s: "
                        f"{exc or type(exc).__name__}"
                    ) from exc
                log.warning("waiting for %s: %s", settings.describe(), exc)
                await asyncio.sleep(min(1.0, max(0.0, deadline - loop.time())))
        store = cls(pool, settings)
        try:
            await store.migrate()
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        await self.pool.close()

    # ---------- running work, surviving lost connections ----------

    def _unavailable(self) -> DatabaseUnavailable:
        return DatabaseUnavailable(
            tx(
                "The game database ({database}) has been unreachable for {seconds} s, so "
                "nothing was changed; please try again later.",
                database=self.settings.describe(),
                seconds=whole_or(self.settings.retry_for),
            )
        )

    async def _pause(self, deadline: float, delay: float, error: BaseException) -> float:
        """Sleep before the next attempt, or give up once ``deadline`` passed."""
        loop = asyncio.get_running_loop()
        remaining = deadline - loop.time()
        if remaining <= 0:
            log.error("database unreachable for %g s: %r", self.settings.retry_for, error)
            raise self._unavailable() from error
        log.warning("database connection lost, retrying: %r", error)
        await asyncio.sleep(min(delay, remaining))
        return min(delay * 2, 1.0)

    @contextlib.asynccontextmanager
    async def _connection(self) -> AsyncIterator[Conn]:
        """A pooled connection; one that failed as lost is closed, never reused."""
        async with self.pool.acquire(timeout=self.settings.connect_timeout) as conn:
            try:
                yield conn
            except Exception as exc:
                if _is_lost(exc):
                    # asyncpg has already let go of a connection it saw close.
                    with contextlib.suppress(asyncpg.InterfaceError):
                        conn.terminate()
                raise

    async def _read(self, work: Work[T]) -> T:
        """Run a read; on a lost connection, run it again on a fresh one."""
        deadline = asyncio.get_running_loop().time() + self.settings.retry_for
        delay = 0.05
        while True:
            try:
                async with self._connection() as conn:
                    return await work(conn)
            except Exception as exc:
                if not _is_lost(exc):
                    raise
                delay = await self._pause(deadline, delay, exc)

    async def _write(self, work: Work[T]) -> T:
        """Run ``work`` in one transaction, exactly once however the connection fails."""
        deadline = asyncio.get_running_loop().time() + self.settings.retry_for
        delay = 0.05
        while True:
            xid: str | None = None
            done: list[T] = []
            try:
                async with self._connection() as conn:
                    transaction = conn.transaction()
                    await transaction.start()
                    try:
                        xid = await conn.fetchval("SELECT pg_current_xact_id()::text")
                        done.append(await work(conn))
                    except BaseException:
                        # On a lost connection the server rolls back by itself.
                        with contextlib.suppress(
                            asyncpg.InterfaceError, asyncpg.InternalClientError, *TRANSIENT
                        ):
                            await transaction.rollback()
                        raise
                    await transaction.commit()
                    return done[0]
            except Exception as exc:
                if not _is_lost(exc):
                    raise
                # COMMIT is only sent after ``work`` finished; if the connection broke
                # from then on, the server may have committed: ask it.
                if done and xid is not None and await self._committed(xid, deadline):
                    return done[0]
                delay = await self._pause(deadline, delay, exc)

    async def _committed(self, xid: str, deadline: float) -> bool:
        """Whether transaction ``xid`` committed, once the server has settled it."""
        loop = asyncio.get_running_loop()
        delay = 0.02
        while True:
            try:
                async with self._connection() as conn:
                    status = await conn.fetchval("SELECT pg_xact_status($1::text::xid8)", xid)
                    if status == "in progress":
                        # Its backend has not noticed our side is gone: end it, which
                        # aborts the transaction unless its commit already began.
                        await conn.execute(
                            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                            "WHERE backend_xid = $1::text::xid8::xid",
                            xid,
                        )
            except Exception as exc:
                if not _is_lost(exc):
                    raise
                delay = await self._pause(deadline, delay, exc)
                continue
            if status != "in progress":
                log.warning("a commit lost its acknowledgement; it %s", status)
                return bool(status == "committed")
            if loop.time() >= deadline:
                raise self._unavailable()
            await asyncio.sleep(delay)

    # ---------- schema ----------

    async def migrate(self) -> int:
        """Each migration in its own transaction, the next one chosen under the lock."""

        async def step(conn: Conn) -> bool:
            """Apply the next missing migration; False when there is none."""
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                "number INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
            )
            current = int(
                await conn.fetchval("SELECT COALESCE(MAX(number), 0) FROM schema_migrations")
            )
            if current > len(MIGRATIONS):
                raise SchemaTooNew(
                    f"The database {self.settings.describe()} was written by a newer "
                    f"Turnstile (schema {current}; this one knows up to {len(MIGRATIONS)})"
                    ". Run the newer version, or restore a backup."
                )
            if current == len(MIGRATIONS):
                return False
            await conn.execute(MIGRATIONS[current])
            await conn.execute("INSERT INTO schema_migrations (number) VALUES ($1)", current + 1)
            return True

        while await self._write(step):
            pass
        await self._run_data_steps()
        return len(MIGRATIONS)

    async def _rows(self, sql: str, *params: Any) -> list[Row]:
        return list(await self._read(lambda c: c.fetch(numbered(sql), *params)))

    async def _change(self, sql: str, *params: Any) -> int:
        return await self._transaction(lambda tx: tx.execute(sql, *params))

    async def _insert(self, sql: str, *params: Any) -> int:
        return int(
            await self._write(lambda c: c.fetchval(numbered(f"{sql} RETURNING id"), *params))
        )

    async def _transaction(self, work: Callable[[Transaction], Awaitable[T]]) -> T:
        return await self._write(lambda c: work(_Connected(c)))

    def posting(self, game_id: int) -> contextlib.AbstractAsyncContextManager[bool]:
        """A transaction-scoped advisory lock on a pooled connection, held until the block
        ends: nothing is written, so a process that dies while posting leaves nothing
        behind (the server ends its session and the lock with it), and the next one finds
        the update still owed. Ids past 2**31 share a key now and then: a collision only
        delays a post by one tick."""
        return self._posting(game_id)

    @contextlib.asynccontextmanager
    async def _posting(self, game_id: int) -> AsyncIterator[bool]:
        async with self._connection() as conn:
            transaction = conn.transaction()
            await transaction.start()
            try:
                yield bool(
                    await conn.fetchval(
                        "SELECT pg_try_advisory_xact_lock($1, $2)", OUTBOX_LOCK, game_id % 2**31
                    )
                )
            finally:
                # Nothing to keep; on a lost connection the server has let go already.
                with contextlib.suppress(
                    asyncpg.InterfaceError, asyncpg.InternalClientError, *TRANSIENT
                ):
                    await transaction.rollback()


def whole_or(seconds: float) -> float | int:
    """Seconds as a text's value: 30, not 30.0."""
    return int(seconds) if seconds.is_integer() else seconds
