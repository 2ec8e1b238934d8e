"""The game registry (docs/ARCHITECTURE.md §5): what the rest of the bot imports from the store.

- :mod:`bot.store.interface`: the interface by role (games, move log, table life, turn
  clock, rankings, server settings, hints), :class:`GameStore` their sum, and their
  promises;
- :mod:`bot.store.records`: the rows, seats, results, steps and votes it hands out;
- :mod:`bot.store.errors`: its failures, each fit to show a player;
- :mod:`bot.store.changes`: whether this task changed something (for apologies);
- :mod:`bot.store.opening`: :func:`open_store`, the backend the settings ask for.

Behind them: :mod:`bot.store.sql` (every query, written once, a mixin per role), the backends
:mod:`bot.store.sqlite` and :mod:`bot.store.postgres` (what truly differs, with
:mod:`bot.store.dialect`), :mod:`bot.store.migrations` (numbered SQL files per backend),
:mod:`bot.store.due` (the clock's query), :mod:`bot.store.rating_rows` (ratings as rows),
:mod:`bot.store.migrate_to_postgres` (the tool that copies a SQLite file into PostgreSQL)
and :mod:`bot.store.rebuild_ratings` (the tool that folds every rating again).
"""

from bot.store.changes import changed_here, record_change
from bot.store.errors import (
    ChannelBusy,
    Conflict,
    DatabaseUnavailable,
    SchemaTooNew,
    StoreBusy,
    StoreError,
    StoreLocked,
)
from bot.store.interface import GameStore
from bot.store.opening import open_store
from bot.store.records import (
    UNDO_DEPTH,
    GameRow,
    LoggedMove,
    Result,
    Seat,
    TitleStats,
    UndoStep,
    VoteCall,
)

__all__ = [
    "UNDO_DEPTH",
    "ChannelBusy",
    "Conflict",
    "DatabaseUnavailable",
    "GameRow",
    "GameStore",
    "LoggedMove",
    "Result",
    "SchemaTooNew",
    "Seat",
    "StoreBusy",
    "StoreError",
    "StoreLocked",
    "TitleStats",
    "UndoStep",
    "VoteCall",
    "changed_here",
    "open_store",
    "record_change",
]
