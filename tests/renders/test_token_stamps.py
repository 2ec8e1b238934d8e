"""Tokens pasted from their cached stamps (``theme.token``) are the tokens drawn directly,
pixel for pixel, wherever they go."""

from __future__ import annotations

import random

import pytest
from PIL import Image

from renders import shapes, text, theme

LABELS = ["", "A", "Zo", "花", "Д", "🎢", "WW", "Ελ"]


def _ground() -> Image.Image:
    """A patterned picture, so a pixel the stamp wrongly covers or leaves shows."""
    image = Image.new("RGB", (240, 160), theme.PANEL)
    for x in range(0, 240, 3):
        image.paste((x, 255 - x, 90), (x, 0, x + 1, 160))
    return image


def _far_ground() -> Image.Image:
    """A tall picture, for tokens far from its top (where a centre's float is coarser)."""
    image = Image.new("RGB", (120, 1500), theme.PANEL)
    for y in range(0, 1500, 3):
        image.paste((y % 256, 90, 255 - y % 256), (0, y, 120, y + 1))
    return image


@pytest.mark.parametrize("seed", range(4))
def test_stamped_tokens_are_drawn_tokens(seed: int) -> None:
    rng = random.Random(seed)
    theme._token_stamp.cache_clear()
    for _ in range(40):
        x = rng.choice([40, 61.5, 100.25, 150.3, 7.0, 60, 190.75])
        y = rng.choice([30, 44.5, 90.7, 5.5, 111.1, 120.25])
        center = (x, y)
        radius = rng.choice([8, 9, 10, 11, 15, 16, 19, 20])
        index = rng.randrange(6)
        label = rng.choice(LABELS)
        ring = rng.choice([None, theme.HIGHLIGHT, theme.INK])
        stamped, direct = _ground(), _ground()
        theme.token(shapes.Draw(stamped), center, radius, index, label, ring)
        theme._draw_token(shapes.Draw(direct), center, radius, index, label, ring)
        assert stamped.tobytes() == direct.tobytes(), (center, radius, index, label, ring)
    info = theme._token_stamp.cache_info()
    assert info.hits + info.misses > 5, "the quarter-pixel tokens went through the stamps"


@pytest.mark.parametrize("y", [111.1, 1111.1, 1111.25, 1400.5, 733.75])
@pytest.mark.parametrize("index", range(6))
def test_tokens_far_down_a_tall_picture_are_drawn_tokens(y: float, index: int) -> None:
    """Only quarter pixels are stamped: another fraction (111.1) would move a shape's
    edge by a rounding, so it is drawn directly, and both ways agree."""
    for ring in (None, theme.HIGHLIGHT):
        stamped, direct = _far_ground(), _far_ground()
        theme.token(shapes.Draw(stamped), (60, y), 11, index, "A", ring)
        theme._draw_token(shapes.Draw(direct), (60, y), 11, index, "A", ring)
        assert stamped.tobytes() == direct.tobytes(), (y, index, ring)


def test_while_recording_tokens_are_drawn_where_they_land() -> None:
    """A test reading the lines of a board finds a token's label on the board itself."""
    image = _ground()
    with text.recorded() as drawn:
        theme.token(shapes.Draw(image), (100, 80), 16, 0, "Zo")
    assert [line.text for line in drawn.lines] == ["Zo"]
    assert drawn.lines[0].picture is image.im


def test_a_label_spilling_past_its_shape_is_drawn_directly() -> None:
    """A stamp keeps only what covers its shape fully: a label wider than a small
    triangle would lose its antialiased edge on the ground, so it is not stamped."""
    theme._token_stamp.cache_clear()
    assert theme._token_stamp(4, 1, "WWWWWWWW", None, (13.0, 13.0)) is None
    assert theme._token_stamp(16, 1, "A", None, (25.0, 25.0)) is not None
