"""What ``/leaderboard`` and ``/profile`` say: a page of ratings or of results as
an embed, and a profile as the card's view and as text, for screen readers and whoever has
images off. Pure functions of what the store returned; every name is made inert.

On a server's boards a person is shown by the name they played under there; on the boards
of everywhere by a mention, which each reader's client writes as it knows them (a
nickname from one server never shows on another; an embed pings nobody).

Lines are texts; the embeds and the profile's words are said in ``lang``: the language of
who asked (a board or a profile belongs to no table).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.chat.views.cards import CARD_COLOR, medal
from bot.chat.views.components import PAGE_LIMIT
from bot.chat.views.messages import bare, clip, plain
from bot.common.ratings import (
    MIN_OPPONENTS,
    PROVISIONAL_GAMES,
    REPEAT_WINDOW,
    SCALE,
    Standing,
    TitleProfile,
    robot_level,
)
from bot.store.records import TitleStats
from engine import get_game
from engine.ai import LEVEL_NAMES
from engine.text import Text, tx, txn
from i18n import Lang
from renders.profile import fairness_notes, ordinal_words, repeats_rule

#: Lines on one page of a leaderboard.
PAGE = 10
#: Rated games a profile's trend chart shows.
TREND_GAMES = 20
#: Results a profile lists per game (the card has room for five).
LAST_RESULTS = 5
#: A picture's description (its alternative text) is at most this long on Discord.
DESCRIPTION_LIMIT = 1024


def pages(total: int) -> int:
    """Pages of :data:`PAGE` lines that ``total`` lines fill (one when there are none),
    never past the last a page button can name (``components.PAGE_LIMIT``)."""
    return min(PAGE_LIMIT, max(1, -(-total // PAGE)))


def where_words(server: str | None, season: int, current: int, *, markdown: bool) -> str:
    """What a table of ratings is of: a server in a season (named once the server started
    a second: ``current``, its season now), or everywhere (None). The server's name is
    made inert for ``markdown`` (an embed's title), else only one line (the card draws
    it as it is; ``profile_head`` escapes it once)."""
    if server is None:
        return tx("everywhere")
    name = plain(server, 100) if markdown else bare(server, 100)
    if max(season, current) <= 1:
        return name
    return tx("{server} · season {season}", server=name, season=season)


def player_words(player: str, name: str, *, everywhere: bool) -> str:
    """A board's name for a player: a robot by its level; a person by their name on this
    server, or everywhere by a mention."""
    level = robot_level(player)
    if level is not None:
        return tx("🤖 {level} robot", level=LEVEL_NAMES.get(level, level))
    if everywhere:
        return f"<@{player}>" if player.isdigit() else "?"
    return f"**{plain(name)}**"


def games_words(games: int) -> Text:
    return txn("{count} game", "{count} games", games)


def standing_line(rank: int, standing: Standing, *, everywhere: bool = False) -> str:
    """ "🥇 **Alice** — **1043** · 27 games", provisional ratings marked in words."""
    rating = standing.rating
    who = player_words(standing.player, standing.name, everywhere=everywhere)
    values = {"rank": medal(rank), "player": who, "rating": rating.shown}
    if rating.provisional:
        return tx(
            "{rank} {player} — **{rating}** · {games} · *provisional*",
            games=games_words(rating.games),
            **values,
        )
    return tx("{rank} {player} — **{rating}** · {games}", games=games_words(rating.games), **values)


def record_line(rank: int, record: TitleStats, *, everywhere: bool = False) -> str:
    """ "🥇 **Alice** — 12 wins in 30 games · best 94"."""
    return tx(
        "{rank} {player} — {wins} in {games} · best {best}",
        rank=medal(rank),
        player=player_words(record.seat_id, record.name, everywhere=everywhere),
        wins=txn("{count} win", "{count} wins", record.wins),
        games=games_words(record.games),
        best=record.best,
    )


def _board_embed(
    title: str, lines: Sequence[str], total: int, page: int, note: str, lang: Lang, empty: str
) -> discord.Embed:
    embed = discord.Embed(title=clip(lang.say(title), 256), color=CARD_COLOR)
    count = pages(total)
    if lines:
        embed.description = "\n".join(lang.say(line) for line in lines)
    elif total:
        embed.description = lang.say(
            txn("There is {count} page here.", "There are {count} pages here.", count)
        )
    else:
        embed.description = lang.say(empty)
    footer = tx("Page {page} of {pages} · {note}", page=page, pages=count, note=note)
    embed.set_footer(text=lang.say(footer))
    return embed


def leaderboard_embed(
    slug: str,
    where: str,
    standings: Sequence[Standing],
    *,
    page: int,
    total: int,
    everywhere: bool = False,
    lang: Lang,
) -> discord.Embed:
    """One page of a title's rating table (``total`` lines in all): rank, name, rating,
    games, provisional mark."""
    first = (page - 1) * PAGE + 1
    lines = [standing_line(first + i, s, everywhere=everywhere) for i, s in enumerate(standings)]
    title = tx("{game} — ratings · {where}", game=get_game(slug).title, where=where)
    note = tx(
        "rating = skill μ − 3σ (OpenSkill) ×{scale} · provisional until {games} rated games"
        " · listed after {people} different opponents · robots are fixed marks per level",
        scale=SCALE,
        games=PROVISIONAL_GAMES,
        people=MIN_OPPONENTS,
    )
    nobody = tx(
        "Nobody is on this board yet: a player appears after rated games against "
        "{count} different people.",
        count=MIN_OPPONENTS,
    )
    return _board_embed(title, lines, total, page, note, lang, nobody)


def records_embed(
    slug: str,
    where: str,
    board: str,
    records: Sequence[TitleStats],
    *,
    page: int,
    total: int,
    everywhere: bool = False,
    lang: Lang,
) -> discord.Embed:
    """One page of a title's board of results: most wins (``board`` "wins") or best score
    ("best"), every finished game counted, rated or casual."""
    first = (page - 1) * PAGE + 1
    lines = [record_line(first + i, r, everywhere=everywhere) for i, r in enumerate(records)]
    game = get_game(slug).title
    if board == "wins":
        title = tx("{game} — most wins · {where}", game=game, where=where)
    else:
        title = tx("{game} — best scores · {where}", game=game, where=where)
    note = (
        tx("every finished game counts, rated or casual; robots are not listed")
        if everywhere
        else tx(
            "every finished game in a channel you can see counts, rated or casual; "
            "robots are not listed"
        )
    )
    nobody = tx("Nobody is on this board yet: finish a game to be the first.")
    return _board_embed(title, lines, total, page, note, lang, nobody)


def profile_view(name: str, where: str, titles: Sequence[TitleProfile]) -> dict[str, Any]:
    """What the profile card (``renders.profile``) draws: JSON-safe, no Discord types."""
    return {
        "name": name,
        "where": where,
        "scale": SCALE,
        "settled_after": PROVISIONAL_GAMES,
        "listed_after": MIN_OPPONENTS,
        "window": REPEAT_WINDOW,
        "games": [
            {
                "slug": t.slug,
                "rating": t.rating.shown if t.rating is not None else None,
                "provisional": t.rating is None or t.rating.provisional,
                "rank": t.rank,
                # People met (up to the leaderboard's minimum), and k for another game
                # against the last game's people (it would count 1/k).
                "met": len(t.rating.met) if t.rating is not None else 0,
                "repeat": t.rating.repeat if t.rating is not None else 1,
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


def outing_words(outing: Mapping[str, Any]) -> Text:
    """One of the last results: the place among how many players, or "left"."""
    if outing["left"]:
        return tx("left")
    place = ordinal_words(int(outing["place"]))
    return tx("{place} of {of}", place=place, of=int(outing["of"]))


def title_text(entry: Mapping[str, Any], lang: Lang, listed_after: int) -> str:
    """One title of a profile in words: what the card shows of it, in the same order."""
    parts: list[str] = []
    if entry["rating"] is None:
        parts.append(tx("unrated"))
    else:
        trend = entry["trend"]
        if len(trend) >= 2 and trend[-1] != trend[-2]:
            change = trend[-1] - trend[-2]
            parts.append(
                tx("rating {rating} (+{change} last game)", rating=entry["rating"], change=change)
                if change > 0
                else tx(
                    "rating {rating} (−{change} last game)", rating=entry["rating"], change=-change
                )
            )
        else:
            parts.append(tx("rating {rating}", rating=entry["rating"]))
        if entry["provisional"]:
            parts.append(tx("provisional"))
        if entry["rank"]:
            parts.append(tx("#{rank} on the leaderboard", rank=entry["rank"]))
        parts.extend(fairness_notes(entry, listed_after))
    if entry.get("everywhere") is not None:
        parts.append(tx("{rating} everywhere", rating=entry["everywhere"]))
    parts.append(
        tx(
            "{games}, {wins}",
            games=games_words(entry["games"]),
            wins=txn("{count} win", "{count} wins", entry["wins"]),
        )
    )
    if entry["best"] is not None:
        parts.append(tx("best score {best}", best=entry["best"]))
    last = [outing_words(o) for o in entry["last"]]
    if last:
        parts.append(tx("last: {results}", results=last))
    facts = " · ".join(lang.say(part) for part in parts)
    # i18n: one game of a profile in words: its name, then its facts ("rating 1043 · …").
    return lang.say(tx("**{game}**: {facts}", game=get_game(entry["slug"]).title, facts=facts))


def profile_head(view: Mapping[str, Any]) -> Text:
    return tx(
        "**{name}** — Turnstile ratings · {where}",
        name=plain(view["name"]),
        where=plain(view["where"], 100),
    )


def profile_text(view: Mapping[str, Any], *, lang: Lang) -> str:
    """The card in words (the message's text)."""
    lines = [title_text(entry, lang, view["listed_after"]) for entry in view["games"]]
    if lines:
        lines.append(lang.say(repeats_rule(view["window"])))
    shown = lines or [lang.say(tx("No finished games yet."))]
    return clip("\n".join([lang.say(profile_head(view)), *shown]), 2000)


def profile_description(view: Mapping[str, Any], *, lang: Lang) -> str:
    """The card's alternative text: the same words without markdown, within Discord's
    limit for a picture's description."""
    text = profile_text(view, lang=lang)
    return clip(text.replace("**", "").replace("\\", ""), DESCRIPTION_LIMIT)
