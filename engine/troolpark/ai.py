"""The bot's baseline player: greedy, cheap and deterministic given its ``Rng``.

It values an Attraction by what opening it would give now (Visitors count double
Category points), prefers the Category of the announced inspection when placing or
advancing, and balances its grounds with Booths so trio effects pay off.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Move, Rng, State
from engine.troolpark.data import ATTRACTIONS, CATEGORIES, INSPECTIONS, WEATHER
from engine.troolpark.effects import ground_counts, opening_gain


def _announced(state: State) -> set[str]:
    return {INSPECTIONS[i].category for i in state["announced"]}


def _attraction_value(state: State, seat: str, card: str) -> float:
    park = {a: list(cards) for a, cards in state["parks"][seat].items()}
    park["laughs"].append(card)
    points, visitors = opening_gain(park, card)
    icon = 1.5 if ATTRACTIONS[card].booth_icon else 0.0
    return 2.0 * visitors + sum(points.values()) + icon


def _score(state: State, seat: str, code: str) -> float:
    verb, _, arg = code.partition(":")
    announced = _announced(state)
    if verb in ("choose", "take"):
        return _attraction_value(state, seat, state["central"][arg])
    if verb in ("place", "cat"):
        mine: int = state["points"][seat][arg]
        best: int = max(state["points"][s][arg] for s in state["seats"])
        return (5.0 if arg in announced else 0.0) + (best - mine) / 10
    if verb == "booth":
        return -float(ground_counts(state["parks"][seat])[arg])
    if arg == "visitor":
        return 2.0
    if arg in CATEGORIES:
        return 1.5 if arg in announced else 1.0
    if arg.startswith("weather:"):
        ground = WEATHER[arg.partition(":")[2]]
        return 0.2 * ground_counts(state["parks"][seat])[ground]
    return 0.5


def choose_move(state: State, seat: str, moves: Sequence[Move], rng: Rng) -> str:
    """The best-scoring legal code; ties (within 0.5) broken by ``rng``."""
    scored = [(_score(state, seat, m.code), m.code) for m in moves]
    best = max(score for score, _ in scored)
    return rng.choice([code for score, code in scored if score >= best - 0.5])
