"""Seats, gaps and what a build costs: the table geometry of Alan's Adventureland.

Seats are listed clockwise; a player's *left* neighbour is the next seat. Gap ``k``
(0-based) lies between seat ``k`` and seat ``k + 1`` (wrapping), so seat ``i`` sits
between gaps ``i - 1`` and ``i``. Move codes number gaps from 1, so ``approve:flume:3``
is the rulebook diagram's "between Players 3 & 4".
"""

from __future__ import annotations

from typing import Any

from engine.adventureland.data import (
    ATTRACTION_BY_KEY,
    PENALTY_ABSENT,
    PENALTY_ELSEWHERE,
)

State = dict[str, Any]


def ride_type(key: str) -> str:
    return ATTRACTION_BY_KEY[key].type


def clockwise_from(state: State, first: int) -> list[str]:
    """All seats in clockwise order starting with seat index ``first``."""
    seats: list[str] = state["seats"]
    return [seats[(first + k) % len(seats)] for k in range(len(seats))]


def side_gaps(state: State, seat: str) -> tuple[int, int]:
    """The two gaps beside ``seat``: (right-hand gap, left-hand gap)."""
    i = state["seats"].index(seat)
    return (i - 1) % len(state["seats"]), i


def gap_seats(state: State, gap: int) -> tuple[str, str]:
    seats: list[str] = state["seats"]
    return seats[gap], seats[(gap + 1) % len(seats)]


def gap_type(state: State, gap: int) -> str | None:
    card: str | None = state["gaps"][gap]
    return None if card is None else ride_type(card)


def build_cost(state: State, seat: str, key: str) -> int:
    """Play §5a: 0 when a neighbouring approved card matches (or both sides match each
    other), 2 when the type is nowhere among the approved cards, 3 when it is elsewhere."""
    wanted = ride_type(key)
    sides = [gap_type(state, g) for g in side_gaps(state, seat)]
    if wanted in sides or (sides[0] is not None and sides[0] == sides[1]):
        return 0
    elsewhere = {gap_type(state, g) for g in range(len(state["gaps"]))}
    return PENALTY_ELSEWHERE if wanted in elsewhere else PENALTY_ABSENT


def doubles_a_neighbour(state: State, key: str, gap: int) -> bool:
    """Play §4: would this card give a player beside ``gap`` the same type on both sides?"""
    n = len(state["seats"])
    wanted = ride_type(key)
    return any(gap_type(state, other) == wanted for other in ((gap - 1) % n, (gap + 1) % n))


def square_of(state: State, seat: str, key: str) -> str | None:
    """Where ``seat`` has built attraction ``key``, if anywhere."""
    for square, tile in state["grids"][seat].items():
        if tile["ride"] == key:
            return str(square)
    return None


def can_build(state: State, seat: str, key: str) -> bool:
    """A new attraction, or an improvement that stays within the card's levels (Play §5b)."""
    square = square_of(state, seat, key)
    if square is None:
        return True
    return int(state["grids"][seat][square]["height"]) < len(ATTRACTION_BY_KEY[key].levels)
