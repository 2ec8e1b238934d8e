"""The queries of :class:`~bot.store.interface.Games`: a game's row, from lobby to finish."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.store.changes import record_change
from bot.store.errors import ChannelBusy, Conflict
from bot.store.interface import Games
from bot.store.records import GameRow, Result, Seat, seats_json, stored_lines
from bot.store.sql.base import SqlBase, Transaction
from bot.store.sql.log import LAST_SEQ
from bot.store.sql.rankings import rate_finished, record_results
from engine.text import tx


class GameQueries(SqlBase, Games):
    """Games' rows; a move's commit also writes its log rows, and a finishing move its
    results and ratings (:mod:`bot.store.sql.rankings`), in the same transaction."""

    async def get(self, game_id: int) -> GameRow | None:
        return await self._game("WHERE id = ?", game_id)

    async def open_game_in(self, channel_id: int) -> GameRow | None:
        return await self._game(
            "WHERE channel_id = ? AND status IN ('lobby', 'active')", channel_id
        )

    async def open_learning_game(self, host_id: str) -> GameRow | None:
        return await self._game(
            "WHERE status IN ('lobby', 'active') AND learning = 1 AND host_id = ? "
            "ORDER BY id DESC LIMIT 1",
            host_id,
        )

    async def rematch_for(self, game_id: int) -> GameRow | None:
        return await self._game("WHERE rematch_of = ? ORDER BY id LIMIT 1", game_id)

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
        rated: bool = True,
        language: str = "en",
        learning: bool = False,
    ) -> GameRow:
        try:
            game_id = await self._insert(
                "INSERT INTO games (guild_id, channel_id, slug, status, host_id, seats, seed, "
                "options, created_at, pace, rematch_of, rated, language, learning) "
                "VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                guild_id,
                channel_id,
                slug,
                host.id,
                seats_json(seats or [host]),
                seed,
                json.dumps(options),
                now,
                pace,
                rematch_of,
                int(rated),
                language,
                int(learning),
            )
        except self._unique_violation as exc:
            raise ChannelBusy(tx("This channel already has an open game.")) from exc
        record_change()
        return await self._reload(game_id)

    async def update_table(
        self,
        row: GameRow,
        *,
        seats: Sequence[Seat] | None = None,
        host_id: str | None = None,
        unseen: bool = False,
    ) -> GameRow:
        new_seats = list(seats) if seats is not None else row.seats
        shown = "CASE WHEN shown_version = version THEN version + 1 ELSE shown_version END"
        await self._guarded(
            "The table changed meanwhile; try again.",
            "UPDATE games SET seats = ?, host_id = ?, version = version + 1, "
            f"shown_version = {shown if unseen else 'shown_version'} "
            "WHERE id = ? AND version = ?",
            seats_json(new_seats),
            host_id or row.host_id,
            row.id,
            row.version,
        )
        record_change()
        return await self._reload(row.id)

    async def start(
        self,
        row: GameRow,
        seats: Sequence[Seat],
        snapshot: dict[str, Any],
        now: float,
        *,
        rated: bool | None = None,
    ) -> GameRow:
        await self._guarded(
            "The lobby changed meanwhile; try again.",
            "UPDATE games SET status = 'active', seats = ?, snapshot = ?, started_at = ?, "
            "turn_started_at = ?, rated = ?, version = version + 1 "
            "WHERE id = ? AND version = ? AND status = 'lobby'",
            seats_json(seats),
            json.dumps(snapshot),
            now,
            now,
            int(row.rated if rated is None else rated),
            row.id,
            row.version,
        )
        record_change()
        return await self._reload(row.id)

    async def set_lobby_options(
        self,
        row: GameRow,
        options: dict[str, str],
        pace: str,
        *,
        rated: bool | None = None,
        language: str | None = None,
        terms: int | None = None,
        seats: Sequence[Seat] | None = None,
    ) -> GameRow:
        await self._guarded(
            "The lobby changed meanwhile; look and try again.",
            "UPDATE games SET options = ?, pace = ?, rated = ?, language = ?, terms = ?, "
            "seats = ?, version = version + 1 WHERE id = ? AND version = ? AND status = 'lobby'",
            json.dumps(options),
            pace,
            int(row.rated if rated is None else rated),
            language or row.language,
            row.terms if terms is None else terms,
            seats_json(row.seats if seats is None else seats),
            row.id,
            row.version,
        )
        record_change()
        return await self._reload(row.id)

    async def set_status(self, row: GameRow, status: str, now: float) -> GameRow:
        await self._guarded(
            "The game changed meanwhile; try again.",
            "UPDATE games SET status = ?, finished_at = ?, version = version + 1 "
            "WHERE id = ? AND version = ?",
            status,
            now,
            row.id,
            row.version,
        )
        record_change()
        return await self._reload(row.id)

    async def commit_moves(
        self,
        row: GameRow,
        moves: Sequence[tuple[str, str, list[str]]],
        snapshot: dict[str, Any],
        *,
        now: float,
        results: Sequence[Result] = (),
        turn: Sequence[str] | None = None,
    ) -> GameRow:
        finished = bool(results)

        async def commit(tx: Transaction) -> None:
            # The guarded UPDATE comes first: it takes the game's row (PostgreSQL), so a
            # racing writer waits here, then finds the version moved on.
            changed = await tx.execute(
                "UPDATE games SET snapshot = ?, version = version + ?, status = ?, "
                "finished_at = ?, turn_started_at = ? "
                "WHERE id = ? AND version = ? AND status = 'active'",
                json.dumps(snapshot),
                len(moves),
                "finished" if finished else "active",
                now if finished else None,
                now,
                row.id,
                row.version,
            )
            if changed != 1:
                raise Conflict("The game moved on; try again.")
            seq = int((await tx.fetch(LAST_SEQ, row.id))[0][0])
            await tx.executemany(
                "INSERT INTO moves (game_id, seq, seat, code, events, at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (row.id, seq + i, seat, code, stored_lines(events), now)
                    for i, (seat, code, events) in enumerate(moves, start=1)
                ],
            )
            if results and not row.learning:  # a learning game never counts
                await record_results(tx, row, results, now)
                await rate_finished(tx, self.dialect, row, results)
            if turn is not None:
                # News for the same seats keeps the pings still owed to a turn that was
                # not shown yet; a change of seats owes them to the new movers.
                pings = json.dumps(list(turn))
                await tx.execute(
                    "UPDATE games SET turn_version = version, turn_pings = CASE WHEN "
                    f"CAST(? AS TEXT) = '[]' AND turn_posted_for {self.dialect.distinct_from} "
                    "turn_version THEN turn_pings ELSE ? END WHERE id = ?",
                    pings,
                    pings,
                    row.id,
                )

        await self._transaction(commit)
        record_change()
        return await self._reload(row.id)
