"""How ratings sit in rows: stored results as the fold's finishes, and the fold's
changes as ``ratings`` and ``rating_changes`` rows, for the queries of
:class:`bot.store.sql.SqlStore` (docs/ARCHITECTURE.md §5).

Both ways of writing ratings (one finished game inside the transaction that records its
results, and a refold of every game) make their rows here, so the two cannot differ.
A row holds a rating's floats as they are: both databases keep a double exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.common.ratings import Change, Finish, RatedGame, Rating, Scope, finish_of, listed
from bot.store.records import Result, Row

#: A ``ratings`` row: guild_id, season, slug, player, name, mu, sigma, ordinal, games,
#: listed (on the leaderboard: :func:`bot.common.ratings.listed`), met (the people met,
#: space-separated), recent (the people among the opponents of each recent game: games
#: space-separated, people in a game comma-separated; ids hold neither, and every rated
#: game has another person in it).
RatingRow = tuple[int, int, str, str, str, float, float, float, int, int, str, str]
#: A ``rating_changes`` row: game_id, guild_id, season, slug, player, seq, place, mu,
#: sigma, games.
ChangeRow = tuple[int, int, int, str, str, int, int, float, float, int]

RATING_COLUMNS = (
    "guild_id, season, slug, player, name, mu, sigma, ordinal, games, listed, met, recent"
)
CHANGE_COLUMNS = "game_id, guild_id, season, slug, player, seq, place, mu, sigma, games"
#: What a refold reads of each rated game and its results, in the order ratings fold in.
FOLDED = (
    "SELECT g.rating_seq, g.id, g.slug, g.guild_id, g.season, g.rated, g.status, r.seat_id, "
    "r.name, r.score, r.rank, r.ai_played, r.robot, r.level, r.standing "
    "FROM games AS g JOIN results AS r ON r.game_id = g.id "
    "WHERE g.rating_seq IS NOT NULL ORDER BY g.rating_seq, r.seat_id"
)


@dataclass(frozen=True)
class Refold:
    """What folding every rated game again found: how many games count, how many ratings
    they give, and how many of those (and of the ratings after each game) differ from
    what was stored, which a refold that writes has replaced."""

    games: int
    ratings: int
    changed: int
    history_changed: int


def finishes(results: Iterable[Result]) -> tuple[Finish, ...]:
    """A game's stored results as the fold sees them."""
    return tuple(
        finish_of(
            r.seat_id,
            r.rank,
            robot=r.robot,
            ai_played=r.ai_played,
            level=r.level,
            standing=r.standing,
        )
        for r in results
    )


def shown_names(results: Iterable[Result]) -> dict[str, str]:
    """The name each person played under, which their server's leaderboard shows."""
    return {r.seat_id: r.name for r in results if not r.robot}


def rating_row(change: Change, names: Mapping[str, str]) -> RatingRow:
    """The rating a change leaves. A name is kept only where it was given: on its own
    server (a robot is shown by its level, and everywhere by a mention, so a nickname
    from one server never shows on another)."""
    scope, rating = change.scope, change.rating
    name = "" if scope.everywhere else names.get(change.player, "")
    return (
        scope.guild_id,
        scope.season,
        change.slug,
        change.player,
        name,
        rating.mu,
        rating.sigma,
        rating.ordinal,
        rating.games,
        int(listed(change.player, rating)),
        " ".join(rating.met),
        " ".join(",".join(people) for people in rating.recent),
    )


def change_row(seq: int, change: Change) -> ChangeRow:
    scope, rating = change.scope, change.rating
    return (
        change.game_id,
        scope.guild_id,
        scope.season,
        change.slug,
        change.player,
        seq,
        change.place,
        rating.mu,
        rating.sigma,
        rating.games,
    )


def held(rows: Iterable[Row], slug: str) -> dict[tuple[Scope, str, str], Rating]:
    """Stored ratings (guild_id, season, player, then ``RATED``'s columns) as the fold
    holds them."""
    return {(Scope(int(r[0]), int(r[1])), slug, str(r[2])): stored_rating(r, 3) for r in rows}


#: The columns of a ``ratings`` row that make its :class:`Rating` (:func:`stored_rating`).
RATED = "mu, sigma, games, met, recent"


def stored_rating(row: Row, first: int = 0) -> Rating:
    """A rating from its stored columns, selected as :data:`RATED` from ``first`` on."""
    mu, sigma, games, met, recent = (row[first + i] for i in range(5))
    return Rating(
        float(mu),
        float(sigma),
        int(games),
        tuple(met.split()),
        tuple(tuple(people.split(",")) for people in recent.split()),
    )


@dataclass(frozen=True)
class Folded:
    """Every rated game as stored, in the order ratings fold in: the games, and per game
    its place in that order and the names its people played under."""

    games: list[RatedGame]
    seqs: dict[int, int]
    names: dict[int, dict[str, str]]


def folded(rows: Sequence[Row]) -> Folded:
    """The games a refold reads (selected as ``FOLDED``), one :class:`RatedGame` each."""
    games: list[RatedGame] = []
    seqs: dict[int, int] = {}
    names: dict[int, dict[str, str]] = {}
    start = 0
    while start < len(rows):
        game_id = int(rows[start][1])
        end = start
        while end < len(rows) and int(rows[end][1]) == game_id:
            end += 1
        first = rows[start]
        results = [
            Result(r[7], r[8], r[9], r[10], bool(r[11]), bool(r[12]), r[13], r[14])
            for r in rows[start:end]
        ]
        guild = None if first[3] is None else int(first[3])
        season = 1 if first[4] is None else int(first[4])
        games.append(
            RatedGame(
                game_id,
                str(first[2]),
                guild,
                season,
                finishes(results),
                bool(first[5]),
                str(first[6]),
            )
        )
        seqs[game_id] = int(first[0])
        names[game_id] = shown_names(results)
        start = end
    return Folded(games, seqs, names)


def refolded(fold: Folded, history: Sequence[Change]) -> tuple[set[RatingRow], set[ChangeRow]]:
    """The rows a fold's history makes: each rating as its last change left it, and
    every change."""
    last: dict[tuple[Scope, str, str], RatingRow] = {}
    changes: set[ChangeRow] = set()
    for change in history:
        last[change.key] = rating_row(change, fold.names[change.game_id])
        changes.add(change_row(fold.seqs[change.game_id], change))
    return set(last.values()), changes


def as_tuples(rows: Iterable[Row]) -> set[tuple[Any, ...]]:
    """Stored rows in the form :func:`refolded` makes them, to compare."""
    return {tuple(row) for row in rows}


def keys_differing(old: set[tuple[Any, ...]], new: set[tuple[Any, ...]], width: int) -> int:
    """How many rows (told apart by their first ``width`` columns) are not the same in
    both sets: added, removed or changed."""
    return len({row[:width] for row in old ^ new})
