"""``/disneyland …``: roll, rent, prison, surrender and title exchanges, as engine codes."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.chat import language
from bot.chat.access.policy import admission
from bot.chat.options import Code, NumberList, numbers
from bot.chat.views.messages import humanize
from bot.chat.views.messages import names as seat_names
from bot.cogs.base import GameCog
from bot.common.bounds import within
from bot.common.errors import UserError
from bot.store.records import GameRow
from bot.table.service import state_of
from engine import IllegalMove
from engine.disneyland import data, trade
from engine.text import tx

Interaction = discord.Interaction[Any]

#: Far more cash than any player holds; the offer is also checked against what they hold.
MONEY_LIMIT = 100_000
Money = app_commands.Range[int, -MONEY_LIMIT, MONEY_LIMIT]


def squares(text: str | None) -> list[int]:
    """Square numbers from free text such as "15, 16 30"."""
    return numbers(text, 1, data.SQUARE_COUNT, data.SQUARE_COUNT)


def seat_named(row: GameRow, typed: str) -> str:
    """The seat id a ``with:`` value names: an id from the autocomplete, a mention, or a
    player's name typed in full."""
    text = typed.strip()
    bare = text.removeprefix("<@").removeprefix("!").removesuffix(">")
    for seat in row.seats:
        if bare == seat.id or text.lower() == seat.name.lower():
            return seat.id
    raise UserError(tx("Nobody by that name plays here: pick a player from the list."))


class Disneyland(GameCog, group_name="disneyland", group_description="Disneyland moves"):
    slug = "disneyland"

    @app_commands.command(
        name="roll", description="Roll the dice (on your first turn, choose 1 or 2 dice)"
    )
    @app_commands.describe(dice="First turn only, for the third player on: one or two dice")
    @app_commands.choices(dice=[Choice(name="one die", value=1), Choice(name="two dice", value=2)])
    async def roll(self, interaction: Interaction, dice: int | None = None) -> None:
        if dice is not None and dice not in (1, 2):
            raise UserError(tx("Roll one die or two: `dice` is 1 or 2."))
        code = await self.pick(interaction, ("roll",))
        if dice is not None and code != "roll":
            code = f"roll:{dice}"
        await self.submit(interaction, [code])

    @app_commands.command(name="rent", description="Rent the free attraction you are on (100)")
    async def rent(self, interaction: Interaction) -> None:
        await self.submit(interaction, ["rent"])

    @app_commands.command(name="pass", description="Don't rent the attraction you are on")
    async def pass_(self, interaction: Interaction) -> None:
        await self.submit(interaction, ["decline"])

    @app_commands.command(name="pay", description="Pay 100 to the Caisse to leave Prison at once")
    async def pay(self, interaction: Interaction) -> None:
        await self.submit(interaction, ["prison:pay"])

    @app_commands.command(
        name="surrender", description="Surrender a title to the Caisse for 100 to pay a debt"
    )
    @app_commands.describe(title="Which of your titles")
    async def surrender(self, interaction: Interaction, title: Code) -> None:
        await self.submit_step(interaction, "surrender:", title)

    @surrender.autocomplete("title")
    async def surrender_titles(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, current, "surrender:")

    @app_commands.command(
        name="trade",
        description="Offer an exchange of titles (your turn, before rolling), or counter one",
    )
    @app_commands.describe(
        with_="The player (person or robot) you offer the exchange to, or whose offer you counter",
        give="Square numbers of your titles you give, e.g. 15",
        take="Square numbers of their titles you want, e.g. 7",
        money="Balance you add (negative: you ask for it): steps of 25, at most 100 a title",
    )
    @app_commands.rename(with_="with")
    async def trade(
        self,
        interaction: Interaction,
        with_: Code,
        give: NumberList | None = None,
        take: NumberList | None = None,
        money: Money = 0,
    ) -> None:
        await self.offer(interaction, with_, give, take, money)

    @trade.autocomplete("with_")
    async def trade_partners(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        """The other seats of this channel's game, people and robots."""
        row = await self.services.tables.open_game_in(interaction.channel_id or 0)
        if row is None or row.slug != self.slug:
            return []
        typed = current.strip().lower()
        named = seat_names(row, language.reader(interaction))
        others = [(s.id, named[s.id]) for s in row.seats if s.id != str(interaction.user.id)]
        found = [Choice(name=n[:100], value=i) for i, n in others if typed in n.lower()]
        return found[:25]

    async def offer(
        self,
        interaction: Interaction,
        partner: str,
        give: str | None,
        take: str | None,
        money: int,
    ) -> None:
        """Checked against the table first (the game, both seats, the terms, the payer's
        cash) by the engine's own exchange rules, so no work depends on what was typed."""
        admitted = admission(interaction)
        row, seat = admitted.game, admitted.player
        other = seat_named(row, partner)
        amount = int(within(money, -MONEY_LIMIT, MONEY_LIMIT, tx("The money")))
        try:
            codes = trade.exchange_codes(
                state_of(row), seat, other, squares(give), squares(take), amount
            )
        except IllegalMove as problem:
            reader = language.reader(interaction)
            words = humanize(reader.say(problem.words), seat_names(row, reader), bold=False)
            raise UserError(words) from None
        await self.submit(interaction, codes)

    @app_commands.command(name="accept", description="Accept the exchange offered to you")
    async def accept(self, interaction: Interaction) -> None:
        await self.submit(interaction, ["trade:accept"])

    @app_commands.command(name="refuse", description="Refuse the exchange offered to you")
    async def refuse(self, interaction: Interaction) -> None:
        await self.submit(interaction, ["trade:decline"])
