"""The ``/profile`` card: a player's rating at each game, its trend, their record.

Drawn like the boards (the shared theme, type scale and fonts; each game in its own
header colour with its emblem) and for a phone first: 800 px wide, every fact a reader
looks for (the rating, games, wins, best score) in a size that still reads when Discord
shows the card 400 px wide. Like every renderer it sees only a view:

``name``: the player's display name; ``where``: what the ratings are of ("Test Guild ·
season 2"); ``scale`` and ``settled_after``: how a rating reads (the footer: μ − 3σ times
``scale``, provisional before ``settled_after`` rated games); ``listed_after`` and
``window``: the ratings' rules against farming (on the leaderboard after that many
different opponents; a game counts less against people met within the last ``window``
games, and less still in a small circle); ``games``: one entry per title the player
finished a game of, with ``slug``, ``rating`` (the shown number, None before a rated
game), ``provisional``, ``rank`` (their place on the leaderboard, or None), ``met``
(different opponents so far, up to ``listed_after``), ``repeat`` (k: another game against
the last game's players would count 1/k), ``games``, ``wins``, ``best`` (best score),
``trend`` (the shown rating after each of the last rated games, oldest first) and
``last`` (the last results, newest first: ``place``, ``of`` (players), ``score``, ``left``).

Its words are :mod:`engine.text` messages, said in the reader's language (``lang``: the
language of who asked for the profile).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import ImageDraw

from engine.text import Text, tx, txn
from i18n import Lang
from renders import ENGLISH, inks
from renders.frame import Frame
from renders.games import renderer_of
from renders.theme import (
    BODY,
    DETAIL,
    HEADER_INK,
    HIGHLIGHT,
    INK,
    LINE,
    MARGIN,
    MEDALS,
    MUTED,
    NAME,
    SMALL,
    TURN,
    WIDTH,
    Box,
    Color,
    display_name,
    ellipsize,
    fit_text,
    mix,
    panel,
    text_color_on,
    text_width,
)

View = Mapping[str, Any]
#: The card's own colour (Turnstile's, as on the bot's embeds).
CARD_COLOR: Color = (38, 50, 74)
HEADER_H = 112
TITLE_H = 52
GAME_H = 310
#: A note of the ratings' rules (:func:`fairness_notes`) adds this much to its panel.
NOTE_H = 26
#: Room under the panels for the footer's two lines.
FOOTER_H = 64
EMPTY_H = 120
#: The trend chart (right half of a game's panel).
CHART_W = 350
CHART_H = 134
#: At most this many last results are shown (newest first).
LAST_SHOWN = 5
#: The rating, the biggest number on the card.
RATING = 52
#: Chart labels and the score under each last result: a step above DETAIL, so they
#: still read at 10 px on a phone.
LABEL = 20
UP: Color = (34, 136, 51)
DOWN: Color = (170, 51, 119)


def fairness_notes(entry: Mapping[str, Any], listed_after: int) -> list[Text]:
    """What the ratings' rules against farming say of this rating now: how far
    it is from the leaderboard, and what another game against the last game's players
    would count."""
    notes: list[Text] = []
    if entry.get("rating") is not None and not entry.get("rank"):
        notes.append(
            tx(
                "leaderboard after {count} different opponents ({met} so far)",
                count=listed_after,
                met=int(entry.get("met", 0)),
            )
        )
    repeat = int(entry.get("repeat", 1))
    if repeat > 1:
        notes.append(tx("the same players again: counts 1/{k}", k=repeat))
    return notes


def repeats_rule(window: int) -> Text:
    """The damping rule in a line (the card's footer, the profile's text; the README
    gives the numbers)."""
    return tx(
        "People met within your last {window} games count less, and a small circle less still",
        window=window,
    )


def ordinal_words(place: int) -> Text:
    """A finishing place in words (1st, 2nd…), one message each so every language writes
    its own."""
    words = {1: tx("1st"), 2: tx("2nd"), 3: tx("3rd"), 4: tx("4th"), 5: tx("5th"), 6: tx("6th")}
    return words.get(place) or tx("#{place}", place=place)


@inks.using("profile")
def draw_profile(view: View, *, lang: Lang = ENGLISH) -> Frame:
    """The card with its key texts marked: the name, each rating and record line."""
    games = list(view.get("games") or [])
    listed_after = int(view["listed_after"])
    panels = sum(_height(entry, listed_after) + 14 for entry in games)
    height = HEADER_H + 16 + (panels if games else EMPTY_H) + FOOTER_H
    frame = Frame.new(height)
    y = _header(frame, view, lang) + 16
    if not games:
        frame.text(
            "last",
            (WIDTH / 2, y + EMPTY_H / 2),
            lang.say(tx("No finished games yet.")),
            NAME,
            MUTED,
            anchor="mm",
        )
    for entry in games:
        y = _game(frame, entry, y, lang, listed_after) + 14
    _footer(frame, view, lang)
    return frame


def profile(view: View, *, lang: Lang = ENGLISH) -> bytes:
    """The card as PNG bytes, in ``lang``."""
    return draw_profile(view, lang=lang).png()


def _header(frame: Frame, view: View, lang: Lang) -> int:
    """The band: a podium, the player's name in the largest type, and whose ratings."""
    draw = frame.draw
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=CARD_COLOR)
    _podium(draw, (MARGIN, 20, MARGIN + 72, HEADER_H - 20))
    left = MARGIN + 92
    room = WIDTH - left - MARGIN
    name = display_name({"names": {"me": str(view.get("name", ""))}, "seats": ["me"]}, "me", 32)
    frame.text("name", (left, 44), name, TURN, HEADER_INK, True, "lm", room)
    where = str(view.get("where") or "")
    said = tx("Turnstile ratings · {where}", where=where) if where else tx("Turnstile ratings")
    words = lang.say(said)
    size = fit_text(words, room, BODY, min_size=DETAIL)
    light = mix(HEADER_INK, CARD_COLOR, 0.25)
    frame.text("where", (left, 88), ellipsize(words, room, size), size, light, anchor="lm")
    return HEADER_H


def _podium(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """The card's emblem: a three-step podium with a star over the top step."""
    x0, y0, x1, y1 = box
    step = (x1 - x0) / 3
    heights = (0.45, 0.7, 0.3)
    order = (1, 0, 2)  # second, first, third from the left
    for i, place in enumerate(order):
        top = y1 - (y1 - y0) * heights[i] * 0.8
        draw.rectangle((x0 + i * step, top, x0 + (i + 1) * step - 2, y1), fill=MEDALS[place])
    cx, cy = x0 + step * 1.5, y0 + 6
    draw.regular_polygon((cx, cy, 9), 5, fill=HIGHLIGHT)


def _height(entry: Mapping[str, Any], listed_after: int) -> int:
    """A game's panel: taller by a line for each note of the ratings' rules."""
    return GAME_H + NOTE_H * len(fairness_notes(entry, listed_after))


def _game(frame: Frame, entry: Mapping[str, Any], top: int, lang: Lang, listed_after: int) -> int:
    """One game's panel: its band, the rating with its last change and the leaderboard
    place, the record, the trend chart and the last results."""
    draw = frame.draw
    style = renderer_of(str(entry["slug"])).style
    bottom = top + _height(entry, listed_after)
    panel(draw, (MARGIN, top, WIDTH - MARGIN, bottom))
    draw.rounded_rectangle(
        (MARGIN, top, WIDTH - MARGIN, top + TITLE_H), radius=12, fill=style.color
    )
    draw.rectangle((MARGIN, top + TITLE_H - 12, WIDTH - MARGIN, top + TITLE_H), fill=style.color)
    style.emblem(draw, (MARGIN + 12, top + 6, MARGIN + 52, top + TITLE_H - 6), style.color)
    ink = text_color_on(style.color)
    frame.text("title", (MARGIN + 64, top + TITLE_H / 2), style.title, NAME, ink, True, "lm")
    _rating(frame, entry, top + TITLE_H, lang, listed_after)
    chart: Box = (
        WIDTH - MARGIN - 16 - CHART_W,
        top + TITLE_H + 14,
        WIDTH - MARGIN - 16,
        top + TITLE_H + 14 + CHART_H,
    )
    slug = str(entry["slug"])
    _trend(frame, slug, [int(v) for v in entry.get("trend") or []], chart, style.color, lang)
    _last(frame, slug, list(entry.get("last") or [])[:LAST_SHOWN], bottom - 76, lang)
    return bottom


def _rating(
    frame: Frame, entry: Mapping[str, Any], top: int, lang: Lang, listed_after: int
) -> None:
    """The big number, its last move, and the facts under it (the ratings' rules that
    hold it back last: :func:`fairness_notes`)."""
    left = MARGIN + 20
    slug = str(entry["slug"])
    rating = entry.get("rating")
    if rating is None:
        unrated = lang.say(tx("Unrated"))
        frame.text("rating", (left, top + 46), unrated, TURN, MUTED, True, "lm", seat=slug)
        note = lang.say(tx("no rated game yet"))
    else:
        box = frame.text(
            "rating", (left, top + 46), str(int(rating)), RATING, INK, True, "lm", seat=slug
        )
        trend = [int(v) for v in entry.get("trend") or []]
        if box is not None and len(trend) >= 2 and trend[-1] != trend[-2]:
            change = trend[-1] - trend[-2]
            words = f"▲ +{change}" if change > 0 else f"▼ {change}"
            color = UP if change > 0 else DOWN
            frame.text("change", (box[2] + 14, top + 50), words, BODY, color, True, "lm")
        parts: list[str] = [tx("provisional")] if entry.get("provisional") else []
        if entry.get("rank"):
            parts.append(tx("#{rank} on the leaderboard", rank=int(entry["rank"])))
        note = " · ".join(lang.say(part) for part in parts) or lang.say(tx("rating"))
    room = WIDTH - 2 * MARGIN - CHART_W - 56
    frame.text("note", (left, top + 92), note, BODY, MUTED, False, "lm", room)
    games, wins = int(entry.get("games", 0)), int(entry.get("wins", 0))
    record = tx(
        "{games} · {wins}",
        games=txn("{count} game", "{count} games", games),
        wins=txn("{count} win", "{count} wins", wins),
    )
    frame.text("record", (left, top + 130), lang.say(record), BODY, INK, True, "lm", room, slug)
    if entry.get("best") is not None:
        best = lang.say(tx("best {best}", best=int(entry["best"])))
        frame.text("best", (left, top + 164), best, BODY, INK, False, "lm")
    # Under the chart's caption, across the panel, above the last results.
    wide = WIDTH - 2 * MARGIN - 40
    for line, note in enumerate(fairness_notes(entry, listed_after)):
        words = lang.say(note)
        at = (left, top + 190 + NOTE_H * line)
        frame.text("fair", at, words, DETAIL, MUTED, False, "lm", wide, slug)


def _trend(
    frame: Frame, slug: str, values: Sequence[int], box: Box, color: Color, lang: Lang
) -> None:
    """The shown rating after each of the last rated games: a line with a dot per game,
    the latest dot ringed, the highest and lowest values written on the left."""
    draw = frame.draw
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=8, fill=(250, 248, 244), outline=LINE, width=1)
    if not values:
        middle = ((x0 + x1) / 2, (y0 + y1) / 2)
        none = lang.say(tx("no trend yet"))
        frame.text("caption", middle, none, LABEL, MUTED, anchor="mm", seat=slug)
        return
    label_w = max(text_width(str(v), LABEL) for v in (min(values), max(values))) + 16
    low, high = min(values), max(values)
    if high - low < 20:  # a flat line sits in the middle, not on an edge
        low, high = low - 10, high + 10
    plot = (x0 + label_w, y0 + 16, x1 - 16, y1 - 16)
    for value, level in ((high, plot[1]), (low, plot[3])):
        draw.line((plot[0], level, plot[2], level), fill=LINE, width=1)
        frame.text("axis", (plot[0] - 8, level), str(value), LABEL, MUTED, anchor="rm", seat=slug)
    step = (plot[2] - plot[0]) / max(1, len(values) - 1)
    points = [
        (
            plot[0] + (i * step if len(values) > 1 else (plot[2] - plot[0]) / 2),
            plot[3] - (v - low) / (high - low) * (plot[3] - plot[1]),
        )
        for i, v in enumerate(values)
    ]
    line_color = mix(color, INK, 0.15)
    if len(points) > 1:
        draw.line(points, fill=line_color, width=4, joint="curve")
    for px, py in points[:-1]:
        draw.ellipse((px - 4, py - 4, px + 4, py + 4), fill=line_color)
    px, py = points[-1]
    draw.ellipse((px - 9, py - 9, px + 9, py + 9), fill=HIGHLIGHT, outline=INK, width=2)
    games = len(values)
    words = lang.say(txn("last {count} rated game", "last {count} rated games", games))
    frame.text("caption", ((x0 + x1) / 2, y1 + 16), words, LABEL, MUTED, anchor="mm", seat=slug)


def _last(
    frame: Frame, slug: str, results: Sequence[Mapping[str, Any]], top: int, lang: Lang
) -> None:
    """The last results as chips, newest first: the place (a medal colour for the top
    three, "left" for a game the player left) out of how many, and the score."""
    draw = frame.draw
    left = MARGIN + 20
    label = lang.say(tx("Last:"))
    frame.text("label", (left, top + 31), label, BODY, MUTED, False, "lm")
    x = left + text_width(label, BODY) + 12
    chip_w, chip_h = 118, 62
    for result in results:
        place, of = int(result.get("place", 0)), int(result.get("of", 0))
        gone = bool(result.get("left"))
        fill = (
            (235, 235, 235) if gone else MEDALS[place - 1] if 1 <= place <= 3 else (255, 255, 255)
        )
        draw.rounded_rectangle(
            (x, top, x + chip_w, top + chip_h), 8, fill=fill, outline=INK, width=1
        )
        outing = tx("left") if gone else tx("{place}/{of}", place=ordinal_words(place), of=of)
        words = lang.say(outing)
        frame.text("last", (x + chip_w / 2, top + 19), words, BODY + 2, INK, True, "mm", seat=slug)
        points = int(result.get("score", 0))
        score = lang.say(txn("{count} pt", "{count} pts", points))
        frame.text("last", (x + chip_w / 2, top + 46), score, LABEL, INK, False, "mm", seat=slug)
        x += chip_w + 8
        if x + chip_w > WIDTH - MARGIN:
            break


def _footer(frame: Frame, view: View, lang: Lang) -> None:
    said = tx(
        "Rating = skill μ − 3σ (OpenSkill), ×{scale} · provisional until {games} rated games",
        scale=int(view["scale"]),
        games=int(view["settled_after"]),
    )
    height = frame.picture.height
    frame.text("footer", (MARGIN, height - 36), lang.say(said), SMALL, MUTED, anchor="ls")
    rule = lang.say(repeats_rule(int(view["window"])))
    frame.text("footer", (MARGIN, height - 14), rule, SMALL, MUTED, anchor="ls")
