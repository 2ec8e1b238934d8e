"""Both registries behind one fixture: every store test runs on SQLite and PostgreSQL."""

from __future__ import annotations

from dataclasses import dataclass

from bot.config import DatabaseSettings
from bot.pgstore import PG_MIGRATIONS
from bot.storage import open_store
from bot.store import MIGRATIONS
from bot.store_api import GameStore


@dataclass(frozen=True)
class Backend:
    name: str
    settings: DatabaseSettings

    async def open(self) -> GameStore:
        return await open_store(self.settings)

    @property
    def target(self) -> str:
        """What a subprocess needs to open the same store: the URL, or the file."""
        return self.settings.url or str(self.settings.path)

    @property
    def migration_count(self) -> int:
        return len(PG_MIGRATIONS if self.settings.url else MIGRATIONS)
