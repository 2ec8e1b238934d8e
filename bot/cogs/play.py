"""``/play move:`` (the universal move command, with autocomplete) and ``/hand``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.chat import language
from bot.chat.options import Code
from bot.chat.services import Services
from bot.chat.views.messages import clip, not_your_turn, relabel
from bot.chat.views.messages import names as seat_names
from engine import IllegalMove, Move, get_game
from engine.text import tx

Interaction = discord.Interaction[Any]

#: The values of the autocomplete choices that only explain (submitting one plays
#: nothing and answers why).
#: An autocomplete choice's name, in any language (Discord's limit).
CHOICE_NAME = 100
NOT_YOUR_TURN = "not-your-turn"
NOT_PLAYING = "not-playing"


def matching(moves: list[Move], typed: str, prefix: str = "") -> list[Choice[str]]:
    """Autocomplete choices: moves whose code starts with ``prefix`` and that match ``typed``."""
    needle = typed.strip().lower()
    found = [
        m
        for m in moves
        if m.code.startswith(prefix) and (needle in m.label.lower() or needle in m.code.lower())
    ]
    return [Choice(name=clip(m.label, CHOICE_NAME), value=m.code) for m in found[:25]]


async def caller_moves(
    services: Services, interaction: Interaction, before: Sequence[str] = ()
) -> list[Move]:
    """The caller's legal moves in this channel's game (empty when none), after playing
    the ``before`` codes on a copy (for a command's second step)."""
    return (await caller_options(services, interaction, before))[0]


async def caller_options(
    services: Services, interaction: Interaction, before: Sequence[str] = ()
) -> tuple[list[Move], list[Choice[str]]]:
    """The caller's legal moves, or (when there are none) the one choice that says why:
    whose turn it is, or that the caller is not playing here; in the caller's language."""
    if interaction.channel_id is None:
        return [], []
    row = await services.tables.open_game_in(interaction.channel_id)
    if row is None or row.status != "active" or row.snapshot is None:
        return [], []
    lang = language.reader(interaction)
    seat = row.seat(str(interaction.user.id))
    if seat is None:
        why = lang.say(tx("You are not playing in this game.")).removesuffix(".")
        return [], [Choice(name=clip(why, CHOICE_NAME), value=NOT_PLAYING)]
    game = get_game(row.slug)
    state = game.load(row.snapshot)
    if not game.legal_moves(state, seat.id) and game.outcome(state) is None:
        waiting = game.waiting_for(state) or game.to_move(state)
        named = seat_names(row, lang)
        names = [named.get(s, s) for s in waiting]
        # A choice is a label, not a sentence: no full stop.
        why = lang.say(not_your_turn(names, markdown=False)).removesuffix(".")
        return [], [Choice(name=clip(why, CHOICE_NAME), value=NOT_YOUR_TURN)]
    try:
        for code in before:
            state, _ = game.play(state, seat.id, code)
    except IllegalMove:
        return [], []
    return relabel(game.legal_moves(state, seat.id), seat_names(row, lang), lang=lang), []


async def move_choices(
    services: Services,
    interaction: Interaction,
    typed: str,
    prefix: str = "",
    before: Sequence[str] = (),
) -> list[Choice[str]]:
    """Autocomplete of a move: the caller's legal moves matching what was typed; when
    the caller has none, one choice that says whose turn it is."""
    moves, why = await caller_options(services, interaction, before)
    return matching(moves, typed, prefix) if moves else why


class Play(commands.Cog):
    def __init__(self, services: Services) -> None:
        self.services = services

    @app_commands.command(name="play", description="Make a move in this channel's game")
    @app_commands.guild_only()
    @app_commands.describe(move="Start typing: the list shows your legal moves")
    async def play(self, interaction: Interaction, move: Code) -> None:
        await self.services.moves.move(interaction, [move])

    @play.autocomplete("move")
    async def play_autocomplete(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return await move_choices(self.services, interaction, current)

    @app_commands.command(name="hand", description="Your private view: hand and secret choices")
    @app_commands.guild_only()
    async def hand(self, interaction: Interaction) -> None:
        await self.services.picker.hand(interaction)
