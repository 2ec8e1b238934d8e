"""What public updates say: events with names instead of seat ids, whose turn it is, the
standings with ranks and units, folded event lines, the lobby card. Pure functions of a
game row and state, shared by every reply; user text (names) is always made inert."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

import discord

from bot.store.records import GameRow, Seat
from engine import Move, State, get_game
from engine.core import rank_by
from engine.text import Text, tx, txn
from i18n import Lang
from renders import seat_names
from renders.theme import seat_token_words

#: Event lines one message shows before folding the middle ones away.
MAX_EVENT_LINES = 14
MAX_LINE = 300
#: What a message's content may hold (Discord's limit).
CONTENT_LIMIT = 2000
#: Lines of what happened since someone's last turn shown before counting the rest, and
#: the length of each: a ping stays a glance, and the log has the rest.
CATCH_UP_LINES = 8
CATCH_UP_LINE = 180


_MENTION = re.compile(r"([@<])(?=everyone|here|[!&#:/]?\w)")


def unping(text: str) -> str:
    """Mention syntax made inert: a zero-width space after each ``@`` or ``<`` that starts
    one, so no allowed-mentions setting can turn user text into a ping."""
    return _MENTION.sub("\\1\u200b", text)


def plain(text: str, limit: int = 32) -> str:
    """User-controlled text (a display name) safe to show: no control characters or line
    breaks, markdown and mentions inert, at most ``limit`` characters."""
    return _plain(str.__str__(text), limit)


@lru_cache(maxsize=4096)
def _plain(text: str, limit: int) -> str:
    """``plain`` of a plain string, kept: every message of a table writes its seats' names
    again."""
    return unping(discord.utils.escape_markdown(bare(text, limit)))


def bare(text: str, limit: int = 32) -> str:
    """User-controlled text for places that render no markdown (autocomplete choices,
    menu labels): one line, no control characters, at most ``limit`` characters."""
    printable = "".join(
        " " if unicodedata.category(ch) in ("Cc", "Zl", "Zp") else ch
        for ch in text
        if unicodedata.category(ch) != "Cf" or ch == "\u200d"
    )
    return clip(" ".join(printable.split()) or "?", limit)


def humanize(text: str, names: dict[str, str], bold: bool = True) -> str:
    """Seat ids in engine events and labels → display names, by the rule the boards share
    (:mod:`renders.seat_names`); in messages the names are made inert and bold."""
    if bold:
        names = {seat: f"**{plain(name)}**" for seat, name in names.items()}
    return seat_names.humanize(text, names)


def relabel(moves: list[Move], names: dict[str, str], *, lang: Lang) -> list[Move]:
    """Moves with their labels in ``lang`` and names for seat ids (autocomplete)."""
    return [Move(m.code, clip(humanize(lang.say(m.label), names, bold=False), 100)) for m in moves]


def mention(seat: Seat) -> str:
    """A person as a mention (allowed by :func:`pings` when the message means it), a seat the
    AI plays by its name, inert."""
    return plain(seat.name) if seat.ai else f"<@{seat.id}>"


def robot_name(seat: Seat) -> str:
    """A seat's name as words: a robot's is "Robot 3" in the reader's language (a
    ``Text``, numbered by its seat id ``ai3``), a person's the name they gave."""
    number = seat.id.removeprefix("ai")
    if seat.robot and number.isdigit():
        return tx("Robot {number}", number=int(number))
    return seat.name


def names(row: GameRow, lang: Lang) -> dict[str, str]:
    """Every seat's name in ``lang``: robots translated, people's names as they are (not
    dressed: the caller makes them inert for where they go)."""
    return {seat.id: lang.say(robot_name(seat)) for seat in row.seats}


def pings(seats: Iterable[Seat | None]) -> discord.AllowedMentions:
    """Exactly these people may be pinged (the AI's seats are not people): nobody else,
    whatever a message's text contains."""
    users = [discord.Object(int(s.id)) for s in seats if s is not None and not s.ai]
    return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False)


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def fold(lines: list[str], *, lang: Lang, limit: int = MAX_EVENT_LINES) -> list[str]:
    """At most ``limit`` lines: the first (a step's own line, e.g. a reveal), a count of
    those left out, and the latest."""
    if len(lines) <= limit:
        return lines
    skipped = len(lines) - limit + 1
    more = lang.say(txn("… {count} more (`/game log`)", "… {count} more (`/game log`)", skipped))
    return [lines[0], more, *lines[skipped + 1 :]]


def since_last_turn(
    lines: list[str],
    *,
    first: bool = False,
    readers: int = 1,
    lang: Lang,
    room: int = CONTENT_LIMIT,
) -> list[str]:
    """What happened since the reader's last turn (``readers``: since each one's, in a
    ping of several; ``first``: one has not played yet, so since the game began), as a
    ping or My hand says it: a heading, the first lines in order, and "… and N more"
    pointing to ``/game log`` for the rest; at most ``room`` characters with the line
    breaks between them. Nothing when nothing happened."""
    if not lines:
        return []
    if first:
        head = lang.say(tx("**Since the game began**"))
    else:
        # i18n: heads what happened since the pinged people (or the reader) last played.
        head = lang.say(txn("**Since your last turn**", "**Since your last turns**", readers))
    shown = [clip(line, CATCH_UP_LINE) for line in lines[:CATCH_UP_LINES]]
    while True:
        left = len(lines) - len(shown)
        more = txn("… and {count} more (`/game log`)", "… and {count} more (`/game log`)", left)
        said = [head, *shown, *([lang.say(more)] if left else [])]
        if not shown or len("\n".join(said)) <= room:
            return said
        shown.pop()


def seat_token(row: GameRow, seat: str) -> str:
    """A seat's colour and shape in words ("▲ sky blue", a ``Text``), as its board and the
    cards draw it (the table order of the seats decides); empty for a seat not at the
    table."""
    seats = [s.id for s in row.seats]
    return seat_token_words(seats, seat) if seat in seats else ""


def seat_named(row: GameRow, seat: str) -> Text:
    """A seat as every message shows it: "▲ sky blue — **Alice**" (🤖 for the AI), a
    ``Text`` for the reader's language."""
    player = row.seat(seat)
    if player is None:
        return tx("{token} — **{name}**", token=seat_token(row, seat), name=plain(seat))
    name = robot_name(player) if player.robot else plain(player.name)
    if player.ai:
        # i18n: a seat the AI plays: its token, its name and a robot's face.
        return tx("{token} — **{name}** 🤖", token=seat_token(row, seat), name=name)
    # i18n: a seat as messages show it: its token ("▲ sky blue") and its player's name.
    return tx("{token} — **{name}**", token=seat_token(row, seat), name=name)


def played_by_ai(row: GameRow, seat: str) -> bool:
    """Whether the AI plays ``seat`` (a robot, or a person's seat the AI has taken over)."""
    player = row.seat(seat)
    return player is not None and player.ai


def whose_turn(row: GameRow, state: State, *, lang: Lang) -> str:
    """Who is to move, in words: "▲ sky blue — **Alice**: your turn"; a seat the AI plays
    is told nothing, it is said what it does ("◆ silver — **Robot 1** 🤖 is thinking…");
    in a simultaneous choice, who has chosen ("✓ ■ navy — **Carol** has chosen")."""
    game = get_game(row.slug)
    to_move = game.to_move(state)
    waiting = game.waiting_for(state)
    if not to_move:
        return lang.say(tx("🏁 **Game over**"))
    lines = []
    people = [seat_named(row, s) for s in waiting if not played_by_ai(row, s)]
    if people:
        turn = txn("{seats}: your turn", "{seats}: your turn", len(people), seats=people)
        lines.append(lang.say(turn))
    lines += [
        # i18n: a seat the AI plays, while it finds its move ("◆ silver — **Robot 1** 🤖").
        lang.say(tx("{seat} is thinking…", seat=seat_named(row, s)))
        for s in waiting
        if played_by_ai(row, s)
    ]
    lines += [
        lang.say(tx("✓ {seat} has chosen", seat=seat_named(row, s)))
        for s in to_move
        if s not in waiting
    ]
    return "\n".join(lines)


def standings_lines(row: GameRow, state: State, *, lang: Lang) -> list[str]:
    """Every seat from first to last: rank (shared by a tie), token, name, and score with
    its unit ("1. ▲ sky blue — **Alice**: 12 Visitors", "… 1 Visitor")."""
    game = get_game(row.slug)
    scores = game.scores(state)
    seats = game.seats(state)
    ranks = rank_by({s: [scores.get(s, 0)] for s in seats})
    lines = []
    for seat in sorted(seats, key=lambda s: (ranks.get(s, len(seats)), seats.index(s))):
        line = tx(
            "{rank}. {seat}: {amount}",
            rank=ranks.get(seat, len(seats)),
            seat=seat_named(row, seat),
            amount=game.amount(scores.get(seat, 0)),
        )
        lines.append(clip(lang.say(line), MAX_LINE))
    return lines


def jump_url(guild_id: int | None, channel_id: int, message_id: int) -> str:
    """A link that opens a message in Discord (as ``Message.jump_url`` builds it)."""
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


def not_your_turn(names: list[str], markdown: bool = True) -> Text:
    """The answer to someone who tries to move while others are to move ("Not your turn
    — Bob is to move."), said in the reader's language; ``markdown=False`` for an
    autocomplete choice (names as they are: it shows no markdown)."""
    shown = [plain(n) if markdown else bare(n) for n in names]
    if not shown:
        return tx("It is not your turn.")
    return txn(
        "Not your turn — {names} is to move.",
        "Not your turn — {names} are to move.",
        len(shown),
        names=shown,
    )


def row_title(row: GameRow) -> str:
    return get_game(row.slug).title
