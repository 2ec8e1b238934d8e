"""Rated play answers in time (Discord's 3 seconds) whatever the store keeps it waiting on:
`/leaderboard` and its page buttons, which
read the server's season, are deferred in time (publicly; a page turned from the public
board privately), and `/game settings` privately while it reads and writes the server's
settings (``bot.chat.deadline``). (The double refuses a late answer.)"""

from __future__ import annotations

import pytest

from tests.bot.harness import Harness
from tests.bot.stalls import Stall

#: How long the store keeps every call waiting: longer than Discord's deadline.
SLOW = 3.5


def late(harness: Harness) -> list[str]:
    return [v for v in harness.double.violations if "not answered" in v or "Unknown" in v]


async def test_a_leaderboard_waiting_on_the_season_is_answered_in_time(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    d = harness.double
    Stall(harness, monkeypatch).begin(SLOW)
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
    Stall(harness, monkeypatch).begin(SLOW)
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
    Stall(harness, monkeypatch).begin(SLOW)
    asked = await d.slash(d.ids["admin"], d.ids["channel"], "game settings", season="new")
    assert asked.response is not None and not late(harness), late(harness)
    final = await asked.wait_final(timeout=10)
    assert final.ephemeral and "Season 1" in final.text, final.text
