"""A thread per game: at start, the lobby message grows a public thread and the game is
played there, so a channel can host many tables without drowning in boards. A thread
can be lost (deleted, or refusing the bot); :class:`ThreadKeeper` sees that every game
can still end.

Where that cannot or should not happen the game is played in place: the server turned
threads off (``/game settings threads:off``), the lobby already is in a thread (or in a
channel that has no message threads), the bot lacks Create Public Threads or Send Messages
in Threads there, or Discord refuses anyway (a 403 after a permission changed).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Final, Literal

import discord

from bot.chat.delivery import DELIVERY_ERRORS, Courier, Standing
from bot.chat.views import cards
from bot.chat.views.cards import thread_name
from bot.common.errors import UserError
from bot.store.errors import Conflict
from bot.store.records import GameRow
from bot.table.life import Life
from bot.table.service import Tables

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


@dataclass
class Stuck:
    """A game's place that refuses the bot: where it is, for the events that may fix it."""

    guild_id: int | None = None
    parent_id: int | None = None


class ThreadKeeper:
    """A started game's thread (where its server plays in threads), and what becomes of a
    game whose place is lost, so that every game can end.

    Deleted (the bot hears THREAD_DELETE or CHANNEL_DELETE, or, after being offline,
    Discord answers 404 to its first request there): its games are cancelled, and the
    lobby message in the parent channel says why. Refusing the bot (403, or a locked
    archived thread): the lobby message in the parent says what is wrong and how to end
    the game (``/game cancel`` there); the courier stops the clock's tries after a few
    refusals, and the keeper lets it try again when Discord says the place changed, or an
    interaction there shows the bot may post again. Once a post gets through, the lobby
    message is back to normal.
    """

    def __init__(
        self,
        life: Life,
        tables: Tables,
        courier: Courier,
        edit_lobby: Callable[..., Awaitable[None]],
    ) -> None:
        self.life = life
        self.tables = tables
        self.courier = courier
        #: Edits a game's lobby message (``LobbyMessage.edit``).
        self.edit_lobby = edit_lobby
        self.stuck: dict[int, Stuck] = {}

    async def open_thread(self, interaction: Interaction, row: GameRow) -> discord.Thread | None:
        """The started game's thread, made from its lobby message; None to play in place."""
        channel = interaction.channel
        if row.guild_id is None or row.lobby_message_id is None or channel is None:
            return None
        if channel.id != row.channel_id:  # never happens: a lobby is started from its channel
            return None
        reason = in_place_reason(
            enabled=await self.life.threads_enabled(row.guild_id),
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

    async def heard(self, place: int, standing: Standing) -> None:
        """What the courier learnt about a place (run on its own: a failure is logged,
        and the next request there tells the keeper again)."""
        try:
            if standing == "gone":
                await self.deleted(place)
            elif standing == "refused":
                await self.refused(place)
            else:
                await self.reopened(place)
        except Exception:
            log.exception("handling place %s (%s) failed", place, standing)

    async def deleted(self, place: int) -> None:
        """A channel or thread was deleted: cancel the games played in it or in threads
        of it (a channel's threads go with it); each one's lobby message, where it still
        exists, says so."""
        self.courier.mark_gone(place)
        self.stuck.pop(place, None)
        own = await self.tables.open_game_in(place)
        rows = [own] if own is not None else []
        for row in [*rows, *await self.tables.open_games_under(place)]:
            cancelled = await self.cancel(row)
            if cancelled is None:
                continue  # it was over already
            log.info("game %s was cancelled: its place %s was deleted", row.id, place)
            # Its lobby message is in the parent channel, unless that is what went.
            lobby = cancelled.lobby_channel_id
            if cancelled.parent_channel_id is not None and not self.courier.gone(lobby):
                line = cards.summary_line(cancelled, None, thread_gone=True)
                await self.edit_lobby(cancelled, content=line, embed=None, view=None)

    async def cancel(self, row: GameRow) -> GameRow | None:
        """Cancel a game that is still open; None when it is over already."""
        for _ in range(3):  # another writer came first: look again
            fresh = await self.tables.get(row.id)
            if fresh is None or fresh.status not in ("lobby", "active"):
                return None
            try:
                return await self.tables.cancel(fresh)
            except Conflict:
                continue
            except UserError:
                return None
        return None

    async def lost(self, row: GameRow) -> bool:
        """Whether the thread of ``row`` is gone, looking it up if the bot does not know
        (deleted while it was offline); if so, the game is cancelled as for a deletion."""
        if row.parent_channel_id is None:
            return False
        if not self.courier.gone(row.channel_id):
            await self.courier.place(row.channel_id)
        if not self.courier.gone(row.channel_id):
            return False
        await self.deleted(row.channel_id)
        return True

    async def refused(self, place: int) -> None:
        """The place refused the bot: once, the game's lobby message in the parent says
        what is wrong and how to end the game."""
        if place in self.stuck:
            return
        stuck = self.stuck[place] = Stuck()
        row = await self.tables.open_game_in(place)
        if row is None:
            return
        stuck.guild_id, stuck.parent_id = row.guild_id, row.parent_channel_id
        log.warning("game %s: its place %s refuses the bot", row.id, place)
        if row.parent_channel_id is not None:
            await self.edit_lobby(row, content=cards.stuck_line(row), embed=None, view=None)

    async def reopened(self, place: int) -> None:
        """A post got through again: the lobby message is back to normal."""
        if self.stuck.pop(place, None) is None:
            return
        row = await self.tables.open_game_in(place)
        if row is not None and row.parent_channel_id is not None:
            line = cards.summary_line(row, None)
            await self.edit_lobby(row, content=line, embed=None, view=None)

    def changed(self, guild_id: int, place: int | None = None) -> None:
        """Discord says something changed that may let the bot post again: ``place`` (a
        channel or thread) was updated, or (None) a role or the bot's own member in the
        guild. The clock tries the places it affects again."""
        for stuck_place, stuck in self.stuck.items():
            if stuck.guild_id == guild_id and place in (None, stuck_place, stuck.parent_id):
                self.courier.reopen(stuck_place)

    async def seen(self, interaction: Interaction) -> None:
        """An interaction from a place that refused the bot carries the bot's permissions
        there (and the thread's state): if it may post now, the place is open again."""
        place = interaction.channel_id
        if place is None or place not in self.stuck:
            return
        allowed = interaction.app_permissions
        channel = interaction.channel
        if isinstance(channel, discord.Thread):
            may_post = allowed.send_messages_in_threads and not (
                channel.archived and channel.locked
            )
        else:
            may_post = allowed.send_messages
        if allowed.view_channel and may_post:
            self.courier.reopen(place)
            await self.reopened(place)
