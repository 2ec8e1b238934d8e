"""Trool Park images: the central board with every park, and a player's private view.

``board`` (public view) shows the seven central spaces with their Attractions, effects
and bonuses; the three Category counters as bars with every player's initial; the Fun
Slide; the Weather piles and Booth reserve; the announced inspection and the last
move's events; and one panel per park. While players choose it shows only who has
chosen. ``hand`` shows one seat's secret choice, its park and what it may do now.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from engine.text import txc, txcn
from engine.troolpark.views import TroolparkView
from i18n import Lang
from renders import frame as shared
from renders import inks
from renders.emblems import WHITE
from renders.frame import Frame, Style
from renders.kit import Renderer
from renders.theme import (
    DETAIL,
    GROUND_COLORS,
    GROUND_ICONS,
    HIGHLIGHT,
    INK,
    MARGIN,
    MUTED,
    PANEL,
    SMALL,
    WIDTH,
    Box,
    display_name,
    draw_text,
    icon_chip,
    panel,
    seat_color,
    seat_token,
    text_width,
    with_names,
    wrap_within,
)
from renders.troolpark_parts import (
    CATEGORIES,
    CATEGORY_NAMES,
    GROUND_NAMES,
    WEATHER_GROUND,
    WEATHER_NAMES,
    Draw,
    card_name,
    just_placed,
    park_panel,
    space_card,
)


def slide(draw: ImageDraw.ImageDraw, box: Box, background: tuple[int, int, int]) -> None:
    """Trool Park: the Fun Slide, a ladder and a chute curving down."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    top = (x0 + w * 0.3, y0 + h * 0.12)
    draw.line((x0 + w * 0.14, y1 - 2, top[0] - 2, top[1]), fill=WHITE, width=3)
    draw.line((x0 + w * 0.32, y1 - 2, top[0] + w * 0.1, top[1]), fill=WHITE, width=3)
    for i in range(1, 5):
        t = i / 5
        ya = y1 - 2 - (y1 - 2 - top[1]) * t
        xa = x0 + w * 0.14 + (top[0] - 2 - x0 - w * 0.14) * t
        xb = x0 + w * 0.32 + (top[0] + w * 0.1 - x0 - w * 0.32) * t
        draw.line((xa, ya, xb, ya), fill=WHITE, width=2)
    chute = [
        (top[0] + w * 0.1, top[1]),
        (x0 + w * 0.55, y0 + h * 0.3),
        (x0 + w * 0.72, y0 + h * 0.7),
        (x1 - 2, y1 - 6),
    ]
    draw.line(chute, fill=HIGHLIGHT, width=6, joint="curve")
    draw.ellipse((x1 - 12, y1 - 14, x1 - 2, y1 - 4), fill=WHITE)


# i18n: a game's name, in its header
STYLE = Style(txc("troolpark", "Trool Park"), (0, 104, 120), slide)
ORDINALS = shared.ORDINALS
CENTRAL_H = 230
ROW_H = 24  # a counter row
MIDDLE_H = 190  # slide, weather, inspection
PARK_H = 206

View = TroolparkView


def _central(image: Image.Image, view: View, box: Box, lang: Lang) -> None:
    x0, y0, x1, y1 = box
    revealed = view.get("revealed", {}) if view.get("decision") else {}
    width = (x1 - x0 - 6 * 6) // 7
    for i, space in enumerate(view["spaces"]):
        left = x0 + i * (width + 6)
        choosers = [s for s, letter in revealed.items() if letter == space["letter"]]
        space_card(image, view, space, (left, y0, left + width, y1), choosers, lang)


def _counters(draw: Draw, view: View, box: Box, lang: Lang) -> None:
    x0, y0, x1, _ = box
    panel(draw, box)
    col_w = (x1 - x0 - 20) // 3
    seats = list(view["seats"])
    top = max(
        [int(view.get("counter_length", 30))]
        + [view["points"][s][c] for s in seats for c in CATEGORIES]
    )
    for i, category in enumerate(CATEGORIES):
        cx = x0 + 10 + i * col_w
        name = lang.say(CATEGORY_NAMES[category])
        draw_text(draw, (cx + 4, y0 + 8), name, DETAIL, INK, True, max_width=col_w - 8)
        order = sorted(seats, key=lambda s: -view["points"][s][category])
        for j, seat in enumerate(order):
            cy = y0 + 46 + j * ROW_H
            points = view["points"][seat][category]
            bar_w = col_w - 76
            draw.rounded_rectangle(
                (cx + 26, cy - 7, cx + 26 + bar_w, cy + 7), 6, fill=(236, 232, 224)
            )
            fill_w = max(0, round(bar_w * points / top))
            if fill_w:
                color = seat_color(view, seat)
                draw.rounded_rectangle((cx + 26, cy - 7, cx + 26 + fill_w, cy + 7), 6, fill=color)
            seat_token(draw, view, seat, (cx + 12, cy), 10)
            draw_text(draw, (cx + col_w - 12, cy), lang.number(points), DETAIL, INK, True, "rm")


def _slide(draw: Draw, view: View, box: Box, lang: Lang) -> None:
    x0, y0, x1, _ = box
    room = x1 - x0 - 20
    panel(draw, box)
    title = lang.say(txc("troolpark", "Fun Slide"))
    draw_text(draw, (x0 + 12, y0 + 8), title, DETAIL, INK, True, max_width=room)
    # i18n: the top of the Fun Slide (its last place)
    draw_text(draw, (x0 + 12, y0 + 34), lang.say(txc("troolpark", "top")), SMALL - 2, MUTED)
    order = list(view["slide"])
    for i, seat in enumerate(reversed(order)):
        cy = y0 + 64 + i * 28
        seat_token(draw, view, seat, (x0 + 24, cy), 11)
        draw_text(draw, (x0 + 42, cy), display_name(view, seat, 10), SMALL, INK, anchor="lm")
    note_y = y0 + 64 + len(order) * 28 - 12
    # i18n: the bottom of the Fun Slide: the player there plays first and wins ties
    note = lang.say(txc("troolpark", "bottom: first, wins ties"))
    draw_text(draw, (x0 + 12, note_y), note, SMALL - 2, MUTED, max_width=room, min_size=10)


def _weather(draw: Draw, view: View, box: Box, lang: Lang) -> None:
    x0, y0, x1, y1 = box
    room = x1 - x0 - 20
    panel(draw, box)
    weather = view["weather"]
    title = lang.say(txc("troolpark", "Weather"))
    draw_text(draw, (x0 + 12, y0 + 8), title, DETAIL, INK, True, max_width=room)
    pile = lang.say(txc("troolpark", "{count} face down; out:", count=weather["pile"]))
    draw_text(draw, (x0 + 12, y0 + 36), pile, SMALL - 1, INK, max_width=room, min_size=10)
    for i, kind in enumerate(weather["discard"][-3:]):
        cy = y0 + 72 + i * 26
        lit = kind == weather["drawn"] and i == len(weather["discard"][-3:]) - 1
        ground = WEATHER_GROUND[kind]
        chip_box = (x0 + 12, cy - 11, x0 + 36, cy + 11)
        draw.rounded_rectangle(
            chip_box,
            5,
            fill=GROUND_COLORS[ground],
            outline=HIGHLIGHT if lit else INK,
            width=3 if lit else 1,
        )
        draw_text(draw, (x0 + 24, cy), GROUND_ICONS[ground], SMALL - 3, INK, True, "mm")
        words = lang.say(WEATHER_NAMES[kind])
        if lit:
            # i18n: the Weather card drawn this round
            words = lang.say(txc("troolpark", "{weather} (now)", weather=words))
        draw_text(draw, (x0 + 44, cy), words, SMALL - 1, INK, lit, "lm", x1 - x0 - 52, 10)
    reserve = view["booth_reserve"]
    left = lang.say(txc("troolpark", "Booths left"))
    draw_text(draw, (x0 + 12, y1 - 50), left, SMALL - 1, INK, True, max_width=room)
    words = " ".join(f"{GROUND_ICONS[g]}{lang.number(n)}" for g, n in reserve.items())
    draw_text(draw, (x0 + 12, y1 - 28), words, SMALL, INK, max_width=room)


def _inspection_row(
    draw: Draw, card: Mapping[str, Any], origin: tuple[int, int], width: int, lang: Lang
) -> None:
    """One Inspection card: Category, Visitors by rank, and its extra reward."""
    x, y = origin
    ranks = " · ".join(
        f"{lang.say(ORDINALS[k])} {lang.number(v)}" for k, v in enumerate(card["visitors"])
    )
    points = "/".join(lang.number(p) for p in card["points"])
    if points:
        # i18n: an Inspection card's rewards: visitors by rank, then points by rank
        words = txc("troolpark", "visitors {ranks}; pts {points}", ranks=ranks, points=points)
    elif card["category"] == "laughs":
        # i18n: a Laughs Inspection card's rewards: visitors by rank, and Booths for the 1st
        words = txc("troolpark", "visitors {ranks}; +Booths", ranks=ranks)
    else:
        words = txc("troolpark", "visitors {ranks}", ranks=ranks)
    category = lang.say(CATEGORY_NAMES[card["category"]])
    draw_text(draw, (x, y), category, SMALL, INK, True, max_width=width)
    draw_text(draw, (x, y + 20), lang.say(words), SMALL - 2, INK, max_width=width)


def _inspection(draw: Draw, view: View, box: Box, lang: Lang) -> None:
    x0, y0, x1, y1 = box
    panel(draw, box)
    width = x1 - x0 - 24
    current = view.get("inspection")
    y = y0 + 44
    if current:
        title = lang.say(txc("troolpark", "Inspection now"))
        draw_text(draw, (x0 + 12, y0 + 8), title, DETAIL, INK, True, max_width=width)
        _inspection_row(draw, current["card"], (x0 + 12, y - 8), width, lang)
        for i, seat in enumerate(current["ranking"]):
            cx = x0 + 24 + i * 78
            seat_token(draw, view, seat, (cx, y + 44), 11)
            draw_text(draw, (cx + 16, y + 44), lang.say(ORDINALS[i]), SMALL, INK, True, "lm")
        y += 66
        decision = view["decision"] or {}
        if decision.get("offered"):
            _offered_booths(draw, view, decision, (x0 + 12, y + 6), width, lang)
            y += 34
    else:
        title = lang.say(txc("troolpark", "Next inspection"))
        draw_text(draw, (x0 + 12, y0 + 8), title, DETAIL, INK, True, max_width=width)
    for card in view["announced"][:2]:
        if y + 40 > y1 - 24:
            break
        _inspection_row(draw, card, (x0 + 12, y - 8), width, lang)
        y += 44
    if not current and not view["announced"]:
        if view["round"] == 1:
            none = txc("troolpark", "none in round 1")
        else:
            none = txc("troolpark", "all held: game over")
        draw_text(draw, (x0 + 12, y), lang.say(none), SMALL, MUTED, max_width=width)
    ledger = view["ledger"]
    if ledger:
        piles = ", ".join(f"{lang.number(n)}× {g}" for g, n in ledger.items())
        # i18n: how many Inspection cards lie face down for which rounds ("2× 5/6/7, 3× 8")
        left = lang.say(txc("troolpark", "Face down, by rounds: {piles}", piles=piles))
        draw_text(draw, (x0 + 12, y1 - 24), left, SMALL - 2, MUTED, max_width=width, min_size=10)


def _offered_booths(
    draw: Draw,
    view: View,
    decision: Mapping[str, Any],
    origin: tuple[int, int],
    width: int,
    lang: Lang,
) -> None:
    """The Booth a Laughs inspection now lets a seat take: the seat picking now (not the
    1st once the 1st has picked), the types open to it, each as an icon chip and a name
    (so it reads without colour)."""
    x, y = origin
    alternative = lang.say(txc("troolpark", "or"))
    names = [lang.say(GROUND_NAMES[ground]) for ground in decision["offered"]]
    choices = sum(36 + text_width(name, SMALL, True) for name in names)
    choices += (len(names) - 1) * (text_width(alternative, SMALL) + 8)
    picking = display_name(view, decision["seat"], 10)
    words = lang.say(txc("troolpark", "{name} picks a Booth:", name=picking))
    box = draw_text(draw, (x, y), words, SMALL, INK, True, "lm", width - choices - 10, 10)
    x = (box[2] if box else x) + 10
    for i, (ground, name) in enumerate(zip(decision["offered"], names, strict=True)):
        if i:
            draw_text(draw, (x, y), alternative, SMALL, MUTED, False, "lm")
            x += text_width(alternative, SMALL) + 8
        icon_chip(draw, (x, y - 11, x + 22, y + 11), GROUND_COLORS[ground], GROUND_ICONS[ground])
        draw_text(draw, (x + 28, y), name, SMALL, INK, True, "lm")
        x += 36 + text_width(name, SMALL, True)


def _body_top(seats: int) -> int:
    return shared.HEADER_H + 8 + shared.TURN_H + shared.NEWS_H + shared.standings_height(seats) + 12


def _counters_h(seats: int) -> int:
    return 46 + seats * ROW_H


def height(seats: int) -> int:
    """The image height for a table of ``seats``: fixed, so replay frames line up."""
    rows = (seats + 1) // 2
    lower = CENTRAL_H + 10 + _counters_h(seats) + 10 + MIDDLE_H + 10 + rows * (PARK_H + 10)
    return _body_top(seats) + lower + 40


@inks.using("troolpark")
def draw_board(view: TroolparkView, *, lang: Lang) -> Frame:
    """The central board, counters, slide, weather, inspection and parks in the frame."""
    lit = {seat: just_placed(view, seat) for seat in view["seats"]}
    view = with_names(view, lang)
    seats = list(view["seats"])
    canvas = Frame.new(height(len(seats)))
    draw = canvas.draw
    if view["over"]:
        note = lang.say(txc("troolpark", "Game over"))
    else:
        round_of = txc(
            "troolpark", "Round {round} of {rounds}", round=view["round"], rounds=view["rounds"]
        )
        note = lang.say(round_of)
    y = shared.header(canvas, STYLE, lang, note)
    y = shared.turn(canvas, view, y + 8, lang)
    y = shared.news(canvas, view, y, lang)
    y = shared.standings(canvas, view, y, lang, _extras(view)) + 12
    left, right = MARGIN, WIDTH - MARGIN
    _central(canvas.picture, view, (left, y, right, y + CENTRAL_H), lang)
    y += CENTRAL_H + 10
    _counters(draw, view, (left, y, right, y + _counters_h(len(seats))), lang)
    y += _counters_h(len(seats)) + 10
    _slide(draw, view, (left, y, left + 180, y + MIDDLE_H), lang)
    _weather(draw, view, (left + 190, y, left + 380, y + MIDDLE_H), lang)
    _inspection(draw, view, (left + 390, y, right, y + MIDDLE_H), lang)
    y += MIDDLE_H + 10
    half = (right - left - 10) // 2
    for i, seat in enumerate(seats):
        x = left + (i % 2) * (half + 10)
        top = y + (i // 2) * (PARK_H + 10)
        box = (x, top, x + half, top + PARK_H)
        park_panel(canvas.picture, draw, view, seat, box, lit[seat], lang)
    shared.footer(canvas, _legend(lang))
    return canvas


def _legend(lang: Lang) -> str:
    grounds = "  ".join(
        f"{GROUND_ICONS[g]} {lang.say(GROUND_NAMES[g])} ({lang.say(WEATHER_NAMES[w])})"
        for w, g in WEATHER_GROUND.items()
    )
    marks = txc("troolpark", "+B brings a Booth · yellow frame = placed by the last move")
    return f"{grounds} · {lang.say(marks)}"


def _extras(view: View) -> list[tuple[str, Mapping[str, Any]]]:
    """The standings' columns: each Category's track, headed as a track, since beside
    the Visitors its numbers would read as parts of them, and they are not."""
    return [
        (
            # i18n: a standings column on the Trool Park board: a player's place on a
            # Category's track ("Laughs track"), not Visitors
            txc("troolpark", "{category} track", category=CATEGORY_NAMES[c]),
            {s: view["points"][s][c] for s in view["seats"]},
        )
        for c in CATEGORIES
    ]


@inks.using("troolpark-hand")
def draw_hand(view: TroolparkView, *, lang: Lang) -> Frame:
    """One seat's private view: its secret choice, what it may do now, and its park."""
    seat = str(view.get("viewer") or "")
    lit = just_placed(view, seat) if seat in view.get("seats", []) else set()
    view = with_names(view, lang)
    canvas = Frame.new(shared.HEADER_H + 8 + shared.TURN_H + 56 + 300 + 12 + 250 + 20)
    draw = canvas.draw
    y = shared.header(canvas, STYLE, lang, lang.say(txc("troolpark", "Your view")))
    y = shared.turn(canvas, view, y + 8, lang, seat)
    if seat in view.get("seats", []):
        y = shared.you_line(canvas, view, seat, y, lang)
    choice = view.get("choice")
    panel(draw, (MARGIN, y, MARGIN + 250, y + 300), fill=PANEL)
    title = lang.say(txc("troolpark", "Your secret choice"))
    draw_text(draw, (MARGIN + 14, y + 10), title, DETAIL, INK, True, max_width=222)
    if choice:
        space = next(s for s in view["spaces"] if s["letter"] == choice)
        box = (MARGIN + 14, y + 44, MARGIN + 124, y + 280)
        space_card(canvas.picture, view, space, box, [], lang)
        secret = lang.say(
            txc("troolpark", "Only you see this. Change it until everyone has chosen.")
        )
        for i, line in enumerate(wrap_within(secret, 112, SMALL, 10)):
            draw_text(draw, (MARGIN + 132, y + 60 + 22 * i), line, SMALL, MUTED)
    else:
        waiting = seat in view.get("waiting_for", [])
        if waiting:
            note = txc("troolpark", "Choose a letter now.")
        else:
            note = txc("troolpark", "No secret choice now.")
        draw_text(draw, (MARGIN + 14, y + 56), lang.say(note), DETAIL, MUTED, max_width=222)
    _moves(draw, view, (MARGIN + 262, y, WIDTH - MARGIN, y + 300), lang)
    y += 312
    if seat in view.get("seats", []):
        box = (MARGIN, y, WIDTH - MARGIN, y + 250)
        park_panel(canvas.picture, draw, view, seat, box, lit, lang, 26)
    return canvas


def _moves(draw: Draw, view: View, box: Box, lang: Lang) -> None:
    x0, y0, x1, y1 = box
    room = x1 - x0 - 28
    panel(draw, box)
    decision: Mapping[str, Any] = view.get("decision") or {}
    title = lang.say(txc("troolpark", "What you may do now"))
    draw_text(draw, (x0 + 14, y0 + 10), title, DETAIL, INK, True, max_width=room)
    moves = list(view.get("moves", []))
    y = y0 + 44
    mine = decision.get("seat") == view.get("viewer")
    if mine and decision.get("card"):
        card = decision["card"]
        ground = lang.say(GROUND_NAMES[card["ground"]])
        place = txc(
            "troolpark", "To place: {card} ({ground})", card=card_name(card, lang), ground=ground
        )
        draw_text(draw, (x0 + 14, y), lang.say(place), DETAIL, INK, True, max_width=room)
        y += 30
    if mine and decision.get("rank"):
        category = lang.say(CATEGORY_NAMES[view["inspection"]["card"]["category"]])
        # i18n: a Laughs inspection's Booth, to the seat picking now ("You were 2nd in Laughs")
        ranked = txc(
            "troolpark",
            "You were {place} in {category}: take a Booth",
            place=ORDINALS[decision["rank"] - 1],
            category=category,
        )
        draw_text(draw, (x0 + 14, y), lang.say(ranked), DETAIL, INK, True, max_width=room)
        y += 30
    if not moves:
        wait = lang.say(txc("troolpark", "Nothing: wait for the others."))
        draw_text(draw, (x0 + 14, y), wait, DETAIL, MUTED, max_width=room)
    most = (y1 - y - 30) // 28
    for i, move in enumerate(moves[:most]):
        words = "• " + lang.say(move["label"])
        draw_text(draw, (x0 + 14, y + 28 * i), words, DETAIL, INK, max_width=room)
    if len(moves) > most:
        more = len(moves) - most
        words = lang.say(txcn("troolpark", "… and {count} more", "… and {count} more", more))
        draw_text(draw, (x0 + 14, y1 - 28), words, SMALL, MUTED)


#: The game as the renders know it, one entry of the registry (``renders.games``).
RENDERER = Renderer(slug="troolpark", style=STYLE, draw_board=draw_board, draw_hand=draw_hand)
#: The public board and a seat's private picture, as PNG bytes.
board = RENDERER.board
hand = RENDERER.hand
