"""Rated play answers in time (Discord's 3 seconds) whatever the store keeps it waiting on
(issue 24, the hostile review's D5 and D7): `/leaderboard` and its page buttons read the
server's season under the deadline's guard, and `/game settings` is deferred privately
while it reads and writes the server's settings. (The double refuses a late answer.)"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.bot.harness import Harness

#: How long the slowed store call takes: longer than Discord's deadline.
SLOW = 3.5


def slowed(harness: Harness, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """The store's ``name`` takes ``SLOW`` seconds."""
    store = harness.live.store
    call = getattr(store, name)

    async def slowly(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(SLOW)
        return await call(*args, **kwargs)

    monkeypatch.setattr(store, name, slowly)


def late(harness: Harness) -> list[str]:
    return [v for v in harness.double.violations if "not answered" in v or "Unknown" in v]


async def test_a_leaderboard_waiting_on_the_season_is_answered_in_time(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    d = harness.double
    slowed(harness, monkeypatch, "season")
    asked = await d.slash(d.ids["alice"], d.ids["channel"], "leaderboard", game="imagineers")
    assert asked.response is not None and not late(harness), late(harness)
    final = await asked.wait_final(timeout=10)
    assert not final.ephemeral and final.original is not None
    assert "ratings" in final.original.embeds[0]["title"]


async def test_a_page_button_waiting_on_the_season_is_answered_in_time(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    d = harness.double
    board = await d.slash(d.ids["alice"], d.ids["channel"], "leaderboard", game="imagineers")
    assert board.original is not None
    slowed(harness, monkeypatch, "season")
    pressed = await d.forge_click(
        d.ids["bob"], board.original, "ts:board:imagineers:rating:server:1:1"
    )
    assert pressed.response is not None and not late(harness), late(harness)
    final = await pressed.wait_final(timeout=10)
    assert final.ephemeral and final.original is not None
    assert "ratings" in final.original.embeds[0]["title"]


async def test_game_settings_waiting_on_the_store_are_answered_in_time(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    d = harness.double
    slowed(harness, monkeypatch, "guild_settings")
    asked = await d.slash(d.ids["admin"], d.ids["channel"], "game settings", season="new")
    assert asked.response is not None and not late(harness), late(harness)
    final = await asked.wait_final(timeout=10)
    assert final.ephemeral and "Season 1" in final.text, final.text
