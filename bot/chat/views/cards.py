"""The cards a table shows around its game: the lobby, the start, the final results, the
one-line summary the lobby message becomes, and the rules.

Pure builders: a game row and a view (``tables.public_view``) in, what to send out (an embed,
a line of text, the components to attach). They post nothing, so any posting path (today's
Courier, the turn-message presenter) can use them. Names are shown inert (no markdown, no
mentions); engine texts go through ``humanize``, so no seat id ever reaches a player.

Everything a card of a game says is for the whole table: it is in the table's language
(``language.table``), read from the row, whoever's action made the card.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

import discord

from bot.chat import language
from bot.chat.language import own_name
from bot.chat.views import components
from bot.chat.views.messages import clip, humanize, names, plain, robot_name, seat_token
from bot.common.links import channel_url, message_url
from bot.common.pace import PACES
from bot.store.records import GameRow, Seat
from bot.table.service import OPENING_TERMS, waiting_for
from engine import get_game
from engine.ai import LEVEL_NAMES, level_notes
from engine.core import GameView
from engine.text import Text, tx, txn
from i18n import LANGUAGES, Lang
from i18n import lang as language_of
from renders.theme import token_words

#: One colour for the cards of every game (the lobby card's colour, shared).
CARD_COLOR = 0x26324A
FINAL_COLOR = 0xE6B41E
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}
#: The lobby menu's values for a rated and a casual table.
RATED = {True: "on", False: "off"}
#: The lobby card holds four menus (a fifth row is its buttons): where a game's options
#: leave no room for the language's, one menu chooses the rating and the pace together,
#: its values "on:live" and the like.
MENU_ROWS = 4
TABLE_CHOICES = {
    f"{rated}:{pace}": (rated == RATED[True], pace) for rated in RATED.values() for pace in PACES
}
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


def summary_lines(slug: str, lang: Lang) -> tuple[str, ...]:
    """How to win and what a turn is, in five lines for players (``Game.summary``; at most
    five lines of 120 characters, however a game's text grows, in any language)."""
    lines = get_game(slug).summary
    return tuple(clip(lang.say(line), SUMMARY_WIDTH) for line in lines[:SUMMARY_LINES])


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


def level_words(level: str) -> str:
    """A robot's level in words ("easy", a ``Text``); a level no game knows reads as itself."""
    return LEVEL_NAMES.get(level, level)


def who(seat: Seat) -> Text:
    """A seat's name for a card, with the robot mark and level (a ``Text``)."""
    if seat.robot:
        name = robot_name(seat)
        if seat.level:
            # i18n: a robot at the table and its level ("**Robot 1** 🤖 (hard)").
            return tx("**{name}** 🤖 ({level})", name=name, level=level_words(seat.level))
        return tx("**{name}** 🤖", name=name)
    if seat.ai:
        # i18n: a person's seat the AI plays now.
        return tx("**{name}** 🤖 (AI)", name=plain(seat.name))
    return tx("**{name}**", name=plain(seat.name))


#: The lobby's paces in words.
PACE_WORDS: dict[str, Text] = {
    # i18n: the pace of a table: reminders after minutes.
    "live": tx("live"),
    # i18n: the pace of a table: reminders after hours.
    "async": tx("async"),
}


def option_lines(row: GameRow, lang: Lang) -> list[str]:
    specs = {spec.name: spec for spec in get_game(row.slug).options}
    lines = [
        tx(
            "{option}: **{value}**",
            option=spec.description,
            value=spec.label(row.options.get(name, spec.default)),
        )
        for name, spec in specs.items()
    ]
    rated = tx("Rated: **yes**, the results move ratings") if row.rated else tx("Rated: **no**")
    pace = tx("Pace: **{pace}**", pace=PACE_WORDS.get(row.pace, row.pace))
    language_line = tx("Language of the table: **{language}**", language=own_name(row.language))
    return [lang.say(line) for line in [*lines, pace, rated, language_line]]


def duration_words(seconds: float) -> Text:
    """A game's length on the clock, the way people say it ("1 h 12 min")."""
    minutes = int(seconds // 60)
    if minutes < 1:
        return tx("under a minute")
    if minutes < 60:
        return tx("{minutes} min", minutes=minutes)
    hours, minutes = divmod(minutes, 60)
    if hours < 24:
        if minutes:
            return tx("{hours} h {minutes} min", hours=hours, minutes=minutes)
        return tx("{hours} h", hours=hours)
    days, hours = divmod(hours, 24)
    if hours:
        return tx("{days} d {hours} h", days=days, hours=hours)
    return tx("{days} d", days=days)


def whole(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def length_words(view: Mapping[str, Any], moves: int, seconds: float | None, *, lang: Lang) -> str:
    """How long the game was: moves, rounds (when the game counts them), time. The round
    counter never goes past an agreed limit: Disneyland's has moved on to the next round
    when the last agreed one ends."""
    parts: list[Text] = [txn("{count} move", "{count} moves", moves)]
    rounds, limit = whole(view.get("round")), whole(view.get("rounds_limit"))
    if rounds is not None and limit is not None:
        rounds = min(rounds, limit)
    if rounds is not None and rounds > 0:
        parts.append(txn("{count} round", "{count} rounds", rounds))
    if seconds is not None:
        parts.append(duration_words(max(0.0, seconds)))
    return " · ".join(lang.say(part) for part in parts)


def folded(lines: Sequence[str], *, lang: Lang, keep: int = LAST_MOVE_LINES) -> list[str]:
    """The first line (what was played), "… N more", and the latest lines."""
    if len(lines) <= keep:
        return list(lines)
    tail = keep - 2
    skipped = len(lines) - 1 - tail
    more = txn("… {count} more (`/game log`)", "… {count} more (`/game log`)", skipped)
    return [lines[0], lang.say(more), *lines[-tail:]]


def ranked(view: GameView) -> list[tuple[str, int]]:
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
    the last ones counted instead of named) when they do not fit; in the table's language
    (robots' names, "Player 2" for a name with nothing to show)."""
    lang = language.table(row)
    head = f"{get_game(row.slug).title} #{row.id} · "
    seats = [
        thread_safe(lang.say(robot_name(s))) or lang.say(tx("Player {number}", number=i))
        for i, s in enumerate(row.seats, start=1)
    ]
    for limit in (32, 20, 12, 8):
        line = head + ", ".join(shortened(n, limit) for n in seats)
        if len(line) <= THREAD_NAME_LIMIT:
            return line
    short = [shortened(n, 8) for n in seats]
    while short:
        rest = len(seats) - len(short)
        line = head + ", ".join(short) + (f" +{rest}" if rest else "")
        if len(line) <= THREAD_NAME_LIMIT:
            return line
        short.pop()
    return clip(head.rstrip(" ·"), THREAD_NAME_LIMIT)


# ------------------------------------------------------------------ the cards


#: What the lobby card's title says of the table.
STATUS: dict[str, Text] = {
    "lobby": tx("Waiting for players"),
    "active": tx("Started"),
    "cancelled": tx("Cancelled"),
    "finished": tx("Finished"),
}


#: Each person's mark on a rated lobby's card: agreed to the table as it is now, or not yet.
AGREED, WAITING = "✅", "⏳"


def lobby_card(row: GameRow) -> Card:
    """The lobby: who sits where (with the colour and shape each seat plays), the game's
    options, and for an open lobby the buttons and the host's option menus. At a rated
    lobby each person is marked agreed or waiting, so the table sees why Start waits;
    once it changed since it opened, it says so to whoever waits (someone who typed
    `/game join` is seated waiting then, and this card is their answer)."""
    lang = language.table(row)
    game = get_game(row.slug)
    open_lobby = row.status == "lobby"
    consent = open_lobby and row.rated
    intro = [tx("{low}–{high} players.", low=game.min_players, high=game.max_players)]
    if open_lobby and row.rematch_of is not None:
        intro.append(
            tx(
                "A rematch of game #{number}: its players take a seat with **Rematch** or "
                "**Join**.",
                number=str(row.rematch_of),
            )
        )
    if open_lobby:
        intro.append(tx("Press **Join**, then the host presses **Start**."))
        if game.options:
            intro.append(tx("The host can change the options in the menus below."))
    if consent:
        intro.append(
            tx(
                "Rated: everyone seated must agree to the table as it is ({agreed} agreed, "
                "{waiting} not yet: **I agree**); any change by the host asks everyone again.",
                agreed=AGREED,
                waiting=WAITING,
            )
        )
    waiting = {s.id for s in waiting_for(row)}
    if consent and waiting and row.terms != OPENING_TERMS:
        intro.append(
            tx(
                "This table changed since it opened: if you are marked {waiting} and "
                "agree to it as it is now, press **I agree**.",
                waiting=WAITING,
            )
        )
    intro.append(tx("`/rules` explains the game."))
    embed = discord.Embed(
        title=f"{game.title} #{row.id} — {lang.say(STATUS[row.status])}",
        description=" ".join(lang.say(line) for line in intro),
        color=CARD_COLOR,
    )
    seats = [
        mark(
            tx("{token} — {player} (host)", token=token_words(i), player=who(s))
            if s.id == row.host_id
            else tx("{token} — {player}", token=token_words(i), player=who(s)),
            None if not consent or s.robot else s.id not in waiting,
            lang,
        )
        for i, s in enumerate(row.seats)
    ]
    if open_lobby:
        seats += [
            lang.say(tx("{token} — *open seat*", token=token_words(i)))
            for i in range(len(row.seats), game.max_players)
        ]
    players = tx("Players ({seated}/{most})", seated=len(row.seats), most=game.max_players)
    embed.add_field(name=lang.say(players), value="\n".join(seats) or "—", inline=False)
    options = "\n".join(option_lines(row, lang))
    embed.add_field(name=lang.say(tx("Options")), value=options, inline=False)
    view = None
    if open_lobby:
        asked = consent and bool(waiting)
        menus = lobby_menus(row)
        view = components.lobby_view(row.id, row.terms, menus, lang=lang, agree=asked)
    return Card(embed=embed, view=view)


def mark(seat: Text, agreed: bool | None, lang: Lang) -> str:
    """A seat's line, with its person's mark at a rated lobby (``agreed`` None: none)."""
    if agreed is None:
        return lang.say(seat)
    return f"{AGREED if agreed else WAITING} {lang.say(seat)}"


def lobby_menus(row: GameRow) -> list[components.Menu]:
    """The host's option menus, in the table's language: each option of this game (and
    the pace), current value first chosen."""
    lang = language.table(row)
    menus = [
        components.Menu(
            name=spec.name,
            placeholder=lang.say(spec.description),
            choices=[(value, lang.say(spec.label(value))) for value in spec.choices],
            current=row.options.get(spec.name, spec.default),
        )
        for spec in get_game(row.slug).options
        if len(spec.choices) > 1
    ]
    rating: list[tuple[str, str]] = [
        ("on", lang.say(tx("Rated: the results move ratings"))),
        ("off", lang.say(tx("Casual: not rated"))),
    ]
    paces = [
        ("live", lang.say(tx("Pace: live (reminders after minutes)"))),
        ("async", lang.say(tx("Pace: async (hours)"))),
    ]
    languages = [(code, own_name(code)) for code in LANGUAGES]
    choose_language = components.Menu(
        "language", lang.say(tx("Language of the table")), languages, row.language
    )
    if len(menus) + 3 > MENU_ROWS:
        return [*menus, table_menu(row, lang), choose_language]
    menus.append(
        components.Menu("rated", lang.say(tx("Rated or casual")), rating, RATED[row.rated])
    )
    menus.append(components.Menu("pace", lang.say(tx("Pace")), paces, row.pace))
    return [*menus, choose_language]


def table_menu(row: GameRow, lang: Lang) -> components.Menu:
    """The rating and the pace in one menu, for a card whose rows are full."""
    meanings = {
        "on:live": tx("Rated, live pace (reminders after minutes)"),
        "on:async": tx("Rated, async pace (reminders after hours)"),
        "off:live": tx("Casual, live pace (reminders after minutes)"),
        "off:async": tx("Casual, async pace (reminders after hours)"),
    }
    current = f"{RATED[row.rated]}:{row.pace}"
    choices = [(value, lang.say(words)) for value, words in meanings.items()]
    return components.Menu("table", lang.say(tx("Rated or casual, and the pace")), choices, current)


def start_card(row: GameRow, view: GameView) -> Card:
    """The first message of a game: the turn order with each player's colour and shape,
    how to win and what a turn is, and the full rules one button away."""
    lang = language.table(row)
    game = get_game(row.slug)
    lines = summary_lines(row.slug, lang)
    embed = discord.Embed(
        title=lang.say(tx("🎬 {game} #{number} begins", game=game.title, number=str(row.id))),
        description="\n".join(f"• {line}" for line in lines) or None,
        color=CARD_COLOR,
    )
    order = []
    for place, seat_id in enumerate(turn_order(view), start=1):
        seat = row.seat(seat_id)
        if seat is not None:
            line = tx(
                "{place}. {token} — {player}",
                place=place,
                token=seat_token(row, seat_id),
                player=who(seat),
            )
            order.append(lang.say(line))
    turns = lang.say(tx("Turn order"))
    embed.add_field(name=turns, value="\n".join(order) or "—", inline=False)
    options = "\n".join(option_lines(row, lang))
    embed.add_field(name=lang.say(tx("Options")), value=options, inline=False)
    footer = tx("Full rules: the button below or /rules. Moves: /play or the buttons.")
    embed.set_footer(text=lang.say(footer))
    return Card(embed=embed, view=components.rules_view(row.slug, lang=lang))


def final_card(
    row: GameRow,
    view: GameView,
    events: Sequence[str],
    *,
    moves: int,
    seconds: float | None,
    image: str | None = None,
) -> Card:
    """The last message of a game, in the table's language: ranked results with medals,
    each score by category in its unit, the result in plain words, how long it took, and
    Rematch / Replay. ``image``: the attachment name of the final board, in the card."""
    lang = language.table(row)
    game = get_game(row.slug)
    named = names(row, lang)
    standings = view.get("standings") or {}
    scores: Mapping[str, int] = view.get("scores") or {}
    breakdown: Mapping[str, Sequence[Sequence[Any]]] = standings.get("breakdown") or {}
    result = humanize(lang.say(standings.get("result") or ""), named)
    description = [result, f"⏱️ {length_words(view, moves, seconds, lang=lang)}"]
    title = tx("🏁 {game} #{number} — final results", game=game.title, number=str(row.id))
    embed = discord.Embed(
        title=lang.say(title),
        description="\n".join(line for line in description if line),
        color=FINAL_COLOR,
    )
    budget = EMBED_BUDGET - len(embed.title or "") - len(embed.description or "")
    for seat_id, rank in ranked(view):
        seat = row.seat(seat_id)
        heading = tx(
            "{medal} **{name}** — {amount}",
            medal=medal(rank),
            name=plain(named.get(seat_id, "?")),
            amount=game.amount(scores.get(seat_id, 0)),
        )
        played = [lang.say(seat_token(row, seat_id))]
        if seat is not None and seat.robot:
            if seat.level:
                played.append(lang.say(tx("🤖 robot ({level})", level=level_words(seat.level))))
            else:
                played.append(lang.say(tx("🤖 robot")))
        elif seat is not None and seat.ai_played:
            played.append(lang.say(tx("🤖 the AI played part of it")))
        parts = [
            lang.say(tx("{category} {points}", category=label, points=int(points)))
            for label, points in breakdown.get(seat_id, [])
        ]
        value = clip(humanize(" · ".join(played + parts), named, bold=False), FIELD_LIMIT)
        name = clip(lang.say(heading), 256)
        budget -= len(name) + len(value)
        if budget < 0:
            break
        embed.add_field(name=name, value=value, inline=False)
    # The result is the card's first line: an event that only repeats it is left out.
    said = [humanize(lang.say(e), named) for e in events]
    told = [e for e in said if not result or result not in e]
    lines = folded([clip(f"• {e}", 300) for e in told], lang=lang)
    last = clip("\n".join(lines), FIELD_LIMIT)
    if last and budget > len(last) + 20:
        embed.add_field(name=lang.say(tx("Last move")), value=last, inline=False)
    if image is not None:
        embed.set_image(url=f"attachment://{image}")
    footer = tx(
        "Rematch: a new lobby with the same options, where each player who presses it sits."
    )
    embed.set_footer(text=lang.say(footer))
    return Card(embed=embed, view=components.final_view(row.id, lang=lang))


def hint_counts(row: GameRow, used: Mapping[str, int], lang: Lang) -> str:
    """The final card's line on the coach: who used how many hints, in the
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


def summary_line(row: GameRow, view: GameView | None, *, thread_gone: bool = False) -> str:
    """What the lobby message becomes once the game started, in the table's language: one
    line, with a link to the game's thread when it has one; the winner and scores once it
    is over. A cancelled game whose thread was deleted (``thread_gone``) says so, with no
    link to nowhere."""
    lang = language.table(row)
    named = names(row, lang)
    title = f"**{get_game(row.slug).title} #{row.id}**"
    url = channel_url(row.guild_id, row.channel_id)
    threaded = row.parent_channel_id is not None and not thread_gone
    players = [plain(named.get(s.id, s.name)) for s in row.seats]
    if row.status == "cancelled":
        if thread_gone:
            line = tx(
                "🛑 {game} · {players} — cancelled: its thread was deleted",
                game=title,
                players=players,
            )
        elif threaded:
            line = tx(
                "🛑 {game} · {players} — cancelled · [open the thread]({url})",
                game=title,
                players=players,
                url=url,
            )
        else:
            line = tx("🛑 {game} · {players} — cancelled", game=title, players=players)
        return clip(lang.say(line), 2000)
    if row.status == "finished" and view is not None:
        scores: Mapping[str, int] = view.get("scores") or {}
        unit = (view.get("standings") or {}).get("unit") or ""
        places = ranked(view)
        winners = [plain(named.get(s, "?")) for s, rank in places if rank == 1]
        if len(winners) == 1:
            headline = tx("{winner} won", winner=winners[0])
        else:
            headline = tx("{winners} tied for first", winners=winners)
        table = " · ".join(
            f"{medal(rank)} {plain(named.get(s, '?'))} {lang.number(scores.get(s, 0))}"
            for s, rank in places
        )
        if threaded:
            line = tx(
                "🏁 {game} — {headline}: {table} {unit} · [open the thread]({url})",
                game=title,
                headline=headline,
                table=table,
                unit=unit,
                url=url,
            )
        else:
            line = tx(
                "🏁 {game} — {headline}: {table} {unit}",
                game=title,
                headline=headline,
                table=table,
                unit=unit,
            )
        return clip(lang.say(line), 2000)
    if threaded:
        line = tx(
            "🎲 {game} · {players} — playing: [open the thread]({url})",
            game=title,
            players=players,
            url=url,
        )
    else:
        line = tx("🎲 {game} · {players} — playing below ⬇️", game=title, players=players)
    return clip(lang.say(line), 2000)


def stuck_line(row: GameRow) -> str:
    """The lobby message of a game whose thread refuses the bot (permissions changed, or
    a moderator locked it): what is wrong, how to fix it, and how to end the game."""
    lang = language.table(row)
    title = f"**{get_game(row.slug).title} #{row.id}**"
    line = tx(
        "⚠️ {game} — the bot can no longer post in [its thread]({url}): it needs View Channel "
        "and Send Messages in Threads there, and the thread not locked. The host (or someone "
        "with Manage Channels) can end the game with `/game cancel` in this channel.",
        game=title,
        url=channel_url(row.guild_id, row.channel_id),
    )
    return clip(lang.say(line), 2000)


def threads_list(rows: Sequence[GameRow], limit: int = 2000, *, lang: Lang) -> str:
    """`/game status` in a channel whose games moved into threads (in the language of who
    asked; each game's line in its table's): a line and a link for each, as many as one
    message holds."""
    text = lang.say(tx("The games of this channel are played in their threads:"))
    for shown, row in enumerate(rows):
        line = summary_line(row, None)
        more = "\n" + lang.say(txn("… and {count} more", "… and {count} more", len(rows) - shown))
        if len(text) + 1 + len(line) + len(more) > limit:
            return text + more
        text += "\n" + line
    return text


def lobby_link(row: GameRow) -> str:
    """A link to where a game can be found, in the table's language: its lobby card, its
    thread, or its channel."""
    lang = language.table(row)
    if row.status == "lobby" and row.lobby_message_id is not None:
        url = message_url(row.guild_id, row.channel_id, row.lobby_message_id)
        return lang.say(tx("[the lobby of game #{number}]({url})", number=str(row.id), url=url))
    url = channel_url(row.guild_id, row.channel_id)
    if row.parent_channel_id is not None:
        return lang.say(tx("[game #{number} in its thread]({url})", number=str(row.id), url=url))
    return lang.say(tx("[game #{number} in its channel]({url})", number=str(row.id), url=url))


# ------------------------------------------------------------------ rules


def rules_file(slug: str, lang: Lang) -> str:
    """The name of the notes a reader of ``lang`` is shown: the game's ``RULES.<code>.md``
    when it has one in that language (docs/ARCHITECTURE.md §11), else ``RULES.md``."""
    notes = resources.files(f"engine.{slug}")
    translated = f"RULES.{lang.code}.md"
    return translated if notes.joinpath(translated).is_file() else "RULES.md"


def rules_text(slug: str, lang: Lang) -> str:
    return resources.files(f"engine.{slug}").joinpath(rules_file(slug, lang)).read_text("utf-8")


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


#: The robot levels' field in ``/rules``.
ROBOT_LEVELS = tx("Robot levels (`/game addbot level:`)")
#: The word every language's notes use in the title of the section on reconstructed data
#: (docs/ARCHITECTURE.md §7), which ``/rules`` always shows first.
# i18n: a word (or its start) that the title of the rules notes' section on
# reconstructed data contains in your language's RULES file ("What is reconstructed").
RECONSTRUCTED = tx("reconstruct")


def rules_embed_data(slug: str, lang: Lang) -> tuple[str, str, tuple[tuple[str, str], ...]]:
    """(title, how to play, notes) for ``/rules`` in ``lang``: the player summary leads;
    then the notes of ``engine/<slug>/RULES.md`` (or its translation) within Discord's
    embed limits, what is reconstructed first and long sections continued in further
    fields. The whole file is attached."""
    return _rules_embed_data(slug, lang.code)


@lru_cache(maxsize=16)
def _rules_embed_data(slug: str, code: str) -> tuple[str, str, tuple[tuple[str, str], ...]]:
    lang = language_of(code)
    sections: list[tuple[str, list[str]]] = []
    intro: list[str] = []
    for line in rules_text(slug, lang).splitlines():
        if line.startswith("## "):
            sections.append((line[3:].strip(), []))
        elif line.startswith("# "):
            continue
        elif sections:
            sections[-1][1].append(line)
        else:
            intro.append(line)
    lead = "\n".join(f"• {line}" for line in summary_lines(slug, lang))
    notes = "\n".join(intro).strip()
    if notes:
        sections.insert(0, (lang.say(tx("About these notes")), notes.splitlines()))
    robots = "\n".join(
        lang.say(tx("**{level}** — {note}", level=level_words(level), note=note))
        for level, note in level_notes(get_game(slug)).items()
    )
    heading = lang.say(ROBOT_LEVELS)
    fields: list[tuple[str, str]] = []
    budget = EMBED_BUDGET - len(lead) - len(heading) - len(robots) - 60
    # What is reconstructed must always show (docs/ARCHITECTURE.md §7): first of the notes.
    marks = {str.__str__(RECONSTRUCTED), lang.catalog.gettext(RECONSTRUCTED.msgid)}
    sections.sort(key=lambda section: not any(m in section[0].lower() for m in marks))
    title = get_game(slug).title
    for name, body in sections:
        for number, piece in enumerate(chunks("\n".join(body).strip() or "—")):
            shown = (
                name[:240] if number == 0 else lang.say(tx("{section} (cont.)", section=name[:230]))
            )
            if len(fields) == 24 or len(shown) + len(piece) > budget:
                return title, lead, with_robots(fields, heading, robots)
            budget -= len(shown) + len(piece)
            fields.append((shown, piece))
    return title, lead, with_robots(fields, heading, robots)


def with_robots(
    fields: list[tuple[str, str]], heading: str, robots: str
) -> tuple[tuple[str, str], ...]:
    """The robot levels right after what is reconstructed (which always comes first)."""
    return (*fields[:1], (heading, robots), *fields[1:])


def rules_card(slug: str, *, lang: Lang) -> tuple[discord.Embed, bytes]:
    """``/rules`` (and the start card's "Full rules") in the reader's language: how to play
    first, then the notes on reconstructed data and rulings; the whole notes file (in
    that language when the game has it) as an attachment."""
    title, lead, fields = rules_embed_data(slug, lang)
    how = lang.say(tx("**How to win, what a turn is**"))
    embed = discord.Embed(
        title=lang.say(tx("{game} — how to play", game=title)),
        description=f"{how}\n{lead}" if lead else None,
        color=CARD_COLOR,
    )
    for name, value in fields:
        embed.add_field(name=name, value=value, inline=False)
    footer = tx("The full notes (rulings, reconstructed data) are in the attached file.")
    embed.set_footer(text=lang.say(footer))
    return embed, rules_text(slug, lang).encode()
