"""`/game replay` never slows a move down. Replays are drawn one at a
time by their own worker (a separate process), behind a short queue that says where a
request stands; each person and each server has a cooldown; a GIF is kept by (game,
version). The cost of a replay is measured in bench/replay_cost.py."""

from __future__ import annotations

import asyncio
import sys
import time
from typing import Any

import pytest

import renders.replay
from bot.chat.handlers.replays import WORKER
from tests.bot.double import InteractionResult, MessageRecord
from tests.bot.harness import Harness

#: A worker that waits a moment before doing the real work (a replay that takes long).
SLOW = (
    sys.executable,
    "-c",
    "import runpy, time; time.sleep(1.5); runpy.run_module('bot.table.replay_worker', "
    "run_name='__main__')",
)


async def one_move(h: Harness, channel: int) -> InteractionResult:
    mover = int(await h.mover(channel))
    choices = [c["value"] for c in await h.choices(mover, channel)]
    return await h.play(mover, channel, "roll" if "roll" in choices else choices[0])


async def played(h: Harness, moves: int = 4, channel: int | None = None) -> int:
    """A game of alice and bob with ``moves`` played, in ``channel`` (default: the
    double's); where it is played."""
    channel = await h.open_table("disneyland", ["alice", "bob"], channel=channel)
    for _ in range(moves):
        await one_move(h, channel)
    return channel


async def gif_of(h: Harness, result: InteractionResult) -> bytes:
    """The GIF the replay answer carries, once drawn (a generous wait: a loaded machine
    draws slowly, and tests never fail on timing)."""
    await h.double.world.wait_until(lambda: result.attachments, 300, "the replay GIF")
    name, data = result.attachments[0]
    assert name.endswith(".gif") and data.startswith(b"GIF")
    return data


def relaxed(h: Harness, worker: tuple[str, ...] | None = None) -> None:
    """No cooldowns (several requests in a row), optionally a slow worker."""
    replays = h.live.replays
    replays.user_cooldown = replays.guild_cooldown = 0.0
    if worker is not None:
        replays.worker = list(worker)


async def test_moves_are_not_starved_by_replays(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Everyone asks for a replay at once, each slow to draw; a move made meanwhile is
    answered within Discord's deadline, with its board."""
    real = renders.replay.gif

    def slow(*args: Any, **kwargs: Any) -> bytes:
        time.sleep(4)
        return real(*args, **kwargs)

    monkeypatch.setattr(renders.replay, "gif", slow)
    d = harness.double
    channel = await played(harness)
    everyone = [d.ids[n] for n in ("alice", "bob", "carol", "dave", "erin", "admin")]
    await asyncio.gather(*(d.slash(user, channel, "game replay") for user in everyone))
    move = await one_move(harness, channel)  # answered in time: the double checks that
    await move.wait_final(timeout=10)
    assert move.content.startswith("✅") or not move.ephemeral, move.content
    board = await harness.board(channel)
    assert str(board.id) in move.content or move.original == board, "links to it, or is it"
    assert board.embed_image().startswith(b"\x89PNG")


async def test_a_replay_asked_while_another_is_drawn_is_queued(harness: Harness) -> None:
    d = harness.double
    channel = await played(harness)
    relaxed(harness, SLOW)
    first = await d.slash(d.ids["alice"], channel, "game replay")
    second = await d.slash(d.ids["bob"], channel, "game replay")
    assert "next" in first.content and not first.ephemeral
    assert "queued behind 1" in second.content and not second.ephemeral
    assert await gif_of(harness, first) == await gif_of(harness, second)
    assert harness.live.replays.builds == 1, "the second was served from the cache"


async def test_a_full_queue_says_so(harness: Harness) -> None:
    d = harness.double
    channel = await played(harness)
    relaxed(harness, SLOW)
    harness.live.replays.queue_limit = 1
    first = await d.slash(d.ids["alice"], channel, "game replay")
    busy = await d.slash(d.ids["bob"], channel, "game replay")
    assert busy.ephemeral and "busy" in busy.content
    await gif_of(harness, first)


async def test_cooldowns_per_person_and_per_server(harness: Harness) -> None:
    d = harness.double
    channel = await played(harness)
    first = await d.slash(d.ids["alice"], channel, "game replay")
    again = await d.slash(d.ids["alice"], channel, "game replay")
    assert again.ephemeral and "another replay in" in again.content
    other = await d.slash(d.ids["bob"], channel, "game replay")
    assert other.ephemeral and "this server" in other.content
    await gif_of(harness, first)


async def test_a_replay_is_kept_until_the_game_moves_on(harness: Harness) -> None:
    d = harness.double
    channel = await played(harness)
    relaxed(harness)
    first = await gif_of(harness, await d.slash(d.ids["alice"], channel, "game replay"))
    cached = await d.slash(d.ids["bob"], channel, "game replay")
    assert cached.attachments and cached.attachments[0][1] == first, "answered at once"
    assert harness.live.replays.builds == 1
    await one_move(harness, channel)
    newer = await gif_of(harness, await d.slash(d.ids["carol"], channel, "game replay"))
    assert newer != first and harness.live.replays.builds == 2


async def test_a_failed_replay_says_so_and_the_next_one_works(harness: Harness) -> None:
    d = harness.double
    channel = await played(harness)
    relaxed(harness, (sys.executable, "-c", "import sys; sys.exit(3)"))
    failed = await d.slash(d.ids["alice"], channel, "game replay")
    await d.world.wait_until(lambda: "could not" in failed.content, 30, "the failure")
    relaxed(harness, WORKER)
    await gif_of(harness, await d.slash(d.ids["bob"], channel, "game replay"))


async def test_a_kept_replay_waits_for_the_answer_it_edits(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A request whose GIF became kept while it was being queued
    (another request's drawing finished meanwhile) is served by the worker at once, while
    `ask`'s own answer is still on its way (the double holds it). The worker edits that
    answer only once it went out, so the GIF shows in it. (It used to edit before the
    answer existed: Discord refused, the GIF was posted on its own, and the "being drawn"
    answer was left standing.)"""
    d = harness.double
    channel = await played(harness, moves=1)
    relaxed(harness)
    replays = harness.live.replays
    gif = b"GIF89a" + bytes(64)
    job_of, hand = replays.job_of, replays.hand
    handed: list[Any] = []

    async def drawn_meanwhile(row: Any) -> Any:
        job = await job_of(row)
        replays.kept.put((row.id, row.version), gif)
        return job

    async def handing(request: Any, **fields: Any) -> None:
        handed.append(request)
        await hand(request, **fields)

    monkeypatch.setattr(replays, "job_of", drawn_meanwhile)
    monkeypatch.setattr(replays, "hand", handing)
    answer = d.faults.hold("/callback", method="POST")
    mark = len(d.requests)
    asking = asyncio.ensure_future(d.slash(d.ids["bob"], channel, "game replay"))

    def edited_before_the_answer() -> bool:
        return any(m == "PATCH" and p.startswith("/webhooks/") for m, p, _ in d.requests[mark:])

    def waiting_for_the_answer() -> bool:  # the worker awaits ``told`` (asyncio's waiters)
        return bool(handed) and bool(getattr(handed[0].told, "_waiters", None))

    loop = asyncio.get_running_loop()
    deadline = loop.time() + 10
    while not (answer.hits and (edited_before_the_answer() or waiting_for_the_answer())):
        assert loop.time() < deadline, "the worker never came to the answer"
        await asyncio.sleep(0.01)
    answer.release()
    asked = await asking

    def gifs() -> list[MessageRecord]:
        return [m for m in d.messages(channel) if any(n.endswith(".gif") for n, _ in m.attachments)]

    await d.world.wait_until(gifs, 30, "the GIF")
    assert gifs() == [asked.answer], "the GIF is in the answer, not posted on its own"
    assert asked.content.startswith("🎞️ Replay of"), asked.content
    assert asked.attachments[0][1] == gif and d.violations == []


# ---------------------------------------------------------------- who may watch


@pytest.mark.parametrize("place", ["private channel", "private thread"])
async def test_a_replay_by_number_only_where_the_member_can_see_the_game(
    harness: Harness, place: str
) -> None:
    """A game in a private channel or a private thread: its players may replay it from
    anywhere on the server; others are told there is no such game, as for a wrong number."""
    d = harness.double
    alice, bob, carol = d.ids["alice"], d.ids["bob"], d.ids["carol"]
    public = d.ids["channel"]
    if place == "private channel":
        where = d.add_channel(d.ids["guild"], "staff", private_to=[alice, bob])
    else:
        where = d.add_thread(public, "whisper", private=True, members=[alice, bob])
    where = await harness.open_table("disneyland", ["alice", "bob"], channel=where)
    row, _ = await harness.state(where)
    before = len(d.messages(public))
    refused = await d.slash(carol, public, "game replay", game_id=row.id)
    assert refused.ephemeral and "no game with that number" in refused.content
    assert len(d.messages(public)) == before
    allowed = await d.slash(alice, public, "game replay", game_id=row.id)
    assert not allowed.ephemeral
    await gif_of(harness, allowed)


async def test_replaying_a_lobby_that_never_started_is_a_clear_private_answer(
    harness: Harness,
) -> None:
    d = harness.double
    channel = d.ids["channel"]
    await d.slash(d.ids["alice"], channel, "game new disneyland")
    row = await harness.live.store.open_game_in(channel)
    assert row is not None
    await d.slash(d.ids["alice"], channel, "game cancel")
    posted = len(d.messages(channel))
    answer = await d.slash(d.ids["alice"], channel, "game replay", game_id=row.id)
    assert answer.ephemeral and "never started" in answer.content
    assert len(d.messages(channel)) == posted
