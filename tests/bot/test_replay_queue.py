"""The replay queue is shared fairly. It holds three replays for
every server the bot is on, so one person asking from several servers (each with its own
server cooldown) could keep it full and nobody else would get a replay. Now each person
has at most one replay queued or being drawn, and each server at most all but one of the
places; whoever is refused is told why, privately, and nothing is posted."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.bot.harness import Harness
from tests.bot.test_replays import gif_of, one_move, played, relaxed


def gated(gate: Path) -> tuple[str, ...]:
    """A worker that draws only once ``gate`` exists: a replay stays queued, or being
    drawn, for exactly as long as a test needs (no timing assumption)."""
    return (
        sys.executable,
        "-c",
        "import os, runpy, time\n"
        f"while not os.path.exists({str(gate)!r}):\n"
        "    time.sleep(0.02)\n"
        "runpy.run_module('bot.table.replay_worker', run_name='__main__')",
    )


async def second_server(h: Harness) -> int:
    """Another server the bot is on (heard at its next start), with a played game; its
    channel."""
    d = h.double
    guild = d.add_guild("Other Guild")
    channel = d.add_channel(guild, "games")
    await h.restart()
    table = await h.open_table("disneyland", ["alice", "bob"], channel=channel)
    await one_move(h, table)
    return table


async def test_one_person_gets_one_replay_at_a_time_across_servers(
    harness: Harness, tmp_path: Path
) -> None:
    d = harness.double
    here = await played(harness)
    there = await second_server(harness)
    gate = tmp_path / "draw"
    relaxed(harness, gated(gate))
    alice = d.ids["alice"]
    first = await d.slash(alice, here, "game replay")
    assert not first.ephemeral and "next" in first.content
    posted = len(d.messages(there))
    again = await d.slash(alice, there, "game replay")
    assert again.ephemeral, again.content
    assert "one at a time" in again.content and "#" in again.content, again.content
    assert len(d.messages(there)) == posted, "a refusal is private"
    other = await d.slash(d.ids["bob"], there, "game replay")
    assert not other.ephemeral and "queued behind 1" in other.content
    gate.touch()
    await gif_of(harness, first)
    await gif_of(harness, other)
    later = await d.slash(alice, there, "game replay")  # hers is out: she may ask again
    assert not later.ephemeral and later.attachments, "served from the cache at once"


async def test_one_server_leaves_a_place_for_the_others(harness: Harness, tmp_path: Path) -> None:
    d = harness.double
    here = await played(harness)
    there = await second_server(harness)
    gate = tmp_path / "draw"
    relaxed(harness, gated(gate))
    harness.live.replays.user_cooldown = 0.0
    asked = [await d.slash(d.ids[name], here, "game replay") for name in ("alice", "bob")]
    assert not any(a.ephemeral for a in asked), [a.content for a in asked]
    third = await d.slash(d.ids["carol"], here, "game replay")
    assert third.ephemeral and "server already has 2" in third.content, third.content
    elsewhere = await d.slash(d.ids["dave"], there, "game replay")
    assert not elsewhere.ephemeral and "queued behind 2" in elsewhere.content
    full = await d.slash(d.ids["erin"], there, "game replay")
    assert full.ephemeral and "busy" in full.content, full.content
    gate.touch()
    for answer in (*asked, elsewhere):
        await gif_of(harness, answer)


# ------------------------------------- limits checked and taken in one step, not across an await

#: The six people of the double's server.
EVERYONE = ("alice", "bob", "carol", "dave", "erin", "admin")


def slow_moves(h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """The store reads a game's moves slowly (a busy database): the window in which a
    burst used to pass a limit that was checked before the read and recorded after it.
    The limits hold whatever the store's speed; this only makes the old race certain."""
    store = h.live.store
    real = store.moves

    async def slow(game_id: int) -> Any:
        await asyncio.sleep(0.5)
        return await real(game_id)

    monkeypatch.setattr(store, "moves", slow)


@pytest.mark.parametrize("cooldowns", [True, False])
async def test_six_asking_at_once_from_one_server_queue_no_more_than_its_share(
    harness: Harness, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cooldowns: bool
) -> None:
    """Six requests from one server arriving together were all queued (each
    checked the limits before reading the game's moves and recorded them after). Now the
    server's cooldown lets one through; without cooldowns, its share of the queue (two of
    the three places) is what passes, and the others are told why, privately."""
    d = harness.double
    here = await played(harness)
    gate = tmp_path / "draw"
    if cooldowns:
        harness.live.replays.worker = list(gated(gate))
    else:
        relaxed(harness, gated(gate))
    slow_moves(harness, monkeypatch)
    posted = len(d.messages(here))
    asked = await asyncio.gather(*(d.slash(d.ids[n], here, "game replay") for n in EVERYONE))
    queued = [a for a in asked if not a.ephemeral]
    refused = [a for a in asked if a.ephemeral]
    assert len(queued) == (1 if cooldowns else 2), [a.content for a in asked]
    why = "just asked for on this server" if cooldowns else "server already has 2"
    assert all(why in a.content for a in refused), [a.content for a in refused]
    assert len(d.messages(here)) == posted + len(queued), "refusals are private"
    gate.touch()
    for answer in queued:
        await gif_of(harness, answer)


@pytest.mark.parametrize("cooldowns", [True, False])
async def test_one_person_asking_from_two_channels_at_once_gets_one_replay(
    harness: Harness, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cooldowns: bool
) -> None:
    """One person asking from two channels at once got two replays. Now one,
    by the person's cooldown, or without cooldowns by one replay per person at a time."""
    d = harness.double
    here = await played(harness)
    there = await played(harness, channel=d.add_channel(d.ids["guild"], "more"))
    gate = tmp_path / "draw"
    if cooldowns:
        harness.live.replays.worker = list(gated(gate))
    else:
        relaxed(harness, gated(gate))
    slow_moves(harness, monkeypatch)
    alice = d.ids["alice"]
    asked = await asyncio.gather(*(d.slash(alice, c, "game replay") for c in (here, there)))
    queued = [a for a in asked if not a.ephemeral]
    [refused] = [a for a in asked if a.ephemeral]
    assert len(queued) == 1, [a.content for a in asked]
    why = "another replay in" if cooldowns else "one at a time"
    assert why in refused.content, refused.content
    gate.touch()
    await gif_of(harness, queued[0])
