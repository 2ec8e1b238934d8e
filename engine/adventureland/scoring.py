"""Scoring a neighbourhood: excitement, Bonus cards, Layout Bonus and Final Scoring.

A *grid* is the JSON-safe mat of one player: ``{square name: {"ride": key, "height": n}}``.
Everything here is a pure function of a grid, so the rules module and the tests share it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cache
from typing import Any

from engine.adventureland.data import (
    ATTRACTION_BY_KEY,
    COLUMNS,
    LINE_VALUES,
    ROWS,
    THEME_VALUES,
    BonusCard,
    ColouredSet,
    Mat,
    Square,
    parse_square,
    square_name,
)

Grid = Mapping[str, Mapping[str, Any]]


def top_level(ride: str, height: int) -> int:
    """The excitement number showing on top of a stack ``height`` tiles high."""
    return ATTRACTION_BY_KEY[ride].levels[height - 1]


def excitement(grid: Grid) -> int:
    """Bonus Round §3: the sum of the top number of every stack."""
    return sum(top_level(str(t["ride"]), int(t["height"])) for t in grid.values())


def types_of(grid: Grid) -> dict[Square, str]:
    """The ride type on each covered square."""
    return {
        parse_square(name): ATTRACTION_BY_KEY[str(tile["ride"])].type for name, tile in grid.items()
    }


def tally(types: Mapping[Square, str], squares: tuple[Square, ...]) -> tuple[dict[str, int], int]:
    """How many of ``squares`` hold each ride type, and how many are free (a plain count:
    the robots' searches do this for every placement of every Bonus card, many thousand
    times a decision, and a ``Counter`` cost a third of their time)."""
    counts: dict[str, int] = {}
    free = 0
    for square in squares:
        kind = types.get(square)
        if kind is None:
            free += 1
        else:
            counts[kind] = counts.get(kind, 0) + 1
    return counts, free


def _rotations(pattern: tuple[Square, ...]) -> list[tuple[Square, ...]]:
    """The four quarter turns of a pattern, each shifted to start at (0, 0); no mirrors."""
    shapes: list[tuple[Square, ...]] = []
    current = pattern
    for _ in range(4):
        low_r = min(r for r, _ in current)
        low_c = min(c for _, c in current)
        normal = tuple(sorted((r - low_r, c - low_c) for r, c in current))
        if normal not in shapes:
            shapes.append(normal)
        current = tuple((c, -r) for r, c in current)
    return shapes


@cache
def _placements(pattern: tuple[Square, ...]) -> tuple[tuple[Square, ...], ...]:
    """Every way a pattern fits on the grid, in every rotation (worked out once: the
    robots' searches score Bonus cards many thousand times)."""
    placements = []
    for shape in _rotations(pattern):
        height = max(r for r, _ in shape) + 1
        width = max(c for _, c in shape) + 1
        for dr in range(ROWS - height + 1):
            for dc in range(COLUMNS - width + 1):
                placements.append(tuple((r + dr, c + dc) for r, c in shape))
    return tuple(placements)


def bonus_card_points(grid: Grid, card: BonusCard) -> int:
    """Bonus Round (second printing) §2: the best match of the card anywhere on the mat.

    Three of the four squares holding one type score the small number, all four the large
    one; the colour bonus is added when that type is the card's own.
    """
    best = 0
    types = types_of(grid)
    for squares in _placements(card.pattern):
        counts, _ = tally(types, squares)
        for ride_type, count in counts.items():
            if count < 3:
                continue
            points = card.four if count == 4 else card.three
            if ride_type == card.type:
                points += card.colour
            best = max(best, points)
    return best


def set_covered(grid: Grid, coloured: ColouredSet) -> bool:
    """Bonus Round §2 (Layout Bonus variant): every square of the set holds an attraction,
    of any type (the rulebook asks for the squares to be covered, nothing more)."""
    return all(square_name(sq) in grid for sq in coloured.squares)


def covered_sets(grid: Grid, mat: Mat) -> list[ColouredSet]:
    return [s for s in mat.sets if set_covered(grid, s)]


def layout_bonus(grid: Grid, mat: Mat) -> int:
    """Bonus Round §2 (Layout Bonus variant): the points of every covered coloured set."""
    return sum(s.points for s in covered_sets(grid, mat))


def _heights(grid: Grid) -> dict[Square, int]:
    return {parse_square(name): int(tile["height"]) for name, tile in grid.items()}


def line_points(heights: list[int]) -> int:
    """Final Scoring §1: a row (or column) scored level by level by how many tiles reach it."""
    top = max(heights, default=0)
    total = 0
    for level in range(1, top + 1):
        count = sum(1 for h in heights if h >= level)
        total += LINE_VALUES[min(count, len(LINE_VALUES) - 1)]
    return total


def parking_lot_view(grid: Grid) -> int:
    """Final Scoring §1: every row, level by level."""
    heights = _heights(grid)
    return sum(
        line_points([heights[(r, c)] for c in range(COLUMNS) if (r, c) in heights])
        for r in range(ROWS)
    )


def main_entrance_view(grid: Grid) -> int:
    """Final Scoring §2: every column, scored like the rows."""
    heights = _heights(grid)
    return sum(
        line_points([heights[(r, c)] for r in range(ROWS) if (r, c) in heights])
        for c in range(COLUMNS)
    )


def theme_sets(grid: Grid) -> int:
    """Final Scoring §3: tiles of each type (stacked tiles count) on that type's Theme card."""
    counts: Counter[str] = Counter()
    for tile in grid.values():
        counts[ATTRACTION_BY_KEY[str(tile["ride"])].type] += int(tile["height"])
    total = 0
    for ride_type, count in counts.items():
        values = THEME_VALUES[ride_type]
        total += values[min(count, len(values) - 1)]
    return total


def final_scoring(grid: Grid) -> dict[str, int]:
    """The three Final Scoring parts of one neighbourhood."""
    return {
        "parking": parking_lot_view(grid),
        "entrance": main_entrance_view(grid),
        "themes": theme_sets(grid),
    }
