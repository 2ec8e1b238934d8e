"""Inspections (rulebook "3. Inspections"): ranking, tie-breaks and handing out rewards.

The ranking is fixed when an inspection starts; points gained during it (Thrills
rewards) do not change it. Ties go to the player lower on the Fun Slide, and each
player who wins a tie moves to the top of the slide, in ranking order. A Laughs
inspection offers its 1st two Booth types to pick from (rulebook, Laughs rewards); the
others' types follow from the choices before them (``decisions``).
"""

from __future__ import annotations

from engine.core import Rng, State, joined
from engine.text import Text, txc
from engine.troolpark.data import GROUNDS, INSPECTIONS
from engine.troolpark.effects import ground_of
from engine.troolpark.pieces import (
    gain_visitors,
    push_front,
    slide_rank,
    slide_to_top,
    visitors,
)
from engine.troolpark.wording import CATEGORY_WORDS, GROUND_WORDS


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
    places = joined([_place(i, seat) for i, seat in enumerate(order)])
    events: list[str] = [
        txc(
            "troolpark",
            "Inspection of {category}: {places}",
            category=CATEGORY_WORDS[card.category],
            places=places,
        )
    ]
    for seat in tie_winners(state, order, card.category):
        slide_to_top(state, seat)
        events.append(
            txc("troolpark", "{seat} won a tie and goes to the top of the Fun Slide", seat=seat)
        )
    for i, seat in enumerate(order):
        if i < len(card.visitors) and card.visitors[i]:
            gain_visitors(state, seat, card.visitors[i], "inspections")
            events.append(
                txc(
                    "troolpark",
                    "{seat} receives {visitors}",
                    seat=seat,
                    visitors=visitors(card.visitors[i]),
                )
            )
    tasks: list[dict[str, object]] = []
    if card.category == "laughs":
        offered = offer_booths(state)
        state["inspection"]["offered"] = offered
        if offered:
            shown = joined([GROUND_WORDS[g] for g in offered], "or")
            events.append(txc("troolpark", "Booths offered to the 1st: {types}", types=shown))
        tasks = [{"do": "booth", "seat": s, "rank": i} for i, s in enumerate(order, start=1)]
    elif card.category == "thrills":
        tasks = [
            {"do": "category", "seat": s, "rank": i, "points": card.points[i - 1]}
            for i, s in enumerate(order, start=1)
            if i <= len(card.points)
        ]
    push_front(state, *tasks)
    return events


def _place(index: int, seat: str) -> Text:
    """``seat`` at place ``index`` (from 0) of a ranking (at most 4 players): "2nd bob"."""
    if index == 0:
        return txc("troolpark", "1st {seat}", seat=seat)
    if index == 1:
        return txc("troolpark", "2nd {seat}", seat=seat)
    if index == 2:
        return txc("troolpark", "3rd {seat}", seat=seat)
    return txc("troolpark", "4th {seat}", seat=seat)
