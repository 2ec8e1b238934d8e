"""Imagineers in five lines for players (our words): the bot's start message and
``/rules`` lead with it."""

from engine.text import Text, txc

SUMMARY: tuple[Text, ...] = (
    txc(
        "imagineers",
        "Win with the most fame: what you gained on the fame track, plus your rides' fame, "
        "minus your empty coaster slots.",
    ),
    txc(
        "imagineers",
        "Each round turns up a Movement card (which guests may move) and an Event (a twist); "
        "Last Round marks the final one.",
    ),
    txc(
        "imagineers",
        "On your turn, first play one of your two tiles: build its ride, add its track to "
        "your coaster, or discard it for staff.",
    ),
    txc(
        "imagineers",
        "Then move all guests of one allowed space, one per ride ahead: a guest of the ride's "
        "colour pays its owner and you.",
    ),
    txc(
        "imagineers",
        "Red guests ride coasters; every 5 happiness you gain turns into 1 fame. Last, draw a "
        "tile blind from either stack.",
    ),
)
