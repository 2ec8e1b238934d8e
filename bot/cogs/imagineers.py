"""``/imagineers …``: the three steps of a turn (play a tile, move guests, take a tile)."""

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

STACKS = [
    Choice(name="Attraction stack", value="attraction"),
    Choice(name="Coaster stack", value="coaster"),
]
#: Codes offered once a tile is picked: the caller is in the middle of step 1.
USES = ("build:", "upgrade:", "staff:")
#: Codes offered once the Performer's guest is picked.
TARGETS = ("to:",)
#: Codes offered once a path space is picked: the caller is in the middle of step 2.
ORDERS = ("order:",)


def order_code(typed: str) -> str:
    """The ``order:`` code for a drop order; people may type the letters in lower case."""
    return "order:" + typed.strip().removeprefix("order:").upper()


class Imagineers(GameCog, group_name="imagineers", group_description="Imagineers moves"):
    slug = "imagineers"

    async def repick(self, interaction: Interaction, halfway: tuple[str, ...]) -> list[str]:
        """``["back"]`` when the caller made the first choice of a step with ``/play`` (their
        moves start with ``halfway``): a typed command names it again, so it goes back first."""
        moves = await self.my_moves(interaction)
        return ["back"] if any(m.code.startswith(halfway) for m in moves) else []

    async def tile_then(self, interaction: Interaction, tile: str, prefix: str, value: str) -> None:
        codes = [with_prefix("tile:", tile), with_prefix(prefix, value)]
        await self.submit(interaction, [*await self.repick(interaction, USES), *codes])

    async def after_tile(
        self, interaction: Interaction, current: str, prefix: str
    ) -> list[Choice[str]]:
        before = [
            *await self.repick(interaction, USES),
            with_prefix("tile:", str(interaction.namespace.tile or "")),
        ]
        return await self.complete(interaction, current, prefix, before)

    @app_commands.command(
        name="entrance", description="Setup: put your coaster entrance on a red space"
    )
    @app_commands.describe(space="A free red space")
    async def entrance(self, interaction: Interaction, space: Code) -> None:
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
    async def build(self, interaction: Interaction, tile: Code, space: Code) -> None:
        await self.tile_then(interaction, tile, "build:", space)

    @app_commands.command(
        name="upgrade", description="Step 1: upgrade your roller coaster with a tile"
    )
    @app_commands.describe(tile="A tile from your hand", slot="A slot of your coaster board")
    async def upgrade(self, interaction: Interaction, tile: Code, slot: Code) -> None:
        await self.tile_then(interaction, tile, "upgrade:", slot)

    @app_commands.command(name="staff", description="Step 1: discard a tile for a staff action")
    @app_commands.describe(
        tile="The tile to discard", action="Vendor, Janitor (with a space) or Performer"
    )
    async def staff(self, interaction: Interaction, tile: Code, action: Code) -> None:
        await self.tile_then(interaction, tile, "staff:", action)

    @build.autocomplete("tile")
    @upgrade.autocomplete("tile")
    @staff.autocomplete("tile")
    async def tile_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return await self.complete(
            interaction, current, "tile:", await self.repick(interaction, USES)
        )

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
    async def perform(self, interaction: Interaction, guest: Code, to: Code) -> None:
        codes = [with_prefix("guest:", guest), with_prefix("to:", to)]
        await self.submit(interaction, [*await self.repick(interaction, TARGETS), *codes])

    @perform.autocomplete("guest")
    async def guest_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        before = await self.repick(interaction, TARGETS)
        return await self.complete(interaction, current, "guest:", before)

    @perform.autocomplete("to")
    async def to_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        guest = with_prefix("guest:", str(interaction.namespace.guest or ""))
        before = [*await self.repick(interaction, TARGETS), guest]
        return await self.complete(interaction, current, "to:", before)

    @app_commands.command(name="move", description="Step 2: move the guests of a path space")
    @app_commands.describe(
        space="A path space the Movement card allows", order="Drop order, e.g. RB"
    )
    async def move(self, interaction: Interaction, space: Code, order: Code | None = None) -> None:
        await self.move_guests(interaction, space, order)

    async def move_guests(self, interaction: Interaction, space: str, order: str | None) -> None:
        """The whole of step 2 in one command: when the group can be dropped in several
        orders and none was given, ask for one instead of leaving the step half-chosen."""
        codes = [*await self.repick(interaction, ORDERS), with_prefix("move:", space)]
        if order:
            codes.append(order_code(order))
        elif any(m.code.startswith("order:") for m in await self.my_moves(interaction, codes)):
            raise UserError(
                tx("These guests can be dropped in more than one order: fill in `order` too.")
            )
        await self.submit(interaction, codes)

    @move.autocomplete("space")
    async def move_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        before = await self.repick(interaction, ORDERS)
        return await self.complete(interaction, current, "move:", before)

    @move.autocomplete("order")
    async def order_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        space = with_prefix("move:", str(interaction.namespace.space or ""))
        before = [*await self.repick(interaction, ORDERS), space]
        return await self.complete(interaction, current, "order:", before)

    @app_commands.command(name="take", description="Step 3: take the top tile of a stack, blind")
    @app_commands.describe(stack="Which stack")
    @app_commands.choices(stack=STACKS)
    async def take(self, interaction: Interaction, stack: str) -> None:
        await self.submit_step(interaction, "take:", stack)
