"""``python -m bot.store.migrate_to_postgres``: copy a SQLite registry into PostgreSQL.

Every row of every table (games with their ids, the move logs, votes, results, server
settings) is copied in one PostgreSQL transaction, then counted on both sides (per table,
and moves per game); any difference rolls the whole copy back. The target must be empty,
and the SQLite file must not be in use: stop the bot first (its lock is checked).

    python -m bot.store.migrate_to_postgres                 # DATABASE_PATH -> DATABASE_URL
    python -m bot.store.migrate_to_postgres --sqlite data/turnstile.sqlite3 \\
        --url postgresql://turnstile:secret@localhost/turnstile
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import sqlite3
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from bot.common.config import ConfigError, DatabaseSettings, database_settings, read_dotenv
from bot.store.errors import StoreError
from bot.store.postgres import PostgresStore
from bot.store.sqlite import SqliteStore
from bot.store.sqlite_lock import ProcessLock

CHUNK = 5000


class MigrationError(Exception):
    """The copy cannot go ahead or did not verify; the message says why."""


def sqlite_tables(db: sqlite3.Connection) -> dict[str, list[str]]:
    """Tables in creation order (parents before the tables that refer to them)."""
    names = [
        r[0]
        for r in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' "
            "AND name NOT LIKE 'sqlite_%' ORDER BY rowid"
        )
    ]
    return {n: [r[1] for r in db.execute(f'PRAGMA table_info("{n}")')] for n in names}


async def copy(source: Path, target: DatabaseSettings) -> dict[str, int]:
    """Copy and verify; returns the row count of every table."""
    if not source.is_file():
        raise MigrationError(f"There is no SQLite file at {source}.")
    lock = ProcessLock(source)
    lock.acquire()  # refuses while a bot is running on the file
    try:
        check_readable(source)  # before anything is written, to the file or the target
        lite = await SqliteStore.open(source)  # bring the file to the newest schema first
        await lite.close()
        store = await PostgresStore.open(target)
        try:
            with contextlib.closing(read_only(source)) as db:
                return await _copy_all(db, store)
        finally:
            await store.close()
    finally:
        lock.release()


def read_only(source: Path) -> sqlite3.Connection:
    """The file, opened so that nothing can be written to it."""
    return sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)


def check_readable(source: Path) -> None:
    """Refuse a damaged file (cut short, overwritten, not SQLite at all) with one line,
    before the schema migration could write to it or the target is touched: SQLite's
    ``quick_check`` reads every page of it."""
    try:
        with contextlib.closing(read_only(source)) as db:
            problems = [str(r[0]) for r in db.execute("PRAGMA quick_check")]
    except sqlite3.Error as exc:
        raise MigrationError(
            f"{source} is not a readable SQLite database ({exc}); nothing was copied."
        ) from None
    if problems != ["ok"]:
        more = f" (and {len(problems) - 1} more problems)" if len(problems) > 1 else ""
        raise MigrationError(
            f"{source} is a damaged SQLite database: {' '.join(problems[0].split())}{more}; "
            "nothing was copied. Restore it from a backup first."
        )


async def _copy_all(db: sqlite3.Connection, store: PostgresStore) -> dict[str, int]:
    tables = sqlite_tables(db)
    async with store.pool.acquire() as conn, conn.transaction():
        types = {
            (r["table_name"], r["column_name"]): r["data_type"]
            for r in await conn.fetch(
                "SELECT table_name, column_name, data_type FROM information_schema.columns "
                "WHERE table_schema = current_schema()"
            )
        }
        counts: dict[str, int] = {}
        for table, columns in tables.items():
            missing = [c for c in columns if (table, c) not in types]
            if missing:
                raise MigrationError(
                    f"PostgreSQL's {table} table lacks {', '.join(missing)}: its schema is "
                    "older than the SQLite file's. Upgrade Turnstile and run it once first."
                )
            present = await conn.fetchval(f'SELECT COUNT(*) FROM "{table}"')
            if present:
                raise MigrationError(
                    f"The PostgreSQL database already has {present} rows in {table}; "
                    "migrate into an empty database."
                )
            floats = [types[table, c] == "double precision" for c in columns]
            cursor = db.execute(f'SELECT {", ".join(columns)} FROM "{table}"')
            await conn.copy_records_to_table(
                table, records=_converted(cursor, floats), columns=columns
            )
            counts[table] = int(db.execute(f'SELECT COUNT(*) FROM "{table}"').fetchone()[0])
            copied = int(await conn.fetchval(f'SELECT COUNT(*) FROM "{table}"'))
            if copied != counts[table]:
                raise MigrationError(
                    f"{table}: {counts[table]} rows in SQLite but {copied} copied; rolled back."
                )
        for record in await conn.fetch(
            "SELECT table_name, column_name FROM information_schema.columns "
            "WHERE table_schema = current_schema() AND is_identity = 'YES'"
        ):
            table, column = record["table_name"], record["column_name"]
            await conn.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), "
                f'COALESCE((SELECT MAX("{column}") FROM "{table}"), 0) + 1, false)'
            )
        per_game = "SELECT game_id, COUNT(*) FROM moves GROUP BY game_id"
        lite_moves = dict(db.execute(per_game).fetchall())
        pg_moves = {r[0]: r[1] for r in await conn.fetch(per_game)}
        if lite_moves != pg_moves:
            raise MigrationError("The move logs differ per game after the copy; rolled back.")
    return counts


def _converted(rows: Iterator[Sequence[Any]], floats: list[bool]) -> Iterator[tuple[Any, ...]]:
    """SQLite may hand back an int for a REAL column; PostgreSQL's COPY wants a float."""
    for row in rows:
        yield tuple(
            float(v) if is_float and v is not None else v
            for v, is_float in zip(row, floats, strict=True)
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.store.migrate_to_postgres",
        description="Copy every game, move log and result from a SQLite file into PostgreSQL.",
    )
    parser.add_argument("--sqlite", help="the SQLite file (default: DATABASE_PATH)")
    parser.add_argument("--url", help="the PostgreSQL URL (default: DATABASE_URL)")
    args = parser.parse_args(argv)
    values = {**read_dotenv(Path(".env")), **os.environ}
    if args.url:
        values["DATABASE_URL"] = args.url
    try:
        settings = database_settings(values)
    except ConfigError as exc:
        print(f"migrate_to_postgres: {exc}", file=sys.stderr)
        return 2
    if settings.url is None:
        print(
            "migrate_to_postgres: say where to copy to: --url postgresql://… or DATABASE_URL.",
            file=sys.stderr,
        )
        return 2
    source = Path(args.sqlite) if args.sqlite else settings.path
    try:
        counts = asyncio.run(copy(source, settings))
    except (MigrationError, StoreError, sqlite3.Error) as exc:
        # One line, whatever the error said (a tool's answer, not a traceback).
        print(f"migrate_to_postgres: {' '.join(str(exc).split())}", file=sys.stderr)
        return 1
    summary = ", ".join(f"{table} {count}" for table, count in counts.items())
    print(f"Copied {source} into {settings.describe()}: {summary}. Counts verified.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
