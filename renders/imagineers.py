"""Imagineers pictures: the park loop with every guest countable, and a seat's tiles.

``board(view)`` draws the public view: the loop of path spaces (guests as lettered dots
plus a big count on each), the attraction spaces (built rides with cost, fame, rewards and
owner; shops; red rides; coaster entrances; Path tiles), the Mess cone, the round's cards,
the stacks' face-up tops, and a panel per player. ``hand(view)`` draws both sides of the
tiles in the viewer's hand.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renders.imagineers_parts import (
    COASTER,
    COVERED,
    EMPTY,
    GUEST_FILL,
    GUEST_NAME,
    RED_SPACE,
    SHOP,
    attraction_face,
    coaster_face,
    cone,
    guest,
    rewards,
)
from renders.theme import (
    BACKGROUND,
    HEIGHT,
    HIGHLIGHT,
    INK,
    LINE,
    MARGIN,
    MUTED,
    PANEL,
    WIDTH,
    Box,
    Color,
    badge,
    box_canvas,
    canvas,
    display_name,
    draw_text,
    header,
    initial,
    mix,
    panel,
    seat_color,
    text_color_on,
    to_png,
    wrap,
)

View = Mapping[str, Any]
TOP = 108
PARK: Box = (MARGIN - 8, TOP, 916, HEIGHT - 12)
PLAYERS: Box = (930, TOP, WIDTH - 16, HEIGHT - 12)
SIDE_ROWS = 4  # spaces down each side of the loop
GAP = 4
SPACE_REF = re.compile(r"(?:space|to) (\d+)")
YOU_BG = (255, 244, 196)


def board(view: dict[str, Any]) -> bytes:
    """The public picture of the park (PNG)."""
    image, draw = canvas()
    header(draw, view, "Imagineers", WIDTH)
    cells = loop_boxes(len(view["spaces"]))
    touched = {int(n) for event in view.get("last", []) for n in SPACE_REF.findall(event)}
    for space, box in zip(view["spaces"], cells, strict=True):
        draw_space(image, draw, view, space, box, space["number"] in touched)
    draw_centre(draw, view, centre_box(cells))
    draw_players(draw, view, PLAYERS)
    return to_png(image)


def hand(view: dict[str, Any]) -> bytes:
    """The viewer's tiles, both sides each, and their own tracks (PNG)."""
    width, height = 1280, 800
    image, draw = canvas(width, height)
    seat = view.get("viewer") or ""
    header(draw, view, f"Imagineers — {display_name(view, seat)}'s tiles", width)
    tiles = view.get("hand", [])
    if not tiles:
        draw_text(draw, (width / 2, 300), "No tiles in hand yet", 36, MUTED, True, "mm")
    row_h = 250
    for row, tile in enumerate(tiles):
        y = 130 + row * (row_h + 20)
        chosen = tile["tile"] == view.get("chosen")
        fill = YOU_BG if chosen else PANEL
        panel(draw, (MARGIN, y, width - MARGIN, y + row_h), fill, HIGHLIGHT if chosen else LINE)
        names = f"{tile['attraction']['name']} / {tile['coaster']['name']}"
        title = names + ("  (being played)" if chosen else "")
        draw_text(draw, (MARGIN + 20, y + 14), title, 24, INK, True)
        draw_text(draw, (MARGIN + 40, y + 56), "Attraction side", 18, MUTED)
        draw_text(draw, (width / 2 + 30, y + 56), "Coaster side", 18, MUTED)
        attraction_face(
            draw, (MARGIN + 40, y + 84, width // 2 - 30, y + row_h - 18), tile["attraction"], True
        )
        coaster_face(
            draw,
            (width // 2 + 30, y + 84, width - MARGIN - 40, y + row_h - 18),
            tile["coaster"],
            True,
        )
    if len(tiles) < 2:
        draw_stack_tops(draw, view, (MARGIN, 130 + len(tiles) * (row_h + 20), width - MARGIN))
    me = view["players"].get(seat)
    if me:
        line = (
            f"${me['money']}/10   ☺ {me['happiness']}/5   fame track ★{me['fame']}   "
            f"score {view['scores'].get(seat, 0)}"
        )
        draw_text(draw, (width / 2, height - 40), line, 28, INK, True, "mm", width - 2 * MARGIN)
    return to_png(image)


def draw_stack_tops(draw: ImageDraw.ImageDraw, view: View, row: tuple[int, int, int]) -> None:
    """The face-up tops you may take from (their other sides stay hidden)."""
    x0, y, x1 = row
    draw_text(draw, (x0 + 20, y), "You may take (other side unseen):", 22, INK, True)
    half = (x1 - x0 - 60) // 2
    for i, name in enumerate(("attraction", "coaster")):
        top = view["stacks"][name]["top"]
        bx = x0 + 20 + i * (half + 20)
        draw_text(draw, (bx, y + 36), f"{name.title()} stack", 18, MUTED)
        face: Box = (bx, y + 62, bx + half, y + 200)
        if top is None:
            panel(draw, face, BACKGROUND)
        elif name == "attraction":
            attraction_face(draw, face, top, True)
        else:
            coaster_face(draw, face, top, True)


# ------------------------------------------------------------------ the loop
def loop_boxes(count: int) -> list[Box]:
    """Cell boxes clockwise round a rectangle: top row, right side, bottom row, left side."""
    across = (count - 2 * SIDE_ROWS) // 2
    x0, y0, x1, y1 = PARK
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
    return (first[2] + 12, first[3] + 12, last_top[0] - 12, bottom[1] - 12)


@dataclass(frozen=True, slots=True)
class SpaceLook:
    """Everything one loop space shows; hashable, so each look is drawn only once."""

    number: int
    fill: Color
    ink: Color
    lines: tuple[str, ...]
    owner: tuple[Color, str] | None  # badge colour and initial
    guests: tuple[str, ...]
    mess: bool
    size: tuple[int, int]


def draw_space(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: View,
    space: Mapping[str, Any],
    box: Box,
    touched: bool,
) -> None:
    """One loop step, pasted from its cached picture, with the last move's ring on top."""
    x0, y0, x1, y1 = box
    fill, ink, lines = attraction_look(view, space)
    owner = space["entrance"] or (space["attraction"] or {}).get("owner")
    look = SpaceLook(
        number=int(space["number"]),
        fill=fill,
        ink=ink,
        lines=tuple(lines),
        owner=(seat_color(view, owner), initial(view, owner)) if owner else None,
        guests=tuple(space["guests"]),
        mess=bool(space["mess"]),
        size=(x1 - x0, y1 - y0),
    )
    image.paste(space_picture(look), (x0, y0))
    if touched:
        draw.rounded_rectangle((x0 - 2, y0 - 2, x1 + 2, y1 + 2), 11, outline=HIGHLIGHT, width=5)


@lru_cache(maxsize=256)
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
    draw_text(draw, (6, 4), str(look.number), 15, look.ink, True)
    if look.owner:
        badge(draw, (x1 - 14, 14), 11, *look.owner)
    for i, line in enumerate(look.lines):
        room = x1 - (56 if i == 0 else 10)
        draw_text(draw, (x1 / 2, 6 + i * 19), line, 15, look.ink, i == 0, "ma", room)
    draw_queue(draw, look.guests, look.mess, (0, split, x1, y1))
    return image


def attraction_look(view: View, space: Mapping[str, Any]) -> tuple[Color, Color, list[str]]:
    """Fill, ink and text lines for an attraction space, by what is on it."""
    ride = space["attraction"]
    if space["entrance"]:
        owner = display_name(view, space["entrance"], 9)
        return COASTER, (255, 255, 255), ["Coaster", owner]
    if ride:
        fill = mix(GUEST_FILL[ride["colour"]], (255, 255, 255), 0.55)
        return (
            fill,
            INK,
            [
                f"{ride['kind']} ${ride['cost']}",
                f"{ride['colour']} guests ★{ride['fame']}",
                f"${ride['money']} ☺{ride['happiness']}",
            ],
        )
    if space["covered"]:
        return COVERED, MUTED, ["Path tile", "no ride"]
    if space["kind"] == "shop":
        reward = rewards(space["money"], space["happiness"])
        return mix(SHOP, (255, 255, 255), 0.6), INK, ["Shop", "all guests", reward]
    if space["kind"] == "red":
        reward = rewards(space["money"], space["happiness"])
        return mix(RED_SPACE, (255, 255, 255), 0.6), INK, ["Park ride", "R guests", reward]
    return EMPTY, MUTED, ["empty", "to build"]


def draw_queue(draw: ImageDraw.ImageDraw, guests: tuple[str, ...], mess: bool, box: Box) -> None:
    """The guests queuing on the path space: lettered dots and a big count."""
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2 + 2
    count = len(guests)
    if mess:
        cone(draw, (x0 + 22, cy), 16)
        draw_text(draw, (x0 + 44, cy), "MESS", 17, INK, True, "lm")
        return
    radius = min(13, (x1 - x0 - 60) // 4, (y1 - y0 - 10) // 4)
    for i, colour in enumerate(guests):
        col, row = i % 2, i // 2
        guest(
            draw,
            (x0 + 8 + radius + col * (2 * radius + 4), cy - radius - 1 + row * (2 * radius + 3)),
            radius,
            colour,
        )
    full = count >= 4
    draw_text(
        draw,
        (x1 - 10, cy),
        str(count),
        34,
        (190, 30, 30) if full else (INK if count else MUTED),
        True,
        "rm",
    )


# ------------------------------------------------------------------ the centre
def draw_centre(draw: ImageDraw.ImageDraw, view: View, box: Box) -> None:
    """Round, cards, stack tops and legend inside the loop."""
    x0, y0, x1, y1 = box
    width = x1 - x0
    side = "Day" if view.get("side") == "day" else "Night"
    first = display_name(view, view["first"]) if view.get("first") else "—"
    round_line = f"{side} park · round {view['round']}" + (" (LAST)" if view["final_round"] else "")
    draw_text(draw, (x0, y0), round_line, 22, INK, True, max_width=width)
    draw_text(
        draw,
        (x0, y0 + 30),
        f"First player: {first} · guests move clockwise →",
        16,
        MUTED,
        max_width=width,
    )
    y = y0 + 60
    half = (width - 12) // 2
    card(
        draw, (x0, y, x0 + half, y + 120), "Movement", (view.get("movement") or {}).get("text", "—")
    )
    event = view.get("event") or {}
    card(
        draw, (x1 - half, y, x1, y + 120), f"Event: {event.get('name', '—')}", event.get("text", "")
    )
    y += 134
    stacks = view["stacks"]
    for i, name in enumerate(("attraction", "coaster")):
        sx = x0 + i * (half + 12)
        stack = stacks[name]
        draw_text(
            draw,
            (sx, y),
            f"{name.title()} stack · {stack['count']} left",
            17,
            INK,
            True,
            max_width=half,
        )
        face: Box = (sx, y + 26, sx + half, y + 126)
        if stack["top"] is None:
            panel(draw, face, BACKGROUND)
            draw_text(
                draw,
                ((face[0] + face[2]) / 2, (face[1] + face[3]) / 2),
                "empty",
                18,
                MUTED,
                anchor="mm",
            )
        elif name == "attraction":
            attraction_face(draw, face, stack["top"])
        else:
            coaster_face(draw, face, stack["top"])
    draw_legend(draw, (x0, y + 142, x1, y1))


def card(draw: ImageDraw.ImageDraw, box: Box, title: str, text: str) -> None:
    x0, y0, x1, _ = box
    panel(draw, box, PANEL)
    draw_text(draw, (x0 + 12, y0 + 10), title, 18, MUTED, True, max_width=x1 - x0 - 24)
    for i, line in enumerate(wrap(text, x1 - x0 - 24, 20, bold=True)[:3]):
        draw_text(draw, (x0 + 12, y0 + 38 + i * 25), line, 20, INK, True)


def draw_legend(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """Guest letters, reward symbols and the Mess cone."""
    x0, y0, x1, _ = box
    x = x0
    for colour, name in GUEST_NAME.items():
        guest(draw, (x + 11, y0 + 11), 11, colour)
        draw_text(draw, (x + 28, y0 + 11), f"{name} guest", 15, INK, anchor="lm")
        x += 130
    cone(draw, (x + 10, y0 + 11), 11)
    draw_text(draw, (x + 26, y0 + 11), "Mess", 15, INK, anchor="lm")
    symbols = "$ money · ☺ happiness · ★ fame · big number = guests queuing (4 = crowded)"
    draw_text(draw, (x0, y0 + 32), symbols, 15, MUTED, max_width=x1 - x0)


# ------------------------------------------------------------------ players
def draw_players(draw: ImageDraw.ImageDraw, view: View, box: Box) -> None:
    """A panel per player in table order: score, tracks, coaster board, hand size."""
    x0, y0, x1, y1 = box
    seats = list(view["seats"])
    height = min(260, (y1 - y0 - 10 * (len(seats) - 1)) // len(seats))
    movers = set(view.get("to_move", []))
    for i, seat in enumerate(seats):
        top = y0 + i * (height + 10)
        player_panel(draw, view, seat, (x0, top, x1, top + height), seat in movers)


def player_panel(draw: ImageDraw.ImageDraw, view: View, seat: str, box: Box, moving: bool) -> None:
    x0, y0, x1, y1 = box
    p = view["players"][seat]
    color = seat_color(view, seat)
    panel(
        draw,
        box,
        YOU_BG if moving else PANEL,
        HIGHLIGHT if moving else LINE,
        12,
        4 if moving else 2,
    )
    draw.rounded_rectangle((x0, y0, x0 + 10, y1), 6, fill=color)
    badge(draw, (x0 + 36, y0 + 28), 18, color, initial(view, seat))
    name = display_name(view, seat)
    tags = (" · first" if view.get("first") == seat else "") + (" · to move" if moving else "")
    draw_text(draw, (x0 + 62, y0 + 14), name + tags, 22, INK, True, max_width=x1 - x0 - 170)
    score = view["scores"].get(seat, 0)
    draw_text(draw, (x1 - 14, y0 + 8), str(score), 44, INK, True, "ra")
    draw_text(draw, (x1 - 14, y0 + 58), "score", 13, MUTED, anchor="ra")
    tracks = f"${p['money']}/10   ☺ {p['happiness']}/5   track ★{p['fame']}"
    draw_text(draw, (x0 + 24, y0 + 50), tracks, 20, INK, True, max_width=x1 - x0 - 110)
    detail = (
        f"rides ★{p['attraction_fame']} · board {p['penalty']} · {p['hand_size']} tiles in hand"
    )
    draw_text(draw, (x0 + 24, y0 + 78), detail, 15, MUTED, max_width=x1 - x0 - 40)
    slots_y = y0 + 102
    if y1 - slots_y < 40:
        return
    draw_text(draw, (x0 + 24, slots_y), f"{p['board']} coaster", 14, MUTED, True)
    slots = p["slots"]
    gap = 6
    sw = (x1 - x0 - 30 - gap * (len(slots) - 1)) // len(slots)
    for j, slot in enumerate(slots):
        sx = x0 + 20 + j * (sw + gap)
        draw_slot(draw, slot, (sx, slots_y + 20, sx + sw, y1 - 10))


def draw_slot(draw: ImageDraw.ImageDraw, slot: Mapping[str, Any], box: Box) -> None:
    """An upgrade slot: the upgrade's rewards, or the negative fame still showing."""
    x0, y0, x1, y1 = box
    up = slot["upgrade"]
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if up is None:
        panel(draw, box, (252, 236, 236), (200, 120, 120), 8, 2)
        draw_text(draw, (cx, cy), f"{slot['penalty']}★", 20, (170, 30, 30), True, "mm")
        return
    panel(draw, box, mix(COASTER, (255, 255, 255), 0.8), COASTER, 8, 2)
    owner = rewards(up["owner_money"], up["owner_happiness"], up["owner_fame"])
    h = y1 - y0
    draw_text(draw, (cx, cy - h * 0.18), owner, 14, INK, True, "mm", x1 - x0 - 6)
    draw_text(
        draw,
        (cx, cy + h * 0.22),
        f"rider ☺{up['rider_happiness']}",
        13,
        text_color_on((220, 220, 224)),
        anchor="mm",
        max_width=x1 - x0 - 6,
    )
