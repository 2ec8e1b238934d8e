"""``/imagineers …``: the three steps of a turn (play a tile, move guests, take a tile)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.client import TurnstileBot
from bot.cogs.base import GameCog, with_prefix

Interaction = discord.Interaction[Any]

STACKS = [
    Choice(name="Attraction stack", value="attraction"),
    Choice(name="Coaster stack", value="coaster"),
]


class Imagineers(GameCog, group_name="imagineers", group_description="Imagineers moves"):
    slug = "imagineers"

    async def tile_then(self, interaction: Interaction, tile: str, prefix: str, value: str) -> None:
        await self.submit(interaction, [with_prefix("tile:", tile), with_prefix(prefix, value)])

    async def after_tile(
        self, interaction: Interaction, current: str, prefix: str
    ) -> list[Choice[str]]:
        tile = str(interaction.namespace.tile or "")
        return await self.complete(interaction, current, prefix, [with_prefix("tile:", tile)])

    @app_commands.command(
        name="entrance", description="Setup: put your coaster entrance on a red space"
    )
    async def entrance(self, interaction: Interaction, space: str) -> None:
        await self.submit_step(interaction, "entrance:", space)

    @entrance.autocomplete("space")
    async def entrance_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, current, "entrance:")

    @app_commands.command(
        name="build", description="Step 1: build an attraction from your hand on a space"
    )
    @app_commands.describe(
        tile="A tile from your hand", space="An empty space (or one to deconstruct)"
    )
    async def build(self, interaction: Interaction, tile: str, space: str) -> None:
        await self.tile_then(interaction, tile, "build:", space)

    @app_commands.command(
        name="upgrade", description="Step 1: upgrade your roller coaster with a tile"
    )
    @app_commands.describe(tile="A tile from your hand", slot="A slot of your coaster board")
    async def upgrade(self, interaction: Interaction, tile: str, slot: str) -> None:
        await self.tile_then(interaction, tile, "upgrade:", slot)

    @app_commands.command(name="staff", description="Step 1: discard a tile for a staff action")
    @app_commands.describe(
        tile="The tile to discard", action="Vendor, Janitor (with a space) or Performer"
    )
    async def staff(self, interaction: Interaction, tile: str, action: str) -> None:
        await self.tile_then(interaction, tile, "staff:", action)

    @build.autocomplete("tile")
    @upgrade.autocomplete("tile")
    @staff.autocomplete("tile")
    async def tile_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, current, "tile:")

    @build.autocomplete("space")
    async def space_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return await self.after_tile(interaction, current, "build:")

    @upgrade.autocomplete("slot")
    async def slot_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return await self.after_tile(interaction, current, "upgrade:")

    @staff.autocomplete("action")
    async def staff_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return await self.after_tile(interaction, current, "staff:")

    @app_commands.command(name="perform", description="Performer: pick a guest, then where it goes")
    @app_commands.describe(guest="The guest to move", to="The path space it moves to")
    async def perform(self, interaction: Interaction, guest: str, to: str) -> None:
        await self.submit(interaction, [with_prefix("guest:", guest), with_prefix("to:", to)])

    @perform.autocomplete("guest")
    async def guest_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, current, "guest:")

    @perform.autocomplete("to")
    async def to_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        guest = str(interaction.namespace.guest or "")
        return await self.complete(interaction, current, "to:", [with_prefix("guest:", guest)])

    @app_commands.command(name="move", description="Step 2: move the guests of a path space")
    @app_commands.describe(
        space="A path space the Movement card allows", order="Drop order, e.g. RB"
    )
    async def move(self, interaction: Interaction, space: str, order: str | None = None) -> None:
        codes = [with_prefix("move:", space)]
        if order:
            codes.append(with_prefix("order:", order.upper()))
        await self.submit(interaction, codes)

    @move.autocomplete("space")
    async def move_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(interaction, current, "move:")

    @move.autocomplete("order")
    async def order_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        space = str(interaction.namespace.space or "")
        return await self.complete(interaction, current, "order:", [with_prefix("move:", space)])

    @app_commands.command(name="take", description="Step 3: take the top tile of a stack, blind")
    @app_commands.choices(stack=STACKS)
    async def take(self, interaction: Interaction, stack: str) -> None:
        await self.submit_step(interaction, "take:", stack)


async def setup(bot: TurnstileBot) -> None:
    await bot.add_cog(Imagineers(bot))
