"""The shared frame of every picture: header, whose turn, the last move, the standings.

Every board and private view starts the same way, in the type sizes that read on a phone:
the game's header (its colour and emblem), one big line saying whose turn it is (or "Your
turn", or who won), the last move (or how the game was decided), and the standings with
each seat's rank, token, name and score — the final board adds medals and the score by
category. A :class:`Frame` also remembers where it drew these key texts (``marks``), so
tests can check their size on a phone-sized copy of the image.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from renders import text
from renders.emblems import Emblem
from renders.theme import (
    BODY,
    DETAIL,
    HIGHLIGHT,
    INK,
    MARGIN,
    MEDALS,
    MOVER_BG,
    MUTED,
    NAME,
    SCORE,
    SMALL,
    TURN,
    WIDTH,
    Box,
    Color,
    canvas,
    display_name,
    ellipsize,
    fit_text,
    mix,
    panel,
    seat_index,
    seat_token,
    seat_token_words,
    text_color_on,
    text_width,
    to_png,
    with_names,
    wrap,
)

View = Mapping[str, Any]
HEADER_H = 76
TURN_H = 70
NEWS_H = 84
ROW_H = 54
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


@dataclass(frozen=True, slots=True)
class Style:
    """A game's identity inside the shared look: its title, header colour and emblem."""

    title: str
    color: Color
    emblem: Emblem


@dataclass(frozen=True, slots=True)
class Mark:
    """Where a key text was drawn: ``kind`` ("turn", "last", "name", "score", "rank")."""

    kind: str
    text: str
    box: Box
    size: int
    seat: str = ""


@dataclass
class Frame:
    """A picture being drawn, with the marks of its key texts."""

    image: Image.Image
    draw: ImageDraw.ImageDraw
    marks: list[Mark] = field(default_factory=list)

    @classmethod
    def new(cls, height: int, width: int = WIDTH) -> Frame:
        image, draw = canvas(width, height)
        return cls(image, draw)

    def text(
        self,
        kind: str,
        xy: tuple[float, float],
        value: str,
        size: int,
        fill: Color = INK,
        bold: bool = False,
        anchor: str = "la",
        max_width: int | None = None,
        seat: str = "",
    ) -> Box | None:
        """Draw a key text (shrunk at most two steps to fit, then cut) and mark it."""
        if max_width is not None:
            size = fit_text(value, max_width, size, bold, min_size=size - 4)
            value = ellipsize(value, max_width, size, bold)
        box = text.draw(self.draw, xy, value, size, fill, bold, anchor)
        if box is not None:
            self.marks.append(Mark(kind, value, box, size, seat))
        return box

    def png(self) -> bytes:
        return to_png(self.image)


# ------------------------------------------------------------------ header
def header(frame: Frame, style: Style, note: str = "") -> int:
    """The game's band: emblem, title, and a short note (round, "Your view") at the right."""
    draw = frame.draw
    width = frame.image.width
    draw.rectangle((0, 0, width, HEADER_H), fill=style.color)
    style.emblem(draw, (MARGIN, 12, MARGIN + 56, HEADER_H - 10), style.color)
    ink = text_color_on(style.color)
    title_w = text_width(style.title, NAME, True)
    text.draw(draw, (MARGIN + 72, HEADER_H / 2), style.title, NAME, ink, True, "lm")
    if note:
        room = width - 2 * MARGIN - 72 - title_w - 24
        note_size = fit_text(note, room, DETAIL, min_size=SMALL)
        shown = ellipsize(note, room, note_size)
        light = mix(ink, style.color, 0.2)
        text.draw(draw, (width - MARGIN, HEADER_H / 2), shown, note_size, light, False, "rm")
    return HEADER_H


# ------------------------------------------------------------------ whose turn
def movers(view: View) -> list[str]:
    return list(view.get("waiting_for") or view.get("to_move") or [])


def turn_line(view: View, viewer: str | None = None) -> str:
    """ "Alex to move", "Your turn", "Waiting for Alex, Zoë", or who won."""
    if view.get("over"):
        winners = [s for s, r in (view["standings"].get("ranks") or {}).items() if r == 1]
        winners = winners or list(view.get("winners") or [])
        if viewer is not None and viewer in winners:
            return "You win!" if len(winners) == 1 else "You share the win!"
        names = " & ".join(display_name(view, s, 12) for s in winners)
        if not winners:
            return "Game over"
        return f"{names} wins" if len(winners) == 1 else f"{names} tie for the win"
    waiting = movers(view)
    if viewer is not None and viewer in waiting:
        return "Your turn"
    if len(waiting) == 1:
        return f"{display_name(view, waiting[0])} to move"
    if waiting:
        return "Waiting for " + ", ".join(display_name(view, s, 10) for s in waiting)
    return ""


def turn(frame: Frame, view: View, top: int, viewer: str | None = None) -> int:
    """The biggest line of the picture: whose turn it is, or who won."""
    line = turn_line(view, viewer)
    waiting = movers(view)
    x = MARGIN
    if len(waiting) == 1 and not view.get("over"):
        seat_token(frame.draw, view, waiting[0], (MARGIN + 24, top + TURN_H / 2), 20, HIGHLIGHT)
        x += 58
    elif view.get("over"):
        _medal(frame.draw, (MARGIN + 24, top + TURN_H / 2), 22, 1)
        x += 58
    room = frame.image.width - x - MARGIN
    frame.text("turn", (x, top + TURN_H / 2), line, TURN, INK, True, "lm", room)
    return top + TURN_H


def news(frame: Frame, view: View, top: int) -> int:
    """The last move in two lines at most, on a highlighted band; at the end, the result."""
    width = frame.image.width
    box = (MARGIN, top, width - MARGIN, top + NEWS_H - 8)
    panel(frame.draw, box, fill=(255, 248, 214), outline=mix(HIGHLIGHT, INK, 0.2), radius=10)
    room = width - 2 * MARGIN - 28
    if view.get("over"):
        kind, lines = "result", wrap(result_text(view), room, BODY)
    else:
        events = [str(e) for e in with_names(view).get("last", [])]
        words = "Last: " + "  ·  ".join(events) if events else "No moves yet: the game begins."
        kind, lines = "last", wrap(words, room, BODY)
    if len(lines) > 2:
        lines = [lines[0], ellipsize(" ".join(lines[1:]), room, BODY)]
    y = top + (NEWS_H - 8) / 2 - (len(lines) - 1) * 15
    for line in lines:
        frame.text(kind, (MARGIN + 14, y), line, BODY, INK, False, "lm", room)
        y += 30
    return top + NEWS_H


def result_text(view: View) -> str:
    """The final words: the winner's score with its unit, then what decided it."""
    standings = view["standings"]
    ranks: Mapping[str, int] = standings.get("ranks") or {}
    winners = [s for s, r in ranks.items() if r == 1]
    unit = standings.get("unit", "points")
    scores = view.get("scores", {})
    words = ""
    if winners:
        names = " & ".join(display_name(view, s, 12) for s in winners)
        verb = "wins" if len(winners) == 1 else "tie for first"
        words = f"{names} {verb} with {scores.get(winners[0], 0)} {unit}."
    reason = str(standings.get("result") or "").strip()
    if reason:
        words += " Decided by: " + reason.rstrip(".") + "."
    return words.strip() or "Game over."


# ------------------------------------------------------------------ standings
def live_ranks(view: View) -> dict[str, int]:
    """Ranks by score while the game runs (ties share a rank); the final ranks once over."""
    final = view["standings"].get("ranks")
    if final:
        return {str(s): int(r) for s, r in final.items()}
    scores: Mapping[str, int] = view.get("scores", {})
    ordered = sorted(scores.values(), reverse=True)
    return {seat: ordered.index(points) + 1 for seat, points in scores.items()}


def standings_height(seats: int) -> int:
    return 46 + seats * ROW_H + 10


def standings(
    frame: Frame,
    view: View,
    top: int,
    extras: Sequence[tuple[str, Mapping[str, Any]]] = (),
) -> int:
    """Each seat's rank, token, name and score (with a few secondary columns); once the
    game is over the rows go in rank order with medals and the score by category."""
    seats = list(view["seats"])
    width = frame.image.width
    bottom = top + standings_height(len(seats))
    panel(frame.draw, (MARGIN, top, width - MARGIN, bottom))
    over = bool(view.get("over"))
    unit = str(view["standings"].get("unit", "points"))
    ranks = live_ranks(view)
    if over:
        seats.sort(key=lambda s: (ranks.get(s, 99), seat_index(view, s)))
        extras = _breakdown_columns(view)
    title = "Final standings" if over else "Standings"
    text.draw(frame.draw, (MARGIN + 16, top + 24), title, BODY, INK, True, "lm")
    score_x = width - MARGIN - 16
    text.draw(frame.draw, (score_x, top + 24), unit, DETAIL, MUTED, False, "rm")
    column_w = 96
    first_column = score_x - 96 - column_w * len(extras)
    for i, (heading, _) in enumerate(extras):
        cx = first_column + column_w * i + column_w / 2
        shown = ellipsize(heading, column_w - 6, SMALL)
        text.draw(frame.draw, (cx, top + 26), shown, SMALL, MUTED, False, "mm")
    waiting = set(movers(view)) if not over else set()
    for row, seat in enumerate(seats):
        y = top + 46 + row * ROW_H
        cy = y + ROW_H / 2
        if seat in waiting:
            frame.draw.rounded_rectangle(
                (MARGIN + 6, y + 2, width - MARGIN - 6, y + ROW_H - 2), 10, fill=MOVER_BG
            )
        rank = ranks.get(seat, 0)
        if over and rank <= 3:
            _medal(frame.draw, (MARGIN + 34, cy), 19, rank)
            frame.marks.append(
                Mark(
                    "rank",
                    ORDINALS[rank - 1],
                    (MARGIN + 15, int(cy) - 19, MARGIN + 53, int(cy) + 19),
                    22,
                    seat,
                )
            )
        else:
            frame.text(
                "rank",
                (MARGIN + 34, cy),
                ORDINALS[rank - 1] if rank else "",
                BODY,
                MUTED,
                True,
                "mm",
                seat=seat,
            )
        seat_token(frame.draw, view, seat, (MARGIN + 84, cy), 19)
        name_room = first_column - (MARGIN + 116) - 8
        frame.text(
            "name",
            (MARGIN + 116, cy),
            display_name(view, seat),
            NAME,
            INK,
            True,
            "lm",
            name_room,
            seat,
        )
        for i, (_, values) in enumerate(extras):
            cx = first_column + column_w * i + column_w / 2
            value = str(values.get(seat, ""))
            text.draw(
                frame.draw,
                (cx, cy),
                ellipsize(value, column_w - 6, DETAIL),
                DETAIL,
                INK,
                False,
                "mm",
            )
        score = str(view.get("scores", {}).get(seat, 0))
        frame.text("score", (score_x, cy), score, SCORE, INK, True, "rm", 110, seat)
    return bottom


def _breakdown_columns(view: View) -> list[tuple[str, dict[str, Any]]]:
    """The score by category (the engine's breakdown), when it has more than one part."""
    breakdown: Mapping[str, Sequence[Sequence[Any]]] = view["standings"].get("breakdown") or {}
    headings: list[str] = []
    for parts in breakdown.values():
        for heading, _ in parts:
            if heading not in headings:
                headings.append(str(heading))
    if len(headings) <= 1:
        return []
    columns: list[tuple[str, dict[str, Any]]] = []
    for heading in headings[:4]:
        values = {
            seat: dict((str(h), p) for h, p in parts).get(heading, 0)
            for seat, parts in breakdown.items()
        }
        columns.append((heading, values))
    return columns


def _medal(draw: ImageDraw.ImageDraw, center: tuple[float, float], radius: int, rank: int) -> None:
    """A medal for the top three: ribbon, a gold, silver or bronze disc and the place."""
    x, y = center
    color = MEDALS[rank - 1]
    draw.polygon(
        [
            (x - radius * 0.7, y - radius * 1.1),
            (x - radius * 0.1, y - radius * 1.1),
            (x + radius * 0.2, y),
        ],
        fill=(200, 60, 60),
    )
    draw.polygon(
        [
            (x + radius * 0.7, y - radius * 1.1),
            (x + radius * 0.1, y - radius * 1.1),
            (x - radius * 0.2, y),
        ],
        fill=(40, 90, 170),
    )
    draw.ellipse(
        (x - radius, y - radius * 0.8, x + radius, y + radius * 1.2),
        fill=color,
        outline=INK,
        width=2,
    )
    text.draw(draw, (x, y + radius * 0.2), str(rank), int(radius * 1.1), INK, True, "mm")


# ------------------------------------------------------------------ private views
def you_line(frame: Frame, view: View, seat: str, top: int, note: str = "") -> int:
    """ "You are ▲ sky blue · Alex" with the token, on the private views."""
    draw = frame.draw
    seat_token(draw, view, seat, (MARGIN + 24, top + 26), 18)
    words = f"You are {seat_token_words(view['seats'], seat)} · {display_name(view, seat)}"
    if note:
        words += f" · {note}"
    frame.text(
        "you",
        (MARGIN + 56, top + 26),
        words,
        BODY,
        INK,
        True,
        "lm",
        frame.image.width - 2 * MARGIN - 56,
    )
    return top + 56


def section(frame: Frame, title: str, top: int) -> int:
    """A section title on a private view ("Your hand"); returns the y under it."""
    text.draw(frame.draw, (MARGIN, top + 4), title, BODY, INK, True, "la")
    return top + 40


def footer(frame: Frame, words: str) -> None:
    """Fine print at the bottom (a legend of symbols), never needed to follow the game."""
    draw = frame.draw
    height, width = frame.image.height, frame.image.width
    lines = wrap(words, width - 2 * MARGIN, SMALL)[:2]
    for i, line in enumerate(lines):
        y = height - 12 - (len(lines) - 1 - i) * 20
        text.draw(draw, (MARGIN, y), line, SMALL, MUTED, False, "ls")
