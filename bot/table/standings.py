"""The standings' reads (``/leaderboard``, ``/profile``, ``/stats``): ratings by season or
everywhere, the boards of results, a person's titles, and where a server's games were
played (so that what a viewer cannot see is left out: ``bot.chat.access.sight``).

Only reads: a result is written with the game that produced it (``Tables``), and a new
season begins with a server's settings (``bot.table.settings``).
"""

from __future__ import annotations

from collections.abc import Collection

from bot.common.ratings import Scope, Standing, TitleProfile
from bot.store.interface import Rankings
from bot.store.records import TitleStats


class Standings:
    """What the boards and profiles show, read from the store."""

    def __init__(self, store: Rankings) -> None:
        self.store = store

    async def season(self, guild_id: int) -> int:
        """The season a server's ratings are in (1 for a server that never began one)."""
        return await self.store.season(guild_id)

    async def rating_board(
        self, scope: Scope, slug: str, *, offset: int = 0, limit: int = 10
    ) -> tuple[int, list[Standing]]:
        """A title's listed ratings in ``scope``, best first: how many in all, and
        ``limit`` of them after the first ``offset``."""
        return await self.store.rating_board(scope, slug, offset=offset, limit=limit)

    async def record_board(
        self,
        guild_id: int | None,
        slug: str,
        order: str,
        *,
        offset: int = 0,
        limit: int = 10,
        hidden: Collection[int] = (),
    ) -> tuple[int, list[TitleStats]]:
        """A title's records of results on a server (None: everywhere), by ``order``,
        without the games of ``hidden`` places: how many in all, and a page of them."""
        return await self.store.record_board(
            guild_id, slug, order, offset=offset, limit=limit, hidden=hidden
        )

    async def places(self, guild_id: int, seat_id: str | None = None) -> list[int]:
        """The places of a server's finished games (of ``seat_id``'s, when given)."""
        return await self.store.places(guild_id, seat_id)

    async def profile(
        self,
        guild_id: int,
        player: str,
        *,
        trend: int,
        last: int,
        hidden: Collection[int] = (),
    ) -> list[TitleProfile]:
        """A person's titles on a server in its current season, with their ``trend``
        last ratings and ``last`` results, none from a ``hidden`` place."""
        return await self.store.profile(guild_id, player, trend=trend, last=last, hidden=hidden)

    async def player_stats(
        self, guild_id: int, seat_id: str, *, hidden: Collection[int] = ()
    ) -> list[TitleStats]:
        """A person's games, wins and best score per title on a server, none from a
        ``hidden`` place."""
        return await self.store.player_stats(guild_id, seat_id, hidden=hidden)
