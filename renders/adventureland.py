"""Alan's Adventureland images: the table with every neighbourhood, and a player's hand.

``board`` draws the public view in the shared frame (whose turn, last move, standings),
then every mat as a 4 × 5 grid (type icon, big excitement number, stack pips), the ring of
approved cards between the seats and the face-up offer. The square or gap the last move
touched is outlined in yellow. ``hand`` draws one seat's Ride and Bonus cards.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from PIL import ImageDraw

from engine.adventureland.views import AdventurelandView
from engine.text import txc, txcn
from i18n import Lang
from renders import frame as shared
from renders import inks
from renders.adventureland_parts import bonus_card, grid_cell, medal, ride_card, set_square
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
    RIDE_ICONS,
    SMALL,
    WIDTH,
    Box,
    display_name,
    draw_text,
    panel,
    paste,
    seat_token,
    text_width,
    with_names,
    wrap_within,
)


def coaster_loop(draw: ImageDraw.ImageDraw, box: Box, background: tuple[int, int, int]) -> None:
    """Alan's Adventureland: a coaster track with a loop and a car."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx, cy, r = x0 + w * 0.55, y0 + h * 0.42, h * 0.3
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=WHITE, width=4)
    track = [
        (x0, y1 - 4),
        (cx - r * 0.3, y1 - 4),
        (cx, cy + r),
        (cx + r * 0.3, y1 - 4),
        (x1, y1 - 4),
    ]
    draw.line(track, fill=WHITE, width=4, joint="curve")
    for px in (x0 + w * 0.15, x0 + w * 0.85):
        draw.line((px, y1 - 4, px, y1 - h * 0.25), fill=WHITE, width=3)
    draw.rounded_rectangle((x0 + 2, y1 - 16, x0 + w * 0.32, y1 - 6), 3, fill=HIGHLIGHT)


# i18n: a game's name, in its header
STYLE = Style(txc("adventureland", "Alan's Adventureland"), (28, 104, 72), coaster_loop)
ROWS, COLUMNS = "ABCD", 5
GUTTER = 12
MAT_W = (WIDTH - 2 * MARGIN - GUTTER) // 2
MAT_H = 306
CELL_W, CELL_H = 64, 54
LOWER_H = 270  # table ring and offer

View = AdventurelandView


def _touched_square(view: View) -> tuple[str, str] | None:
    """(seat, square) of the tile the last move placed or improved."""
    touched = view.get("touched") or {}
    return (touched["seat"], touched["square"]) if "square" in touched else None


def _touched_gap(view: View) -> int | None:
    touched = view.get("touched") or {}
    gap = touched.get("gap")
    return None if gap is None else int(gap)


def _markers(view: View, seat: str, lang: Lang) -> str:
    """The seat's markers beside its name: who started the game, who plays first now."""
    marks = []
    if view["start"] == seat:
        # i18n: the marker of the player who started the game (short, in capitals)
        marks.append(lang.say(txc("adventureland", "START")))
    if view["first"] == seat:
        # i18n: the marker of the player who plays first this round (short, in capitals)
        marks.append(lang.say(txc("adventureland", "1ST")))
    return " ".join(marks)


def _mat(canvas: Frame, view: View, seat: str, origin: tuple[int, int], lang: Lang) -> None:
    """One neighbourhood: owner, markers, counts, then the 4 × 5 grid."""
    x0, y0 = origin
    draw = canvas.draw
    player = view["players"][seat]
    moving = seat in view.get("to_move", [])
    panel(
        draw,
        (x0, y0, x0 + MAT_W, y0 + MAT_H),
        outline=HIGHLIGHT if moving else LINE,
        width=5 if moving else 2,
    )
    seat_token(draw, view, seat, (x0 + 24, y0 + 24), 15)
    marks = _markers(view, seat, lang)
    marks_w = 8 + (text_width(marks, SMALL, True) if marks else 0)
    name_room = MAT_W - 60 - marks_w
    draw_text(
        draw, (x0 + 46, y0 + 24), display_name(view, seat), DETAIL, INK, True, "lm", name_room
    )
    if marks:
        draw_text(draw, (x0 + MAT_W - 12, y0 + 24), marks, SMALL, (160, 80, 0), True, "rm")
    counts = {"hand": player["hand_size"], "pile": len(player["pile"])}
    facts = lang.say(txc("adventureland", "hand {hand} · pile {pile}", **counts))
    if view["variant"] == "bonus-cards":
        bonus = player["bonus_left"]
        facts += " · " + lang.say(txc("adventureland", "bonus {count}", count=bonus))
    progress_x = x0 + MAT_W - 12 - 60 * len(player["sets"])
    room = progress_x - (x0 + 46) - 8
    draw_text(draw, (x0 + 46, y0 + 48), facts, SMALL, MUTED, max_width=room, anchor="lm")
    _set_progress(draw, view, seat, (progress_x, y0 + 48), lang)
    _grid(canvas, view, seat, (x0 + 30, y0 + 80), lang)
    if _choosing_mats(view) and not player["sets"]:
        mx, my = x0 + 30 + COLUMNS * CELL_W / 2, y0 + 80 + len(ROWS) * CELL_H / 2
        words = lang.say(txc("adventureland", "choosing a themed mat"))
        half = min(text_width(words, DETAIL, True) / 2 + 14, MAT_W / 2 - 8)
        panel(draw, (int(mx - half), int(my - 20), int(mx + half), int(my + 20)), radius=20)
        draw_text(draw, (mx, my), words, DETAIL, MUTED, True, "mm", int(2 * half - 20))


def covered_count(view: View, seat: str, coloured: Mapping[str, Any]) -> int:
    """How many of a set's squares the seat has built on."""
    grid = view["players"][seat]["grid"]
    return sum(1 for square in coloured["squares"] if square in grid)


def _set_progress(draw: Any, view: View, seat: str, origin: tuple[int, int], lang: Lang) -> None:
    """Each Layout Bonus set's medal and how far it is covered ("2/4"), or a tick once
    it is all covered (and scores at every Bonus Round)."""
    x, y = origin
    for coloured in view["players"][seat]["sets"]:
        medal(draw, (x + 9, y), 8, coloured["colour"], lang)
        covered = lang.number(covered_count(view, seat, coloured))
        words = "✓" if coloured["covered"] else f"{covered}/{lang.number(len(coloured['squares']))}"
        ink = INK if coloured["covered"] else MUTED
        draw_text(draw, (x + 22, y), words, SMALL, ink, coloured["covered"], "lm")
        x += 60


def _grid(canvas: Frame, view: View, seat: str, origin: tuple[int, int], lang: Lang) -> None:
    """Row and column labels, then each square pasted from its cached image."""
    gx, gy = origin
    draw = canvas.draw
    player = view["players"][seat]
    coloured = {sq: s["colour"] for s in player["sets"] for sq in s["squares"]}
    touched = _touched_square(view)
    size = (CELL_W - 3, CELL_H - 3)
    for c in range(COLUMNS):
        draw_text(
            draw, (gx + c * CELL_W + CELL_W // 2, gy - 11), str(c + 1), SMALL, MUTED, anchor="mm"
        )
    for r, row in enumerate(ROWS):
        y = gy + r * CELL_H
        draw_text(draw, (gx - 14, y + CELL_H // 2), row, SMALL, MUTED, anchor="mm")
        for c in range(COLUMNS):
            name = f"{row}{c + 1}"
            cell = player["grid"].get(name)
            lit = touched == (seat, name)
            square = grid_cell(view, cell, coloured.get(name), lit, size, lang)
            paste(canvas.picture, square, (gx + c * CELL_W, y))


def _table(canvas: Frame, view: View, box: Box, lang: Lang) -> None:
    """Seats around a ring with the approved card in each gap between neighbours."""
    draw = canvas.draw
    panel(draw, box)
    x0, y0, x1, y1 = box
    deck = lang.say(txc("adventureland", "deck {count}", count=view["deck_size"]))
    deck_w = text_width(deck, SMALL)
    title = lang.say(txc("adventureland", "Approved rides"))
    draw_text(draw, (x0 + 14, y0 + 10), title, DETAIL, INK, True, max_width=x1 - x0 - 40 - deck_w)
    draw_text(draw, (x1 - 14, y0 + 12), deck, SMALL, MUTED, anchor="ra")
    seats = list(view["seats"])
    n = len(seats)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2 + 16
    rx, ry = (x1 - x0) / 2 - 72, (y1 - y0 - 40) / 2 - 36
    draw.ellipse((cx - rx, cy - ry, cx + rx, cy + ry), outline=LINE, width=3)
    touched = _touched_gap(view)
    for index, gap in enumerate(view["gaps"]):
        angle = math.radians(-90 + 360 * (index + 0.5) / n)
        gx, gy = cx + rx * math.cos(angle), cy + ry * math.sin(angle)
        card_box: Box = (int(gx - 60), int(gy - 25), int(gx + 60), int(gy + 25))
        if gap["card"] is None:
            draw.rounded_rectangle(card_box, 8, fill=(240, 236, 228), outline=LINE)
            none = lang.say(txc("adventureland", "none yet"))
            draw_text(draw, (gx, gy), none, SMALL, MUTED, anchor="mm", max_width=110)
        else:
            ride_card(draw, view, gap["card"], card_box, lang)
        if touched == index:
            draw.rounded_rectangle(card_box, 8, outline=HIGHLIGHT, width=5)
    for index, seat in enumerate(seats):
        angle = math.radians(-90 + 360 * index / n)
        sx, sy = cx + rx * math.cos(angle), cy + ry * math.sin(angle)
        ring = HIGHLIGHT if seat in view.get("to_move", []) else None
        seat_token(draw, view, seat, (sx, sy), 16, ring)


def _offer(canvas: Frame, view: View, box: Box, lang: Lang) -> None:
    draw = canvas.draw
    panel(draw, box)
    x0, y0, x1, _ = box
    offer = list(view["offer"])
    title = lang.say(txc("adventureland", "Face-up offer ({count})", count=len(offer)))
    draw_text(draw, (x0 + 14, y0 + 10), title, DETAIL, INK, True, max_width=x1 - x0 - 28)
    if not offer:
        draw_text(draw, (x0 + 14, y0 + 48), lang.say(txc("adventureland", "empty")), DETAIL, MUTED)
    card_w, card_h = (x1 - x0 - 28 - 8) // 2, 50
    for i, ride in enumerate(offer[:8]):
        x = x0 + 14 + (i % 2) * (card_w + 8)
        y = y0 + 42 + (i // 2) * (card_h + 6)
        ride_card(draw, view, ride, (x, y, x + card_w, y + card_h), lang)


def _round_note(canvas: Frame, view: View, origin: tuple[int, int], lang: Lang) -> None:
    """The free fourth slot of a 3-player table: progress through the Bonus Rounds."""
    draw = canvas.draw
    x, y = origin
    panel(draw, (x, y, x + MAT_W, y + MAT_H))
    done, total = view["bonus_done"], view["bonus_rounds"]
    title = lang.say(txc("adventureland", "Bonus Rounds"))
    draw_text(draw, (x + 16, y + 14), title, DETAIL, INK, True, max_width=MAT_W - 32)
    for i in range(total):
        fill = (120, 120, 130) if i < done else (235, 231, 222)
        cx = x + 40 + i * 60
        draw.ellipse((cx - 22, y + 52, cx + 22, y + 96), fill=fill, outline=INK, width=2)
        ink = INK if i >= done else (255, 255, 255)
        draw_text(draw, (cx, y + 74), lang.number(i + 1), BODY, ink, True, "mm")
    note = lang.say(
        txc(
            "adventureland",
            "Build free next to a matching approved card, or anything between two cards of "
            "one type. Otherwise: 2 points if the type is not on the table, 3 if it is "
            "approved elsewhere.",
        )
    )
    for i, line in enumerate(wrap_within(note, MAT_W - 32, SMALL + 1, 7)):
        draw_text(draw, (x + 16, y + 120 + i * 24), line, SMALL + 1, MUTED)


def _legend(view: View, lang: Lang) -> str:
    types = "  ".join(f"{RIDE_ICONS[k]} {lang.say(t['name'])}" for k, t in view["types"].items())
    note = lang.say(txc("adventureland", "big number = excitement, pips = stack height"))
    if view["variant"] == "layout-bonus":
        sets = txc(
            "adventureland",
            "Gold, Silver, Bronze squares: checks, stripes, dots; 2/4 covered, ✓ all",
        )
        note += " · " + lang.say(sets)
    return f"{types} · {note}"


def _body_top(seats: int) -> int:
    return shared.HEADER_H + shared.TURN_H + shared.NEWS_H + shared.standings_height(seats) + 12


def height(seats: int) -> int:
    """The image height for a table of ``seats``: fixed, so replay frames line up."""
    return _body_top(seats) + 2 * MAT_H + GUTTER + 12 + LOWER_H + 56


@inks.using("adventureland")
def draw_board(view: AdventurelandView, *, lang: Lang) -> Frame:
    """The public table in the shared frame, with its key texts marked."""
    view = with_names(view, lang)
    seats = list(view["seats"])
    canvas = Frame.new(height(len(seats)))
    y = shared.header(canvas, STYLE, lang, view["phase"])
    y = shared.turn(canvas, view, y + 8, lang)
    y = shared.news(canvas, view, y, lang)
    y = shared.standings(canvas, view, y, lang) + 12
    for index, seat in enumerate(seats):
        x = MARGIN + (index % 2) * (MAT_W + GUTTER)
        _mat(canvas, view, seat, (x, y + (index // 2) * (MAT_H + GUTTER)), lang)
    if len(seats) == 3:
        _round_note(canvas, view, (MARGIN + MAT_W + GUTTER, y + MAT_H + GUTTER), lang)
    lower = y + 2 * MAT_H + GUTTER + 12
    if view.get("over"):  # the ring and the offer are empty by now: the score by category
        shared.score_table(canvas, view, (MARGIN, lower, WIDTH - MARGIN, lower + LOWER_H), lang)
    else:
        _table(canvas, view, (MARGIN, lower, MARGIN + MAT_W, lower + LOWER_H), lang)
        right = (MARGIN + MAT_W + GUTTER, lower, WIDTH - MARGIN, lower + LOWER_H)
        _offer(canvas, view, right, lang)
    shared.footer(canvas, _legend(view, lang))
    return canvas


HAND_CARD_W, HAND_CARD_H = (WIDTH - 2 * MARGIN - 12) // 2, 84
MINI_W, MINI_H = (WIDTH - 2 * MARGIN - 12) // 2, 200  # a themed mat while mats are chosen
MINI_CELL = (46, 32)


def _choosing_mats(view: View) -> bool:
    """Layout Bonus setup: mats are chosen before any card is dealt."""
    return view.get("variant") == "layout-bonus" and view.get("step") == "mat"


@inks.using("adventureland-hand")
def draw_hand(view: AdventurelandView, *, lang: Lang) -> Frame:
    """One seat's private view: its Ride cards with what each would do, then its Bonus
    cards or its mat's Layout Bonus squares; while mats are chosen (before the deal), the
    four themed mats instead."""
    view = with_names(view, lang)
    seat = str(view.get("viewer") or "")
    cards = list(view.get("hand", []))[:8]
    card_rows = max(1, (len(cards) + 1) // 2)
    top_h = shared.HEADER_H + 8 + shared.TURN_H + 56
    if _choosing_mats(view):
        rows = (len(view.get("themed_mats", [])) + 1) // 2
        canvas = Frame.new(top_h + 40 + rows * (MINI_H + 12) + 44)
    else:
        if view.get("variant") == "bonus-cards":
            lower_h = 40 + 140 * max(1, (len(view.get("bonus_hand", [])[:6]) + 2) // 3)
        else:
            lower_h = 40 + 40 * max(1, len(_own_sets(view, seat)))
        canvas = Frame.new(top_h + 40 + card_rows * (HAND_CARD_H + 34) + 8 + lower_h + 12)
    y = shared.header(canvas, STYLE, lang, lang.say(txc("adventureland", "Your hand")))
    y = shared.turn(canvas, view, y + 8, lang, seat)
    y = shared.you_line(canvas, view, seat, y, lang)
    if _choosing_mats(view):
        _themed_mats(canvas, view, seat, y, lang)
        return canvas
    title = txc("adventureland", "Your ride cards ({count})", count=len(cards))
    y = shared.section(canvas, lang.say(title), y)
    for i, ride in enumerate(cards):
        x = MARGIN + (i % 2) * (HAND_CARD_W + 12)
        top = y + (i // 2) * (HAND_CARD_H + 34)
        ride_card(canvas.draw, view, ride, (x, top, x + HAND_CARD_W, top + HAND_CARD_H), lang)
        hint = _build_hint(view, seat, ride, lang)
        draw_text(
            canvas.draw,
            (x + 4, top + HAND_CARD_H + 15),
            hint,
            DETAIL,
            MUTED,
            anchor="lm",
            max_width=HAND_CARD_W - 4,
        )
    lower = y + card_rows * (HAND_CARD_H + 34) + 8
    if view.get("variant") == "bonus-cards":
        _bonus_hand(canvas, view, lower, lang)
    else:
        _layout_squares(canvas, view, seat, lower, lang)
    return canvas


def _bonus_hand(canvas: Frame, view: View, top: int, lang: Lang) -> None:
    bonus = list(view.get("bonus_hand", []))
    title = txc("adventureland", "Your bonus cards ({count})", count=len(bonus))
    y = shared.section(canvas, lang.say(title), top)
    card_w = (WIDTH - 2 * MARGIN - 2 * 10) // 3
    for i, card_id in enumerate(bonus[:6]):
        x = MARGIN + (i % 3) * (card_w + 10)
        row_y = y + (i // 3) * 140
        bonus_card(canvas.draw, view, card_id, (x, row_y, x + card_w, row_y + 130), lang)


def _own_sets(view: View, seat: str) -> list[Mapping[str, Any]]:
    player = view["players"].get(seat)
    return list(player["sets"]) if player else []


def _layout_squares(canvas: Frame, view: View, seat: str, top: int, lang: Lang) -> None:
    """The Layout Bonus sets of the viewer's themed mat: squares, what each set is worth
    and how far it is covered."""
    player = view["players"].get(seat)
    if player is None:
        return
    mat = lang.say(player["mat"]["name"])
    title = txc("adventureland", "Your mat ({mat}): Layout Bonus", mat=mat)
    y = shared.section(canvas, lang.say(title), top)
    draw = canvas.draw
    for i, coloured in enumerate(_own_sets(view, seat)):
        row_y = y + i * 40 + 15
        medal(draw, (MARGIN + 15, row_y), 13, coloured["colour"], lang)
        if coloured["covered"]:
            status = lang.say(txc("adventureland", "✓ all covered"))
        else:
            covered = covered_count(view, seat, coloured)
            total = len(coloured["squares"])
            status = lang.say(
                txc("adventureland", "{covered} of {total} covered", covered=covered, total=total)
            )
        status_w = text_width(status, DETAIL, True)
        draw_text(draw, (WIDTH - MARGIN, row_y), status, DETAIL, INK, True, "rm")
        words = lang.say(
            txcn(
                "adventureland",
                "{set} {squares}: {count} point a Bonus Round",
                "{set} {squares}: {count} points a Bonus Round",
                int(coloured["points"]),
                set=coloured["name"],
                squares=" ".join(coloured["squares"]),
            )
        )
        room = WIDTH - 2 * MARGIN - 42 - status_w - 16
        draw_text(draw, (MARGIN + 42, row_y), words, DETAIL, INK, anchor="lm", max_width=room)


def _themed_mats(canvas: Frame, view: View, seat: str, top: int, lang: Lang) -> None:
    """The four themed mats as small grids with their Bronze, Silver and Gold squares,
    each marked yours, taken (by whom) or free: what the viewer chooses from."""
    owners = {p["mat"]["key"]: s for s, p in view["players"].items() if p["sets"]}
    title = txc("adventureland", "Choose a themed mat (cards are dealt after)")
    y = shared.section(canvas, lang.say(title), top)
    mats = list(view.get("themed_mats", []))
    for i, mat in enumerate(mats):
        x = MARGIN + (i % 2) * (MINI_W + 12)
        row_y = y + (i // 2) * (MINI_H + 12)
        owner = owners.get(mat["key"])
        _mini_mat(canvas, view, mat, owner, seat, (x, row_y), lang)
    note_y = y + ((len(mats) + 1) // 2) * (MINI_H + 12) + 14
    note = txc(
        "adventureland",
        "A set scores its points at every Bonus Round once all its squares are covered.",
    )
    room = WIDTH - 2 * MARGIN
    draw_text(canvas.draw, (MARGIN, note_y), lang.say(note), DETAIL, MUTED, max_width=room)


def _mini_mat(
    canvas: Frame,
    view: View,
    mat: Mapping[str, Any],
    owner: str | None,
    seat: str,
    origin: tuple[int, int],
    lang: Lang,
) -> None:
    x0, y0 = origin
    draw = canvas.draw
    mine = owner == seat
    panel(
        draw,
        (x0, y0, x0 + MINI_W, y0 + MINI_H),
        fill=PANEL if owner is None or mine else (238, 236, 230),
        outline=HIGHLIGHT if mine else LINE,
        width=4 if mine else 2,
    )
    name = lang.say(mat["name"])
    draw_text(draw, (x0 + 12, y0 + 18), name, DETAIL, INK, True, "lm", MINI_W - 130)
    if owner is None:
        # i18n: a themed mat nobody has chosen yet
        status, ink = lang.say(txc("adventureland", "free")), (30, 110, 60)
    elif mine:
        # i18n: the themed mat the reader chose
        status, ink = lang.say(txc("adventureland", "yours")), INK
    else:
        taken = txc("adventureland", "taken: {name}", name=display_name(view, owner, 10))
        status, ink = lang.say(taken), MUTED
    draw_text(draw, (x0 + MINI_W - 12, y0 + 18), status, SMALL, ink, True, "rm", 120)
    coloured = {sq: s["colour"] for s in mat["sets"] for sq in s["squares"]}
    cell_w, cell_h = MINI_CELL
    gx, gy = x0 + 30, y0 + 52
    for c in range(COLUMNS):
        cx = gx + c * cell_w + cell_w // 2
        draw_text(draw, (cx, gy - 9), str(c + 1), SMALL - 3, MUTED, anchor="mm")
    for r, row in enumerate(ROWS):
        cy = gy + r * cell_h
        draw_text(draw, (gx - 13, cy + cell_h // 2), row, SMALL - 3, MUTED, anchor="mm")
        for c in range(COLUMNS):
            square = set_square(coloured.get(f"{row}{c + 1}"), (cell_w - 3, cell_h - 3), lang)
            paste(canvas.picture, square, (gx + c * cell_w, cy))
    lx = gx + COLUMNS * cell_w + 10
    for i, s in enumerate(sorted(mat["sets"], key=lambda s: -int(s["points"]))):
        ly = gy + 16 + i * 44
        medal(draw, (lx + 10, ly), 10, s["colour"], lang)
        points = lang.say(txcn("adventureland", "{count} pt", "{count} pts", int(s["points"])))
        draw_text(draw, (lx + 26, ly), points, SMALL, INK, True, "lm", x0 + MINI_W - lx - 30)


def _build_hint(view: View, seat: str, ride: str, lang: Lang) -> str:
    """What building this card would do on the viewer's own mat."""
    levels = view["rides"][ride]["levels"]
    player = view["players"].get(seat) or {"grid": {}}
    for square, cell in player["grid"].items():
        if cell["ride"] == ride:
            height = int(cell["height"])
            if height >= len(levels):
                return lang.say(txc("adventureland", "{square}: fully improved", square=square))
            hint = txc(
                "adventureland", "improves {square} to {level}", square=square, level=levels[height]
            )
            return lang.say(hint)
    return lang.say(txc("adventureland", "builds new at {level}", level=levels[0]))


#: The game as the renders know it, one entry of the registry (``renders.games``).
RENDERER = Renderer(slug="adventureland", style=STYLE, draw_board=draw_board, draw_hand=draw_hand)
#: The public board and a seat's private picture, as PNG bytes.
board = RENDERER.board
hand = RENDERER.hand
