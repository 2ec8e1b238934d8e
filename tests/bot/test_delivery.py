"""A committed move always reaches the channel. The store records which
version of each game the channel last saw; when the answer to an interaction fails after the
commit, the board is updated through the channel; what could not be shown at all is shown
when the bot can (every tick, and at start-up), as an edit of the turn message or, for a new
turn, one new message. Nobody is told to "try again" for a move that landed."""

from __future__ import annotations

from tests.bot.double import DiscordDouble, MessageRecord
from tests.bot.double.faults import Fault
from tests.bot.harness import Harness
from tests.store.reads import unshown


def posts_after(d: DiscordDouble, channel: int, mark: int) -> list[MessageRecord]:
    return [m for m in d.messages(channel) if m.id > mark]


def nobody_told_to_retry(d: DiscordDouble) -> None:
    for message in d.world.messages.values():
        assert "try again" not in message.text.lower(), message.text


def block_the_channel(d: DiscordDouble, channel: int) -> list[Fault]:
    """The channel refuses every new message and every edit (permissions lost, say)."""
    return [
        d.faults.add(f"/channels/{channel}/messages", 403, method=method, times=None)
        for method in ("POST", "PATCH")
    ]


async def test_a_move_whose_answer_fails_still_reaches_the_board(harness: Harness) -> None:
    """The roll is a step within the turn: the board is edited through the channel, so a
    failed answer to the interaction loses nothing, and the clock adds nothing."""
    d = harness.double
    # A deal whose first roll lands on a plain square: a step, not a new turn (a surprise
    # square would be news for the table, and so a new message).
    channel = await harness.open_table("disneyland", ["alice", "bob"], seed=2)
    row, _ = await harness.state(channel)
    mover = int(await harness.mover(channel))
    mark = d.messages(channel)[-1].id
    d.faults.add("/callback", 404, times=1)  # the token expired, say
    await harness.play(mover, channel, "roll")
    await harness.settle()
    board = await harness.board(channel)
    assert "rolled" in board.text
    assert [m.code for m in await harness.live.store.moves(row.id)] == ["roll"]
    revisions = len(board.revisions)
    await harness.live.clockwork.tick()
    assert posts_after(d, channel, mark) == [] and len(board.revisions) == revisions
    nobody_told_to_retry(d)


async def test_a_move_nobody_could_see_is_shown_after_a_restart(harness: Harness) -> None:
    """Both the answer and the channel refuse; after a restart the board shows it."""
    d = harness.double
    channel = await harness.open_table("disneyland", ["alice", "bob"])
    row, _ = await harness.state(channel)
    mover = int(await harness.mover(channel))
    d.faults.add("/callback", 404, times=1)
    blocked = block_the_channel(d, channel)
    await harness.play(mover, channel, "roll")
    assert "rolled" not in (await harness.board(channel)).text
    await harness.restart()
    for fault in blocked:
        d.faults.remove(fault)
    await harness.restart()
    await harness.settle()
    after, _ = await harness.state(channel)
    assert after.version > row.version and "rolled" in (await harness.board(channel)).text
    nobody_told_to_retry(d)


async def test_a_board_the_channel_refused_is_shown_once_it_accepts(harness: Harness) -> None:
    """The clock catches up on what could not be shown, without a restart: a step within
    the turn edits the board; a new turn is posted once, pinging its mover once."""
    d = harness.double
    channel = await harness.open_table("disneyland", ["alice", "bob"], seed=11)
    mover = int(await harness.mover(channel))
    mark = d.messages(channel)[-1].id
    d.faults.add("/callback", 404, times=1)
    blocked = block_the_channel(d, channel)
    await harness.play(mover, channel, "roll")
    for fault in blocked:
        d.faults.remove(fault)
    await harness.live.clockwork.tick()
    assert "rolled" in (await harness.board(channel)).text
    assert posts_after(d, channel, mark) == []
    assert int(await harness.mover(channel)) == mover, "seed 11: the roller may rent"
    blocked = block_the_channel(d, channel)
    await harness.play(mover, channel, "rent")
    for fault in blocked:
        d.faults.remove(fault)
    await harness.live.clockwork.tick()
    await harness.live.clockwork.tick()
    new = posts_after(d, channel, mark)
    next_mover = int(await harness.mover(channel))
    assert len(new) == 1 and next_mover != mover, [m.text for m in new]
    assert new[0].pinged == [next_mover] and "rented" in new[0].text
    assert await harness.board(channel) == new[0]
    assert d.messages(channel)[-2].buttons() == [], "the old board lost its buttons"


async def test_a_lobby_whose_first_answer_fails_is_posted(harness: Harness) -> None:
    d = harness.double
    channel = d.ids["channel"]
    d.faults.add("/callback", 404, times=1)
    await d.slash(d.ids["alice"], channel, "game new troolpark")
    card = await d.wait_for_message(channel, lambda m: bool(m.embeds))
    assert "Waiting for players" in str(card.embeds)
    row = await harness.live.store.open_game_in(channel)
    assert row is not None
    join = f"ts:lobby:{row.id}:0:join"
    assert join in [b[0] for b in card.buttons()]
    joined = await d.click(d.ids["bob"], card, join)
    assert joined.response_type == 7 and "bob" in str(joined.embeds)
    nobody_told_to_retry(d)


async def test_in_ordinary_play_every_channel_is_up_to_date(harness: Harness) -> None:
    """Lobby commands and buttons, start, moves, leaving and rejoining: each shows the
    table's latest version, so the clock has nothing to catch up on."""
    d = harness.double
    channel = d.ids["channel"]
    await d.slash(d.ids["alice"], channel, "game new disneyland")
    lobby = d.messages(channel)[-1]
    row = await harness.live.store.open_game_in(channel)
    assert row is not None
    await d.click(d.ids["bob"], lobby, f"ts:lobby:{row.id}:0:join")
    await d.slash(d.ids["carol"], channel, "game join")
    channel, _ = await harness.start_game(d.ids["alice"], channel)
    for _ in range(3):
        mover = int(await harness.mover(channel))
        choices = [c["value"] for c in await harness.choices(mover, channel)]
        await harness.play(mover, channel, "roll" if "roll" in choices else choices[0])
    ask = await d.slash(d.ids["carol"], channel, "game leave")
    assert ask.original is not None
    await d.click(d.ids["carol"], ask.original, ask.original.buttons()[0][0])
    await harness.settle()
    assert "left" in (await harness.board(channel)).text
    await d.slash(d.ids["carol"], channel, "game rejoin")
    assert await unshown(harness.live.store) == []
    mark = d.messages(channel)[-1].id
    await harness.live.clockwork.tick()
    assert posts_after(d, channel, mark) == []


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
    assert await unshown(harness.live.store) == []
    posts = [r for r in d.requests if r[0] == "POST" and r[1] == f"/channels/{channel}/messages"]
    await harness.live.clockwork.tick()
    again = [r for r in d.requests if r[0] == "POST" and r[1] == f"/channels/{channel}/messages"]
    assert again == posts, "no more attempts"
