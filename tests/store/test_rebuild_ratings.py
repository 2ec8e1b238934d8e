"""``python -m bot.store.rebuild_ratings``, on SQLite and PostgreSQL: ``--check``
finds a rating changed behind the store's back and writes nothing; a rebuild puts back
exactly what the games give; a SQLite file the bot holds is refused."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bot.common.config import DatabaseSettings
from bot.common.ratings import EVERYWHERE
from tests.store.backends import Backend
from tests.store.test_ratings_store import ALICE, BOB, CHLOE, HARD, SLUG, execute, finish

ROOT = Path(__file__).resolve().parents[2]


def rebuild(backend: Backend, *args: str) -> subprocess.CompletedProcess[str]:
    where = ["--url", backend.target] if backend.settings.url else ["--sqlite", backend.target]
    return subprocess.run(
        [sys.executable, "-m", "bot.store.rebuild_ratings", *where, *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )


async def test_check_finds_a_change_and_a_rebuild_puts_back_the_fold(backend: Backend) -> None:
    store = await backend.open()
    await finish(store, 10, [(ALICE, 1), (BOB, 2), (HARD, 3)])
    await finish(store, 11, [(CHLOE, 1), (ALICE, 2)])
    _, before = await store.rating_board(EVERYWHERE, SLUG)
    await store.close()

    same = rebuild(backend, "--check")
    assert same.returncode == 0, same.stderr
    assert same.stdout.strip() == (
        "2 rated games give 8 ratings; 0 of the stored ratings and 0 rows of their history "
        "differ: the stored ratings are exactly the fold's."
    )
    await execute(backend, "UPDATE ratings SET sigma = 1 WHERE player = '222'")
    found = rebuild(backend, "--check")
    assert found.returncode == 1
    assert "2 of the stored ratings" in found.stdout and "nothing was written" in found.stdout
    fixed = rebuild(backend)
    assert fixed.returncode == 0 and "replaced" in fixed.stdout, fixed.stderr
    assert "exactly the fold's" in rebuild(backend, "--check").stdout
    store = await backend.open()
    try:
        assert (await store.rating_board(EVERYWHERE, SLUG))[1] == before
    finally:
        await store.close()


async def test_a_file_the_bot_holds_is_refused(tmp_path: Path) -> None:
    backend = Backend("sqlite", DatabaseSettings(path=tmp_path / "held.sqlite3"))
    held = await backend.open()
    try:
        refused = rebuild(backend)
        assert refused.returncode == 1 and refused.stdout == ""
        assert refused.stderr.startswith("rebuild_ratings: ") and refused.stderr[-1] == "\n"
        assert len(refused.stderr.splitlines()) == 1
    finally:
        await held.close()
    missing = rebuild(Backend("sqlite", DatabaseSettings(path=tmp_path / "none.db")))
    assert missing.returncode == 1 and "There is no SQLite file" in missing.stderr
    assert not (tmp_path / "none.db").exists()
