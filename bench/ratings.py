"""What ratings cost: rating one finished game (both scopes, as the store does
when a game ends), rebuilding every rating from 100,000 stored results, and drawing a
profile card. Synthetic but realistic: 2-5 seats a game, a robot at some tables, a few
leavers and ties, 2,000 people on 50 servers, four titles.

First the fold alone (pure Python); then in each store, on a SQLite file and on
PostgreSQL (a throw-away server with its default durability): the commit that ends a
game, rated against casual (the difference is what rating inside the transaction costs),
with the results above already rated, and the refold of all of them in one transaction.

Then the boards of results everywhere (``/leaderboard board: wins|best scope:
everywhere``): a page, and an ordinary read of a game made meanwhile, after the
per-player records (migration 11) are filled from the results.

``python -m bench.ratings [--results N] [--no-stores] [--boards-only]``
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import sqlite3
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import asyncpg

from bench.stats import summary
from bot.common.config import DatabaseSettings
from bot.common.ratings import (
    MIN_OPPONENTS,
    PROVISIONAL_GAMES,
    REPEAT_WINDOW,
    SCALE,
    Finish,
    RatedGame,
    Rating,
    rate,
    rebuild,
    robot_player,
)
from bot.store import GameStore, Result, Seat, open_store
from bot.store.migrations import scripts, statements
from renders.profile import profile
from tests.pg_server import PostgresServer

SLUGS = ("adventureland", "imagineers", "disneyland", "troolpark")


def synthetic_games(results: int, seed: int = 24) -> list[RatedGame]:
    """Rated games whose seats add up to about ``results`` result rows."""
    rng = random.Random(seed)
    people = [str(10**17 + n) for n in range(2000)]
    robots = [robot_player(level) for level in ("easy", "normal", "hard")]
    games: list[RatedGame] = []
    rows = 0
    while rows < results:
        size = rng.randint(2, 5)
        seats = rng.sample(people, size)  # distinct people; a robot in the last seat at times
        if rng.random() < 0.3:
            seats[-1] = rng.choice(robots)
        ranks = [rng.randint(1, size) for _ in seats]
        finishes = tuple(
            Finish(p, r, left=not p.startswith("robot:") and rng.random() < 0.03)
            for p, r in zip(seats, ranks, strict=True)
        )
        games.append(RatedGame(len(games) + 1, rng.choice(SLUGS), rng.randint(1, 50), 1, finishes))
        rows += size
    return games


def one_game_cost(games: list[RatedGame]) -> None:
    """Milliseconds to rate one game from the ratings held, by table size."""
    held, _ = rebuild(games[:5000])
    by_size: dict[int, list[float]] = {}
    for game in games[5000:8000]:
        started = time.perf_counter()
        changes = rate(game, held)
        by_size.setdefault(len(game.finishes), []).append((time.perf_counter() - started) * 1000)
        held.update({c.key: c.rating for c in changes})
    for size in sorted(by_size):
        print(f"rate one game, {size} seats   {summary(by_size[size])}")


def rebuild_cost(games: list[RatedGame]) -> None:
    rows = sum(len(g.finishes) for g in games)
    started, started_cpu = time.perf_counter(), time.process_time()
    held, history = rebuild(games)
    wall, cpu = time.perf_counter() - started, time.process_time() - started_cpu
    print(
        f"rebuild {rows:,} results ({len(games):,} games): {wall:6.2f} s wall, {cpu:6.2f} s cpu, "
        f"{len(held):,} ratings, {len(history):,} history rows"
    )


def card_cost() -> None:
    rng = random.Random(3)
    view = {
        "name": "Alice",
        "where": "Test Guild · season 1",
        "scale": SCALE,
        "settled_after": PROVISIONAL_GAMES,
        "listed_after": MIN_OPPONENTS,
        "window": REPEAT_WINDOW,
        "games": [
            {
                "slug": slug,
                "rating": Rating(30.0, 2.0, 20).shown,
                "provisional": False,
                "rank": 3,
                "games": 40,
                "wins": 12,
                "best": 90,
                "trend": [rng.randint(500, 1100) for _ in range(20)],
                "last": [{"place": rng.randint(1, 4), "of": 4, "score": 50} for _ in range(5)],
            }
            for slug in SLUGS
        ],
    }
    times = []
    for _ in range(20):
        started = time.perf_counter()
        data = profile(view)
        times.append((time.perf_counter() - started) * 1000)
    print(f"profile card, four games    {summary(times)}  {len(data) / 1024:.0f} KiB")


GAME_COLUMNS = (
    "id, guild_id, channel_id, slug, status, host_id, seats, seed, options, created_at, "
    "finished_at, rated, rating_seq, season"
)
RESULT_COLUMNS = (
    "game_id, guild_id, slug, finished_at, seat_id, name, score, rank, ai_played, robot, level"
)


def stored_rows(games: Sequence[RatedGame]) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """The games as finished rows of ``games`` and ``results``, rated in their order."""
    game_rows, result_rows = [], []
    for seq, game in enumerate(games, start=1):
        seats = []
        for number, finish in enumerate(game.finishes):
            robot = finish.robot
            seat_id = f"ai{number}" if robot else finish.player
            level = finish.player.removeprefix("robot:") if robot else None
            seats.append({"id": seat_id, "name": seat_id, "robot": robot, "level": level})
            result_rows.append(
                (
                    game.game_id,
                    game.guild_id,
                    game.slug,
                    float(seq),
                    seat_id,
                    seat_id,
                    10 * finish.rank,
                    finish.rank,
                    int(robot or finish.left),
                    int(robot),
                    level,
                )
            )
        game_rows.append(
            (
                game.game_id,
                game.guild_id,
                game.game_id,
                game.slug,
                "finished",
                seats[0]["id"],
                json.dumps(seats),
                1,
                "{}",
                float(seq),
                float(seq),
                1,
                seq,
                game.season,
            )
        )
    return game_rows, result_rows


async def load(settings: DatabaseSettings, games: Sequence[RatedGame]) -> None:
    """Rows written straight into a migrated, empty database (as years of play leave)."""
    game_rows, result_rows = stored_rows(games)
    marks = ", ".join("?" for _ in range(14)), ", ".join("?" for _ in range(11))
    if settings.url is None:
        with contextlib.closing(sqlite3.connect(settings.path)) as db:
            db.executemany(f"INSERT INTO games ({GAME_COLUMNS}) VALUES ({marks[0]})", game_rows)
            db.executemany(
                f"INSERT INTO results ({RESULT_COLUMNS}) VALUES ({marks[1]})", result_rows
            )
            db.commit()
        return
    conn = await asyncpg.connect(settings.url)
    try:
        async with conn.transaction():
            await conn.copy_records_to_table(
                "games", records=game_rows, columns=GAME_COLUMNS.split(", ")
            )
            await conn.copy_records_to_table(
                "results", records=result_rows, columns=RESULT_COLUMNS.split(", ")
            )
            await conn.execute(
                "SELECT setval(pg_get_serial_sequence('games', 'id'), MAX(id)) FROM games"
            )
    finally:
        await conn.close()


async def fill_records(settings: DatabaseSettings) -> float:
    """The per-player records (migration 11) and the same per place (migration 13) filled
    from the results ``load`` wrote behind the store's back, by the migrations' own
    statements; the seconds it took."""
    backend = "postgres" if settings.url is not None else "sqlite"
    fills = [
        sql
        for number, table in ((10, "player_records"), (12, "place_records"))
        for sql in statements(scripts(backend)[number])
        if sql.lstrip().startswith(f"INSERT INTO {table}")
    ]
    started = time.perf_counter()
    if settings.url is None:
        with contextlib.closing(sqlite3.connect(settings.path)) as db:
            for sql in fills:
                db.execute(sql)
            db.commit()
    else:
        conn = await asyncpg.connect(settings.url)
        try:
            async with conn.transaction():
                for sql in fills:
                    await conn.execute(sql)
        finally:
            await conn.close()
    return time.perf_counter() - started


async def boards_cost(store: GameStore, label: str, rounds: int = 20) -> None:
    """Milliseconds of a page of the boards of results everywhere (the largest: every
    server's results), of an ordinary read of a game made while one page is read (on
    SQLite every read waits for the one reader connection), and of a server's page for
    a member who cannot see one of its places."""
    for order in ("wins", "best"):
        pages, reads = [], []
        for _ in range(rounds):
            started = time.perf_counter()
            page = asyncio.create_task(store.record_board(None, "imagineers", order, limit=10))
            await asyncio.sleep(0)
            read = time.perf_counter()
            await store.get(1)
            reads.append((time.perf_counter() - read) * 1000)
            await page
            pages.append((time.perf_counter() - started) * 1000)
        print(f"{label:10} board {order:4} everywhere, one page  {summary(pages)}")
        print(f"{label:10} a game read behind it           {summary(reads)}")
    # A server's board for a member who cannot see one of its places (each game here is
    # its own place, the worst case): summed over the places seen, not read by an index.
    hidden = (await store.places(1))[:1]
    for order in ("wins", "best"):
        pages = []
        for _ in range(rounds):
            started = time.perf_counter()
            await store.record_board(1, "imagineers", order, limit=10, hidden=hidden)
            pages.append((time.perf_counter() - started) * 1000)
        print(f"{label:10} board {order:4} of a server, a place hidden  {summary(pages)}")


async def ending_cost(store: GameStore, label: str, tables: int = 100) -> None:
    """Milliseconds of the commit that ends a game (its results recorded), rated against
    casual, for three people and a robot."""
    for rated in (True, False):
        times = []
        for table in range(tables):
            people = [Seat(id=str(10**17 + (7 * table + n) % 2000), name=f"P{n}") for n in range(3)]
            robot = Seat(id="ai1", name="Robot", ai=True, robot=True, ai_played=True, level="hard")
            seats = [*people, robot]
            row = await store.create_lobby(
                guild_id=1 + table % 50,
                channel_id=10**9 + table,
                slug=SLUGS[table % 4],
                host=people[0],
                options={},
                seed=1,
                now=1.0,
                rated=rated,
            )
            row = await store.update_table(row, seats=seats)
            row = await store.start(row, seats, {}, 2.0)
            results = [
                Result(s.id, s.name, 10 * rank, rank, s.robot, s.robot, s.level)
                for rank, s in enumerate(seats, start=1)
            ]
            started = time.perf_counter()
            await store.commit_moves(row, [(people[0].id, "end", [])], {}, now=3.0, results=results)
            times.append((time.perf_counter() - started) * 1000)
        kind = "rated " if rated else "casual"
        print(f"{label:10} end a {kind} game (commit)  {summary(times)}")


async def store_cost(
    label: str, settings: DatabaseSettings, games: Sequence[RatedGame], boards_only: bool
) -> None:
    rows = sum(len(g.finishes) for g in games)
    store = await open_store(settings)
    await store.close()
    await load(settings, games)
    filled = await fill_records(settings)
    print(f"{label:10} the migration's records of {rows:,} results: {filled:6.2f} s")
    store = await open_store(settings)
    try:
        await boards_cost(store, label)
        if boards_only:
            return
        started, cpu = time.perf_counter(), time.process_time()
        done = await store.refold_ratings()
        wall, cpu = time.perf_counter() - started, time.process_time() - cpu
        print(
            f"{label:10} refold {rows:,} results ({done.games:,} games, {done.ratings:,} "
            f"ratings) in one transaction: {wall:6.2f} s wall, {cpu:6.2f} s cpu (this process)"
        )
        started, cpu = time.perf_counter(), time.process_time()
        await store.refold_ratings(write=False)
        wall, cpu = time.perf_counter() - started, time.process_time() - cpu
        print(f"{label:10} --check of the same: {wall:6.2f} s wall, {cpu:6.2f} s cpu")
        await ending_cost(store, label)
    finally:
        await store.close()


async def stores_cost(games: Sequence[RatedGame], boards_only: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        await store_cost("sqlite", DatabaseSettings(path=path), games, boards_only)
    server = PostgresServer(durable=True)
    server.start()
    try:
        url = await server.create_database("bench")
        await store_cost("postgresql", DatabaseSettings(url=url), games, boards_only)
    finally:
        server.stop()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--results", type=int, default=100_000)
    parser.add_argument("--no-stores", action="store_true", help="the fold and the card only")
    parser.add_argument(
        "--boards-only", action="store_true", help="in the stores: the boards of results only"
    )
    args = parser.parse_args(argv)
    print("== ratings: rating a game, rebuilding every rating, the profile card ==")
    games = synthetic_games(args.results)
    if not args.boards_only:
        one_game_cost(games)
        rebuild_cost(games)
        card_cost()
    if not args.no_stores:
        asyncio.run(stores_cost(games, args.boards_only))


if __name__ == "__main__":
    main()
