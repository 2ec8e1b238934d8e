"""Animated GIF replays: one frame per public board, from a game's rebuilt views."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from PIL import Image

import renders

#: Enough for a long game to stay a quick watch and well under Discord's 10 MiB.
MAX_FRAMES = 120
FRAME_WIDTH = 800
FRAME_MS = 700
LAST_FRAME_MS = 4000
SIZE_LIMIT = 10 * 1024 * 1024


def pick_frames(count: int, limit: int = MAX_FRAMES) -> list[int]:
    """Indices of the states to show: all of them, or ``limit`` spread evenly (first and
    last always included)."""
    if count <= limit:
        return list(range(count))
    step = (count - 1) / (limit - 1)
    return sorted({round(i * step) for i in range(limit)})


def gif(slug: str, views: Sequence[dict[str, Any]], width: int = FRAME_WIDTH) -> bytes:
    """The views as an animated GIF ≤ 10 MiB (smaller frames if it would be larger)."""
    chosen = [views[i] for i in pick_frames(len(views))]
    boards = [Image.open(io.BytesIO(renders.board(slug, dict(v)))).convert("RGB") for v in chosen]
    while True:
        frames = [scale(b, width).quantize(colors=96) for b in boards]
        durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
        buffer = io.BytesIO()
        frames[0].save(
            buffer,
            format="GIF",
            save_all=True,
            append_images=frames[1:],
            duration=durations,
            loop=0,
            optimize=False,
        )
        data = buffer.getvalue()
        if len(data) <= SIZE_LIMIT or width <= 320:
            return data
        width = int(width * 0.75)


def scale(image: Image.Image, width: int) -> Image.Image:
    height = round(image.height * width / image.width)
    return image.resize((width, height), Image.Resampling.LANCZOS)
