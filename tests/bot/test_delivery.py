"""Issue 9, defect 4: a committed move always reaches the channel. The store records which
version of each game the channel last saw; when the answer to an interaction fails after the
commit, the board goes out as a channel message; what could not be shown at all is posted
when the bot can (every tick, and at start-up). Nobody is told to "try again" for a move
that landed."""

from __future__ import annotations

from tests.bot.double import DiscordDouble, MessageRecord
from tests.bot.harness import Harness


def board_after(d: DiscordDouble, channel: int, mark: int) -> list[MessageRecord]:
    return [m for m in d.messages(channel) if m.id > mark and m.attachments]


def nobody_told_to_retry(d: DiscordDouble) -> None:
    for message in d.world.messages.values():
        assert "try again" not in message.content.lower(), message.content


async def test_a_move_whose_answer_fails_is_posted_in_the_channel(harness: Harness) -> None:
    d = harness.double
    channel = await harness.open_table("disneyland", ["alice", "bob"])
    row, _ = await harness.state(channel)
    mover = int(await harness.mover(channel))
    mark = d.messages(channel)[-1].id
    d.faults.add("/callback", 404, times=1)  # the token expired, say
    await harness.play(mover, channel, "roll")
    board = await d.wait_for_message(channel, lambda m: bool(m.attachments), after=mark)
    assert "rolled" in board.content
    assert [m.code for m in await harness.live.store.moves(row.id)] == ["roll"]
    await harness.live.clockwork.tick()
    assert len(board_after(d, channel, mark)) == 1, "posted once, not again by the clock"
    nobody_told_to_retry(d)


async def test_a_move_nobody_could_see_is_posted_after_a_restart(harness: Harness) -> None:
    """Both the answer and the channel refuse; after a restart the board is posted."""
    d = harness.double
    channel = await harness.open_table("disneyland", ["alice", "bob"])
    row, _ = await harness.state(channel)
    mover = int(await harness.mover(channel))
    mark = d.messages(channel)[-1].id
    d.faults.add("/callback", 404, times=1)
    blocked = d.faults.add(f"/channels/{channel}/messages", 403, method="POST", times=None)
    await harness.play(mover, channel, "roll")
    assert board_after(d, channel, mark) == []
    await harness.restart()
    d.faults.remove(blocked)
    await harness.restart()
    board = await d.wait_for_message(channel, lambda m: bool(m.attachments), after=mark)
    after, _ = await harness.state(channel)
    assert after.version > row.version and "roll" in board.content.lower()
    nobody_told_to_retry(d)


async def test_a_board_the_channel_refused_is_posted_once_it_accepts(harness: Harness) -> None:
    """The clock catches up on what could not be shown, without a restart."""
    d = harness.double
    channel = await harness.open_table("disneyland", ["alice", "bob"])
    mover = int(await harness.mover(channel))
    mark = d.messages(channel)[-1].id
    d.faults.add("/callback", 404, times=1)
    blocked = d.faults.add(f"/channels/{channel}/messages", 403, method="POST", times=None)
    await harness.play(mover, channel, "roll")
    d.faults.remove(blocked)
    await harness.live.clockwork.tick()
    assert len(board_after(d, channel, mark)) == 1


async def test_a_lobby_whose_first_answer_fails_is_posted(harness: Harness) -> None:
    d = harness.double
    channel = d.ids["channel"]
    d.faults.add("/callback", 404, times=1)
    await d.slash(d.ids["alice"], channel, "game new", game="troolpark")
    card = await d.wait_for_message(channel, lambda m: bool(m.embeds))
    assert "Waiting for players" in str(card.embeds)
    row = await harness.live.store.open_game_in(channel)
    assert row is not None
    join = f"ts:lobby:{row.id}:join"
    assert join in [b[0] for b in card.buttons()]
    joined = await d.click(d.ids["bob"], card, join)
    assert joined.response_type == 7 and "bob" in str(joined.embeds)
    nobody_told_to_retry(d)


async def test_in_ordinary_play_every_channel_is_up_to_date(harness: Harness) -> None:
    """Lobby commands and buttons, start, moves, leaving and rejoining: each shows the
    table's latest version, so the clock has nothing to catch up on."""
    d = harness.double
    channel = d.ids["channel"]
    await d.slash(d.ids["alice"], channel, "game new", game="disneyland")
    lobby = d.messages(channel)[-1]
    row = await harness.live.store.open_game_in(channel)
    assert row is not None
    await d.click(d.ids["bob"], lobby, f"ts:lobby:{row.id}:join")
    await d.slash(d.ids["carol"], channel, "game join")
    channel, _ = await harness.start_game(d.ids["alice"], channel)
    for _ in range(3):
        mover = int(await harness.mover(channel))
        choices = [c["value"] for c in await harness.choices(mover, channel)]
        await harness.play(mover, channel, "roll" if "roll" in choices else choices[0])
    ask = await d.slash(d.ids["carol"], channel, "game leave")
    assert ask.original is not None
    await d.click(d.ids["carol"], ask.original, ask.original.buttons()[0][0])
    await d.wait_for_message(channel, lambda m: "left" in m.content and bool(m.attachments))
    await d.slash(d.ids["carol"], channel, "game rejoin")
    assert await harness.live.store.unshown() == []
    mark = d.messages(channel)[-1].id
    await harness.live.clockwork.tick()
    assert [m for m in d.messages(channel) if m.id > mark and m.attachments] == []


async def test_a_deleted_channel_is_owed_nothing(harness: Harness) -> None:
    """The channel was deleted: the clock stops trying to show its game there."""
    d = harness.double
    channel = await harness.open_table("disneyland", ["alice", "bob"], channel=d.ids["thread"])
    mover = int(await harness.mover(channel))
    d.faults.add("/callback", 404, times=1)
    # Deleted just then: Discord answers 404 Unknown Channel from now on.
    d.faults.add(f"/channels/{channel}/messages", 404, method="POST", times=None)
    await harness.play(mover, channel, "roll")
    await harness.live.clockwork.tick()
    assert await harness.live.store.unshown() == []
    posts = [r for r in d.requests if r[0] == "POST" and r[1] == f"/channels/{channel}/messages"]
    await harness.live.clockwork.tick()
    again = [r for r in d.requests if r[0] == "POST" and r[1] == f"/channels/{channel}/messages"]
    assert again == posts, "no more attempts"
