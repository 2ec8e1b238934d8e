"""The score in words: where each player's Visitors came from, and how the game was won.

Visitors are the only score (rulebook "Goal of the Game"); equal Visitors are ordered
by the Fun Slide, lowest first (rulebook "End of the Game").
"""

from __future__ import annotations

from itertools import groupby

from engine.core import State, joined
from engine.text import txc
from engine.troolpark.data import ROUNDS
from engine.troolpark.pieces import VISITOR_SOURCES, slide_rank, visitors


def final_order(state: State) -> list[str]:
    """Seats from first to last: most Visitors, ties to the lower on the Fun Slide."""
    visitors = state["visitors"]
    return sorted(state["seats"], key=lambda s: (-visitors[s], slide_rank(state, s)))


def breakdown(state: State) -> dict[str, list[tuple[str, int]]]:
    """Each seat's Visitors by source; they sum to its Visitors. A game saved before
    sources were counted shows the uncounted rest as "Earlier Visitors"."""
    sources = state.get("visitor_sources", {})
    parts: dict[str, list[tuple[str, int]]] = {}
    for seat in state["seats"]:
        tally = sources.get(seat, {})
        mine = [(words, int(tally.get(key, 0))) for key, words in VISITOR_SOURCES.items()]
        earlier = state["visitors"][seat] - sum(n for _, n in mine)
        parts[seat] = mine + ([(txc("troolpark", "Earlier Visitors"), earlier)] if earlier else [])
    return parts


def result_sentence(state: State) -> str:
    """How the game ended, who won with how many, and every tie the slide broke."""
    order = final_order(state)
    counts = state["visitors"]
    winner = order[0]
    words = [
        txc(
            "troolpark",
            "After {rounds} rounds the most Visitors wins: {seat} with {visitors}.",
            rounds=ROUNDS,
            seat=winner,
            visitors=visitors(counts[winner]),
        )
    ]
    for count, group in groupby(order, key=lambda s: counts[s]):
        tied = list(group)
        if len(tied) > 1:
            words.append(
                txc(
                    "troolpark",
                    "Tie on {visitors} broken by the Fun Slide (lowest first): {seats}.",
                    visitors=visitors(count),
                    seats=joined(tied, "then"),
                )
            )
    return joined(words, "sentences")
