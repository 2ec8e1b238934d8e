"""The registry on a real SQLite file (DESIGN.md §5, §8.4): migrations, versioned commits,
one open game per channel, races, and a process killed between moves."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from bot.store import (
    MIGRATIONS,
    ChannelBusy,
    Conflict,
    GameRow,
    Result,
    SchemaTooNew,
    Seat,
    Store,
    StoreBusy,
)

ALICE = Seat(id="111", name="Alice")
BOB = Seat(id="222", name="Bob")


async def active_game(store: Store, channel: int = 10) -> GameRow:
    row = await store.create_lobby(
        guild_id=1, channel_id=channel, slug="disneyland", host=ALICE, options={}, seed=5, now=1.0
    )
    row = await store.update_table(row, seats=[ALICE, BOB])
    return await store.start(row, row.seats, {"n": 0}, now=2.0)


async def test_migrations_set_user_version_and_enable_wal(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "t.sqlite3")
    async with store.db.execute("PRAGMA user_version") as cursor:
        assert tuple(await cursor.fetchone() or ()) == (len(MIGRATIONS),)
    async with store.db.execute("PRAGMA journal_mode") as cursor:
        assert tuple(await cursor.fetchone() or ()) == ("wal",)
    assert await store.migrate() == len(MIGRATIONS)  # idempotent
    await store.close()


async def test_one_open_game_per_channel(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "t.sqlite3")
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
    await store.close()


async def test_commit_appends_log_and_bumps_version(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "t.sqlite3")
    row = await active_game(store)
    row2 = await store.commit_moves(
        row,
        [("111", "roll", ["Alice rolled"]), ("111", "rent", ["Alice rented"])],
        {"n": 2},
        now=3.0,
    )
    assert row2.version == row.version + 2
    assert row2.snapshot == {"n": 2}
    log = await store.moves(row.id)
    assert [(m.seq, m.code, m.events) for m in log] == [
        (1, "roll", ["Alice rolled"]),
        (2, "rent", ["Alice rented"]),
    ]
    assert [m.code for m in await store.moves(row.id, last=1)] == ["rent"]
    await store.close()


async def test_stale_version_conflicts_and_writes_nothing(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "t.sqlite3")
    row = await active_game(store)
    await store.commit_moves(row, [("111", "roll", [])], {"n": 1}, now=3.0)
    with pytest.raises(Conflict):
        await store.commit_moves(row, [("222", "roll", [])], {"n": 99}, now=4.0)
    fresh = await store.get(row.id)
    assert fresh is not None and fresh.snapshot == {"n": 1}
    assert len(await store.moves(row.id)) == 1
    await store.close()


async def test_racing_commits_exactly_one_applies(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "t.sqlite3")
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
    await store.close()


async def test_finished_games_leave_the_channel_free(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "t.sqlite3")
    row = await active_game(store)
    results = [Result("111", "Alice", 9, 1, False, False), Result("222", "Bob", 4, 2, False, False)]
    done = await store.commit_moves(row, [("111", "x", [])], {"n": 1}, now=3.0, results=results)
    assert done.status == "finished" and done.finished_at == 3.0
    assert await store.results_of(row.id) == results
    assert await store.open_game_in(10) is None
    await store.close()


WRITER = textwrap.dedent(
    """
    import asyncio, os, signal, sys
    from bot.store import Seat, Store

    async def main(path):
        store = await Store.open(path)
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


async def test_a_process_killed_between_moves_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "killed.sqlite3"
    proc = subprocess.run(
        [sys.executable, "-c", WRITER, str(path)],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
        timeout=60,
    )
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    acknowledged = int(proc.stdout.split()[-1])
    store = await Store.open(path)
    row = await store.open_game_in(5)
    assert row is not None
    log = await store.moves(row.id)
    assert acknowledged == 37
    assert row.snapshot == {"n": len(log)} and len(log) >= acknowledged
    assert [m.code for m in log] == [f"m{n}" for n in range(1, len(log) + 1)]
    await store.close()


async def test_the_outbox_knows_what_each_channel_saw(tmp_path: Path) -> None:
    """Issue 9, defect 4: a commit leaves the channel behind until the post is recorded;
    the record never moves backwards; a seat change nobody sees keeps it up to date."""
    store = await Store.open(tmp_path / "t.sqlite3")
    row = await active_game(store)
    await store.mark_shown(row.id, row.version)
    assert await store.unshown() == []
    moved = await store.commit_moves(row, [("111", "roll", [])], {"n": 1}, now=3.0)
    assert [r.id for r in await store.unshown()] == [row.id]
    await store.mark_shown(row.id, moved.version)
    await store.mark_shown(row.id, row.version)  # a late, older post
    fresh = await store.get(row.id)
    assert fresh is not None and fresh.shown_version == moved.version
    quiet = await store.update_table(fresh, seats=fresh.seats, unseen=True)
    assert quiet.shown_version == quiet.version and await store.unshown() == []
    loud = await store.update_table(quiet, seats=quiet.seats)
    assert loud.shown_version < loud.version
    await store.close()


async def test_the_outbox_migration_counts_existing_games_as_shown(tmp_path: Path) -> None:
    """A database from before the outbox: its games are not all posted again."""
    path = tmp_path / "old.sqlite3"
    with contextlib.closing(sqlite3.connect(path)) as db:
        for script in MIGRATIONS[:2]:
            db.executescript(script)
        db.execute("PRAGMA user_version = 2")
        db.execute(
            "INSERT INTO games (channel_id, slug, status, host_id, seats, seed, options, "
            "version, created_at) VALUES (1, 'disneyland', 'active', '1', '[]', 1, '{}', 7, 0)"
        )
        db.commit()
    store = await Store.open(path)
    row = await store.open_game_in(1)
    assert row is not None and row.shown_version == 7 and await store.unshown() == []
    await store.close()


async def test_a_newer_schema_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "newer.sqlite3"
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    with pytest.raises(SchemaTooNew, match="newer Turnstile"):
        await Store.open(path)
    with contextlib.closing(sqlite3.connect(path)) as db:
        assert db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone() == (0,)


async def test_the_turn_clock_of_older_games_is_backfilled(tmp_path: Path) -> None:
    """Games under way before the turn clock existed: it starts at their last move."""
    path = tmp_path / "two.sqlite3"
    with contextlib.closing(sqlite3.connect(path)) as db:
        for script in MIGRATIONS[:2]:
            db.executescript(script)
        db.execute("PRAGMA user_version = 2")
        for game, status in ((1, "active"), (2, "active"), (3, "finished")):
            db.execute(
                "INSERT INTO games (id, channel_id, slug, status, host_id, seats, seed, "
                "options, created_at, started_at) "
                "VALUES (?, ?, 'disneyland', ?, '1', '[]', 1, '{}', 5, 10)",
                (game, game, status),
            )
        db.execute("INSERT INTO moves VALUES (1, 1, '1', 'roll', '[]', 42)")
        db.commit()
    store = await Store.open(path)
    times = {g: (await store.get(g)).turn_started_at for g in (1, 2, 3)}  # type: ignore[union-attr]
    assert times == {1: 42.0, 2: 10.0, 3: None}
    await store.close()


async def test_reads_never_see_a_transaction_in_progress(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "t.sqlite3")
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
    store = await Store.open(path)
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


# ---------- a thread per game (issue 11): migration 5 and what it holds


async def test_the_thread_migration_keeps_games_where_they_are_and_threads_on(
    tmp_path: Path,
) -> None:
    """A database from before threads: its games stay in their channels, with no parent;
    every server gets threads by default, its other settings kept."""
    path = tmp_path / "four.sqlite3"
    with contextlib.closing(sqlite3.connect(path)) as db:
        for script in MIGRATIONS[:4]:
            db.executescript(script)
        db.execute("PRAGMA user_version = 4")
        db.execute(
            "INSERT INTO games (channel_id, slug, status, host_id, seats, seed, options, "
            "created_at) VALUES (3, 'troolpark', 'active', '1', '[]', 1, '{}', 0)"
        )
        db.execute("INSERT INTO guild_settings VALUES (9, 'async', '{}')")
        db.commit()
    store = await Store.open(path)
    row = await store.open_game_in(3)
    assert row is not None and row.parent_channel_id is None and row.rematch_of is None
    assert row.lobby_channel_id == 3
    assert await store.threads_enabled(9) and await store.threads_enabled(10)
    assert (await store.guild_settings(9))[0] == "async"
    await store.close()


async def test_a_game_moves_into_its_thread_once_and_its_parent_lists_it(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "t.sqlite3")
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
    await store.close()


async def test_a_rematch_copies_seats_and_is_found_from_its_game(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "t.sqlite3")
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
    await store.close()


async def test_lobby_options_change_by_version_and_threads_switch(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "t.sqlite3")
    lobby = await store.create_lobby(
        guild_id=1, channel_id=10, slug="imagineers", host=ALICE, options={}, seed=1, now=1.0
    )
    changed = await store.set_lobby_options(lobby, {"side": "night"}, "async")
    assert changed.options == {"side": "night"} and changed.pace == "async"
    assert changed.version == lobby.version + 1
    with pytest.raises(Conflict):
        await store.set_lobby_options(lobby, {"side": "day"}, "live")  # a stale version
    await store.set_threads(1, False)
    assert not await store.threads_enabled(1) and await store.threads_enabled(2)
    await store.save_guild_settings(1, "async", {"live_remind": 60.0})
    assert not await store.threads_enabled(1), "saving the pace keeps the threads choice"
    await store.set_threads(1, True)
    assert await store.threads_enabled(1)
    assert await store.count_moves(lobby.id) == 0
    await store.close()


async def test_a_write_is_seen_by_the_next_read_while_other_reads_run(tmp_path: Path) -> None:
    """Reads interleaved on the shared reader connection (DESIGN.md §5): a lobby is found
    right after it was created even while other coroutines keep reading (a read left
    open across an ``await`` would pin an older snapshot for all of them)."""
    store = await Store.open(tmp_path / "t.sqlite3")
    stop = asyncio.Event()

    async def keep_reading() -> None:
        while not stop.is_set():
            await store.games_with_status("lobby")
            await store.guild_settings(1)

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
        return row

    try:
        rows = await asyncio.wait_for(
            asyncio.gather(*(create(100 + n) for n in range(40))), timeout=30
        )
    finally:
        stop.set()
        await asyncio.gather(*readers)
    assert len({row.id for row in rows}) == 40
    await store.close()
