"""Many live games in one process (issue 14): resident memory and the clock's tick cost.

For each store (SQLite; PostgreSQL on a throw-away server this bench starts) and each
size, a fresh process fills the store with that many running games (every title, real
engine snapshots), starts the real bot against the Discord double, lets the clock resume
every game, and then reports its resident memory (now and peak) and the time of one clock
tick over all of them, with nothing due (the common case). Numbers only, never asserted.
"""

from __future__ import annotations

import asyncio
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bot.client import TurnstileBot
from bot.config import DatabaseSettings
from bot.storage import open_store
from bot.store import Seat
from engine import GAMES, get_game
from tests.bot.double import DiscordDouble
from tests.bot.harness import FakeClock
from tests.pg_server import PostgresServer

SIZES = (1_000, 10_000)
TICKS = 3


def rss_mb() -> float:
    """This process's resident memory now, in MB (VmRSS)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def fill(database: DatabaseSettings | Path, count: int, now: float) -> None:
    """``count`` running games over every title, two to four people each."""
    store = await open_store(database)
    slugs = list(GAMES)
    for n in range(count):
        game = get_game(slugs[n % len(slugs)])
        seats = [Seat(str(1000 + k), f"p{k}") for k in range(max(2, game.min_players))]
        row = await store.create_lobby(
            guild_id=(n % 50) << 22,
            channel_id=10_000_000 + n,
            slug=game.slug,
            host=seats[0],
            options={},
            seed=n + 1,
            now=now,
        )
        row = await store.update_table(row, seats=seats)
        state = game.setup([s.id for s in seats], seed=n + 1, options=None)
        await store.start(row, seats, game.dump(state), now)
    await store.close()


async def measure(target: str, count: int) -> dict[str, float]:
    """In this (fresh) process: fill, start the bot, resume, tick; return the numbers."""
    clock = FakeClock()
    postgres = target.startswith("postgresql://")
    database = DatabaseSettings(url=target) if postgres else Path(target)
    await fill(database, count, clock.now)
    baseline = rss_mb()
    async with DiscordDouble() as double:
        double.add_guild("bench")
        bot = TurnstileBot(database, clock=clock, tick_seconds=3600.0, guild_ready_timeout=0.05)
        async with double.running(bot):
            await bot.wait_until_ready()
            started = time.perf_counter()
            await bot.clockwork.tick()
            resumed = time.perf_counter() - started
            ticks = []
            for _ in range(TICKS):
                started = time.perf_counter()
                await bot.clockwork.tick()
                ticks.append((time.perf_counter() - started) * 1000)
            active = len(await bot.store.games_with_status("active"))
            return {
                "games": active,
                "rss": rss_mb(),
                "peak": peak_mb(),
                "before_bot": baseline,
                "resume_s": resumed,
                "tick_p50": sorted(ticks)[len(ticks) // 2],
                "tick_max": max(ticks),
            }


def run_one(label: str, target: str, count: int) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench.scale", target, str(count)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])},
        check=False,
    )
    if done.returncode != 0:
        print(f"{label} {count}: failed\n{done.stderr[-2000:]}")
        return
    n = json.loads(done.stdout.strip().splitlines()[-1])
    print(
        f"{label:10} {int(n['games']):6} live games  RSS {n['rss']:6.1f} MB (peak "
        f"{n['peak']:6.1f})  resume {n['resume_s']:6.2f} s  "
        f"tick p50 {n['tick_p50']:8.1f} ms  max {n['tick_max']:8.1f} ms"
    )


async def create_schema(server: PostgresServer) -> str:
    return await server.create_database("bench")


def main(sizes: tuple[int, ...] = SIZES) -> None:
    print("== scale: many live games in one process (bot + double, nothing due) ==")
    server = PostgresServer()
    server.start()
    try:
        with tempfile.TemporaryDirectory() as folder:
            for count in sizes:
                run_one("sqlite", str(Path(folder) / f"scale-{count}.sqlite3"), count)
                run_one("postgresql", asyncio.run(create_schema(server)), count)
    finally:
        server.stop()


if __name__ == "__main__":
    if len(sys.argv) == 3:
        print(json.dumps(asyncio.run(measure(sys.argv[1], int(sys.argv[2])))))
    else:
        main()
