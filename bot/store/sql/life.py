"""The queries of :class:`~bot.store.interface.TableLife`: a table's thread, what its
channel has seen, the clock's work and the idle votes. Who may post a game's missed update
(``posting``) is the backend's own."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from bot.common.pace import Timing
from bot.common.shards import Shards
from bot.store.changes import record_change
from bot.store.due import Due, due_query, merged
from bot.store.interface import TableLife
from bot.store.records import GameRow, Row, VoteCall
from bot.store.sql.base import SqlBase, Transaction


def _vote_call(version: int, row: Row) -> VoteCall:
    """A vote call as stored (its seat lists as JSON)."""
    return VoteCall(version, tuple(json.loads(row[0])), tuple(json.loads(row[1])))


class TableLifeQueries(SqlBase, TableLife):
    """A table's life around its moves."""

    async def move_to_thread(self, row: GameRow, thread_id: int) -> GameRow:
        await self._guarded(
            "The game changed meanwhile.",
            "UPDATE games SET parent_channel_id = channel_id, channel_id = ? "
            "WHERE id = ? AND parent_channel_id IS NULL AND status = 'active'",
            thread_id,
            row.id,
        )
        return await self._reload(row.id)

    async def open_games_under(self, parent_id: int) -> list[GameRow]:
        return await self._games(
            "WHERE parent_channel_id = ? AND status IN ('lobby', 'active') ORDER BY id", parent_id
        )

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        await self._change(
            "UPDATE games SET lobby_message_id = ? WHERE id = ?", message_id, game_id
        )

    async def mark_shown(self, game_id: int, version: int) -> None:
        await self._change(
            "UPDATE games SET shown_version = ? WHERE id = ? AND shown_version < ?",
            version,
            game_id,
            version,
        )

    async def show_turn(
        self,
        game_id: int,
        version: int,
        *,
        message_id: int,
        posted_for: int | None,
        from_seq: int,
        shown_seq: int,
    ) -> None:
        await self._change(
            "UPDATE games SET turn_message_id = ?, turn_posted_for = ?, turn_from_seq = ?, "
            f"turn_shown_seq = ?, shown_version = {self.dialect.greatest}(shown_version, ?) "
            "WHERE id = ?",
            message_id,
            posted_for,
            from_seq,
            shown_seq,
            version,
            game_id,
        )

    async def show_step(self, game_id: int, version: int, shown_seq: int) -> None:
        await self._change(
            "UPDATE games SET turn_shown_seq = ?, "
            f"shown_version = {self.dialect.greatest}(shown_version, ?) WHERE id = ?",
            shown_seq,
            version,
            game_id,
        )

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
