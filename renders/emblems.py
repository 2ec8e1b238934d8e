"""What a game's emblem is: a simple white drawing on its header colour (its identity).
Each game draws its own in ``renders/<slug>.py`` (its ``Style``)."""

from __future__ import annotations

from collections.abc import Callable

from PIL import ImageDraw

from renders.theme import Box

#: The emblem's ink.
WHITE = (255, 255, 255)
#: ``(draw, box, background)``: draws the emblem inside ``box`` on the header colour.
Emblem = Callable[[ImageDraw.ImageDraw, Box, tuple[int, int, int]], None]
