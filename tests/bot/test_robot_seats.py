"""Robot levels at the table: `/game addbot level:`, the level
kept in the seat, `normal` for a seat the AI takes over, and searches in a worker process
so other tables keep moving while a robot thinks."""

from __future__ import annotations

import os
import time
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pytest

from bot.table.robots import Robots
from engine import get_game
from tests.bot.double import DiscordDouble
from tests.bot.harness import Harness, lobby_control

Spied = list[tuple[str, str]]  # (seat, level) of every robot decision asked for


def spy(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> Spied:
    """Record the seat and level of each decision the bot asks its robots for."""
    robots = harness.live.robots
    asked: Spied = []
    real = robots.move

    async def move(slug: str, state: dict[str, Any], seat: str, rng: int, level: str) -> str:
        asked.append((seat, level))
        return await real(slug, state, seat, rng, level)

    monkeypatch.setattr(robots, "move", move)
    return asked


async def seats_of(harness: Harness, channel: int) -> dict[str, str | None]:
    row = await harness.live.store.open_game_in(channel)
    assert row is not None
    return {s.name: s.level for s in row.seats if s.robot}


async def test_addbot_takes_a_level_and_the_lobby_shows_it(harness: Harness) -> None:
    d = harness.double
    alice, channel = d.ids["alice"], d.ids["channel"]
    await d.slash(alice, channel, "game new troolpark")
    hard = await d.slash(alice, channel, "game addbot", level="hard")
    assert "**Robot 1** 🤖 (hard)" in hard.text
    plain = await d.slash(alice, channel, "game addbot")
    assert "**Robot 2** 🤖 (normal)" in plain.text, "the default level is normal"
    assert await seats_of(harness, channel) == {"Robot 1": "hard", "Robot 2": "normal"}


async def test_the_add_robot_button_adds_a_normal_robot(harness: Harness) -> None:
    d = harness.double
    alice, channel = d.ids["alice"], d.ids["channel"]
    await d.slash(alice, channel, "game new imagineers")
    row = await harness.live.store.open_game_in(channel)
    assert row is not None
    card = next(m for m in d.messages(channel) if m.buttons())
    added = await d.click(alice, card, lobby_control(card, "addbot"))
    assert added.response_type == 7 and "🤖 (normal)" in card.text
    assert await seats_of(harness, channel) == {"Robot 1": "normal"}


@pytest.mark.parametrize("level", ["expert", "Hard", "x" * 300])
async def test_an_unknown_level_is_refused_privately_and_adds_nothing(
    harness: Harness, level: str
) -> None:
    """A forged option (the client only offers the choices): a private answer that does
    not echo the input, and no seat."""
    d = harness.double
    alice, channel = d.ids["alice"], d.ids["channel"]
    await d.slash(alice, channel, "game new disneyland")
    before = await harness.live.store.open_game_in(channel)
    refused = await d.forge(alice, channel, "game addbot", {"level": level})
    assert refused.ephemeral and "easy, normal, hard" in refused.content
    assert level not in refused.content
    after = await harness.live.store.open_game_in(channel)
    assert before is not None and after is not None
    assert (after.version, after.seats) == (before.version, before.seats)


async def test_a_seat_the_ai_takes_over_plays_normal(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    d = harness.double
    asked = spy(harness, monkeypatch)
    where = await harness.open_table("troolpark", ["alice", "bob"])
    ask = await d.slash(d.ids["bob"], where, "game leave")
    assert ask.original is not None
    await d.click(d.ids["bob"], ask.original, ask.original.buttons()[0][0])
    bob = str(d.ids["bob"])
    for _ in range(20):
        if any(seat == bob for seat, _ in asked):
            break
        mover = await harness.mover(where)
        choices = await harness.choices(int(mover), where)
        await harness.play(int(mover), where, choices[0]["value"])
    assert {level for seat, level in asked if seat == bob} == {"normal"}


async def started(harness: Harness, level: str) -> int:
    """Alice against one robot of ``level`` at Disneyland: where the game is played, once
    its first board is up (the robot may have moved first, so wait generously)."""
    d = harness.double
    alice, lobby = d.ids["alice"], d.ids["channel"]
    await d.slash(alice, lobby, "game new disneyland", length="rounds-10")
    await d.slash(alice, lobby, "game addbot", level=level)
    await d.slash(alice, lobby, "game start")
    where = await harness.table(lobby)
    await d.wait_for_message(where, lambda m: bool(m.attachments), timeout=60)
    return where


async def robot_to_move_after(harness: Harness, channel: int, user: int) -> str:
    """A code for ``user`` after which the robot is to move (playing other moves first)."""
    game = get_game("disneyland")
    for _ in range(30):
        row, state = await harness.state(channel)
        seat = str(user)
        robot = next(s.id for s in row.seats if s.robot)
        for move in game.legal_moves(state, seat):
            after, _ = game.play(state, seat, move.code)
            if game.waiting_for(after) == [robot]:
                return move.code
        await harness.play(user, channel, game.legal_moves(state, seat)[0].code)
    raise AssertionError("the robot never got the turn")


async def test_another_table_moves_while_a_hard_robot_thinks(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The robot's search runs in a worker process. While its decision
    is pending (the one worker first finishes a 3-second job, then searches), a move at
    another table is answered; then the robot's move posts like anyone's."""
    d: DiscordDouble = harness.double
    alice = d.ids["alice"]
    asked = spy(harness, monkeypatch)
    robots: Robots = harness.live.robots

    here = await started(harness, "hard")
    elsewhere = d.add_channel(d.ids["guild"], "elsewhere")
    elsewhere = await harness.open_table(
        "disneyland", ["bob", "carol"], channel=elsewhere, length="rounds-10"
    )

    code = await robot_to_move_after(harness, here, alice)
    mark = d.messages(here)[-1].id
    before, _ = await harness.state(here)
    robots.moves.pool.submit(time.sleep, 3.0)
    asked.clear()
    moved = await harness.play(alice, here, code, final=False)
    assert moved.ephemeral, "a slow answer is deferred privately (it could be a secret)"
    assert robots.thinking > 0

    other = int(await harness.mover(elsewhere))
    choices = await harness.choices(other, elsewhere)
    there, _ = await harness.state(elsewhere)
    answered = await harness.play(other, elsewhere, choices[0]["value"])
    assert answered.response is not None and "Sorry" not in answered.text, answered.text
    assert robots.thinking > 0, "answered while the robot still thinks"
    moved, _ = await harness.state(elsewhere)
    assert moved.version > there.version, "the other table's move is committed"
    row, _ = await harness.state(here)
    assert row.version == before.version, "nothing at the robot's table is committed yet"

    board = await d.wait_for_message(
        here, lambda m: bool(m.attachments) and "Robot 1" in m.text, after=mark, timeout=60
    )
    assert not board.ephemeral, "the robot's move is on a public board like any other"
    robot = next(s.id for s in row.seats if s.robot)
    assert asked and set(asked) == {(robot, "hard")}


async def test_a_dead_worker_is_replaced_and_the_decision_asked_again() -> None:
    """A worker process that dies (killed, out of memory) costs one retry, not the move."""
    game = get_game("troolpark")
    state = game.setup(["a", "b"], 4)
    seat = game.waiting_for(state)[0]
    robots = Robots(1)
    try:
        broken = robots.moves.pool.submit(os._exit, 3)
        with pytest.raises(BrokenProcessPool):
            broken.result(timeout=30)
        code = await robots.move("troolpark", state, seat, 5, "easy")
        assert code in {m.code for m in game.legal_moves(state, seat)}
        assert robots.thinking == 0
    finally:
        robots.close()


async def test_a_robot_whose_search_fails_plays_easy_this_once(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A robot that cannot decide (workers failing, a bug in a search) never stalls the
    table: the player's move stands, the robot plays its rules of thumb, the log says so."""
    d = harness.double
    alice = d.ids["alice"]
    here = await started(harness, "hard")
    code = await robot_to_move_after(harness, here, alice)

    async def failing(*args: Any) -> str:
        raise RuntimeError("no worker")

    monkeypatch.setattr(harness.live.robots, "move", failing)
    before, _ = await harness.state(here)
    logged = len(await harness.live.store.moves(before.id))
    answer = await harness.play(alice, here, code)
    assert answer.response is not None and "Sorry" not in answer.text, answer.text
    row, _ = await harness.state(here)
    robot = next(s.id for s in row.seats if s.robot)
    assert row.version > before.version + 1, "the player's move and the robot's reply"
    log = await harness.live.store.moves(row.id)
    assert robot in {entry.seat for entry in log[logged:]}
    assert "fell back to easy" in caplog.text
