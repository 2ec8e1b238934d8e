"""What the double remembers of messages and gives back, as Discord does: a nonce only for
a few minutes (and no message for the nonce of one deleted since), a channel's history
only with View Channel (403) and Read Message History (else an empty list, no error),
without nonces, and other people's words left out (the bot has no Message Content
intent)."""

from __future__ import annotations

import discord
import pytest
from discord.http import Route

from tests.bot.double import DiscordDouble
from tests.bot.double.payloads import READ_MESSAGE_HISTORY, VIEW_CHANNEL
from tests.bot.double.rest_channels import NONCE_MEMORY
from tests.bot.test_double import TinyBot


async def text_channel(bot: discord.Client, channel: int) -> discord.TextChannel:
    found = bot.get_channel(channel)
    assert isinstance(found, discord.TextChannel)
    return found


async def test_a_nonce_is_remembered_a_few_minutes_only(double: DiscordDouble) -> None:
    channel = double.ids["channel"]
    async with double.running(TinyBot()) as bot:
        place = await text_channel(bot, channel)
        first = await place.send("once", nonce="n1")
        again = await place.send("once", nonce="n1")
        assert again.id == first.id, "within the window: the message posted then"
        double.advance(NONCE_MEMORY + 1)
        later = await place.send("once", nonce="n1")
        assert later.id != first.id, "past it, Discord no longer knows the nonce"
    assert [m.content for m in double.messages(channel)] == ["once", "once"]


async def test_the_nonce_of_a_deleted_message_finds_no_message(double: DiscordDouble) -> None:
    channel = double.ids["channel"]
    async with double.running(TinyBot()) as bot:
        place = await text_channel(bot, channel)
        first = await place.send("gone soon", nonce="n2")
        await first.delete()
        with pytest.raises(discord.NotFound) as refused:
            await place.send("gone soon", nonce="n2")
        assert refused.value.code == 10008
        double.advance(NONCE_MEMORY + 1)
        await place.send("gone soon", nonce="n2")
    assert [m.deleted for m in double.messages(channel)] == [True, False]


async def test_history_is_what_discord_gives(double: DiscordDouble) -> None:
    """Newest first, from an anchor, without nonces; other people's words are empty
    unless they mention the bot."""
    channel, alice = double.ids["channel"], double.ids["alice"]
    async with double.running(TinyBot()) as bot:
        place = await text_channel(bot, channel)
        first = await place.send("mine", nonce="n3")
        double.say(alice, channel, "a secret plan")
        double.say(alice, channel, f"<@{double.bot_id}> hello")
        newest = [m async for m in place.history(limit=2)]
        assert [m.content for m in newest] == [f"<@{double.bot_id}> hello", ""]
        after = [m async for m in place.history(limit=50, after=first)]
        assert [m.content for m in after] == ["", f"<@{double.bot_id}> hello"]
        every = [m async for m in place.history(limit=50)]
        assert [m.nonce for m in every] == [None, None, None], "history carries no nonce"
        assert every[-1].content == "mine"


async def test_history_needs_view_channel_and_read_message_history(
    double: DiscordDouble,
) -> None:
    channel = double.ids["channel"]
    async with double.running(TinyBot()) as bot:
        place = await text_channel(bot, channel)
        await place.send("something")
        double.set_permissions(channel, double.bot_id, deny=READ_MESSAGE_HISTORY)
        assert [m async for m in place.history(limit=10)] == [], "no error, no messages"
        double.set_permissions(channel, double.bot_id, deny=VIEW_CHANNEL)
        with pytest.raises(discord.Forbidden) as refused:
            [m async for m in place.history(limit=10)]
        assert refused.value.code == 50001
    assert double.violations == []


async def test_history_takes_one_anchor(double: DiscordDouble) -> None:
    channel = double.ids["channel"]
    async with double.running(TinyBot()) as bot:
        route = Route("GET", "/channels/{channel_id}/messages", channel_id=channel)
        with pytest.raises(discord.HTTPException) as refused:
            await bot.http.request(route, params={"before": 1 << 62, "after": 1})
        assert refused.value.status == 400
    assert ["cannot be used together" in v for v in double.violations] == [True]
    double.violations.clear()
