"""Moves: ``/play``, the games' own commands, the move buttons and menus, and Undo.

The gate admitted the caller as a player the game waits on (``bot.chat.access.policy``) and
watches the deadline (``bot.chat.deadline``: however long robots think, the answer is
deferred in time); a move is played by the game service, then shown by the presenter,
answering the interaction with the board where it can.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any, Protocol

import discord

from bot.chat import language
from bot.chat.access.policy import admission
from bot.chat.answers import tell
from bot.chat.delivery import DELIVERY_ERRORS, Courier
from bot.chat.options import code as move_code
from bot.chat.presenter import Handed, Presenter
from bot.chat.updates import Updates
from bot.chat.views.messages import MAX_LINE, clip, humanize, plain
from bot.chat.views.messages import names as seat_names
from bot.store.records import GameRow
from bot.table.service import MoveResult, Tables
from engine.text import tx
from i18n import Lang

Interaction = discord.Interaction[Any]


class LearningHook(Protocol):
    """What a learning game's move asks afterwards (``handlers.coach.Coach.after_move``)."""

    async def after_move(
        self,
        interaction: Interaction,
        before: GameRow,
        seat: str,
        codes: Sequence[str],
        result: MoveResult,
    ) -> None: ...


class Moves:
    #: The coach, which comments on each move of a learning game (wired at start-up).
    coach: LearningHook | None = None

    def __init__(
        self, courier: Courier, tables: Tables, presenter: Presenter, updates: Updates
    ) -> None:
        self.courier = courier
        self.tables = tables
        self.presenter = presenter
        self.updates = updates

    async def move(self, interaction: Interaction, codes: list[str]) -> None:
        """Play ``codes`` (one friendly command may be several engine moves) for the caller."""
        checked = [move_code(c) for c in codes]
        row = admission(interaction).game
        await self.play(interaction, checked, seen_version=row.version)

    async def move_button(
        self, interaction: Interaction, game_id: int, version: int, mark: str, code: str
    ) -> None:
        """A move component: plays ``code`` only while it still means what was shown."""
        await self.play(interaction, [code], seen_version=version, mark=mark)

    async def play(
        self,
        interaction: Interaction,
        codes: list[str],
        *,
        seen_version: int,
        mark: str | None = None,
    ) -> None:
        """One pass: the game the gate read is played and committed once by the game
        service (however long robots think), and what it committed is handed to the
        presenter, which shows it without reading it back."""
        admitted = admission(interaction)
        row, seat = admitted.game, admitted.player
        with self.courier.travelling(row.channel_id), self.presenter.expecting(row.id) as since:
            result = await self.tables.play(row, seat, codes, seen_version=seen_version, mark=mark)
            await self.reply_result(interaction, result, since.hand(result))
        if row.learning and self.coach is not None:
            await self.coach.after_move(interaction, row, seat, codes, result)

    async def undo(self, interaction: Interaction, game_id: int, version: int) -> None:
        """The Undo button: the seat that made the last step takes it back."""
        admitted = admission(interaction)
        row, seat = admitted.game, admitted.player
        with self.courier.travelling(row.channel_id), self.presenter.expecting(row.id) as since:
            result = await self.tables.undo(row, seat, version)
            mine, table = language.reader(interaction), language.table(result.row)
            ack, headline = took_back(result, seat, mine=mine, table=table)
            await self.presenter.show(
                result.row,
                interaction=interaction,
                ack=ack,
                headline=headline,
                handed=since.hand(result),
            )

    async def reply_result(
        self, interaction: Interaction, result: MoveResult, handed: Handed | None = None
    ) -> None:
        """The public update for a committed move: the turn message edited, or a new one
        for a new turn. The move is committed, so from here on nothing may fail the
        player: an update that cannot be shown now is shown by the clock later. A secret
        choice is confirmed privately; a choice made in the private picker is confirmed
        there. ``handed``: the commit, for the presenter (see ``Presenter.show``). Every
        answer here is the player's own, in their language."""
        lang = language.reader(interaction)
        done = said_labels(result.labels, seat_names(result.row, lang), lang, bold=False)
        private = interaction.message is not None and interaction.message.flags.ephemeral
        text = f"✅ {done}"
        if result.secret:
            text = lang.say(
                tx(
                    "✅ {done} — recorded; only you can see it. You can change it until "
                    "everyone has chosen; `/hand` shows it.",
                    done=done,
                )
            )
        if result.secret or private:
            await confirm(interaction, text, in_place=private)
            # Answered: the board is edited by itself.
            await self.presenter.show(result.row, handed=handed)
            return
        await self.presenter.show(
            result.row, interaction=interaction, ack=f"✅ {done}", handed=handed
        )
        await self.updates.after_end(result.row)


async def confirm(interaction: Interaction, text: str, *, in_place: bool) -> None:
    """A private confirmation of a move: the private picker it was chosen in becomes it
    (``in_place``), else a private answer."""
    with contextlib.suppress(*DELIVERY_ERRORS):
        if in_place:
            await interaction.response.edit_message(content=text, view=None)
        else:
            await tell(interaction, text)


def said_labels(labels: list[str], names: dict[str, str], lang: Lang, *, bold: bool = True) -> str:
    """Move labels or log lines (texts) in ``lang``, names for seat ids, one line."""
    return "; ".join(humanize(lang.say(label), names, bold=bold) for label in labels)


def took_back(result: MoveResult, seat: str, *, mine: Lang, table: Lang) -> tuple[str, str]:
    """What ``seat`` taking a step back says: privately (in ``mine``, the player's
    language), the step's own labels (they may name a tile only its player knows);
    publicly (in ``table``, the table's), only the lines the table saw when the step was
    played (``MoveResult.taken``), so taking it back reveals nothing new."""
    name = plain(result.row.names.get(seat, seat))
    steps = said_labels(result.labels, seat_names(result.row, mine), mine)
    seen = said_labels(result.taken, seat_names(result.row, table), table)
    if seen:
        headline = tx("↩ **{name}** took back a step: {lines}", name=name, lines=seen)
    else:
        headline = tx("↩ **{name}** took back a step", name=name)
    ack = mine.say(tx("↩ Taken back: {steps}", steps=steps))
    return ack, clip(table.say(headline), MAX_LINE)
