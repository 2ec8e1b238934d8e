"""Table pace: when to remind a player to move, and when their seat counts as idle."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

HOUR = 3600.0

#: Built-in timings in seconds; a server admin can override them with /game settings.
DEFAULTS: dict[str, float] = {
    "live_remind": 2 * 60.0,
    "live_idle": 10 * 60.0,
    "async_remind": 12 * HOUR,
    "async_idle": 48 * HOUR,
}
PACES = ("live", "async")


@dataclass(frozen=True)
class Timing:
    remind: float
    idle: float


def timing(pace: str, overrides: Mapping[str, float]) -> Timing:
    """The reminder and idle delays of ``pace`` on a server with these ``overrides``."""
    merged = {**DEFAULTS, **overrides}
    return Timing(remind=merged[f"{pace}_remind"], idle=merged[f"{pace}_idle"])
