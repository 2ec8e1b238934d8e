"""Trool Park in five lines for players (our words): the bot's start message and
``/rules`` lead with it."""

from engine.text import Text, txc
from engine.troolpark.data import ROUNDS

SUMMARY: tuple[Text, ...] = (
    txc("troolpark", "Goal: the most Visitors after {rounds} rounds.", rounds=ROUNDS),
    txc(
        "troolpark",
        "A round: everyone secretly picks a letter on the board; all are shown together and "
        "taken bottom of the slide first.",
    ),
    txc(
        "troolpark",
        "Place your Attraction in Laughs, Thrills or Snacks and gain its effect. Lost your "
        "pick? Take another with a bonus.",
    ),
    txc(
        "troolpark",
        "Then the Weather scores matching symbols, and from round 2 an inspection pays "
        "Visitors to the leaders of one Category.",
    ),
    txc(
        "troolpark",
        "Ties go to whoever is lower on the Fun Slide; a contested pick or a won tie sends you "
        "to the top.",
    ),
)
