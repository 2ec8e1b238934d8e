"""The double's threads, permissions and jump links behave as Discord's (what a
thread per game relies on), checked against the real discord.py client."""

from __future__ import annotations

import asyncio

import discord
import pytest

from tests.bot.double import DiscordDouble, MessageRecord, UsageError
from tests.bot.double.models import HAS_THREAD
from tests.bot.double.payloads import (
    CREATE_PUBLIC_THREADS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
)
from tests.bot.double.world import THREAD_STARTER_MESSAGE
from tests.bot.test_double import TinyBot


async def text_channel(bot: discord.Client, double: DiscordDouble) -> discord.TextChannel:
    channel = bot.get_channel(double.ids["channel"])
    assert isinstance(channel, discord.TextChannel)
    return channel


async def test_a_thread_grown_from_a_message_takes_its_id_once(double: DiscordDouble) -> None:
    """POST /channels/{id}/messages/{id}/threads: the thread has the message's id, the
    message carries it, the thread opens with a system message pointing back, and a second
    thread from the same message is refused (160004)."""
    async with double.running(TinyBot()) as bot:
        channel = await text_channel(bot, double)
        lobby = await channel.send("lobby")
        thread = await lobby.create_thread(name="Disneyland #1 · alice, bob")
        assert thread.id == lobby.id and thread.parent_id == channel.id
        assert thread.name == "Disneyland #1 · alice, bob"
        inside = await thread.send("first board")
        fetched = await channel.fetch_message(lobby.id)
        assert fetched.thread is not None and fetched.thread.id == thread.id
        assert fetched.flags.has_thread
        with pytest.raises(discord.HTTPException) as again:
            await lobby.create_thread(name="twice")
        assert again.value.code == 160004
        with pytest.raises(discord.HTTPException) as nested:
            await inside.create_thread(name="nested")
        assert nested.value.code == 50024
    assert len(double.violations) == 2, "both misuses are the bot's to answer for"
    double.violations.clear()
    record = double.messages(double.ids["channel"])[0]
    assert double.thread_of(record) == thread.id and record.flags & HAS_THREAD
    opener, board = double.messages(thread.id)
    assert opener.type == THREAD_STARTER_MESSAGE and opener.reference == (channel.id, lobby.id)
    assert board.content == "first board"


async def test_thread_requests_are_checked_like_discord(double: DiscordDouble) -> None:
    """Name 1-100 characters, an archive duration Discord offers, a text channel."""
    async with double.running(TinyBot()) as bot:
        channel = await text_channel(bot, double)
        lobby = await channel.send("lobby")
        with pytest.raises(discord.HTTPException) as long_name:
            await lobby.create_thread(name="x" * 101)
        assert long_name.value.code == 50035
        route = discord.http.Route(
            "POST",
            "/channels/{channel_id}/messages/{message_id}/threads",
            channel_id=channel.id,
            message_id=lobby.id,
        )
        with pytest.raises(discord.HTTPException) as duration:
            await bot.http.request(route, json={"name": "ok", "auto_archive_duration": 99})
        assert duration.value.code == 50035
    assert double.thread_of(double.messages(double.ids["channel"])[0]) is None
    assert len(double.violations) == 2
    double.violations.clear()


@pytest.mark.parametrize(
    ("denied", "refused"),
    [(CREATE_PUBLIC_THREADS, "thread"), (SEND_MESSAGES_IN_THREADS, "post"), (SEND_MESSAGES, "")],
)
async def test_thread_permissions_are_enforced_with_403s(
    double: DiscordDouble, denied: int, refused: str
) -> None:
    """Create Public Threads to grow a thread, Send Messages in Threads to post in one
    (Send Messages is for the channel itself): a 403 Missing Permissions (50013) otherwise,
    and the bot sees the changed overwrite in its cache (CHANNEL_UPDATE)."""
    async with double.running(TinyBot()) as bot:
        channel = await text_channel(bot, double)
        lobby = await channel.send("lobby")
        double.set_permissions(channel.id, double.bot_id, deny=denied)

        for _ in range(500):  # until the bot's cache has heard CHANNEL_UPDATE
            if channel.permissions_for(channel.guild.me).value & denied == 0:
                break
            await asyncio.sleep(0.01)
        assert channel.permissions_for(channel.guild.me).value & denied == 0
        if refused == "thread":
            with pytest.raises(discord.Forbidden) as forbidden:
                await lobby.create_thread(name="game")
            assert forbidden.value.code == 50013
            return
        thread = await lobby.create_thread(name="game")
        if refused == "post":
            with pytest.raises(discord.Forbidden) as forbidden:
                await thread.send("board")
            assert forbidden.value.code == 50013
            await channel.send("the channel itself is fine")
        else:
            await thread.send("board")
            with pytest.raises(discord.Forbidden):
                await channel.send("not in the channel")


async def test_jump_links_resolve_to_what_a_client_opens(double: DiscordDouble) -> None:
    async with double.running(TinyBot()) as bot:
        channel = await text_channel(bot, double)
        lobby = await channel.send("lobby")
        thread = await lobby.create_thread(name="game")
        board = await thread.send("board")
    found = double.resolve(board.jump_url)
    assert isinstance(found, MessageRecord) and found.content == "board"
    assert double.resolve(thread.jump_url) is double.world.channels[thread.id]
    assert double.links(f"see {thread.jump_url} and {board.jump_url}.") == [
        thread.jump_url,
        board.jump_url,
    ]
    for bad in (
        "https://example.com/channels/1/2",
        f"https://discord.com/channels/1/{thread.id}",
        f"https://discord.com/channels/{double.ids['guild']}/{thread.id}/1",
    ):
        with pytest.raises(UsageError):
            double.resolve(bad)


async def test_a_deleted_thread_is_announced_and_answers_404(double: DiscordDouble) -> None:
    """Deleting a thread sends THREAD_DELETE (id, guild, parent, type),
    and from then on Discord answers 404 Unknown Channel (10003) to a post or a fetch;
    the message it grew from stays in the channel, without its thread."""
    async with double.running(TinyBot()) as bot:
        channel = await text_channel(bot, double)
        lobby = await channel.send("lobby")
        thread = await lobby.create_thread(name="game")
        await thread.send("board")
        heard = asyncio.ensure_future(bot.wait_for("raw_thread_delete", timeout=10))
        await asyncio.sleep(0)
        double.delete_channel(thread.id)
        event: discord.RawThreadDeleteEvent = await heard
        assert (event.thread_id, event.parent_id, event.guild_id) == (
            thread.id,
            channel.id,
            channel.guild.id,
        )
        assert channel.guild.get_thread(thread.id) is None, "the cache forgot it"
        for attempt in (thread.send("late board"), bot.fetch_channel(thread.id)):
            with pytest.raises(discord.NotFound) as gone:
                await attempt
            assert gone.value.code == 10003
        kept = await channel.fetch_message(lobby.id)
        assert kept.thread is None and kept.content == "lobby"
    assert all(m.deleted for m in double.messages(thread.id))


async def test_a_deleted_channel_takes_its_threads_with_it(double: DiscordDouble) -> None:
    """CHANNEL_DELETE for the channel; its threads answer 404 too."""
    async with double.running(TinyBot()) as bot:
        guild = bot.get_guild(double.ids["guild"])
        assert guild is not None
        doomed = double.add_channel(double.ids["guild"], "doomed")
        for _ in range(500):  # until the bot heard CHANNEL_CREATE
            if guild.get_channel(doomed) is not None:
                break
            await asyncio.sleep(0.01)
        channel = guild.get_channel(doomed)
        assert isinstance(channel, discord.TextChannel)
        thread = await (await channel.send("lobby")).create_thread(name="game")
        heard = asyncio.ensure_future(bot.wait_for("guild_channel_delete", timeout=10))
        await asyncio.sleep(0)
        double.delete_channel(doomed)
        assert (await heard).id == doomed
        for place in (channel, thread):
            with pytest.raises(discord.NotFound) as gone:
                await place.send("into the void")
            assert gone.value.code == 10003


async def test_a_locked_archived_thread_refuses_posts_until_opened(double: DiscordDouble) -> None:
    """A moderator archives and locks a thread (THREAD_UPDATE): a post by the bot, which
    lacks Manage Threads, is refused with 400 "Thread is archived" (50083). Archived but
    not locked, a post brings it back (THREAD_UPDATE, archived false)."""
    async with double.running(TinyBot()) as bot:
        channel = await text_channel(bot, double)
        thread = await (await channel.send("lobby")).create_thread(name="game")
        heard = asyncio.ensure_future(bot.wait_for("raw_thread_update", timeout=10))
        await asyncio.sleep(0)
        double.set_thread_state(thread.id, archived=True, locked=True)
        update: discord.RawThreadUpdateEvent = await heard
        assert update.data["thread_metadata"]["locked"] is True
        with pytest.raises(discord.HTTPException) as refused:
            await thread.send("board")
        assert refused.value.status == 400 and refused.value.code == 50083
        double.set_thread_state(thread.id, archived=True, locked=False)
        reopened = asyncio.ensure_future(
            bot.wait_for(
                "raw_thread_update",
                check=lambda e: e.data["thread_metadata"]["archived"] is False,
                timeout=10,
            )
        )
        await asyncio.sleep(0)
        await thread.send("board")
        await reopened
    assert [m.content for m in double.messages(thread.id)][-1] == "board"
