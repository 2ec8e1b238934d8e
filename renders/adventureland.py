"""Alan's Adventureland images: the table with every neighbourhood, and a player's hand.

``board`` draws the public view: a 2 × 2 block of mats (big excitement numbers, stack
pips, type colour + letter), and beside it the table ring with the approved cards in the
gaps between seats, the face-up offer, scores and a legend. The square or gap the last
move touched is outlined in yellow. ``hand`` draws one seat's Ride and Bonus cards.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from PIL import Image

from renders.adventureland_parts import (
    SET_COLORS,
    TYPE_COLORS,
    bonus_card,
    grid_cell,
    ride_card,
)
from renders.theme import (
    HIGHLIGHT,
    INK,
    MARGIN,
    MUTED,
    Box,
    badge,
    canvas,
    display_name,
    draw_text,
    header,
    initial,
    legend,
    panel,
    score_table,
    seat_color,
    text_width,
    to_png,
)

TITLE = "Alan's Adventureland"
WIDTH, HEIGHT = 1440, 900
ROWS, COLUMNS = "ABCD", 5
MAT_W, MAT_H, GUTTER = 484, 384, 12
SIDE_X = MARGIN + 2 * MAT_W + GUTTER + 12  # left edge of the right-hand column

View = Mapping[str, Any]


def _touched_square(view: View) -> tuple[str, str] | None:
    """(seat, square) of the tile the last move placed or improved."""
    touched = view.get("touched") or {}
    return (touched["seat"], touched["square"]) if "square" in touched else None


def _touched_gap(view: View) -> int | None:
    touched = view.get("touched") or {}
    gap = touched.get("gap")
    return None if gap is None else int(gap)


def _markers(view: View, seat: str) -> str:
    marks = []
    if view["start"] == seat:
        marks.append("START")
    if view["first"] == seat:
        marks.append("1ST")
    return " ".join(marks)


def _mat(image: Image.Image, draw: Any, view: View, seat: str, origin: tuple[int, int]) -> None:
    """One neighbourhood: owner, score, markers, counts, then the 4 × 5 grid."""
    x0, y0 = origin
    player = view["players"][seat]
    moving = seat in view.get("to_move", [])
    panel(
        draw,
        (x0, y0, x0 + MAT_W, y0 + MAT_H),
        outline=HIGHLIGHT if moving else (200, 196, 188),
        width=4 if moving else 2,
    )
    color = seat_color(view, seat)
    badge(draw, (x0 + 30, y0 + 30), 19, color, initial(view, seat))
    draw_text(draw, (x0 + 58, y0 + 8), display_name(view, seat, 14), 22, INK, True, max_width=230)
    facts = f"{player['mat']['name']} · hand {player['hand_size']} · pile {len(player['pile'])}"
    if view["variant"] == "bonus-cards":
        facts += f" · bonus {player['bonus_left']}"
    draw_text(draw, (x0 + 58, y0 + 36), facts, 14, MUTED, max_width=300)
    score = str(view["scores"][seat])
    draw_text(draw, (x0 + MAT_W - 14, y0 + 4), score, 38, INK, True, anchor="ra")
    marks = _markers(view, seat)
    if marks:
        mark_x = x0 + MAT_W - 26 - text_width(score, 38, True)
        draw_text(draw, (mark_x, y0 + 24), marks, 13, (170, 90, 0), True, anchor="rm")
    _grid(image, draw, view, seat, (x0 + 30, y0 + 78))


def _grid(image: Image.Image, draw: Any, view: View, seat: str, origin: tuple[int, int]) -> None:
    """Row and column labels, then each square pasted from its cached image."""
    gx, gy = origin
    player = view["players"][seat]
    coloured = {sq: s["colour"] for s in player["sets"] for sq in s["squares"]}
    touched = _touched_square(view)
    cell_w, cell_h, gap = 86, 72, 3
    size = (cell_w - gap, cell_h - gap)
    for c in range(COLUMNS):
        draw_text(
            draw, (gx + c * cell_w + cell_w // 2, gy - 10), str(c + 1), 13, MUTED, anchor="mm"
        )
    for r, row in enumerate(ROWS):
        y = gy + r * cell_h
        draw_text(draw, (gx - 14, y + cell_h // 2), row, 13, MUTED, anchor="mm")
        for c in range(COLUMNS):
            x = gx + c * cell_w
            name = f"{row}{c + 1}"
            cell = player["grid"].get(name)
            highlight = touched == (seat, name)
            square = grid_cell(view, cell, name, coloured.get(name), highlight, size)
            image.paste(square, (x, y))


def _table(draw: Any, view: View, box: Box) -> None:
    """Seats around a ring with the approved card in each gap between neighbours."""
    panel(draw, box)
    x0, y0, x1, y1 = box
    draw_text(draw, (x0 + 14, y0 + 10), "Table", 22, INK, True)
    draw_text(draw, (x1 - 14, y0 + 14), f"Deck {view['deck_size']}", 16, MUTED, anchor="ra")
    seats = list(view["seats"])
    n = len(seats)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2 + 14
    radius = min(x1 - x0, y1 - y0) / 2 - 52
    draw.ellipse(
        (cx - radius, cy - radius, cx + radius, cy + radius), outline=(215, 210, 200), width=3
    )
    touched = _touched_gap(view)
    for index, gap in enumerate(view["gaps"]):
        angle = math.radians(-90 + 360 * (index + 0.5) / n)
        gx, gy = cx + radius * math.cos(angle), cy + radius * math.sin(angle)
        card_box: Box = (int(gx - 50), int(gy - 28), int(gx + 50), int(gy + 28))
        if gap["card"] is None:
            draw.rounded_rectangle(card_box, 8, fill=(240, 236, 228), outline=(190, 185, 175))
            draw_text(draw, (gx, gy), "empty", 13, MUTED, anchor="mm")
        else:
            ride_card(draw, view, gap["card"], card_box)
        if touched == index:
            draw.rounded_rectangle(card_box, 8, outline=HIGHLIGHT, width=5)
    for index, seat in enumerate(seats):
        angle = math.radians(-90 + 360 * index / n)
        sx, sy = cx + radius * math.cos(angle), cy + radius * math.sin(angle)
        ring = HIGHLIGHT if seat in view.get("to_move", []) else None
        badge(draw, (sx, sy), 20, seat_color(view, seat), initial(view, seat), ring=ring)
        marks = _markers(view, seat)
        if marks:
            outward = (sx + 36 * math.cos(angle), sy + 34 * math.sin(angle))
            draw_text(draw, outward, marks, 12, (170, 90, 0), True, anchor="mm")


def _offer(draw: Any, view: View, box: Box) -> None:
    panel(draw, box)
    x0, y0, x1, _ = box
    offer = list(view["offer"])
    draw_text(draw, (x0 + 14, y0 + 8), f"Face-up offer ({len(offer)})", 18, INK, True)
    if not offer:
        draw_text(draw, (x0 + 14, y0 + 44), "all drafted", 16, MUTED)
    card_w, card_h = (x1 - x0 - 28 - 3 * 6) // 4, 50
    for i, ride in enumerate(offer):
        x = x0 + 14 + (i % 4) * (card_w + 6)
        y = y0 + 36 + (i // 4) * (card_h + 6)
        ride_card(draw, view, ride, (x, y, x + card_w, y + card_h))


def _scores(draw: Any, view: View, box: Box) -> None:
    columns: list[tuple[str, Mapping[str, Any]]] = [("Score", view["scores"])]
    final = view.get("final")
    if final:
        for key, heading in (("parking", "Rows"), ("entrance", "Cols"), ("themes", "Sets")):
            columns.insert(0, (heading, {s: part[key] for s, part in final.items()}))
    title = "Final scores" if view.get("over") else "Scores"
    score_table(draw, view, box, columns, title=title)


def _legend(draw: Any, view: View, origin: tuple[int, int]) -> None:
    x, y = origin
    items = [(TYPE_COLORS[k], f"{t['letter']} {t['name']}") for k, t in view["types"].items()]
    legend(draw, (x, y), items[:3])
    legend(draw, (x, y + 26), items[3:])
    notes = ["Big number = excitement · pips = stack height"]
    if view["variant"] == "layout-bonus":
        notes.append("G·, S·, B· = Gold, Silver, Bronze Layout Bonus squares")
    for i, note in enumerate(notes):
        draw_text(draw, (x, y + 58 + i * 20), note, 14, MUTED, max_width=WIDTH - x - MARGIN)


def board(view: dict[str, Any]) -> bytes:
    """The public table image: every mat, the ring of approved cards, offer and scores."""
    image, draw = canvas(WIDTH, HEIGHT)
    top = header(draw, view, TITLE, WIDTH) + 12
    for index, seat in enumerate(view["seats"]):
        x = MARGIN + (index % 2) * (MAT_W + GUTTER)
        y = top + (index // 2) * (MAT_H + GUTTER)
        _mat(image, draw, view, seat, (x, y))
    side_r = WIDTH - MARGIN
    _table(draw, view, (SIDE_X, top, side_r, top + 300))
    _offer(draw, view, (SIDE_X, top + 310, side_r, top + 456))
    _scores(draw, view, (SIDE_X, top + 466, side_r, top + 680))
    _legend(draw, view, (SIDE_X, top + 692))
    if len(view["seats"]) == 3:
        _round_note(draw, view, (MARGIN + MAT_W + GUTTER, top + MAT_H + GUTTER))
    return to_png(image)


def _round_note(draw: Any, view: View, origin: tuple[int, int]) -> None:
    """The free fourth slot of a 3-player table: progress through the Bonus Rounds."""
    x, y = origin
    panel(draw, (x, y, x + MAT_W, y + MAT_H))
    done, total = view["bonus_done"], view["bonus_rounds"]
    draw_text(draw, (x + 20, y + 16), "Bonus Rounds", 22, INK, True)
    for i in range(total):
        fill = (120, 120, 130) if i < done else (235, 231, 222)
        cx = x + 50 + i * 70
        draw.ellipse((cx - 24, y + 60, cx + 24, y + 108), fill=fill, outline=INK, width=2)
        draw_text(
            draw, (cx, y + 84), str(i + 1), 22, INK if i >= done else (255, 255, 255), True, "mm"
        )
    lines = [
        "Build free next to a matching approved card,",
        "or anything between two cards of one type.",
        "Otherwise: 2 points if the type is not on the",
        "table, 3 if it is approved elsewhere.",
    ]
    for i, line in enumerate(lines):
        draw_text(draw, (x + 20, y + 140 + i * 26), line, 17, MUTED)


def hand(view: dict[str, Any]) -> bytes:
    """One seat's private image: its Ride cards, then its Bonus cards or Layout squares."""
    image, draw = canvas(1200, 750)
    seat = view.get("viewer") or ""
    top = header(draw, view, f"Hand: {display_name(view, seat, 10)}", 1200) + 14
    cards = list(view.get("hand", []))
    draw_text(draw, (MARGIN, top), f"Ride cards ({len(cards)})", 24, INK, True)
    card_w, card_h = 270, 124
    for i, ride in enumerate(cards):
        x = MARGIN + (i % 4) * (card_w + 16)
        y = top + 38 + (i // 4) * (card_h + 34)
        ride_card(draw, view, ride, (x, y, x + card_w, y + card_h))
        hint = _build_hint(view, seat, ride)
        draw_text(draw, (x + card_w // 2, y + card_h + 15), hint, 17, MUTED, anchor="mm")
    lower = top + 38 + 2 * (card_h + 34) + 4
    if view.get("variant") == "bonus-cards":
        _bonus_hand(draw, view, lower)
    else:
        _layout_squares(draw, view, seat, lower)
    return to_png(image)


def _bonus_hand(draw: Any, view: View, top: int) -> None:
    bonus = list(view.get("bonus_hand", []))
    draw_text(draw, (MARGIN, top), f"Bonus cards ({len(bonus)})", 24, INK, True)
    for i, card_id in enumerate(bonus):
        x = MARGIN + i * (212 + 12)
        bonus_card(draw, view, card_id, (x, top + 38, x + 212, top + 222))
    note = "3:n = three of the four squares one type · 4:n = all four · +n = colour bonus"
    draw_text(draw, (MARGIN, 738), note, 16, MUTED, anchor="ls", max_width=1200 - 2 * MARGIN)


def _layout_squares(draw: Any, view: View, seat: str, top: int) -> None:
    """The Layout Bonus squares of the viewer's themed mat and what each set is worth;
    before mats are chosen (and cards dealt), the themed mats on offer."""
    player = view["players"][seat]
    if not player["sets"]:
        draw_text(draw, (MARGIN, top), "Themed mats: Layout Bonus squares", 24, INK, True)
        for i, mat in enumerate(view.get("themed_mats", [])):
            sets = " · ".join(f"{s['colour']} {' '.join(s['squares'])}" for s in mat["sets"])
            text = f"{mat['name']}: {sets}"
            draw_text(draw, (MARGIN, top + 59 + i * 44), text, 20, INK, anchor="lm")
        return
    draw_text(draw, (MARGIN, top), f"{player['mat']['name']}: Layout Bonus", 24, INK, True)
    for i, coloured in enumerate(player["sets"]):
        y = top + 44 + i * 44
        colour = SET_COLORS[coloured["colour"]]
        draw.rounded_rectangle((MARGIN, y, MARGIN + 30, y + 30), 6, fill=colour, outline=INK)
        draw_text(draw, (MARGIN + 15, y + 15), coloured["colour"][0], 16, INK, True, "mm")
        squares = " ".join(coloured["squares"])
        text = (
            f"{coloured['name']} {squares}, all covered: "
            f"{coloured['points']} points each Bonus Round"
        )
        draw_text(draw, (MARGIN + 44, y + 15), text, 20, INK, anchor="lm")


def _build_hint(view: View, seat: str, ride: str) -> str:
    """What building this card would do on the viewer's own mat."""
    levels = view["rides"][ride]["levels"]
    for square, cell in view["players"][seat]["grid"].items():
        if cell["ride"] == ride:
            height = int(cell["height"])
            if height >= len(levels):
                return f"{square}: fully improved"
            return f"{square}: improve to {levels[height]}"
    return f"new, at {levels[0]}"
