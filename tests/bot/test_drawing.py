"""Boards and hands are drawn in worker processes, off the event loop's
core (``bot.table.drawing``): the same pictures, byte for byte, as drawn in this process,
and a worker that dies is replaced without losing the picture asked for."""

from __future__ import annotations

import asyncio
import os
import signal
from typing import Any

import pytest

import renders
from bot.table.drawing import POOLS, Drawing
from engine import GAMES, Rng, get_game
from i18n import lang

EN, FR = lang("en"), lang("fr")


def midgame(slug: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A public view and the first seat's private view, a few moves into a game."""
    game = get_game(slug)
    state = game.setup([str(n) for n in range(game.min_players)], seed=3)
    rng = Rng.from_seed(3)
    for _ in range(6):
        if game.outcome(state) is not None:
            break
        seat = game.waiting_for(state)[0]
        state, _ = game.play(state, seat, game.ai_move(state, seat, rng, "easy"))
    names = {str(n): f"Player {n}" for n in range(game.min_players)}
    public = {**game.view(state, None), "names": names}
    private = {**game.view(state, "0"), "names": names}
    return public, private


@pytest.mark.parametrize("slug", GAMES)
async def test_a_worker_draws_the_same_pictures_as_this_process(slug: str) -> None:
    public, private = midgame(slug)
    drawing = Drawing(workers=1)
    assert await drawing.board(slug, public, lang=EN) == renders.board(slug, public)
    assert await drawing.hand(slug, private, lang=EN) == renders.hand(slug, private)


@pytest.mark.parametrize("slug", GAMES)
async def test_a_worker_draws_in_the_language_it_is_given(slug: str) -> None:
    """The language's code crosses to the worker: a French board there is the French
    board drawn here, and not the English one (a hand alike)."""
    public, private = midgame(slug)
    drawing = Drawing(workers=1)
    french = await drawing.board(slug, public, lang=FR)
    assert french == renders.board(slug, public, lang=FR) != renders.board(slug, public)
    hand = await drawing.hand(slug, private, lang=FR)
    assert hand == renders.hand(slug, private, lang=FR) != renders.hand(slug, private)


async def test_a_worker_that_dies_is_replaced() -> None:
    """A worker killed (as the kernel's out-of-memory killer would) between two boards:
    the next board is drawn all the same, by a new worker."""
    public, _ = midgame("disneyland")
    drawing = Drawing(workers=1)
    first = await drawing.board("disneyland", public, lang=EN)
    pool = await asyncio.wrap_future(POOLS.pool(1))
    workers = list(pool._processes)
    assert workers and all(pid != os.getpid() for pid in workers)
    for pid in workers:
        os.kill(pid, signal.SIGKILL)
    assert await drawing.board("disneyland", public, lang=EN) == first
    assert await asyncio.wrap_future(POOLS.pool(1)) is not pool


async def test_a_picture_past_its_time_fails_and_its_workers_are_replaced() -> None:
    """A picture that takes too long (here any: the limit is a tenth of a millisecond)
    fails rather than being asked again, and its workers are ended, as one that hangs
    would hold every picture behind it; the next picture gets new workers."""
    public, _ = midgame("adventureland")
    await Drawing(workers=1).start()
    pool = await asyncio.wrap_future(POOLS.pool(1))
    workers = list(pool._processes.values())
    with pytest.raises(RuntimeError, match="took too long"):
        await Drawing(workers=1, limit=0.0001).board("adventureland", public, lang=EN)
    for worker in workers:
        await asyncio.to_thread(worker.join, 10)
        assert not worker.is_alive()
    drawn = await Drawing(workers=1).board("adventureland", public, lang=EN)
    assert drawn == renders.board("adventureland", public)
    assert await asyncio.wrap_future(POOLS.pool(1)) is not pool


async def test_the_workers_are_the_processs_own() -> None:
    """Every ``Drawing`` of a process draws with the same workers, started once (a bot
    process has one; tests start many bots): they stay warm from one to the next."""
    public, _ = midgame("imagineers")
    first, second = Drawing(workers=1), Drawing(workers=1)
    await first.start()
    pool = await asyncio.wrap_future(POOLS.pool(1))
    assert await second.board("imagineers", public, lang=EN) == renders.board("imagineers", public)
    assert await asyncio.wrap_future(POOLS.pool(1)) is pool


async def test_without_workers_pictures_are_drawn_in_this_process() -> None:
    """Tools and tests that look at the renderer in this process (``workers=0``)."""
    public, _ = midgame("troolpark")
    drawing = Drawing(workers=0)
    assert await drawing.board("troolpark", public, lang=EN) == renders.board("troolpark", public)
