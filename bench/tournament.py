"""Robot strength: one robot of a level against ``easy`` robots, per game and table size.

For each game, at 2 players and at the largest table, one seat plays ``--level`` (by
default both ``hard`` and ``normal``) and every other seat plays ``easy``. The strong
seat moves round the table from game to game; game ``k`` uses seed ``k``, so a run can be
repeated exactly. A win is a shared first place split among the tied winners. Prints the
win rate with its 95% Wilson interval and the fair share (1 / players). Nothing is
asserted: this is a measurement, and it takes a while (``--games`` sets the size).

    .venv/bin/python -m bench.tournament --games 60 --game troolpark --players small
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from engine import GAMES, Rng, get_game

Z95 = 1.96


@dataclass(frozen=True, slots=True)
class Match:
    slug: str
    players: int
    level: str
    game: int  # the seed; the strong seat is ``game % players``


def play(match: Match) -> tuple[Match, float, float]:
    """One game: (match, the strong seat's share of the win, its seconds per decision)."""
    game = get_game(match.slug)
    seats = [f"s{i}" for i in range(match.players)]
    strong = seats[match.game % match.players]
    state = game.setup(seats, seed=match.game)
    rng = Rng.from_seed(1_000_003 * match.game + 17)
    spent, decisions = 0.0, 0
    while game.outcome(state) is None:
        seat = game.waiting_for(state)[0]
        level = match.level if seat == strong else "easy"
        started = time.perf_counter()
        code = game.ai_move(state, seat, rng, level)
        if seat == strong:
            spent += time.perf_counter() - started
            decisions += 1
        state, _ = game.play(state, seat, code)
    outcome = game.outcome(state)
    assert outcome is not None
    winners = outcome.winners
    share = 1.0 / len(winners) if strong in winners else 0.0
    return match, share, spent / max(1, decisions)


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denominator = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def table_sizes(slug: str, wanted: Sequence[str]) -> list[int]:
    """The table sizes to play: ``small`` (2, or the game's minimum), ``max``, or numbers."""
    game = get_game(slug)
    named = {"small": max(2, game.min_players), "max": game.max_players}
    sizes = {named[w] if w in named else int(w) for w in wanted}
    return sorted(n for n in sizes if game.min_players <= n <= game.max_players)


def matches(
    slugs: Sequence[str],
    levels: Sequence[str],
    games: int,
    sizes: Sequence[str] = ("small", "max"),
    first: int = 0,
) -> list[Match]:
    planned = []
    for slug in slugs:
        for players in table_sizes(slug, sizes):
            for level in levels:
                planned += [Match(slug, players, level, k) for k in range(first, first + games)]
    return planned


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per line (default 20)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--game", action="append", choices=GAMES, help="only these games")
    parser.add_argument("--level", action="append", help="levels against easy (hard, normal)")
    parser.add_argument(
        "--players", action="append", help="table sizes: small, max or a number (default both)"
    )
    parser.add_argument("--first", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--progress", action="store_true", help="a line after every game")
    args = parser.parse_args(argv)
    slugs = args.game or list(GAMES)
    levels = args.level or ["hard", "normal"]
    planned = matches(slugs, levels, args.games, args.players or ["small", "max"], args.first)
    results: dict[tuple[str, int, str], list[tuple[float, float]]] = {}
    started = time.perf_counter()
    print(f"== robots: one robot of a level against easy robots ({args.games} games a line) ==")
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for match, share, per_move in pool.map(play, planned, chunksize=1):
            key = (match.slug, match.players, match.level)
            results.setdefault(key, []).append((share, per_move))
            if args.progress:
                done = results[key]
                print(
                    f"  {match.slug} {match.players}p {match.level} seed {match.game}: "
                    f"share {share:.2f} (running {sum(s for s, _ in done) / len(done):.1%} "
                    f"of {len(done)}), {per_move * 1000:.0f} ms/decision",
                    flush=True,
                )
            if len(results[key]) == args.games:
                report(key, results[key])
    print(f"({time.perf_counter() - started:.0f} s)")


def report(key: tuple[str, int, str], rows: list[tuple[float, float]]) -> None:
    slug, players, level = key
    wins = sum(share for share, _ in rows)
    low, high = wilson(wins, len(rows))
    mean_move = sum(t for _, t in rows) / len(rows)
    print(
        f"{slug:14} {players}p {level:6} vs easy: wins {wins / len(rows):5.1%} "
        f"[{low:5.1%}, {high:5.1%}]  fair share {1 / players:4.0%}  "
        f"n={len(rows)}  {mean_move * 1000:5.0f} ms/decision",
        flush=True,
    )


if __name__ == "__main__":
    main()
