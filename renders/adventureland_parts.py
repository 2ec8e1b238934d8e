"""Drawing pieces for Alan's Adventureland: ride-type colours, cards, tiles, Bonus cards.

Ride types share the theme's colours, chosen to stay apart in every colour vision, and
always carry their icon too (♥ Family, ⚡ Thrill, 💧 Water, 🍴 Food, ♪ Stage): same-type
neighbours are the whole scoring, so the type must read without colour.

The themed mats' Bronze, Silver and Gold squares (Layout Bonus) read without colour too:
each set has its letter on a medal and its own pattern (dots, stripes, checks) on a white
square, so a free Gold square never looks like a yellow Family Ride tile; a tile built on
a set square keeps the set's medal in its corner.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from engine.text import Text, txc
from i18n import Lang
from renders import inks
from renders.theme import (
    DETAIL,
    INK,
    LINE,
    PANEL,
    RIDE_COLORS,
    RIDE_ICONS,
    SMALL,
    Box,
    Color,
    box_canvas,
    draw_text,
    text_color_on,
)

TYPE_COLORS = RIDE_COLORS
#: The coloured sets of the themed mats (Layout Bonus), tinted like their metals: an old
#: gold darker than the Family Ride yellow, and each apart from the others in every
#: colour vision (tests/renders/test_palettes.py).
SET_COLORS: dict[str, Color] = {
    "Gold": (178, 128, 0),
    "Silver": (150, 158, 172),
    "Bronze": (120, 62, 38),
}
#: Each set's pattern on its free squares, so the sets differ without colour as well.
SET_PATTERNS: dict[str, str] = {"Bronze": "dots", "Silver": "stripes", "Gold": "checks"}
#: The letter on each set's medal: its metal's initial in the reader's language.
SET_LETTERS: dict[str, Text] = {
    # i18n: the letter on the medal of the themed mats' Gold squares (Gold's initial)
    "Gold": txc("adventureland", "G"),
    # i18n: the letter on the medal of the themed mats' Silver squares (Silver's initial)
    "Silver": txc("adventureland", "S"),
    # i18n: the letter on the medal of the themed mats' Bronze squares (Bronze's initial)
    "Bronze": txc("adventureland", "B"),
}


def type_color(view: Mapping[str, Any], ride: str) -> Color:
    return TYPE_COLORS[view["rides"][ride]["type"]]


def ride_card(
    draw: ImageDraw.ImageDraw, view: Mapping[str, Any], ride: str, box: Box, lang: Lang
) -> None:
    """A Ride card: type colour and icon, name, and its excitement numbers."""
    x0, y0, x1, y1 = box
    info = view["rides"][ride]
    color = TYPE_COLORS[info["type"]]
    ink = text_color_on(color)
    draw.rounded_rectangle(box, 8, fill=color, outline=INK, width=2)
    w, h = x1 - x0, y1 - y0
    size = DETAIL if h >= 56 else SMALL
    draw_text(draw, (x0 + 6, y0 + 4), RIDE_ICONS[info["type"]], size, ink, True)
    name_y = y0 + h * 0.36
    name = lang.say(info["name"])
    draw_text(draw, (x0 + 28, name_y), name, size, ink, True, "lm", w - 34, min_size=13)
    levels = " · ".join(lang.number(v) for v in info["levels"])
    draw_text(draw, ((x0 + x1) / 2, y1 - 5), levels, size, ink, True, "md", w - 10)


def grid_cell(
    view: Mapping[str, Any],
    cell: Mapping[str, Any] | None,
    coloured: str | None,
    highlight: bool,
    size: tuple[int, int],
    lang: Lang,
) -> Image.Image:
    """One mat square as a ready-drawn image to paste: a built tile, or a free square.

    Mats repeat the same few squares render after render, so each look is drawn once.
    """
    if cell is None:
        return set_square(coloured, size, lang)
    info = view["rides"][cell["ride"]]
    return _tile(
        info["type"],
        tuple(info["levels"]),
        int(cell["height"]),
        highlight,
        size,
        lang,
        coloured,
    )


@inks.cached(maxsize=512)
def _tile(
    ride_type: str,
    levels: tuple[int, ...],
    height: int,
    highlight: bool,
    size: tuple[int, int],
    lang: Lang,
    coloured: str | None = None,
) -> Image.Image:
    """A built attraction: type icon, big excitement number, stack pips (no name: the
    card names are in the offer and the hands; a tile needs only what scores); on a set
    square, that set's medal in the bottom corner (the tile covers the square)."""
    image, draw, box = box_canvas(size, PANEL)
    x0, y0, x1, y1 = box
    color = TYPE_COLORS[ride_type]
    ink = text_color_on(color)
    outline, width = ((255, 214, 10), 5) if highlight else (INK, 2)
    draw.rounded_rectangle(box, 8, fill=color, outline=outline, width=width)
    h = y1 - y0
    draw_text(draw, (x0 + 5, y0 + 2), RIDE_ICONS[ride_type], DETAIL, ink, True)
    value = levels[height - 1]
    mid = (x0 + x1) / 2 + (7 if coloured else 0)  # clear of the set's medal
    draw_text(draw, (mid, y0 + h * 0.6), lang.number(value), int(h * 0.5), ink, True, "mm")
    for i in range(len(levels)):  # one pip per level: filled up to the stack height
        cx = x1 - 8 - (len(levels) - 1 - i) * 8
        pip = (cx - 3, y0 + 7, cx + 3, y0 + 13)
        draw.rectangle(pip, fill=ink if i < height else color, outline=ink)
    if coloured is not None:
        medal(draw, (x0 + 11, y1 - 11), 9, coloured, lang)
    return image


def medal(
    draw: ImageDraw.ImageDraw, center: tuple[float, float], radius: int, colour: str, lang: Lang
) -> None:
    """A set's medal: a disc in its metal with its letter (G, S, B in English), ringed in
    white and ink so it stands out on any tile."""
    x, y = center
    draw.ellipse((x - radius - 2, y - radius - 2, x + radius + 2, y + radius + 2), fill=PANEL)
    fill = SET_COLORS[colour]
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill, outline=INK)
    size = max(9, int(radius * 1.25))
    letter = lang.say(SET_LETTERS[colour])
    draw_text(draw, (x, y), letter, size, text_color_on(fill), True, "mm")


def _pattern(draw: ImageDraw.ImageDraw, box: Box, colour: str) -> None:
    """The set's pattern over a white square, in its metal (the square stays mostly white,
    where a tile is one solid colour): dots (Bronze), stripes (Silver), checks (Gold)."""
    x0, y0, x1, y1 = box
    ink = SET_COLORS[colour]
    kind = SET_PATTERNS[colour]
    if kind == "dots":
        for row, y in enumerate(range(y0 + 6, y1 - 3, 8)):
            for x in range(x0 + 6 + 4 * (row % 2), x1 - 3, 8):
                draw.ellipse((x - 1.5, y - 1.5, x + 1.5, y + 1.5), fill=ink)
    elif kind == "stripes":
        for k in range(-(y1 - y0), x1 - x0, 9):
            draw.line((x0 + k, y1, x0 + k + (y1 - y0), y0), fill=ink, width=2)
    else:
        for row, y in enumerate(range(y0 + 5, y1 - 6, 6)):
            for x in range(x0 + 5 + 6 * (row % 2), x1 - 6, 12):
                draw.rectangle((x, y, x + 5, y + 5), fill=ink)


@inks.cached(maxsize=256)
def set_square(coloured: str | None, size: tuple[int, int], lang: Lang) -> Image.Image:
    """A free mat square; a themed mat's set square is white with its set's pattern, a
    border in its metal and its medal in the middle."""
    image, draw, box = box_canvas(size, PANEL)
    if coloured is None:
        draw.rounded_rectangle(box, 8, fill=(238, 234, 224), outline=LINE, width=1)
        return image
    color = SET_COLORS[coloured]
    draw.rounded_rectangle(box, 8, fill=PANEL)
    _pattern(draw, box, coloured)
    draw.rounded_rectangle(box, 8, outline=color, width=3)
    center = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    medal(draw, center, max(8, min(size) // 4), coloured, lang)
    return image


def bonus_card(
    draw: ImageDraw.ImageDraw, view: Mapping[str, Any], card_id: str, box: Box, lang: Lang
) -> None:
    """A Bonus Layout card: its name, 4-square pattern, 3-of-4 / 4-of-4 / colour points."""
    x0, y0, x1, y1 = box
    card = view["bonus_cards"][card_id]
    color = TYPE_COLORS[card["type"]]
    draw.rounded_rectangle(box, 8, fill=(255, 255, 255), outline=color, width=4)
    name = lang.say(card["name"])
    draw_text(draw, ((x0 + x1) / 2, y0 + 8), name, SMALL, INK, True, "ma", x1 - x0 - 12)
    h = y1 - y0
    cell = max(8, min((x1 - x0 - 20) // 4, (h - 66) // 4))
    rows = max(r for r, _ in card["pattern"]) + 1
    cols = max(c for _, c in card["pattern"]) + 1
    gx = (x0 + x1 - cols * cell) // 2
    gy = y0 + 30 + (4 - rows) * cell // 2
    for r, c in card["pattern"]:
        square = (gx + c * cell, gy + r * cell, gx + (c + 1) * cell - 2, gy + (r + 1) * cell - 2)
        draw.rectangle(square, fill=color, outline=INK)
    icon = RIDE_ICONS[card["type"]]
    points = lang.say(
        txc(
            "adventureland",
            "3 of 4: {three} · 4 of 4: {four} · {icon} +{colour}",
            three=card["three"],
            four=card["four"],
            icon=icon,
            colour=card["colour"],
        )
    )
    draw_text(draw, ((x0 + x1) / 2, y1 - 8), points, SMALL, INK, True, "md", x1 - x0 - 8)
