"""Every query of the store, written once for both databases (the promises are
:class:`~bot.store.interface.GameStore`'s).

A backend gives :class:`SqlStore` its :class:`~bot.store.dialect.Dialect` and four ways to
reach its database: a read of committed data (``_rows``), one write statement on its own
(``_change``), an insert that returns the new row's id (``_insert``), and a transaction
(``_transaction``, which hands the work a :class:`Transaction` and commits what it did, or
nothing). How each is run (SQLite's single writer and its busy file, PostgreSQL's pool,
lost connections and ambiguous commits), how the schema is migrated and who may post a
game's missed update is the backend's own.
"""

from __future__ import annotations

import json
from abc import abstractmethod
from collections.abc import Awaitable, Callable, Collection, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Protocol, TypeVar

from bot.common.pace import Timing
from bot.common.ratings import (
    EVERYWHERE,
    SEASON_LIMIT,
    Outing,
    RatedGame,
    Rating,
    Scope,
    Standing,
    TitleProfile,
    counts,
    rate,
    rebuild,
)
from bot.common.shards import Shards, shard_sql
from bot.store import rating_rows
from bot.store.changes import record_change
from bot.store.dialect import Dialect
from bot.store.due import Due, due_query, merged
from bot.store.errors import ChannelBusy, Conflict
from bot.store.interface import GameStore
from bot.store.rating_rows import CHANGE_COLUMNS, RATING_COLUMNS, Refold
from bot.store.records import (
    GAME_COLUMNS,
    UNDO_DEPTH,
    GameRow,
    LoggedMove,
    Result,
    Row,
    Seat,
    TitleStats,
    UndoStep,
    VoteCall,
    game_row,
    read_label,
    read_lines,
    seats_json,
    stored_label,
    stored_lines,
)
from engine.text import tx

T = TypeVar("T")

_MOVES = "SELECT seq, seat, code, events, at FROM moves"
_LAST_SEQ = "SELECT COALESCE(MAX(seq), 0) FROM moves WHERE game_id = ?"
#: A player's wins among the grouped results rows.
_WINS = "SUM(CASE WHEN rank = 1 THEN 1 ELSE 0 END)"
#: The boards of results (``/leaderboard board:``): most wins, or the best score.
_RECORD_ORDERS = {
    "wins": "wins DESC, best DESC, games DESC",
    "best": "best DESC, wins DESC, games DESC",
}
#: A finished game's results added to its people's records, on its server and everywhere
#: (guild 0, without a name): one more game, a win for a first place, the best score, and
#: the name played under last (migration 11).
_ADD_RECORD = (
    "INSERT INTO player_records (guild_id, slug, seat_id, name, named_at, games, wins, best) "
    "VALUES (?, ?, ?, ?, ?, 1, ?, ?) ON CONFLICT (guild_id, slug, seat_id) DO UPDATE SET "
    "games = player_records.games + 1, wins = player_records.wins + excluded.wins, "
    "best = CASE WHEN excluded.best > player_records.best THEN excluded.best "
    "ELSE player_records.best END, "
    "name = CASE WHEN excluded.named_at >= player_records.named_at THEN excluded.name "
    "ELSE player_records.name END, "
    "named_at = CASE WHEN excluded.named_at >= player_records.named_at "
    "THEN excluded.named_at ELSE player_records.named_at END"
)
#: The same per place of a server (``bot.chat.access.sight``: the channel whose viewers see the
#: game), so that what a viewer cannot see is left out without reading every result
#: (migration 13).
_ADD_PLACE_RECORD = (
    "INSERT INTO place_records (guild_id, slug, place_id, seat_id, games, wins, best) "
    "VALUES (?, ?, ?, ?, 1, ?, ?) ON CONFLICT (guild_id, slug, place_id, seat_id) DO UPDATE "
    "SET games = place_records.games + 1, wins = place_records.wins + excluded.wins, "
    "best = CASE WHEN excluded.best > place_records.best THEN excluded.best "
    "ELSE place_records.best END"
)
_RESULT = "seat_id, name, score, rank, ai_played, robot, level, standing"
#: The lock that orders every write of ratings (PostgreSQL; see ``Dialect.exclusive``).
RATINGS_LOCK = 0x72617465
#: A rating's place on its board: the higher conservative estimate first, then by id.
_RATING_ORDER = "ordinal DESC, player"
_HELD = f"SELECT guild_id, season, player, {rating_rows.RATED} FROM ratings"
#: A ``ratings`` row written, one marker per column of ``RATING_COLUMNS``.
_ADD_RATING = (
    f"INSERT INTO ratings ({RATING_COLUMNS}) "
    f"VALUES ({', '.join('?' for _ in RATING_COLUMNS.split(','))})"
)


class Transaction(Protocol):
    """Statements inside one transaction of a backend (``?`` markers)."""

    async def execute(self, sql: str, *params: Any) -> int:
        """Run one statement; how many rows it changed."""

    async def fetch(self, sql: str, *params: Any) -> list[Row]: ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...


def _logged(rows: Iterable[Row]) -> list[LoggedMove]:
    return [LoggedMove(r[0], r[1], r[2], read_lines(r[3]), r[4]) for r in rows]


def _result(row: Row) -> Result:
    """A results row selected as ``_RESULT``."""
    return Result(row[0], row[1], row[2], row[3], bool(row[4]), bool(row[5]), row[6], row[7])


def _unseen(hidden: Collection[int], place: str = "place_id") -> tuple[str, tuple[int, ...]]:
    """The condition that leaves out games played in ``hidden`` places (``place``: the
    column, or expression, that holds a game's place), and its values."""
    places = tuple(sorted(hidden))
    if not places:
        return "", ()
    return f" AND {place} NOT IN ({', '.join('?' for _ in places)})", places


def _vote_call(version: int, row: Row) -> VoteCall:
    """A vote call as stored (its seat lists as JSON)."""
    return VoteCall(version, tuple(json.loads(row[0])), tuple(json.loads(row[1])))


class SqlStore(GameStore):
    """The registry's queries on top of a backend's primitives (see the module)."""

    dialect: ClassVar[Dialect]
    #: What the driver raises when an insert breaks a unique index.
    _unique_violation: ClassVar[type[Exception]]

    @abstractmethod
    async def _rows(self, sql: str, *params: Any) -> list[Row]:
        """A read of committed data."""

    @abstractmethod
    async def _change(self, sql: str, *params: Any) -> int:
        """One writing statement on its own; how many rows it changed."""

    @abstractmethod
    async def _insert(self, sql: str, *params: Any) -> int:
        """One ``INSERT`` of a row with an ``id``; that id."""

    @abstractmethod
    async def _transaction(self, work: Callable[[Transaction], Awaitable[T]]) -> T:
        """Run ``work`` in one transaction: all it wrote commits, or none of it."""

    # ---------- reading games ----------

    async def _games(self, where: str, *params: Any) -> list[GameRow]:
        return [
            game_row(r)
            for r in await self._rows(f"SELECT {GAME_COLUMNS} FROM games {where}", *params)
        ]

    async def _game(self, where: str, *params: Any) -> GameRow | None:
        found = await self._games(where, *params)
        return found[0] if found else None

    async def _reload(self, game_id: int) -> GameRow:
        """The row just written (it exists: games are never deleted)."""
        row = await self.get(game_id)
        assert row is not None
        return row

    async def _of_shards(
        self, where: str, params: Sequence[Any], shards: Shards | None
    ) -> list[GameRow]:
        """Games matching ``where``, of guilds on ``shards`` when given, by id."""
        if shards is not None and not shards.owns_everything:
            assert shards.count is not None and shards.ids is not None
            marks = ", ".join("?" for _ in shards.ids)
            where += f" AND {shard_sql('guild_id', '?')} IN ({marks})"
            params = (*params, shards.count, *shards.ids)
        return await self._games(f"WHERE {where} ORDER BY id", *params)

    async def _guarded(self, message: str, sql: str, *params: Any) -> None:
        """One write guarded by the game's version (in ``sql``'s WHERE): a Conflict with
        ``message`` unless it changed the game's row."""
        if await self._change(sql, *params) != 1:
            raise Conflict(message)

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

    async def games_with_status(self, status: str, shards: Shards | None = None) -> list[GameRow]:
        return await self._of_shards("status = ?", (status,), shards)

    # ---------- writing games ----------

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
            seq = int((await tx.fetch(_LAST_SEQ, row.id))[0][0])
            await tx.executemany(
                "INSERT INTO moves (game_id, seq, seat, code, events, at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (row.id, seq + i, seat, code, stored_lines(events), now)
                    for i, (seat, code, events) in enumerate(moves, start=1)
                ],
            )
            if results and not row.learning:  # a learning game never counts
                await self._record_results(tx, row, results, now)
                await self._rate_finished(tx, row, results)
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

    async def _record_results(
        self, tx: Transaction, row: GameRow, results: Sequence[Result], now: float
    ) -> None:
        await tx.executemany(
            "INSERT INTO results (game_id, guild_id, slug, finished_at, seat_id, name, score, "
            "rank, ai_played, robot, level, standing) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (game_id, seat_id) DO UPDATE SET guild_id = excluded.guild_id, "
            "slug = excluded.slug, finished_at = excluded.finished_at, name = excluded.name, "
            "score = excluded.score, rank = excluded.rank, ai_played = excluded.ai_played, "
            "robot = excluded.robot, level = excluded.level, standing = excluded.standing",
            [
                (
                    row.id,
                    row.guild_id,
                    row.slug,
                    now,
                    r.seat_id,
                    r.name,
                    r.score,
                    r.rank,
                    int(r.ai_played),
                    int(r.robot),
                    r.level,
                    r.standing,
                )
                for r in results
            ],
        )
        scopes = (0,) if row.guild_id is None else (row.guild_id, 0)
        people = [r for r in results if not r.robot]
        await tx.executemany(
            _ADD_RECORD,
            [
                (g, row.slug, r.seat_id, r.name if g else "", now, int(r.rank == 1), r.score)
                for r in people
                for g in scopes
            ],
        )
        if row.guild_id is not None:
            place = row.parent_channel_id or row.channel_id
            await tx.executemany(
                _ADD_PLACE_RECORD,
                [
                    (row.guild_id, row.slug, place, r.seat_id, int(r.rank == 1), r.score)
                    for r in people
                ],
            )

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

    # ---------- threads ----------

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
        return await self._of_shards(
            "parent_channel_id = ? AND status IN ('lobby', 'active')", (parent_id,), None
        )

    async def rematch_for(self, game_id: int) -> GameRow | None:
        return await self._game("WHERE rematch_of = ? ORDER BY id LIMIT 1", game_id)

    async def count_moves(self, game_id: int) -> int:
        return int(
            (await self._rows("SELECT COUNT(*) FROM moves WHERE game_id = ?", game_id))[0][0]
        )

    async def threads_enabled(self, guild_id: int) -> bool:
        found = await self._rows("SELECT threads FROM guild_settings WHERE guild_id = ?", guild_id)
        return not found or bool(found[0][0])

    async def set_threads(self, guild_id: int, enabled: bool) -> None:
        await self._change(
            "INSERT INTO guild_settings (guild_id, threads) VALUES (?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET threads = excluded.threads",
            guild_id,
            int(enabled),
        )
        record_change()

    async def guild_language(self, guild_id: int) -> str | None:
        found = await self._rows("SELECT language FROM guild_settings WHERE guild_id = ?", guild_id)
        return str(found[0][0]) if found and found[0][0] is not None else None

    async def set_guild_language(self, guild_id: int, language: str | None) -> None:
        await self._change(
            "INSERT INTO guild_settings (guild_id, language) VALUES (?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
            guild_id,
            language,
        )
        record_change()

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        await self._change(
            "UPDATE games SET lobby_message_id = ? WHERE id = ?", message_id, game_id
        )

    # ---------- the outbox ----------

    async def mark_shown(self, game_id: int, version: int) -> None:
        await self._change(
            "UPDATE games SET shown_version = ? WHERE id = ? AND shown_version < ?",
            version,
            game_id,
            version,
        )

    async def unshown(self, shards: Shards | None = None) -> list[GameRow]:
        return await self._of_shards(
            "status IN ('lobby', 'active', 'finished') AND shown_version < version", (), shards
        )

    async def due(
        self, now: float, paces: Mapping[str, Timing], shards: Shards | None = None
    ) -> list[Due]:
        sql, params = due_query(self.dialect, now, paces, shards)
        return merged(await self._rows(sql, *params))

    async def moves(self, game_id: int, last: int | None = None) -> list[LoggedMove]:
        if last is None:
            return _logged(await self._rows(f"{_MOVES} WHERE game_id = ? ORDER BY seq", game_id))
        return _logged(
            await self._rows(
                f"SELECT * FROM ({_MOVES} WHERE game_id = ? ORDER BY seq DESC LIMIT ?) AS recent "
                "ORDER BY seq",
                game_id,
                last,
            )
        )

    # ---------- the turn message ----------

    async def last_seq(self, game_id: int) -> int:
        return int((await self._rows(_LAST_SEQ, game_id))[0][0])

    async def moves_after(self, game_id: int, seq: int) -> list[LoggedMove]:
        return _logged(
            await self._rows(f"{_MOVES} WHERE game_id = ? AND seq > ? ORDER BY seq", game_id, seq)
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

    async def forget_undo(self, game_id: int) -> None:
        await self._change("DELETE FROM undo_steps WHERE game_id = ?", game_id)

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

    # ---------- table life ----------

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

    # ---------- the coach (issue 23) ----------

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

    # ---------- records and settings ----------

    async def results_of(self, game_id: int) -> list[Result]:
        rows = await self._rows(
            f"SELECT {_RESULT} FROM results WHERE game_id = ? ORDER BY rank, seat_id", game_id
        )
        return [_result(r) for r in rows]

    async def player_stats(
        self, guild_id: int, seat_id: str, *, hidden: Collection[int] = ()
    ) -> list[TitleStats]:
        unseen, places = _unseen(hidden)
        rows = await self._rows(
            "SELECT slug, SUM(games), SUM(wins), MAX(best) FROM place_records "
            f"WHERE guild_id = ? AND seat_id = ?{unseen} GROUP BY slug ORDER BY slug",
            guild_id,
            seat_id,
            *places,
        )
        return [TitleStats(r[0], seat_id, "", int(r[1]), int(r[2]), int(r[3])) for r in rows]

    async def places(self, guild_id: int, seat_id: str | None = None) -> list[int]:
        mine = "" if seat_id is None else " AND seat_id = ?"
        rows = await self._rows(
            f"SELECT DISTINCT place_id FROM place_records WHERE guild_id = ?{mine} "
            "ORDER BY place_id",
            guild_id,
            *(() if seat_id is None else (seat_id,)),
        )
        return [int(r[0]) for r in rows]

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
        if guild_id is not None and hidden:
            return await self._record_board_seen(guild_id, slug, order, offset, limit, hidden)
        # The records kept as results are recorded (a page by an index, not a scan).
        where = "WHERE guild_id = ? AND slug = ?"
        scope = 0 if guild_id is None else guild_id
        total = await self._rows(f"SELECT COUNT(*) FROM player_records {where}", scope, slug)
        rows = await self._rows(
            f"SELECT seat_id, name, games, wins, best FROM player_records {where} "
            f"ORDER BY {_RECORD_ORDERS[order]}, seat_id LIMIT ? OFFSET ?",
            scope,
            slug,
            limit,
            offset,
        )
        return int(total[0][0]), [TitleStats(slug, r[0], r[1], r[2], r[3], r[4]) for r in rows]

    async def _record_board_seen(
        self,
        guild_id: int,
        slug: str,
        order: str,
        offset: int,
        limit: int,
        hidden: Collection[int],
    ) -> tuple[int, list[TitleStats]]:
        """A server's board of results without the ``hidden`` places: each person's
        records summed over the places seen, with the name their server's record keeps."""
        unseen, places = _unseen(hidden)
        seen = (
            "SELECT seat_id, SUM(games) AS games, SUM(wins) AS wins, MAX(best) AS best "
            f"FROM place_records WHERE guild_id = ? AND slug = ?{unseen} GROUP BY seat_id"
        )
        total = await self._rows(f"SELECT COUNT(*) FROM ({seen}) AS seen", guild_id, slug, *places)
        rows = await self._rows(
            f"{seen} ORDER BY {_RECORD_ORDERS[order]}, seat_id LIMIT ? OFFSET ?",
            guild_id,
            slug,
            *places,
            limit,
            offset,
        )
        named = await self._rows(
            "SELECT seat_id, name FROM player_records WHERE guild_id = ? AND slug = ? "
            f"AND seat_id IN ({', '.join('?' for _ in rows) or 'NULL'})",
            guild_id,
            slug,
            *(r[0] for r in rows),
        )
        names = {str(r[0]): str(r[1]) for r in named}
        records = [
            TitleStats(slug, r[0], names.get(r[0], ""), int(r[1]), int(r[2]), int(r[3]))
            for r in rows
        ]
        return int(total[0][0]), records

    async def guild_settings(self, guild_id: int) -> tuple[str, dict[str, float]]:
        found = await self._rows(
            "SELECT default_pace, timings FROM guild_settings WHERE guild_id = ?", guild_id
        )
        if not found:
            return "live", {}
        pace, timings = found[0]
        return str(pace), {str(k): float(v) for k, v in json.loads(timings).items()}

    async def save_guild_settings(
        self, guild_id: int, default_pace: str, timings: dict[str, float]
    ) -> None:
        await self._change(
            "INSERT INTO guild_settings (guild_id, default_pace, timings) VALUES (?, ?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET default_pace = excluded.default_pace, "
            "timings = excluded.timings",
            guild_id,
            default_pace,
            json.dumps(timings),
        )
        record_change()

    # ---------- ratings (issue 24) ----------

    async def _ratings_alone(self, tx: Transaction) -> None:
        """Ratings fold one game at a time in one order, whichever process writes: on
        PostgreSQL a transaction that writes them waits for any other to end."""
        if self.dialect.exclusive is not None:
            await tx.execute(self.dialect.exclusive, RATINGS_LOCK)

    async def _season_in(self, tx: Transaction, guild_id: int | None) -> int:
        found = await tx.fetch("SELECT season FROM guild_settings WHERE guild_id = ?", guild_id)
        return int(found[0][0]) if found else 1

    async def _rate_finished(
        self, tx: Transaction, row: GameRow, results: Sequence[Result]
    ) -> None:
        """A finished game takes the next place in the order ratings fold in and its
        server's current season; when it counts, its players' ratings move, from those
        held (:func:`bot.common.ratings.rate`, what a refold does game by game)."""
        await self._ratings_alone(tx)
        seq = int((await tx.fetch("SELECT COALESCE(MAX(rating_seq), 0) + 1 FROM games"))[0][0])
        season = await self._season_in(tx, row.guild_id)
        await tx.execute(
            "UPDATE games SET rating_seq = ?, season = ? WHERE id = ?", seq, season, row.id
        )
        finishes = rating_rows.finishes(results)
        game = RatedGame(row.id, row.slug, row.guild_id, season, finishes, row.rated)
        if not counts(game):
            return
        players = sorted({f.player for f in finishes})
        marks = ", ".join("?" for _ in players)
        found = await tx.fetch(
            f"{_HELD} WHERE slug = ? AND player IN ({marks}) "
            "AND ((guild_id = ? AND season = ?) OR guild_id = 0)",
            row.slug,
            *players,
            row.guild_id or 0,
            season,
        )
        changes = rate(game, rating_rows.held(found, row.slug))
        names = rating_rows.shown_names(results)
        await tx.executemany(
            f"{_ADD_RATING} "
            "ON CONFLICT (guild_id, season, slug, player) DO UPDATE SET name = excluded.name, "
            "mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal, "
            "games = excluded.games, listed = excluded.listed, met = excluded.met, "
            "recent = excluded.recent",
            [rating_rows.rating_row(c, names) for c in changes],
        )
        await tx.executemany(
            f"INSERT INTO rating_changes ({CHANGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [rating_rows.change_row(seq, c) for c in changes],
        )

    async def refold_ratings(self, *, write: bool = True) -> Refold:
        refold = await self._transaction(lambda tx: self._refold(tx, write=write))
        if write and refold.changed + refold.history_changed:
            record_change()
        return refold

    async def _refold(self, tx: Transaction, *, write: bool) -> Refold:
        """Every rated game folded again, in its order (:func:`bot.common.ratings.rebuild`),
        compared with the stored ratings and, when ``write``, put in their place."""
        await self._ratings_alone(tx)
        fold = rating_rows.folded(await tx.fetch(rating_rows.FOLDED))
        held, history = rebuild(fold.games)
        ratings, changes = rating_rows.refolded(fold, history)
        stored = rating_rows.as_tuples(await tx.fetch(f"SELECT {RATING_COLUMNS} FROM ratings"))
        logged = rating_rows.as_tuples(
            await tx.fetch(f"SELECT {CHANGE_COLUMNS} FROM rating_changes")
        )
        refold = Refold(
            games=len({c.game_id for c in history}),
            ratings=len(held),
            changed=rating_rows.keys_differing(stored, set(ratings), 4),
            history_changed=rating_rows.keys_differing(logged, set(changes), 5),
        )
        if write and refold.changed + refold.history_changed:
            await tx.execute("DELETE FROM rating_changes")
            await tx.execute("DELETE FROM ratings")
            await tx.executemany(_ADD_RATING, sorted(ratings))
            await tx.executemany(
                f"INSERT INTO rating_changes ({CHANGE_COLUMNS}) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                sorted(changes),
            )
        return refold

    async def _run_data_steps(self) -> None:
        """The work migrations left to the code (``data_steps``), each once: in the
        transaction that deletes its record, so a crash leaves it owed and a second
        process finds it done. Migration 8 leaves the rating of the games finished
        before it (SQL cannot run OpenSkill); migration 13 the refold of every rating by
        issue 33's rules (robots as anchors, damping, the people met)."""

        async def refold(tx: Transaction) -> None:
            await self._refold(tx, write=True)

        steps = {"rate_finished_games": refold, "refold_ratings_issue_33": refold}
        for found in await self._rows("SELECT name FROM data_steps ORDER BY name"):
            name = str(found[0])
            if name not in steps:
                raise RuntimeError(f"a migration left a data step this code lacks: {name}")

            async def run(tx: Transaction, name: str = name) -> None:
                if await tx.execute("DELETE FROM data_steps WHERE name = ?", name) == 1:
                    await steps[name](tx)

            await self._transaction(run)

    async def season(self, guild_id: int) -> int:
        found = await self._rows("SELECT season FROM guild_settings WHERE guild_id = ?", guild_id)
        return int(found[0][0]) if found else 1

    async def new_season(self, guild_id: int) -> tuple[int, bool]:
        async def begin(tx: Transaction) -> tuple[int, bool]:
            await tx.execute(
                "INSERT INTO guild_settings (guild_id) VALUES (?) "
                "ON CONFLICT (guild_id) DO NOTHING",
                guild_id,
            )
            began = await tx.execute(
                "UPDATE guild_settings SET season = season + 1 WHERE guild_id = ? "
                "AND season < ? AND EXISTS "
                "(SELECT 1 FROM ratings WHERE ratings.guild_id = guild_settings.guild_id "
                "AND ratings.season = guild_settings.season)",
                guild_id,
                SEASON_LIMIT,
            )
            return await self._season_in(tx, guild_id), began == 1

        season, began = await self._transaction(begin)
        if began:
            record_change()
        return season, began

    async def rating_board(
        self, scope: Scope, slug: str, *, offset: int = 0, limit: int = 10, unlisted: bool = False
    ) -> tuple[int, list[Standing]]:
        where = "WHERE guild_id = ? AND season = ? AND slug = ?"
        if not unlisted:
            where += " AND listed = 1"
        total = await self._rows(
            f"SELECT COUNT(*) FROM ratings {where}", scope.guild_id, scope.season, slug
        )
        rows = await self._rows(
            f"SELECT player, name, {rating_rows.RATED} FROM ratings {where} "
            f"ORDER BY {_RATING_ORDER} LIMIT ? OFFSET ?",
            scope.guild_id,
            scope.season,
            slug,
            limit,
            offset,
        )
        standings = [Standing(str(r[0]), str(r[1]), rating_rows.stored_rating(r, 2)) for r in rows]
        return int(total[0][0]), standings

    async def _rating_of(
        self, scope: Scope, slug: str, player: str, *, ranked: bool = True
    ) -> tuple[Rating, int | None] | None:
        """A player's rating in ``scope`` and, when ``ranked`` and it is listed, their
        place on its board."""
        found = await self._rows(
            f"SELECT ordinal, listed, {rating_rows.RATED} FROM ratings "
            "WHERE guild_id = ? AND season = ? AND slug = ? AND player = ?",
            scope.guild_id,
            scope.season,
            slug,
            player,
        )
        if not found:
            return None
        ordinal, on_board = found[0][0], bool(found[0][1])
        rating = rating_rows.stored_rating(found[0], 2)
        if not ranked or not on_board:
            return rating, None
        above = await self._rows(
            "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND season = ? AND slug = ? "
            "AND listed = 1 AND (ordinal > ? OR (ordinal = ? AND player < ?))",
            scope.guild_id,
            scope.season,
            slug,
            ordinal,
            ordinal,
            player,
        )
        return rating, int(above[0][0]) + 1

    async def profile(
        self,
        guild_id: int,
        player: str,
        *,
        season: int | None = None,
        trend: int,
        last: int,
        hidden: Collection[int] = (),
    ) -> list[TitleProfile]:
        here = Scope(guild_id, season if season is not None else await self.season(guild_id))
        # Only titles with a game the viewer can see (every rated game is also a record
        # of its title here), and a trend of those games: the rating stays whole.
        records = await self.player_stats(guild_id, player, hidden=hidden)
        unseen, places = _unseen(hidden, "COALESCE(g.parent_channel_id, g.channel_id)")
        titles = []
        for record in records:
            slug = record.slug
            mine = await self._rating_of(here, slug, player)
            everywhere = await self._rating_of(EVERYWHERE, slug, player, ranked=False)
            after = await self._rows(
                "SELECT c.mu, c.sigma, c.games FROM rating_changes AS c "
                "JOIN games AS g ON g.id = c.game_id WHERE c.guild_id = ? AND c.season = ? "
                f"AND c.slug = ? AND c.player = ?{unseen} ORDER BY c.seq DESC LIMIT ?",
                here.guild_id,
                here.season,
                slug,
                player,
                *places,
                trend,
            )
            outings = await self._rows(
                "SELECT r.rank, (SELECT COUNT(*) FROM results AS o WHERE o.game_id = r.game_id), "
                "r.score, r.ai_played FROM results AS r JOIN games AS g ON g.id = r.game_id "
                "WHERE r.guild_id = ? AND r.seat_id = ? AND r.slug = ?"
                f"{unseen} "
                "ORDER BY r.finished_at DESC, r.game_id DESC LIMIT ?",
                guild_id,
                player,
                slug,
                *places,
                last,
            )
            titles.append(
                TitleProfile(
                    slug=slug,
                    rating=mine[0] if mine else None,
                    rank=mine[1] if mine else None,
                    everywhere=everywhere[0] if everywhere else None,
                    trend=tuple(
                        Rating(float(r[0]), float(r[1]), int(r[2])).shown for r in reversed(after)
                    ),
                    games=record.games,
                    wins=record.wins,
                    best=record.best,
                    last=tuple(
                        Outing(int(r[0]), int(r[1]), int(r[2]), bool(r[3])) for r in outings
                    ),
                )
            )
        return titles
