"""Discord API v10 JSON shapes for the double's records, as discord.py 2.7 parses them."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import orjson

from tests.bot.double.models import (
    ATTACHMENT_URL,
    DISCORD_EPOCH_MS,
    ChannelRecord,
    GuildRecord,
    InteractionResult,
    MessageRecord,
    UserRecord,
)

VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
ADMINISTRATOR = 1 << 3
ALL_PERMISSIONS = (1 << 51) - 1
EVERYONE_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | (1 << 6)  # add reactions
    | (1 << 18)  # use external emojis
    | (1 << 26)  # change nickname
    | (1 << 31)  # use application commands
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS
)
#: What the README's invite link grants the bot.
BOT_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS
)
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024


def encoded(payload: Any) -> bytes:
    """``payload`` as JSON: orjson's (the double's share of a move's CPU is the bench's
    too), or the standard library's for what orjson refuses (a hostile test's integer
    past 64 bits, which Discord's JSON carries as it is)."""
    try:
        return orjson.dumps(payload, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:
        return json.dumps(payload).encode()


def snowflake_time(snowflake: int) -> str:
    """ISO timestamp encoded in a snowflake, as Discord formats timestamps."""
    ms = (snowflake >> 22) + DISCORD_EPOCH_MS
    return datetime.fromtimestamp(ms / 1000, UTC).isoformat()


def now() -> str:
    """The current time in Discord's timestamp format."""
    return datetime.now(UTC).isoformat()


MANAGE_THREADS = 1 << 34


def effective_permissions(user: UserRecord) -> int:
    """Guild permissions: @everyone plus the user's role; administrators get everything."""
    value = EVERYONE_PERMISSIONS | user.permissions
    return ALL_PERMISSIONS if value & ADMINISTRATOR else value


def channel_permissions(
    user: UserRecord, channel: ChannelRecord, parent: ChannelRecord | None, role: int | None
) -> int:
    """Permissions in a channel (Discord's order: @everyone, role, then member overwrites;
    a thread uses its parent's; a private thread hides from non-members without Manage
    Threads)."""
    value = effective_permissions(user)
    if value == ALL_PERMISSIONS:
        return value
    source = parent if channel.is_thread and parent is not None else channel
    for kind, ids in ((0, {source.guild_id}), (0, {role}), (1, {user.id})):
        for overwrite in source.overwrites:
            if overwrite["type"] == kind and int(overwrite["id"]) in ids:
                value = (value & ~int(overwrite["deny"])) | int(overwrite["allow"])
    if channel.type == 12 and user.id not in channel.members and not value & MANAGE_THREADS:
        value &= ~VIEW_CHANNEL
    return value


def user_payload(user: UserRecord) -> dict[str, Any]:
    """A user object."""
    return {
        "id": str(user.id),
        "username": user.name,
        "global_name": user.display_name or user.name,
        "discriminator": "0",
        "avatar": None,
        "bot": user.bot,
        "system": False,
        "public_flags": 0,
        "flags": 0,
    }


def member_payload(
    user: UserRecord, role_ids: list[int], *, with_user: bool = True
) -> dict[str, Any]:
    """A guild member object (resolved members in interactions carry no `user`)."""
    payload: dict[str, Any] = {
        "roles": [str(r) for r in role_ids],
        "nick": None,
        "avatar": None,
        "banner": None,
        "joined_at": snowflake_time(user.id),
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "pending": False,
        "flags": 0,
        "communication_disabled_until": None,
    }
    if with_user:
        payload["user"] = user_payload(user)
    return payload


def role_payload(role_id: int, name: str, permissions: int, position: int) -> dict[str, Any]:
    """A role object; the @everyone role has the guild's id."""
    return {
        "id": str(role_id),
        "name": name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": position,
        "permissions": str(permissions),
        "managed": False,
        "mentionable": False,
        "flags": 0,
    }


def channel_payload(channel: ChannelRecord) -> dict[str, Any]:
    """A guild text channel or a public thread."""
    payload: dict[str, Any] = {
        "id": str(channel.id),
        "type": channel.type,
        "guild_id": str(channel.guild_id),
        "name": channel.name,
        "position": channel.position,
        "parent_id": None if channel.parent_id is None else str(channel.parent_id),
        "nsfw": False,
        "rate_limit_per_user": 0,
        "last_message_id": None,
        "flags": 0,
    }
    if channel.is_thread:
        payload.update(
            owner_id=str(channel.owner_id),
            message_count=0,
            member_count=1,
            total_message_sent=0,
            thread_metadata={
                "archived": channel.archived,
                "auto_archive_duration": 1440,
                "archive_timestamp": snowflake_time(channel.id),
                "locked": channel.locked,
                "create_timestamp": snowflake_time(channel.id),
            }
            | ({"invitable": False} if channel.type == 12 else {}),
        )
    else:
        payload.update(
            topic=None,
            permission_overwrites=[
                {**o, "id": str(o["id"]), "allow": str(o["allow"]), "deny": str(o["deny"])}
                for o in channel.overwrites
            ],
            default_auto_archive_duration=1440,
        )
    return payload


def guild_payload(guild: GuildRecord) -> dict[str, Any]:
    """The guild fields shared by GUILD_CREATE and GET /guilds/{id} (no members/channels)."""
    return {
        "id": str(guild.id),
        "name": guild.name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "owner_id": str(guild.owner_id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "emojis": [],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "safety_alerts_channel_id": None,
        "vanity_url_code": None,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": guild.locale,
        "nsfw_level": 0,
        "premium_progress_bar_enabled": False,
    }


def attachment_payload(
    attachment_id: int, channel_id: int, filename: str, data: bytes, base_url: str
) -> dict[str, Any]:
    """An attachment whose url the double itself serves, so Attachment.read() works."""
    url = f"{base_url}/attachments/{channel_id}/{attachment_id}/{filename}"
    return {
        "id": str(attachment_id),
        "filename": filename,
        "size": len(data),
        "url": url,
        "proxy_url": url,
        "content_type": "image/png" if filename.lower().endswith(".png") else None,
    }


def with_attached_images(
    embed: dict[str, Any], attachments: list[dict[str, Any]]
) -> dict[str, Any]:
    """An embed as Discord returns it: an image or thumbnail named ``attachment://file``
    points at that attachment's url (and stays as sent when the message has no such file)."""
    shown = dict(embed)
    for key in ("image", "thumbnail"):
        url = (embed.get(key) or {}).get("url") or ""
        if url.startswith(ATTACHMENT_URL):
            found = [a for a in attachments if a["filename"] == url.removeprefix(ATTACHMENT_URL)]
            if found:
                shown[key] = {**embed[key], "url": found[0]["url"], "proxy_url": found[0]["url"]}
    return shown


def with_attached_media(component: Any, attachments: list[dict[str, Any]]) -> Any:
    """A layout as Discord returns it: each unfurled media item (a gallery item's, a
    thumbnail's, a file's) that names ``attachment://file`` carries that attachment's url
    and id (and stays as sent when the message has no such file)."""
    if isinstance(component, list):
        return [with_attached_media(c, attachments) for c in component]
    if not isinstance(component, dict):
        return component
    shown = {key: with_attached_media(value, attachments) for key, value in component.items()}
    url = component.get("url")
    if set(component) <= {"url", "proxy_url"} and isinstance(url, str):
        name = url.removeprefix(ATTACHMENT_URL)
        found = [a for a in attachments if url.startswith(ATTACHMENT_URL) and a["filename"] == name]
        if found:
            shown.update(
                url=found[0]["url"], proxy_url=found[0]["url"], attachment_id=found[0]["id"]
            )
    return shown


def message_payload(
    message: MessageRecord,
    *,
    author: UserRecord,
    guild_id: int | None,
    base_url: str,
    application_id: int,
    interaction: tuple[InteractionResult, UserRecord] | None = None,
    thread: ChannelRecord | None = None,
) -> dict[str, Any]:
    """A message object as the REST API returns it and gateway events carry it.

    `interaction` (the interaction and its user) marks messages sent as interaction answers;
    `thread` is the thread started from this message.
    """
    attachments = [
        attachment_payload(aid, message.channel_id, name, data, base_url)
        for aid, (name, data) in zip(message.attachment_ids, message.attachments, strict=True)
    ]
    payload: dict[str, Any] = {
        "id": str(message.id),
        "channel_id": str(message.channel_id),
        "author": user_payload(author),
        "content": message.content,
        "timestamp": snowflake_time(message.id),
        "edited_timestamp": now() if message.edited else None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": [with_attached_images(e, attachments) for e in message.embeds],
        "components": (
            with_attached_media(message.components, attachments)
            if message.components_v2
            else message.components
        ),
        "pinned": False,
        "type": message.type,
        "flags": message.flags,
    }
    if guild_id is not None:
        payload["guild_id"] = str(guild_id)
    if thread is not None:
        payload["thread"] = channel_payload(thread)
    if message.reference is not None:
        channel_id, message_id = message.reference
        payload["message_reference"] = {
            "type": 0,
            "message_id": str(message_id),
            "channel_id": str(channel_id),
            "guild_id": str(guild_id),
        }
    if interaction is not None:
        result, invoker = interaction
        payload["webhook_id"] = str(application_id)
        payload["application_id"] = str(application_id)
        payload["interaction_metadata"] = {
            "id": str(result.id),
            "type": result.type,
            "user": user_payload(invoker),
            "authorizing_integration_owners": {"0": str(result.guild_id)},
        }
    return payload
