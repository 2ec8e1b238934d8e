"""The cards a table shows around its game: the lobby, the start, the final results, the
one-line summary the lobby message becomes, and the rules.

Pure builders: a game row and a view (``tables.public_view``) in, what to send out (an embed,
a line of text, the components to attach). They post nothing, so any posting path (today's
Courier, the turn-message presenter) can use them. Names are shown inert (no markdown, no
mentions); engine texts go through ``humanize``, so no seat id ever reaches a player.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

import discord

from bot.chat import components
from bot.chat.messages import clip, humanize, plain, seat_token
from bot.common.links import channel_url, message_url
from bot.store import GameRow, Seat
from engine import get_game
from engine.ai import level_notes
from engine.text import tx, txn
from i18n import Lang
from renders.theme import token_words

#: One colour for the cards of every game (the lobby card's since issue 6).
CARD_COLOR = 0x26324A
FINAL_COLOR = 0xE6B41E
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}
#: The lobby menu's values for a rated and a casual table.
RATED = {True: "on", False: "off"}
#: Discord's limit for a thread's name.
THREAD_NAME_LIMIT = 100
#: A player summary: at most this many lines of at most this many characters.
SUMMARY_LINES = 5
SUMMARY_WIDTH = 120
#: Event lines a card shows of the last move before folding the middle away.
LAST_MOVE_LINES = 8
FIELD_LIMIT = 1024
EMBED_BUDGET = 5600  # under Discord's 6000 for all of an embed's text
#: Characters that could start mention syntax (``<@id>``, ``@everyone``) in a thread name,
#: where nothing is escaped.
UNSAFE_IN_NAMES = frozenset("<>@`")
ZWJ = "\u200d"


@dataclass
class Card:
    """What to send: an embed and the components under it."""

    embed: discord.Embed
    view: discord.ui.View | None = None


# ------------------------------------------------------------------ what the cards say


def summary_lines(slug: str) -> tuple[str, ...]:
    """How to win and what a turn is, in five lines for players (``Game.summary``; at most
    five lines of 120 characters, however a game's text grows)."""
    lines = get_game(slug).summary
    return tuple(clip(line, SUMMARY_WIDTH) for line in lines[:SUMMARY_LINES])


def turn_order(view: Mapping[str, Any]) -> list[str]:
    """The seats in the order they play: a game's explicit order (Disneyland's roll-off,
    Trool Park's Fun Slide from the bottom), else table order from the first player."""
    seats = [str(s) for s in view.get("seats", [])]
    for key in ("order", "slide"):
        given = view.get(key)
        if isinstance(given, list) and sorted(map(str, given)) == sorted(seats):
            return [str(s) for s in given]
    first = view.get("first")
    if first in seats:
        start = seats.index(str(first))
        return seats[start:] + seats[:start]
    return seats


def who(seat: Seat) -> str:
    """A seat's name for a card, with the robot mark and level."""
    name = f"**{plain(seat.name)}**"
    if seat.robot:
        return f"{name} 🤖" + (f" ({seat.level})" if seat.level else "")
    return f"{name} 🤖 (AI)" if seat.ai else name


def option_lines(row: GameRow) -> list[str]:
    specs = {spec.name: spec for spec in get_game(row.slug).options}
    lines = [
        f"{spec.description}: **{spec.label(row.options.get(name, spec.default))}**"
        for name, spec in specs.items()
    ]
    rated = tx("Rated: **yes**, the results move ratings") if row.rated else tx("Rated: **no**")
    return [*lines, f"Pace: **{row.pace}**", rated]


def duration_words(seconds: float) -> str:
    """A game's length on the clock, the way people say it ("1 h 12 min")."""
    minutes = int(seconds // 60)
    if minutes < 1:
        return "under a minute"
    if minutes < 60:
        return f"{minutes} min"
    hours, minutes = divmod(minutes, 60)
    if hours < 24:
        return f"{hours} h {minutes} min" if minutes else f"{hours} h"
    days, hours = divmod(hours, 24)
    return f"{days} d {hours} h" if hours else f"{days} d"


def whole(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def length_words(view: Mapping[str, Any], moves: int, seconds: float | None) -> str:
    """How long the game was: moves, rounds (when the game counts them), time. The round
    counter never goes past an agreed limit: Disneyland's has moved on to the next round
    when the last agreed one ends."""
    parts = [f"{moves} move{'s' if moves != 1 else ''}"]
    rounds, limit = whole(view.get("round")), whole(view.get("rounds_limit"))
    if rounds is not None and limit is not None:
        rounds = min(rounds, limit)
    if rounds is not None and rounds > 0:
        parts.append(f"{rounds} round{'s' if rounds != 1 else ''}")
    if seconds is not None:
        parts.append(duration_words(max(0.0, seconds)))
    return " · ".join(parts)


def folded(lines: Sequence[str], keep: int = LAST_MOVE_LINES) -> list[str]:
    """The first line (what was played), "… N more", and the latest lines."""
    if len(lines) <= keep:
        return list(lines)
    tail = keep - 2
    return [lines[0], f"… {len(lines) - 1 - tail} more (`/game log`)", *lines[-tail:]]


def ranked(view: Mapping[str, Any]) -> list[tuple[str, int]]:
    """(seat, rank) from first to last; ties keep table order."""
    standings = view.get("standings") or {}
    ranks: Mapping[str, int] = standings.get("ranks") or {}
    seats = [str(s) for s in view.get("seats", [])]
    order = sorted(seats, key=lambda s: (ranks.get(s, len(seats)), seats.index(s)))
    return [(seat, int(ranks.get(seat, len(seats)))) for seat in order]


def medal(rank: int) -> str:
    return MEDALS.get(rank, f"{rank}.")


# ------------------------------------------------------------------ thread names


def thread_safe(name: str) -> str:
    """A display name fit for a thread's title, where nothing is escaped: one line, no
    invisible characters, nothing that could read as a mention."""
    text = unicodedata.normalize("NFC", name)
    kept = "".join(
        " " if unicodedata.category(ch) in ("Cc", "Zl", "Zp", "Zs") else ch
        for ch in text
        if (unicodedata.category(ch) != "Cf" or ch == ZWJ) and ch not in UNSAFE_IN_NAMES
    )
    return " ".join(kept.split())


def shortened(name: str, limit: int) -> str:
    if len(name) <= limit:
        return name
    cut = name[: limit - 1]
    while cut and (unicodedata.combining(cut[-1]) or cut[-1] == ZWJ):
        cut = cut[:-1]
    return cut.rstrip() + "…"


def thread_name(row: GameRow) -> str:
    """ "Imagineers #42 · Alice, Bob, Chloé": at most 100 characters, names shortened (and
    the last ones counted instead of named) when they do not fit."""
    head = f"{get_game(row.slug).title} #{row.id} · "
    names = [thread_safe(s.name) or f"Player {i}" for i, s in enumerate(row.seats, start=1)]
    for limit in (32, 20, 12, 8):
        line = head + ", ".join(shortened(n, limit) for n in names)
        if len(line) <= THREAD_NAME_LIMIT:
            return line
    short = [shortened(n, 8) for n in names]
    while short:
        rest = len(names) - len(short)
        line = head + ", ".join(short) + (f" +{rest}" if rest else "")
        if len(line) <= THREAD_NAME_LIMIT:
            return line
        short.pop()
    return clip(head.rstrip(" ·"), THREAD_NAME_LIMIT)


# ------------------------------------------------------------------ the cards


def lobby_card(row: GameRow) -> Card:
    """The lobby: who sits where (with the colour and shape each seat plays), the game's
    options, and for an open lobby the buttons and the host's option menus."""
    game = get_game(row.slug)
    status = {
        "lobby": "Waiting for players",
        "active": "Started",
        "cancelled": "Cancelled",
        "finished": "Finished",
    }[row.status]
    open_lobby = row.status == "lobby"
    intro = f"{game.min_players}–{game.max_players} players. "
    if open_lobby:
        intro += "Press **Join**, then the host presses **Start**. "
        if game.options:
            intro += "The host can change the options in the menus below. "
    embed = discord.Embed(
        title=f"{game.title} #{row.id} — {status}",
        description=intro + "`/rules` explains the game.",
        color=CARD_COLOR,
    )
    seats = [
        f"{token_words(i)} — {who(s)}{' (host)' if s.id == row.host_id else ''}"
        for i, s in enumerate(row.seats)
    ]
    if open_lobby:
        seats += [
            f"{token_words(i)} — *open seat*" for i in range(len(row.seats), game.max_players)
        ]
    embed.add_field(
        name=f"Players ({len(row.seats)}/{game.max_players})",
        value="\n".join(seats) or "—",
        inline=False,
    )
    embed.add_field(name="Options", value="\n".join(option_lines(row)), inline=False)
    view = components.lobby_view(row.id, lobby_menus(row)) if open_lobby else None
    return Card(embed=embed, view=view)


def lobby_menus(row: GameRow) -> list[components.Menu]:
    """The host's option menus: each option of this game (and the pace), current value
    first chosen."""
    menus = [
        components.Menu(
            name=spec.name,
            placeholder=spec.description,
            choices=[(value, spec.label(value)) for value in spec.choices],
            current=row.options.get(spec.name, spec.default),
        )
        for spec in get_game(row.slug).options
        if len(spec.choices) > 1
    ]
    rating: list[tuple[str, str]] = [
        ("on", tx("Rated: the results move ratings")),
        ("off", tx("Casual: not rated")),
    ]
    menus.append(components.Menu("rated", tx("Rated or casual"), rating, RATED[row.rated]))
    paces = [("live", "Pace: live (reminders after minutes)"), ("async", "Pace: async (hours)")]
    menus.append(components.Menu("pace", "Pace", paces, row.pace))
    return menus


def start_card(row: GameRow, view: Mapping[str, Any]) -> Card:
    """The first message of a game: the turn order with each player's colour and shape,
    how to win and what a turn is, and the full rules one button away."""
    game = get_game(row.slug)
    lines = summary_lines(row.slug)
    embed = discord.Embed(
        title=f"🎬 {game.title} #{row.id} begins",
        description="\n".join(f"• {line}" for line in lines) or None,
        color=CARD_COLOR,
    )
    order = []
    for place, seat_id in enumerate(turn_order(view), start=1):
        seat = row.seat(seat_id)
        if seat is not None:
            order.append(f"{place}. {seat_token(row, seat_id)} — {who(seat)}")
    embed.add_field(name="Turn order", value="\n".join(order) or "—", inline=False)
    embed.add_field(name="Options", value="\n".join(option_lines(row)), inline=False)
    embed.set_footer(text="Full rules: the button below or /rules. Moves: /play or the buttons.")
    return Card(embed=embed, view=components.rules_view(row.slug))


def final_card(
    row: GameRow,
    view: Mapping[str, Any],
    events: Sequence[str],
    *,
    moves: int,
    seconds: float | None,
    image: str | None = None,
) -> Card:
    """The last message of a game: ranked results with medals, each score by category in
    its unit, the result in plain words, how long it took, and Rematch / Replay.
    ``image``: the attachment name of the final board, shown in the card."""
    game = get_game(row.slug)
    names = row.names
    standings = view.get("standings") or {}
    unit = str(standings.get("unit") or game.score_unit)
    scores: Mapping[str, int] = view.get("scores") or {}
    breakdown: Mapping[str, Sequence[Sequence[Any]]] = standings.get("breakdown") or {}
    result = humanize(str(standings.get("result") or ""), names)
    description = [result, f"⏱️ {length_words(view, moves, seconds)}"]
    embed = discord.Embed(
        title=f"🏁 {game.title} #{row.id} — final results",
        description="\n".join(line for line in description if line),
        color=FINAL_COLOR,
    )
    budget = EMBED_BUDGET - len(embed.title or "") - len(embed.description or "")
    for seat_id, rank in ranked(view):
        seat = row.seat(seat_id)
        title = (
            f"{medal(rank)} **{plain(names.get(seat_id, '?'))}** — {scores.get(seat_id, 0)} {unit}"
        )
        played = [seat_token(row, seat_id)]
        if seat is not None and seat.robot:
            played.append("🤖 robot" + (f" ({seat.level})" if seat.level else ""))
        elif seat is not None and seat.ai_played:
            played.append("🤖 the AI played part of it")
        parts = [
            f"{humanize(str(label), names, bold=False)} {int(points)}"
            for label, points in breakdown.get(seat_id, [])
        ]
        value = clip(" · ".join(played + parts), FIELD_LIMIT)
        budget -= len(title) + len(value)
        if budget < 0:
            break
        embed.add_field(name=clip(title, 256), value=value, inline=False)
    # The result is the card's first line: an event that only repeats it is left out.
    told = [e for e in events if not result or result not in humanize(e, names)]
    lines = folded([clip(f"• {humanize(e, names)}", 300) for e in told])
    last = clip("\n".join(lines), FIELD_LIMIT)
    if last and budget > len(last) + 20:
        embed.add_field(name="Last move", value=last, inline=False)
    if image is not None:
        embed.set_image(url=f"attachment://{image}")
    embed.set_footer(text="Rematch: a new lobby with the same seats and options.")
    return Card(embed=embed, view=components.final_view(row.id))


def hint_counts(row: GameRow, used: Mapping[str, int], lang: Lang) -> str:
    """The final card's line on the coach (issue 23): who used how many hints, in the
    table's language ("alice used 3 hints"); empty when nobody used any."""
    parts = [
        txn(
            "{name} used {count} hint",
            "{name} used {count} hints",
            count,
            name=plain(row.names.get(seat, "?")),
            count=count,
        )
        for seat, count in used.items()
        if count > 0
    ]
    return f"💡 {' · '.join(lang.say(part) for part in parts)}" if parts else ""


def with_hint_counts(card: Card, line: str) -> Card:
    """The final card with the hint counts as the last line of its description."""
    if line:
        card.embed.description = clip(f"{card.embed.description or ''}\n{line}", 4096)
    return card


def summary_line(row: GameRow, view: Mapping[str, Any] | None, *, thread_gone: bool = False) -> str:
    """What the lobby message becomes once the game started: one line, with a link to the
    game's thread when it has one; the winner and scores once it is over. A cancelled
    game whose thread was deleted (``thread_gone``) says so, with no link to nowhere."""
    title = f"**{get_game(row.slug).title} #{row.id}**"
    link = (
        f" · [open the thread]({channel_url(row.guild_id, row.channel_id)})"
        if row.parent_channel_id is not None and not thread_gone
        else ""
    )
    players = ", ".join(plain(s.name) for s in row.seats)
    if row.status == "cancelled":
        why = ": its thread was deleted" if thread_gone else ""
        return clip(f"🛑 {title} · {players} — cancelled{why}{link}", 2000)
    if row.status == "finished" and view is not None:
        scores: Mapping[str, int] = view.get("scores") or {}
        unit = str((view.get("standings") or {}).get("unit") or "")
        places = ranked(view)
        winners = [plain(row.names.get(s, "?")) for s, rank in places if rank == 1]
        headline = (
            f"{winners[0]} won" if len(winners) == 1 else f"{' and '.join(winners)} tied for first"
        )
        table = " · ".join(
            f"{medal(rank)} {plain(row.names.get(s, '?'))} {scores.get(s, 0)}" for s, rank in places
        )
        return clip(f"🏁 {title} — {headline}: {table} {unit}{link}", 2000)
    where = link.replace(" · ", " — playing: ", 1) if link else " — playing below ⬇️"
    return clip(f"🎲 {title} · {players}{where}", 2000)


def stuck_line(row: GameRow) -> str:
    """The lobby message of a game whose thread refuses the bot (permissions changed, or
    a moderator locked it): what is wrong, how to fix it, and how to end the game."""
    title = f"**{get_game(row.slug).title} #{row.id}**"
    thread = f"[its thread]({channel_url(row.guild_id, row.channel_id)})"
    return clip(
        f"⚠️ {title} — the bot can no longer post in {thread}: it needs View Channel and "
        "Send Messages in Threads there, and the thread not locked. The host (or someone "
        "with Manage Channels) can end the game with `/game cancel` in this channel.",
        2000,
    )


def threads_list(rows: Sequence[GameRow], limit: int = 2000) -> str:
    """`/game status` in a channel whose games moved into threads: a line and a link for
    each, as many as one message holds."""
    text = "The games of this channel are played in their threads:"
    for shown, row in enumerate(rows):
        line = summary_line(row, None)
        more = f"\n… and {len(rows) - shown} more"
        if len(text) + 1 + len(line) + len(more) > limit:
            return text + more
        text += "\n" + line
    return text


def lobby_link(row: GameRow) -> str:
    """A link to where a game can be found: its lobby card, its thread, or its channel."""
    if row.status == "lobby" and row.lobby_message_id is not None:
        url = message_url(row.guild_id, row.channel_id, row.lobby_message_id)
        return f"[the lobby of game #{row.id}]({url})"
    place = "its thread" if row.parent_channel_id is not None else "its channel"
    return f"[game #{row.id} in {place}]({channel_url(row.guild_id, row.channel_id)})"


# ------------------------------------------------------------------ rules


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


ROBOT_LEVELS = "Robot levels (`/game addbot level:`)"


@lru_cache(maxsize=8)
def rules_embed_data(slug: str) -> tuple[str, str, tuple[tuple[str, str], ...]]:
    """(title, how to play, notes) for ``/rules``: the player summary leads; then the notes
    of ``engine/<slug>/RULES.md`` within Discord's embed limits, what is reconstructed first
    and long sections continued in further fields. The whole file is attached."""
    sections: list[tuple[str, list[str]]] = []
    intro: list[str] = []
    for line in rules_text(slug).splitlines():
        if line.startswith("## "):
            sections.append((line[3:].strip(), []))
        elif line.startswith("# "):
            continue
        elif sections:
            sections[-1][1].append(line)
        else:
            intro.append(line)
    lead = "\n".join(f"• {line}" for line in summary_lines(slug))
    notes = "\n".join(intro).strip()
    if notes:
        sections.insert(0, ("About these notes", notes.splitlines()))
    robots = "\n".join(
        f"**{level}** — {line}" for level, line in level_notes(get_game(slug)).items()
    )
    fields: list[tuple[str, str]] = []
    budget = EMBED_BUDGET - len(lead) - len(ROBOT_LEVELS) - len(robots) - 60
    # What is reconstructed must always show (docs/ARCHITECTURE.md §7): first of the notes.
    sections.sort(key=lambda section: "reconstruct" not in section[0].lower())
    for name, body in sections:
        for number, piece in enumerate(chunks("\n".join(body).strip() or "—")):
            title = name[:240] if number == 0 else f"{name[:230]} (cont.)"
            if len(fields) == 24 or len(title) + len(piece) > budget:
                return get_game(slug).title, lead, with_robots(fields, robots)
            budget -= len(title) + len(piece)
            fields.append((title, piece))
    return get_game(slug).title, lead, with_robots(fields, robots)


def with_robots(fields: list[tuple[str, str]], robots: str) -> tuple[tuple[str, str], ...]:
    """The robot levels right after what is reconstructed (which always comes first)."""
    return (*fields[:1], (ROBOT_LEVELS, robots), *fields[1:])


def rules_card(slug: str) -> tuple[discord.Embed, bytes]:
    """``/rules`` (and the start card's "Full rules"): how to play first, then the notes on
    reconstructed data and rulings; the whole notes file as an attachment."""
    title, lead, fields = rules_embed_data(slug)
    embed = discord.Embed(
        title=f"{title} — how to play",
        description=f"**How to win, what a turn is**\n{lead}" if lead else None,
        color=CARD_COLOR,
    )
    for name, value in fields:
        embed.add_field(name=name, value=value, inline=False)
    embed.set_footer(text="The full notes (rulings, reconstructed data) are in the attached file.")
    return embed, rules_text(slug).encode()
