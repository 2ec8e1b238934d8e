"""The schema's history: numbered SQL files, one folder per backend (``sqlite/``,
``postgres/``), applied in order and each once.

File ``000N_<what>.sql`` is migration N in both folders: the same change in each
database's own words (SQLite's ``INTEGER`` is 64-bit, so PostgreSQL's is ``BIGINT``;
``REAL`` is ``DOUBLE PRECISION``; JSON stays ``TEXT``, byte for byte what the engine
dumped). A database records how many it has applied: SQLite in ``PRAGMA user_version``,
PostgreSQL in ``schema_migrations``. A migration once released never changes; a change
of schema is a new file in each folder.
"""

from __future__ import annotations

import re
import sqlite3
from importlib import resources

FILE = re.compile(r"(\d{4})_[a-z0-9_]+\.sql")


def scripts(backend: str) -> tuple[str, ...]:
    """The migrations of ``backend`` ("sqlite" or "postgres"), the first one first."""
    found: dict[int, str] = {}
    for entry in resources.files(__name__).joinpath(backend).iterdir():
        matched = FILE.fullmatch(entry.name)
        if matched is not None:
            found[int(matched[1])] = entry.read_text(encoding="utf-8")
    numbers = sorted(found)
    if numbers != list(range(1, len(numbers) + 1)):
        raise RuntimeError(f"The {backend} migrations are not numbered 1 to N: {numbers}")
    return tuple(found[n] for n in numbers)


def statements(script: str) -> list[str]:
    """A SQLite script's statements, one by one (run inside one transaction: SQLite's own
    ``executescript`` would commit first), split where SQLite says a statement is whole,
    so a ``;`` in a comment or a string does not cut one."""
    done: list[str] = []
    pending = ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            done.append(pending.strip())
            pending = ""
    if pending.strip() and not all(
        part.strip().startswith("--") or not part.strip() for part in pending.splitlines()
    ):
        raise ValueError(f"An unfinished statement ends the script: {pending.strip()[:60]}")
    return done
