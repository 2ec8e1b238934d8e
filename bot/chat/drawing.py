"""Boards and hands drawn off the event loop's core: a small pool of worker processes.

Drawing a board and encoding its PNG costs a few tens of milliseconds of a core, and
Pillow holds the GIL for much of it: drawn in a thread, every board stalled the event
loop, so every table, and eight busy tables queued behind one another's pictures. A
picture is a pure function of its view (``renders``), so a worker process gets the slug
and the view and sends the PNG's bytes back, on another core, while the loop goes on.
Workers come from the fork server the robots use (``bot.common.processes``), with the
renderers already imported; they are started from a thread, so the loop never waits for
a process to start; a worker that dies is replaced and the picture asked again (it is
deterministic). With no workers, pictures are drawn in a thread of this process (tools
and tests that look at the renderer in this process).
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Literal

import renders
from bot.common.processes import worker_context

log = logging.getLogger(__name__)

Kind = Literal["board", "hand"]

#: Drawing workers by default: the cores the event loop leaves (at least one; a few are
#: enough for dozens of busy tables).
DEFAULT_WORKERS = max(1, min(4, (os.cpu_count() or 2) - 1))


def draw(kind: Kind, slug: str, view: dict[str, Any]) -> bytes:
    """A picture, drawn where this runs (a worker, or a thread): ``renders.board`` or
    ``renders.hand``, looked up when called."""
    painter = renders.board if kind == "board" else renders.hand
    return painter(slug, view)


#: Seconds a worker's first task lasts, so that each worker asked for is started (the
#: pool starts a process only while none is idle).
STARTING = 0.05


def ready() -> None:
    """A worker's first task: it has started (with the renderers imported)."""
    time.sleep(STARTING)


class Drawing:
    """``await drawing.board(slug, view)``: the PNG, drawn in a worker process."""

    def __init__(self, workers: int = DEFAULT_WORKERS) -> None:
        if workers < 0:
            raise ValueError("drawing needs zero workers (a thread) or more")
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self._starting: asyncio.Task[None] | None = None

    async def board(self, slug: str, view: dict[str, Any]) -> bytes:
        return await self._draw("board", slug, view)

    async def hand(self, slug: str, view: dict[str, Any]) -> bytes:
        return await self._draw("hand", slug, view)

    async def _draw(self, kind: Kind, slug: str, view: dict[str, Any]) -> bytes:
        if not self.workers:
            return await asyncio.to_thread(draw, kind, slug, view)
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            pool = await self._started()
            try:
                return await loop.run_in_executor(pool, draw, kind, slug, view)
            except BrokenProcessPool:
                log.warning("a drawing worker died (attempt %d); starting new ones", attempt)
                self._discard(pool)
        raise RuntimeError("drawing workers keep dying")

    async def start(self) -> None:
        """Start the workers now, off the loop (a failure is logged: the first picture
        tries again)."""
        if not self.workers:
            return
        try:
            await self._started()
        except Exception:
            log.exception("starting the drawing workers failed")

    async def _started(self) -> Executor:
        """The pool, its workers running. They are started in a thread: starting a
        process (and, the first time, the fork server) must not hold up the loop."""
        if self._pool is not None and self._starting is None:
            return self._pool
        if self._starting is None:
            self._starting = asyncio.get_running_loop().create_task(self._start())
        starting = self._starting
        try:
            await asyncio.shield(starting)
        finally:
            if starting.done() and self._starting is starting:
                self._starting = None
        assert self._pool is not None
        return self._pool

    async def _start(self) -> None:
        pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=worker_context())

        def spawn() -> None:
            # One task per worker, all waited for: each made the pool start a process.
            for job in [pool.submit(ready) for _ in range(self.workers)]:
                job.result()

        try:
            await asyncio.to_thread(spawn)
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        self._pool = pool

    def _discard(self, pool: Executor) -> None:
        if self._pool is pool:
            self._pool = None
        pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the workers (a picture under way is not waited for)."""
        if self._starting is not None:
            self._starting.cancel()
        if self._pool is not None:
            self._discard(self._pool)
