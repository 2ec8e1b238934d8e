"""The robots' fixed ratings: robot-against-robot games at every game, table
size and mix of levels, folded into one rating per title and level.

Robots do not move in the ratings people play for (``bot.common.ratings``): each level
of each title sits at the anchor this tournament measured, so a second account and two
``easy`` robots are no ladder (a person above ``easy`` gains little from beating it). This
plays the tournament and prints the anchors as ``bot/common/robot_anchors.py`` holds them;
the file is written by hand from its output (with the command, the date and the games), so
nothing here changes a rating by itself. Nothing is asserted: it is a measurement.

At each table size from the game's smallest to its largest, game ``k`` seats levels
``easy, normal, hard`` in turn from ``k`` (``k % 3`` first), so every table mixes levels
and every level sits in every seat; game ``k`` of a size uses seed ``k`` (offset by the
size). The fold starts every level at OpenSkill's defaults (μ 25, σ 25/3: a newcomer's
rating) and rates each game as the bot rates a table (Plackett–Luce, ties shared, two
seats of one level averaged), the games of all sizes interleaved; the anchors are where
each level ends. A hard robot thinks for a quarter to half a second a move
(``python -m bench.decision_time``), so a game takes 2-30 s of one core (9 s on average
here: 480 games, two workers, in about an hour on this shared 2-core machine). A run
cut short folds the games it finished (``--record``, then ``--fold``), in order.

    .venv/bin/python -m bench.robot_anchors --games 24 --jobs 2 --record anchors.jsonl
    .venv/bin/python -m bench.robot_anchors --fold anchors.jsonl     # fold again, no games
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from bot.common.ratings import FRESH, MODEL, Rating
from engine import GAMES, Rng, get_game

LEVELS = ("easy", "normal", "hard")
#: Seeds of one table size start here times the size, so sizes never share a deal.
SEED_STRIDE = 100_000


@dataclass(frozen=True, slots=True)
class Table:
    """One tournament game: its title, size and number (the seat levels follow)."""

    slug: str
    players: int
    game: int

    @property
    def levels(self) -> list[str]:
        return [LEVELS[(self.game + seat) % len(LEVELS)] for seat in range(self.players)]

    @property
    def seed(self) -> int:
        return SEED_STRIDE * self.players + self.game


@dataclass(frozen=True, slots=True)
class Played:
    """A game's end: each seat's level and rank, and the seconds it took."""

    table: Table
    ranks: tuple[tuple[str, int], ...]
    seconds: float


def play(table: Table) -> Played:
    game = get_game(table.slug)
    seats = [f"s{i}" for i in range(table.players)]
    levels = dict(zip(seats, table.levels, strict=True))
    state = game.setup(seats, seed=table.seed)
    rng = Rng.from_seed(1_000_003 * table.seed + 17)
    started = time.process_time()
    while (outcome := game.outcome(state)) is None:
        seat = game.waiting_for(state)[0]
        state, _ = game.play(state, seat, game.ai_move(state, seat, rng, levels[seat]))
    ranks = tuple((levels[seat], int(outcome.ranks[seat])) for seat in seats)
    return Played(table, ranks, time.process_time() - started)


def planned(slugs: Sequence[str], games: int) -> list[Table]:
    """Every table, the sizes of a title interleaved (game 0 of each size, then 1...)."""
    tables = []
    for k in range(games):
        for slug in slugs:
            title = get_game(slug)
            for players in range(max(2, title.min_players), title.max_players + 1):
                tables.append(Table(slug, players, k))
    return tables


def fold(games: Iterable[Played]) -> dict[tuple[str, str], Rating]:
    """Each title's levels rated against each other, from a newcomer's rating, in the
    order given: seats sorted by rank then level (as ``bot.common.ratings.rate`` sorts),
    a level seated twice moved by the mean of its seats."""
    held: dict[tuple[str, str], Rating] = {}
    for played in games:
        slug = played.table.slug
        seats = sorted(played.ranks, key=lambda seat: (seat[1], seat[0]))
        before = [held.get((slug, level), FRESH) for level, _ in seats]
        teams = [[MODEL.rating(r.mu, r.sigma)] for r in before]
        after = MODEL.rate(teams, ranks=[float(rank) for _, rank in seats])
        for level in {level for level, _ in seats}:
            mine = [i for i, (seated, _) in enumerate(seats) if seated == level]
            mu = sum(after[i][0].mu for i in mine) / len(mine)
            sigma = sum(after[i][0].sigma for i in mine) / len(mine)
            held[(slug, level)] = Rating(mu, sigma, before[mine[0]].games + 1)
    return held


def record(played: Played) -> str:
    table = played.table
    return json.dumps(
        {
            "slug": table.slug,
            "players": table.players,
            "game": table.game,
            "ranks": [list(seat) for seat in played.ranks],
            "seconds": round(played.seconds, 2),
        }
    )


def read(path: Path) -> list[Played]:
    games = []
    for line in path.read_text().splitlines():
        data = json.loads(line)
        table = Table(data["slug"], int(data["players"]), int(data["game"]))
        ranks = tuple((str(level), int(rank)) for level, rank in data["ranks"])
        games.append(Played(table, ranks, float(data["seconds"])))
    return games


def in_plan_order(games: Iterable[Played], slugs: Sequence[str], count: int) -> list[Played]:
    """The games played, in the order :func:`planned` gives (workers finish out of order)."""
    by_table = {played.table: played for played in games}
    return [by_table[table] for table in planned(slugs, count) if table in by_table]


def report(games: Sequence[Played]) -> None:
    anchors = fold(games)
    counts: dict[str, int] = {}
    for played in games:
        counts[played.table.slug] = counts.get(played.table.slug, 0) + 1
    print("== robot anchors: (title, level) -> Rating(mu, sigma, games) ==")
    for (slug, level), rating in sorted(anchors.items()):
        print(
            f"    ({slug!r}, {level!r}): Rating({rating.mu!r}, {rating.sigma!r}, {rating.games}),"
            f"  # shown {rating.shown}"
        )
    for slug, count in sorted(counts.items()):
        cpu = sum(p.seconds for p in games if p.table.slug == slug)
        print(f"{slug}: {count} games, {cpu:.0f} s of CPU")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=24, help="games per table size")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--game", action="append", choices=GAMES, help="only these games")
    parser.add_argument("--record", type=Path, help="append each game's result to this file")
    parser.add_argument("--fold", type=Path, help="fold the games of this record; play none")
    args = parser.parse_args(argv)
    slugs = args.game or list(GAMES)
    if args.fold is not None:
        report(in_plan_order(read(args.fold), slugs, args.games))
        return
    tables = planned(slugs, args.games)
    done: list[Played] = []
    if args.record is not None and args.record.exists():
        done = [p for p in read(args.record) if p.table in set(tables)]
    left = [t for t in tables if t not in {p.table for p in done}]
    print(f"== robot anchors: {len(tables)} games ({len(left)} to play) ==", flush=True)
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for played in pool.map(play, left, chunksize=1):
            done.append(played)
            if args.record is not None:
                with args.record.open("a") as out:
                    out.write(record(played) + "\n")
            table = played.table
            print(
                f"  {table.slug} {table.players}p game {table.game} {'/'.join(table.levels)}: "
                f"{' '.join(f'{lv}={rk}' for lv, rk in played.ranks)} ({played.seconds:.0f} s)",
                flush=True,
            )
    print(f"({time.perf_counter() - started:.0f} s)")
    report(in_plan_order(done, slugs, args.games))


if __name__ == "__main__":
    main()
