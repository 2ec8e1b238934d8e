"""A simple Adventureland player for bot-filled seats: greedy, but never silly.

It drafts cards it can build or improve, approves what it needs least (next to itself
when that makes its own build free), prefers free builds and improvements, fills rows
and columns (and coloured squares worth covering), and plays its best Bonus card.
Ties are broken with the game's seeded ``Rng``, so it is deterministic.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.adventureland import scoring
from engine.adventureland.data import (
    ATTRACTION_BY_KEY,
    BONUS_BY_ID,
    BONUS_ROUNDS,
    MAT_BY_KEY,
    parse_square,
    square_name,
)
from engine.adventureland.seating import (
    build_cost,
    can_build,
    ride_type,
    side_gaps,
    square_of,
)
from engine.core import Move, Rng

State = dict[str, Any]


def card_value(state: State, seat: str, key: str) -> float:
    """How much building ``key`` would add to ``seat``'s excitement (improving is best)."""
    if not can_build(state, seat, key):
        return -1.0
    levels = ATTRACTION_BY_KEY[key].levels
    square = square_of(state, seat, key)
    if square is None:
        return float(levels[0])
    height = int(state["grids"][seat][square]["height"])
    return levels[height] - levels[height - 1] + 2.0


def _place_value(state: State, seat: str, square: str) -> float:
    row, column = parse_square(square)
    grid = state["grids"][seat]
    taken = [parse_square(sq) for sq in grid]
    value = 2.0 * sum(1 for r, _ in taken if r == row) + sum(1 for _, c in taken if c == column)
    rounds_left = BONUS_ROUNDS[len(state["seats"])] - state["bonus_done"]
    for coloured in MAT_BY_KEY[state["mats"][seat]].sets:
        if (row, column) in coloured.squares:  # a share of what covering the set will pay
            missing = sum(1 for sq in coloured.squares if square_name(sq) not in grid)
            value += coloured.points * rounds_left / missing
    return value


def _approve_value(state: State, seat: str, key: str, gap: int) -> float:
    value = -card_value(state, seat, key)
    rest = list(state["hands"][seat])
    rest.remove(key)
    if gap in side_gaps(state, seat) and any(ride_type(k) == ride_type(key) for k in rest):
        value += 4.0
    return value


def _value(state: State, seat: str, code: str) -> float:
    verb, _, rest = code.partition(":")
    if verb in ("draft", "pre"):
        return card_value(state, seat, rest)
    if verb == "build":
        return card_value(state, seat, rest) - 1.5 * _cost(state, seat, rest)
    if verb == "place":
        return _place_value(state, seat, rest)
    if verb == "approve":
        key, _, gap = rest.partition(":")
        return _approve_value(state, seat, key, int(gap) - 1)
    if verb == "bonus":
        return float(scoring.bonus_card_points(state["grids"][seat], BONUS_BY_ID[rest]))
    return 0.0


def _cost(state: State, seat: str, key: str) -> int:
    return 0 if state["phase"] == "bonus" else build_cost(state, seat, key)


def choose(state: State, seat: str, moves: Sequence[Move], rng: Rng) -> str:
    """The best-valued legal code; ties broken by ``rng``."""
    scored = [(_value(state, seat, m.code), m.code) for m in moves]
    best = max(v for v, _ in scored)
    return rng.choice([code for v, code in scored if v == best])
