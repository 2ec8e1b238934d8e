"""The palettes pictures are drawn in: pictures are paletted from the first pixel.

A board drawn in truecolour had to be put into a palette before its PNG was written:
Pillow's nearest-colour lookup over 1.2 million pixels and the sample that chose the
colours cost about a third of a board. Boards are flat colours and
text, so they are drawn straight into palette indices. Every colour a picture uses is
given an index once per process in its palette, the theme's colours first (``seed``),
and every cached piece (corners, tokens, squares, text) holds indices of the palette it
was drawn in (``cached``, and the theme's caches take the palette's name), so it pastes
as it is.

Antialiased text is the one thing that blends colours. A glyph's coverage is rounded to
``LEVELS`` steps, and each step is a colour of its own: the ink mixed with the colour
under the pixel by that much (``Palette.blends``), never with another line's edge
(``Palette.ground``), so the colours stay a few per pair of ink and shape colour. The
four games together use about seventy such pairs, more than one palette of 256 colours
holds, so each game's boards and its private views draw in palettes of their own
(``using``). Tests draw every picture of every game, and hostile names, and check that
no palette runs out; should one ever do, a new colour takes the nearest one there (the
edges of letters first: mixes leave ``KEPT`` places to shapes), and the log says so.

A picture notes every index it is drawn with (``Live.inked``), and its PNG numbers those
anew by colour (``Palette.canonical``): the same picture is the same file whichever
process drew it, and its PNG holds no colour but its own.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache, wraps
from typing import Any, ParamSpec, TypeVar

from PIL import ImageDraw, ImagePalette

Color = tuple[int, int, int]

#: The most colours a paletted PNG holds.
SIZE = 256
#: Steps of a glyph's coverage above none; each is an index per ink and ground.
LEVELS = 4
#: Places in a palette that mixes never take (``Palette.index``).
KEPT = 16


def _step(coverage: int) -> int:
    """A glyph's coverage (0-255) rounded to the nearest of the steps 0..LEVELS."""
    return (coverage * LEVELS + 127) // 255


#: A glyph's coverage as a paste mask: pixels rounded to no ink keep their ground.
COVERED = tuple(255 if _step(value) else 0 for value in range(256))

log = logging.getLogger(__name__)
#: Colours every palette gives indices first (``seed``: the theme's own), so that none
#: of them is ever left without room.
_seeds: list[Color] = []


def seed(colors: Iterable[Color]) -> None:
    """Give ``colors`` indices in every palette, before any other."""
    _seeds.extend(colors)
    for palette in PALETTES.values():
        for color in _seeds:
            palette.index(color)


class Palette:
    """Up to 256 colours, each given its index when first drawn."""

    def __init__(self, name: str) -> None:
        self.name = name
        #: Index 0 is never given out: the PNG's rows lead with a 0 (``png.encode``).
        self.colors: list[Color] = [(0, 0, 0)]
        #: ``colors`` as bytes, kept as colours come (pictures ask for it often).
        self._rgb = bytearray(3)
        self._index: dict[Color, int] = {}
        self._blends: dict[tuple[int, int], tuple[int, ...]] = {}
        self._steps: dict[tuple[int, int], tuple[int, ...]] = {}
        self._near: dict[Color, int] = {}
        self._mixes: dict[tuple[Color, int], int] = {}
        #: An index first given to a mix of ink and ground: that ground.
        self._mixed_over: dict[int, int] = {}
        self._giving = threading.Lock()
        #: Colours that found no room and took the nearest (a test keeps this empty).
        self.overflow: set[Color] = set()
        for color in _seeds:
            self.index(color)

    def index(self, color: Color) -> int:
        """The index of ``color`` (given one if there is room, else the nearest)."""
        found = self._index.get(color)
        if found is None:
            _check(color)
            with self._giving:  # pictures drawn in threads (no workers) share the palette
                found = self._index.get(color)
                if found is None:
                    found = self._give(color, SIZE, self._index, color)
        return found

    def _give(self, color: Color, room: int, given: dict[Any, int], key: Any) -> int:
        """A new index for ``color``, kept in ``given`` under ``key`` (with the lock)."""
        if len(self.colors) < room:
            given[key] = len(self.colors)
            self.colors.append(color)
            self._rgb.extend(color)
            return given[key]
        if not self.overflow:
            log.warning("palette %s is full: new colours take the nearest", self.name)
        self.overflow.add(color)
        # Not the colour's own index: a shape that needs the colour still gets one.
        near = self._near.get(color)
        if near is None:
            near = min(range(1, len(self.colors)), key=lambda i: _distance(self.colors[i], color))
            self._near[color] = near
        return near

    def _mix(self, color: Color, ground: int) -> int:
        """The index of ``color`` as the edge of a letter on ``ground``: an index of its
        own, never a shape's (should a shape have the same colour, text drawn over it
        mixes with the shape, not with what the edge was drawn on). Mixes leave the last
        ``KEPT`` places to shapes, and past them take the nearest colour."""
        found = self._mixes.get((color, ground))
        if found is None:
            with self._giving:
                found = self._mixes.get((color, ground))
                if found is None:
                    before = len(self.colors)
                    found = self._give(color, SIZE - KEPT, self._mixes, (color, ground))
                    if len(self.colors) > before:  # its own index, not the nearest
                        self._mixed_over[found] = ground
        return found

    def blends(self, ink: int, ground: int) -> tuple[int, ...]:
        """A lookup from a glyph's coverage (0-255) to the index drawn there: the ground
        where nothing is covered, then ``LEVELS`` - 1 mixes of ground and ink, then the
        ink itself."""
        found = self._blends.get((ink, ground))
        if found is None:
            top, bottom = self.colors[ink], self.colors[ground]
            steps = [ground]
            for level in range(1, LEVELS):
                r, g, b = (
                    round(lo + (hi - lo) * level / LEVELS)
                    for hi, lo in zip(top, bottom, strict=True)
                )
                steps.append(self._mix((r, g, b), ground))
            steps.append(ink)
            found = tuple(steps[_step(value)] for value in range(256))
            # Steps first: another thread that finds the blends reads them next.
            self._steps[(ink, ground)] = tuple(sorted(set(steps[1:])))
            self._blends[(ink, ground)] = found
        return found

    def ground(self, at: int) -> int:
        """The colour text drawn over index ``at`` mixes with: ``at``, or for the edge of
        other text, what that text was drawn on. Mixes are only ever of the colours
        shapes are drawn with, so lines that touch add no colours of their own."""
        return self._mixed_over.get(at, at)

    def steps(self, ink: int, ground: int) -> tuple[int, ...]:
        """The indices ``blends(ink, ground)`` draws with where a glyph covers a pixel."""
        self.blends(ink, ground)
        return self._steps[(ink, ground)]

    def rgb(self) -> bytes:
        """Red, green and blue of each index, as a PNG's palette holds them."""
        return bytes(self._rgb)

    def canonical(self, inked: set[int]) -> tuple[bytes, bytes]:
        """A picture's indices renumbered by colour, from the indices it was drawn with:
        the table from this palette's indices to the new ones, and the new palette. A
        process gives indices in the order it first drew colours, so without this the
        same picture drawn by two processes would be two different files. The new index
        0 is unused (black), as here."""
        # A mix and a shape may share a colour (each has its own index): one entry here.
        colors = sorted({self.colors[at] for at in inked - {0}})
        rank = {color: new for new, color in enumerate(colors, start=1)}
        table = bytearray(SIZE)
        for old in inked - {0}:
            table[old] = rank[self.colors[old]]
        return bytes(table), b"\0\0\0" + bytes(c for color in colors for c in color)


class Live(ImagePalette.ImagePalette):
    """A picture's palette that follows its ``Palette`` as colours are given indices, so
    a picture drawn here converts, crops and pastes like any paletted picture."""

    def __init__(self, source: Palette, inked: set[int] | None = None) -> None:
        self.source = source
        self._shown = self._taking = -1  # Pillow's constructor sets ``dirty`` already
        super().__init__("RGB")
        #: Every index the picture was drawn with (``ink``): what its PNG numbers anew.
        #: Counting the pixels instead would cost a pass over all of them (1 ms a board).
        self.inked: set[int] = inked if inked is not None else set()

    @property
    def dirty(self) -> bool:
        """Whether colours were added since the picture last took the palette."""
        return self._shown != len(self.source.colors)

    @dirty.setter
    def dirty(self, value: int | None) -> None:
        if not value:  # Pillow took what ``getdata`` gave
            self._shown = self._taking

    def getdata(self) -> tuple[str, bytes]:
        self._taking = len(self.source.colors)
        return "RGB", self.source.rgb()

    def copy(self) -> Live:
        """The palette of a copy or crop of the picture (Pillow copies it)."""
        return Live(self.source, set(self.inked))


def of(draw: ImageDraw.ImageDraw) -> Palette | None:
    """The palette ``draw``'s picture is drawn in (``None``: not one of these)."""
    live = draw.palette
    return live.source if isinstance(live, Live) else None


def name_of(draw: ImageDraw.ImageDraw) -> str | None:
    """The name of the palette ``draw``'s picture is drawn in, which pieces drawn for it
    are cached under (``None``: not one of these)."""
    palette = of(draw)
    return None if palette is None else palette.name


def ink(palette: ImagePalette.ImagePalette | None, indices: Iterable[int]) -> None:
    """Note that a picture with ``palette`` was drawn with ``indices`` (nothing for a
    picture that is not drawn here)."""
    if isinstance(palette, Live):
        palette.inked.update(indices)


def _check(color: object) -> None:
    """Refuse what is not a colour (a name, or a colour with transparency)."""
    if not (
        isinstance(color, tuple)
        and len(color) == 3
        and all(isinstance(c, int) and 0 <= c <= 255 for c in color)
    ):
        raise TypeError(f"a colour here is (red, green, blue), not {color!r}")


def _distance(one: Color, other: Color) -> int:
    return sum((a - b) ** 2 for a, b in zip(one, other, strict=True))


#: This process's palettes by name (a game's slug, or "shared").
PALETTES: dict[str, Palette] = {}
_current: ContextVar[str] = ContextVar("renders_palette", default="shared")


def current() -> Palette:
    """The palette pictures are being drawn in here."""
    return named(_current.get())


def index(color: Color) -> int:
    """``color``'s index in the current palette."""
    return current().index(color)


def named(name: str) -> Palette:
    """The palette ``name``."""
    found = PALETTES.get(name)
    if found is None:
        found = PALETTES.setdefault(name, Palette(name))  # one, whichever thread asks
    return found


@contextmanager
def using(name: str) -> Iterator[Palette]:
    """Draw in the palette ``name`` inside the ``with`` block, or in a function it
    decorates (a renderer's entry point, in its game's palette)."""
    token = _current.set(name)
    try:
        yield current()
    finally:
        _current.reset(token)


P = ParamSpec("P")
R = TypeVar("R")


def cached(maxsize: int) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """``functools.lru_cache`` for a piece drawn in the current palette: kept apart per
    palette (a board's square is not a private view's), with ``cache_clear``."""

    def decorate(function: Callable[P, R]) -> Callable[P, R]:
        @lru_cache(maxsize=maxsize)
        def drawn(palette: str, /, *args: Any, **kwargs: Any) -> R:
            with using(palette):
                return function(*args, **kwargs)

        @wraps(function)
        def piece(*args: P.args, **kwargs: P.kwargs) -> R:
            return drawn(_current.get(), *args, **kwargs)  # type: ignore[arg-type]

        piece.cache_clear = drawn.cache_clear  # type: ignore[attr-defined]
        return piece

    return decorate
