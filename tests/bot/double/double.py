"""DiscordDouble: a local Discord (REST + gateway on 127.0.0.1) for testing the real discord.py.

`async with DiscordDouble() as double` starts the server and points discord.py at it; tests
add guilds, channels and users, start a bot with `double.token`, then act as users through
`slash`, `autocomplete`, `click` and `select`, and read what the bot posted.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import secrets
from collections.abc import AsyncIterator, Callable, Iterable, Mapping
from types import TracebackType
from typing import Any, Self

import discord
import yarl
from aiohttp import web
from discord.gateway import DiscordWebSocket
from discord.http import Route

from tests.bot.double import rest_app, rest_channels, rest_interactions
from tests.bot.double.buckets import RateLimits
from tests.bot.double.faults import Fault, Faults
from tests.bot.double.gateway import Gateway
from tests.bot.double.invocations import (
    UsageError,
    command_data,
    component_data,
    envelope,
    forged_component,
)
from tests.bot.double.models import ChannelRecord, InteractionResult, MessageRecord
from tests.bot.double.payloads import VIEW_CHANNEL
from tests.bot.double.server import API, SCHEMA_VIOLATION, build_app
from tests.bot.double.world import World

COMMAND, COMPONENT, AUTOCOMPLETE = 2, 3, 4
#: The callback type of a "thinking" answer, and how long a test waits for what replaces it.
DEFERRED, FINAL_WAIT = 5, 15.0
#: A jump link as Discord's clients build them (discord.py's ``jump_url``).
JUMP = re.compile(r"https://discord\.com/channels/(\d+)/(\d+)(?:/(\d+))?")
JUMP_IN_TEXT = re.compile(r"https://discord\.com/channels/\d+/\d+(?:/\d+)?")
MessagePredicate = Callable[[MessageRecord], bool]


class DiscordDouble:
    """A fake Discord for one test; see the package docstring for the flow."""

    def __init__(
        self,
        token: str = "test-token",
        *,
        deadline: float = 3.0,
        rate_limits: RateLimits | None = None,
        heartbeat_interval: float = 41.25,
        shard_count: int = 1,
        check_schema: bool = True,
    ) -> None:
        self.world = World(token, deadline)
        self.world.shard_count = shard_count
        self.world.checks_schema = check_schema
        self.gateway = Gateway(self.world, heartbeat_interval)
        self.faults = Faults()
        """Injected failures (see faults.py): `double.faults.add(route, status, ...)`."""
        self.rate_limits = rate_limits or RateLimits()
        """Discord's rate limits as enforced (see buckets.py); Discord's own by default."""
        self._runner: web.AppRunner | None = None
        self._saved: tuple[str, yarl.URL] | None = None
        self.ids: dict[str, int] = {}
        #: Tests that drive games through helpers written with the commands' default
        #: (English) names set this to let people of any language type those: a
        #: convenience of the test, not Discord's (its clients match the user's language
        #: only). The interaction still carries the user's own locale.
        self.default_names = False
        """Named ids for tests (the `double` fixture fills guild, channel, thread and users)."""

    # -- life cycle --------------------------------------------------------------------------

    async def __aenter__(self) -> Self:
        await self.start()
        self.install()
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.uninstall()
        await self.close()
        refused = [v for v in self.violations if v.startswith(SCHEMA_VIOLATION)]
        if error is None and refused:
            raise AssertionError("requests Discord's schema refuses:\n" + "\n".join(refused))

    async def start(self) -> None:
        """Serve on 127.0.0.1 on a free port."""
        routes = [
            rest_app.routes,
            rest_channels.routes,
            rest_interactions.routes,
            web.RouteTableDef(),
        ]
        routes[-1].get("/gateway")(self.gateway.handle)
        app = build_app(self.world, self.rate_limits, self.faults, routes)
        self._runner = web.AppRunner(app, handle_signals=False, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = self._runner.addresses[0][1]
        self.world.base_url = f"http://127.0.0.1:{port}"

    async def close(self) -> None:
        """Close open gateway sockets and stop serving."""
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    def install(self) -> None:
        """Point discord.py's REST base and default gateway at the double."""
        self._saved = (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)
        Route.BASE = self.world.base_url + API
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(
            self.world.base_url.replace("http", "ws", 1) + "/gateway"
        )

    def uninstall(self) -> None:
        """Restore discord.py's real endpoints."""
        if self._saved is not None:
            Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = self._saved
            self._saved = None

    # -- the world ---------------------------------------------------------------------------

    @property
    def token(self) -> str:
        """The bot token the double accepts."""
        return self.world.token

    @property
    def url(self) -> str:
        """http://127.0.0.1:<port>."""
        return self.world.base_url

    @property
    def bot_id(self) -> int:
        """The bot user's id (also the application id)."""
        return self.world.bot.id

    @property
    def violations(self) -> list[str]:
        """Every Discord limit broken and API misuse the bot committed."""
        return self.world.violations

    @property
    def requests(self) -> list[tuple[str, str, Any]]:
        """(method, path after /api/v10, JSON body) of every REST request."""
        return self.world.requests

    @property
    def rate_limited(self) -> list[str]:
        """Every 429 the double answered on its own (an injected one is not counted)."""
        return self.rate_limits.hits

    @property
    def latencies(self) -> list[float]:
        """Seconds from dispatch to first callback, per answered interaction."""
        return self.world.latencies

    def add_guild(self, name: str, *, shard: int | None = None, locale: str = "en-US") -> int:
        """A guild (owned by nobody the tests use, so no one gets owner powers); returns its id.

        ``shard`` picks an id that Discord would route to that shard of ``shard_count``;
        ``locale`` is the community server's language.
        """
        guild = self.world.add_guild(name, self.world.next_id(), shard)
        guild.locale = locale
        return guild.id

    def add_channel(self, guild: int, name: str, *, private_to: Iterable[int] = ()) -> int:
        """A text channel; with `private_to`, only those users (and the bot) can view it.
        Returns its id."""
        self.world.guild(guild)
        overwrites = []
        viewers = [*private_to]
        if viewers:
            overwrites.append({"id": guild, "type": 0, "allow": 0, "deny": VIEW_CHANNEL})
            overwrites += [
                {"id": user, "type": 1, "allow": VIEW_CHANNEL, "deny": 0}
                for user in [*viewers, self.bot_id]
            ]
        return self.world.add_channel(guild, name, overwrites=overwrites).id

    def add_thread(
        self, channel: int, name: str, *, private: bool = False, members: Iterable[int] = ()
    ) -> int:
        """A public thread under a text channel, or a private one that only its `members`
        (and the bot) see; returns its id."""
        parent = self.world.channel(channel)
        kind = 12 if private else 11
        return self.world.add_channel(
            parent.guild_id, name, kind=kind, parent=parent.id, members=set(members)
        ).id

    def set_permissions(
        self, channel: int, target: int, *, allow: int = 0, deny: int = 0, member: bool = True
    ) -> None:
        """What a server admin's permission edit does: the overwrite of a member (or, with
        `member=False`, a role; the guild id is @everyone) in a channel is replaced."""
        self.world.set_overwrite(self.world.channel(channel), target, int(member), allow, deny)

    def delete_channel(self, channel: int) -> None:
        """A server admin deletes a channel (with its threads) or a thread: the bot hears
        CHANNEL_DELETE or THREAD_DELETE, and Discord answers 404 Unknown Channel to every
        request about it from then on."""
        self.world.delete_channel(self.world.channel(channel))

    def set_thread_state(self, thread: int, *, archived: bool, locked: bool) -> None:
        """A moderator archives and locks a thread (or opens it again): the bot hears
        THREAD_UPDATE; only Manage Threads may post in a locked archived thread."""
        self.world.set_thread_state(self.world.channel(thread), archived=archived, locked=locked)

    def thread_of(self, message: MessageRecord) -> int | None:
        """The thread started from a message, if any."""
        return message.thread_id

    def resolve(self, url: str) -> ChannelRecord | MessageRecord:
        """What a jump link opens, as a Discord client would: a channel or thread (of the
        link's guild), or a visible message in it. An unknown target fails the test."""
        match = JUMP.fullmatch(url)
        if match is None:
            raise UsageError(f"not a Discord jump link: {url!r}")
        guild, channel_id, message_id = match.groups()
        channel = self.world.channels.get(int(channel_id))
        if channel is None or str(channel.guild_id) != guild:
            raise UsageError(f"{url!r} leads nowhere")
        if message_id is None:
            return channel
        message = self.world.messages.get(int(message_id))
        if message is None or message.channel_id != channel.id or message.deleted:
            raise UsageError(f"{url!r} leads to no message")
        return message

    def links(self, text: str) -> list[str]:
        """Every jump link in a text."""
        return JUMP_IN_TEXT.findall(text)

    def add_user(
        self,
        name: str,
        permissions: int = 0,
        *,
        display_name: str | None = None,
        locale: str = "en-US",
    ) -> int:
        """A user (member of every guild) with extra guild permissions and, if given, a display
        name that differs from the username and the language of their client; returns its id."""
        user = self.world.add_user(name, permissions, display_name)
        user.locale = locale
        return user.id

    def commands(self, guild: int | None = None) -> list[dict[str, Any]]:
        """The last synced commands of a guild, or the global ones, as Discord stores them."""
        return self.world.commands.get(guild, [])

    def messages(self, channel: int) -> list[MessageRecord]:
        """Public messages of a channel in order, edits applied (deleted ones flagged)."""
        return list(self.world.channel_messages.get(channel, []))

    def say(self, user: int, channel: int, content: str) -> MessageRecord:
        """A member writes in a channel or thread (people talk between turns)."""
        return self.world.say(self.world.user(user), self.world.channel(channel).id, content)

    def delete_message(self, channel: int, message: int) -> None:
        """Someone (a moderator) deletes a message of a channel or thread."""
        self.world.delete_message(self.world.channel_message(channel, message))

    def advance(self, seconds: float) -> None:
        """Discord's clock moves on by ``seconds`` at once, as if that long passed: what it
        remembers only a while (a nonce) ages. Rate limits keep the real clock."""
        self.world.skew += seconds

    def fail_next(self, route_substring: str, status: int = 500) -> Fault:
        """Answer the next request whose path contains `route_substring` with `status`."""
        return self.faults.add(route_substring, status, times=1)

    # -- waiting -----------------------------------------------------------------------------

    async def wait_ready(self, timeout: float = 10.0) -> None:
        """Until a bot IDENTIFYed and received READY and every GUILD_CREATE."""
        await self.world.wait_until(self.gateway.live_shards, timeout, "a bot to connect")

    async def wait_shards(self, shard_ids: set[int], timeout: float = 10.0) -> None:
        """Until a ready session with an open socket runs each of ``shard_ids``."""
        await self.world.wait_until(
            lambda: shard_ids <= self.gateway.live_shards(), timeout, f"shards {shard_ids}"
        )

    async def wait_commands_synced(self, timeout: float = 10.0, count: int = 1) -> None:
        """Until `count` bulk command overwrites (PUTs) have arrived in total."""
        await self.world.wait_until(lambda: self.world.syncs >= count, timeout, "a command sync")

    async def wait_for_message(
        self,
        channel: int,
        predicate: MessagePredicate | None = None,
        timeout: float = 5.0,
        *,
        after: MessageRecord | int | None = None,
    ) -> MessageRecord:
        """The first public message (already there or yet to come, edits count) matching.

        `after` skips messages up to and including that message (or id).
        """
        floor = after.id if isinstance(after, MessageRecord) else (after or 0)

        def found() -> MessageRecord | None:
            for message in self.world.channel_messages.get(channel, []):
                if (
                    message.id > floor
                    and not message.deleted
                    and (predicate is None or predicate(message))
                ):
                    return message
            return None

        result: MessageRecord = await self.world.wait_until(
            found, timeout, f"a message in {channel}"
        )
        return result

    @contextlib.asynccontextmanager
    async def running(
        self, client: discord.Client, timeout: float = 10.0
    ) -> AsyncIterator[discord.Client]:
        """Start `client` against the double, wait until it is connected, and stop it after."""
        task = asyncio.create_task(client.start(self.token))
        try:
            await self.world.wait_until(
                lambda: self.gateway.live_shards() or task.done(), timeout, "the bot to connect"
            )
            if task.done():
                task.result()
                raise RuntimeError("the bot stopped before connecting")
            yield client
        finally:
            await client.close()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def reconnect(self) -> None:
        """Ask the bot to reconnect (gateway op 7); it RESUMEs its session."""
        await self.gateway.reconnect()

    # -- acting as users ---------------------------------------------------------------------

    async def _invoke(
        self,
        kind: int,
        user: int,
        channel: int,
        name: str,
        build: Callable[[int], dict[str, Any]],
        source: MessageRecord | None = None,
        forged: dict[str, Any] | None = None,
        final: bool = True,
    ) -> InteractionResult:
        """Dispatch an INTERACTION_CREATE and wait (up to the deadline) for its first
        answer; a "thinking" one (the bot deferred it: robots thinking, a loaded machine)
        until it is replaced by the answer, when ``final``."""
        self.world.user(user)
        guild = self.world.channel(channel).guild_id
        loop = asyncio.get_running_loop()
        result = InteractionResult(
            id=self.world.next_id(),
            token=secrets.token_urlsafe(48),
            type=kind,
            user_id=user,
            channel_id=channel,
            guild_id=guild,
            dispatched_at=0.0,
            name=name,
            source=source,
        )
        payload = envelope(self.world, result, build(guild), forged)
        self.world.interactions[result.id] = result
        result.dispatched_at = loop.time()
        await self.gateway.dispatch("INTERACTION_CREATE", payload)
        try:
            await asyncio.wait_for(result.responded.wait(), self.world.deadline)
        except TimeoutError:
            faulted = any(p.startswith(f"/interactions/{result.id}/") for p in self.world.faulted)
            if not faulted:  # an answer an injected fault refused is not the bot's lapse
                self.world.violate(
                    f"interaction {name!r} not answered within {self.world.deadline} s"
                )
        if final and result.response_type == DEFERRED:
            with contextlib.suppress(TimeoutError):  # never replaced: the test sees that
                await asyncio.wait_for(result.finalised.wait(), FINAL_WAIT)
        return result

    async def slash(
        self, user: int, channel: int, command: str, /, **options: Any
    ) -> InteractionResult:
        """`user` runs `/command` ('game new', 'group sub cmd') in `channel` with typed options.

        Use `**{"with": bob}` for option names that are Python keywords. Returns once the
        answer is final (a deferred one once it came).
        """
        return await self._command(user, channel, command, options, final=True)

    def typing_locale(self, user: int) -> str:
        """The language ``user`` types command names in (see ``default_names``)."""
        return "en-US" if self.default_names else self.world.user(user).locale

    async def slash_first(
        self, user: int, channel: int, command: str, /, **options: Any
    ) -> InteractionResult:
        """Like `slash`, returning at the bot's first answer, a deferral too."""
        return await self._command(user, channel, command, options, final=False)

    async def _command(
        self, user: int, channel: int, command: str, options: Mapping[str, Any], *, final: bool
    ) -> InteractionResult:
        locale = self.typing_locale(user)

        def build(guild: int) -> dict[str, Any]:
            return command_data(self.world, guild, command, options, locale=locale)

        return await self._invoke(COMMAND, user, channel, f"/{command}", build, final=final)

    async def forge(
        self, user: int, channel: int, command: str, options: Mapping[str, Any]
    ) -> InteractionResult:
        """Like `slash`, without the client's checks of choices, bounds and lengths: what a
        client with a stale copy of the command (or a modified client) could send."""

        locale = self.typing_locale(user)

        def build(guild: int) -> dict[str, Any]:
            return command_data(self.world, guild, command, options, checked=False, locale=locale)

        return await self._invoke(COMMAND, user, channel, f"/{command} (forged)", build)

    async def autocomplete(
        self, user: int, channel: int, command: str, options: Mapping[str, Any], *, focused: str
    ) -> list[dict[str, Any]]:
        """The choices the bot offers while `user` types `options[focused]`."""

        locale = self.typing_locale(user)

        def build(guild: int) -> dict[str, Any]:
            return command_data(self.world, guild, command, options, focused, locale=locale)

        result = await self._invoke(AUTOCOMPLETE, user, channel, f"/{command} ({focused})", build)
        return result.choices

    async def click(self, user: int, message: MessageRecord, custom_id: str) -> InteractionResult:
        """`user` presses a button on a message the bot sent."""
        return await self._component(user, message, custom_id, None)

    async def select(
        self, user: int, message: MessageRecord, custom_id: str, values: list[str]
    ) -> InteractionResult:
        """`user` picks `values` in a select menu on a message the bot sent."""
        return await self._component(user, message, custom_id, values)

    async def forge_click(
        self, user: int, message: MessageRecord, custom_id: str, values: list[str] | None = None
    ) -> InteractionResult:
        """`user` uses a component the message is made to carry: a button, or with `values` a
        select offering them (an old message of the bot's, or a tampered client)."""
        return await self._component(user, message, custom_id, values, forged=True)

    async def _component(
        self,
        user: int,
        message: MessageRecord,
        custom_id: str,
        values: list[str] | None,
        forged: bool = False,
    ) -> InteractionResult:
        extra = forged_component(custom_id, values) if forged else None

        def build(guild: int) -> dict[str, Any]:
            return component_data(self.world, message, custom_id, user, values, extra)

        return await self._invoke(
            COMPONENT, user, message.channel_id, custom_id, build, source=message, forged=extra
        )
