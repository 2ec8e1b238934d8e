"""Discord's rate limits as the double enforces them.

Discord counts requests per *bucket*: a group of routes (the ``X-RateLimit-Bucket``
hash) times the route's major parameter (the channel, guild, webhook or interaction it
acts on). Sending and editing messages are limited per channel, about 5 per 5 seconds
each; every other route here gets a generous default. Above the buckets, a bot may make
50 requests per second in all, except to the interaction endpoints (the callback and the
interaction's webhook), which the global limit does not count.

Each answer carries the ``X-RateLimit-*`` headers discord.py paces itself by. A request
over a limit gets Discord's 429; it is the bot's violation when the bot could have known:
always for the global limit (no header announces it, so a bot must pace itself), and for
a bucket once the double had told this client that the bucket was spent. A client that
logs in afresh (``GET /users/@me``) has been told nothing yet (a restarted bot cannot know
what its predecessor spent), so its first 429 on a spent bucket is recorded, not blamed.

``speedup`` runs Discord's clock faster: every window is that many times shorter, the
limits' proportions unchanged (``MACHINE_PACE`` for the suite's games, played as fast as
the machine goes); the rate-limit tests use Discord's own windows.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Mapping
from dataclasses import dataclass, field

from tests.bot.double.models import ApiError

#: Route parameters that key a bucket (Discord's "major parameters").
MAJOR_PARAMETERS = ("channel_id", "guild_id", "webhook_id", "token", "interaction_id")
#: Routes the global limit does not count: interaction callbacks and followups.
INTERACTION_ROUTES = ("/interactions/", "/webhooks/")
LOGIN = ("GET", "/users/@me")


@dataclass(frozen=True)
class Limit:
    """``count`` requests per ``seconds``."""

    count: int
    seconds: float


#: Discord's per-channel limits on creating and on editing messages (each its own bucket).
MESSAGES = Limit(5, 5.0)
ROUTE_LIMITS: Mapping[str, Limit] = {
    "POST /channels/{channel_id}/messages": MESSAGES,
    "PATCH /channels/{channel_id}/messages/{message_id}": MESSAGES,
}
DEFAULT_LIMIT = Limit(50, 1.0)
GLOBAL_LIMIT = Limit(50, 1.0)
#: How much faster than Discord's the windows run for games a program plays as fast as
#: the machine goes (the suite, the benches), far faster than people: Discord's
#: proportions, and discord.py's pacing by the headers, stay.
MACHINE_PACE = 20.0


@dataclass
class Window:
    """One fixed window of a bucket: opened by its first request, closed ``seconds`` later."""

    opened: float
    used: int = 0
    #: The client login (see :class:`RateLimits`) that was told this window is spent.
    told: int | None = None


@dataclass
class RateLimits:
    """Per-bucket and global counting, answered through Discord's headers and 429s."""

    routes: Mapping[str, Limit] = field(default_factory=lambda: dict(ROUTE_LIMITS))
    default: Limit = DEFAULT_LIMIT
    global_limit: Limit = GLOBAL_LIMIT
    speedup: float = 1.0
    windows: dict[str, Window] = field(default_factory=dict)
    global_window: Window = field(default_factory=lambda: Window(-math.inf))
    #: Every 429 the double answered on its own (not injected), as "METHOD path: why".
    hits: list[str] = field(default_factory=list)
    #: Client logins so far: a new one has been told nothing about any bucket.
    logins: int = 0

    def limit_of(self, route: str) -> Limit:
        return self.routes.get(route, self.default)

    def seconds(self, limit: Limit) -> float:
        return limit.seconds / self.speedup

    def take(self, method: str, template: str, params: Mapping[str, str], path: str) -> Pass:
        """Count one request of route ``template`` (after /api/v10) with these match
        parameters: its pass (whose headers go with the answer), or Discord's 429 when it
        is over a limit."""
        if (method, template) == LOGIN:
            self.logins += 1
        now = time.monotonic()
        route = f"{method} {template}"
        limit = self.limit_of(route)
        bucket = hashlib.sha1(route.encode()).hexdigest()[:16]
        major = ":".join(params.get(p, "") for p in MAJOR_PARAMETERS)
        window = self._current(f"{bucket}:{major}", limit, now)
        if not path.startswith(INTERACTION_ROUTES):
            self.global_window = self._open(self.global_window, self.global_limit, now)
            if self.global_window.used >= self.global_limit.count:
                wait = self.left(self.global_window, self.global_limit, now)
                self.hits.append(f"{method} {path}: over the global limit")
                raise rate_limited(wait, is_global=True, violation=True)
            self.global_window.used += 1
        if window.used >= limit.count:
            left = self.left(window, limit, now)
            self.hits.append(f"{method} {path}: bucket {route} spent for {left:.3f} s")
            raise rate_limited(left, is_global=False, violation=window.told == self.logins)
        window.used += 1
        return Pass(self, window, limit, bucket)

    def _current(self, key: str, limit: Limit, now: float) -> Window:
        window = self._open(self.windows.get(key, Window(-math.inf)), limit, now)
        self.windows[key] = window
        return window

    def _open(self, window: Window, limit: Limit, now: float) -> Window:
        """The window still open, or a new one from ``now``."""
        return window if now - window.opened < self.seconds(limit) else Window(now)

    def left(self, window: Window, limit: Limit, now: float) -> float:
        """Seconds until ``window`` closes, rounded up to the millisecond (a client told
        a shorter time would come back too early)."""
        return math.ceil(max(0.0, self.seconds(limit) - (now - window.opened)) * 1000) / 1000


@dataclass
class Pass:
    """A request a bucket let through; its answer carries the bucket's headers as they
    stand when it is sent (the requests counted meanwhile included)."""

    limits: RateLimits
    window: Window
    limit: Limit
    bucket: str

    def headers(self) -> dict[str, str]:
        remaining = max(0, self.limit.count - self.window.used)
        if remaining == 0:
            self.window.told = self.limits.logins
        left = self.limits.left(self.window, self.limit, time.monotonic())
        return {
            "X-RateLimit-Limit": str(self.limit.count),
            "X-RateLimit-Remaining": str(remaining),
            "X-RateLimit-Reset": f"{time.time() + left:.3f}",
            "X-RateLimit-Reset-After": f"{left:.3f}",
            "X-RateLimit-Bucket": self.bucket,
        }


def rate_limited(retry_after: float, *, is_global: bool, violation: bool) -> ApiError:
    """Discord's 429 answer."""
    return ApiError(
        429,
        0,
        "You are being rate limited.",
        retry_after=retry_after,
        is_global=is_global,
        violation=violation,
    )
