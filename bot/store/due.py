"""The clock's one question to the store each tick: which games have work due now?

A game is due when its channel has not seen its latest version (a post that failed, a
crash between a commit and its post), when its turn clock owes a reminder or an idle
notice, or when the time its table agreed on ran out. The unseen versions are also how AI
turns left waiting are found: every write that hands a turn to the AI (a start, a seat
handover, a move) leaves the game unseen until the board that follows it is posted, so a
crash or a failure in between leaves it in this list.

The turn clock's delays depend on the game's pace and its server's overrides; the query
reads them from ``guild_settings`` itself, so deciding what is due reads nothing per game
and loads no snapshot. Both stores run the query that :func:`due_query` writes in their
dialect (:mod:`bot.store.dialect`), filtered to this process's shards.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.common.pace import Timing
from bot.common.shards import Shards, shard_sql
from bot.store.dialect import Dialect
from bot.store.records import Row


@dataclass(frozen=True)
class Due:
    """A game with work due, and its turn clock's delays when a reminder, an idle notice
    or a time limit may be due (None: only its channel is behind)."""

    game_id: int
    timing: Timing | None = None


def due_query(
    dialect: Dialect, now: float, paces: Mapping[str, Timing], shards: Shards | None
) -> tuple[str, list[Any]]:
    """The SQL (with ``?`` markers) and parameters that list the due games: rows of (id,
    remind, idle). Markers are written in the order of their values."""
    values: list[Any] = []

    def p(value: Any) -> str:
        values.append(value)
        return "?"

    def ours(column: str) -> str:
        if shards is None or shards.owns_everything:
            return "TRUE"
        assert shards.count is not None and shards.ids is not None
        count = p(shards.count)
        return f"{shard_sql(column, count)} IN ({', '.join(p(i) for i in shards.ids)})"

    def delay(kind: str) -> str:
        """The game's delay: its server's override, else its pace's default."""
        cases = " ".join(
            f"WHEN {p(pace)} THEN CAST({p(getattr(timing, kind))} AS {dialect.real})"
            for pace, timing in paces.items()
        )
        override = dialect.json_number("s.timings", f"g.pace || '_{kind}'")
        return f"COALESCE({override}, CASE g.pace {cases} END)"

    # "Not cancelled" rather than the three statuses: so the partial index of the games
    # whose channel is behind is the one to use, however many games have finished.
    behind = (
        "SELECT id, NULL AS remind, NULL AS idle FROM games "
        f"WHERE shown_version < version AND status != 'cancelled' AND {ours('guild_id')}"
    )
    # No game's delay is shorter than the shortest default or override: a turn younger
    # than that is skipped before its server's settings are even looked up.
    floor = min(min(t.remind, t.idle) for t in paces.values())

    def shortest() -> str:
        return f"{dialect.least}({p(floor)}, COALESCE({dialect.smallest_override}, {p(floor)}))"

    active = (
        f"SELECT g.id, g.guild_id, g.version, g.turn_started_at, g.reminded_version, "
        f"g.idle_version, g.started_at, g.options, {delay('remind')} AS remind, "
        f"{delay('idle')} AS idle "
        "FROM games AS g LEFT JOIN guild_settings AS s ON s.guild_id = g.guild_id "
        f"WHERE g.status = 'active' AND {ours('g.guild_id')} AND ("
        f"(g.idle_version != g.version AND g.turn_started_at <= {p(now)} - {shortest()}) "
        "OR g.options LIKE '%\"minutes-%')"
    )
    timers = (
        "guild_id IS NOT NULL AND turn_started_at IS NOT NULL AND idle_version != version "
        f"AND (turn_started_at <= {p(now)} - idle OR (reminded_version != version "
        f"AND turn_started_at <= {p(now)} - remind))"
    )
    limit = (
        "options LIKE '%\"minutes-%' "
        f"AND started_at + 60 * {dialect.minutes('options')} <= {p(now)}"
    )
    sql = (
        f"{behind} UNION ALL SELECT id, remind, idle FROM ({active}) AS a "
        f"WHERE ({timers}) OR ({limit})"
    )
    return sql, values


def merged(rows: Iterable[Row]) -> list[Due]:
    """One :class:`Due` per game (a game can be both behind and on the clock), by id."""
    found: dict[int, Due] = {}
    for game_id, remind, idle in rows:
        timing = None if remind is None or idle is None else Timing(float(remind), float(idle))
        if timing is not None or game_id not in found:
            found[int(game_id)] = Due(int(game_id), timing)
    return [found[i] for i in sorted(found)]
