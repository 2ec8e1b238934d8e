"""Who is at the table: reminders, idle seats and their votes, leaving and rejoining.
The AI stands in for a person who left or went idle, and hands the seat back when they
return.

The rules are the table's (:mod:`bot.table.timers`): the clock calls an idle vote with its
notice, and a ballot counts only for a called vote, from a player it includes (the policy
admits nobody else); a majority of its voters decides. This module says what was decided.
Handing a seat to the AI lets the robots play on: the deadline (``bot.chat.deadline``)
keeps its answer in time, as a move's.

What the table reads (reminders, idle notices, the vote's outcome, who left or came back)
is in the table's language; what only one person sees (a ballot counted, the leave
confirmation) in theirs."""

from __future__ import annotations

import contextlib
from typing import Any

import discord

from bot.chat import language
from bot.chat.access.policy import admission
from bot.chat.answers import tell
from bot.chat.delivery import DELIVERY_ERRORS, Courier, Post
from bot.chat.presenter import Presenter
from bot.chat.updates import Updates
from bot.chat.views import components
from bot.chat.views.messages import mention, pings, plain, row_title
from bot.store.records import GameRow, Seat
from bot.table.service import MoveResult, Tables, played_out
from bot.table.timers import Timers
from engine.text import tx, txn

Interaction = discord.Interaction[Any]


async def settle(interaction: Interaction, text: str) -> None:
    """The component's message becomes ``text``, as the answer."""
    with contextlib.suppress(*DELIVERY_ERRORS):
        await interaction.response.edit_message(content=text, view=None)


class Attendance:
    """Reminders, idle votes, leaving and rejoining a running game."""

    def __init__(
        self, courier: Courier, tables: Tables, presenter: Presenter, updates: Updates
    ) -> None:
        self.courier = courier
        self.tables = tables
        self.presenter = presenter
        self.updates = updates
        #: The idle vote's rules (how a ballot counts, and when it decides).
        self.timers = Timers(tables)

    async def remind(self, row: GameRow, seats: list[Seat]) -> None:
        people = [mention(s) for s in seats]
        link, game = self.presenter.link(row), row_title(row)
        if link:
            said = tx(
                "⏰ {people}: the {game} table is waiting for your move — [the board]({link}).",
                people=people,
                game=game,
                link=link,
            )
        else:
            said = tx(
                "⏰ {people}: the {game} table is waiting for your move.", people=people, game=game
            )
        text = language.table(row).say(said)
        await self.courier.notify(row, Post(content=text, mentions=pings(seats)))

    async def announce_idle(self, row: GameRow, seats: list[Seat]) -> None:
        lang = language.table(row)
        people = [mention(s) for s in seats]
        link = self.presenter.link(row)
        if link:
            idle = txn(
                "💤 {people} has not moved for a while — [the board]({link}).",
                "💤 {people} have not moved for a while — [the board]({link}).",
                len(seats),
                people=people,
                link=link,
            )
        else:
            idle = txn(
                "💤 {people} has not moved for a while.",
                "💤 {people} have not moved for a while.",
                len(seats),
                people=people,
            )
        # A rated game is not ended by a vote (a loser could end it so): only the AI.
        rated = played_out(row)
        if rated:
            vote = tx(
                "The other players can vote to let the AI play for them for the rest of "
                "this rated game (a majority decides): the ratings then place them no better "
                "than they stand now. Moving now cancels the vote; "
                "`/game rejoin` takes a seat back from the AI later."
            )
        else:
            vote = tx(
                "The other players can vote: let the AI play for them for the rest of the "
                "game, or end the game (a majority decides). Moving now cancels the vote; "
                "`/game rejoin` takes a seat back from the AI later."
            )
        text = f"{lang.say(idle)} {lang.say(vote)}"
        view = components.idle_view(row.id, row.version, lang=lang, end=not rated)
        post = Post(content=text, view=view, mentions=pings(seats))
        await self.courier.notify(row, post)

    async def idle_vote(
        self, interaction: Interaction, game_id: int, version: int, choice: str
    ) -> None:
        """A ballot of a called vote (the policy admitted only its voters, while the game
        is at the version it was called at): a majority of them decides."""
        admitted = admission(interaction)
        row, call = admitted.game, admitted.vote
        ballot = await self.timers.ballot(row, call, admitted.player, choice)
        if not ballot.decided:
            counted = tx(
                "Vote recorded ({tally} of {voters} players so far).",
                tally=ballot.tally,
                voters=ballot.voters,
            )
            await tell(interaction, language.reader(interaction).say(counted))
            return
        lang = language.table(row)
        if choice == "end":
            ended = await self.tables.cancel(row, version=call.version, by_player=True)
            over = tx(
                "🛑 The players voted to end this {game} game. It is not counted.",
                game=row_title(ended),
            )
            await settle(interaction, lang.say(over))
            await self.presenter.retire(ended)
            await self.updates.after_end(ended)
            return
        idle = [seat for seat in row.seats if seat.id in call.seats]
        names = [plain(s.name) for s in idle]
        with self.courier.travelling(row.channel_id):
            outcome = await self.tables.hand_to_ai(row, call.seats, version=call.version)
            voted = tx("🤖 The players voted: the AI now plays for {names}.", names=names)
            await settle(interaction, lang.say(voted))
            await self.after_handover(outcome, tx("🤖 The AI now plays for {names}.", names=names))

    async def after_handover(self, outcome: MoveResult | GameRow, headline: str) -> None:
        """Tell the table about a seat handover (``headline``: a text the table's language
        says): the AI's moves, or the end of the game."""
        if isinstance(outcome, GameRow):
            await self.presenter.retire(outcome)
            ended = tx(
                "🛑 Only AI players were left, so this {game} game ended.",
                game=row_title(outcome),
            )
            text = language.table(outcome).say(ended)
            await self.courier.notify(outcome, Post(content=text))
            await self.updates.after_end(outcome)
            return
        await self.updates.post(outcome, headline)

    async def leave_game(self, interaction: Interaction, row: GameRow) -> None:
        """``/game leave`` in a running game: asks first (a private confirmation)."""
        ask = tx(
            "Leave this game? The AI will play your seat for the rest of it "
            "(`/game rejoin` takes it back)."
        )
        reader = language.reader(interaction)
        await interaction.response.send_message(
            reader.say(ask),
            view=components.leave_view(row.id, lang=reader),
            ephemeral=True,
        )

    async def confirm_leave(self, interaction: Interaction, game_id: int) -> None:
        admitted = admission(interaction)
        row, seat = admitted.game, admitted.player
        with self.courier.travelling(row.channel_id):
            outcome = await self.tables.hand_to_ai(row, [seat], leaving=True)
            await settle(interaction, language.reader(interaction).say(tx("You left the table.")))
            name = plain(row.names.get(seat, seat))
            await self.after_handover(
                outcome, tx("👋 {name} left; the AI plays for them.", name=name)
            )

    async def rejoin(self, interaction: Interaction) -> None:
        row = admission(interaction).game
        back_now = await self.tables.rejoin(row, str(interaction.user.id))
        if back_now:
            back = tx("🙌 {name} is back at the table.", name=plain(interaction.user.display_name))
            await interaction.response.send_message(
                language.table(row).say(back),
                allowed_mentions=discord.AllowedMentions.none(),
            )
        else:
            later = tx("You get your seat back as soon as the AI finishes the turn it is playing.")
            await tell(interaction, language.reader(interaction).say(later))
