"""A message that shows a new version is posted at most
once, whatever fails between its post and its record (a busy store, a restart). The
outbox that catches a channel up finds the message already posted (this process
remembers it; Discord returns it for the same nonce) instead of posting it again.

Discord remembers a nonce for a few minutes only, so after a
longer restart the outbox looks the channel's history up first. When it cannot look, it
waits for the next tick rather than post twice, but never loses the update: without Read
Message History, or after ``LOOKS`` failed looks in a row, the update goes out."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.chat.delivery import LOOKS
from bot.store import StoreBusy
from bot.store.interface import GameStore
from tests.bot.double import DiscordDouble, MessageRecord
from tests.bot.double.payloads import READ_MESSAGE_HISTORY
from tests.bot.double.rest_channels import NONCE_MEMORY
from tests.bot.harness import Harness
from tests.bot.tabletop import lobby_settled, playing_components


def fail_once(monkeypatch: pytest.MonkeyPatch, store: GameStore, method: str) -> asyncio.Event:
    """The store's ``method`` fails once, as a busy database does; the event is set
    when it did."""
    real: Callable[..., Awaitable[Any]] = getattr(store, method)
    failed = asyncio.Event()

    async def busy(*args: Any, **kwargs: Any) -> Any:
        if not failed.is_set():
            failed.set()
            raise StoreBusy("The game database is busy right now.")
        return await real(*args, **kwargs)

    monkeypatch.setattr(store, method, busy)
    return failed


def after(d: DiscordDouble, channel: int, mark: int) -> list[MessageRecord]:
    """The bot's messages in ``channel`` after ``mark`` (people may talk meanwhile)."""
    return [m for m in d.messages(channel) if m.id > mark and m.author_id == d.bot_id]


#: Longer than Discord remembers a nonce: the double's clock is moved on by this much.
LONG_RESTART = NONCE_MEMORY + 60


async def end_turn_unrecorded(
    h: Harness, monkeypatch: pytest.MonkeyPatch, *, unposted: bool = False
) -> tuple[int, int, str, int]:
    """alice and bob at Disneyland: the mover rolls, then taps Rent, which begins the
    other's turn in a new message; the store refuses to record that message once (or,
    ``unposted``, Discord refuses to post it once).
    Returns the channel, the game, the other seat and the last message before it."""
    d = h.double
    channel = await h.open_table("disneyland", ["alice", "bob"], seed=11)
    row, _ = await h.state(channel)
    mover = await h.mover(channel)
    other = next(s.id for s in row.seats if s.id != mover)
    board = await h.board(channel)
    roll = next(b[0] for b in board.buttons() if b[0].endswith(":roll"))
    await d.click(int(mover), board, roll)
    board = await h.board(channel)
    rent = next(b[0] for b in board.buttons() if b[0].endswith(":rent"))
    mark = d.messages(channel)[-1].id
    if unposted:
        refused = d.faults.add(f"/channels/{channel}/messages", 503, method="POST", times=1)
        await d.click(int(mover), board, rent)
        async with asyncio.timeout(10):  # the click's handler meets the refusal, gives up
            while not refused.hits or h.live.actions.courier.in_flight(channel):
                await asyncio.sleep(0.01)
        assert after(d, channel, mark) == []
    else:
        failed = fail_once(monkeypatch, h.live.store, "show_turn")
        await d.click(int(mover), board, rent)
        await asyncio.wait_for(failed.wait(), 10)
    return channel, row.id, other, mark


async def check_one_turn_message(
    h: Harness, channel: int, game_id: int, other: str, mark: int
) -> None:
    """The new turn is one message, pinging the other once; it is the recorded board and
    the only one with buttons; the channel is up to date."""
    d = h.double
    await h.settle()
    posted = after(d, channel, mark)
    assert len(posted) == 1, [m.text[:80] for m in posted]
    assert posted[0].pinged == [int(other)]
    row = await h.live.store.get(game_id)
    assert row is not None and row.turn_message_id == posted[0].id
    assert row.shown_version == row.version
    live = [m.id for m in d.messages(channel) if playing_components(m) and not m.deleted]
    assert live == [posted[0].id]


async def test_a_turn_message_the_store_did_not_record_is_not_posted_again(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The new turn message is posted, its record fails once; the clock's
    outbox, catching the channel up, records it instead of posting the turn again."""
    channel, game_id, other, mark = await end_turn_unrecorded(harness, monkeypatch)
    await harness.live.clockwork.tick()
    await check_one_turn_message(harness, channel, game_id, other, mark)


async def test_nor_after_a_restart(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same, when the bot restarts before the record could be retried: its first
    tick posts the turn with the same nonce, and Discord returns the message posted."""
    channel, game_id, other, mark = await end_turn_unrecorded(harness, monkeypatch)
    await harness.restart()
    await harness.live.clockwork.tick()
    await check_one_turn_message(harness, channel, game_id, other, mark)


async def test_a_caught_up_lobby_card_is_posted_once(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The outbox posts a lobby card its channel missed; recording that it was shown
    fails once: the next catch-up finds that card, posts none, and keeps it live."""
    d = harness.double
    channel = d.ids["channel"]
    opened = await d.slash(d.ids["alice"], channel, "game new disneyland")
    assert not opened.ephemeral, opened.content
    row = await lobby_settled(d, harness.live.store, channel)
    courier = harness.live.actions.courier
    while courier.in_flight(channel):  # /game new's handler is done with its card
        await asyncio.sleep(0.01)
    await harness.write_game(row.id, shown_version=row.version - 1)  # its card never came
    assert row.lobby_message_id is not None
    d.delete_message(channel, row.lobby_message_id)  # (it is not in the channel)
    failed = fail_once(monkeypatch, harness.live.store, "mark_shown")
    mark = d.messages(channel)[-1].id
    await harness.live.clockwork.tick()
    assert failed.is_set()
    await harness.live.clockwork.tick()
    await harness.settle()
    cards = after(d, channel, mark)
    assert len(cards) == 1, [m.text[:80] for m in cards]
    fresh = await harness.live.store.get(row.id)
    assert fresh is not None and fresh.lobby_message_id == cards[0].id
    assert cards[0].buttons(), "the card stays live"


async def test_nor_after_a_restart_longer_than_discord_remembers_the_nonce(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The restart outlasts the nonce, and people talked meanwhile. The outbox
    finds the turn message in the channel's history (the bot's own, after the recorded
    board, with this game's board buttons and the same pings) and records it."""
    d = harness.double
    channel, game_id, other, mark = await end_turn_unrecorded(harness, monkeypatch)
    for words in ("is it my turn?", "the bot is slow", f"<@{d.bot_id}> hello?"):
        d.say(d.ids["carol"], channel, words)
    d.advance(LONG_RESTART)
    await harness.restart()
    await harness.live.clockwork.tick()
    await check_one_turn_message(harness, channel, game_id, other, mark)


async def test_a_turn_message_deleted_before_its_record_is_posted_anew(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Someone deleted the new turn message before its record got in. Its nonce now
    finds no message (Discord answers 404 Unknown Message for minutes), nor does the
    channel's history: after a restart the turn is posted again, once, and recorded."""
    d = harness.double
    channel, game_id, other, mark = await end_turn_unrecorded(harness, monkeypatch)
    [posted] = after(d, channel, mark)
    d.delete_message(channel, posted.id)
    await harness.restart()
    await harness.live.clockwork.tick()
    await check_one_turn_message(harness, channel, game_id, other, posted.id)


async def owed(h: Harness, game_id: int) -> bool:
    row = await h.live.store.get(game_id)
    assert row is not None
    return row.shown_version < row.version


async def test_a_look_that_fails_posts_nothing_and_a_later_one_finds_the_turn(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The look itself fails (Discord's 503): the turn may be in the channel already, so
    nothing is posted and the update stays owed; the next look finds it."""
    d = harness.double
    channel, game_id, other, mark = await end_turn_unrecorded(harness, monkeypatch)
    d.advance(LONG_RESTART)
    history = d.faults.add(f"/channels/{channel}/messages", 503, method="GET", times=None)
    await harness.restart()  # its resume's tick fails to look
    await harness.live.clockwork.tick()  # and so does this one
    assert history.hits >= 1 and len(after(d, channel, mark)) == 1
    assert await owed(harness, game_id)
    d.faults.remove(history)
    await harness.live.clockwork.tick()
    await check_one_turn_message(harness, channel, game_id, other, mark)


async def test_a_found_turn_message_that_cannot_be_brought_up_to_date_stays_owed(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past a long restart the outbox finds the turn message in
    the channel's history, but the game moved on since it was posted (the next player
    began a trade, a step of the same turn), and Discord fails the edit that would bring
    it up to date. The channel still shows the old step, so the update stays owed (it
    used to be recorded as shown); the next tick edits that message: still one turn
    message, showing the latest version."""
    d = harness.double
    channel, game_id, other, mark = await end_turn_unrecorded(harness, monkeypatch)
    [posted] = after(d, channel, mark)
    row, state = await harness.state(channel)
    mover = next(s.id for s in row.seats if s.id != other)
    state["owners"].update({"15": other, "7": mover})  # an exchange can be written
    await harness.put_state(channel, state)
    row = await harness.live.store.get(game_id)
    assert row is not None
    await harness.live.tables.play(row, other, [f"trade:with:{mover}"])  # nothing shows it yet
    d.advance(LONG_RESTART)
    stale = f"/channels/{channel}/messages/{posted.id}"
    refused = d.faults.add(stale, 503, method="PATCH", times=None)
    await harness.restart()
    await harness.live.clockwork.tick()
    assert refused.hits >= 1 and await owed(harness, game_id)
    d.faults.remove(refused)
    await harness.live.clockwork.tick()
    await check_one_turn_message(harness, channel, game_id, other, mark)
    shown = await harness.live.store.get(game_id)
    assert shown is not None and shown.version > row.version
    assert posted.embeds[0]["image"]["url"].endswith(f"disneyland-{shown.version}.png")


async def test_an_update_is_not_lost_when_looks_keep_failing(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The new turn's post failed (nothing went out), and the channel's history keeps
    failing: the outbox waits ``LOOKS`` ticks, then posts the turn all the same."""
    d = harness.double
    channel, game_id, other, mark = await end_turn_unrecorded(harness, monkeypatch, unposted=True)
    history = d.faults.add(f"/channels/{channel}/messages", 503, method="GET", times=None)
    for _ in range(LOOKS - 1):
        await harness.live.clockwork.tick()
        assert after(d, channel, mark) == [] and await owed(harness, game_id)
    await harness.live.clockwork.tick()
    assert history.hits == LOOKS
    await check_one_turn_message(harness, channel, game_id, other, mark)


async def test_without_read_message_history_the_turn_is_shown_again_not_lost(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server took Read Message History from the bot: Discord then answers an empty
    history, which proves nothing. Past the nonce's minutes the turn is posted again
    (the one thing that cannot be avoided), recorded, and the game goes on."""
    d = harness.double
    channel, game_id, _, mark = await end_turn_unrecorded(harness, monkeypatch)
    d.set_permissions(d.ids["channel"], d.bot_id, deny=READ_MESSAGE_HISTORY)  # the parent
    d.advance(LONG_RESTART)
    await harness.restart()
    await harness.live.clockwork.tick()
    await harness.settle()
    posted = after(d, channel, mark)
    assert len(posted) == 2
    row = await harness.live.store.get(game_id)
    assert row is not None and row.turn_message_id == posted[-1].id
    assert row.shown_version == row.version


async def test_a_lobby_card_is_found_after_a_long_restart(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The outbox posts a lobby card its channel missed, and neither record gets in (the
    card's id, what the channel saw); the restart outlasts the nonce. The card is found
    in the channel's history and recorded: no second card."""
    d = harness.double
    channel = d.ids["channel"]
    opened = await d.slash(d.ids["alice"], channel, "game new disneyland")
    assert not opened.ephemeral, opened.content
    row = await lobby_settled(d, harness.live.store, channel)
    courier = harness.live.actions.courier
    while courier.in_flight(channel):  # /game new's handler is done with its card
        await asyncio.sleep(0.01)
    first = row.lobby_message_id
    assert first is not None
    await harness.write_game(row.id, shown_version=row.version - 1)  # its card never came
    d.delete_message(channel, first)  # (it is not in the channel)
    unseen = fail_once(monkeypatch, harness.live.store, "mark_shown")
    unkept = fail_once(monkeypatch, harness.live.store, "set_lobby_message")
    await harness.live.clockwork.tick()
    assert unseen.is_set() and unkept.is_set()
    d.advance(LONG_RESTART)
    await harness.restart()
    await harness.live.clockwork.tick()
    await harness.settle()
    cards = [m for m in after(d, channel, first) if m.buttons()]
    assert len(cards) == 1, [m.text[:80] for m in cards]
    fresh = await harness.live.store.get(row.id)
    assert fresh is not None and fresh.lobby_message_id == cards[0].id
    assert fresh.shown_version == fresh.version
