"""Settings from the environment and ``.env`` (docs/ARCHITECTURE.md §4). The token is never
logged."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from bot.common.shards import Shards

TOKEN_HELP = (
    "DISCORD_TOKEN is not set. Create an application at "
    "https://discord.com/developers/applications, open its Bot page, press "
    "'Reset Token', and put the token in a file named .env in this folder as "
    "DISCORD_TOKEN=... (see .env.example), or export it in your shell."
)


#: Robot worker processes are CPU-bound: more than the cores only adds memory.
MAX_ROBOT_WORKERS = 64


class ConfigError(Exception):
    """A setting is missing or malformed; the message says how to fix it."""


@dataclass(frozen=True)
class DatabaseSettings:
    """Where games live: the SQLite file at ``path``, or PostgreSQL when ``url`` is set.

    The pool and timeouts only concern PostgreSQL. ``retry_for`` is how long a lost
    connection is retried before the store gives up with a clear error.
    """

    path: Path = Path("data/turnstile.sqlite3")
    url: str | None = field(default=None, repr=False)
    pool_min: int = 1
    pool_max: int = 10
    connect_timeout: float = 10.0
    command_timeout: float = 30.0
    retry_for: float = 30.0

    @property
    def is_postgres(self) -> bool:
        return self.url is not None

    def describe(self) -> str:
        """For logs and messages: the file, or the server without user or password."""
        if self.url is None:
            return f"SQLite file {self.path}"
        parts = urlsplit(self.url)
        where = f"{parts.hostname or 'local socket'}{f':{parts.port}' if parts.port else ''}"
        return f"PostgreSQL at {where}{parts.path or ''}"

    def secrets(self) -> list[str]:
        """What the log must never show: the URL and the password inside it."""
        if self.url is None:
            return []
        password = urlsplit(self.url).password
        return [self.url, *([password] if password else [])]


@dataclass(frozen=True)
class Settings:
    token: str = field(repr=False)
    database_path: Path
    dev_guild_id: int | None
    log_level: str
    database: DatabaseSettings = field(default_factory=DatabaseSettings)
    shards: Shards = field(default_factory=Shards)
    #: Worker processes for robot searches (``bot.table.robots``).
    robot_workers: int = 1


def read_dotenv(path: Path) -> dict[str, str]:
    """``KEY=value`` lines of a .env file (comments, blanks and quotes handled)."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        key = key.strip().removeprefix("export ").strip()
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key] = value
    return values


def load_settings(
    environ: Mapping[str, str] | None = None, dotenv: Path = Path(".env")
) -> Settings:
    """The environment wins over ``.env``; a missing token raises :class:`ConfigError`."""
    merged = {**read_dotenv(dotenv), **(os.environ if environ is None else environ)}
    token = merged.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise ConfigError(TOKEN_HELP)
    guild = merged.get("DEV_GUILD_ID", "").strip()
    if guild and not guild.isdigit():
        raise ConfigError("DEV_GUILD_ID must be a numeric server id (or empty).")
    level = merged.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
    if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
        raise ConfigError("LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL.")
    workers = merged.get("ROBOT_WORKERS", "").strip() or "1"
    if not workers.isdigit() or not 1 <= int(workers) <= MAX_ROBOT_WORKERS:
        raise ConfigError(f"ROBOT_WORKERS must be a whole number from 1 to {MAX_ROBOT_WORKERS}.")
    database = database_settings(merged)
    return Settings(
        token=token,
        database_path=database.path,
        dev_guild_id=int(guild) if guild else None,
        log_level=level,
        database=database,
        shards=shard_settings(merged, database),
        robot_workers=int(workers),
    )


def _number(values: Mapping[str, str], key: str, default: float, *, whole: bool) -> float:
    raw = values.get(key, "").strip()
    if not raw:
        return default
    try:
        number = int(raw) if whole else float(raw)
    except ValueError:
        kind = "a whole number" if whole else "a number of seconds"
        raise ConfigError(f"{key} must be {kind} (got {raw!r}).") from None
    if not number > 0 or number == float("inf"):
        raise ConfigError(f"{key} must be more than 0 (got {raw!r}).")
    return number


def database_settings(values: Mapping[str, str]) -> DatabaseSettings:
    """DATABASE_PATH, or DATABASE_URL with its pool size and timeouts."""
    path = Path(values.get("DATABASE_PATH", "").strip() or "data/turnstile.sqlite3")
    url = values.get("DATABASE_URL", "").strip() or None
    if url is not None:
        scheme = url.partition("://")[0].lower()
        if scheme not in ("postgresql", "postgres"):
            raise ConfigError(
                "DATABASE_URL must be a PostgreSQL URL such as "
                "postgresql://turnstile:secret@localhost:5432/turnstile "
                "(leave it empty to keep the SQLite file at DATABASE_PATH)."
            )
    pool_min = int(_number(values, "DATABASE_POOL_MIN", 1, whole=True))
    pool_max = int(_number(values, "DATABASE_POOL_MAX", 10, whole=True))
    if pool_max < 2:
        raise ConfigError(
            f"DATABASE_POOL_MAX must be at least 2 (got {pool_max}): the clock holds one "
            "connection while it posts an update a channel missed."
        )
    if pool_min > pool_max:
        raise ConfigError(
            f"DATABASE_POOL_MIN ({pool_min}) must not be more than DATABASE_POOL_MAX ({pool_max})."
        )
    return DatabaseSettings(
        path=path,
        url=url,
        pool_min=pool_min,
        pool_max=pool_max,
        connect_timeout=_number(values, "DATABASE_CONNECT_TIMEOUT", 10.0, whole=False),
        command_timeout=_number(values, "DATABASE_COMMAND_TIMEOUT", 30.0, whole=False),
        retry_for=_number(values, "DATABASE_RETRY_FOR", 30.0, whole=False),
    )


def shard_settings(values: Mapping[str, str], database: DatabaseSettings) -> Shards:
    """SHARD_COUNT and SHARD_IDS; running only some shards needs a shared PostgreSQL."""
    raw_count = values.get("SHARD_COUNT", "").strip()
    raw_ids = values.get("SHARD_IDS", "").strip()
    count = int(_number(values, "SHARD_COUNT", 1, whole=True)) if raw_count else None
    if not raw_ids:
        return Shards(count, None)
    if count is None:
        raise ConfigError(
            "SHARD_IDS needs SHARD_COUNT: shard ids only mean something out of a known "
            "total (for example SHARD_COUNT=4 and SHARD_IDS=0,1)."
        )
    try:
        ids = tuple(int(part) for part in raw_ids.split(","))
    except ValueError:
        raise ConfigError(
            f"SHARD_IDS must be shard numbers separated by commas, like 0,1 (got {raw_ids!r})."
        ) from None
    wrong = [i for i in ids if not 0 <= i < count]
    if wrong:
        raise ConfigError(
            f"SHARD_IDS {raw_ids!r}: shard numbers run from 0 to {count - 1} "
            f"with SHARD_COUNT={count}."
        )
    if len(set(ids)) != len(ids):
        raise ConfigError(f"SHARD_IDS {raw_ids!r} names a shard twice.")
    shards = Shards(count, tuple(sorted(ids)))
    if not shards.owns_everything and not database.is_postgres:
        raise ConfigError(
            f"SHARD_IDS={raw_ids} runs only some of the {count} shards, so other processes run "
            "the rest and they must share one database: set DATABASE_URL to a PostgreSQL "
            "server. A SQLite file (DATABASE_PATH) serves one process only."
        )
    return shards
