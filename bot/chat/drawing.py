"""Boards, hands and ``/profile`` cards drawn off the event loop's core: a small pool of
worker processes.

Drawing a board and encoding its PNG costs a few tens of milliseconds of a core, and
Pillow holds the GIL for much of it: drawn in a thread, every board stalled the event
loop, so every table, and eight busy tables queued behind one another's pictures. A
picture is a pure function of its view (``renders``), so a worker process gets the slug
and the view and sends the PNG's bytes back, on another core, while the loop goes on.

Workers come from the fork server the robots use (``bot.common.processes``), with the
renderers already imported. They are started from a thread, so the loop never waits for
a process to start, and they are the process's own: every ``Drawing`` of a process (a
bot process has one; tests and benchmarks start many bots, one after another) shares
them, so they start once and keep their fonts and glyphs loaded. A worker that dies is
replaced and the picture asked again (it is deterministic). With no workers, pictures are
drawn in a thread of this process (tools and tests that look at the renderer here).

Every picture is drawn in a language (a board in its table's, a hand in its reader's):
its code crosses to the worker, which looks the language up (``i18n.lang``, cached per
process, catalogs loaded once).
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Literal

import renders
import renders.profile
from bot.common.processes import worker_pool
from i18n import Lang, lang

log = logging.getLogger(__name__)

Kind = Literal["board", "hand", "profile"]

#: Drawing workers by default: one per core but the event loop's (a few are enough for
#: dozens of busy tables). On two cores, eight busy tables made 93-112 moves/s with one
#: worker against 84-93 with two (three interleaved pairs): two workers
#: and the loop contend for two cores, and each worker keeps its own glyphs, lines and
#: pieces (about 8 ms of a core a board with one, 9-10 with two). They run at a lower
#: priority than the event loop (``NICENESS``).
DEFAULT_WORKERS = max(1, min(4, (os.cpu_count() or 2) - 1))
#: How much nicer than the bot's process a worker is: the loop's core work (answering
#: interactions within Discord's deadline, the gateway's heartbeats) comes first.
NICENESS = 5
#: Seconds a picture may take, its turn in the queue included (one takes about 10 ms of a
#: worker): past that its worker is taken to hang (a renderer bug some hostile name or
#: state could hit), and the workers are replaced, so that the pictures behind it, of
#: every table, are drawn (with one worker, nothing else would draw them).
PICTURE_SECONDS = 15.0
#: Seconds a worker's first task lasts, so that each worker asked for is started (the
#: pool starts a process only while none is idle).
STARTING = 0.05


def draw(kind: Kind, slug: str, view: dict[str, Any], code: str) -> bytes:
    """A picture in the language ``code``, drawn where this runs (a worker, or a thread):
    ``renders.board``, ``renders.hand`` or a ``/profile`` card, looked up when called."""
    if kind == "profile":
        return renders.profile.profile(view, lang=lang(code))
    painter = renders.board if kind == "board" else renders.hand
    return painter(slug, view, lang=lang(code))


def ready() -> None:
    """A worker's first task: it has started (with the renderers imported)."""
    time.sleep(STARTING)


def yield_to_the_loop() -> None:
    """A worker's start: below the event loop's priority (``NICENESS``)."""
    os.nice(NICENESS)


class Pools:
    """The process's drawing pools, by number of workers, each started once in a thread
    of its own (whichever event loop asks) and replaced when one of its workers died."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pools: dict[int, Future[ProcessPoolExecutor]] = {}

    def pool(self, workers: int) -> Future[ProcessPoolExecutor]:
        """The pool of ``workers``, once they all run (started now if need be, or again
        after a start that failed)."""
        with self._lock:
            started = self._pools.get(workers)
            if started is None or (started.done() and started.exception() is not None):
                started = Future()
                started.set_running_or_notify_cancel()  # shared: nobody may cancel it
                self._pools[workers] = started
                threading.Thread(
                    target=self._start, args=(workers, started), name="drawing-start", daemon=True
                ).start()
            return started

    def _start(self, workers: int, started: Future[ProcessPoolExecutor]) -> None:
        try:
            pool = worker_pool(workers, yield_to_the_loop)
            # One task per worker, all waited for: each made the pool start a process.
            for job in [pool.submit(ready) for _ in range(workers)]:
                job.result()
        except BaseException as exc:  # handed to whoever waits for the pool
            started.set_exception(exc)
        else:
            started.set_result(pool)

    def discard(self, workers: int, pool: ProcessPoolExecutor, *, kill: bool = False) -> None:
        """Forget a pool whose worker died (the next picture starts a new one); ``kill``:
        end its workers first (one hangs: shutting a pool down waits for its tasks). The
        pictures they were drawing fail as after a death, and are asked again."""
        with self._lock:
            started = self._pools.get(workers)
            done = started is not None and started.done() and not started.exception()
            if started is not None and done and started.result() is pool:
                del self._pools[workers]
        if kill:
            # ProcessPoolExecutor has no public way to end its workers before Python 3.14.
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.kill()
        pool.shutdown(wait=False, cancel_futures=True)


#: This process's drawing workers.
POOLS = Pools()


class Drawing:
    """``await drawing.board(slug, view, lang=...)``: the PNG, drawn in a worker process."""

    def __init__(self, workers: int = DEFAULT_WORKERS, limit: float = PICTURE_SECONDS) -> None:
        if workers < 0:
            raise ValueError("drawing needs zero workers (a thread) or more")
        self.workers = workers
        #: Seconds a picture may take in a worker (``PICTURE_SECONDS``).
        self.limit = limit

    async def board(self, slug: str, view: dict[str, Any], *, lang: Lang) -> bytes:
        """A table's board, in the table's language."""
        return await self._draw("board", slug, view, lang.code)

    async def hand(self, slug: str, view: dict[str, Any], *, lang: Lang) -> bytes:
        """A seat's private view, in its reader's language."""
        return await self._draw("hand", slug, view, lang.code)

    async def profile(self, view: dict[str, Any], *, lang: Lang) -> bytes:
        """A ``/profile`` card (``renders.profile``), in its reader's language."""
        return await self._draw("profile", "", view, lang.code)

    async def _draw(self, kind: Kind, slug: str, view: dict[str, Any], code: str) -> bytes:
        if not self.workers:
            return await asyncio.to_thread(draw, kind, slug, view, code)
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            pool = await asyncio.wrap_future(POOLS.pool(self.workers))
            drawing = loop.run_in_executor(pool, draw, kind, slug, view, code)
            try:
                return await asyncio.wait_for(drawing, self.limit)
            except BrokenProcessPool:
                log.warning("a drawing worker died (attempt %d); starting new ones", attempt)
                POOLS.discard(self.workers, pool)
            except TimeoutError:
                # Asked again, it would hang again: this picture fails.
                log.error(
                    "a %s of %s took over %s s; its workers are replaced", kind, slug, self.limit
                )
                POOLS.discard(self.workers, pool, kill=True)
                raise RuntimeError(f"drawing a {kind} of {slug} took too long") from None
        raise RuntimeError("drawing workers keep dying")

    async def start(self) -> None:
        """Have the workers running before the first picture (a failure is logged: the
        first picture tries again)."""
        if not self.workers:
            return
        try:
            await asyncio.wrap_future(POOLS.pool(self.workers))
        except Exception:
            log.exception("starting the drawing workers failed")
