"""Every palette stays apart in every common colour vision.

Each pair of colours in a palette is simulated under protanopia, deuteranopia and
tritanopia (Machado, Oliveira & Fernandes 2009, severity 1, applied in linear sRGB) and
must stay at least ``MIN_DELTA_E`` apart in CIELAB (ΔE*ab 1976), as for normal vision.
Disneyland's series colours are left out on purpose: every square writes its series' name.
"""

from __future__ import annotations

import itertools
import math

import pytest

from renders import theme
from renders.adventureland_parts import SET_COLORS
from renders.imagineers_parts import GUEST_FILL

Color = tuple[int, int, int]
MIN_DELTA_E = 20.0

VISIONS: dict[str, tuple[tuple[float, float, float], ...]] = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
PALETTES: dict[str, dict[str, Color]] = {
    "seats": dict(zip(theme.PLAYER_COLOR_NAMES, theme.PLAYER_COLORS, strict=True)),
    "ride types": theme.RIDE_COLORS,
    "grounds": theme.GROUND_COLORS,
    "guests": GUEST_FILL,
    "layout sets": SET_COLORS,
}


def _linear(channel: float) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(linear: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = linear
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def seen(color: Color, vision: str) -> tuple[float, float, float]:
    """``color`` in CIELAB as someone with ``vision`` sees it."""
    linear = [_linear(c) for c in color]
    matrix = VISIONS[vision]
    simulated = [
        min(1.0, max(0.0, sum(m * c for m, c in zip(row, linear, strict=True)))) for row in matrix
    ]
    return _lab((simulated[0], simulated[1], simulated[2]))


def test_the_simulation_merges_what_it_should() -> None:
    """A check of the check: red and green collapse for a deuteranope, not for others."""
    red, green = (200, 60, 40), (80, 150, 40)
    normal = math.dist(seen(red, "normal"), seen(green, "normal"))
    deutan = math.dist(seen(red, "deuteranopia"), seen(green, "deuteranopia"))
    assert deutan < normal / 3


@pytest.mark.parametrize("vision", list(VISIONS))
@pytest.mark.parametrize("palette", list(PALETTES))
def test_every_pair_stays_apart(palette: str, vision: str) -> None:
    colours = PALETTES[palette]
    for (a, ca), (b, cb) in itertools.combinations(colours.items(), 2):
        distance = math.dist(seen(ca, vision), seen(cb, vision))
        assert distance >= MIN_DELTA_E, f"{palette}: {a} vs {b} under {vision}: {distance:.1f}"


def test_categories_carry_an_icon_as_well_as_a_colour() -> None:
    assert set(theme.RIDE_ICONS) == set(theme.RIDE_COLORS)
    assert len(set(theme.RIDE_ICONS.values())) == len(theme.RIDE_ICONS)
    assert set(theme.GROUND_ICONS) == set(theme.GROUND_COLORS)
    assert len(set(theme.GROUND_ICONS.values())) == len(theme.GROUND_ICONS)
