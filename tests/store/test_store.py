"""The registry on a real SQLite file and a real PostgreSQL server (docs/ARCHITECTURE.md §5, §8):
migrations, versioned commits, one open game per channel, races, records, and a process
killed between moves. Every test here runs on both backends."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.common.pace import PACES, timing
from bot.common.shards import Shards
from bot.store import (
    ChannelBusy,
    Conflict,
    GameRow,
    GameStore,
    Result,
    SchemaTooNew,
    Seat,
    StoreBusy,
)
from bot.store.sqlite import MIGRATIONS, SqliteStore
from engine.text import Text, txn
from tests.store.backends import Backend
from tests.store.reads import (
    games_with_status,
    results_of,
    save_guild_settings,
    set_threads,
    unshown,
)

ROOT = Path(__file__).resolve().parents[2]
ALICE = Seat(id="111", name="Alice")
BOB = Seat(id="222", name="Bob")
ROBOT = Seat(id="robot-1", name="Robot", ai=True, robot=True)


async def active_game(
    store: GameStore, channel: int = 10, guild: int | None = 1, seats: tuple[Seat, ...] = ()
) -> GameRow:
    row = await store.create_lobby(
        guild_id=guild,
        channel_id=channel,
        slug="disneyland",
        host=ALICE,
        options={},
        seed=5,
        now=1.0,
    )
    row = await store.update_table(row, seats=list(seats or (ALICE, BOB)))
    return await store.start(row, row.seats, {"n": 0}, now=2.0)


async def test_migrations_are_idempotent(store: GameStore, backend: Backend) -> None:
    assert await store.migrate() == await store.migrate() == len(backend.migrations)


async def test_one_open_game_per_channel(store: GameStore) -> None:
    row = await active_game(store, channel=10)
    with pytest.raises(ChannelBusy):
        await store.create_lobby(
            guild_id=1, channel_id=10, slug="imagineers", host=BOB, options={}, seed=1, now=3.0
        )
    other = await store.create_lobby(
        guild_id=1, channel_id=11, slug="imagineers", host=BOB, options={}, seed=1, now=3.0
    )
    assert other.channel_id == 11
    await store.set_status(row, "cancelled", now=4.0)
    again = await store.create_lobby(
        guild_id=1, channel_id=10, slug="troolpark", host=BOB, options={}, seed=1, now=5.0
    )
    found = await store.open_game_in(10)
    assert found is not None and found.id == again.id


async def test_rows_round_trip_every_field(store: GameStore) -> None:
    """Snowflake-sized ids, 53-bit seeds, options and seats come back exactly."""
    snowflake = 1_234_567_890_123_456_789
    row = await store.create_lobby(
        guild_id=snowflake,
        channel_id=snowflake + 1,
        slug="imagineers",
        host=ALICE,
        options={"length": "short", "side": "b"},
        seed=2**53 - 1,
        now=1.5,
        pace="async",
    )
    row = await store.update_table(row, seats=[ALICE, ROBOT])
    await store.set_lobby_message(row.id, snowflake + 2)
    row = await store.start(row, row.seats, {"deep": {"list": [1, 2.5, "x"]}}, now=2.25)
    fresh = await store.get(row.id)
    assert fresh == row
    assert (fresh.guild_id, fresh.channel_id, fresh.seed) == (snowflake, snowflake + 1, 2**53 - 1)
    assert fresh.seats == [ALICE, ROBOT] and fresh.options == {"length": "short", "side": "b"}
    assert (fresh.pace, fresh.started_at, fresh.turn_started_at) == ("async", 2.25, 2.25)
    assert (fresh.lobby_message_id, fresh.status, fresh.version) == (snowflake + 2, "active", 2)
    assert await store.get(row.id + 1000) is None


async def test_commit_appends_log_and_bumps_version(store: GameStore) -> None:
    row = await active_game(store)
    row2 = await store.commit_moves(
        row,
        [("111", "roll", ["Alice rolled"]), ("111", "rent", ["Alice rented"])],
        {"n": 2},
        now=3.0,
    )
    assert row2.version == row.version + 2
    assert row2.snapshot == {"n": 2} and row2.turn_started_at == 3.0
    log = await store.moves(row.id)
    assert [(m.seq, m.code, m.events, m.at) for m in log] == [
        (1, "roll", ["Alice rolled"], 3.0),
        (2, "rent", ["Alice rented"], 3.0),
    ]
    assert [m.code for m in await store.moves(row.id, last=1)] == ["rent"]
    assert [m.seq for m in await store.moves(row.id, last=5)] == [1, 2]


async def test_the_log_keeps_each_event_as_a_text(store: GameStore) -> None:
    """A logged event is kept as its message id and values, so a French table
    reads its history in French; a line logged as plain English (before texts) reads as
    it was."""
    row = await active_game(store)
    event = txn("{seat} paid {count} franc", "{seat} paid {count} francs", 1500, seat="111")
    await store.commit_moves(row, [("111", "pay", [event, "Alice rolled"])], {"n": 1}, now=3.0)
    [logged] = await store.moves(row.id)
    said, plain = logged.events
    assert isinstance(said, Text) and not isinstance(plain, Text) and plain == "Alice rolled"
    assert (said.msgid, said.plural, said.quantity, dict(said.values)) == (
        event.msgid,
        event.plural,
        1500,
        {"count": 1500, "seat": "111"},
    )
    assert str(said) == "111 paid 1500 francs"
    assert [m.events for m in await store.moves_after(row.id, 0)] == [[said, plain]]


async def test_stale_version_conflicts_and_writes_nothing(store: GameStore) -> None:
    row = await active_game(store)
    await store.commit_moves(row, [("111", "roll", [])], {"n": 1}, now=3.0)
    with pytest.raises(Conflict):
        await store.commit_moves(row, [("222", "roll", [])], {"n": 99}, now=4.0)
    with pytest.raises(Conflict):
        await store.update_table(row, seats=[BOB])
    with pytest.raises(Conflict):
        await store.set_status(row, "cancelled", now=4.0)
    fresh = await store.get(row.id)
    assert fresh is not None and fresh.snapshot == {"n": 1} and fresh.status == "active"
    assert fresh.seats == [ALICE, BOB]
    assert len(await store.moves(row.id)) == 1


async def test_a_started_lobby_cannot_start_again(store: GameStore) -> None:
    lobby = await store.create_lobby(
        guild_id=1, channel_id=3, slug="troolpark", host=ALICE, options={}, seed=1, now=0.0
    )
    started = await store.start(lobby, lobby.seats, {"n": 0}, now=1.0)
    with pytest.raises(Conflict):
        await store.start(started, started.seats, {"n": 0}, now=2.0)


async def test_racing_commits_exactly_one_applies(store: GameStore) -> None:
    row = await active_game(store)
    results = await asyncio.gather(
        *(
            store.commit_moves(row, [(s, "roll", [])], {"by": s}, now=3.0)
            for s in ("111", "222", "111", "222")
        ),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert sum(isinstance(r, Conflict) for r in results) == 3
    assert len(await store.moves(row.id)) == 1


async def test_racing_lobbies_in_one_channel_exactly_one_opens(store: GameStore) -> None:
    outcomes = await asyncio.gather(
        *(
            store.create_lobby(
                guild_id=1, channel_id=77, slug="disneyland", host=s, options={}, seed=1, now=0.0
            )
            for s in (ALICE, BOB, ALICE, BOB)
        ),
        return_exceptions=True,
    )
    assert sum(isinstance(o, GameRow) for o in outcomes) == 1
    assert sum(isinstance(o, ChannelBusy) for o in outcomes) == 3


async def test_finished_games_leave_the_channel_free(store: GameStore) -> None:
    row = await active_game(store)
    results = [Result("111", "Alice", 9, 1, False, False), Result("222", "Bob", 4, 2, False, False)]
    done = await store.commit_moves(row, [("111", "x", [])], {"n": 1}, now=3.0, results=results)
    assert done.status == "finished" and done.finished_at == 3.0
    assert await results_of(store, row.id) == results
    assert await store.open_game_in(10) is None
    assert await games_with_status(store, "finished") == [done]


async def test_records_stats_and_leaderboard(store: GameStore) -> None:
    """Wins count rank 1, best is the top score, robots stay off the boards of results;
    pages, and a board everywhere."""
    for channel, (alice_rank, alice_score) in enumerate([(1, 30), (2, 12), (1, 25)], start=20):
        row = await active_game(store, channel=channel, seats=(ALICE, BOB, ROBOT))
        bob_rank = 1 if alice_rank == 2 else 2
        results = [
            Result("111", "Alice", alice_score, alice_rank, False, False),
            Result("222", "Bob", 20, bob_rank, True, False),
            Result("robot-1", "Robot", 99, 3, True, True),
        ]
        await store.commit_moves(row, [("111", "x", [])], {}, now=5.0, results=results)
    [alice] = await store.player_stats(1, "111")
    assert (alice.slug, alice.games, alice.wins, alice.best) == ("disneyland", 3, 2, 30)
    total, board = await store.record_board(1, "disneyland", "wins")
    assert total == 2
    assert [(t.seat_id, t.name, t.games, t.wins, t.best) for t in board] == [
        ("111", "Alice", 3, 2, 30),
        ("222", "Bob", 3, 1, 20),
    ]
    assert await store.record_board(1, "disneyland", "wins", limit=1) == (2, board[:1])
    assert await store.record_board(1, "disneyland", "wins", offset=1) == (2, board[1:])
    _, best = await store.record_board(1, "disneyland", "best")
    assert [t.seat_id for t in best] == ["111", "222"]
    # Everywhere a person is shown by a mention: no server's name for them.
    unnamed = [replace(t, name="") for t in board]
    assert await store.record_board(None, "disneyland", "wins") == (2, unnamed)
    assert await store.record_board(2, "disneyland", "wins") == (0, [])
    assert await store.player_stats(2, "111") == []
    assert (await results_of(store, row.id))[1].ai_played is True


async def test_timers_fire_once_per_version(store: GameStore) -> None:
    row = await active_game(store)
    assert await store.mark_timer(row, "remind") is True
    assert await store.mark_timer(row, "remind") is False
    assert await store.mark_timer(row, "idle") is True
    fresh = await store.get(row.id)
    assert fresh is not None and (fresh.reminded_version, fresh.idle_version) == (2, 2)
    moved = await store.commit_moves(row, [("111", "roll", [])], {"n": 1}, now=3.0)
    assert await store.mark_timer(row, "remind") is False  # the turn moved on
    assert await store.mark_timer(moved, "remind") is True


async def test_votes_and_guild_settings(store: GameStore) -> None:
    row = await active_game(store, seats=(ALICE, BOB, Seat(id="333", name="Carol")))
    assert await store.call_vote(row, ["333"], ["111", "222"])
    assert await store.vote(row.id, row.version, "111", "ai") == {"111": "ai"}
    assert await store.vote(row.id, row.version, "222", "end") == {"111": "ai", "222": "end"}
    assert await store.vote(row.id, row.version, "111", "end") == {"111": "end", "222": "end"}
    assert await store.guild_settings(5) == ("live", {})
    await save_guild_settings(store, 5, "async", {"remind": 60.0})
    await save_guild_settings(store, 5, "async", {"remind": 90.0, "idle": 600.0})
    assert await store.guild_settings(5) == ("async", {"remind": 90.0, "idle": 600.0})


async def test_games_of_some_shards_only(store: GameStore) -> None:
    """The clock of a process running shards 0,2 of 3 sees exactly those guilds' games."""
    guilds = {shard: (1_000_000 + shard) << 22 for shard in range(3)}  # shard = gid>>22 % 3
    guilds = {(g >> 22) % 3: g for g in guilds.values()}
    games = {s: await active_game(store, channel=100 + s, guild=g) for s, g in guilds.items()}
    dm = await active_game(store, channel=200, guild=None)  # no guild: shard 0
    mine = await games_with_status(store, "active", Shards(3, (0, 2)))
    assert [g.id for g in mine] == sorted([games[0].id, games[2].id, dm.id])
    assert len(await games_with_status(store, "active", Shards(3, (0, 1, 2)))) == 4
    assert len(await games_with_status(store, "active")) == 4


WRITER = textwrap.dedent(
    """
    import asyncio, os, signal, sys
    from bot.common.config import DatabaseSettings
    from bot.store.opening import open_store
    from bot.store import Seat

    async def main(target):
        if target.startswith("postgresql://"):
            store = await open_store(DatabaseSettings(url=target))
        else:
            store = await open_store(target)
        row = await store.create_lobby(guild_id=1, channel_id=5, slug="disneyland",
            host=Seat("1", "A"), options={}, seed=1, now=0.0)
        row = await store.start(row, row.seats, {"n": 0}, now=0.0)
        for n in range(1, 1000):
            row = await store.commit_moves(row, [("1", f"m{n}", [])], {"n": n},
                now=float(n))
            print(n, flush=True)
            if n == 37:
                os.kill(os.getpid(), signal.SIGKILL)

    asyncio.run(main(sys.argv[1]))
    """
)


async def test_a_process_killed_between_moves_loses_nothing(backend: Backend) -> None:
    proc = subprocess.run(
        [sys.executable, "-c", WRITER, backend.target],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=60,
    )
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    acknowledged = int(proc.stdout.split()[-1])
    store = await backend.open()  # the SQLite lock died with the process
    row = await store.open_game_in(5)
    assert row is not None
    log = await store.moves(row.id)
    assert acknowledged == 37
    assert row.snapshot == {"n": len(log)} and len(log) >= acknowledged
    assert [m.code for m in log] == [f"m{n}" for n in range(1, len(log) + 1)]
    await store.close()


async def test_the_outbox_knows_what_each_channel_saw(store: GameStore) -> None:
    """A commit leaves the channel behind until the post is recorded;
    the record never moves backwards; a seat change nobody sees keeps it up to date."""
    row = await active_game(store)
    await store.mark_shown(row.id, row.version)
    assert await unshown(store) == []
    moved = await store.commit_moves(row, [("111", "roll", [])], {"n": 1}, now=3.0)
    assert [r.id for r in await unshown(store)] == [row.id]
    await store.mark_shown(row.id, moved.version)
    await store.mark_shown(row.id, row.version)  # a late, older post
    fresh = await store.get(row.id)
    assert fresh is not None and fresh.shown_version == moved.version
    quiet = await store.update_table(fresh, seats=fresh.seats, unseen=True)
    assert quiet.shown_version == quiet.version and await unshown(store) == []
    loud = await store.update_table(quiet, seats=quiet.seats)
    assert loud.shown_version < loud.version


async def test_the_lobby_message_is_no_new_version(store: GameStore) -> None:
    lobby = await store.create_lobby(
        guild_id=1, channel_id=3, slug="troolpark", host=ALICE, options={}, seed=1, now=0.0
    )
    await store.set_lobby_message(lobby.id, 99)
    fresh = await store.get(lobby.id)
    assert fresh is not None and (fresh.lobby_message_id, fresh.version) == (99, lobby.version)


async def test_posting_a_missed_update_marks_nothing(store: GameStore) -> None:
    """The right to post a missed update is no record: whatever happens inside (a
    failed post, a process killed), the update stays owed until the channel has it."""
    row = await active_game(store)
    with pytest.raises(RuntimeError):
        async with store.posting(row.id) as mine:
            assert mine, "alone, a process may always post"
            raise RuntimeError("the post failed")
    assert [r.id for r in await unshown(store)] == [row.id]
    async with store.posting(row.id) as mine:
        assert mine
        await store.mark_shown(row.id, row.version)
    assert await unshown(store) == []


async def test_the_outbox_migration_counts_existing_games_as_shown(backend: Backend) -> None:
    """A database from before the outbox (migration 3): its games are not all posted again."""
    await backend.at_schema(
        2,
        [
            "INSERT INTO games (channel_id, slug, status, host_id, seats, seed, options, "
            "version, created_at) VALUES (1, 'disneyland', 'active', '1', '[]', 1, '{}', 7, 0)"
        ],
    )
    store = await backend.open()
    row = await store.open_game_in(1)
    assert row is not None and row.shown_version == 7 and await unshown(store) == []
    await store.close()


async def test_a_newer_schema_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "newer.sqlite3"
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    with pytest.raises(SchemaTooNew, match="newer Turnstile"):
        await SqliteStore.open(path)
    with contextlib.closing(sqlite3.connect(path)) as db:
        assert db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone() == (0,)


async def test_the_turn_clock_of_older_games_is_backfilled(backend: Backend) -> None:
    """Games under way before the turn clock existed (migration 4): it starts at their
    last move, else at their start."""
    await backend.at_schema(
        2,
        [
            "INSERT INTO games (id, channel_id, slug, status, host_id, seats, seed, options, "
            f"created_at, started_at) VALUES ({game}, {game}, 'disneyland', '{status}', '1', "
            "'[]', 1, '{}', 5, 10)"
            for game, status in ((1, "active"), (2, "active"), (3, "finished"))
        ]
        + ["INSERT INTO moves VALUES (1, 1, '1', 'roll', '[]', 42)"],
    )
    store = await backend.open()
    times = {g: (await store.get(g)).turn_started_at for g in (1, 2, 3)}  # type: ignore[union-attr]
    assert times == {1: 42.0, 2: 10.0, 3: None}
    await store.close()


async def test_reads_never_see_a_transaction_in_progress(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "t.sqlite3")
    row = await active_game(store)
    async with store.writing() as db:
        await db.execute("BEGIN IMMEDIATE")
        await db.execute("UPDATE games SET version = version + 5 WHERE id = ?", (row.id,))
        during = await store.get(row.id)
        await db.execute("ROLLBACK")
    assert during is not None and during.version == row.version
    await store.close()


async def test_writes_queued_on_a_locked_file_fail_together(tmp_path: Path) -> None:
    """Another process holds the write lock: four queued writes all fail with StoreBusy,
    and only the first one waited in SQLite (one busy timeout in all, not four);
    afterwards writing works again."""
    path = tmp_path / "t.sqlite3"
    store = await SqliteStore.open(path)
    row = await active_game(store)
    tried: list[str] = []
    execute = store.db.execute

    def counting(sql: str, *args: Any) -> Any:
        tried.append(sql)
        return execute(sql, *args)

    store.db.execute = counting  # type: ignore[method-assign]
    other = sqlite3.connect(path, isolation_level=None, timeout=0)
    other.execute("BEGIN IMMEDIATE")
    results = await asyncio.gather(
        *(store.mark_timer(row, "remind") for _ in range(4)), return_exceptions=True
    )
    other.execute("ROLLBACK")
    other.close()
    assert all(isinstance(r, StoreBusy) for r in results), results
    assert len(tried) == 1, "the queued writes did not each wait for the lock"
    assert await store.mark_timer(row, "remind") is True
    await store.close()


# ---------- a thread per game: migration 5 and what it holds


async def test_the_thread_migration_keeps_games_where_they_are_and_threads_on(
    backend: Backend,
) -> None:
    """A database from before threads: its games stay in their channels, with no parent;
    every server gets threads by default, its other settings kept."""
    await backend.at_schema(
        4,
        [
            "INSERT INTO games (channel_id, slug, status, host_id, seats, seed, options, "
            "created_at) VALUES (3, 'troolpark', 'active', '1', '[]', 1, '{}', 0)",
            "INSERT INTO guild_settings VALUES (9, 'async', '{}')",
        ],
    )
    store = await backend.open()
    row = await store.open_game_in(3)
    assert row is not None and row.parent_channel_id is None and row.rematch_of is None
    assert row.lobby_channel_id == 3
    assert await store.threads_enabled(9) and await store.threads_enabled(10)
    assert (await store.guild_settings(9))[0] == "async"
    await store.close()


async def test_a_game_moves_into_its_thread_once_and_its_parent_lists_it(store: GameStore) -> None:
    row = await active_game(store, channel=10)
    moved = await store.move_to_thread(row, 77)
    assert (moved.channel_id, moved.parent_channel_id, moved.lobby_channel_id) == (77, 10, 10)
    assert moved.version == row.version, "where a game is played is not a move"
    with pytest.raises(Conflict):
        await store.move_to_thread(moved, 78)
    assert await store.open_game_in(10) is None and await store.open_game_in(77) is not None
    lobby = await store.create_lobby(
        guild_id=1, channel_id=10, slug="imagineers", host=BOB, options={}, seed=1, now=3.0
    )
    assert [g.id for g in await store.open_games_under(10)] == [moved.id]
    assert lobby.parent_channel_id is None
    moves = [("111", "roll", ["rolled"]), ("222", "roll", [])]
    await store.commit_moves(moved, moves, {"n": 1}, now=5.0)
    assert await store.count_moves(moved.id) == 2 and await store.count_moves(lobby.id) == 0


async def test_a_rematch_copies_seats_and_is_found_from_its_game(store: GameStore) -> None:
    first = await active_game(store, channel=10)
    robot = Seat(id="ai1", name="Robot 1", ai=True, robot=True, ai_played=True, level="hard")
    assert await store.rematch_for(first.id) is None
    again = await store.create_lobby(
        guild_id=1,
        channel_id=11,
        slug="disneyland",
        host=BOB,
        options={"length": "rounds-10"},
        seed=2,
        now=4.0,
        seats=[ALICE, BOB, robot],
        rematch_of=first.id,
    )
    assert again.seats == [ALICE, BOB, robot] and again.host_id == BOB.id
    assert again.seats[2].level == "hard", "a robot's level survives the JSON round trip"
    found = await store.rematch_for(first.id)
    assert found is not None and found.id == again.id and found.rematch_of == first.id


async def test_lobby_options_change_by_version_and_threads_switch(store: GameStore) -> None:
    lobby = await store.create_lobby(
        guild_id=1, channel_id=10, slug="imagineers", host=ALICE, options={}, seed=1, now=1.0
    )
    changed = await store.set_lobby_options(lobby, {"side": "night"}, "async")
    assert changed.options == {"side": "night"} and changed.pace == "async"
    assert changed.version == lobby.version + 1
    with pytest.raises(Conflict):
        await store.set_lobby_options(lobby, {"side": "day"}, "live")  # a stale version
    await set_threads(store, 1, False)
    assert not await store.threads_enabled(1) and await store.threads_enabled(2)
    await save_guild_settings(store, 1, "async", {"live_remind": 60.0})
    assert not await store.threads_enabled(1), "saving the pace keeps the threads choice"
    await set_threads(store, 1, True)
    assert await store.threads_enabled(1)
    assert await store.count_moves(lobby.id) == 0


async def test_a_write_is_seen_by_the_next_read_while_other_reads_run(store: GameStore) -> None:
    """Reads interleaved on the shared reader connection (docs/ARCHITECTURE.md §5; PostgreSQL: the
    pool): a lobby is found right after it was created, and the clock's query sees it,
    even while other coroutines keep reading (on SQLite a read left open across an
    ``await`` would pin an older snapshot for all of them)."""
    stop = asyncio.Event()
    paces = {pace: timing(pace, {}) for pace in PACES}

    async def keep_reading() -> None:
        while not stop.is_set():
            await games_with_status(store, "lobby")
            await store.guild_settings(1)
            await store.due(1.0, paces)

    readers = [asyncio.create_task(keep_reading()) for _ in range(4)]

    async def create(channel: int) -> GameRow:
        row = await store.create_lobby(
            guild_id=1,
            channel_id=channel,
            slug="disneyland",
            host=ALICE,
            options={},
            seed=1,
            now=1.0,
        )
        found = await store.open_game_in(channel)
        assert found is not None and found.id == row.id
        assert row.id in {due.game_id for due in await store.due(1.0, paces)}, "its lobby card"
        return row

    try:
        rows = await asyncio.wait_for(
            asyncio.gather(*(create(100 + n) for n in range(40))), timeout=30
        )
    finally:
        stop.set()
        await asyncio.gather(*readers)
    assert len({row.id for row in rows}) == 40
