"""The queries of :class:`~bot.store.interface.ServerSettings`: a server's choices, one
row of ``guild_settings`` (whose ``season`` is the rankings')."""

from __future__ import annotations

import json
from collections.abc import Callable

from bot.store.changes import record_change
from bot.store.interface import ServerSettings
from bot.store.records import GuildSettings
from bot.store.sql.base import SqlBase, Transaction


def _timings(stored: str) -> dict[str, float]:
    """A server's own timings as stored (JSON), in seconds by name."""
    return {str(k): float(v) for k, v in json.loads(stored).items()}


class SettingQueries(SqlBase, ServerSettings):
    """A server's settings."""

    async def threads_enabled(self, guild_id: int) -> bool:
        found = await self._rows("SELECT threads FROM guild_settings WHERE guild_id = ?", guild_id)
        return not found or bool(found[0][0])

    async def guild_language(self, guild_id: int) -> str | None:
        found = await self._rows("SELECT language FROM guild_settings WHERE guild_id = ?", guild_id)
        return str(found[0][0]) if found and found[0][0] is not None else None

    async def guild_settings(self, guild_id: int) -> tuple[str, dict[str, float]]:
        found = await self._rows(
            "SELECT default_pace, timings FROM guild_settings WHERE guild_id = ?", guild_id
        )
        if not found:
            return "live", {}
        pace, timings = found[0]
        return str(pace), _timings(timings)

    async def change_guild_settings(
        self, guild_id: int, change: Callable[[GuildSettings], GuildSettings]
    ) -> GuildSettings:
        # The row exists first, so that PostgreSQL can lock it against a second change.
        lock = " FOR UPDATE" if self.dialect.row_locks else ""

        async def write(tx: Transaction) -> GuildSettings:
            await tx.execute(
                "INSERT INTO guild_settings (guild_id) VALUES (?) "
                "ON CONFLICT (guild_id) DO NOTHING",
                guild_id,
            )
            found = await tx.fetch(
                "SELECT default_pace, timings, threads, language, season FROM guild_settings "
                f"WHERE guild_id = ?{lock}",
                guild_id,
            )
            pace, timings, threads, language, season = found[0]
            now = GuildSettings(
                str(pace),
                _timings(timings),
                bool(threads),
                None if language is None else str(language),
                int(season),
            )
            new = change(now)
            await tx.execute(
                "UPDATE guild_settings SET default_pace = ?, timings = ?, threads = ?, "
                "language = ? WHERE guild_id = ?",
                new.pace,
                json.dumps(dict(new.timings)),
                int(new.threads),
                new.language,
                guild_id,
            )
            return new

        settings = await self._transaction(write)
        record_change()
        return settings
