"""The queries of :class:`~bot.store.interface.MoveLog`: a game's log read back, and the
steps a seat may take back."""

from __future__ import annotations

import json
from collections.abc import Iterable

from bot.store.changes import record_change
from bot.store.errors import Conflict
from bot.store.interface import MoveLog
from bot.store.records import (
    UNDO_DEPTH,
    GameRow,
    LoggedMove,
    Row,
    UndoStep,
    read_label,
    read_lines,
    stored_label,
)
from bot.store.sql.base import SqlBase, Transaction

MOVES = "SELECT seq, seat, code, events, at FROM moves"
#: The sequence number of a game's last logged move (0 before any).
LAST_SEQ = "SELECT COALESCE(MAX(seq), 0) FROM moves WHERE game_id = ?"


def _logged(rows: Iterable[Row]) -> list[LoggedMove]:
    return [LoggedMove(r[0], r[1], r[2], read_lines(r[3]), r[4]) for r in rows]


class MoveLogQueries(SqlBase, MoveLog):
    """A game's log and its undo steps."""

    async def moves(self, game_id: int, last: int | None = None) -> list[LoggedMove]:
        if last is None:
            return _logged(await self._rows(f"{MOVES} WHERE game_id = ? ORDER BY seq", game_id))
        return _logged(
            await self._rows(
                f"SELECT * FROM ({MOVES} WHERE game_id = ? ORDER BY seq DESC LIMIT ?) AS recent "
                "ORDER BY seq",
                game_id,
                last,
            )
        )

    async def count_moves(self, game_id: int) -> int:
        return int(
            (await self._rows("SELECT COUNT(*) FROM moves WHERE game_id = ?", game_id))[0][0]
        )

    async def last_seq(self, game_id: int, seat: str | None = None) -> int:
        if seat is None:
            return int((await self._rows(LAST_SEQ, game_id))[0][0])
        return int((await self._rows(f"{LAST_SEQ} AND seat = ?", game_id, seat))[0][0])

    async def moves_after(self, game_id: int, seq: int) -> list[LoggedMove]:
        return _logged(
            await self._rows(f"{MOVES} WHERE game_id = ? AND seq > ? ORDER BY seq", game_id, seq)
        )

    async def undo_top(self, game_id: int) -> UndoStep | None:
        found = await self._rows(
            "SELECT seat, undo_steps.version, moves, undo_steps.snapshot, label "
            "FROM undo_steps JOIN games ON games.id = undo_steps.game_id "
            "WHERE game_id = ? AND undo_steps.version = games.version "
            "ORDER BY depth DESC LIMIT 1",
            game_id,
        )
        if not found:
            return None
        r = found[0]
        return UndoStep(str(r[0]), int(r[1]), int(r[2]), json.loads(r[3]), read_label(str(r[4])))

    async def push_undo(self, game_id: int, before: int, step: UndoStep) -> None:
        async def push(tx: Transaction) -> None:
            if self.dialect.row_locks:
                # The game's row lock orders this against any other write to its steps.
                await tx.execute("SELECT 1 FROM games WHERE id = ? FOR UPDATE", game_id)
            found = await tx.fetch(
                "SELECT depth, seat, version FROM undo_steps WHERE game_id = ? "
                "ORDER BY depth DESC LIMIT 1",
                game_id,
            )
            depth = 1
            if found and found[0][1] == step.seat and found[0][2] == before:
                depth = int(found[0][0]) + 1
            else:
                await tx.execute("DELETE FROM undo_steps WHERE game_id = ?", game_id)
            await tx.execute(
                "INSERT INTO undo_steps (game_id, depth, seat, version, moves, snapshot, label) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                game_id,
                depth,
                step.seat,
                step.version,
                step.moves,
                json.dumps(step.snapshot),
                stored_label(step.label),
            )
            await tx.execute(
                "DELETE FROM undo_steps WHERE game_id = ? AND depth <= ?",
                game_id,
                depth - UNDO_DEPTH,
            )

        await self._transaction(push)

    async def take_back(self, row: GameRow, step: UndoStep) -> GameRow:
        last = "(SELECT COALESCE(MAX(seq), 0) FROM moves WHERE game_id = ?)"
        least = self.dialect.least

        async def undo(tx: Transaction) -> None:
            changed = await tx.execute(
                "UPDATE games SET snapshot = ?, version = version + 1 "
                "WHERE id = ? AND version = ? AND status = 'active'",
                json.dumps(step.snapshot),
                row.id,
                step.version,
            )
            if changed != 1:
                raise Conflict("The game moved on; nothing was taken back.")
            await tx.execute(
                "DELETE FROM moves WHERE game_id = ? AND seq IN (SELECT seq FROM moves "
                "WHERE game_id = ? ORDER BY seq DESC LIMIT ?)",
                row.id,
                row.id,
                step.moves,
            )
            await tx.execute(
                f"UPDATE games SET turn_shown_seq = {least}(turn_shown_seq, {last}), "
                f"turn_from_seq = {least}(turn_from_seq, {last}) WHERE id = ?",
                row.id,
                row.id,
                row.id,
            )
            await tx.execute(
                "DELETE FROM undo_steps WHERE game_id = ? AND version = ?", row.id, step.version
            )
            await tx.execute(
                "UPDATE undo_steps SET version = ? WHERE game_id = ? AND "
                "depth = (SELECT MAX(depth) FROM undo_steps WHERE game_id = ?)",
                step.version + 1,
                row.id,
                row.id,
            )

        await self._transaction(undo)
        record_change()
        return await self._reload(row.id)
