"""Small state mutations and lookups shared by the steps of a round.

Naming: functions that change the state are verbs (``gain_points``, ``slide_to_top``);
the others only read it.
"""

from __future__ import annotations

import functools

from engine.core import State, joined
from engine.text import Text, txc, txcn
from engine.troolpark.data import AREA_SIZE, ATTRACTIONS, CATEGORIES, GROUNDS
from engine.troolpark.effects import ground_of
from engine.troolpark.wording import CATEGORY_WORDS, GROUND_WORDS, attraction_name

Task = dict[str, object]

#: Location bonuses in words, for move labels and pictures.
BONUS_WORDS: dict[str, Text] = {
    "laughs": txc("troolpark", "+1 Laughs"),
    "thrills": txc("troolpark", "+1 Thrills"),
    "snacks": txc("troolpark", "+1 Snacks"),
    "any": txc("troolpark", "+1 any Category"),
    "weather": txc("troolpark", "Weather token back"),
    "slide": txc("troolpark", "Slide to the bottom"),
    "visitor": txc("troolpark", "+1 Visitor"),
}


def push_front(state: State, *tasks: Task) -> None:
    """Queue ``tasks`` (in order) before everything still waiting."""
    state["queue"][0:0] = list(tasks)


# The words below come up on almost every move (the robots play thousands of them), so
# each is made once for its arguments: a card, a count, a Category.


@functools.cache
def card_name(card: str) -> Text:
    """An Attraction's name, or "a Snow Booth"."""
    if card in ATTRACTIONS:
        return attraction_name(card)
    return txc("troolpark", "a {ground} Booth", ground=GROUND_WORDS[ground_of(card)])


@functools.cache
def visitors(count: int) -> Text:
    """``1 Visitor``, ``2 Visitors``."""
    return txcn("troolpark", "{count} Visitor", "{count} Visitors", count)


def free_areas(state: State, seat: str) -> list[str]:
    """Areas of ``seat``'s park with an empty space, in board order."""
    park = state["parks"][seat]
    return [area for area in CATEGORIES if len(park[area]) < AREA_SIZE]


def booth_stock(state: State) -> dict[str, int]:
    """Booths left in the reserve, by type."""
    stock = dict.fromkeys(GROUNDS, 0)
    for card in state["booth_reserve"]:
        stock[ground_of(card)] += 1
    return stock


def slide_rank(state: State, seat: str) -> int:
    """0 = bottom of the Fun Slide (plays first, wins ties)."""
    slide: list[str] = state["slide"]
    return slide.index(seat)


def slide_to_top(state: State, seat: str) -> None:
    state["slide"].remove(seat)
    state["slide"].append(seat)


def slide_to_bottom(state: State, seat: str) -> None:
    state["slide"].remove(seat)
    state["slide"].insert(0, seat)


def gain_points(state: State, seat: str, gains: dict[str, int]) -> str | None:
    """Advance ``seat``'s meeples; returns the gains in words ("+2 Thrills, +1 Snacks"),
    None when nothing was gained."""
    for category, amount in gains.items():
        state["points"][seat][category] += amount
    words = tuple((category, n) for category, n in gains.items() if n)
    return _gain_words(words) if words else None


@functools.lru_cache(maxsize=1024)
def _gain_words(gains: tuple[tuple[str, int], ...]) -> str:
    """ "+2 Thrills, +1 Snacks" for ``(("thrills", 2), ("snacks", 1))``."""
    return joined(
        [
            txc("troolpark", "+{points} {category}", points=n, category=CATEGORY_WORDS[c])
            for c, n in gains
        ]
    )


#: Where Visitors come from, for the score breakdown: key -> words for players.
VISITOR_SOURCES: dict[str, Text] = {
    "attractions": txc("troolpark", "Attraction effects"),
    "inspections": txc("troolpark", "Inspections"),
    "bonuses": txc("troolpark", "Catch-up bonuses"),
}


def gain_visitors(state: State, seat: str, amount: int, source: str) -> None:
    """Add Visitors and remember their ``source`` (one of ``VISITOR_SOURCES``).

    Games saved before sources were counted have no tally yet: it starts at zero and
    the breakdown shows the difference as earlier Visitors."""
    state["visitors"][seat] += amount
    tally = state.setdefault("visitor_sources", {}).setdefault(seat, {})
    tally[source] = tally.get(source, 0) + amount
