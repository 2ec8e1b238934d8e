"""Imagineers component data: park board sides, tiles, coaster boards and cards.

The rulebook prints the rules but not the components, so most values here are
reconstructed (docs/ARCHITECTURE.md §7). Each table says where its numbers come from:
``rulebook`` (with the section) or ``reconstructed``. An owner of the physical game
can correct any value here; the rules read nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Guest colours by letter (rulebook, Contents: 24 Guest meeples, Family yellow, Thrill
#: Seekers red, Water Riders blue).
GUEST_COLOURS: dict[str, str] = {"Y": "yellow", "R": "red", "B": "blue"}
#: reconstructed: the rulebook prints 24 guests in three colours but not how many of
#: each; an even split is the natural guess (24 = 3 × 8).
GUESTS_PER_COLOUR = 8
GUESTS_PER_START_SPACE = 2  # rulebook, Game Setup step 5
MAX_GUESTS_ON_PATH = 4  # rulebook, Quick Reference
#: rulebook, Build an Attraction: Water (blue), Thrill (red), Family (yellow).
ATTRACTION_KIND: dict[str, str] = {"Y": "Family", "R": "Thrill", "B": "Water"}

START_MONEY = 4  # rulebook, Game Setup step 4
MONEY_CAP = 10  # rulebook, Scoring Money, Happiness, and Fame
START_HAPPINESS = 3  # rulebook, Game Setup step 4
HAPPINESS_WHEEL = 5  # rulebook, Scoring: past "5" the wheel wraps to "1" (+1 Fame)
VENDOR_MONEY = 5  # rulebook, Staff Action: Vendor
TILE_COST_TOTAL = 7  # rulebook, Take One New Tile (tip): both sides cost 7 together
COASTER_OWNER_BASE_MONEY = 2  # rulebook, Upgrade Your Roller Coaster, callout 4
COASTER_RIDER_BASE_HAPPINESS = 1  # rulebook, Upgrade Your Roller Coaster, callout 5
OWNERSHIP_MARKERS = 10  # rulebook, Contents and Game Setup step 2: one marks the entrance

#: Players -> (Movement cards, Event cards before Last Round): rulebook, Deck Setup.
DECK_SIZES: dict[int, tuple[int, int]] = {2: (10, 9), 3: (9, 8), 4: (8, 7)}
LAST_ROUND_SHUFFLED_WITH = 2  # rulebook, Game Setup step 7


@dataclass(frozen=True, slots=True)
class Attraction:
    """The attraction side of a park tile."""

    name: str
    colour: str  # guest letter that scores here
    cost: int
    fame: int  # end-game fame for the owner
    money: int  # paid to the owner when a matching guest rides
    happiness: int  # paid to the active player when a matching guest rides


@dataclass(frozen=True, slots=True)
class Coaster:
    """The coaster-upgrade side of a park tile (a piece of track)."""

    name: str
    cost: int
    owner_money: int
    owner_happiness: int
    owner_fame: int
    rider_happiness: int


@dataclass(frozen=True, slots=True)
class Tile:
    """One double-sided park tile."""

    id: int
    attraction: Attraction
    coaster: Coaster


def _tile(
    tid: int,
    colour: str,
    ride: str,
    a: tuple[int, int, int, int],
    track: str,
    c: tuple[int, int, int, int, int],
) -> Tile:
    cost, fame, money, happiness = a
    return Tile(tid, Attraction(ride, colour, cost, fame, money, happiness), Coaster(track, *c))


# Reconstructed, except the values RULEBOOK_TILES names: attraction (cost, fame, owner $,
# rider happiness) and coaster (cost, owner $, owner happiness, owner fame, rider happiness).
# The costs of a tile's two sides total 7 (rulebook tip). Scale (RULES.md, "Score scale"):
# riders' happiness spans the pictures' 1, 3 and 5 and a little beyond; coaster owners' fame
# grows with the track's cost around the printed example's 1 fame at $4, so that AI games
# score on the rulebook's scale (bench/imagineers_balance.py).
TILES: tuple[Tile, ...] = (
    # Family (yellow): gentle rides, the most happiness for riders.
    _tile(0, "Y", "Carousel", (1, 0, 1, 4), "Lift Hill", (6, 1, 1, 4, 5)),
    _tile(1, "Y", "Teacup Spin", (1, 1, 0, 4), "Double Loop", (6, 0, 2, 3, 5)),
    _tile(2, "Y", "Hall of Mirrors", (2, 1, 1, 5), "Corkscrew", (5, 1, 1, 3, 4)),
    _tile(3, "Y", "Puppet Theatre", (2, 1, 0, 5), "Camelback", (5, 0, 1, 2, 4)),
    _tile(4, "Y", "Bumper Cars", (2, 2, 1, 4), "Helix", (5, 1, 0, 3, 4)),
    _tile(5, "Y", "Fun House", (3, 2, 1, 6), "Vertical Drop", (4, 0, 1, 1, 3)),
    _tile(6, "Y", "Balloon Race", (3, 2, 1, 5), "Launch Tunnel", (4, 1, 1, 2, 3)),
    _tile(7, "Y", "Jungle Train", (3, 1, 1, 7), "Banked Turn", (4, 1, 0, 1, 3)),
    _tile(8, "Y", "Ferris Wheel", (4, 3, 1, 6), "Zero-G Roll", (3, 0, 1, 1, 2)),
    _tile(9, "Y", "Sky Tram", (4, 2, 2, 6), "Cobra Roll", (3, 1, 0, 1, 3)),
    _tile(10, "Y", "Dinosaur Walk", (5, 3, 2, 7), "Dive Loop", (2, 0, 1, 0, 2)),
    _tile(11, "Y", "Toy Town Parade", (5, 4, 1, 7), "Heartline Roll", (2, 1, 0, 1, 2)),
    _tile(12, "Y", "Magic Lantern Show", (6, 4, 2, 8), "Immelmann", (1, 0, 0, 0, 1)),
    _tile(13, "Y", "Starlight Castle", (6, 5, 1, 8), "Batwing", (1, 1, 0, 1, 1)),
    # Water (blue): the most money for owners.
    _tile(14, "B", "Paddle Boats", (1, 0, 1, 1), "Pretzel Loop", (6, 2, 1, 4, 5)),
    _tile(15, "B", "Lagoon Cruise", (2, 2, 1, 3), "Airtime Hill", (5, 1, 1, 2, 4)),
    _tile(16, "B", "Splash Pad", (1, 0, 2, 3), "Splashdown", (6, 1, 1, 4, 5)),
    _tile(17, "B", "Lazy River", (2, 1, 2, 4), "Brake Run", (5, 2, 0, 2, 4)),
    _tile(18, "B", "Wave Pool", (2, 1, 2, 4), "Dark Tunnel", (5, 0, 1, 3, 4)),
    _tile(19, "B", "Bubble Falls", (3, 2, 2, 5), "Wave Turn", (4, 1, 0, 1, 3)),
    _tile(20, "B", "Pirate Cove", (3, 2, 2, 5), "Top Hat", (4, 1, 1, 2, 3)),
    _tile(21, "B", "Log Flume", (3, 2, 1, 6), "Stengel Dive", (4, 0, 1, 1, 3)),
    _tile(22, "B", "River Rapids", (4, 2, 3, 5), "Bunny Hops", (3, 1, 0, 1, 2)),
    _tile(23, "B", "Submarine Voyage", (4, 3, 2, 6), "Sidewinder", (3, 0, 1, 1, 3)),
    _tile(24, "B", "Whirlpool", (5, 3, 3, 6), "Inline Twist", (2, 1, 0, 0, 2)),
    _tile(25, "B", "Tidal Twister", (5, 4, 2, 6), "Vertical Loop", (2, 0, 1, 1, 2)),
    # Thrill (red): the most fame.
    _tile(26, "R", "Haunted Manor", (3, 2, 1, 5), "Cutback", (4, 1, 0, 2, 3)),
    _tile(27, "R", "Sky Screamer", (6, 6, 2, 7), "Dive Drop", (1, 0, 0, 1, 1)),
    _tile(28, "R", "Spinning Saucers", (1, 1, 0, 4), "Overbanked Turn", (6, 1, 1, 4, 5)),
    _tile(29, "R", "Pirate Ship Swing", (1, 1, 1, 3), "Horseshoe", (6, 2, 0, 3, 5)),
    _tile(30, "R", "Thunder Swings", (2, 2, 1, 4), "Spiral Lift", (5, 1, 1, 3, 4)),
    _tile(31, "R", "Orbit Spinner", (2, 2, 0, 5), "Beyond-Vertical Drop", (5, 0, 1, 2, 4)),
    _tile(32, "R", "Ghost Train", (2, 2, 1, 4), "Flat Spin", (5, 1, 0, 3, 4)),
    _tile(33, "R", "Drop Tower", (3, 3, 1, 5), "Boomerang", (4, 0, 1, 1, 3)),
    _tile(34, "R", "Rocket Launch", (3, 3, 0, 6), "Tunnel Plunge", (4, 1, 0, 2, 3)),
    _tile(35, "R", "Cliff Dive", (3, 2, 1, 6), "Double Down", (4, 0, 0, 1, 3)),
    _tile(36, "R", "Free Fall", (4, 4, 1, 5), "Sea Serpent", (3, 1, 0, 1, 2)),
    _tile(37, "R", "Vortex", (4, 4, 1, 6), "Wing-over", (3, 0, 1, 1, 3)),
    _tile(38, "R", "Slingshot", (5, 5, 1, 6), "Butterfly", (2, 1, 0, 0, 2)),
    _tile(39, "R", "Loop Swing", (5, 5, 2, 5), "Figure Eight", (2, 0, 1, 1, 2)),
    # Two more Water tiles complete the 42 (rulebook, Contents).
    _tile(40, "B", "Typhoon Tower", (6, 4, 3, 7), "Cloud Hop", (1, 1, 0, 0, 1)),
    _tile(41, "B", "Mermaid Grotto", (3, 2, 1, 4), "Trick Track", (4, 0, 1, 1, 2)),
)
TILE_COUNT = 42  # rulebook, Contents

#: The tiles whose values the rulebook prints, and where (every other value is reconstructed).
RULEBOOK_TILES: dict[int, str] = {
    14: "Movement Example: a blue attraction paying its owner $1 and its rider 1 happiness",
    15: "Build an Attraction example: blue, cost 2, 2 fame, $1, 3 happiness (the picture)",
    26: "Scoring Example: a red attraction paying its owner $1 and its rider 5 happiness",
    41: "Upgrade Your Roller Coaster example: the coaster side costs 4; its owner gets "
    "1 happiness and 1 fame, its rider 2 happiness",
}


@dataclass(frozen=True, slots=True)
class Space:
    """One step of the park loop: a path space and the attraction space it leads to.

    ``kind`` is ``build`` (an empty attraction space), ``red`` (a pre-printed red
    attraction, where a coaster entrance may go) or ``shop``. ``money``/``happiness``
    are what a pre-printed red attraction or shop pays the active player.
    """

    kind: str
    start: bool = False
    money: int = 0
    happiness: int = 0


@dataclass(frozen=True, slots=True)
class ParkSide:
    """One side of the park board: the clockwise loop and the Path-tile covers."""

    name: str
    spaces: tuple[Space, ...]
    covered: dict[int, tuple[int, ...]]  # players -> attraction spaces under Path tiles


_B = Space("build")
_BS = Space("build", start=True)

# Reconstructed: the rulebook names the two sides (A/B, called Day and Night here) and
# the features (start spaces with two guests, pre-printed red attractions, shops, Path
# tiles by player count) but does not print the layout. Space numbers are 0-based here
# and 1-based in move codes and pictures.
PARK_SIDES: dict[str, ParkSide] = {
    "day": ParkSide(
        "Day",
        (
            _BS,
            _BS,
            Space("red", happiness=4),
            _BS,
            Space("shop", money=1, happiness=1),
            _BS,
            _BS,
            Space("red", happiness=3),
            _BS,
            _B,
            Space("shop", start=True, happiness=3),
            _BS,
            Space("red", happiness=4),
            _BS,
            _B,
            Space("shop", start=True, money=2, happiness=1),
            _BS,
            Space("red", happiness=3),
            _BS,
            _B,
        ),
        {2: (3, 9, 13, 19), 3: (9, 19), 4: ()},
    ),
    "night": ParkSide(
        "Night",
        (
            _BS,
            Space("red", happiness=4),
            _BS,
            Space("shop", money=1, happiness=1),
            _BS,
            _B,
            Space("red", start=True, happiness=3),
            _BS,
            _B,
            Space("shop", start=True, happiness=4),
            _BS,
            Space("red", happiness=4),
            _B,
            _BS,
            Space("shop", money=2, happiness=1),
            _BS,
            Space("red", start=True, happiness=3),
            _B,
            Space("shop", start=True, money=1, happiness=3),
            _BS,
            Space("red", happiness=5),
            _B,
        ),
        {2: (5, 12, 17, 21), 3: (12, 21), 4: ()},
    ),
}


@dataclass(frozen=True, slots=True)
class CoasterBoard:
    """A player's Roller Coaster board: upgrade slots with the negative fame they hide."""

    name: str
    penalties: dict[int, tuple[int, ...]]  # players -> printed fame of each empty slot


# Reconstructed: four boards, a 1-2 player side with five slots and a 3-4 player side
# with four, and the negative fame under each slot (the Final Scoring Example shows a -2
# and a -1 still showing, so those exist; the deeper ones make filling slots worth a
# tile: RULES.md, "Score scale"). The base rewards ($2 owner, 1 happiness rider) are the
# rulebook's (Upgrade Your Roller Coaster, callouts 4 and 5) and the same on every board.
_SMALL = (-1, -2, -3, -4, -5)
_LARGE = (-2, -3, -4, -5)
COASTER_BOARDS: tuple[CoasterBoard, ...] = (
    CoasterBoard("Comet", {2: _SMALL, 3: _LARGE, 4: _LARGE}),
    CoasterBoard("Cyclone", {2: _SMALL, 3: _LARGE, 4: _LARGE}),
    CoasterBoard("Dragon", {2: _SMALL, 3: _LARGE, 4: _LARGE}),
    CoasterBoard("Wildcat", {2: _SMALL, 3: _LARGE, 4: _LARGE}),
)


@dataclass(frozen=True, slots=True)
class MovementCard:
    """Which path spaces the active player may pick guests up from this round."""

    id: str
    text: str
    rule: str  # colour | count | at_least | colours_at_least | one_colour | any
    value: str | int = 0


# Reconstructed: 12 Movement cards (rulebook, Contents; the only printed example is
# "requires a red Guest", Move Guests).
MOVEMENT_CARDS: tuple[MovementCard, ...] = (
    MovementCard("red1", "A space with a red guest", "colour", "R"),
    MovementCard("red2", "A space with a red guest", "colour", "R"),
    MovementCard("blue1", "A space with a blue guest", "colour", "B"),
    MovementCard("blue2", "A space with a blue guest", "colour", "B"),
    MovementCard("yellow1", "A space with a yellow guest", "colour", "Y"),
    MovementCard("yellow2", "A space with a yellow guest", "colour", "Y"),
    MovementCard("single", "A space with exactly 1 guest", "count", 1),
    MovementCard("pair", "A space with exactly 2 guests", "count", 2),
    MovementCard("crowd", "A space with 3 or more guests", "at_least", 3),
    MovementCard("mixed", "A space with 2 or more colours", "colours_at_least", 2),
    MovementCard("matched", "A space whose guests are all one colour", "one_colour"),
    MovementCard("any", "Any space with guests", "any"),
)


@dataclass(frozen=True, slots=True)
class EventCard:
    """A rule change in force for one round."""

    id: str
    name: str
    text: str


LAST_ROUND = "last_round"

# Reconstructed: the rulebook says Events change a rule for the round and that events
# about Attractions never touch Roller Coasters, but prints none. These eleven are ours.
EVENT_CARDS: tuple[EventCard, ...] = (
    EventCard("grand_opening", "Grand Opening", "Building an attraction costs $1 less."),
    EventCard("coaster_sale", "Coaster Sale", "Coaster upgrades cost $2 less."),
    EventCard("payday", "Payday", "The Vendor earns $7 instead of $5."),
    EventCard("all_aboard", "All Aboard", "Guests of every colour may ride roller coasters."),
    EventCard("happy_hour", "Happy Hour", "Riders of attractions get +2 happiness."),
    EventCard("big_tippers", "Big Tippers", "Attraction owners earn +$1 per rider."),
    EventCard("shopping_spree", "Shopping Spree", "Shops pay double."),
    EventCard(
        "urban_renewal", "Urban Renewal", "You may deconstruct attractions while spaces are free."
    ),
    EventCard("fast_pass", "Fast Pass", "Guests do not skip crowded attractions."),
    EventCard("critics_choice", "Critics' Choice", "Building an attraction gives +2 fame."),
    EventCard("free_roam", "Free Roam", "Ignore the Movement card: any space with guests."),
)
LAST_ROUND_CARD = EventCard(LAST_ROUND, "Last Round", "The game ends after this round.")

EVENTS_BY_ID: dict[str, EventCard] = {e.id: e for e in (*EVENT_CARDS, LAST_ROUND_CARD)}
MOVEMENT_BY_ID: dict[str, MovementCard] = {m.id: m for m in MOVEMENT_CARDS}
