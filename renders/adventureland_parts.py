"""Drawing pieces for Alan's Adventureland: ride-type colours, cards, tiles, Bonus cards.

Ride types use Paul Tol's colour-blind-safe "bright" scheme (kept apart from the Okabe–Ito
player colours) and always carry their letter too, so colour is never the only cue.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renders.theme import (
    INK,
    LINE,
    MUTED,
    PANEL,
    RIDE_COLORS,
    Box,
    Color,
    box_canvas,
    draw_text,
    mix,
    text_color_on,
)

TYPE_COLORS = RIDE_COLORS
#: The coloured sets of the themed mats (Layout Bonus), tinted like their metals.
SET_COLORS: dict[str, Color] = {
    "Gold": (222, 178, 40),
    "Silver": (168, 172, 182),
    "Bronze": (190, 120, 60),
}


def type_color(view: Mapping[str, Any], ride: str) -> Color:
    return TYPE_COLORS[view["rides"][ride]["type"]]


def type_letter(view: Mapping[str, Any], ride_type: str) -> str:
    return str(view["types"][ride_type]["letter"])


def ride_card(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], ride: str, box: Box) -> None:
    """A Ride card: type colour, letter, name and its excitement numbers."""
    x0, y0, x1, y1 = box
    info = view["rides"][ride]
    color = TYPE_COLORS[info["type"]]
    ink = text_color_on(color)
    draw.rounded_rectangle(box, 8, fill=color, outline=INK, width=2)
    w, h = x1 - x0, y1 - y0
    size = max(11, min(22, h // 4))
    draw_text(draw, (x0 + 6, y0 + 4), type_letter(view, info["type"]), size, ink, bold=True)
    draw_text(
        draw, ((x0 + x1) / 2, y0 + h * 0.5), info["name"], size, ink, True, "mm", max_width=w - 10
    )
    levels = " ".join(str(v) for v in info["levels"])
    draw_text(draw, ((x0 + x1) / 2, y1 - 6), levels, size - 2, ink, anchor="md", max_width=w - 10)


def grid_cell(
    view: Mapping[str, Any],
    cell: Mapping[str, Any] | None,
    name: str,
    coloured: str | None,
    highlight: bool,
    size: tuple[int, int],
) -> Image.Image:
    """One mat square as a ready-drawn image to paste: a built tile, or a free square.

    Mats repeat the same few squares render after render, so each look is drawn once.
    """
    if cell is None:
        letter = coloured[0] if coloured else ""
        return _empty_square(name, coloured, letter, size)
    info = view["rides"][cell["ride"]]
    return _tile(
        info["type"],
        type_letter(view, info["type"]),
        info["name"],
        tuple(info["levels"]),
        int(cell["height"]),
        highlight,
        size,
    )


@lru_cache(maxsize=512)
def _tile(
    ride_type: str,
    letter: str,
    name: str,
    levels: tuple[int, ...],
    height: int,
    highlight: bool,
    size: tuple[int, int],
) -> Image.Image:
    """A built attraction: big excitement number, type letter, stack pips, short name."""
    image, draw, box = box_canvas(size, PANEL)
    x0, y0, x1, y1 = box
    color = TYPE_COLORS[ride_type]
    ink = text_color_on(color)
    outline, width = ((255, 214, 10), 5) if highlight else (INK, 2)
    draw.rounded_rectangle(box, 8, fill=color, outline=outline, width=width)
    w, h = x1 - x0, y1 - y0
    draw_text(draw, (x0 + 6, y0 + 3), letter, 15, ink, bold=True)
    value = levels[height - 1]
    draw_text(draw, ((x0 + x1) / 2, y0 + h * 0.44), str(value), int(h * 0.42), ink, True, "mm")
    draw_text(draw, ((x0 + x1) / 2, y1 - 4), name, 12, ink, anchor="md", max_width=w - 8)
    for i in range(len(levels)):  # one pip per level: filled up to the stack height
        cx = x1 - 9 - (len(levels) - 1 - i) * 11
        pip = (cx - 4, y0 + 6, cx + 4, y0 + 14)
        draw.rectangle(pip, fill=ink if i < height else color, outline=ink)
    return image


@lru_cache(maxsize=256)
def _empty_square(
    name: str, coloured: str | None, letter: str, size: tuple[int, int]
) -> Image.Image:
    """A free mat square; a themed mat's coloured square shows its set's tint + letter."""
    image, draw, box = box_canvas(size, PANEL)
    if coloured is None:
        draw.rounded_rectangle(box, 8, fill=(238, 234, 224), outline=LINE, width=1)
        return image
    color = SET_COLORS[coloured]
    draw.rounded_rectangle(box, 8, fill=mix(color, (255, 255, 255), 0.7), outline=color, width=3)
    center = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    draw_text(draw, center, f"{letter}·{name}", 14, INK, anchor="mm")
    return image


def bonus_card(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], card_id: str, box: Box) -> None:
    """A Bonus Layout card: its 4-square pattern, type, 3-of-4 / 4-of-4 / colour points."""
    x0, y0, x1, y1 = box
    card = view["bonus_cards"][card_id]
    color = TYPE_COLORS[card["type"]]
    draw.rounded_rectangle(box, 8, fill=(255, 255, 255), outline=color, width=4)
    h = y1 - y0
    cell = max(8, min((x1 - x0 - 20) // 4, (h - 50) // 4))
    rows = max(r for r, _ in card["pattern"]) + 1
    cols = max(c for _, c in card["pattern"]) + 1
    gx = (x0 + x1 - cols * cell) // 2
    gy = y0 + 10 + (4 - rows) * cell // 2
    for r, c in card["pattern"]:
        square = (gx + c * cell, gy + r * cell, gx + (c + 1) * cell - 2, gy + (r + 1) * cell - 2)
        draw.rectangle(square, fill=color, outline=INK)
    letter = type_letter(view, card["type"])
    points = f"3:{card['three']} 4:{card['four']} +{card['colour']}{letter}"
    draw_text(draw, ((x0 + x1) / 2, y1 - 8), points, 15, INK, True, "md", max_width=x1 - x0 - 8)
    draw_text(draw, (x0 + 6, y0 + 4), card["name"], 11, MUTED, max_width=x1 - x0 - 12)
