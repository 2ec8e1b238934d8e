"""The render caches change speed, never pixels: cached drawing equals Pillow's own."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from renders import text, theme

#: Positions with whole, half and odd fractional coordinates (Pillow renders glyphs
#: differently at fractional starts, so the cache must keep them apart).
POSITIONS = [(40, 30), (40.5, 30.5), (41.25, 29.75), (-3.5, 12.2)]
TEXTS = ["Alice to move", "Zoë · 42", "W", "Game over — Bertrand wins"]
INK = theme.INK


def _pillow_text(xy: tuple[float, float], value: str, size: int, bold: bool, anchor: str) -> bytes:
    image = Image.new("RGB", (320, 80), theme.BACKGROUND)
    ImageDraw.Draw(image).text(
        xy, value, font=text.face(text.CHAINS[bold][0], size), fill=INK, anchor=anchor
    )
    return image.tobytes()


def _theme_text(xy: tuple[float, float], value: str, size: int, bold: bool, anchor: str) -> bytes:
    image = Image.new("RGB", (320, 80), theme.BACKGROUND)
    theme.draw_text(ImageDraw.Draw(image), xy, value, size, INK, bold, anchor)
    return image.tobytes()


@pytest.mark.parametrize("anchor", ["la", "mm", "lm", "rm", "ls"])
@pytest.mark.parametrize("bold", [False, True])
def test_cached_text_draws_the_same_pixels_as_pillow(anchor: str, bold: bool) -> None:
    """Text one font can draw goes through Pillow's own placement, pixel for pixel."""
    for xy in POSITIONS:
        for value in TEXTS:
            expected = _pillow_text(xy, value, 19, bold, anchor)
            # Twice: the first call fills the glyph cache, the second reads from it.
            assert _theme_text(xy, value, 19, bold, anchor) == expected
            assert _theme_text(xy, value, 19, bold, anchor) == expected


def test_cached_text_keeps_fill_colours_apart() -> None:
    image = Image.new("RGB", (200, 40), theme.PANEL)
    draw = ImageDraw.Draw(image)
    theme.draw_text(draw, (10, 10), "Aa", 20, theme.INK)
    theme.draw_text(draw, (100, 10), "Aa", 20, theme.HIGHLIGHT)
    left = image.crop((0, 0, 100, 40)).getcolors()
    right = image.crop((100, 0, 200, 40)).getcolors()
    assert left is not None and right is not None
    left_colours, right_colours = {c for _, c in left}, {c for _, c in right}
    assert theme.INK in left_colours and theme.HIGHLIGHT not in left_colours
    assert theme.HIGHLIGHT in right_colours and theme.INK not in right_colours


def test_to_png_keeps_the_look_in_128_colours() -> None:
    """The palette comes from a sample of the pixels, yet every colour of a board-like
    picture (flat fills, thin lines, text) stays within a few levels of the original."""
    image = Image.new("RGB", (300, 120), theme.BACKGROUND)
    draw = ImageDraw.Draw(image)
    for i, color in enumerate(theme.PLAYER_COLORS):
        draw.rectangle((10 + 40 * i, 10, 40 + 40 * i, 40), fill=color)
    draw.line((0, 60, 300, 60), fill=theme.HIGHLIGHT, width=1)
    theme.draw_text(draw, (10, 70), "Alice to move · 42", 24, theme.INK, True)
    decoded = Image.open(io.BytesIO(theme.to_png(image)))
    assert decoded.mode == "P" and len(decoded.getcolors() or []) <= 128
    rgb = decoded.convert("RGB")
    for xy in [(25, 25), (65, 25), (225, 25), (150, 60), (150, 100)]:
        expected, got = image.getpixel(xy), rgb.getpixel(xy)
        assert isinstance(expected, tuple) and isinstance(got, tuple)
        assert max(abs(a - b) for a, b in zip(expected, got, strict=True)) <= 12, xy


@pytest.mark.parametrize(("value", "bold"), [("Alice to move", True), ("花子 · Zoë 🎢", False)])
def test_without_the_fast_path_text_still_draws_the_same(
    monkeypatch: pytest.MonkeyPatch, value: str, bold: bool
) -> None:
    """Should a Pillow release change the drawing core, text falls back to Pillow's own
    public route, pixel for pixel, instead of failing the render (fallback fonts in bold
    text get a stroke, which Pillow antialiases a little differently, so not compared)."""
    expected = _theme_text((40.5, 30.5), value, 19, bold, "mm")

    def gone(*_: object) -> object:
        raise AttributeError("no such core method")

    monkeypatch.setattr(text, "_glyph_mask", gone)
    monkeypatch.setattr(text, "_fast", True)
    assert _theme_text((40.5, 30.5), value, 19, bold, "mm") == expected
    assert text._fast is False


def _drawn(mask_and_offset: tuple[object, tuple[int, int]]) -> bytes:
    """A run mask drawn at a fixed point, so masks of different extents compare."""
    mask, (dx, dy) = mask_and_offset
    image = Image.new("L", (160, 90))
    ImageDraw.Draw(image).draw.draw_bitmap((30 + dx, 60 + dy), mask, 255)
    return image.tobytes()


@pytest.mark.parametrize("bold", [False, True])
def test_every_ascii_pair_composes_as_pillow_shapes_it(bold: bool) -> None:
    """A run not seen before is put together glyph by glyph (kerning read pair by pair);
    for every pair of printable ASCII characters that gives Pillow's own pixels, so the
    ligatures the fonts make ("fi", "ff", "fl") are exactly the ones kept out of it."""
    index = text.CHAINS[bold][0]
    font = text.face(index, 17)
    printable = [chr(code) for code in range(0x21, 0x7F)]
    composed = 0
    for first in printable:
        for second in printable:
            pair = first + second
            if not text._composable(index, pair):
                assert pair in ("ff", "fi", "fl"), pair
                continue
            start = (0.25, 0.6)
            expected = _drawn(font.getmask2(pair, "L", anchor="ls", start=start))
            assert _drawn(text._compose(index, pair, 17, "ls", start)) == expected, pair
            composed += 1
    assert composed == len(printable) ** 2 - 3


@pytest.mark.parametrize("anchor", ["la", "mm", "lm", "rm", "ls", "ma", "md", "ra"])
def test_composed_runs_in_any_script_match_pillow(anchor: str) -> None:
    """Greek, Cyrillic, accented Latin, symbols, CJK and emoji runs, at fractional starts."""
    values = ["Ελένη 2375 δραχμές", "Дима: 9", "Zoë Ñandú ★2 ⚡", "花子", "🎢", "AVAWATa Type"]
    fonts = set()
    for index, part in (run for value in values for run in text.runs(value)):
        assert text._composable(index, part)
        fonts.add(index)
        font = text.face(index, 23)
        for start in [(0.0, 0.0), (0.5, 0.5), (0.7, 0.2), (-0.5, 0.2)]:
            expected = _drawn(font.getmask2(part, "L", anchor=anchor, start=start))
            assert _drawn(text._compose(index, part, 23, anchor, start)) == expected, part
    assert len(fonts) >= 4  # Noto Sans, symbols, CJK and emoji all took part


def test_runs_the_shaper_must_see_whole_are_not_composed() -> None:
    """Ligatures, marks and scripts shaped in context go through Pillow's own shaping."""
    regular = text.CHAINS[False][0]
    assert not text._composable(regular, "office")
    assert not text._composable(regular, "e\u0301")
    assert not text._composable(text.FILES.index("NotoSansArabic-Regular.ttf"), "سلام")
    assert text._composable(regular, "Alice to move")


@pytest.mark.parametrize("value", ['Jé1βx);?"Дr3I<3^', "Last: Дима rolled 5+4 (Ελένη)"])
def test_a_line_mixing_scripts_draws_as_pillow_shapes_it(value: str) -> None:
    """The shaper lays out each script's stretch apart and punctuation takes on a
    neighbour's script, so a pair measured alone may kern otherwise than inside such a
    line (found by fuzzing): these lines go through Pillow whole, pixel for pixel."""
    ((index, part),) = text.runs(value)
    assert not text._composable(index, part)
    for xy in POSITIONS:
        assert _theme_text(xy, value, 13, False, "la") == _pillow_text(xy, value, 13, False, "la")
