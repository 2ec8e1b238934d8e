"""The lobby card through the real client and the Discord double: only
the chosen game's options, as menus only the host can change; seats with their colours and
shapes; a robot at any seat count the game allows."""

from __future__ import annotations

import asyncio

import pytest

from engine import GAMES, get_game
from renders.theme import token_words
from tests.bot.double import DiscordDouble, MessageRecord
from tests.bot.double.models import iter_components
from tests.bot.harness import Harness, lobby_control
from tests.store.reads import unshown


def menus(message: MessageRecord) -> dict[str, list[tuple[str, bool]]]:
    """custom_id -> [(value, chosen)] of each select menu on a message."""
    return {
        c["custom_id"]: [(o["value"], bool(o.get("default"))) for o in c["options"]]
        for c in iter_components(message.components)
        if c.get("type") == 3
    }


async def card_of(h: Harness, place: int) -> tuple[int, MessageRecord]:
    """The open lobby of a place and its live card (its id is stored just after the answer)."""
    for _ in range(200):
        row = await h.live.store.open_game_in(place)
        assert row is not None
        if row.lobby_message_id is not None and row.lobby_message_id == (
            h.double.messages(place)[-1].id
        ):
            return row.id, h.double.messages(place)[-1]
        await asyncio.sleep(0.01)
    raise AssertionError("no lobby card")


async def test_the_lobby_offers_only_this_games_options_and_only_to_its_host(
    harness: Harness,
) -> None:
    d = harness.double
    channel = d.ids["channel"]
    alice, bob = d.ids["alice"], d.ids["bob"]
    await d.slash(alice, channel, "game new imagineers")
    game_id, card = await card_of(harness, channel)
    # Each menu names the lobby's terms as the card shows them (0: as it opened).
    side, table = f"ts:opt:{game_id}:0:side", f"ts:opt:{game_id}:0:table"
    # Two options of its own, the language: the rating and the pace share one menu.
    assert menus(card) == {
        side: [("day", True), ("night", False)],
        f"ts:opt:{game_id}:0:upgrades": [("paid", True), ("free", False)],
        table: [("on:live", True), ("on:async", False), ("off:live", False), ("off:async", False)],
        f"ts:opt:{game_id}:0:language": [("en", True), ("fr", False)],
    }
    assert [b[1] for b in card.buttons()] == ["Join", "Leave", "Add robot", "Start", "Cancel"]
    await d.click(bob, card, f"ts:lobby:{game_id}:0:join")
    await harness.settle()  # the card's version is recorded just after the answer
    before = await harness.dump()
    refused = await d.select(bob, card, side, ["night"])
    assert refused.ephemeral and "host" in refused.content
    assert await harness.dump() == before and "Day side" in card.text
    chosen = await d.select(alice, card, side, ["night"])
    assert chosen.response_type == 7 and "Night side" in card.text
    assert menus(card)[lobby_control(card, "side")] == [("day", False), ("night", True)]
    await d.select(alice, card, lobby_control(card, "table"), ["off:async"])
    assert "Pace: **async**" in card.text and "Night side" in card.text
    assert "Rated: **no**" in card.text
    row = await harness.live.store.get(game_id)
    assert row is not None and row.pace == "async" and not row.rated
    assert row.options == {"side": "night", "upgrades": "paid"}, "stored resolved"
    await harness.settle()  # recorded just after the answer (a moment later on PostgreSQL)
    assert await unshown(harness.live.store) == [], "the card shows the latest version"
    where, _ = await harness.start_game(alice, channel)
    _, state = await harness.state(where)
    assert state["side"] == "night"


async def test_the_card_shows_each_seat_with_its_colour_and_shape(harness: Harness) -> None:
    d = harness.double
    channel = d.ids["channel"]
    await d.slash(d.ids["alice"], channel, "game new troolpark")
    await d.slash(d.ids["bob"], channel, "game join")
    added = await d.slash(d.ids["alice"], channel, "game addbot", level="easy")
    shown = added.text
    assert f"{token_words(0)} — **alice** (host)" in shown
    assert f"{token_words(1)} — **bob**" in shown
    assert f"{token_words(2)} — **Robot 1** 🤖" in shown
    assert f"{token_words(3)} — *open seat*" in shown and "Players (3/4)" in shown
    await harness.agree_all(channel)  # the robot changed the table
    where, _ = await harness.start_game(d.ids["alice"], channel)
    begins = next(m for m in d.messages(where) if "begins" in m.text)
    for index, name in enumerate(("alice", "bob", "Robot 1")):
        assert f"{token_words(index)} — **{name}**" in begins.text, "the same tokens"


@pytest.mark.parametrize("slug", GAMES)
async def test_a_robot_can_fill_any_seat_count_the_game_allows(harness: Harness, slug: str) -> None:
    """Alone with robots at every table size from the game's least to its most players;
    one more robot than the most is refused."""
    d = harness.double
    game = get_game(slug)
    alice = d.ids["alice"]
    for count in range(game.min_players, game.max_players + 1):
        place = d.add_channel(d.ids["guild"], f"{slug}-{count}")
        await d.slash(alice, place, f"game new {slug}")
        game_id, card = await card_of(harness, place)
        for _ in range(count - 1):
            added = await d.click(alice, card, lobby_control(card, "addbot"))
            assert added.response_type == 7, added.content
        assert f"Players ({count}/{game.max_players})" in card.text
        if count == game.max_players:
            full = await d.click(alice, card, lobby_control(card, "addbot"))
            assert full.ephemeral and "full" in full.content
        started = await d.click(alice, card, lobby_control(card, "start"))
        # Edited at once, or deferred while the robots who move first think.
        assert started.response_type in (6, 7), started.content
        row = await harness.live.store.get(game_id)
        assert row is not None and row.status == "active" and len(row.seats) == count
        # The first board follows the robots' first moves and its drawing: under a loaded
        # machine (a full run beside others) that was seen to take over 5 s.
        await d.wait_for_message(row.channel_id, lambda m: bool(m.attachments), timeout=60)
        assert await harness.mover(row.channel_id) == str(alice), "robots never keep us waiting"


async def test_new_game_with_typed_options_still_works(harness: Harness) -> None:
    """docs/ARCHITECTURE.md §3's contract: `/game new <slug> [options]` sets them at once."""
    d: DiscordDouble = harness.double
    channel = d.ids["channel"]
    opened = await d.slash(d.ids["alice"], channel, "game new disneyland", length="none")
    assert not opened.ephemeral
    _, card = await card_of(harness, channel)
    chosen = next(v for v, on in next(iter(menus(card).values())) if on)
    assert chosen == "none"
    forged = {"side": "upside-down"}
    refused = await d.forge(d.ids["bob"], d.ids["thread"], "game new imagineers", forged)
    assert refused.ephemeral and "day, night" in refused.content


async def test_a_join_right_after_the_card_shows_retires_it_and_start_uses_the_newest(
    harness: Harness,
) -> None:
    """The card's message is recorded a moment after the answer shows it (slowed down here,
    as a busy database would): a Join and a Start pressed in that moment wait for it, so
    the first card is retired and the thread grows from the newest card."""
    d = harness.double
    channel = d.ids["channel"]
    store = harness.live.store
    record = store.set_lobby_message

    async def slowly(game_id: int, message_id: int) -> None:
        await asyncio.sleep(0.3)
        await record(game_id, message_id)

    store.set_lobby_message = slowly  # type: ignore[method-assign]
    opened = await d.slash(d.ids["alice"], channel, "game new troolpark")
    joined = await d.slash(d.ids["bob"], channel, "game join")
    assert opened.original is not None and joined.original is not None
    first, second = opened.original, joined.original
    await d.wait_for_message(channel, lambda m: m.id == first.id and "further down" in m.content)
    assert first.components == [] and second.components != []
    started = await d.slash(d.ids["alice"], channel, "game start")
    assert started.response is not None and "Sorry" not in started.content
    [row] = await store.open_games_under(channel)
    assert row.lobby_message_id == second.id
    assert row.channel_id == second.id, "the thread grew from the newest card (its id)"
