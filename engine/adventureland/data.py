"""Alan's Adventureland components, in one place so an owner of the game can correct them.

Every value says where it comes from: ``rulebook`` (with the section) when the rulebook
prints it, ``reconstructed`` when the rulebook only describes it (card faces, the mat grid,
Theme card and Bonus card values are not legible in the scan). Counts of cards per
attraction are rulebook facts (Equipment §2); the attraction names and their excitement
levels are reconstructed, with fewer levels than the attraction has cards (Play §5b).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

Square = tuple[int, int]  # (row, column), both from 0


@dataclass(frozen=True, slots=True)
class RideType:
    """One of the five attraction types (a card background colour)."""

    key: str
    name: str
    letter: str


@dataclass(frozen=True, slots=True)
class Attraction:
    """A named ride: its type, how many cards/tiles exist and its excitement levels."""

    key: str
    name: str
    type: str
    cards: int
    levels: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BonusCard:
    """A Bonus Layout card: 4 squares, a ride type, 3-of-4 / 4-of-4 points, colour bonus."""

    id: str
    shape: str
    pattern: tuple[Square, Square, Square, Square]
    type: str
    three: int
    four: int
    colour: int


@dataclass(frozen=True, slots=True)
class ColouredSet:
    """A group of same-coloured squares on a themed mat and the points for covering it
    (with any attractions) at a Bonus Round. ``colour`` names it for players."""

    colour: str
    squares: tuple[Square, ...]
    points: int


@dataclass(frozen=True, slots=True)
class Mat:
    """A player mat side: the generic side has no coloured squares."""

    key: str
    name: str
    sets: tuple[ColouredSet, ...]


# rulebook, Equipment §2: the five attraction types.
TYPES: Final[tuple[RideType, ...]] = (
    RideType("stage", "Stage Show", "S"),
    RideType("food", "Food Stop", "F"),
    RideType("water", "Water Ride", "W"),
    RideType("thrill", "Thrill Ride", "T"),
    RideType("family", "Family Ride", "Y"),
)
TYPE_BY_KEY: Final = {t.key: t for t in TYPES}

# Card counts per attraction: rulebook, Equipment §2 (Stage 2×3, Food 4×3, Water 4×4,
# Thrill 4×5, Family 6×4 = 78). Names and levels: reconstructed, each attraction with fewer
# levels than cards, since Play §5b says more cards exist than an attraction can use.
ATTRACTIONS: Final[tuple[Attraction, ...]] = (
    Attraction("puppets", "Puppet Theater", "stage", 3, (3, 6)),
    Attraction("stunts", "Stunt Spectacular", "stage", 3, (4, 7)),
    Attraction("popcorn", "Popcorn Wagon", "food", 3, (1, 3)),
    Attraction("pizza", "Pizza Parlor", "food", 3, (1, 4)),
    Attraction("icecream", "Ice Cream Stand", "food", 3, (2, 4)),
    Attraction("barbecue", "Barbecue Pit", "food", 3, (2, 5)),
    Attraction("flume", "Log Flume", "water", 4, (2, 4, 6)),
    Attraction("rapids", "River Rapids", "water", 4, (1, 4, 7)),
    Attraction("boats", "Bumper Boats", "water", 4, (1, 3, 6)),
    Attraction("splash", "Splash Tower", "water", 4, (2, 5, 8)),
    Attraction("coaster", "Roller Coaster", "thrill", 5, (3, 5, 7, 9)),
    Attraction("droptower", "Drop Tower", "thrill", 5, (2, 4, 6, 9)),
    Attraction("loop", "Loop Coaster", "thrill", 5, (3, 6, 9)),
    Attraction("vortex", "Spinning Vortex", "thrill", 5, (2, 4, 7, 10)),
    Attraction("carousel", "Carousel", "family", 4, (1, 2, 4)),
    Attraction("ferris", "Ferris Wheel", "family", 4, (1, 3, 5)),
    Attraction("bumpercars", "Bumper Cars", "family", 4, (2, 3, 5)),
    Attraction("teacups", "Teacups", "family", 4, (1, 3)),
    Attraction("haunted", "Haunted House", "family", 4, (2, 4, 6)),
    Attraction("train", "Park Train", "family", 4, (1, 2, 4)),
)
ATTRACTION_BY_KEY: Final = {a.key: a for a in ATTRACTIONS}
TOTAL_CARDS: Final = 78  # rulebook, Equipment §2 and §3 (one tile per card)

# reconstructed: the mat grid, 4 rows (A–D, the Parking Lot side on top) × 5 columns.
# The rulebook's example (Final Scoring §1) needs rows at least 5 wide.
ROWS: Final = 4
COLUMNS: Final = 5
ROW_NAMES: Final = "ABCD"

# Points for a row or column by how many tiles it has at one level (index = count).
# rulebook, Final Scoring §1: 2 tiles = 1, 4 = 6, 5 = 11; reconstructed: 0, 1 and 3 tiles.
LINE_VALUES: Final[tuple[int, ...]] = (0, 0, 1, 3, 6, 11)

# reconstructed: Theme card points by number of tiles of that type (index = count,
# counts beyond the end score the last value).
THEME_VALUES: Final[dict[str, tuple[int, ...]]] = {
    "stage": (0, 2, 4, 7, 10, 14, 18),
    "food": (0, 1, 2, 4, 6, 9, 12, 15),
    "water": (0, 1, 2, 4, 6, 8, 11, 14, 17),
    "thrill": (0, 1, 2, 3, 5, 7, 9, 12, 15, 18),
    "family": (0, 0, 1, 2, 4, 6, 8, 10, 13, 16),
}

# rulebook, Setup (Bonus Card Variant §5): bonus cards dealt per player by player count.
BONUS_DEAL: Final = {3: 5, 4: 4}
# rulebook, Bonus Round §4: Bonus Rounds played by player count.
BONUS_ROUNDS: Final = {3: 4, 4: 3}
# rulebook, Setup §2: every scoring token starts on 10.
START_SCORE: Final = 10
# rulebook, Setup §6/§5: six Ride cards each; pre-constructed attractions (§7b–c).
HAND_DEAL: Final = 6
PRE_BUILDS: Final = {3: 1, 4: 2}
# rulebook, Play §5a: penalty for a type nowhere on the table / elsewhere on the table.
PENALTY_ABSENT: Final = 2
PENALTY_ELSEWHERE: Final = 3

# The four tetromino shapes used below, as (row, column) offsets. reconstructed.
_I = ((0, 0), (0, 1), (0, 2), (0, 3))
_O = ((0, 0), (0, 1), (1, 0), (1, 1))
_T = ((0, 0), (0, 1), (0, 2), (1, 1))
_L = ((0, 0), (1, 0), (2, 0), (2, 1))
_J = ((0, 1), (1, 1), (2, 1), (2, 0))
_S = ((0, 1), (0, 2), (1, 0), (1, 1))
_Z = ((0, 0), (0, 1), (1, 1), (1, 2))
_DIAG = ((0, 0), (1, 1), (2, 2), (3, 3))
_CORNERS = ((0, 0), (0, 2), (2, 0), (2, 2))

# reconstructed: the 16 Bonus Layout cards (Setup, Bonus Card Variant key: A = 3 of 4,
# B = all 4, C = colour bonus), four for each type but Stage Show. A Stage Show card could
# be met: its base points need any one type on the pattern (Bonus Round 2a). But its
# colour bonus never could (two Stage Show attractions, one stack each, make at most two
# Stage Show squares), so leaving such cards out is our choice, not the rulebook's.
BONUS_CARDS: Final[tuple[BonusCard, ...]] = (
    BonusCard("b01", "line", _I, "food", 2, 5, 3),
    BonusCard("b02", "square", _O, "food", 3, 6, 3),
    BonusCard("b03", "T", _T, "food", 2, 5, 3),
    BonusCard("b04", "corners", _CORNERS, "food", 3, 7, 3),
    BonusCard("b05", "L", _L, "water", 2, 5, 2),
    BonusCard("b06", "S", _S, "water", 3, 6, 2),
    BonusCard("b07", "diagonal", _DIAG, "water", 3, 7, 2),
    BonusCard("b08", "line", _I, "water", 2, 5, 2),
    BonusCard("b09", "J", _J, "thrill", 2, 5, 2),
    BonusCard("b10", "Z", _Z, "thrill", 3, 6, 2),
    BonusCard("b11", "square", _O, "thrill", 3, 6, 2),
    BonusCard("b12", "T", _T, "thrill", 2, 5, 2),
    BonusCard("b13", "L", _L, "family", 2, 4, 1),
    BonusCard("b14", "J", _J, "family", 2, 4, 1),
    BonusCard("b15", "S", _S, "family", 2, 5, 1),
    BonusCard("b16", "Z", _Z, "family", 2, 5, 1),
)
BONUS_BY_ID: Final = {b.id: b for b in BONUS_CARDS}
SHAPE_NAMES: Final = {
    "line": "straight line",
    "square": "square",
    "T": "T shape",
    "corners": "four corners",
    "L": "L shape",
    "S": "S shape",
    "diagonal": "diagonal",
    "J": "J shape",
    "Z": "Z shape",
}


def bonus_name(card: BonusCard) -> str:
    """What players call a Bonus card: its ride type and shape ("Water Ride L shape");
    no two cards share both."""
    return f"{TYPE_BY_KEY[card.type].name} {SHAPE_NAMES[card.shape]}"


# rulebook, Setup (Bonus Card Variant §3): the generic side has no coloured squares.
GENERIC_MAT: Final = Mat("generic", "Neighbourhood", ())

# rulebook, Equipment §1: the four themed sides, each with its own pattern of coloured
# squares. reconstructed: the patterns and points. Every mat has three sets: a Bronze pair,
# a Silver three and a Gold four, each paying a point per square at every Bonus Round once
# it is fully covered, spread over every row and column so that covering them competes with
# filling whole rows and columns. The four patterns are one pattern seen in the four
# mirrors of the grid (as is, left-right, top-bottom, turned half way), so no mat is easier
# than another: rows and columns score the same in every mirror.
# `bench.adventureland_balance` measures how often each set is covered and what it pays.
BRONZE: Final = "Bronze"
SILVER: Final = "Silver"
GOLD: Final = "Gold"
_BASE_SETS: Final = (
    (BRONZE, ((1, 1), (2, 3)), 2),
    (SILVER, ((0, 3), (2, 0), (3, 2)), 3),
    (GOLD, ((0, 0), (1, 4), (3, 1), (3, 4)), 4),
)


def _mirrored(flip_rows: bool, flip_columns: bool) -> tuple[ColouredSet, ...]:
    def move(square: Square) -> Square:
        row, column = square
        return (
            ROWS - 1 - row if flip_rows else row,
            COLUMNS - 1 - column if flip_columns else column,
        )

    return tuple(
        ColouredSet(colour, tuple(sorted(move(sq) for sq in squares)), points)
        for colour, squares, points in _BASE_SETS
    )


THEMED_MATS: Final[tuple[Mat, ...]] = (
    Mat("animal", "Animal Kingdom", _mirrored(False, False)),
    Mat("america", "Tour America", _mirrored(False, True)),
    Mat("sky", "Sky World", _mirrored(True, False)),
    Mat("foreign", "Foreign Lands", _mirrored(True, True)),
)


def set_name(coloured: ColouredSet) -> str:
    """``"Gold squares"``: how players name a coloured set."""
    return f"{coloured.colour} squares"


MAT_BY_KEY: Final = {m.key: m for m in (GENERIC_MAT, *THEMED_MATS)}


def square_name(square: Square) -> str:
    """``(0, 2)`` -> ``"A3"``: rows are letters from the Parking Lot side, columns numbers."""
    return f"{ROW_NAMES[square[0]]}{square[1] + 1}"


def parse_square(name: str) -> Square:
    """``"A3"`` -> ``(0, 2)``; ``ValueError`` for anything off the grid."""
    if len(name) != 2 or name[0] not in ROW_NAMES or not name[1].isdigit():
        raise ValueError(f"not a square: {name!r}")
    column = int(name[1]) - 1
    if not 0 <= column < COLUMNS:
        raise ValueError(f"not a square: {name!r}")
    return ROW_NAMES.index(name[0]), column


ALL_SQUARES: Final[tuple[str, ...]] = tuple(
    square_name((r, c)) for r in range(ROWS) for c in range(COLUMNS)
)
