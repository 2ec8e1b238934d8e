"""One move end to end through the Discord double: interaction in → board image posted.

Each sample is the time from sending a ``/play`` interaction until the double holds the
answer carrying the board PNG. First one table of Disneyland at a time; then the same
while replays are drawn without pause (issue 9: moves must not wait behind replays);
then every game at once on several tables, as a busy server would see it (players answer
instantly, so this is a worst case for contention on the event loop, the renderer and the
store). Both stores, side by side: the SQLite file, and PostgreSQL on a throw-away server
this bench starts with the server's default durability (fsync and synchronous commit on).
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from pathlib import Path

from bench.replay_cost import ai_game
from bench.stats import summary
from bot.client import TurnstileBot
from bot.common.config import DatabaseSettings
from engine import GAMES, Rng, get_game
from tests.bot.double import DiscordDouble
from tests.bot.double.buckets import MACHINE_PACE, RateLimits
from tests.pg_server import PostgresServer

MOVES = 150
TABLES_PER_GAME = 2
MOVES_PER_TABLE = 40


async def play_table(
    double: DiscordDouble,
    bot: TurnstileBot,
    channel: int,
    slug: str,
    users: list[int],
    moves: int,
    samples: list[float],
) -> None:
    """Open a table of ``slug`` for ``users`` and time up to ``moves`` of their moves."""
    await double.slash(users[0], channel, "game new", game=slug)
    for user in users[1:]:
        await double.slash(user, channel, "game join")
    await double.slash(users[0], channel, "game start")
    threads = await bot.store.open_games_under(channel)  # the game moved into its thread
    channel = threads[-1].channel_id if threads else channel
    rng = Rng.from_seed(channel)
    for _ in range(moves):
        row = await bot.store.open_game_in(channel)
        if row is None or row.snapshot is None:
            return
        game = get_game(row.slug)
        state = game.load(row.snapshot)
        seat = game.waiting_for(state)[0]
        code = game.ai_move(state, seat, rng, "easy")
        started = time.perf_counter()
        result = await double.slash(int(seat), channel, "play", move=code)
        samples.append((time.perf_counter() - started) * 1000)
        assert not result.content.startswith("Sorry"), result.content


async def keep_drawing_replays(bot: TurnstileBot) -> None:
    """Replays of a whole game, one after another, through the bot's replay worker."""
    job = ai_game("troolpark")
    while True:
        await bot.replays.build(job)


async def run(label: str, database: DatabaseSettings | Path, moves: int) -> None:
    """Every measurement on one store; prints p50/p99 and moves/s."""
    async with DiscordDouble(rate_limits=RateLimits(speedup=MACHINE_PACE)) as double:
        guild = double.add_guild("bench")
        users = [double.add_user(name) for name in ("alice", "bob", "carol")]
        bot = TurnstileBot(database, guild_ready_timeout=0.05)
        async with double.running(bot):
            await double.wait_commands_synced()
            await bot.wait_until_ready()
            alone: list[float] = []
            started = time.perf_counter()
            while len(alone) < moves:
                channel = double.add_channel(guild, f"solo-{len(alone)}")
                left = moves - len(alone)
                await play_table(double, bot, channel, "disneyland", users[:2], left, alone)
            rate = len(alone) / (time.perf_counter() - started)
            print(f"{label:10} disneyland, one table       {summary(alone)}  {rate:5.1f} moves/s")
            drawing = asyncio.create_task(keep_drawing_replays(bot))
            busy_replays: list[float] = []
            while len(busy_replays) < moves // 2:
                channel = double.add_channel(guild, f"replays-{len(busy_replays)}")
                left = moves // 2 - len(busy_replays)
                await play_table(double, bot, channel, "disneyland", users[:2], left, busy_replays)
            drawing.cancel()
            print(
                f"{label:10} disneyland, one table while replays are drawn "
                f"({bot.replays.builds} replays)  {summary(busy_replays)}"
            )
            busy: list[float] = []
            tables = [
                play_table(
                    double,
                    bot,
                    double.add_channel(guild, f"{slug}-{n}"),
                    slug,
                    users,
                    MOVES_PER_TABLE,
                    busy,
                )
                for slug in GAMES
                for n in range(TABLES_PER_GAME)
            ]
            started = time.perf_counter()
            await asyncio.gather(*tables)
            rate = len(busy) / (time.perf_counter() - started)
            print(
                f"{label:10} {len(tables)} tables at once (all games) {summary(busy)}  "
                f"{rate:5.1f} moves/s"
            )


async def main(moves: int = MOVES) -> None:
    print("== bot: one move end to end (interaction in -> board image posted) ==")
    server = PostgresServer(durable=True)
    server.start()
    try:
        with tempfile.TemporaryDirectory() as folder:
            await run("sqlite", Path(folder) / "bench.sqlite3", moves)
        url = await server.create_database("bench")
        await run("postgresql", DatabaseSettings(url=url), moves)
    finally:
        server.stop()


if __name__ == "__main__":
    asyncio.run(main())
