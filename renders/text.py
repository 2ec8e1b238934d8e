"""Text that draws any display name: a fallback chain of fonts, chosen per character.

Discord names mix scripts and emoji ("Zoë 🎢", "花子", "Дима"). Pillow draws one font at a
time and shows a box for a missing glyph, so a line is cut into runs, each in the first
font of the chain that has its characters (Noto Sans, then symbols, Hebrew, Arabic,
Devanagari, Thai, common CJK, monochrome emoji; see ``fonts/OFL.txt``). Zero-width
joiners, variation selectors and combining marks stay with the character they belong to;
a character no font has is left out, never drawn as a box.

Rasterising is the slow part of a board, and boards repeat their labels render after
render, so runs, widths and run masks are cached. A run not seen before is put together
from cached single-glyph masks at the pixel positions Pillow's own renderer would give
them (``_compose``), which is exact for runs with no ligature or mark to shape and many
times faster than rasterising the run anew.

This is the one place text reaches a picture, so it is also where a test can read what a
picture says: inside ``with recorded() as drawn:`` every line drawn is noted in
``drawn.lines`` with where it went, and every panel (``theme.panel``) in ``drawn.areas``
(the pseudo-language test finds words that skipped the catalog, and words that spill out
of their panel or picture, this way).
"""

from __future__ import annotations

import itertools
import math
import re
import struct
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFont, features

from renders import inks

FONT_DIR = Path(__file__).with_name("fonts")

#: Every font file, in the order the chain tries them (the bold face replaces the first).
FILES: tuple[str, ...] = (
    "NotoSans-Regular.ttf",
    "NotoSans-Bold.ttf",
    "NotoSansSymbols-Regular.ttf",
    "NotoSansSymbols2-Regular.ttf",
    "NotoSansHebrew-Regular.ttf",
    "NotoSansArabic-Regular.ttf",
    "NotoSansDevanagari-Regular.ttf",
    "NotoSansThai-Regular.ttf",
    "NotoSansCJKjp-Regular-common.otf",
    "NotoEmoji-Medium.ttf",
)
_FALLBACKS = (2, 3, 4, 5, 6, 7, 8, 9)
CHAINS: dict[bool, tuple[int, ...]] = {False: (0, *_FALLBACKS), True: (1, *_FALLBACKS)}
EMOJI = FILES.index("NotoEmoji-Medium.ttf")
#: Fonts whose spaces and punctuation are not text-sized (symbols and emoji are wide).
_PICTURES = {FILES.index(f) for f in FILES if "Symbols" in f or "Emoji" in f}

#: Invisible characters that only steer their neighbours: kept inside a run whose font
#: knows them (an emoji ZWJ sequence, a variation selector), dropped otherwise.
_STEERING = {0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x2060, 0xFEFF, 0x00AD, 0x034F}
_STEERING.update(range(0x202A, 0x202F))
_STEERING.update(range(0x2066, 0x206A))
_STEERING.update(range(0xFE00, 0xFE10))
_STEERING.update(range(0xE0020, 0xE0080))
_STEERING.update(range(0xE0100, 0xE01F0))
_STEERING.update(range(0x1F3FB, 0x1F400))  # skin tones, drawn by the emoji font or dropped
VS16 = 0xFE0F  # "show the character before me as an emoji"

#: Pillow's text shaper (bidi, ligatures, marks) when it has one; plain layout otherwise.
SHAPING = features.check_feature("raqm")

Run = tuple[int, str]  # (index into FILES, text)

#: Spaces a line may be broken at (and that collapse into one); no-break spaces, such as
#: the narrow one French puts before « ! » or inside « 1 500 », stay as they are.
_BREAKING = re.compile(r"[ \t\n\r\f\v]+")


#: Combining marks kept on one letter: real scripts stack two or three (Vietnamese,
#: Thai); a pile of them (a "Zalgo" name) would reach over the lines around it.
MARKS = 4


def tidy(text: str) -> str:
    """``text`` on one line: runs of breaking spaces made one, none at either end, and no
    more than ``MARKS`` combining marks in a row."""
    text = _BREAKING.sub(" ", text).strip()
    if text.isascii():
        return text
    kept, piled = [], 0
    for char in text:
        kind = unicodedata.category(char)
        if kind in ("Mn", "Me"):
            piled += 1
            if piled > MARKS:
                continue
        elif kind != "Cf":  # an invisible format character does not end the pile
            piled = 0
        kept.append(char)
    return "".join(kept)


def _u16(data: bytes, at: int) -> int:
    value: int = struct.unpack_from(">H", data, at)[0]
    return value


def _u32(data: bytes, at: int) -> int:
    value: int = struct.unpack_from(">I", data, at)[0]
    return value


def cmap_codepoints(data: bytes) -> frozenset[int]:
    """The characters an OpenType font maps to a real glyph (its ``cmap`` table, format 12
    or 4): what the chain needs to know, without a font library at run time."""
    tables = {data[12 + 16 * i : 16 + 16 * i]: 12 + 16 * i for i in range(_u16(data, 4))}
    cmap = _u32(data, tables[b"cmap"] + 8)
    subtables = {}
    for i in range(_u16(data, cmap + 2)):
        record = cmap + 4 + 8 * i
        offset = cmap + _u32(data, record + 4)
        subtables[_u16(data, offset)] = offset
    if 12 in subtables:
        return frozenset(_format12(data, subtables[12]))
    return frozenset(_format4(data, subtables[4]))


def _format12(data: bytes, at: int) -> Iterator[int]:
    for group in range(_u32(data, at + 12)):
        start, end, glyph = struct.unpack_from(">III", data, at + 16 + 12 * group)
        yield from range(start + (glyph == 0), end + 1)


def _format4(data: bytes, at: int) -> Iterator[int]:
    segments = _u16(data, at + 6) // 2
    ends, starts = at + 14, at + 16 + 2 * segments
    deltas, ranges = starts + 2 * segments, starts + 4 * segments
    for i in range(segments):
        start, end = _u16(data, starts + 2 * i), _u16(data, ends + 2 * i)
        delta, range_offset = _u16(data, deltas + 2 * i), _u16(data, ranges + 2 * i)
        for code in range(start, min(end, 0xFFFE) + 1):
            if range_offset:
                glyph = _u16(data, ranges + 2 * i + range_offset + 2 * (code - start))
                glyph = (glyph + delta) & 0xFFFF if glyph else 0
            else:
                glyph = (code + delta) & 0xFFFF
            if glyph:
                yield code


@lru_cache(maxsize=len(FILES))
def coverage(index: int) -> frozenset[int]:
    return cmap_codepoints((FONT_DIR / FILES[index]).read_bytes())


@lru_cache(maxsize=128)
def face(index: int, size: int) -> ImageFont.FreeTypeFont:
    """One font file at one pixel size, loaded once."""
    return ImageFont.truetype(str(FONT_DIR / FILES[index]), size)


def _attaches(char: str) -> bool:
    """Whether ``char`` belongs to the character before it (a mark or a steering code)."""
    return ord(char) in _STEERING or unicodedata.category(char) in ("Mn", "Me")


@lru_cache(maxsize=4096)
def _font_for(char: str, bold: bool, emoji: bool) -> int | None:
    """The first font of the chain with ``char`` (the emoji font first when asked)."""
    if emoji and ord(char) in coverage(EMOJI):
        return EMOJI
    return next((i for i in CHAINS[bold] if ord(char) in coverage(i)), None)


@lru_cache(maxsize=4096)
def _kind(char: str) -> str:
    """How a character joins a run: "attach" (marks, steering codes), "skip" (other
    invisible codes), "neutral" (spaces, punctuation) or "letter"."""
    if _attaches(char):
        return "attach"
    category = unicodedata.category(char)
    if category.startswith("C"):
        return "skip"
    return "neutral" if category in ("Zs", "Po", "Pd") else "letter"


@lru_cache(maxsize=8192)
def runs(text: str, bold: bool = False) -> tuple[Run, ...]:
    """``text`` cut into (font, text) runs in reading order, undrawable characters left out.

    A character followed by VS16 asks for its emoji form; a mark or steering code joins the
    run before it when that font has it. Lines whose first strong letter is right-to-left
    have their runs put right to left (within a run the shaper, if any, orders letters).
    """
    text = tidy(text)
    primary = CHAINS[bold][0]
    if set(map(ord, text)) <= coverage(primary):  # the common case: one font draws it all
        return ((primary, text),) if text else ()
    found: list[list[Any]] = []
    for position, char in enumerate(text):
        kind = _kind(char)
        if kind == "attach":
            if found and ord(char) in coverage(found[-1][0]):
                found[-1][1] += char
            continue
        if kind == "skip":
            continue
        current = found[-1][0] if found else None
        if (
            kind == "neutral"
            and current not in (None, *_PICTURES)
            and ord(char) in coverage(current)
        ):
            index: int | None = current  # spaces and punctuation keep the run going
        else:
            emoji = text[position + 1 : position + 2] == chr(VS16)
            index = _font_for(char, bold, emoji)
        if index is None:
            continue
        if index == current:
            found[-1][1] += char
        else:
            found.append([index, char])
    result = [(int(index), str(part)) for index, part in found]
    if result:  # what was left out may leave spaces at the ends
        result[0] = (result[0][0], result[0][1].lstrip())
        result[-1] = (result[-1][0], result[-1][1].rstrip())
        result = [(index, part) for index, part in result if part]
    if not SHAPING:
        result = [(i, part[::-1] if _rtl(part) else part) for i, part in result]
    if _rtl(text):
        result.reverse()
    return tuple(result)


def _rtl(text: str) -> bool:
    """Whether the first strongly directional letter of ``text`` reads right to left."""
    for char in text:
        direction = unicodedata.bidirectional(char)
        if direction in ("R", "AL"):
            return True
        if direction == "L":
            return False
    return False


@lru_cache(maxsize=1024)
def drawable(text: str) -> str:
    """What of ``text`` the fonts can draw (in logical order), spaces tidied."""
    kept = [char for char in tidy(text) if _drawable(char)]
    return "".join(kept).strip()


def _drawable(char: str) -> bool:
    if char == " ":
        return True
    if unicodedata.category(char).startswith("C") and ord(char) not in _STEERING:
        return False
    return any(ord(char) in coverage(i) for i in CHAINS[False])


#: Runs these fonts change as a whole: the scripts that are shaped in context, and the
#: sequences Noto's default features turn into ligatures (ff, fi, fl; tone letters; kana
#: iteration marks). A run with a mark or steering code in it is shaped whole as well.
_SHAPED = {
    i for i, f in enumerate(FILES) if any(s in f for s in ("Hebrew", "Arabic", "Deva", "Thai"))
}
_LIGATURES = re.compile("f[fil]|[\u02e5-\u02e9\u3031-\u3035]")


@lru_cache(maxsize=8192)
def _composable(index: int, part: str) -> bool:
    """Whether ``part`` lays out glyph by glyph: each at its advance plus pair kerning.
    Its letters must share one script: the shaper lays out each script's stretch apart,
    and punctuation between two takes on a neighbour's, so a pair measured alone can
    kern differently than in the run ("Zoë Дима")."""
    if index in _SHAPED or _LIGATURES.search(part):
        return False
    if not all(_kind(char) in ("letter", "neutral") for char in part):
        return False
    return len({_script(char) for char in part if char.isalpha()}) <= 1


@lru_cache(maxsize=4096)
def _script(char: str) -> str:
    """A letter's script, as the first word of its Unicode name (LATIN, GREEK, CJK …)."""
    return unicodedata.name(char, "").partition(" ")[0]


@lru_cache(maxsize=16384)
def _advance64(index: int, part: str, size: int) -> int:
    """The shaper's advance of ``part`` in 1/64 px (what Pillow lays out with)."""
    return round(face(index, size).getlength(part) * 64)


def _pair64(index: int, first: str, second: str, size: int) -> int:
    """The advance of ``first`` next to ``second``: its own plus their kerning."""
    return _advance64(index, first + second, size) - _advance64(index, second, size)


@lru_cache(maxsize=8192)
def _pens(index: int, part: str, size: int) -> tuple[int, ...]:
    """Each glyph's pen position in 1/64 px, then the run's advance."""
    pens, pen = [0], 0
    for first, second in itertools.pairwise(part):
        pen += _pair64(index, first, second, size)
        pens.append(pen)
    pens.append(pen + _advance64(index, part[-1], size))
    return tuple(pens)


@lru_cache(maxsize=8192)
def _advance(index: int, part: str, size: int) -> float:
    if _composable(index, part):
        return _pens(index, part, size)[-1] / 64
    return face(index, size).getlength(part)


@lru_cache(maxsize=8192)
def width(text: str, size: int, bold: bool = False) -> int:
    """Advance width in pixels of ``text`` as drawn (every run in its own font)."""
    return int(sum(_advance(index, part, size) for index, part in runs(text, bold)))


def _stroke(index: int, size: int, bold: bool) -> int:
    """Fallback fonts ship in one weight; in bold text their letters get a thin outline in
    their own colour so a name reads as bold throughout (symbols and emoji stay as drawn)."""
    if bold and index not in CHAINS[True][:1] and index not in _PICTURES and size >= 18:
        return 1
    return 0


@lru_cache(maxsize=4096)
def _glyph_mask(
    index: int, text: str, size: int, anchor: str, start: tuple[float, float], stroke: int
) -> tuple[Any, tuple[int, int]]:
    """FreeType's coverage mask of one run and its offset from the anchor point.

    ``ImageDraw.text`` re-rasterises every time; a mask is a few KB (an opaque Pillow core
    image, hence ``Any``) and 4096 stay bounded.
    """
    if not stroke and anchor[1] in _V_ANCHORS and _composable(index, text):
        return _compose(index, text, size, anchor, start)
    return face(index, size).getmask2(text, "L", anchor=anchor, start=start, stroke_width=stroke)


#: Vertical anchors that depend on the font alone (not on the run's own ink).
_V_ANCHORS = "asmd"


def _round(value: float) -> int:
    """C's ``round`` (halves away from zero), as Pillow rounds a fractional start."""
    return math.floor(value + 0.5) if value >= 0 else -math.floor(0.5 - value)


def _pixel(value: int) -> int:
    """FreeType's 26.6 fixed point rounded to a whole pixel, as Pillow rounds it."""
    return (value + 32) >> 6


@lru_cache(maxsize=8192)
def _glyph(index: int, char: str, size: int) -> tuple[Any, tuple[int, int]]:
    """One glyph's mask and its offset from its pen point on the baseline."""
    return face(index, size).getmask2(char, "L", anchor="ls")


@lru_cache(maxsize=256)
def _y_anchor(index: int, size: int, vertical: str) -> int:
    """How far below a vertical anchor the baseline lies, in pixels (read off Pillow)."""
    font = face(index, size)
    return (
        font.getmask2("x", "L", anchor="l" + vertical)[1][1]
        - font.getmask2("x", "L", anchor="ls")[1][1]
    )


def _compose(
    index: int, text: str, size: int, anchor: str, start: tuple[float, float]
) -> tuple[Any, tuple[int, int]]:
    """``getmask2`` of a run, built from cached glyph masks: each glyph lands where
    Pillow's renderer puts it (its pen rounded to the pixel after the fractional start,
    the anchor in whole pixels), so the pixels drawn are the same."""
    pens = _pens(index, text, size)
    total = pens[-1]
    shift_x = {"l": 0, "m": _pixel(total // 2), "r": _pixel(total)}[anchor[0]]
    baseline = _y_anchor(index, size, anchor[1]) - _pixel(-_round(start[1] * 64))
    origin = _round(start[0] * 64)
    placed = []
    for char, pen in zip(text, pens, strict=False):
        mask, (dx, dy) = _glyph(index, char, size)
        if mask.size[0] and mask.size[1]:
            placed.append((mask, _pixel(origin + pen) - shift_x + dx, baseline + dy))
    if not placed:
        return face(index, size).getmask2(text, "L", anchor=anchor, start=start)
    left = min(x for _, x, _ in placed)
    top = min(y for _, _, y in placed)
    right = max(x + mask.size[0] for mask, x, _ in placed)
    bottom = max(y + mask.size[1] for mask, _, y in placed)
    image = Image.new("L", (right - left, bottom - top))
    core = ImageDraw.Draw(image).draw
    for mask, x, y in placed:
        core.draw_bitmap((x - left, y - top), mask, 255)
    return image.im, (left, top)


#: Whether ``_stamp`` may use its cached-mask path (see there).
_fast = True


def _stamp(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    index: int,
    text: str,
    size: int,
    fill: tuple[int, int, int],
    anchor: str,
    stroke: int = 0,
) -> None:
    """``draw.text`` of one run with a cached glyph mask: the same pixels, without
    re-rasterising. Mirrors Pillow's single-line path (whole-pixel origin, fractional start,
    mask offset, ``draw_bitmap``); should a Pillow release change that core, every later
    call takes the public route instead."""
    global _fast
    palette = inks.of(draw)
    if palette is not None:
        _stamp_paletted(draw, palette, xy, index, text, size, fill, anchor, stroke)
        return
    if _fast and draw.fontmode == "L":
        x, y = xy
        start = (math.modf(x)[0], math.modf(y)[0])
        try:
            ink = draw.draw.draw_ink(fill)
            for width in (stroke, 0) if stroke else (0,):  # a stroke is an outline: fill too
                mask, (dx, dy) = _glyph_mask(index, text, size, anchor, start, width)
                draw.draw.draw_bitmap((int(x) + dx, int(y) + dy), mask, ink)
            return
        except (AttributeError, TypeError):
            _fast = False
    draw.text(
        xy,
        text,
        font=face(index, size),
        fill=fill,
        anchor=anchor,
        stroke_width=stroke,
        stroke_fill=fill,
    )


def _stamp_paletted(
    draw: ImageDraw.ImageDraw,
    palette: inks.Palette,
    xy: tuple[float, float],
    index: int,
    text: str,
    size: int,
    fill: tuple[int, int, int],
    anchor: str,
    stroke: int,
) -> None:
    """``_stamp`` on a picture drawn in ``palette`` (``renders.inks``): the same glyph
    masks, each coverage step in the ink mixed with the ground under the pixel (for a
    pixel at the edge of other text, what that text was drawn on)."""
    x, y = xy
    start = (math.modf(x)[0], math.modf(y)[0])
    mask, (dx, dy) = _outlined_mask(index, text, size, anchor, start, stroke)
    left, top = int(x) + dx, int(y) + dy
    box = (left, top, left + mask.size[0], top + mask.size[1])
    covered = _covered(index, text, size, anchor, start, stroke)
    under = draw.im.crop(box)
    ink = palette.index(fill)
    # Most runs land on one ground (index 0 is outside the picture, never drawn).
    low, high = under.getextrema()
    if low == high:
        grounds = [low] if low else []
    else:
        counts = under.histogram((0, 0), covered)
        grounds = [at for at in range(1, len(counts)) if counts[at]]
    for ground in grounds:
        over = palette.ground(ground)
        tinted, steps = _tinted(index, text, size, anchor, start, stroke, ink, over, palette.name)
        where = (
            covered if len(grounds) == 1 else covered.chop_darker(under.point(_only(ground), "L"))
        )
        draw.im.paste(tinted, box, where)
        inks.ink(draw.palette, steps)


def _outlined_mask(
    index: int, text: str, size: int, anchor: str, start: tuple[float, float], stroke: int
) -> tuple[Any, tuple[int, int]]:
    """``_glyph_mask``, its outline (``stroke``, drawn first) and fill in one mask, as
    drawing one over the other in the same ink covers: 1 - (1 - outline)(1 - fill)."""
    fill = _glyph_mask(index, text, size, anchor, start, 0)
    if not stroke:
        return fill
    return _merged(_glyph_mask(index, text, size, anchor, start, stroke), fill)


@lru_cache(maxsize=1024)
def _merged(
    outline: tuple[Any, tuple[int, int]], fill: tuple[Any, tuple[int, int]]
) -> tuple[Any, tuple[int, int]]:
    (under, (ux, uy)), (over, (ox, oy)) = outline, fill
    left, top = min(ux, ox), min(uy, oy)
    right = max(ux + under.size[0], ox + over.size[0])
    bottom = max(uy + under.size[1], oy + over.size[1])
    layers = []
    for mask, (x, y) in outline, fill:
        layer = Image.new("L", (right - left, bottom - top))
        layer.im.paste(mask, (x - left, y - top, x - left + mask.size[0], y - top + mask.size[1]))
        layers.append(layer)
    return ImageChops.screen(*layers).im, (left, top)


@lru_cache(maxsize=256)
def _only(index: int) -> tuple[int, ...]:
    """A lookup from a palette index to a mask: full for ``index`` alone."""
    return tuple(255 if at == index else 0 for at in range(256))


@lru_cache(maxsize=4096)
def _covered(
    index: int, text: str, size: int, anchor: str, start: tuple[float, float], stroke: int
) -> Any:
    """The mask that pastes a run on a paletted picture: the pixels it covers."""
    return _outlined_mask(index, text, size, anchor, start, stroke)[0].point(inks.COVERED, "L")


@lru_cache(maxsize=4096)
def _tinted(
    index: int,
    text: str,
    size: int,
    anchor: str,
    start: tuple[float, float],
    stroke: int,
    ink: int,
    ground: int,
    palette: str,
) -> tuple[Any, tuple[int, ...]]:
    """A run's mask as indices of the palette ``palette`` for ``ink`` on ``ground``, and
    the indices it holds."""
    mask, _ = _outlined_mask(index, text, size, anchor, start, stroke)
    drawn_in = inks.named(palette)
    return mask.point(drawn_in.blends(ink, ground), "L"), drawn_in.steps(ink, ground)


def _baseline(y: float, size: int, bold: bool, vertical: str) -> float:
    """The baseline for a vertical anchor, from the first font's metrics (shared by runs)."""
    ascent, descent = face(CHAINS[bold][0], size).getmetrics()
    offsets = {"a": ascent, "t": ascent, "m": (ascent - descent) / 2, "s": 0}
    return y + offsets.get(vertical, -descent)


@dataclass(frozen=True, slots=True)
class Drawn:
    """One line as it was drawn: its text (before characters no font has are left out),
    its box and core (the band from the baseline up to about the capitals' height, where
    two lines that touch would collide), and the size of the picture it was drawn on."""

    text: str
    size: int
    box: tuple[int, int, int, int]
    core: tuple[int, int, int, int]
    canvas: tuple[int, int]
    picture: object  # the picture itself (Pillow's core image): lines of one picture share it


@dataclass(frozen=True, slots=True)
class Area:
    """A panel drawn: the lines that start inside it are meant to stay inside it."""

    box: tuple[int, int, int, int]
    picture: object


@dataclass
class Recording:
    """What was drawn inside ``recorded()``: every line and every panel, in order."""

    lines: list[Drawn]
    areas: list[Area]


_RECORDING: ContextVar[Recording | None] = ContextVar("renders_text_recording", default=None)


@contextmanager
def recorded() -> Iterator[Recording]:
    """Every line (and panel) drawn inside the ``with`` block. Pictures another module
    caches are drawn only on their first use: a test clears those caches first."""
    drawn = Recording([], [])
    token = _RECORDING.set(drawn)
    try:
        yield drawn
    finally:
        _RECORDING.reset(token)


def recording() -> bool:
    """Whether lines are being recorded (``recorded``): pictures pasted from a cache would
    not show their lines where they land, so the renderer draws them instead."""
    return _RECORDING.get() is not None


def note_area(canvas: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    """Note a panel while recording (``theme.panel`` calls this); nothing otherwise."""
    recording = _RECORDING.get()
    if recording is not None:
        recording.areas.append(Area(box, canvas.im))


def draw(
    canvas: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: tuple[int, int, int],
    bold: bool = False,
    anchor: str = "la",
) -> tuple[int, int, int, int] | None:
    """One line at ``xy`` (Pillow's anchors); returns the box it covers, or ``None``."""
    parts = runs(text, bold)
    if not parts:
        return None
    x, y = xy
    total = width(text, size, bold)
    left = {"l": x, "m": x - total / 2, "r": x - total}[anchor[0]]
    baseline = _baseline(y, size, bold, anchor[1])
    if len(parts) == 1:  # exactly Pillow's own placement
        index, part = parts[0]
        _stamp(canvas, xy, index, part, size, fill, anchor, _stroke(index, size, bold))
    else:
        run_x = left
        for index, part in parts:
            stroke = _stroke(index, size, bold)
            _stamp(canvas, (run_x, baseline), index, part, size, fill, "ls", stroke)
            run_x += _advance(index, part, size)
    ascent, descent = face(CHAINS[bold][0], size).getmetrics()
    box = (int(left), int(baseline - ascent), math.ceil(left + total), int(baseline + descent))
    recording = _RECORDING.get()
    if recording is not None:
        core = (box[0], int(baseline - 0.7 * size), box[2], int(baseline))
        picture = canvas.im
        recording.lines.append(Drawn(text, size, box, core, picture.size, picture))
    return box
