"""What ``/leaderboard`` and ``/profile`` say (issue 24): a rating table as an embed, and a
profile as the card's view and as text, for screen readers and whoever has images off.
Pure functions of what the store returned; every name is made inert."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.chat.cards import CARD_COLOR, medal
from bot.chat.messages import clip, plain
from bot.common.ratings import PROVISIONAL_GAMES, Standing, TitleProfile, robot_level
from engine import get_game

#: Lines on one page of a leaderboard.
PAGE = 10
#: Rated games a profile's trend chart shows.
TREND_GAMES = 20
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def where_words(server: str | None, season: int) -> str:
    """What a table of ratings is of: a server in a season, or everywhere (None)."""
    if server is None:
        return "everywhere"
    return f"{server} · season {season}" if season > 1 else server


def player_words(standing: Standing) -> str:
    """A leaderboard's name for a player: a robot by its level, a person by name."""
    level = robot_level(standing.player)
    return f"🤖 {level} robot" if level is not None else f"**{plain(standing.name)}**"


def standing_line(rank: int, standing: Standing) -> str:
    """ "🥇 **Alice** — 1043 · 27 games", provisional ratings marked in words."""
    rating = standing.rating
    games = f"{rating.games} game{'s' if rating.games != 1 else ''}"
    mark = " · *provisional*" if rating.provisional else ""
    return f"{medal(rank)} {player_words(standing)} — **{rating.shown}** · {games}{mark}"


def leaderboard_embed(
    slug: str, where: str, standings: Sequence[Standing], *, page: int, total: int
) -> discord.Embed:
    """One page of a title's rating table (``total`` lines in all): rank, name, rating,
    games, provisional mark."""
    pages = max(1, -(-total // PAGE))
    first = (page - 1) * PAGE + 1
    embed = discord.Embed(
        title=clip(f"{get_game(slug).title} — ratings · {plain(where, 100)}", 256), color=CARD_COLOR
    )
    lines = [standing_line(first + i, s) for i, s in enumerate(standings)]
    if lines:
        embed.description = "\n".join(lines)
    elif total:
        embed.description = f"There are {pages} page{'s' if pages != 1 else ''} of ratings."
    else:
        embed.description = "No rated games of this title here yet."
    embed.set_footer(
        text=f"Page {min(page, pages)} of {pages} · rating = skill μ − 3σ (OpenSkill) ×40 · "
        f"provisional until {PROVISIONAL_GAMES} rated games · robots are rated per level"
    )
    return embed


def profile_view(name: str, where: str, titles: Sequence[TitleProfile]) -> dict[str, Any]:
    """What the profile card (``renders.profile``) draws: JSON-safe, no Discord types."""
    return {
        "name": name,
        "where": where,
        "games": [
            {
                "slug": t.slug,
                "rating": t.rating.shown if t.rating is not None else None,
                "provisional": t.rating is None or t.rating.provisional,
                "rank": t.rank,
                "everywhere": t.everywhere.shown if t.everywhere is not None else None,
                "games": t.games,
                "wins": t.wins,
                "best": t.best,
                "trend": list(t.trend),
                "last": [
                    {"place": o.place, "of": o.of, "score": o.score, "left": o.left} for o in t.last
                ],
            }
            for t in titles
        ],
    }


def ordinal(place: int) -> str:
    return ORDINALS[place - 1] if 1 <= place <= len(ORDINALS) else f"{place}th"


def title_text(entry: Mapping[str, Any]) -> str:
    """One title of a profile in words: what the card shows of it, in the same order."""
    parts = []
    if entry["rating"] is None:
        parts.append("unrated")
    else:
        rating = f"rating {entry['rating']}"
        trend = entry["trend"]
        if len(trend) >= 2 and trend[-1] != trend[-2]:
            rating += f" ({trend[-1] - trend[-2]:+d} last game)"
        parts.append(rating)
        if entry["provisional"]:
            parts.append("provisional")
        if entry["rank"]:
            parts.append(f"#{entry['rank']} on the leaderboard")
    if entry.get("everywhere") is not None:
        parts.append(f"{entry['everywhere']} everywhere")
    games, wins = entry["games"], entry["wins"]
    parts.append(f"{games} game{'s' if games != 1 else ''}, {wins} win{'s' if wins != 1 else ''}")
    if entry["best"] is not None:
        parts.append(f"best score {entry['best']}")
    last = ["left" if o["left"] else f"{ordinal(o['place'])} of {o['of']}" for o in entry["last"]]
    if last:
        parts.append("last: " + ", ".join(last))
    return f"**{get_game(entry['slug']).title}**: " + " · ".join(parts)


def profile_text(view: Mapping[str, Any]) -> str:
    """The card in words (the message's text and the image's description)."""
    head = f"**{plain(view['name'])}** — Turnstile ratings · {plain(view['where'], 100)}"
    lines = [title_text(entry) for entry in view["games"]] or ["No finished games yet."]
    return clip("\n".join([head, *lines]), 2000)
