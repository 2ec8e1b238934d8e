"""Robots at full speed against Discord's own rate limits
(each channel takes 5 new messages and 5 edits per 5 seconds). A long robot chain (hard
robots playing out a game whose only person is out) commits as it goes, so a chain that
outlasts the clock's limit for one game's work resumes where it was, and the table sees
its end; a person playing with robots as fast as the bot answers meets no 429."""

from __future__ import annotations

import asyncio
import contextlib
import math
from typing import Any

import pytest

from bot.table.robots import Robots
from bot.table.service import CHECKPOINT_SECONDS
from engine import Rng, get_game
from engine.ai import robot_move
from tests.bot.harness import FakeClock, Harness
from tests.bot.tabletop import lobby_settled

#: A hard robot's decision, as the bot's clock sees it (the clock's limit is 30 s).
THINKING = 2.0
#: The decision that never comes in the first tick: the chain outlasts the limit there.
HELD = 12
#: The person's steps in the full-speed game.
STEPS = 12


@pytest.fixture
def rate_speedup() -> float:
    """Discord's own rate-limit windows."""
    return 1.0


class ThinkingRobots(Robots):
    """Robots that decide at once (the rules of thumb, in this process) but take
    ``THINKING`` seconds of the bot's clock for each decision; decision ``hold_at`` waits
    until the test releases it."""

    def __init__(self, clock: FakeClock, seconds: float = THINKING) -> None:
        super().__init__()
        self.clock = clock
        self.seconds = seconds
        self.made = 0
        self.hold_at: int | None = None
        self.held = asyncio.Event()
        self.release = asyncio.Event()

    async def move(self, slug: str, state: Any, seat: str, rng_state: int, level: str) -> str:
        if self.made + 1 == self.hold_at:
            self.held.set()
            await self.release.wait()
        self.clock.advance(self.seconds)
        self.made += 1
        return robot_move(slug, state, seat, rng_state, "easy")


async def robots_table(h: Harness, robots: int, seed: int) -> tuple[int, ThinkingRobots]:
    """alice and ``robots`` hard robots at Disneyland (10 rounds), deal ``seed``: the
    channel, and the robots the bot asks."""
    d = h.double
    thinking = ThinkingRobots(h.clock)
    h.live.tables.robots = thinking
    channel, alice = d.ids["channel"], d.ids["alice"]
    opened = await d.slash(alice, channel, "game new disneyland", length="rounds-10")
    assert not opened.ephemeral, opened.content
    for _ in range(robots):
        await lobby_settled(d, h.live.store, channel)
        added = await d.slash(alice, channel, "game addbot", level="hard")
        assert not added.ephemeral, added.content
    row = await lobby_settled(d, h.live.store, channel)
    await h.set_seed(row.id, seed)
    where, _ = await h.start_game(alice, channel)
    return where, thinking


async def eliminate(h: Harness, channel: int, seat: str) -> None:
    """Stage the position: ``seat`` (whose turn it is) went bankrupt and is out; the next
    seat's turn begins. The version is left unseen, as after a crash between a commit
    and its post: the clock resumes the robots."""
    row, state = await h.state(channel)
    game = get_game(row.slug)
    assert game.waiting_for(state) == [seat] and state["phase"] == "start"
    state["out"].append(seat)
    state["money"][seat] = 0
    state["owners"] = {sq: owner for sq, owner in state["owners"].items() if owner != seat}
    state["turn"] = (state["turn"] + 1) % len(state["order"])
    await h.put_state(channel, state)
    await h.write_game(row.id, shown_version=row.version - 1)


async def test_a_long_robot_chain_survives_the_clocks_limit(harness: Harness) -> None:
    """The only person is out; two hard robots play the game out, each decision a while
    on the bot's clock. The first tick's chain is cut where a decision never comes (as
    the clock's limit for one game's work cuts it): what it played until then stays
    committed, and the next tick goes on from there to the end, which the table sees in
    one message (the final card). No request met a 429."""
    d = harness.double
    store = harness.live.store
    channel, robots = await robots_table(harness, 2, seed=5)
    await eliminate(harness, channel, str(d.ids["alice"]))
    staged, _ = await harness.state(channel)
    staged_seq = await store.last_seq(staged.id)
    mark = d.messages(channel)[-1].id
    robots.made, robots.hold_at = 0, HELD
    tick = asyncio.create_task(harness.live.clockwork.tick())
    await asyncio.wait_for(robots.held.wait(), 30)
    tick.cancel()  # what the clock's time limit does to a game's work
    with contextlib.suppress(asyncio.CancelledError):
        await tick
    cut = await store.get(staged.id)
    assert cut is not None and cut.status == "active" and cut.version > staged.version
    cut_seq = await store.last_seq(staged.id)
    per_commit = math.ceil(CHECKPOINT_SECONDS / THINKING)  # decisions between two commits
    assert cut_seq - staged_seq >= (HELD - 1) - (per_commit - 1), "committed as it went"
    robots.hold_at = None
    robots.release.set()
    resumed_at = robots.made
    await harness.live.clockwork.tick()
    await harness.settle()
    row = await store.get(staged.id)
    assert row is not None and row.status == "finished" and row.shown_version == row.version
    played_since = await store.last_seq(staged.id) - cut_seq
    assert played_since > 0 and robots.made - resumed_at == played_since, "went on from there"
    posted = [m for m in d.messages(channel) if m.id > mark]
    assert len(posted) == 1 and "final results" in posted[0].text
    assert d.rate_limited == []


async def test_a_person_with_robots_at_full_speed_meets_no_rate_limit(harness: Harness) -> None:
    """alice and two robots that decide at once: alice plays each move with /play the
    moment the bot has answered the one before, under Discord's own limits. Every answer
    comes in time, no request meets a 429, and the board ends up showing the game."""
    d = harness.double
    channel, robots = await robots_table(harness, 2, seed=7)
    robots.seconds = 0.0
    alice = str(d.ids["alice"])
    game = get_game("disneyland")
    rng = Rng.from_seed(7)
    for _ in range(STEPS):
        row, state = await harness.state(channel)
        assert game.waiting_for(state) == [alice], "the robots never hold the game up"
        played = await harness.play(int(alice), channel, game.ai_move(state, alice, rng, "easy"))
        assert played.response is not None, "answered in time"
        answer = await played.wait_final(timeout=30)
        assert answer.content.startswith("✅") or not answer.ephemeral, answer.content
    await harness.settle(timeout=30)
    row, _ = await harness.state(channel)
    assert row.shown_version == row.version and row.status == "active"
    assert d.rate_limited == []
