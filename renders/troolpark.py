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

from PIL import Image

from renders import frame as shared
from renders.emblems import slide
from renders.frame import Frame, Style
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
)
from renders.troolpark_parts import (
    CATEGORIES,
    WEATHER_GROUND,
    Draw,
    just_placed,
    park_panel,
    space_card,
)

STYLE = Style("Trool Park", (0, 104, 120), slide)
ORDINALS = ("1st", "2nd", "3rd", "4th")
CENTRAL_H = 230
ROW_H = 24  # a counter row
MIDDLE_H = 190  # slide, weather, inspection
PARK_H = 206

View = Mapping[str, Any]


def _central(image: Image.Image, view: View, box: Box) -> None:
    x0, y0, x1, y1 = box
    revealed = view.get("revealed", {}) if view.get("decision") else {}
    width = (x1 - x0 - 6 * 6) // 7
    for i, space in enumerate(view["spaces"]):
        left = x0 + i * (width + 6)
        choosers = [s for s, letter in revealed.items() if letter == space["letter"]]
        space_card(image, view, space, (left, y0, left + width, y1), choosers)


def _counters(draw: Draw, view: View, box: Box) -> None:
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
        draw_text(draw, (cx + 4, y0 + 8), category.capitalize(), DETAIL, INK, True)
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
            draw_text(draw, (cx + col_w - 12, cy), str(points), DETAIL, INK, True, "rm")


def _slide(draw: Draw, view: View, box: Box) -> None:
    x0, y0, _, _ = box
    panel(draw, box)
    draw_text(draw, (x0 + 12, y0 + 8), "Fun Slide", DETAIL, INK, True)
    draw_text(draw, (x0 + 12, y0 + 34), "top", SMALL - 2, MUTED)
    order = list(view["slide"])
    for i, seat in enumerate(reversed(order)):
        cy = y0 + 64 + i * 28
        seat_token(draw, view, seat, (x0 + 24, cy), 11)
        draw_text(draw, (x0 + 42, cy), display_name(view, seat, 10), SMALL, INK, anchor="lm")
    note_y = y0 + 64 + len(order) * 28 - 12
    draw_text(draw, (x0 + 12, note_y), "bottom: first, wins ties", SMALL - 2, MUTED)


def _weather(draw: Draw, view: View, box: Box) -> None:
    x0, y0, x1, y1 = box
    panel(draw, box)
    weather = view["weather"]
    draw_text(draw, (x0 + 12, y0 + 8), "Weather", DETAIL, INK, True)
    draw_text(draw, (x0 + 12, y0 + 36), f"{weather['pile']} face down; out:", SMALL - 1, INK)
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
        words = kind.capitalize() + (" (now)" if lit else "")
        draw_text(draw, (x0 + 44, cy), words, SMALL - 1, INK, lit, "lm")
    reserve = view["booth_reserve"]
    draw_text(draw, (x0 + 12, y1 - 50), "Booths left", SMALL - 1, INK, True)
    words = " ".join(f"{GROUND_ICONS[g]}{n}" for g, n in reserve.items())
    draw_text(draw, (x0 + 12, y1 - 28), words, SMALL, INK, max_width=x1 - x0 - 20)


def _inspection_row(
    draw: Draw, card: Mapping[str, Any], origin: tuple[int, int], width: int
) -> None:
    """One Inspection card: Category, Visitors by rank, and its extra reward."""
    x, y = origin
    rows = " · ".join(f"{ORDINALS[k]} {v}" for k, v in enumerate(card["visitors"]))
    points = "/".join(str(p) for p in card["points"])
    extra = f"; pts {points}" if points else ("; +Booths" if card["category"] == "laughs" else "")
    draw_text(draw, (x, y), card["category"].capitalize(), SMALL, INK, True)
    draw_text(draw, (x, y + 20), "visitors " + rows + extra, SMALL - 2, INK, max_width=width)


def _inspection(draw: Draw, view: View, box: Box) -> None:
    x0, y0, x1, y1 = box
    panel(draw, box)
    width = x1 - x0 - 24
    current = view.get("inspection")
    y = y0 + 44
    if current:
        draw_text(draw, (x0 + 12, y0 + 8), "Inspection now", DETAIL, INK, True)
        _inspection_row(draw, current["card"], (x0 + 12, y - 8), width)
        for i, seat in enumerate(current["ranking"]):
            cx = x0 + 24 + i * 78
            seat_token(draw, view, seat, (cx, y + 44), 11)
            draw_text(draw, (cx + 16, y + 44), ORDINALS[i], SMALL, INK, True, "lm")
        y += 66
        if current.get("offered"):
            _offered_booths(draw, view, current, (x0 + 12, y + 6), width)
            y += 34
    else:
        draw_text(draw, (x0 + 12, y0 + 8), "Next inspection", DETAIL, INK, True)
    for card in view["announced"][:2]:
        if y + 40 > y1 - 24:
            break
        _inspection_row(draw, card, (x0 + 12, y - 8), width)
        y += 44
    if not current and not view["announced"]:
        draw_text(
            draw,
            (x0 + 12, y),
            "none in round 1" if view["round"] == 1 else "all held: game over",
            SMALL,
            MUTED,
        )
    ledger = view["ledger"]
    if ledger:
        left = ", ".join(f"{n}× rounds {g}" for g, n in ledger.items())
        draw_text(draw, (x0 + 12, y1 - 24), "Face down: " + left, SMALL - 2, MUTED, max_width=width)


def _offered_booths(
    draw: Draw, view: View, current: Mapping[str, Any], origin: tuple[int, int], width: int
) -> None:
    """A Laughs inspection's two Booths offered to the 1st: who picks, and each type's
    icon chip and name (so it reads without colour)."""
    x, y = origin
    first = display_name(view, current["ranking"][0], 10)
    words = f"{first} picks a Booth:"
    draw_text(draw, (x, y), words, SMALL, INK, True, "lm", width // 2)
    x += min(width // 2, text_width(words, SMALL, True)) + 10
    for i, ground in enumerate(current["offered"]):
        if i:
            draw_text(draw, (x, y), "or", SMALL, MUTED, False, "lm")
            x += text_width("or", SMALL) + 8
        icon_chip(draw, (x, y - 11, x + 22, y + 11), GROUND_COLORS[ground], GROUND_ICONS[ground])
        name = ground.capitalize()
        draw_text(draw, (x + 28, y), name, SMALL, INK, True, "lm")
        x += 28 + text_width(name, SMALL, True) + 8


def _body_top(seats: int) -> int:
    return shared.HEADER_H + 8 + shared.TURN_H + shared.NEWS_H + shared.standings_height(seats) + 12


def _counters_h(seats: int) -> int:
    return 46 + seats * ROW_H


def height(seats: int) -> int:
    """The image height for a table of ``seats``: fixed, so replay frames line up."""
    rows = (seats + 1) // 2
    lower = CENTRAL_H + 10 + _counters_h(seats) + 10 + MIDDLE_H + 10 + rows * (PARK_H + 10)
    return _body_top(seats) + lower + 40


def draw_board(view: dict[str, Any]) -> Frame:
    """The central board, counters, slide, weather, inspection and parks in the frame."""
    lit = {seat: just_placed(view, seat) for seat in view["seats"]}
    view = with_names(view)
    seats = list(view["seats"])
    canvas = Frame.new(height(len(seats)))
    draw = canvas.draw
    note = "Game over" if view["over"] else f"Round {view['round']} of {view['rounds']}"
    y = shared.header(canvas, STYLE, note)
    y = shared.turn(canvas, view, y + 8)
    y = shared.news(canvas, view, y)
    y = shared.standings(canvas, view, y, _extras(view)) + 12
    left, right = MARGIN, WIDTH - MARGIN
    _central(canvas.image, view, (left, y, right, y + CENTRAL_H))
    y += CENTRAL_H + 10
    _counters(draw, view, (left, y, right, y + _counters_h(len(seats))))
    y += _counters_h(len(seats)) + 10
    _slide(draw, view, (left, y, left + 180, y + MIDDLE_H))
    _weather(draw, view, (left + 190, y, left + 380, y + MIDDLE_H))
    _inspection(draw, view, (left + 390, y, right, y + MIDDLE_H))
    y += MIDDLE_H + 10
    half = (right - left - 10) // 2
    for i, seat in enumerate(seats):
        x = left + (i % 2) * (half + 10)
        top = y + (i // 2) * (PARK_H + 10)
        park_panel(canvas.image, draw, view, seat, (x, top, x + half, top + PARK_H), lit[seat])
    shared.footer(canvas, _legend())
    return canvas


def _legend() -> str:
    grounds = "  ".join(
        f"{GROUND_ICONS[g]} {g.capitalize()} ({w.capitalize()})" for w, g in WEATHER_GROUND.items()
    )
    return f"{grounds} · +B brings a Booth · yellow frame = placed by the last move"


def _extras(view: View) -> list[tuple[str, Mapping[str, Any]]]:
    return [(c.capitalize(), {s: view["points"][s][c] for s in view["seats"]}) for c in CATEGORIES]


def board(view: dict[str, Any]) -> bytes:
    """The public picture (PNG)."""
    return draw_board(view).png()


def draw_hand(view: dict[str, Any]) -> Frame:
    """One seat's private view: its secret choice, what it may do now, and its park."""
    seat = str(view.get("viewer") or "")
    lit = just_placed(view, seat) if seat in view.get("seats", []) else set()
    view = with_names(view)
    canvas = Frame.new(shared.HEADER_H + 8 + shared.TURN_H + 56 + 300 + 12 + 250 + 20)
    draw = canvas.draw
    y = shared.header(canvas, STYLE, "Your view")
    y = shared.turn(canvas, view, y + 8, seat)
    if seat in view.get("seats", []):
        y = shared.you_line(canvas, view, seat, y)
    choice = view.get("choice")
    panel(draw, (MARGIN, y, MARGIN + 250, y + 300), fill=PANEL)
    draw_text(draw, (MARGIN + 14, y + 10), "Your secret choice", DETAIL, INK, True)
    if choice:
        space = next(s for s in view["spaces"] if s["letter"] == choice)
        space_card(canvas.image, view, space, (MARGIN + 14, y + 44, MARGIN + 124, y + 280), [])
        for i, line in enumerate(
            ("Only you see", "this. Change it", "until everyone", "has chosen.")
        ):
            draw_text(draw, (MARGIN + 132, y + 60 + 22 * i), line, SMALL, MUTED)
    else:
        waiting = seat in view.get("waiting_for", [])
        note = "Choose a letter now." if waiting else "No secret choice now."
        draw_text(draw, (MARGIN + 14, y + 56), note, DETAIL, MUTED)
    _moves(draw, view, (MARGIN + 262, y, WIDTH - MARGIN, y + 300))
    y += 312
    if seat in view.get("seats", []):
        park_panel(canvas.image, draw, view, seat, (MARGIN, y, WIDTH - MARGIN, y + 250), lit, 26)
    return canvas


def hand(view: dict[str, Any]) -> bytes:
    """One seat's private picture: its secret choice, its park and its moves now."""
    return draw_hand(view).png()


def _moves(draw: Draw, view: View, box: Box) -> None:
    x0, y0, x1, y1 = box
    panel(draw, box)
    decision: Mapping[str, Any] = view.get("decision") or {}
    draw_text(draw, (x0 + 14, y0 + 10), "What you may do now", DETAIL, INK, True)
    moves = list(view.get("moves", []))
    y = y0 + 44
    mine = decision.get("seat") == view.get("viewer")
    if mine and decision.get("card"):
        card = decision["card"]
        words = f"To place: {card['name']} ({card['ground'].capitalize()})"
        draw_text(draw, (x0 + 14, y), words, DETAIL, INK, True, max_width=x1 - x0 - 28)
        y += 30
    inspection = view.get("inspection") or {}
    if mine and decision["kind"] == "booth" and inspection.get("offered"):
        words = (
            f"You were 1st in {inspection['card']['category'].capitalize()}: take one of the two"
        )
        draw_text(draw, (x0 + 14, y), words, DETAIL, INK, True, max_width=x1 - x0 - 28)
        y += 30
    if not moves:
        draw_text(draw, (x0 + 14, y), "Nothing: wait for the others.", DETAIL, MUTED)
    room = (y1 - y - 30) // 28
    for i, move in enumerate(moves[:room]):
        words = "• " + move["label"]
        draw_text(draw, (x0 + 14, y + 28 * i), words, DETAIL, INK, max_width=x1 - x0 - 28)
    if len(moves) > room:
        draw_text(draw, (x0 + 14, y1 - 28), f"… and {len(moves) - room} more", SMALL, MUTED)
