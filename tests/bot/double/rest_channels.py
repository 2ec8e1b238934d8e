"""REST routes for channels, messages, threads, guilds, members and attachment downloads."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from tests.bot.double import payloads
from tests.bot.double.limits import message_problems, oversized_files
from tests.bot.double.models import (
    COMPONENTS_V2,
    ApiError,
    ChannelRecord,
    MessageRecord,
    invalid_form,
)
from tests.bot.double.server import BODY, WORLD, Body, json_response
from tests.bot.double.world import World

routes = web.RouteTableDef()
#: Suppress embeds, suppress notifications, components v2.
SETTABLE_FLAGS = (1 << 2) | (1 << 12) | COMPONENTS_V2
#: Seconds a nonce sent with ``enforce_nonce`` is remembered. Discord documents "the
#: past few minutes" and no more: the bot must not count on any length, and a test moves
#: the double's clock past this one (``DiscordDouble.advance``).
NONCE_MEMORY = 120.0
#: Query parameters of a channel's history that Discord takes one at a time.
ANCHORS = ("around", "before", "after")


def check_message(
    body: Body,
    *,
    creating: bool,
    data: dict[str, Any] | None = None,
    current: MessageRecord | None = None,
) -> dict[str, Any]:
    """Validate a message (the body, or `data` of a callback) and return its JSON payload;
    `current` is the message an edit changes."""
    payload = data if data is not None else body.json if isinstance(body.json, dict) else {}
    too_big = oversized_files(body.files.values())
    if too_big:
        raise ApiError(413, 40005, "Request entity too large", errors={"files": too_big})
    problems = message_problems(
        payload, list(body.files.values()), creating=creating, current=current
    )
    if problems:
        raise invalid_form(problems)
    return payload


def _channel(request: web.Request) -> tuple[World, ChannelRecord]:
    world = request.app[WORLD]
    return world, world.channel(int(request.match_info["channel_id"]))


@routes.get("/api/v10/channels/{channel_id}")
async def get_channel(request: web.Request) -> web.Response:
    """A channel or thread."""
    _, channel = _channel(request)
    return json_response(payloads.channel_payload(channel))


@routes.post("/api/v10/channels/{channel_id}/typing")
async def typing(request: web.Request) -> web.Response:
    """The typing indicator: accepted and forgotten."""
    _channel(request)
    return web.Response(status=204)


@routes.post("/api/v10/channels/{channel_id}/messages")
async def create_message(request: web.Request) -> web.Response:
    """channel.send: a public message in a channel or thread."""
    world, channel = _channel(request)
    send = payloads.SEND_MESSAGES_IN_THREADS if channel.is_thread else payloads.SEND_MESSAGES
    world.require(world.bot, channel, send)
    if channel.is_thread:
        world.require_open(world.bot, channel)
    payload = check_message(request[BODY], creating=True)
    flags = int(payload.get("flags") or 0)
    if flags & ~SETTABLE_FLAGS:
        raise invalid_form([f"flags {flags} cannot be set on a channel message"])
    nonce = payload.get("nonce")
    key = (channel.id, str(nonce))
    now = world.now()
    if nonce is not None and payload.get("enforce_nonce"):
        seen = world.nonces.get(key)
        if seen is not None and now - seen[0] < NONCE_MEMORY:
            # Discord's answer to a nonce it saw: the message posted then, no new one;
            # none if it was deleted since (Discord's staff, discord-api-docs#6647).
            if seen[1].deleted:
                raise ApiError(404, 10008, "Unknown Message", violation=False)
            return json_response(world.message_json(seen[1]) | {"nonce": str(nonce)})
    message = world.create_message(channel.id, payload, request[BODY].files, flags=flags)
    answer = world.message_json(message)
    if nonce is not None:
        world.nonces[key] = (now, message)
        answer["nonce"] = str(nonce)
    return json_response(answer)


@routes.get("/api/v10/channels/{channel_id}/messages")
async def history(request: web.Request) -> web.Response:
    """Channel history as Discord gives it: View Channel needed (403 Missing Access),
    and without Read Message History no error but no messages; one of around, before
    or after; newest first; messages as the bot reads them (``World.seen_by_bot``), which
    carry no nonce."""
    world, channel = _channel(request)
    world.require(world.bot, channel, payloads.VIEW_CHANNEL)
    anchors = [name for name in ANCHORS if name in request.query]
    if len(anchors) > 1:
        raise invalid_form([f"{' and '.join(anchors)} cannot be used together"])
    if not world.permissions_in(world.bot, channel) & payloads.READ_MESSAGE_HISTORY:
        return json_response([])
    limit = int(request.query.get("limit", "50"))  # 1-100: checked against the spec on entry
    visible = [m for m in world.channel_messages.get(channel.id, []) if not m.deleted]
    anchor = int(request.query[anchors[0]]) if anchors else 1 << 63
    if "after" in anchors:
        chosen = [m for m in visible if m.id > anchor][:limit]
    elif "around" in anchors:
        older = [m for m in visible if m.id < anchor][-(limit // 2) or len(visible) :]
        chosen = (older + [m for m in visible if m.id >= anchor])[:limit]
    else:
        chosen = [m for m in visible if m.id < anchor][-limit:]
    return json_response([world.seen_by_bot(m) for m in sorted(chosen, key=lambda m: -m.id)])


@routes.get("/api/v10/channels/{channel_id}/messages/{message_id}")
async def get_message(request: web.Request) -> web.Response:
    """One visible message: View Channel and Read Message History needed."""
    world, channel = _channel(request)
    world.require(world.bot, channel, payloads.READ_MESSAGE_HISTORY)
    message = world.channel_message(channel.id, int(request.match_info["message_id"]))
    return json_response(world.seen_by_bot(message))


@routes.patch("/api/v10/channels/{channel_id}/messages/{message_id}")
async def edit_message(request: web.Request) -> web.Response:
    """message.edit on one of the bot's own visible messages."""
    world, channel = _channel(request)
    message = world.channel_message(channel.id, int(request.match_info["message_id"]))
    if message.author_id != world.bot.id:
        raise ApiError(403, 50005, "Cannot edit a message authored by another user")
    payload = check_message(request[BODY], creating=False, current=message)
    world.edit_message(message, payload, request[BODY].files)
    return json_response(world.message_json(message))


@routes.delete("/api/v10/channels/{channel_id}/messages/{message_id}")
async def delete_message(request: web.Request) -> web.Response:
    """message.delete."""
    world, channel = _channel(request)
    world.delete_message(world.channel_message(channel.id, int(request.match_info["message_id"])))
    return web.Response(status=204)


def _thread_request(world: World, parent: ChannelRecord, body: Body, kind: int) -> str:
    """Check a thread creation as Discord does beyond its schema (the channel type and the
    bot's permissions; the fields were validated on entry) and return the thread's name."""
    if parent.type not in (0, 5):  # threads grow in text and announcement channels only
        raise ApiError(400, 50024, "Cannot execute action on this channel type")
    needed = payloads.CREATE_PRIVATE_THREADS if kind == 12 else payloads.CREATE_PUBLIC_THREADS
    world.require(world.bot, parent, needed)
    return str(body.json["name"])


@routes.post("/api/v10/channels/{channel_id}/threads")
async def start_thread(request: web.Request) -> web.Response:
    """channel.create_thread without a starter message."""
    world, channel = _channel(request)
    body = request[BODY]
    kind = int(body.json.get("type") or 12)  # the schema admits 10-12 or null
    name = _thread_request(world, channel, body, kind)
    thread = world.add_channel(channel.guild_id, name, kind=kind, parent=channel.id)
    return json_response(payloads.channel_payload(thread), status=201)


@routes.post("/api/v10/channels/{channel_id}/messages/{message_id}/threads")
async def start_thread_from_message(request: web.Request) -> web.Response:
    """message.create_thread: a public thread that takes the message's id, once per
    message."""
    world, channel = _channel(request)
    starter = world.channel_message(channel.id, int(request.match_info["message_id"]))
    name = _thread_request(world, channel, request[BODY], 11)
    if starter.thread_id is not None:
        raise ApiError(400, 160004, "A thread has already been created for this message")
    thread = world.start_thread(starter, name)
    return json_response(payloads.channel_payload(thread), status=201)


@routes.get("/api/v10/channels/{channel_id}/thread-members/{user_id}")
async def get_thread_member(request: web.Request) -> web.Response:
    """A thread member, or 404 Unknown Member for someone who has not joined the thread."""
    world, channel = _channel(request)
    if not channel.is_thread:
        raise ApiError(400, 50024, "Cannot execute action on this channel type")
    user_id = int(request.match_info["user_id"])
    if user_id not in channel.members or user_id not in world.users:
        raise ApiError(404, 10007, "Unknown Member", violation=False)
    return json_response(
        {
            "id": str(channel.id),
            "user_id": str(user_id),
            "join_timestamp": payloads.snowflake_time(channel.id),
            "flags": 0,
        }
    )


@routes.get("/api/v10/guilds/{guild_id}")
async def get_guild(request: web.Request) -> web.Response:
    """A guild with its roles."""
    world = request.app[WORLD]
    guild = world.guild(int(request.match_info["guild_id"]))
    return json_response(payloads.guild_payload(guild) | {"roles": world.role_payloads(guild.id)})


@routes.get("/api/v10/guilds/{guild_id}/channels")
async def get_guild_channels(request: web.Request) -> web.Response:
    """The guild's channels (not threads)."""
    world = request.app[WORLD]
    guild = world.guild(int(request.match_info["guild_id"]))
    channels = [c for c in world.channels.values() if c.guild_id == guild.id and not c.is_thread]
    return json_response([payloads.channel_payload(c) for c in channels])


@routes.get("/api/v10/guilds/{guild_id}/members/{user_id}")
async def get_member(request: web.Request) -> web.Response:
    """guild.fetch_member: every user is a member of every guild."""
    world = request.app[WORLD]
    guild = world.guild(int(request.match_info["guild_id"]))
    user = world.users.get(int(request.match_info["user_id"]))
    if user is None:
        raise ApiError(404, 10007, "Unknown Member", violation=False)
    return json_response(world.member(guild.id, user))


@routes.get("/attachments/{channel_id}/{attachment_id}/{filename}")
async def download(request: web.Request) -> web.Response:
    """The CDN: attachment urls point here so Attachment.read() works."""
    found = request.app[WORLD].attachment(int(request.match_info["attachment_id"]))
    if found is None or found[0] != request.match_info["filename"]:
        raise web.HTTPNotFound()
    return web.Response(body=found[1], content_type="application/octet-stream")
