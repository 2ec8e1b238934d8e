"""An idle vote exists only once the clock called it. The call is
recorded with the notice (the seats it is about, the players it includes), and a ballot
is stored only for a called vote, from one of its voters. On both backends."""

from __future__ import annotations

from bot.store import Seat, VoteCall
from bot.store.interface import GameStore
from tests.store.backends import Backend
from tests.store.test_store import ALICE, BOB, active_game

CAROL = Seat(id="333", name="Carol")


async def test_a_ballot_needs_a_called_vote_that_includes_its_voter(store: GameStore) -> None:
    row = await active_game(store, seats=(ALICE, BOB, CAROL))
    assert await store.vote(row.id, row.version, "222", "ai") is None, "nothing was called"
    assert await store.vote_call(row.id, row.version) is None
    assert await store.call_vote(row, ["111"], ["222", "333"]) is True
    assert await store.call_vote(row, ["111"], ["222"]) is False, "once per version"
    called = await store.vote_call(row.id, row.version)
    assert called == VoteCall(row.version, ("111",), ("222", "333"))
    fresh = await store.get(row.id)
    assert fresh is not None and fresh.idle_version == row.version, "the notice is marked sent"
    assert await store.vote(row.id, row.version, "111", "end") is None, "the idle seat"
    assert await store.vote(row.id, row.version, "999", "end") is None, "not at the table"
    assert await store.vote(row.id, row.version + 1, "222", "end") is None, "another version"
    assert await store.vote(row.id, row.version, "222", "ai") == {"222": "ai"}
    assert await store.vote(row.id, row.version, "333", "end") == {"222": "ai", "333": "end"}


async def test_no_vote_is_called_once_the_game_moved_on(store: GameStore) -> None:
    row = await active_game(store)
    moved = await store.commit_moves(row, [("111", "roll", [])], {"n": 1}, now=3.0)
    assert await store.call_vote(row, ["111"], ["222"]) is False
    assert await store.vote_call(row.id, row.version) is None
    assert await store.vote_call(moved.id, moved.version) is None
    assert await store.call_vote(moved, ["222"], ["111"]) is True
    assert await store.vote(moved.id, row.version, "222", "ai") is None


async def test_a_notice_sent_before_votes_were_recorded_is_sent_again(backend: Backend) -> None:
    """Migration 7: a game whose idle notice went out before calls were recorded has no
    call to vote in, so its turn is looked at again (the notice, and its call, come anew);
    a game whose notice is still to come, or that is over, is left as it was."""
    columns = "(id, channel_id, slug, status, host_id, seats, seed, options, version, "
    columns += "idle_version, created_at)"
    await backend.at_schema(
        6,
        [
            f"INSERT INTO games {columns} VALUES ({game}, {game}, 'disneyland', '{status}', "
            f"'1', '[]', 1, '{{}}', 9, {idle}, 0)"
            for game, status, idle in ((1, "active", 9), (2, "active", 4), (3, "finished", 9))
        ],
    )
    store = await backend.open()
    idle = {g: (await store.get(g)).idle_version for g in (1, 2, 3)}  # type: ignore[union-attr]
    assert idle == {1: -1, 2: 4, 3: 9}
    await store.close()
