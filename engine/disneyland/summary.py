"""Disneyland in five lines for players (our words): the bot's start message and
``/rules`` lead with it."""

SUMMARY: tuple[str, ...] = (
    "Goal: the most cash plus titles (100 each) when the agreed length ends, or be the last "
    "player left.",
    "A turn: roll and move. Passing Start pays 100, so does the Bank; the Hotel costs you your "
    "next turn.",
    "Stop on a free attraction to rent it for 100; visitors then pay you 100, 300 or 600 for "
    "1, 2 or 3 of its series.",
    "Mickey and Pluto squares give chance and surprise cards; Prison holds you until you roll "
    "a 5 (or pay 100).",
    "Before rolling, offer a swap of titles to complete a series; short of cash, give titles "
    "back for 100 each.",
)
