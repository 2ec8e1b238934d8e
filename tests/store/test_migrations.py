"""Migrations as numbered SQL files, on both backends: the same numbers in both
folders; the files make exactly the schema the migrations made when they were Python
strings (PostgreSQL's translated by regular expressions at run time); and a database that
code left at any migration opens and migrates under today's store, its games intact and
playable."""

from __future__ import annotations

import contextlib
import sqlite3
import tomllib
from collections.abc import Callable, Sequence
from fnmatch import fnmatch
from importlib import resources
from pathlib import Path

import asyncpg
import pytest

from bot.common.config import DatabaseSettings
from bot.store import open_store, postgres, sqlite
from bot.store.migrations import statements
from tests.pg_server import PostgresServer
from tests.store import legacy_migrations as legacy
from tests.store.schemas import postgres_contents, postgres_schema, sqlite_contents, sqlite_schema

ROOT = Path(__file__).resolve().parents[2]

#: A game under way and its log, as the first schema holds them (its id is 1 on both).
GAME = (
    "INSERT INTO games (guild_id, channel_id, slug, status, host_id, seats, seed, options, "
    "snapshot, version, created_at, started_at) VALUES (5, 10, 'disneyland', 'active', '111', "
    """'[{"id": "111", "name": "Alice"}, {"id": "222", "name": "Bob", "ai": true}]', """
    """3, '{"length": "short"}', '{"n": 2}', 2, 1.5, 2.5)"""
)
MOVES = (
    "INSERT INTO moves VALUES (1, 1, '111', 'roll', '[\"rolled\"]', 3.25), "
    "(1, 2, '222', 'roll', '[]', 4.5)"
)


def test_both_backends_have_the_same_numbered_files() -> None:
    folder = resources.files("bot.store.migrations")
    names = {
        backend: sorted(
            f.name for f in folder.joinpath(backend).iterdir() if f.name.endswith(".sql")
        )
        for backend in ("sqlite", "postgres")
    }
    assert names["sqlite"] == names["postgres"]
    assert len(names["sqlite"]) == len(sqlite.MIGRATIONS) == len(postgres.MIGRATIONS)
    assert len(sqlite.MIGRATIONS) >= len(legacy.MIGRATIONS), "a migration once released stays"


def test_the_files_ship_with_the_package() -> None:
    """An installed bot has its migrations: pyproject's package data takes every file."""
    with (ROOT / "pyproject.toml").open("rb") as config:
        patterns = tomllib.load(config)["tool"]["setuptools"]["package-data"]["*"]
    folder = resources.files("bot.store.migrations")
    files = [f.name for b in ("sqlite", "postgres") for f in folder.joinpath(b).iterdir()]
    assert len(files) == len(sqlite.MIGRATIONS) + len(postgres.MIGRATIONS)
    assert [f for f in files if not any(fnmatch(f, p) for p in patterns)] == []


def test_a_script_is_cut_where_sqlite_says_a_statement_ends() -> None:
    script = (
        "-- 9: a comment; not a statement\n"
        "CREATE TABLE t (a TEXT DEFAULT ';');\n"
        "INSERT INTO t VALUES ('x;\ny');\n"
        "-- the end\n"
    )
    assert statements(script) == [
        "-- 9: a comment; not a statement\nCREATE TABLE t (a TEXT DEFAULT ';');",
        "INSERT INTO t VALUES ('x;\ny');",
    ]
    with pytest.raises(ValueError, match="unfinished"):
        statements("CREATE TABLE t (a TEXT);\nCREATE TABLE u (b TEXT)\n")


def built_sqlite(path: Path, scripts: Sequence[str], cut: Callable[[str], list[str]]) -> None:
    """The file as the code before the SQL files built it from ``scripts`` (with the game
    after migration 1): each script cut into statements by ``cut`` and run in one
    transaction, counted in ``user_version``."""
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as db:
        for number, script in enumerate(scripts, start=1):
            db.execute("BEGIN IMMEDIATE")
            for statement in cut(script):
                if statement.strip():
                    db.execute(statement)
            db.execute(f"PRAGMA user_version = {number}")
            db.execute("COMMIT")
            if number == 1:
                db.execute(GAME)
                db.execute(MOVES)


async def built_postgres(url: str, scripts: Sequence[str]) -> None:
    """The database as the code before the SQL files built it from ``scripts`` (with the
    game after migration 1): each script recorded in ``schema_migrations``."""
    conn = await asyncpg.connect(url)
    try:
        for number, script in enumerate(scripts, start=1):
            async with conn.transaction():
                await conn.execute(
                    "CREATE TABLE IF NOT EXISTS schema_migrations ("
                    "number INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
                )
                await conn.execute(script)
                await conn.execute("INSERT INTO schema_migrations (number) VALUES ($1)", number)
            if number == 1:
                await conn.execute(GAME)
                await conn.execute(MOVES)
    finally:
        await conn.close()


class Place:
    """Databases of one backend, each made a different way: by today's store, by the code
    before (left at some migration), or by the code before running today's files."""

    def __init__(self, kind: str, tmp_path: Path, server: PostgresServer | None) -> None:
        self.kind = kind
        self.tmp_path = tmp_path
        self.server = server

    async def target(self, name: str) -> DatabaseSettings:
        if self.server is None:
            return DatabaseSettings(path=self.tmp_path / f"{name}.sqlite3")
        return DatabaseSettings(url=await self.server.create_database(name))

    async def legacy(self, database: DatabaseSettings, level: int) -> None:
        """As the code before left it at migration ``level``: its scripts, cut at ``;``."""
        if database.url is None:
            built_sqlite(database.path, legacy.MIGRATIONS[:level], lambda s: s.split(";"))
        else:
            await built_postgres(database.url, legacy.PG_MIGRATIONS[:level])

    async def from_files(self, database: DatabaseSettings, level: int) -> None:
        """The same way, but from today's first ``level`` files."""
        if database.url is None:
            built_sqlite(database.path, sqlite.MIGRATIONS[:level], statements)
        else:
            await built_postgres(database.url, postgres.MIGRATIONS[:level])

    async def migrated(self, database: DatabaseSettings) -> None:
        """Opened once by today's store, which brings it to its newest schema."""
        store = await open_store(database)
        await store.close()

    async def schema(self, database: DatabaseSettings) -> list[str]:
        if database.url is None:
            return sqlite_schema(database.path)
        return await postgres_schema(database.url)

    async def contents(self, database: DatabaseSettings) -> list[str]:
        if database.url is None:
            return sqlite_contents(database.path)
        return await postgres_contents(database.url)


@pytest.fixture(params=["sqlite", "postgresql"])
def place(request: pytest.FixtureRequest, tmp_path: Path) -> Place:
    server = None
    if request.param == "postgresql":
        server = request.getfixturevalue("postgres_server")
    return Place(request.param, tmp_path, server)


async def test_the_files_make_the_schema_the_strings_made(place: Place) -> None:
    """Today's first files and the code before's strings, applied the same way, make the
    same tables, columns, types, defaults, constraints, indexes and sequences, and the same
    rows. (Later files, such as 0008, are checked through the store below.)"""
    files, strings = await place.target("files"), await place.target("strings")
    await place.from_files(files, len(legacy.MIGRATIONS))
    await place.legacy(strings, len(legacy.MIGRATIONS))
    assert await place.schema(files) == await place.schema(strings)
    assert await place.contents(files) == await place.contents(strings)


@pytest.mark.parametrize("level", range(len(legacy.MIGRATIONS) + 1))
async def test_a_database_left_at_any_migration_migrates_and_plays_on(
    place: Place, level: int
) -> None:
    """Left at ``level`` by the code before, then opened by today's store: the schema of a
    database today's store made, the same rows as one the code before took to its last
    migration (then today's store to the newest), and its game reads and takes a move."""
    fresh, old, whole = [await place.target(n) for n in ("fresh", "old", "whole")]
    await place.migrated(fresh)
    await place.legacy(old, level)
    await place.legacy(whole, len(legacy.MIGRATIONS))
    await place.migrated(whole)
    store = await open_store(old)
    try:
        assert await place.schema(old) == await place.schema(fresh)
        if level == 0:
            assert await place.contents(old) == await place.contents(fresh)
            return
        assert await place.contents(old) == await place.contents(whole)
        row = await store.get(1)
        assert row is not None and row.snapshot == {"n": 2} and row.version == 2
        assert [(s.id, s.ai) for s in row.seats] == [("111", False), ("222", True)]
        assert [m.code for m in await store.moves(1)] == ["roll", "roll"]
        moved = await store.commit_moves(row, [("111", "rent", [])], {"n": 3}, now=9.0)
        assert moved.version == 3 and await store.last_seq(1) == 3
        lobby = await store.create_lobby(
            guild_id=5,
            channel_id=11,
            slug="troolpark",
            host=row.seats[0],
            options={},
            seed=1,
            now=9.5,
        )
        assert lobby.id == 2
    finally:
        await store.close()
