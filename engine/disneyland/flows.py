"""The entry fees a series can be expected to move between the players from now to the end.

The robots' first model counted only the fees the titles charge today. Measured against
play (``bench/disneyland_value.py``: 150 paired playouts per exchange), that misjudged the
exchanges an ``easy`` player accepts by about a thousand francs: giving away a title
that makes someone's pair, or a pair whose third square is still free, hands them the
series they will soon complete. This model follows each series into the future instead.

Each turn the player to move lands on any one square with the same chance (1 in 38; in
AI games each attraction square takes 0.85–1.31 times that, cards and Prison included),
rents it if it is free (rulebook, "The Squares of the Board": 100, then it is theirs) and
pays the owner's fee if it is someone else's (100, 300 or 600 by how many of the series
the owner holds). Series are independent and the players always rent, so the whole
future of a series is a small Markov chain over "how many squares each player holds",
solved backwards over the turns left: a table per table size, filled once, shared by
every position. It leaves out what the search itself plays (exchanges, surrenders).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import product

from engine.disneyland import data
from engine.disneyland.board import leaves_prison

#: The chance that a turn ends on one given square.
LANDING = 1.0 / data.SQUARE_COUNT
SERIES_SIZE = 3

Counts = tuple[int, ...]  # squares of one series each player holds, the player to move first
Flows = tuple[float, ...]  # the fees each player can expect to receive minus pay, same order

#: By table size: ``_tables[n][turns][counts]`` (filled on demand, never changed).
_tables: dict[int, list[dict[Counts, Flows]]] = {}


def _holdings(players: int) -> list[Counts]:
    return [c for c in product(range(SERIES_SIZE + 1), repeat=players) if sum(c) <= SERIES_SIZE]


def _turn(counts: Counts, after: dict[Counts, Flows]) -> Flows:
    """One more turn in front of ``after`` (the values one turn later, next player first):
    the player to move rents a free square, pays a fee, or neither."""
    n = len(counts)
    free = SERIES_SIZE - sum(counts)
    value = [0.0] * n
    for owner in range(1, n):
        if counts[owner]:
            expected = LANDING * counts[owner] * data.FEES[counts[owner] - 1]
            value[0] -= expected
            value[owner] += expected
    stays = after[counts[1:] + counts[:1]]
    rents = free * LANDING
    for i in range(n):
        value[i] += (1.0 - rents) * stays[(i - 1) % n]
    if free:
        grown = (counts[0] + 1, *counts[1:])
        rented = after[grown[1:] + grown[:1]]
        for i in range(n):
            value[i] += rents * rented[(i - 1) % n]
    return tuple(value)


def series_flows(counts: Sequence[int], turns: int) -> Flows:
    """Each player's expected fees received minus paid on one series over ``turns`` turns
    (``counts`` in turn order from the player about to move)."""
    key = tuple(counts)
    table = _tables.get(len(key))
    if table is None:
        table = _tables[len(key)] = [dict.fromkeys(_holdings(len(key)), (0.0,) * len(key))]
    while len(table) <= turns:
        after = table[-1]
        table.append({c: _turn(c, after) for c in after})
    return table[max(0, turns)][key]


@cache
def landings(
    square: int, prisoner: bool, resting: bool, turns: int, reading: str
) -> tuple[dict[int, float], ...]:
    """Where a pawn on ``square`` lands in each of its next ``turns`` turns, by two dice:
    a prisoner (``prisoner``) only leaves on the roll the game's Prison ``reading`` asks
    for (rulebook, The Squares; RULES.md), a Hotel guest (``resting``) misses the first,
    and Prison and the Hotel catch the pawn again on the way. Cards are left out."""
    pawns = {(square, prisoner, resting): 1.0}
    ahead: list[dict[int, float]] = []
    for _ in range(turns):
        landed: dict[int, float] = {}
        later: dict[tuple[int, bool, bool], float] = {}
        for (at, caught, skip), chance in pawns.items():
            if skip:
                later[(at, caught, False)] = later.get((at, caught, False), 0.0) + chance
                continue
            for first, second in product(range(1, 7), repeat=2):
                share = chance / 36
                if caught and not leaves_prison([first, second], reading):
                    later[(at, True, False)] = later.get((at, True, False), 0.0) + share
                    continue
                target = (at - 1 + first + second) % data.SQUARE_COUNT + 1
                landed[target] = landed.get(target, 0.0) + share
                pawn = (target, target == data.PRISON, target == data.HOTEL)
                later[pawn] = later.get(pawn, 0.0) + share
        ahead.append(landed)
        pawns = later
    return tuple(ahead)
