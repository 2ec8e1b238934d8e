"""Rated play through the real client and the Discord double: a rated two-player
game puts both players on `/leaderboard`, the winner above; `/profile` answers with a PNG
card and the same facts in words; casual tables; the host's rated menu; pages turned by
anyone without touching the public board; forged page buttons, huge pages and other
servers' data; seasons."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest

from bot.common.ratings import EVERYWHERE, Scope
from bot.store import Seat
from tests.bot.double import InteractionResult, MessageRecord
from tests.bot.harness import Harness, lobby_control
from tests.bot.stores import SQLITE, on_store
from tests.store.reads import results_of, unshown
from tests.store.test_ratings_store import finish

PNG = b"\x89PNG\r\n\x1a\n"
#: A line of a rating board: rank, who, rating.
LINE = re.compile(r"^(?:🥇|🥈|🥉|\d+\.) (?P<who>.+?) — \*\*(?P<rating>\d+)\*\*")


async def rated_game(
    h: Harness, channel: int, winner: str, loser: str, *, rated: bool = True
) -> int:
    """Disneyland for two, ``winner`` richer, ended at once by agreement (a proposal and
    a yes): a real end, recorded and rated by the store as any other. The game's id."""
    d = h.double
    await d.slash(d.ids[loser], channel, "game new disneyland", length="open", rated=rated)
    joined = await d.slash(d.ids[winner], channel, "game join")
    assert not joined.ephemeral, joined.content
    where, _ = await h.start_game(d.ids[loser], channel)
    row, state = await h.state(where)
    state["money"][str(d.ids[winner])] += 500
    await h.put_state(where, state)
    proposer = int(await h.mover(where))
    other = next(int(s.id) for s in row.seats if int(s.id) != proposer)
    proposed = await h.play(proposer, where, "propose:now")
    assert not proposed.content.startswith("Sorry"), proposed.content
    await h.play(other, where, "vote:yes")
    await h.settle()
    done = await h.live.store.get(row.id)
    assert done is not None and done.status == "finished"
    return done.id


async def met_three(h: Harness, winner: str, loser: str) -> None:
    """A four-player rated Disneyland game in the test's channel, recorded by the store (as
    the bot records every finished game), ``winner`` first, carol and dave between,
    ``loser`` last: after a game of their own, each of the four has played three
    different people, so the leaderboard lists them."""
    d = h.double
    seats = [Seat(id=str(d.ids[name]), name=name) for name in (winner, "carol", "dave", loser)]
    places = [(seat, rank) for rank, seat in enumerate(seats, start=1)]
    done = await finish(
        h.live.store,
        d.ids["channel"],
        places,
        guild=d.ids["guild"],
        slug="disneyland",
        now=h.clock(),
    )
    await h.live.store.mark_shown(done.id, done.version)


def lines(result: InteractionResult | MessageRecord) -> list[dict[str, str]]:
    message = result.original if isinstance(result, InteractionResult) else result
    assert message is not None
    description = message.embeds[0].get("description") or ""
    return [m.groupdict() for line in description.splitlines() if (m := LINE.match(line))]


async def test_after_a_rated_game_both_players_are_on_the_board_winner_above(
    harness: Harness,
) -> None:
    d = harness.double
    game_id = await rated_game(harness, d.ids["channel"], winner="bob", loser="alice")
    [first, second] = await results_of(harness.live.store, game_id)
    assert (first.seat_id, first.rank, second.rank) == (str(d.ids["bob"]), 1, 2)
    await met_three(harness, winner="bob", loser="alice")
    board = await d.slash(d.ids["carol"], d.ids["channel"], "leaderboard", game="disneyland")
    assert not board.ephemeral and board.original is not None
    shown = lines(board)
    who = [line["who"] for line in shown]
    assert sorted(who) == ["**alice**", "**bob**", "**carol**", "**dave**"]
    assert who.index("**bob**") < who.index("**alice**")
    assert int(shown[0]["rating"]) > int(shown[-1]["rating"])
    assert "provisional" in board.original.text and "2 games" in board.original.text
    assert board.original.buttons() == [], "one page: no buttons"
    everywhere = await d.slash(
        d.ids["carol"], d.ids["channel"], "leaderboard", game="disneyland", scope="everywhere"
    )
    mentions = [line["who"] for line in lines(everywhere)]
    assert mentions.index(f"<@{d.ids['bob']}>") < mentions.index(f"<@{d.ids['alice']}>")
    assert everywhere.original is not None and everywhere.original.pinged == []
    wins = await d.slash(
        d.ids["carol"], d.ids["channel"], "leaderboard", game="disneyland", board="wins"
    )
    assert wins.original is not None and "**bob** — 2 wins in 2 games" in wins.original.text


async def test_profile_answers_with_a_png_card_and_the_same_in_words(harness: Harness) -> None:
    d = harness.double
    await rated_game(harness, d.ids["channel"], winner="bob", loser="alice")
    mine = await d.slash(d.ids["bob"], d.ids["channel"], "profile")
    assert not mine.ephemeral and mine.original is not None
    assert mine.original.image().startswith(PNG)
    text = mine.original.content
    assert text.startswith("**bob** — Turnstile ratings · Test Guild")
    assert "**Disneyland**: rating" in text and "1 game, 1 win" in text and "1st of 2" in text
    theirs = await d.slash(d.ids["bob"], d.ids["channel"], "profile", user=d.ids["alice"])
    assert theirs.original is not None and "**alice**" in theirs.original.content
    assert "2nd of 2" in theirs.original.content
    nobody = await d.slash(d.ids["erin"], d.ids["channel"], "profile")
    assert nobody.original is not None and nobody.original.image().startswith(PNG)
    assert "No finished games yet." in nobody.original.content


async def test_a_casual_table_is_not_rated_but_its_results_count(harness: Harness) -> None:
    d = harness.double
    game_id = await rated_game(harness, d.ids["channel"], winner="bob", loser="alice", rated=False)
    row = await harness.live.store.get(game_id)
    assert row is not None and not row.rated
    board = await d.slash(d.ids["bob"], d.ids["channel"], "leaderboard", game="disneyland")
    assert board.original is not None and lines(board) == []
    assert "Nobody is on this board yet" in board.original.text
    assert "after rated games against 3 different people" in board.original.text
    wins = await d.slash(
        d.ids["bob"], d.ids["channel"], "leaderboard", game="disneyland", board="wins"
    )
    assert len(lines_of_records(wins)) == 2


def lines_of_records(result: InteractionResult) -> list[str]:
    assert result.original is not None
    return (result.original.embeds[0].get("description") or "").splitlines()


async def test_the_host_makes_a_lobby_casual_and_a_table_of_one_is_casual(
    harness: Harness,
) -> None:
    d = harness.double
    channel = d.ids["channel"]
    opened = await d.slash(d.ids["alice"], channel, "game new troolpark")
    assert opened.original is not None and "Rated: **yes**" in opened.original.text
    row = await harness.live.store.open_game_in(channel)
    assert row is not None and row.rated
    card = [m for m in d.messages(channel) if m.buttons()][-1]
    menu = f"ts:opt:{row.id}:0:rated"
    refused = await d.select(d.ids["bob"], card, menu, ["off"])
    assert refused.ephemeral and "host" in refused.content
    forged = await d.forge_click(d.ids["alice"], card, menu, ["maybe"])
    assert forged.ephemeral and "choose one of off, on" in forged.content
    picked = await d.select(d.ids["alice"], card, menu, ["off"])
    assert not picked.ephemeral and picked.original is not None
    assert "Rated: **no**" in picked.original.text
    fresh = await harness.live.store.get(row.id)
    assert fresh is not None and not fresh.rated
    await d.select(d.ids["alice"], picked.original, lobby_control(picked.original, "rated"), ["on"])
    await d.slash(d.ids["alice"], channel, "game addbot", level="easy")
    await harness.start_game(d.ids["alice"], channel)
    alone = await harness.live.store.get(row.id)
    assert alone is not None and alone.status == "active" and not alone.rated


async def many_rated(h: Harness, guild: int, people: int) -> None:
    """``people`` players rated on ``guild``, in four-player games finished through the
    store (as the bot records every finished game: each player has then met the three
    different people a leaderboard asks for), now on the tables' clock and each
    already shown where it was played. The bot's clock has made its first round (the
    resume, which runs as the test begins) before: else it could find one of these
    games under way, overdue, and act on it, or show a finished one while a test
    compares dumps."""
    store = h.live.store
    for _ in range(1000):
        if h.live.clockwork.ticked:
            break
        await asyncio.sleep(0.01)
    assert h.live.clockwork.ticked, "the clock's first round"
    seats = [Seat(id=str(900 + n), name=f"P{n:02d}") for n in range(people)]
    for n in range(0, people, 4):
        table = seats[n : n + 4]
        places = [(seat, rank) for rank, seat in enumerate(table, start=1)]
        done = await finish(store, 5000 + n, places, guild=guild, slug="imagineers", now=h.clock())
        await store.mark_shown(done.id, done.version)
    assert await unshown(store) == []


async def test_pages_turn_privately_and_strangers_change_nothing_public(
    harness: Harness,
) -> None:
    d = harness.double
    channel, guild = d.ids["channel"], d.ids["guild"]
    await many_rated(harness, guild, 12)
    asked = await d.slash(d.ids["alice"], channel, "leaderboard", game="imagineers")
    board = asked.original
    assert board is not None and len(lines(board)) == 10 and "Page 1 of 2" in board.text
    (_, _, off), (following, label, on) = board.buttons()
    assert off and not on and label == "Next ▶"
    before = (board.text, board.buttons())
    for user in (d.ids["alice"], d.ids["erin"]):
        turned = await d.click(user, board, following)
        assert turned.ephemeral and turned.original is not None
        assert "Page 2 of 2" in turned.original.text and len(lines(turned)) == 2
        assert lines(turned)[0]["who"].startswith("**P")
    second = [line["who"] for line in lines(turned)]
    assert (board.text, board.buttons()) == before, "the public board did not turn"
    private = turned.original
    assert private is not None
    back = next(b for b, *_ in private.buttons() if b.endswith(":1"))
    again = await d.click(d.ids["erin"], private, back)
    assert again.response_type == 7, "the presser's own private page turns in place"
    assert "Page 1 of 2" in private.text
    page_two = await d.slash(d.ids["alice"], channel, "leaderboard", game="imagineers", page=2)
    assert [line["who"] for line in lines(page_two)] == second


async def test_forged_pages_huge_numbers_and_other_servers_data(harness: Harness) -> None:
    d = harness.double
    channel, guild = d.ids["channel"], d.ids["guild"]
    await many_rated(harness, guild, 12)
    board = (await d.slash(d.ids["alice"], channel, "leaderboard", game="imagineers")).original
    assert board is not None
    await harness.settle()
    before = await harness.dump()
    for named in ("9999", "99999", "9" * 15):  # any page a button can name: the last one
        last = await d.forge_click(
            d.ids["erin"], board, f"ts:board:imagineers:rating:server:1:{named}"
        )
        assert last.ephemeral and "Page 2 of 2" in last.content + (
            last.original.text if last.original else ""
        )
    refused = {
        "ts:board:chess:rating:server:1:1": "Unknown game",
        "ts:board:imagineers:elo:server:1:1": "Unknown board",
        "ts:board:imagineers:rating:galaxy:1:1": "Unknown scope",
        "ts:board:imagineers:rating:server:7:1": "no season 7",
        "ts:board:imagineers:rating:everywhere:1:1": "seasons",
        "ts:board:imagineers:rating:server:1:0": "page",
        "ts:board:imagineers:rating:server:1:" + "9" * 16: "cannot be read",
        "ts:board:imagineers:rating:server:1:1:9": "cannot be read",
        "ts:board:" + "x" * 100: "cannot be read",
    }
    for custom_id, words in refused.items():
        answer = await d.forge_click(d.ids["erin"], board, custom_id)
        assert answer.ephemeral and words.lower() in answer.content.lower(), (
            custom_id,
            answer.content,
        )
        assert len(answer.content) <= 300 and not answer.content.startswith("Sorry")
    for page in (0, -1, 10**15, 2**53, 10**30):
        answer = await d.forge(
            d.ids["erin"], channel, "leaderboard", {"game": "imagineers", "page": page}
        )
        assert answer.ephemeral and "page" in answer.content.lower(), answer.content
    for season in (0, 2, 2**53):
        answer = await d.forge(
            d.ids["erin"], channel, "leaderboard", {"game": "imagineers", "season": season}
        )
        assert answer.ephemeral and "season" in answer.content.lower(), answer.content
    # Another server sees its own boards, whatever a button names.
    elsewhere = d.add_channel(d.add_guild("Other Guild"), "games")
    other = await d.slash(d.ids["erin"], elsewhere, "leaderboard", game="imagineers")
    assert other.original is not None and lines(other) == []
    pressed = await d.forge_click(
        d.ids["erin"], other.original, "ts:board:imagineers:rating:server:1:2"
    )
    assert pressed.original is not None and lines(pressed) == []
    assert "P0" not in pressed.original.text
    assert await harness.dump() == before


@on_store(SQLITE)
async def test_a_new_season_starts_afresh_and_the_old_one_stays_readable(
    harness: Harness,
) -> None:
    d = harness.double
    channel, guild = d.ids["channel"], d.ids["guild"]
    refused = await d.slash(d.ids["alice"], channel, "game settings", season="new")
    assert refused.ephemeral and "Manage Server" in refused.content
    premature = await d.slash(d.ids["admin"], channel, "game settings", season="new")
    assert "Season 1 has no rated game yet" in premature.content
    await rated_game(harness, channel, winner="bob", loser="alice")
    await met_three(harness, winner="bob", loser="alice")
    began = await d.slash(d.ids["admin"], channel, "game settings", season="new")
    assert began.ephemeral and "Season 2 begins" in began.content
    assert await harness.live.store.season(guild) == 2
    now = await d.slash(d.ids["carol"], channel, "leaderboard", game="disneyland")
    assert now.original is not None and lines(now) == []
    assert "season 2" in now.original.text
    old = await d.slash(d.ids["carol"], channel, "leaderboard", game="disneyland", season=1)
    assert next(line["who"] for line in lines(old)) == "**bob**"
    assert old.original is not None and "season 1" in old.original.embeds[0]["title"]
    total, _ = await harness.live.store.rating_board(EVERYWHERE, "disneyland")
    assert (
        total == 4
        and (await harness.live.store.rating_board(Scope(guild, 2), "disneyland"))[0] == 0
    )


@on_store(SQLITE)
async def test_a_slow_store_defers_in_the_answers_own_shape(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the store takes its time (a retry, a loaded server), the board is deferred
    publicly, a page pressed on it privately (never as an update of the public board), and
    each answer then comes as it would have."""
    d = harness.double
    channel = d.ids["channel"]
    await many_rated(harness, d.ids["guild"], 12)
    store = harness.live.store
    board_of = store.rating_board

    async def slow(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(2.0)
        return await board_of(*args, **kwargs)

    monkeypatch.setattr(store, "rating_board", slow)
    # Every page read here reaches the slow store: none is served from the few seconds a
    # board's reads are kept, however long each step took.
    monkeypatch.setattr(harness.live.services.ratings.reads, "fresh", 0.0)
    asked = await d.slash(d.ids["alice"], channel, "leaderboard", game="imagineers")
    board = asked.original
    assert asked.response_type == 5 and not asked.ephemeral
    assert board is not None and "Page 1 of 2" in board.text and len(board.buttons()) == 2
    before = (board.text, board.buttons())
    following = board.buttons()[1][0]
    turned = await d.click(d.ids["erin"], board, following)
    assert turned.response_type == 5 and turned.ephemeral
    assert turned.original is not None and "Page 2 of 2" in turned.original.text
    assert (board.text, board.buttons()) == before
    back = next(b for b, *_ in turned.original.buttons() if b.endswith(":1"))
    again = await d.click(d.ids["erin"], turned.original, back)
    assert again.response_type == 6, "the private page is turned in place"
    for _ in range(500):  # the edit follows the deferral once the store answers
        if "Page 1 of 2" in turned.original.text:
            break
        await asyncio.sleep(0.02)
    assert "Page 1 of 2" in turned.original.text
