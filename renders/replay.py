"""Animated GIF replays: the public board after each move, from a game's rebuilt views.

A replay is the most expensive thing the bot draws, so it is kept small: at most
``MAX_FRAMES`` boards (first and last always), scaled down by a fast whole-number
reduction, and mapped onto one shared palette so that consecutive frames differ only
where the board changed (Pillow then stores just that rectangle).
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

import renders
from i18n import Lang

#: A long game stays a quick watch, and the file a few MB at most.
MAX_FRAMES = 48
FRAME_WIDTH = 720
COLORS = 96
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


def gif(
    slug: str,
    views: Sequence[Mapping[str, Any]],
    width: int = FRAME_WIDTH,
    *,
    lang: Lang = renders.ENGLISH,
) -> bytes:
    """The views (all of them, or those ``pick_frames`` chose) as an animated GIF ≤ 10 MiB,
    in the table's language (English until the bot passes it)."""
    chosen = [views[i] for i in pick_frames(len(views))]
    boards = [
        Image.open(io.BytesIO(renders.board(slug, dict(view), lang=lang))).convert("RGB")
        for view in chosen
    ]
    durations = [FRAME_MS] * (len(boards) - 1) + [LAST_FRAME_MS]
    while True:
        data = encode([scale(b, width) for b in boards], durations)
        if len(data) <= SIZE_LIMIT or width <= 320:
            return data
        width = int(width * 0.75)


def encode(frames: list[Image.Image], durations: list[int]) -> bytes:
    """An animated GIF of RGB frames on one palette (taken from a few of them)."""
    palette = shared_palette(frames)
    quantized = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
    buffer = io.BytesIO()
    quantized[0].save(
        buffer,
        format="GIF",
        save_all=True,
        append_images=quantized[1:],
        duration=durations,
        loop=0,
        optimize=False,
    )
    return buffer.getvalue()


def shared_palette(frames: list[Image.Image]) -> Image.Image:
    """A palette for every frame: quantized from the first, middle and last frame side
    by side (colours that only appear later, such as a winner's highlight, are in it)."""
    samples = [frames[0], frames[len(frames) // 2], frames[-1]]
    width = sum(s.width for s in samples)
    strip = Image.new("RGB", (width, max(s.height for s in samples)))
    x = 0
    for sample in samples:
        strip.paste(sample, (x, 0))
        x += sample.width
    return strip.quantize(colors=COLORS, method=Image.Quantize.FASTOCTREE)


def scale(image: Image.Image, width: int) -> Image.Image:
    """``image`` about ``width`` wide: a fast whole-number reduction (boxes of pixels
    averaged), then a resize only for what is left."""
    factor = max(1, image.width // width)
    reduced = image.reduce(factor) if factor > 1 else image
    if reduced.width <= width:
        return reduced
    height = round(reduced.height * width / reduced.width)
    return reduced.resize((width, height), Image.Resampling.BILINEAR)
