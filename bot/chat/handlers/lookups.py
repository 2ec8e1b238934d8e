"""Answers that only look and change nothing: ``/game status`` (the board again, or the
lobby card, or links to the games played in threads), ``/game log`` and ``/rules``."""

from __future__ import annotations

import io
from typing import Any

import discord

from bot.chat import language
from bot.chat.access.policy import admission
from bot.chat.options import channel_id
from bot.chat.presenter import Presenter
from bot.chat.views import cards
from bot.chat.views.lobby_message import LobbyMessage
from bot.chat.views.messages import humanize
from bot.chat.views.messages import names as seat_names
from bot.common.bounds import one_of
from bot.table.service import Tables
from engine import GAMES
from engine.text import tx

Interaction = discord.Interaction[Any]

#: Characters of /game log shown in the message itself.
LOG_LIMIT = 1900


class Lookups:
    def __init__(self, tables: Tables, presenter: Presenter, lobby: LobbyMessage) -> None:
        self.tables = tables
        self.presenter = presenter
        self.lobby = lobby

    async def status(self, interaction: Interaction) -> None:
        """The board (or the lobby card) of this channel's game; in a channel whose games
        moved into threads, a link to each of them."""
        where = channel_id(interaction)
        if await self.tables.open_game_in(where) is None:
            elsewhere = await self.tables.open_games_under(where)
            if elsewhere:
                await interaction.response.send_message(
                    cards.threads_list(elsewhere, lang=language.reader(interaction)),
                    ephemeral=True,
                    allowed_mentions=discord.AllowedMentions.none(),
                )
                return
        row = await self.tables.game_in(where)
        if row.status == "lobby":
            await self.lobby.post(row, interaction)
            return
        await self.presenter.show(row, interaction=interaction, repost=True)

    async def log(self, interaction: Interaction) -> None:
        """``/game log``: every move so far, privately; the latest lines in the message
        and, when they do not all fit, the whole log as a text file."""
        row = admission(interaction).game
        lang = language.reader(interaction)
        moves = await self.tables.moves(row.id)
        said = [(m.seq, lang.say(e)) for m in moves for e in m.events]
        named = seat_names(row, lang)
        lines = [f"`{seq:>4}` {humanize(line, named)}" for seq, line in said]
        text = "\n".join(lines) or lang.say(tx("No moves yet."))
        if len(text) <= LOG_LIMIT:
            await interaction.response.send_message(text, ephemeral=True)
            return
        shown: list[str] = []
        while lines and len("\n".join([lines[-1], *shown])) <= LOG_LIMIT - 60:
            shown.insert(0, lines.pop())
        whole = "\n".join(f"{seq:>4} {humanize(line, named, bold=False)}" for seq, line in said)
        await interaction.response.send_message(
            "…\n" + "\n".join(shown) + "\n" + lang.say(tx("The whole log is in the file.")),
            file=discord.File(io.BytesIO(whole.encode()), filename=f"game-{row.id}-log.txt"),
            ephemeral=True,
        )

    async def rules(self, interaction: Interaction, slug: str) -> None:
        """``/rules`` and the start card's "Full rules": how to play first, then the notes."""
        one_of(slug, GAMES, tx("game"))
        embed, notes = cards.rules_card(slug, lang=language.reader(interaction))
        await interaction.response.send_message(
            embed=embed,
            file=discord.File(io.BytesIO(notes), filename=f"{slug}-rules.md"),
            ephemeral=True,
        )
