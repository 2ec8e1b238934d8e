"""Trool Park picture pieces: central-board spaces, card chips, a player's park.

Grounds have fixed colours (and their name or initial is always written too, so
colour is never the only cue): Snow pale blue, Stone grey, Sand tan.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renders.theme import (
    GROUND_COLORS,
    HIGHLIGHT,
    INK,
    LINE,
    MUTED,
    PANEL,
    Box,
    Color,
    badge,
    box_canvas,
    display_name,
    draw_text,
    initial,
    mix,
    panel,
    seat_color,
    wrap,
)

View = Mapping[str, Any]
Draw = ImageDraw.ImageDraw

WEATHER_GROUND: dict[str, str] = {"flurries": "snow", "rain": "stone", "sunshine": "sand"}
CATEGORIES: tuple[str, ...] = ("laughs", "thrills", "snacks")
CLOSED: Color = (214, 210, 202)
#: Location-bonus kinds (``view["spaces"][i]["bonuses"]``) in a few words.
BONUS_SHORT: dict[str, str] = {
    "laughs": "+1 Laughs",
    "thrills": "+1 Thrills",
    "snacks": "+1 Snacks",
    "any": "+1 any",
    "weather": "Weather back",
    "slide": "Slide down",
    "visitor": "+1 Visitor",
}


@dataclass(frozen=True, slots=True)
class SpaceLook:
    """Everything a central-board space shows; hashable, so each look is drawn once."""

    letter: str
    closed: bool
    card: tuple[str, str, str, bool] | None  # ground, name, effect, brings a Booth
    bonuses: tuple[str, ...]
    choosers: tuple[tuple[Color, str], ...]  # badge colour and initial
    size: tuple[int, int]


def space_card(
    image: Image.Image, view: View, space: Mapping[str, Any], box: Box, choosers: Sequence[str]
) -> None:
    """One central-board space: letter, the Attraction (or closed/empty), its bonuses,
    and (after the reveal) the players who chose it; pasted from its cached picture."""
    x0, y0, x1, y1 = box
    card = space.get("card")
    look = SpaceLook(
        letter=space["letter"],
        closed=bool(space["closed"]),
        card=(card["ground"], card["name"], card["effect"], bool(card["icon"])) if card else None,
        bonuses=tuple(space["bonuses"]),
        choosers=tuple((seat_color(view, s), initial(view, s)) for s in choosers),
        size=(x1 - x0, y1 - y0),
    )
    image.paste(_space_picture(look), (x0, y0))


@lru_cache(maxsize=128)
def _space_picture(look: SpaceLook) -> Image.Image:
    """A space on a panel's white; the seven spaces change only when cards are taken."""
    image, draw, box = box_canvas(look.size, PANEL)
    x0, y0, x1, y1 = box
    if look.closed:
        panel(draw, box, fill=CLOSED, outline=LINE, radius=10)
        draw_text(draw, ((x0 + x1) / 2, y0 + 26), look.letter, 30, MUTED, True, "mm")
        draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2 + 10), "Closed", 18, MUTED, True, "mm")
        return image
    fill = GROUND_COLORS[look.card[0]] if look.card else PANEL
    panel(draw, box, fill=mix(fill, PANEL, 0.45), outline=INK if look.card else LINE, radius=10)
    draw.rounded_rectangle((x0, y0, x1, y0 + 44), 10, fill=fill)
    draw_text(draw, (x0 + 10, y0 + 22), look.letter, 30, INK, True, "lm")
    if look.card:
        ground, name, effect, icon = look.card
        draw_text(draw, (x1 - 8, y0 + 22), ground.capitalize(), 14, INK, True, "rm", x1 - x0 - 50)
        full_w = x1 - x0 - 12
        first_w = full_w - (36 if icon else 0)  # room left of the Booth tag
        first = wrap(name, first_w, 16, True)[:1]
        rest = name[len(first[0]) :] if first else name
        lines = [*first, *wrap(rest, full_w, 16, True)[:1]]
        for i, line in enumerate(lines):
            width = first_w if i == 0 else full_w
            draw_text(draw, (x0 + 7, y0 + 52 + 19 * i), line, 16, INK, True, max_width=width)
        for i, line in enumerate(wrap(effect, x1 - x0 - 12, 14)[:3]):
            draw_text(draw, (x0 + 7, y0 + 94 + 17 * i), line, 14, INK, max_width=x1 - x0 - 12)
        if icon:
            booth_tag(draw, (x1 - 38, y0 + 52))
    else:
        draw_text(draw, ((x0 + x1) / 2, y0 + 90), "taken", 16, MUTED, anchor="mm")
    for i, bonus in enumerate(look.bonuses):
        text = "◆ " + BONUS_SHORT[bonus]
        draw_text(draw, (x0 + 7, y1 - 36 + 17 * i), text, 13, MUTED, max_width=x1 - x0 - 12)
    for i, (color, letter) in enumerate(look.choosers):
        badge(draw, (x1 - 14 - 24 * i, y1 - 50), 10, color, letter)
    return image


def booth_tag(draw: Draw, origin: tuple[int, int]) -> None:
    """The Booth-icon marker: this Attraction brings a Booth."""
    x, y = origin
    draw.rounded_rectangle((x, y, x + 32, y + 20), 5, fill=INK)
    draw_text(draw, (x + 16, y + 10), "+B", 13, (255, 255, 255), True, "mm")


def chip(card: Mapping[str, Any], size: tuple[int, int], lit: bool) -> Image.Image:
    """A small card in a park, as a cached picture to paste (parks repeat them each move)."""
    name = "Booth" if card["kind"] == "booth" else card["name"]
    return _chip_picture(card["ground"], card["kind"], name, size, lit)


@lru_cache(maxsize=512)
def _chip_picture(
    ground: str, kind: str, name: str, size: tuple[int, int], lit: bool
) -> Image.Image:
    """Ground colour, ground initial, name ("Booth" for Booths), on a panel's white."""
    image, draw, box = box_canvas(size, PANEL)
    x0, y0, x1, y1 = box
    fill = GROUND_COLORS[ground]
    outline = INK if lit else mix(fill, INK, 0.35)
    draw.rounded_rectangle(box, 5, fill=fill, outline=outline, width=3 if lit else 1)
    tag = ground[:2].capitalize()
    draw_text(draw, (x0 + 5, (y0 + y1) / 2), tag, 12, INK, True, "lm")
    text_size = 14 if kind == "attraction" else 13
    room = x1 - x0 - (76 if lit else 32)
    draw_text(draw, (x0 + 28, (y0 + y1) / 2), name, text_size, INK, anchor="lm", max_width=room)
    if lit:
        draw.rounded_rectangle((x1 - 44, y0 + 3, x1 - 4, y1 - 3), 4, fill=HIGHLIGHT)
        draw_text(draw, (x1 - 24, (y0 + y1) / 2), "NEW", 11, INK, True, "mm")
    return image


def just_placed(view: View, seat: str) -> set[tuple[str, int]]:
    """(area, index) of the cards ``seat`` placed in the last move (for highlighting)."""
    lit: set[tuple[str, int]] = set()
    for area in CATEGORIES:
        cards = view["parks"][seat][area]
        for event in view.get("last", []):
            if not event.startswith(f"{seat} placed ") or not event.endswith(area.capitalize()):
                continue
            for i in range(len(cards) - 1, -1, -1):
                label = cards[i]["name"] if cards[i]["kind"] == "attraction" else "Booth"
                if (area, i) not in lit and label in event:
                    lit.add((area, i))
                    break
    return lit


def park_panel(
    image: Image.Image,
    draw: Draw,
    view: View,
    seat: str,
    box: Box,
    lit: set[tuple[str, int]],
    chip_h: int = 20,
) -> None:
    """A player's park: name, visitors, choosing status, and the three areas' cards
    (``lit``: the (area, index) of cards placed by the last move)."""
    x0, y0, x1, y1 = box
    acting = seat in view.get("to_move", []) and not view.get("waiting_for")
    panel(draw, box, outline=HIGHLIGHT if acting else LINE, width=4 if acting else 2)
    badge(draw, (x0 + 22, y0 + 22), 14, seat_color(view, seat), initial(view, seat))
    draw_text(draw, (x0 + 44, y0 + 22), display_name(view, seat), 20, INK, True, "lm", 190)
    draw_text(draw, (x1 - 12, y0 + 22), f"{view['visitors'][seat]} visitors", 22, INK, True, "rm")
    status = ""
    if seat in view.get("chosen", []):
        status = "✓ has chosen"
    elif seat in view.get("waiting_for", []):
        status = "… choosing"
    if status:
        draw_text(draw, (x0 + 250, y0 + 22), status, 15, MUTED, True, "lm")
    col_w = (x1 - x0 - 16) // 3
    rows = max(3, *(len(view["parks"][seat][a]) for a in CATEGORIES))
    chip_h = min(chip_h, (y1 - y0 - 72) // rows - 3)
    for i, area in enumerate(CATEGORIES):
        cx = x0 + 8 + i * col_w
        points = view["points"][seat][area]
        draw_text(draw, (cx + 2, y0 + 46), f"{area.capitalize()}  {points} pts", 14, MUTED, True)
        for j, card in enumerate(view["parks"][seat][area]):
            top = y0 + 66 + j * (chip_h + 3)
            image.paste(chip(card, (col_w - 6, chip_h), (area, j) in lit), (cx, top))
