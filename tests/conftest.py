"""Fixtures every layer may use: a throw-away PostgreSQL server (docs/ARCHITECTURE.md §8).

The server is started once per test process (each xdist worker has its own, in its own
folder) the first time a test asks for it, and stopped when the process ends. If it
cannot start, every test that needs it errors with the reason: nothing is skipped.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.pg_server import PostgresServer


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    server = PostgresServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
async def postgres_url(postgres_server: PostgresServer) -> str:
    """The URL of a fresh, empty database on the test server."""
    return await postgres_server.create_database()
