"""Settings from the environment and ``.env`` (DESIGN.md §4). The token is never logged."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

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
class Settings:
    token: str = field(repr=False)
    database_path: Path
    dev_guild_id: int | None
    log_level: str
    #: Worker processes for robot searches (``bot.robots``).
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
    return Settings(
        token=token,
        database_path=Path(merged.get("DATABASE_PATH", "").strip() or "data/turnstile.sqlite3"),
        dev_guild_id=int(guild) if guild else None,
        log_level=level,
        robot_workers=int(workers),
    )
