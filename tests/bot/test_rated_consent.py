"""Nobody plays a rated game they did not say yes to (two ways it happened, below), through
the real client and the Discord double.

Defect 1: a Rematch copied every seat into a rated lobby its presser could start at once,
so bob, who touched nothing, was rated on a game he never joined. Now a Rematch seats
only who presses it and invites the others. Defect 2: the host flipped a casual lobby to
rated and pressed Start in the same second, and the people who joined a casual table were
in a rated game. Now any change asks everyone again, and a rated table starts only when
every person seated agreed to it as it is. A press from a card drawn before the last change
(the race itself, or a forged number) never counts as a yes.
"""

from __future__ import annotations

import asyncio

import discord

from tests.bot.double import InteractionResult, MessageRecord
from tests.bot.harness import Harness, lobby_control
from tests.bot.test_rated_fairness import ended_now
from tests.bot.test_rated_play import rated_game

STALE = "The table changed since this card was drawn"


async def ratings_of(h: Harness, person: int) -> list[str]:
    """Every stored row of ``person``'s ratings and their changes (either backend's dump)."""
    lines = await h.dump()
    return [line for line in lines if "rating" in line.split("(")[0] and str(person) in line]


async def final_card(h: Harness, game_id: int) -> MessageRecord:
    row = await h.live.store.get(game_id)
    assert row is not None and row.status == "finished"
    return await h.double.wait_for_message(row.channel_id, lambda m: "final results" in m.text)


async def lobby_card(h: Harness, channel: int) -> MessageRecord:
    """The open lobby's live card in ``channel`` (its id is stored just after the answer)."""
    for _ in range(200):
        row = await h.live.store.open_game_in(channel)
        assert row is not None and row.status == "lobby"
        if row.lobby_message_id is not None:
            return h.double.world.messages[row.lobby_message_id]
        await asyncio.sleep(0.01)
    raise AssertionError("no lobby card")


def seat_line(card: MessageRecord, name: str) -> str:
    """The card's line of a person's seat (with their mark at a rated lobby)."""
    return next(line for line in card.text.splitlines() if f"**{name}**" in line)


async def told(h: Harness, result: InteractionResult, words: str) -> MessageRecord:
    """The private answer, among a press's answers, that says ``words``."""
    for _ in range(200):
        for message in [result.original, *result.followups]:
            if message is not None and message.ephemeral and words in message.content:
                return message
        await asyncio.sleep(0.01)
    raise AssertionError(f"never told {words!r}: {[m.content for m in result.followups]}")


async def test_a_rematch_rates_nobody_who_did_not_press_it(harness: Harness) -> None:
    """Defect 1: alice and bob finish a rated game; alice presses Rematch, adds a robot and
    presses Start. bob is not in that game, and his rating does not move."""
    d = harness.double
    channel = d.ids["channel"]
    alice, bob = d.ids["alice"], d.ids["bob"]
    first = await rated_game(harness, channel, winner="bob", loser="alice")
    final = await final_card(harness, first)
    before = await ratings_of(harness, bob)
    assert before, "bob was rated on the game he played"
    called = await d.click(alice, final, f"ts:rematch:{first}")
    lobby = await harness.live.store.open_game_in(channel)
    assert lobby is not None and lobby.rated and lobby.rematch_of == first
    assert [s.id for s in lobby.seats] == [str(alice)], "a Rematch seats only its presser"
    assert called.content.startswith("🔁 alice calls a rematch")
    assert "bob: press **Rematch**" in called.content and called.original is not None
    assert called.original.pinged == [], "invited by name, pinging nobody"
    card = await lobby_card(harness, channel)
    alone = await d.click(alice, card, lobby_control(card, "start"))
    assert alone.ephemeral and "at least 2 players" in alone.content
    await d.slash(alice, channel, "game addbot", level="easy")
    where, _ = await harness.start_game(alice, channel)
    row, _ = await harness.state(where)
    assert str(bob) not in [s.id for s in row.seats]
    assert not row.rated, "one person among robots plays a casual game"
    done = await ended_now(harness, where, row)
    assert done.status == "finished"
    assert await ratings_of(harness, bob) == before, "bob's rating did not move"


async def test_a_player_takes_a_seat_in_the_rematch_by_pressing_it(harness: Harness) -> None:
    """Defect 1, the other side: bob pressing Rematch too seats him in alice's rematch,
    agreeing to it; then Start plays it rated; a third press points to it."""
    d = harness.double
    channel = d.ids["channel"]
    alice, bob = d.ids["alice"], d.ids["bob"]
    first = await rated_game(harness, channel, winner="bob", loser="alice")
    final = await final_card(harness, first)
    await d.click(alice, final, f"ts:rematch:{first}")
    joined = await d.click(bob, final, f"ts:rematch:{first}")
    assert joined.content.startswith("🔁 bob takes a seat in the rematch"), joined.content
    lobby = await harness.live.store.open_game_in(channel)
    assert lobby is not None
    assert [(s.id, s.agreed) for s in lobby.seats] == [
        (str(alice), lobby.terms),
        (str(bob), lobby.terms),
    ]
    card = await lobby_card(harness, channel)
    assert seat_line(card, "bob").startswith("✅"), seat_line(card, "bob")
    again = await d.click(bob, final, f"ts:rematch:{first}")
    assert again.ephemeral and "already on" in again.content
    started = await d.click(alice, card, lobby_control(card, "start"))
    assert started.response_type in (6, 7), started.content
    playing = await harness.live.store.get(lobby.id)
    assert playing is not None and playing.status == "active" and playing.rated


async def test_a_rematch_changed_since_it_opened_seats_without_a_yes(harness: Harness) -> None:
    """What the Rematch button offers is the table as it opened: once its host changed it,
    a press seats its player, waiting for their yes to the table as it is."""
    d = harness.double
    channel = d.ids["channel"]
    alice, bob = d.ids["alice"], d.ids["bob"]
    first = await rated_game(harness, channel, winner="bob", loser="alice")
    final = await final_card(harness, first)
    await d.click(alice, final, f"ts:rematch:{first}")
    card = await lobby_card(harness, channel)
    # Disneyland's card holds its own two menus: the rating and the pace share one.
    await d.select(alice, card, lobby_control(card, "table"), ["on:async"])
    await d.click(bob, final, f"ts:rematch:{first}")
    lobby = await harness.live.store.open_game_in(channel)
    assert lobby is not None and lobby.pace == "async"
    assert [s.agreed == lobby.terms for s in lobby.seats] == [True, False]
    refused = await d.click(alice, card, lobby_control(card, "start"))
    assert refused.ephemeral and "bob has not agreed yet" in refused.content
    assert seat_line(card, "bob").startswith("⏳")
    agreed = await d.click(bob, card, lobby_control(card, "agree"))
    assert agreed.response_type == 7 and seat_line(card, "bob").startswith("✅")
    started = await d.click(alice, card, lobby_control(card, "start"))
    assert started.response_type in (6, 7), started.content


async def casual_lobby_with_bob(h: Harness) -> tuple[int, MessageRecord]:
    """alice opens a casual Trool Park; bob joins it by the card's Join."""
    d = h.double
    channel = d.ids["channel"]
    await d.slash(d.ids["alice"], channel, "game new troolpark", rated=False)
    card = await lobby_card(h, channel)
    joined = await d.click(d.ids["bob"], card, lobby_control(card, "join"))
    assert joined.response_type == 7, joined.content
    return channel, card


async def test_a_casual_lobby_flipped_to_rated_waits_for_everyone_to_agree(
    harness: Harness,
) -> None:
    """Defect 2: bob joins a casual lobby; the host flips it to rated and presses Start at
    once. Refused (naming bob), nothing started, bob's rating untouched. bob agrees, then
    Start plays it rated."""
    d = harness.double
    alice, bob = d.ids["alice"], d.ids["bob"]
    channel, card = await casual_lobby_with_bob(harness)
    assert "⏳" not in card.text and "✅" not in card.text, "a casual table asks nothing"
    casual_start = lobby_control(card, "start")
    flipped = await d.select(alice, card, lobby_control(card, "rated"), ["on"])
    assert flipped.response_type == 7 and "Rated: **yes**" in card.text
    await harness.settle()
    before = await harness.dump()
    at_once = await d.click(alice, card, lobby_control(card, "start"))
    assert at_once.ephemeral and "bob has not agreed yet" in at_once.content, at_once.content
    # The same Start from the card as it was before the flip (the race itself).
    raced = await d.forge_click(alice, card, casual_start)
    await told(harness, raced, STALE)
    assert await harness.dump() == before, "nothing started, nobody rated"
    row = await harness.live.store.open_game_in(channel)
    assert row is not None and row.status == "lobby"
    assert await ratings_of(harness, bob) == []
    assert seat_line(card, "bob").startswith("⏳") and seat_line(card, "alice").startswith("✅")
    assert [b[1] for b in card.buttons()] == ["Join", "I agree", "Leave", "Start", "Cancel"]
    agreed = await d.click(bob, card, lobby_control(card, "agree"))
    assert agreed.response_type == 7 and seat_line(card, "bob").startswith("✅")
    assert "I agree" not in [b[1] for b in card.buttons()], "nobody is waiting any more"
    started = await d.click(alice, card, lobby_control(card, "start"))
    assert started.response_type in (6, 7), started.content
    playing = await harness.live.store.get(row.id)
    assert playing is not None and playing.status == "active" and playing.rated
    assert {s.id for s in playing.seats} == {str(alice), str(bob)}


async def test_a_stale_or_forged_card_is_never_a_yes(harness: Harness) -> None:
    """Join and I agree pressed on a card drawn before the last change (or naming terms
    the table never had) are refused privately, the card shown as it is now; a burst of
    identical presses of I agree records one yes."""
    d = harness.double
    alice, bob, carol = d.ids["alice"], d.ids["bob"], d.ids["carol"]
    channel, card = await casual_lobby_with_bob(harness)
    old_join = lobby_control(card, "join")
    await d.select(alice, card, lobby_control(card, "rated"), ["on"])
    old_agree = lobby_control(card, "agree")
    await d.select(alice, card, lobby_control(card, "pace"), ["async"])
    await harness.settle()
    before = await harness.dump()
    row = await harness.live.store.open_game_in(channel)
    assert row is not None
    forged_agree = f"ts:lobby:{row.id}:{row.terms + 5}:agree"
    # A card from before lobbies had terms names none: no table as it is now either.
    termless = f"ts:lobby:{row.id}:join"
    for user, custom_id in (
        (carol, old_join),
        (carol, termless),
        (bob, old_agree),
        (bob, forged_agree),
    ):
        pressed = await d.forge_click(user, card, custom_id)
        assert pressed.response_type == 7, "the card, shown as it is now"
        await told(harness, pressed, STALE)
    assert await harness.dump() == before, "no seat, no yes"
    assert "carol" not in card.text and seat_line(card, "bob").startswith("⏳")
    assert "Pace: **async**" in card.text
    current = lobby_control(card, "agree")
    # Five presses from a client still showing the button (the first one removes it).
    burst = await asyncio.gather(*(d.forge_click(bob, card, current) for _ in range(5)))
    assert sum(1 for r in burst if r.response_type == 7) == 1, [r.content for r in burst]
    assert all("already agreed" in r.content for r in burst if r.response_type != 7)
    fresh = await harness.live.store.get(row.id)
    assert fresh is not None and fresh.version == row.version + 1, "one yes written"
    outsider = await d.forge_click(carol, card, current)
    assert outsider.ephemeral and "not playing" in outsider.content


CHANGED = "This table changed since it opened"


async def test_a_typed_join_after_a_flip_to_rated_is_no_yes(harness: Harness) -> None:
    """Bait and switch by command: carol types `/game join` while the card shows a casual
    table, and the host's flip to rated lands first. A command saw no card, so it is a yes
    only to the table as it opened: carol is seated waiting, her answer (the card) says
    why and offers I agree, and the host's Start, typed or pressed, is refused naming her
    (it used to seat her agreed, and the game started rated)."""
    d = harness.double
    channel = d.ids["channel"]
    alice, carol = d.ids["alice"], d.ids["carol"]
    await d.slash(alice, channel, "game new troolpark", rated=False)
    card = await lobby_card(harness, channel)
    assert CHANGED not in card.text
    flipped = await d.select(alice, card, lobby_control(card, "rated"), ["on"])
    assert flipped.response_type == 7 and "Rated: **yes**" in card.text
    joined = await d.slash(carol, channel, "game join")
    assert not joined.ephemeral and joined.original is not None, joined.content
    answer = joined.original
    assert seat_line(answer, "carol").startswith("⏳") and CHANGED in answer.text
    assert seat_line(answer, "alice").startswith("✅"), "the host's own pick was her yes"
    assert "I agree" in [b[1] for b in answer.buttons()]
    typed = await d.slash(alice, channel, "game start")
    assert typed.ephemeral and "carol has not agreed yet" in typed.content, typed.content
    card = await lobby_card(harness, channel)
    pressed = await d.click(alice, card, lobby_control(card, "start"))
    assert pressed.ephemeral and "carol has not agreed yet" in pressed.content
    row = await harness.live.store.open_game_in(channel)
    assert row is not None and row.status == "lobby"
    assert await ratings_of(harness, carol) == []
    agreed = await d.click(carol, card, lobby_control(card, "agree"))
    assert agreed.response_type == 7 and seat_line(card, "carol").startswith("✅")
    assert CHANGED not in card.text, "nobody waits any more"
    await harness.start_game(alice, channel)
    playing = await harness.live.store.get(row.id)
    assert playing is not None and playing.status == "active" and playing.rated


async def test_a_typed_start_is_no_yes_of_its_starter(harness: Harness) -> None:
    """A moderator who is not seated flips alice's casual lobby to rated and bob agrees:
    alice's typed `/game start` is refused naming her (it used to count as her yes, and
    the game started rated). Once she pressed I agree, her typed Start starts it."""
    d = harness.double
    alice, bob = d.ids["alice"], d.ids["bob"]
    moderator = d.add_user("moderator", permissions=discord.Permissions(manage_channels=True).value)
    channel, card = await casual_lobby_with_bob(harness)
    flipped = await d.select(moderator, card, lobby_control(card, "rated"), ["on"])
    assert flipped.response_type == 7 and "Rated: **yes**" in card.text
    assert "moderator" not in card.text, "the moderator is not seated"
    agreed = await d.click(bob, card, lobby_control(card, "agree"))
    assert agreed.response_type == 7 and seat_line(card, "bob").startswith("✅")
    await harness.settle()
    before = await harness.dump()
    typed = await d.slash(alice, channel, "game start")
    assert typed.ephemeral and "alice has not agreed yet" in typed.content, typed.content
    assert "bob" not in typed.content
    assert await harness.dump() == before, "nothing started, nobody's yes written"
    assert seat_line(card, "alice").startswith("⏳") and CHANGED in card.text
    await d.click(alice, card, lobby_control(card, "agree"))
    assert seat_line(card, "alice").startswith("✅")
    row = await harness.live.store.open_game_in(channel)
    assert row is not None
    await harness.start_game(alice, channel)
    playing = await harness.live.store.get(row.id)
    assert playing is not None and playing.status == "active" and playing.rated


async def test_a_robot_added_asks_everyone_again(harness: Harness) -> None:
    """A robot is a fixed rating mark that changes the table's size and stakes: added
    after everyone agreed, it asks them again. The host's Add robot on the card as it is
    is her own yes; `/game addbot` is nobody's. Start waits for everyone (robots used to
    join a table everyone had agreed to without it)."""
    d = harness.double
    alice, bob = d.ids["alice"], d.ids["bob"]
    channel = d.ids["channel"]
    await d.slash(alice, channel, "game new troolpark")
    card = await lobby_card(harness, channel)
    await d.click(bob, card, lobby_control(card, "join"))
    assert seat_line(card, "bob").startswith("✅") and seat_line(card, "alice").startswith("✅")
    added = await d.click(alice, card, lobby_control(card, "addbot"))
    assert added.response_type == 7 and "Robot 1" in card.text
    assert seat_line(card, "alice").startswith("✅") and seat_line(card, "bob").startswith("⏳")
    assert CHANGED in card.text
    refused = await d.click(alice, card, lobby_control(card, "start"))
    assert refused.ephemeral and "bob has not agreed yet" in refused.content
    await d.click(bob, card, lobby_control(card, "agree"))
    typed = await d.slash(alice, channel, "game addbot", level="easy")
    assert not typed.ephemeral and typed.original is not None, typed.content
    card = typed.original
    assert seat_line(card, "alice").startswith("⏳") and seat_line(card, "bob").startswith("⏳")
    refused = await d.slash(alice, channel, "game start")
    assert refused.ephemeral and "alice and bob have not agreed yet" in refused.content
    for person in (alice, bob):
        await d.click(person, card, lobby_control(card, "agree"))
    row = await harness.live.store.open_game_in(channel)
    assert row is not None
    await harness.start_game(alice, channel)
    playing = await harness.live.store.get(row.id)
    assert playing is not None and playing.status == "active" and playing.rated
    assert [s.robot for s in playing.seats] == [False, False, True, True]
