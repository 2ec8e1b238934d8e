"""The one way to run work off the event loop: worker processes, in lanes.

Pure Python holds the interpreter lock, and Pillow holds it for much of a picture: a
robot's search, the coach's advice or a board drawn in the loop or in a thread would
stall every table. So such work runs in another process, as plain data in and out, and
the loop only awaits its answer.

A :class:`Lane` is a pool of worker processes for one kind of work, which waits only
behind its own kind (robots never wait behind the coach's reviews, nor behind boards).
Its workers come from the fork server (``bot.common.processes``): they copy no thread or
connection of the bot, start in milliseconds with the engine and the renderers already
imported, run at the lane's priority, and end with the bot however it ends. They are
started from a thread, so the loop never waits for a process to start. A worker that
dies is replaced and the work asked again (it must be deterministic); work past the
lane's time limit fails and its workers are ended (one that hangs would hold everything
behind it).

A replay is the exception that keeps its own process model: one program per replay
(``bot.table.replay_worker``), fed on stdin and read on stdout, so that its seconds of
CPU and its memory are given back when it ends. It is run by :func:`run_program`, under
the same rules: off the loop, at the spare time's priority, killed past its time limit,
and ended with the bot.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, NamedTuple, TypeVar

from bot.common.processes import worker_pool

log = logging.getLogger(__name__)

T = TypeVar("T")

#: How much nicer than the bot's process the drawing workers are: the loop's core work
#: (answering interactions within Discord's deadline, the gateway's heartbeats) comes first.
LOOP_FIRST = 5
#: How much nicer than the bot the work that runs on the machine's spare time is (the
#: coach's advice, a replay). By Linux's weights (1024 at 0, 110 at 10), a robot sharing
#: a core with it keeps about nine tenths of it.
SPARE_TIME = 10
#: Seconds a worker's first task lasts, so that each worker asked for is started (a pool
#: starts a process only while none is idle).
STARTING = 0.05


class TooLong(RuntimeError):
    """Work that took longer than its time limit (its workers were ended)."""


def ready() -> None:
    """A worker's first task: it has started (with what the fork server preloads)."""
    time.sleep(STARTING)


class Lane:
    """Worker processes for one kind of work, which waits only behind its own kind:
    ``await lane.run(work, *args)``. Started on first use (or by :meth:`start`), at
    ``niceness`` above the bot's."""

    def __init__(self, workers: int, niceness: int = 0) -> None:
        if workers < 1:
            raise ValueError("a lane needs at least one worker process")
        self.workers = workers
        self.niceness = niceness
        self.thinking = 0  # works asked and not answered yet
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None
        self._running: Future[ProcessPoolExecutor] | None = None

    @property
    def pool(self) -> ProcessPoolExecutor:
        """The worker pool, made on first use (its processes start as work comes)."""
        with self._lock:
            if self._pool is None:
                # os.nice(0) leaves a worker as the bot is.
                self._pool = worker_pool(self.workers, os.nice, (self.niceness,))
            return self._pool

    def running(self) -> Future[ProcessPoolExecutor]:
        """The pool once each of its workers runs, started in a thread of its own
        (whichever event loop asks), again after a start that failed."""
        with self._lock:
            running = self._running
            if running is None or (running.done() and running.exception() is not None):
                running = self._running = Future()
                running.set_running_or_notify_cancel()  # shared: nobody may cancel it
                threading.Thread(
                    target=self._start, args=(running,), name="workers-start", daemon=True
                ).start()
            return running

    def _start(self, running: Future[ProcessPoolExecutor]) -> None:
        pool = self.pool
        try:
            # One task per worker, all waited for: each made the pool start a process.
            for job in [pool.submit(ready) for _ in range(self.workers)]:
                job.result()
        except BaseException as exc:  # handed to whoever waits for the pool
            self.discard(pool)
            running.set_exception(exc)
        else:
            running.set_result(pool)

    async def start(self) -> None:
        """Have the workers running before the first work (a failure is logged: the
        first work tries again)."""
        try:
            await asyncio.wrap_future(self.running())
        except Exception:
            log.exception("starting %d worker processes failed", self.workers)

    async def run(self, work: Callable[..., T], *args: Any, limit: float | None = None) -> T:
        """``work(*args)`` in a worker process of this lane; past ``limit`` seconds (its
        turn in the queue included) it fails with :class:`TooLong`, as asked again it
        would hang again, and the lane's workers are ended and replaced."""
        self.thinking += 1
        try:
            loop = asyncio.get_running_loop()
            for attempt in (1, 2):
                pool: ProcessPoolExecutor | None = None
                try:
                    pool = await asyncio.wrap_future(self.running())
                    working = loop.run_in_executor(pool, work, *args)
                    return await asyncio.wait_for(working, limit)
                except BrokenProcessPool:
                    log.warning("a worker died (attempt %d); starting new ones", attempt)
                    if pool is not None:
                        self.discard(pool)
                except TimeoutError:
                    if limit is None or pool is None:  # the work's own, not the limit's
                        raise
                    self.discard(pool, kill=True)
                    raise TooLong(f"work took over {limit} s; its workers are replaced") from None
            raise RuntimeError("workers keep dying")
        finally:
            self.thinking -= 1

    def discard(self, pool: ProcessPoolExecutor, *, kill: bool = False) -> None:
        """Forget ``pool`` (the next work starts a new one); ``kill``: end its workers
        first (one hangs: shutting a pool down waits for its tasks). The works they were
        doing fail as after a death."""
        with self._lock:
            if self._pool is pool:
                self._pool = None
                self._running = None
        if kill:
            # ProcessPoolExecutor has no public way to end its workers before Python 3.14.
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.kill()
        pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the workers (work under way is abandoned)."""
        with self._lock:
            pool = self._pool
        if pool is not None:
            self.discard(pool)


class Finished(NamedTuple):
    """What a program run by :func:`run_program` left: its exit status and its output."""

    status: int
    out: bytes
    errors: bytes


async def run_program(command: Sequence[str], data: bytes, limit: float) -> Finished:
    """``command`` in a process of its own, ``data`` on its stdin, its stdout and stderr
    read back: :class:`TooLong` past ``limit`` seconds. The process is killed if it is
    still running then, or when the caller is cancelled (the bot closing). The program
    itself runs at ``SPARE_TIME`` and ends with the bot
    (``bot.common.processes.die_unread``), as ``bot.table.replay_worker`` does."""
    process = await asyncio.create_subprocess_exec(
        *command,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        out, errors = await asyncio.wait_for(process.communicate(data), limit)
    except TimeoutError as exc:
        raise TooLong(f"no answer after {limit:g} s") from exc
    finally:
        if process.returncode is None:  # timed out, or the bot is closing
            process.kill()
            await process.wait()
    assert process.returncode is not None
    return Finished(process.returncode, out, errors)
