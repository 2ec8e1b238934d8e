"""``python -m bot`` (what ``make run`` calls): read the settings and run Turnstile."""

from __future__ import annotations

import logging
import sys

from bot.config import ConfigError, load_settings


def main() -> int:
    try:
        settings = load_settings()
    except ConfigError as exc:
        print(f"turnstile: {exc}", file=sys.stderr)
        return 2
    if settings.shards.count not in (None, 1):
        print(
            "turnstile: SHARD_COUNT/SHARD_IDS are not wired into the bot yet; unset them to "
            "run one process (it connects as a single shard).",
            file=sys.stderr,
        )
        return 2
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    from bot.client import TurnstileBot

    bot = TurnstileBot(settings.database, dev_guild_id=settings.dev_guild_id)
    bot.run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
