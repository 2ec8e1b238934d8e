"""Discord's 3-second deadline: an interaction the bot is still working on is deferred in
time, in the shape its answer will take, whatever the bot is waiting on (robots thinking,
the presenter's lock held by a board edit that waits out a rate limit, a slow store).

The work runs in the handler's own task (so what it records, like the "something
changed" flag, is seen by the handler's error guard); a timer defers the interaction
meanwhile. The work must not answer the interaction itself, so the two never race, and a
deferral under way is finished before the handler goes on to answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

import discord

from bot.chat.delivery import DELIVERY_ERRORS

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]
T = TypeVar("T")

#: How an interaction is deferred: as an update of the message its component is on (the
#: board), or as a "thinking" answer to come, private or public.
Shape = Literal["update", "private", "public"]
#: Where a deferral is noted on the interaction (``Interaction.extras``).
DEFERRED = "turnstile.deferred"
#: Where the loop time its handling began is noted: Discord's clock started before it.
BEGAN = "turnstile.began"
#: Seconds from the start of handling after which an answer still waiting for its work
#: (a move and the robots' replies) is deferred: Discord's 3 seconds began earlier, and
#: a loaded machine needs some of the rest to get the deferral there.
THINK_AFTER = 1.5


def begin(interaction: Interaction) -> float:
    """Note (once) that handling ``interaction`` begins now; when it began."""
    began: float = interaction.extras.setdefault(BEGAN, asyncio.get_running_loop().time())
    return began


def deferred(interaction: Interaction | None) -> Shape | None:
    """How this interaction was deferred, if it was."""
    if interaction is None:
        return None
    shape: Shape | None = interaction.extras.get(DEFERRED)
    return shape


@dataclass
class Watch:
    """What :func:`deferring` did: whether its timer deferred the interaction."""

    deferred: bool = False


async def defer(interaction: Interaction, shape: Shape) -> None:
    """Defer now, in ``shape``; a failure is logged (the answer may still get through)."""
    try:
        if shape == "update" and interaction.type == discord.InteractionType.component:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=shape != "public", thinking=True)
    except (*DELIVERY_ERRORS, discord.InteractionResponded) as exc:
        log.warning("deferring interaction %s failed: %s", interaction.id, exc)
        return
    interaction.extras[DEFERRED] = shape


@contextlib.asynccontextmanager
async def deferring(
    interaction: Interaction | None, at: float | None, shape: Callable[[], Shape]
) -> AsyncIterator[Watch]:
    """While the body runs, defer ``interaction`` at loop time ``at`` (if it is still
    unanswered then) in the shape ``shape()`` names at that moment. The body must not
    answer the interaction; a deferral under way is finished before this returns."""
    watch = Watch()
    if interaction is None or at is None or interaction.response.is_done():
        yield watch
        return
    loop = asyncio.get_running_loop()
    deferral: asyncio.Task[None] | None = None

    def fire() -> None:
        nonlocal deferral
        if not interaction.response.is_done():
            watch.deferred = True
            deferral = loop.create_task(defer(interaction, shape()))

    timer = loop.call_at(at, fire)
    try:
        yield watch
    finally:
        timer.cancel()
        if deferral is not None:
            # Shielded: cancelling the handler must not cut a deferral Discord may
            # already have, leaving discord.py unaware that the interaction is answered.
            await asyncio.shield(deferral)


async def in_time(interaction: Interaction, work: Awaitable[T], *, private: bool) -> tuple[T, bool]:
    """Await ``work`` (a move and the robots' replies, which must not answer the
    interaction) in this very task, so its changes count for this interaction's answers;
    once handling has taken ``THINK_AFTER`` (a robot thinking), the answer is deferred
    meanwhile so Discord's 3-second deadline holds: a button's as an update, a command's
    ``private``ly (a move's answer may be secret). Returns the result and whether the
    answer was deferred."""
    shape: Shape = "private" if private else "public"
    if interaction.type == discord.InteractionType.component:
        shape = "update"
    at = begin(interaction) + THINK_AFTER
    async with deferring(interaction, at, lambda: shape) as watch:
        result = await work
    return result, watch.deferred
