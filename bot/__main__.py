"""``python -m bot`` (what ``make run`` calls): read the settings and run Turnstile."""

from __future__ import annotations

import sys

from bot.config import ConfigError, load_settings
from bot.logs import configure


def main() -> int:
    try:
        settings = load_settings()
    except ConfigError as exc:
        print(f"turnstile: {exc}", file=sys.stderr)
        return 2
    configure(settings.log_level, secrets=[settings.token])
    from bot.client import TurnstileBot

    bot = TurnstileBot(settings.database_path, dev_guild_id=settings.dev_guild_id)
    bot.run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
