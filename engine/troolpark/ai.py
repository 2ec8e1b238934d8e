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
from engine.troolpark.pieces import slide_rank


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
    if verb == "pass":
        return -1.0  # the catch-up always brings a bonus: the AI never skips it
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
    """The best-scoring legal code; ties (within 0.5) broken by ``rng``.

    For the secret choice it expects the players below it on the Fun Slide to take the
    best cards, so it aims lower the higher it stands (from the top cards, by ``rng``).
    """
    scored = sorted(((_score(state, seat, m.code), m.code) for m in moves), reverse=True)
    if moves[0].code.startswith("choose:"):
        reach = min(slide_rank(state, seat), len(scored) - 1)
        return rng.choice(scored[: reach + 1])[1]
    best = scored[0][0]
    return rng.choice([code for score, code in scored if score >= best - 0.5])
