"""Fair ratings in the store, on SQLite and PostgreSQL alike: robots stored at their
fixed anchors, the same people met again damped, a person listed after three different people, an
idle seat rated no better than its standing at the vote, the records of a server without
the places a viewer cannot see; each rated one game at a time as games finish, and each
exactly what a refold gives. A database that an earlier Turnstile rated by the old rules
is refolded by the new ones when it migrates."""

from __future__ import annotations

import pytest

from bot.common.ratings import EVERYWHERE, Key, Rating, Scope, places, robot_player
from bot.common.robot_anchors import ANCHORS
from bot.store import GameStore, Seat
from bot.store.rating_rows import Refold
from tests.bot.test_ratings import by_openskill, leavers, random_games, stayers
from tests.store.backends import Backend
from tests.store.reads import results_of
from tests.store.test_ratings_store import (
    ALICE,
    BOB,
    CHLOE,
    DAN,
    EASY,
    HARD,
    HERE,
    SLUG,
    V7_GAMES,
    board,
    everything,
    execute,
    finish,
    same,
)

#: A second easy robot at the table (each robot seat has its own id).
EASY2 = Seat(id="ai4", name="Robot 4", ai=True, robot=True, ai_played=True, level="easy")


async def test_robots_stay_at_their_anchors_and_repeats_are_damped_as_a_refold_finds(
    store: GameStore,
) -> None:
    """A second account and two easy robots, ten times over, then a game elsewhere: the
    robots' stored ratings are their anchor after every game, the player's are the
    library's damped as the reference computes them, and a refold finds nothing to
    change."""
    easy = robot_player("easy")
    for channel in range(10, 20):
        await finish(store, channel, [(ALICE, 1), (EASY, 2), (EASY2, 3), (BOB, 4)])
    await finish(store, 20, [(CHLOE, 1), (ALICE, 2), (HARD, 3)], guild=2)
    farm = [(SLUG, [HERE, EVERYWHERE], [("111", 1), (easy, 2), (easy, 3), ("222", 4)])] * 10
    library = by_openskill(
        [
            *farm,
            (
                SLUG,
                [Scope(2, 1), EVERYWHERE],
                [("333", 1), ("111", 2), (robot_player("hard"), 3)],
            ),
        ]
    )
    stored = await everything(store, HERE, Scope(2, 1), EVERYWHERE)
    same(stored, library)
    robot = stored[(HERE, SLUG, easy)]
    assert (robot.mu, robot.sigma, robot.games) == (*ANCHORS[(SLUG, "easy")], 10)
    # Ten games and the next met one person: ⌊(11 / 1)²⌋.
    assert stored[(HERE, SLUG, "111")].repeat == 121
    assert stored[(EVERYWHERE, SLUG, "111")].recent[-1] == ("333",)
    assert await store.refold_ratings(write=False) == Refold(11, 11, 0, 0)
    _, history = await store.rating_board(HERE, SLUG)
    assert [s.player for s in history] == [easy], "two people met: nobody listed yet"


async def test_a_person_joins_the_board_after_three_different_people(store: GameStore) -> None:
    """The board (and its count) lists robots and the people who met three others; a
    profile gives a place only to a listed rating, whose place counts listed ones."""
    await finish(store, 10, [(ALICE, 1), (BOB, 2), (HARD, 3)])
    await finish(store, 11, [(ALICE, 1), (CHLOE, 2)])
    total, listed = await store.rating_board(HERE, SLUG)
    assert (total, [s.player for s in listed]) == (1, [robot_player("hard")])
    [alice] = await store.profile(1, "111", trend=5, last=5)
    assert alice.rank is None and alice.rating is not None and alice.rating.met == ("222", "333")
    await finish(store, 12, [(DAN, 1), (ALICE, 2)])
    total, listed = await store.rating_board(HERE, SLUG)
    assert total == 2 and {s.player for s in listed} == {"111", robot_player("hard")}
    [alice] = await store.profile(1, "111", trend=5, last=5)
    assert alice.rating is not None
    above = sum(1 for s in listed if s.rating.ordinal > alice.rating.ordinal)
    assert alice.rank == above + 1
    assert (await store.profile(1, "222", trend=5, last=5))[0].rank is None
    assert await store.refold_ratings(write=False) == Refold(3, 10, 0, 0)


async def test_an_idle_seat_is_stored_and_rated_on_the_worse_of_standing_and_finish(
    store: GameStore,
) -> None:
    """Alice's seat was voted idle while third of four; the AI won it. Her result keeps
    the standing; she is rated third (bob and chloé move up), as a refold finds."""
    await finish(
        store,
        10,
        [(ALICE, 1), (BOB, 2), (CHLOE, 3), (DAN, 4)],
        standings={"111": 3},
    )
    results = {r.seat_id: r for r in await results_of(store, 1)}
    assert (results["111"].rank, results["111"].standing) == (1, 3)
    assert results["222"].standing is None
    library = by_openskill(
        [(SLUG, [HERE, EVERYWHERE], [("111", 3), ("222", 1), ("333", 2), ("444", 4)])]
    )
    same(await everything(store, HERE, EVERYWHERE), library)
    assert await store.refold_ratings(write=False) == Refold(1, 8, 0, 0)


async def test_records_leave_out_the_places_a_viewer_cannot_see(store: GameStore) -> None:
    """Games in channels 10 and 11, one more in a thread of channel 10's lobby: a viewer
    who cannot see channel 11 finds neither its games in a person's record, last results
    and trend nor in the board of wins, nor a title whose every game is out of sight;
    the rating is whole. The server's places are listed for the check."""
    await finish(store, 10, [(ALICE, 1), (BOB, 2)])
    await finish(store, 11, [(BOB, 1), (ALICE, 2)])
    await finish(store, 12, [(BOB, 1), (CHLOE, 2)], rated=False)
    assert await store.places(1) == [10, 11, 12]
    assert await store.places(1, "333") == [12]
    [everything_seen] = await store.player_stats(1, "222")
    assert (everything_seen.games, everything_seen.wins) == (3, 2)
    [seen] = await store.player_stats(1, "222", hidden={11})
    assert (seen.games, seen.wins, seen.best) == (2, 1, 49)
    [title] = await store.profile(1, "222", trend=5, last=5, hidden={11})
    assert (title.games, title.wins, len(title.last)) == (2, 1, 2)
    assert title.rating is not None and title.rating.games == 2, "a rating is whole"
    total, wins = await store.record_board(1, SLUG, "wins", hidden={11, 12})
    assert total == 2
    assert [(r.seat_id, r.name, r.games, r.wins) for r in wins] == [
        ("111", "Alice", 1, 1),
        ("222", "Bob", 1, 0),
    ]
    assert (await store.record_board(1, SLUG, "wins"))[0] == 3
    assert (await store.record_board(None, SLUG, "best", hidden={11}))[0] == 3, "everywhere"
    # The trend has a point per rated game in sight (the one of channel 10, not 11's).
    [whole] = await store.profile(1, "222", trend=5, last=5)
    assert len(whole.trend) == 2 and title.trend == whole.trend[:1]
    assert title.rating == whole.rating
    # A person whose every game is out of sight, though rated here: nothing to show.
    assert await store.profile(1, "111", trend=5, last=5, hidden={10, 11}) == []
    assert await store.profile(1, "333", trend=5, last=5, hidden={12}) == []


async def test_a_database_rated_by_the_old_rules_is_refolded_by_its_migration(
    backend: Backend,
) -> None:
    """Schema 12 with two rated games, a robot rating that moved (as robots' ratings did
    before they were fixed at anchors) and
    a rating with no ``met``: opening it refolds every rating by the new rules, once, and
    fills the records per place from the results."""
    await backend.at_schema(
        12,
        [
            *V7_GAMES,
            "UPDATE games SET rating_seq = 1, season = 1 WHERE id = 2",
            "UPDATE games SET rating_seq = 2, season = 1 WHERE id = 1",
            "UPDATE results SET level = 'hard' WHERE seat_id = 'ai1'",
            "DELETE FROM data_steps",
            "INSERT INTO ratings (guild_id, season, slug, player, name, mu, sigma, ordinal, "
            f"games) VALUES (0, 0, '{SLUG}', 'robot:hard', '', 31.5, 5.0, 16.5, 1), "
            f"(0, 0, '{SLUG}', '111', '', 27.0, 7.0, 6.0, 2)",
        ],
    )
    store = await backend.open()
    try:
        hard = robot_player("hard")
        library = by_openskill(
            [
                (SLUG, [HERE, EVERYWHERE], [("222", 1), ("111", 2)]),
                (SLUG, [HERE, EVERYWHERE], [("111", 1), (hard, 2), ("222", 3)]),
            ],
            {0: {"111"}},
        )
        same(await everything(store, HERE, EVERYWHERE), library)
        robot = (await board(store, EVERYWHERE))[(EVERYWHERE, SLUG, hard)]
        assert (robot.mu, robot.sigma) == ANCHORS[(SLUG, "hard")]
        assert await store.refold_ratings(write=False) == Refold(2, 6, 0, 0)
        assert await store.places(1) == [10, 11]
        [alice] = await store.player_stats(1, "111")
        assert (alice.games, alice.wins) == (2, 2)
    finally:
        await store.close()
    await execute(backend, "UPDATE ratings SET mu = 40 WHERE player = '111' AND guild_id = 0")
    again = await backend.open()
    try:
        assert (await again.refold_ratings(write=False)).changed == 1, "the refold ran once"
    finally:
        await again.close()


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_random_games_rated_as_they_finish_are_what_a_refold_gives(
    store: GameStore, seed: int
) -> None:
    """Random tables (ties, leavers, idle seats, robots of every level, people met again,
    casual games, two servers and none) recorded one by one: a refold finds nothing to
    change, and every stored rating is the reference's."""
    games = random_games(seed, 25)
    for channel, one in enumerate(games, start=10):
        seats = {
            f.player: Seat(id=f.player, name=f.player)
            if not f.robot
            else Seat(
                id=f"ai{i}",
                name=f"Robot {i}",
                ai=True,
                robot=True,
                ai_played=True,
                level=f.player.removeprefix("robot:"),
            )
            for i, f in enumerate(one.finishes)
        }
        await finish(
            store,
            channel,
            [(seats[f.player], f.rank) for f in one.finishes],
            guild=one.guild_id,
            rated=one.rated,
            left=[seats[f.player] for f in one.finishes if f.left],
            slug=one.slug,
            standings={f.player: f.standing for f in one.finishes if f.standing is not None},
        )
    assert (await store.refold_ratings(write=False)).changed == 0
    assert (await store.refold_ratings(write=False)).history_changed == 0
    counted = [g for g in games if g.rated and sum(1 for f in g.finishes if not f.robot) >= 2]
    library = by_openskill(
        [
            (
                g.slug,
                [Scope(g.guild_id, 1), EVERYWHERE] if g.guild_id else [EVERYWHERE],
                [(f.player, p) for f, p in zip(g.finishes, places(g.finishes), strict=True)],
            )
            for g in counted
        ],
        {i: leavers(g) for i, g in enumerate(counted) if stayers(g) < 2},
    )
    scopes = [Scope(1, 1), Scope(2, 1), EVERYWHERE]
    stored: dict[Key, Rating] = {}
    for slug in ("imagineers", "troolpark"):
        for scope in scopes:
            stored.update(await board(store, scope, slug))
    same(stored, library)
