"""Bounds of every command option, checked twice: by Discord (the client refuses values
outside ``Range``) and here again, because a client holding an older copy of a command, or
a forged one, skips the first check. Errors are short and never echo what was typed.
A number or a choice is checked with ``within`` and ``one_of`` (``bot.common.bounds``),
the bot's one way of checking a value."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands

from bot.common.errors import UserError
from engine.text import tx, txn

#: Longest move code the engine makes (docs/ARCHITECTURE.md §2), so the longest value worth reading.
CODE_LIMIT = 100
#: A list of board squares, e.g. "15, 16, 30": every Disneyland square fits in far less.
LIST_LIMIT = 200
#: The highest game number ``/game replay`` takes. Game numbers count up from 1, one per
#: game created (SQLite AUTOINCREMENT, PostgreSQL identity), so a bot would need two billion
#: games to pass this; Discord's own bound for an integer option is 2**53 - 1, and a command
#: set with any bound beyond it is refused whole (the bot would then have no command at all).
ID_LIMIT = 2**31 - 1

#: A move code, or the bare value of one (a square, a card), as typed or autocompleted.
Code = app_commands.Range[str, 1, CODE_LIMIT]
#: A short list of numbers as free text.
NumberList = app_commands.Range[str, 1, LIST_LIMIT]
#: A game's number (``/game replay``).
GameId = app_commands.Range[int, 1, ID_LIMIT]

_CODE = re.compile(r"^[\x21-\x7e]{1,100}$")


def code(text: str) -> str:
    """``text`` as a candidate move code: printable ASCII without spaces, ≤ 100 long."""
    value = text.strip()
    if not _CODE.match(value):
        raise UserError(tx("That is not a legal move here: pick one from the list as you type."))
    return value


def numbers(text: str | None, low: int, high: int, most: int) -> list[int]:
    """Distinct whole numbers in [low, high] from free text such as "15, 16 30"."""
    if text is None or not text.strip():
        return []
    too_long = txn(
        "That list is too long: name at most {count} number.",
        "That list is too long: name at most {count} numbers.",
        most,
    )
    if len(text) > LIST_LIMIT:
        raise UserError(too_long)
    tokens = re.findall(r"\d+", text)
    if len(tokens) > most:
        raise UserError(too_long)
    found: list[int] = []
    for token in tokens:
        number = int(token) if len(token) <= len(str(high)) else high + 1
        if not low <= number <= high:
            raise UserError(tx("Each number is from {low} to {high}.", low=low, high=high))
        if number not in found:
            found.append(number)
    return found


def channel_id(interaction: discord.Interaction[Any]) -> int:
    """The channel (or thread) an interaction came from: games are played in one."""
    if interaction.channel_id is None:
        raise UserError(tx("Games are played in a server channel or thread."))
    return interaction.channel_id
