"""What ratings cost (issue 24): rating one finished game (both scopes, as the store does
when a game ends), rebuilding every rating from 100,000 stored results, and drawing a
profile card. Synthetic but realistic: 2-5 seats a game, a robot at some tables, a few
leavers and ties, 2,000 people on 50 servers, four titles.

``python -m bench.ratings [--results N]``
"""

from __future__ import annotations

import argparse
import random
import time

from bench.stats import summary
from bot.common.ratings import (
    PROVISIONAL_GAMES,
    SCALE,
    Finish,
    RatedGame,
    Rating,
    rate,
    rebuild,
    robot_player,
)
from renders.profile import profile

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
        seats = rng.sample(people, size - 1) + (
            [rng.choice(robots)] if rng.random() < 0.3 else rng.sample(people, 1)
        )
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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--results", type=int, default=100_000)
    args = parser.parse_args(argv)
    print("== ratings: rating a game, rebuilding every rating, the profile card ==")
    games = synthetic_games(args.results)
    one_game_cost(games)
    rebuild_cost(games)
    card_cost()


if __name__ == "__main__":
    main()
