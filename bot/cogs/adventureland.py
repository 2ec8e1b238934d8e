"""``/adventureland …``: setup, draft, approve, build, place and bonus plays."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.chat.options import Code
from bot.cogs.base import GameCog, with_prefix
from bot.common.errors import UserError
from engine.text import tx

Interaction = discord.Interaction[Any]


def build_code(card: str) -> str:
    """The Build code for a picked code or a typed ride key (a discard stays a discard)."""
    card = card.strip()
    return card if card.startswith("scrap:") else with_prefix("build:", card)


def place_code(square: str) -> str:
    """The Place code for a picked code or a square typed in any case (``b3``)."""
    return "place:" + square.strip().removeprefix("place:").upper()


class Adventureland(
    GameCog, group_name="adventureland", group_description="Alan's Adventureland moves"
):
    slug = "adventureland"

    @app_commands.command(name="mat", description="Layout Bonus setup: take a themed mat")
    @app_commands.describe(mat="Which mat")
    async def mat(self, interaction: Interaction, mat: Code) -> None:
        await self.submit_step(interaction, "mat:", mat)

    @mat.autocomplete("mat")
    async def mat_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, current, "mat:")

    @app_commands.command(
        name="preconstruct", description="Setup: play a card as a pre-built attraction"
    )
    @app_commands.describe(card="A card from your hand")
    async def preconstruct(self, interaction: Interaction, card: Code) -> None:
        await self.submit_step(interaction, "pre:", card)

    @preconstruct.autocomplete("card")
    async def pre_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, current, "pre:")

    @app_commands.command(name="draft", description="Take a card from the face-up offer")
    @app_commands.describe(card="A face-up card")
    async def draft(self, interaction: Interaction, card: Code) -> None:
        await self.submit_step(interaction, "draft:", card)

    @draft.autocomplete("card")
    async def draft_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, current, "draft:")

    @app_commands.command(
        name="approve", description="Put a card into an empty gap between two players"
    )
    @app_commands.describe(card="The card and the gap it goes into")
    async def approve(self, interaction: Interaction, card: Code) -> None:
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
    async def build(self, interaction: Interaction, card: Code, square: Code | None = None) -> None:
        await self.build_and_place(interaction, build_code(card), square)

    async def build_and_place(
        self, interaction: Interaction, code: str, square: str | None
    ) -> None:
        """Build, and place the new tile in the same move when a square is given."""
        if not square:
            await self.submit(interaction, [code])
            return
        if code in {m.code for m in await self.my_moves(interaction)}:
            after = await self.my_moves(interaction, [code])
            if not any(m.code.startswith("place:") for m in after):
                raise UserError(
                    tx(
                        "That card needs no square (it improves the attraction you already "
                        "have, or is discarded): leave `square` empty."
                    )
                )
        await self.submit(interaction, [code, place_code(square)])

    @build.autocomplete("card")
    async def build_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        moves = await self.complete(interaction, current, "build:")
        return moves or await self.complete(interaction, current, "scrap:")

    @build.autocomplete("square")
    async def square_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        card = str(interaction.namespace.card or "")
        before = [build_code(card)] if card else []
        return await self.complete(interaction, current, "place:", before)

    @app_commands.command(
        name="place", description="Put your new attraction's tile on a mat square"
    )
    @app_commands.describe(square="A free square, A1–D5")
    async def place(self, interaction: Interaction, square: Code) -> None:
        await self.submit(interaction, [place_code(square)])

    @place.autocomplete("square")
    async def place_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, current, "place:")

    @app_commands.command(name="bonus", description="Bonus Round: play one of your Bonus cards")
    @app_commands.describe(card="One of your Bonus cards")
    async def bonus(self, interaction: Interaction, card: Code) -> None:
        await self.submit_step(interaction, "bonus:", card)

    @bonus.autocomplete("card")
    async def bonus_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, current, "bonus:")
