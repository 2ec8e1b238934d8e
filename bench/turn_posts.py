"""New public messages and pings per turn, on complete games through the
Discord double, for every game and player count, every seat a person (the most turns
that need a message: robots' turns are shown together with the next person's). People
play as people do: the board's buttons, the private picker, ``/play`` now and then;
each chooses the engine's normal robot move.

    .venv/bin/python -m bench.turn_posts [games per game and player count, default 1]

A *turn* is a stretch of steps with the same seats to move. Games are played in their
threads (the default). Printed per game and count: steps, turns, new public messages per
turn (every message of the game, the start card included; and after the start card),
pings per turn, how the moves were made, and anything against the table's rules
(pings not owed, lines not shown, no start card) — expected: none.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from bot.client import TurnstileBot
from engine import GAMES, get_game
from tests.bot.double import DiscordDouble
from tests.bot.double.buckets import MACHINE_PACE, RateLimits
from tests.bot.tabletop import Figures, open_table, play_out

NAMES = ("alice", "bob", "carol", "dave", "erin")


def report(slug: str, players: int, f: Figures) -> str:
    routes = ", ".join(f"{route} {count}" for route, count in f.routes.most_common())
    return (
        f"{slug:13} {players}p  games {f.games}  steps/game {f.steps / f.games:6.1f}  "
        f"turns/game {f.turns / f.games:6.1f}  posts/turn {f.posts_per_turn:.3f} "
        f"(after the start card {f.turn_posts_per_turn:.3f})  "
        f"pings/turn {f.pings_per_turn:.3f}  problems {len(f.problems)}  ({routes})"
    )


async def main(games: int = 1) -> None:
    print("== turn messages: new public messages and pings per turn (all seats people) ==")
    async with DiscordDouble(rate_limits=RateLimits(speedup=MACHINE_PACE)) as double:
        guild = double.add_guild("bench")
        users = [double.add_user(name) for name in NAMES]
        with tempfile.TemporaryDirectory() as folder:
            bot = TurnstileBot(
                Path(folder) / "bench.sqlite3", guild_ready_timeout=0.05, tick_seconds=3600
            )
            async with double.running(bot):
                await double.wait_commands_synced()
                await bot.wait_until_ready()
                everything = Figures()
                in_threads = 0
                for slug in GAMES:
                    game = get_game(slug)
                    for players in range(game.min_players, game.max_players + 1):
                        figures = Figures()
                        for seed in range(games):
                            channel = double.add_channel(guild, f"{slug}-{players}-{seed}")
                            table = await open_table(
                                double, bot.store, channel, slug, users[:players], seed=seed
                            )
                            in_threads += table.channel != channel
                            figures.add(await play_out(table))
                        everything.add(figures)
                        print(report(slug, players, figures), flush=True)
                print(report("all", 0, everything).replace(" 0p ", "    "))
                print(f"played in a thread of their own: {in_threads} of {everything.games}")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 1))
