"""What only a database server can do to the store (docs/ARCHITECTURE.md §5): connections lost
mid-move, commits whose acknowledgement never arrives, a server that stays down, several
processes migrating at once, a schema from a newer Turnstile. And the two backends stay
twins: same tables, same columns, same public methods."""

from __future__ import annotations

import asyncio
import inspect
import sqlite3
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import asyncpg
import pytest

from bot.common.config import DatabaseSettings
from bot.store import Conflict, DatabaseUnavailable, GameStore, SchemaTooNew, open_store
from bot.store.postgres import MIGRATIONS, OUTBOX_LOCK, PostgresStore
from bot.store.sqlite import SqliteStore
from tests.store.pg_proxy import PgProxy
from tests.store.reads import schema_version
from tests.store.test_store import ALICE, BOB, active_game

PG_TYPES = {"bigint": "INTEGER", "double precision": "REAL", "text": "TEXT"}


def socket_dir(url: str) -> Path:
    return Path(dict(parse_qsl(urlsplit(url).query))["host"])


async def open_pg(url: str, retry_for: float = 10.0) -> PostgresStore:
    store = await open_store(DatabaseSettings(url=url, retry_for=retry_for))
    assert isinstance(store, PostgresStore)
    return store


async def test_migrations_are_recorded_in_their_table(postgres_url: str) -> None:
    store = await open_pg(postgres_url)
    numbers = await store.pool.fetch("SELECT number FROM schema_migrations ORDER BY number")
    assert [r["number"] for r in numbers] == list(range(1, len(MIGRATIONS) + 1))
    assert await schema_version(store) == len(MIGRATIONS)
    await store.close()


async def test_processes_starting_together_migrate_once(postgres_url: str) -> None:
    stores = await asyncio.gather(*(open_pg(postgres_url) for _ in range(4)))
    count = await stores[0].pool.fetchval("SELECT COUNT(*) FROM schema_migrations")
    assert count == len(MIGRATIONS)
    for store in stores:
        await store.close()


async def test_a_database_from_a_newer_turnstile_is_refused(postgres_url: str) -> None:
    store = await open_pg(postgres_url)
    await store.pool.execute(
        "INSERT INTO schema_migrations (number) VALUES ($1)", len(MIGRATIONS) + 1
    )
    await store.close()
    with pytest.raises(SchemaTooNew, match="newer Turnstile"):
        await open_pg(postgres_url)


async def test_backends_have_the_same_tables_columns_and_types(
    postgres_url: str, tmp_path: Path
) -> None:
    sqlite_store = await SqliteStore.open(tmp_path / "t.sqlite3")
    await sqlite_store.close()
    with sqlite3.connect(tmp_path / "t.sqlite3") as db:
        tables = [
            r[0]
            for r in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' "
                "AND name NOT LIKE 'sqlite_%' ORDER BY name"
            )
        ]
        lite = {t: {r[1]: r[2] for r in db.execute(f"PRAGMA table_info({t})")} for t in tables}
    store = await open_pg(postgres_url)
    rows = await store.pool.fetch(
        "SELECT table_name, column_name, data_type FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND table_name != 'schema_migrations'"
    )
    await store.close()
    pg: dict[str, dict[str, str]] = {}
    for r in rows:
        pg.setdefault(r["table_name"], {})[r["column_name"]] = PG_TYPES[r["data_type"]]
    assert pg == lite


#: How each backend is opened, and SQLite's own write connection: not the interface.
PLUMBING = {"open", "open_locked", "writing"}


def public_methods(cls: type) -> set[str]:
    return {n for n in dir(cls) if not n.startswith("_") and callable(getattr(cls, n))}


def test_both_backends_implement_the_whole_interface() -> None:
    """Every method of GameStore exists on both backends with the same parameters, and
    neither backend offers a public method the interface lacks (so none is missed on
    PostgreSQL when SQLite gains one)."""
    interface = public_methods(GameStore)
    for backend in (SqliteStore, PostgresStore):
        assert public_methods(backend) - PLUMBING == interface, backend.__name__
        for name in interface:
            assert inspect.signature(getattr(backend, name)) == inspect.signature(
                getattr(GameStore, name)
            ), f"{backend.__name__}.{name}"


async def test_a_connection_lost_mid_move_is_retried_once(postgres_url: str) -> None:
    """The server never saw the move's log row: it rolls back, the retry applies it once."""
    async with PgProxy(socket_dir(postgres_url)) as proxy:
        store = await open_pg(proxy.url(postgres_url))
        row = await active_game(store)
        proxy.cut_request(b"INSERT INTO moves")
        moved = await store.commit_moves(row, [("111", "roll", ["r"])], {"n": 1}, now=3.0)
        assert proxy.cuts == 1
        assert moved.version == row.version + 1
        assert [m.code for m in await store.moves(row.id)] == ["roll"]
        await store.close()


async def test_a_commit_whose_answer_is_lost_counts_once(postgres_url: str) -> None:
    """The server committed but the bot never heard so: no Conflict, no second move."""
    async with PgProxy(socket_dir(postgres_url)) as proxy:
        store = await open_pg(proxy.url(postgres_url))
        row = await active_game(store)
        proxy.cut_reply(b"COMMIT\x00")
        moved = await store.commit_moves(row, [("111", "roll", ["r"])], {"n": 1}, now=3.0)
        assert proxy.cuts == 1
        assert moved.version == row.version + 1 and moved.snapshot == {"n": 1}
        assert [m.code for m in await store.moves(row.id)] == ["roll"]
        proxy.cut_reply(b"COMMIT\x00")
        assert await store.mark_timer(moved, "remind") is True  # the notice goes out once
        assert proxy.cuts == 2
        with pytest.raises(Conflict):  # a real race is still a race
            await store.commit_moves(row, [("222", "roll", [])], {"n": 9}, now=4.0)
        await store.close()


async def test_a_lobby_whose_answer_is_lost_is_not_busy(postgres_url: str) -> None:
    async with PgProxy(socket_dir(postgres_url)) as proxy:
        store = await open_pg(proxy.url(postgres_url))
        proxy.cut_reply(b"COMMIT\x00")
        lobby = await store.create_lobby(
            guild_id=1, channel_id=9, slug="imagineers", host=BOB, options={}, seed=2, now=1.0
        )
        assert proxy.cuts == 1 and lobby.host_id == BOB.id
        count = await store.pool.fetchval("SELECT COUNT(*) FROM games")
        assert count == 1
        await store.close()


async def test_a_database_that_stays_down_is_a_clear_error(postgres_url: str) -> None:
    async with PgProxy(socket_dir(postgres_url)) as proxy:
        store = await open_pg(proxy.url(postgres_url), retry_for=0.6)
        row = await active_game(store)
        proxy.down()
        with pytest.raises(DatabaseUnavailable, match=r"unreachable for 0\.6 s"):
            await store.commit_moves(row, [("111", "roll", [])], {"n": 1}, now=3.0)
        with pytest.raises(DatabaseUnavailable):
            await store.get(row.id)
        proxy.up()
        fresh = await store.get(row.id)
        assert fresh is not None and fresh.version == row.version  # nothing half-written
        assert await store.moves(row.id) == []
        await store.close()


async def test_a_database_back_within_the_retry_time_loses_nothing(postgres_url: str) -> None:
    async with PgProxy(socket_dir(postgres_url)) as proxy:
        store = await open_pg(proxy.url(postgres_url), retry_for=10.0)
        row = await active_game(store)
        proxy.down()
        asyncio.get_running_loop().call_later(0.4, proxy.up)
        moved = await store.commit_moves(row, [("111", "roll", [])], {"n": 1}, now=3.0)
        assert moved.version == row.version + 1
        assert len(await store.moves(row.id)) == 1
        await store.close()


async def test_opening_waits_for_the_server_then_gives_up_clearly(postgres_url: str) -> None:
    async with PgProxy(socket_dir(postgres_url)) as proxy:
        proxy.down()
        with pytest.raises(DatabaseUnavailable, match=r"Could not reach PostgreSQL at 127\.0"):
            await open_pg(proxy.url(postgres_url), retry_for=0.5)
        asyncio.get_running_loop().call_later(0.3, proxy.up)
        store = await open_pg(proxy.url(postgres_url), retry_for=10.0)
        await store.close()


async def test_a_killed_server_connection_is_replaced(postgres_url: str) -> None:
    """An administrator (or a failover) ends the bot's sessions: the next call reconnects."""
    store = await open_pg(postgres_url)
    row = await active_game(store, seats=(ALICE, BOB))
    admin = await asyncpg.connect(postgres_url)
    await admin.execute(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        "WHERE datname = current_database() AND pid != pg_backend_pid()"
    )
    await admin.close()
    moved = await store.commit_moves(row, [("111", "roll", [])], {"n": 1}, now=3.0)
    assert moved.version == row.version + 1
    assert (await store.get(row.id)) == moved
    await store.close()


async def test_one_process_at_a_time_may_post_a_games_missed_update(postgres_url: str) -> None:
    """Processes sharing the database: while one brings a game's channel up to date, the
    others are told not to (another game stays free); after it, the next one may."""
    first, second = await open_pg(postgres_url), await open_pg(postgres_url)
    row = await active_game(first, channel=10)
    other = await active_game(first, channel=11)
    async with first.posting(row.id) as mine:
        assert mine
        async with second.posting(row.id) as theirs, second.posting(other.id) as free:
            assert not theirs and free
    async with second.posting(row.id) as theirs:
        assert theirs
    await first.close()
    await second.close()


async def test_a_process_that_dies_while_posting_leaves_no_lock(postgres_url: str) -> None:
    """The holder's session ends (the process was killed): the server lets go at once, so
    the update it was posting is taken on by another process, not lost."""
    first, second = await open_pg(postgres_url), await open_pg(postgres_url)
    row = await active_game(first)
    admin = await asyncpg.connect(postgres_url)
    async with first.posting(row.id) as mine:
        assert mine
        # This game's outbox lock (two int keys: objsubid 2): the server's other advisory
        # locks (migrations, ratings), taken by sessions of other tests sharing it and not
        # yet ended, are not it.
        holder = await admin.fetchval(
            "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted "
            "AND classid = $1 AND objid = $2 AND objsubid = 2",
            OUTBOX_LOCK,
            row.id % 2**31,
        )
        assert holder is not None
        # Waiting until it is gone (up to 10 s): the signal alone returns at once, and a
        # loaded server may not have ended the session yet when the next line asks.
        assert await admin.fetchval("SELECT pg_terminate_backend($1, 10000)", holder)
        async with second.posting(row.id) as theirs:
            assert theirs, "the killed session's lock is gone"
    await admin.close()
    async with first.posting(row.id) as mine:
        assert mine, "the store got over its lost connection"
    await first.close()
    await second.close()
