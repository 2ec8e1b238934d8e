"""Issue 20, "also seen": the replay queue is shared fairly. It holds three replays for
every server the bot is on, so one person asking from several servers (each with its own
server cooldown) could keep it full and nobody else would get a replay. Now each person
has at most one replay queued or being drawn, and each server at most all but one of the
places; whoever is refused is told why, privately, and nothing is posted."""

from __future__ import annotations

import sys
from pathlib import Path

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
