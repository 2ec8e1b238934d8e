"""``/game …``: open a table, seat players and robots, start, cancel, status and log."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.actions import Actions, guarded, humanize, lobby_embed
from bot.client import TurnstileBot
from bot.errors import UserError
from bot.store import Seat
from bot.views import lobby_view
from engine import GAMES, get_game

Interaction = discord.Interaction[Any]

#: Lobby options offered by /game new; each must be some game's OptionSpec name.
OPTION_NAMES = ("length", "variant", "side")


def option_choices(name: str) -> list[Choice[str]]:
    """Every value any game accepts for the option ``name``, labelled for people."""
    choices: dict[str, str] = {}
    for slug in GAMES:
        for spec in get_game(slug).options:
            if spec.name == name:
                for value in spec.choices:
                    choices.setdefault(value, f"{get_game(slug).title}: {spec.label(value)}")
    return [Choice(name=label[:100], value=value) for value, label in choices.items()][:25]


class Lobby(commands.GroupCog, group_name="game", group_description="Open and run game tables"):
    def __init__(self, bot: TurnstileBot) -> None:
        self.bot = bot

    @property
    def actions(self) -> Actions:
        return self.bot.actions

    @app_commands.command(name="new", description="Open a lobby for a game in this channel")
    @app_commands.describe(
        game="Which game to play",
        length="Disneyland: agreed length of the game",
        variant="Alan's Adventureland: which variant",
        side="Imagineers: which side of the park board",
    )
    @app_commands.choices(
        game=[Choice(name=get_game(slug).title, value=slug) for slug in GAMES],
        length=option_choices("length"),
        variant=option_choices("variant"),
        side=option_choices("side"),
    )
    async def new(
        self,
        interaction: Interaction,
        game: str,
        length: str | None = None,
        variant: str | None = None,
        side: str | None = None,
    ) -> None:
        given = {"length": length, "variant": variant, "side": side}
        await self.open_lobby(interaction, game, {k: v for k, v in given.items() if v})

    @guarded
    async def open_lobby(
        self, interaction: Interaction, slug: str, options: dict[str, str]
    ) -> None:
        if slug not in GAMES:
            raise UserError(f"Unknown game. Choose one of: {', '.join(GAMES)}.")
        if interaction.channel_id is None or interaction.guild_id is None:
            raise UserError("Games are played in a server channel or thread.")
        user = interaction.user
        row = await self.bot.tables.open_lobby(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            slug=slug,
            host=Seat(id=str(user.id), name=user.display_name),
            options=options,
        )
        await interaction.response.send_message(embed=lobby_embed(row), view=lobby_view(row.id))
        message = await interaction.original_response()
        await self.bot.tables.set_lobby_message(row, message.id)

    async def _lobby(self, interaction: Interaction, action: str) -> None:
        row = await self.bot.tables.game_in(interaction.channel_id or 0)
        if row.status != "lobby":
            raise UserError("The game here has already started.")
        await self.actions.lobby_action(interaction, row, action, edit=False)

    @app_commands.command(name="join", description="Take a seat at this channel's table")
    @guarded
    async def join(self, interaction: Interaction) -> None:
        await self._lobby(interaction, "join")

    @app_commands.command(name="leave", description="Leave this channel's table")
    @guarded
    async def leave(self, interaction: Interaction) -> None:
        await self._lobby(interaction, "leave")

    @app_commands.command(name="addbot", description="Fill an open seat with a robot player")
    @guarded
    async def addbot(self, interaction: Interaction) -> None:
        await self._lobby(interaction, "addbot")

    @app_commands.command(name="start", description="Start the game (host or Manage Channels)")
    @guarded
    async def start(self, interaction: Interaction) -> None:
        await self._lobby(interaction, "start")

    @app_commands.command(
        name="cancel", description="Cancel this channel's game (host or Manage Channels)"
    )
    @guarded
    async def cancel(self, interaction: Interaction) -> None:
        row = await self.bot.tables.game_in(interaction.channel_id or 0)
        self.actions.require_host(interaction, row)
        row = await self.bot.tables.cancel(row)
        await self.actions.refresh_lobby_message(row)
        await interaction.response.send_message(
            f"🛑 The {get_game(row.slug).title} game was cancelled."
        )

    @app_commands.command(name="status", description="Show the board, scores and whose turn it is")
    async def status(self, interaction: Interaction) -> None:
        await self.actions.status(interaction)

    @app_commands.command(name="log", description="The recent moves of this channel's game")
    @guarded
    async def log(self, interaction: Interaction) -> None:
        row = await self.bot.tables.game_in(interaction.channel_id or 0)
        moves = await self.bot.store.moves(row.id, last=20)
        lines = [f"`{m.seq:>4}` {humanize(e, row.names)}" for m in moves for e in m.events]
        text = "\n".join(lines[-30:]) or "No moves yet."
        if len(text) > 1900:
            text = "…\n" + text[-1890:]
        await interaction.response.send_message(text, ephemeral=True)


async def setup(bot: TurnstileBot) -> None:
    await bot.add_cog(Lobby(bot))
