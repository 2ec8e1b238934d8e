"""Quotas, cooldowns and "one at a time", each taken atomically (no
check-then-act across an await).

A rule checked before an ``await`` and recorded after it is beaten by a burst: every
request of the burst passes the check while the first one still waits. Here a request
takes all its places in one step with no ``await`` in it (:func:`reserve`: every limit
checked, then every place taken), before it awaits anything, and gives them back if it
fails (:meth:`Reservation.release`), so nothing is spent for a request that failed. When
its work is done (:meth:`Reservation.finish`), what it held at once is free again, and
what it took from a rate stays spent until the rate's window has passed.

Two kinds of limit, each counted per key (a person, a server, or one key for everybody):

- :class:`Room`: at most ``size`` held at once (one replay per person in the queue, one
  question per person to the coach, the coach's waiting line);
- :class:`Rate`: at most ``times`` taken in any ``per`` seconds (a cooldown is one).

The event loop runs one callback at a time, so a step without ``await`` needs no lock.
A refusal is a :class:`Refused`: a ``UserError``, answered privately with the limit's own
sentence, which says when to ask again.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Hashable
from types import TracebackType
from typing import Protocol

from bot.common.errors import UserError


class Refused(UserError):
    """A request over a limit; ``words`` say which, and when to ask again."""


class Hold:
    """One place taken from a limit, given back at most once."""

    def __init__(self, give_back: Callable[[], None], *, spent: bool) -> None:
        self._give_back: Callable[[], None] | None = give_back
        #: Whether the place stays taken once the work is done (a rate's).
        self.spent = spent

    def give_back(self) -> None:
        give_back, self._give_back = self._give_back, None
        if give_back is not None:
            give_back()


class Limit(Protocol):
    def refusal(self, key: Hashable) -> Refused | None:
        """Why a place for ``key`` cannot be taken now, or None when one is free."""

    def take(self, key: Hashable) -> Hold:
        """Take a place for ``key`` (free: ``refusal`` said so, in the same step)."""


class Room:
    """At most ``size`` held at once per key; ``refuse(key)``: the words of a refusal."""

    def __init__(self, size: int, refuse: Callable[[Hashable], str]) -> None:
        self.size = size
        self.refuse = refuse
        self._held: Counter[Hashable] = Counter()

    def held(self, key: Hashable) -> int:
        return self._held[key]

    def refusal(self, key: Hashable) -> Refused | None:
        return Refused(self.refuse(key)) if self._held[key] >= self.size else None

    def take(self, key: Hashable) -> Hold:
        self._held[key] += 1

        def give_back() -> None:
            self._held[key] -= 1
            if self._held[key] <= 0:
                del self._held[key]

        return Hold(give_back, spent=False)


class Rate:
    """At most ``times`` per ``per`` seconds per key (a sliding window);
    ``refuse(seconds)``: the words of a refusal, ``seconds`` until a place is free."""

    def __init__(
        self,
        times: int,
        per: float,
        refuse: Callable[[int], str],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.times = times
        self.per = per
        self.refuse = refuse
        self.clock = clock
        self._stamps: dict[Hashable, list[float]] = {}
        self._swept = clock()

    def _live(self, key: Hashable, now: float) -> list[float]:
        """``key``'s stamps within the window (older ones forgotten, and every key's
        once a window, so people who never come back are not kept)."""
        if now - self._swept > self.per:
            self._swept = now
            for old in [k for k, s in self._stamps.items() if not s or now - s[-1] >= self.per]:
                del self._stamps[old]
        stamps = self._stamps.get(key, [])
        while stamps and now - stamps[0] >= self.per:
            stamps.pop(0)
        return stamps

    def refusal(self, key: Hashable) -> Refused | None:
        now = self.clock()
        stamps = self._live(key, now)
        if len(stamps) < self.times:
            return None
        return Refused(self.refuse(max(1, math.ceil(stamps[0] + self.per - now))))

    def take(self, key: Hashable) -> Hold:
        now = self.clock()
        stamps = self._stamps.setdefault(key, self._live(key, now))
        stamps.append(now)

        def give_back() -> None:
            if now in stamps:
                stamps.remove(now)

        return Hold(give_back, spent=True)


Claim = tuple[Limit, Hashable]


class Reservation:
    """The places one request holds. ``with reserve(...)``: released if the body fails,
    finished when it ends well."""

    def __init__(self) -> None:
        self._holds: list[Hold] = []

    def take(self, *claims: Claim) -> Reservation:
        """All of ``claims`` or none (the first refusal, in order, is raised), in one step
        with no ``await``: two requests can never both take the last place."""
        for limit, key in claims:
            refused = limit.refusal(key)
            if refused is not None:
                raise refused
        self._holds += [limit.take(key) for limit, key in claims]
        return self

    def finish(self) -> None:
        """The work is done: what was held at once is free again; rates stay spent."""
        for hold in self._holds:
            if not hold.spent:
                hold.give_back()
        self._holds.clear()

    def release(self) -> None:
        """The request failed: every place is given back, as if it had never come."""
        for hold in self._holds:
            hold.give_back()
        self._holds.clear()

    def __enter__(self) -> Reservation:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if error is None:
            self.finish()
        else:
            self.release()


def reserve(*claims: Claim) -> Reservation:
    """A new reservation of ``claims`` (see :meth:`Reservation.take`)."""
    return Reservation().take(*claims)
