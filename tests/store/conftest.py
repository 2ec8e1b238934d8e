"""``backend`` and ``store``: each store test once on SQLite, once on PostgreSQL."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.common.config import DatabaseSettings
from bot.store.interface import GameStore
from tests.store.backends import Backend


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    if request.param == "sqlite":
        return Backend("sqlite", DatabaseSettings(path=tmp_path / "t.sqlite3"))
    url = request.getfixturevalue("postgres_url")
    return Backend("postgresql", DatabaseSettings(url=url, retry_for=10.0))


@pytest.fixture
async def store(backend: Backend) -> AsyncIterator[GameStore]:
    opened = await backend.open()
    yield opened
    await opened.close()
