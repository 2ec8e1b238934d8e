"""The one way to run work off the event loop (``bot.table.workers``): a lane's own time
limit is the only one that ends its workers, and a program run for the bot (a replay) is
killed past its limit, not left running."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest

from bot.table.workers import Lane, TooLong, run_program


async def test_a_works_own_timeout_reaches_its_caller_and_the_workers_stay() -> None:
    """A ``TimeoutError`` the work raises itself (a lane without a limit) is the work's
    answer: it reaches the caller as it is, and the lane keeps its workers (only the
    lane's own limit ends them)."""
    lane = Lane(1)
    try:
        pool = await asyncio.wrap_future(lane.running())
        with pytest.raises(TimeoutError, match="its own"):
            await lane.run(exec, "raise TimeoutError('its own')")
        assert await asyncio.wrap_future(lane.running()) is pool
        assert await lane.run(eval, "6 * 7") == 42
    finally:
        lane.close()


async def test_a_program_gives_back_its_status_and_output() -> None:
    finished = await run_program(
        [sys.executable, "-c", "import sys; d = sys.stdin.read(); print(d[::-1]); sys.exit(3)"],
        b"abc",
        60.0,
    )
    assert finished == (3, b"cba\n", b"")


def sleeper(pid_file: Path) -> list[str]:
    """A program that notes its pid, then would run for ten minutes."""
    script = (
        "import os, pathlib, time; "
        f"pathlib.Path({str(pid_file)!r}).write_text(str(os.getpid())); time.sleep(600)"
    )
    return [sys.executable, "-c", script]


async def test_a_program_past_its_limit_fails() -> None:
    """Ten minutes of work against a limit of a second: the caller is told."""
    with pytest.raises(TooLong):
        await run_program(sleeper(Path(os.devnull)), b"", 1.0)


async def test_a_program_whose_caller_goes_is_killed(tmp_path: Path) -> None:
    """The caller cancelled (the bot closing) while the program works: the program is
    killed and reaped, not left working."""
    pid_file = tmp_path / "pid"
    running = asyncio.create_task(run_program(sleeper(pid_file), b"", 600.0))
    while not pid_file.exists() or not pid_file.read_text():
        assert not running.done(), running
        await asyncio.sleep(0.05)
    pid = int(pid_file.read_text())
    os.kill(pid, 0)  # it runs
    running.cancel()
    with pytest.raises(asyncio.CancelledError):
        await running
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
