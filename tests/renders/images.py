"""What every picture must be: a PNG for a phone (800 px wide, ≤ 1600 px long; boards tall)."""

from __future__ import annotations

import io

from PIL import Image


def check_png(data: bytes, height: int | None = None) -> Image.Image:
    """The decoded image, after checking format, size limits and the portrait shape
    (``height``: the exact height a board of this table must have, so replays line up)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) <= 300_000
    image = Image.open(io.BytesIO(data))
    width, tall = image.size
    assert width == 800 and tall <= 1600
    if height is not None:  # a board: tall, and the same size all game long
        assert tall == height and tall > width
    return image
