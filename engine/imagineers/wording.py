"""The words of Imagineers players read on its components, to translate, and how lists
of them are joined.

``data.py`` holds the components and their English names and imports no engine module;
here every printed name and card text is marked once for the catalogs
(docs/ARCHITECTURE.md §12), so a language can name a ride, a piece of track, a card or a
guest's colour its own way. :func:`named` turns a name or text from ``data.py`` into its
words; one missing here is a ``KeyError`` at once (tests hold every name of ``data.py``
to this list).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.text import Text, Value, txc, txcn


def _by_english(*names: Text) -> dict[str, Text]:
    return {str(name): name for name in names}


NAMES: dict[str, Text] = _by_english(
    # i18n: the attraction sides of the 42 park tiles (reconstructed names).
    txc("imagineers", "Carousel"),
    txc("imagineers", "Teacup Spin"),
    txc("imagineers", "Hall of Mirrors"),
    txc("imagineers", "Puppet Theatre"),
    txc("imagineers", "Bumper Cars"),
    txc("imagineers", "Fun House"),
    txc("imagineers", "Balloon Race"),
    txc("imagineers", "Jungle Train"),
    txc("imagineers", "Ferris Wheel"),
    txc("imagineers", "Sky Tram"),
    txc("imagineers", "Dinosaur Walk"),
    txc("imagineers", "Toy Town Parade"),
    txc("imagineers", "Magic Lantern Show"),
    txc("imagineers", "Starlight Castle"),
    txc("imagineers", "Paddle Boats"),
    txc("imagineers", "Lagoon Cruise"),
    txc("imagineers", "Splash Pad"),
    txc("imagineers", "Lazy River"),
    txc("imagineers", "Wave Pool"),
    txc("imagineers", "Bubble Falls"),
    txc("imagineers", "Pirate Cove"),
    txc("imagineers", "Log Flume"),
    txc("imagineers", "River Rapids"),
    txc("imagineers", "Submarine Voyage"),
    txc("imagineers", "Whirlpool"),
    txc("imagineers", "Tidal Twister"),
    txc("imagineers", "Haunted Manor"),
    txc("imagineers", "Sky Screamer"),
    txc("imagineers", "Spinning Saucers"),
    txc("imagineers", "Pirate Ship Swing"),
    txc("imagineers", "Thunder Swings"),
    txc("imagineers", "Orbit Spinner"),
    txc("imagineers", "Ghost Train"),
    txc("imagineers", "Drop Tower"),
    txc("imagineers", "Rocket Launch"),
    txc("imagineers", "Cliff Dive"),
    txc("imagineers", "Free Fall"),
    txc("imagineers", "Vortex"),
    txc("imagineers", "Slingshot"),
    txc("imagineers", "Loop Swing"),
    txc("imagineers", "Typhoon Tower"),
    txc("imagineers", "Mermaid Grotto"),
    # i18n: the coaster sides of the park tiles: pieces of roller coaster track.
    txc("imagineers", "Lift Hill"),
    txc("imagineers", "Double Loop"),
    txc("imagineers", "Corkscrew"),
    txc("imagineers", "Camelback"),
    txc("imagineers", "Helix"),
    txc("imagineers", "Vertical Drop"),
    txc("imagineers", "Launch Tunnel"),
    txc("imagineers", "Banked Turn"),
    txc("imagineers", "Zero-G Roll"),
    txc("imagineers", "Cobra Roll"),
    txc("imagineers", "Dive Loop"),
    txc("imagineers", "Heartline Roll"),
    txc("imagineers", "Immelmann"),
    txc("imagineers", "Batwing"),
    txc("imagineers", "Pretzel Loop"),
    txc("imagineers", "Airtime Hill"),
    txc("imagineers", "Splashdown"),
    txc("imagineers", "Brake Run"),
    txc("imagineers", "Dark Tunnel"),
    txc("imagineers", "Wave Turn"),
    txc("imagineers", "Top Hat"),
    txc("imagineers", "Stengel Dive"),
    txc("imagineers", "Bunny Hops"),
    txc("imagineers", "Sidewinder"),
    txc("imagineers", "Inline Twist"),
    txc("imagineers", "Vertical Loop"),
    txc("imagineers", "Cutback"),
    txc("imagineers", "Dive Drop"),
    txc("imagineers", "Overbanked Turn"),
    txc("imagineers", "Horseshoe"),
    txc("imagineers", "Spiral Lift"),
    txc("imagineers", "Beyond-Vertical Drop"),
    txc("imagineers", "Flat Spin"),
    txc("imagineers", "Boomerang"),
    txc("imagineers", "Tunnel Plunge"),
    txc("imagineers", "Double Down"),
    txc("imagineers", "Sea Serpent"),
    txc("imagineers", "Wing-over"),
    txc("imagineers", "Butterfly"),
    txc("imagineers", "Figure Eight"),
    txc("imagineers", "Cloud Hop"),
    txc("imagineers", "Trick Track"),
    # i18n: the four Roller Coaster boards (reconstructed names).
    txc("imagineers", "Comet"),
    txc("imagineers", "Cyclone"),
    txc("imagineers", "Dragon"),
    txc("imagineers", "Wildcat"),
    # i18n: the Event cards' names (reconstructed).
    txc("imagineers", "Grand Opening"),
    txc("imagineers", "Coaster Sale"),
    txc("imagineers", "Payday"),
    txc("imagineers", "All Aboard"),
    txc("imagineers", "Happy Hour"),
    txc("imagineers", "Big Tippers"),
    txc("imagineers", "Shopping Spree"),
    txc("imagineers", "Urban Renewal"),
    txc("imagineers", "Fast Pass"),
    txc("imagineers", "Critics' Choice"),
    txc("imagineers", "Free Roam"),
    txc("imagineers", "Last Round"),
    # i18n: the Event cards' texts (reconstructed).
    txc("imagineers", "Building an attraction costs ${amount} less.", amount=1),
    txc("imagineers", "Coaster upgrades cost ${amount} less.", amount=2),
    txc("imagineers", "The Vendor earns ${amount} instead of ${usual}.", amount=7, usual=5),
    txc("imagineers", "Guests of every colour may ride roller coasters."),
    txc("imagineers", "Riders of attractions get +{amount} happiness.", amount=2),
    txc("imagineers", "Attraction owners earn +${amount} per rider.", amount=1),
    txc("imagineers", "Shops pay double."),
    txc("imagineers", "You may deconstruct attractions while spaces are free."),
    txc("imagineers", "Guests do not skip crowded attractions."),
    txc("imagineers", "Building an attraction gives +{amount} fame.", amount=2),
    txc("imagineers", "Ignore the Movement card: any space with guests."),
    txc("imagineers", "The game ends after this round."),
    # i18n: the Movement cards: which space a player may move guests from.
    txc("imagineers", "A space with a red guest"),
    txc("imagineers", "A space with a blue guest"),
    txc("imagineers", "A space with a yellow guest"),
    txcn(
        "imagineers",
        "A space with exactly {count} guest",
        "A space with exactly {count} guests",
        1,
    ),
    txcn(
        "imagineers",
        "A space with exactly {count} guest",
        "A space with exactly {count} guests",
        2,
    ),
    txc("imagineers", "A space with {count} or more guests", count=3),
    txc("imagineers", "A space with {count} or more colours", count=2),
    txc("imagineers", "A space whose guests are all one colour"),
    txc("imagineers", "Any space with guests"),
)


#: The guests' colours by letter, as words ("red"): a guest is named by its colour.
COLOURS: dict[str, Text] = {
    "Y": txc("imagineers", "yellow"),
    "R": txc("imagineers", "red"),
    "B": txc("imagineers", "blue"),
}
#: The kinds of attraction by the colour of guest they take ("Family").
KINDS: dict[str, Text] = {
    "Y": txc("imagineers", "Family"),
    "R": txc("imagineers", "Thrill"),
    "B": txc("imagineers", "Water"),
}


def named(english: str) -> Text:
    """The words for a name or card text ``data.py`` prints as ``english``."""
    return NAMES[english]


def money(amount: int) -> Text:
    """An amount of money as the game prints it (``$3``)."""
    return txc("imagineers", "${amount}", amount=amount)


def commas(items: Sequence[Value]) -> Value:
    """Items one after another with commas, no "and" (``red, blue``: an order, or parts
    of a sum), each comma a text of its own so a language may write its own."""
    joined = items[0]
    for item in items[1:]:
        # i18n: one more item after a comma, in an order or a sum ("red, blue").
        joined = txc("imagineers", "{items}, {item}", items=joined, item=item)
    return joined


def in_turn(items: Sequence[Value]) -> Value:
    """Items in the order they happen (``red, then blue``)."""
    joined = items[0]
    for item in items[1:]:
        joined = txc("imagineers", "{items}, then {item}", items=joined, item=item)
    return joined


def guests(letters: str) -> Text:
    """``"2 guests (red, blue)"``: a group of guests and their colours in order."""
    return txcn(
        "imagineers",
        "{count} guest ({colours})",
        "{count} guests ({colours})",
        len(letters),
        colours=commas([COLOURS[c] for c in letters]),
    )
