"""What is particular to the SQLite file (docs/ARCHITECTURE.md §5): WAL and ``user_version``
migrations, and one process at a time (a file cannot be shared safely)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bot.store import StoreLocked, open_store
from bot.store.sqlite import MIGRATIONS, SqliteStore

ROOT = Path(__file__).resolve().parents[2]


async def test_migrations_set_user_version_and_enable_wal(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "t.sqlite3")
    async with store.db.execute("PRAGMA user_version") as cursor:
        assert tuple(await cursor.fetchone() or ()) == (len(MIGRATIONS),)
    async with store.db.execute("PRAGMA journal_mode") as cursor:
        assert tuple(await cursor.fetchone() or ()) == ("wal",)
    assert await store.migrate() == len(MIGRATIONS)  # idempotent
    await store.close()


async def test_a_second_opener_is_refused_until_the_first_closes(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    first = await open_store(path)
    with pytest.raises(StoreLocked) as refused:
        await open_store(path)
    message = str(refused.value)
    assert str(path) in message and "DATABASE_URL" in message and "one process" in message
    await first.close()
    second = await open_store(path)
    await second.close()


HOLDER = textwrap.dedent(
    """
    import asyncio, sys
    from bot.store.opening import open_store

    async def main(path):
        store = await open_store(path)
        print("open", flush=True)
        sys.stdin.readline()
        await store.close()

    asyncio.run(main(sys.argv[1]))
    """
)


async def test_another_process_holding_the_file_is_refused(tmp_path: Path) -> None:
    """The bot's own start-up path refuses, with the message, while another process runs;
    when that process dies (even killed) the file is free again."""
    path = tmp_path / "games.sqlite3"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "open\n"
        with pytest.raises(StoreLocked, match="Another Turnstile process"):
            await open_store(path)
    finally:
        holder.kill()
        holder.wait(timeout=10)
    store = await open_store(path)
    await store.close()


@pytest.mark.parametrize("alias", ["symlink", "symlinked folder", "hard link"])
async def test_another_name_for_the_same_file_is_refused_too(tmp_path: Path, alias: str) -> None:
    """The lock belongs to the file, not to the name it was opened by.
    A process holds ``games.sqlite3``; another one, given a symlink to it, a path through
    a symlinked folder, or a hard link (the same file under a second name, whose WAL would
    be a different file: two writers, a corrupt database), is refused with the message."""
    real = tmp_path / "data" / "games.sqlite3"
    real.parent.mkdir()
    first = await open_store(real)
    await first.close()  # the file exists, as a running bot's does
    other = tmp_path / "elsewhere"
    other.mkdir()
    if alias == "symlink":
        name = other / "link.sqlite3"
        name.symlink_to(real)
    elif alias == "symlinked folder":
        (other / "data").symlink_to(real.parent, target_is_directory=True)
        name = other / "data" / "games.sqlite3"
    else:
        name = other / "same.sqlite3"
        os.link(real, name)
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(real)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "open\n"
        second = subprocess.run(
            [sys.executable, "-c", HOLDER, str(name)],
            input="\n",
            capture_output=True,
            text=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            timeout=60,
        )
        assert second.returncode != 0 and "open" not in second.stdout, second.stdout
        assert "Another Turnstile process" in second.stderr, second.stderr
    finally:
        holder.kill()
        holder.wait(timeout=10)
    store = await open_store(name)  # free again once the holder is gone
    await store.close()
