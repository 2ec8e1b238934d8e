"""The queries of :class:`~bot.store.interface.TurnClock`: the games with clock work due
(:mod:`bot.store.due`), the reminders and idle notices sent, and the idle votes."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from bot.common.pace import Timing
from bot.common.shards import Shards
from bot.store.changes import record_change
from bot.store.due import Due, due_query, merged
from bot.store.interface import TurnClock
from bot.store.records import GameRow, Row, VoteCall
from bot.store.sql.base import SqlBase, Transaction


def _vote_call(version: int, row: Row) -> VoteCall:
    """A vote call as stored (its seat lists as JSON)."""
    return VoteCall(version, tuple(json.loads(row[0])), tuple(json.loads(row[1])))


class TurnClockQueries(SqlBase, TurnClock):
    """The turn clock's records."""

    async def due(
        self, now: float, paces: Mapping[str, Timing], shards: Shards | None = None
    ) -> list[Due]:
        sql, params = due_query(self.dialect, now, paces, shards)
        return merged(await self._rows(sql, *params))

    async def mark_timer(self, row: GameRow, which: str) -> bool:
        column = {"remind": "reminded_version", "idle": "idle_version"}[which]
        changed = await self._change(
            f"UPDATE games SET {column} = version WHERE id = ? AND version = ? "
            f"AND status = 'active' AND {column} != version",
            row.id,
            row.version,
        )
        return changed == 1

    async def call_vote(self, row: GameRow, seats: Sequence[str], voters: Sequence[str]) -> bool:
        async def call(tx: Transaction) -> bool:
            changed = await tx.execute(
                "UPDATE games SET idle_version = version WHERE id = ? AND version = ? "
                "AND status = 'active' AND idle_version != version",
                row.id,
                row.version,
            )
            if changed != 1:
                return False
            await tx.execute(
                "INSERT INTO vote_calls (game_id, version, seats, voters) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (game_id, version) DO UPDATE "
                "SET seats = excluded.seats, voters = excluded.voters",
                row.id,
                row.version,
                json.dumps(list(seats)),
                json.dumps(list(voters)),
            )
            return True

        return await self._transaction(call)

    async def vote_call(self, game_id: int, version: int) -> VoteCall | None:
        found = await self._rows(
            "SELECT seats, voters FROM vote_calls WHERE game_id = ? AND version = ?",
            game_id,
            version,
        )
        return _vote_call(version, found[0]) if found else None

    async def vote(
        self, game_id: int, version: int, voter: str, choice: str
    ) -> dict[str, str] | None:
        share = " FOR SHARE" if self.dialect.row_locks else ""

        async def cast(tx: Transaction) -> dict[str, str] | None:
            called = await tx.fetch(
                f"SELECT seats, voters FROM vote_calls WHERE game_id = ? AND version = ?{share}",
                game_id,
                version,
            )
            if not called or voter not in _vote_call(version, called[0]).voters:
                return None
            await tx.execute(
                "INSERT INTO votes (game_id, version, voter, choice) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (game_id, version, voter) DO UPDATE SET choice = excluded.choice",
                game_id,
                version,
                voter,
                choice,
            )
            votes = await tx.fetch(
                "SELECT voter, choice FROM votes WHERE game_id = ? AND version = ?",
                game_id,
                version,
            )
            return {str(r[0]): str(r[1]) for r in votes}

        votes = await self._transaction(cast)
        if votes is not None:
            record_change()
        return votes
