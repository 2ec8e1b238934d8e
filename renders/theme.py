"""One visual language for all four games (DESIGN.md §6).

Player colours follow the Okabe–Ito colour-blind-safe palette and are always paired
with the player's initial or name. Images are landscape (about 16:10, ≤ 1600 px) and
put the facts a player looks for first — whose turn, what just happened, scores — in
large type at the top. Everything here is pure: a view in, pixels out.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

Color = tuple[int, int, int]
Box = tuple[int, int, int, int]

FONT_DIR = Path(__file__).with_name("fonts")

# Canvas defaults: 16:10 landscape, readable when Discord scales it to a phone.
WIDTH = 1440
HEIGHT = 900
MARGIN = 24

BACKGROUND: Color = (246, 243, 236)
PANEL: Color = (255, 255, 255)
INK: Color = (33, 33, 38)
MUTED: Color = (110, 110, 120)
LINE: Color = (200, 196, 188)
HIGHLIGHT: Color = (255, 214, 10)
HEADER_BG: Color = (38, 50, 72)
HEADER_INK: Color = (255, 255, 255)

#: Okabe–Ito, in the order seats get them. Each is paired with a name/initial.
PLAYER_COLORS: tuple[Color, ...] = (
    (230, 159, 0),  # orange
    (86, 180, 233),  # sky blue
    (0, 158, 115),  # bluish green
    (204, 121, 167),  # reddish purple
    (213, 94, 0),  # vermillion
    (0, 114, 178),  # blue
)
PLAYER_COLOR_NAMES: tuple[str, ...] = (
    "orange",
    "sky blue",
    "green",
    "purple",
    "vermillion",
    "blue",
)
#: Each seat's shape, said in text with its colour ("you are ▲ sky blue").
SEAT_SHAPES: tuple[str, ...] = ("circle", "triangle", "square", "diamond", "star", "hexagon")
SHAPE_GLYPHS: tuple[str, ...] = ("●", "▲", "■", "◆", "★", "⬢")


# Fixed colours per component kind, one visual language across the games. Each is always
# shown with a letter or a name as well, never alone.

#: Ride types. Imagineers' rulebook colours its guests yellow (Family), red (Thrill) and
#: blue (Water); Alan's Adventureland uses the same colours for the same ride types.
RIDE_COLORS: dict[str, Color] = {
    "family": (240, 196, 25),
    "thrill": (214, 48, 49),
    "water": (36, 113, 214),
    "food": (34, 136, 51),
    "stage": (170, 51, 119),
}

#: Trool Park's grounds, matched to their weather (Flurries, Rain, Sunshine).
GROUND_COLORS: dict[str, Color] = {
    "snow": (190, 224, 246),
    "stone": (184, 184, 192),
    "sand": (240, 208, 146),
}

#: Disneyland's ten attraction series (reconstructed: the rulebook prints no colours).
SERIES_COLORS: dict[str, Color] = {
    "Robin Hood": (56, 132, 62),
    "Pluto": (222, 168, 36),
    "Daisy": (236, 128, 178),
    "Peter Pan": (40, 168, 150),
    "Madam Mim": (128, 78, 172),
    "Baloo": (112, 124, 146),
    "Goofy": (226, 96, 52),
    "Minnie": (198, 36, 60),
    "Mickey": (44, 44, 48),
    "Donald": (38, 98, 196),
}


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (shipped in ``renders/fonts``), cached per size and weight."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size)


def player_color(index: int) -> Color:
    return PLAYER_COLORS[index % len(PLAYER_COLORS)]


def seat_index(view: Mapping[str, Any], seat: str) -> int:
    seats: Sequence[str] = view.get("seats", [])
    return list(seats).index(seat) if seat in seats else 0


def seat_color(view: Mapping[str, Any], seat: str) -> Color:
    return player_color(seat_index(view, seat))


def token_words(index: int) -> str:
    """What a seat's token looks like, in words for a message: "▲ sky blue"."""
    count = len(SEAT_SHAPES)
    return f"{SHAPE_GLYPHS[index % count]} {PLAYER_COLOR_NAMES[index % count]}"


def seat_token_words(seats: Sequence[str], seat: str) -> str:
    """``token_words`` for ``seat`` at a table of ``seats`` ("you are ▲ sky blue")."""
    return token_words(list(seats).index(seat))


def display_name(view: Mapping[str, Any], seat: str, limit: int = 16) -> str:
    """The name the bot attached to the view (``view["names"]``), else the seat id."""
    names: Mapping[str, str] = view.get("names") or {}
    name = str(names.get(seat, seat))
    return name if len(name) <= limit else name[: limit - 1] + "…"


def with_names(view: Mapping[str, Any]) -> dict[str, Any]:
    """The view with seat ids in its phase and last-move lines replaced by display names
    (engines speak in seat ids; in production those are long Discord snowflakes)."""
    seats = sorted(view.get("seats", []), key=len, reverse=True)
    if not seats:
        return dict(view)
    pattern = re.compile(r"\b(" + "|".join(re.escape(seat) for seat in seats) + r")\b")

    def named(text: str) -> str:
        return pattern.sub(lambda match: display_name(view, match.group(1)), text)

    return {
        **view,
        "phase": named(str(view.get("phase", ""))),
        "last": [named(str(event)) for event in view.get("last", [])],
    }


def initial(view: Mapping[str, Any], seat: str) -> str:
    name = display_name(view, seat)
    return (name[:1] or "?").upper()


def text_color_on(background: Color) -> Color:
    """Black or white, whichever reads better on ``background``."""
    r, g, b = background
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return INK if luminance > 140 else HEADER_INK


def mix(a: Color, b: Color, t: float) -> Color:
    """Blend ``a`` toward ``b`` by ``t`` (0..1): tints for backgrounds."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def canvas(width: int = WIDTH, height: int = HEIGHT) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (width, height), BACKGROUND)
    return image, ImageDraw.Draw(image)


def box_canvas(
    size: tuple[int, int], background: Color
) -> tuple[Image.Image, ImageDraw.ImageDraw, Box]:
    """A small image for drawing one box at the origin, to cache and paste where it goes.

    Pillow boxes include both edges, so the image is one pixel larger than ``size``.
    Pasting at an integer origin gives the same pixels as drawing there directly.
    """
    image = Image.new("RGB", (size[0] + 1, size[1] + 1), background)
    return image, ImageDraw.Draw(image), (0, 0, size[0], size[1])


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, bold: bool = False) -> int:
    """Advance width in pixels; cached because fitting and wrapping measure the same
    labels over and over on every render."""
    return int(font(size, bold).getlength(text))


@lru_cache(maxsize=4096)
def _glyph_mask(
    text: str, size: int, bold: bool, anchor: str, start: tuple[float, float]
) -> tuple[Any, tuple[int, int]]:
    """FreeType's coverage mask of one line of text and its offset from the anchor point.

    Rasterising glyphs is the slowest part of drawing a board, and boards repeat the same
    labels render after render, so the masks are kept (``ImageDraw.text`` redoes them).
    A mask is a few KB, an opaque Pillow core image (hence ``Any``); 4096 stay bounded.
    """
    return font(size, bold).getmask2(text, "L", anchor=anchor, start=start)


#: Whether ``_stamp_text`` may use its cached-mask path (see there).
_fast_text = True


def _stamp_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    bold: bool,
    fill: Color,
    anchor: str,
) -> None:
    """``draw.text`` with a cached glyph mask: the same pixels, without re-rasterising.

    Mirrors Pillow's single-line path (whole-pixel origin, fractional start, mask offset,
    then ``draw_bitmap``); other cases go through ``draw.text`` unchanged.
    """
    global _fast_text
    if _fast_text and "\n" not in text and draw.fontmode == "L":
        x, y = xy
        start = (math.modf(x)[0], math.modf(y)[0])
        try:
            mask, (dx, dy) = _glyph_mask(text, size, bold, anchor, start)
            draw.draw.draw_bitmap((int(x) + dx, int(y) + dy), mask, draw.draw.draw_ink(fill))
            return
        except (AttributeError, TypeError):
            # The fast path leans on Pillow's drawing core; should a Pillow release
            # change it, every later call takes the public route below instead.
            _fast_text = False
    draw.text(xy, text, font=font(size, bold), fill=fill, anchor=anchor)


def fit_text(text: str, max_width: int, size: int, bold: bool = False, min_size: int = 10) -> int:
    """The largest font size ≤ ``size`` at which ``text`` fits in ``max_width``."""
    while size > min_size and text_width(text, size, bold) > max_width:
        size -= 1
    return size


def ellipsize(text: str, max_width: int, size: int, bold: bool = False) -> str:
    if text_width(text, size, bold) <= max_width:
        return text
    while text and text_width(text + "…", size, bold) > max_width:
        text = text[:-1]
    return text + "…"


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: Color = INK,
    bold: bool = False,
    anchor: str = "la",
    max_width: int | None = None,
) -> None:
    """Text at ``xy``; shrunk (then cut with …) to ``max_width`` when given."""
    if max_width is not None:
        size = fit_text(text, max_width, size, bold)
        text = ellipsize(text, max_width, size, bold)
    _stamp_text(draw, xy, text, size, bold, fill, anchor)


def wrap(text: str, max_width: int, size: int, bold: bool = False) -> list[str]:
    """Greedy word wrap to ``max_width`` pixels."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}".strip()
        if current and text_width(candidate, size, bold) > max_width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines


def panel(
    draw: ImageDraw.ImageDraw,
    box: Box,
    fill: Color = PANEL,
    outline: Color = LINE,
    radius: int = 12,
    width: int = 2,
) -> None:
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


def badge(
    draw: ImageDraw.ImageDraw,
    center: tuple[float, float],
    radius: int,
    color: Color,
    label: str,
    ring: Color | None = None,
) -> None:
    """A player token: a coloured disc carrying the player's initial (never colour alone)."""
    x, y = center
    if ring is not None:
        draw.ellipse((x - radius - 4, y - radius - 4, x + radius + 4, y + radius + 4), fill=ring)
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=color, outline=INK, width=2)
    size = max(8, int(radius * 1.1))
    _stamp_text(draw, (x, y), label, size, True, text_color_on(color), "mm")


def header(
    draw: ImageDraw.ImageDraw,
    view: Mapping[str, Any],
    title: str,
    width: int = WIDTH,
    height: int = 96,
) -> int:
    """The top bar: game title, phase, whose turn (big) and the last move. Returns its bottom."""
    view = with_names(view)
    draw.rectangle((0, 0, width, height), fill=HEADER_BG)
    draw_text(draw, (MARGIN, 14), title, 22, HEADER_INK, bold=True)
    phase = str(view.get("phase", ""))
    draw_text(draw, (MARGIN, 44), phase, 18, (200, 210, 230), max_width=width // 3)
    status = turn_line(view)
    draw_text(
        draw,
        (width // 2, 34),
        status,
        34,
        HIGHLIGHT,
        bold=True,
        anchor="mm",
        max_width=width // 2 - MARGIN,
    )
    last = "  ·  ".join(str(e) for e in view.get("last", []))
    if last:
        last_move_lines(draw, "Last: " + last, width, height)
    return height


def last_move_lines(draw: ImageDraw.ImageDraw, text: str, width: int, height: int) -> None:
    """The last move under the turn line: one line at 18 px, or two at 15 px (the second
    cut with … if needed) rather than one line shrunk past reading."""
    room = width - 2 * MARGIN
    if fit_text(text, room, 18) >= 16:
        draw_text(
            draw, (width // 2, height - 22), text, 18, HEADER_INK, anchor="mm", max_width=room
        )
        return
    # Two lines reach up beside the title block, so they keep to the right two thirds.
    left = width // 3
    room = width - MARGIN - left
    center = left + room // 2
    first, *rest = wrap(text, room, 15) or [text]
    draw_text(draw, (center, height - 32), first, 15, HEADER_INK, anchor="mm", max_width=room)
    if rest:
        second = ellipsize(" ".join(rest), room, 15)
        draw_text(draw, (center, height - 13), second, 15, HEADER_INK, anchor="mm")


def turn_line(view: Mapping[str, Any]) -> str:
    """ "Game over — X wins", "X to move" or "Waiting for A, B"."""
    if view.get("over"):
        winners = view.get("winners") or []
        if winners:
            names = ", ".join(display_name(view, s) for s in winners)
            return f"Game over — {names} wins" if len(winners) == 1 else f"Game over — {names} tie"
        return "Game over"
    movers = list(view.get("waiting_for") or view.get("to_move", []))
    if len(movers) == 1:
        return f"{display_name(view, movers[0])} to move"
    if movers:
        return "Waiting for " + ", ".join(display_name(view, s, 10) for s in movers)
    return ""


def score_table(
    draw: ImageDraw.ImageDraw,
    view: Mapping[str, Any],
    box: Box,
    columns: Sequence[tuple[str, Mapping[str, Any]]],
    title: str = "Scores",
) -> None:
    """A panel listing each seat (colour disc + initial + name) with extra columns.

    ``columns`` is a list of (heading, {seat: value}). The seat to move is highlighted.
    """
    panel(draw, box)
    x0, y0, x1, y1 = box
    draw_text(draw, (x0 + 14, y0 + 10), title, 22, bold=True)
    seats = list(view.get("seats", []))
    movers = set(view.get("to_move", []))
    row_h = max(30, min(48, (y1 - y0 - 80) // max(1, len(seats))))
    col_w = 0 if not columns else min(130, (x1 - x0 - 220) // len(columns))
    name_w = x1 - x0 - 60 - col_w * len(columns)
    head_y = y0 + 48
    for i, (heading, _) in enumerate(columns):
        cx = x1 - 14 - col_w * (len(columns) - i) + col_w // 2
        draw_text(draw, (cx, head_y), heading, 15, MUTED, anchor="mm", max_width=col_w - 4)
    for row, seat in enumerate(seats):
        y = head_y + 18 + row * row_h
        if seat in movers:
            draw.rounded_rectangle((x0 + 6, y, x1 - 6, y + row_h - 4), 8, fill=(255, 244, 196))
        cy = y + (row_h - 4) // 2
        color = seat_color(view, seat)
        badge(draw, (x0 + 30, cy), min(15, row_h // 2 - 3), color, initial(view, seat))
        draw_text(draw, (x0 + 54, cy), display_name(view, seat), 20, anchor="lm", max_width=name_w)
        for i, (_, values) in enumerate(columns):
            cx = x1 - 14 - col_w * (len(columns) - i) + col_w // 2
            value = values.get(seat, "")
            draw_text(draw, (cx, cy), str(value), 20, bold=True, anchor="mm", max_width=col_w - 4)


def legend(
    draw: ImageDraw.ImageDraw, origin: tuple[int, int], items: Sequence[tuple[Color, str]]
) -> int:
    """A row of colour swatches with labels; returns the x where it ended."""
    x, y = origin
    for color, label in items:
        draw.rounded_rectangle((x, y, x + 18, y + 18), 4, fill=color, outline=INK)
        draw_text(draw, (x + 24, y + 9), label, 15, anchor="lm")
        x += 24 + text_width(label, 15) + 18
    return x


def to_png(image: Image.Image) -> bytes:
    """PNG bytes of a palette version of ``image``.

    Boards are flat colours and text, so 128 colours look the same as truecolour while
    the file is about half the size and encoding is about twice as fast.
    """
    buffer = io.BytesIO()
    if image.mode == "P":
        palette = image
    else:
        # An RGB image is quantized as it is: convert("RGB") would only copy it first.
        rgb = image if image.mode == "RGB" else image.convert("RGB")
        palette = rgb.quantize(colors=128, method=Image.Quantize.FASTOCTREE)
    palette.save(buffer, format="PNG", compress_level=3)
    return buffer.getvalue()
