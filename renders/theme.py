"""One visual language for all four games (docs/ARCHITECTURE.md §6).

Boards are drawn for a phone first: 800 px wide and taller than wide (Discord shows a
tall image larger on a phone, where it is about 400 px wide), with one type scale whose
smallest step still reads at half size. Every seat has a colour *and* a shape *and* a
unique label; every category that scoring depends on has an icon as well as a colour, and
each palette stays apart under the three common colour-vision deficiencies
(tests/renders/test_palettes.py). Everything here is pure: a view in, pixels out.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, TypeVar, cast

from PIL import Image, ImageDraw

from engine.text import Text, tx
from i18n import Lang
from renders import inks, png, shapes, text
from renders.seat_names import humanize

Color = tuple[int, int, int]
Box = tuple[int, int, int, int]
#: A view of any game, kept to its own type by :func:`with_names`.
ViewT = TypeVar("ViewT", bound=Mapping[str, Any])

#: Board width: twice a phone's inline width, so each size below reads at half size.
WIDTH = 800
MARGIN = 20

#: The type scale (px at full size; a phone shows about half).
TURN = 40  # whose turn / the result
SCORE = 34  # scores
NAME = 26  # player names
BODY = 22  # the last move, panel titles
DETAIL = 18  # secondary facts
SMALL = 15  # legends and fine print (never needed to follow the game)

BACKGROUND: Color = (246, 243, 236)
PANEL: Color = (255, 255, 255)
INK: Color = (33, 33, 38)
MUTED: Color = (96, 96, 106)
LINE: Color = (200, 196, 188)
HIGHLIGHT: Color = (255, 214, 10)
MOVER_BG: Color = (255, 244, 196)
HEADER_INK: Color = (255, 255, 255)

#: Seat colours, in the order seats get them: chosen (with their order) so that every
#: pair of the first n stays apart under protanopia, deuteranopia and tritanopia.
PLAYER_COLORS: tuple[Color, ...] = (
    (230, 159, 0),
    (86, 180, 233),
    (34, 34, 120),
    (187, 187, 187),
    (170, 51, 119),
    (34, 136, 51),
)
PLAYER_COLOR_NAMES: tuple[Text, ...] = (
    # i18n: the colours of the seats' tokens, said with their shape ("you are ▲ sky blue")
    tx("orange"),
    tx("sky blue"),
    tx("navy"),
    tx("silver"),
    tx("plum"),
    tx("green"),
)
#: Each seat's shape, drawn on its token and said in text ("you are ▲ sky blue").
SEAT_SHAPES: tuple[str, ...] = ("circle", "triangle", "square", "diamond", "star", "hexagon")
SHAPE_GLYPHS: tuple[str, ...] = ("●", "▲", "■", "◆", "★", "⬢")

# Fixed colours per component kind, one visual language across the games; each also has
# an icon or a letter (never colour alone).

#: Ride types. Imagineers' rulebook colours its guests yellow (Family), red (Thrill) and
#: blue (Water); Alan's Adventureland uses the same colours for the same ride types.
RIDE_COLORS: dict[str, Color] = {
    "family": (240, 196, 25),
    "thrill": (180, 30, 40),
    "water": (36, 113, 214),
    "food": (150, 210, 120),
    "stage": (120, 40, 110),
}
#: The icon each ride type carries beside its colour.
RIDE_ICONS: dict[str, str] = {
    "family": "♥",
    "thrill": "⚡",
    "water": "💧",
    "food": "🍴",
    "stage": "♪",
}

#: Trool Park's grounds, matched to their weather (Flurries, Rain, Sunshine).
GROUND_COLORS: dict[str, Color] = {
    "snow": (210, 235, 250),
    "stone": (130, 130, 140),
    "sand": (240, 208, 146),
}
GROUND_ICONS: dict[str, str] = {"snow": "❄", "stone": "☂", "sand": "☀"}

#: Disneyland's ten attraction series (reconstructed: the rulebook prints no colours).
#: Every square also writes its series' name, so these need not stay apart for all eyes.
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

#: Medal colours for the top three of a finished game.
MEDALS: tuple[Color, ...] = ((230, 180, 30), (170, 176, 186), (196, 122, 60))


# ------------------------------------------------------------------ seats
def player_color(index: int) -> Color:
    return PLAYER_COLORS[index % len(PLAYER_COLORS)]


def seat_index(view: Mapping[str, Any], seat: str) -> int:
    seats: Sequence[str] = view.get("seats", [])
    return list(seats).index(seat) if seat in seats else 0


def seat_color(view: Mapping[str, Any], seat: str) -> Color:
    return player_color(seat_index(view, seat))


def token_words(index: int) -> Text:
    """What a seat's token looks like, in words for a message: "▲ sky blue"."""
    count = len(SEAT_SHAPES)
    # i18n: a seat's token: its shape (a symbol) and its colour ("▲ sky blue")
    return tx(
        "{shape} {colour}",
        shape=SHAPE_GLYPHS[index % count],
        colour=PLAYER_COLOR_NAMES[index % count],
    )


def seat_token_words(seats: Sequence[str], seat: str) -> Text:
    """``token_words`` for ``seat`` at a table of ``seats`` ("you are ▲ sky blue")."""
    return token_words(list(seats).index(seat))


def display_name(view: Mapping[str, Any], seat: str, limit: int = 18) -> str:
    """The name the bot attached to the view (``view["names"]``), as far as the fonts can
    draw it; "Player 3" when nothing of it can be drawn. Long names end in "…"."""
    names: Mapping[str, str] = view.get("names") or {}
    return _shown_name(str(names.get(seat, seat)), seat_index(view, seat), limit)


@lru_cache(maxsize=1024)
def _shown_name(name: str, index: int, limit: int) -> str:
    name = text.drawable(name) or f"Player {index + 1}"
    clusters = graphemes(name)
    return name if len(clusters) <= limit else "".join(clusters[: limit - 1]).rstrip() + "…"


def graphemes(value: str) -> list[str]:
    """``value`` split into what a reader sees as characters (a letter with its marks, an
    emoji with its joiners), so cutting a name never splits one."""
    clusters: list[str] = []
    joined = False
    for char in value:
        code = ord(char)
        attaches = (
            unicodedata.category(char) in ("Mn", "Me")
            or 0xFE00 <= code <= 0xFE0F
            or 0x1F3FB <= code <= 0x1F3FF
            or code == 0x200D
        )
        if clusters and (attaches or joined):
            clusters[-1] += char
        else:
            clusters.append(char)
        joined = char == "\u200d"
    return clusters


def seat_labels(view: Mapping[str, Any]) -> dict[str, str]:
    """A short label per seat, unique at the table: the shortest start of each name that
    no other name shares ("Alex" and "Alice" are "Ale" and "Ali", "Chen" is "C")."""
    seats = tuple(view.get("seats", []))
    shown = tuple(display_name(view, seat, 99) for seat in seats)
    return dict(zip(seats, _labels(shown), strict=True))


@lru_cache(maxsize=256)
def _labels(names: tuple[str, ...]) -> tuple[str, ...]:
    letters = [_label_source(name) for name in names]
    labels: list[str] = []
    for me, mine in enumerate(letters):
        for length in (1, 2, 3):
            label = "".join(mine[:length])
            others = ["".join(o[:length]).casefold() for i, o in enumerate(letters) if i != me]
            if label.casefold() not in others:
                break
        else:
            label = "".join(mine[:1]) + str(me + 1)
        labels.append(label[:1].upper() + label[1:])
    return tuple(labels)


def _label_source(name: str) -> list[str]:
    """The letters of a name a label is made of (letters and digits; else anything)."""
    clusters = [c for c in graphemes(name) if not c.isspace()]
    wordy = [c for c in clusters if unicodedata.category(c[0])[0] in "LN"]
    return wordy or clusters or ["?"]


def label(view: Mapping[str, Any], seat: str) -> str:
    return seat_labels(view).get(seat, "?")


def named_line(view: Mapping[str, Any], line: str) -> str:
    """``line`` (an engine's words) as a board shows it: seat ids replaced by display names
    (:func:`display_name`), by the rule the bot's messages share (:mod:`renders.seat_names`)."""
    shown = {seat: display_name(view, seat) for seat in view.get("seats", [])}
    return humanize(line, shown)


def with_names(view: ViewT, lang: Lang) -> ViewT:
    """The view as a board writes it (a copy, of the same type): a name the fonts can draw
    for every seat (the reader's "Player 3" where nothing of a name draws), and the
    engine's sentences (the phase, the last-move lines, the result) in the reader's
    language with names for ids."""
    named: dict[str, Any] = dict(view)
    names: Mapping[str, str] = view.get("names") or {}
    named["names"] = {
        seat: text.drawable(str(names.get(seat, seat)))
        or lang.say(tx("Player {number}", number=index + 1))
        for index, seat in enumerate(view.get("seats", []))
    }
    named["phase"] = named_line(named, lang.say(view.get("phase", "")))
    named["last"] = [named_line(named, lang.say(event)) for event in view.get("last", [])]
    standings = view.get("standings")
    if standings and standings.get("result"):
        result = named_line(named, lang.say(standings["result"]))
        named["standings"] = {**standings, "result": result}
    return cast(ViewT, named)


# ------------------------------------------------------------------ colour
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


# ------------------------------------------------------------------ canvas and text
def canvas(width: int = WIDTH, height: int = 1200) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = paletted((width, height), BACKGROUND)
    return image, shapes.Draw(image)


def paletted(size: tuple[int, int], background: Color) -> Image.Image:
    """A new picture drawn in the current palette (``inks``), which it keeps."""
    ground = inks.index(background)
    image = Image.new("P", size, ground)
    image.palette = inks.Live(inks.current(), {ground})
    return image


def paste(picture: Image.Image, piece: Image.Image, xy: tuple[int, int]) -> None:
    """A cached piece (drawn here too, in the same palette) pasted whole onto ``picture``
    at ``xy``."""
    ours, theirs = picture.palette, piece.palette
    if getattr(ours, "source", None) is not getattr(theirs, "source", None):
        raise ValueError("a piece pastes only onto a picture of its own palette")
    picture.paste(piece, xy)
    if isinstance(theirs, inks.Live):
        inks.ink(ours, theirs.inked)


def box_canvas(
    size: tuple[int, int], background: Color
) -> tuple[Image.Image, ImageDraw.ImageDraw, Box]:
    """A small image for drawing one box at the origin, to cache and paste where it goes.

    Pillow boxes include both edges, so the image is one pixel larger than ``size``.
    Pasting at an integer origin gives the same pixels as drawing there directly.
    """
    image = paletted((size[0] + 1, size[1] + 1), background)
    return image, shapes.Draw(image), (0, 0, size[0], size[1])


def text_width(value: str, size: int, bold: bool = False) -> int:
    return text.width(value, size, bold)


def fit_text(value: str, max_width: int, size: int, bold: bool = False, min_size: int = 12) -> int:
    """The largest font size ≤ ``size`` (not below ``min_size``) at which ``value`` fits."""
    width = text.width(value, size, bold)
    if width <= max_width or size <= min_size:
        return size
    size = max(min_size, min(size - 1, size * max_width // max(1, width)))  # widths scale
    while size > min_size and text.width(value, size, bold) > max_width:
        size -= 1
    return size


def ellipsize(value: str, max_width: int, size: int, bold: bool = False) -> str:
    """``value``, cut with "…" (between whole characters) to fit ``max_width``; ``value``
    itself when it fits."""
    cut = _cut(str.__str__(value), max_width, size, bold)
    return value if cut is None else cut


@lru_cache(maxsize=4096)
def _cut(value: str, max_width: int, size: int, bold: bool) -> str | None:
    """``ellipsize`` of a plain string (None: it fits), kept per process: a board cuts the
    same names and lines render after render."""
    if text.width(value, size, bold) <= max_width:
        return None
    clusters = graphemes(value)
    room = max_width - text.width("…", size, bold)
    used, kept = 0, 0
    for cluster in clusters:  # widths add up (near enough: kerning is a pixel or two)
        used += text.width(cluster, size, bold)
        if used > room:
            break
        kept += 1
    while kept and text.width("".join(clusters[:kept]) + "…", size, bold) > max_width:
        kept -= 1
    return "".join(clusters[:kept]).rstrip() + "…"


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    value: str,
    size: int,
    fill: Color = INK,
    bold: bool = False,
    anchor: str = "la",
    max_width: int | None = None,
    min_size: int = 12,
) -> Box | None:
    """A line at ``xy``, shrunk to ``max_width`` when given (but not below ``min_size``;
    past that it is cut with …). Returns the box it covers (``None`` if nothing drew)."""
    if max_width is not None:
        size = fit_text(value, max_width, size, bold, min_size)
        value = ellipsize(value, max_width, size, bold)
    return text.draw(draw, xy, value, size, fill, bold, anchor)


def wrap(value: str, max_width: int, size: int, bold: bool = False) -> list[str]:
    """Greedy word wrap to ``max_width`` pixels, at breaking spaces only (a no-break space
    keeps French « ! » and « 1 500 » with what they belong to). Each line is found by
    halving (a line's width grows with its words), so a long text is measured a few times
    a line, not once a word: every measure of a new string lays out all its letters."""
    return list(_wrapped(str.__str__(value), max_width, size, bold))


@lru_cache(maxsize=4096)
def _wrapped(value: str, max_width: int, size: int, bold: bool) -> tuple[str, ...]:
    """``wrap`` of a plain string, kept per process: a board's lines (its footer, the last
    move shown for a few turns) are mostly the last board's."""
    tidied = text.tidy(value)
    words = tidied.split(" ") if tidied else []
    lines: list[str] = []
    start = 0
    while start < len(words):
        fits, too_many = start + 1, len(words) + 1  # a first word too wide stands alone
        while too_many - fits > 1:
            middle = (fits + too_many) // 2
            if text.width(" ".join(words[start:middle]), size, bold) <= max_width:
                fits = middle
            else:
                too_many = middle
        lines.append(" ".join(words[start:fits]))
        start = fits
    return tuple(lines)


def wrap_within(value: str, max_width: int, size: int, most: int, bold: bool = False) -> list[str]:
    """``wrap`` to at most ``most`` lines, the last cut with "…" when the words need more
    (never a line silently left out)."""
    lines = wrap(value, max_width, size, bold)
    if len(lines) <= most:
        return lines
    return [*lines[: most - 1], ellipsize(" ".join(lines[most - 1 :]), max_width, size, bold)]


def panel(
    draw: ImageDraw.ImageDraw,
    box: Box,
    fill: Color = PANEL,
    outline: Color = LINE,
    radius: int = 12,
    width: int = 2,
) -> None:
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)
    text.note_area(draw, box)


# ------------------------------------------------------------------ tokens
def shape_points(
    shape: str, center: tuple[float, float], radius: float
) -> list[tuple[float, float]]:
    """The outline of a seat shape (not the circle) around ``center``."""
    x, y = center
    if shape == "square":
        r = radius * 0.86
        return [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)]
    if shape == "triangle":
        return [
            (x, y - radius * 1.1),
            (x + radius * 1.1, y + radius * 0.8),
            (x - radius * 1.1, y + radius * 0.8),
        ]
    if shape == "diamond":
        r = radius * 1.12
        return [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
    corners, inner = (5, 0.55) if shape == "star" else (6, 1.0)
    step = math.pi / corners
    points = []
    for i in range(2 * corners):
        r = radius * (1.18 if i % 2 == 0 else 1.18 * inner)
        angle = -math.pi / 2 + i * step
        points.append((x + r * math.cos(angle), y + r * math.sin(angle)))
    return points


def token(
    draw: ImageDraw.ImageDraw,
    center: tuple[float, float],
    radius: int,
    index: int,
    label: str = "",
    ring: Color | None = None,
) -> None:
    """A seat's token: its shape in its colour with an ink outline and its label.

    A board draws a dozen tokens, each a shape and a fitted label: a good part of its
    drawing. A token looks the same wherever it goes (for the same fraction of a pixel), so
    it is drawn once, kept with the mask of the pixels it covers, and pasted. Only where
    that is exact: a centre on a quarter pixel (what boards use; another fraction moves a
    shape's edges by a rounding), far enough from the top and left edges, a label inside
    its shape. Any other token, and every token while a test records the lines drawn
    (``text.recorded``, which reads them on the board), is drawn directly.
    """
    x, y = center
    pad = radius + _TOKEN_PAD
    left, top = math.floor(x) - pad, math.floor(y) - pad
    stamp = None
    exact = 4 * x % 1 == 0 and 4 * y % 1 == 0 and left >= 0 and top >= 0
    name = inks.name_of(draw)
    if exact and (draw.mode == "RGB" or name is not None) and not text.recording():
        stamp = _token_stamp(radius, index, label, ring, (x - left, y - top), name)
    if stamp is None:
        _draw_token(draw, center, radius, index, label, ring)
        return
    stamp.paste(draw, left, top)


#: Room around a token's radius in its stamp (its ring reaches 7 px further).
_TOKEN_PAD = 9


@lru_cache(maxsize=512)
def _token_stamp(
    radius: int,
    index: int,
    label: str,
    ring: Color | None,
    center: tuple[float, float],
    palette: str | None = None,
) -> shapes.Stamp | None:
    """The token drawn at ``center`` of a small picture, as a stamp (``None`` when its
    label spills past its shape)."""
    return shapes.stamp(
        2 * (radius + _TOKEN_PAD) + 2,
        lambda pen: _draw_token(pen, center, radius, index, label, ring),
        palette,
    )


def _draw_token(
    draw: ImageDraw.ImageDraw,
    center: tuple[float, float],
    radius: int,
    index: int,
    label: str,
    ring: Color | None,
) -> None:
    x, y = center
    shape = SEAT_SHAPES[index % len(SEAT_SHAPES)]
    color = player_color(index)
    if ring is not None:
        r = radius + 5
        draw.ellipse((x - r - 2, y - r - 2, x + r + 2, y + r + 2), fill=ring)
    if shape == "circle":
        draw.ellipse(
            (x - radius, y - radius, x + radius, y + radius), fill=color, outline=INK, width=2
        )
    else:
        draw.polygon(shape_points(shape, center, radius), fill=color, outline=INK, width=2)
    if not label:
        return
    room = {"triangle": 1.0, "star": 0.8}.get(shape, 1.5) * radius
    size = fit_text(label, int(room), max(9, int(radius * 0.95)), True, min_size=8)
    dy = {"triangle": radius * 0.25, "star": radius * 0.08}.get(shape, 0)
    draw_text(draw, (x, y + dy), label, size, text_color_on(color), True, "mm")


def seat_token(
    draw: ImageDraw.ImageDraw,
    view: Mapping[str, Any],
    seat: str,
    center: tuple[float, float],
    radius: int,
    ring: Color | None = None,
) -> None:
    token(draw, center, radius, seat_index(view, seat), label(view, seat), ring)


def icon_chip(
    draw: ImageDraw.ImageDraw, box: Box, fill: Color, icon: str, outline: Color = INK
) -> None:
    """A colour swatch carrying its icon: how categories appear in legends and on tiles."""
    draw.rounded_rectangle(box, 5, fill=fill, outline=outline, width=1)
    x0, y0, x1, y1 = box
    size = max(10, int((y1 - y0) * 0.72))
    draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), icon, size, text_color_on(fill), True, "mm")


def legend(
    draw: ImageDraw.ImageDraw,
    origin: tuple[int, int],
    items: Sequence[tuple[Color, str, str]],
    size: int = SMALL,
) -> int:
    """A row of icon swatches with labels; returns the x where it ended."""
    x, y = origin
    chip = size + 8
    for color, icon, words in items:
        icon_chip(draw, (x, y, x + chip, y + chip), color, icon)
        draw_text(draw, (x + chip + 6, y + chip / 2), words, size, anchor="lm")
        x += chip + 6 + text_width(words, size) + 16
    return x


def _fixed_colors() -> list[Color]:
    """The theme's own colours: always in a picture's palette, however thin the line
    (``palette_of``), and given indices first in every palette pictures are drawn in
    (``inks.seed``)."""
    fixed = [BACKGROUND, PANEL, INK, MUTED, LINE, HIGHLIGHT, MOVER_BG, HEADER_INK]
    for group in (PLAYER_COLORS, MEDALS, RIDE_COLORS.values(), GROUND_COLORS.values()):
        fixed.extend(group)
    fixed.extend(SERIES_COLORS.values())
    return list(dict.fromkeys(fixed))


FIXED_COLORS = _fixed_colors()
inks.seed(FIXED_COLORS)
#: ``palette_of`` chooses colours from one pixel in this many, each way.
SAMPLE = 6


def palette_of(image: Image.Image) -> Image.Image:
    """``image`` in at most 128 colours: the theme's own, plus those an octree picks from
    one pixel in ``SAMPLE`` each way; each pixel then takes the nearest.

    Boards are flat colours and text, so 128 colours look the same as truecolour while
    the file is about half the size. The theme's colours are always there and antialiased
    edges repeat, so a small sample finds the rest: on the bench's boards, one pixel in 36
    leaves the mean error where one in 9 did (about 1 level in 255), in 0.5 ms instead
    of 1.3 (the octree and its sample).
    """
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    size = (max(1, rgb.width // SAMPLE), max(1, rgb.height // SAMPLE))
    sample = rgb.resize(size, Image.Resampling.NEAREST)
    room = 128 - len(FIXED_COLORS)
    picked = sample.quantize(colors=room, method=Image.Quantize.FASTOCTREE).getpalette() or []
    colors = list(
        dict.fromkeys([*FIXED_COLORS, *zip(picked[0::3], picked[1::3], picked[2::3], strict=True)])
    )
    palette = Image.new("P", (1, 1))
    palette.putpalette([channel for color in colors[:128] for channel in color])
    return rgb.quantize(palette=palette, dither=Image.Dither.NONE)


def to_png(image: Image.Image) -> bytes:
    """PNG bytes of ``image``: a picture drawn here as it is (in its palette, ``inks``),
    any other in 128 colours (``palette_of``)."""
    if isinstance(image.palette, inks.Live):
        table, palette = image.palette.source.canonical(image.palette.inked)
        return png.encode(image, palette, table)
    return png.encode(palette_of(image))
