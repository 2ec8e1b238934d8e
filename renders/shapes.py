"""The pen every picture is drawn with: Pillow's, with rounded rectangles from cached corners.

A board draws some forty rounded rectangles (panels, cards, chips), and Pillow draws each
corner anew, as a pie slice and an arc, through a Python layer that costs more than the
pixels: about a tenth of a board's drawing (issue 21, item 6). A corner depends only on
its size, colours and outline width, never on where it goes, so each is drawn once, kept
with the mask of the pixels it covers, and pasted; the straight parts are Pillow's own
rectangles. The pixels are Pillow's, one for one (tests/renders/test_shapes.py); whatever
the fast path does not cover (partial corners, odd or fractional sizes, pictures not in RGB,
corners as wide as the box) is left to Pillow.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

#: Each corner: where its box sits in the rectangle (left or right, top or bottom) and the
#: angles of its quarter, in Pillow's order (top left, top right, bottom right, bottom left).
_CORNERS = ((0, 0, 180, 270), (1, 0, 270, 360), (1, 1, 0, 90), (0, 1, 90, 180))

Stamp = tuple[Any, Any]  # Pillow core images: the corner's pixels and its mask


@lru_cache(maxsize=512)
def _stamps(d: int, fill: int | None, ink: int | None, width: int) -> tuple[Stamp, ...]:
    """The four corners of a ``d``-wide rounding, as Pillow draws them: the pie slice in
    ``fill`` under the arc in ``ink`` (each optional), with the mask of what they cover."""
    stamps = []
    for _, _, start, end in _CORNERS:
        pixels = Image.new("RGB", (d + 1, d + 1))
        mask = Image.new("L", (d + 1, d + 1))
        for image, fill_ink, arc_ink in (
            (pixels, fill, ink),
            (mask, None if fill is None else 255, None if ink is None else 255),
        ):
            core = ImageDraw.Draw(image).draw
            if fill_ink is not None:
                core.draw_pieslice((0, 0, d, d), start, end, fill_ink, 1)
            if arc_ink is not None:
                core.draw_arc((0, 0, d, d), start, end, arc_ink, width)
        stamps.append((pixels.im, mask.im))
    return tuple(stamps)


class Draw(ImageDraw.ImageDraw):
    """``ImageDraw.Draw`` for RGB pictures, whose ``rounded_rectangle`` pastes cached
    corners (see the module's note)."""

    def rounded_rectangle(
        self,
        xy: Any,
        radius: float = 0,
        fill: Any = None,
        outline: Any = None,
        width: int = 1,
        *,
        corners: tuple[bool, bool, bool, bool] | None = None,
    ) -> None:
        box = self._box(xy, radius, fill, outline, corners)
        if box is None:
            super().rounded_rectangle(xy, radius, fill, outline, width, corners=corners)
            return
        x0, y0, x1, y1, d = box
        r = d // 2
        ink, fill_ink = self._getink(outline, fill)
        if ink is None or ink == fill_ink or width == 0:
            ink = None
        # The straight parts, as Pillow draws them (every corner present, none joined).
        if fill_ink is not None:
            if x1 - r - 1 >= x0 + r + 1:
                self.draw.draw_rectangle((x0 + r + 1, y0, x1 - r - 1, y1), fill_ink, 1)
            self.draw.draw_rectangle((x0, y0 + r + 1, x0 + r, y1 - r - 1), fill_ink, 1)
            self.draw.draw_rectangle((x1 - r, y0 + r + 1, x1, y1 - r - 1), fill_ink, 1)
        if ink is not None:
            self.draw.draw_rectangle((x0 + r + 1, y0, x1 - r - 1, y0 + width - 1), ink, 1)
            self.draw.draw_rectangle((x0 + r + 1, y1 - width + 1, x1 - r - 1, y1), ink, 1)
            self.draw.draw_rectangle((x0, y0 + r + 1, x0 + width - 1, y1 - r - 1), ink, 1)
            self.draw.draw_rectangle((x1 - width + 1, y0 + r + 1, x1, y1 - r - 1), ink, 1)
        for (right, bottom, _, _), (pixels, mask) in zip(
            _CORNERS, _stamps(d, fill_ink, ink, width), strict=True
        ):
            left, top = (x1 - d if right else x0), (y1 - d if bottom else y0)
            self.im.paste(pixels, (left, top, left + d + 1, top + d + 1), mask)

    def _box(
        self, xy: Any, radius: float, fill: Any, outline: Any, corners: Any
    ) -> tuple[int, int, int, int, int] | None:
        """The rectangle and corner size, when the cached corners draw it exactly."""
        if self.mode != "RGB" or corners is not None or (fill is None and outline is None):
            return None
        (x0, y0), (x1, y1) = self._normalize_coords(xy)
        d = min(x1 - x0, y1 - y0, radius * 2)
        left, top, right, bottom = round(x0), round(y0), round(x1), round(y1)
        if d != int(d) or d <= 0 or d % 2 or d >= right - left - 1 or d >= bottom - top - 1:
            return None  # fractional or odd, no rounding, or corners that join: Pillow's way
        return left, top, right, bottom, int(d)
