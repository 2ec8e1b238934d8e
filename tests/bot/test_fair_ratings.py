"""Fair ratings through the real client and the Discord double, on both stores: a
leaderboard past 99,990 lines turns to every page it has; a seat voted idle
is rated no better than it stood at the vote, even back by `/game rejoin`; what a member
cannot see of a server's games (a private channel) is not counted on the profiles,
boards of results and records they read, while ratings, aggregates, are shown whole."""

from __future__ import annotations

import re

from bot.chat.access.sight import LOOKUPS
from bot.common.ratings import EVERYWHERE
from bot.store import GameStore, Seat
from bot.store.postgres import PostgresStore
from bot.store.sqlite import SqliteStore
from tests.bot.harness import Harness
from tests.bot.test_rated_fairness import ended_now, rated_disneyland, voted_idle
from tests.bot.test_rated_play import lines, rated_game
from tests.bot.test_ratings import by_openskill
from tests.store.reads import results_of
from tests.store.test_ratings_store import finish

#: Lines of the long board: 10,000 pages of 10.
LINES = 100_000


async def sql(store: GameStore, statement: str) -> None:
    """A statement run behind the store's back, as a test's set-up (either backend)."""
    if isinstance(store, PostgresStore):
        await store.pool.execute(statement)
        return
    assert isinstance(store, SqliteStore)
    async with store.writing() as db:
        await db.execute(statement)


async def test_a_board_past_99990_lines_turns_to_its_last_page(harness: Harness) -> None:
    """With 100,000 listed ratings, page 9999's Next button names page 10000,
    and pressing it shows that page (it used to be refused as unreadable); so does any
    page a button may name (the last page), while a longer number is unreadable."""
    d = harness.double
    channel, guild = d.ids["channel"], d.ids["guild"]
    await sql(
        harness.live.store,
        "INSERT INTO ratings (guild_id, season, slug, player, name, mu, sigma, ordinal, games, "
        "listed, met, recent) WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
        f"WHERE i < {LINES}) SELECT {guild}, 1, 'imagineers', CAST(1000000 + i AS TEXT), "
        "'P' || CAST(i AS TEXT), 30.0, 2.0, 24.0 - i * 0.0001, 9, 1, '', '' FROM n",
    )
    asked = await d.slash(d.ids["alice"], channel, "leaderboard", game="imagineers", page=9999)
    board = asked.original
    assert board is not None
    assert "Page 9,999 of 10,000" in board.text, board.text
    (_, _, _), (following, label, disabled) = board.buttons()
    assert following.endswith(":10000") and label == "Next ▶" and not disabled
    turned = await d.click(d.ids["bob"], board, following)
    assert turned.ephemeral and turned.original is not None, turned.content
    assert "Page 10,000 of 10,000" in turned.original.text
    assert [line["who"] for line in lines(turned)][-1] == f"**P{LINES}**"
    (back, _, _), (_, _, last) = turned.original.buttons()
    assert back.endswith(":9999") and last
    for page, shown in (("9" * 15, "Page 10,000 of 10,000"), ("9" * 16, "cannot be read")):
        forged = await d.forge_click(
            d.ids["carol"], board, f"ts:board:imagineers:rating:server:1:{page}"
        )
        words = forged.content + (forged.original.text if forged.original else "")
        assert forged.ephemeral and shown in words, (page, words)


async def test_a_seat_voted_idle_while_behind_is_rated_no_better_than_it_stood(
    harness: Harness,
) -> None:
    """The player behind goes idle; the other votes the AI in; the AI then wins the seat.
    The AI's finish is recorded (rank 1), but the ratings place the seat where it stood
    when the vote passed (second): going idle wins nothing."""
    where, row = await rated_disneyland(harness)
    behind = int(await harness.mover(where))
    _, state = await harness.state(where)
    ahead = next(seat for seat in state["money"] if seat != str(behind))
    state["money"][ahead] += 6000  # the other far ahead when the vote passes
    await harness.put_state(where, state)
    idle, voter = await voted_idle(harness, where)
    assert idle == behind
    _, state = await harness.state(where)
    state["money"][str(idle)] += 20000  # the AI then takes the seat far ahead
    await harness.put_state(where, state)
    done = await ended_now(harness, where, row)
    assert done.status == "finished"
    results = {r.seat_id: r for r in await results_of(harness.live.store, row.id)}
    assert (results[str(idle)].rank, results[str(idle)].standing) == (1, 2)
    assert results[str(voter)].standing is None and not results[str(idle)].ai_played
    _, standings = await harness.live.store.rating_board(EVERYWHERE, "disneyland", unlisted=True)
    library = by_openskill([("disneyland", [EVERYWHERE], [(str(voter), 1), (str(idle), 2)])])
    assert {s.player: (s.rating.mu, s.rating.sigma) for s in standings} == {
        player: (rating.mu, rating.sigma) for (_, _, player), rating in library.items()
    }


async def test_a_seat_voted_idle_while_behind_stays_at_its_standing_after_rejoining(
    harness: Harness,
) -> None:
    """The player behind goes idle, is voted to the AI, takes the seat back with
    `/game rejoin` and ends far ahead. The ratings still place them where they stood at
    the vote (second): the rule cannot tell the AI's turns from theirs, and a rejoin
    just before the end must not launder the AI's play into a win."""
    d = harness.double
    where, row = await rated_disneyland(harness)
    behind = int(await harness.mover(where))
    _, state = await harness.state(where)
    ahead = next(seat for seat in state["money"] if seat != str(behind))
    state["money"][ahead] += 6000
    await harness.put_state(where, state)
    idle, voter = await voted_idle(harness, where)
    assert idle == behind
    back = await d.slash(idle, where, "game rejoin")
    assert "back" in (back.content or back.text), back.content
    await harness.settle()
    fresh, state = await harness.state(where)
    seat = fresh.seat(str(idle))
    assert seat is not None and not seat.ai, "the person plays the seat again"
    state["money"][str(idle)] += 20000
    await harness.put_state(where, state)
    done = await ended_now(harness, where, row)
    assert done.status == "finished"
    results = {r.seat_id: r for r in await results_of(harness.live.store, row.id)}
    assert (results[str(idle)].rank, results[str(idle)].standing) == (1, 2)
    _, standings = await harness.live.store.rating_board(EVERYWHERE, "disneyland", unlisted=True)
    library = by_openskill([("disneyland", [EVERYWHERE], [(str(voter), 1), (str(idle), 2)])])
    assert {s.player: (s.rating.mu, s.rating.sigma) for s in standings} == {
        player: (rating.mu, rating.sigma) for (_, _, player), rating in library.items()
    }


RECORD = re.compile(r"(\d+) games?, (\d+) wins?")


async def test_a_private_channels_games_count_only_for_those_who_see_it(
    harness: Harness,
) -> None:
    """Bob wins a rated game in the public channel and one in a channel only alice and
    bob see, where he also won the only Imagineers game he played. Carol's `/profile` of
    bob, `/stats` of bob and the board of wins count one game, her profile draws bob's
    trend from it alone (no change "last game") and leaves Imagineers out; bob's own
    count two, with the change and Imagineers; the rating is the same number for both
    (an aggregate)."""
    d = harness.double
    public = d.ids["channel"]
    private = d.add_channel(d.ids["guild"], "staff", private_to=[d.ids["alice"], d.ids["bob"]])
    await rated_game(harness, public, winner="bob", loser="alice")
    await rated_game(harness, private, winner="bob", loser="alice")
    bob, alice = (Seat(id=str(d.ids[name]), name=name) for name in ("bob", "alice"))
    hidden = await finish(
        harness.live.store,
        private,
        [(bob, 1), (alice, 2)],
        guild=d.ids["guild"],
        slug="imagineers",
        now=harness.clock(),
    )
    await harness.live.store.mark_shown(hidden.id, hidden.version)
    seen = {}
    texts = {}
    for viewer in ("carol", "bob"):
        profile = await d.slash(d.ids[viewer], public, "profile", user=d.ids["bob"])
        assert profile.original is not None
        text = profile.original.content
        texts[viewer] = text
        found = RECORD.search(text)
        assert found is not None, text
        rating = re.search(r"rating (\d+)", text)
        assert rating is not None, text
        stats = await d.slash(d.ids[viewer], public, "stats", user=d.ids["bob"])
        assert stats.original is not None
        wins = await d.slash(d.ids[viewer], public, "leaderboard", game="disneyland", board="wins")
        assert wins.original is not None
        seen[viewer] = (
            found.groups(),
            text.count("1st of 2"),
            rating.group(1),
            stats.original.text,
            wins.original.text,
        )
    (carol_record, carol_last, carol_rating, carol_stats, carol_wins) = seen["carol"]
    (bob_record, bob_last, bob_rating, bob_stats, bob_wins) = seen["bob"]
    assert (carol_record, carol_last) == (("1", "1"), 1)
    assert (bob_record, bob_last) == (("2", "2"), 3), "and the Imagineers game"
    assert carol_rating == bob_rating, "a rating is whole, whoever looks"
    assert "last game)" not in texts["carol"] and "last game)" in texts["bob"]
    assert "Imagineers" not in texts["carol"] and "**Imagineers**: rating" in texts["bob"]
    assert "1 game · 1 win" in carol_stats and "2 games · 2 wins" in bob_stats
    assert "**bob** — 1 win in 1 game" in carol_wins
    assert "**bob** — 2 wins in 2 games" in bob_wins


async def test_places_the_client_does_not_hold_cost_a_few_lookups_and_count_for_nobody(
    harness: Harness,
) -> None:
    """Twenty of bob's games were played in channels since deleted: a `/profile` asks
    Discord about at most ``LOOKUPS`` of them (a stranger cannot make one answer cost
    twenty calls), and none of their games counts (nobody can see a deleted channel):
    the title they were all of is left out, rating and all."""
    d = harness.double
    store = harness.live.store
    bob = Seat(id=str(d.ids["bob"]), name="bob")
    carol = Seat(id=str(d.ids["carol"]), name="carol")
    for gone in range(20):
        done = await finish(
            store, 7_000 + gone, [(bob, 1), (carol, 2)], guild=d.ids["guild"], now=harness.clock()
        )
        await store.mark_shown(done.id, done.version)
    before = len(d.requests)
    profile = await d.slash(d.ids["carol"], d.ids["channel"], "profile", user=d.ids["bob"])
    lookups = [r for r in d.requests[before:] if r[0] == "GET" and r[1].startswith("/channels/")]
    assert len(lookups) <= LOOKUPS, lookups
    assert profile.original is not None
    words = profile.original.content
    assert words.endswith("\nNo finished games yet."), words
