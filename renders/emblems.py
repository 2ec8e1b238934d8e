"""Each game's emblem: a simple white drawing on its header colour (its identity)."""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import ImageDraw

from renders.theme import HIGHLIGHT, Box

WHITE = (255, 255, 255)
Emblem = Callable[[ImageDraw.ImageDraw, Box, tuple[int, int, int]], None]


def coaster_loop(draw: ImageDraw.ImageDraw, box: Box, background: tuple[int, int, int]) -> None:
    """Alan's Adventureland: a coaster track with a loop and a car."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx, cy, r = x0 + w * 0.55, y0 + h * 0.42, h * 0.3
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=WHITE, width=4)
    track = [
        (x0, y1 - 4),
        (cx - r * 0.3, y1 - 4),
        (cx, cy + r),
        (cx + r * 0.3, y1 - 4),
        (x1, y1 - 4),
    ]
    draw.line(track, fill=WHITE, width=4, joint="curve")
    for px in (x0 + w * 0.15, x0 + w * 0.85):
        draw.line((px, y1 - 4, px, y1 - h * 0.25), fill=WHITE, width=3)
    draw.rounded_rectangle((x0 + 2, y1 - 16, x0 + w * 0.32, y1 - 6), 3, fill=HIGHLIGHT)


def ferris_wheel(draw: ImageDraw.ImageDraw, box: Box, background: tuple[int, int, int]) -> None:
    """Imagineers: a Ferris wheel on its stand (rides being built)."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, y0 + (y1 - y0) * 0.42
    r = (y1 - y0) * 0.38
    draw.line((cx, cy, cx - r * 0.8, y1 - 2), fill=WHITE, width=3)
    draw.line((cx, cy, cx + r * 0.8, y1 - 2), fill=WHITE, width=3)
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=WHITE, width=3)
    for i in range(8):
        angle = i * math.pi / 4
        px, py = cx + r * math.cos(angle), cy + r * math.sin(angle)
        draw.line((cx, cy, px, py), fill=WHITE, width=1)
        fill = HIGHLIGHT if i % 2 else WHITE
        draw.rounded_rectangle((px - 4, py - 3, px + 4, py + 5), 2, fill=fill)
    draw.ellipse((cx - 4, cy - 4, cx + 4, cy + 4), fill=HIGHLIGHT)


def castle(draw: ImageDraw.ImageDraw, box: Box, background: tuple[int, int, int]) -> None:
    """Disneyland: a castle with towers, pennant and gate."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    base = y1 - 2
    draw.rectangle((x0 + w * 0.18, y0 + h * 0.45, x1 - w * 0.18, base), fill=WHITE)
    for left in (x0 + w * 0.04, x1 - w * 0.26):
        draw.rectangle((left, y0 + h * 0.32, left + w * 0.22, base), fill=WHITE)
        draw.polygon(
            [
                (left - 2, y0 + h * 0.34),
                (left + w * 0.11, y0 + h * 0.08),
                (left + w * 0.22 + 2, y0 + h * 0.34),
            ],
            fill=HIGHLIGHT,
        )
    mid = (x0 + x1) / 2
    draw.rectangle((mid - w * 0.1, y0 + h * 0.22, mid + w * 0.1, base), fill=WHITE)
    draw.polygon(
        [(mid - w * 0.13, y0 + h * 0.24), (mid, y0), (mid + w * 0.13, y0 + h * 0.24)],
        fill=HIGHLIGHT,
    )
    draw.chord(
        (mid - w * 0.09, base - h * 0.32, mid + w * 0.09, base + h * 0.1), 180, 360, fill=background
    )
    draw.rectangle((mid - w * 0.09, base - h * 0.11, mid + w * 0.09, base), fill=background)


def slide(draw: ImageDraw.ImageDraw, box: Box, background: tuple[int, int, int]) -> None:
    """Trool Park: the Fun Slide, a ladder and a chute curving down."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    top = (x0 + w * 0.3, y0 + h * 0.12)
    draw.line((x0 + w * 0.14, y1 - 2, top[0] - 2, top[1]), fill=WHITE, width=3)
    draw.line((x0 + w * 0.32, y1 - 2, top[0] + w * 0.1, top[1]), fill=WHITE, width=3)
    for i in range(1, 5):
        t = i / 5
        ya = y1 - 2 - (y1 - 2 - top[1]) * t
        xa = x0 + w * 0.14 + (top[0] - 2 - x0 - w * 0.14) * t
        xb = x0 + w * 0.32 + (top[0] + w * 0.1 - x0 - w * 0.32) * t
        draw.line((xa, ya, xb, ya), fill=WHITE, width=2)
    chute = [
        (top[0] + w * 0.1, top[1]),
        (x0 + w * 0.55, y0 + h * 0.3),
        (x0 + w * 0.72, y0 + h * 0.7),
        (x1 - 2, y1 - 6),
    ]
    draw.line(chute, fill=HIGHLIGHT, width=6, joint="curve")
    draw.ellipse((x1 - 12, y1 - 14, x1 - 2, y1 - 4), fill=WHITE)


def turnstile(draw: ImageDraw.ImageDraw, box: Box, background: tuple[int, int, int]) -> None:
    """Turnstile itself (private views): a three-armed gate on its post."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, y0 + (y1 - y0) * 0.4
    r = (y1 - y0) * 0.36
    draw.rectangle((cx - 4, cy, cx + 4, y1 - 2), fill=WHITE)
    for i in range(3):
        angle = -math.pi / 2 + i * 2 * math.pi / 3
        draw.line((cx, cy, cx + r * math.cos(angle), cy + r * math.sin(angle)), fill=WHITE, width=5)
    draw.ellipse((cx - 7, cy - 7, cx + 7, cy + 7), fill=HIGHLIGHT)
