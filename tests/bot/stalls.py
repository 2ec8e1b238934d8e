"""A store that stalls (every answer must still come in time): while a stall is on,
every call of the running bot's store waits until it ends, then goes to the real store,
or fails as a busy store does. One stall holds every request made meanwhile, so a test of
many interactions at once takes its length once, not once per request."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.store import StoreBusy
from bot.store.interface import GameStore
from bot.store.sqlite import BUSY
from tests.bot.double.world import World
from tests.bot.harness import Harness

Call = Callable[..., Awaitable[Any]]


class Stall:
    """The harness's store, every coroutine method wrapped: a call made during a stall
    waits for its end, then delegates (or raises :class:`StoreBusy`, ``failing``)."""

    def __init__(self, harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
        self.ends = 0.0
        self.failing = False
        #: Calls that waited out a stall.
        self.held = 0
        wrap_store(harness, monkeypatch, self.wrap)

    def begin(self, seconds: float, *, failing: bool = False) -> None:
        """From now on, for ``seconds``, calls wait (and then fail, ``failing``)."""
        self.ends = asyncio.get_running_loop().time() + seconds
        self.failing = failing

    def wrap(self, call: Call) -> Call:
        async def stalled(*args: Any, **kwargs: Any) -> Any:
            wait = self.ends - asyncio.get_running_loop().time()
            if wait > 0:
                self.held += 1
                await asyncio.sleep(wait)
                if self.failing:
                    raise StoreBusy(BUSY)
            return await call(*args, **kwargs)

        return stalled


def boards_wait_for_a_deferral(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """Boards are drawn only once every interaction so far has its first response: a
    showing waits (as behind busy drawing workers) until the deadline's timer deferred the
    interaction it answers, so a test sees the shape of that deferral, whatever the speed
    of the machine."""
    drawing = harness.live.drawing
    draw = drawing.board
    world = harness.double.world

    async def late(*args: Any, **kwargs: Any) -> bytes:
        await all_responded(world)
        return await draw(*args, **kwargs)

    monkeypatch.setattr(drawing, "board", late)


def store_waits_for_deferrals(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every call of the running bot's store waits until every interaction so far has its
    first response (as behind a slow store, for exactly as long as the deadline's timer
    takes to defer): a test sees what follows a deferral, whatever the machine's speed."""
    world = harness.double.world

    def wrap(call: Call) -> Call:
        async def held(*args: Any, **kwargs: Any) -> Any:
            await all_responded(world)
            return await call(*args, **kwargs)

        return held

    wrap_store(harness, monkeypatch, wrap)


def wrap_store(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, wrap: Callable[[Call], Call]
) -> None:
    """Every coroutine method of the running bot's store, replaced by ``wrap(method)``."""
    store = harness.live.store
    for name, _ in inspect.getmembers(GameStore, inspect.iscoroutinefunction):
        monkeypatch.setattr(store, name, wrap(getattr(store, name)))


async def all_responded(world: World) -> None:
    """Until every interaction so far has its first response (a deferral counts)."""
    every = world.interactions.values
    await world.wait_until(lambda: all(r.response for r in every()), 10, "a deferral")
