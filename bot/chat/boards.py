"""Which message is each game's live board, as this process knows it.

The store records each game's turn message (``GameRow.turn_message_id``). A new one this
process posted and has not recorded yet (it is about to, or the store refused) is the
board all the same: its buttons work at once, and it is never posted again. The presenter
writes that here; the policy reads it to tell a click on the live board from one on an
older board, and both link to the board, so the policy needs no presenter.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord

from bot.chat.views.messages import jump_url
from bot.store.records import GameRow

Interaction = discord.Interaction[Any]


def source_id(interaction: Interaction | None) -> int | None:
    """The public message a component was used on (None: a command, or a private menu)."""
    message = interaction.message if interaction is not None else None
    if message is None or message.flags.ephemeral:
        return None
    return message.id


@dataclass(frozen=True)
class Recorded:
    """What the store keeps of a new turn message (see ``Life.record_turn``)."""

    game_id: int
    version: int
    message_id: int
    posted_for: int | None
    from_seq: int
    shown_seq: int


class Boards:
    """The live board of each game this process shows."""

    def __init__(self) -> None:
        #: Per game: a new turn message this process posted and has not recorded yet (it
        #: is about to, or the store refused: a busy store). It is the board from now on,
        #: never posted again; a refused record is tried again first thing at the game's
        #: next showing.
        self.unrecorded: dict[int, Recorded] = {}

    def board_of(self, row: GameRow) -> int | None:
        """The game's live board: a new turn message posted but not recorded yet (its
        buttons work at once), else the one ``row`` recorded."""
        posted = self.unrecorded.get(row.id)
        return posted.message_id if posted is not None else row.turn_message_id

    def link(self, row: GameRow) -> str | None:
        """Where the current board is, for reminders, votes and stale clicks."""
        board = self.board_of(row)
        if board is None:
            return None
        return jump_url(row.guild_id, row.channel_id, board)
