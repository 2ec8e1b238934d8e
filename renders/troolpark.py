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

from renders.theme import (
    GROUND_COLORS,
    HIGHLIGHT,
    INK,
    MARGIN,
    MUTED,
    PANEL,
    Box,
    badge,
    canvas,
    display_name,
    draw_text,
    header,
    initial,
    legend,
    panel,
    seat_color,
    to_png,
    with_names,
    wrap,
)
from renders.troolpark_parts import (
    CATEGORIES,
    WEATHER_GROUND,
    Draw,
    booth_tag,
    just_placed,
    park_panel,
    space_card,
)

TITLE = "Trool Park"
WIDTH, HEIGHT = 1440, 900
TOP = 106
LEFT_W = 820
ORDINALS = ("1st", "2nd", "3rd", "4th")

View = Mapping[str, Any]


def _central(image: Image.Image, draw: Draw, view: View, box: Box) -> None:
    x0, y0, x1, y1 = box
    panel(draw, box)
    draw_text(draw, (x0 + 14, y0 + 10), f"Round {view['round']}/8", 20, INK, True)
    end = legend(
        draw,
        (x0 + 150, y0 + 12),
        [
            (GROUND_COLORS[g], f"{g.capitalize()} ({w.capitalize()})")
            for w, g in WEATHER_GROUND.items()
        ],
    )
    booth_tag(draw, (end, y0 + 11))
    draw_text(draw, (end + 38, y0 + 21), "brings a Booth", 15, INK, anchor="lm")
    revealed = view.get("revealed", {}) if view.get("decision") else {}
    width = (x1 - x0 - 20 - 6 * 6) // 7
    for i, space in enumerate(view["spaces"]):
        left = x0 + 10 + i * (width + 6)
        choosers = [s for s, letter in revealed.items() if letter == space["letter"]]
        space_card(image, view, space, (left, y0 + 42, left + width, y1 - 10), choosers)


def _counters(draw: Draw, view: View, box: Box) -> None:
    x0, y0, x1, y1 = box
    panel(draw, box)
    col_w = (x1 - x0 - 20) // 3
    seats = list(view["seats"])
    top = max(
        [int(view.get("counter_length", 30))]
        + [view["points"][s][c] for s in seats for c in CATEGORIES]
    )
    for i, category in enumerate(CATEGORIES):
        cx = x0 + 10 + i * col_w
        draw_text(draw, (cx + 4, y0 + 10), category.capitalize(), 20, INK, True)
        order = sorted(seats, key=lambda s: -view["points"][s][category])
        row_h = min(30, (y1 - y0 - 44) // len(seats))
        for j, seat in enumerate(order):
            cy = y0 + 50 + j * row_h
            points = view["points"][seat][category]
            bar_w = col_w - 80
            color = seat_color(view, seat)
            draw.rounded_rectangle(
                (cx + 26, cy - 8, cx + 26 + bar_w, cy + 8), 6, fill=(236, 232, 224)
            )
            fill_w = max(0, round(bar_w * points / top))
            if fill_w:
                draw.rounded_rectangle((cx + 26, cy - 8, cx + 26 + fill_w, cy + 8), 6, fill=color)
            badge(draw, (cx + 12, cy), 11, color, initial(view, seat))
            draw_text(draw, (cx + col_w - 14, cy), str(points), 20, INK, True, "rm")


def _slide(draw: Draw, view: View, box: Box) -> None:
    x0, y0, _, _ = box
    panel(draw, box)
    draw_text(draw, (x0 + 12, y0 + 10), "Fun Slide", 20, INK, True)
    draw_text(draw, (x0 + 12, y0 + 36), "top", 13, MUTED)
    slide = list(view["slide"])
    for i, seat in enumerate(reversed(slide)):
        cy = y0 + 70 + i * 36
        badge(draw, (x0 + 26, cy), 13, seat_color(view, seat), initial(view, seat))
        draw_text(draw, (x0 + 46, cy), display_name(view, seat, 12), 17, INK, anchor="lm")
    draw_text(
        draw, (x0 + 12, y0 + 70 + len(slide) * 36 - 14), "bottom (first, wins ties)", 13, MUTED
    )


def _weather(draw: Draw, view: View, box: Box) -> None:
    x0, y0, x1, y1 = box
    panel(draw, box)
    weather = view["weather"]
    draw_text(draw, (x0 + 12, y0 + 10), "Weather", 20, INK, True)
    draw_text(draw, (x0 + 12, y0 + 40), f"Pile: {weather['pile']} face down", 15, INK)
    draw_text(draw, (x0 + 12, y0 + 62), "Discard:", 15, INK)
    for i, token in enumerate(weather["discard"]):
        cy = y0 + 92 + i * 28
        lit = token == weather["drawn"] and i == len(weather["discard"]) - 1
        fill = GROUND_COLORS[WEATHER_GROUND[token]]
        draw.ellipse(
            (x0 + 14, cy - 11, x0 + 36, cy + 11),
            fill=fill,
            outline=HIGHLIGHT if lit else INK,
            width=3 if lit else 1,
        )
        label = token.capitalize() + (" (drawn)" if lit else "")
        draw_text(draw, (x0 + 44, cy), label, 15, INK, lit, "lm")
    reserve = view["booth_reserve"]
    draw_text(draw, (x0 + 12, y1 - 58), "Booth reserve", 15, INK, True)
    text = "  ".join(f"{g.capitalize()} {n}" for g, n in reserve.items())
    draw_text(draw, (x0 + 12, y1 - 34), text, 14, INK, max_width=x1 - x0 - 20)


def _inspection_row(
    draw: Draw, card: Mapping[str, Any], origin: tuple[int, int], width: int
) -> None:
    """One Inspection card: Category, Visitors by rank, and its extra reward."""
    x, y = origin
    rows = " · ".join(f"{ORDINALS[k]} {v}" for k, v in enumerate(card["visitors"]))
    points = "/".join(str(p) for p in card["points"])
    extra = f"  pts {points}" if points else ("  +Booths" if card["category"] == "laughs" else "")
    draw_text(draw, (x, y), card["category"].capitalize(), 17, INK, True)
    draw_text(draw, (x + 80, y + 2), rows + extra, 15, INK, max_width=width - 80)


def _inspection(draw: Draw, view: View, box: Box) -> None:
    x0, y0, x1, y1 = box
    panel(draw, box)
    width = x1 - x0 - 24
    current = view.get("inspection")
    y = y0 + 44
    if current:
        draw_text(draw, (x0 + 12, y0 + 10), "Inspection now", 20, INK, True)
        _inspection_row(draw, current["card"], (x0 + 12, y), width)
        for i, seat in enumerate(current["ranking"]):
            cx = x0 + 24 + i * 110
            badge(draw, (cx, y + 40), 12, seat_color(view, seat), initial(view, seat))
            draw_text(draw, (cx + 18, y + 40), ORDINALS[i], 15, INK, True, "lm")
        y += 66
    else:
        draw_text(draw, (x0 + 12, y0 + 10), "Announced inspection", 20, INK, True)
    for card in view["announced"]:
        _inspection_row(draw, card, (x0 + 12, y), width)
        y += 26
    if not current and not view["announced"]:
        draw_text(
            draw,
            (x0 + 12, y),
            "none in round 1" if view["round"] == 1 else "all held: game over",
            16,
            MUTED,
        )
    ledger = view["ledger"]
    if ledger:
        left = ", ".join(f"{n}× rounds {g}" for g, n in ledger.items())
        draw_text(draw, (x0 + 12, y1 - 24), "Face down: " + left, 13, MUTED, max_width=width)


def _log(draw: Draw, view: View, box: Box) -> None:
    x0, y0, x1, y1 = box
    panel(draw, box, fill=(255, 250, 228))
    draw_text(draw, (x0 + 12, y0 + 10), "Last move", 20, INK, True)
    lines: list[str] = []
    for event in view.get("last", []):
        lines += wrap(event, x1 - x0 - 24, 15)
    room = (y1 - y0 - 46) // 20
    if len(lines) > room:
        lines = ["…", *lines[-(room - 1) :]]
    for i, line in enumerate(lines):
        draw_text(draw, (x0 + 12, y0 + 42 + 20 * i), line, 15, INK)


def board(view: dict[str, Any]) -> bytes:
    """The public picture: central board, counters, slide, weather, inspection, parks."""
    image, draw = canvas(WIDTH, HEIGHT)
    lit = {seat: just_placed(view, seat) for seat in view["seats"]}
    view = with_names(view)
    header(draw, view, TITLE, WIDTH)
    left, right = MARGIN - 8, MARGIN - 8 + LEFT_W
    _central(image, draw, view, (left, TOP, right, TOP + 250))
    _counters(draw, view, (left, TOP + 258, right, TOP + 420))
    bottom = (TOP + 428, HEIGHT - 10)
    _slide(draw, view, (left, bottom[0], left + 190, bottom[1]))
    _weather(draw, view, (left + 198, bottom[0], left + 398, bottom[1]))
    _inspection(draw, view, (left + 406, bottom[0], right, bottom[0] + 136))
    _log(draw, view, (left + 406, bottom[0] + 144, right, bottom[1]))
    _parks(image, draw, view, (right + 10, TOP, WIDTH - 10, HEIGHT - 10), lit)
    return to_png(image)


def _parks(
    image: Image.Image,
    draw: Draw,
    view: View,
    box: Box,
    lit: Mapping[str, set[tuple[str, int]]],
) -> None:
    x0, y0, x1, y1 = box
    seats = list(view["seats"])
    gap = 8
    height = (y1 - y0 - gap * (len(seats) - 1)) // len(seats)
    chip_h = 20 if len(seats) == 4 else 24
    for i, seat in enumerate(seats):
        top = y0 + i * (height + gap)
        park_panel(image, draw, view, seat, (x0, top, x1, top + height), lit[seat], chip_h)


def hand(view: dict[str, Any]) -> bytes:
    """One seat's private picture: its secret choice, its park and its moves now."""
    width, height = 1280, 800
    image, draw = canvas(width, height)
    seat = str(view.get("viewer") or "")
    lit = just_placed(view, seat) if seat in view.get("seats", []) else set()
    view = with_names(view)
    header(draw, view, f"{TITLE} · your view", width)
    choice = view.get("choice")
    panel(draw, (MARGIN, TOP, 420, 330), fill=PANEL)
    draw_text(draw, (MARGIN + 14, TOP + 12), "Your secret choice", 22, INK, True)
    if choice:
        space = next(s for s in view["spaces"] if s["letter"] == choice)
        space_card(image, view, space, (MARGIN + 14, TOP + 48, MARGIN + 160, 320), [])
        draw_text(draw, (MARGIN + 176, TOP + 70), "Only you can see this.", 16, MUTED)
        draw_text(draw, (MARGIN + 176, TOP + 96), "Change it until everyone", 16, MUTED)
        draw_text(draw, (MARGIN + 176, TOP + 118), "has chosen.", 16, MUTED)
    else:
        note = (
            "Choose a letter now."
            if seat in view.get("waiting_for", [])
            else "No secret choice now."
        )
        draw_text(draw, (MARGIN + 14, TOP + 60), note, 18, MUTED)
    if seat in view.get("seats", []):
        box = (MARGIN, 344, width - MARGIN, height - MARGIN)
        park_panel(image, draw, view, seat, box, lit, 30)
    _moves(draw, view, (436, TOP, width - MARGIN, 330))
    return to_png(image)


def _moves(draw: Draw, view: View, box: Box) -> None:
    x0, y0, x1, y1 = box
    panel(draw, box)
    decision = view.get("decision")
    title = "What you may do now"
    draw_text(draw, (x0 + 14, y0 + 12), title, 22, INK, True)
    moves = list(view.get("moves", []))
    if decision and decision.get("card") and decision["seat"] == view.get("viewer"):
        card = decision["card"]
        draw_text(
            draw,
            (x0 + 14, y0 + 44),
            f"To place: {card['name']} ({card['ground'].capitalize()})",
            17,
            INK,
            True,
        )
    if not moves:
        draw_text(draw, (x0 + 14, y0 + 76), "Nothing: wait for the others.", 17, MUTED)
    room = (y1 - y0 - 80) // 22
    for i, move in enumerate(moves[:room]):
        draw_text(
            draw, (x0 + 14, y0 + 76 + 22 * i), "• " + move["label"], 15, INK, max_width=x1 - x0 - 28
        )
    if len(moves) > room:
        draw_text(draw, (x0 + 14, y1 - 24), f"… and {len(moves) - room} more", 14, MUTED)
