"""One move end to end through the Discord double: interaction in → board image posted.

    .venv/bin/python -m bench.move_latency [moves, default 150] [sqlite|postgresql]

Each sample is the time from sending a ``/play`` interaction until the double holds the
answer carrying the board PNG. First one table of Disneyland at a time; then the same
while replays are drawn without pause (moves must not wait behind replays);
then every game at once on several tables, as a busy server would see it (players answer
instantly, so this is a worst case for contention on the event loop, the renderer and the
store). Both stores, side by side: the SQLite file, and PostgreSQL on a throw-away server
this bench starts with the server's default durability (fsync and synchronous commit on).

Besides time, each scenario prints what a move costs: the bot's store calls
per move (its ``GameStore`` interface, by name for one table), and the CPU per move of
this process (the event loop's core: the bot, and the Discord double it runs too,
without checking each request against Discord's schema: the tests do) and of
the processes it started (the drawing and robots' workers), read around the moves only
(tables are opened and their moves chosen before the clock starts, ``plan``). The
PostgreSQL server is left out (not a descendant).
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from bench.replay_cost import ai_game
from bench.stats import summary
from bench.usage import StoreCalls, cpu_seconds
from bot.client import TurnstileBot
from bot.common.config import DatabaseSettings
from bot.common.loop import fastest
from engine import GAMES, Rng, get_game
from tests.bot.double import DiscordDouble
from tests.bot.double.buckets import MACHINE_PACE, RateLimits
from tests.pg_server import PostgresServer

MOVES = 150
#: Moves played before anything is timed.
WARM_UP = 10
TABLES_PER_GAME = 2
MOVES_PER_TABLE = 40


@dataclass
class Scenario:
    """The samples of one scenario and what its moves cost."""

    calls: StoreCalls
    samples: list[float] = field(default_factory=list)
    wall: float = 0.0
    #: CPU seconds of this process (the event loop's, the Discord double's included) and
    #: of the processes it started (the workers), over the timed moves.
    cpu: float = 0.0
    cpu_workers: float = 0.0
    by_name: Counter[str] = field(default_factory=Counter)

    def measure_start(self) -> tuple[float, float, float]:
        mine, theirs = cpu_seconds()
        self.calls.start()
        return time.perf_counter(), mine, theirs

    def measure_stop(self, since: tuple[float, float, float]) -> None:
        self.by_name += self.calls.stop()
        self.wall += time.perf_counter() - since[0]
        mine, theirs = cpu_seconds()
        self.cpu += mine - since[1]
        self.cpu_workers += theirs - since[2]

    def report(self, label: str, what: str, *, names: bool = False) -> str:
        moves = max(1, len(self.samples))
        calls = sum(self.by_name.values()) / moves
        loop = self.cpu / moves * 1000
        workers = self.cpu_workers / moves * 1000
        rate = len(self.samples) / self.wall if self.wall else float("nan")
        line = (
            f"{label:10} {what:34} {summary(self.samples)}  {rate:5.1f} moves/s  "
            f"{calls:5.2f} store calls/move  CPU/move {loop + workers:5.1f} ms "
            f"(this process {loop:4.1f}, workers {workers:4.1f})"
        )
        if names:
            each = ", ".join(f"{n} {c / moves:.2f}" for n, c in self.by_name.most_common())
            line += f"\n{'':10} store calls per move: {each}"
        return line


@dataclass
class Table:
    channel: int
    users: list[int]
    #: The moves to time: (seat, code), chosen by ``plan``, and the game they lead to
    #: (its id, and its snapshot as stored).
    moves: list[tuple[str, str]] = field(default_factory=list)
    game_id: int = 0
    expected: object = None


async def open_table(
    double: DiscordDouble,
    bot: TurnstileBot,
    calls: StoreCalls,
    channel: int,
    slug: str,
    users: list[int],
) -> Table:
    """A started table of ``slug`` for ``users`` (in its thread, where the game moved)."""
    await double.slash(users[0], channel, f"game new {slug}")
    for user in users[1:]:
        await double.slash(user, channel, "game join")
    await double.slash(users[0], channel, "game start")
    with calls.aside():
        threads = await bot.store.open_games_under(channel)
    return Table(threads[-1].channel_id if threads else channel, users)


async def plan(bot: TurnstileBot, table: Table, moves: int) -> None:
    """Choose up to ``moves`` moves of ``table`` (fewer when the game ends) before the
    clock starts: the players answer at once, and choosing (an easy robot's move and a
    read of the game, about 1 ms) is the bench's work, not the bot's, so it must not
    take the event loop from the bot while the moves are timed. The engine is
    deterministic: the game the bot stored, played with these codes, is the game the
    bot plays."""
    row = await bot.store.open_game_in(table.channel)
    if row is None or row.snapshot is None:
        raise RuntimeError(f"no game runs in channel {table.channel}")
    game = get_game(row.slug)
    state = game.load(row.snapshot)
    rng = Rng.from_seed(table.channel)
    for _ in range(moves):
        if game.outcome(state) is not None:
            break
        seat = game.waiting_for(state)[0]
        code = game.ai_move(state, seat, rng, "easy")
        table.moves.append((seat, code))
        state, _ = game.play(state, seat, code)
    if not table.moves:
        raise RuntimeError(f"game {row.id} has no move to play")
    table.game_id, table.expected = row.id, json.loads(json.dumps(game.dump(state)))


async def check(bot: TurnstileBot, table: Table) -> None:
    """The bot played every planned move: its stored game is the one ``plan`` reached (a
    refused move, answered without "Sorry", must not pass for a fast one)."""
    row = await bot.store.get(table.game_id)
    if row is None or row.snapshot != table.expected:
        raise RuntimeError(f"game {table.game_id} is not where its planned moves lead")


async def play(double: DiscordDouble, table: Table, scenario: Scenario) -> None:
    """Time the planned moves of the players of ``table``."""
    for seat, code in table.moves:
        started = time.perf_counter()
        result = await double.slash(int(seat), table.channel, "play", move=code)
        scenario.samples.append((time.perf_counter() - started) * 1000)
        assert not result.content.startswith("Sorry"), result.content


async def one_table_at_a_time(
    double: DiscordDouble,
    bot: TurnstileBot,
    calls: StoreCalls,
    guild: int,
    users: list[int],
    moves: int,
    name: str,
) -> Scenario:
    """Disneyland tables one after another until ``moves`` moves were timed."""
    scenario = Scenario(calls)
    while len(scenario.samples) < moves:
        channel = double.add_channel(guild, f"{name}-{len(scenario.samples)}")
        table = await open_table(double, bot, scenario.calls, channel, "disneyland", users[:2])
        with scenario.calls.aside():
            await plan(bot, table, moves - len(scenario.samples))
        since = scenario.measure_start()
        await play(double, table, scenario)
        scenario.measure_stop(since)
        with scenario.calls.aside():
            await check(bot, table)
    return scenario


async def keep_drawing_replays(bot: TurnstileBot) -> None:
    """Replays of a whole game, one after another, through the bot's replay worker."""
    job = ai_game("troolpark")
    while True:
        await bot.replays.build(job)


async def run(label: str, database: DatabaseSettings | Path, moves: int) -> None:
    """Every measurement on one store; prints p50/p99, moves/s, store calls and CPU."""
    # The bot's cost is measured, not the double's: no schema check of each request (the
    # tests check every one), which took about 0.7 ms of the event loop's core a move.
    pace = RateLimits(speedup=MACHINE_PACE)
    async with DiscordDouble(rate_limits=pace, check_schema=False) as double:
        guild = double.add_guild("bench")
        users = [double.add_user(name) for name in ("alice", "bob", "carol")]
        bot = TurnstileBot(database, guild_ready_timeout=0.05)
        async with double.running(bot):
            await double.wait_commands_synced()
            await bot.wait_until_ready()
            calls = StoreCalls(bot.store)
            # Untimed: what a bot does once (workers starting, fonts and caches loading).
            await one_table_at_a_time(double, bot, calls, guild, users, WARM_UP, "warm")
            alone = await one_table_at_a_time(double, bot, calls, guild, users, moves, "solo")
            print(alone.report(label, "disneyland, one table", names=True))
            drawing = asyncio.create_task(keep_drawing_replays(bot))
            busy_replays = await one_table_at_a_time(
                double, bot, calls, guild, users, moves // 2, "replays"
            )
            drawing.cancel()
            what = f"one table, replays drawn ({bot.replays.builds})"
            print(busy_replays.report(label, what))
            busy = Scenario(calls)
            opening = [
                open_table(
                    double, bot, busy.calls, double.add_channel(guild, f"{slug}-{n}"), slug, users
                )
                for slug in GAMES
                for n in range(TABLES_PER_GAME)
            ]
            tables = await asyncio.gather(*opening)
            with busy.calls.aside():
                await asyncio.gather(*(plan(bot, t, MOVES_PER_TABLE) for t in tables))
            since = busy.measure_start()
            await asyncio.gather(*(play(double, t, busy) for t in tables))
            busy.measure_stop(since)
            with busy.calls.aside():
                await asyncio.gather(*(check(bot, t) for t in tables))
            print(busy.report(label, f"{len(tables)} tables at once (all games)"))
            print(load_average())


def load_average() -> str:
    """The machine's load (1, 5, 15 minutes): on a shared machine, times mean little
    without it (CPU per move less so)."""
    one, five, fifteen = os.getloadavg()
    return f"{'':10} load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


async def main(moves: int = MOVES, stores: tuple[str, ...] = ("sqlite", "postgresql")) -> None:
    print("== bot: one move end to end (interaction in -> board image posted) ==")
    print(f"{'':10} event loop: {type(asyncio.get_running_loop()).__module__.split('.')[0]}")
    print(load_average())
    if "sqlite" in stores:
        with tempfile.TemporaryDirectory() as folder:
            await run("sqlite", Path(folder) / "bench.sqlite3", moves)
    if "postgresql" in stores:
        server = PostgresServer(durable=True)
        server.start()
        try:
            url = await server.create_database("bench")
            await run("postgresql", DatabaseSettings(url=url), moves)
        finally:
            server.stop()


if __name__ == "__main__":
    arguments = sys.argv[1:]
    count = int(arguments[0]) if arguments else MOVES
    fastest()  # the loop the bot runs on (python -m bot)
    asyncio.run(main(count, tuple(arguments[1:]) or ("sqlite", "postgresql")))
