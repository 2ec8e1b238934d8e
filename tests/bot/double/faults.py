"""Fault injection: make one route (one channel, one interaction's reply) fail on purpose.

A Fault matches requests by method and a fragment of the path after /api/v10, and answers
them the way Discord does when things go wrong: 403 Missing Access, 404 Unknown …, a 500, a
429 with Retry-After (which discord.py waits out and retries), or a hang of `delay` seconds
(a timeout; after it the request fails with `status`, or is handled normally when `status`
is None). `times=None` keeps failing until the fault is removed. `hold` keeps matching
requests waiting until the test releases them (a request stuck as long as the test needs,
with no clock involved).

With `after=True` the request is carried out first and only its answer fails (or waits):
what a client sees when its call reached Discord and the answer was lost (a timeout, a
5xx from a proxy), so it cannot know whether it went through (see ``World.unheard``).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from aiohttp import web

from tests.bot.double.models import ApiError

#: Discord's JSON error codes for the statuses a fault can answer with.
ERROR_CODES = {
    400: (50035, "Invalid Form Body"),
    401: (0, "401: Unauthorized"),
    403: (50001, "Missing Access"),
    404: (10003, "Unknown Channel"),
    500: (0, "500: Internal Server Error"),
    502: (0, "502: Bad Gateway"),
    503: (0, "503: Service Unavailable"),
}
INTERACTION_ROUTES = ("/interactions/", "/webhooks/")


@dataclass
class Fault:
    """One injected failure; `hits` counts the requests it answered."""

    route: str
    status: int | None = 500
    method: str | None = None
    times: int | None = 1
    retry_after: float = 0.05
    is_global: bool = False
    delay: float = 0.0
    hits: int = 0
    #: Matching requests wait for this before anything else (see ``Faults.hold``).
    gate: asyncio.Event | None = None
    #: The request is carried out first; only its answer fails or waits.
    after: bool = False

    def release(self) -> None:
        """Let the requests a hold keeps waiting go on (and later ones through)."""
        if self.gate is not None:
            self.gate.set()

    def matches(self, method: str, path: str) -> bool:
        """Whether a request is this fault's, while it has uses left."""
        if self.times is not None and self.hits >= self.times:
            return False
        return self.route in path and (self.method is None or self.method == method)

    def error(self, path: str) -> ApiError:
        """The error Discord would answer (never counted as the bot's violation)."""
        assert self.status is not None
        if self.status == 429:
            return ApiError(
                429,
                0,
                "You are being rate limited.",
                retry_after=self.retry_after,
                is_global=self.is_global,
                violation=False,
            )
        code, message = ERROR_CODES.get(self.status, (0, f"{self.status}: injected failure"))
        if self.status == 404 and path.startswith(INTERACTION_ROUTES):
            code, message = (10062, "Unknown interaction")
        return ApiError(self.status, code, message, violation=False)


class Faults:
    """The faults a double applies, in the order they were added (the first match wins)."""

    def __init__(self) -> None:
        self.active: list[Fault] = []

    def add(
        self,
        route: str,
        status: int | None = 500,
        *,
        method: str | None = None,
        times: int | None = 1,
        retry_after: float = 0.05,
        is_global: bool = False,
        delay: float = 0.0,
        after: bool = False,
    ) -> Fault:
        """Fail requests whose path contains `route` (e.g. f"/channels/{id}/messages");
        ``after``: once they were carried out."""
        if status is None and delay <= 0:
            raise ValueError("a fault needs a status, a delay, or both")
        fault = Fault(route, status, method, times, retry_after, is_global, delay, after=after)
        self.active.append(fault)
        return fault

    def hold(
        self, route: str, *, method: str | None = None, times: int | None = 1, after: bool = False
    ) -> Fault:
        """Keep requests whose path contains ``route`` waiting until ``release()``, then
        handle them normally; ``after``: carried out at once, only their answer waits."""
        fault = Fault(route, None, method, times, gate=asyncio.Event(), after=after)
        self.active.append(fault)
        return fault

    def remove(self, fault: Fault) -> None:
        """Stop a fault (e.g. one with times=None) from matching."""
        if fault in self.active:
            self.active.remove(fault)

    def clear(self) -> None:
        """Remove every fault."""
        self.active.clear()

    def take(self, method: str, path: str) -> Fault | None:
        """The first fault matching a request, counting the hit."""
        for fault in self.active:
            if fault.matches(method, path):
                fault.hits += 1
                return fault
        return None


async def strike(fault: Fault, path: str) -> None:
    """What a fault does to its request: wait to be released, hang for its delay, then
    fail with its status."""
    if fault.gate is not None:
        await fault.gate.wait()
    if fault.delay > 0:
        await asyncio.sleep(fault.delay)
    if fault.status is not None:
        raise fault.error(path)


FAULTS = web.AppKey("faults", Faults)
