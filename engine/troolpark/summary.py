"""Trool Park in five lines for players (our words): the bot's start message and
``/rules`` lead with it."""

SUMMARY: tuple[str, ...] = (
    "Goal: the most Visitors after 8 rounds.",
    "A round: everyone secretly picks a letter on the board; all are shown together and "
    "taken bottom of the slide first.",
    "Place your Attraction in Laughs, Thrills or Snacks and gain its effect. Lost your pick? "
    "Take another with a bonus.",
    "Then the Weather scores matching symbols, and from round 2 an inspection pays Visitors to "
    "the leaders of one Category.",
    "Ties go to whoever is lower on the Fun Slide; a contested pick or a won tie sends you to "
    "the top.",
)
