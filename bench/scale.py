"""Many live games in one process: resident memory and the clock's tick cost.

For each store (SQLite; PostgreSQL on a throw-away server this bench starts) and each
size, a fresh process starts the Discord double with one text channel per game (so the
bot caches every channel, as it would serving them), has a separate process fill the store
with that many running games (every title, a person and robots at each table, the robots'
opening moves played, the board shown, the reminder sent), then starts the real bot and
measures: ticks with nothing due (the common case),
and one tick with every game due at once (each turn's idle time passed: every game is
loaded, its engine state read, its turn marked done), with the resident memory (now and
peak) after each. Numbers only, never asserted.

    python -m bench.scale            # both stores, 1,000 and 10,000 games
    python -m bench.scale 1000       # one size
"""

from __future__ import annotations

import asyncio
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bot.client import TurnstileBot
from bot.common.config import DatabaseSettings
from bot.common.pace import DEFAULTS
from bot.store import Seat
from bot.store.opening import open_store
from bot.table.service import Tables
from engine import GAMES, get_game
from tests.bot.double import DiscordDouble
from tests.bot.double.buckets import Limit, RateLimits
from tests.bot.harness import FakeClock
from tests.pg_server import PostgresServer

SIZES = (1_000, 10_000)
GUILDS = 50
STEADY_TICKS = 5
ROOT = Path(__file__).resolve().parents[1]


def rss_mb() -> float:
    """This process's resident memory now, in MB (VmRSS)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def peak_mb() -> float:
    """The most resident memory this process ever had, in MB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def database_of(target: str) -> DatabaseSettings:
    if target.startswith("postgresql://"):
        return DatabaseSettings(url=target, pool_max=4)
    return DatabaseSettings(path=Path(target))


async def fill(target: str, places: list[tuple[int, int]], now: float) -> None:
    """A running game in each (guild, channel): one person and robots, started through
    the game service (so the robots' opening moves are played), shown, reminded."""
    store = await open_store(database_of(target))
    tables = Tables(store, lambda: now)
    slugs = list(GAMES)
    for n, (guild, channel) in enumerate(places):
        game = get_game(slugs[n % len(slugs)])
        person = Seat(str(10_000 + n), f"player {n}")
        robots = [
            Seat(f"ai{k}", f"Robot {k}", ai=True, robot=True, ai_played=True)
            for k in range(1, max(2, game.min_players))
        ]
        lobby = await store.create_lobby(
            guild_id=guild,
            channel_id=channel,
            slug=game.slug,
            host=person,
            options={},
            seed=n + 1,
            now=now,
        )
        lobby = await store.update_table(lobby, seats=[person, *robots])
        row = (await tables.start(lobby)).row
        await store.mark_shown(row.id, row.version)
        await store.mark_timer(row, "remind")
    await store.close()


async def timed_tick(bot: TurnstileBot) -> tuple[float, int]:
    started = time.perf_counter()
    due = await bot.clockwork.tick()
    return (time.perf_counter() - started) * 1000, due


async def measure(target: str, count: int) -> dict[str, float]:
    """In this (fresh) process: the double, the filled store, the bot; the numbers."""
    clock = FakeClock()
    # The bench measures the bot, not Discord's rate limits.
    unlimited = Limit(1_000_000, 1.0)
    limits = RateLimits(routes={}, default=unlimited, global_limit=unlimited)
    async with DiscordDouble(rate_limits=limits) as double:
        guilds = [double.add_guild(f"bench {g}") for g in range(GUILDS)]
        places = [(guilds[n % GUILDS], 0) for n in range(count)]
        places = [(g, double.add_channel(g, f"table-{n}")) for n, (g, _) in enumerate(places)]
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as spec:
            json.dump({"target": target, "places": places, "now": clock.now}, spec)
        filling = subprocess.run(
            [sys.executable, "-m", "bench.scale", "fill", spec.name],
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            check=False,
            capture_output=True,
            text=True,
        )
        os.unlink(spec.name)
        if filling.returncode != 0:
            raise RuntimeError(f"filling failed:\n{filling.stderr[-3000:]}")
        before_bot = rss_mb()
        bot = TurnstileBot(
            database_of(target), clock=clock, tick_seconds=3600.0, guild_ready_timeout=0.05
        )
        async with double.running(bot):
            await bot.wait_until_ready()
            await asyncio.sleep(0.5)  # the clock's own first tick (the resume) runs now
            steady = [(await timed_tick(bot))[0] for _ in range(STEADY_TICKS)]
            steady_rss = rss_mb()
            clock.advance(DEFAULTS["live_idle"] + 1)
            everything, due = await timed_tick(bot)
            all_due_rss = rss_mb()
            after, _ = await timed_tick(bot)
            return {
                "games": count,
                "before_bot": before_bot,
                "rss": steady_rss,
                "rss_after_all_due": all_due_rss,
                "peak": peak_mb(),
                "tick_p50": statistics.median(steady),
                "tick_max": max(steady),
                "all_due": due,
                "all_due_s": everything / 1000,
                "after_ms": after,
            }


def run_one(label: str, target: str, count: int) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench.scale", "measure", target, str(count)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    if done.returncode != 0:
        print(f"{label} {count}: failed\n{done.stderr[-3000:]}")
        return
    n = json.loads(done.stdout.strip().splitlines()[-1])
    print(
        f"{label:10} {int(n['games']):6} live games: RSS {n['rss']:5.1f} MB "
        f"(before the bot {n['before_bot']:5.1f}; after every game was due "
        f"{n['rss_after_all_due']:5.1f}; peak {n['peak']:5.1f})\n"
        f"{'':10} tick, nothing due: p50 {n['tick_p50']:6.1f} ms, max {n['tick_max']:6.1f} ms; "
        "every game due at once: "
        f"{int(n['all_due'])} games in {n['all_due_s']:5.1f} s, the tick after "
        f"{n['after_ms']:6.1f} ms"
    )


def main(sizes: tuple[int, ...] = SIZES) -> None:
    print("== scale: live games in one process (bot + double; resident memory, clock ticks) ==")
    server = PostgresServer()
    server.start()
    try:
        with tempfile.TemporaryDirectory() as folder:
            for count in sizes:
                run_one("sqlite", str(Path(folder) / f"scale-{count}.sqlite3"), count)
                url = asyncio.run(server.create_database("bench"))
                run_one("postgresql", url, count)
    finally:
        server.stop()


if __name__ == "__main__":
    if sys.argv[1:2] == ["fill"]:
        spec = json.loads(Path(sys.argv[2]).read_text())
        places = [(int(g), int(c)) for g, c in spec["places"]]
        asyncio.run(fill(spec["target"], places, float(spec["now"])))
    elif sys.argv[1:2] == ["measure"]:
        print(json.dumps(asyncio.run(measure(sys.argv[2], int(sys.argv[3])))))
    else:
        main(tuple(int(n) for n in sys.argv[1:]) or SIZES)
