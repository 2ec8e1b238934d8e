"""``/disneyland …``: roll, rent, prison, surrender and title exchanges, as engine codes."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.actions import guarded
from bot.cogs.base import GameCog
from bot.cogs.options import Code, NumberList, numbers, within
from bot.errors import UserError
from bot.messages import plain
from bot.services import services_of
from bot.tables import seat_of, state_of
from engine import get_game
from engine.disneyland import data

Interaction = discord.Interaction[Any]

#: Far more cash than any player holds; the offer is also checked against what they hold.
MONEY_LIMIT = 100_000
Money = app_commands.Range[int, -MONEY_LIMIT, MONEY_LIMIT]


def squares(text: str | None) -> list[int]:
    """Square numbers from free text such as "15, 16 30"."""
    return numbers(text, 1, data.SQUARE_COUNT, "square", data.SQUARE_COUNT)


def money_steps(amount: int) -> list[str]:
    """An amount as banknote steps of the trade grammar (positive: you pay). The caller
    bounds ``amount`` by what the payer holds, so the list stays short."""
    sign = "+" if amount > 0 else "-"
    left = abs(amount)
    steps = []
    for note in sorted(data.NOTES, reverse=True):
        count, left = divmod(left, note)
        steps += [f"trade:money:{sign}{note}"] * count
    if left:
        raise UserError(f"Amounts go in steps of {min(data.NOTES)}.")
    return steps


def trade_codes(partner: str, give: list[int], take: list[int], money: int) -> list[str]:
    if not give and not take:
        raise UserError("An exchange must move at least one title: say what you give or take.")
    return [
        f"trade:with:{partner}",
        *(f"trade:give:{sq}" for sq in give),
        *(f"trade:take:{sq}" for sq in take),
        *(money_steps(money) if money else []),
        "trade:propose",
    ]


class Disneyland(GameCog, group_name="disneyland", group_description="Disneyland moves"):
    slug = "disneyland"

    @app_commands.command(
        name="roll", description="Roll the dice (on your first turn, choose 1 or 2 dice)"
    )
    @app_commands.describe(dice="First turn only, for the third player on: one or two dice")
    @app_commands.choices(dice=[Choice(name="one die", value=1), Choice(name="two dice", value=2)])
    @guarded
    async def roll(self, interaction: Interaction, dice: int | None = None) -> None:
        if dice is not None and dice not in (1, 2):
            raise UserError("Roll one die or two: `dice` is 1 or 2.")
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
        name="trade", description="Offer another player an exchange of titles (before rolling)"
    )
    @app_commands.describe(
        with_="The player you offer the exchange to",
        give="Square numbers of your titles you give, e.g. 15",
        take="Square numbers of their titles you want, e.g. 7",
        money="Cash you add (negative: cash you ask for), in steps of 25",
    )
    @app_commands.rename(with_="with")
    async def trade(
        self,
        interaction: Interaction,
        with_: discord.User,
        give: NumberList | None = None,
        take: NumberList | None = None,
        money: Money = 0,
    ) -> None:
        await self.offer(interaction, with_, give, take, money)

    @guarded
    async def offer(
        self,
        interaction: Interaction,
        partner: discord.User,
        give: str | None,
        take: str | None,
        money: int,
    ) -> None:
        """Checked against the table first (the game, both seats, the payer's cash), so no
        work depends on the size of what was typed."""
        row = await self.table(interaction)
        seat = seat_of(row, interaction.user.id)
        other = row.seat(str(partner.id))
        if other is None:
            raise UserError(f"{plain(partner.display_name)} is not playing in this game.")
        if other.id == seat:
            raise UserError("Offer the exchange to another player.")
        amount = int(within(money, -MONEY_LIMIT, MONEY_LIMIT, "money"))
        payer = seat if amount > 0 else other.id
        cash = int(get_game(row.slug).view(state_of(row), None)["money"].get(payer, 0))
        if abs(amount) > cash:
            who = "You have" if payer == seat else f"{plain(other.name)} has"
            raise UserError(f"{who} only {cash} to pay with.")
        codes = trade_codes(other.id, squares(give), squares(take), amount)
        await self.submit(interaction, codes)

    @app_commands.command(name="accept", description="Accept the exchange offered to you")
    async def accept(self, interaction: Interaction) -> None:
        await self.submit(interaction, ["trade:accept"])

    @app_commands.command(name="refuse", description="Refuse the exchange offered to you")
    async def refuse(self, interaction: Interaction) -> None:
        await self.submit(interaction, ["trade:decline"])


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Disneyland(services_of(bot)))
