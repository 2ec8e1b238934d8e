"""``python -m bot.store.rebuild_ratings``: every rating folded again from the stored results,
after a change of the rating model's parameters, of the robots' fixed ratings
(``bot/common/robot_anchors.py``) or an ``openskill`` upgrade, or after a
restore that brought back results without their ratings.

Ratings are never edited: they are what one deterministic fold of the finished games, in
the order they were rated, gives (:func:`bot.common.ratings.rebuild`). This folds them
again in one transaction and puts the result in place of the stored ratings and their
history; ``--check`` only compares, and exits 1 when anything differs. It is the
operator's tool, not a server's command: the ratings everywhere span every server, and a
fold reads every finished game. A SQLite file is held by the running bot (stop it
first); on PostgreSQL it runs beside the bots: a game that ends meanwhile waits for it (up
to the bots' ``DATABASE_COMMAND_TIMEOUT``; past that its last move is refused, nothing
lost, and may be played again), so run it when few games are ending.

    python -m bot.store.rebuild_ratings            # DATABASE_PATH or DATABASE_URL
    python -m bot.store.rebuild_ratings --check
    python -m bot.store.rebuild_ratings --sqlite data/turnstile.sqlite3
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.common.config import ConfigError, DatabaseSettings, database_settings, read_dotenv
from bot.store.errors import StoreError
from bot.store.opening import open_store
from bot.store.rating_rows import Refold

#: Seconds one statement of the refold may take on PostgreSQL (the bot's own limit, 30 s by
#: default, is for a move's statements; writing every rating of a large database is more).
REFOLD_TIMEOUT = 3600.0


async def refold(settings: DatabaseSettings, *, write: bool) -> Refold:
    if settings.url is None and not settings.path.is_file():
        raise StoreError(f"There is no SQLite file at {settings.path}.")
    store = await open_store(settings)
    try:
        return await store.refold_ratings(write=write)
    finally:
        await store.close()


def report(done: Refold, *, write: bool) -> str:
    same = not (done.changed or done.history_changed)
    found = (
        f"{done.games} rated games give {done.ratings} ratings; "
        f"{done.changed} of the stored ratings and {done.history_changed} rows of their "
        "history differ"
    )
    if same:
        return f"{found}: the stored ratings are exactly the fold's."
    return f"{found}: {'replaced' if write else 'nothing was written (--check)'}."


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.store.rebuild_ratings",
        description="Fold every rating again from the stored results of finished games.",
    )
    parser.add_argument("--sqlite", help="the SQLite file (default: DATABASE_PATH)")
    parser.add_argument("--url", help="the PostgreSQL URL (default: DATABASE_URL)")
    parser.add_argument(
        "--check", action="store_true", help="only compare; exit 1 if the stored ratings differ"
    )
    args = parser.parse_args(argv)
    values = {**read_dotenv(Path(".env")), **os.environ}
    if args.url:
        values["DATABASE_URL"] = args.url
    if args.sqlite:
        values["DATABASE_PATH"] = args.sqlite
        values.pop("DATABASE_URL", None)
    try:
        settings = dataclasses.replace(database_settings(values), command_timeout=REFOLD_TIMEOUT)
        done = asyncio.run(refold(settings, write=not args.check))
    except (ConfigError, StoreError) as exc:
        print(f"rebuild_ratings: {' '.join(str(exc).split())}", file=sys.stderr)
        return 1
    print(report(done, write=not args.check))
    return 1 if args.check and (done.changed or done.history_changed) else 0


if __name__ == "__main__":
    sys.exit(main())
