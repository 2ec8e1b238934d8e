"""The boards of results read per-player records kept with the results (the "wins" and
"best" boards everywhere grouped every result, seconds at a million results, holding the
one reader every table waits on). The records equal what grouping
the results gives, kept as games finish and filled by the migration that adds them."""

from __future__ import annotations

import random

from bot.store import GameStore, Seat, TitleStats
from tests.store.backends import Backend
from tests.store.test_ratings_store import HARD, SLUG, V7_GAMES, finish


def grouped(games: list[tuple[int, list[tuple[Seat, int]]]], guild: int | None) -> set[TitleStats]:
    """What grouping the results gives (``finish`` scores a seat 50 − rank): per person,
    games, wins, best score and the name played under last (on a server only)."""
    found: dict[str, TitleStats] = {}
    for where, places in games:
        if guild is not None and where != guild:
            continue
        for seat, rank in places:
            if seat.robot:
                continue
            was = found.get(seat.id, TitleStats(SLUG, seat.id, "", 0, 0, 0))
            found[seat.id] = TitleStats(
                SLUG,
                seat.id,
                seat.name if guild is not None else "",
                was.games + 1,
                was.wins + (rank == 1),
                max(was.best, 50 - rank),
            )
    return set(found.values())


async def board(store: GameStore, guild: int | None) -> set[TitleStats]:
    total, records = await store.record_board(guild, SLUG, "wins", limit=1000)
    assert total == len(records)
    return set(records)


async def test_records_kept_as_games_finish_equal_the_grouped_results(store: GameStore) -> None:
    rng = random.Random(6)
    people = [Seat(id=str(100 + n), name=f"P{n}") for n in range(6)]
    games: list[tuple[int, list[tuple[Seat, int]]]] = []
    for channel in range(10, 40):
        guild = rng.choice([1, 2])
        seats = rng.sample(people, rng.randint(2, 4)) + ([HARD] if rng.random() < 0.3 else [])
        renamed = [Seat(id=s.id, name=f"{s.name}-{channel}") if not s.robot else s for s in seats]
        places = [(s, rng.randint(1, len(renamed))) for s in renamed]
        await finish(store, channel, places, guild=guild, rated=rng.random() < 0.5)
        games.append((guild, places))
    for where in (1, 2, None):
        assert await board(store, where) == grouped(games, where)
    _, best = await store.record_board(None, SLUG, "best", limit=3)
    assert [r.best for r in best] == sorted((r.best for r in best), reverse=True)


async def test_the_migration_fills_the_records_from_the_results(backend: Backend) -> None:
    """A database from before the records (schema 7, two finished games, each player
    renamed once): its boards of results read the same after the migration, robots left
    out, each player by the name of their latest game (game 1 finished last)."""
    renamed = [
        "UPDATE results SET name = 'Alicia' WHERE game_id = 1 AND seat_id = '111'",
        "UPDATE results SET name = 'Bobby' WHERE game_id = 2 AND seat_id = '222'",
    ]
    await backend.at_schema(7, [*V7_GAMES, *renamed])
    store = await backend.open()
    try:
        assert await board(store, 1) == {
            TitleStats(SLUG, "111", "Alicia", 2, 2, 30),
            TitleStats(SLUG, "222", "Bob", 2, 0, 20),
        }
        assert await board(store, None) == {
            TitleStats(SLUG, "111", "", 2, 2, 30),
            TitleStats(SLUG, "222", "", 2, 0, 20),
        }
    finally:
        await store.close()
