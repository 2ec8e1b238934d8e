"""A thread per game, through the real client and the Discord double:
`/game start` grows a public thread from the lobby message and the game is played there;
the lobby message becomes a one-line summary with a link, updated at the end; the game is
played in place where the bot may not make threads, Discord refuses, the lobby already is
in a thread, or the server turned threads off; `/game status` in the parent points to the
threads; every command works from the thread."""

from __future__ import annotations

import asyncio

import pytest

from bot.common.links import channel_url
from engine import get_game
from tests.bot.double import DiscordDouble, MessageRecord
from tests.bot.double.models import ChannelRecord
from tests.bot.double.payloads import CREATE_PUBLIC_THREADS, SEND_MESSAGES_IN_THREADS
from tests.bot.double.world import THREAD_STARTER_MESSAGE
from tests.bot.harness import Harness, lobby_control
from tests.store.reads import games_with_status, results_of, unshown


async def lobby_with(h: Harness, place: int, slug: str, *names: str, **options: str) -> int:
    """`/game new` by the first name, the others join by `/game join`; the game's id."""
    d = h.double
    await d.slash(d.ids[names[0]], place, f"game new {slug}", **options)
    for name in names[1:]:
        joined = await d.slash(d.ids[name], place, "game join")
        assert not joined.ephemeral, joined.content
    for _ in range(200):  # the card's id is stored just after the answer
        row = await h.live.store.open_game_in(place)
        assert row is not None
        if row.lobby_message_id == d.messages(place)[-1].id:
            return row.id
        await asyncio.sleep(0.01)
    raise AssertionError("the lobby card was not recorded")


async def lobby_message(h: Harness, game_id: int) -> MessageRecord:
    row = await h.live.store.get(game_id)
    assert row is not None and row.lobby_message_id is not None
    message = h.double.world.messages[row.lobby_message_id]
    assert message.channel_id == row.lobby_channel_id
    return message


async def play_out(h: Harness, where: int, limit: int = 400) -> None:
    """The people to move play (a roll, a rent, else their first choice) until the end."""
    for _ in range(limit):
        if await h.live.store.open_game_in(where) is None:
            return
        mover = int(await h.mover(where))
        choices = [c["value"] for c in await h.choices(mover, where)]
        code = next((c for c in choices if c in ("roll", "rent")), choices[0])
        played = await h.play(mover, where, code)
        assert not played.content.startswith("Sorry"), played.content
    raise AssertionError("the game did not end")


def thread_named(d: DiscordDouble, parent: int) -> list[ChannelRecord]:
    return [c for c in d.world.channels.values() if c.parent_id == parent and c.owner_id]


async def test_start_opens_a_named_thread_from_the_lobby_message(harness: Harness) -> None:
    """The Start button: a public thread "Imagineers #1 · alice, bob, Chloé" on the lobby
    message; the game's channel is the thread, parent and lobby message kept; the lobby
    message is now one line linking the thread; the thread opens with the start card, then
    the first board, which pings only the first mover."""
    d = harness.double
    channel = d.ids["channel"]
    chloe = d.add_user("chloe", display_name="Chloé")
    d.ids["chloe"] = chloe
    game_id = await lobby_with(harness, channel, "imagineers", "alice", "bob", "chloe")
    lobby = await lobby_message(harness, game_id)
    posted = len(d.messages(channel))
    start = await d.click(d.ids["alice"], lobby, lobby_control(lobby, "start"))
    assert start.response_type == 7 and not start.ephemeral
    row = await harness.live.store.get(game_id)
    assert row is not None and row.status == "active"
    assert row.parent_channel_id == channel and row.lobby_message_id == lobby.id
    assert d.thread_of(lobby) == row.channel_id != channel
    thread = d.world.channels[row.channel_id]
    assert thread.type == 11 and thread.name == "Imagineers #1 · alice, bob, Chloé"
    assert lobby.content.startswith("🎲 **Imagineers #1** · alice, bob, and Chloé — playing: ")
    assert lobby.embeds == [] and lobby.components == [] and "\n" not in lobby.content
    [link] = d.links(lobby.content)
    assert d.resolve(link) is thread
    assert len(d.messages(channel)) == posted, "nothing new in the parent"
    board = await d.wait_for_message(thread.id, lambda m: bool(m.attachments))
    opener, card, first = d.messages(thread.id)
    assert opener.type == THREAD_STARTER_MESSAGE
    assert "Imagineers #1 begins" in card.text and "Turn order" in card.text
    assert card.buttons() == [("ts:rules:imagineers", "Full rules", False)]
    assert first is board and card.pinged == []
    mover = await harness.mover(thread.id)
    assert board.pinged == [int(mover)]
    assert all(m.pinged == [] for m in d.messages(channel))


async def test_the_slash_command_start_answers_privately_with_the_link(harness: Harness) -> None:
    d = harness.double
    channel = d.ids["channel"]
    game_id = await lobby_with(harness, channel, "troolpark", "alice", "bob")
    started = await d.slash(d.ids["alice"], channel, "game start")
    assert started.ephemeral
    row = await harness.live.store.get(game_id)
    assert row is not None and row.parent_channel_id == channel
    [link] = d.links(started.content)
    assert d.resolve(link) is d.world.channels[row.channel_id]
    lobby = await lobby_message(harness, game_id)
    assert lobby.content.startswith("🎲 **Trool Park #1**")


async def deny(d: DiscordDouble, permission: int) -> None:
    d.set_permissions(d.ids["channel"], d.bot_id, deny=permission)


async def fail_thread(d: DiscordDouble) -> None:
    d.fail_next("/threads", 403)


async def threads_off(d: DiscordDouble) -> None:
    off = await d.slash(d.ids["admin"], d.ids["channel"], "game settings", threads="off")
    assert off.ephemeral and "thread of its own: **off**" in off.content


@pytest.mark.parametrize(
    "why",
    [
        "no Create Public Threads",
        "no Send Messages in Threads",
        "Discord answers 403",
        "the lobby is in a thread",
        "threads turned off",
    ],
)
async def test_the_game_is_played_in_place_when_no_thread_can_be_had(
    harness: Harness, why: str
) -> None:
    d = harness.double
    place = d.ids["thread"] if why == "the lobby is in a thread" else d.ids["channel"]
    if why == "no Create Public Threads":
        await deny(d, CREATE_PUBLIC_THREADS)
    elif why == "no Send Messages in Threads":
        await deny(d, SEND_MESSAGES_IN_THREADS)
    elif why == "Discord answers 403":
        await fail_thread(d)
    elif why == "threads turned off":
        await threads_off(d)
    channels = len(d.world.channels)
    game_id = await lobby_with(harness, place, "disneyland", "alice", "bob")
    started = await d.slash(d.ids["alice"], place, "game start")
    assert not started.ephemeral and "Disneyland #1 begins" in started.text
    row = await harness.live.store.get(game_id)
    assert row is not None and row.status == "active"
    assert row.channel_id == place and row.parent_channel_id is None
    assert len(d.world.channels) == channels, "no thread was made"
    board = await d.wait_for_message(place, lambda m: bool(m.attachments))
    assert board.pinged == [int(await harness.mover(place))]
    lobby = await lobby_message(harness, game_id)
    assert lobby.content.endswith("playing below ⬇️") and d.links(lobby.content) == []
    if why == "Discord answers 403":
        assert [p for p in d.world.faulted if p.endswith("/threads")], "Discord said no"
    played = await harness.play(int(await harness.mover(place)), place, "roll")
    # A step within the turn is confirmed privately (the board is edited); a new turn's
    # board is the answer itself.
    assert played.content.startswith("✅") or played.original is await harness.board(place)
    assert "rolled" in (await harness.board(place)).text


async def test_the_threads_setting_needs_manage_server_and_turns_back_on(
    harness: Harness,
) -> None:
    d = harness.double
    channel = d.ids["channel"]
    denied = await d.slash(d.ids["alice"], channel, "game settings", threads="off")
    assert denied.ephemeral and "Manage Server" in denied.content
    await threads_off(d)
    await lobby_with(harness, channel, "troolpark", "alice", "bob")
    where, _ = await harness.start_game(d.ids["alice"], channel)
    assert where == channel
    await d.slash(d.ids["admin"], channel, "game cancel")
    on = await d.slash(d.ids["admin"], channel, "game settings", threads="on")
    assert "thread of its own: **on**" in on.content
    await lobby_with(harness, channel, "troolpark", "alice", "bob")
    where, _ = await harness.start_game(d.ids["alice"], channel)
    assert where != channel and d.world.channels[where].parent_id == channel


async def test_status_in_the_parent_points_to_the_thread_of_each_game(harness: Harness) -> None:
    """Two games grew threads from one channel: `/game status` there links both (and a lobby
    can open meanwhile); other commands say where the game is."""
    d = harness.double
    channel = d.ids["channel"]
    await lobby_with(harness, channel, "disneyland", "alice", "bob")
    first, _ = await harness.start_game(d.ids["alice"], channel)
    one = await d.slash(d.ids["carol"], channel, "hand")
    assert one.ephemeral and "played in its thread" in one.content
    assert [d.resolve(link) for link in d.links(one.content)] == [d.world.channels[first]]
    await lobby_with(harness, channel, "troolpark", "carol", "dave")
    second, _ = await harness.start_game(d.ids["carol"], channel)
    status = await d.slash(d.ids["erin"], channel, "game status")
    assert status.ephemeral and status.original is not None and status.original.pinged == []
    assert "Disneyland #1" in status.content and "Trool Park #2" in status.content
    linked = [d.resolve(link) for link in d.links(status.content)]
    assert linked == [d.world.channels[first], d.world.channels[second]]
    play = await harness.play(d.ids["alice"], channel, "roll")
    assert play.ephemeral and "their threads" in play.content and "/game status" in play.content
    opened = await d.slash(d.ids["erin"], channel, "game new imagineers")
    assert not opened.ephemeral, "the channel is free for another lobby"
    assert "Waiting for players" in (await d.slash(d.ids["erin"], channel, "game status")).text


async def test_every_command_works_from_the_thread(harness: Harness) -> None:
    d = harness.double
    alice, bob = d.ids["alice"], d.ids["bob"]
    await lobby_with(harness, d.ids["channel"], "disneyland", "alice", "bob")
    thread, _ = await harness.start_game(alice, d.ids["channel"])
    mover = int(await harness.mover(thread))
    other = bob if mover == alice else alice
    assert [c["value"] for c in await harness.choices(mover, thread)]
    rolled = await harness.play(mover, thread, "roll")
    assert rolled.content.startswith("✅") or not rolled.ephemeral, rolled.content
    hand = await d.slash(alice, thread, "hand")
    assert hand.ephemeral and hand.attachments
    status = await d.slash(bob, thread, "game status")
    assert status.original is not None and not status.ephemeral
    assert status.original.embed_image().startswith(b"\x89PNG")
    log = await d.slash(bob, thread, "game log")
    assert log.ephemeral and "rolled" in log.content
    rules = await d.slash(bob, thread, "rules", game="disneyland")
    assert rules.ephemeral and "how to play" in rules.text
    ask = await d.slash(other, thread, "game leave")
    assert ask.original is not None
    await d.click(other, ask.original, ask.original.buttons()[0][0])
    back = await d.slash(other, thread, "game rejoin")
    assert back.response is not None and "Sorry" not in back.content
    host = (await harness.state(thread))[0].host_id  # hosting passed on if alice left
    refused = await d.slash(int(host), thread, "game cancel")  # a rated game under way
    assert refused.ephemeral and "played to its end" in refused.content, refused.content
    cancelled = await d.slash(d.ids["admin"], thread, "game cancel")
    assert not cancelled.ephemeral and "cancelled" in cancelled.content
    row = (await games_with_status(harness.live.store, "cancelled"))[0]
    lobby = await lobby_message(harness, row.id)
    assert lobby.content.startswith("🛑 **Disneyland #1** · alice and bob — cancelled")
    assert [d.resolve(link) for link in d.links(lobby.content)] == [d.world.channels[thread]]


async def test_a_whole_game_leaves_one_line_in_the_parent_and_its_story_in_the_thread(
    harness: Harness,
) -> None:
    """What a player sees after a whole game: in the channel, the lobby message turned
    into "who won, with what" and a link; in the thread, the start card, one board per turn
    and the final card. Nobody is pinged in the channel; in the thread only the person to
    move."""
    d = harness.double
    channel = d.ids["channel"]
    game_id = await lobby_with(harness, channel, "disneyland", "alice", "bob", length="rounds-10")
    await d.slash(d.ids["alice"], channel, "game addbot", level="easy")
    await harness.agree_all(channel)  # the robot changed the table
    thread, _ = await harness.start_game(d.ids["alice"], channel)
    await play_out(harness, thread)
    row = await harness.live.store.get(game_id)
    assert row is not None and row.status == "finished"
    lobby = await lobby_message(harness, game_id)
    await d.world.wait_until(lambda: lobby.content.startswith("🏁"), 5, "the final line")
    results = await results_of(harness.live.store, game_id)
    winners = [r.name for r in results if r.rank == 1]
    head = f"🏁 **Disneyland #{game_id}** — " + (
        f"{winners[0]} won: " if len(winners) == 1 else f"{' and '.join(winners)} tied for first: "
    )
    assert lobby.content.startswith(head), lobby.content
    for result in results:
        assert f"{result.name} {result.score:,}" in lobby.content
    assert "francs" in lobby.content and "\n" not in lobby.content
    assert d.resolve(d.links(lobby.content)[0]) is d.world.channels[thread]
    parent = d.messages(channel)
    assert all(m.pinged == [] and not m.attachments for m in parent)
    assert {m.content for m in parent if m is not lobby} == {"⬇️ This lobby moved further down."}
    assert all(m.embeds == [] and m.components == [] for m in parent)
    story = [m for m in d.messages(thread) if m.type != THREAD_STARTER_MESSAGE]
    assert "begins" in story[0].text
    final = story[-1]
    assert "final results" in final.text and final.attachments
    assert [b[1] for b in final.buttons()] == ["Rematch", "Replay", "Review"]
    people = {int(s.id) for s in row.seats if not s.robot}
    assert all(set(m.pinged) <= people and len(m.pinged) <= 1 for m in story)
    assert channel_url(row.guild_id, thread) in lobby.content
    assert get_game("disneyland").title in d.world.channels[thread].name


async def test_a_failed_answer_to_start_still_moves_the_game_into_its_thread(
    harness: Harness,
) -> None:
    """Discord drops the Start button's answer (the lobby card's edit): the game starts in
    its thread all the same, the lobby message still becomes its line (edited directly),
    and the one who pressed Start gets the link privately."""
    d = harness.double
    channel = d.ids["channel"]
    game_id = await lobby_with(harness, channel, "troolpark", "alice", "bob")
    lobby = await lobby_message(harness, game_id)
    d.faults.add("/callback", 404, times=1)  # the interaction expired meanwhile
    start = await d.click(d.ids["alice"], lobby, lobby_control(lobby, "start"))
    assert start.ephemeral and "own thread" in start.content
    row = await harness.live.store.get(game_id)
    assert row is not None and row.parent_channel_id == channel
    assert lobby.content.startswith("🎲 **Trool Park #1**") and lobby.components == []
    await d.wait_for_message(row.channel_id, lambda m: bool(m.attachments))
    await harness.settle()
    assert await unshown(harness.live.store) == []
