"""Robot decisions off the event loop, in a lane of worker processes (``bot.table.workers``).

A search at level ``hard`` costs up to about a second of one core, and pure Python holds
the GIL, so it would freeze every other table if it ran in the loop or in a thread. Each
decision is sent to a worker process as plain data (``engine.ai.robot_move``: slug,
state, seat, random state, level -> code); the loop only awaits the answer. A worker that
dies is replaced and the decision asked again (it is deterministic).
The coach's work (a hint, a review: up to seconds each) runs in a lane of its own, at a
lower priority, so no robot decision ever waits behind it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from bot.table.workers import SPARE_TIME, Lane
from engine import State
from engine.ai import robot_move

T = TypeVar("T")

#: What a seat the AI took over from a person plays, and a robot without a level.
DEFAULT_LEVEL = "normal"
#: The coach's own workers (its hints and reviews: up to seconds each).
COACH_WORKERS = 1
#: How much nicer than the bot a coach worker is. Robots (and the event loop) come first;
#: the coach, like a replay (``bot.table.replay_worker``), runs on the time they leave.
COACH_NICENESS = SPARE_TIME


class Robots:
    """The bot's robot players (``await robots.move(...)`` gives a robot's code) and the
    coach's thinking (``await robots.advise(...)``), in two lanes: a review holds a worker
    for seconds, and the robots of every table must never wait behind it."""

    def __init__(self, workers: int = 1, coach_workers: int = COACH_WORKERS) -> None:
        self.moves = Lane(workers)
        self.coach = Lane(coach_workers, COACH_NICENESS)

    @property
    def workers(self) -> int:
        return self.moves.workers

    @property
    def thinking(self) -> int:
        """Robot decisions asked and not answered yet."""
        return self.moves.thinking

    async def move(self, slug: str, state: State, seat: str, rng_state: int, level: str) -> str:
        """``seat``'s code at ``level``, decided in a robots' worker."""
        return await self.moves.run(robot_move, slug, state, seat, rng_state, level)

    async def advise(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` in the coach's lane: the coach's advice (``bot.table.coaching``),
        as deterministic as a decision."""
        return await self.coach.run(work, *args)

    def close(self) -> None:
        """Stop the workers (a search under way is abandoned: its move is not committed)."""
        self.moves.close()
        self.coach.close()
