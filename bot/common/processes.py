"""Worker processes (the robots' and the drawing pools'): all forked from one fork server,
started once, that has already imported what workers run, so a new worker copies no
thread or connection of the bot and starts in milliseconds, not in the third of a second
importing the engine, Pillow and the renderers would take."""

from __future__ import annotations

import multiprocessing
from multiprocessing.context import ForkServerContext

from engine import GAMES

#: What the fork server imports before forking: the robots' search and every renderer.
PRELOAD = ("__main__", "engine.ai", *(f"renders.{slug}" for slug in GAMES))


def worker_context() -> ForkServerContext:
    """The fork server's context. Its preload is set here, before the server starts
    (the first worker of either pool starts it)."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(PRELOAD))
    return context
