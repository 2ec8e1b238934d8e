"""The table layer's tests run on the real stores, as the store's own do: ``backend`` and
``store`` (each test once on SQLite, once on PostgreSQL) are the store tests' fixtures."""

from __future__ import annotations

from tests.store.conftest import backend, store

__all__ = ["backend", "store"]
