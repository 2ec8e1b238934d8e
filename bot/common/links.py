"""Jump links to channels, threads and messages, built the way Discord's clients build them.

Plain strings, no discord import, so the game service can point players to where a game is
played. A link pings nobody and survives the mention-proofing of every private answer.
"""

from __future__ import annotations

BASE = "https://discord.com/channels"


def channel_url(guild_id: int | None, channel_id: int) -> str:
    """The link that opens a channel or thread."""
    return f"{BASE}/{guild_id or '@me'}/{channel_id}"


def message_url(guild_id: int | None, channel_id: int, message_id: int) -> str:
    """The link that scrolls a channel to one message."""
    return f"{channel_url(guild_id, channel_id)}/{message_id}"
