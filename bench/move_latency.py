"""One move end to end through the Discord double: interaction in → board image posted.

Two players play Disneyland through ``/play``; each sample is the time from sending the
interaction until the double holds the response carrying the board PNG.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from pathlib import Path

from bench.stats import summary
from bot.client import TurnstileBot
from engine import Rng, get_game
from tests.bot.double import DiscordDouble

MOVES = 150


async def main(moves: int = MOVES) -> None:
    print("== bot: one move end to end (interaction in -> board image posted) ==")
    async with DiscordDouble() as double:
        guild = double.add_guild("bench")
        samples: list[float] = []
        users = [double.add_user(name) for name in ("alice", "bob")]
        with tempfile.TemporaryDirectory() as folder:
            bot = TurnstileBot(Path(folder) / "bench.sqlite3", guild_ready_timeout=0.05)
            async with double.running(bot):
                await double.wait_commands_synced()
                await bot.wait_until_ready()
                while len(samples) < moves:
                    channel = double.add_channel(guild, f"table-{len(samples)}")
                    await double.slash(users[0], channel, "game new", game="disneyland")
                    await double.slash(users[1], channel, "game join")
                    await double.slash(users[0], channel, "game start")
                    while len(samples) < moves:
                        row = await bot.store.open_game_in(channel)
                        if row is None or row.snapshot is None:
                            break
                        game = get_game(row.slug)
                        state = game.load(row.snapshot)
                        seat = game.waiting_for(state)[0]
                        code = game.ai_move(state, seat, _rng(len(samples)))
                        started = time.perf_counter()
                        result = await double.slash(int(seat), channel, "play", move=code)
                        samples.append((time.perf_counter() - started) * 1000)
                        assert result.attachments, result.content
    print(f"disneyland /play  {summary(samples)}")


def _rng(n: int) -> Rng:
    return Rng.from_seed(n)


if __name__ == "__main__":
    asyncio.run(main())
