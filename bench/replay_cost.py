"""What one ``/game replay`` costs, per game: a whole AI game of the largest table is
rebuilt from its move log and drawn as a GIF, in this process (the CPU a replay takes) and
once through the worker process the bot uses (plus its start-up)."""

from __future__ import annotations

import asyncio
import sys
import time

from bot.table.replay_worker import Job, build
from engine import GAMES, Rng, get_game

SEED = 7


def ai_game(slug: str, seed: int = SEED) -> Job:
    """A finished AI-only game at the largest table, as a replay job."""
    game = get_game(slug)
    seats = [f"p{i}" for i in range(game.max_players)]
    state = game.setup(seats, seed=seed)
    rng = Rng.from_seed(seed)
    moves: list[tuple[str, str]] = []
    while game.outcome(state) is None:
        seat = game.waiting_for(state)[0]
        code = game.ai_move(state, seat, rng, "easy")
        state, _ = game.play(state, seat, code)
        moves.append((seat, code))
    names = {seat: f"Player {n + 1}" for n, seat in enumerate(seats)}
    return Job(slug, seats, seed, game.resolve_options(None), moves, names)


async def through_worker(job: Job) -> tuple[float, int]:
    """Seconds and bytes of one replay built by ``python -m bot.table.replay_worker``."""
    started = time.perf_counter()
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.table.replay_worker",
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
    )
    data, _ = await process.communicate(job.to_json())
    return time.perf_counter() - started, len(data)


def main() -> None:
    print("== replays: one /game replay of a whole game, largest table ==")
    for slug in GAMES:
        job = ai_game(slug)
        started = time.perf_counter()
        data = build(job)
        seconds = time.perf_counter() - started
        print(
            f"{slug:14} {len(job.seats)} players {len(job.moves):4} moves  "
            f"{seconds:6.2f} s  {len(data) / 1024 / 1024:5.2f} MiB"
        )
    seconds, size = asyncio.run(through_worker(ai_game("disneyland")))
    print(f"disneyland via the worker process  {seconds:6.2f} s  {size / 1024 / 1024:5.2f} MiB")


if __name__ == "__main__":
    main()
