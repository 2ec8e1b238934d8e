"""Which guilds a process owns when the bot runs as several shards (docs/ARCHITECTURE.md §4).

Discord sends a guild's events to shard ``(guild_id >> 22) % shard_count``; direct
messages (no guild) go to shard 0. A process that runs some of the shards owns exactly
the games of those guilds: its clock must never act on anybody else's games. The same
rule is written once in Python (:func:`shard_of`) and once in SQL (:func:`shard_sql`),
so a store can filter rows without loading them; tests check that the two agree.
"""

from __future__ import annotations

from dataclasses import dataclass


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard Discord sends this guild's events to."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


def shard_sql(column: str, count_param: str) -> str:
    """The SQL expression of :func:`shard_of` for ``column``, the count as a parameter."""
    return f"((COALESCE({column}, 0) >> 22) % {count_param})"


@dataclass(frozen=True)
class Shards:
    """The shards this process runs: ``ids`` out of ``count`` (all of them when ``ids`` is
    None). ``count`` None means one process with Discord's recommended count, which owns
    every guild whatever that count is."""

    count: int | None = None
    ids: tuple[int, ...] | None = None

    @property
    def owns_everything(self) -> bool:
        return self.count is None or self.ids is None or set(self.ids) == set(range(self.count))

    def describe(self) -> str:
        if self.count is None:
            return "all shards (Discord's recommended count)"
        if self.ids is None:
            return f"all {self.count} shards"
        return f"shards {','.join(map(str, self.ids))} of {self.count}"
