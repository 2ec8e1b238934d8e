"""``python -m bot`` (what ``make run`` calls): read the settings and run Turnstile."""

from __future__ import annotations

import asyncio
import logging
import sys

from bot.common.config import ConfigError, DatabaseSettings, load_settings
from bot.common.logs import configure
from bot.common.loop import fastest
from bot.store import StoreError
from bot.store.opening import open_store

log = logging.getLogger(__name__)


async def prepare(database: DatabaseSettings) -> None:
    """Open (and migrate) the database before connecting to Discord, so a database this
    process cannot use (a newer schema, a SQLite file another process holds, a server that
    stays unreachable) stops the bot at once, with a message that says why."""
    store = await open_store(database)
    await store.close()


def main() -> int:
    try:
        settings = load_settings()
    except ConfigError as exc:
        print(f"turnstile: {exc}", file=sys.stderr)
        return 2
    configure(settings.log_level, secrets=[settings.token, *settings.database.secrets()])
    log.info("event loop: %s", fastest())
    try:
        asyncio.run(prepare(settings.database))
    except StoreError as exc:
        print(f"turnstile: {exc}", file=sys.stderr)
        return 2
    from bot.client import TurnstileBot

    bot = TurnstileBot(
        settings.database,
        dev_guild_id=settings.dev_guild_id,
        shards=settings.shards,
        robot_workers=settings.robot_workers,
    )
    bot.run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
