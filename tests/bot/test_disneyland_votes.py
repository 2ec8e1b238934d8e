"""Disneyland: agreeing on a length during a game without one (rulebook, Preparation: "If
the players wish, they may agree on the length of the game"; RULES.md, "Agreeing on a
length during the game"), through the real client and the Discord double. The proposal
and the answers are ordinary moves: `/play` offers them, the board shows the answers as
buttons for every voter, an answer is confirmed privately while others have not answered,
and a robot goes with the majority at once."""

from __future__ import annotations

from tests.bot.double import MessageRecord
from tests.bot.harness import Harness


def vote_buttons(board: MessageRecord) -> dict[str, str]:
    """The board's answer buttons by code ("vote:yes"): custom id."""
    return {b[0].split(":", 5)[5]: b[0] for b in board.buttons() if ":vote:" in b[0]}


async def test_a_table_votes_to_end_the_game_now(harness: Harness) -> None:
    d = harness.double
    channel = d.ids["thread"]
    people = [d.ids[name] for name in ("alice", "bob", "carol")]
    await d.slash(people[0], channel, "game new disneyland", length="open")
    for user in people[1:]:
        await d.slash(user, channel, "game join")
    await d.slash(people[0], channel, "game addbot", level="easy")
    await harness.agree_all(channel)  # the robot changed the table
    await d.slash(people[0], channel, "game start")
    proposer = int(await harness.mover(channel))
    first, second = [u for u in people if u != proposer]
    offered = {c["value"] for c in await harness.choices(proposer, channel, "propose")}
    assert {"propose:now", "propose:5", "propose:10", "propose:20"} <= offered
    assert await harness.choices(first, channel, "propose") != [], "says whose turn it is"

    await harness.play(proposer, channel, "propose:now")
    row, state = await harness.state(channel)
    robot = next(s.id for s in row.seats if s.robot)
    assert state["vote"]["ballots"] == {robot: "follow"}, "the robot answered at once"
    board = await harness.board(channel)
    buttons = vote_buttons(board)
    assert set(buttons) == {"vote:yes", "vote:no", "vote:follow"}
    refused = await d.click(proposer, board, buttons["vote:yes"])
    assert refused.ephemeral, "the proposer has already counted for"

    answered = await d.click(first, board, buttons["vote:no"])
    assert answered.ephemeral and "only you can see it" in answered.content
    shown = (await harness.board(channel)).text
    assert "has voted" in shown and "1 against" not in shown, "the answer stays secret"
    changed = await harness.play(first, channel, "vote:yes")
    assert changed.ephemeral and "only you can see it" in changed.content

    await harness.play(second, channel, "vote:no")
    await harness.settle()
    final = d.messages(channel)[-1]
    assert "final results" in final.text
    assert "The players agreed to end the game" in final.text
    assert await harness.live.store.open_game_in(channel) is None
