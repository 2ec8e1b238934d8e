"""Tokens pasted from their cached stamps (``theme.token``) are the tokens drawn directly,
pixel for pixel, wherever they go."""

from __future__ import annotations

import random

import pytest
from PIL import Image

from renders import shapes, theme

LABELS = ["", "A", "Zo", "花", "Д", "🎢", "WW", "Ελ"]


def _ground() -> Image.Image:
    """A patterned picture, so a pixel the stamp wrongly covers or leaves shows."""
    image = Image.new("RGB", (240, 160), theme.PANEL)
    for x in range(0, 240, 3):
        image.paste((x, 255 - x, 90), (x, 0, x + 1, 160))
    return image


@pytest.mark.parametrize("seed", range(4))
def test_stamped_tokens_are_drawn_tokens(seed: int) -> None:
    rng = random.Random(seed)
    theme._token_stamp.cache_clear()
    for _ in range(40):
        center = (rng.choice([40, 61.5, 100.25, 150.3, 7.0]), rng.choice([30, 44.5, 90.7, 5.5]))
        radius = rng.choice([8, 9, 10, 11, 15, 16, 19, 20])
        index = rng.randrange(6)
        label = rng.choice(LABELS)
        ring = rng.choice([None, theme.HIGHLIGHT, theme.INK])
        stamped, direct = _ground(), _ground()
        theme.token(shapes.Draw(stamped), center, radius, index, label, ring)
        theme._draw_token(shapes.Draw(direct), center, radius, index, label, ring)
        assert stamped.tobytes() == direct.tobytes(), (center, radius, index, label, ring)
    info = theme._token_stamp.cache_info()
    assert info.hits + info.misses > 15, "most tokens went through the stamps"


def test_a_label_spilling_past_its_shape_is_drawn_directly() -> None:
    """A stamp keeps only what covers its shape fully: a label wider than a small
    triangle would lose its antialiased edge on the ground, so it is not stamped."""
    theme._token_stamp.cache_clear()
    assert theme._token_stamp(4, 1, "WWWWWWWW", None, (13.0, 13.0)) is None
    assert theme._token_stamp(16, 1, "A", None, (25.0, 25.0)) is not None
