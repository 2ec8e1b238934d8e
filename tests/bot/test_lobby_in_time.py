"""Lobby answers in time (Discord's 3 seconds), whatever the store keeps them waiting on:
a command's card is deferred publicly and then posted, a button's card deferred as an
update of it and then edited. (Seen under load: `/game new` and `/game join` answered
after 3 s while the store was busy; the double refuses a late answer.) The deadline is the
gate's (``bot.chat.deadline``), in the shape the policy declares for each."""

from __future__ import annotations

import asyncio

import pytest

from tests.bot.harness import Harness
from tests.bot.stalls import Stall

#: How long the store keeps every call waiting: longer than Discord's deadline.
SLOW = 3.5


async def test_a_join_command_waiting_on_the_store_is_answered_in_time(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    d = harness.double
    channel = d.ids["channel"]
    await d.slash(d.ids["alice"], channel, "game new imagineers")
    Stall(harness, monkeypatch).begin(SLOW)
    joined = await d.slash(d.ids["bob"], channel, "game join")
    assert joined.response is not None, "answered (deferred) within the deadline"
    final = await joined.wait_final(timeout=10)
    card = final.original
    assert not final.ephemeral and card is not None and "bob" in final.text

    async def recorded() -> bool:
        row = await harness.live.store.open_game_in(channel)
        return row is not None and row.lobby_message_id == card.id

    for _ in range(500):  # the card is recorded just after it answered
        if await recorded():
            break
        await asyncio.sleep(0.02)
    assert await recorded(), "the card is the lobby's one live card"


async def test_a_join_button_waiting_on_the_store_is_answered_in_time(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    d = harness.double
    channel = d.ids["channel"]
    opened = await d.slash(d.ids["alice"], channel, "game new troolpark")
    card = opened.original
    row = await harness.live.store.open_game_in(channel)
    assert card is not None and row is not None
    Stall(harness, monkeypatch).begin(SLOW)
    joined = await d.click(d.ids["bob"], card, f"ts:lobby:{row.id}:0:join")
    assert joined.response is not None, "answered (deferred) within the deadline"
    await d.world.wait_until(lambda: "bob" in card.text, 10, "the card pressed showing bob")
    assert joined.response_type == 6 and not joined.ephemeral, "an update of the card"
