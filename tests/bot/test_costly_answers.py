"""Every costly answer has a ceiling. A review is
deterministic, so it is computed once and kept; each person has a rate; the coach thinks
in a lane of its own (``Robots.advise``), so no robot of any table waits behind a review or
a hint; a ``/profile`` card is drawn by a drawing worker, never in the event loop's
process. How long other tables' robots take while one person hammers these answers is
measured in ``bench/costly_answers.py`` (no test times anything)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

import renders.profile
from bot.chat.handlers.ratings import PROFILES
from bot.table.coaching import review_for
from tests.bot.bursts import answers, burst, casual_table, finished_game
from tests.bot.harness import Harness
from tests.bot.held import held
from tests.bot.test_coach import quick
from tests.bot.test_replay_queue import gated
from tests.bot.test_robot_seats import robot_to_move_after

#: How a review begins (turning points, or none to review in so short a game).
REVIEWED = "🔎"


@pytest.fixture
def gate(tmp_path: Path) -> Any:
    """A file that lets held work go once it exists; made at the end whatever happened,
    so no worker is left waiting."""
    path = tmp_path / "gate"
    yield path
    path.touch()


def reviews_computed(h: Harness, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The seats whose review the coach's lane is asked to compute, as they are asked."""
    robots = h.live.robots
    real = robots.advise
    seats: list[str] = []

    async def advise(work: Any, *args: Any) -> Any:
        if work is review_for:
            seats.append(args[-2])
        return await real(work, *args)

    monkeypatch.setattr(robots, "advise", advise)
    return seats


async def test_review_pressed_many_times_is_computed_once(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, gate: Path
) -> None:
    """Every press of Review computed it again (1.2-2.8 s of the worker every
    table's robots shared). A burst of presses while the coach is busy: one is computed,
    the others are told the coach is at it; later presses are answered with the same
    review, not computed."""
    h, d = harness, harness.double
    quick(h)
    game_id, board = await finished_game(h, ["alice", "bob"])
    computed = reviews_computed(h, monkeypatch)
    alice = d.ids["alice"]
    review = f"ts:review:{game_id}"
    holding = asyncio.ensure_future(h.live.robots.advise(held, str(gate)))
    pressed = answers(await burst(d, lambda: d.forge_click(alice, board, review), 5, gate))
    await holding
    assert sum(REVIEWED in a for a in pressed) == 1, pressed
    assert sum("one at a time" in a for a in pressed) == 4, pressed
    [first] = [a for a in pressed if REVIEWED in a]
    again = answers([await d.forge_click(alice, board, review) for _ in range(3)])
    assert again == [first] * 3, "the same review, kept"
    assert computed == [str(alice)], "computed once"
    theirs = answers([await d.forge_click(d.ids["bob"], board, review)])
    assert REVIEWED in theirs[0] and computed == [str(alice), str(d.ids["bob"])], "bob's own"


async def test_a_profile_is_drawn_off_the_loop_kept_and_rated(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``/profile`` drew its card in the event loop's process, with no limit.
    The renderer is broken in this process: the cards still come (a drawing worker draws
    them). A burst from one person gets the rate's share and a private answer that says
    when to ask again; the same card is drawn once."""
    h, d = harness, harness.double

    def not_here(*args: Any, **kwargs: Any) -> bytes:
        raise AssertionError("a profile card drawn in the event loop's process")

    monkeypatch.setattr(renders.profile, "profile", not_here)
    drawing = h.live.drawing
    real = drawing.profile
    drawn: list[str] = []

    async def profile(view: dict[str, Any], *, lang: Any) -> bytes:
        drawn.append(view["name"])
        return await real(view, lang=lang)

    monkeypatch.setattr(drawing, "profile", profile)
    bob, channel = d.ids["bob"], d.ids["channel"]
    asked = await burst(d, lambda: d.slash(bob, channel, "profile", user=d.ids["alice"]), 6)
    cards = [a for a in asked if a.attachments]
    refused = [a for a in asked if not a.attachments]
    assert len(cards) == PROFILES and all(a.attachments[0][1][:4] == b"\x89PNG" for a in cards)
    assert all(a.ephemeral and "ask again in" in a.content for a in refused), answers(refused)
    assert drawn == ["alice"], "drawn once, then kept"
    other = await d.slash(d.ids["carol"], channel, "profile", user=d.ids["alice"])
    assert other.attachments and drawn == ["alice"], "the same card for another asker"


async def test_other_tables_robots_never_wait_behind_costly_answers(
    harness: Harness, gate: Path
) -> None:
    """The coach's lane is held by work that waits for the test (as a review
    that takes long would), the replay worker too; meanwhile one person presses Review,
    another asks for hints, others for profiles, replays and leaderboards. At another
    table, bob's move hands the turn to a robot: the robot plays while all of that still
    waits. (On one shared lane the robot would wait for the held work.)"""
    h, d = harness, harness.double
    quick(h)
    guild = d.ids["guild"]
    game_id, final = await finished_game(h, ["alice", "bob"])
    hinting = await casual_table(h, "carol", d.add_channel(guild, "hints"))
    robots_table = await casual_table(h, "bob", d.add_channel(guild, "robots"))
    bob = d.ids["bob"]
    code = await robot_to_move_after(h, robots_table, bob)
    h.live.replays.worker = list(gated(gate))

    holding = asyncio.ensure_future(h.live.robots.advise(held, str(gate)))
    channel = d.ids["channel"]
    hammer = [
        *(d.forge_click(d.ids["alice"], final, f"ts:review:{game_id}") for _ in range(3)),
        *(d.slash_first(d.ids["carol"], hinting, "hint") for _ in range(3)),
        *(d.slash(d.ids["dave"], channel, "profile") for _ in range(3)),
        *(d.slash_first(d.ids["erin"], channel, "game replay", game_id=game_id) for _ in range(2)),
        *(d.slash(d.ids["admin"], channel, "leaderboard", game="disneyland") for _ in range(3)),
    ]
    hammering = asyncio.ensure_future(asyncio.gather(*hammer))

    row, _ = await h.state(robots_table)
    robot = next(s.id for s in row.seats if s.robot)
    await h.play(bob, robots_table, code, final=False)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 60
    while (await h.live.store.moves(row.id))[-1].seat != robot:
        assert loop.time() < deadline, "the robot never played"
        await asyncio.sleep(0.02)
    assert not holding.done(), "the robot played while the coach's lane was held"

    gate.touch()
    assert await holding == str(gate)
    said = answers(list(await hammering))
    assert sum(REVIEWED in a for a in said[:3]) >= 1, said[:3]
    assert not any(a.startswith("Sorry") for a in said), said
