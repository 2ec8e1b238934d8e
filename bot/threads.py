"""A thread per game: at start, the lobby message grows a public thread and the game is
played there, so a channel can host many tables without drowning in boards.

Where that cannot or should not happen the game is played in place: the server turned
threads off (``/game settings threads:off``), the lobby already is in a thread (or in a
channel that has no message threads), the bot lacks Create Public Threads or Send Messages
in Threads there, or Discord refuses anyway (a 403 after a permission changed).
"""

from __future__ import annotations

import logging
from typing import Any, Final, Literal

import discord

from bot.cards import thread_name
from bot.delivery import DELIVERY_ERRORS
from bot.store import GameRow
from bot.store_api import GameStore

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]

#: Minutes of quiet before Discord hides a thread from the channel list (its maximum):
#: a slow table's thread stays in view; any post brings an archived one back.
AUTO_ARCHIVE: Final[Literal[10080]] = 10080
#: Channels whose messages can grow threads (text and announcement channels).
THREADABLE = (discord.ChannelType.text, discord.ChannelType.news)


def in_place_reason(
    *, enabled: bool, channel_type: discord.ChannelType | None, permissions: discord.Permissions
) -> str | None:
    """Why a game must be played where its lobby is, or None when it gets a thread."""
    if not enabled:
        return "threads are turned off on this server"
    if channel_type not in THREADABLE:
        return "the lobby is in a thread or a channel without threads"
    if not (permissions.create_public_threads and permissions.send_messages_in_threads):
        return "the bot may not create threads or post in them here"
    return None


async def open_thread(
    store: GameStore, interaction: Interaction, row: GameRow
) -> discord.Thread | None:
    """The started game's thread, made from its lobby message; None to play in place."""
    channel = interaction.channel
    if row.guild_id is None or row.lobby_message_id is None or channel is None:
        return None
    if channel.id != row.channel_id:  # never happens: a lobby is started from its channel
        return None
    reason = in_place_reason(
        enabled=await store.threads_enabled(row.guild_id),
        channel_type=getattr(channel, "type", None),
        permissions=interaction.app_permissions,
    )
    if reason is not None or not isinstance(channel, discord.TextChannel):
        log.info("game %s is played in place: %s", row.id, reason or "not a text channel")
        return None
    try:
        return await channel.get_partial_message(row.lobby_message_id).create_thread(
            name=thread_name(row), auto_archive_duration=AUTO_ARCHIVE
        )
    except DELIVERY_ERRORS as exc:
        log.warning("game %s is played in place: its thread was refused (%s)", row.id, exc)
        return None
