"""Ratings in the store, on SQLite and PostgreSQL alike: a finished rated game is
rated in the transaction that records its results; every stored rating is what the
``openskill`` library gives for the same games driven by hand; a refold from scratch
finds exactly the stored values; ties, leavers, robots, casual, lonely and cancelled
tables; seasons; profiles; two games finishing at once; and a database an older
Turnstile left with finished games has them rated once, by the migration that adds
ratings."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import Mapping, Sequence

import asyncpg
import pytest
from openskill.models import PlackettLuceRating

from bot.common.ratings import (
    EVERYWHERE,
    SEASON_LIMIT,
    Key,
    Rating,
    Scope,
    rated_table,
    robot_player,
)
from bot.store import GameRow, GameStore, Result, Seat
from bot.store.rating_rows import Refold
from tests.bot.test_ratings import by_openskill
from tests.store.backends import Backend

ALICE = Seat(id="111", name="Alice")
BOB = Seat(id="222", name="Bob")
CHLOE = Seat(id="333", name="Chloé")
DAN = Seat(id="444", name="Dan")
HARD = Seat(id="ai1", name="Robot 1", ai=True, robot=True, ai_played=True, level="hard")
EASY = Seat(id="ai2", name="Robot 2", ai=True, robot=True, ai_played=True, level="easy")
OLD_ROBOT = Seat(id="ai3", name="Robot 3", ai=True, robot=True, ai_played=True)
SLUG = "imagineers"
HERE = Scope(1, 1)


async def finish(
    store: GameStore,
    channel: int,
    places: Sequence[tuple[Seat, int]],
    *,
    guild: int | None = 1,
    rated: bool = True,
    left: Sequence[Seat] = (),
    slug: str = SLUG,
    now: float | None = None,
    standings: Mapping[str, int] | None = None,
) -> GameRow:
    """A table of these seats plays to the end with these ranks (``left``: people whose
    seat the AI took over; ``standings``: by seat id, a seat voted idle and its place
    then); the store records the results. ``now``: when (by default the channel's
    number, in seconds)."""
    when = float(channel) if now is None else now
    seats = [seat for seat, _ in places]
    row = await store.create_lobby(
        guild_id=guild,
        channel_id=channel,
        slug=slug,
        host=seats[0],
        options={},
        seed=1,
        now=when,
        rated=rated,
    )
    row = await store.update_table(row, seats=seats)
    people = sum(1 for s in seats if not s.robot)
    row = await store.start(row, seats, {}, when, rated=rated_table(rated, people))
    results = [
        Result(
            s.id,
            s.name,
            50 - rank,
            rank,
            s.robot or s in left,
            s.robot,
            s.level,
            (standings or {}).get(s.id),
        )
        for s, rank in places
    ]
    return await store.commit_moves(
        row, [(seats[0].id, "end", [])], {}, now=when + 0.5, results=results
    )


async def board(store: GameStore, scope: Scope, slug: str = SLUG) -> dict[Key, Rating]:
    total, standings = await store.rating_board(scope, slug, limit=100, unlisted=True)
    assert total == len(standings)
    return {(scope, slug, s.player): s.rating for s in standings}


def same(stored: dict[Key, Rating], library: dict[Key, PlackettLuceRating]) -> None:
    assert set(stored) == set(library)
    for key, rating in stored.items():
        assert (rating.mu, rating.sigma) == (library[key].mu, library[key].sigma), key


async def everything(store: GameStore, *scopes: Scope) -> dict[Key, Rating]:
    found: dict[Key, Rating] = {}
    for scope in scopes:
        found.update(await board(store, scope))
    return found


async def test_a_rated_game_is_rated_as_its_results_are_recorded(store: GameStore) -> None:
    """Two people and a hard robot: the winner first on the board, each rating the
    library's, on the server and everywhere; a robot by its level."""
    done = await finish(store, 10, [(ALICE, 1), (HARD, 2), (BOB, 3)])
    assert done.status == "finished" and done.rated
    listed, robots = await store.rating_board(HERE, SLUG)
    assert (listed, [s.player for s in robots]) == (1, [robot_player("hard")]), "one person met"
    total, standings = await store.rating_board(HERE, SLUG, unlisted=True)
    assert total == 3
    assert [s.player for s in standings] == sorted(
        ["111", robot_player("hard"), "222"],
        key=lambda p: -next(s.rating.ordinal for s in standings if s.player == p),
    )
    named = {s.player: s.name for s in standings}
    assert named == {"111": "Alice", robot_player("hard"): "", "222": "Bob"}
    assert all(s.rating.games == 1 and s.rating.provisional for s in standings)
    library = by_openskill(
        [(SLUG, [HERE, EVERYWHERE], [("111", 1), (robot_player("hard"), 2), ("222", 3)])]
    )
    same(await everything(store, HERE, EVERYWHERE), library)
    _, there = await store.rating_board(EVERYWHERE, SLUG, unlisted=True)
    assert [s.name for s in there] == ["", "", ""], "no server's name shows everywhere"


async def test_a_sequence_with_ties_leavers_robots_casual_and_cancelled_games(
    store: GameStore,
) -> None:
    """Each stored rating equals the library's for the games that count: a tie shares a
    place, a leaver is last whatever the AI made of the seat, robots are one player per
    level (a robot from before levels plays ``normal``); a casual table, a table of one
    person and robots, and a cancelled game move nothing."""
    hard, easy, normal = (robot_player(level) for level in ("hard", "easy", "normal"))
    await finish(store, 10, [(ALICE, 1), (BOB, 1), (CHLOE, 3)])
    await finish(store, 11, [(ALICE, 1), (BOB, 2), (HARD, 3)], left=[ALICE])
    casual = await finish(store, 12, [(BOB, 1), (ALICE, 2)], rated=False)
    lonely = await finish(store, 13, [(DAN, 1), (EASY, 2)])
    cancelled = await store.create_lobby(
        guild_id=1, channel_id=14, slug=SLUG, host=ALICE, options={}, seed=1, now=14.0
    )
    cancelled = await store.update_table(cancelled, seats=[ALICE, BOB])
    cancelled = await store.start(cancelled, [ALICE, BOB], {}, 14.0)
    await store.set_status(cancelled, "cancelled", 14.5)
    await finish(store, 15, [(CHLOE, 2), (DAN, 1), (EASY, 4), (OLD_ROBOT, 3)])
    await finish(store, 16, [(BOB, 1), (CHLOE, 2)], guild=2)
    assert not casual.rated and not lonely.rated
    library = by_openskill(
        [
            (SLUG, [HERE, EVERYWHERE], [("111", 1), ("222", 1), ("333", 3)]),
            (SLUG, [HERE, EVERYWHERE], [("111", 3), ("222", 1), (hard, 2)]),
            (SLUG, [HERE, EVERYWHERE], [("333", 2), ("444", 1), (easy, 4), (normal, 3)]),
            (SLUG, [Scope(2, 1), EVERYWHERE], [("222", 1), ("333", 2)]),
        ],
        {1: {"111"}},  # only bob played game 11 to the end: only alice's loss counts
    )
    same(await everything(store, HERE, Scope(2, 1), EVERYWHERE), library)
    # Games 10 and 16 (game 11, which bob alone played to the end, is not bob's).
    assert (await board(store, EVERYWHERE))[(EVERYWHERE, SLUG, "222")].games == 2


async def test_a_refold_finds_exactly_the_stored_values(store: GameStore) -> None:
    """Rated one at a time as they finished, then folded again from scratch: nothing
    differs; the board reads the same after a refold that writes."""
    await finish(store, 10, [(ALICE, 1), (BOB, 2), (HARD, 3)])
    await finish(store, 11, [(BOB, 1), (CHLOE, 2), (ALICE, 2)], left=[CHLOE])
    await finish(store, 12, [(CHLOE, 1), (ALICE, 2)], guild=None)
    await finish(store, 13, [(ALICE, 1), (BOB, 2)], slug="troolpark")
    before = await everything(store, HERE, EVERYWHERE)
    assert await store.refold_ratings(write=False) == Refold(4, 12, 0, 0)
    assert await store.refold_ratings() == Refold(4, 12, 0, 0)
    assert await everything(store, HERE, EVERYWHERE) == before
    assert await store.profile(1, "111", trend=20, last=5) == await store.profile(
        1, "111", trend=20, last=5
    )


async def test_a_refold_puts_back_what_was_lost_or_changed(
    store: GameStore, backend: Backend
) -> None:
    """A rating edited by hand and a lost history row (a restore gone wrong) are found
    and replaced by what the games give."""
    await finish(store, 10, [(ALICE, 1), (BOB, 2)])
    await finish(store, 11, [(BOB, 1), (ALICE, 2)])
    before = await everything(store, HERE, EVERYWHERE)
    await execute(backend, "UPDATE ratings SET mu = 40 WHERE player = '111' AND guild_id = 0")
    await execute(backend, "DELETE FROM rating_changes WHERE game_id = 1 AND player = '222'")
    assert await store.refold_ratings(write=False) == Refold(2, 4, 1, 2)
    assert await store.refold_ratings() == Refold(2, 4, 1, 2)
    assert await everything(store, HERE, EVERYWHERE) == before
    assert await store.refold_ratings(write=False) == Refold(2, 4, 0, 0)


async def test_two_games_finishing_at_once_are_rated_one_after_the_other(
    backend: Backend,
) -> None:
    """Alice finishes two games at the same moment, through two handles on the database
    (two processes): neither game's rating is lost, and a refold agrees."""
    first, second = await backend.open(), await backend.open_unlocked()
    try:
        rows = []
        for store, channel in ((first, 10), (second, 11)):
            row = await store.create_lobby(
                guild_id=1, channel_id=channel, slug=SLUG, host=ALICE, options={}, seed=1, now=1
            )
            row = await store.update_table(row, seats=[ALICE, BOB if channel == 10 else CHLOE])
            rows.append(await store.start(row, row.seats, {}, 2.0))
        ends = [
            store.commit_moves(
                row,
                [("111", "end", [])],
                {},
                now=3.0,
                results=[Result("111", "Alice", 5, 1, False, False)]
                + [Result(s.id, s.name, 1, 2, False, False) for s in row.seats[1:]],
            )
            for store, row in zip((first, second), rows, strict=True)
        ]
        await asyncio.gather(*ends)
        alice = (await board(first, EVERYWHERE))[(EVERYWHERE, SLUG, "111")]
        assert alice.games == 2
        assert await first.refold_ratings(write=False) == Refold(2, 6, 0, 0)
    finally:
        await second.close()
        await first.close()


async def test_seasons_start_afresh_and_the_old_one_stays_readable(store: GameStore) -> None:
    assert await store.season(1) == 1
    assert await store.new_season(1) == (1, False), "a season without a rated game is new"
    await finish(store, 10, [(ALICE, 1), (BOB, 2)])
    assert await store.new_season(1) == (2, True)
    assert await store.new_season(1) == (2, False)
    await finish(store, 11, [(BOB, 1), (ALICE, 2)])
    old, new = await board(store, Scope(1, 1)), await board(store, Scope(1, 2))
    assert old[(Scope(1, 1), SLUG, "111")].games == 1
    assert new[(Scope(1, 2), SLUG, "222")].mu == old[(Scope(1, 1), SLUG, "111")].mu
    assert (await board(store, EVERYWHERE))[(EVERYWHERE, SLUG, "111")].games == 2
    assert await store.season(2) == 1, "another server's seasons are its own"
    assert await store.refold_ratings(write=False) == Refold(2, 6, 0, 0)


async def test_a_profile_says_rating_place_trend_record_and_last_results(
    store: GameStore,
) -> None:
    await finish(store, 10, [(ALICE, 1), (BOB, 2)])
    await finish(store, 11, [(ALICE, 2), (BOB, 1), (CHLOE, 3), (DAN, 4)])
    await finish(store, 12, [(ALICE, 1), (CHLOE, 2)], left=[ALICE])
    await finish(store, 13, [(ALICE, 1), (BOB, 2)], rated=False)
    await finish(store, 14, [(ALICE, 1), (BOB, 2)], slug="troolpark", guild=2)
    [title] = await store.profile(1, "111", trend=2, last=3)
    ratings = await board(store, HERE)
    mine = ratings[(HERE, SLUG, "111")]
    assert title.slug == SLUG and title.rating == mine and mine.games == 3
    better = sorted(ratings.values(), key=lambda r: -r.ordinal).index(mine) + 1
    assert title.rank == better
    assert title.everywhere == (await board(store, EVERYWHERE))[(EVERYWHERE, SLUG, "111")]
    assert len(title.trend) == 2 and title.trend[-1] == mine.shown
    assert (title.games, title.wins, title.best) == (4, 3, 49)
    assert [(o.place, o.of, o.left) for o in title.last] == [
        (1, 2, False),
        (1, 2, True),
        (2, 4, False),
    ]
    [past] = await store.profile(1, "111", season=1, trend=20, last=5)
    assert past.rating == mine
    assert await store.profile(1, "999", trend=20, last=5) == []
    [elsewhere] = await store.profile(2, "111", trend=20, last=5)
    assert elsewhere.slug == "troolpark" and elsewhere.rating is not None


async def test_casual_and_lonely_tables_say_so_on_their_row(store: GameStore) -> None:
    """``rated`` is on the game row (the coach refuses hints at rated tables)."""
    casual = await store.create_lobby(
        guild_id=1, channel_id=10, slug=SLUG, host=ALICE, options={}, seed=1, now=1, rated=False
    )
    assert not casual.rated
    switched = await store.set_lobby_options(casual, {}, "live", rated=True)
    assert switched.rated and (await store.set_lobby_options(switched, {}, "async")).rated
    lonely = await finish(store, 11, [(ALICE, 1), (HARD, 2)])
    assert not lonely.rated


# ----------------------------------------------------------- a database from before ratings

#: Two finished games and a running one, as Turnstile before ratings (schema 7) left them.
V7_GAMES = [
    "INSERT INTO games (id, guild_id, channel_id, slug, status, host_id, seats, seed, options, "
    "version, created_at, finished_at) VALUES "
    f"(1, 1, 10, '{SLUG}', 'finished', '111', "
    """'[{"id": "111", "name": "Alice"}, {"id": "222", "name": "Bob"}, """
    """{"id": "ai1", "name": "Robot 1", "ai": true, "robot": true, "level": "hard"}]', """
    "1, '{}', 3, 1.0, 9.0), "
    f"(2, 1, 11, '{SLUG}', 'finished', '222', "
    """'[{"id": "222", "name": "Bob"}, {"id": "111", "name": "Alice", "ai_played": true}]', """
    "1, '{}', 3, 2.0, 5.0), "
    f"(3, 1, 12, '{SLUG}', 'active', '111', "
    """'[{"id": "111", "name": "Alice"}, {"id": "222", "name": "Bob"}]', """
    "1, '{}', 1, 3.0, NULL)",
    "INSERT INTO results (game_id, guild_id, slug, finished_at, seat_id, name, score, rank, "
    "ai_played, robot) VALUES "
    f"(1, 1, '{SLUG}', 9.0, '111', 'Alice', 30, 1, 0, 0), "
    f"(1, 1, '{SLUG}', 9.0, '222', 'Bob', 20, 3, 0, 0), "
    f"(1, 1, '{SLUG}', 9.0, 'ai1', 'Robot 1', 25, 2, 1, 1), "
    f"(2, 1, '{SLUG}', 5.0, '222', 'Bob', 10, 2, 0, 0), "
    f"(2, 1, '{SLUG}', 5.0, '111', 'Alice', 12, 1, 1, 0)",
]


async def test_games_finished_before_ratings_are_rated_once_by_the_migration(
    backend: Backend,
) -> None:
    """Schema 7 with two finished games: opening it rates them in the order they finished
    (game 2 first), robots by the level their seat had, a person the AI replaced last;
    opening it again rates nothing again (a rating edited meanwhile stays edited)."""
    await backend.at_schema(7, V7_GAMES)
    store = await backend.open()
    try:
        library = by_openskill(
            [
                (SLUG, [HERE, EVERYWHERE], [("222", 1), ("111", 2)]),
                (SLUG, [HERE, EVERYWHERE], [("111", 1), (robot_player("hard"), 2), ("222", 3)]),
            ],
            {0: {"111"}},  # one person played game 2 to the end: only the leaver's loss
        )
        same(await everything(store, HERE, EVERYWHERE), library)
        assert await store.refold_ratings(write=False) == Refold(2, 6, 0, 0)
        running = await store.get(3)
        assert running is not None and running.rated and running.status == "active"
    finally:
        await store.close()
    await execute(backend, "UPDATE ratings SET mu = 40 WHERE player = '111' AND guild_id = 0")
    again = await backend.open()
    try:
        alice = (await board(again, EVERYWHERE))[(EVERYWHERE, SLUG, "111")]
        assert alice.mu == 40, "the migration's rating ran once"
        assert (await again.refold_ratings(write=False)).changed == 1
        later = await again.get(3)
        assert later is not None
        results = [
            Result("111", "Alice", 3, 2, False, False),
            Result("222", "Bob", 5, 1, False, False),
        ]
        await again.commit_moves(later, [("111", "end", [])], {}, now=20.0, results=results)
        bob = (await board(again, HERE))[(HERE, SLUG, "222")]
        # Games 1 and 3 (game 2, which bob alone played to the end, is not bob's).
        assert bob.games == 2, "the next finished game takes its place after them"
    finally:
        await again.close()


async def execute(backend: Backend, sql: str) -> None:
    """A change made behind the store's back (by hand, or a restore)."""
    if backend.settings.url is None:
        with contextlib.closing(sqlite3.connect(backend.settings.path)) as db:
            db.execute(sql)
            db.commit()
        return
    conn = await asyncpg.connect(backend.settings.url)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


@pytest.mark.parametrize("rank", [1, 2])
async def test_a_game_without_a_server_is_rated_everywhere_only(
    store: GameStore, rank: int
) -> None:
    await finish(store, 10, [(ALICE, rank), (BOB, 3 - rank)], guild=None)
    assert await board(store, HERE) == {}
    assert len(await board(store, EVERYWHERE)) == 2


async def test_seasons_stop_at_the_last_a_custom_id_can_name(backend: Backend) -> None:
    """A server's seasons are bounded (a page button carries four
    digits): at the last one, a new season does not begin, whatever was played in it."""
    store = await backend.open()
    try:
        await finish(store, 10, [(ALICE, 1), (BOB, 2)])
        assert await store.new_season(1) == (2, True)
        await finish(store, 11, [(ALICE, 1), (BOB, 2)])
    finally:
        await store.close()
    await execute(backend, f"UPDATE guild_settings SET season = {SEASON_LIMIT}")
    await execute(backend, f"UPDATE ratings SET season = {SEASON_LIMIT} WHERE season = 2")
    store = await backend.open()
    try:
        assert await store.new_season(1) == (SEASON_LIMIT, False)
        assert await store.season(1) == SEASON_LIMIT
    finally:
        await store.close()


async def test_a_board_of_results_shows_the_name_last_played_under(store: GameStore) -> None:
    """A player renamed on a server shows by their latest name
    (not the greatest in sort order); everywhere by no server's name at all."""
    await finish(store, 10, [(Seat(id="111", name="Zed"), 1), (BOB, 2)])
    await finish(store, 11, [(Seat(id="111", name="Amy"), 2), (BOB, 1)])
    for order in ("wins", "best"):
        total, records = await store.record_board(1, SLUG, order)
        assert total == 2
        assert {r.seat_id: r.name for r in records} == {"111": "Amy", "222": "Bob"}
        assert [(r.games, r.wins) for r in records] == [(2, 1), (2, 1)]
        _, there = await store.record_board(None, SLUG, order)
        assert {r.name for r in there} == {""}
