"""What public updates say: events with names instead of seat ids, who moves next, the
ranking, the lobby card, and which moves may be public buttons. Pure functions of a game
row and state, shared by every reply."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

import discord

from bot.store import GameRow, Seat
from engine import Move, Outcome, State, get_game

MAX_EVENT_LINES = 14
#: At most this many moves become buttons (two rows, beside My moves / My hand).
QUICK_MOVES = 8
MAX_LINE = 300


_MENTION = re.compile(r"([@<])(?=everyone|here|[!&#:/]?\w)")


def unping(text: str) -> str:
    """Mention syntax made inert: a zero-width space after each ``@`` or ``<`` that starts
    one, so no allowed-mentions setting can turn user text into a ping."""
    return _MENTION.sub("\\1\u200b", text)


def plain(text: str, limit: int = 32) -> str:
    """User-controlled text (a display name) safe to show: no control characters or line
    breaks, markdown and mentions inert, at most ``limit`` characters."""
    printable = "".join(
        " " if unicodedata.category(ch) in ("Cc", "Zl", "Zp") else ch
        for ch in text
        if unicodedata.category(ch) != "Cf" or ch == "\u200d"
    )
    collapsed = " ".join(printable.split()) or "?"
    return unping(discord.utils.escape_markdown(clip(collapsed, limit)))


def humanize(text: str, names: dict[str, str], bold: bool = True) -> str:
    """Seat ids in engine events and labels → display names (bold in messages)."""
    if not names:
        return text
    pattern = re.compile(r"(?<![\w@])(" + "|".join(re.escape(s) for s in names) + r")(?!\w)")
    if not bold:
        return pattern.sub(lambda m: names[m.group(1)], text)
    return pattern.sub(lambda m: f"**{plain(names[m.group(1)])}**", text)


def relabel(moves: list[Move], names: dict[str, str]) -> list[Move]:
    """Moves with seat ids in their labels replaced by names (autocomplete, pickers)."""
    return [Move(m.code, humanize(m.label, names, bold=False)[:100]) for m in moves]


def mention(seat: Seat) -> str:
    """A person as a mention (allowed by :func:`pings` when the message means it), a seat the
    AI plays by its name, inert."""
    return plain(seat.name) if seat.ai else f"<@{seat.id}>"


def pings(seats: Iterable[Seat | None]) -> discord.AllowedMentions:
    """Exactly these people may be pinged (the AI's seats are not people): nobody else,
    whatever a message's text contains."""
    users = [discord.Object(int(s.id)) for s in seats if s is not None and not s.ai]
    return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False)


def waiting_pings(row: GameRow, state: State) -> discord.AllowedMentions:
    """The pings of a public update: the people the game now waits on."""
    game = get_game(row.slug)
    if game.outcome(state) is not None:
        return discord.AllowedMentions.none()
    return pings(row.seat(s) for s in game.waiting_for(state))


def ranking_lines(row: GameRow, outcome: Outcome) -> list[str]:
    medals = {1: "🥇", 2: "🥈", 3: "🥉"}
    lines = []
    for seat_id in outcome.ranking():
        rank = outcome.ranks[seat_id]
        name = plain(row.names.get(seat_id, seat_id))
        lines.append(
            f"{medals.get(rank, f'{rank}.')} **{name}** — {outcome.scores.get(seat_id, 0)}"
        )
    return lines


def table_text(row: GameRow, state: State, events: list[str], headline: str = "") -> str:
    """The text of a public update: events, then the result or who moves next.

    The footer (ranking or mentions) always fits; events give way to it, keeping the
    move's own first line (e.g. a reveal) and the latest ones.
    """
    game = get_game(row.slug)
    names = row.names
    outcome = game.outcome(state)
    footer: list[str] = []
    if outcome is not None:
        reason = humanize(outcome.reason, names)
        footer.append("🏁 **Game over.**" + (f" {reason}" if reason else ""))
        footer += ranking_lines(row, outcome)
    else:
        waiting = [row.seat(s) for s in game.waiting_for(state)]
        who = ", ".join(mention(s) for s in waiting if s is not None)
        if who:
            footer.append(f"➡️ {who}: your move — `/play`, `/{row.slug}` or the buttons.")
    lines = [clip(f"• {humanize(e, names)}", MAX_LINE) for e in events]
    if len(lines) > MAX_EVENT_LINES:
        skipped = len(lines) - MAX_EVENT_LINES
        lines = [lines[0], f"… {skipped} more (see `/game log`)", *lines[skipped + 1 :]]
    head = [headline] if headline else []
    while len("\n".join(head + lines + footer)) > 2000 and len(lines) > 1:
        lines.pop(1)
    return clip("\n".join(head + lines + footer), 2000)


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quick_moves(row: GameRow, state: State) -> list[Move]:
    """Moves to offer as public buttons under the board (as the engine labels them).

    Only for games whose moves reveal nothing, and only when everyone the game waits on
    has the very same few moves, labels included: one mover, or a simultaneous choice
    among the same options (a click then plays for whoever clicked, answered privately).
    """
    game = get_game(row.slug)
    waiting = game.waiting_for(state)
    if game.moves_reveal_secrets or not waiting:
        return []
    first, *others = (game.legal_moves(state, seat) for seat in waiting)
    if len(first) > QUICK_MOVES or any(o != first for o in others):
        return []
    return first


def row_title(row: GameRow) -> str:
    return get_game(row.slug).title
