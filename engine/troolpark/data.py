"""Trool Park components, in one place so an owner of the box can correct them.

The rulebook describes the rules but prints almost none of the card faces. Each value
below is marked ``rulebook`` (with the section that prints it) or ``reconstructed``
(our best guess, chosen to be balanced and to contain every card the rulebook's
examples use). Card counts (42 Attractions, 27 Booths, 3 Weather tokens, 9 Inspection
cards) are from "Game Components" and are checked at import time.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Categories = the three areas of a player board and the three counters (rulebook:
#: "Categories and Inspections").
CATEGORIES: tuple[str, ...] = ("laughs", "thrills", "snacks")

#: Grounds (rulebook: "Attraction Characteristics": ground always matches a weather).
GROUNDS: tuple[str, ...] = ("snow", "stone", "sand")

#: Weather token -> the ground it affects. The rulebook names two tokens, Flurries and
#: Rain (Weather Events example), and says only that a ground "always corresponds to" a
#: Weather; it never pairs them. Flurries = Snow is read from the name; Rain = Stone and
#: the third token, "Sunshine" = Sand, are reconstructed.
WEATHER: dict[str, str] = {"flurries": "snow", "rain": "stone", "sunshine": "sand"}

#: Spaces per area of the player board (reconstructed: the rulebook shows the board only
#: as a picture; six a category is enough for a normal game, see RULES.md "full board").
AREA_SIZE = 6

#: Length of a Category counter (reconstructed). Only the picture uses it: the engine
#: keeps the full total, a meeple going past the end simply starts another lap.
COUNTER_LENGTH = 30

#: Central board letters, and which are closed by player count (rulebook: Setup step 2).
LETTERS: tuple[str, ...] = ("A", "B", "C", "D", "E", "F", "G")
CLOSED_BY_PLAYERS: dict[int, tuple[str, ...]] = {2: ("E", "F", "G"), 3: ("F",), 4: ()}

#: The five location-bonus kinds (rulebook: "Location Bonuses"): one Category (three
#: kinds written by Category name), put a Weather token back, slide to the bottom,
#: one Visitor, one step in any Category.
BONUS_KINDS: tuple[str, ...] = ("laughs", "thrills", "snacks", "weather", "slide", "visitor", "any")

#: The two bonuses beside each space. The board prints a bonus between each pair of
#: neighbouring spaces (and one at each end), so neighbours share one. B = Thrills or
#: Snacks is rulebook (Catch-Up example); the rest is reconstructed.
SPACE_BONUSES: dict[str, tuple[str, str]] = {
    "A": ("visitor", "thrills"),
    "B": ("thrills", "snacks"),
    "C": ("snacks", "weather"),
    "D": ("weather", "laughs"),
    "E": ("laughs", "slide"),
    "F": ("slide", "any"),
    "G": ("any", "visitor"),
}

#: Opening-effect kinds (rulebook: "Attraction Characteristics" b, all five):
#: ``points`` 2 points in ``category``; ``per_ground`` 1 point in ``category`` per card on
#: ``ground``; ``pairs`` 2 Visitors per pair of cards on ``ground``; ``trios`` 2 points in
#: ``category`` per Snow+Stone+Sand trio; ``booths`` 1 Visitor per Booth.
EFFECT_KINDS: tuple[str, ...] = ("points", "per_ground", "pairs", "trios", "booths")


@dataclass(frozen=True, slots=True)
class Effect:
    """An opening effect and its parameters (``""`` where a kind has none)."""

    kind: str
    category: str = ""
    ground: str = ""


@dataclass(frozen=True, slots=True)
class Attraction:
    """An Attraction card: its ground, whether it shows the Booth icon, its effect."""

    id: str
    name: str
    ground: str
    booth_icon: bool
    effect: Effect


@dataclass(frozen=True, slots=True)
class Booth:
    """A Booth card: like an Attraction without an effect. Its type is its ground."""

    id: str
    ground: str


@dataclass(frozen=True, slots=True)
class Inspection:
    """An Inspection card: rounds on its back, Category, reward rows by rank."""

    id: str
    rounds: str
    category: str
    visitors: tuple[int, ...]
    points: tuple[int, ...] = ()


def _e(kind: str, category: str = "", ground: str = "") -> Effect:
    return Effect(kind, category, ground)


# All 42 Attractions are reconstructed: 14 per ground, and per ground 3 "2 points" (one per
# Category), 3 "per ground" (together all nine Category x ground pairs), 3 "pairs" (one per
# ground), 3 "trios" (one per Category) and 2 "per Booth"; 4 per ground show the Booth icon.
# The rulebook's examples need a "2 Thrills" card, a "2 Snacks" card and a "1 Thrills per
# Sand card" card: Yeti Coaster, Cocoa Igloo and Dune Drop.
_ATTRACTIONS: tuple[tuple[str, str, bool, Effect], ...] = (
    ("Yeti Coaster", "snow", False, _e("points", "thrills")),
    ("Frost Carousel", "snow", True, _e("points", "laughs")),
    ("Cocoa Igloo", "snow", False, _e("points", "snacks")),
    ("Dune Drop", "snow", False, _e("per_ground", "thrills", "sand")),
    ("Snowball Alley", "snow", False, _e("per_ground", "laughs", "snow")),
    ("Fondue Chalet", "snow", False, _e("per_ground", "snacks", "stone")),
    ("Twin Glaciers", "snow", True, _e("pairs", "", "snow")),
    ("Polar Pairs", "snow", False, _e("pairs", "", "stone")),
    ("Aurora Wheel", "snow", False, _e("pairs", "", "sand")),
    ("Troll Toboggan", "snow", False, _e("trios", "laughs")),
    ("Avalanche Run", "snow", False, _e("trios", "thrills")),
    ("Frozen Feast", "snow", False, _e("trios", "snacks")),
    ("Mitten Market", "snow", True, _e("booths")),
    ("Sleigh Bazaar", "snow", True, _e("booths")),
    ("Gargoyle Loop", "stone", False, _e("points", "thrills")),
    ("Boulder Bumpers", "stone", False, _e("points", "laughs")),
    ("Pebble Pretzels", "stone", True, _e("points", "snacks")),
    ("Quarry Plunge", "stone", False, _e("per_ground", "thrills", "stone")),
    ("Sandstone Show", "stone", False, _e("per_ground", "laughs", "sand")),
    ("Icicle Grill", "stone", False, _e("per_ground", "snacks", "snow")),
    ("Granite Twins", "stone", True, _e("pairs", "", "stone")),
    ("Frosty Fountains", "stone", False, _e("pairs", "", "snow")),
    ("Desert Arches", "stone", False, _e("pairs", "", "sand")),
    ("Mossy Maze", "stone", False, _e("trios", "laughs")),
    ("Rockslide Rapids", "stone", False, _e("trios", "thrills")),
    ("Cavern Kitchen", "stone", False, _e("trios", "snacks")),
    ("Cobble Stalls", "stone", True, _e("booths")),
    ("Gravel Fair", "stone", True, _e("booths")),
    ("Mirage Tower", "sand", False, _e("points", "thrills")),
    ("Camel Carousel", "sand", False, _e("points", "laughs")),
    ("Cactus Candy", "sand", True, _e("points", "snacks")),
    ("Sled Simulator", "sand", False, _e("per_ground", "thrills", "snow")),
    ("Rock Concert", "sand", False, _e("per_ground", "laughs", "stone")),
    ("Oasis Grill", "sand", False, _e("per_ground", "snacks", "sand")),
    ("Dune Twins", "sand", True, _e("pairs", "", "sand")),
    ("Snow Globes", "sand", False, _e("pairs", "", "snow")),
    ("Stone Circle", "sand", False, _e("pairs", "", "stone")),
    ("Scarab Swings", "sand", False, _e("trios", "laughs")),
    ("Sandstorm Spin", "sand", False, _e("trios", "thrills")),
    ("Palm Picnic", "sand", False, _e("trios", "snacks")),
    ("Sun Souk", "sand", True, _e("booths")),
    ("Bazaar Dunes", "sand", True, _e("booths")),
)

#: Attraction id -> card ("a01".."a42"); all reconstructed (see above).
ATTRACTIONS: dict[str, Attraction] = {
    f"a{i:02d}": Attraction(f"a{i:02d}", name, ground, icon, effect)
    for i, (name, ground, icon, effect) in enumerate(_ATTRACTIONS, start=1)
}

#: 27 Booths in three types (count rulebook; 9 per ground is reconstructed).
BOOTHS: dict[str, Booth] = {
    f"b{i:02d}": Booth(f"b{i:02d}", GROUNDS[(i - 1) // 9]) for i in range(1, 28)
}

#: The 9 Inspection cards. Rows list Visitors (and Thrills points) by rank. The groups
#: of rounds ("2/3/4", "5/6/7", "8") are the rulebook's (Setup step 4), three cards each;
#: which group a printed row belongs to is not printed, so every card's group is
#: reconstructed: the rows grow from one group to the next.
INSPECTIONS: dict[str, Inspection] = {
    # rows rulebook, "Inspection: Laughs": 4 / 2 / 1 Visitors (and Booths for everyone);
    # group reconstructed (the section names no round)
    "i1": Inspection("i1", "2/3/4", "laughs", (4, 2, 1)),
    # rows rulebook, "Inspection: Thrills": 4 / 2 / 1 Visitors, 1 / 1 / 1 points;
    # group reconstructed (the section names no round)
    "i2": Inspection("i2", "2/3/4", "thrills", (4, 2, 1), (1, 1, 1)),
    "i3": Inspection("i3", "2/3/4", "snacks", (4, 2, 1)),  # reconstructed
    "i4": Inspection("i4", "5/6/7", "laughs", (5, 3, 1)),  # reconstructed
    # rows rulebook, the Thrills example (5 / 3 / 1 / 1 Visitors, 2 / 1 / 1 points); group
    # reconstructed: the example follows the "Last Round" paragraph but does not say its
    # round, so it could as well be a round-8 card
    "i5": Inspection("i5", "5/6/7", "thrills", (5, 3, 1, 1), (2, 1, 1)),
    "i6": Inspection("i6", "5/6/7", "snacks", (5, 3, 1, 1)),  # reconstructed
    # Round 8 order Thrills, Laughs, Snacks is rulebook ("Last Round"); rows reconstructed.
    "i7": Inspection("i7", "8", "thrills", (6, 4, 2, 1), (2, 1, 1)),
    "i8": Inspection("i8", "8", "laughs", (6, 3, 1)),
    "i9": Inspection("i9", "8", "snacks", (7, 4, 2, 1)),
}

#: Rounds in a game (rulebook: "Goal of the Game").
ROUNDS = 8


def _check() -> None:
    """The component counts the rulebook prints ("Game Components")."""
    assert len(ATTRACTIONS) == 42 and len(BOOTHS) == 27 and len(INSPECTIONS) == 9
    assert len(WEATHER) == 3 and set(WEATHER.values()) == set(GROUNDS)
    for card in ATTRACTIONS.values():
        assert card.ground in GROUNDS and card.effect.kind in EFFECT_KINDS
    for bonuses in SPACE_BONUSES.values():
        assert all(b in BONUS_KINDS for b in bonuses)
    for group in ("2/3/4", "5/6/7", "8"):
        cats = sorted(i.category for i in INSPECTIONS.values() if i.rounds == group)
        assert cats == sorted(CATEGORIES)


_check()
