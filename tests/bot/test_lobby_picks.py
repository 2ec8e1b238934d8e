"""Two quick picks in a lobby's menus both count: each pick
changes only what it names, merged onto the lobby as it stands under its lock, so a pick
handled from an older card never writes back the older values of the others (a host who
chose "Casual" and then "Français" before the card refreshed got a rated table)."""

from __future__ import annotations

import asyncio

from tests.bot.harness import Harness


async def test_a_pick_made_from_an_older_card_keeps_the_picks_since(
    sqlite_harness: Harness,
) -> None:
    """The service as two menu handlers call it, each from the row its admission read."""
    h, d = sqlite_harness, sqlite_harness.double
    opened = await d.slash(d.ids["alice"], d.ids["channel"], "game new troolpark")
    assert not opened.ephemeral, opened.content
    row = await h.live.store.open_game_in(d.ids["channel"])
    assert row is not None and row.pace == "live" and row.rated
    await h.live.tables.set_options(row, {}, pace="async")
    await h.live.tables.set_options(row, {}, rated=False)
    await h.live.tables.set_options(row, {}, language="fr")
    fresh = await h.live.store.get(row.id)
    assert fresh is not None
    assert (fresh.pace, fresh.rated, fresh.language) == ("async", False, "fr")


async def test_two_menu_picks_at_once_both_hold(sqlite_harness: Harness) -> None:
    h, d = sqlite_harness, sqlite_harness.double
    alice = d.ids["alice"]
    await d.slash(alice, d.ids["channel"], "game new troolpark")
    row = await h.live.store.open_game_in(d.ids["channel"])
    assert row is not None and row.rated
    card = d.messages(row.channel_id)[-1]
    answers = await asyncio.gather(
        d.select(alice, card, f"ts:opt:{row.id}:0:rated", ["off"]),
        d.select(alice, card, f"ts:opt:{row.id}:0:pace", ["async"]),
        d.select(alice, card, f"ts:opt:{row.id}:0:language", ["fr"]),
    )
    fresh = await h.live.store.get(row.id)
    assert fresh is not None
    said = [a.content for a in answers]
    assert (fresh.rated, fresh.pace, fresh.language) == (False, "async", "fr"), said
