"""Issue 20, defect 4 and its class: a message that shows a new version is posted at most
once, whatever fails between its post and its record (a busy store, a restart). The
outbox that catches a channel up finds the message already posted (this process
remembers it; Discord returns it for the same nonce) instead of posting it again."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.store import StoreBusy
from bot.store.interface import GameStore
from tests.bot.double import DiscordDouble, MessageRecord
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
    return [m for m in d.messages(channel) if m.id > mark]


async def end_turn_unrecorded(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> tuple[int, int, str, int]:
    """alice and bob at Disneyland: the mover rolls, then taps Rent, which begins the
    other's turn in a new message; the store refuses to record that message once.
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
    assert [m.id for m in d.messages(channel) if playing_components(m)] == [posted[0].id]


async def test_a_turn_message_the_store_did_not_record_is_not_posted_again(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Defect 4: the new turn message is posted, its record fails once; the clock's
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
    opened = await d.slash(d.ids["alice"], channel, "game new", game="disneyland")
    assert not opened.ephemeral, opened.content
    row = await lobby_settled(d, harness.live.store, channel)
    courier = harness.live.actions.courier
    while courier.in_flight(channel):  # /game new's handler is done with its card
        await asyncio.sleep(0.01)
    await harness.write_game(row.id, shown_version=row.version - 1)  # its card never came
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
