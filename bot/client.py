"""The Bot: opens the store, loads the cogs, registers persistent buttons, keeps time.

It is discord.py's ``AutoShardedBot``: one process runs the shards its settings name
(``SHARD_COUNT``/``SHARD_IDS``), or, unset, all of Discord's recommended count. Discord
sends a guild's interactions only to the shard that owns it; the clock, which acts without
an interaction, is told the same shards and leaves every other guild's games alone.
"""

from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.actions import Actions, apology, tell
from bot.attendance import Attendance
from bot.clock import Clockwork
from bot.components import DYNAMIC_ITEMS
from bot.config import DatabaseSettings
from bot.delivery import DELIVERY_ERRORS, Courier
from bot.gate import Gate, GatedTree
from bot.policy import Policy
from bot.replays import Replays
from bot.robots import Robots
from bot.services import Services
from bot.shards import Shards
from bot.storage import open_store
from bot.store_api import GameStore
from bot.tables import Clock, Tables

log = logging.getLogger(__name__)

EXTENSIONS = (
    "bot.cogs.lobby",
    "bot.cogs.play",
    "bot.cogs.rules",
    "bot.cogs.records",
    "bot.cogs.disneyland",
    "bot.cogs.adventureland",
    "bot.cogs.imagineers",
    "bot.cogs.troolpark",
)


class TurnstileBot(commands.AutoShardedBot):
    """Turnstile. ``clock`` and ``tick_seconds`` are injectable so tests control time;
    ``shards`` are the shards this process runs (default: all, Discord's count)."""

    store: GameStore
    tables: Tables
    actions: Actions
    attendance: Attendance
    clockwork: Clockwork
    replays: Replays
    robots: Robots
    services: Services

    def __init__(
        self,
        database: DatabaseSettings | str | Path,
        *,
        dev_guild_id: int | None = None,
        shards: Shards | None = None,
        clock: Clock = time.time,
        tick_seconds: float = 15.0,
        robot_workers: int = 1,
        **options: Any,
    ) -> None:
        self.owned_shards = shards or Shards()
        if self.owned_shards.ids is not None:
            options["shard_ids"] = list(self.owned_shards.ids)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            # Nobody is pinged unless a message says whom (bot.messages.pings).
            allowed_mentions=discord.AllowedMentions.none(),
            shard_count=self.owned_shards.count,
            # Every command passes the gate first (who may use it, and while what holds).
            tree_cls=GatedTree,
            **options,
        )
        self.database = database
        self.dev_guild_id = dev_guild_id
        self.clock = clock
        self.tick_seconds = tick_seconds
        self.robots = Robots(robot_workers)
        self._background: set[asyncio.Task[None]] = set()

    async def setup_hook(self) -> None:
        self.store = await open_store(self.database)
        self.tables = Tables(self.store, self.clock, self.robots)
        self.actions = Actions(Courier(self, self.store), self.tables)
        self.attendance = Attendance(self.actions)
        self.replays = Replays(self, self.tables)
        gate = Gate(Policy(self.tables, self.actions.presenter))
        assert isinstance(self.tree, GatedTree)
        self.tree.gate = gate
        self.services = Services(
            self.store, self.tables, self.actions, self.attendance, self.replays, gate
        )
        self.clockwork = Clockwork(
            self.store,
            self.tables,
            self.actions,
            self.attendance,
            self.clock,
            self.wait_until_ready,
            shards=self.owned_shards,
        )
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        self.tree.error(self.on_tree_error)
        if self.dev_guild_id is not None:
            guild = discord.Object(id=self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        self.spawn(self.clockwork.run(self.tick_seconds))

    def spawn(self, coroutine: Any) -> None:
        """Run a background task, keeping a reference so it is not garbage-collected."""
        task = asyncio.get_running_loop().create_task(coroutine)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def on_tree_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        log.error("command failed", exc_info=error)
        try:
            await tell(interaction, apology())
        except DELIVERY_ERRORS:
            log.exception("could not even apologise for interaction %s", interaction.id)

    async def close(self) -> None:
        for task in list(self._background):
            task.cancel()
        if hasattr(self, "replays"):
            await self.replays.close()
        await super().close()
        self.robots.close()
        if hasattr(self, "store"):
            await self.store.close()
