"""The one interface both registries implement (DESIGN.md §5): SQLite and PostgreSQL.

Rows, seats, results and the errors are those of :mod:`bot.store`; a backend raises
:class:`~bot.store.Conflict` when a game's version moved on, :class:`~bot.store.ChannelBusy`
for a second open game in a channel, :class:`~bot.store.SchemaTooNew` for a database of a
newer Turnstile, and the errors below for what only a server (or a second process) can
cause. Every one is a :class:`~bot.store.StoreError`, whose message is fit to show a
player. Both backends subclass :class:`GameStore`, so a missing or mistyped method is a
type error, and ``tests/store`` runs every promise on both.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from bot.common.pace import Timing
from bot.common.shards import Shards
from bot.store import (
    GameRow,
    LoggedMove,
    Result,
    Seat,
    StoreError,
    TitleStats,
    UndoStep,
    VoteCall,
)
from bot.store.due import Due


class DatabaseUnavailable(StoreError):
    """The database stayed unreachable for longer than the configured retry time."""


class StoreLocked(StoreError):
    """Another process already serves this SQLite file."""


class GameStore(Protocol):
    """What the bot needs from a registry; see :class:`bot.store.Store` for each promise.

    ``shards``: only games of guilds on those shards (all games when None).
    """

    async def close(self) -> None: ...

    async def migrate(self) -> int: ...

    async def get(self, game_id: int) -> GameRow | None: ...

    async def open_game_in(self, channel_id: int) -> GameRow | None: ...

    async def games_with_status(
        self, status: str, shards: Shards | None = None
    ) -> list[GameRow]: ...

    async def create_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        slug: str,
        host: Seat,
        options: dict[str, str],
        seed: int,
        now: float,
        pace: str = "live",
        seats: Sequence[Seat] | None = None,
        rematch_of: int | None = None,
    ) -> GameRow: ...

    async def update_table(
        self,
        row: GameRow,
        *,
        seats: Sequence[Seat] | None = None,
        host_id: str | None = None,
        unseen: bool = False,
    ) -> GameRow: ...

    async def start(
        self, row: GameRow, seats: Sequence[Seat], snapshot: dict[str, Any], now: float
    ) -> GameRow: ...

    async def commit_moves(
        self,
        row: GameRow,
        moves: Sequence[tuple[str, str, list[str]]],
        snapshot: dict[str, Any],
        *,
        now: float,
        results: Sequence[Result] = (),
        turn: Sequence[str] | None = None,
    ) -> GameRow: ...

    async def set_status(self, row: GameRow, status: str, now: float) -> GameRow: ...

    async def set_lobby_options(
        self, row: GameRow, options: dict[str, str], pace: str
    ) -> GameRow: ...

    async def move_to_thread(self, row: GameRow, thread_id: int) -> GameRow: ...

    async def open_games_under(self, parent_id: int) -> list[GameRow]: ...

    async def rematch_for(self, game_id: int) -> GameRow | None: ...

    async def count_moves(self, game_id: int) -> int: ...

    async def threads_enabled(self, guild_id: int) -> bool: ...

    async def set_threads(self, guild_id: int, enabled: bool) -> None: ...

    async def set_lobby_message(self, game_id: int, message_id: int) -> None: ...

    async def mark_shown(self, game_id: int, version: int) -> None: ...

    async def unshown(self, shards: Shards | None = None) -> list[GameRow]: ...

    async def due(
        self, now: float, paces: Mapping[str, Timing], shards: Shards | None = None
    ) -> list[Due]: ...

    def posting(self, game_id: int) -> contextlib.AbstractAsyncContextManager[bool]: ...

    async def moves(self, game_id: int, last: int | None = None) -> list[LoggedMove]: ...

    async def last_seq(self, game_id: int) -> int: ...

    async def moves_after(self, game_id: int, seq: int) -> list[LoggedMove]: ...

    async def show_turn(
        self,
        game_id: int,
        version: int,
        *,
        message_id: int,
        posted_for: int | None,
        from_seq: int,
        shown_seq: int,
    ) -> None: ...

    async def show_step(self, game_id: int, version: int, shown_seq: int) -> None: ...

    async def undo_top(self, game_id: int) -> UndoStep | None: ...

    async def push_undo(self, game_id: int, before: int, step: UndoStep) -> None: ...

    async def forget_undo(self, game_id: int) -> None: ...

    async def take_back(self, row: GameRow, step: UndoStep) -> GameRow: ...

    async def mark_timer(self, row: GameRow, which: str) -> bool: ...

    async def call_vote(
        self, row: GameRow, seats: Sequence[str], voters: Sequence[str]
    ) -> bool: ...

    async def vote_call(self, game_id: int, version: int) -> VoteCall | None: ...

    async def vote(
        self, game_id: int, version: int, voter: str, choice: str
    ) -> dict[str, str] | None: ...

    async def results_of(self, game_id: int) -> list[Result]: ...

    async def player_stats(self, guild_id: int, seat_id: str) -> list[TitleStats]: ...

    async def leaderboard(self, guild_id: int, slug: str, limit: int = 10) -> list[TitleStats]: ...

    async def guild_settings(self, guild_id: int) -> tuple[str, dict[str, float]]: ...

    async def save_guild_settings(
        self, guild_id: int, default_pace: str, timings: dict[str, float]
    ) -> None: ...
