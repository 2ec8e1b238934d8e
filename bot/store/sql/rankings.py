"""The queries of :class:`~bot.store.interface.Rankings`: records and their boards,
seasons, ratings and profiles; and what a finishing move writes of them, in its own
transaction (:func:`record_results`, :func:`rate_finished`)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from bot.common.ratings import (
    EVERYWHERE,
    SEASON_LIMIT,
    Outing,
    RatedGame,
    Rating,
    Scope,
    Standing,
    TitleProfile,
    counts,
    rate,
    rebuild,
)
from bot.store import rating_rows
from bot.store.changes import record_change
from bot.store.dialect import Dialect
from bot.store.interface import Rankings
from bot.store.rating_rows import CHANGE_COLUMNS, RATING_COLUMNS, Refold
from bot.store.records import GameRow, Result, TitleStats
from bot.store.sql.base import SqlBase, Transaction

#: The boards of results (``/leaderboard board:``): most wins, or the best score.
_RECORD_ORDERS = {
    "wins": "wins DESC, best DESC, games DESC",
    "best": "best DESC, wins DESC, games DESC",
}
#: A finished game's results added to its people's records, on its server and everywhere
#: (guild 0, without a name): one more game, a win for a first place, the best score, and
#: the name played under last (migration 11).
_ADD_RECORD = (
    "INSERT INTO player_records (guild_id, slug, seat_id, name, named_at, games, wins, best) "
    "VALUES (?, ?, ?, ?, ?, 1, ?, ?) ON CONFLICT (guild_id, slug, seat_id) DO UPDATE SET "
    "games = player_records.games + 1, wins = player_records.wins + excluded.wins, "
    "best = CASE WHEN excluded.best > player_records.best THEN excluded.best "
    "ELSE player_records.best END, "
    "name = CASE WHEN excluded.named_at >= player_records.named_at THEN excluded.name "
    "ELSE player_records.name END, "
    "named_at = CASE WHEN excluded.named_at >= player_records.named_at "
    "THEN excluded.named_at ELSE player_records.named_at END"
)
#: The same per place of a server (``bot.chat.access.sight``: the channel whose viewers see the
#: game), so that what a viewer cannot see is left out without reading every result
#: (migration 13).
_ADD_PLACE_RECORD = (
    "INSERT INTO place_records (guild_id, slug, place_id, seat_id, games, wins, best) "
    "VALUES (?, ?, ?, ?, 1, ?, ?) ON CONFLICT (guild_id, slug, place_id, seat_id) DO UPDATE "
    "SET games = place_records.games + 1, wins = place_records.wins + excluded.wins, "
    "best = CASE WHEN excluded.best > place_records.best THEN excluded.best "
    "ELSE place_records.best END"
)
#: The lock that orders every write of ratings (PostgreSQL; see ``Dialect.exclusive``).
RATINGS_LOCK = 0x72617465
#: A rating's place on its board: the higher conservative estimate first, then by id.
_RATING_ORDER = "ordinal DESC, player"
_HELD = f"SELECT guild_id, season, player, {rating_rows.RATED} FROM ratings"
#: A ``ratings`` row written, one marker per column of ``RATING_COLUMNS``.
_ADD_RATING = (
    f"INSERT INTO ratings ({RATING_COLUMNS}) "
    f"VALUES ({', '.join('?' for _ in RATING_COLUMNS.split(','))})"
)


def _unseen(hidden: Collection[int], place: str = "place_id") -> tuple[str, tuple[int, ...]]:
    """The condition that leaves out games played in ``hidden`` places (``place``: the
    column, or expression, that holds a game's place), and its values."""
    places = tuple(sorted(hidden))
    if not places:
        return "", ()
    return f" AND {place} NOT IN ({', '.join('?' for _ in places)})", places


async def record_results(
    tx: Transaction, row: GameRow, results: Sequence[Result], now: float
) -> None:
    await tx.executemany(
        "INSERT INTO results (game_id, guild_id, slug, finished_at, seat_id, name, score, "
        "rank, ai_played, robot, level, standing) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (game_id, seat_id) DO UPDATE SET guild_id = excluded.guild_id, "
        "slug = excluded.slug, finished_at = excluded.finished_at, name = excluded.name, "
        "score = excluded.score, rank = excluded.rank, ai_played = excluded.ai_played, "
        "robot = excluded.robot, level = excluded.level, standing = excluded.standing",
        [
            (
                row.id,
                row.guild_id,
                row.slug,
                now,
                r.seat_id,
                r.name,
                r.score,
                r.rank,
                int(r.ai_played),
                int(r.robot),
                r.level,
                r.standing,
            )
            for r in results
        ],
    )
    scopes = (0,) if row.guild_id is None else (row.guild_id, 0)
    people = [r for r in results if not r.robot]
    await tx.executemany(
        _ADD_RECORD,
        [
            (g, row.slug, r.seat_id, r.name if g else "", now, int(r.rank == 1), r.score)
            for r in people
            for g in scopes
        ],
    )
    if row.guild_id is not None:
        place = row.parent_channel_id or row.channel_id
        await tx.executemany(
            _ADD_PLACE_RECORD,
            [(row.guild_id, row.slug, place, r.seat_id, int(r.rank == 1), r.score) for r in people],
        )


async def ratings_alone(tx: Transaction, dialect: Dialect) -> None:
    """Ratings fold one game at a time in one order, whichever process writes: on
    PostgreSQL a transaction that writes them waits for any other to end."""
    if dialect.exclusive is not None:
        await tx.execute(dialect.exclusive, RATINGS_LOCK)


async def season_in(tx: Transaction, guild_id: int | None) -> int:
    found = await tx.fetch("SELECT season FROM guild_settings WHERE guild_id = ?", guild_id)
    return int(found[0][0]) if found else 1


async def rate_finished(
    tx: Transaction, dialect: Dialect, row: GameRow, results: Sequence[Result]
) -> None:
    """A finished game takes the next place in the order ratings fold in and its
    server's current season; when it counts, its players' ratings move, from those
    held (:func:`bot.common.ratings.rate`, what a refold does game by game)."""
    await ratings_alone(tx, dialect)
    seq = int((await tx.fetch("SELECT COALESCE(MAX(rating_seq), 0) + 1 FROM games"))[0][0])
    season = await season_in(tx, row.guild_id)
    await tx.execute(
        "UPDATE games SET rating_seq = ?, season = ? WHERE id = ?", seq, season, row.id
    )
    finishes = rating_rows.finishes(results)
    game = RatedGame(row.id, row.slug, row.guild_id, season, finishes, row.rated)
    if not counts(game):
        return
    players = sorted({f.player for f in finishes})
    marks = ", ".join("?" for _ in players)
    found = await tx.fetch(
        f"{_HELD} WHERE slug = ? AND player IN ({marks}) "
        "AND ((guild_id = ? AND season = ?) OR guild_id = 0)",
        row.slug,
        *players,
        row.guild_id or 0,
        season,
    )
    changes = rate(game, rating_rows.held(found, row.slug))
    names = rating_rows.shown_names(results)
    await tx.executemany(
        f"{_ADD_RATING} "
        "ON CONFLICT (guild_id, season, slug, player) DO UPDATE SET name = excluded.name, "
        "mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal, "
        "games = excluded.games, listed = excluded.listed, met = excluded.met, "
        "recent = excluded.recent",
        [rating_rows.rating_row(c, names) for c in changes],
    )
    await tx.executemany(
        f"INSERT INTO rating_changes ({CHANGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [rating_rows.change_row(seq, c) for c in changes],
    )


async def refold(tx: Transaction, dialect: Dialect, *, write: bool) -> Refold:
    """Every rated game folded again, in its order (:func:`bot.common.ratings.rebuild`),
    compared with the stored ratings and, when ``write``, put in their place."""
    await ratings_alone(tx, dialect)
    fold = rating_rows.folded(await tx.fetch(rating_rows.FOLDED))
    held, history = rebuild(fold.games)
    ratings, changes = rating_rows.refolded(fold, history)
    stored = rating_rows.as_tuples(await tx.fetch(f"SELECT {RATING_COLUMNS} FROM ratings"))
    logged = rating_rows.as_tuples(await tx.fetch(f"SELECT {CHANGE_COLUMNS} FROM rating_changes"))
    found = Refold(
        games=len({c.game_id for c in history}),
        ratings=len(held),
        changed=rating_rows.keys_differing(stored, set(ratings), 4),
        history_changed=rating_rows.keys_differing(logged, set(changes), 5),
    )
    if write and found.changed + found.history_changed:
        await tx.execute("DELETE FROM rating_changes")
        await tx.execute("DELETE FROM ratings")
        await tx.executemany(_ADD_RATING, sorted(ratings))
        await tx.executemany(
            f"INSERT INTO rating_changes ({CHANGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            sorted(changes),
        )
    return found


class RankingQueries(SqlBase, Rankings):
    """Records, boards, seasons and ratings."""

    async def player_stats(
        self, guild_id: int, seat_id: str, *, hidden: Collection[int] = ()
    ) -> list[TitleStats]:
        unseen, places = _unseen(hidden)
        rows = await self._rows(
            "SELECT slug, SUM(games), SUM(wins), MAX(best) FROM place_records "
            f"WHERE guild_id = ? AND seat_id = ?{unseen} GROUP BY slug ORDER BY slug",
            guild_id,
            seat_id,
            *places,
        )
        return [TitleStats(r[0], seat_id, "", int(r[1]), int(r[2]), int(r[3])) for r in rows]

    async def places(self, guild_id: int, seat_id: str | None = None) -> list[int]:
        mine = "" if seat_id is None else " AND seat_id = ?"
        rows = await self._rows(
            f"SELECT DISTINCT place_id FROM place_records WHERE guild_id = ?{mine} "
            "ORDER BY place_id",
            guild_id,
            *(() if seat_id is None else (seat_id,)),
        )
        return [int(r[0]) for r in rows]

    async def record_board(
        self,
        guild_id: int | None,
        slug: str,
        order: str,
        *,
        offset: int = 0,
        limit: int = 10,
        hidden: Collection[int] = (),
    ) -> tuple[int, list[TitleStats]]:
        if guild_id is not None and hidden:
            return await self._record_board_seen(guild_id, slug, order, offset, limit, hidden)
        # The records kept as results are recorded (a page by an index, not a scan).
        where = "WHERE guild_id = ? AND slug = ?"
        scope = 0 if guild_id is None else guild_id
        total = await self._rows(f"SELECT COUNT(*) FROM player_records {where}", scope, slug)
        rows = await self._rows(
            f"SELECT seat_id, name, games, wins, best FROM player_records {where} "
            f"ORDER BY {_RECORD_ORDERS[order]}, seat_id LIMIT ? OFFSET ?",
            scope,
            slug,
            limit,
            offset,
        )
        return int(total[0][0]), [TitleStats(slug, r[0], r[1], r[2], r[3], r[4]) for r in rows]

    async def _record_board_seen(
        self,
        guild_id: int,
        slug: str,
        order: str,
        offset: int,
        limit: int,
        hidden: Collection[int],
    ) -> tuple[int, list[TitleStats]]:
        """A server's board of results without the ``hidden`` places: each person's
        records summed over the places seen, with the name their server's record keeps."""
        unseen, places = _unseen(hidden)
        seen = (
            "SELECT seat_id, SUM(games) AS games, SUM(wins) AS wins, MAX(best) AS best "
            f"FROM place_records WHERE guild_id = ? AND slug = ?{unseen} GROUP BY seat_id"
        )
        total = await self._rows(f"SELECT COUNT(*) FROM ({seen}) AS seen", guild_id, slug, *places)
        rows = await self._rows(
            f"{seen} ORDER BY {_RECORD_ORDERS[order]}, seat_id LIMIT ? OFFSET ?",
            guild_id,
            slug,
            *places,
            limit,
            offset,
        )
        named = await self._rows(
            "SELECT seat_id, name FROM player_records WHERE guild_id = ? AND slug = ? "
            f"AND seat_id IN ({', '.join('?' for _ in rows) or 'NULL'})",
            guild_id,
            slug,
            *(r[0] for r in rows),
        )
        names = {str(r[0]): str(r[1]) for r in named}
        records = [
            TitleStats(slug, r[0], names.get(r[0], ""), int(r[1]), int(r[2]), int(r[3]))
            for r in rows
        ]
        return int(total[0][0]), records

    async def season(self, guild_id: int) -> int:
        found = await self._rows("SELECT season FROM guild_settings WHERE guild_id = ?", guild_id)
        return int(found[0][0]) if found else 1

    async def new_season(self, guild_id: int) -> tuple[int, bool]:
        async def begin(tx: Transaction) -> tuple[int, bool]:
            await tx.execute(
                "INSERT INTO guild_settings (guild_id) VALUES (?) "
                "ON CONFLICT (guild_id) DO NOTHING",
                guild_id,
            )
            began = await tx.execute(
                "UPDATE guild_settings SET season = season + 1 WHERE guild_id = ? "
                "AND season < ? AND EXISTS "
                "(SELECT 1 FROM ratings WHERE ratings.guild_id = guild_settings.guild_id "
                "AND ratings.season = guild_settings.season)",
                guild_id,
                SEASON_LIMIT,
            )
            return await season_in(tx, guild_id), began == 1

        season, began = await self._transaction(begin)
        if began:
            record_change()
        return season, began

    async def refold_ratings(self, *, write: bool = True) -> Refold:
        done = await self._transaction(lambda tx: refold(tx, self.dialect, write=write))
        if write and done.changed + done.history_changed:
            record_change()
        return done

    async def rating_board(
        self, scope: Scope, slug: str, *, offset: int = 0, limit: int = 10, unlisted: bool = False
    ) -> tuple[int, list[Standing]]:
        where = "WHERE guild_id = ? AND season = ? AND slug = ?"
        if not unlisted:
            where += " AND listed = 1"
        total = await self._rows(
            f"SELECT COUNT(*) FROM ratings {where}", scope.guild_id, scope.season, slug
        )
        rows = await self._rows(
            f"SELECT player, name, {rating_rows.RATED} FROM ratings {where} "
            f"ORDER BY {_RATING_ORDER} LIMIT ? OFFSET ?",
            scope.guild_id,
            scope.season,
            slug,
            limit,
            offset,
        )
        standings = [Standing(str(r[0]), str(r[1]), rating_rows.stored_rating(r, 2)) for r in rows]
        return int(total[0][0]), standings

    async def _rating_of(
        self, scope: Scope, slug: str, player: str, *, ranked: bool = True
    ) -> tuple[Rating, int | None] | None:
        """A player's rating in ``scope`` and, when ``ranked`` and it is listed, their
        place on its board."""
        found = await self._rows(
            f"SELECT ordinal, listed, {rating_rows.RATED} FROM ratings "
            "WHERE guild_id = ? AND season = ? AND slug = ? AND player = ?",
            scope.guild_id,
            scope.season,
            slug,
            player,
        )
        if not found:
            return None
        ordinal, on_board = found[0][0], bool(found[0][1])
        rating = rating_rows.stored_rating(found[0], 2)
        if not ranked or not on_board:
            return rating, None
        above = await self._rows(
            "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND season = ? AND slug = ? "
            "AND listed = 1 AND (ordinal > ? OR (ordinal = ? AND player < ?))",
            scope.guild_id,
            scope.season,
            slug,
            ordinal,
            ordinal,
            player,
        )
        return rating, int(above[0][0]) + 1

    async def profile(
        self,
        guild_id: int,
        player: str,
        *,
        season: int | None = None,
        trend: int,
        last: int,
        hidden: Collection[int] = (),
    ) -> list[TitleProfile]:
        here = Scope(guild_id, season if season is not None else await self.season(guild_id))
        # Only titles with a game the viewer can see (every rated game is also a record
        # of its title here), and a trend of those games: the rating stays whole.
        records = await self.player_stats(guild_id, player, hidden=hidden)
        unseen, places = _unseen(hidden, "COALESCE(g.parent_channel_id, g.channel_id)")
        titles = []
        for record in records:
            slug = record.slug
            mine = await self._rating_of(here, slug, player)
            everywhere = await self._rating_of(EVERYWHERE, slug, player, ranked=False)
            after = await self._rows(
                "SELECT c.mu, c.sigma, c.games FROM rating_changes AS c "
                "JOIN games AS g ON g.id = c.game_id WHERE c.guild_id = ? AND c.season = ? "
                f"AND c.slug = ? AND c.player = ?{unseen} ORDER BY c.seq DESC LIMIT ?",
                here.guild_id,
                here.season,
                slug,
                player,
                *places,
                trend,
            )
            outings = await self._rows(
                "SELECT r.rank, (SELECT COUNT(*) FROM results AS o WHERE o.game_id = r.game_id), "
                "r.score, r.ai_played FROM results AS r JOIN games AS g ON g.id = r.game_id "
                "WHERE r.guild_id = ? AND r.seat_id = ? AND r.slug = ?"
                f"{unseen} "
                "ORDER BY r.finished_at DESC, r.game_id DESC LIMIT ?",
                guild_id,
                player,
                slug,
                *places,
                last,
            )
            titles.append(
                TitleProfile(
                    slug=slug,
                    rating=mine[0] if mine else None,
                    rank=mine[1] if mine else None,
                    everywhere=everywhere[0] if everywhere else None,
                    trend=tuple(
                        Rating(float(r[0]), float(r[1]), int(r[2])).shown for r in reversed(after)
                    ),
                    games=record.games,
                    wins=record.wins,
                    best=record.best,
                    last=tuple(
                        Outing(int(r[0]), int(r[1]), int(r[2]), bool(r[3])) for r in outings
                    ),
                )
            )
        return titles
