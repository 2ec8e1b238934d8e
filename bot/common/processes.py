"""Worker processes (the robots' and the drawing pools'): all forked from one fork server,
started once, that has already imported what workers run, so a new worker copies no
thread or connection of the bot and starts in milliseconds, not in the third of a second
importing the engine, Pillow and the renderers would take.

No worker outlives the bot, however it ends (a SIGKILL too). Each worker waits, in a
thread of its own, for the bot's process to end (its pidfd), then ends at once: a
parent-death signal would fire when the *thread* that forked it ends, and the fork server
is started from whichever thread asks first (the drawing pool's start-up thread, which
ends at once). The fork server ends by multiprocessing's own rule, when no process holds
its "alive" pipe open any more: each worker closes its copy on start (it never asks the
server for a process), so the bot's was the last one. Multiprocessing's resource tracker
then ends too, once the workers that held its pipe are gone.
"""

from __future__ import annotations

import logging
import multiprocessing
import multiprocessing.forkserver
import os
import select
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.context import ForkServerContext
from typing import Any

from engine import GAMES

log = logging.getLogger(__name__)

#: What the fork server imports before forking: the robots' search and every renderer.
PRELOAD = ("__main__", "engine.ai", *(f"renders.{slug}" for slug in GAMES))
#: A worker's exit status when the process it served ended first.
ORPHANED = 70


def worker_context() -> ForkServerContext:
    """The fork server's context. Its preload is set here, before the server starts
    (the first worker of either pool starts it)."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(PRELOAD))
    return context


def worker_pool(
    workers: int, initializer: Callable[..., object] | None = None, initargs: tuple[Any, ...] = ()
) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes from the fork server, each tied to this process
    (:func:`serve`), then set up by ``initializer(*initargs)`` (a module-level function)."""
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=worker_context(),
        initializer=serve,
        initargs=(os.getpid(), initializer, initargs),
    )


def serve(owner: int, initializer: Callable[..., object] | None, initargs: tuple[Any, ...]) -> None:
    """A worker's start: it lets the fork server end with ``owner`` (the bot), ends
    with it too, then runs ``initializer(*initargs)``."""
    # Every child of the fork server inherits the write end of its "alive" pipe (kept
    # where CPython keeps it: there is no public handle on it).
    server: Any = multiprocessing.forkserver._forkserver
    if server._forkserver_alive_fd is not None:
        os.close(server._forkserver_alive_fd)
        server._forkserver_alive_fd = None
    die_with(owner)
    if initializer is not None:
        initializer(*initargs)


def die_with(pid: int) -> None:
    """End this process as soon as process ``pid`` ends, however it ends (a thread waits
    on its pidfd, which becomes readable then; nothing is polled)."""
    try:
        handle = os.pidfd_open(pid)
    except ProcessLookupError:
        os._exit(ORPHANED)  # it ended before we could watch it
    except OSError as exc:  # a kernel before 5.3, or a sandbox that forbids pidfds
        log.warning(
            "process %s cannot watch process %s; it may outlive it: %s", os.getpid(), pid, exc
        )
        return
    threading.Thread(target=_orphaned, args=(handle,), name="die-with", daemon=True).start()


def _orphaned(handle: int) -> None:
    select.select([handle], [], [])
    os._exit(ORPHANED)


def die_unread(fd: int) -> None:
    """End this process as soon as nothing can read the pipe ``fd`` writes to: its one
    reader was the process that started this one, which ended, however it ended (a
    pipe's writer is told so at once; also when that happened before this ran)."""
    threading.Thread(target=_unread, args=(fd,), name="die-unread", daemon=True).start()


def _unread(fd: int) -> None:
    watch = select.poll()
    watch.register(fd, 0)  # nothing asked for: only an error (no reader left) wakes it
    while not any(event & (select.POLLERR | select.POLLNVAL) for _, event in watch.poll()):
        pass
    os._exit(ORPHANED)
