"""Getting a game's public updates to its channel, and knowing that they got there.

Every public update of a game goes through :class:`Courier`: as the answer to an
interaction when there is one, else (or when that answer fails) as a channel message. The
store records the version each channel last saw; anything behind is posted later
(``Updates.catch_up``). Channels with an update on its way are registered while it travels, so
catching up never posts something twice.

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
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

import aiohttp
import discord

from bot.store import GameRow, StoreError
from bot.store.interface import GameStore

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
    def __init__(self, client: discord.Client, store: GameStore) -> None:
        self.client = client
        self.store = store
        self._in_flight: dict[int, tuple[int, float]] = {}
        self._gone: set[int] = set()
        self._refusals: dict[int, int] = {}
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
        earlier, maybe showing an earlier step) is brought up to date instead."""
        channel = await self.channel(row)
        if channel is None:
            log.warning("the channel of game %s is gone or not a text channel", row.id)
            return None
        try:
            message = await channel.send(**post.send_kwargs())
        except DELIVERY_ERRORS as exc:
            self.failed(row.channel_id, exc)
            log.warning("posting game %s in its channel failed: %s", row.id, exc)
            return None
        self.worked(row.channel_id)
        if post.nonce is not None and not post.shown_by(message):
            await self.edit(row, message.id, **post.edit_kwargs())
        return message

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
            await self.store.mark_shown(row.id, row.version)
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


def nonce(*key: object) -> str:
    """The nonce of the one message ``key`` names (Discord takes 25 characters at most):
    posting with it again returns that message (``Post.nonce``)."""
    words = " ".join(str(part) for part in ("turnstile", *key))
    return hashlib.blake2b(words.encode(), digest_size=12).hexdigest()


async def answer(interaction: Interaction, post: Post) -> discord.Message | int:
    """The post as the (public) answer to an interaction, or its followup if answered."""
    if interaction.response.is_done():
        return await interaction.followup.send(wait=True, **post.kwargs())
    sent = await interaction.response.send_message(**post.kwargs())
    return sent.message_id or 0
