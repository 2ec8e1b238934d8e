"""A complete Disneyland game through the real discord.py client and the Discord double:
lobby buttons, /play with autocomplete, a board after every move,
ephemeral errors, /hand, racing moves, and buttons after a restart."""

from __future__ import annotations

import asyncio

import pytest

from engine import GAMES, get_game
from tests.bot.double import DiscordDouble, MessageRecord
from tests.bot.harness import Harness, lobby_control
from tests.bot.stalls import boards_wait_for_a_deferral
from tests.store.reads import games_with_status, results_of

PNG = b"\x89PNG\r\n\x1a\n"


def ids(double: DiscordDouble) -> dict[str, int]:
    return double.ids


async def open_table(h: Harness, channel: int, *players: str, **options: str) -> MessageRecord:
    d = h.double
    host = ids(d)[players[0]]
    r = await d.slash(host, channel, "game new disneyland", **options)
    assert not r.ephemeral
    lobby = d.messages(channel)[-1]
    for name in players[1:]:
        r = await d.click(ids(d)[name], lobby, lobby_control(lobby, "join"))
        assert r.response_type == 7  # the lobby message is updated in place
    return lobby


async def game_id(h: Harness, channel: int) -> int:
    row = await h.live.store.open_game_in(channel)
    assert row is not None
    return row.id


async def test_command_sync_payload_lists_every_command(harness: Harness) -> None:
    names = {c["name"] for c in harness.double.commands()}
    for command in harness.double.commands():  # everything but /rules lives in servers
        assert (command["contexts"] == [0]) == (command["name"] != "rules"), command["name"]
    assert {"game", "play", "hand", "rules", "disneyland", "stats", "leaderboard"} <= names
    game = next(c for c in harness.double.commands() if c["name"] == "game")
    subcommands = {o["name"] for o in game["options"]}
    assert {"new", "join", "leave", "start", "cancel", "status", "log", "addbot"} <= subcommands
    new = next(o for o in game["options"] if o["name"] == "new")
    games = {o["name"]: o for o in new["options"]}
    assert set(games) == {"adventureland", "imagineers", "disneyland", "troolpark"}
    for slug in GAMES:
        offered = {o["name"]: o for o in games[slug]["options"]}
        for spec in get_game(slug).options:
            values = {c["value"] for c in offered[spec.name]["choices"]}
            assert set(spec.choices) <= values, f"/game new {slug} offers every {spec.name}"


async def test_full_game_from_lobby_to_final_ranking(harness: Harness) -> None:
    d = harness.double
    channel = ids(d)["channel"]
    lobby = await open_table(harness, channel, "alice", "bob", length="rounds-10")
    start = await d.click(ids(d)["alice"], lobby, lobby_control(lobby, "start"))
    assert start.response_type == 7
    channel = await harness.table(channel)
    begins = await d.wait_for_message(channel, lambda m: "begins" in m.text)
    await d.wait_for_message(channel, lambda m: bool(m.attachments), after=begins)
    seat_user = {str(ids(d)[n]): ids(d)[n] for n in ("alice", "bob")}
    moves = 0
    while True:
        row = await harness.live.store.open_game_in(channel)
        if row is None:
            break
        mover = await harness.mover(channel)
        user = seat_user[mover]
        choices = await harness.choices(user, channel)
        assert choices, "the mover always has legal moves in autocomplete"
        code = next((c["value"] for c in choices if c["value"] in ("roll", "rent")), None)
        code = code or choices[0]["value"]
        result = await harness.play(user, channel, code)
        if result.ephemeral:  # a step within the turn: the board was edited
            assert result.content.startswith("✅"), result.content
        else:  # a new turn: its board is the answer
            assert result.original is not None
            assert result.original.embed_image().startswith(PNG)
        moves += 1
        assert moves < 400
    final = d.messages(channel)[-1]
    assert "final results" in final.text
    assert "🥇" in final.text
    ended = ("10 rounds played", "last player standing")
    assert any(words in final.text for words in ended), "the result says how it ended"
    assert not any(seat in final.text for seat in seat_user), "names, never seat ids"
    assert final.embed_image().startswith(PNG), "the final board in the final card"
    assert {b[1] for b in final.buttons()} >= {"Rematch", "Replay"}
    finished = await games_with_status(harness.live.store, "finished")
    assert len(finished) == 1
    assert {r.seat_id for r in await results_of(harness.live.store, finished[0].id)} == set(
        seat_user
    )


async def test_bad_input_gets_ephemeral_answers_and_changes_nothing(harness: Harness) -> None:
    d = harness.double
    channel = ids(d)["channel"]
    r = await harness.play(ids(d)["alice"], channel, "roll")
    assert r.ephemeral and "no game" in r.content.lower()
    lobby = await open_table(harness, channel, "alice", "bob")
    await d.click(ids(d)["alice"], lobby, lobby_control(lobby, "start"))
    channel = await harness.table(channel)
    row, _ = await harness.state(channel)
    mover = await harness.mover(channel)
    other = next(s.id for s in row.seats if s.id != mover)
    wrong = await harness.play(int(other), channel, "roll")
    assert wrong.ephemeral and "not your turn" in wrong.content.lower()
    garbage = await harness.play(int(mover), channel, "fly-to-the-moon")
    assert garbage.ephemeral and "not a legal move" in garbage.content
    stranger = await harness.play(ids(d)["carol"], channel, "roll")
    assert stranger.ephemeral and "not playing" in stranger.content
    after, _ = await harness.state(channel)
    assert after.version == row.version
    hand = await d.slash(int(mover), channel, "hand")
    assert hand.ephemeral and hand.attachments[0][1].startswith(PNG)


async def test_racing_moves_exactly_one_applies(harness: Harness) -> None:
    d = harness.double
    channel = ids(d)["channel"]
    lobby = await open_table(harness, channel, "alice", "bob")
    await d.click(ids(d)["alice"], lobby, lobby_control(lobby, "start"))
    channel = await harness.table(channel)
    row, _ = await harness.state(channel)
    mover = int(await harness.mover(channel))
    results = await asyncio.gather(
        harness.play(mover, channel, "roll"), harness.play(mover, channel, "roll")
    )
    played = [r for r in results if r.content.startswith("✅") or not r.ephemeral]
    refused = [r for r in results if r not in played]
    assert len(played) == 1 and len(refused) == 1
    answer = refused[0].content.lower()
    assert "moved on" in answer or "not your turn" in answer or "not a legal move" in answer
    log = await harness.live.store.moves(row.id)
    assert [m.code for m in log].count("roll") == 1


async def test_buttons_keep_working_after_a_restart(harness: Harness) -> None:
    d = harness.double
    channel = ids(d)["channel"]
    r = await d.slash(ids(d)["alice"], channel, "game new disneyland")
    lobby = d.messages(channel)[-1]
    gid = await game_id(harness, channel)
    for _ in range(100):  # the lobby message id is stored just after the answer
        row = await harness.live.store.get(gid)
        if row is not None and row.lobby_message_id == lobby.id:
            break
        await asyncio.sleep(0.02)
    await harness.restart()
    joined = await d.click(ids(d)["bob"], lobby, lobby_control(lobby, "join"))
    assert joined.response_type == 7 and "bob" in str(joined.embeds)
    # A deal where the first roll leaves the roller to act (a roll that ends the turn posts
    # a new turn message instead of editing this one, which test_turn_message covers).
    await harness.set_seed(gid, await seed_where_the_roller_acts_again(harness, gid))
    started = await d.click(ids(d)["alice"], lobby, lobby_control(lobby, "start"))
    assert started.response_type == 7
    channel = await harness.table(channel)
    board = await d.wait_for_message(channel, lambda m: bool(m.attachments))
    roll = [b for b in board.buttons() if b[0].startswith(f"ts:move:{gid}:")]
    assert roll, "Disneyland's public moves are buttons under the board"
    await harness.restart()
    mover = int(await harness.mover(channel))
    clicked = await d.click(mover, board, roll[0][0])
    assert clicked.response_type == 7 and clicked.original is board, "edited in place"
    assert "rolled" in board.text and board.embed_image().startswith(PNG)
    assert r.response_type == 4


async def seed_where_the_roller_acts_again(h: Harness, gid: int) -> int:
    """The first seed whose opening roll keeps the turn with the player who rolled."""
    row = await h.live.store.get(gid)
    assert row is not None
    game = get_game("disneyland")
    seats = [s.id for s in row.seats]
    for seed in range(1, 200):
        state = game.setup(seats, seed=seed, options=row.options)
        roller = game.to_move(state)[0]
        after, _ = game.play(state, roller, "roll")
        if game.to_move(after) == [roller]:
            return seed
    raise AssertionError("no seed in 1..199 lets the roller act after rolling")


async def test_a_robot_fills_a_seat_and_moves_by_itself(harness: Harness) -> None:
    d = harness.double
    channel = ids(d)["thread"]
    await d.slash(ids(d)["alice"], channel, "game new disneyland", length="rounds-10")
    added = await d.slash(ids(d)["alice"], channel, "game addbot", level="easy")
    assert "Robot 1" in str(added.embeds)
    started = await d.slash(ids(d)["alice"], channel, "game start")
    assert not started.ephemeral
    for _ in range(300):
        row = await harness.live.store.open_game_in(channel)
        if row is None:
            break
        mover = await harness.mover(channel)
        assert mover == str(ids(d)["alice"]), "the robot never keeps the table waiting"
        choices = await harness.choices(ids(d)["alice"], channel)
        await harness.play(ids(d)["alice"], channel, choices[0]["value"])
    assert await harness.live.store.open_game_in(channel) is None


async def test_a_slow_move_is_deferred_then_answered(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/ARCHITECTURE.md §9: past the deadline's safety margin the answer is deferred
    first (here the board's drawing waits for it): privately, for a step of the turn."""
    d = harness.double
    channel = ids(d)["channel"]
    lobby = await open_table(harness, channel, "alice", "bob")
    await harness.set_seed(await game_id(harness, channel), 11)  # the roller may rent
    await d.click(ids(d)["alice"], lobby, lobby_control(lobby, "start"))
    channel = await harness.table(channel)
    await harness.board(channel)  # the roll is a step of the turn that board shows
    mover = int(await harness.mover(channel))
    boards_wait_for_a_deferral(harness, monkeypatch)
    result = await harness.play(mover, channel, "roll")
    assert result.response_type == 5  # deferred "thinking"
    await result.wait_final(timeout=10)
    assert result.ephemeral and result.content.startswith("✅"), "a step: confirmed privately"
    board = await harness.board(channel)
    assert "rolled" in board.text and board.embed_image().startswith(PNG)


async def test_a_trade_offer_gets_buttons_only_the_partner_can_press(harness: Harness) -> None:
    """Disneyland "Exchange of Rental Titles", the rulebook's first swap: A gives 15 for
    B's 7 (plus 50), through `/disneyland trade`; only B can accept."""
    d = harness.double
    channel = ids(d)["channel"]
    lobby = await open_table(harness, channel, "alice", "bob")
    await d.click(ids(d)["alice"], lobby, lobby_control(lobby, "start"))
    channel = await harness.table(channel)
    row, state = await harness.state(channel)
    proposer = await harness.mover(channel)
    partner = next(s.id for s in row.seats if s.id != proposer)
    state["owners"].update({"6": proposer, "8": proposer, "15": proposer, "7": partner})
    await harness.put_state(channel, state)
    offer = await d.slash(
        int(proposer),
        channel,
        "disneyland trade",
        **{"with": partner},
        give="15",
        take="7",
        money=50,
    )
    assert not offer.ephemeral and offer.original is not None
    buttons = {b[0].rsplit(":", 1)[1]: b[0] for b in offer.original.buttons() if ":trade:" in b[0]}
    assert set(buttons) == {"accept", "decline", "counter"}
    for outsider in (int(proposer), ids(d)["carol"]):
        refused = await d.click(outsider, offer.original, buttons["accept"])
        assert refused.ephemeral
    accepted = await d.click(int(partner), offer.original, buttons["accept"])
    assert accepted.response_type == 7 and offer.original.buttons() == [], "the old board"
    assert "accepted" in (await harness.board(channel)).text
    _, after = await harness.state(channel)
    assert after["owners"]["7"] == proposer and after["owners"]["15"] == partner
    assert after["money"][partner] - state["money"][partner] == 50


async def test_a_robot_can_be_named_as_trade_partner_and_counters_come_back(
    harness: Harness,
) -> None:
    """Disneyland "Exchange of Rental Titles" with a robot: `with:` autocompletes every other
    seat, people and robots; a typed name works too; a person counters by the same
    command; bad terms get an ephemeral reason and change nothing."""
    d = harness.double
    channel = ids(d)["thread"]
    alice = ids(d)["alice"]
    await d.slash(alice, channel, "game new disneyland", length="rounds-10")
    await d.slash(ids(d)["bob"], channel, "game join")
    await d.slash(alice, channel, "game addbot", level="easy")
    await harness.agree_all(channel)  # the robot changed the table
    await d.slash(alice, channel, "game start")
    row, state = await harness.state(channel)
    robot = next(s for s in row.seats if s.robot)
    bob = str(ids(d)["bob"])
    choices = await d.autocomplete(alice, channel, "disneyland trade", {"with": ""}, focused="with")
    assert {c["value"] for c in choices} == {robot.id, bob}
    assert {c["name"] for c in choices} >= {robot.name}
    while await harness.mover(channel) != str(alice):  # bob rolls until it is alice's turn
        mover = int(await harness.mover(channel))
        choices = await harness.choices(mover, channel)
        await harness.play(mover, channel, choices[0]["value"])
    row, state = await harness.state(channel)
    me = str(alice)
    state["owners"] = {"6": me, "15": me, "7": robot.id, "16": bob}
    await harness.put_state(channel, state)
    bad = await d.slash(alice, channel, "disneyland trade", **{"with": robot.name}, give="6")
    assert bad.ephemeral and "at least one title each way" in bad.content
    too_much = await d.slash(
        alice, channel, "disneyland trade", **{"with": robot.id}, give="6", take="7", money=100_000
    )
    assert too_much.ephemeral and "steps of 25" in too_much.content
    nobody = await d.slash(alice, channel, "disneyland trade", **{"with": "Zed"}, give="6")
    assert nobody.ephemeral and "pick a player" in nobody.content
    after, unchanged = await harness.state(channel)
    assert after.version == row.version and unchanged["trade"] is None
    # Alice gives Pluto 6 for Bob's Peter Pan 16; Bob counters asking 50 more.
    offer = await d.slash(alice, channel, "disneyland trade", **{"with": bob}, give="6", take="16")
    assert not offer.ephemeral, offer.content
    counter = await d.slash(
        int(bob), channel, "disneyland trade", **{"with": me}, give="16", take="6", money=-50
    )
    assert not counter.ephemeral, counter.content
    _, countered = await harness.state(channel)
    assert countered["trade"]["by"] == bob and countered["trade"]["money"] == 50
    assert await harness.mover(channel) == me
