"""Disneyland images: the board loop with owners and pawns, and a player's summary.

``board`` draws the public view: the 38 squares run clockwise round the edge from Start
(top left) with the four corners Start, Prison, Bank and Hotel; each attraction carries
its series colour and short name, its number and, when rented, a band in the owner's
colour with the owner's initial and the fee charged now. Inside the loop: cash and
titles per player, the last dice, the last card drawn and a pending exchange offer. The
pawn that moved last is ringed in yellow. ``hand`` draws one seat's cash and titles by
series with the fees they would charge now.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.disneyland import data
from renders.theme import (
    HIGHLIGHT,
    INK,
    LINE,
    MARGIN,
    MUTED,
    PANEL,
    SERIES_COLORS,
    Box,
    Color,
    badge,
    canvas,
    display_name,
    draw_text,
    header,
    initial,
    legend,
    mix,
    panel,
    score_table,
    seat_color,
    text_color_on,
    to_png,
    with_names,
    wrap,
)

TITLE = "Disneyland"
WIDTH, HEIGHT = 1440, 900
HEADER_H = 96
TOP_CELLS = 13  # squares 1..13 along the top, 20..32 along the bottom (corners included)
SIDE_CELLS = 6  # squares 14..19 down the right, 33..38 up the left
ROW_H = 112

View = Mapping[str, Any]

#: Series colours (reconstructed: the rulebook prints none), one per series name.
SPECIAL: dict[str, tuple[str, str, Color]] = {
    "start": ("START", "+100 passing", (214, 240, 214)),
    "prison": ("PRISON", "a 5 or pay 100", (226, 226, 232)),
    "bank": ("BANK", "+100 arriving", (214, 240, 214)),
    "hotel": ("HOTEL", "miss a turn", (230, 222, 246)),
    "surprise": ("PLUTO", "surprise card", (255, 238, 204)),
    "chance": ("MICKEY", "chance card", (255, 226, 226)),
}


@lru_cache(maxsize=1)
def square_boxes() -> dict[int, Box]:
    """Where each square sits on the 1440 × 900 board image."""
    x0, y0, x1, y1 = MARGIN, HEADER_H + 12, WIDTH - MARGIN, HEIGHT - MARGIN
    cell_w = (x1 - x0) / TOP_CELLS
    side_h = (y1 - y0 - 2 * ROW_H) / SIDE_CELLS
    boxes: dict[int, Box] = {}
    for i in range(TOP_CELLS):
        left = round(x0 + i * cell_w)
        right = round(x0 + (i + 1) * cell_w)
        boxes[1 + i] = (left, y0, right, y0 + ROW_H)
        boxes[32 - i] = (left, y1 - ROW_H, right, y1)
    for i in range(SIDE_CELLS):
        top = round(y0 + ROW_H + i * side_h)
        bottom = round(y0 + ROW_H + (i + 1) * side_h)
        boxes[14 + i] = (round(x1 - cell_w), top, x1, bottom)
        boxes[38 - i] = (x0, top, round(x0 + cell_w), bottom)
    return boxes


def _inner_box() -> Box:
    boxes = square_boxes()
    return (boxes[38][2] + 14, boxes[1][3] + 14, boxes[14][0] - 14, boxes[32][1] - 14)


@lru_cache(maxsize=1)
def _base_image() -> Image.Image:
    """The squares without owners or pawns: drawn once, copied for every board."""
    image, draw = canvas(WIDTH, HEIGHT)
    for square, box in square_boxes().items():
        _draw_square(draw, square, box)
    return image


def _owner_band(draw: ImageDraw.ImageDraw, view: View, square: int, box: Box) -> None:
    owner = view["owners"].get(str(square))
    if owner is None:
        return
    x0, _, x1, y1 = box
    color = seat_color(view, owner)
    draw.rectangle((x0 + 3, y1 - 30, x1 - 3, y1 - 3), fill=color)
    ink = text_color_on(color)
    fee = view["fees"].get(str(square), 0)
    draw_text(draw, (x0 + 8, y1 - 16), initial(view, owner), 18, ink, bold=True, anchor="lm")
    draw_text(draw, (x1 - 8, y1 - 16), str(fee), 17, ink, bold=True, anchor="rm")


def _draw_square(draw: ImageDraw.ImageDraw, square: int, box: Box) -> None:
    x0, y0, x1, y1 = box
    kind = data.square_kind(square)
    if kind == "attraction":
        series = data.SERIES_OF[square]
        color = SERIES_COLORS[series.name]
        draw.rectangle(box, fill=PANEL, outline=LINE, width=2)
        draw.rectangle((x0 + 3, y0 + 3, x1 - 3, y0 + 30), fill=color)
        draw_text(
            draw,
            ((x0 + x1) / 2, y0 + 17),
            series.short,
            17,
            text_color_on(color),
            bold=True,
            anchor="mm",
            max_width=x1 - x0 - 10,
        )
        draw_text(draw, (x0 + 7, y0 + 35), str(square), 15, MUTED, bold=True)
        return
    name, note, fill = SPECIAL[kind]
    draw.rectangle(box, fill=fill, outline=LINE, width=2)
    draw_text(draw, (x0 + 7, y0 + 5), str(square), 15, MUTED, bold=True)
    cx = (x0 + x1) / 2
    draw_text(draw, (cx, y0 + 30), name, 19, INK, bold=True, anchor="mm", max_width=x1 - x0 - 30)
    draw_text(draw, (cx, y1 - 12), note, 12, MUTED, anchor="mm", max_width=x1 - x0 - 8)


def _draw_pawns(draw: ImageDraw.ImageDraw, view: View) -> None:
    """Pawns of players still in, up to five per square in a 3 + 2 grid."""
    boxes = square_boxes()
    by_square: dict[int, list[str]] = {}
    for seat in view["seats"]:
        if seat not in view["eliminated"]:
            by_square.setdefault(int(view["positions"][seat]), []).append(seat)
    movers = set(view.get("to_move", []))
    for square, seats in by_square.items():
        x0, y0, x1, y1 = boxes[square]
        # Between the series band and the owner band, or below a special square's name.
        special = data.square_kind(square) != "attraction"
        mid = (y0 + 44 + y1 - 24) / 2 if special else (y0 + y1) / 2
        radius = 14 if len(seats) <= 3 else 12
        for i, seat in enumerate(seats):
            row, col = divmod(i, 3)
            per_row = min(3, len(seats) - row * 3)
            cx = (x0 + x1) / 2 + (col - (per_row - 1) / 2) * (2 * radius + 4)
            cy = mid + (row - 0.5 * (len(seats) > 3)) * (2 * radius + 2)
            ring = HIGHLIGHT if seat == view.get("moved") else None
            if ring is None and seat in movers:
                ring = INK
            badge(draw, (cx, cy), radius, seat_color(view, seat), initial(view, seat), ring)


def _draw_dice(draw: ImageDraw.ImageDraw, view: View, origin: tuple[int, int]) -> int:
    """The last roll as dice faces with pips; returns the x where it ended."""
    roll = view.get("last_roll")
    x, y = origin
    if not roll:
        return x
    size = 54
    pips = {
        1: [(1, 1)],
        2: [(0, 0), (2, 2)],
        3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (0, 2), (2, 0), (2, 2)],
        5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)],
        6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)],
    }
    for value in roll["dice"]:
        draw.rounded_rectangle((x, y, x + size, y + size), 10, fill=PANEL, outline=INK, width=3)
        for col, row in pips[value]:
            px, py = x + 13 + col * 14, y + 13 + row * 14
            draw.ellipse((px - 5, py - 5, px + 5, py + 5), fill=INK)
        x += size + 10
    return x


def _draw_info(draw: ImageDraw.ImageDraw, view: View, box: Box) -> None:
    """Last roll, what happens now, last card, pending offer, legend and game length."""
    panel(draw, box)
    x0, y0, x1, y1 = box
    inner = x1 - x0 - 28
    roll = view.get("last_roll")
    draw_text(draw, (x0 + 14, y0 + 10), "Last roll", 17, MUTED, bold=True)
    end = _draw_dice(draw, view, (x0 + 14, y0 + 36))
    if roll:
        who = display_name(view, roll["seat"])
        total = sum(roll["dice"])
        draw_text(
            draw,
            (end + 6, y0 + 63),
            f"{who}: {total}",
            26,
            bold=True,
            anchor="lm",
            max_width=x1 - end - 20,
        )
    y = y0 + 106
    for line in wrap(str(view["phase"]).split(" · ")[-1], inner, 20, bold=True)[:2]:
        draw_text(draw, (x0 + 14, y), line, 20, bold=True, max_width=inner)
        y += 26
    y += 8
    card = view.get("last_card")
    if card:
        y = _draw_card(draw, view, card, (x0 + 12, y, x1 - 12))
    offer = view.get("trade")
    if offer:
        _draw_offer(draw, view, offer, (x0 + 12, y, x1 - 12))
    legend_y = y1 - 58
    badge(draw, (x0 + 26, legend_y + 9), 11, PANEL, "A")
    draw_text(draw, (x0 + 44, legend_y + 9), "pawn", 15, anchor="lm")
    draw.rectangle((x0 + 96, legend_y, x0 + 114, legend_y + 18), outline=HIGHLIGHT, width=4)
    draw_text(draw, (x0 + 120, legend_y + 9), "last move", 15, anchor="lm")
    legend(draw, (x0 + 210, legend_y), [(MUTED, "owner: initial + fee now")])
    decks = view["decks"]
    footer = (
        f"Game: {view['length_label']} · decks: {decks['chance']} chance, "
        f"{decks['surprise']} surprise"
    )
    draw_text(draw, (x0 + 14, y1 - 12), footer, 14, MUTED, anchor="lb", max_width=inner)


def _draw_card(
    draw: ImageDraw.ImageDraw, view: View, card: Mapping[str, Any], row: tuple[int, int, int]
) -> int:
    """The last card drawn, on its deck's colour; returns the y below it."""
    x0, y, x1 = row
    kind = "chance" if card["deck"] == "chance" else "surprise"
    deck = "Mickey chance card" if kind == "chance" else "Pluto surprise card"
    lines = wrap(card["text"], x1 - x0 - 24, 19)[:3]
    height = 36 + 25 * len(lines)
    draw.rounded_rectangle((x0, y, x1, y + height), 8, fill=SPECIAL[kind][2], outline=LINE)
    title = f"{deck} · drawn by {display_name(view, card['seat'])}"
    draw_text(draw, (x0 + 12, y + 8), title, 15, MUTED, bold=True, max_width=x1 - x0 - 24)
    for i, line in enumerate(lines):
        draw_text(draw, (x0 + 12, y + 31 + 25 * i), line, 19)
    return y + height + 10


def _draw_offer(
    draw: ImageDraw.ImageDraw, view: View, offer: Mapping[str, Any], row: tuple[int, int, int]
) -> int:
    x0, y, x1 = row
    maker = offer["by"]
    answering = offer["with"] if maker == offer["from"] else offer["from"]
    who, partner = display_name(view, maker, 12), display_name(view, answering, 12)
    status = "offers" if offer["status"] == "offer" else "is preparing an offer for"
    terms = "gives " + str(offer["terms"]).partition(" gives ")[2]  # "<maker> gives …"
    draw.rounded_rectangle((x0, y, x1, y + 64), 8, fill=(255, 244, 196), outline=HIGHLIGHT, width=2)
    draw_text(
        draw,
        (x0 + 12, y + 8),
        f"Trade: {who} {status} {partner}",
        16,
        bold=True,
        max_width=x1 - x0 - 24,
    )
    draw_text(draw, (x0 + 12, y + 34), terms, 16, max_width=x1 - x0 - 24)
    return y + 74


def _round_text(view: View) -> str:
    """The header's small line: the round, and the agreed length when there is one."""
    if view["over"]:
        return f"Game over: {view['reason']}"
    limit = view["rounds_limit"]
    return f"Round {view['round']}" + (f" of {limit}" if limit else "")


def _status(view: View, seat: str) -> str:
    if seat in view["eliminated"]:
        return "out"
    if seat in view["prison"]:
        return "Prison"
    if seat in view["hotel"]:
        return "Hotel"
    return str(view["positions"][seat])


def board(view: dict[str, Any]) -> bytes:
    """The public board image (PNG)."""
    view = with_names(view)
    image = _base_image().copy()
    draw = ImageDraw.Draw(image)
    header(draw, {**view, "phase": _round_text(view)}, TITLE, WIDTH, HEADER_H)
    boxes = square_boxes()
    for square in view["owners"]:
        _owner_band(draw, view, int(square), boxes[int(square)])
    if view.get("moved") in view["positions"]:
        square = int(view["positions"][view["moved"]])
        draw.rectangle(boxes[square], outline=HIGHLIGHT, width=5)
    _draw_pawns(draw, view)
    x0, y0, x1, y1 = _inner_box()
    split = x0 + (x1 - x0) * 58 // 100
    seats = view["seats"]
    score_table(
        draw,
        view,
        (x0, y0, split - 8, y1),
        [
            ("Square", {s: _status(view, s) for s in seats}),
            ("Cash", view["money"]),
            ("Titles", {s: len(view["titles"][s]) for s in seats}),
            ("Total", view["scores"]),
        ],
        title="Cash and titles",
    )
    _draw_info(draw, view, (split + 8, y0, x1, y1))
    return to_png(image)


def hand(view: dict[str, Any]) -> bytes:
    """A seat's summary: cash, total, and every series with the titles held and fees."""
    seat = view["viewer"]
    width, height = 1200, 750
    image, draw = canvas(width, height)
    color = seat_color(view, seat)
    draw.rectangle((0, 0, width, 96), fill=color)
    ink = text_color_on(color)
    badge(draw, (MARGIN + 30, 48), 30, PANEL, initial(view, seat))
    draw_text(
        draw, (MARGIN + 76, 30), display_name(view, seat, 24), 34, ink, bold=True, anchor="lm"
    )
    draw_text(draw, (MARGIN + 76, 70), f"On square {_status(view, seat)}", 18, ink, anchor="lm")
    cash, total = view["money"][seat], view["scores"][seat]
    draw_text(draw, (width - MARGIN, 30), f"Cash {cash}", 34, ink, bold=True, anchor="rm")
    draw_text(draw, (width - MARGIN, 70), f"Total with titles {total}", 18, ink, anchor="rm")
    held = set(view["titles"][seat])
    col_w, row_h = (width - 3 * MARGIN) // 2, 116
    for i, series in enumerate(data.SERIES):
        col, row = divmod(i, 5)
        x = MARGIN + col * (col_w + MARGIN)
        y = 116 + row * (row_h + 10)
        _series_row(draw, view, series, held, (x, y, x + col_w, y + row_h))
    return to_png(image)


def _series_row(
    draw: ImageDraw.ImageDraw, view: View, series: data.Series, held: set[int], box: Box
) -> None:
    x0, y0, x1, y1 = box
    color = SERIES_COLORS[series.name]
    mine = [sq for sq in series.squares if sq in held]
    panel(draw, box, outline=color if mine else LINE, width=3 if mine else 2)
    draw.rounded_rectangle((x0 + 8, y0 + 8, x0 + 150, y1 - 8), 8, fill=color)
    draw_text(
        draw,
        (x0 + 79, (y0 + y1) / 2 - 10),
        series.name,
        18,
        text_color_on(color),
        bold=True,
        anchor="mm",
        max_width=130,
    )
    fee = data.FEES[len(mine) - 1] if mine else 0
    note = f"you charge {fee}" if mine else "none held"
    draw_text(
        draw,
        (x0 + 79, (y0 + y1) / 2 + 16),
        note,
        14,
        text_color_on(color),
        anchor="mm",
        max_width=130,
    )
    cell_w = (x1 - x0 - 170) // 3
    for j, square in enumerate(series.squares):
        cx0 = x0 + 162 + j * cell_w
        owner = view["owners"].get(str(square))
        fill = mix(PANEL, color, 0.25) if square in held else PANEL
        draw.rounded_rectangle(
            (cx0, y0 + 10, cx0 + cell_w - 8, y1 - 10),
            8,
            fill=fill,
            outline=INK if square in held else LINE,
            width=2,
        )
        mid = cx0 + (cell_w - 8) / 2
        draw_text(draw, (mid, y0 + 36), str(square), 24, bold=True, anchor="mm")
        if owner is None:
            label = "free"
        elif square in held:
            label = "yours"
        else:
            label = f"{display_name(view, owner, 8)} {view['fees'][str(square)]}"
        draw_text(draw, (mid, y1 - 32), label, 15, MUTED, anchor="mm", max_width=cell_w - 16)
