"""Trool Park picture pieces: central-board spaces, card chips, a player's park.

Grounds have fixed colours (and their name or initial is always written too, so
colour is never the only cue): Snow pale blue, Stone grey, Sand tan. The game's words
(Categories, grounds, weathers, bonuses) are here once, for the board and the hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from engine.text import Text, txc, txcn
from engine.troolpark.views import TroolparkView
from i18n import Lang
from renders import inks
from renders.theme import (
    DETAIL,
    GROUND_COLORS,
    GROUND_ICONS,
    HIGHLIGHT,
    INK,
    LINE,
    MUTED,
    PANEL,
    SMALL,
    Box,
    box_canvas,
    display_name,
    draw_text,
    label,
    mix,
    panel,
    paste,
    seat_index,
    seat_token,
    text_color_on,
    text_width,
    token,
    wrap_within,
)

View = TroolparkView
Draw = ImageDraw.ImageDraw

WEATHER_GROUND: dict[str, str] = {"flurries": "snow", "rain": "stone", "sunshine": "sand"}
CATEGORIES: tuple[str, ...] = ("laughs", "thrills", "snacks")
CLOSED = (214, 210, 202)
CATEGORY_NAMES: dict[str, Text] = {
    # i18n: Trool Park's three Categories (of Attractions, counters and inspections)
    "laughs": txc("troolpark", "Laughs"),
    "thrills": txc("troolpark", "Thrills"),
    "snacks": txc("troolpark", "Snacks"),
}
GROUND_NAMES: dict[str, Text] = {
    # i18n: Trool Park's three grounds (of Attractions and Booths)
    "snow": txc("troolpark", "Snow"),
    "stone": txc("troolpark", "Stone"),
    "sand": txc("troolpark", "Sand"),
}
WEATHER_NAMES: dict[str, Text] = {
    # i18n: Trool Park's three Weather cards
    "flurries": txc("troolpark", "Flurries"),
    "rain": txc("troolpark", "Rain"),
    "sunshine": txc("troolpark", "Sunshine"),
}
#: Location-bonus kinds (``view["spaces"][i]["bonuses"]``) in a few words.
BONUS_SHORT: dict[str, Text] = {
    # i18n: Trool Park's location bonuses, as short as they can be (a central space's foot)
    "laughs": txc("troolpark", "+1 Laughs"),
    "thrills": txc("troolpark", "+1 Thrills"),
    "snacks": txc("troolpark", "+1 Snacks"),
    "any": txc("troolpark", "+1 any"),
    "weather": txc("troolpark", "Weather back"),
    "slide": txc("troolpark", "Slide down"),
    "visitor": txc("troolpark", "+1 Visitor"),
}


@dataclass(frozen=True, slots=True)
class SpaceLook:
    """Everything a central-board space shows; hashable, so each look is drawn once."""

    letter: str
    closed: bool
    card: tuple[str, str, str, bool] | None  # ground, name, effect, brings a Booth
    bonuses: tuple[str, ...]
    choosers: tuple[tuple[int, str], ...]  # seat index and label
    size: tuple[int, int]
    lang: Lang  # the space's own words (Closed, taken, the bonuses, +B)


def space_card(
    image: Image.Image,
    view: View,
    space: Mapping[str, Any],
    box: Box,
    choosers: Sequence[str],
    lang: Lang,
) -> None:
    """One central-board space: letter, the Attraction (or closed/empty), its bonuses,
    and (after the reveal) the players who chose it; pasted from its cached picture."""
    x0, y0, x1, y1 = box
    card = space.get("card")
    look = SpaceLook(
        letter=space["letter"],
        closed=bool(space["closed"]),
        card=(
            (card["ground"], lang.say(card["name"]), lang.say(card["effect"]), bool(card["icon"]))
            if card
            else None
        ),
        bonuses=tuple(space["bonuses"]),
        choosers=tuple((seat_index(view, s), label(view, s)) for s in choosers),
        size=(x1 - x0, y1 - y0),
        lang=lang,
    )
    paste(image, _space_picture(look), (x0, y0))


@inks.cached(maxsize=128)
def _space_picture(look: SpaceLook) -> Image.Image:
    """A space on a panel's white; the seven spaces change only when cards are taken."""
    image, draw, box = box_canvas(look.size, PANEL)
    x0, y0, x1, y1 = box
    lang = look.lang
    room = x1 - x0 - 12
    if look.closed:
        panel(draw, box, fill=CLOSED, outline=LINE, radius=10)
        draw_text(draw, ((x0 + x1) / 2, y0 + 24), look.letter, 28, MUTED, True, "mm")
        # i18n: a central space of Trool Park closed for the game
        closed = lang.say(txc("troolpark", "Closed"))
        draw_text(
            draw, ((x0 + x1) / 2, (y0 + y1) / 2 + 10), closed, DETAIL, MUTED, True, "mm", room
        )
        return image
    fill = GROUND_COLORS[look.card[0]] if look.card else PANEL
    panel(draw, box, fill=mix(fill, PANEL, 0.55), outline=INK if look.card else LINE, radius=10)
    draw.rounded_rectangle((x0, y0, x1, y0 + 40), 10, fill=fill)
    ink = text_color_on(fill)
    draw_text(draw, (x0 + 8, y0 + 20), look.letter, 28, ink, True, "lm")
    if look.card:
        ground, name, effect, icon = look.card
        draw_text(draw, (x1 - 8, y0 + 20), GROUND_ICONS[ground], DETAIL, ink, True, "rm")
        lines = wrap_within(name, room, SMALL, 2, True)
        for i, line in enumerate(lines):
            draw_text(draw, (x0 + 6, y0 + 46 + 18 * i), line, SMALL, INK, True, max_width=room)
        for i, line in enumerate(wrap_within(effect, room, SMALL - 2, 3)):
            draw_text(draw, (x0 + 6, y0 + 86 + 16 * i), line, SMALL - 2, INK, max_width=room)
        if icon:
            booth_tag(draw, (x1 - 36, y0 + 134), lang)
    else:
        # i18n: a central space of Trool Park whose Attraction was taken this round
        taken = lang.say(txc("troolpark", "taken"))
        draw_text(draw, ((x0 + x1) / 2, y0 + 90), taken, DETAIL, MUTED, anchor="mm", max_width=room)
    for i, bonus in enumerate(look.bonuses):
        words = "◆ " + lang.say(BONUS_SHORT[bonus])
        at = (x0 + 4, y1 - 36 + 17 * i)
        draw_text(draw, at, words, SMALL - 2, MUTED, max_width=room + 4, min_size=10)
    for i, (index, letters) in enumerate(look.choosers):
        token(draw, (x0 + 14 + 26 * i, y1 - 52), 10, index, letters)
    return image


def booth_tag(draw: Draw, origin: tuple[int, int], lang: Lang) -> None:
    """The Booth-icon marker: this Attraction brings a Booth."""
    x, y = origin
    draw.rounded_rectangle((x, y, x + 32, y + 20), 5, fill=INK)
    # i18n: the mark of an Attraction that brings a Booth: a plus and Booth's initial
    mark = lang.say(txc("troolpark", "+B"))
    draw_text(draw, (x + 16, y + 10), mark, 13, (255, 255, 255), True, "mm", 30, 9)


def card_name(card: Mapping[str, Any], lang: Lang) -> str:
    """An Attraction's name, or the word for a Booth (Booths have no name of their own)."""
    if card.get("kind") == "booth":
        return lang.say(txc("troolpark", "Booth"))
    return lang.say(card["name"])


def chip(card: Mapping[str, Any], size: tuple[int, int], lit: bool, lang: Lang) -> Image.Image:
    """A small card in a park, as a cached picture to paste (parks repeat them each move)."""
    return _chip_picture(card["ground"], card["kind"], card_name(card, lang), size, lit)


@inks.cached(maxsize=512)
def _chip_picture(
    ground: str, kind: str, name: str, size: tuple[int, int], lit: bool
) -> Image.Image:
    """Ground colour and icon, name ("Booth" for Booths), on a panel's white."""
    image, draw, box = box_canvas(size, PANEL)
    x0, y0, x1, y1 = box
    fill = GROUND_COLORS[ground]
    ink = text_color_on(fill)
    outline = HIGHLIGHT if lit else mix(fill, INK, 0.35)
    draw.rounded_rectangle(box, 5, fill=fill, outline=outline, width=4 if lit else 1)
    draw_text(draw, (x0 + 5, (y0 + y1) / 2), GROUND_ICONS[ground], SMALL - 2, ink, True, "lm")
    room = x1 - x0 - 28
    draw_text(draw, (x0 + 22, (y0 + y1) / 2), name, SMALL - 2, ink, kind == "booth", "lm", room, 10)
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
    lang: Lang,
    chip_h: int = 22,
) -> None:
    """A player's park: name, visitors, choosing status, and the three areas' cards
    (``lit``: the (area, index) of cards placed by the last move)."""
    x0, y0, x1, y1 = box
    acting = seat in view.get("to_move", []) and not view.get("waiting_for")
    panel(draw, box, outline=HIGHLIGHT if acting else LINE, width=5 if acting else 2)
    seat_token(draw, view, seat, (x0 + 22, y0 + 22), 14)
    count = int(view["visitors"][seat])
    visitors = lang.say(txcn("troolpark", "{count} visitor", "{count} visitors", count))
    visitors_w = text_width(visitors, DETAIL, True)
    name_room = x1 - x0 - 58 - visitors_w
    draw_text(
        draw, (x0 + 42, y0 + 22), display_name(view, seat), DETAIL, INK, True, "lm", name_room
    )
    draw_text(draw, (x1 - 10, y0 + 22), visitors, DETAIL, INK, True, "rm")
    status = ""
    if seat in view.get("chosen", []):
        status = lang.say(txc("troolpark", "✓ has chosen"))
    elif seat in view.get("waiting_for", []):
        status = lang.say(txc("troolpark", "… choosing"))
    if status:
        draw_text(draw, (x0 + 42, y0 + 44), status, SMALL - 2, MUTED, True, "lm")
    col_w = (x1 - x0 - 12) // 3
    rows = max(3, *(len(view["parks"][seat][a]) for a in CATEGORIES))
    chip_h = min(chip_h, (y1 - y0 - 80) // rows - 3)
    for i, area in enumerate(CATEGORIES):
        cx = x0 + 6 + i * col_w
        points = view["points"][seat][area]
        words = f"{lang.say(CATEGORY_NAMES[area])} {lang.number(points)}"
        draw_text(draw, (cx + 2, y0 + 56), words, SMALL - 1, MUTED, True, max_width=col_w - 4)
        for j, card in enumerate(view["parks"][seat][area]):
            top = y0 + 78 + j * (chip_h + 3)
            paste(image, chip(card, (col_w - 4, chip_h), (area, j) in lit, lang), (cx, top))
