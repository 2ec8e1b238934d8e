"""Disneyland in five lines for players (our words): the bot's start message and
``/rules`` lead with it."""

from engine.disneyland import data
from engine.text import Text, txc

SUMMARY: tuple[Text, ...] = (
    txc(
        "disneyland",
        "Goal: the most cash plus titles ({value} each) when the agreed length ends, or be "
        "the last player left.",
        value=data.TITLE_VALUE,
    ),
    txc(
        "disneyland",
        "A turn: roll and move. Passing Start pays {bonus}, so does the Bank; the Hotel costs "
        "you your next turn.",
        bonus=data.START_BONUS,
    ),
    txc(
        "disneyland",
        "Stop on a free attraction to rent it for {rent}; visitors then pay you {one}, {two} "
        "or {three} for 1, 2 or 3 of its series.",
        rent=data.RENT_PRICE,
        one=data.FEES[0],
        two=data.FEES[1],
        three=data.FEES[2],
    ),
    txc(
        "disneyland",
        "Mickey and Pluto squares give chance and surprise cards; Prison holds you until you "
        "roll a {roll} (or pay {fee}).",
        roll=data.PRISON_EXIT_ROLL,
        fee=data.PRISON_FEE,
    ),
    txc(
        "disneyland",
        "Before rolling, offer a swap of titles to complete a series; short of cash, give "
        "titles back for {value} each.",
        value=data.SURRENDER_VALUE,
    ),
)
