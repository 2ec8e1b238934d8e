"""Inspections (rulebook "3. Inspections"): ranking, tie-breaks and handing out rewards.

The ranking is fixed when an inspection starts; points gained during it (Thrills
rewards) do not change it. Ties go to the player lower on the Fun Slide, and each
player who wins a tie moves to the top of the slide, in ranking order. A Laughs
inspection offers its 1st two Booth types to pick from (rulebook, Laughs rewards); the
others' types follow from the choices before them (``decisions``).
"""

from __future__ import annotations

from engine.core import Rng, State
from engine.troolpark.data import GROUNDS, INSPECTIONS
from engine.troolpark.effects import ground_of
from engine.troolpark.pieces import (
    gain_visitors,
    plural,
    push_front,
    slide_rank,
    slide_to_top,
)

_ORDINALS = ("1st", "2nd", "3rd", "4th")


def ranking(state: State, category: str) -> list[str]:
    """Seats from best to worst in ``category``; ties to the lower on the Fun Slide."""
    points = state["points"]
    return sorted(state["seats"], key=lambda s: (-points[s][category], slide_rank(state, s)))


def tie_winners(state: State, order: list[str], category: str) -> list[str]:
    """Seats in ``order`` that beat a tied seat ranked after them (they go to the top)."""
    points = state["points"]
    return [
        seat
        for i, seat in enumerate(order)
        if any(points[o][category] == points[seat][category] for o in order[i + 1 :])
    ]


def offer_booths(state: State) -> list[str]:
    """The two Booth types a Laughs inspection offers its 1st: a Booth drawn at random
    from the reserve, then one drawn from those of the other types (so each type is
    offered in proportion to what is left; fewer types if fewer are left). Board order."""
    rng = Rng(state["rng"])
    offered: list[str] = []
    for _ in range(2):
        others = [b for b in state["booth_reserve"] if ground_of(b) not in offered]
        if others:
            offered.append(ground_of(rng.choice(others)))
    state["rng"] = rng.state
    return [g for g in GROUNDS if g in offered]


def start_inspection(state: State) -> list[str]:
    """Hold the next announced inspection: rank, reward Visitors, queue the choices."""
    card = INSPECTIONS[state["announced"].pop(0)]
    state["inspected"].append(card.id)
    order = ranking(state, card.category)
    state["inspection"] = {"card": card.id, "ranking": order, "picked": [None] * len(order)}
    places = ", ".join(f"{_ORDINALS[i]} {seat}" for i, seat in enumerate(order))
    events = [f"Inspection of {card.category.capitalize()}: {places}"]
    for seat in tie_winners(state, order, card.category):
        slide_to_top(state, seat)
        events.append(f"{seat} won a tie and goes to the top of the Fun Slide")
    for i, seat in enumerate(order):
        if i < len(card.visitors) and card.visitors[i]:
            gain_visitors(state, seat, card.visitors[i], "inspections")
            events.append(f"{seat} receives {plural(card.visitors[i], 'Visitor')}")
    tasks: list[dict[str, object]] = []
    if card.category == "laughs":
        offered = offer_booths(state)
        state["inspection"]["offered"] = offered
        if offered:
            shown = " or ".join(g.capitalize() for g in offered)
            events.append(f"Booths offered to the 1st: {shown}")
        tasks = [{"do": "booth", "seat": s, "rank": i} for i, s in enumerate(order, start=1)]
    elif card.category == "thrills":
        tasks = [
            {"do": "category", "seat": s, "rank": i, "points": card.points[i - 1]}
            for i, s in enumerate(order, start=1)
            if i <= len(card.points)
        ]
    push_front(state, *tasks)
    return events
