"""The gateway websocket: HELLO, IDENTIFY/READY/GUILD_CREATE, heartbeats, RESUME, dispatch.

A Session (session_id, sequence, event log) outlives its Connection (one websocket with its
zlib-stream compressor), so a bot can RESUME on a new socket; a restarted bot IDENTIFYs and
gets a new session. Sharding as Discord does it: a session that IDENTIFYs with
``shard: [id, count]`` owns the guilds with ``(guild_id >> 22) % count == id`` (and direct
messages on shard 0); READY, GUILD_CREATE and every guild event reach only the owner. An
event goes to the newest ready session with an open socket that owns its guild.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web
from zlib_ng import zlib_ng

from tests.bot.double import payloads
from tests.bot.double.world import World

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE, RESUME, RECONNECT = 0, 1, 2, 3, 4, 6, 7
REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 8, 9, 10, 11
GUILDS_INTENT, MEMBERS_INTENT = 1 << 0, 1 << 1
EVENT_INTENTS = {"GUILD_MEMBER_ADD": MEMBERS_INTENT} | {
    f"{kind}_{change}": GUILDS_INTENT
    for kind in ("CHANNEL", "THREAD")
    for change in ("CREATE", "UPDATE", "DELETE")
}
AUTHENTICATION_FAILED, ALREADY_AUTHENTICATED, UNKNOWN_OPCODE = 4004, 4005, 4001
INVALID_SHARD = 4010


class Connection:
    """One websocket; compresses with a shared zlib stream when the bot asked for it."""

    def __init__(self, ws: web.WebSocketResponse, compress: str | None) -> None:
        self.ws = ws
        self.compressor = zlib_ng.compressobj() if compress == "zlib-stream" else None
        self._order = asyncio.Lock()

    @property
    def open(self) -> bool:
        """False as soon as either side started closing."""
        return not self.ws.closed

    async def send(self, payload: dict[str, Any]) -> None:
        """Send one gateway message (a complete zlib-stream frame ends in Z_SYNC_FLUSH)."""
        data = payloads.encoded(payload)
        async with self._order:
            if self.compressor is None:
                await self.ws.send_str(data.decode())
            else:
                data = self.compressor.compress(data)
                await self.ws.send_bytes(data + self.compressor.flush(zlib_ng.Z_SYNC_FLUSH))


@dataclass
class Session:
    """An identified bot session; keeps its events so a RESUME can replay them."""

    id: str
    intents: int
    connection: Connection | None
    sequence: int = 0
    ready: bool = False
    log: list[dict[str, Any]] = field(default_factory=list)
    shard: tuple[int, int] | None = None
    """(shard id, shard count) from IDENTIFY; None means the one unsharded session."""

    def owns(self, guild_id: int | None) -> bool:
        """Whether Discord would send this guild's events to this session."""
        if self.shard is None:
            return True
        shard_id, count = self.shard
        return (0 if guild_id is None else (guild_id >> 22) % count) == shard_id

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send (or, while disconnected, only log) a numbered DISPATCH event."""
        self.sequence += 1
        message = {"op": DISPATCH, "t": event, "s": self.sequence, "d": data}
        self.log.append(message)
        if self.connection is not None and self.connection.open:
            await self.connection.send(message)


class Gateway:
    """All sessions of the double and the websocket route."""

    def __init__(self, world: World, heartbeat_interval: float) -> None:
        self.world = world
        self.heartbeat_interval = heartbeat_interval
        self.sessions: dict[str, Session] = {}
        self.identifies = 0
        self.resumes = 0
        self._tasks: set[asyncio.Task[None]] = set()
        world.emit = self.emit

    def current(self, guild_id: int | None = None) -> Session | None:
        """The newest ready session with an open socket that owns ``guild_id``."""
        live = [
            s
            for s in self.sessions.values()
            if s.ready and s.connection and s.connection.open and s.owns(guild_id)
        ]
        return live[-1] if live else None

    def live_shards(self) -> set[int]:
        """Shard ids of the ready sessions with an open socket (0 for an unsharded one)."""
        return {
            s.shard[0] if s.shard else 0
            for s in self.sessions.values()
            if s.ready and s.connection and s.connection.open
        }

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send an event to the session that owns its guild."""
        session = self.current(_guild_of(data))
        if session is None:
            raise RuntimeError("no bot is connected to the double's gateway for this guild")
        await session.dispatch(event, data)

    def emit(self, event: str, data: dict[str, Any]) -> None:
        """Send an event from synchronous code, if a bot is connected with the needed intent."""
        session = self.current(_guild_of(data))
        if session is None or session.intents & EVENT_INTENTS.get(event, 0) != EVENT_INTENTS.get(
            event, 0
        ):
            return
        task = asyncio.get_running_loop().create_task(session.dispatch(event, data))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def reconnect(self) -> None:
        """Ask the running bot to reconnect (op 7); discord.py then RESUMEs."""
        session = self.current()
        if session is None or session.connection is None:
            raise RuntimeError("no bot is connected to the double's gateway")
        await session.connection.send({"op": RECONNECT, "d": None})

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """One websocket connection, from HELLO until either side closes."""
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        compress = request.query.get("compress")
        if compress not in (None, "zlib-stream"):
            self.world.violate(f"gateway: unsupported compress={compress}; sending plain text")
        connection = Connection(ws, compress)
        await connection.send(
            {"op": HELLO, "d": {"heartbeat_interval": int(self.heartbeat_interval * 1000)}}
        )
        session: Session | None = None
        try:
            async for message in ws:
                if message.type is not WSMsgType.TEXT:
                    break
                session = await self._receive(connection, session, json.loads(message.data))
        finally:
            self.world.notify()
        return ws

    async def _receive(
        self, connection: Connection, session: Session | None, message: dict[str, Any]
    ) -> Session | None:
        """Handle one message from the bot; returns the connection's session."""
        op = message.get("op")
        raw = message.get("d")
        data: dict[str, Any] = raw if isinstance(raw, dict) else {}
        if op == HEARTBEAT:
            await connection.send({"op": HEARTBEAT_ACK})
        elif op in (IDENTIFY, RESUME) and session is not None:
            await connection.ws.close(code=ALREADY_AUTHENTICATED, message=b"Already authenticated.")
        elif op == IDENTIFY:
            return await self._identify(connection, data)
        elif op == RESUME:
            return await self._resume(connection, data)
        elif op == REQUEST_MEMBERS and session is not None:
            await self._members_chunk(session, data)
        elif op not in (PRESENCE, VOICE):
            self.world.violate(f"gateway: unexpected op {op}")
            await connection.ws.close(code=UNKNOWN_OPCODE, message=b"Unknown opcode.")
        return session

    async def _identify(self, connection: Connection, data: dict[str, Any]) -> Session | None:
        """READY (guilds unavailable) then one GUILD_CREATE per guild."""
        if data.get("token") != self.world.token:
            self.world.violate("gateway: IDENTIFY with a wrong token")
            await connection.ws.close(code=AUTHENTICATION_FAILED, message=b"Authentication failed.")
            return None
        intents = int(data.get("intents", 0))
        if not intents & GUILDS_INTENT:
            self.world.violate("gateway: IDENTIFY without the guilds intent")
        shard = _shard(data.get("shard"))
        if "shard" in data and shard is None:
            self.world.violate(f"gateway: IDENTIFY with an invalid shard {data['shard']!r}")
            await connection.ws.close(code=INVALID_SHARD, message=b"Invalid shard.")
            return None
        session = Session(secrets.token_hex(16), intents, connection, shard=shard)
        self.sessions[session.id] = session
        self.identifies += 1
        world = self.world
        guilds = [g for g in world.guilds if session.owns(g)]
        ready: dict[str, Any] = {
            "v": 10,
            "user": payloads.user_payload(world.bot) | {"verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": world.base_url.replace("http://", "ws://", 1) + "/gateway",
            "application": {"id": str(world.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "geo_ordered_rtc_regions": [],
        }
        if "shard" in data:
            ready["shard"] = data["shard"]
        await session.dispatch("READY", ready)
        for guild_id in guilds:
            await session.dispatch(
                "GUILD_CREATE",
                world.guild_create(guild_id, all_members=bool(intents & MEMBERS_INTENT)),
            )
        session.ready = True
        world.notify()
        return session

    async def _resume(self, connection: Connection, data: dict[str, Any]) -> Session | None:
        """Replay what the bot missed, then RESUMED; unknown sessions must IDENTIFY again."""
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or data.get("token") != self.world.token:
            await connection.send({"op": INVALID_SESSION, "d": False})
            return None
        session.connection = connection
        seen = int(data.get("seq") or 0)
        for message in session.log:
            if message["s"] > seen:
                await connection.send(message)
        await session.dispatch("RESUMED", {})
        self.resumes += 1
        self.world.notify()
        return session

    async def _members_chunk(self, session: Session, data: dict[str, Any]) -> None:
        """Answer a REQUEST_GUILD_MEMBERS (guild chunking) in one chunk."""
        guild_id = int(data["guild_id"])
        wanted = {int(u) for u in data.get("user_ids") or []}
        query = str(data.get("query") or "").lower()
        users = [
            u
            for u in self.world.users.values()
            if (u.id in wanted if wanted else u.name.lower().startswith(query))
        ]
        limit = int(data.get("limit") or 0)
        chunk: dict[str, Any] = {
            "guild_id": str(guild_id),
            "members": [self.world.member(guild_id, u) for u in users[: limit or None]],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [str(u) for u in wanted - {u.id for u in users}],
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        await session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    async def close(self) -> None:
        """Close every open socket (the double is shutting down)."""
        for session in self.sessions.values():
            if session.connection is not None and session.connection.open:
                await session.connection.ws.close(code=1001, message=b"Double shutting down.")


def _guild_of(data: dict[str, Any]) -> int | None:
    """The guild an event belongs to (None for direct messages and global events)."""
    guild = data.get("guild_id")
    return int(guild) if guild is not None else None


def _shard(value: Any) -> tuple[int, int] | None:
    """A valid ``[shard_id, shard_count]`` as a pair, else None."""
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) for v in value)
        and 0 <= value[0] < value[1]
    ):
        return value[0], value[1]
    return None
