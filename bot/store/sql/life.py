"""The queries of :class:`~bot.store.interface.TableLife`: a table's thread and what its
channel has seen. Who may post a game's missed update (``posting``) is the backend's own."""

from __future__ import annotations

from bot.store.interface import TableLife
from bot.store.records import GameRow
from bot.store.sql.base import SqlBase


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
