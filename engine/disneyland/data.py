"""Disneyland's components in one place, so an owner of the physical game can correct them.

Every value is marked ``rulebook`` (with the rulebook section it comes from),
``reconstructed`` (the rulebook does not print it; we made up something in the spirit
of a children's park game) or ``house rule`` (a rule of ours the rulebook does not have:
a lobby option, or a limit the buttons need; RULES.md names each one and says why).
Nothing else in the engine hard-codes a number of the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# --- Board (rulebook, "The Squares of the Board" and "The 10 Series of Attractions") ---

SQUARE_COUNT = 38  # rulebook: squares 1..38 around the board
START = 1  # rulebook, "The Squares of the Board"
PRISON = 13  # rulebook, "The Squares of the Board"
BANK = 20  # rulebook, "The Squares of the Board"
HOTEL = 32  # rulebook, "The Squares of the Board"
CHANCE_SQUARES = (9, 28)  # rulebook: Mickey squares, draw a chance card
SURPRISE_SQUARES = (5, 24)  # rulebook: Pluto squares, draw a surprise card

# --- Money (rulebook, "Preparation", "The Squares of the Board", "Rental Titles") ---

NOTES = (1000, 500, 100, 50, 25)  # rulebook, "Preparation": one note of each per player
MONEY_UNIT = "francs"  # reconstructed: the rulebook prints values only; a French game
START_MONEY = sum(NOTES)  # rulebook: 1,675
START_BONUS = 100  # rulebook: each time a player passes Start
BANK_BONUS = 100  # rulebook: each arrival at the Bank
PRISON_FEE = 100  # rulebook: pay to leave Prison at once
PRISON_EXIT_ROLL = 5  # rulebook: "until he rolls a 5"; on a die or in total: see PRISON_READINGS
RENT_PRICE = 100  # rulebook: renting a free attraction
SURRENDER_VALUE = 100  # rulebook, "Obligation to Surrender": 100 per title surrendered
TITLE_VALUE = 100  # reconstructed from the rulebook: the title's "rental and transfer price"
FEES = (100, 300, 600)  # rulebook: entry fee when the owner holds 1, 2 or 3 of the series

#: The two readings of "until he rolls a 5 with the dice" (rulebook, The Squares; RULES.md,
#: Prison): the lobby option ``prison``, ``either`` by default.
PRISON_READINGS = {"either": "a 5 on either die", "total": "a total of 5"}

# --- House rules (each named and argued in RULES.md, "House rules") -------------------

#: house rule: the agreed length the lobby suggests. The rulebook lets the players agree
#: on a length if they wish and gives no number.
DEFAULT_ROUNDS = 40
#: house rule, only with the lobby option ``length: none``: a game without an agreed
#: length is counted after this round if more than one player is still in.
LAST_STANDING_ROUNDS = 100
#: house rule: the "N more rounds" a player may propose when the table votes on a length
#: during the game (the rulebook: the players "may agree on the length of the game").
VOTE_ROUNDS = (5, 10, 20)
#: house rule: titles one side may put in one exchange (a whole series).
EXCHANGE_MAX_TITLES = 3
#: house rule: counter-offers in one exchange; then only accept or decline remain.
EXCHANGE_MAX_COUNTERS = 3
#: house rule built on the rulebook's smallest banknote: a balance goes in steps of 25.
EXCHANGE_BALANCE_STEP = min(NOTES)
#: house rule built on the title's printed "rental and transfer price": a balance is at
#: most this much for each title the paying side receives.
EXCHANGE_BALANCE_PER_TITLE = 100


@dataclass(frozen=True, slots=True)
class Series:
    """Three attraction squares that charge more when one player holds them together."""

    name: str
    squares: tuple[int, int, int]
    short: str  # reconstructed: abbreviation for the board image


# rulebook, "The 10 Series of Attractions" (names and squares); abbreviations reconstructed.
SERIES: tuple[Series, ...] = (
    Series("Robin Hood", (2, 3, 4), "Robin"),
    Series("Pluto", (6, 7, 8), "Pluto"),
    Series("Daisy", (10, 11, 12), "Daisy"),
    Series("Peter Pan", (14, 15, 16), "P.Pan"),
    Series("Madam Mim", (17, 18, 19), "Mim"),
    Series("Baloo", (21, 22, 23), "Baloo"),
    Series("Goofy", (25, 26, 27), "Goofy"),
    Series("Minnie", (29, 30, 31), "Minnie"),
    Series("Mickey", (33, 34, 35), "Mickey"),
    Series("Donald", (36, 37, 38), "Donald"),
)

SERIES_OF: dict[int, Series] = {sq: series for series in SERIES for sq in series.squares}
ATTRACTIONS: tuple[int, ...] = tuple(sorted(SERIES_OF))

SquareKind = Literal["start", "surprise", "chance", "prison", "bank", "hotel", "attraction"]


def square_kind(square: int) -> SquareKind:
    """What happens on ``square`` (1..38)."""
    if square == START:
        return "start"
    if square in SURPRISE_SQUARES:
        return "surprise"
    if square in CHANCE_SQUARES:
        return "chance"
    if square == PRISON:
        return "prison"
    if square == BANK:
        return "bank"
    if square == HOTEL:
        return "hotel"
    return "attraction"


def square_name(square: int) -> str:
    """A short name for logs and labels, e.g. ``Pluto 7`` or ``Bank``."""
    kind = square_kind(square)
    if kind == "attraction":
        return f"{SERIES_OF[square].name} {square}"
    return {
        "start": "Start",
        "surprise": "Pluto (surprise)",
        "chance": "Mickey (chance)",
        "prison": "Prison",
        "bank": "Bank",
        "hotel": "Hotel",
    }[kind]


# --- Chance and surprise cards (all reconstructed: the rulebook does not print them) ---

CardKind = Literal["gain", "pay", "goto", "prison", "hotel", "move", "collect", "payeach"]


@dataclass(frozen=True, slots=True)
class Card:
    """One card. ``value`` is an amount, a square (``goto``) or a signed step (``move``)."""

    id: str
    text: str
    kind: CardKind
    value: int = 0


# Moves by ±3 from a card square (5, 9, 24, 28) never land on another card square,
# so drawing a card can never chain into another draw.
CHANCE_CARDS: tuple[Card, ...] = (  # reconstructed (Mickey squares 9 and 28)
    Card("c01", "You win the drawing contest: receive 100.", "gain", 100),
    Card("c02", "Your lost balloon is found: receive 50.", "gain", 50),
    Card("c03", "Lucky ticket at the fair: receive 200.", "gain", 200),
    Card("c04", "It is your birthday: collect 25 from every player.", "collect", 25),
    Card("c05", "Take the railroad back to Start.", "goto", START),
    Card("c06", "Ride the monorail to the Bank.", "goto", BANK),
    Card("c07", "Visit the Donald series: go to square 36.", "goto", 36),
    Card("c08", "Caught cutting the queue: go to Prison.", "prison"),
    Card("c09", "Too much candy floss: rest at the Hotel.", "hotel"),
    Card("c10", "Join the parade: move forward 3 squares.", "move", 3),
    Card("c11", "Wrong turn at the castle: move back 3 squares.", "move", -3),
    Card("c12", "You treat everyone to ice cream: pay 25 to every player.", "payeach", 25),
    Card("c13", "You broke a souvenir: pay 100.", "pay", 100),
    Card("c14", "Fireworks tickets: pay 50.", "pay", 50),
)

SURPRISE_CARDS: tuple[Card, ...] = (  # reconstructed (Pluto squares 5 and 24)
    Card("s01", "Pluto digs up a golden bone: receive 100.", "gain", 100),
    Card("s02", "Prize for the nicest costume: receive 150.", "gain", 150),
    Card("s03", "Your puppet show is a hit: every player gives you 50.", "collect", 50),
    Card("s04", "Skyway ride to the Goofy series: go to square 25.", "goto", 25),
    Card("s05", "Off to Robin Hood's forest: go to square 2.", "goto", 2),
    Card("s06", "Straight to the Bank.", "goto", BANK),
    Card("s07", "Pluto ran off with a hat: go to Prison.", "prison"),
    Card("s08", "Nap time: rest at the Hotel.", "hotel"),
    Card("s09", "Jump into a teacup: move forward 3 squares.", "move", 3),
    Card("s10", "Pluto runs away: chase him back 3 squares.", "move", -3),
    Card("s11", "Photo with Mickey: pay 50.", "pay", 50),
    Card("s12", "Pluto chewed a picnic basket: pay 100.", "pay", 100),
    Card("s13", "Popcorn for everyone: pay 25 to every player.", "payeach", 25),
    Card("s14", "New Mickey ears: pay 75.", "pay", 75),
)

DECKS: dict[str, tuple[Card, ...]] = {"chance": CHANCE_CARDS, "surprise": SURPRISE_CARDS}
CARDS: dict[str, Card] = {card.id: card for deck in DECKS.values() for card in deck}
