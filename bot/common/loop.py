"""The event loop Turnstile runs on: uvloop's, where it exists.

Every move crosses the event loop several times (the gateway's event, the game's lock,
the store's thread, the drawing worker, two HTTP requests), so the loop's own overhead
is paid many times a move. uvloop (libuv) runs the same asyncio programs with about a
tenth less CPU for the whole process (``bench.move_latency``). It has no Windows build:
there, and wherever it is missing, asyncio's own loop runs the bot unchanged.
"""

from __future__ import annotations

import asyncio
import importlib.util


def fastest() -> str:
    """Make the loops this process creates from now on uvloop's, when it is installed;
    returns which loop that is ("uvloop" or "asyncio")."""
    if importlib.util.find_spec("uvloop") is None:
        return "asyncio"
    import uvloop

    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    return "uvloop"
