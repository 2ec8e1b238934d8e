"""``/rules game:``: each game's rules notes, including what data is reconstructed."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.client import TurnstileBot
from engine import GAMES, get_game

Interaction = discord.Interaction[Any]


@lru_cache(maxsize=8)
def rules_embed_data(slug: str) -> tuple[str, str, tuple[tuple[str, str], ...]]:
    """(title, intro, sections) from ``engine/<slug>/RULES.md``, cut to Discord's limits."""
    text = resources.files(f"engine.{slug}").joinpath("RULES.md").read_text(encoding="utf-8")
    intro_lines: list[str] = []
    sections: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        if line.startswith("## "):
            sections.append((line[3:].strip(), []))
        elif line.startswith("# "):
            continue
        elif sections:
            sections[-1][1].append(line)
        else:
            intro_lines.append(line)
    intro = "\n".join(intro_lines).strip()[:1500]
    budget = 5600 - len(intro)
    fields: list[tuple[str, str]] = []
    for name, body in sections[:25]:
        value = "\n".join(body).strip() or "—"
        if len(value) > 1024:
            value = value[:1020] + " …"
        cost = len(name[:256]) + len(value)
        if cost > budget:
            break
        budget -= cost
        fields.append((name[:256], value))
    return get_game(slug).title, intro, tuple(fields)


class Rules(commands.Cog):
    def __init__(self, bot: TurnstileBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="rules", description="How a game is played here, and what data is reconstructed"
    )
    @app_commands.choices(game=[Choice(name=get_game(s).title, value=s) for s in GAMES])
    async def rules(self, interaction: Interaction, game: str) -> None:
        title, intro, fields = rules_embed_data(game)
        embed = discord.Embed(
            title=f"{title} — rules notes", description=intro or None, color=0x26324A
        )
        for name, value in fields:
            embed.add_field(name=name, value=value, inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: TurnstileBot) -> None:
    await bot.add_cog(Rules(bot))
