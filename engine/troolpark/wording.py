"""The names players read on Trool Park's components, as words to translate.

``data.py`` holds the components with their English names and codes and imports no
engine module; here each name is marked once for the catalogs (docs/ARCHITECTURE.md
§12), so a language can call an Attraction, a Category, a ground or a Weather token its
own way. A name missing here is a ``KeyError`` at once (the words test holds every name
of ``data.py`` to these lists).
"""

from __future__ import annotations

from engine.text import Text, txc
from engine.troolpark.data import ATTRACTIONS


def _by_english(*names: Text) -> dict[str, Text]:
    return {str(name): name for name in names}


#: The 42 Attractions (all reconstructed names, see ``data.py``), by their English name.
ATTRACTION_NAMES: dict[str, Text] = _by_english(
    txc("troolpark", "Yeti Coaster"),
    txc("troolpark", "Frost Carousel"),
    txc("troolpark", "Cocoa Igloo"),
    txc("troolpark", "Dune Drop"),
    txc("troolpark", "Snowball Alley"),
    txc("troolpark", "Fondue Chalet"),
    txc("troolpark", "Twin Glaciers"),
    txc("troolpark", "Polar Pairs"),
    txc("troolpark", "Aurora Wheel"),
    txc("troolpark", "Troll Toboggan"),
    txc("troolpark", "Avalanche Run"),
    txc("troolpark", "Frozen Feast"),
    txc("troolpark", "Mitten Market"),
    txc("troolpark", "Sleigh Bazaar"),
    txc("troolpark", "Gargoyle Loop"),
    txc("troolpark", "Boulder Bumpers"),
    txc("troolpark", "Pebble Pretzels"),
    txc("troolpark", "Quarry Plunge"),
    txc("troolpark", "Sandstone Show"),
    txc("troolpark", "Icicle Grill"),
    txc("troolpark", "Granite Twins"),
    txc("troolpark", "Frosty Fountains"),
    txc("troolpark", "Desert Arches"),
    txc("troolpark", "Mossy Maze"),
    txc("troolpark", "Rockslide Rapids"),
    txc("troolpark", "Cavern Kitchen"),
    txc("troolpark", "Cobble Stalls"),
    txc("troolpark", "Gravel Fair"),
    txc("troolpark", "Mirage Tower"),
    txc("troolpark", "Camel Carousel"),
    txc("troolpark", "Cactus Candy"),
    txc("troolpark", "Sled Simulator"),
    txc("troolpark", "Rock Concert"),
    txc("troolpark", "Oasis Grill"),
    txc("troolpark", "Dune Twins"),
    txc("troolpark", "Snow Globes"),
    txc("troolpark", "Stone Circle"),
    txc("troolpark", "Scarab Swings"),
    txc("troolpark", "Sandstorm Spin"),
    txc("troolpark", "Palm Picnic"),
    txc("troolpark", "Sun Souk"),
    txc("troolpark", "Bazaar Dunes"),
)

#: The three Categories (and areas of a park), by code.
CATEGORY_WORDS: dict[str, Text] = {
    "laughs": txc("troolpark", "Laughs"),
    "thrills": txc("troolpark", "Thrills"),
    "snacks": txc("troolpark", "Snacks"),
}

#: The three grounds (and Booth types), by code.
GROUND_WORDS: dict[str, Text] = {
    "snow": txc("troolpark", "Snow"),
    "stone": txc("troolpark", "Stone"),
    "sand": txc("troolpark", "Sand"),
}

#: The three Weather tokens, by code.
WEATHER_WORDS: dict[str, Text] = {
    "flurries": txc("troolpark", "Flurries"),
    "rain": txc("troolpark", "Rain"),
    "sunshine": txc("troolpark", "Sunshine"),
}


def attraction_name(card: str) -> Text:
    """The name of Attraction ``card`` (an id such as ``a01``)."""
    return ATTRACTION_NAMES[ATTRACTIONS[card].name]
