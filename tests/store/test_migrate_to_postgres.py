"""``python -m bot.store.migrate_to_postgres``: every game, log, vote, result and
server setting arrives in PostgreSQL exactly, verified by counts; it refuses a target that
is not empty and a SQLite file a bot is still running on."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest

from bot.common.config import DatabaseSettings
from bot.common.ratings import EVERYWHERE, Scope
from bot.store import Result, UndoStep
from bot.store.interface import GameStore
from bot.store.opening import open_store
from tests.store.reads import games_with_status, results_of, save_guild_settings, set_threads
from tests.store.test_store import ALICE, BOB, ROBOT, active_game

ROOT = Path(__file__).resolve().parents[2]


async def fill(store: GameStore) -> None:
    """Games in every state, with logs, votes, results and a server's settings; a game
    moved into its thread and a rematch (migration 5); a turn message with its turn mark
    and a step that may be taken back (migration 6); a called vote (migration 7)."""
    await store.create_lobby(
        guild_id=7 << 22, channel_id=1, slug="imagineers", host=BOB, options={}, seed=3, now=1.0
    )
    playing = await active_game(store, channel=2, seats=(ALICE, BOB, ROBOT))
    before = playing
    playing = await store.commit_moves(
        playing,
        [("111", "roll", ["Alice rolled 4"]), ("robot-1", "pass", [])],
        {"n": 2},
        now=3,
        turn=["222"],
    )
    await store.push_undo(playing.id, before.version, UndoStep("111", playing.version, 1, {}, "r"))
    await store.show_turn(
        playing.id,
        playing.version,
        message_id=8,
        posted_for=playing.version,
        from_seq=0,
        shown_seq=2,
    )
    assert await store.call_vote(playing, ["111"], ["222"])
    await store.vote(playing.id, playing.version, "222", "ai")
    await store.move_to_thread(playing, 20)
    done = await active_game(store, channel=3)
    results = [Result("111", "Alice", 12, 1, False, False), Result("222", "Bob", 7, 2, True, False)]
    await store.commit_moves(done, [("222", "end", ["Bob ended"])], {}, now=4.5, results=results)
    await store.create_lobby(
        guild_id=1,
        channel_id=3,
        slug="disneyland",
        host=BOB,
        options={},
        seed=4,
        now=6.0,
        seats=[BOB, ALICE],
        rematch_of=done.id,
    )
    cancelled = await active_game(store, channel=4, guild=None)
    await store.set_status(cancelled, "cancelled", now=5.0)
    await save_guild_settings(store, 1, "async", {"remind": 600.0})
    await set_threads(store, 1, False)
    await store.count_hint(cancelled.id, BOB.id)


def migrate(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.store.migrate_to_postgres", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )


async def test_everything_arrives_and_is_counted(tmp_path: Path, postgres_url: str) -> None:
    path = tmp_path / "old.sqlite3"
    lite = await open_store(path)
    await fill(lite)
    await lite.close()

    done = migrate("--sqlite", str(path), "--url", postgres_url)
    assert done.returncode == 0, done.stderr
    counts = (
        "games 5, moves 3, guild_settings 1, votes 1, results 2, undo_steps 1, vote_calls 1, "
        # Ratings: the game that one person played to the end moves only the leaver's (D4).
        "ratings 2, rating_changes 2, data_steps 0, hints 1, player_records 4, "
        "place_records 2."
    )
    assert f"{counts} Counts verified." in done.stdout

    lite = await open_store(path)
    pg = await open_store(DatabaseSettings(url=postgres_url))
    ids: list[int] = []
    for status in ("lobby", "active", "finished", "cancelled"):
        rows = await games_with_status(lite, status)
        assert rows and await games_with_status(pg, status) == rows
        for row in rows:
            ids.append(row.id)
            assert await pg.moves(row.id) == await lite.moves(row.id)
            assert await results_of(pg, row.id) == await results_of(lite, row.id)
            assert await pg.rematch_for(row.id) == await lite.rematch_for(row.id)
            assert await pg.undo_top(row.id) == await lite.undo_top(row.id)
            for version in range(row.version + 1):
                assert await pg.vote_call(row.id, version) == await lite.vote_call(row.id, version)
                assert await pg.vote(row.id, version, "222", "end") == await lite.vote(
                    row.id, version, "222", "end"
                )
    assert await pg.guild_settings(1) == await lite.guild_settings(1)
    assert not await pg.threads_enabled(1) and await pg.threads_enabled(2)
    assert await pg.open_games_under(2) == await lite.open_games_under(2) != []
    assert any(row.rematch_of for row in await games_with_status(pg, "lobby"))
    [thread] = await pg.open_games_under(2)
    assert (thread.turn_message_id, thread.turn_pings, thread.turn_shown_seq) == (8, ["222"], 2)
    assert await pg.undo_top(thread.id) is not None
    assert await pg.record_board(1, "disneyland", "wins") == await lite.record_board(
        1, "disneyland", "wins"
    )
    for scope in (Scope(1, 1), EVERYWHERE):
        assert await pg.rating_board(scope, "disneyland") == await lite.rating_board(
            scope, "disneyland"
        )
    assert (await pg.refold_ratings(write=False)).changed == 0, "ratings arrive to the last bit"
    fresh = await pg.create_lobby(
        guild_id=1, channel_id=99, slug="troolpark", host=ALICE, options={}, seed=1, now=9.0
    )
    assert fresh.id == max(ids) + 1  # ids go on where SQLite's ended
    await lite.close()
    await pg.close()

    again = migrate("--sqlite", str(path), "--url", postgres_url)
    assert again.returncode == 1 and "migrate into an empty database" in again.stderr


async def test_it_refuses_a_file_a_bot_is_running_on(tmp_path: Path, postgres_url: str) -> None:
    path = tmp_path / "busy.sqlite3"
    running = await open_store(path)
    await fill(running)
    done = migrate("--sqlite", str(path), "--url", postgres_url)
    await running.close()
    assert done.returncode == 1 and "Another Turnstile process" in done.stderr
    pg = await open_store(DatabaseSettings(url=postgres_url))
    assert await games_with_status(pg, "active") == []  # nothing half-copied
    await pg.close()


def test_it_says_where_to_copy_to(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    done = subprocess.run(
        [sys.executable, "-m", "bot.store.migrate_to_postgres", "--sqlite", str(tmp_path / "x")],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(ROOT)},
        timeout=60,
    )
    assert done.returncode == 2 and "--url postgresql://" in done.stderr


async def tables_in(url: str) -> list[str]:
    """The tables of the target database's schema (none: nothing was written)."""
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
        )
    finally:
        await conn.close()
    return sorted(r["table_name"] for r in rows)


@pytest.mark.parametrize("damage", ["truncated", "garbage", "empty header"])
async def test_a_damaged_file_is_refused_in_one_line(
    tmp_path: Path, postgres_url: str, damage: str
) -> None:
    """A truncated copy of a real registry, a file of random bytes,
    or one cut inside SQLite's header: the tool exits non-zero with its one-line message
    (no traceback), writes nothing to the target (not even the schema) and leaves the
    file as it was."""
    path = tmp_path / "broken.sqlite3"
    if damage == "garbage":
        path.write_bytes(random.Random(9).randbytes(40_000))
    else:
        lite = await open_store(path)
        await fill(lite)
        await lite.close()
        whole = path.read_bytes()
        path.write_bytes(whole[: len(whole) // 2] if damage == "truncated" else whole[:60])
    before = path.read_bytes()
    done = migrate("--sqlite", str(path), "--url", postgres_url)
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("migrate_to_postgres: "), done.stderr
    assert str(path) in lines[0] and "SQLite" in lines[0], lines[0]
    assert done.stdout == ""
    assert await tables_in(postgres_url) == []
    assert path.read_bytes() == before
