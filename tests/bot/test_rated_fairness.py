"""Rated play cannot be gamed (four ways it was, D1–D4 below), through the real
client and the Discord double: a losing host cannot cancel a rated game away, nor can a
loser end it by an idle vote (or by voting the leader idle and leaving); a leader voted
idle who takes the seat back is rated on the finish; a second account that leaves at once
does not make a rated game of one person."""

from __future__ import annotations

import asyncio

from bot.common.pace import DEFAULTS
from bot.common.ratings import EVERYWHERE, Scope
from bot.store import GameRow
from tests.bot.double import MessageRecord
from tests.bot.harness import Harness
from tests.store.reads import results_of


async def rated_disneyland(h: Harness, leader: str | None = None) -> tuple[int, GameRow]:
    """A rated two-player Disneyland game of alice (host) and bob, under way; ``leader``
    (by name) far the richer, else whoever moves first. Where it is played, and its row."""
    d = h.double
    where = await h.open_table("disneyland", ["alice", "bob"], length="open")
    row, state = await h.state(where)
    assert row.rated
    rich = str(d.ids[leader]) if leader is not None else await h.mover(where)
    state["money"][rich] += 5000
    await h.put_state(where, state)
    return where, row


async def idle_notice(h: Harness, where: int) -> MessageRecord:
    """The clock's idle notice about the seat to move, once its delay has passed."""
    h.clock.advance(DEFAULTS["live_idle"] + 1)
    await h.live.clockwork.tick()
    return next(m for m in reversed(h.double.messages(where)) if m.content.startswith("💤"))


async def voted_idle(h: Harness, where: int) -> tuple[int, int]:
    """The player to move thinks past the idle delay; the other, the only voter, lets the
    AI play for them. (The idle one, the voter.)"""
    d = h.double
    idle = int(await h.mover(where))
    voter = d.ids["alice"] if idle == d.ids["bob"] else d.ids["bob"]
    notice = await idle_notice(h, where)
    voted = await d.click(voter, notice, next(b[0] for b in notice.buttons()))
    assert "AI now plays" in (voted.content or voted.text), voted.content
    await h.settle()
    return idle, voter


async def ended_now(h: Harness, where: int, row: GameRow) -> GameRow:
    """Whoever moves proposes to end the game now; the other person (if any still plays)
    agrees; the robots vote with the majority. The finished row."""
    for _ in range(50):
        mover = await h.mover(where)
        fresh, _ = await h.state(where)
        seat = fresh.seat(mover)
        if seat is not None and not seat.ai:
            break
        await asyncio.sleep(0.1)
    proposed = await h.play(int(mover), where, "propose:now")
    assert not proposed.content.startswith("Sorry"), proposed.content
    for seat in fresh.seats:
        if seat.id != mover and not seat.ai:
            await h.play(int(seat.id), where, "vote:yes")
    await h.settle()
    for _ in range(50):
        done = await h.live.store.get(row.id)
        if done is not None and done.status != "active":
            return done
        await asyncio.sleep(0.1)
    raise AssertionError("the game did not end")


async def test_a_losing_host_cannot_cancel_a_rated_game_but_a_moderator_can(
    harness: Harness,
) -> None:
    """D1: alice hosts, bob is far ahead; alice's `/game cancel` is refused privately and
    the game goes on; a moderator (Manage Channels) can still end it, unrated."""
    d = harness.double
    where, row = await rated_disneyland(harness, leader="bob")
    refused = await d.slash(d.ids["alice"], where, "game cancel")
    await harness.settle()
    assert refused.ephemeral and "played to its end" in refused.content, refused.content
    fresh = await harness.live.store.get(row.id)
    assert fresh is not None and fresh.status == "active"
    moderated = await d.slash(d.ids["admin"], where, "game cancel")
    assert not moderated.ephemeral, moderated.content
    fresh = await harness.live.store.get(row.id)
    assert fresh is not None and fresh.status == "cancelled"
    assert await harness.live.store.rating_board(EVERYWHERE, "disneyland", unlisted=True) == (0, [])


async def test_a_rated_game_everyone_leaves_ends_unrated(harness: Harness) -> None:
    """D1's way out by agreement: when every person leaves, the game ends, unrated."""
    d = harness.double
    where, row = await rated_disneyland(harness, leader="bob")
    for name in ("alice", "bob"):
        ask = await d.slash(d.ids[name], where, "game leave")
        assert ask.ephemeral and ask.original is not None
        await d.click(d.ids[name], ask.original, ask.original.buttons()[0][0])
        await harness.settle()
    fresh = await harness.live.store.get(row.id)
    assert fresh is not None and fresh.status == "cancelled"
    assert await harness.live.store.rating_board(EVERYWHERE, "disneyland", unlisted=True) == (0, [])


async def test_a_host_still_cancels_a_casual_game(harness: Harness) -> None:
    """The rule is about rated games only: a casual table's host ends it as before."""
    d = harness.double
    where = await harness.open_table("disneyland", ["alice", "bob"], rated=False)
    row, _ = await harness.state(where)
    assert not row.rated
    cancelled = await d.slash(d.ids["alice"], where, "game cancel")
    assert not cancelled.ephemeral, cancelled.content
    fresh = await harness.live.store.get(row.id)
    assert fresh is not None and fresh.status == "cancelled"


async def test_a_casual_table_still_ends_by_an_idle_vote(harness: Harness) -> None:
    """The idle vote's "end" stays for casual tables."""
    d = harness.double
    where = await harness.open_table("disneyland", ["alice", "bob"], rated=False)
    row, _ = await harness.state(where)
    idle = int(await harness.mover(where))
    voter = d.ids["alice"] if idle == d.ids["bob"] else d.ids["bob"]
    notice = await idle_notice(harness, where)
    assert [b[0].rsplit(":", 1)[1] for b in notice.buttons()] == ["ai", "end"]
    ended = await d.click(voter, notice, notice.buttons()[1][0])
    await harness.settle()
    assert "voted to end" in (ended.content or notice.content), ended.content
    fresh = await harness.live.store.get(row.id)
    assert fresh is not None and fresh.status == "cancelled"


async def test_a_loser_cannot_end_a_rated_game_by_an_idle_vote(harness: Harness) -> None:
    """D2: the leader thinks past the idle delay; at a rated table the notice offers only
    the AI (no "end"), and an "end" ballot written by hand is refused: the game goes on."""
    d = harness.double
    where, row = await rated_disneyland(harness)
    leader = int(await harness.mover(where))
    voter = d.ids["alice"] if leader == d.ids["bob"] else d.ids["bob"]
    notice = await idle_notice(harness, where)
    assert [b[0].rsplit(":", 1)[1] for b in notice.buttons()] == ["ai"]
    assert "end the game" not in notice.content
    forged = await d.forge_click(voter, notice, f"ts:idle:{row.id}:{row.version}:end")
    await harness.settle()
    assert forged.ephemeral and "played to its end" in forged.content, forged.content
    fresh = await harness.live.store.get(row.id)
    assert fresh is not None and fresh.status == "active"


async def test_a_loser_who_votes_the_leader_idle_and_leaves_does_not_cancel_the_game(
    harness: Harness,
) -> None:
    """D2, in two steps: the loser votes the idle leader's seat to the AI, then leaves.
    The last person leaving used to cancel the game (nobody rated); at a rated table the
    idle seat goes back to its person instead, and the loser is rated last."""
    d = harness.double
    where, row = await rated_disneyland(harness)
    leader, loser = await voted_idle(harness, where)
    ask = await d.slash(loser, where, "game leave")
    assert ask.ephemeral and ask.original is not None
    await d.click(loser, ask.original, ask.original.buttons()[0][0])
    await harness.settle()
    fresh, _ = await harness.state(where)
    assert fresh.status == "active"
    back = fresh.seat(str(leader))
    assert back is not None and (not back.ai or back.returning), back
    done = await ended_now(harness, where, row)
    assert done.status == "finished"
    _, standings = await harness.live.store.rating_board(EVERYWHERE, "disneyland", unlisted=True)
    # Only the leaver's loss applies (one person stayed): the loser alone is rated.
    assert [s.player for s in standings] == [str(loser)]
    assert standings[0].rating.mu < 25


async def test_a_leader_voted_idle_once_and_back_is_rated_on_the_finish(
    harness: Harness,
) -> None:
    """D3: the leader thinks past the idle delay once, the other player votes the AI in,
    the leader rejoins at once and wins on the score: rated first, not as a leaver."""
    d = harness.double
    where, row = await rated_disneyland(harness)
    leader, voter = await voted_idle(harness, where)
    back = await d.slash(leader, where, "game rejoin")
    assert "back" in (back.content or back.text), back.content
    await harness.settle()
    done = await ended_now(harness, where, row)
    assert done.status == "finished"
    results = {r.seat_id: r for r in await results_of(harness.live.store, row.id)}
    assert results[str(leader)].rank == 1 and not results[str(leader)].ai_played
    _, standings = await harness.live.store.rating_board(EVERYWHERE, "disneyland", unlisted=True)
    assert [s.player for s in standings] == [str(leader), str(voter)]


async def test_a_player_who_left_and_came_back_is_still_a_leaver(harness: Harness) -> None:
    """D3's other half: a voluntary `/game leave` makes a leaver, even back and winning."""
    d = harness.double
    where, row = await rated_disneyland(harness, leader="bob")
    ask = await d.slash(d.ids["bob"], where, "game leave")
    assert ask.ephemeral and ask.original is not None
    await d.click(d.ids["bob"], ask.original, ask.original.buttons()[0][0])
    await harness.settle()
    await d.slash(d.ids["bob"], where, "game rejoin")
    await harness.settle()
    done = await ended_now(harness, where, row)
    assert done.status == "finished"
    results = {r.seat_id: r for r in await results_of(harness.live.store, row.id)}
    assert results[str(d.ids["bob"])].rank == 1 and results[str(d.ids["bob"])].ai_played
    _, standings = await harness.live.store.rating_board(EVERYWHERE, "disneyland", unlisted=True)
    # Rated last; alice was the only one to stay, so only bob's loss applies (D4).
    assert [s.player for s in standings] == [str(d.ids["bob"])]
    assert standings[0].rating.mu < 25


async def test_an_alt_who_leaves_at_once_makes_no_rated_game_of_one_person(
    harness: Harness,
) -> None:
    """D4: bob (alice's second account) leaves at once; the AI on bob's seat ends far
    richer, yet alice, alone among robots, used to be rated the winner (a farming loop).
    With fewer than two people to the end, only the leaver's loss applies: alice gains
    nothing, and is not on the board at all."""
    d = harness.double
    where, row = await rated_disneyland(harness, leader="bob")
    ask = await d.slash(d.ids["bob"], where, "game leave")
    assert ask.ephemeral and ask.original is not None
    await d.click(d.ids["bob"], ask.original, ask.original.buttons()[0][0])
    await harness.settle()
    done = await ended_now(harness, where, row)
    assert done.status == "finished"
    results = {r.seat_id: r for r in await results_of(harness.live.store, row.id)}
    assert results[str(d.ids["bob"])].rank < results[str(d.ids["alice"])].rank
    assert done.guild_id is not None
    for scope in (EVERYWHERE, Scope(done.guild_id, 1)):
        total, standings = await harness.live.store.rating_board(scope, "disneyland", unlisted=True)
        assert total == 1 and standings[0].player == str(d.ids["bob"])
        assert standings[0].rating.mu < 25 and standings[0].rating.games == 1


async def test_a_leader_voted_idle_is_not_rated_last_by_an_agreed_end(harness: Harness) -> None:
    """The loser votes the idle leader's seat to the AI, then
    proposes to end the Disneyland game now; the AI on the leader's seat goes with the
    majority and the game ends while it holds the seat. The leader never left: they are
    rated on their finish (first), not as a leaver."""
    where, row = await rated_disneyland(harness)
    leader, _ = await voted_idle(harness, where)
    done = await ended_now(harness, where, row)
    assert done.status == "finished"
    results = {r.seat_id: r for r in await results_of(harness.live.store, row.id)}
    assert results[str(leader)].rank == 1
    assert not results[str(leader)].ai_played, "the leader never left: rated as a leaver"
