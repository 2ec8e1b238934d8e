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
from engine.disneyland.views import DisneylandView
from engine.text import Text, tx, txc
from i18n import Lang
from renders import frame as shared
from renders import inks, shapes
from renders.emblems import WHITE
from renders.frame import Frame, Style
from renders.kit import Renderer
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
    wrap_within,
)


def castle(draw: ImageDraw.ImageDraw, box: Box, background: tuple[int, int, int]) -> None:
    """Disneyland: a castle with towers, pennant and gate."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    base = y1 - 2
    draw.rectangle((x0 + w * 0.18, y0 + h * 0.45, x1 - w * 0.18, base), fill=WHITE)
    for left in (x0 + w * 0.04, x1 - w * 0.26):
        draw.rectangle((left, y0 + h * 0.32, left + w * 0.22, base), fill=WHITE)
        draw.polygon(
            [
                (left - 2, y0 + h * 0.34),
                (left + w * 0.11, y0 + h * 0.08),
                (left + w * 0.22 + 2, y0 + h * 0.34),
            ],
            fill=HIGHLIGHT,
        )
    mid = (x0 + x1) / 2
    draw.rectangle((mid - w * 0.1, y0 + h * 0.22, mid + w * 0.1, base), fill=WHITE)
    draw.polygon(
        [(mid - w * 0.13, y0 + h * 0.24), (mid, y0), (mid + w * 0.13, y0 + h * 0.24)],
        fill=HIGHLIGHT,
    )
    draw.chord(
        (mid - w * 0.09, base - h * 0.32, mid + w * 0.09, base + h * 0.1), 180, 360, fill=background
    )
    draw.rectangle((mid - w * 0.09, base - h * 0.11, mid + w * 0.09, base), fill=background)


# i18n: a game's name, in its header
STYLE = Style(txc("disneyland", "Disneyland"), (92, 44, 128), castle)
LONG = 13  # squares 1..13 down the right, 20..32 up the left (corners included)
SHORT = 6  # squares 14..19 along the bottom, 33..38 along the top
LOOP_H = 910

View = DisneylandView

#: The squares that are no attraction: name (in capitals on its square), what it does
#: (the footer's legend) and fill.
SPECIAL: dict[str, tuple[Text, Text, Color]] = {
    # i18n: Disneyland's corner and card squares (written in capitals on the board) and
    # what each does, in the board's legend
    "start": (txc("disneyland", "Start"), txc("disneyland", "+100 passing"), (214, 240, 214)),
    "prison": (txc("disneyland", "Prison"), txc("disneyland", "a 5 or pay 100"), (226, 226, 232)),
    "bank": (txc("disneyland", "Bank"), txc("disneyland", "+100 landing"), (214, 240, 214)),
    "hotel": (txc("disneyland", "Hotel"), txc("disneyland", "miss a turn"), (230, 222, 246)),
    "surprise": (txc("disneyland", "Pluto"), txc("disneyland", "surprise card"), (255, 238, 204)),
    "chance": (txc("disneyland", "Mickey"), txc("disneyland", "chance card"), (255, 226, 226)),
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


@inks.cached(maxsize=8)
def _base_image(seats: int, lang: Lang) -> Image.Image:
    """The squares without owners or pawns: drawn once per table size and language,
    copied per board."""
    canvas = Frame.new(height(seats))
    for square, box in square_boxes(_loop_top(seats)).items():
        _draw_square(canvas.draw, square, box, lang)
    return canvas.picture


def _owner_band(draw: ImageDraw.ImageDraw, view: View, square: int, box: Box, lang: Lang) -> None:
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
    draw_text(draw, (x1 - 6, y1 - 13), lang.number(fee), SMALL, ink, True, "rm")


def _draw_square(draw: ImageDraw.ImageDraw, square: int, box: Box, lang: Lang) -> None:
    x0, y0, x1, _ = box
    kind = data.square_kind(square)
    if kind == "attraction":
        series = data.SERIES_OF[square]
        color = SERIES_COLORS[series.name]
        draw.rectangle(box, fill=PANEL, outline=LINE, width=2)
        draw.rectangle((x0 + 3, y0 + 3, x1 - 3, y0 + 24), fill=color)
        ink = text_color_on(color)
        short = lang.say(series.short)
        draw_text(draw, ((x0 + x1) / 2, y0 + 14), short, SMALL, ink, True, "mm", x1 - x0 - 8)
        draw_text(draw, (x0 + 6, y0 + 27), str(square), SMALL - 2, MUTED, True)
        return
    name, _, fill = SPECIAL[kind]
    draw.rectangle(box, fill=fill, outline=LINE, width=2)
    draw_text(draw, (x0 + 6, y0 + 4), str(square), SMALL - 2, MUTED, True)
    cx = (x0 + x1) / 2
    words = lang.say(name).upper()
    draw_text(draw, (cx, y0 + 28), words, DETAIL - 2, INK, True, "mm", x1 - x0 - 10)


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


def _draw_info(draw: ImageDraw.ImageDraw, view: View, box: Box, lang: Lang) -> None:
    """Last roll, what happens now, last card and a pending offer, inside the loop."""
    panel(draw, box)
    x0, y0, x1, y1 = box
    inner = x1 - x0 - 28
    roll = view.get("last_roll")
    draw_text(draw, (x0 + 14, y0 + 12), lang.say(tx("Last roll")), DETAIL, MUTED, True)
    end = _draw_dice(draw, view, (x0 + 14, y0 + 42))
    if roll:
        who = display_name(view, roll["seat"], 12)
        # i18n: who rolled the dice last, and their total
        words = lang.say(tx("{name}: {total}", name=who, total=sum(roll["dice"])))
        draw_text(draw, (end + 6, y0 + 69), words, BODY + 4, INK, True, "lm", x1 - end - 20)
    y = y0 + 116
    for line in wrap_within(str(view["phase"]).split(" · ")[-1], inner, BODY, 2, bold=True):
        draw_text(draw, (x0 + 14, y), line, BODY, bold=True, max_width=inner)
        y += 30
    y += 10
    offer = view.get("trade")
    if offer:
        y = _draw_offer(draw, view, offer, (x0 + 12, y, x1 - 12), lang)
    card = view.get("last_card")
    if card:
        _draw_card(draw, view, card, (x0 + 12, y, x1 - 12), lang)
    decks = view["decks"]
    squares = wrap_within(_squares_legend(lang), inner, SMALL, 3)
    for i, line in enumerate(squares):
        draw_text(draw, (x0 + 14, y1 - 46 - (len(squares) - i) * 20), line, SMALL, MUTED)
    footer = lang.say(
        txc(
            "disneyland",
            "{length} · decks: {chance} chance, {surprise} surprise",
            length=view["length_label"],
            chance=decks["chance"],
            surprise=decks["surprise"],
        )
    )
    for i, line in enumerate(wrap_within(footer, inner, SMALL, 2)):
        draw_text(draw, (x0 + 14, y1 - 40 + i * 20), line, SMALL, MUTED)


def _draw_card(
    draw: ImageDraw.ImageDraw,
    view: View,
    card: Mapping[str, Any],
    row: tuple[int, int, int],
    lang: Lang,
) -> int:
    """The last card drawn, on its deck's colour; returns the y below it."""
    x0, y, x1 = row
    kind = "chance" if card["deck"] == "chance" else "surprise"
    if kind == "chance":
        deck = txc("disneyland", "Mickey chance card")
    else:
        deck = txc("disneyland", "Pluto surprise card")
    lines = wrap_within(lang.say(card["text"]), x1 - x0 - 24, DETAIL, 4)
    height = 40 + 25 * len(lines)
    draw.rounded_rectangle((x0, y, x1, y + height), 8, fill=SPECIAL[kind][2], outline=LINE)
    title = f"{lang.say(deck)} · {display_name(view, card['seat'], 12)}"
    draw_text(draw, (x0 + 12, y + 8), title, SMALL, MUTED, bold=True, max_width=x1 - x0 - 24)
    for i, line in enumerate(lines):
        draw_text(draw, (x0 + 12, y + 34 + 25 * i), line, DETAIL)
    return y + height + 10


def _offer_words(
    view: View, offer: Mapping[str, Any], lang: Lang
) -> tuple[str, list[tuple[str, str]]]:
    """The offer box's title (who wrote the terms, for whom, a counter-offer or not) and
    each side's part in words: [(seat, "Alice gives Pluto 7 + 50 francs")]."""
    maker = str(offer["by"])
    answering = trade.other_side(dict(offer), maker)
    who, partner = display_name(view, maker, 14), display_name(view, answering, 14)
    countered = int(offer.get("counters", 0)) > 0
    if offer["status"] == "offer" and countered:
        title = txc(
            "disneyland", "Counter-offer from {maker} to {partner}", maker=who, partner=partner
        )
    elif offer["status"] == "offer":
        title = txc(
            "disneyland", "Exchange offer from {maker} to {partner}", maker=who, partner=partner
        )
    elif countered:
        title = txc("disneyland", "{maker}'s counter-offer so far (not sent yet)", maker=who)
    else:
        title = txc("disneyland", "{maker}'s exchange offer so far (not sent yet)", maker=who)
    gives, gets, pays = trade.sides(dict(offer), maker)

    def side(name: str, titles: list[int], cash: int) -> str:
        if not titles:
            return lang.say(txc("disneyland", "{name} gives no title yet", name=name))
        given = lang.list([lang.say(data.square_name(sq)) for sq in sorted(titles)])
        if cash <= 0:
            return lang.say(txc("disneyland", "{name} gives {titles}", name=name, titles=given))
        return lang.say(
            txc(
                "disneyland",
                "{name} gives {titles} + {cash} francs",
                name=name,
                titles=given,
                cash=cash,
            )
        )

    return lang.say(title), [
        (maker, side(who, gives, pays)),
        (answering, side(partner, gets, -pays)),
    ]


def _draw_offer(
    draw: ImageDraw.ImageDraw,
    view: View,
    offer: Mapping[str, Any],
    row: tuple[int, int, int],
    lang: Lang,
) -> int:
    """A pending or half-written exchange: who wrote it for whom, and what each side gives
    in words (titles by name, the money balance in francs); returns the y below it."""
    x0, y, x1 = row
    room = x1 - x0 - 24
    title, parts = _offer_words(view, offer, lang)
    heading = wrap_within(title, room, DETAIL, 2, bold=True)
    sides = [(seat, wrap_within(words, room - 26, DETAIL, 2)) for seat, words in parts]
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


def _round_text(view: View, lang: Lang) -> str:
    """The header's small line: the round, and the agreed length when there is one."""
    if view["over"]:
        return lang.say(txc("disneyland", "Game over: {reason}", reason=view["reason"]))
    limit = view["rounds_limit"]
    if limit:
        return lang.say(
            txc("disneyland", "Round {round} of {limit}", round=view["round"], limit=limit)
        )
    return lang.say(txc("disneyland", "Round {round}", round=view["round"]))


#: Where a seat is when it is on no numbered square (the standings' "square" column).
AWAY: dict[str, Text] = {
    # i18n: where a Disneyland player is, in the standings' "square" column
    "out": txc("disneyland", "out"),
    "prison": txc("disneyland", "Prison"),
    "hotel": txc("disneyland", "Hotel"),
}


def _away(view: View, seat: str) -> str | None:
    """ "out", "prison" or "hotel" when the seat is there (rather than on its square)."""
    if seat in view["eliminated"]:
        return "out"
    if seat in view["prison"]:
        return "prison"
    if seat in view["hotel"]:
        return "hotel"
    return None


def _status(view: View, seat: str, lang: Lang) -> str:
    away = _away(view, seat)
    return lang.say(AWAY[away]) if away else str(view["positions"][seat])


@inks.using("disneyland")
def draw_board(view: DisneylandView, *, lang: Lang) -> Frame:
    """The board in the shared frame, with its key texts marked."""
    view = with_names(view, lang)
    seats = list(view["seats"])
    image = _base_image(len(seats), lang).copy()
    canvas = Frame(image, shapes.Draw(image))
    draw = canvas.draw
    y = shared.header(canvas, STYLE, lang, _round_text(view, lang))
    y = shared.turn(canvas, view, y + 8, lang)
    y = shared.news(canvas, view, y, lang)
    extras: list[tuple[str, Mapping[str, Any]]] = [
        # i18n: the standings' columns on the Disneyland board: where each player is, their
        # cash, how many rental titles they hold
        (txc("disneyland", "square"), {s: _status(view, s, lang) for s in seats}),
        (txc("disneyland", "cash"), view["money"]),
        (txc("disneyland", "titles"), {s: len(view["titles"][s]) for s in seats}),
    ]
    top = shared.standings(canvas, view, y, lang, extras) + 12
    boxes = square_boxes(top)
    for square in view["owners"]:
        _owner_band(draw, view, int(square), boxes[int(square)], lang)
    moved = view.get("moved")
    if moved is not None and moved in view["positions"]:
        draw.rectangle(boxes[int(view["positions"][moved])], outline=HIGHLIGHT, width=5)
    _draw_pawns(draw, view)
    _draw_info(draw, view, _inner_box(top), lang)
    shared.footer(canvas, _legend(lang))
    return canvas


def _legend(lang: Lang) -> str:
    """The footer: how to read the loop."""
    how = txc(
        "disneyland", "Clockwise from Start (top right). Owned: owner's token, label, fee now."
    )
    return lang.say(how)


def _squares_legend(lang: Lang) -> str:
    """What each square that is no attraction does (inside the loop, above the decks)."""
    return " · ".join(
        # i18n: a Disneyland square and what it does ("Bank: +100 landing")
        lang.say(txc("disneyland", "{square}: {does}", square=name, does=note))
        for name, note, _ in SPECIAL.values()
    )


@inks.using("disneyland-hand")
def draw_hand(view: DisneylandView, *, lang: Lang) -> Frame:
    """A seat's private view: cash, total, and every series with the titles held and fees."""
    view = with_names(view, lang)
    seat = str(view["viewer"])
    row_h = 72
    canvas = Frame.new(shared.HEADER_H + 8 + shared.TURN_H + 56 + 50 + 40 + 10 * (row_h + 8) + 16)
    y = shared.header(canvas, STYLE, lang, lang.say(txc("disneyland", "Your titles")))
    y = shared.turn(canvas, view, y + 8, lang, seat)
    y = shared.you_line(canvas, view, seat, y, lang, _ballot_words(view, lang))
    canvas.text(
        "facts",
        (MARGIN, y + 18),
        _facts(view, seat, lang),
        BODY,
        INK,
        True,
        "lm",
        WIDTH - 2 * MARGIN,
    )
    y = shared.section(canvas, lang.say(txc("disneyland", "Your titles by series")), y + 50)
    held = set(view["titles"][seat])
    for i, series in enumerate(data.SERIES):
        top = y + i * (row_h + 8)
        box = (MARGIN, top, WIDTH - MARGIN, top + row_h)
        _series_row(canvas.draw, view, series, held, box, lang)
    return canvas


def _facts(view: View, seat: str, lang: Lang) -> str:
    """The seat's cash, what it is worth with its titles, and where its pawn is."""
    away = _away(view, seat)
    if away == "out":
        where = txc("disneyland", "eliminated")
    elif away == "prison":
        where = txc("disneyland", "in Prison")
    elif away == "hotel":
        where = txc("disneyland", "in the Hotel")
    else:
        square = int(view["positions"][seat])
        kind = data.square_kind(square)
        name = data.square_name(square) if kind == "attraction" else SPECIAL[kind][0]
        where = txc("disneyland", "on {square}", square=name)
    return lang.say(
        txc(
            "disneyland",
            "Cash {cash} · worth {total} francs with titles · {where}",
            cash=view["money"][seat],
            total=view["scores"][seat],
            where=where,
        )
    )


#: A voter's own answer to an open vote on the length, as the private view shows it.
BALLOT_WORDS: dict[str | None, Text] = {
    None: txc("disneyland", "you have not answered the vote yet"),
    "yes": txc("disneyland", "your answer: for"),
    "no": txc("disneyland", "your answer: against"),
    "follow": txc("disneyland", "your answer: with the majority"),
}


def _ballot_words(view: View, lang: Lang) -> str:
    """The seat's own answer while a vote on the length is open (only its own view has
    ``ballot``), else nothing."""
    return lang.say(BALLOT_WORDS[view["ballot"]]) if "ballot" in view else ""


def _series_row(
    draw: ImageDraw.ImageDraw,
    view: View,
    series: data.Series,
    held: set[int],
    box: Box,
    lang: Lang,
) -> None:
    x0, y0, x1, y1 = box
    color = SERIES_COLORS[series.name]
    mine = [sq for sq in series.squares if sq in held]
    panel(draw, box, outline=color if mine else LINE, width=3 if mine else 2)
    draw.rounded_rectangle((x0 + 6, y0 + 6, x0 + 200, y1 - 6), 8, fill=color)
    ink = text_color_on(color)
    draw_text(draw, (x0 + 103, y0 + 24), lang.say(series.name), DETAIL, ink, True, "mm", 180)
    if mine:
        charge = txc("disneyland", "you charge {fee}", fee=data.FEES[len(mine) - 1])
    else:
        charge = txc("disneyland", "none yours")
    note = lang.say(charge)
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
            # i18n: a rental title nobody holds yet
            words = lang.say(txc("disneyland", "free"))
        elif square in held:
            # i18n: a rental title the reader holds
            words = lang.say(txc("disneyland", "yours"))
        else:
            fee = lang.number(view["fees"][str(square)])
            words = f"{display_name(view, owner, 8)} {fee}"
        draw_text(draw, (mid, y1 - 20), words, SMALL, MUTED, anchor="mm", max_width=cell_w - 14)


#: The game as the renders know it, one entry of the registry (``renders.games``).
RENDERER = Renderer(slug="disneyland", style=STYLE, draw_board=draw_board, draw_hand=draw_hand)
#: The public board and a seat's private picture, as PNG bytes.
board = RENDERER.board
hand = RENDERER.hand
