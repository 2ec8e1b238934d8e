"""The queries of :class:`~bot.store.interface.Hints`: the coach's count of hints."""

from __future__ import annotations

from bot.store.changes import record_change
from bot.store.interface import Hints
from bot.store.sql.base import SqlBase, Transaction


class HintQueries(SqlBase, Hints):
    """Hints given per seat of a game."""

    async def count_hint(self, game_id: int, seat_id: str) -> int:
        async def count(tx: Transaction) -> int:
            await tx.execute(
                "INSERT INTO hints (game_id, seat_id, used) VALUES (?, ?, 1) "
                "ON CONFLICT (game_id, seat_id) DO UPDATE SET used = hints.used + 1",
                game_id,
                seat_id,
            )
            found = await tx.fetch(
                "SELECT used FROM hints WHERE game_id = ? AND seat_id = ?", game_id, seat_id
            )
            return int(found[0][0])

        used = await self._transaction(count)
        record_change()
        return used

    async def hints_used(self, game_id: int) -> dict[str, int]:
        found = await self._rows(
            "SELECT seat_id, used FROM hints WHERE game_id = ? ORDER BY seat_id", game_id
        )
        return {str(seat): int(used) for seat, used in found}
