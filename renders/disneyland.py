"""Disneyland images: the board loop with owners and pawns, and a player's summary.

``board`` draws the public view: the 38 squares run clockwise round the edge from Start
(top left) with the four corners Start, Prison, Bank and Hotel; each attraction carries
its series colour and short name, its number and, when rented, a band in the owner's
colour with the owner's initial and the fee charged now. Inside the loop: cash and
titles per player, the last dice, the last card drawn and a pending exchange offer. The
pawn that moved last is ringed in yellow. ``hand`` draws one seat's cash and titles by
series with the fees they would charge now, and its own answer to an open vote.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.disneyland import data, trade
from renders import frame as shared
from renders.emblems import castle
from renders.frame import Frame, Style
from renders.theme import (
    BODY,
    DETAIL,
    HIGHLIGHT,
    INK,
    LINE,
    MARGIN,
    MUTED,
    PANEL,
    SERIES_COLORS,
    SMALL,
    WIDTH,
    Box,
    Color,
    display_name,
    draw_text,
    label,
    mix,
    panel,
    seat_color,
    seat_index,
    seat_token,
    text_color_on,
    token,
    with_names,
    wrap,
)

STYLE = Style("Disneyland", (92, 44, 128), castle)
LONG = 13  # squares 1..13 down the right, 20..32 up the left (corners included)
SHORT = 6  # squares 14..19 along the bottom, 33..38 along the top
LOOP_H = 910

View = Mapping[str, Any]

#: Series colours (reconstructed: the rulebook prints none), one per series name.
SPECIAL: dict[str, tuple[str, str, Color]] = {
    "start": ("START", "+100 passing", (214, 240, 214)),
    "prison": ("PRISON", "a 5 or pay 100", (226, 226, 232)),
    "bank": ("BANK", "+100 landing", (214, 240, 214)),
    "hotel": ("HOTEL", "miss a turn", (230, 222, 246)),
    "surprise": ("PLUTO", "surprise card", (255, 238, 204)),
    "chance": ("MICKEY", "chance card", (255, 226, 226)),
}


def _loop_top(seats: int) -> int:
    return shared.HEADER_H + 8 + shared.TURN_H + shared.NEWS_H + shared.standings_height(seats) + 12


def height(seats: int) -> int:
    """The image height for a table of ``seats``: fixed, so replay frames line up."""
    return _loop_top(seats) + LOOP_H + 46


@lru_cache(maxsize=8)
def square_boxes(top: int) -> dict[int, Box]:
    """Where each square sits: Start at the top right, clockwise down the right side."""
    x0, y0, x1, y1 = MARGIN, top, WIDTH - MARGIN, top + LOOP_H
    cell_w = (x1 - x0) / (SHORT + 2)
    cell_h = (y1 - y0) / LONG
    boxes: dict[int, Box] = {}
    for i in range(LONG):
        upper, lower = round(y0 + i * cell_h), round(y0 + (i + 1) * cell_h)
        boxes[1 + i] = (round(x1 - cell_w), upper, x1, lower)
        boxes[32 - i] = (x0, upper, round(x0 + cell_w), lower)
    for i in range(SHORT):
        left, right = round(x1 - (i + 2) * cell_w), round(x1 - (i + 1) * cell_w)
        boxes[14 + i] = (left, round(y1 - cell_h), right, y1)
        boxes[38 - i] = (left, y0, right, round(y0 + cell_h))
    return boxes


def _inner_box(top: int) -> Box:
    boxes = square_boxes(top)
    return (boxes[20][2] + 10, boxes[38][3] + 10, boxes[1][0] - 10, boxes[19][1] - 10)


@lru_cache(maxsize=8)
def _base_image(seats: int) -> Image.Image:
    """The squares without owners or pawns: drawn once per table size, copied per board."""
    canvas = Frame.new(height(seats))
    for square, box in square_boxes(_loop_top(seats)).items():
        _draw_square(canvas.draw, square, box)
    return canvas.image


def _owner_band(draw: ImageDraw.ImageDraw, view: View, square: int, box: Box) -> None:
    owner = view["owners"].get(str(square))
    if owner is None:
        return
    x0, _, x1, y1 = box
    color = seat_color(view, owner)
    draw.rectangle((x0 + 3, y1 - 24, x1 - 3, y1 - 3), fill=color)
    ink = text_color_on(color)
    fee = view["fees"].get(str(square), 0)
    token(draw, (x0 + 14, y1 - 13), 8, seat_index(view, owner))
    draw_text(draw, (x0 + 26, y1 - 13), label(view, owner), SMALL, ink, True, "lm")
    draw_text(draw, (x1 - 6, y1 - 13), str(fee), SMALL, ink, True, "rm")


def _draw_square(draw: ImageDraw.ImageDraw, square: int, box: Box) -> None:
    x0, y0, x1, _ = box
    kind = data.square_kind(square)
    if kind == "attraction":
        series = data.SERIES_OF[square]
        color = SERIES_COLORS[series.name]
        draw.rectangle(box, fill=PANEL, outline=LINE, width=2)
        draw.rectangle((x0 + 3, y0 + 3, x1 - 3, y0 + 24), fill=color)
        ink = text_color_on(color)
        draw_text(draw, ((x0 + x1) / 2, y0 + 14), series.short, SMALL, ink, True, "mm", x1 - x0 - 8)
        draw_text(draw, (x0 + 6, y0 + 27), str(square), SMALL - 2, MUTED, True)
        return
    name, _, fill = SPECIAL[kind]
    draw.rectangle(box, fill=fill, outline=LINE, width=2)
    draw_text(draw, (x0 + 6, y0 + 4), str(square), SMALL - 2, MUTED, True)
    cx = (x0 + x1) / 2
    draw_text(draw, (cx, y0 + 28), name, DETAIL - 2, INK, True, "mm", x1 - x0 - 10)


def _draw_pawns(draw: ImageDraw.ImageDraw, view: View) -> None:
    """Pawns of players still in, up to five per square in a 3 + 2 grid."""
    boxes = square_boxes(_loop_top(len(view["seats"])))
    by_square: dict[int, list[str]] = {}
    for seat in view["seats"]:
        if seat not in view["eliminated"]:
            by_square.setdefault(int(view["positions"][seat]), []).append(seat)
    movers = set(view.get("to_move", []))
    for square, seats in by_square.items():
        x0, y0, x1, y1 = boxes[square]
        # Between the series band and the owner band, or below a special square's name.
        special = data.square_kind(square) != "attraction"
        mid = (y0 + 42 + y1) / 2 if special else (y0 + 26 + y1 - 24) / 2
        radius = 11 if len(seats) <= 3 else 9
        for i, seat in enumerate(seats):
            row, col = divmod(i, 3)
            per_row = min(3, len(seats) - row * 3)
            cx = (x0 + x1) / 2 + (col - (per_row - 1) / 2) * (2 * radius + 6)
            cy = mid + (row - 0.5 * (len(seats) > 3)) * (2 * radius + 2)
            ring = HIGHLIGHT if seat == view.get("moved") else None
            if ring is None and seat in movers:
                ring = INK
            seat_token(draw, view, seat, (cx, cy), radius, ring)


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
    """Last roll, what happens now, last card and a pending offer, inside the loop."""
    panel(draw, box)
    x0, y0, x1, y1 = box
    inner = x1 - x0 - 28
    roll = view.get("last_roll")
    draw_text(draw, (x0 + 14, y0 + 12), "Last roll", DETAIL, MUTED, True)
    end = _draw_dice(draw, view, (x0 + 14, y0 + 42))
    if roll:
        who = display_name(view, roll["seat"], 12)
        total = sum(roll["dice"])
        words = f"{who}: {total}"
        draw_text(draw, (end + 6, y0 + 69), words, BODY + 4, INK, True, "lm", x1 - end - 20)
    y = y0 + 116
    for line in wrap(str(view["phase"]).split(" · ")[-1], inner, BODY, bold=True)[:2]:
        draw_text(draw, (x0 + 14, y), line, BODY, bold=True, max_width=inner)
        y += 30
    y += 10
    offer = view.get("trade")
    if offer:
        y = _draw_offer(draw, view, offer, (x0 + 12, y, x1 - 12))
    card = view.get("last_card")
    if card:
        _draw_card(draw, view, card, (x0 + 12, y, x1 - 12))
    decks = view["decks"]
    footer = (
        f"{view['length_label']} · decks: {decks['chance']} chance, {decks['surprise']} surprise"
    )
    for i, line in enumerate(wrap(footer, inner, SMALL)[:2]):
        draw_text(draw, (x0 + 14, y1 - 40 + i * 20), line, SMALL, MUTED)


def _draw_card(
    draw: ImageDraw.ImageDraw, view: View, card: Mapping[str, Any], row: tuple[int, int, int]
) -> int:
    """The last card drawn, on its deck's colour; returns the y below it."""
    x0, y, x1 = row
    kind = "chance" if card["deck"] == "chance" else "surprise"
    deck = "Mickey chance card" if kind == "chance" else "Pluto surprise card"
    lines = wrap(card["text"], x1 - x0 - 24, DETAIL)[:4]
    height = 40 + 25 * len(lines)
    draw.rounded_rectangle((x0, y, x1, y + height), 8, fill=SPECIAL[kind][2], outline=LINE)
    title = f"{deck} · {display_name(view, card['seat'], 12)}"
    draw_text(draw, (x0 + 12, y + 8), title, SMALL, MUTED, bold=True, max_width=x1 - x0 - 24)
    for i, line in enumerate(lines):
        draw_text(draw, (x0 + 12, y + 34 + 25 * i), line, DETAIL)
    return y + height + 10


def _offer_words(view: View, offer: Mapping[str, Any]) -> tuple[str, list[tuple[str, str]]]:
    """The offer box's title (who wrote the terms, for whom, a counter-offer or not) and
    each side's part in words: [(seat, "Alice gives Pluto 7 + 50 francs")]."""
    maker = str(offer["by"])
    answering = trade.other_side(dict(offer), maker)
    who, partner = display_name(view, maker, 14), display_name(view, answering, 14)
    countered = int(offer.get("counters", 0)) > 0
    noun = "counter-offer" if countered else "exchange offer"
    if offer["status"] == "offer":
        title = f"{noun.capitalize()} from {who} to {partner}"
    else:
        title = f"{who}'s {noun} so far (not sent yet)"
    gives, gets, pays = trade.sides(dict(offer), maker)

    def side(name: str, titles: list[int], cash: int) -> str:
        words = ", ".join(data.square_name(sq) for sq in sorted(titles)) or "no title yet"
        return f"{name} gives {words}" + (f" + {cash} {data.MONEY_UNIT}" if cash > 0 else "")

    return title, [(maker, side(who, gives, pays)), (answering, side(partner, gets, -pays))]


def _draw_offer(
    draw: ImageDraw.ImageDraw, view: View, offer: Mapping[str, Any], row: tuple[int, int, int]
) -> int:
    """A pending or half-written exchange: who wrote it for whom, and what each side gives
    in words (titles by name, the money balance in francs); returns the y below it."""
    x0, y, x1 = row
    room = x1 - x0 - 24
    title, parts = _offer_words(view, offer)
    heading = wrap(title, room, DETAIL, bold=True)[:2]
    sides = [(seat, wrap(words, room - 26, DETAIL)[:2]) for seat, words in parts]
    rows = len(heading) + sum(len(lines) for _, lines in sides)
    bottom = y + 22 + 25 * rows
    draw.rounded_rectangle((x0, y, x1, bottom), 8, fill=(255, 244, 196), outline=HIGHLIGHT, width=2)
    line_y = y + 10
    for line in heading:
        draw_text(draw, (x0 + 12, line_y), line, DETAIL, bold=True, max_width=room)
        line_y += 25
    line_y += 4
    for seat, lines in sides:
        seat_token(draw, view, seat, (x0 + 22, line_y + 11), 9)
        for line in lines:
            draw_text(draw, (x0 + 38, line_y), line, DETAIL, max_width=room - 26)
            line_y += 25
    return bottom + 10


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


def draw_board(view: dict[str, Any]) -> Frame:
    """The board in the shared frame, with its key texts marked."""
    view = with_names(view)
    seats = list(view["seats"])
    image = _base_image(len(seats)).copy()
    canvas = Frame(image, ImageDraw.Draw(image))
    draw = canvas.draw
    y = shared.header(canvas, STYLE, _round_text(view))
    y = shared.turn(canvas, view, y + 8)
    y = shared.news(canvas, view, y)
    extras = [
        ("square", {s: _status(view, s) for s in seats}),
        ("cash", view["money"]),
        ("titles", {s: len(view["titles"][s]) for s in seats}),
    ]
    top = shared.standings(canvas, view, y, extras) + 12
    boxes = square_boxes(top)
    for square in view["owners"]:
        _owner_band(draw, view, int(square), boxes[int(square)])
    if view.get("moved") in view["positions"]:
        square = int(view["positions"][view["moved"]])
        draw.rectangle(boxes[square], outline=HIGHLIGHT, width=5)
    _draw_pawns(draw, view)
    _draw_info(draw, view, _inner_box(top))
    shared.footer(
        canvas,
        "Clockwise from Start (top right). Owned: owner's token, label, fee now. "
        + " · ".join(f"{name.title()}: {note}" for name, note, _ in SPECIAL.values()),
    )
    return canvas


def board(view: dict[str, Any]) -> bytes:
    """The public board image (PNG)."""
    return draw_board(view).png()


def draw_hand(view: dict[str, Any]) -> Frame:
    """A seat's private view: cash, total, and every series with the titles held and fees."""
    seat = str(view["viewer"])
    row_h = 72
    canvas = Frame.new(shared.HEADER_H + 8 + shared.TURN_H + 56 + 50 + 40 + 10 * (row_h + 8) + 16)
    y = shared.header(canvas, STYLE, "Your titles")
    y = shared.turn(canvas, view, y + 8, seat)
    y = shared.you_line(canvas, view, seat, y, _ballot_words(view))
    cash, total = view["money"][seat], view["scores"][seat]
    status = _status(view, seat)
    where = f"on {data.square_name(int(status))}" if status.isdigit() else f"in {status}"
    if status == "out":
        where = "eliminated"
    words = f"Cash {cash} · worth {total} {data.MONEY_UNIT} with titles · {where}"
    canvas.text("facts", (MARGIN, y + 18), words, BODY, INK, True, "lm", WIDTH - 2 * MARGIN)
    y = shared.section(canvas, "Your titles by series", y + 50)
    held = set(view["titles"][seat])
    for i, series in enumerate(data.SERIES):
        top = y + i * (row_h + 8)
        _series_row(canvas.draw, view, series, held, (MARGIN, top, WIDTH - MARGIN, top + row_h))
    return canvas


#: A voter's own answer to an open vote on the length, as the private view shows it.
BALLOT_WORDS = {
    None: "you have not answered the vote yet",
    "yes": "your answer: for",
    "no": "your answer: against",
    "follow": "your answer: with the majority",
}


def _ballot_words(view: View) -> str:
    """The seat's own answer while a vote on the length is open (only its own view has
    ``ballot``), else nothing."""
    return BALLOT_WORDS[view["ballot"]] if "ballot" in view else ""


def hand(view: dict[str, Any]) -> bytes:
    """A seat's summary: cash, total, and every series with the titles held and fees."""
    return draw_hand(view).png()


def _series_row(
    draw: ImageDraw.ImageDraw, view: View, series: data.Series, held: set[int], box: Box
) -> None:
    x0, y0, x1, y1 = box
    color = SERIES_COLORS[series.name]
    mine = [sq for sq in series.squares if sq in held]
    panel(draw, box, outline=color if mine else LINE, width=3 if mine else 2)
    draw.rounded_rectangle((x0 + 6, y0 + 6, x0 + 200, y1 - 6), 8, fill=color)
    ink = text_color_on(color)
    draw_text(draw, (x0 + 103, y0 + 24), series.name, DETAIL, ink, True, "mm", 180)
    fee = data.FEES[len(mine) - 1] if mine else 0
    note = f"you charge {fee}" if mine else "none yours"
    draw_text(draw, (x0 + 103, y1 - 20), note, SMALL, ink, False, "mm", 180)
    cell_w = (x1 - x0 - 216) // 3
    for j, square in enumerate(series.squares):
        cx0 = x0 + 210 + j * cell_w
        owner = view["owners"].get(str(square))
        fill = mix(PANEL, color, 0.25) if square in held else PANEL
        outline = INK if square in held else LINE
        draw.rounded_rectangle(
            (cx0, y0 + 6, cx0 + cell_w - 6, y1 - 6), 8, fill=fill, outline=outline, width=2
        )
        mid = cx0 + (cell_w - 6) / 2
        draw_text(draw, (mid, y0 + 24), str(square), DETAIL, bold=True, anchor="mm")
        if owner is None:
            words = "free"
        elif square in held:
            words = "yours"
        else:
            words = f"{display_name(view, owner, 8)} {view['fees'][str(square)]}"
        draw_text(draw, (mid, y1 - 20), words, SMALL, MUTED, anchor="mm", max_width=cell_w - 14)
