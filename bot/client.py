"""The Bot: opens the store, loads the cogs, registers persistent buttons, keeps time.

It is discord.py's ``AutoShardedBot``: one process runs the shards its settings name
(``SHARD_COUNT``/``SHARD_IDS``), or, unset, all of Discord's recommended count. Discord
sends a guild's interactions only to the shard that owns it; the clock, which acts without
an interaction, is told the same shards and leaves every other guild's games alone.

It listens to what Discord says about places (channels and threads deleted or changed,
roles and its own member changed) for the thread keeper (:mod:`bot.chat.threads`): a game
whose thread is lost can always end.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import logging
import time
from pathlib import Path
from typing import Any

import discord
from discord.ext import commands

from bot.chat.access.gate import Gate, GatedTree
from bot.chat.access.policy import Policy
from bot.chat.boards import Boards
from bot.chat.clock import Clockwork
from bot.chat.controls import DYNAMIC_ITEMS, Controls
from bot.chat.delivery import Courier
from bot.chat.handlers.attendance import Attendance
from bot.chat.handlers.coach import Coach
from bot.chat.handlers.lobby import Lobbies
from bot.chat.handlers.lookups import Lookups
from bot.chat.handlers.moves import Moves
from bot.chat.handlers.picker import Picker
from bot.chat.handlers.ratings import Ratings
from bot.chat.handlers.replays import Replays
from bot.chat.handlers.settings import Settings
from bot.chat.presenter import Presenter
from bot.chat.services import Services
from bot.chat.threads import ThreadKeeper
from bot.chat.updates import Updates
from bot.chat.views.lobby_message import LobbyMessage
from bot.cogs.localization import CatalogTranslator
from bot.cogs.roster import COGS, COMMANDS, unruled
from bot.common.config import DatabaseSettings
from bot.common.shards import Shards
from bot.store.interface import GameStore
from bot.store.opening import open_store
from bot.table.drawing import DEFAULT_WORKERS, Drawing
from bot.table.life import Life
from bot.table.robots import Robots
from bot.table.service import Clock, Tables
from bot.table.settings import Servers
from bot.table.standings import Standings
from bot.table.timers import Timers

log = logging.getLogger(__name__)


class TurnstileBot(commands.AutoShardedBot):
    """Turnstile. ``clock`` and ``tick_seconds`` are injectable so tests control time;
    ``shards`` are the shards this process runs (default: all, Discord's count)."""

    store: GameStore
    tables: Tables
    #: What players do in a game: moves, steps taken back (``bot.chat.handlers.moves``).
    actions: Moves
    attendance: Attendance
    clockwork: Clockwork
    replays: Replays
    robots: Robots
    drawing: Drawing
    services: Services
    #: What a click on a component does (the components find it here).
    controls: Controls
    keeper: ThreadKeeper

    def __init__(
        self,
        database: DatabaseSettings | str | Path,
        *,
        dev_guild_id: int | None = None,
        shards: Shards | None = None,
        clock: Clock = time.time,
        tick_seconds: float = 15.0,
        robot_workers: int = 1,
        drawing_workers: int = DEFAULT_WORKERS,
        **options: Any,
    ) -> None:
        self.owned_shards = shards or Shards()
        if self.owned_shards.ids is not None:
            options["shard_ids"] = list(self.owned_shards.ids)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            # Nobody is pinged unless a message says whom (bot.chat.views.messages.pings).
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
        self.drawing = Drawing(drawing_workers)
        self._background: set[asyncio.Task[None]] = set()

    async def setup_hook(self) -> None:
        self.store = await open_store(self.database)
        self.tables = Tables(self.store, self.clock, self.robots)
        life = Life(self.store)
        courier = Courier(self, life)
        boards = Boards()
        presenter = Presenter(courier, life, self.drawing, boards)
        lobby_message = LobbyMessage(courier, self.tables)
        updates = Updates(courier, presenter, lobby_message)
        self.actions = Moves(courier, self.tables, presenter, updates)
        self.attendance = Attendance(courier, self.tables, presenter, updates)
        self.replays = Replays(self, self.tables)
        self.keeper = ThreadKeeper(life, self.tables, courier, lobby_message.edit)
        courier.listener = lambda place, standing: self.spawn(self.keeper.heard(place, standing))
        gate = Gate(Policy(self.tables, boards, COMMANDS))
        assert isinstance(self.tree, GatedTree)
        self.tree.gate = gate
        servers = Servers(self.store)
        lobbies = Lobbies(courier, self.tables, presenter, lobby_message, self.keeper, servers)
        coach = Coach(self.tables, lobbies)
        self.actions.coach = coach
        standings = Standings(self.store)
        self.services = Services(
            self.tables,
            self.actions,
            Picker(self.drawing, life),
            lobbies,
            Lookups(self.tables, presenter, lobby_message),
            self.attendance,
            self.replays,
            self.keeper,
            gate,
            Ratings(standings, self.drawing),
            coach,
            Settings(servers),
            standings,
        )
        self.clockwork = Clockwork(
            life,
            Timers(self.tables),
            self.tables,
            updates,
            self.attendance,
            self.clock,
            self.wait_until_ready,
            shards=self.owned_shards,
        )
        self.controls = Controls()
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        for cog in COGS:
            await self.add_cog(cog(self.services))
        if missing := unruled(self.tree):
            # The gate would refuse them all: a cog out of step with the policy's table.
            raise RuntimeError(f"commands without an entry in the policy: {missing}")
        await self.tree.set_translator(CatalogTranslator())
        if self.dev_guild_id is not None:
            guild = discord.Object(id=self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        self.spawn(self.drawing.start())
        self.spawn(self.clockwork.run(self.tick_seconds))
        settle_startup_objects()

    def spawn(self, coroutine: Any) -> None:
        """Run a background task, keeping a reference so it is not garbage-collected."""
        task = asyncio.get_running_loop().create_task(coroutine)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    # ---------- what Discord says about places (for the thread keeper) ----------

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.keeper.deleted(payload.thread_id)

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        # Its threads go with it, cached or not (an archived one is not in the cache).
        await self.keeper.deleted(channel.id)

    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        self.keeper.changed(payload.guild_id, payload.thread_id)

    async def on_guild_channel_update(
        self, before: discord.abc.GuildChannel, after: discord.abc.GuildChannel
    ) -> None:
        self.keeper.changed(after.guild.id, after.id)

    async def on_guild_role_update(self, before: discord.Role, after: discord.Role) -> None:
        self.keeper.changed(after.guild.id)

    async def on_member_update(self, before: discord.Member, after: discord.Member) -> None:
        if self.user is not None and after.id == self.user.id:
            self.keeper.changed(after.guild.id)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        await self.keeper.seen(interaction)

    async def close(self) -> None:
        for task in list(self._background):
            task.cancel()
        if hasattr(self, "replays"):
            await self.replays.close()
        await super().close()
        self.robots.close()
        if hasattr(self, "store"):
            await self.store.close()


@functools.cache
def settle_startup_objects() -> None:
    """Once per process, when the first bot has started: what was built by then
    (modules, the games' and discord.py's tables, the command tree: some 86,000 objects
    in the latency bench) lives as long as the process, so the cycle collector is told to
    leave it alone (``gc.freeze``). Otherwise each full collection walks all of it while
    every table waits: a quarter of a second seen in the middle of a move on a busy
    machine."""
    gc.freeze()
