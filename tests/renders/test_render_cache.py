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
