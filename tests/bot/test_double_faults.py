"""The double's hostile side: injected faults per route, forged interactions, who a message
pings, display names, and channels or threads not everyone can see."""

from __future__ import annotations

import asyncio

import discord
import pytest

from tests.bot.double import DiscordDouble, UsageError
from tests.bot.test_double import TinyBot


async def test_a_fault_fails_one_channel_and_leaves_the_others(double: DiscordDouble) -> None:
    """403 on one channel's messages, every time, while the thread works."""
    channel, thread = double.ids["channel"], double.ids["thread"]
    fault = double.faults.add(f"/channels/{channel}/messages", 403, method="POST", times=None)
    async with double.running(TinyBot()) as bot:
        blocked = bot.get_channel(channel)
        open_ = bot.get_channel(thread)
        assert isinstance(blocked, discord.TextChannel) and isinstance(open_, discord.Thread)
        for _ in range(2):
            with pytest.raises(discord.Forbidden):
                await blocked.send("nope")
        await open_.send("fine")
        double.faults.remove(fault)
        await blocked.send("now fine")
    assert fault.hits == 2
    assert [m.content for m in double.messages(thread)] == ["fine"]
    assert [m.content for m in double.messages(channel)] == ["now fine"]
    assert double.violations == []


@pytest.mark.parametrize(("status", "error"), [(404, discord.NotFound), (500, None)])
async def test_statuses_reach_discord_py_as_its_errors(
    double: DiscordDouble, status: int, error: type[Exception] | None
) -> None:
    """404 is final; a single 500 is retried by discord.py (after a 1 s pause)."""
    channel = double.ids["channel"]
    double.faults.add(f"/channels/{channel}/messages", status, times=1)
    async with double.running(TinyBot()) as bot:
        target = bot.get_channel(channel)
        assert isinstance(target, discord.TextChannel)
        if error is None:
            await target.send("after a retry")
        else:
            with pytest.raises(error):
                await target.send("lost")
    assert [m.content for m in double.messages(channel)] == ([] if error else ["after a retry"])


async def test_a_429_carries_retry_after_and_is_waited_out(double: DiscordDouble) -> None:
    channel = double.ids["channel"]
    double.faults.add("/messages", 429, retry_after=0.3, times=1)
    async with double.running(TinyBot()) as bot:
        target = bot.get_channel(channel)
        assert isinstance(target, discord.TextChannel)
        started = asyncio.get_running_loop().time()
        await target.send("patient")
        waited = asyncio.get_running_loop().time() - started
    assert waited >= 0.3 and [m.content for m in double.messages(channel)] == ["patient"]


async def test_a_hung_reply_expires_the_interaction_without_blaming_the_bot(
    double: DiscordDouble,
) -> None:
    """A delay past the deadline: the late answer is refused, as by Discord, but it is the
    network's fault, not a violation."""
    double.world.deadline = 0.3
    async with double.running(TinyBot()):
        await double.wait_commands_synced()
        fault = double.faults.add("/callback", None, delay=0.5, times=1)
        r = await double.slash(double.ids["alice"], double.ids["channel"], "play", move="roll")
        await double.world.wait_until(lambda: fault.hits == 1, 5, "the hung callback")
        await asyncio.sleep(0.4)
        assert r.response is None
    assert double.violations == []


async def test_a_failed_reply_is_not_the_bots_lapse(double: DiscordDouble) -> None:
    async with double.running(TinyBot()):
        await double.wait_commands_synced()
        double.faults.add("/callback", 403, times=1)
        r = await double.slash(double.ids["alice"], double.ids["channel"], "play", move="roll")
        assert r.response is None
    assert double.violations == []


async def test_forged_interactions_bypass_the_clients_checks(double: DiscordDouble) -> None:
    async with double.running(TinyBot()):
        await double.wait_commands_synced()
        alice, channel = double.ids["alice"], double.ids["channel"]
        with pytest.raises(UsageError, match="not one of the choices"):
            await double.slash(alice, channel, "game new", game="monopoly")
        with pytest.raises(UsageError, match="2\\^53"):
            await double.slash(alice, channel, "game new", game="disneyland", rounds=2**60)
        forged = await double.forge(alice, channel, "game new", {"game": "monopoly"})
        assert forged.content == "lobby monopoly 10"
        lobby = forged.original
        assert lobby is not None
        with pytest.raises(UsageError, match="no component"):
            await double.click(double.ids["bob"], lobby, "join:99")
        joined = await double.forge_click(double.ids["bob"], lobby, "join:99")
        assert joined.content == "bob joined 99"
        assert all(b[0] != "join:99" for b in lobby.buttons()), "the message itself is unchanged"


async def test_pings_follow_allowed_mentions(double: DiscordDouble) -> None:
    alice, bob = double.ids["alice"], double.ids["bob"]
    text = f"<@{alice}> <@!{bob}> @everyone"
    async with double.running(TinyBot()) as bot:
        channel = bot.get_channel(double.ids["channel"])
        assert isinstance(channel, discord.TextChannel)
        await channel.send(text)
        await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        only_bob = discord.AllowedMentions(everyone=False, users=[discord.Object(bob)])
        await channel.send(text, allowed_mentions=only_bob)
    everything, nothing, one = double.messages(double.ids["channel"])
    assert everything.pinged == [alice, bob] and everything.pinged_everyone
    assert nothing.pinged == [] and not nothing.pinged_everyone
    assert one.pinged == [bob] and not one.pinged_everyone


async def test_display_names_and_private_places(double: DiscordDouble) -> None:
    """A display name differs from the username; a private channel and a private thread are
    hidden from non-members, in interaction permissions and in the thread-member route."""
    guild, alice, bob = double.ids["guild"], double.ids["alice"], double.ids["bob"]
    mallory = double.add_user("mallory", display_name="<@1> @everyone")
    secret = double.add_channel(guild, "staff", private_to=[alice])
    hidden = double.add_thread(double.ids["channel"], "whisper", private=True, members=[alice])
    async with double.running(TinyBot()) as bot:
        await double.wait_commands_synced()
        user = await bot.fetch_user(mallory)
        assert user.display_name == "<@1> @everyone" and user.name == "mallory"
        thread = bot.get_channel(hidden)
        assert isinstance(thread, discord.Thread)
        assert (await thread.fetch_member(alice)).id == alice
        with pytest.raises(discord.NotFound):
            await thread.fetch_member(bob)
        guild_ = bot.get_guild(guild)
        text = bot.get_channel(secret)
        assert guild_ is not None and isinstance(text, discord.TextChannel)
        assert not text.permissions_for(guild_.default_role).view_channel
    world = double.world
    assert world.permissions_in(world.users[alice], world.channels[secret]) & (1 << 10)
    assert not world.permissions_in(world.users[bob], world.channels[secret]) & (1 << 10)
    assert world.permissions_in(world.users[alice], world.channels[hidden]) & (1 << 10)
    assert not world.permissions_in(world.users[bob], world.channels[hidden]) & (1 << 10)
    assert double.violations == []
