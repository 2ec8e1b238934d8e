"""The coach in the store, on SQLite and PostgreSQL alike: hints are counted per
game and seat, one at a time even when asked at once, without touching the game; a
learning game finishes like any other but is never recorded in results, stats or
ratings."""

from __future__ import annotations

import asyncio

from bot.store import GameStore, Result, Seat
from tests.store.reads import results_of

ALICE = Seat(id="111", name="Alice")
BOB = Seat(id="222", name="Bob")
ROBOT = Seat(id="ai1", name="Robot 1", ai=True, robot=True, ai_played=True, level="easy")


async def started(store: GameStore, channel: int, *, learning: bool) -> tuple[int, int]:
    """A running table of Alice and a robot; its id and version."""
    row = await store.create_lobby(
        guild_id=1,
        channel_id=channel,
        slug="troolpark",
        host=ALICE,
        options={},
        seed=1,
        now=1.0,
        rated=False,
        learning=learning,
    )
    row = await store.update_table(row, seats=[ALICE, ROBOT])
    row = await store.start(row, [ALICE, ROBOT], {}, 2.0)
    assert row.learning is learning and not row.rated
    return row.id, row.version


async def test_hints_are_counted_per_game_and_seat_and_leave_the_game_alone(
    store: GameStore,
) -> None:
    game, version = await started(store, 10, learning=False)
    other, _ = await started(store, 11, learning=False)
    assert await store.hints_used(game) == {}
    assert await store.count_hint(game, ALICE.id) == 1
    assert await store.count_hint(game, ALICE.id) == 2
    assert await store.count_hint(game, BOB.id) == 1
    counts = await asyncio.gather(*(store.count_hint(other, ALICE.id) for _ in range(5)))
    assert sorted(counts) == [1, 2, 3, 4, 5], "each hint asked at once counted once"
    assert await store.hints_used(game) == {ALICE.id: 2, BOB.id: 1}
    assert await store.hints_used(other) == {ALICE.id: 5}
    row = await store.get(game)
    assert row is not None and row.version == version, "a hint is no change of the game"


async def test_a_learning_game_is_never_in_results_stats_or_ratings(store: GameStore) -> None:
    results = [
        Result(ALICE.id, "Alice", 30, 1, False, False),
        Result("ai1", "R", 10, 2, True, True),
    ]
    for channel, learning in ((20, True), (21, False)):
        game, _ = await started(store, channel, learning=learning)
        row = await store.get(game)
        assert row is not None
        done = await store.commit_moves(row, [(ALICE.id, "end", [])], {}, now=3.0, results=results)
        assert done.status == "finished"
        recorded = await results_of(store, game)
        assert (recorded == []) is learning
    [stats] = await store.player_stats(1, ALICE.id)
    assert (stats.slug, stats.games, stats.wins) == ("troolpark", 1, 1), "the casual game alone"
    total, _ = await store.record_board(1, "troolpark", "wins")
    assert total == 1
