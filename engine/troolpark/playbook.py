"""How the Trool Park robots search: settings for ``engine.ai`` (see ``sampling.py``)."""

from __future__ import annotations

from engine.core import Game, Move, Rng, State
from engine.playbook import Playbook
from engine.text import txc
from engine.troolpark import sampling
from engine.troolpark.ai import choose_move
from engine.troolpark.data import CATEGORIES, INSPECTIONS
from engine.troolpark.inspections import ranking

#: Share of the Visitors an inspection still to come would give at today's ranking.
OUTLOOK = 0.6


def estimate(state: State) -> dict[str, float]:
    """Visitors so far, plus a share of what the inspections still to come (announced
    and in the ledger) would give each seat at today's ranking in their Category."""
    values = {seat: float(state["visitors"][seat]) for seat in state["seats"]}
    ahead = [INSPECTIONS[i] for i in (*state["announced"], *state["ledger"])]
    for category in CATEGORIES:
        rows = [card.visitors for card in ahead if card.category == category]
        if not rows:
            continue
        for place, seat in enumerate(ranking(state, category)):
            values[seat] += OUTLOOK * sum(row[place] for row in rows if place < len(row))
    return values


def rollout(game: Game, state: State, seat: str, moves: list[Move], rng: Rng) -> str:
    """The ``easy`` robot's choice among the moves already listed."""
    return choose_move(state, seat, moves, rng)


PLAYBOOK = Playbook(
    knowledge=sampling.knowledge,
    sample=sampling.sample,
    estimate=estimate,
    scale=4.0,
    iterations={"normal": 50, "hard": 250},
    horizon=20,
    rollout=rollout,
    notes={
        "easy": txc(
            "troolpark",
            "Takes the Attraction worth most right now, leaning to the announced inspection.",
        ),
        "normal": txc(
            "troolpark",
            "Plays each choice out a few dozen times, guessing what the others picked.",
        ),
        "hard": txc(
            "troolpark",
            "Plays each choice out hundreds of times: contested picks, catch-up, inspections.",
        ),
    },
)
