"""Drawing pieces for the Imagineers pictures: guests, tile faces, the Mess cone.

Guest and attraction colours are fixed per type (docs/ARCHITECTURE.md §6) and always carry a
letter (Y, R, B in English: the colour's initial in the reader's language) or a word, so
colour is never the only cue.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import ImageDraw

from engine.text import Text, txc
from i18n import Lang
from renders.theme import (
    INK,
    MUTED,
    RIDE_COLORS,
    Box,
    Color,
    draw_text,
    mix,
    panel,
    text_color_on,
    text_width,
)

GUEST_FILL: dict[str, Color] = {
    "Y": RIDE_COLORS["family"],
    "R": RIDE_COLORS["thrill"],
    "B": RIDE_COLORS["water"],
}
#: What a guest's letter stands for, and the letter itself, in the reader's language.
GUEST_NAME: dict[str, Text] = {
    # i18n: the colours of Imagineers' guests
    "Y": txc("imagineers", "yellow"),
    "R": txc("imagineers", "red"),
    "B": txc("imagineers", "blue"),
}
GUEST_LETTER: dict[str, Text] = {
    # i18n: the letter on a yellow guest (the initial of "yellow")
    "Y": txc("imagineers", "Y"),
    # i18n: the letter on a red guest (the initial of "red")
    "R": txc("imagineers", "R"),
    # i18n: the letter on a blue guest (the initial of "blue")
    "B": txc("imagineers", "B"),
}
#: The kind of attraction each guest colour rides.
KIND_NAME: dict[str, Text] = {
    # i18n: Imagineers' three kinds of attraction, by the colour of the guests they draw
    "Y": txc("imagineers", "Family"),
    "R": txc("imagineers", "Thrill"),
    "B": txc("imagineers", "Water"),
}
SHOP: Color = (142, 95, 184)
RED_SPACE: Color = RIDE_COLORS["thrill"]
COVERED: Color = (214, 207, 194)
EMPTY: Color = (250, 249, 246)
CONE: Color = (255, 127, 14)
COASTER: Color = (70, 70, 84)
WHITE: Color = (255, 255, 255)


def guest(
    draw: ImageDraw.ImageDraw, center: tuple[float, float], radius: int, colour: str, lang: Lang
) -> None:
    """A guest meeple: a coloured disc with its colour's letter."""
    x, y = center
    fill = GUEST_FILL[colour]
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill, outline=INK, width=2)
    letter = lang.say(GUEST_LETTER[colour])
    draw_text(draw, (x, y + 1), letter, int(radius * 1.15), text_color_on(fill), True, "mm")


def cone(draw: ImageDraw.ImageDraw, center: tuple[float, float], size: int) -> None:
    """The orange Mess cone."""
    x, y = center
    draw.polygon(
        [(x, y - size), (x - size * 0.7, y + size * 0.8), (x + size * 0.7, y + size * 0.8)],
        fill=CONE,
        outline=INK,
    )
    draw.line((x - size * 0.45, y + size * 0.2, x + size * 0.45, y + size * 0.2), WHITE, 3)


def rewards(lang: Lang, money: int = 0, happiness: int = 0, fame: int = 0) -> str:
    """ "$1 ☺2 ★1" — only the non-zero parts."""
    parts = [
        f"${lang.number(money)}" if money else "",
        f"☺{lang.number(happiness)}" if happiness else "",
    ]
    parts.append(f"★{lang.number(fame)}" if fame else "")
    return " ".join(p for p in parts if p) or "—"


def attraction_face(
    draw: ImageDraw.ImageDraw, box: Box, side: Mapping[str, Any], lang: Lang, big: bool = False
) -> None:
    """The attraction side of a tile: colour band, kind, cost, fame, owner $ / rider ☺."""
    x0, y0, x1, y1 = box
    fill = GUEST_FILL[side["colour"]]
    panel(draw, box, mix(fill, WHITE, 0.75), fill, 10, 4)
    size = 26 if big else 17
    draw_text(draw, (x0 + 10, y0 + 8), f"${lang.number(side['cost'])}", size, INK, True)
    draw_text(draw, (x1 - 10, y0 + 8), f"★{lang.number(side['fame'])}", size, INK, True, "ra")
    colour = side["colour"]
    label = f"{lang.say(KIND_NAME[colour])} ({lang.say(GUEST_LETTER[colour])})"
    draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), label, size, INK, True, "mm", x1 - x0 - 16)
    line = lang.say(
        txc(
            "imagineers",
            "owner ${money} · rider ☺{happiness}",
            money=side["money"],
            happiness=side["happiness"],
        )
    )
    draw_text(
        draw, ((x0 + x1) / 2, y1 - 8), line, size - 4, INK, anchor="md", max_width=x1 - x0 - 12
    )


def coaster_face(
    draw: ImageDraw.ImageDraw, box: Box, side: Mapping[str, Any], lang: Lang, big: bool = False
) -> None:
    """The coaster side: cost, owner's rewards (top hat) and rider's happiness (meeple)."""
    x0, y0, x1, y1 = box
    panel(draw, box, mix(COASTER, WHITE, 0.85), COASTER, 10, 4)
    size = 26 if big else 15
    cost = f"${lang.number(side['cost'])}"
    draw_text(draw, (x0 + 8, y0 + 6), cost, size, INK, True)
    # i18n: the roller-coaster side of an Imagineers tile
    coaster = lang.say(txc("imagineers", "Coaster"))
    room = x1 - x0 - 24 - text_width(cost, size, True)
    draw_text(draw, (x1 - 8, y0 + 6), coaster, size - 2, MUTED, anchor="ra", max_width=room)
    owner = rewards(lang, side["owner_money"], side["owner_happiness"], side["owner_fame"])
    draw_text(
        draw,
        ((x0 + x1) / 2, (y0 + y1) / 2 + 2),
        lang.say(txc("imagineers", "owner {rewards}", rewards=owner)),
        size,
        INK,
        True,
        "mm",
        x1 - x0 - 10,
    )
    rider = lang.say(txc("imagineers", "rider ☺{happiness}", happiness=side["rider_happiness"]))
    draw_text(
        draw, ((x0 + x1) / 2, y1 - 6), rider, size - 1, INK, anchor="md", max_width=x1 - x0 - 10
    )
