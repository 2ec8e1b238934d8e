"""Who is at the table: reminders, idle seats and their votes, leaving and rejoining
(issue 6). The AI stands in for a person who left or went idle, and hands the seat back
when they return."""

from __future__ import annotations

import contextlib
from typing import Any

import discord

from bot import components
from bot.actions import Actions, channel_id, guarded, tell
from bot.delivery import DELIVERY_ERRORS, Post
from bot.errors import UserError
from bot.messages import mention, pings, plain, row_title
from bot.store import GameRow, Seat
from bot.tables import MoveResult, seat_of, state_of
from engine import get_game

Interaction = discord.Interaction[Any]


def idle_seats(row: GameRow) -> list[Seat]:
    """The people the game is waiting on right now."""
    state = state_of(row)
    waiting = get_game(row.slug).waiting_for(state)
    return [s for s in row.seats if s.id in waiting and not s.ai]


class Attendance:
    """The table-life replies, built on the shared move and reply helpers of Actions."""

    def __init__(self, actions: Actions) -> None:
        self.actions = actions

    def board_link(self, row: GameRow) -> str:
        """ " — [the board](…)": where to move, for a reminder or a vote."""
        link = self.actions.presenter.link(row)
        return f" — [the board]({link})" if link else ""

    async def remind(self, row: GameRow, seats: list[Seat]) -> None:
        who = ", ".join(mention(s) for s in seats)
        text = (
            f"⏰ {who}: the {row_title(row)} table is waiting for your move{self.board_link(row)}."
        )
        await self.actions.courier.notify(row, Post(content=text, mentions=pings(seats)))

    async def announce_idle(self, row: GameRow, seats: list[Seat]) -> None:
        who = ", ".join(mention(s) for s in seats)
        text = (
            f"💤 {who} {'has' if len(seats) == 1 else 'have'} not moved for a while"
            f"{self.board_link(row)}. "
            "The other players can vote: let the AI play for them for the rest of the "
            "game, or end the game (a majority decides). Moving now cancels the vote; "
            "`/game rejoin` takes a seat back from the AI later."
        )
        view = components.idle_view(row.id, row.version)
        post = Post(content=text, view=view, mentions=pings(seats))
        await self.actions.courier.notify(row, post)

    @guarded
    async def idle_vote(
        self, interaction: Interaction, game_id: int, version: int, choice: str
    ) -> None:
        row = await self.actions.row_for_component(game_id)
        if row.version != version:
            raise UserError("The game moved on since then: this vote is closed.")
        idle = idle_seats(row)
        voters = [s for s in row.seats if not s.ai and s.id not in {i.id for i in idle}]
        voter = str(interaction.user.id)
        if voter not in {s.id for s in voters}:
            raise UserError("Only the other players at this table can vote.")
        votes = await self.actions.tables.store.vote(row.id, version, voter, choice)
        tally = sum(1 for v in votes.values() if v == choice)
        if tally * 2 <= len(voters):
            await tell(interaction, f"Vote recorded ({tally} of {len(voters)} players so far).")
            return
        if choice == "end":
            ended = await self.actions.tables.cancel(row, version=version)
            await self.actions.presenter.retire(ended)
            await interaction.response.edit_message(
                content=f"🛑 The players voted to end this {row_title(ended)} game. "
                "It is not counted.",
                view=None,
            )
            await self.actions.after_end(ended)
            return
        with self.actions.courier.travelling(row.channel_id):
            seats = [s.id for s in idle]
            outcome = await self.actions.tables.hand_to_ai(row, seats, version=version)
            names = ", ".join(plain(s.name) for s in idle)
            with contextlib.suppress(*DELIVERY_ERRORS):
                await interaction.response.edit_message(
                    content=f"🤖 The players voted: the AI now plays for {names}.", view=None
                )
            await self.after_handover(outcome, f"🤖 The AI now plays for {names}.")

    async def after_handover(self, outcome: MoveResult | GameRow, headline: str) -> None:
        """Tell the table about a seat handover: the AI's moves, or the end of the game."""
        if isinstance(outcome, GameRow):
            await self.actions.presenter.retire(outcome)
            text = f"🛑 Only AI players were left, so this {row_title(outcome)} game ended."
            await self.actions.courier.notify(outcome, Post(content=text))
            await self.actions.after_end(outcome)
            return
        await self.actions.post(outcome, headline)

    @guarded
    async def leave_game(self, interaction: Interaction, row: GameRow) -> None:
        seat_of(row, interaction.user.id)
        await interaction.response.send_message(
            "Leave this game? The AI will play your seat for the rest of it "
            "(`/game rejoin` takes it back).",
            view=components.leave_view(row.id),
            ephemeral=True,
        )

    @guarded
    async def confirm_leave(self, interaction: Interaction, game_id: int) -> None:
        row = await self.actions.row_for_component(game_id)
        seat = seat_of(row, interaction.user.id)
        with self.actions.courier.travelling(row.channel_id):
            outcome = await self.actions.tables.hand_to_ai(row, [seat])
            with contextlib.suppress(*DELIVERY_ERRORS):
                await interaction.response.edit_message(content="You left the table.", view=None)
            name = plain(row.names.get(seat, seat))
            await self.after_handover(outcome, f"👋 {name} left; the AI plays for them.")

    @guarded
    async def rejoin(self, interaction: Interaction) -> None:
        row = await self.actions.tables.active_game_in(channel_id(interaction))
        back_now = await self.actions.tables.rejoin(row, str(interaction.user.id))
        if back_now:
            await interaction.response.send_message(
                f"🙌 {plain(interaction.user.display_name)} is back at the table.",
                allowed_mentions=discord.AllowedMentions.none(),
            )
        else:
            await tell(
                interaction,
                "You get your seat back as soon as the AI finishes the turn it is playing.",
            )
