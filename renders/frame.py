"""The shared frame of every picture: header, whose turn, the last move, the standings.

Every board and private view starts the same way, in the type sizes that read on a phone:
the game's header (its colour and emblem), one big line saying whose turn it is (or "Your
turn", or who won), the last move (or how the game was decided), and the standings with
each seat's rank, token, name and score — the final board adds medals and the score by
category. A :class:`Frame` also remembers where it drew these key texts (``marks``), so
tests can check their size on a phone-sized copy of the image.

Every word is the reader's (docs/ARCHITECTURE.md §6): the frame's own are catalog
messages (``tx``) said through ``lang``; the engine's (the phase, events, the result, the
unit and score categories) are said through ``lang`` too; numbers are written its way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from engine.core import GameView
from engine.text import Text, tx
from i18n import Lang
from renders import text
from renders.emblems import Emblem
from renders.theme import (
    BODY,
    DETAIL,
    HIGHLIGHT,
    INK,
    LINE,
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
    wrap_within,
)

View = GameView
HEADER_H = 76
TURN_H = 70
NEWS_H = 84
ROW_H = 54
#: A rank in the standings (the medals carry the number alone).
ORDINALS: tuple[Text, ...] = (
    # i18n: a rank in the standings, as short as it can be
    tx("1st"),
    tx("2nd"),
    tx("3rd"),
    tx("4th"),
    tx("5th"),
    tx("6th"),
)
#: The final standings show the score by category as columns up to this many parts;
#: a game whose score has more draws ``score_table`` where it has room.
MAX_COLUMNS = 3
COLUMN_W = 104


@dataclass(frozen=True, slots=True)
class Style:
    """A game's identity inside the shared look: its title, header colour and emblem."""

    title: Text
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

    picture: Image.Image
    draw: ImageDraw.ImageDraw
    marks: list[Mark] = field(default_factory=list)

    @property
    def image(self) -> Image.Image:
        """The picture in RGB (it is drawn in a palette), for tools that scale or
        compare it."""
        return self.picture.convert("RGB")

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
        return to_png(self.picture)


# ------------------------------------------------------------------ header
def header(frame: Frame, style: Style, lang: Lang, note: str = "") -> int:
    """The game's band: emblem, title, and a short note (round, "Your view") at the right."""
    draw = frame.draw
    width = frame.picture.width
    draw.rectangle((0, 0, width, HEADER_H), fill=style.color)
    style.emblem(draw, (MARGIN, 12, MARGIN + 56, HEADER_H - 10), style.color)
    ink = text_color_on(style.color)
    title = lang.say(style.title)
    title_w = text_width(title, NAME, True)
    text.draw(draw, (MARGIN + 72, HEADER_H / 2), title, NAME, ink, True, "lm")
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


def turn_line(view: View, lang: Lang, viewer: str | None = None) -> str:
    """ "Alex to move", "Your turn", "Waiting for Alex and Zoë", or who won."""
    if view.get("over"):
        winners = [s for s, r in (view["standings"].get("ranks") or {}).items() if r == 1]
        winners = winners or list(view.get("winners") or [])
        if viewer is not None and viewer in winners:
            return lang.say(tx("You win!") if len(winners) == 1 else tx("You share the win!"))
        if not winners:
            return lang.say(tx("Game over"))
        names = [display_name(view, s, 12) for s in winners]
        if len(winners) == 1:
            return lang.say(tx("{name} wins", name=names[0]))
        return lang.say(tx("{names} tie for the win", names=names))
    waiting = movers(view)
    if viewer is not None and viewer in waiting:
        return lang.say(tx("Your turn"))
    if len(waiting) == 1:
        return lang.say(tx("{name} to move", name=display_name(view, waiting[0])))
    if waiting:
        names = [display_name(view, s, 10) for s in waiting]
        return lang.say(tx("Waiting for {names}", names=names))
    return ""


def turn(frame: Frame, view: View, top: int, lang: Lang, viewer: str | None = None) -> int:
    """The biggest line of the picture: whose turn it is, or who won."""
    line = turn_line(view, lang, viewer)
    waiting = movers(view)
    x = MARGIN
    if len(waiting) == 1 and not view.get("over"):
        seat_token(frame.draw, view, waiting[0], (MARGIN + 24, top + TURN_H / 2), 20, HIGHLIGHT)
        x += 58
    elif view.get("over"):
        _medal(frame.draw, (MARGIN + 24, top + TURN_H / 2), 22, 1, lang)
        x += 58
    room = frame.picture.width - x - MARGIN
    frame.text("turn", (x, top + TURN_H / 2), line, TURN, INK, True, "lm", room)
    return top + TURN_H


def news(frame: Frame, view: View, top: int, lang: Lang) -> int:
    """The last move in two lines at most, on a highlighted band; at the end, the result
    (three slightly smaller lines if it needs them: it says what decided ties)."""
    width = frame.picture.width
    box = (MARGIN, top, width - MARGIN, top + NEWS_H - 8)
    panel(frame.draw, box, fill=(255, 248, 214), outline=mix(HIGHLIGHT, INK, 0.2), radius=10)
    room = width - 2 * MARGIN - 28
    named = with_names(view, lang)
    size, step = BODY, 30
    if view.get("over"):
        kind, words = "result", result_text(named, lang)
        if len(wrap(words, room, size)) > 2:
            size, step = BODY - 2, 24
    else:
        events = "  ·  ".join(named.get("last", []))
        if events:
            words = lang.say(tx("Last: {events}", events=events))
        else:
            words = lang.say(tx("No moves yet: the game begins."))
        kind = "last"
    most = 2 if size == BODY else 3
    lines = wrap_within(words, room, size, most)
    y = top + (NEWS_H - 8) / 2 - (len(lines) - 1) * step / 2
    for line in lines:
        frame.text(kind, (MARGIN + 14, y), line, size, INK, False, "lm", room)
        y += step
    return top + NEWS_H


def result_text(view: View, lang: Lang) -> str:
    """The final words: the engine's result sentence (how the game ended, what decided
    ties), or when it gives only a fragment, the winner's score with its unit first.
    ``view`` is already in words (:func:`with_names`)."""
    standings = view["standings"]
    reason = str(standings.get("result") or "").strip()
    if reason.endswith((".", "!")):
        return reason[0].upper() + reason[1:]
    ranks: Mapping[str, int] = standings.get("ranks") or {}
    winners = [s for s, r in ranks.items() if r == 1]
    words = []
    if len(winners) == 1:
        name = display_name(view, winners[0], 12)
        amount = standings["amounts"][winners[0]]
        words.append(tx("{name} wins with {amount}.", name=name, amount=amount))
    elif winners:
        names = [display_name(view, s, 12) for s in winners]
        amount = standings["amounts"][winners[0]]
        words.append(tx("{names} tie for first with {amount}.", names=names, amount=amount))
    if reason:
        words.append(tx("Decided by: {reason}.", reason=reason.rstrip(".")))
    return " ".join(lang.say(w) for w in words) or lang.say(tx("Game over."))


def unit_words(view: View, lang: Lang) -> str:
    """What the scores count ("points", "francs": the engine's word), in the reader's."""
    return lang.say(view["standings"].get("unit") or tx("points"))


def column_value(value: Any, lang: Lang) -> str:
    """A value of a standings column: a number written the reader's way, or words."""
    if isinstance(value, int) and not isinstance(value, bool):
        return lang.number(value)
    return lang.say(value) if isinstance(value, str) else str(value)


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
    lang: Lang,
    extras: Sequence[tuple[str, Mapping[str, Any]]] = (),
) -> int:
    """Each seat's rank, token, name and score (with a few secondary columns: a heading
    in words, and numbers or words per seat), the rows in rank order as the text's
    standings (seat order would read "4th, 3rd, 2nd, 1st"); once the game is over with
    medals and the score by category."""
    seats = list(view["seats"])
    width = frame.picture.width
    bottom = top + standings_height(len(seats))
    panel(frame.draw, (MARGIN, top, width - MARGIN, bottom))
    over = bool(view.get("over"))
    unit = unit_words(view, lang)
    ranks = live_ranks(view)
    seats.sort(key=lambda s: (ranks.get(s, 99), seat_index(view, s)))
    if over:
        columns = breakdown_columns(view)
        if columns:  # else the game's own columns stay (what its ties are broken by)
            extras = columns if len(columns) <= MAX_COLUMNS else []
    title = lang.say(tx("Final standings") if over else tx("Standings"))
    text.draw(frame.draw, (MARGIN + 16, top + 24), title, BODY, INK, True, "lm")
    score_x = width - MARGIN - 16
    text.draw(frame.draw, (score_x, top + 24), unit, DETAIL, MUTED, False, "rm")
    column_w = COLUMN_W
    first_column = score_x - 96 - column_w * len(extras)
    for i, (heading, _) in enumerate(extras):
        cx = first_column + column_w * i + column_w / 2
        lines, size = _heading_lines(lang.say(heading), column_w - 6)
        for j, line in enumerate(lines):
            y = top + 25 + (j - (len(lines) - 1) / 2) * 18
            text.draw(frame.draw, (cx, y), line, size, MUTED, False, "mm")
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
            _medal(frame.draw, (MARGIN + 34, cy), 19, rank, lang)
            frame.marks.append(
                Mark(
                    "rank",
                    lang.say(ORDINALS[rank - 1]),
                    (MARGIN + 15, int(cy) - 19, MARGIN + 53, int(cy) + 19),
                    22,
                    seat,
                )
            )
        else:
            frame.text(
                "rank",
                (MARGIN + 34, cy),
                lang.say(ORDINALS[rank - 1]) if rank else "",
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
            value = column_value(values.get(seat, ""), lang)
            text.draw(
                frame.draw,
                (cx, cy),
                ellipsize(value, column_w - 6, DETAIL),
                DETAIL,
                INK,
                False,
                "mm",
            )
        score = lang.number(view.get("scores", {}).get(seat, 0))
        frame.text("score", (score_x, cy), score, SCORE, INK, True, "rm", 110, seat)
    return bottom


def breakdown_columns(view: View) -> list[tuple[str, dict[str, int]]]:
    """The score by category (the engine's breakdown) as (heading, {seat: points}), in
    the engine's order; none when the score has only one part. Headings stay the
    engine's (words to say, not yet said)."""
    breakdown: Mapping[str, Sequence[Sequence[Any]]] = view["standings"].get("breakdown") or {}
    headings: list[str] = []
    for parts in breakdown.values():
        for heading, _ in parts:
            if heading not in headings:
                headings.append(heading)
    if len(headings) <= 1:
        return []
    return [
        (
            heading,
            {
                seat: int(dict((h, p) for h, p in parts).get(heading, 0))
                for seat, parts in breakdown.items()
            },
        )
        for heading in headings
    ]


def _heading_lines(heading: str, room: int) -> tuple[list[str], int]:
    """A column heading in at most two lines of small print, up to three steps smaller
    when its words need it (some languages' words are long), cut only past that."""
    for size in range(SMALL, SMALL - 4, -1):
        lines = wrap(heading, room, size)
        if len(lines) <= 2 and all(text_width(line, size) <= room for line in lines):
            return lines, size
    return [ellipsize(line, room, size) for line in wrap_within(heading, room, size, 2)], size


def score_table(frame: Frame, view: View, box: Box, lang: Lang) -> None:
    """The final score by category when it has more parts than the standings have
    columns: one row per category in plain words, one column per player in rank order
    (headed by their token), and the totals."""
    columns = breakdown_columns(view)
    draw = frame.draw
    panel(draw, box)
    x0, y0, x1, y1 = box
    ranks = live_ranks(view)
    seats = sorted(view["seats"], key=lambda s: (ranks.get(s, 99), seat_index(view, s)))
    label_w = min(320, (x1 - x0) // 2)
    column_w = (x1 - x0 - 16 - label_w) // max(1, len(seats))
    head_h = 46
    row_h = min(32, (y1 - y0 - head_h - 8) // (len(columns) + 1))
    title = lang.say(tx("Score by category"))
    text.draw(draw, (x0 + 14, y0 + head_h / 2), title, DETAIL, INK, True, "lm")

    def centre(i: int) -> float:
        return x0 + label_w + column_w * i + column_w / 2

    for i, seat in enumerate(seats):
        seat_token(draw, view, seat, (centre(i), y0 + head_h / 2), 15)
    total_words = lang.say(tx("Total {unit}", unit=unit_words(view, lang)))
    rows = [*columns, (total_words, view["scores"])]
    for r, (heading, values) in enumerate(rows):
        y = y0 + head_h + r * row_h
        total = r == len(rows) - 1
        if total:
            draw.line((x0 + 10, y + 2, x1 - 10, y + 2), fill=LINE, width=2)
        elif r % 2 == 0:
            draw.rectangle((x0 + 6, y + 2, x1 - 6, y + row_h - 2), fill=(247, 245, 240))
        cy = y + row_h / 2 + 1
        words = ellipsize(lang.say(heading), label_w - 24, DETAIL, total)
        text.draw(draw, (x0 + 14, cy), words, DETAIL, INK, total, "lm")
        for i, seat in enumerate(seats):
            value = lang.number(values.get(seat, 0))
            text.draw(draw, (centre(i), cy), value, DETAIL, INK, total, "mm")


def _medal(
    draw: ImageDraw.ImageDraw, center: tuple[float, float], radius: int, rank: int, lang: Lang
) -> None:
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
    text.draw(draw, (x, y + radius * 0.2), lang.number(rank), int(radius * 1.1), INK, True, "mm")


# ------------------------------------------------------------------ private views
def you_line(frame: Frame, view: View, seat: str, top: int, lang: Lang, note: str = "") -> int:
    """ "You are ▲ sky blue · Alex" with the token, on the private views (``note``: more
    words of the game's, already said)."""
    draw = frame.draw
    seat_token(draw, view, seat, (MARGIN + 24, top + 26), 18)
    token = seat_token_words(view["seats"], seat)
    words = lang.say(tx("You are {token} · {name}", token=token, name=display_name(view, seat)))
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
        frame.picture.width - 2 * MARGIN - 56,
    )
    return top + 56


def section(frame: Frame, title: str, top: int) -> int:
    """A section title on a private view ("Your hand"); returns the y under it."""
    text.draw(frame.draw, (MARGIN, top + 4), title, BODY, INK, True, "la")
    return top + 40


def footer(frame: Frame, words: str) -> None:
    """Fine print at the bottom (a legend of symbols), never needed to follow the game."""
    draw = frame.draw
    height, width = frame.picture.height, frame.picture.width
    lines = wrap_within(words, width - 2 * MARGIN, SMALL, 2)
    for i, line in enumerate(lines):
        y = height - 12 - (len(lines) - 1 - i) * 20
        text.draw(draw, (MARGIN, y), line, SMALL, MUTED, False, "ls")
