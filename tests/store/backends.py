"""Both registries behind one fixture: every store test runs on SQLite and PostgreSQL."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass

import asyncpg

from bot.common.config import DatabaseSettings
from bot.store import GameStore, open_store, postgres, sqlite
from bot.store.postgres import PostgresStore
from bot.store.sqlite import SqliteStore


@dataclass(frozen=True)
class Backend:
    name: str
    settings: DatabaseSettings

    async def open(self) -> GameStore:
        return await open_store(self.settings)

    async def open_unlocked(self) -> GameStore:
        """Another handle on the same database, as a second process would have (SQLite
        without its one-process lock, which would refuse it)."""
        if self.settings.url is not None:
            return await PostgresStore.open(self.settings)
        return await SqliteStore.open(self.settings.path)

    @property
    def target(self) -> str:
        """What a subprocess needs to open the same store: the URL, or the file."""
        return self.settings.url or str(self.settings.path)

    @property
    def migrations(self) -> tuple[str, ...]:
        """The backend's migration scripts, the first one first."""
        return postgres.MIGRATIONS if self.settings.url else sqlite.MIGRATIONS

    async def at_schema(self, number: int, statements: Sequence[str]) -> None:
        """A database as an older Turnstile left it: migrations 1..``number`` applied and
        recorded the backend's way, then ``statements`` (plain SQL, literals only)."""
        if self.settings.url is None:
            with contextlib.closing(sqlite3.connect(self.settings.path)) as db:
                for script in self.migrations[:number]:
                    db.executescript(script)
                db.execute(f"PRAGMA user_version = {number}")
                for statement in statements:
                    db.execute(statement)
                db.commit()
            return
        conn = await asyncpg.connect(self.settings.url)
        try:
            async with conn.transaction():
                for script in self.migrations[:number]:
                    await conn.execute(script)
                await conn.execute(
                    "CREATE TABLE schema_migrations (number INTEGER PRIMARY KEY, "
                    "applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
                )
                for applied in range(1, number + 1):
                    await conn.execute("INSERT INTO schema_migrations VALUES ($1)", applied)
                for statement in statements:
                    await conn.execute(statement)
        finally:
            await conn.close()
