"""What only tests ask of a store: queries the bot never makes, so they stay out of its
interface (:mod:`bot.store.interface`) and run here on the store's own SQL primitives;
and a server's settings set one at a time, as tests stage them, through the one change the
bot makes (``change_guild_settings``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.common.shards import Shards, shard_sql
from bot.store.interface import GameStore, ServerSettings
from bot.store.postgres import PostgresStore
from bot.store.records import GameRow, Result
from bot.store.sql import SqlStore

_RESULT = "seat_id, name, score, rank, ai_played, robot, level, standing"


def _sql(store: GameStore) -> SqlStore:
    assert isinstance(store, SqlStore), f"not a store of SQL: {type(store).__name__}"
    return store


async def _of_shards(
    store: GameStore, where: str, params: tuple[Any, ...], shards: Shards | None
) -> list[GameRow]:
    """Games matching ``where``, of guilds on ``shards`` when given, by id."""
    if shards is not None and not shards.owns_everything:
        assert shards.count is not None and shards.ids is not None
        marks = ", ".join("?" for _ in shards.ids)
        where += f" AND {shard_sql('guild_id', '?')} IN ({marks})"
        params = (*params, shards.count, *shards.ids)
    return await _sql(store)._games(f"WHERE {where} ORDER BY id", *params)


async def games_with_status(
    store: GameStore, status: str, shards: Shards | None = None
) -> list[GameRow]:
    """Games in ``status``, by id."""
    return await _of_shards(store, "status = ?", (status,), shards)


async def unshown(store: GameStore, shards: Shards | None = None) -> list[GameRow]:
    """Lobbies, running and finished games whose channel has not seen their latest
    version (a failed post, a crash between commit and post)."""
    return await _of_shards(
        store, "status IN ('lobby', 'active', 'finished') AND shown_version < version", (), shards
    )


async def results_of(store: GameStore, game_id: int) -> list[Result]:
    """A finished game's results, best rank first."""
    rows = await _sql(store)._rows(
        f"SELECT {_RESULT} FROM results WHERE game_id = ? ORDER BY rank, seat_id", game_id
    )
    return [Result(r[0], r[1], r[2], r[3], bool(r[4]), bool(r[5]), r[6], r[7]) for r in rows]


async def forget_undo(store: GameStore, game_id: int) -> None:
    """Nothing before now may be taken back (as if someone else had acted)."""
    await _sql(store)._change("DELETE FROM undo_steps WHERE game_id = ?", game_id)


async def schema_version(store: PostgresStore) -> int:
    """How many migrations the database has recorded."""
    found = await store._rows("SELECT COALESCE(MAX(number), 0) FROM schema_migrations")
    return int(found[0][0])


async def set_threads(store: ServerSettings, guild_id: int, enabled: bool) -> None:
    """Whether a server's games get a thread of their own; its other settings stay."""
    await store.change_guild_settings(guild_id, lambda now: replace(now, threads=enabled))


async def set_guild_language(store: ServerSettings, guild_id: int, language: str | None) -> None:
    """The language a server's new tables read (None: its Discord language); its other
    settings stay."""
    await store.change_guild_settings(guild_id, lambda now: replace(now, language=language))


async def save_guild_settings(
    store: ServerSettings, guild_id: int, default_pace: str, timings: dict[str, float]
) -> None:
    """A server's default pace and its own timings; its other settings stay."""
    await store.change_guild_settings(
        guild_id, lambda now: replace(now, pace=default_pace, timings=timings)
    )
