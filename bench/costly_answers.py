"""Other tables' robots while one person hammers the costly answers (each has a ceiling).

    .venv/bin/python -m bench.costly_answers [decisions, default 40]

Through the Discord double, on a SQLite file. Bob plays Disneyland against a ``hard``
robot; each of the robot's decisions is timed from the moment the bot asks for it to its
answer (``Robots.move``: its wait for a worker included), and so is each of Bob's
``/play`` until its final answer (the robot's reply included). First while nobody else
does anything; then while Alice, at the same time, presses Review under a finished game
of Trool Park (about 2 s of CPU a review), asks ``/hint`` where she is to move, and asks
for ``/profile``, ``/game replay`` and ``/leaderboard``, each again as soon as it is
answered (at most five a second each, a person mashing a button). Her answers are
counted: those that did the work (or were served kept) and those refused.

Before the coach had a lane of its own it thought in the robots' one worker, so the robot
waited behind Alice's reviews; run this file against that code to see it (it uses only what both
have), e.g. ``git worktree add /tmp/old 9907936`` and, there, with this file copied into
``bench/``: ``make catalogs-compile`` then ``/path/to/.venv/bin/python -m
bench.costly_answers``. Numbers are printed, never asserted.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bench.stats import summary
from bot.client import TurnstileBot
from bot.common.loop import fastest
from engine import Rng, get_game
from tests.bot.double import DiscordDouble, InteractionResult, MessageRecord
from tests.bot.double.buckets import MACHINE_PACE, RateLimits

DECISIONS = 40
#: The least time between two of Alice's requests of one kind.
PACE = 0.2


class Samples:
    """The timings of one phase."""

    def __init__(self) -> None:
        self.decisions: list[float] = []
        self.plays: list[float] = []


def timed(bot: TurnstileBot) -> list[Samples]:
    """Time every robot decision the bot asks for (its wait for a worker included), into
    the last of the phases returned (a phase begins by appending its samples)."""
    robots = bot.robots
    real = robots.move
    phases = [Samples()]

    async def move(*args: Any) -> str:
        started = time.perf_counter()
        try:
            return await real(*args)
        finally:
            phases[-1].decisions.append((time.perf_counter() - started) * 1000)

    robots.move = move  # type: ignore[method-assign,assignment]
    return phases


async def table(
    double: DiscordDouble,
    bot: TurnstileBot,
    guild: int,
    user: int,
    slug: str,
    level: str,
    **options: str,
) -> int:
    """``user`` and one robot of ``level`` at ``slug``, casual, in a new channel of
    ``guild``, once ``user`` is to move: where it is played."""
    channel = double.add_channel(guild, f"{slug}-{len(double.world.channels)}")
    await double.slash(user, channel, f"game new {slug}", rated=False, **options)
    await double.slash(user, channel, "game addbot", level=level)
    await double.slash(user, channel, "game start")
    threads = await bot.store.open_games_under(channel)
    where = threads[-1].channel_id if threads else channel
    await to_move(bot, where, user)
    return where


async def to_move(bot: TurnstileBot, where: int, user: int) -> dict[str, Any] | None:
    """The game's state once ``user`` is to move (None once it is over)."""
    while True:
        row = await bot.store.open_game_in(where)
        if row is None or row.snapshot is None:
            return None
        game = get_game(row.slug)
        state = game.load(row.snapshot)
        if str(user) in game.waiting_for(state):
            return state
        await asyncio.sleep(0.005)


async def play(
    double: DiscordDouble, bot: TurnstileBot, where: int, user: int, slug: str, rng: Rng
) -> float | None:
    """One easy move of ``user`` (None: the game is over); milliseconds to its final answer."""
    state = await to_move(bot, where, user)
    if state is None:
        return None
    code = get_game(slug).ai_move(state, str(user), rng, "easy")
    started = time.perf_counter()
    result = await double.slash(user, where, "play", move=code)
    if result.content.startswith("Sorry"):
        raise RuntimeError(result.content)
    return (time.perf_counter() - started) * 1000


async def finished(
    double: DiscordDouble, bot: TurnstileBot, guild: int, user: int
) -> tuple[int, int]:
    """A Trool Park of ``user`` and an easy robot played to its end: its id and where."""
    where = await table(double, bot, guild, user, "troolpark", "easy")
    row = await bot.store.open_game_in(where)
    assert row is not None
    rng = Rng.from_seed(7)
    while await play(double, bot, where, user, "troolpark", rng) is not None:
        pass
    return row.id, where


async def robots_play(
    double: DiscordDouble,
    bot: TurnstileBot,
    guild: int,
    user: int,
    phases: list[Samples],
    count: int,
) -> Samples:
    """A new phase: ``user`` against a hard robot until ``count`` of its decisions were
    timed (new tables as games end)."""
    samples = Samples()
    phases.append(samples)
    rng = Rng.from_seed(count)
    while len(samples.decisions) < count:
        where = await table(double, bot, guild, user, "disneyland", "hard", length="rounds-10")
        while len(samples.decisions) < count:
            took = await play(double, bot, where, user, "disneyland", rng)
            if took is None:
                break
            samples.plays.append(took)
    return samples


def outcome(kind: str, result: InteractionResult) -> str:
    """Whether an answer did the work (or was served kept), or was a refusal."""
    text = result.text + "".join(m.content for m in result.followups)
    done = {
        "review": "🔎" in text,
        "hint": "💡" in text,
        "profile": bool(result.attachments),
        "replay": "🎞" in text,
        "leaderboard": bool(result.embeds),
    }[kind]
    return "answered" if done else "refused"


async def hammer(
    stop: asyncio.Event, tally: Counter[tuple[str, str]], kinds: dict[str, Callable[[], Any]]
) -> None:
    """Each kind of request again as soon as it is answered, at most one per ``PACE``."""

    async def again(kind: str, ask: Callable[[], Awaitable[InteractionResult]]) -> None:
        while not stop.is_set():
            started = time.perf_counter()
            tally[kind, outcome(kind, await ask())] += 1
            await asyncio.sleep(max(0.0, PACE - (time.perf_counter() - started)))

    await asyncio.gather(*(again(kind, ask) for kind, ask in kinds.items()))


async def run(database: Path, decisions: int) -> None:
    pace = RateLimits(speedup=MACHINE_PACE)
    async with DiscordDouble(rate_limits=pace, check_schema=False) as double:
        guild = double.add_guild("bench")
        lobby = double.add_channel(guild, "lobby")
        alice, bob = double.add_user("alice"), double.add_user("bob")
        bot = TurnstileBot(database, guild_ready_timeout=0.05)
        async with double.running(bot):
            await double.wait_commands_synced()
            await bot.wait_until_ready()
            game_id, done = await finished(double, bot, guild, alice)
            final: MessageRecord = double.messages(done)[-1]
            hinting = await table(double, bot, guild, alice, "disneyland", "easy")
            phases = timed(bot)
            await robots_play(double, bot, guild, bob, phases, 5)  # workers up, caches warm
            quiet = await robots_play(double, bot, guild, bob, phases, decisions)
            print(f"quiet      robot decisions  {summary(quiet.decisions)}")
            print(f"           Bob's /play      {summary(quiet.plays)}")
            stop = asyncio.Event()
            tally: Counter[tuple[str, str]] = Counter()
            kinds: dict[str, Callable[[], Any]] = {
                "review": lambda: double.forge_click(alice, final, f"ts:review:{game_id}"),
                "hint": lambda: double.slash(alice, hinting, "hint"),
                "profile": lambda: double.slash(alice, lobby, "profile"),
                "replay": lambda: double.slash(alice, lobby, "game replay", game_id=game_id),
                "leaderboard": lambda: double.slash(alice, lobby, "leaderboard", game="troolpark"),
            }
            hammering = asyncio.ensure_future(hammer(stop, tally, kinds))
            started = time.perf_counter()
            busy = await robots_play(double, bot, guild, bob, phases, decisions)
            seconds = time.perf_counter() - started
            stop.set()
            await hammering
            print(f"hammered   robot decisions  {summary(busy.decisions)}")
            print(f"           Bob's /play      {summary(busy.plays)}")
            print(
                f"           Alice's answers in {seconds:.0f} s: "
                + ", ".join(
                    f"{kind} {tally[kind, 'answered']} answered / {tally[kind, 'refused']} refused"
                    for kind in kinds
                )
            )


async def main(decisions: int = DECISIONS) -> None:
    print("== other tables' robots while one person hammers Review, hint, profile, replay ==")
    one, five, fifteen = os.getloadavg()
    print(f"{'':10} load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as folder:
        await run(Path(folder) / "bench.sqlite3", decisions)


if __name__ == "__main__":
    fastest()  # the loop the bot runs on (python -m bot)
    asyncio.run(main(int(sys.argv[1]) if sys.argv[1:] else DECISIONS))
