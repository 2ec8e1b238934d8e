"""Forwarding entry: ``python -m bot.migrate_to_postgres`` (the README's command) runs
:mod:`bot.store.migrate_to_postgres`."""

from bot.store.migrate_to_postgres import main

if __name__ == "__main__":
    raise SystemExit(main())
