"""Seat ids in an engine's words replaced by names: the one rule for the boards and the
bot's messages alike.

Engines speak in seat ids (``"123456789 rolled 7"``; in production the ids are Discord
snowflakes, robots are ``ai1``, ``ai2``...). An id counts only as a whole token: not
inside a longer word or number (``12`` in ``square 12`` or ``ai1`` in ``ai10``), and not
right after ``@`` (a mention's syntax is left alone). Longer ids are tried first.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache


def humanize(text: str, names: Mapping[str, str]) -> str:
    """``text`` with every seat id of ``names`` replaced by ``names[id]``, taken as it is
    (the caller dresses names for where they go: escaped and bold in a message, cut to
    what the fonts draw on a board)."""
    if not names:
        return text
    pattern = _pattern(tuple(sorted(names, key=len, reverse=True)))
    return pattern.sub(lambda match: names[match.group(1)], text)


@lru_cache(maxsize=256)
def _pattern(ids: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(r"(?<![\w@])(" + "|".join(re.escape(seat) for seat in ids) + r")(?!\w)")
