"""The game registry: SQLite through aiosqlite, WAL mode, numbered migrations (DESIGN.md §5).

One row per game plus an append-only move log. A move commits the new snapshot and its
log row in one transaction, guarded by the game's ``version``: when two moves race, the
second finds the version moved on and gets :class:`Conflict`, so nothing is lost or
applied twice. Everything a restart needs (status, seats, snapshot) lives here.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import time
from collections.abc import AsyncIterator, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiosqlite

from bot.common.pace import Timing
from bot.common.shards import Shards, shard_sql
from bot.store.due import SQLITE, Due, due_query, merged

OPEN_STATUSES = ("lobby", "active")

#: Whether the current task (one interaction) changed a game or a setting: an error after
#: that must not ask the person to do it again.
_CHANGED: ContextVar[bool] = ContextVar("changed", default=False)


def changed_here() -> bool:
    """Whether this task changed something in the store (a move, a seat, a vote...)."""
    return _CHANGED.get()


def record_change() -> None:
    """Note that this task changed something (every backend calls it after a write)."""
    _CHANGED.set(True)


MIGRATIONS: tuple[str, ...] = (
    # 1: games and their move log
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id INTEGER,
        channel_id INTEGER NOT NULL,
        slug TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
        host_id TEXT NOT NULL,
        seats TEXT NOT NULL,
        seed INTEGER NOT NULL,
        options TEXT NOT NULL,
        snapshot TEXT,
        version INTEGER NOT NULL DEFAULT 0,
        lobby_message_id INTEGER,
        created_at REAL NOT NULL,
        started_at REAL,
        finished_at REAL
    );
    CREATE UNIQUE INDEX one_open_game_per_channel
        ON games (channel_id) WHERE status IN ('lobby', 'active');
    CREATE INDEX games_by_status ON games (status);
    CREATE TABLE moves (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        seat TEXT NOT NULL,
        code TEXT NOT NULL,
        events TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    """,
    # 2: table life (issue 6): pace and turn clock, idle votes, lasting results
    """
    ALTER TABLE games ADD COLUMN pace TEXT NOT NULL DEFAULT 'live';
    ALTER TABLE games ADD COLUMN turn_started_at REAL;
    ALTER TABLE games ADD COLUMN reminded_version INTEGER NOT NULL DEFAULT -1;
    ALTER TABLE games ADD COLUMN idle_version INTEGER NOT NULL DEFAULT -1;
    CREATE TABLE guild_settings (
        guild_id INTEGER PRIMARY KEY,
        default_pace TEXT NOT NULL DEFAULT 'live',
        timings TEXT NOT NULL DEFAULT '{}'
    );
    CREATE TABLE votes (
        game_id INTEGER NOT NULL REFERENCES games (id),
        version INTEGER NOT NULL,
        voter TEXT NOT NULL,
        choice TEXT NOT NULL,
        PRIMARY KEY (game_id, version, voter)
    );
    CREATE TABLE results (
        game_id INTEGER NOT NULL REFERENCES games (id),
        guild_id INTEGER,
        slug TEXT NOT NULL,
        finished_at REAL NOT NULL,
        seat_id TEXT NOT NULL,
        name TEXT NOT NULL,
        score INTEGER NOT NULL,
        rank INTEGER NOT NULL,
        ai_played INTEGER NOT NULL,
        robot INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat_id)
    );
    CREATE INDEX results_by_guild ON results (guild_id, slug);
    """,
    # 3: the outbox (issue 9): the version of each game its channel last saw
    """
    ALTER TABLE games ADD COLUMN shown_version INTEGER NOT NULL DEFAULT -1;
    UPDATE games SET shown_version = version;
    CREATE INDEX games_unshown ON games (id) WHERE shown_version < version;
    """,
    # 4: games under way when migration 2 added the turn clock had none: start it at their
    # last move (or their start), so their reminders and idle votes work
    """
    UPDATE games SET turn_started_at = COALESCE(
        (SELECT MAX(at) FROM moves WHERE moves.game_id = games.id), started_at, created_at
    ) WHERE status = 'active' AND turn_started_at IS NULL;
    """,
    # 5: a thread per game (issue 11): where a game moved from (its lobby's channel), which
    # game a rematch repeats, and each server's choice of threads
    """
    ALTER TABLE games ADD COLUMN parent_channel_id INTEGER;
    ALTER TABLE games ADD COLUMN rematch_of INTEGER REFERENCES games (id);
    ALTER TABLE guild_settings ADD COLUMN threads INTEGER NOT NULL DEFAULT 1;
    CREATE INDEX open_games_by_parent
        ON games (parent_channel_id) WHERE status IN ('lobby', 'active');
    CREATE INDEX games_by_rematch ON games (rematch_of) WHERE rematch_of IS NOT NULL;
    """,
    # 6: the turn message (issue 11). Per game: the message that shows the current turn,
    # the turn it was posted for, and which log rows it shows; the turn marks each commit
    # leaves (the version the current turn began at, the seats that then became to move);
    # and the steps the seat to move may still take back (the state before each one).
    # Games under way start with their whole log counted as shown.
    """
    ALTER TABLE games ADD COLUMN turn_message_id INTEGER;
    ALTER TABLE games ADD COLUMN turn_posted_for INTEGER;
    ALTER TABLE games ADD COLUMN turn_from_seq INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN turn_shown_seq INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN turn_version INTEGER;
    ALTER TABLE games ADD COLUMN turn_pings TEXT NOT NULL DEFAULT '[]';
    UPDATE games SET
        turn_shown_seq = COALESCE((SELECT MAX(seq) FROM moves WHERE moves.game_id = games.id), 0),
        turn_from_seq = COALESCE((SELECT MAX(seq) FROM moves WHERE moves.game_id = games.id), 0);
    CREATE TABLE undo_steps (
        game_id INTEGER NOT NULL REFERENCES games (id),
        depth INTEGER NOT NULL,
        seat TEXT NOT NULL,
        version INTEGER NOT NULL,
        moves INTEGER NOT NULL,
        snapshot TEXT NOT NULL,
        label TEXT NOT NULL,
        PRIMARY KEY (game_id, depth)
    );
    """,
    # 7: an idle vote counts only once it was called (issue 20): the vote the clock called
    # at a game's version, the seats it is about and the players it includes. A notice
    # already out left no such record, so its turn is looked at again and its vote called
    # anew (a turn with nobody to vote is just marked done again, silently).
    """
    CREATE TABLE vote_calls (
        game_id INTEGER NOT NULL REFERENCES games (id),
        version INTEGER NOT NULL,
        seats TEXT NOT NULL,
        voters TEXT NOT NULL,
        PRIMARY KEY (game_id, version)
    );
    UPDATE games SET idle_version = -1 WHERE status = 'active' AND idle_version = version;
    """,
)

#: How long a write may wait for the database (another process holding it, say): one
#: bound for the whole queue of writes, well inside Discord's 3-second deadline.
BUSY_SECONDS = 1.0


class StoreError(Exception):
    """Base of the store's user-facing failures."""


class Conflict(StoreError):
    """The game changed since it was read: the caller should reload and retry."""


class ChannelBusy(StoreError):
    """The channel already has an open (lobby or active) game."""


class StoreBusy(StoreError):
    """The database stayed locked (by another process) longer than a write may wait."""


class SchemaTooNew(StoreError):
    """The database was written by a newer Turnstile: refuse it rather than misread it."""


@dataclass
class Seat:
    """A place at the table: a Discord user (id as str) or a robot.

    ``ai`` says who plays the seat now: a robot seat always, a person's seat after they
    left or were voted idle. ``ai_played`` remembers that the AI ever played it (results),
    ``returning`` that its person asked for it back at the next turn boundary.
    """

    id: str
    name: str
    ai: bool = False
    robot: bool = False
    ai_played: bool = False
    returning: bool = False
    #: A robot's playing level ("easy", "normal", "hard"), when it was given one.
    level: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "ai": self.ai,
            "robot": self.robot,
            "ai_played": self.ai_played,
            "returning": self.returning,
        }
        if self.level is not None:
            data["level"] = self.level
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        return cls(
            id=str(data["id"]),
            name=str(data["name"]),
            ai=bool(data.get("ai", False)),
            robot=bool(data.get("robot", False)),
            ai_played=bool(data.get("ai_played", False)),
            returning=bool(data.get("returning", False)),
            level=str(data["level"]) if data.get("level") is not None else None,
        )


@dataclass
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    slug: str
    status: str
    host_id: str
    seats: list[Seat]
    seed: int
    options: dict[str, str]
    snapshot: dict[str, Any] | None
    version: int
    lobby_message_id: int | None
    created_at: float
    started_at: float | None
    finished_at: float | None
    pace: str = "live"
    turn_started_at: float | None = None
    reminded_version: int = -1
    idle_version: int = -1
    #: The version the channel last saw (a board, the lobby card); behind ``version``
    #: means an update is owed to the channel.
    shown_version: int = -1
    #: The message showing the current turn (None before the first board).
    turn_message_id: int | None = None
    #: The ``turn_version`` that message was posted for: behind it, a new turn began.
    turn_posted_for: int | None = None
    #: The message shows the log rows after ``turn_from_seq``; the channel has seen the
    #: rows up to ``turn_shown_seq``.
    turn_from_seq: int = 0
    turn_shown_seq: int = 0
    #: The version at which the current turn began (other seats to move, or news for
    #: the whole table), and the seats that became to move then.
    turn_version: int | None = None
    turn_pings: list[str] = field(default_factory=list)
    #: Where the lobby was when the game moved into a thread of its own (``channel_id`` is
    #: then the thread; the lobby message, now a summary line, stays in this channel).
    parent_channel_id: int | None = None
    #: The finished game this lobby repeats (a Rematch).
    rematch_of: int | None = None

    def seat(self, seat_id: str) -> Seat | None:
        return next((s for s in self.seats if s.id == seat_id), None)

    @property
    def lobby_channel_id(self) -> int:
        """The channel of the lobby message: the parent when the game moved to a thread."""
        return self.parent_channel_id or self.channel_id

    @property
    def names(self) -> dict[str, str]:
        return {s.id: s.name for s in self.seats}


@dataclass(frozen=True)
class Result:
    """One seat's line in a finished game's lasting record."""

    seat_id: str
    name: str
    score: int
    rank: int
    ai_played: bool
    robot: bool


@dataclass(frozen=True)
class TitleStats:
    """Games, wins and best score of one player at one title."""

    slug: str
    seat_id: str
    name: str
    games: int
    wins: int
    best: int


@dataclass(frozen=True)
class LoggedMove:
    seq: int
    seat: str
    code: str
    events: list[str]
    at: float


@dataclass(frozen=True)
class UndoStep:
    """A step its seat may take back: the state before it, how many log rows it added,
    and the version the game had right after it (the step is undoable only while the
    game is still at that version)."""

    seat: str
    version: int
    moves: int
    snapshot: dict[str, Any]
    label: str


#: How many steps in a row one seat may take back.
UNDO_DEPTH = 12


@dataclass(frozen=True)
class VoteCall:
    """An idle vote the clock called with its notice: about ``seats``, open to ``voters``
    (the other people at the table then), while the game stays at ``version``."""

    version: int
    seats: tuple[str, ...]
    voters: tuple[str, ...]


_COLUMNS = (
    "id, guild_id, channel_id, slug, status, host_id, seats, seed, options, snapshot, "
    "version, lobby_message_id, created_at, started_at, finished_at, pace, turn_started_at, "
    "reminded_version, idle_version, shown_version, parent_channel_id, rematch_of, "
    "turn_message_id, turn_posted_for, turn_from_seq, turn_shown_seq, turn_version, turn_pings"
)


def _row(values: Sequence[Any]) -> GameRow:
    return GameRow(
        id=values[0],
        guild_id=values[1],
        channel_id=values[2],
        slug=values[3],
        status=values[4],
        host_id=values[5],
        seats=[Seat.from_json(s) for s in json.loads(values[6])],
        seed=values[7],
        options=json.loads(values[8]),
        snapshot=json.loads(values[9]) if values[9] is not None else None,
        version=values[10],
        lobby_message_id=values[11],
        created_at=values[12],
        started_at=values[13],
        finished_at=values[14],
        pace=values[15],
        turn_started_at=values[16],
        reminded_version=values[17],
        idle_version=values[18],
        shown_version=values[19],
        parent_channel_id=values[20],
        rematch_of=values[21],
        turn_message_id=values[22],
        turn_posted_for=values[23],
        turn_from_seq=values[24],
        turn_shown_seq=values[25],
        turn_version=values[26],
        turn_pings=[str(s) for s in json.loads(values[27])],
    )


BUSY = "The game database is busy right now; nothing was changed. Try again in a moment."


async def refuse_newer(db: aiosqlite.Connection, path: Path) -> None:
    """Raise :class:`SchemaTooNew` for a database of a later schema than this code knows."""
    async with db.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    version = int(row[0]) if row else 0
    if version > len(MIGRATIONS):
        raise SchemaTooNew(
            f"The database {path} was written by a newer Turnstile (schema {version}; this "
            f"one knows up to {len(MIGRATIONS)}). Run the newer version, or point "
            "DATABASE_PATH at another file."
        )


def _seats_json(seats: Sequence[Seat]) -> str:
    return json.dumps([s.to_json() for s in seats])


def vote_call_of(version: int, seats: str, voters: str) -> VoteCall:
    """A vote call as stored (its seat lists as JSON)."""
    return VoteCall(version, tuple(json.loads(seats)), tuple(json.loads(voters)))


class Store:
    """Async access to the registry. Open with :meth:`open`, close with :meth:`close`.

    Two connections: ``db`` writes (one statement or transaction at a time, under
    ``write_lock``), ``reader`` reads. In WAL mode a read on its own connection sees only
    committed data, so no coroutine ever sees another's transaction half-way.
    """

    def __init__(self, db: aiosqlite.Connection, reader: aiosqlite.Connection) -> None:
        self.db = db
        self.reader = reader
        self.write_lock = asyncio.Lock()
        #: When a write last found the file locked by someone else.
        self._found_locked = 0.0

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        path = Path(path)
        memory = str(path) == ":memory:"
        if not memory:
            path.parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            await refuse_newer(db, path)
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute("PRAGMA synchronous=NORMAL")
            await db.execute("PRAGMA foreign_keys=ON")
            await db.execute(f"PRAGMA busy_timeout={int(BUSY_SECONDS * 1000)}")
            if memory:  # one private database per connection: read where it is written
                reader = db
            else:
                reader = await aiosqlite.connect(str(path), isolation_level=None)
                await reader.execute("PRAGMA query_only=ON")
                await reader.execute(f"PRAGMA busy_timeout={int(BUSY_SECONDS * 1000)}")
        except BaseException:
            await db.close()
            raise
        store = cls(db, reader)
        await store.migrate()
        return store

    async def close(self) -> None:
        if self.reader is not self.db:
            await self.reader.close()
        await self.db.close()

    async def migrate(self) -> int:
        """Apply every migration newer than the database's ``user_version``."""
        async with self.db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        current = int(row[0]) if row else 0
        for number, script in enumerate(MIGRATIONS, start=1):
            if number <= current:
                continue
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                for statement in script.split(";"):
                    if statement.strip():
                        await self.db.execute(statement)
                await self.db.execute(f"PRAGMA user_version = {number}")
                await self.db.execute("COMMIT")
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise
        return len(MIGRATIONS)

    @contextlib.asynccontextmanager
    async def writing(self) -> AsyncIterator[aiosqlite.Connection]:
        """The writing connection, for one statement or transaction.

        Waiting is bounded: for the lock at most ``BUSY_SECONDS``, in SQLite at most its
        busy timeout; and when the file is found locked, the writes that were queued
        behind that one fail at once instead of each waiting its own timeout in turn.
        Either way: :class:`StoreBusy`, and nothing was written.
        """
        asked = time.monotonic()
        try:
            async with asyncio.timeout(BUSY_SECONDS):
                await self.write_lock.acquire()
        except TimeoutError:
            raise StoreBusy(BUSY) from None
        try:
            if asked < self._found_locked:
                raise StoreBusy(BUSY)
            yield self.db
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise
            self._found_locked = time.monotonic()
            raise StoreBusy(BUSY) from exc
        finally:
            self.write_lock.release()

    async def _write(self, sql: str, params: Sequence[Any]) -> tuple[int, int | None]:
        """One writing statement: (rows changed, last row id)."""
        async with self.writing() as db:
            cursor = await db.execute(sql, params)
            return cursor.rowcount, cursor.lastrowid

    async def _reload(self, game_id: int) -> GameRow:
        """The row just written (it exists: games are never deleted)."""
        row = await self.get(game_id)
        assert row is not None
        return row

    async def _read(self, sql: str, params: Sequence[Any]) -> list[Any]:
        """One query run to its end in a single call on the reader's thread. A cursor left
        open across an ``await`` keeps the reader's read transaction, and so its snapshot,
        alive while other coroutines read on the same connection: they would miss commits
        made meanwhile (a lobby not found right after it was created)."""
        return list(await self.reader.execute_fetchall(sql, params))

    async def _one(self, sql: str, params: Sequence[Any]) -> GameRow | None:
        found = await self._read(f"SELECT {_COLUMNS} FROM games {sql}", params)
        row = found[0] if found else None
        return _row(row) if row else None

    async def _many(self, sql: str, params: Sequence[Any]) -> list[GameRow]:
        rows = await self._read(f"SELECT {_COLUMNS} FROM games {sql}", params)
        return [_row(r) for r in rows]

    async def get(self, game_id: int) -> GameRow | None:
        return await self._one("WHERE id = ?", (game_id,))

    async def open_game_in(self, channel_id: int) -> GameRow | None:
        """The lobby or running game of a channel or thread, if any."""
        return await self._one(
            "WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
        )

    async def _of_shards(
        self, where: str, params: tuple[Any, ...], shards: Shards | None
    ) -> list[GameRow]:
        """Games matching ``where``, of guilds on ``shards`` when given."""
        if shards is not None and not shards.owns_everything:
            assert shards.count is not None and shards.ids is not None
            marks = ", ".join("?" for _ in shards.ids)
            where += f" AND {shard_sql('guild_id', '?')} IN ({marks})"
            params = (*params, shards.count, *shards.ids)
        return await self._many(f"WHERE {where} ORDER BY id", params)

    async def games_with_status(self, status: str, shards: Shards | None = None) -> list[GameRow]:
        """Games in ``status``; only those of guilds on ``shards`` when given."""
        return await self._of_shards("status = ?", (status,), shards)

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
    ) -> GameRow:
        """A new lobby; ``seats`` (a rematch) default to the host alone."""
        try:
            _, game_id = await self._write(
                "INSERT INTO games (guild_id, channel_id, slug, status, host_id, seats, seed, "
                "options, created_at, pace, rematch_of) "
                "VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?)",
                (
                    guild_id,
                    channel_id,
                    slug,
                    host.id,
                    _seats_json(seats or [host]),
                    seed,
                    json.dumps(options),
                    now,
                    pace,
                    rematch_of,
                ),
            )
        except sqlite3.IntegrityError as exc:
            raise ChannelBusy("This channel already has an open game.") from exc
        assert game_id is not None
        _CHANGED.set(True)
        row = await self.get(game_id)
        assert row is not None
        return row

    async def update_table(
        self,
        row: GameRow,
        *,
        seats: Sequence[Seat] | None = None,
        host_id: str | None = None,
        unseen: bool = False,
    ) -> GameRow:
        """Change seats/host of a game, guarded by its version. ``unseen``: the change
        shows nowhere (a seat's person coming back), so a channel that was up to date
        stays so."""
        new_seats = list(seats) if seats is not None else row.seats
        shown = "CASE WHEN shown_version = version THEN version + 1 ELSE shown_version END"
        changed, _ = await self._write(
            "UPDATE games SET seats = ?, host_id = ?, version = version + 1, "
            f"shown_version = {shown if unseen else 'shown_version'} "
            "WHERE id = ? AND version = ?",
            (_seats_json(new_seats), host_id or row.host_id, row.id, row.version),
        )
        if changed != 1:
            raise Conflict("The table changed meanwhile; try again.")
        _CHANGED.set(True)
        return await self._reload(row.id)

    async def start(
        self, row: GameRow, seats: Sequence[Seat], snapshot: dict[str, Any], now: float
    ) -> GameRow:
        changed, _ = await self._write(
            "UPDATE games SET status = 'active', seats = ?, snapshot = ?, started_at = ?, "
            "turn_started_at = ?, version = version + 1 "
            "WHERE id = ? AND version = ? AND status = 'lobby'",
            (_seats_json(seats), json.dumps(snapshot), now, now, row.id, row.version),
        )
        if changed != 1:
            raise Conflict("The lobby changed meanwhile; try again.")
        _CHANGED.set(True)
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
        """Append ``moves`` (seat, code, events) and the new snapshot atomically; with the
        final ``results`` when this move finished the game (they are recorded with it).
        ``turn``: a new turn began during these moves, and these seats became to move
        (recorded with them, so the channel gets a new turn message even after a crash).

        Raises :class:`Conflict` when the game's version is no longer ``row.version``.
        """
        async with self.writing():
            await self._commit_moves(row, moves, snapshot, now, results, turn)
        _CHANGED.set(True)
        return await self._reload(row.id)

    async def _commit_moves(
        self,
        row: GameRow,
        moves: Sequence[tuple[str, str, list[str]]],
        snapshot: dict[str, Any],
        now: float,
        results: Sequence[Result],
        turn: Sequence[str] | None = None,
    ) -> None:
        finished = bool(results)
        await self.db.execute("BEGIN IMMEDIATE")  # a locked file fails here, before any change
        try:
            cursor = await self.db.execute(
                "UPDATE games SET snapshot = ?, version = version + ?, status = ?, "
                "finished_at = ?, turn_started_at = ? "
                "WHERE id = ? AND version = ? AND status = 'active'",
                (
                    json.dumps(snapshot),
                    len(moves),
                    "finished" if finished else "active",
                    now if finished else None,
                    now,
                    row.id,
                    row.version,
                ),
            )
            if cursor.rowcount != 1:
                raise Conflict("The game moved on; try again.")
            async with self.db.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM moves WHERE game_id = ?", (row.id,)
            ) as seq_cursor:
                last = await seq_cursor.fetchone()
            seq = int(last[0]) if last else 0
            await self.db.executemany(
                "INSERT INTO moves (game_id, seq, seat, code, events, at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (row.id, seq + i, seat, code, json.dumps(events), now)
                    for i, (seat, code, events) in enumerate(moves, start=1)
                ],
            )
            if results:
                await self._record_results(row, results, now)
            if turn is not None:
                # News for the same seats keeps the pings still owed to a turn that was
                # not shown yet; a change of seats owes them to the new movers.
                pings = json.dumps(list(turn))
                await self.db.execute(
                    "UPDATE games SET turn_version = version, turn_pings = CASE WHEN ? = '[]' "
                    "AND turn_posted_for IS NOT turn_version THEN turn_pings ELSE ? END "
                    "WHERE id = ?",
                    (pings, pings, row.id),
                )
            await self.db.execute("COMMIT")
        except BaseException:
            await self.db.execute("ROLLBACK")
            raise

    async def set_status(self, row: GameRow, status: str, now: float) -> GameRow:
        """Cancel or finish a game outside of a move (guarded by version)."""
        changed, _ = await self._write(
            "UPDATE games SET status = ?, finished_at = ?, version = version + 1 "
            "WHERE id = ? AND version = ?",
            (status, now, row.id, row.version),
        )
        if changed != 1:
            raise Conflict("The game changed meanwhile; try again.")
        _CHANGED.set(True)
        return await self._reload(row.id)

    async def set_lobby_options(self, row: GameRow, options: dict[str, str], pace: str) -> GameRow:
        """The host changed a lobby's options (guarded by its version)."""
        changed, _ = await self._write(
            "UPDATE games SET options = ?, pace = ?, version = version + 1 "
            "WHERE id = ? AND version = ? AND status = 'lobby'",
            (json.dumps(options), pace, row.id, row.version),
        )
        if changed != 1:
            raise Conflict("The lobby changed meanwhile; look and try again.")
        _CHANGED.set(True)
        return await self._reload(row.id)

    # ---------- threads (issue 11) ----------

    async def move_to_thread(self, row: GameRow, thread_id: int) -> GameRow:
        """The game is played in ``thread_id`` from now on; its lobby's channel becomes its
        parent (where the lobby message stays). Not a change of the game: no new version."""
        changed, _ = await self._write(
            "UPDATE games SET parent_channel_id = channel_id, channel_id = ? "
            "WHERE id = ? AND parent_channel_id IS NULL AND status = 'active'",
            (thread_id, row.id),
        )
        if changed != 1:
            raise Conflict("The game changed meanwhile.")
        return await self._reload(row.id)

    async def open_games_under(self, parent_id: int) -> list[GameRow]:
        """Lobbies and running games that moved from ``parent_id`` into threads."""
        return await self._many(
            "WHERE parent_channel_id = ? AND status IN ('lobby', 'active') ORDER BY id",
            (parent_id,),
        )

    async def rematch_for(self, game_id: int) -> GameRow | None:
        """The rematch already called for a game, if any."""
        return await self._one("WHERE rematch_of = ? ORDER BY id LIMIT 1", (game_id,))

    async def count_moves(self, game_id: int) -> int:
        found = await self._read("SELECT COUNT(*) FROM moves WHERE game_id = ?", (game_id,))
        row = found[0] if found else None
        return int(row[0]) if row else 0

    async def threads_enabled(self, guild_id: int) -> bool:
        """Whether a server's games get a thread of their own (the default)."""
        found = await self._read(
            "SELECT threads FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        row = found[0] if found else None
        return row is None or bool(row[0])

    async def set_threads(self, guild_id: int, enabled: bool) -> None:
        await self._write(
            "INSERT INTO guild_settings (guild_id, threads) VALUES (?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET threads = excluded.threads",
            (guild_id, int(enabled)),
        )
        _CHANGED.set(True)

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        """Remember the lobby card's message (not a change of the game: no new version)."""
        await self._write(
            "UPDATE games SET lobby_message_id = ? WHERE id = ?", (message_id, game_id)
        )

    # ---------- the outbox: what each channel has seen ----------

    async def mark_shown(self, game_id: int, version: int) -> None:
        """The channel now shows the game as of ``version`` (never moves backwards)."""
        await self._write(
            "UPDATE games SET shown_version = ? WHERE id = ? AND shown_version < ?",
            (version, game_id, version),
        )

    async def unshown(self, shards: Shards | None = None) -> list[GameRow]:
        """Lobbies, running and finished games whose channel has not seen their latest
        version (a failed post, a crash between commit and post); only those of guilds on
        ``shards`` when given."""
        return await self._of_shards(
            "status IN ('lobby', 'active', 'finished') AND shown_version < version", (), shards
        )

    async def due(
        self, now: float, paces: Mapping[str, Timing], shards: Shards | None = None
    ) -> list[Due]:
        """The games of ``shards`` with clock work due at ``now`` (see :mod:`bot.store.due`);
        ``paces``: each pace's delays before a server's overrides."""
        sql, params = due_query(SQLITE, now, paces, shards)
        return merged(await self._read(sql, params))

    def posting(self, game_id: int) -> contextlib.AbstractAsyncContextManager[bool]:
        """Whether this process may bring ``game_id``'s channel up to date now (see
        :meth:`bot.store.postgres.PostgresStore.posting`): always, as one process serves a SQLite
        file, and in it the presenter shows one game at a time."""
        return contextlib.nullcontext(True)

    async def moves(self, game_id: int, last: int | None = None) -> list[LoggedMove]:
        """The move log in order (only the ``last`` N when given)."""
        sql = "SELECT seq, seat, code, events, at FROM moves WHERE game_id = ? ORDER BY seq"
        params: tuple[Any, ...] = (game_id,)
        if last is not None:
            sql = (
                "SELECT * FROM (SELECT seq, seat, code, events, at FROM moves WHERE game_id = ? "
                "ORDER BY seq DESC LIMIT ?) ORDER BY seq"
            )
            params = (game_id, last)
        rows = await self._read(sql, params)
        return [LoggedMove(r[0], r[1], r[2], json.loads(r[3]), r[4]) for r in rows]

    # ---------- the turn message (issue 11) ----------

    async def last_seq(self, game_id: int) -> int:
        """The sequence number of the last logged move (0 before any)."""
        found = await self._read(
            "SELECT COALESCE(MAX(seq), 0) FROM moves WHERE game_id = ?", (game_id,)
        )
        return int(found[0][0]) if found else 0

    async def moves_after(self, game_id: int, seq: int) -> list[LoggedMove]:
        """The logged moves after ``seq``, in order (what a turn message shows)."""
        rows = await self._read(
            "SELECT seq, seat, code, events, at FROM moves WHERE game_id = ? AND seq > ? "
            "ORDER BY seq",
            (game_id, seq),
        )
        return [LoggedMove(r[0], r[1], r[2], json.loads(r[3]), r[4]) for r in rows]

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
        """The channel shows ``version`` in a new turn message (the one live board)."""
        await self._write(
            "UPDATE games SET turn_message_id = ?, turn_posted_for = ?, turn_from_seq = ?, "
            "turn_shown_seq = ?, shown_version = MAX(shown_version, ?) WHERE id = ?",
            (message_id, posted_for, from_seq, shown_seq, version, game_id),
        )

    async def show_step(self, game_id: int, version: int, shown_seq: int) -> None:
        """The turn message was edited to show ``version`` (log rows up to ``shown_seq``)."""
        await self._write(
            "UPDATE games SET turn_shown_seq = ?, shown_version = MAX(shown_version, ?) "
            "WHERE id = ?",
            (shown_seq, version, game_id),
        )

    async def undo_top(self, game_id: int) -> UndoStep | None:
        """The last step that may still be taken back, if the game is at its version."""
        found = await self._read(
            "SELECT seat, undo_steps.version, moves, undo_steps.snapshot, label "
            "FROM undo_steps JOIN games ON games.id = undo_steps.game_id "
            "WHERE game_id = ? AND undo_steps.version = games.version "
            "ORDER BY depth DESC LIMIT 1",
            (game_id,),
        )
        if not found:
            return None
        row = found[0]
        return UndoStep(str(row[0]), int(row[1]), int(row[2]), json.loads(row[3]), str(row[4]))

    async def push_undo(self, game_id: int, before: int, step: UndoStep) -> None:
        """Remember a step its seat may take back. It stacks on the previous one only
        when that one was the same seat's and nothing happened in between (the game was at
        its version, ``before``); otherwise the older ones are forgotten."""
        async with self.writing() as db:
            await db.execute("BEGIN IMMEDIATE")
            try:
                async with db.execute(
                    "SELECT depth, seat, version FROM undo_steps WHERE game_id = ? "
                    "ORDER BY depth DESC LIMIT 1",
                    (game_id,),
                ) as cursor:
                    top = await cursor.fetchone()
                depth = 1
                if top is not None and top[1] == step.seat and top[2] == before:
                    depth = int(top[0]) + 1
                else:
                    await db.execute("DELETE FROM undo_steps WHERE game_id = ?", (game_id,))
                await db.execute(
                    "INSERT INTO undo_steps (game_id, depth, seat, version, moves, snapshot, "
                    "label) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (
                        game_id,
                        depth,
                        step.seat,
                        step.version,
                        step.moves,
                        json.dumps(step.snapshot),
                        step.label,
                    ),
                )
                await db.execute(
                    "DELETE FROM undo_steps WHERE game_id = ? AND depth <= ?",
                    (game_id, depth - UNDO_DEPTH),
                )
                await db.execute("COMMIT")
            except BaseException:
                await db.execute("ROLLBACK")
                raise

    async def forget_undo(self, game_id: int) -> None:
        """Nothing before now may be taken back (someone else acted, or news came out)."""
        await self._write("DELETE FROM undo_steps WHERE game_id = ?", (game_id,))

    async def take_back(self, row: GameRow, step: UndoStep) -> GameRow:
        """Undo ``step`` (the top of the stack) atomically: its log rows go, the snapshot
        before it comes back, the version moves on (so every component made since is
        refused), and the step below, if any, may now be taken back in turn."""
        async with self.writing() as db:
            await db.execute("BEGIN IMMEDIATE")
            try:
                cursor = await db.execute(
                    "UPDATE games SET snapshot = ?, version = version + 1 "
                    "WHERE id = ? AND version = ? AND status = 'active'",
                    (json.dumps(step.snapshot), row.id, step.version),
                )
                if cursor.rowcount != 1:
                    raise Conflict("The game moved on; nothing was taken back.")
                await db.execute(
                    "DELETE FROM moves WHERE game_id = ? AND seq IN (SELECT seq FROM moves "
                    "WHERE game_id = ? ORDER BY seq DESC LIMIT ?)",
                    (row.id, row.id, step.moves),
                )
                await db.execute(
                    "UPDATE games SET "
                    "turn_shown_seq = MIN(turn_shown_seq, (SELECT COALESCE(MAX(seq), 0) "
                    "FROM moves WHERE game_id = ?)), "
                    "turn_from_seq = MIN(turn_from_seq, (SELECT COALESCE(MAX(seq), 0) "
                    "FROM moves WHERE game_id = ?)) WHERE id = ?",
                    (row.id, row.id, row.id),
                )
                await db.execute(
                    "DELETE FROM undo_steps WHERE game_id = ? AND version = ?",
                    (row.id, step.version),
                )
                await db.execute(
                    "UPDATE undo_steps SET version = ? WHERE game_id = ? AND "
                    "depth = (SELECT MAX(depth) FROM undo_steps WHERE game_id = ?)",
                    (step.version + 1, row.id, row.id),
                )
                await db.execute("COMMIT")
            except BaseException:
                await db.execute("ROLLBACK")
                raise
        _CHANGED.set(True)
        return await self._reload(row.id)

    # ---------- table life (issue 6) ----------

    async def mark_timer(self, row: GameRow, which: str) -> bool:
        """Record that the reminder or idle notice for ``row.version`` went out.

        False when the game moved on meanwhile (or it was already sent): a timer that
        fires after the turn changed does nothing.
        """
        column = {"remind": "reminded_version", "idle": "idle_version"}[which]
        changed, _ = await self._write(
            f"UPDATE games SET {column} = version WHERE id = ? AND version = ? "
            f"AND status = 'active' AND {column} != version",
            (row.id, row.version),
        )
        return changed == 1

    async def call_vote(self, row: GameRow, seats: Sequence[str], voters: Sequence[str]) -> bool:
        """Record that the idle notice for ``row.version`` goes out, calling a vote about
        ``seats`` open to ``voters``: one transaction, so a vote exists exactly when its
        notice was due. False when the game moved on meanwhile (or the notice was sent)."""
        async with self.writing() as db:
            await db.execute("BEGIN IMMEDIATE")
            try:
                cursor = await db.execute(
                    "UPDATE games SET idle_version = version WHERE id = ? AND version = ? "
                    "AND status = 'active' AND idle_version != version",
                    (row.id, row.version),
                )
                called = cursor.rowcount == 1
                if called:
                    await db.execute(
                        "INSERT INTO vote_calls (game_id, version, seats, voters) "
                        "VALUES (?, ?, ?, ?) ON CONFLICT (game_id, version) DO UPDATE "
                        "SET seats = excluded.seats, voters = excluded.voters",
                        (row.id, row.version, json.dumps(list(seats)), json.dumps(list(voters))),
                    )
                await db.execute("COMMIT")
            except BaseException:
                await db.execute("ROLLBACK")
                raise
        return called

    async def vote_call(self, game_id: int, version: int) -> VoteCall | None:
        """The vote called at ``version``, if one was."""
        found = await self._read(
            "SELECT seats, voters FROM vote_calls WHERE game_id = ? AND version = ?",
            (game_id, version),
        )
        return vote_call_of(version, found[0][0], found[0][1]) if found else None

    async def vote(
        self, game_id: int, version: int, voter: str, choice: str
    ) -> dict[str, str] | None:
        """Cast or change a vote about the idle seats at ``version``; all votes so far.
        None, and nothing written, unless a vote was called at ``version`` that includes
        ``voter``: a ballot never exists without its call."""
        async with self.writing() as db:
            await db.execute("BEGIN IMMEDIATE")
            try:
                async with db.execute(
                    "SELECT seats, voters FROM vote_calls WHERE game_id = ? AND version = ?",
                    (game_id, version),
                ) as cursor:
                    found = await cursor.fetchone()
                if found is None or voter not in vote_call_of(version, *found).voters:
                    await db.execute("ROLLBACK")
                    return None
                await db.execute(
                    "INSERT INTO votes (game_id, version, voter, choice) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT (game_id, version, voter) DO UPDATE SET choice = excluded.choice",
                    (game_id, version, voter, choice),
                )
                async with db.execute(
                    "SELECT voter, choice FROM votes WHERE game_id = ? AND version = ?",
                    (game_id, version),
                ) as cursor:
                    rows = await cursor.fetchall()
                await db.execute("COMMIT")
            except BaseException:
                await db.execute("ROLLBACK")
                raise
        _CHANGED.set(True)
        return {str(v): str(c) for v, c in rows}

    async def _record_results(self, row: GameRow, results: Sequence[Result], now: float) -> None:
        await self.db.executemany(
            "INSERT OR REPLACE INTO results (game_id, guild_id, slug, finished_at, seat_id, name, "
            "score, rank, ai_played, robot) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
                )
                for r in results
            ],
        )

    async def results_of(self, game_id: int) -> list[Result]:
        rows = await self._read(
            "SELECT seat_id, name, score, rank, ai_played, robot FROM results "
            "WHERE game_id = ? ORDER BY rank, seat_id",
            (game_id,),
        )
        return [Result(r[0], r[1], r[2], r[3], bool(r[4]), bool(r[5])) for r in rows]

    async def player_stats(self, guild_id: int, seat_id: str) -> list[TitleStats]:
        """Per title on this server: games, wins and best score of one player."""
        rows = await self._read(
            "SELECT slug, COUNT(*), SUM(rank = 1), MAX(score) FROM results "
            "WHERE guild_id = ? AND seat_id = ? GROUP BY slug ORDER BY slug",
            (guild_id, seat_id),
        )
        return [TitleStats(r[0], seat_id, "", r[1], r[2] or 0, r[3]) for r in rows]

    async def leaderboard(self, guild_id: int, slug: str, limit: int = 10) -> list[TitleStats]:
        """This server's best people at one title: most wins, then best score."""
        rows = await self._read(
            "SELECT seat_id, MAX(name), COUNT(*), SUM(rank = 1), MAX(score) FROM results "
            "WHERE guild_id = ? AND slug = ? AND robot = 0 GROUP BY seat_id "
            "ORDER BY SUM(rank = 1) DESC, MAX(score) DESC, COUNT(*) DESC LIMIT ?",
            (guild_id, slug, limit),
        )
        return [TitleStats(slug, r[0], r[1], r[2], r[3] or 0, r[4]) for r in rows]

    async def guild_settings(self, guild_id: int) -> tuple[str, dict[str, float]]:
        """(default pace, overridden timings in seconds) of a server."""
        found = await self._read(
            "SELECT default_pace, timings FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        row = found[0] if found else None
        if row is None:
            return "live", {}
        return str(row[0]), {str(k): float(v) for k, v in json.loads(row[1]).items()}

    async def save_guild_settings(
        self, guild_id: int, default_pace: str, timings: dict[str, float]
    ) -> None:
        await self._write(
            "INSERT INTO guild_settings (guild_id, default_pace, timings) VALUES (?, ?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET default_pace = excluded.default_pace, "
            "timings = excluded.timings",
            (guild_id, default_pace, json.dumps(timings)),
        )
        _CHANGED.set(True)
