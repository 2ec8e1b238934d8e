"""Configuration past one machine (docs/ARCHITECTURE.md §4): DATABASE_URL with its pool
and timeouts, SHARD_COUNT and SHARD_IDS; every mistake gets a message that says how to fix it,
and a password in the URL never reaches a repr."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.common.config import ConfigError, DatabaseSettings, load_settings
from bot.common.shards import Shards, shard_of

ROOT = Path(__file__).resolve().parents[2]
URL = "postgresql://turnstile:s3cret@db.example:5433/turnstile"


def settings(tmp_path: Path, **values: str) -> object:
    return load_settings({"DISCORD_TOKEN": "t", **values}, dotenv=tmp_path / "none.env")


def refused(tmp_path: Path, **values: str) -> str:
    with pytest.raises(ConfigError) as error:
        settings(tmp_path, **values)
    return str(error.value)


def owns(shards: Shards, guild_id: int | None) -> bool:
    """Whether a process running ``shards`` drives the games of ``guild_id``."""
    if shards.owns_everything:
        return True
    assert shards.count is not None and shards.ids is not None
    return shard_of(guild_id, shards.count) in shards.ids


def test_sqlite_by_default_postgres_by_url(tmp_path: Path) -> None:
    default = load_settings({"DISCORD_TOKEN": "t"}, dotenv=tmp_path / "none.env")
    assert not default.database.is_postgres
    assert default.database.path == default.database_path == Path("data/turnstile.sqlite3")
    chosen = load_settings(
        {
            "DISCORD_TOKEN": "t",
            "DATABASE_URL": URL,
            "DATABASE_POOL_MIN": "2",
            "DATABASE_POOL_MAX": "20",
            "DATABASE_CONNECT_TIMEOUT": "3.5",
            "DATABASE_COMMAND_TIMEOUT": "8",
            "DATABASE_RETRY_FOR": "45",
        },
        dotenv=tmp_path / "none.env",
    )
    db = chosen.database
    assert db.is_postgres and db.url == URL
    assert (db.pool_min, db.pool_max, db.connect_timeout, db.command_timeout, db.retry_for) == (
        2,
        20,
        3.5,
        8.0,
        45.0,
    )
    assert "s3cret" not in repr(chosen) and "s3cret" not in db.describe()
    assert db.describe() == "PostgreSQL at db.example:5433/turnstile"


def test_bad_database_settings_say_what_to_write(tmp_path: Path) -> None:
    assert "postgresql://" in refused(tmp_path, DATABASE_URL="sqlite:///games.db")
    assert "DATABASE_POOL_MAX" in refused(tmp_path, DATABASE_URL=URL, DATABASE_POOL_MAX="zero")
    assert "more than 0" in refused(tmp_path, DATABASE_URL=URL, DATABASE_RETRY_FOR="-1")
    assert "more than 0" in refused(tmp_path, DATABASE_CONNECT_TIMEOUT="nan")
    message = refused(tmp_path, DATABASE_URL=URL, DATABASE_POOL_MIN="5", DATABASE_POOL_MAX="2")
    assert "DATABASE_POOL_MIN (5)" in message
    assert "at least 2" in refused(tmp_path, DATABASE_URL=URL, DATABASE_POOL_MAX="1")


def test_shards(tmp_path: Path) -> None:
    loaded = load_settings({"DISCORD_TOKEN": "t"}, dotenv=tmp_path / "none.env")
    assert loaded.shards == Shards(None, None) and owns(loaded.shards, 123 << 22)
    loaded = load_settings(
        {"DISCORD_TOKEN": "t", "DATABASE_URL": URL, "SHARD_COUNT": "4", "SHARD_IDS": "3,1"},
        dotenv=tmp_path / "none.env",
    )
    assert loaded.shards == Shards(4, (1, 3))
    assert [owns(loaded.shards, n << 22) for n in range(8)] == [False, True, False, True] * 2
    assert owns(loaded.shards, None) is False  # a DM belongs to shard 0
    assert loaded.shards.describe() == "shards 1,3 of 4"
    whole = load_settings(
        {"DISCORD_TOKEN": "t", "SHARD_COUNT": "2", "SHARD_IDS": "0,1"},
        dotenv=tmp_path / "none.env",
    )
    assert whole.shards.owns_everything  # one process with every shard: SQLite is fine


def test_bad_shard_settings_say_what_to_write(tmp_path: Path) -> None:
    assert "needs SHARD_COUNT" in refused(tmp_path, DATABASE_URL=URL, SHARD_IDS="0")
    assert "0 to 3" in refused(tmp_path, DATABASE_URL=URL, SHARD_COUNT="4", SHARD_IDS="4")
    assert "separated by commas" in refused(
        tmp_path, DATABASE_URL=URL, SHARD_COUNT="4", SHARD_IDS="0;1"
    )
    assert "twice" in refused(tmp_path, DATABASE_URL=URL, SHARD_COUNT="4", SHARD_IDS="1,1")
    assert "more than 0" in refused(tmp_path, SHARD_COUNT="0")
    message = refused(tmp_path, SHARD_COUNT="2", SHARD_IDS="1")
    assert "DATABASE_URL" in message and "one process only" in message


def test_shard_of_follows_discord() -> None:
    """Discord's rule: (guild_id >> 22) % shard_count, on real-sized snowflakes."""
    guild = 197038439483310086  # a snowflake of 2016
    assert shard_of(guild, 1) == 0
    assert shard_of(guild, 16) == (guild >> 22) % 16
    assert shard_of(None, 16) == 0


def test_python_m_bot_stops_clearly_when_its_database_is_unreachable(tmp_path: Path) -> None:
    """A sharded process whose PostgreSQL does not answer stops before connecting to
    Discord, says why, and never prints the password."""
    env = {
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": "bot-token-for-this-test",
        "DATABASE_URL": "postgresql://turnstile:s3cret@127.0.0.1:1/turnstile",
        "DATABASE_RETRY_FOR": "0.5",
        "SHARD_COUNT": "2",
        "SHARD_IDS": "0",
    }
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert done.returncode == 2
    assert "Could not reach PostgreSQL at 127.0.0.1:1/turnstile" in done.stderr
    assert "s3cret" not in done.stderr


def test_database_settings_default_to_the_documented_values() -> None:
    db = DatabaseSettings()
    assert (db.pool_min, db.pool_max, db.connect_timeout, db.retry_for) == (1, 10, 10.0, 30.0)
