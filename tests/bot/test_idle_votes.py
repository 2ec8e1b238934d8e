"""Idle votes that cannot be forged or turned against a seat (two defects, below),
through the Discord double.

Defect 2: the idle vote's buttons carry only the game and its version, so anyone could
write one for the current turn. A vote counts only while one was really called (the
clock's idle notice) for that turn, and only from the players that vote includes.

Defect 6: leaving and a vote that passes hand the seat to the AI, whose robots then play
on; the answer comes within Discord's deadline however long they think (deferred first,
like a move).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.common.pace import DEFAULTS
from tests.bot.double import MessageRecord
from tests.bot.harness import Harness


def others(h: Harness, players: list[str], but: int) -> list[int]:
    return [h.double.ids[name] for name in players if h.double.ids[name] != but]


async def idle_notice(h: Harness, channel: int) -> MessageRecord:
    """The clock's idle notice about the seat to move, once its delay has passed."""
    h.clock.advance(DEFAULTS["live_idle"] + 1)
    await h.live.clockwork.tick()
    return next(m for m in reversed(h.double.messages(channel)) if m.content.startswith("💤"))


def vote_button(notice: MessageRecord, choice: str) -> str:
    return next(b[0] for b in notice.buttons() if b[0].endswith(f":{choice}"))


def hold_robots(h: Harness, monkeypatch: pytest.MonkeyPatch) -> asyncio.Event:
    """The robots think until the returned event is set: as slow as the test needs."""
    released = asyncio.Event()
    decide = h.live.robots.move

    async def slowly(*args: Any) -> str:
        await released.wait()
        return await decide(*args)

    monkeypatch.setattr(h.live.robots, "move", slowly)
    return released


async def test_a_forged_vote_neither_hands_a_seat_over_nor_ends_the_game(
    harness: Harness,
) -> None:
    """At a two-player table the forger would be the only voter. No idle notice went out
    for this turn (none yet; then only the reminder), so a vote written for the game's
    current version is refused privately, and nothing changes."""
    d = harness.double
    channel = await harness.open_table("disneyland", ["alice", "bob"])
    mover = int(await harness.mover(channel))
    [forger] = others(harness, ["alice", "bob"], mover)
    board = await harness.board(channel)
    for wait in (0.0, DEFAULTS["live_remind"] + 1):
        harness.clock.advance(wait)
        await harness.live.clockwork.tick()
        await harness.settle()
        row, _ = await harness.state(channel)
        before = await harness.dump()
        for choice in ("ai", "end"):
            custom_id = f"ts:idle:{row.id}:{row.version}:{choice}"
            forged = await d.forge_click(forger, board, custom_id)
            assert forged.ephemeral and "No vote was called" in forged.content, forged.content
        assert await harness.dump() == before
    assert any(m.content.startswith("⏰") for m in d.messages(channel)), "the reminder came"
    row, _ = await harness.state(channel)
    seat = row.seat(str(mover))
    assert row.status == "active" and seat is not None and not seat.ai
    assert not any(m.content.startswith(("🛑", "🤖")) for m in d.messages(channel))


async def test_a_vote_called_for_one_turn_opens_none_on_the_next(harness: Harness) -> None:
    """A notice went out for the first mover; they moved on. The next turn had no
    notice: votes written for it are refused (however many forge one), and the old
    notice's buttons are closed."""
    d = harness.double
    players = ["alice", "bob", "carol"]
    channel = await harness.open_table("disneyland", players)
    first = int(await harness.mover(channel))
    notice = await idle_notice(harness, channel)
    while int(await harness.mover(channel)) == first:
        codes = [c["value"] for c in await harness.choices(first, channel)]
        await harness.play(first, channel, "roll" if "roll" in codes else codes[0])
    row, _ = await harness.state(channel)
    await harness.settle()
    before = await harness.dump()
    board = await harness.board(channel)
    second = int(await harness.mover(channel))
    for voter in others(harness, players, second):
        forged = await d.forge_click(voter, board, f"ts:idle:{row.id}:{row.version}:ai")
        assert forged.ephemeral and "No vote was called" in forged.content, forged.content
        old = await d.click(voter, notice, vote_button(notice, "ai"))
        assert old.ephemeral and "closed" in old.content, old.content
    assert await harness.dump() == before


async def test_only_the_players_the_vote_includes_may_cast_it(harness: Harness) -> None:
    """Carol left (the AI plays her seat); the seat to move goes idle: the vote includes
    the one other person still playing. Carol, the idle player and a stranger are refused;
    the one voter's ballot is a majority and the AI takes the idle seat."""
    d = harness.double
    players = ["alice", "bob", "carol"]
    channel = await harness.open_table("disneyland", players)
    ask = await d.slash(d.ids["carol"], channel, "game leave")
    assert ask.original is not None
    await d.click(d.ids["carol"], ask.original, ask.original.buttons()[0][0])
    idle = int(await harness.mover(channel))
    [voter] = [user for user in others(harness, ["alice", "bob"], idle)]
    notice = await idle_notice(harness, channel)
    await harness.settle()
    before = await harness.dump()
    for outsider, words in (
        (d.ids["carol"], "other players"),
        (idle, "other players"),
        (d.ids["erin"], "not playing"),
    ):
        refused = await d.click(outsider, notice, vote_button(notice, "ai"))
        assert refused.ephemeral and words in refused.content, refused.content
    assert await harness.dump() == before
    passed = await d.click(voter, notice, vote_button(notice, "ai"))
    assert passed.response is not None and not passed.ephemeral
    await d.world.wait_until(lambda: "AI now plays" in notice.content, 30, "the vote's result")
    row, _ = await harness.state(channel)
    seat = row.seat(str(idle))
    assert seat is not None and seat.ai and seat.ai_played


async def test_leaving_is_answered_in_time_while_the_robots_think(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The mover leaves: the AI plays their turn at once. The confirmation is
    acknowledged within Discord's deadline (the double records a lapse), then says so."""
    d = harness.double
    channel = await harness.open_table("disneyland", ["alice", "bob"])
    mover = int(await harness.mover(channel))
    ask = (await d.slash(mover, channel, "game leave")).original
    assert ask is not None
    released = hold_robots(harness, monkeypatch)
    try:
        confirmed = await d.click(mover, ask, ask.buttons()[0][0])
        assert confirmed.response is not None, "acknowledged while the robot thinks"
    finally:
        released.set()
    await d.world.wait_until(lambda: "You left" in ask.content, 30, "the answer")
    assert ask.buttons() == []
    row, _ = await harness.state(channel)
    assert any(m.seat == str(mover) for m in await harness.live.store.moves(row.id))


async def test_a_passed_vote_is_answered_in_time_while_the_robots_think(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The one voter at a two-player table lets the AI play the idle seat, whose turn
    it is: the ballot is acknowledged within Discord's deadline, then the notice says
    what was decided."""
    d = harness.double
    channel = await harness.open_table("disneyland", ["alice", "bob"])
    idle = int(await harness.mover(channel))
    [voter] = others(harness, ["alice", "bob"], idle)
    notice = await idle_notice(harness, channel)
    released = hold_robots(harness, monkeypatch)
    try:
        passed = await d.click(voter, notice, vote_button(notice, "ai"))
        assert passed.response is not None, "acknowledged while the robot thinks"
    finally:
        released.set()
    await d.world.wait_until(lambda: "AI now plays" in notice.content, 30, "the vote's result")
    row, _ = await harness.state(channel)
    assert any(m.seat == str(idle) for m in await harness.live.store.moves(row.id))
