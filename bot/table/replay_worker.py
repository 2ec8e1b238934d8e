"""``python -m bot.table.replay_worker``: one replay, built in its own process.

A replay redraws a whole game, which takes seconds of CPU. Run here, at a lower priority,
it cannot hold the bot's event loop or its renderer threads (each process has its own
interpreter lock), so moves never wait behind it. The job comes as JSON on stdin, the GIF
goes to stdout. The bot runs it as it runs all work off its loop
(``bot.table.workers.run_program``). Imports only the engine, the languages, the renderer
and what ends it with the bot, however the bot ends (``bot.common.processes.die_unread``).
A replay is drawn in its table's language (the job names it; robots' names come already
said).
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import asdict, dataclass
from typing import Any

from bot.common.processes import die_unread
from bot.table.workers import SPARE_TIME
from engine import get_game
from engine.core import GameView
from i18n import SOURCE, lang
from renders import replay


@dataclass(frozen=True)
class Job:
    """Everything a replay needs: how the game was set up, its move log, the names (in
    the table's language) and the code of that language."""

    slug: str
    seats: list[str]
    seed: int
    options: dict[str, str]
    moves: list[tuple[str, str]]
    names: dict[str, str]
    language: str = SOURCE

    def to_json(self) -> bytes:
        return json.dumps(asdict(self)).encode()

    @classmethod
    def from_json(cls, data: bytes) -> Job:
        raw: dict[str, Any] = json.loads(data)
        raw["moves"] = [(str(seat), str(code)) for seat, code in raw["moves"]]
        return cls(**raw)


def views(job: Job) -> list[GameView]:
    """The public view after setup and after each logged move that becomes a frame."""
    game = get_game(job.slug)
    state = game.setup(job.seats, seed=job.seed, options=job.options)
    picked = set(replay.pick_frames(len(job.moves) + 1))
    frames = [public(game.view(state, None), job.names)]
    for index, (seat, code) in enumerate(job.moves, start=1):
        state, _ = game.play(state, seat, code)
        if index in picked:
            frames.append(public(game.view(state, None), job.names))
    return frames


def public(view: GameView, names: dict[str, str]) -> GameView:
    view["names"] = names
    return view


def build(job: Job) -> bytes:
    """The replay GIF of a game."""
    return replay.gif(job.slug, views(job), lang=lang(job.language))


def main() -> int:
    die_unread(sys.stdout.fileno())  # the GIF's pipe, read by the bot alone
    os.nice(SPARE_TIME)  # moves first: the machine's spare time is enough for a replay
    sys.stdout.buffer.write(build(Job.from_json(sys.stdin.buffer.read())))
    sys.stdout.buffer.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
