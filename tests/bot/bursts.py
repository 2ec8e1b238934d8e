"""Helpers for the tests of costly answers and their limits:
bursts of identical interactions, lanes held busy, finished games to review."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

from tests.bot.double import DiscordDouble, InteractionResult, MessageRecord
from tests.bot.harness import Harness
from tests.bot.test_replays import one_move


async def burst(
    d: DiscordDouble,
    start: Callable[[], Awaitable[InteractionResult]],
    n: int,
    gate: Path | None = None,
) -> list[InteractionResult]:
    """``n`` identical interactions at once (``start`` sends one). Each gets its first
    answer (a refusal, or the deferral of one at work) before ``gate`` lets the work they
    wait on go; then their final answers."""
    known = set(d.world.interactions)
    sent = [asyncio.ensure_future(start()) for _ in range(n)]

    def answered() -> bool:
        fresh = [r for key, r in d.world.interactions.items() if key not in known]
        return len(fresh) == n and all(r.responded.is_set() for r in fresh)

    await d.world.wait_until(answered, 30, f"a first answer to each of {n} interactions")
    if gate is not None:
        gate.touch()
    return await asyncio.gather(*sent)


def answers(results: list[InteractionResult]) -> list[str]:
    """Every message each interaction got (its answer and follow-ups, each once: the
    follow-up that replaced a deferral is its answer), joined."""
    said = []
    for result in results:
        messages = {m.id: m for m in [result.answer, *result.followups] if m is not None}
        said.append("\n".join(m.content for m in messages.values() if not m.deleted))
    return said


async def finished_game(
    h: Harness, players: list[str], channel: int | None = None, moves: int = 4
) -> tuple[int, MessageRecord]:
    """A Disneyland of ``players`` with ``moves`` played, then over (its status written,
    as a moderator's tools would: a review replays the moves logged): its id, and its
    last board, to press Review on."""
    where = await h.open_table("disneyland", players, channel=channel)
    for _ in range(moves):
        await one_move(h, where)
    row, _ = await h.state(where)
    board = await h.board(where)
    await h.write_game(row.id, status="finished", finished_at=h.clock())
    return row.id, board


async def casual_table(h: Harness, user: str, channel: int) -> int:
    """``user`` and an easy robot at Disneyland in ``channel`` (one person: casual), once
    ``user`` is to move: where it is played."""
    d = h.double
    who = d.ids[user]
    await d.slash(who, channel, "game new disneyland", rated=False)
    await d.slash(who, channel, "game addbot", level="easy")
    where, _ = await h.start_game(who, channel)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 30  # the robot's move, should it play first
    while await h.mover(where) != str(who):
        assert loop.time() < deadline, f"{user} never came to move"
        await asyncio.sleep(0.02)
    return where
