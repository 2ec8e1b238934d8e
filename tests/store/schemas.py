"""A database's schema and contents as comparable lines, on either backend: what two
databases must share to be the same to the store (tables, columns with their types,
defaults and constraints, indexes with their conditions, foreign keys; every row),
whatever the history that built them.

SQLite keeps each table's ``CREATE`` text as it was written (an ``ALTER TABLE … ADD
COLUMN`` appends its words to it), so that text is compared with its white space folded.
"""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

import asyncpg


def folded(sql: str | None) -> str:
    return " ".join((sql or "").split())


def sqlite_schema(path: Path) -> list[str]:
    """Every table, column, index and foreign key of a SQLite file, and its schema number."""
    with contextlib.closing(sqlite3.connect(path)) as db:
        lines = [f"user_version {db.execute('PRAGMA user_version').fetchone()[0]}"]
        objects = db.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master "
            "WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name"
        ).fetchall()
        for kind, name, table, sql in objects:
            lines.append(f"{kind} {name} on {table}: {folded(sql)}")
            if kind == "table":
                lines += [f"  column {row}" for row in db.execute(f'PRAGMA table_xinfo("{name}")')]
                lines += [f"  fk {row}" for row in db.execute(f'PRAGMA foreign_key_list("{name}")')]
                for index in db.execute(f'PRAGMA index_list("{name}")').fetchall():
                    lines.append(f"  index {index[1:]}")
                    lines += [
                        f"    {row}" for row in db.execute(f'PRAGMA index_xinfo("{index[1]}")')
                    ]
    return lines


async def postgres_schema(url: str) -> list[str]:
    """Every table, column, constraint, index and sequence in the URL's schema, and the
    migrations recorded there."""
    conn = await asyncpg.connect(url)
    try:
        columns = await conn.fetch(
            "SELECT table_name, ordinal_position, column_name, data_type, is_nullable, "
            "column_default, is_identity, identity_generation, identity_start "
            "FROM information_schema.columns WHERE table_schema = current_schema() "
            "ORDER BY table_name, ordinal_position"
        )
        constraints = await conn.fetch(
            "SELECT c.conrelid::regclass::text AS table_name, c.conname, c.contype, "
            "pg_get_constraintdef(c.oid) AS definition FROM pg_constraint AS c "
            "JOIN pg_namespace AS n ON n.oid = c.connamespace "
            "WHERE n.nspname = current_schema() ORDER BY 1, 2"
        )
        indexes = await conn.fetch(
            "SELECT tablename, indexname, replace(indexdef, schemaname || '.', '') AS definition "
            "FROM pg_indexes WHERE schemaname = current_schema() ORDER BY 1, 2"
        )
        sequences = await conn.fetch(
            "SELECT sequencename, data_type::text, start_value, increment_by FROM pg_sequences "
            "WHERE schemaname = current_schema() ORDER BY 1"
        )
        migrations = await conn.fetch("SELECT number FROM schema_migrations ORDER BY number")
    finally:
        await conn.close()
    return [
        *(f"column {tuple(r.values())}" for r in columns),
        *(f"constraint {tuple(r.values())}" for r in constraints),
        *(f"index {tuple(r.values())}" for r in indexes),
        *(f"sequence {tuple(r.values())}" for r in sequences),
        f"schema_migrations {[r['number'] for r in migrations]}",
    ]


def sqlite_contents(path: Path) -> list[str]:
    """Every row of every table, table by table, in order."""
    with contextlib.closing(sqlite3.connect(path)) as db:
        tables = [
            r[0]
            for r in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' "
                "AND name NOT LIKE 'sqlite_%' ORDER BY name"
            )
        ]
        return [
            f"{table} {row}"
            for table in tables
            for row in sorted(db.execute(f'SELECT * FROM "{table}"').fetchall(), key=repr)
        ]


async def postgres_contents(url: str) -> list[str]:
    """Every row of every table, table by table, in order; but not when each migration
    was applied (the rows that differ between equal databases)."""
    conn = await asyncpg.connect(url)
    try:
        tables = await conn.fetch(
            "SELECT table_name FROM information_schema.tables "
            "WHERE table_schema = current_schema() AND table_name != 'schema_migrations' "
            "ORDER BY 1"
        )
        lines: list[str] = []
        for (table,) in tables:
            rows = [tuple(r.values()) for r in await conn.fetch(f'SELECT * FROM "{table}"')]
            lines += [f"{table} {row}" for row in sorted(rows, key=repr)]
        return lines
    finally:
        await conn.close()
