"""A game whose thread is lost can always end.

A thread deleted (the bot hears THREAD_DELETE, or, if it was offline, Discord answers
404 Unknown Channel to its first post) cancels its game, and the lobby message in the
parent channel says so, with no dead link. A thread the bot can no longer post in (403:
permissions changed; 400 "Thread is archived": a moderator locked it) is reported on the
lobby message in the parent, which says how to fix it or end the game; the clock stops
trying after a few refusals, and resumes when Discord says the place changed. Whatever
happened to the thread, the host or someone with Manage Channels can cancel the game
from the parent channel.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest

from bot.common.pace import DEFAULTS
from bot.store import GameRow
from tests.bot.double import DiscordDouble, MessageRecord
from tests.bot.double.payloads import SEND_MESSAGES_IN_THREADS, VIEW_CHANNEL
from tests.bot.harness import Harness
from tests.bot.test_clock import hand_mover_to_ai, reminder
from tests.bot.test_threads import lobby_message


async def eventually(check: Callable[[], Awaitable[object]], what: str) -> None:
    """Until ``check()`` holds (what the bot does on an event runs in its own task); a
    generous limit, tests never fail on timing."""
    for _ in range(1500):
        if await check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"never happened: {what}")


async def threaded_game(h: Harness, *, rated: bool = True) -> tuple[int, GameRow]:
    """A Disneyland game of alice (host) and bob, played in its thread: the thread and
    the game."""
    thread = await h.open_table("disneyland", ["alice", "bob"], rated=rated)
    row = await h.live.store.open_game_in(thread)
    assert row is not None and row.parent_channel_id == h.double.ids["channel"]
    return thread, row


async def status_of(h: Harness, game_id: int) -> str:
    row = await h.live.store.get(game_id)
    assert row is not None
    return row.status


def requests_to(d: DiscordDouble, place: int, since: int = 0) -> list[tuple[str, str]]:
    """The requests about ``place`` (its messages included), from the ``since``-th on."""
    return [(r[0], r[1]) for r in d.requests[since:] if r[1].startswith(f"/channels/{place}")]


def links_lead_somewhere(d: DiscordDouble, message: MessageRecord) -> None:
    for link in d.links(message.text):
        d.resolve(link)  # a dead link fails the test


async def test_a_deleted_thread_cancels_its_game(harness: Harness) -> None:
    """A moderator deletes the game's thread: the game is cancelled at once, the lobby
    message says why, without a link to nowhere, and nothing is posted to the thread any
    more; the parent channel has no game left to point to."""
    d = harness.double
    thread, row = await threaded_game(harness)
    d.delete_channel(thread)
    await eventually(lambda: _is(harness, row.id, "cancelled"), "the game cancelled")
    lobby = await lobby_message(harness, row.id)
    await eventually(lambda: _says(lobby, "deleted"), "the lobby message updated")
    assert "cancelled" in lobby.text and str(row.id) in lobby.text
    links_lead_somewhere(d, lobby)
    before = len(requests_to(d, thread))
    harness.clock.advance(7 * 24 * 3600)  # reminders, idle votes: nothing is due
    await harness.live.clockwork.tick()
    assert len(requests_to(d, thread)) == before
    cancel = await d.slash(d.ids["alice"], d.ids["channel"], "game cancel")
    assert cancel.ephemeral and "no game" in cancel.content.lower(), cancel.content
    assert d.links(cancel.content) == []


async def test_a_thread_deleted_while_the_bot_was_offline(harness: Harness) -> None:
    """The thread went while the bot was down (no event reaches it): its first attempt to
    show the game there meets 404 Unknown Channel and takes the same way: cancelled, and
    said so in the parent. It does not try again."""
    d = harness.double
    thread, row = await threaded_game(harness)
    await harness.stop()
    await hand_mover_to_ai(harness, thread)  # the clock owes the table a robot's turn
    d.delete_channel(thread)
    since = len(d.requests)
    await harness.start()
    await eventually(lambda: _is(harness, row.id, "cancelled"), "the game cancelled")
    lobby = await lobby_message(harness, row.id)
    await eventually(lambda: _says(lobby, "deleted"), "the lobby message updated")
    links_lead_somewhere(d, lobby)
    tried = requests_to(d, thread, since)
    assert 1 <= len(tried) <= 2, tried
    await harness.live.clockwork.tick()
    assert requests_to(d, thread, since) == tried


async def test_deleting_the_channel_cancels_the_games_of_its_threads(harness: Harness) -> None:
    """A deleted channel takes its threads with it (no THREAD_DELETE of their own): the
    games played in them are cancelled too."""
    d = harness.double
    channel = d.add_channel(d.ids["guild"], "doomed")
    thread = await harness.open_table("disneyland", ["alice", "bob"], channel=channel)
    row = await harness.live.store.open_game_in(thread)
    assert row is not None and row.parent_channel_id == channel
    d.delete_channel(channel)
    await eventually(lambda: _is(harness, row.id, "cancelled"), "the game cancelled")


@pytest.mark.parametrize("cause", ["permission", "locked"])
async def test_a_thread_that_refuses_the_bot_is_reported_in_the_parent(
    harness: Harness, cause: str
) -> None:
    """The bot may no longer post in the game's thread (Send Messages in Threads or View
    Channel taken away in the parent, or the thread archived and locked) while the clock
    owes the table a robot's turn: the lobby message in the parent says what is wrong and
    how to end the game; the clock gives up after a few refusals instead of trying every
    tick forever; once the place is fixed (Discord tells the bot), the board comes and the
    lobby message is back to normal."""
    d = harness.double
    parent = d.ids["channel"]
    thread, row = await threaded_game(harness)
    await harness.stop()
    await hand_mover_to_ai(harness, thread)
    if cause == "locked":
        d.set_thread_state(thread, archived=True, locked=True)
    else:
        d.set_permissions(parent, d.bot_id, deny=SEND_MESSAGES_IN_THREADS)
    since = len(d.requests)
    await harness.start()
    lobby = await lobby_message(harness, row.id)
    await eventually(lambda: _says(lobby, "/game cancel"), "the trouble said in the parent")
    assert "can no longer post" in lobby.text, lobby.text
    links_lead_somewhere(d, lobby)
    for _ in range(8):
        await harness.live.clockwork.tick()
    posts = [r for r in requests_to(d, thread, since) if r[0] == "POST"]
    assert 1 <= len(posts) <= 3, posts
    assert await status_of(harness, row.id) == "active", "not ended behind the players' backs"
    board = (await harness.live.store.get(row.id) or row).turn_message_id
    if cause == "locked":
        d.set_thread_state(thread, archived=False, locked=False)
    else:
        d.set_permissions(parent, d.bot_id)
    await eventually(lambda: _ticked_shows(harness, row.id), "the owed board shown")
    assert (await harness.live.store.get(row.id) or row).turn_message_id != board
    await eventually(lambda: _says(lobby, "playing"), "the lobby message back to normal")
    assert "/game cancel" not in lobby.text


async def test_a_channel_hidden_from_the_bot_is_not_tried_forever(harness: Harness) -> None:
    """View Channel taken from the bot in the parent: Discord answers 403 Missing Access
    in the thread and in the parent alike, so nothing can be said anywhere; the clock
    gives up after a few refusals, and shows the owed board once the channel is visible
    again."""
    d = harness.double
    parent = d.ids["channel"]
    thread, row = await threaded_game(harness)
    await harness.stop()
    await hand_mover_to_ai(harness, thread)
    d.set_permissions(parent, d.bot_id, deny=VIEW_CHANNEL)
    since = len(d.requests)
    await harness.start()
    for _ in range(8):
        await harness.live.clockwork.tick()
    tried = requests_to(d, thread, since) + requests_to(d, parent, since)
    assert 1 <= len(tried) <= 6, tried
    d.set_permissions(parent, d.bot_id)
    await eventually(lambda: _ticked_shows(harness, row.id), "the owed board shown")


async def test_the_host_or_an_admin_cancels_from_the_parent(harness: Harness) -> None:
    """`/game cancel` in the parent channel ends the game played in its thread: refused
    to a player who is not the host, done for the host or for Manage Channels; with two
    games in threads, the game's number says which."""
    d = harness.double
    parent = d.ids["channel"]
    thread, row = await threaded_game(harness, rated=False)  # a host ends a casual game
    other = await harness.open_table("disneyland", ["carol", "dave"])
    second = await harness.live.store.open_game_in(other)
    assert second is not None and second.parent_channel_id == parent
    which = await d.slash(d.ids["alice"], parent, "game cancel")
    assert which.ephemeral and "game_id" in which.content, which.content
    refused = await d.slash(d.ids["bob"], parent, "game cancel", game_id=row.id)
    assert refused.ephemeral and "host" in refused.content, refused.content
    done = await d.slash(d.ids["alice"], parent, "game cancel", game_id=row.id)
    assert not done.ephemeral and "cancelled" in done.content, done.content
    assert await status_of(harness, row.id) == "cancelled"
    lobby = await lobby_message(harness, row.id)
    await eventually(lambda: _says(lobby, "cancelled"), "the lobby message updated")
    board = await harness.board(thread, row.id)
    assert board.buttons() == [], "the board in the thread keeps no buttons"
    admin = await d.slash(d.ids["admin"], parent, "game cancel")  # the one game left
    assert not admin.ephemeral and f"#{second.id}" in admin.content, admin.content
    assert await status_of(harness, second.id) == "cancelled"


async def _is(h: Harness, game_id: int, status: str) -> bool:
    return await status_of(h, game_id) == status


async def _says(message: MessageRecord, words: str) -> bool:
    return words in message.text


async def _ticked_shows(h: Harness, game_id: int) -> bool:
    await h.live.clockwork.tick()
    row = await h.live.store.get(game_id)
    return row is not None and row.shown_version >= row.version


async def test_an_interaction_shows_the_bot_may_post_again(harness: Harness) -> None:
    """The thread refused the bot's posts and edits until the clock gave up, then the
    refusal ended with no event saying so (here: injected 403s removed). A player's
    command there (one answered privately, that asks nothing of the thread) carries the
    bot's permissions in it: they allow posting, so the lobby message is back to normal
    and the clock serves the table again (its next reminder comes)."""
    d = harness.double
    thread, row = await threaded_game(harness)
    await harness.stop()
    await hand_mover_to_ai(harness, thread)
    refusals = [
        d.faults.add(f"/channels/{thread}/messages", 403, method=method, times=None)
        for method in ("POST", "PATCH")
    ]
    await harness.start()
    lobby = await lobby_message(harness, row.id)
    await eventually(lambda: _says(lobby, "/game cancel"), "the trouble said in the parent")
    for _ in range(4):
        await harness.live.clockwork.tick()
    for refusal in refusals:
        d.faults.remove(refusal)
    since = len(d.requests)
    await harness.live.clockwork.tick()
    assert requests_to(d, thread, since) == [], "the clock gave up on the place"
    log = await d.slash(d.ids["bob"], thread, "game log")  # answered privately: no post
    assert log.ephemeral and "Sorry" not in log.content
    await eventually(lambda: _says(lobby, "playing"), "the lobby message back to normal")
    mark = d.messages(thread)[-1].id
    harness.clock.advance(DEFAULTS["live_remind"] + 1)
    await harness.live.clockwork.tick()
    await d.wait_for_message(thread, reminder, after=mark, timeout=10)
