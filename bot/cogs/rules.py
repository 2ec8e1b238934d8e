"""``/rules game:``: each game's rules notes, including what data is reconstructed."""

from __future__ import annotations

import io
from functools import lru_cache
from importlib import resources
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.actions import guarded
from bot.cogs.options import one_of
from bot.services import Services, services_of
from engine import GAMES, get_game

Interaction = discord.Interaction[Any]


FIELD_LIMIT = 1024
EMBED_BUDGET = 5600  # under Discord's 6000 for all of an embed's text


def rules_text(slug: str) -> str:
    return resources.files(f"engine.{slug}").joinpath("RULES.md").read_text(encoding="utf-8")


def chunks(body: str, limit: int = FIELD_LIMIT) -> list[str]:
    """``body`` in pieces of at most ``limit`` characters, cut between lines."""
    pieces: list[str] = []
    current = ""
    for line in body.splitlines():
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) <= limit:
            current = candidate
            continue
        if current:
            pieces.append(current)
        current = line if len(line) <= limit else line[: limit - 2] + " …"
    if current:
        pieces.append(current)
    return pieces


@lru_cache(maxsize=8)
def rules_embed_data(slug: str) -> tuple[str, str, tuple[tuple[str, str], ...]]:
    """(title, intro, fields) from ``engine/<slug>/RULES.md`` within Discord's embed limits:
    the reconstructed-data section first, long sections continued in further fields; what
    does not fit is in the attached file."""
    intro_lines: list[str] = []
    sections: list[tuple[str, list[str]]] = []
    for line in rules_text(slug).splitlines():
        if line.startswith("## "):
            sections.append((line[3:].strip(), []))
        elif line.startswith("# "):
            continue
        elif sections:
            sections[-1][1].append(line)
        else:
            intro_lines.append(line)
    intro = "\n".join(intro_lines).strip()[:1500]
    budget = EMBED_BUDGET - len(intro)
    fields: list[tuple[str, str]] = []
    # What is reconstructed must always show (DESIGN.md §7), so it goes first.
    sections.sort(key=lambda section: "reconstruct" not in section[0].lower())
    for name, body in sections:
        for number, piece in enumerate(chunks("\n".join(body).strip() or "—")):
            title = name[:240] if number == 0 else f"{name[:230]} (cont.)"
            if len(fields) == 25 or len(title) + len(piece) > budget:
                return get_game(slug).title, intro, tuple(fields)
            budget -= len(title) + len(piece)
            fields.append((title, piece))
    return get_game(slug).title, intro, tuple(fields)


class Rules(commands.Cog):
    def __init__(self, services: Services) -> None:
        self.services = services

    @app_commands.command(
        name="rules", description="How a game is played here, and what data is reconstructed"
    )
    @app_commands.choices(game=[Choice(name=get_game(s).title, value=s) for s in GAMES])
    @guarded
    async def rules(self, interaction: Interaction, game: str) -> None:
        one_of(game, GAMES, "game")
        title, intro, fields = rules_embed_data(game)
        embed = discord.Embed(
            title=f"{title} — rules notes", description=intro or None, color=0x26324A
        )
        for name, value in fields:
            embed.add_field(name=name, value=value, inline=False)
        notes = discord.File(io.BytesIO(rules_text(game).encode()), filename=f"{game}-rules.md")
        await interaction.response.send_message(embed=embed, file=notes, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Rules(services_of(bot)))
