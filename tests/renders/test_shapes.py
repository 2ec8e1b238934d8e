"""Rounded rectangles from cached corners (renders/shapes.py) are Pillow's, pixel for pixel."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageDraw

from renders import shapes, theme

Box = tuple[float, float, float, float]


def _both(
    box: Box,
    radius: float,
    fill: tuple[int, int, int] | None,
    outline: tuple[int, int, int] | None,
    width: int,
    corners: tuple[bool, bool, bool, bool] | None = None,
) -> tuple[bytes, bytes]:
    """The same rectangle drawn by Pillow and by ``shapes.Draw``, on a patterned ground
    (so a pixel wrongly left or covered shows)."""
    pictures = []
    for pen in (ImageDraw.Draw, shapes.Draw):
        image = Image.new("RGB", (160, 120), theme.BACKGROUND)
        for x in range(0, 160, 3):
            image.paste((x, 255 - x, 90), (x, 0, x + 1, 120))
        pen(image).rounded_rectangle(box, radius, fill, outline, width, corners=corners)
        pictures.append(image.tobytes())
    return pictures[0], pictures[1]


@pytest.mark.parametrize("seed", range(6))
def test_random_rectangles_are_pillow_s(seed: int) -> None:
    rng = random.Random(seed)
    shapes._stamps.cache_clear()
    colours = [None, theme.PANEL, theme.INK, theme.HIGHLIGHT, (12, 200, 40)]
    for _ in range(60):
        x0, y0 = rng.randint(0, 60), rng.randint(0, 50)
        box = (x0, y0, x0 + rng.randint(0, 95), y0 + rng.randint(0, 65))
        radius = rng.choice([0, 2, 3, 5, 6, 8, 10, 12, 20, 40, 2.5])
        fill, outline = rng.choice(colours), rng.choice(colours)
        width = rng.choice([0, 1, 2, 3, 4, 5])
        pillow, ours = _both(box, radius, fill, outline, width)
        assert ours == pillow, (box, radius, fill, outline, width)
    info = shapes._stamps.cache_info()
    assert info.hits + info.misses > 10, "most took the cached corners"


@pytest.mark.parametrize(
    ("box", "radius"),
    [
        ((10, 10, 30, 30), 12),  # corners that meet both ways: an ellipse
        ((10, 10, 100, 26), 10),  # top and bottom corners join
        ((10, 10, 26, 100), 10),  # left and right corners join
        ((10.4, 10.6, 90.5, 70.2), 8),  # fractional edges, rounded as Pillow does
        ((10, 10, 90, 70), 7.5),  # an odd corner
        ((10, 10, 10, 70), 8),  # no width at all
    ],
)
def test_edge_cases_are_pillow_s(box: Box, radius: float) -> None:
    pillow, ours = _both(box, radius, theme.PANEL, theme.INK, 2)
    assert ours == pillow


def test_partial_corners_are_pillow_s() -> None:
    pillow, ours = _both(
        (10, 10, 120, 90), 12, theme.PANEL, theme.INK, 3, (True, False, True, False)
    )
    assert ours == pillow


def test_the_corners_are_kept_per_look() -> None:
    """Each size, colour and width is drawn once; the next rectangle reuses it."""
    shapes._stamps.cache_clear()
    image = Image.new("RGB", (200, 200), theme.BACKGROUND)
    draw = shapes.Draw(image)
    for x in range(0, 150, 30):
        draw.rounded_rectangle(
            (x, 10, x + 28, 60), 6, fill=theme.PANEL, outline=theme.LINE, width=2
        )
    draw.rounded_rectangle((0, 70, 50, 120), 6, fill=theme.PANEL, outline=theme.INK, width=2)
    info = shapes._stamps.cache_info()
    assert (info.misses, info.hits) == (2, 4)
