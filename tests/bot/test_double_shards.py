"""The double speaks Discord's sharded gateway, checked with discord.py's own
AutoShardedBot: GET /gateway/bot recommends a shard count, IDENTIFY carries
``shard: [id, count]``, and a guild's events reach only the session of shard
``(guild_id >> 22) % count``, so two processes running different shards never both see one
interaction."""

from __future__ import annotations

import json

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from bot.common.shards import shard_of
from tests.bot.double import DiscordDouble


class ShardedBot(commands.AutoShardedBot):
    """An AutoShardedBot with one command that says which shard and process answered."""

    def __init__(self, label: str, **options: object) -> None:
        super().__init__(
            command_prefix="!",
            intents=discord.Intents.default(),
            guild_ready_timeout=0.05,
            **options,  # type: ignore[arg-type]
        )
        self.label = label
        self.seen: list[int] = []

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py waits 5 s between shards for Discord's IDENTIFY limit; the double
        has none."""

    async def setup_hook(self) -> None:
        @app_commands.command(name="where", description="Which shard answers")
        async def where(interaction: discord.Interaction) -> None:
            assert interaction.guild is not None
            self.seen.append(interaction.guild.id)
            await interaction.response.send_message(
                f"{self.label} shard {interaction.guild.shard_id}"
            )

        self.tree.add_command(where)
        await self.tree.sync()


def identified_shards(double: DiscordDouble) -> list[tuple[int, int] | None]:
    return [s.shard for s in double.gateway.sessions.values()]


async def test_auto_sharded_bot_follows_the_recommended_count() -> None:
    """Without a count, discord.py asks GET /gateway/bot and runs every shard."""
    async with DiscordDouble(shard_count=2) as double:
        guilds = [double.add_guild(f"g{n}", shard=n) for n in (0, 1, 1)]
        bot = ShardedBot("solo")
        async with double.running(bot):
            await double.wait_shards({0, 1})
            await bot.wait_until_ready()
            assert sorted(identified_shards(double), key=str) == [(0, 2), (1, 2)]
            assert bot.shard_count == 2
            for guild_id in guilds:
                guild = bot.get_guild(guild_id)
                assert guild is not None and guild.shard_id == shard_of(guild_id, 2)
        assert double.violations == []


async def test_each_process_sees_only_its_own_guilds() -> None:
    """Two bots, shards [0] and [1] of 2: READY, GUILD_CREATE and interactions are split."""
    async with DiscordDouble(shard_count=2) as double:
        first, second = double.add_guild("first", shard=0), double.add_guild("second", shard=1)
        channels = {first: double.add_channel(first, "c"), second: double.add_channel(second, "c")}
        user = double.add_user("alice")
        zero = ShardedBot("zero", shard_ids=[0], shard_count=2)
        one = ShardedBot("one", shard_ids=[1], shard_count=2)
        async with double.running(zero), double.running(one):
            await double.wait_shards({0, 1})
            await zero.wait_until_ready()
            await one.wait_until_ready()
            assert [g.id for g in zero.guilds] == [first]
            assert [g.id for g in one.guilds] == [second]
            await double.wait_commands_synced(count=2)
            for _ in range(2):
                answer = await double.slash(user, channels[first], "where")
                assert answer.content == "zero shard 0"
                answer = await double.slash(user, channels[second], "where")
                assert answer.content == "one shard 1"
            assert zero.seen == [first, first] and one.seen == [second, second]
            late = double.add_channel(second, "late")  # CHANNEL_CREATE: only to shard 1
            await double.world.wait_until(lambda: one.get_channel(late), 5, "CHANNEL_CREATE")
            assert zero.get_channel(late) is None
        assert double.violations == []


async def test_an_invalid_shard_is_refused_with_4010() -> None:
    async with DiscordDouble(shard_count=2) as double:
        url = double.url.replace("http", "ws", 1) + "/gateway?v=10&encoding=json"
        identify = {
            "op": 2,
            "d": {"token": double.token, "intents": 1, "properties": {}, "shard": [2, 2]},
        }
        async with aiohttp.ClientSession() as session, session.ws_connect(url) as ws:
            hello = json.loads((await ws.receive()).data)
            assert hello["op"] == 10
            await ws.send_json(identify)
            closing = await ws.receive()
            assert closing.type is aiohttp.WSMsgType.CLOSE and closing.data == 4010
        assert double.violations == ["gateway: IDENTIFY with an invalid shard [2, 2]"]
        assert identified_shards(double) == []
