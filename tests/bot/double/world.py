"""Everything the double knows: guilds, users, messages, interactions, commands, and logs.

REST handlers, the gateway and the DiscordDouble facade share one World; every mutation
calls `notify()` so that waiters (wait_for_message, wait_ready...) re-check their condition.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from typing import Any

from tests.bot.double import payloads
from tests.bot.double.models import (
    COMPONENTS_V2,
    HAS_THREAD,
    LOADING,
    ApiError,
    ChannelRecord,
    GuildRecord,
    InteractionResult,
    MessageRecord,
    UserRecord,
    numbered,
    snowflakes,
)

Files = dict[int, tuple[str, bytes]]
"""Uploaded files by their multipart index (files[n])."""
#: The system message a thread made from a message opens with.
THREAD_STARTER_MESSAGE = 21
USER_MENTION = re.compile(r"<@!?(\d+)>")
EVERYONE = re.compile(r"@(everyone|here)")


def pings(content: str, allowed: Any, known: set[int]) -> tuple[list[int], bool]:
    """Who a new message notifies (Discord's rules): mentions in the content, filtered by
    allowed_mentions (absent: everything is parsed)."""
    parse = ["users", "roles", "everyone"] if allowed is None else allowed.get("parse") or []
    listed = set() if allowed is None else {int(u) for u in allowed.get("users") or []}
    users: list[int] = []
    for match in USER_MENTION.finditer(content):
        user = int(match.group(1))
        if user in known and ("users" in parse or user in listed) and user not in users:
            users.append(user)
    return users, "everyone" in parse and EVERYONE.search(content) is not None


class World:
    """The double's state and the message operations REST routes share."""

    def __init__(self, token: str, deadline: float) -> None:
        self.token = token
        self.deadline = deadline
        self._ids = snowflakes()
        self.bot = UserRecord(self.next_id(), "Turnstile", payloads.BOT_PERMISSIONS, bot=True)
        self.application_id = self.bot.id
        self.users: dict[int, UserRecord] = {self.bot.id: self.bot}
        self.guilds: dict[int, GuildRecord] = {}
        self.channels: dict[int, ChannelRecord] = {}
        self.deleted_channels: dict[int, ChannelRecord] = {}
        """Channels and threads deleted (every request about them answers 404)."""
        self.roles: dict[tuple[int, int], int] = {}
        self.messages: dict[int, MessageRecord] = {}
        self.channel_messages: dict[int, list[MessageRecord]] = {}
        self.interactions: dict[int, InteractionResult] = {}
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.syncs = 0
        self.shard_count = 1
        """What GET /gateway/bot recommends (sessions may IDENTIFY with any count)."""
        self.violations: list[str] = []
        #: Whether each request is checked against Discord's published schema (always in
        #: tests; a benchmark of the bot may leave out this cost of the double's own).
        self.checks_schema = True
        self.requests: list[tuple[str, str, Any]] = []
        self.latencies: list[float] = []
        self.faulted: list[str] = []
        """Paths of the requests an injected fault failed."""
        self.unheard: list[str] = []
        """Paths of requests carried out whose answer a fault failed (``after``): the bot
        cannot know that they went through, so trying again is no misuse."""
        self.nonces: dict[tuple[int, str], tuple[float, MessageRecord]] = {}
        """(channel, nonce) of messages created with one: when (``now()``), and the message."""
        self.skew = 0.0
        """Seconds Discord's clock is ahead of this machine's (``DiscordDouble.advance``)."""
        self.base_url = ""
        self.emit: Callable[[str, dict[str, Any]], None] = lambda event, data: None
        """Sends a gateway event to the connected bot; the gateway installs it."""
        self._changed = asyncio.Event()

    # -- bookkeeping -----------------------------------------------------------------------

    def next_id(self) -> int:
        """A fresh snowflake."""
        return next(self._ids)

    def now(self) -> float:
        """Discord's clock for what it remembers a while (a nonce): this machine's
        monotonic clock, moved on by ``skew``."""
        return time.monotonic() + self.skew

    def violate(self, problem: str) -> None:
        """Record an API misuse or a broken Discord limit."""
        self.violations.append(problem)
        self.notify()

    def notify(self) -> None:
        """Wake every waiter so it re-checks its condition."""
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_until(self, condition: Callable[[], Any], timeout: float, what: str) -> Any:
        """Wait until `condition()` is truthy and return its value; TimeoutError names `what`
        and the violations so far (often why the bot never got there)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while not (value := condition()):
            changed = self._changed
            remaining = end - loop.time()
            if remaining <= 0:
                seen = "".join(f"\n  violation: {v}" for v in self.violations)
                raise TimeoutError(f"timed out after {timeout} s waiting for {what}{seen}")
            try:
                await asyncio.wait_for(changed.wait(), remaining)
            except TimeoutError:
                continue
        return value

    # -- lookups ---------------------------------------------------------------------------

    def user(self, user_id: int) -> UserRecord:
        """A known user, or Discord's 'Unknown User'."""
        if user_id not in self.users:
            raise ApiError(404, 10013, "Unknown User", violation=False)
        return self.users[user_id]

    def channel(self, channel_id: int) -> ChannelRecord:
        """A known channel or thread, or Discord's 'Unknown Channel'."""
        if channel_id not in self.channels:
            raise ApiError(404, 10003, "Unknown Channel", violation=False)
        return self.channels[channel_id]

    def guild(self, guild_id: int) -> GuildRecord:
        """A known guild, or Discord's 'Unknown Guild'."""
        if guild_id not in self.guilds:
            raise ApiError(404, 10004, "Unknown Guild", violation=False)
        return self.guilds[guild_id]

    def place_of(self, message: MessageRecord) -> ChannelRecord:
        """The channel or thread a message is (or was, before it was deleted) in."""
        channel = self.channels.get(message.channel_id)
        return channel or self.deleted_channels[message.channel_id]

    def channel_message(self, channel_id: int, message_id: int) -> MessageRecord:
        """A visible message of a channel (ephemeral ones are not reachable this way)."""
        message = self.messages.get(message_id)
        if message is None or message.channel_id != channel_id or message.deleted:
            raise ApiError(404, 10008, "Unknown Message", violation=False)
        if message.ephemeral:
            raise ApiError(404, 10008, "Unknown Message")
        return message

    def by_token(self, application_id: int, token: str) -> InteractionResult:
        """The interaction behind an interaction webhook (application id + token)."""
        if application_id == self.application_id:
            for result in self.interactions.values():
                if result.token == token:
                    return result
        raise ApiError(404, 10015, "Unknown Webhook")

    # -- guild structure -------------------------------------------------------------------

    def add_guild(self, name: str, owner_id: int, shard: int | None = None) -> GuildRecord:
        """A new guild (on ``shard`` of ``shard_count`` when given); the bot learns about
        it on its next IDENTIFY."""
        guild_id = self.next_id()
        while shard is not None and (guild_id >> 22) % self.shard_count != shard:
            guild_id = self.next_id()
        guild = GuildRecord(guild_id, name, owner_id)
        self.guilds[guild.id] = guild
        return guild

    def add_channel(
        self,
        guild_id: int,
        name: str,
        *,
        kind: int = 0,
        parent: int | None = None,
        overwrites: list[dict[str, Any]] | None = None,
        members: set[int] | None = None,
        channel_id: int | None = None,
    ) -> ChannelRecord:
        """A new text channel (kind 0) or thread (kind 11 public, 12 private, with a parent),
        announced to the bot. `channel_id`: a thread started from a message takes its id."""
        position = sum(1 for c in self.channels.values() if c.guild_id == guild_id)
        channel = ChannelRecord(
            channel_id or self.next_id(),
            guild_id,
            name,
            kind,
            position,
            parent_id=parent,
            owner_id=None if parent is None else self.bot.id,
            overwrites=list(overwrites or []),
            members={self.bot.id, *(members or set())},
        )
        self.channels[channel.id] = channel
        event = "CHANNEL_CREATE" if parent is None else "THREAD_CREATE"
        self.emit(
            event, payloads.channel_payload(channel) | ({"newly_created": True} if parent else {})
        )
        self.notify()
        return channel

    def add_user(self, name: str, permissions: int, display_name: str | None = None) -> UserRecord:
        """A new user, member of every guild (announced as GUILD_MEMBER_ADD)."""
        user = UserRecord(self.next_id(), name, permissions, display_name=display_name)
        self.users[user.id] = user
        for guild_id in self.guilds:
            self.emit("GUILD_MEMBER_ADD", self.member(guild_id, user) | {"guild_id": str(guild_id)})
        return user

    def set_overwrite(
        self, channel: ChannelRecord, target: int, kind: int, allow: int, deny: int
    ) -> None:
        """Replace a channel's permission overwrite for a role (kind 0) or member (1), as a
        server admin would; the bot hears CHANNEL_UPDATE (THREAD_UPDATE for a thread)."""
        kept = [o for o in channel.overwrites if int(o["id"]) != target]
        channel.overwrites = [*kept, {"id": target, "type": kind, "allow": allow, "deny": deny}]
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        self.emit(event, payloads.channel_payload(channel))
        self.notify()

    def delete_channel(self, channel: ChannelRecord) -> None:
        """Delete a channel or thread as a server admin would: its messages go, and every
        request about it answers 404 Unknown Channel from now on. The bot hears
        THREAD_DELETE (id, guild, parent and type only) for a thread, CHANNEL_DELETE for a
        channel, whose threads go with it without an event of their own (as on Discord).
        The message a thread was started from stays, without its thread."""
        gone = [channel, *(c for c in self.channels.values() if c.parent_id == channel.id)]
        for record in gone:
            del self.channels[record.id]
            self.deleted_channels[record.id] = record
            for message in self.channel_messages.get(record.id, []):
                message.deleted = True
        ids = {record.id for record in gone}
        for message in self.messages.values():
            if message.thread_id in ids:
                message.thread_id = None
        if channel.is_thread:
            self.emit(
                "THREAD_DELETE",
                {
                    "id": str(channel.id),
                    "guild_id": str(channel.guild_id),
                    "parent_id": str(channel.parent_id),
                    "type": channel.type,
                },
            )
        else:
            self.emit("CHANNEL_DELETE", payloads.channel_payload(channel))
        self.notify()

    def set_thread_state(self, thread: ChannelRecord, *, archived: bool, locked: bool) -> None:
        """Archive, lock, or open a thread again, as a moderator would; the bot hears
        THREAD_UPDATE."""
        thread.archived, thread.locked = archived, locked
        self.emit("THREAD_UPDATE", payloads.channel_payload(thread))
        self.notify()

    def require_open(self, user: UserRecord, thread: ChannelRecord) -> None:
        """Posting in an archived thread brings it back (THREAD_UPDATE); a locked one only
        for Manage Threads, else Discord answers 400 "Thread is archived" (50083). Not the
        bot's violation: a moderator may lock a thread under a running bot."""
        if not thread.archived:
            return
        if thread.locked and not self.permissions_in(user, thread) & payloads.MANAGE_THREADS:
            raise ApiError(400, 50083, "Thread is archived", violation=False)
        self.set_thread_state(thread, archived=False, locked=thread.locked)

    def require(self, user: UserRecord, channel: ChannelRecord, permission: int) -> None:
        """Discord's answer when `user` lacks `permission` in `channel`: 50001 Missing Access
        without View Channel, else 50013 Missing Permissions. Not counted as the bot's
        violation: permissions change under a running bot, which must cope with the 403."""
        have = self.permissions_in(user, channel)
        if not have & payloads.VIEW_CHANNEL:
            raise ApiError(403, 50001, "Missing Access", violation=False)
        if have & permission != permission:
            raise ApiError(403, 50013, "Missing Permissions", violation=False)

    def start_thread(self, starter: MessageRecord, name: str, kind: int = 11) -> ChannelRecord:
        """A thread grown from a message, as Discord makes one: it takes the message's id,
        the message carries it (and the Has Thread flag), and the thread opens with a
        system message pointing back at it."""
        parent = self.channel(starter.channel_id)
        thread = self.add_channel(
            parent.guild_id, name, kind=kind, parent=parent.id, channel_id=starter.id
        )
        starter.thread_id = thread.id
        starter.flags |= HAS_THREAD
        opener = MessageRecord(
            id=self.next_id(),
            channel_id=thread.id,
            author_id=starter.author_id,
            type=THREAD_STARTER_MESSAGE,
            reference=(parent.id, starter.id),
        )
        self.messages[opener.id] = opener
        self.channel_messages.setdefault(thread.id, []).append(opener)
        self.emit("MESSAGE_UPDATE", self.message_json(starter))
        self.notify()
        return thread

    def role_of(self, guild_id: int, user: UserRecord) -> int | None:
        """The personal role carrying a user's extra permissions in a guild, if any."""
        if not user.permissions:
            return None
        key = (guild_id, user.id)
        if key not in self.roles:
            self.roles[key] = self.next_id()
        return self.roles[key]

    def permissions_in(self, user: UserRecord, channel: ChannelRecord) -> int:
        """A user's permissions in a channel or thread, overwrites applied."""
        parent = self.channels.get(channel.parent_id or 0)
        role = self.role_of(channel.guild_id, user)
        return payloads.channel_permissions(user, channel, parent, role)

    def role_payloads(self, guild_id: int) -> list[dict[str, Any]]:
        """@everyone plus one role per user with extra permissions."""
        roles = [payloads.role_payload(guild_id, "@everyone", payloads.EVERYONE_PERMISSIONS, 0)]
        for position, user in enumerate(self.users.values(), start=1):
            role_id = self.role_of(guild_id, user)
            if role_id is not None:
                roles.append(payloads.role_payload(role_id, user.name, user.permissions, position))
        return roles

    def member(self, guild_id: int, user: UserRecord, *, with_user: bool = True) -> dict[str, Any]:
        """A member payload with the user's roles."""
        role_id = self.role_of(guild_id, user)
        return payloads.member_payload(
            user, [] if role_id is None else [role_id], with_user=with_user
        )

    def guild_create(self, guild_id: int, *, all_members: bool) -> dict[str, Any]:
        """A full GUILD_CREATE payload; without the members intent only the bot is listed."""
        guild = self.guilds[guild_id]
        channels = [c for c in self.channels.values() if c.guild_id == guild_id]
        members = [u for u in self.users.values() if all_members or u is self.bot]
        payload = payloads.guild_payload(guild)
        payload.update(
            roles=self.role_payloads(guild_id),
            channels=[payloads.channel_payload(c) for c in channels if not c.is_thread],
            # Active threads only: an archived one is fetched when needed, as on Discord.
            threads=[
                payloads.channel_payload(c) for c in channels if c.is_thread and not c.archived
            ],
            members=[self.member(guild_id, u) for u in members],
            member_count=len(self.users),
            large=False,
            unavailable=False,
            joined_at=payloads.snowflake_time(guild.id),
            voice_states=[],
            presences=[],
            stage_instances=[],
            guild_scheduled_events=[],
            soundboard_sounds=[],
        )
        return payload

    # -- messages --------------------------------------------------------------------------

    def message_json(self, message: MessageRecord) -> dict[str, Any]:
        """The API payload of a stored message."""
        interaction = None
        result = self.interactions.get(message.interaction_id or 0)
        if result is not None:
            interaction = (result, self.users[result.user_id])
        return payloads.message_payload(
            message,
            author=self.users[message.author_id],
            guild_id=self.place_of(message).guild_id,
            base_url=self.base_url,
            application_id=self.application_id,
            interaction=interaction,
            thread=self.channels.get(message.thread_id or 0),
        )

    def seen_by_bot(self, message: MessageRecord) -> dict[str, Any]:
        """A message as the bot reads it from the API. It has no Message Content intent
        (no privileged intent): in a message that is not its own and does not mention it,
        Discord sends the content, embeds, attachments and components empty."""
        payload = self.message_json(message)
        mentioned = any(int(m) == self.bot.id for m in USER_MENTION.findall(message.content))
        if message.author_id != self.bot.id and not mentioned:
            payload.update(content="", embeds=[], attachments=[], components=[])
        return payload

    def say(self, user: UserRecord, channel_id: int, content: str) -> MessageRecord:
        """A member's message in a channel (no gateway event: the bot listens to none)."""
        message = MessageRecord(
            id=self.next_id(), channel_id=channel_id, author_id=user.id, content=content
        )
        message.revisions.append(message.text)
        self.messages[message.id] = message
        self.channel_messages.setdefault(channel_id, []).append(message)
        self.notify()
        return message

    def create_message(
        self,
        channel_id: int,
        payload: dict[str, Any],
        files: Files,
        *,
        flags: int = 0,
        interaction: InteractionResult | None = None,
        kind: int = 0,
    ) -> MessageRecord:
        """Store a new bot message; only non-ephemeral ones become visible in the channel."""
        message = MessageRecord(
            id=self.next_id(),
            channel_id=channel_id,
            author_id=self.bot.id,
            flags=flags,
            type=kind,
            interaction_id=None if interaction is None else interaction.id,
        )
        self._apply(message, payload, files, replacing=True)
        message.pinged, message.pinged_everyone = pings(
            message.content, payload.get("allowed_mentions"), set(self.users)
        )
        message.revisions.append(message.text)
        self.messages[message.id] = message
        if not message.ephemeral:
            self.channel_messages.setdefault(channel_id, []).append(message)
        self.notify()
        return message

    def edit_message(self, message: MessageRecord, payload: dict[str, Any], files: Files) -> None:
        """Apply an edit; the first edit of a 'thinking' placeholder is not marked edited and
        notifies like a new message (other edits notify nobody)."""
        placeholder = bool(message.flags & LOADING)
        if placeholder:
            message.flags &= ~LOADING
        else:
            message.edited = True
        self._apply(message, payload, files, replacing=False)
        if placeholder:
            message.pinged, message.pinged_everyone = pings(
                message.content, payload.get("allowed_mentions"), set(self.users)
            )
            message.revisions = [message.text]
        else:
            message.revisions.append(message.text)
        self.notify()

    def delete_message(self, message: MessageRecord) -> None:
        """Mark a message deleted (it stays in the channel log with deleted=True)."""
        message.deleted = True
        self.notify()

    def _apply(
        self, message: MessageRecord, payload: dict[str, Any], files: Files, *, replacing: bool
    ) -> None:
        """Copy content/embeds/components and resolve the attachment list of a payload."""
        if "content" in payload or replacing:
            message.content = payload.get("content") or ""
        if "embeds" in payload or replacing:
            message.embeds = list(payload.get("embeds") or [])
        message.flags |= int(payload.get("flags") or 0) & COMPONENTS_V2  # set, never unset
        if "components" in payload or replacing:
            message.components = list(payload.get("components") or [])
            if message.components_v2:
                message.components = numbered(message.components)
        kept: list[tuple[int, tuple[str, bytes]]]
        if payload.get("attachments") is not None:
            kept = []
            current = dict(zip(message.attachment_ids, message.attachments, strict=True))
            for entry in payload["attachments"]:
                key = int(entry["id"])
                if key in current and not replacing:
                    kept.append((key, current[key]))
                elif key in files:
                    name = entry.get("filename") or files[key][0]
                    kept.append((self.next_id(), (name, files[key][1])))
        else:
            kept = (
                []
                if replacing
                else list(zip(message.attachment_ids, message.attachments, strict=True))
            )
            kept += [(self.next_id(), files[index]) for index in sorted(files)]
        message.attachment_ids = [aid for aid, _ in kept]
        message.attachments = [file for _, file in kept]

    def attachment(self, attachment_id: int) -> tuple[str, bytes] | None:
        """The file behind an attachment url, if any."""
        for message in self.messages.values():
            if attachment_id in message.attachment_ids:
                return message.attachments[message.attachment_ids.index(attachment_id)]
        return None
