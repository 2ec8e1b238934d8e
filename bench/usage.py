"""What a benchmark's work costs besides time: the store calls a bot makes, and the CPU
of this process and the processes it started (the robots' and the renderer's workers, a
PostgreSQL server the bench runs), read from Linux's ``/proc``."""

from __future__ import annotations

import contextlib
import contextvars
import functools
import inspect
import os
import resource
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

from bot.store.interface import GameStore

#: Set while a store call is under way, so calls a store makes of itself count once, and
#: around the bench's own calls (:meth:`StoreCalls.aside`), which do not count.
_UNCOUNTED = contextvars.ContextVar("uncounted_store_call", default=False)


class StoreCalls:
    """Counts the calls made of a store's interface (``GameStore``), by name, while
    ``on``. The store is wrapped in place: everyone holding it is counted."""

    def __init__(self, store: GameStore) -> None:
        self.counts: Counter[str] = Counter()
        self.on = False
        for name, member in inspect.getmembers(GameStore):
            original = getattr(store, name, None)
            if inspect.iscoroutinefunction(member) and original is not None:
                setattr(store, name, self._counted(name, original))

    def _counted(
        self, name: str, original: Callable[..., Awaitable[Any]]
    ) -> Callable[..., Awaitable[Any]]:
        @functools.wraps(original)
        async def counted(*args: Any, **kwargs: Any) -> Any:
            if _UNCOUNTED.get():
                return await original(*args, **kwargs)
            if self.on:
                self.counts[name] += 1
            token = _UNCOUNTED.set(True)
            try:
                return await original(*args, **kwargs)
            finally:
                _UNCOUNTED.reset(token)

        return counted

    @contextlib.contextmanager
    def aside(self) -> Iterator[None]:
        """Calls made in this block (in this task) are the bench's own: not counted."""
        token = _UNCOUNTED.set(True)
        try:
            yield
        finally:
            _UNCOUNTED.reset(token)

    def start(self) -> None:
        self.counts.clear()
        self.on = True

    def stop(self) -> Counter[str]:
        """Stop counting; the calls counted since :meth:`start`."""
        self.on = False
        return Counter(self.counts)


def _ticks(pid: int) -> tuple[int, int]:
    """(user+system CPU ticks, parent pid) of a process (0, -1 once it is gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0, -1
    fields = stat[stat.rindex(")") + 2 :].split()
    return int(fields[11]) + int(fields[12]), int(fields[1])


def cpu_seconds() -> tuple[float, float]:
    """CPU seconds used so far by this process, and by its descendants: those still
    running and those it waited for. (A daemon, like the PostgreSQL server, is not a
    descendant any more once its starter exits.)"""
    hertz = os.sysconf("SC_CLK_TCK")
    parents: dict[int, int] = {}
    ticks: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            used, parent = _ticks(int(entry.name))
            parents[int(entry.name)] = parent
            ticks[int(entry.name)] = used
    me = os.getpid()
    family = {me}
    grew = True
    while grew:
        found = {pid for pid, parent in parents.items() if parent in family} - family
        family |= found
        grew = bool(found)
    live = sum(ticks[pid] for pid in family - {me})
    waited = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ticks.get(me, 0) / hertz, live / hertz + waited.ru_utime + waited.ru_stime
