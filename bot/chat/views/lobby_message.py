"""The lobby message of a game: the one live lobby card while the lobby is open, then one
line saying where the game is played and, once it is over, how it ended."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.chat import language
from bot.chat.delivery import DELIVERY_ERRORS, Courier, Post
from bot.chat.views import cards, components
from bot.store.records import GameRow
from bot.table.service import Tables, public_view, state_of
from engine.text import tx

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]


class LobbyMessage:
    def __init__(self, courier: Courier, tables: Tables) -> None:
        self.courier = courier
        self.tables = tables

    async def post(
        self, row: GameRow, interaction: Interaction | None = None, *, once: str | None = None
    ) -> None:
        """A fresh lobby card (the answer to ``interaction``, else a channel message) becomes
        the one live card; the previous one loses its buttons and points down to it.
        Under the game's lock (which every lobby command and Start take) until the card's
        message is recorded: a Join or Start pressed the moment the card shows waits for
        it, so it retires this card, or grows the thread from it, not from the one before;
        the previous card is read when it is retired. ``once``: the card's nonce, so a
        retry posts it at most once (a card found in the channel is it)."""
        async with self.tables.lock(row.id):
            card = cards.lobby_card(row)
            post = Post(embed=card.embed, view=card.view, nonce=once)
            if once is not None:  # a retry: the card may be there, recorded or not
                post.look_first((components.LobbyButton,), row.lobby_message_id)
            sent = await self.courier.deliver(row, post, interaction)
            message_id = sent.id if isinstance(sent, discord.Message) else sent
            if message_id:
                previous = await self.tables.get(row.id) or row
                await self.tables.set_lobby_message(row.id, message_id)
                if previous.lobby_message_id != message_id:
                    await self.retire(previous)

    async def retire(self, row: GameRow) -> None:
        """The previous lobby card shrinks to one line pointing to the newer one."""
        moved = language.table(row).say(tx("⬇️ This lobby moved further down."))
        await self.edit(row, content=moved, embed=None, view=None)

    async def refresh(self, row: GameRow) -> None:
        """Keep the lobby message current: the card while the lobby is open, then one line
        saying where the game is played and, once it is over, how it ended."""
        if row.status == "lobby":
            card = cards.lobby_card(row)
            await self.edit(row, embed=card.embed, view=card.view)
            return
        view = public_view(row, state_of(row)) if row.status == "finished" else None
        await self.edit(row, content=cards.summary_line(row, view), embed=None, view=None)

    async def edit(self, row: GameRow, **fields: Any) -> None:
        channel = await self.courier.place(row.lobby_channel_id)
        if row.lobby_message_id is None or channel is None:
            return
        try:
            await channel.get_partial_message(row.lobby_message_id).edit(**fields)  # type: ignore[attr-defined]
        except DELIVERY_ERRORS:
            log.warning("could not edit the lobby message of game %s", row.id)
