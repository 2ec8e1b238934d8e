"""Alan's Adventureland in five lines for players (our words): the bot's start message and
``/rules`` lead with it."""

from engine.text import Text, txc

SUMMARY: tuple[Text, ...] = (
    txc(
        "adventureland",
        "Goal: the most points after the last Bonus Round and the Final Scoring of your park.",
    ),
    txc(
        "adventureland",
        "A turn: take cards from the face-up row (there and back again), then put one card "
        "from your hand between two players.",
    ),
    txc(
        "adventureland",
        "Then build: play a card and put its tile on your 4×5 mat; a type not approved beside "
        "you costs 2 or 3 points.",
    ),
    txc(
        "adventureland",
        "A ride you already own is stacked one level higher. After every lap a Bonus Round "
        "scores layout and excitement.",
    ),
    txc(
        "adventureland",
        "At the end each row and column scores by its number of tiles at every height, plus "
        "sets of each ride type.",
    ),
)
