"""The render caches change speed, never pixels: cached drawing equals Pillow's own."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from renders import theme

#: Positions with whole, half and odd fractional coordinates (Pillow renders glyphs
#: differently at fractional starts, so the cache must keep them apart).
POSITIONS = [(40, 30), (40.5, 30.5), (41.25, 29.75), (-3.5, 12.2)]
TEXTS = ["Alice to move", "Zoë · 42", "W", "Game over — Bertrand wins"]


def _pillow_text(xy: tuple[float, float], text: str, size: int, bold: bool, anchor: str) -> bytes:
    image = Image.new("RGB", (320, 80), theme.BACKGROUND)
    ImageDraw.Draw(image).text(
        xy, text, font=theme.font(size, bold), fill=theme.HEADER_BG, anchor=anchor
    )
    return image.tobytes()


def _theme_text(xy: tuple[float, float], text: str, size: int, bold: bool, anchor: str) -> bytes:
    image = Image.new("RGB", (320, 80), theme.BACKGROUND)
    theme.draw_text(ImageDraw.Draw(image), xy, text, size, theme.HEADER_BG, bold, anchor)
    return image.tobytes()


@pytest.mark.parametrize("anchor", ["la", "mm", "lm", "rm", "lb"])
@pytest.mark.parametrize("bold", [False, True])
def test_cached_text_draws_the_same_pixels_as_pillow(anchor: str, bold: bool) -> None:
    for xy in POSITIONS:
        for text in TEXTS:
            expected = _pillow_text(xy, text, 19, bold, anchor)
            # Twice: the first call fills the glyph cache, the second reads from it.
            assert _theme_text(xy, text, 19, bold, anchor) == expected
            assert _theme_text(xy, text, 19, bold, anchor) == expected


def test_multiline_text_still_draws_like_pillow() -> None:
    text = "Two\nlines"
    assert _theme_text((10.5, 8), text, 16, False, "la") == _pillow_text(
        (10.5, 8), text, 16, False, "la"
    )


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


def test_to_png_quantizes_rgb_as_it_is() -> None:
    image = Image.new("RGB", (60, 40), theme.BACKGROUND)
    theme.draw_text(ImageDraw.Draw(image), (4, 4), "Hi", 24, theme.PLAYER_COLORS[1], True)
    expected = image.quantize(colors=128, method=Image.Quantize.FASTOCTREE)
    decoded = Image.open(io.BytesIO(theme.to_png(image)))
    assert decoded.convert("RGB").tobytes() == expected.convert("RGB").tobytes()


def test_without_the_fast_path_text_still_draws_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """Should a Pillow release change the drawing core, text falls back to Pillow's own
    public route, pixel for pixel, instead of failing the render."""

    def gone(*_: object) -> object:
        raise AttributeError("no such core method")

    monkeypatch.setattr(theme, "_glyph_mask", gone)
    monkeypatch.setattr(theme, "_fast_text", True)
    expected = _pillow_text((40.5, 30.5), "Alice to move", 19, True, "mm")
    assert _theme_text((40.5, 30.5), "Alice to move", 19, True, "mm") == expected
    assert theme._fast_text is False
    assert _theme_text((40, 30), "W", 19, False, "la") == _pillow_text(
        (40, 30), "W", 19, False, "la"
    )
