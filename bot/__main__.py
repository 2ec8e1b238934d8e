"""``python -m bot`` (what ``make run`` calls): read the settings and run Turnstile."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from bot.config import ConfigError, load_settings
from bot.logs import configure
from bot.store import SchemaTooNew, Store


async def prepare(path: Path) -> None:
    """Open (and migrate) the database before connecting to Discord, so a file this
    version cannot use stops the bot at once, with a message that says why."""
    store = await Store.open(path)
    await store.close()


def main() -> int:
    try:
        settings = load_settings()
    except ConfigError as exc:
        print(f"turnstile: {exc}", file=sys.stderr)
        return 2
    configure(settings.log_level, secrets=[settings.token])
    try:
        asyncio.run(prepare(settings.database_path))
    except SchemaTooNew as exc:
        print(f"turnstile: {exc}", file=sys.stderr)
        return 2
    from bot.client import TurnstileBot

    bot = TurnstileBot(
        settings.database_path,
        dev_guild_id=settings.dev_guild_id,
        robot_workers=settings.robot_workers,
    )
    bot.run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
