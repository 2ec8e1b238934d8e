"""The names players read on Alan's Adventureland's components, as words to translate.

``data.py`` holds the components and their English names and imports no engine module;
here every name is marked once for the catalogs (docs/ARCHITECTURE.md §12), so a
language can call a ride, a type, a mat, a Bonus card's shape or a metal its own way.
:func:`named` turns a name from ``data.py`` into its words; a name missing here is a
``KeyError`` at once (tests hold every name of ``data.py`` to this list).
"""

from __future__ import annotations

from engine.adventureland.data import (
    ATTRACTION_BY_KEY,
    SHAPE_NAMES,
    TYPE_BY_KEY,
    BonusCard,
    ColouredSet,
)
from engine.text import Text, txc


def _by_english(*names: Text) -> dict[str, Text]:
    return {str(name): name for name in names}


NAMES: dict[str, Text] = _by_english(
    # The five ride types (rulebook, Equipment §2).
    txc("adventureland", "Stage Show"),
    txc("adventureland", "Food Stop"),
    txc("adventureland", "Water Ride"),
    txc("adventureland", "Thrill Ride"),
    txc("adventureland", "Family Ride"),
    # The twenty attractions (reconstructed names).
    txc("adventureland", "Puppet Theater"),
    txc("adventureland", "Stunt Spectacular"),
    txc("adventureland", "Popcorn Wagon"),
    txc("adventureland", "Pizza Parlor"),
    txc("adventureland", "Ice Cream Stand"),
    txc("adventureland", "Barbecue Pit"),
    txc("adventureland", "Log Flume"),
    txc("adventureland", "River Rapids"),
    txc("adventureland", "Bumper Boats"),
    txc("adventureland", "Splash Tower"),
    txc("adventureland", "Roller Coaster"),
    txc("adventureland", "Drop Tower"),
    txc("adventureland", "Loop Coaster"),
    txc("adventureland", "Spinning Vortex"),
    txc("adventureland", "Carousel"),
    txc("adventureland", "Ferris Wheel"),
    txc("adventureland", "Bumper Cars"),
    txc("adventureland", "Teacups"),
    txc("adventureland", "Haunted House"),
    txc("adventureland", "Park Train"),
    # The mats: the generic side and the four themed ones.
    txc("adventureland", "Neighbourhood"),
    txc("adventureland", "Animal Kingdom"),
    txc("adventureland", "Tour America"),
    txc("adventureland", "Sky World"),
    txc("adventureland", "Foreign Lands"),
    # i18n: the metals of a themed mat's coloured squares (a set's name is "Gold squares").
    txc("adventureland", "Gold"),
    txc("adventureland", "Silver"),
    txc("adventureland", "Bronze"),
    # i18n: the shapes of Bonus Layout cards (a card is named "Water Ride L shape").
    txc("adventureland", "straight line"),
    txc("adventureland", "square"),
    txc("adventureland", "T shape"),
    txc("adventureland", "four corners"),
    txc("adventureland", "L shape"),
    txc("adventureland", "S shape"),
    txc("adventureland", "diagonal"),
    txc("adventureland", "J shape"),
    txc("adventureland", "Z shape"),
)


def named(english: str) -> Text:
    """The words for a component ``data.py`` names ``english``."""
    return NAMES[english]


def set_words(coloured: ColouredSet) -> Text:
    """``"Gold squares"``: how players name a coloured set (``data.set_name``)."""
    return txc("adventureland", "{metal} squares", metal=named(coloured.colour))


def bonus_words(card: BonusCard) -> Text:
    """``"Water Ride L shape"``: a Bonus card by its ride type and shape
    (``data.bonus_name``)."""
    return txc(
        "adventureland",
        "{type} {shape}",
        type=named(TYPE_BY_KEY[card.type].name),
        shape=named(SHAPE_NAMES[card.shape]),
    )


def ride_words(key: str) -> Text:
    """``"Log Flume (Water Ride)"``: an attraction with its type, as labels name a card."""
    ride = ATTRACTION_BY_KEY[key]
    return txc(
        "adventureland",
        "{ride} ({type})",
        ride=named(ride.name),
        type=named(TYPE_BY_KEY[ride.type].name),
    )


def ride_name(key: str) -> Text:
    """An attraction's name alone (``"Log Flume"``)."""
    return named(ATTRACTION_BY_KEY[key].name)
