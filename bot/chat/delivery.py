"""Getting a game's public updates to its channel, and knowing that they got there.

Every public update of a game goes through :class:`Courier`: as the answer to an
interaction when there is one, else (or when that answer fails) as a channel message. The
store records the version each channel last saw; anything behind is posted later
(``Updates.catch_up``). Channels with an update on its way are registered while it travels, so
catching up never posts something twice; and what catching up posts that may have gone out
already (before a restart, its nonce long forgotten by Discord) is first looked for in the
channel's history (``Trace``).

The courier also learns what Discord says about each place: deleted (404 Unknown Channel),
or refusing the bot (403, or a locked archived thread). Its ``listener`` hears of it (the
thread keeper, :mod:`bot.chat.threads`), and a place that refused the bot ``GIVE_UP`` times in
a row is left alone by the clock until Discord says it changed (``reopen``).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import logging
import re
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import aiohttp
import discord

from bot.store.errors import StoreError
from bot.store.records import GameRow
from bot.table.life import Life

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]

#: What a failed request to Discord raises: an HTTP error, or the connection failing.
DELIVERY_ERRORS = (discord.HTTPException, aiohttp.ClientError, OSError)
#: Discord's error code for a channel that does not exist (any more).
UNKNOWN_CHANNEL = 10003
#: Discord's error codes for a place that refuses the bot: Missing Access (it may not see
#: it), Missing Permissions (it may not post there), Thread is archived (and locked).
REFUSED = (50001, 50013, 50083)
#: Refusals in a row after which the clock leaves a place alone until told it changed: a
#: 403 does not heal by itself, and Discord bans bots that keep making failing requests.
GIVE_UP = 3
#: What Discord said about a place: deleted, refusing the bot, or taking its posts again.
Standing = Literal["gone", "refused", "open"]
#: An update registered as on its way longer than this is presumed lost (a crashed handler).
IN_FLIGHT_LIMIT = 120.0
#: How an edit went: done, the message is gone (post anew), or failed (retry later).
Edited = Literal["edited", "gone", "failed"]
#: Channels whose messages the bot can edit by id.
EDITABLE = (discord.TextChannel, discord.Thread, discord.VoiceChannel, discord.StageChannel)
#: Discord's error code for a message that does not exist (any more).
UNKNOWN_MESSAGE = 10008
#: Messages of a channel's history read at a time, looking for a post that may have gone
#: out already (one request; Discord's page is 1-100).
LOOKBACK = 50
#: Looks in a row that may fail (a 5xx, a timeout) before such a post goes out unchecked:
#: the table may wait a few ticks for Discord's history, never for ever.
LOOKS = 3
#: How a message's text mentions a person.
USER_MENTION = re.compile(r"<@!?(\d+)>")
#: What looking for a post found: its message, nothing, or nothing known (Discord failed).
Looked = discord.Message | Literal["absent", "unknown"]


@dataclass(frozen=True)
class Trace:
    """How a post that may have gone out already (a crash between its post and its record,
    a restart) is told in its channel's history, where Discord keeps no nonce (and it
    forgets one after a few minutes): the bot's own message, with a component whose
    custom_id is ``mark`` (the game's, with no version in it), pinging the same people (a
    turn's message pings whoever it began for), and newer than ``after``, the message it
    follows (or that one itself, when it shows the post already: its record went in,
    what the channel saw did not)."""

    mark: str
    after: int | None = None

    def finds(self, message: discord.Message, me: int, post: Post) -> bool:
        if (
            message.author.id != me
            or self.mark not in custom_ids(message.components)
            or pinged(message.content) != pinged(post.content)
        ):
            return False
        if self.after is None or message.id > self.after:
            return True
        return message.id == self.after and post.shown_by(message)


def pinged(content: str | None) -> set[str]:
    """The people a message's text mentions (by id)."""
    return set(USER_MENTION.findall(content or ""))


def custom_ids(components: Sequence[Any]) -> set[str]:
    """Every custom_id among ``components`` and their children (rows hold buttons)."""
    found: set[str] = set()
    for component in components:
        custom_id = getattr(component, "custom_id", None)
        if isinstance(custom_id, str):
            found.add(custom_id)
        found |= custom_ids(getattr(component, "children", ()))
    return found


def may_read(channel: discord.abc.Messageable) -> bool:
    """Whether the bot may read the place's history, as far as its cache tells: without
    Read Message History, Discord answers an empty history, not an error."""
    if isinstance(channel, discord.abc.GuildChannel | discord.Thread):
        me = channel.guild.me
        try:
            return me is None or channel.permissions_for(me).read_message_history
        except discord.ClientException:  # a thread whose parent is unknown
            return True
    return True


@dataclass
class Post:
    """One public message: text, an optional image, an embed, components, allowed pings."""

    content: str | None = None
    png: bytes | None = None
    filename: str = "board.png"
    embed: discord.Embed | None = None
    view: discord.ui.View | None = None
    mentions: discord.AllowedMentions = field(default_factory=discord.AllowedMentions.none)
    #: Posted as a channel message, with this nonce enforced: posting it again returns
    #: the message already posted (Discord remembers a nonce for a few minutes).
    nonce: str | None = None
    #: Set when it may have gone out already, minutes ago maybe: the channel's history is
    #: looked up first (``look_first``).
    trace: Trace | None = None

    def look_first(self, kinds: tuple[type[Any], ...], after: int | None = None) -> None:
        """This post may have gone out already: before posting it, look for its message,
        told by the custom_id of its first component of one of ``kinds`` (see ``Trace``)."""
        items = self.view.children if self.view is not None else []
        mark = next((item.custom_id for item in items if isinstance(item, kinds)), None)
        if mark is not None:
            self.trace = Trace(mark, after)

    def kwargs(self) -> dict[str, Any]:
        """Arguments for ``send``; a fresh file each time, so a retry can send it again."""
        kwargs: dict[str, Any] = {"allowed_mentions": self.mentions}
        if self.content is not None:
            kwargs["content"] = self.content
        if self.png is not None:
            kwargs["file"] = self.file()
        if self.embed is not None:
            kwargs["embed"] = self.embed
        if self.view is not None:
            kwargs["view"] = self.view
        return kwargs

    def send_kwargs(self) -> dict[str, Any]:
        """Arguments for a channel message (``kwargs`` and the nonce, if any)."""
        if self.nonce is None:
            return self.kwargs()
        return self.kwargs() | {"nonce": self.nonce}

    def edit_kwargs(self) -> dict[str, Any]:
        """Arguments for an edit that replaces the embed, the image (none when the board
        could not be drawn: never a stale one) and the components (``view`` None removes
        them). The content, where the pings were, stays as posted; edits ping nobody."""
        return {
            "embed": self.embed,
            "attachments": [self.file()] if self.png is not None else [],
            "view": self.view,
            "allowed_mentions": discord.AllowedMentions.none(),
        }

    def shown_by(self, message: discord.Message) -> bool:
        """Whether ``message`` shows this post: a board's image is named after its
        version; without one, the text tells."""
        files = [attachment.filename for attachment in message.attachments]
        if self.png is not None:
            return files == [self.filename]
        said = message.embeds[0].description if message.embeds else None
        wanted = self.embed.description if self.embed is not None else None
        return not files and (said or "").strip() == (wanted or "").strip()

    def file(self) -> discord.File:
        assert self.png is not None
        return discord.File(io.BytesIO(self.png), filename=self.filename)


class Courier:
    def __init__(self, client: discord.Client, life: Life) -> None:
        self.client = client
        self.life = life
        self._in_flight: dict[int, tuple[int, float]] = {}
        self._gone: set[int] = set()
        self._refusals: dict[int, int] = {}
        #: Per game: looks in a row for a post that failed (see ``look``).
        self._looks: dict[int, int] = {}
        #: Told when a place is found deleted, refusing the bot, or open again after that.
        self.listener: Callable[[int, Standing], None] | None = None

    @contextlib.contextmanager
    def travelling(self, channel_id: int) -> Iterator[None]:
        """While an update of the channel's game is on its way (from before its commit, or
        the lobby's creation, until it is shown or given up), catching up leaves it alone."""
        count, _ = self._in_flight.get(channel_id, (0, 0.0))
        self._in_flight[channel_id] = (count + 1, time.monotonic())
        try:
            yield
        finally:
            count, since = self._in_flight.pop(channel_id, (1, 0.0))
            if count > 1:
                self._in_flight[channel_id] = (count - 1, since)

    def in_flight(self, channel_id: int) -> bool:
        return self.travelling_now(channel_id) > 0

    def travelling_now(self, channel_id: int) -> int:
        """How many updates of the channel's game are on their way."""
        count, since = self._in_flight.get(channel_id, (0, 0.0))
        return count if time.monotonic() - since < IN_FLIGHT_LIMIT else 0

    async def channel(self, row: GameRow) -> discord.abc.Messageable | None:
        """Where ``row`` is played (its thread, when it has one)."""
        return await self.place(row.channel_id)

    async def place(self, channel_id: int) -> discord.abc.Messageable | None:
        """A channel or thread to post in, from the cache or Discord; None when it is gone
        or not a place for messages."""
        channel = self.client.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.client.fetch_channel(channel_id)
            except DELIVERY_ERRORS as exc:
                self.failed(channel_id, exc)
                return None
        return channel if isinstance(channel, discord.abc.Messageable) else None

    def gone(self, channel_id: int) -> bool:
        """Whether Discord said the channel does not exist (deleted): nothing can ever be
        shown there, so nothing is owed to it."""
        return channel_id in self._gone

    def mark_gone(self, channel_id: int) -> None:
        """Discord announced the place's deletion (a gateway event)."""
        self._gone.add(channel_id)
        self._refusals.pop(channel_id, None)

    def failed(self, channel_id: int, exc: BaseException) -> None:
        """Learn what a failed request says about its place, and tell the listener."""
        if isinstance(exc, discord.NotFound) and exc.code == UNKNOWN_CHANNEL:
            self.mark_gone(channel_id)
            self._tell(channel_id, "gone")
        elif isinstance(exc, discord.HTTPException) and exc.code in REFUSED:
            self._refusals[channel_id] = self._refusals.get(channel_id, 0) + 1
            self._tell(channel_id, "refused")

    def worked(self, channel_id: int) -> None:
        """A post went through: if the place had refused the bot, no more. (Not an edit:
        the bot may edit its messages where it may no longer post.)"""
        if self._refusals.pop(channel_id, None) is not None:
            self._tell(channel_id, "open")

    def given_up(self, channel_id: int) -> bool:
        """Whether the place refused the bot ``GIVE_UP`` times in a row: the clock leaves
        its game alone until :meth:`reopen` (or a post that works)."""
        return self._refusals.get(channel_id, 0) >= GIVE_UP

    def reopen(self, channel_id: int) -> None:
        """Discord says the place changed (permissions, a thread unlocked): try again."""
        if channel_id in self._refusals:
            self._refusals[channel_id] = 0

    def _tell(self, channel_id: int, standing: Standing) -> None:
        if self.listener is not None:
            self.listener(channel_id, standing)

    async def deliver(
        self, row: GameRow, post: Post, interaction: Interaction | None = None
    ) -> discord.Message | int | None:
        """Show ``row`` (as of ``row.version``) in its channel: as the answer to
        ``interaction`` if given and possible, else as a channel message. Returns the message
        (or its id) when it got there, and records the version as shown."""
        if interaction is not None:
            try:
                shown = await answer(interaction, post)
            except DELIVERY_ERRORS as exc:
                log.warning(
                    "answering interaction %s for game %s failed: %s", interaction.id, row.id, exc
                )
            else:
                await self.shown(row)
                return shown
        return await self.send(row, post)

    async def send(self, row: GameRow, post: Post) -> discord.Message | None:
        """A channel message about ``row``; records the version as shown."""
        message = await self.post(row, post)
        if message is not None:
            await self.shown(row)
        return message

    async def post(self, row: GameRow, post: Post) -> discord.Message | None:
        """A channel message about ``row``; the caller records what it showed. With a
        nonce, at most once: the message Discord returns for a nonce it saw (posted
        earlier, maybe showing an earlier step) is brought up to date instead; with a
        trace, so is the message found in the channel's history (``look``). None when
        nothing shows the post: not sent, or such a message could not be brought up to
        date (the update stays owed; the next try finds that message again)."""
        channel = await self.channel(row)
        if channel is None:
            log.warning("the channel of game %s is gone or not a text channel", row.id)
            return None
        found = "absent" if post.trace is None else await self.look(row, channel, post)
        if found == "unknown":
            return None
        message = found if isinstance(found, discord.Message) else None
        if message is None:
            try:
                message = await send_once(channel, post)
            except DELIVERY_ERRORS as exc:
                self.failed(row.channel_id, exc)
                log.warning("posting game %s in its channel failed: %s", row.id, exc)
                return None
            self.worked(row.channel_id)
        if post.nonce is not None and not post.shown_by(message):
            edited = await self.edit(row, message.id, **post.edit_kwargs())
            if edited != "edited":
                log.warning("game %s: its message %s is not up to date; later", row.id, message.id)
                return None
        return message

    async def look(self, row: GameRow, channel: discord.abc.Messageable, post: Post) -> Looked:
        """Whether ``post`` went out already (``Post.trace``): its message, "absent", or
        "unknown" when Discord could not say (a 5xx, a timeout). Unknown posts nothing: the
        update stays owed and the next tick looks again, since posting could show the
        table the same turn twice; but after ``LOOKS`` failed looks in a row it is posted,
        since a table that never sees its turn is worse. A place whose history the bot
        may not read (an empty answer proves nothing), or that refuses the look, is
        posted to: the post meets the same refusal and learns from it."""
        trace, me = post.trace, self.client.user
        assert trace is not None
        if me is None or not may_read(channel):
            log.warning("game %s: no Read Message History to find a post in", row.id)
            return "absent"
        try:
            found = await search(channel, trace, me.id, post)
        except (discord.Forbidden, discord.NotFound):
            return "absent"
        except DELIVERY_ERRORS as exc:
            looks = self._looks.get(row.id, 0) + 1
            self._looks[row.id] = looks
            if looks < LOOKS:
                log.warning("game %s: its channel's history failed (%s); later", row.id, exc)
                return "unknown"
            log.warning("game %s: its channel's history keeps failing; posting", row.id)
            found = None
        self._looks.pop(row.id, None)
        return found or "absent"

    async def edit(self, row: GameRow, message_id: int, **fields: Any) -> Edited:
        """Edit one of the game's messages in its channel: "edited", "gone" (the message
        or channel no longer exists: post anew) or "failed" (try again later)."""
        channel = await self.channel(row)
        if channel is None:
            return "gone" if self.gone(row.channel_id) else "failed"
        if not isinstance(channel, EDITABLE):
            return "gone"
        try:
            await channel.get_partial_message(message_id).edit(**fields)
        except discord.NotFound as exc:
            self.failed(row.channel_id, exc)
            return "gone"
        except DELIVERY_ERRORS as exc:
            self.failed(row.channel_id, exc)
            log.warning("editing message %s of game %s failed: %s", message_id, row.id, exc)
            return "failed"
        return "edited"

    async def shown(self, row: GameRow) -> None:
        """Record that the channel saw ``row``'s version; if the store cannot take it now,
        the worst outcome is that the clock posts this version once more."""
        try:
            await self.life.shown(row.id, row.version)
        except StoreError as exc:
            log.warning("recording what game %s showed failed: %s", row.id, exc)

    async def notify(self, row: GameRow, post: Post) -> bool:
        """A channel message that is not a new version of the game (a reminder, a vote)."""
        channel = await self.channel(row)
        if channel is None:
            return False
        try:
            await channel.send(**post.kwargs())
        except DELIVERY_ERRORS as exc:
            self.failed(row.channel_id, exc)
            log.warning("a notice about game %s did not reach its channel: %s", row.id, exc)
            return False
        self.worked(row.channel_id)
        return True


async def send_once(channel: discord.abc.Messageable, post: Post) -> discord.Message:
    """``post`` as a channel message. When Discord says the message of its nonce was
    deleted since (someone removed it), a new one is owed: posted without the nonce."""
    try:
        return await channel.send(**post.send_kwargs())
    except discord.NotFound as exc:
        if exc.code != UNKNOWN_MESSAGE or post.nonce is None:
            raise
    return await channel.send(**post.kwargs())


async def search(
    channel: discord.abc.Messageable, trace: Trace, me: int, post: Post
) -> discord.Message | None:
    """The newest message ``trace`` finds: first from the message it follows on (where a
    post made at once is), then, when that page is full, among the newest (where a later
    one is)."""
    pages: list[dict[str, Any]] = []
    if trace.after is not None:
        pages.append({"after": discord.Object(trace.after - 1)})
    pages.append({})
    for page in pages:
        seen = [m async for m in channel.history(limit=LOOKBACK, **page)]
        ours = [m for m in seen if trace.finds(m, me, post)]
        if ours:
            return max(ours, key=lambda m: m.id)
        if len(seen) < LOOKBACK:
            break  # the page reached the newest message: nothing is further on
    return None


def nonce(*key: object) -> str:
    """The nonce of the one message ``key`` names (Discord takes 25 characters at most):
    posting with it again returns that message (``Post.nonce``)."""
    words = " ".join(str(part) for part in ("turnstile", *key))
    return hashlib.blake2b(words.encode(), digest_size=12).hexdigest()


async def answer(interaction: Interaction, post: Post) -> int:
    """The post as the (public) answer to an interaction (or its followup once it was
    answered: ``bot.chat.deadline``); the message's id."""
    sent = await interaction.response.send_message(**post.kwargs())
    return sent.message_id or 0
