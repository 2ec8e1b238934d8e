"""Small state mutations and lookups shared by the steps of a round.

Naming: functions that change the state are verbs (``gain_points``, ``slide_to_top``);
the others only read it.
"""

from __future__ import annotations

from engine.core import State
from engine.troolpark.data import AREA_SIZE, ATTRACTIONS, CATEGORIES, GROUNDS
from engine.troolpark.effects import ground_of

Task = dict[str, object]

#: Location bonuses in words, for move labels and pictures.
BONUS_WORDS: dict[str, str] = {
    "laughs": "+1 Laughs",
    "thrills": "+1 Thrills",
    "snacks": "+1 Snacks",
    "any": "+1 any Category",
    "weather": "Weather token back",
    "slide": "Slide to the bottom",
    "visitor": "+1 Visitor",
}


def push_front(state: State, *tasks: Task) -> None:
    """Queue ``tasks`` (in order) before everything still waiting."""
    state["queue"][0:0] = list(tasks)


def card_name(card: str) -> str:
    return ATTRACTIONS[card].name if card in ATTRACTIONS else f"a {booth_type(card)} Booth"


def plural(count: int, word: str) -> str:
    """``1 Visitor``, ``2 Visitors``: counts in labels and events read as words."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def booth_type(card: str) -> str:
    return ground_of(card).capitalize()


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


def gain_points(state: State, seat: str, gains: dict[str, int]) -> str:
    """Advance ``seat``'s meeples; returns the gains in words ("+2 Thrills, +1 Snacks")."""
    for category, amount in gains.items():
        state["points"][seat][category] += amount
    return ", ".join(f"+{n} {c.capitalize()}" for c, n in gains.items() if n)


#: Where Visitors come from, for the score breakdown: key -> words for players.
VISITOR_SOURCES: dict[str, str] = {
    "attractions": "Attraction effects",
    "inspections": "Inspections",
    "bonuses": "Catch-up bonuses",
}


def gain_visitors(state: State, seat: str, amount: int, source: str) -> None:
    """Add Visitors and remember their ``source`` (one of ``VISITOR_SOURCES``).

    Games saved before sources were counted have no tally yet: it starts at zero and
    the breakdown shows the difference as earlier Visitors."""
    state["visitors"][seat] += amount
    tally = state.setdefault("visitor_sources", {}).setdefault(seat, {})
    tally[source] = tally.get(source, 0) + amount
