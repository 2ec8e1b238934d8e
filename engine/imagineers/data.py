"""Imagineers component data: park board sides, tiles, coaster boards and cards.

The rulebook prints the rules but not the components, so most values here are
reconstructed (DESIGN.md §7). Each table says where its numbers come from:
``rulebook`` (with the section) or ``reconstructed``. An owner of the physical game
can correct any value here; the rules read nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Guest colours by letter (rulebook, Contents: 8 of each, 24 in all).
GUEST_COLOURS: dict[str, str] = {"Y": "yellow", "R": "red", "B": "blue"}
GUESTS_PER_COLOUR = 8  # rulebook, Contents
GUESTS_PER_START_SPACE = 2  # rulebook, Game Setup step 5
MAX_GUESTS_ON_PATH = 4  # rulebook, Quick Reference
ATTRACTION_KIND: dict[str, str] = {"Y": "Family", "R": "Thrill", "B": "Water"}

START_MONEY = 4  # rulebook, Game Setup step 4
MONEY_CAP = 10  # rulebook, Scoring Money, Happiness, and Fame
START_HAPPINESS = 3  # rulebook, Game Setup step 4
HAPPINESS_WHEEL = 5  # rulebook, Scoring: past "5" the wheel wraps to "1" (+1 Fame)
VENDOR_MONEY = 5  # rulebook, Staff Action: Vendor
TILE_COST_TOTAL = 7  # rulebook, Take One New Tile (tip): both sides cost 7 together
COASTER_OWNER_BASE_MONEY = 2  # rulebook, Upgrade Your Roller Coaster, callout 4
COASTER_RIDER_BASE_HAPPINESS = 1  # rulebook, Upgrade Your Roller Coaster, callout 5

#: Players -> (Movement cards, Event cards before Last Round): rulebook, Deck Setup.
DECK_SIZES: dict[int, tuple[int, int]] = {2: (10, 9), 3: (9, 8), 4: (8, 7)}
LAST_ROUND_SHUFFLED_WITH = 2  # rulebook, Game Setup step 7


@dataclass(frozen=True, slots=True)
class Attraction:
    """The attraction side of a park tile."""

    colour: str  # guest letter that scores here
    cost: int
    fame: int  # end-game fame for the owner
    money: int  # paid to the owner when a matching guest rides
    happiness: int  # paid to the active player when a matching guest rides


@dataclass(frozen=True, slots=True)
class Coaster:
    """The coaster-upgrade side of a park tile."""

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


def _tile(tid: int, colour: str, a: tuple[int, ...], c: tuple[int, ...]) -> Tile:
    cost, fame, money, happiness = a
    return Tile(tid, Attraction(colour, cost, fame, money, happiness), Coaster(*c))


# Reconstructed, except where noted: attraction (cost, fame, owner $, rider happiness) and
# coaster (cost, owner $, owner happiness, owner fame, rider happiness). Costs of both sides
# total 7 (rulebook tip). Tile 15 is the rulebook's Attraction example (blue, cost 2, 2
# fame, $1, 1 happiness; see RULES.md on the 3-vs-1 happiness), tile 41's coaster side
# the rulebook's Coaster example (cost 4, owner 1 happiness + 1 fame, rider 2 happiness),
# tile 26 the scoring example's red attraction ($1 to the owner, 5 happiness to the rider).
TILES: tuple[Tile, ...] = (
    # Family (yellow): gentle, more happiness.
    _tile(0, "Y", (1, 0, 1, 1), (6, 2, 0, 1, 3)),
    _tile(1, "Y", (1, 0, 0, 2), (6, 1, 1, 1, 3)),
    _tile(2, "Y", (2, 1, 1, 1), (5, 1, 0, 1, 2)),
    _tile(3, "Y", (2, 1, 0, 2), (5, 0, 1, 1, 2)),
    _tile(4, "Y", (2, 1, 1, 2), (5, 1, 1, 0, 2)),
    _tile(5, "Y", (3, 1, 1, 2), (4, 0, 1, 1, 2)),
    _tile(6, "Y", (3, 2, 1, 2), (4, 1, 0, 1, 1)),
    _tile(7, "Y", (3, 1, 1, 3), (4, 2, 0, 0, 2)),
    _tile(8, "Y", (4, 2, 1, 3), (3, 0, 0, 1, 1)),
    _tile(9, "Y", (4, 3, 1, 2), (3, 1, 1, 0, 1)),
    _tile(10, "Y", (5, 3, 2, 3), (2, 1, 1, 0, 1)),
    _tile(11, "Y", (5, 4, 1, 3), (2, 0, 1, 0, 1)),
    _tile(12, "Y", (6, 4, 2, 4), (1, 1, 0, 0, 0)),
    _tile(13, "Y", (6, 5, 2, 3), (1, 0, 1, 0, 0)),
    # Water (blue): more money for the owner.
    _tile(14, "B", (1, 0, 1, 1), (6, 2, 1, 1, 2)),
    _tile(15, "B", (2, 2, 1, 1), (5, 1, 0, 1, 2)),  # rulebook Attraction example
    _tile(16, "B", (1, 0, 2, 0), (6, 1, 0, 2, 2)),
    _tile(17, "B", (2, 1, 2, 1), (5, 2, 0, 0, 2)),
    _tile(18, "B", (2, 1, 1, 1), (5, 0, 1, 1, 2)),
    _tile(19, "B", (3, 2, 2, 1), (4, 1, 0, 1, 2)),
    _tile(20, "B", (3, 1, 2, 2), (4, 1, 1, 0, 2)),
    _tile(21, "B", (3, 2, 1, 2), (4, 0, 1, 1, 1)),
    _tile(22, "B", (4, 2, 2, 2), (3, 1, 0, 0, 1)),
    _tile(23, "B", (4, 3, 2, 1), (3, 0, 0, 1, 1)),
    _tile(24, "B", (5, 3, 3, 2), (2, 1, 0, 0, 1)),
    _tile(25, "B", (5, 4, 2, 2), (2, 0, 1, 0, 1)),
    # Thrill (red): more fame.
    _tile(26, "R", (4, 1, 1, 5), (3, 1, 0, 0, 1)),  # rulebook scoring example
    _tile(27, "R", (6, 5, 3, 2), (1, 0, 0, 0, 1)),
    _tile(28, "R", (1, 1, 0, 1), (6, 1, 1, 1, 2)),
    _tile(29, "R", (1, 1, 1, 0), (6, 2, 0, 1, 2)),
    _tile(30, "R", (2, 1, 1, 1), (5, 1, 0, 1, 2)),
    _tile(31, "R", (2, 2, 0, 1), (5, 0, 1, 1, 1)),
    _tile(32, "R", (2, 2, 1, 0), (5, 1, 1, 0, 2)),
    _tile(33, "R", (3, 2, 1, 1), (4, 0, 1, 1, 2)),
    _tile(34, "R", (3, 3, 0, 1), (4, 1, 0, 1, 1)),
    _tile(35, "R", (3, 2, 1, 2), (4, 0, 0, 1, 2)),
    _tile(36, "R", (4, 3, 1, 2), (3, 1, 0, 0, 1)),
    _tile(37, "R", (4, 4, 1, 1), (3, 0, 0, 1, 0)),
    _tile(38, "R", (5, 4, 2, 1), (2, 1, 0, 0, 0)),
    _tile(39, "R", (5, 5, 1, 2), (2, 0, 1, 0, 0)),
    # Two more blue tiles complete the 42 (rulebook, Contents).
    _tile(40, "B", (6, 5, 3, 2), (1, 1, 0, 0, 0)),
    _tile(41, "B", (3, 2, 1, 2), (4, 0, 1, 1, 2)),  # coaster side: rulebook Coaster example
)
TILE_COUNT = 42  # rulebook, Contents


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
            Space("red", happiness=2),
            _BS,
            Space("shop", money=1),
            _BS,
            _BS,
            Space("red", happiness=1),
            _BS,
            _B,
            Space("shop", start=True, happiness=1),
            _BS,
            Space("red", happiness=2),
            _BS,
            _B,
            Space("shop", start=True, money=2),
            _BS,
            Space("red", happiness=1),
            _BS,
            _B,
        ),
        {2: (3, 9, 13, 19), 3: (9, 19), 4: ()},
    ),
    "night": ParkSide(
        "Night",
        (
            _BS,
            Space("red", happiness=2),
            _BS,
            Space("shop", money=1),
            _BS,
            _B,
            Space("red", start=True, happiness=1),
            _BS,
            _B,
            Space("shop", start=True, happiness=2),
            _BS,
            Space("red", happiness=2),
            _B,
            _BS,
            Space("shop", money=2),
            _BS,
            Space("red", start=True, happiness=1),
            _B,
            Space("shop", start=True, money=1, happiness=1),
            _BS,
            Space("red", happiness=3),
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
# with four. The base rewards ($2 owner, 1 happiness rider) are the rulebook's
# (Upgrade Your Roller Coaster, callouts 4 and 5) and the same on every board.
_SMALL = (-1, -1, -2, -2, -3)
_LARGE = (-1, -2, -2, -3)
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
    EventCard("happy_hour", "Happy Hour", "Riders of attractions get +1 happiness."),
    EventCard("big_tippers", "Big Tippers", "Attraction owners earn +$1 per rider."),
    EventCard("shopping_spree", "Shopping Spree", "Shops pay double."),
    EventCard(
        "urban_renewal", "Urban Renewal", "You may deconstruct attractions while spaces are free."
    ),
    EventCard("fast_pass", "Fast Pass", "Guests do not skip crowded attractions."),
    EventCard("critics_choice", "Critics' Choice", "Building an attraction gives +1 fame."),
    EventCard("free_roam", "Free Roam", "Ignore the Movement card: any space with guests."),
)
LAST_ROUND_CARD = EventCard(LAST_ROUND, "Last Round", "The game ends after this round.")

EVENTS_BY_ID: dict[str, EventCard] = {e.id: e for e in (*EVENT_CARDS, LAST_ROUND_CARD)}
MOVEMENT_BY_ID: dict[str, MovementCard] = {m.id: m for m in MOVEMENT_CARDS}
