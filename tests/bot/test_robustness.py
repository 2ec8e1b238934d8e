"""Smaller defects, each through the Discord double: a double-clicked leave,
a locked database, a database from a newer Turnstile, games from before the turn clock,
per-game locks that piled up, and reads that saw another coroutine's uncommitted move."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.client import TurnstileBot
from bot.common.pace import DEFAULTS
from bot.store import StoreError
from bot.store.sqlite import MIGRATIONS
from engine import get_game
from tests.bot.double import DiscordDouble
from tests.bot.harness import Harness


async def test_a_double_clicked_leave_hands_the_seat_over_once(harness: Harness) -> None:
    d = harness.double
    channel = await harness.open_table("disneyland", ["alice", "bob", "carol"])
    ask = await d.slash(d.ids["carol"], channel, "game leave")
    assert ask.original is not None
    confirm = ask.original.buttons()[0][0]
    clicks = await asyncio.gather(
        d.click(d.ids["carol"], ask.original, confirm),
        d.click(d.ids["carol"], ask.original, confirm),
    )
    assert "left" in (await harness.board(channel)).text
    # A third press, from a client that still shows the button the answer removed:
    again = await d.forge_click(d.ids["carol"], ask.original, confirm)
    assert again.ephemeral and "already" in again.content
    await asyncio.sleep(0.3)
    shown = [r for m in d.messages(channel) for r in m.revisions if "left; the AI plays" in r]
    assert len(shown) == 1, shown
    assert sum(c.ephemeral and "already" in c.content for c in clicks) == 1


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Another process holds the database's write lock (a backup, an admin's shell)."""
    other = sqlite3.connect(path, isolation_level=None, timeout=0)
    other.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


async def test_a_locked_database_fails_fast_with_a_clear_answer(sqlite_harness: Harness) -> None:
    """Three moves in three games while the file is locked: each gets a clear private
    answer in time (the waits do not add up), nothing changes, and play resumes after."""
    harness = sqlite_harness  # a file's own lock and connections
    d = harness.double
    lobbies = [d.ids["channel"], d.ids["thread"], d.add_channel(d.ids["guild"], "third")]
    places = [
        await harness.open_table("disneyland", players, channel=lobby)
        for lobby, players in zip(
            lobbies, (["alice", "bob"], ["carol", "dave"], ["erin", "admin"]), strict=True
        )
    ]
    movers = [int(await harness.mover(place)) for place in places]
    await harness.settle()
    before = await harness.dump()
    with locked(harness.db_path):
        answers = await asyncio.gather(
            *(harness.play(user, place, "roll") for user, place in zip(movers, places, strict=True))
        )
    for answer in answers:  # each within the deadline: the double checks that
        assert answer.response is not None and answer.ephemeral, answer.content
        assert "busy" in answer.content and "try again" in answer.content.lower()
    assert await harness.dump() == before
    for user, place in zip(movers, places, strict=True):
        played = await harness.play(user, place, "roll")
        assert played.content.startswith("✅") or not played.ephemeral, played.content
        assert "rolled" in (await harness.board(place)).text


async def test_a_database_from_a_newer_turnstile_is_refused(
    double: DiscordDouble, tmp_path: Path
) -> None:
    path = tmp_path / "newer.sqlite3"
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 3}")
    with pytest.raises(StoreError, match="newer"):
        async with double.running(TurnstileBot(path, guild_ready_timeout=0.05)):
            pass
    with contextlib.closing(sqlite3.connect(path)) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS) + 3
        assert db.execute("SELECT name FROM sqlite_master").fetchall() == []


def test_python_m_bot_refuses_a_newer_database_before_connecting(tmp_path: Path) -> None:
    """No token is ever used: the message comes first, and the file is left as it was."""
    path = tmp_path / "newer.sqlite3"
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    root = Path(__file__).resolve().parents[2]
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(root), "DISCORD_TOKEN": "never-used"}
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env={**env, "DATABASE_PATH": str(path)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    assert "newer Turnstile" in done.stderr and str(path) in done.stderr


def schema_one_database(path: Path, channel: int, guild: int, seats: list[str], at: float) -> None:
    """A database as the first Turnstile left it: one Disneyland game under way."""
    game = get_game("disneyland")
    state = game.setup(seats, seed=3)
    names = [{"id": s, "name": f"player {n}"} for n, s in enumerate(seats)]
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.executescript(MIGRATIONS[0])
        db.execute(
            "INSERT INTO games (guild_id, channel_id, slug, status, host_id, seats, seed, "
            "options, snapshot, version, created_at, started_at) "
            "VALUES (?, ?, 'disneyland', 'active', ?, ?, 3, ?, ?, 1, ?, ?)",
            (
                guild,
                channel,
                seats[0],
                json.dumps(names),
                json.dumps(game.resolve_options(None)),
                json.dumps(game.dump(state)),
                at - 60,
                at,
            ),
        )
        db.execute("PRAGMA user_version = 1")
        db.commit()


async def test_games_from_before_the_turn_clock_get_reminders(
    double: DiscordDouble, tmp_path: Path
) -> None:
    path = tmp_path / "old.sqlite3"
    channel = double.ids["channel"]
    seats = [str(double.ids["alice"]), str(double.ids["bob"])]
    h = Harness(double, path)
    schema_one_database(path, channel, double.ids["guild"], seats, h.clock.now)
    await h.start()
    try:
        row, _ = await h.state(channel)
        assert row.turn_started_at is not None
        h.clock.advance(DEFAULTS["live_remind"] + 1)
        await h.live.clockwork.tick()
        reminder = await double.wait_for_message(channel, lambda m: m.content.startswith("⏰"))
        assert f"<@{await h.mover(channel)}>" in reminder.content
    finally:
        await h.stop()


async def test_no_lock_is_kept_for_a_game_nobody_is_playing(harness: Harness) -> None:
    d = harness.double
    lobbies = [d.ids["channel"], d.ids["thread"]]
    for lobby, players in zip(lobbies, (["alice", "bob"], ["carol", "dave"]), strict=True):
        place = await harness.open_table("troolpark", players, channel=lobby)
        for _ in range(3):
            mover = int(await harness.mover(place))
            await harness.play(mover, place, (await harness.choices(mover, place))[0]["value"])
    await harness.live.clockwork.tick()
    assert len(harness.live.tables.locks) == 0


async def test_reads_see_only_committed_moves(
    sqlite_harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move's transaction is held open, then fails: meanwhile and afterwards, what the
    mover is offered comes from the committed game, never the move that did not happen."""
    harness = sqlite_harness  # a file's own lock and connections
    channel = await harness.open_table("disneyland", ["alice", "bob"])
    mover = int(await harness.mover(channel))
    offered = await harness.choices(mover, channel)
    row, _ = await harness.state(channel)
    inside = asyncio.Event()
    writer = harness.sqlite.db
    real = writer.executemany

    async def stalled(*args: Any, **kwargs: Any) -> Any:
        inside.set()
        await asyncio.sleep(0.5)
        raise RuntimeError("the disk failed mid-move")

    monkeypatch.setattr(writer, "executemany", stalled)
    move = asyncio.create_task(harness.play(mover, channel, "roll"))
    await inside.wait()
    during = await harness.choices(mover, channel)
    seen = await harness.live.store.get(row.id)
    failed = await move
    monkeypatch.setattr(writer, "executemany", real)
    assert during == offered
    assert seen is not None and seen.version == row.version and seen.snapshot == row.snapshot
    assert failed.ephemeral and "Nothing was changed" in failed.content
    after, _ = await harness.state(channel)
    assert after.version == row.version
    assert await harness.live.store.moves(row.id) == []
    again = await harness.play(mover, channel, offered[0]["value"])
    assert again.content.startswith("✅") or not again.ephemeral, again.content
    assert len(await harness.live.store.moves(row.id)) == 1
