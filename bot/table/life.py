"""The table's life as its channel shows it: the game read as it stands, what its turn
message shows and records, what happened since a seat's last turn, the outbox (which
version the channel saw, and who may bring it up to date), and whether a server plays its
games in threads.

The Discord side (``bot.chat``: the presenter, the courier, the clock, the thread keeper)
asks this service, never the store: what it reads and records of a channel is named here
once, in the table's words, and the store behind it is the table layer's business.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from bot.store.interface import Games, Hints, MoveLog, ServerSettings, TableLife
from bot.store.records import GameRow, LoggedMove


class LifeStore(Games, MoveLog, TableLife, ServerSettings, Hints, Protocol):
    """The store's roles a table's life reads and records (not the turn clock's, nor the
    rankings)."""


@dataclass(frozen=True)
class TurnLog:
    """What a showing of a game's latest version reads of its log: the last log row
    (what the channel will have seen once shown), the rows from the turn message's first
    one, and the seat that may take the last step back (None: nobody, or the game is over)."""

    shown_seq: int
    logged: list[LoggedMove]
    undo_by: str | None


@dataclass(frozen=True)
class CatchUp:
    """What happened since some seats' last turn: the log rows, in order, and whether
    they are the whole game so far (one of the seats has not played yet)."""

    logged: list[LoggedMove]
    first: bool


class Life:
    """The turn message, the outbox and the places of every table, for the Discord side."""

    def __init__(self, store: LifeStore) -> None:
        self.store = store

    async def game(self, game_id: int) -> GameRow | None:
        """The game as it stands (None: no such game)."""
        return await self.store.get(game_id)

    # ---------- the turn message ----------

    async def turn_log(self, game_id: int, from_seq: int, *, over: bool) -> TurnLog:
        """What showing the game's latest version reads of its log, from ``from_seq``;
        ``over``: the game ended, so no step can be taken back."""
        shown_seq = await self.store.last_seq(game_id)
        logged = await self.store.moves_after(game_id, from_seq)
        undo_by = None
        if not over:
            step = await self.store.undo_top(game_id)
            undo_by = None if step is None else step.seat
        return TurnLog(shown_seq, logged, undo_by)

    async def logged_after(self, game_id: int, seq: int) -> list[LoggedMove]:
        """The log rows after ``seq`` (a move's own showing knows the rest)."""
        return await self.store.moves_after(game_id, seq)

    async def since_last_turn(self, game_id: int, seats: Iterable[str]) -> CatchUp:
        """What happened since ``seats`` last acted, in order: the log rows after the last
        row one of them logged (from the start when one never did), so that each finds in
        them everything since their own last turn (several seats pinged at once share one
        list: from the earliest of their turns). Only the rows' events are for the table
        (what turn messages and ``/game log`` show); read from the store, so a restart
        loses nothing."""
        lasts = [await self.store.last_seq(game_id, seat) for seat in seats]
        if not lasts:
            return CatchUp([], first=False)
        since = min(lasts)
        return CatchUp(await self.store.moves_after(game_id, since), first=since == 0)

    async def final_counts(self, game_id: int) -> tuple[int, dict[str, int]]:
        """What a final card counts: the moves played, and the hints each seat took."""
        return await self.store.count_moves(game_id), await self.store.hints_used(game_id)

    async def record_turn(
        self,
        game_id: int,
        version: int,
        *,
        message_id: int,
        posted_for: int | None,
        from_seq: int,
        shown_seq: int,
    ) -> None:
        """A new turn message shows ``version`` (see ``TableLife.show_turn``)."""
        await self.store.show_turn(
            game_id,
            version,
            message_id=message_id,
            posted_for=posted_for,
            from_seq=from_seq,
            shown_seq=shown_seq,
        )

    async def record_step(self, game_id: int, version: int, shown_seq: int) -> None:
        """The turn message, edited, shows ``version`` up to log row ``shown_seq``."""
        await self.store.show_step(game_id, version, shown_seq)

    # ---------- the outbox ----------

    async def shown(self, game_id: int, version: int) -> None:
        """The channel saw ``version`` of the game."""
        await self.store.mark_shown(game_id, version)

    def posting(self, game_id: int) -> contextlib.AbstractAsyncContextManager[bool]:
        """Whether this process may bring the game's channel up to date now (one process
        at a time; see ``TableLife.posting``): read the game again inside."""
        return self.store.posting(game_id)

    # ---------- threads ----------

    async def threads_enabled(self, guild_id: int) -> bool:
        """Whether the server plays its games in threads (``/game settings``)."""
        return await self.store.threads_enabled(guild_id)
