"""``/adventureland …``: setup, draft, approve, build, place and bonus plays."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.client import TurnstileBot
from bot.cogs.base import GameCog

Interaction = discord.Interaction[Any]


class Adventureland(
    GameCog, group_name="adventureland", group_description="Alan's Adventureland moves"
):
    slug = "adventureland"

    @app_commands.command(name="mat", description="Layout Bonus setup: take a themed mat")
    @app_commands.describe(mat="Which mat")
    async def mat(self, interaction: Interaction, mat: str) -> None:
        await self.submit_step(interaction, "mat:", mat)

    @mat.autocomplete("mat")
    async def mat_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, current, "mat:")

    @app_commands.command(
        name="preconstruct", description="Setup: play a card as a pre-built attraction"
    )
    @app_commands.describe(card="A card from your hand")
    async def preconstruct(self, interaction: Interaction, card: str) -> None:
        await self.submit_step(interaction, "pre:", card)

    @preconstruct.autocomplete("card")
    async def pre_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, current, "pre:")

    @app_commands.command(name="draft", description="Take a card from the face-up offer")
    @app_commands.describe(card="A face-up card")
    async def draft(self, interaction: Interaction, card: str) -> None:
        await self.submit_step(interaction, "draft:", card)

    @draft.autocomplete("card")
    async def draft_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, current, "draft:")

    @app_commands.command(
        name="approve", description="Put a card into an empty gap between two players"
    )
    @app_commands.describe(card="The card and the gap it goes into")
    async def approve(self, interaction: Interaction, card: str) -> None:
        await self.submit_step(interaction, "approve:", card)

    @approve.autocomplete("card")
    async def approve_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, current, "approve:")

    @app_commands.command(
        name="build", description="Build: play a card (free or with its penalty), then place it"
    )
    @app_commands.describe(
        card="A card from your hand", square="Where a new attraction goes (A1–D5)"
    )
    async def build(self, interaction: Interaction, card: str, square: str | None = None) -> None:
        codes = [card if card.startswith(("build:", "scrap:")) else f"build:{card}"]
        if square:
            codes.append(square if square.startswith("place:") else f"place:{square.upper()}")
        await self.submit(interaction, codes)

    @build.autocomplete("card")
    async def build_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        moves = await self.complete(interaction, current, "build:")
        return moves or await self.complete(interaction, current, "scrap:")

    @build.autocomplete("square")
    async def square_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        card = str(interaction.namespace.card or "")
        before = [card if card.startswith("build:") else f"build:{card}"] if card else []
        return await self.complete(interaction, current, "place:", before)

    @app_commands.command(
        name="place", description="Put your new attraction's tile on a mat square"
    )
    @app_commands.describe(square="A free square, A1–D5")
    async def place(self, interaction: Interaction, square: str) -> None:
        await self.submit_step(
            interaction, "place:", square.upper() if len(square) <= 3 else square
        )

    @place.autocomplete("square")
    async def place_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, current, "place:")

    @app_commands.command(name="bonus", description="Bonus Round: play one of your Bonus cards")
    @app_commands.describe(card="One of your Bonus cards")
    async def bonus(self, interaction: Interaction, card: str) -> None:
        await self.submit_step(interaction, "bonus:", card)

    @bonus.autocomplete("card")
    async def bonus_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, current, "bonus:")


async def setup(bot: TurnstileBot) -> None:
    await bot.add_cog(Adventureland(bot))
