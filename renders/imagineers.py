"""Imagineers pictures: the park loop with every guest countable, and a seat's tiles.

``board(view)`` draws the public view: the loop of path spaces (guests as lettered dots
plus a big count on each), the attraction spaces (built rides with cost, fame, rewards and
owner; shops; red rides; coaster entrances; Path tiles), the Mess cone, the round's cards,
the stacks' face-up tops, and a panel per player. ``hand(view)`` draws both sides of the
tiles in the viewer's hand.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from engine.imagineers.views import ImagineersView
from engine.text import txc, txcn
from i18n import Lang
from renders import frame as shared
from renders import inks
from renders.emblems import WHITE
from renders.frame import Frame, Style
from renders.imagineers_parts import (
    COASTER,
    COVERED,
    EMPTY,
    GUEST_FILL,
    GUEST_LETTER,
    GUEST_NAME,
    KIND_NAME,
    RED_SPACE,
    SHOP,
    attraction_face,
    coaster_face,
    cone,
    guest,
    rewards,
)
from renders.kit import Renderer
from renders.theme import (
    BACKGROUND,
    BODY,
    DETAIL,
    HIGHLIGHT,
    INK,
    LINE,
    MARGIN,
    MOVER_BG,
    MUTED,
    PANEL,
    SMALL,
    WIDTH,
    Box,
    Color,
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
    with_names,
    wrap_within,
)

View = ImagineersView


def ferris_wheel(draw: ImageDraw.ImageDraw, box: Box, background: tuple[int, int, int]) -> None:
    """Imagineers: a Ferris wheel on its stand (rides being built)."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, y0 + (y1 - y0) * 0.42
    r = (y1 - y0) * 0.38
    draw.line((cx, cy, cx - r * 0.8, y1 - 2), fill=WHITE, width=3)
    draw.line((cx, cy, cx + r * 0.8, y1 - 2), fill=WHITE, width=3)
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=WHITE, width=3)
    for i in range(8):
        angle = i * math.pi / 4
        px, py = cx + r * math.cos(angle), cy + r * math.sin(angle)
        draw.line((cx, cy, px, py), fill=WHITE, width=1)
        fill = HIGHLIGHT if i % 2 else WHITE
        draw.rounded_rectangle((px - 4, py - 3, px + 4, py + 5), 2, fill=fill)
    draw.ellipse((cx - 4, cy - 4, cx + 4, cy + 4), fill=HIGHLIGHT)


# i18n: a game's name, in its header
STYLE = Style(txc("imagineers", "Imagineers"), (30, 72, 140), ferris_wheel)
PARK_H = 624
PLAYER_H = 164
SIDE_ROWS = 4  # spaces down each side of the loop
GAP = 3
SPACE_REF = re.compile(r"(?:space|to) (\d+)")


def _body_top(seats: int) -> int:
    return shared.HEADER_H + 8 + shared.TURN_H + shared.NEWS_H + shared.standings_height(seats) + 12


def height(seats: int) -> int:
    """The image height for a table of ``seats``: fixed, so replay frames line up."""
    rows = (seats + 1) // 2
    return _body_top(seats) + PARK_H + 12 + rows * (PLAYER_H + 10) + 50


@inks.using("imagineers")
def draw_board(view: ImagineersView, *, lang: Lang) -> Frame:
    """The park in the shared frame, with its key texts marked."""
    # The spaces the last move named, read off the engine's own (English) sentences.
    touched = {int(n) for event in view.get("last", []) for n in SPACE_REF.findall(event)}
    view = with_names(view, lang)
    seats = list(view["seats"])
    canvas = Frame.new(height(len(seats)))
    y = shared.header(canvas, STYLE, lang, view["phase"])
    y = shared.turn(canvas, view, y + 8, lang)
    y = shared.news(canvas, view, y, lang)
    y = shared.standings(canvas, view, y, lang, _extras(view, lang)) + 12
    park: Box = (MARGIN - 4, y, WIDTH - MARGIN + 4, y + PARK_H)
    cells = loop_boxes(len(view["spaces"]), park)
    for space, box in zip(view["spaces"], cells, strict=True):
        draw_space(canvas, view, space, box, space["number"] in touched, lang)
    draw_centre(canvas, view, centre_box(cells), lang)
    players: Box = (MARGIN, y + PARK_H + 12, WIDTH - MARGIN, canvas.picture.height - 50)
    draw_players(canvas, view, players, lang)
    shared.footer(canvas, _legend(lang))
    return canvas


def _legend(lang: Lang) -> str:
    guests = ", ".join(
        f"{lang.say(GUEST_LETTER[c])} {lang.say(GUEST_NAME[c])}" for c in GUEST_LETTER
    )
    return lang.say(
        txc(
            "imagineers",
            "Guests: {guests} · $ money · ☺ happiness · ★ fame · "
            "big number = guests queuing (4 = crowded) · cone = Mess",
            guests=guests,
        )
    )


def _extras(view: View, lang: Lang) -> list[tuple[str, Mapping[str, Any]]]:
    players = view["players"]
    return [
        # i18n: the standings' columns on the Imagineers board: each player's money track
        # and happiness track (short)
        (
            txc("imagineers", "money"),
            {s: f"${lang.number(p['money'])}" for s, p in players.items()},
        ),
        (
            txc("imagineers", "happy"),
            {s: f"☺{lang.number(p['happiness'])}" for s, p in players.items()},
        ),
    ]


@inks.using("imagineers-hand")
def draw_hand(view: ImagineersView, *, lang: Lang) -> Frame:
    """The viewer's private view: both sides of each tile in hand, the stack tops it may
    take, and its own tracks."""
    view = with_names(view, lang)
    seat = str(view.get("viewer") or "")
    tiles = list(view.get("hand", []))
    row_h = 214
    canvas = Frame.new(shared.HEADER_H + 8 + shared.TURN_H + 56 + 40 + 2 * (row_h + 12) + 110)
    y = shared.header(canvas, STYLE, lang, lang.say(txc("imagineers", "Your tiles")))
    y = shared.turn(canvas, view, y + 8, lang, seat)
    y = shared.you_line(canvas, view, seat, y, lang)
    me = view["players"].get(seat)
    if me:
        line = lang.say(
            txc(
                "imagineers",
                "${money}/10   ☺ {happiness}/5   fame ★{fame}   score {score}",
                money=me["money"],
                happiness=me["happiness"],
                fame=me["fame"],
                score=view["scores"].get(seat, 0),
            )
        )
        canvas.text("facts", (MARGIN, y + 16), line, BODY, INK, True, "lm", WIDTH - 2 * MARGIN)
    y += 44
    title = txc("imagineers", "Your tiles ({count})", count=len(tiles))
    y = shared.section(canvas, lang.say(title), y)
    half = (WIDTH - 2 * MARGIN - 12) // 2
    for row, tile in enumerate(tiles[:2]):
        top = y + row * (row_h + 12)
        chosen = tile["tile"] == view.get("chosen")
        fill = MOVER_BG if chosen else PANEL
        panel(
            canvas.draw,
            (MARGIN, top, WIDTH - MARGIN, top + row_h),
            fill,
            HIGHLIGHT if chosen else LINE,
        )
        names = f"{lang.say(tile['attraction']['name'])} / {lang.say(tile['coaster']['name'])}"
        if chosen:
            names = lang.say(txc("imagineers", "{tile} · being played", tile=names))
        draw_text(
            canvas.draw,
            (MARGIN + 14, top + 12),
            names,
            DETAIL,
            INK,
            True,
            max_width=WIDTH - 2 * MARGIN - 28,
        )
        side_words = lang.say(txc("imagineers", "Attraction side"))
        draw_text(canvas.draw, (MARGIN + 14, top + 42), side_words, SMALL, MUTED)
        side_words = lang.say(txc("imagineers", "Coaster side"))
        draw_text(canvas.draw, (MARGIN + half + 26, top + 42), side_words, SMALL, MUTED)
        attraction_face(
            canvas.draw,
            (MARGIN + 12, top + 64, MARGIN + half, top + row_h - 12),
            tile["attraction"],
            lang,
            True,
        )
        coaster_face(
            canvas.draw,
            (MARGIN + half + 24, top + 64, WIDTH - MARGIN - 12, top + row_h - 12),
            tile["coaster"],
            lang,
            True,
        )
    if len(tiles) < 2:
        below = (MARGIN, y + len(tiles) * (row_h + 12), WIDTH - MARGIN)
        draw_stack_tops(canvas.draw, view, below, lang)
    return canvas


#: Each stack's name on its face-up top (in the private view).
STACK_NAMES = {
    "attraction": txc("imagineers", "Attraction stack"),
    "coaster": txc("imagineers", "Coaster stack"),
}


def draw_stack_tops(
    draw: ImageDraw.ImageDraw, view: View, row: tuple[int, int, int], lang: Lang
) -> None:
    """The face-up tops you may take from (their other sides stay hidden)."""
    x0, y, x1 = row
    title = lang.say(txc("imagineers", "You may take (other side unseen):"))
    draw_text(draw, (x0, y), title, DETAIL, INK, True, max_width=x1 - x0)
    half = (x1 - x0 - 12) // 2
    for i, name in enumerate(("attraction", "coaster")):
        top = view["stacks"][name]["top"]
        bx = x0 + i * (half + 12)
        draw_text(draw, (bx, y + 32), lang.say(STACK_NAMES[name]), SMALL, MUTED)
        face: Box = (bx, y + 56, bx + half, y + 190)
        if top is None:
            panel(draw, face, BACKGROUND)
        elif name == "attraction":
            attraction_face(draw, face, top, lang, True)
        else:
            coaster_face(draw, face, top, lang, True)


# ------------------------------------------------------------------ the loop
def loop_boxes(count: int, park: Box) -> list[Box]:
    """Cell boxes clockwise round a rectangle: top row, right side, bottom row, left side."""
    across = (count - 2 * SIDE_ROWS) // 2
    x0, y0, x1, y1 = park
    cw, ch = (x1 - x0) / across, (y1 - y0) / (SIDE_ROWS + 2)
    grid = [(c, 0) for c in range(across)]
    grid += [(across - 1, r) for r in range(1, SIDE_ROWS + 1)]
    grid += [(c, SIDE_ROWS + 1) for c in reversed(range(across))]
    grid += [(0, r) for r in reversed(range(1, SIDE_ROWS + 1))]
    return [
        (
            round(x0 + c * cw + GAP),
            round(y0 + r * ch + GAP),
            round(x0 + (c + 1) * cw - GAP),
            round(y0 + (r + 1) * ch - GAP),
        )
        for c, r in grid
    ]


def centre_box(cells: list[Box]) -> Box:
    """The space inside the loop."""
    first, last_top = cells[0], cells[(len(cells) - 2 * SIDE_ROWS) // 2 - 1]
    bottom = cells[(len(cells) - 2 * SIDE_ROWS) // 2 + SIDE_ROWS]
    return (first[2] + 10, first[3] + 10, last_top[0] - 10, bottom[1] - 10)


@dataclass(frozen=True, slots=True)
class SpaceLook:
    """Everything one loop space shows; hashable, so each look is drawn only once."""

    number: int
    fill: Color
    ink: Color
    lines: tuple[str, ...]
    owner: tuple[int, str] | None  # seat index and label
    entrance: bool  # a coaster entrance: the owner's token goes beside its name
    guests: tuple[str, ...]
    mess: bool
    size: tuple[int, int]
    lang: Lang  # the guests' letters and the Mess's word


def draw_space(
    canvas: Frame,
    view: View,
    space: Mapping[str, Any],
    box: Box,
    touched: bool,
    lang: Lang,
) -> None:
    """One loop step, pasted from its cached picture, with the last move's ring on top."""
    x0, y0, x1, y1 = box
    fill, ink, lines = attraction_look(view, space, lang)
    owner = space["entrance"] or (space["attraction"] or {}).get("owner")
    look = SpaceLook(
        number=int(space["number"]),
        fill=fill,
        ink=ink,
        lines=tuple(lines),
        owner=(seat_index(view, owner), label(view, owner)) if owner else None,
        entrance=bool(space["entrance"]),
        guests=tuple(space["guests"]),
        mess=bool(space["mess"]),
        size=(x1 - x0, y1 - y0),
        lang=lang,
    )
    paste(canvas.picture, space_picture(look), (x0, y0))
    if touched:
        canvas.draw.rounded_rectangle(
            (x0 - 2, y0 - 2, x1 + 2, y1 + 2), 11, outline=HIGHLIGHT, width=5
        )


@inks.cached(maxsize=256)
def space_picture(look: SpaceLook) -> Image.Image:
    """The attraction space on top, its path space (queue) below, on the park background.

    Most spaces look the same from one move to the next (about 50 KB each, 256 kept).
    """
    image, draw, (_, _, x1, y1) = box_canvas(look.size, BACKGROUND)
    split = y1 * 52 // 100
    draw.rounded_rectangle((0, 0, x1, y1), 10, fill=(236, 232, 224), outline=LINE, width=2)
    draw.rounded_rectangle(
        (0, 0, x1, split), 10, fill=look.fill, outline=mix(look.fill, INK, 0.35), width=2
    )
    draw_text(draw, (5, 3), str(look.number), SMALL - 2, look.ink, True)
    corner = look.owner if not look.entrance else None
    if corner:
        token(draw, (x1 - 14, 15), 11, *corner)
    # The first line (what the space is) sits between the number and the owner's token,
    # in two lines of smaller print when its words need them; the rest below, centred
    # (a coaster entrance's owner: token and name).
    left = 9 + text_width(str(look.number), SMALL - 2, True)
    right = x1 - (28 if corner else 5)
    label, details = look.lines[0], look.lines[1:]
    head = [label] if text_width(label, SMALL - 3, True) <= right - left else []
    head = head or wrap_within(label, right - left, SMALL - 3, 2, True)
    size = SMALL if len(head) == 1 else SMALL - 3
    y = 5
    for line in head:
        centre = ((left + right) / 2, y)
        draw_text(draw, centre, line, size, look.ink, True, "ma", right - left, 10)
        y += size + 2
    size = SMALL if len(head) == 1 else SMALL - 2
    for line in details:
        if look.entrance and look.owner:
            token(draw, (14, y + size / 2 + 2), 9, *look.owner)
            draw_text(draw, ((x1 + 22) / 2, y), line, size, look.ink, False, "ma", x1 - 30, 10)
        else:
            draw_text(draw, (x1 / 2, y), line, size, look.ink, False, "ma", x1 - 8, 10)
        y += 17
    draw_queue(draw, look.guests, look.mess, (0, split, x1, y1), look.lang)
    return image


def attraction_look(
    view: View, space: Mapping[str, Any], lang: Lang
) -> tuple[Color, Color, list[str]]:
    """Fill, ink and text lines for an attraction space, by what is on it."""
    ride = space["attraction"]
    if space["entrance"]:
        owner = display_name(view, space["entrance"], 9)
        return COASTER, (255, 255, 255), [lang.say(txc("imagineers", "Coaster")), owner]
    if ride:
        fill = mix(GUEST_FILL[ride["colour"]], (255, 255, 255), 0.55)
        money, happiness = lang.number(ride["money"]), lang.number(ride["happiness"])
        return (
            fill,
            INK,
            [
                f"{lang.say(KIND_NAME[ride['colour']])} ${lang.number(ride['cost'])}",
                f"{lang.say(GUEST_LETTER[ride['colour']])} ★{lang.number(ride['fame'])} "
                f"${money} ☺{happiness}",
            ],
        )
    if space["covered"]:
        # i18n: an Imagineers space covered by a Path tile, where nothing may be built
        words = [txc("imagineers", "Path tile"), txc("imagineers", "no ride")]
        return COVERED, MUTED, [lang.say(w) for w in words]
    reward = rewards(lang, space["money"], space["happiness"])
    if space["kind"] == "shop":
        # i18n: an Imagineers shop space, which rewards all its guests
        words = [txc("imagineers", "Shop"), txc("imagineers", "all {reward}", reward=reward)]
        return mix(SHOP, (255, 255, 255), 0.6), INK, [lang.say(w) for w in words]
    if space["kind"] == "red":
        letter = lang.say(GUEST_LETTER["R"])
        # i18n: an Imagineers space with the park's own ride, which rewards red guests
        ride_words = lang.say(txc("imagineers", "Park ride"))
        return mix(RED_SPACE, (255, 255, 255), 0.6), INK, [ride_words, f"{letter} {reward}"]
    # i18n: an empty Imagineers space, in two short lines
    words = [txc("imagineers", "free"), txc("imagineers", "to build")]
    return EMPTY, MUTED, [lang.say(w) for w in words]


def draw_queue(
    draw: ImageDraw.ImageDraw, guests: tuple[str, ...], mess: bool, box: Box, lang: Lang
) -> None:
    """The guests queuing on the path space: lettered dots and a big count."""
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2 + 2
    count = len(guests)
    if mess:
        cone(draw, (x0 + 22, cy), 16)
        # i18n: the Mess on a path space (short, in capitals)
        mess_words = lang.say(txc("imagineers", "MESS"))
        draw_text(draw, (x0 + 44, cy), mess_words, 17, INK, True, "lm", x1 - x0 - 48, 11)
        return
    radius = min(12, (x1 - x0 - 56) // 4, (y1 - y0 - 8) // 4)
    for i, colour in enumerate(guests):
        col, row = i % 2, i // 2
        guest(
            draw,
            (x0 + 8 + radius + col * (2 * radius + 4), cy - radius - 1 + row * (2 * radius + 3)),
            radius,
            colour,
            lang,
        )
    full = count >= 4
    draw_text(
        draw,
        (x1 - 10, cy),
        str(count),
        30,
        (190, 30, 30) if full else (INK if count else MUTED),
        True,
        "rm",
    )


# ------------------------------------------------------------------ the centre
def draw_centre(canvas: Frame, view: View, box: Box, lang: Lang) -> None:
    """Round, this round's cards and the stacks' face-up tops, inside the loop."""
    draw = canvas.draw
    x0, y0, x1, y1 = box
    width = x1 - x0
    if view.get("side") == "day":
        side = txc("imagineers", "Day park")
    else:
        side = txc("imagineers", "Night park")
    if view["final_round"]:
        round_words = txc("imagineers", "round {round} (last)", round=view["round"])
    else:
        round_words = txc("imagineers", "round {round}", round=view["round"])
    round_line = f"{lang.say(side)} · {lang.say(round_words)}"
    draw_text(draw, (x0, y0), round_line, BODY, INK, True, max_width=width)
    first = display_name(view, view["first"], 12) if view.get("first") else "—"
    draw_text(
        draw,
        (x0, y0 + 30),
        lang.say(txc("imagineers", "First: {name} · guests walk clockwise", name=first)),
        SMALL,
        MUTED,
        max_width=width,
    )
    y = y0 + 56
    half = (width - 10) // 2
    movement = lang.say((view.get("movement") or {}).get("text", "—"))
    card(draw, (x0, y, x0 + half, y + 128), lang.say(txc("imagineers", "Movement")), movement)
    event = view.get("event") or {}
    title = lang.say(txc("imagineers", "Event: {name}", name=event.get("name", "—")))
    card(draw, (x1 - half, y, x1, y + 128), title, lang.say(event.get("text", "")))
    y += 140
    for i, name in enumerate(("attraction", "coaster")):
        sx = x0 + i * (half + 10)
        stack = view["stacks"][name]
        count = int(stack["count"])
        if name == "attraction":
            left = txcn(
                "imagineers", "Attractions · {count} left", "Attractions · {count} left", count
            )
        else:
            left = txcn("imagineers", "Coasters · {count} left", "Coasters · {count} left", count)
        draw_text(draw, (sx, y), lang.say(left), SMALL, INK, True, max_width=half)
        face: Box = (sx, y + 24, sx + half, min(y1, y + 130))
        if stack["top"] is None:
            panel(draw, face, BACKGROUND)
            draw_text(
                draw,
                ((face[0] + face[2]) / 2, (face[1] + face[3]) / 2),
                lang.say(txc("imagineers", "empty")),
                DETAIL,
                MUTED,
                anchor="mm",
            )
        elif name == "attraction":
            attraction_face(draw, face, stack["top"], lang)
        else:
            coaster_face(draw, face, stack["top"], lang)


def card(draw: ImageDraw.ImageDraw, box: Box, title: str, words: str) -> None:
    x0, y0, x1, y1 = box
    panel(draw, box, PANEL)
    draw_text(draw, (x0 + 10, y0 + 8), title, SMALL, MUTED, True, max_width=x1 - x0 - 20)
    room = (y1 - y0 - 36) // 21
    lines = wrap_within(words, x1 - x0 - 20, SMALL + 1, room, bold=True)
    for i, line in enumerate(lines):
        draw_text(
            draw, (x0 + 10, y0 + 32 + i * 21), line, SMALL + 1, INK, True, max_width=x1 - x0 - 20
        )


# ------------------------------------------------------------------ players
def draw_players(canvas: Frame, view: View, box: Box, lang: Lang) -> None:
    """A panel per player, two to a row: tracks, coaster board, hand size."""
    x0, y0, x1, _ = box
    seats = list(view["seats"])
    movers = set(view.get("to_move", []))
    half = (x1 - x0 - 12) // 2
    for i, seat in enumerate(seats):
        left = x0 + (i % 2) * (half + 12)
        top = y0 + (i // 2) * (PLAYER_H + 10)
        box = (left, top, left + half, top + PLAYER_H)
        player_panel(canvas, view, seat, box, seat in movers, lang)


def player_panel(canvas: Frame, view: View, seat: str, box: Box, moving: bool, lang: Lang) -> None:
    draw = canvas.draw
    x0, y0, x1, y1 = box
    p = view["players"][seat]
    panel(
        draw,
        box,
        MOVER_BG if moving else PANEL,
        HIGHLIGHT if moving else LINE,
        12,
        4 if moving else 2,
    )
    seat_token(draw, view, seat, (x0 + 24, y0 + 24), 15)
    name = display_name(view, seat)
    if view.get("first") == seat:
        # i18n: an Imagineers player's name, marked as the first player of the round
        name = lang.say(txc("imagineers", "{name} · first", name=name))
    draw_text(
        draw,
        (x0 + 46, y0 + 24),
        name,
        DETAIL,
        INK,
        True,
        "lm",
        x1 - x0 - 58,
    )
    money, happiness, fame = (lang.number(p[k]) for k in ("money", "happiness", "fame"))
    tracks = f"${money}/10  ☺{happiness}/5  ★{fame}"
    draw_text(draw, (x0 + 14, y0 + 46), tracks, DETAIL, INK, True, max_width=x1 - x0 - 28)
    # The score as the standings count it, with its parts: the fame track, the rides'
    # fame and the empty coaster slots' (so "★5" here and "2" there, or "−15" at the
    # start, add up where a player reads them).
    detail = lang.say(
        # i18n: an Imagineers player's score: fame track + rides' fame − empty coaster
        # slots = the score of the standings, then the tiles in hand
        txc(
            "imagineers",
            "★{fame} + rides {rides} − coaster {missing} = {total} · {hand} in hand",
            fame=p["fame"],
            rides=p["attraction_fame"],
            missing=-p["penalty"],
            total=view["scores"][seat],
            hand=p["hand_size"],
        )
    )
    draw_text(draw, (x0 + 14, y0 + 74), detail, SMALL, MUTED, max_width=x1 - x0 - 28)
    slots = p["slots"]
    gap = 4
    sw = (x1 - x0 - 24 - gap * (len(slots) - 1)) // len(slots)
    for j, slot in enumerate(slots):
        sx = x0 + 12 + j * (sw + gap)
        draw_slot(draw, slot, (sx, y0 + 100, sx + sw, y1 - 10), lang)


def draw_slot(draw: ImageDraw.ImageDraw, slot: Mapping[str, Any], box: Box, lang: Lang) -> None:
    """An upgrade slot: the upgrade's rewards, or the negative fame still showing."""
    x0, y0, x1, y1 = box
    up = slot["upgrade"]
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if up is None:
        panel(draw, box, (252, 236, 236), (200, 120, 120), 8, 2)
        penalty = f"{lang.number(slot['penalty'])}★"
        draw_text(draw, (cx, cy), penalty, DETAIL, (170, 30, 30), True, "mm")
        return
    panel(draw, box, mix(COASTER, (255, 255, 255), 0.8), COASTER, 8, 2)
    owner = rewards(lang, up["owner_money"], up["owner_happiness"], up["owner_fame"])
    h = y1 - y0
    draw_text(draw, (cx, cy - h * 0.2), owner, SMALL - 2, INK, True, "mm", x1 - x0 - 4, 10)
    rider = f"☺{lang.number(up['rider_happiness'])}"
    draw_text(
        draw, (cx, cy + h * 0.22), rider, SMALL - 2, text_color_on((220, 220, 224)), False, "mm"
    )


#: The game as the renders know it, one entry of the registry (``renders.games``).
RENDERER = Renderer(slug="imagineers", style=STYLE, draw_board=draw_board, draw_hand=draw_hand)
#: The public board and a seat's private picture, as PNG bytes.
board = RENDERER.board
hand = RENDERER.hand
