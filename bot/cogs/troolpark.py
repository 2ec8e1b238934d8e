"""``/troolpark …``: the secret choice, placing cards, Booths, catch-up, bonuses and
Thrills inspection Categories, as engine codes (grammar in ``engine/troolpark/rules.py``).

The secret choice needs nothing special here: the bot answers any move made while several
seats are to move ephemerally and posts the (letter-free) board separately.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.chat.options import Code
from bot.cogs.base import GameCog

Interaction = discord.Interaction[Any]


def as_code(prefix: str, value: str, *, upper: bool = False) -> str:
    """``value`` (a full code from autocomplete, or typed by hand in any case) as a code:
    space letters are upper case, every other argument lower case."""
    argument = value.strip().removeprefix(prefix).strip()
    return prefix + (argument.upper() if upper else argument.lower())


class TroolPark(GameCog, group_name="troolpark", group_description="Trool Park moves"):
    slug = "troolpark"

    async def submit_value(
        self, interaction: Interaction, prefix: str, value: str, upper: bool
    ) -> None:
        """Play the one code a command stands for, from its autocompleted or typed value."""
        await self.submit(interaction, [as_code(prefix, value, upper=upper)])

    @app_commands.command(
        name="choose", description="Secretly choose an open Attraction (change it until all chose)"
    )
    @app_commands.describe(space="An open space of the central board, A–G")
    async def choose(self, interaction: Interaction, space: Code) -> None:
        await self.submit_value(interaction, "choose:", space, upper=True)

    @choose.autocomplete("space")
    async def choose_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, current, "choose:")

    @app_commands.command(name="place", description="Put your new card in an area of your park")
    @app_commands.describe(area="Laughs, Thrills or Snacks")
    async def place(self, interaction: Interaction, area: Code) -> None:
        await self.submit_value(interaction, "place:", area, upper=False)

    @place.autocomplete("area")
    async def place_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, current, "place:")

    @app_commands.command(name="booth", description="Take a Booth of a ground type")
    @app_commands.describe(ground="Snow, Stone or Sand")
    async def booth(self, interaction: Interaction, ground: Code) -> None:
        await self.submit_value(interaction, "booth:", ground, upper=False)

    @booth.autocomplete("ground")
    async def booth_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, current, "booth:")

    @app_commands.command(name="take", description="Catch-up: take an Attraction still open")
    @app_commands.describe(space="An open space of the central board, A–G")
    async def take(self, interaction: Interaction, space: Code) -> None:
        await self.submit_value(interaction, "take:", space, upper=True)

    @take.autocomplete("space")
    async def take_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, current, "take:")

    @app_commands.command(name="bonus", description="Catch-up: one of the two location bonuses")
    @app_commands.describe(bonus="A bonus beside the space you took")
    async def bonus(self, interaction: Interaction, bonus: Code) -> None:
        await self.submit_value(interaction, "bonus:", bonus, upper=False)

    @bonus.autocomplete("bonus")
    async def bonus_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, current, "bonus:")

    @app_commands.command(
        name="category", description="Thrills inspection: the Category your points go to"
    )
    @app_commands.describe(category="Laughs, Thrills or Snacks (not one already picked)")
    async def category(self, interaction: Interaction, category: Code) -> None:
        await self.submit_value(interaction, "cat:", category, upper=False)

    @category.autocomplete("category")
    async def category_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, current, "cat:")
