"""``open_store``: the store the settings ask for (docs/ARCHITECTURE.md §4, §5).

``DATABASE_URL=postgresql://…`` selects PostgreSQL (shared by every bot process);
otherwise the SQLite file at ``DATABASE_PATH``, which one process holds at a time.
"""

from __future__ import annotations

from pathlib import Path

from bot.common.config import DatabaseSettings
from bot.store.interface import GameStore


async def open_store(database: DatabaseSettings | str | Path) -> GameStore:
    """Open, migrate and return the configured store (a bare path means SQLite)."""
    if not isinstance(database, DatabaseSettings):
        database = DatabaseSettings(path=Path(database))
    if database.url is not None:
        from bot.store.postgres import PostgresStore

        return await PostgresStore.open(database)
    from bot.store.sqlite import SqliteStore

    return await SqliteStore.open_locked(database.path)
