"""A real bot process against a Discord double that runs in the test's process.

``python -m tests.bot.bot_process`` is ``python -m bot`` (settings from the environment,
the same start-up) with discord.py pointed at the double at ``TURNSTILE_DOUBLE_URL``, as
:meth:`DiscordDouble.install` does in-process. :class:`BotProcess` starts one, waits for
its shards and its clock, and ends it (SIGKILL, as a crash, or SIGTERM).
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from tests.bot.double import DiscordDouble
from tests.bot.double.server import API

ROOT = Path(__file__).resolve().parents[2]


class BotProcess:
    """``python -m bot`` running ``shard`` of ``count`` on the database at ``url`` (a
    PostgreSQL URL, or a SQLite file's path for a process alone on its database)."""

    def __init__(
        self, double: DiscordDouble, url: str, shard: int, count: int, folder: Path
    ) -> None:
        self.double = double
        self.url = url
        self.shard = shard
        self.count = count
        self.folder = folder
        self.log = folder / f"shard-{shard}-{id(self)}.log"
        self.process: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        """Start it, and wait until it is connected and its clock has resumed."""
        self.folder.mkdir(parents=True, exist_ok=True)
        sessions = len(self.double.gateway.sessions)
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "PYTHONPATH": str(ROOT),
            "DISCORD_TOKEN": self.double.token,
            ("DATABASE_URL" if "://" in self.url else "DATABASE_PATH"): self.url,
            "SHARD_COUNT": str(self.count),
            "SHARD_IDS": str(self.shard),
            "LOG_LEVEL": "INFO",
            "TURNSTILE_DOUBLE_URL": self.double.url,
        }
        with self.log.open("ab") as log:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "tests.bot.bot_process",
                cwd=self.folder,  # no developer's .env
                env=env,
                stdout=log,
                stderr=log,
            )

        def connected() -> bool:
            new = list(self.double.gateway.sessions.values())[sessions:]
            return any(
                s.ready
                and s.shard == (self.shard, self.count)
                and s.connection
                and s.connection.open
                for s in new
            )

        await poll(connected, 30, f"shard {self.shard} to connect")
        await poll(self.resumed, 30, f"shard {self.shard}'s clock to resume")

    def resumed(self) -> bool:
        """Whether its clock went once over the games with work due (the resume)."""
        self.alive()
        return "resumed:" in self.log.read_text(errors="replace")

    def alive(self) -> None:
        if self.process is None or self.process.returncode is not None:
            raise AssertionError(f"the bot process stopped:\n{self.output()}")

    def output(self) -> str:
        return self.log.read_text(errors="replace")[-4000:]

    async def end(self, how: signal.Signals = signal.SIGKILL) -> None:
        assert self.process is not None
        if self.process.returncode is None:
            self.process.send_signal(how)
        await self.process.wait()


async def poll(condition: Callable[[], bool], timeout: float, what: str) -> None:
    """Until ``condition()`` holds (it watches another process, so it is asked every 20 ms)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        if loop.time() > end:
            raise TimeoutError(f"timed out after {timeout} s waiting for {what}")
        await asyncio.sleep(0.02)


def point_at_double(base_url: str) -> None:
    """Point discord.py's REST base and default gateway at the double."""
    Route.BASE = base_url + API
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(base_url.replace("http", "ws", 1) + "/gateway")


if __name__ == "__main__":
    from bot.__main__ import main

    point_at_double(os.environ["TURNSTILE_DOUBLE_URL"])
    sys.exit(main())
