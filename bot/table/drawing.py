"""Boards, hands and ``/profile`` cards drawn off the event loop's core, in a lane of
worker processes (``bot.table.workers``).

Drawing a board and encoding its PNG costs a few tens of milliseconds of a core, and
Pillow holds the GIL for much of it: drawn in a thread, every board stalled the event
loop, so every table, and eight busy tables queued behind one another's pictures. A
picture is a pure function of its view (``renders``), so a worker process gets the slug
and the view and sends the PNG's bytes back, on another core, while the loop goes on.

The drawing lanes are the process's own: every ``Drawing`` of a process (a bot process
has one; tests and benchmarks start many bots, one after another) shares them, so they
start once and keep their fonts and glyphs loaded. A worker that dies is replaced and the
picture asked again (it is deterministic). With no workers, pictures are drawn in a
thread of this process (tools and tests that look at the renderer here).

Every picture is drawn in a language (a board in its table's, a hand in its reader's):
its code crosses to the worker, which looks the language up (``i18n.lang``, cached per
process, catalogs loaded once).
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections.abc import Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Literal

import renders
import renders.profile
from bot.table.workers import LOOP_FIRST, Lane, TooLong
from i18n import Lang, lang

log = logging.getLogger(__name__)

Kind = Literal["board", "hand", "profile"]

#: Drawing workers by default: one per core but the event loop's (a few are enough for
#: dozens of busy tables). On two cores, eight busy tables made 93-112 moves/s with one
#: worker against 84-93 with two (three interleaved pairs): two workers and the loop
#: contend for two cores, and each worker keeps its own glyphs, lines and pieces (about
#: 8 ms of a core a board with one, 9-10 with two). They run at a lower priority than the
#: event loop (``bot.table.workers.LOOP_FIRST``).
DEFAULT_WORKERS = max(1, min(4, (os.cpu_count() or 2) - 1))
#: Seconds a picture may take, its turn in the queue included (one takes about 10 ms of a
#: worker): past that its worker is taken to hang (a renderer bug some hostile name or
#: state could hit), and the workers are replaced, so that the pictures behind it, of
#: every table, are drawn (with one worker, nothing else would draw them).
PICTURE_SECONDS = 15.0


def draw(kind: Kind, slug: str, view: Mapping[str, Any], code: str) -> bytes:
    """A picture in the language ``code``, drawn where this runs (a worker, or a thread):
    ``renders.board``, ``renders.hand`` or a ``/profile`` card, looked up when called."""
    if kind == "profile":
        return renders.profile.profile(view, lang=lang(code))
    painter = renders.board if kind == "board" else renders.hand
    return painter(slug, view, lang=lang(code))


class Pools:
    """The process's drawing lanes, by number of workers, each started once (whichever
    event loop asks) and replaced when one of its workers died."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._lanes: dict[int, Lane] = {}

    def lane(self, workers: int) -> Lane:
        """The lane of ``workers`` drawing workers."""
        with self._lock:
            lane = self._lanes.get(workers)
            if lane is None:
                lane = self._lanes[workers] = Lane(workers, LOOP_FIRST)
            return lane

    def pool(self, workers: int) -> Future[ProcessPoolExecutor]:
        """The pool of ``workers``, once they all run (started now if need be, or again
        after a start that failed)."""
        return self.lane(workers).running()


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

    async def board(self, slug: str, view: Mapping[str, Any], *, lang: Lang) -> bytes:
        """A table's board, in the table's language."""
        return await self._draw("board", slug, view, lang.code)

    async def hand(self, slug: str, view: Mapping[str, Any], *, lang: Lang) -> bytes:
        """A seat's private view, in its reader's language."""
        return await self._draw("hand", slug, view, lang.code)

    async def profile(self, view: dict[str, Any], *, lang: Lang) -> bytes:
        """A ``/profile`` card (``renders.profile``), in its reader's language."""
        return await self._draw("profile", "", view, lang.code)

    async def _draw(self, kind: Kind, slug: str, view: Mapping[str, Any], code: str) -> bytes:
        if not self.workers:
            return await asyncio.to_thread(draw, kind, slug, view, code)
        try:
            return await POOLS.lane(self.workers).run(
                draw, kind, slug, view, code, limit=self.limit
            )
        except TooLong:
            # Asked again, it would hang again: this picture fails.
            log.error("a %s of %s took over %s s; its workers are replaced", kind, slug, self.limit)
            raise RuntimeError(f"drawing a {kind} of {slug} took too long") from None

    async def start(self) -> None:
        """Have the workers running before the first picture (a failure is logged: the
        first picture tries again)."""
        if self.workers:
            await POOLS.lane(self.workers).start()
