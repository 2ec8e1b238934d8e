"""The pen every picture is drawn with: Pillow's, with rounded rectangles from cached corners.

A board draws some forty rounded rectangles (panels, cards, chips), and Pillow draws each
corner anew, as a pie slice and an arc, through a Python layer that costs more than the
pixels: about a tenth of a board's drawing. A corner depends only on
its size, colours and outline width, never on where it goes, so each is drawn once, kept
with the mask of the pixels it covers (a ``Stamp``, as tokens are), and pasted; the
straight parts are Pillow's own rectangles. The pixels are Pillow's, one for one
(tests/renders/test_shapes.py, and tests/renders/test_inks.py for pictures drawn in a
palette); whatever the fast path does not cover (partial corners, odd or fractional
sizes, pictures neither in RGB nor in a palette, corners as wide as the box) is left to
Pillow. On a picture drawn in a palette (``renders.inks``), a colour is its index there,
and the pen notes every index it draws with.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from renders import inks

#: Each corner: where its box sits in the rectangle (left or right, top or bottom) and the
#: angles of its quarter, in Pillow's order (top left, top right, bottom right, bottom left).
_CORNERS = ((0, 0, 180, 270), (1, 0, 270, 360), (1, 1, 0, 90), (0, 1, 90, 180))


@dataclass(frozen=True, slots=True)
class Stamp:
    """A small square picture drawn once and pasted wherever it goes: its pixels and the
    mask of the pixels it covers (Pillow core images)."""

    pixels: Any
    mask: Any
    side: int
    #: The palette indices it was drawn with (none in RGB).
    inked: frozenset[int] = frozenset()

    def paste(self, draw: ImageDraw.ImageDraw, left: int, top: int) -> None:
        """Onto ``draw``'s picture, its top left corner at (``left``, ``top``)."""
        draw.im.paste(self.pixels, (left, top, left + self.side, top + self.side), self.mask)
        inks.ink(draw.palette, self.inked)


def stamp(
    side: int, paint: Callable[[ImageDraw.ImageDraw], None], palette: str | None = None
) -> Stamp | None:
    """What ``paint`` draws on a ``side``-wide square, as a stamp: in RGB, or in indices
    of the palette ``palette`` (``renders.inks``). It is drawn on black and on white: a
    pixel that comes out the same is covered; one that differs must be the ground itself,
    else something was blended with the ground (an antialiased edge) and no mask can
    paste it exactly (``None``)."""
    if palette is not None:
        return _paletted_stamp(side, paint, inks.named(palette))
    on_black, on_white = (Image.new("RGB", (side, side), ground) for ground in (0, 0xFFFFFF))
    for picture in (on_black, on_white):
        paint(Draw(picture))
    covered = _channel_max(ImageChops.difference(on_black, on_white)).point(_ZERO_TO_FULL)
    ground = ImageChops.invert(covered)
    black_left = ImageChops.multiply(_channel_max(on_black), ground)
    white_left = ImageChops.multiply(ImageChops.invert(_channel_min(on_white)), ground)
    if black_left.getbbox() or white_left.getbbox():
        return None
    return Stamp(on_black.im, covered.im, side)


def _paletted_stamp(
    side: int, paint: Callable[[ImageDraw.ImageDraw], None], palette: inks.Palette
) -> Stamp | None:
    """``stamp`` in palette indices (stamps are few and small: compared byte by byte)."""
    grounds = palette.index((0, 0, 0)), palette.index((255, 255, 255))
    pictures = [Image.new("P", (side, side), ground) for ground in grounds]
    live = inks.Live(palette)
    for picture in pictures:
        picture.palette = live  # both note their inks in one set
    for picture in pictures:
        paint(Draw(picture))
    black, white = (picture.tobytes() for picture in pictures)
    mask = bytearray(len(black))
    for at, (one, other) in enumerate(zip(black, white, strict=True)):
        if one == other:
            mask[at] = 255
        elif (one, other) != grounds:
            return None
    covered = Image.frombytes("L", (side, side), bytes(mask)).im
    return Stamp(pictures[0].im, covered, side, frozenset(live.inked))


#: A mask from an "L" picture: full where the value is 0, empty elsewhere.
_ZERO_TO_FULL = [255] + [0] * 255


def _channel_max(image: Image.Image) -> Image.Image:
    red, green, blue = image.split()
    return ImageChops.lighter(ImageChops.lighter(red, green), blue)


def _channel_min(image: Image.Image) -> Image.Image:
    red, green, blue = image.split()
    return ImageChops.darker(ImageChops.darker(red, green), blue)


@lru_cache(maxsize=512)
def _stamps(
    d: int, fill: int | None, ink: int | None, width: int, palette: str | None = None
) -> tuple[Stamp, ...] | None:
    """The four corners of a ``d``-wide rounding, as Pillow draws them: the pie slice in
    ``fill`` under the arc in ``ink`` (each optional; Pillow's inks of an RGB picture, or
    indices of the palette ``palette``)."""

    def corner(start: int, end: int) -> Callable[[ImageDraw.ImageDraw], None]:
        def paint(pen: ImageDraw.ImageDraw) -> None:
            if fill is not None:
                pen.draw.draw_pieslice((0, 0, d, d), start, end, fill, 1)
            if ink is not None:
                pen.draw.draw_arc((0, 0, d, d), start, end, ink, width)

        return paint

    stamps = [stamp(d + 1, corner(start, end), palette) for _, _, start, end in _CORNERS]
    return None if None in stamps else tuple(s for s in stamps if s is not None)


class Draw(ImageDraw.ImageDraw):
    """``ImageDraw.Draw`` whose ``rounded_rectangle`` pastes cached corners (see the
    module's note)."""

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
        stamps = None
        if box is not None:
            x0, y0, x1, y1, d = box
            ink, fill_ink = self._getink(outline, fill)
            if ink is None or ink == fill_ink or width == 0:
                ink = None
            stamps = _stamps(d, fill_ink, ink, width, inks.name_of(self))
        if box is None or stamps is None:
            super().rounded_rectangle(xy, radius, fill, outline, width, corners=corners)
            return
        r = d // 2
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
        for (right, bottom, _, _), corner in zip(_CORNERS, stamps, strict=True):
            corner.paste(self, x1 - d if right else x0, y1 - d if bottom else y0)

    def _getink(self, ink: Any, fill: Any = None) -> tuple[int | None, int | None]:
        """Pillow's inks; on a picture drawn in a palette (``renders.inks``), a colour is
        its index there, noted as drawn with (an index Pillow passes for its own masks is
        not a colour of the picture)."""
        palette = inks.of(self)
        if palette is not None:
            colours = [c for c in (ink, fill) if c is not None and not isinstance(c, int)]
            at = {c: palette.index(c) for c in colours}  # refuses what is not a colour
            inks.ink(self.palette, at.values())
            ink, fill = at.get(ink, ink), at.get(fill, fill)  # Pillow's own inks are ints
        return super()._getink(ink, fill)

    def _box(
        self, xy: Any, radius: float, fill: Any, outline: Any, corners: Any
    ) -> tuple[int, int, int, int, int] | None:
        """The rectangle and corner size, when the cached corners draw it exactly."""
        if (self.mode != "RGB" and inks.of(self) is None) or corners is not None:
            return None
        if fill is None and outline is None:
            return None
        (x0, y0), (x1, y1) = self._normalize_coords(xy)
        d = min(x1 - x0, y1 - y0, radius * 2)
        left, top, right, bottom = round(x0), round(y0), round(x1), round(y1)
        if d != int(d) or d <= 0 or d % 2 or d >= right - left - 1 or d >= bottom - top - 1:
            return None  # fractional or odd, no rounding, or corners that join: Pillow's way
        return left, top, right, bottom, int(d)
