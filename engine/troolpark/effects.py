"""Opening effects and Weather scoring: pure arithmetic on one player's park.

A park is ``{area: [card ids]}`` with the three Category areas. Booths count like
Attractions everywhere (rulebook "Booths": they "function exactly like Attractions").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.text import Text, txc
from engine.troolpark.data import ATTRACTIONS, BOOTHS, CATEGORIES, GROUNDS, WEATHER
from engine.troolpark.wording import CATEGORY_WORDS, GROUND_WORDS

Park = Mapping[str, Sequence[str]]


def ground_of(card: str) -> str:
    """The ground (= Weather symbol) of an Attraction or Booth id."""
    return ATTRACTIONS[card].ground if card in ATTRACTIONS else BOOTHS[card].ground


def cards_in(park: Park) -> list[str]:
    return [card for area in CATEGORIES for card in park[area]]


def ground_counts(park: Park) -> dict[str, int]:
    counts = dict.fromkeys(GROUNDS, 0)
    for card in cards_in(park):
        counts[ground_of(card)] += 1
    return counts


def opening_gain(park: Park, card: str) -> tuple[dict[str, int], int]:
    """(Category points, Visitors) that opening ``card`` gives, the card already placed.

    The card itself is counted (rulebook: "The Attraction that you just opened is
    included in the count").
    """
    effect = ATTRACTIONS[card].effect
    counts = ground_counts(park)
    points: dict[str, int] = {}
    visitors = 0
    if effect.kind == "points":
        points[effect.category] = 2
    elif effect.kind == "per_ground":
        points[effect.category] = counts[effect.ground]
    elif effect.kind == "pairs":
        visitors = 2 * (counts[effect.ground] // 2)
    elif effect.kind == "trios":
        points[effect.category] = 2 * min(counts.values())
    else:
        visitors = sum(1 for c in cards_in(park) if c in BOOTHS)
    return points, visitors


def weather_gain(park: Park, token: str) -> dict[str, int]:
    """Category points from a Weather token: one per matching card in that area."""
    ground = WEATHER[token]
    return {area: sum(1 for c in park[area] if ground_of(c) == ground) for area in CATEGORIES}


def describe_effect(card: str) -> Text:
    """The effect in words, for labels and pictures."""
    effect = ATTRACTIONS[card].effect
    if effect.kind == "points":
        return txc("troolpark", "+2 {category}", category=CATEGORY_WORDS[effect.category])
    if effect.kind == "per_ground":
        return txc(
            "troolpark",
            "+1 {category} per {ground}",
            category=CATEGORY_WORDS[effect.category],
            ground=GROUND_WORDS[effect.ground],
        )
    if effect.kind == "pairs":
        return txc("troolpark", "2 visitors per {ground} pair", ground=GROUND_WORDS[effect.ground])
    if effect.kind == "trios":
        return txc("troolpark", "+2 {category} per trio", category=CATEGORY_WORDS[effect.category])
    return txc("troolpark", "1 visitor per Booth")
