"""What a neighbourhood is still worth, for the robots: points to come, not only points now.

The Bonus Rounds pay every round, so a pattern or a coloured set begun now pays in each
round after it is finished. The ``easy`` robot only sees the points of the moment; these
estimates give the search (and its simulated players) a reason to aim for a Bonus card's
pattern (Bonus Round §2, second printing) or a Layout Bonus set (Layout Bonus Variant §2)
before it scores: a pattern one attraction short, or a set one square short, counts for
part of what it would pay.
"""

from __future__ import annotations

from engine.adventureland import scoring
from engine.adventureland.data import (
    BONUS_BY_ID,
    BONUS_ROUNDS,
    MAT_BY_KEY,
    BonusCard,
    Square,
    square_name,
)
from engine.adventureland.rules import LAYOUT_VARIANT
from engine.core import State

#: The share of a pattern's or set's points counted while one attraction is missing:
#: there are only so many builds left, and the right card must come.
ONE_SHORT = 0.4

Types = dict[Square, str]


def card_reach(types: Types, card: BonusCard) -> float:
    """What ``card`` scores now, or a share of its three-of-four when one of the card's
    own type is missing on a free square of some placement."""
    best = 0.0
    for squares in scoring._placements(card.pattern):
        counts, free = scoring.tally(types, squares)
        for ride_type, count in counts.items():
            colour = card.colour if ride_type == card.type else 0
            if count == 4:
                best = max(best, float(card.four + colour))
            elif count == 3:
                best = max(
                    best,
                    card.three + colour + (ONE_SHORT * (card.four - card.three) if free else 0.0),
                )
            elif count == 2 and free >= 1:
                best = max(best, ONE_SHORT * (card.three + colour))
    return best


def bonus_prospect(state: State, seat: str, rounds: int) -> float:
    """The seat's best Bonus cards over the rounds to come (one card a round; the last
    card in hand is never played), as the neighbourhood stands or nearly stands."""
    hand = state["bonus_hands"][seat]
    plays = min(rounds, max(0, len(hand) - 1))
    if plays == 0:
        return 0.0
    types = scoring.types_of(state["grids"][seat])
    values = sorted((card_reach(types, BONUS_BY_ID[card]) for card in hand), reverse=True)
    return sum(values[:plays])


def layout_prospect(state: State, seat: str, rounds: int) -> float:
    """The coloured sets covered, every round to come; a set one square short counts a
    share of the rounds after this one."""
    grid = state["grids"][seat]
    total = 0.0
    for coloured in MAT_BY_KEY[state["mats"][seat]].sets:
        missing = sum(1 for sq in coloured.squares if square_name(sq) not in grid)
        if missing == 0:
            total += coloured.points * rounds
        elif missing == 1:
            total += ONE_SHORT * coloured.points * max(0, rounds - 1)
    return total


def estimate(state: State) -> dict[str, float]:
    """Score so far, the Final Scoring the neighbourhood would get as it stands, its
    excitement again in every Bonus Round to come, and the Bonus cards or Layout Bonus
    it can expect from them."""
    rounds = BONUS_ROUNDS[len(state["seats"])] - state["bonus_done"]
    values: dict[str, float] = {}
    for seat in state["seats"]:
        value = float(state["scores"][seat])
        if state["phase"] != "over":
            grid = state["grids"][seat]
            value += sum(scoring.final_scoring(grid).values())
            value += rounds * scoring.excitement(grid)
            if state["variant"] == LAYOUT_VARIANT:
                value += layout_prospect(state, seat, rounds)
            else:
                value += bonus_prospect(state, seat, rounds)
        values[seat] = value
    return values


def placement_gain(state: State, seat: str, square: str) -> float:
    """How much placing the attraction being built on ``square`` adds to what the seat's
    Bonus cards or coloured sets can still pay (the ``easy`` robot only counts rows,
    columns and a share of the coloured set the square is in)."""
    rounds = BONUS_ROUNDS[len(state["seats"])] - state["bonus_done"]
    before = _bonus_part(state, seat, rounds)
    grid = state["grids"][seat]
    trial = dict(
        state,
        grids={**state["grids"], seat: {**grid, square: {"ride": state["pending"], "height": 1}}},
    )
    return _bonus_part(trial, seat, rounds) - before


def _bonus_part(state: State, seat: str, rounds: int) -> float:
    if state["variant"] == LAYOUT_VARIANT:
        return layout_prospect(state, seat, rounds)
    return bonus_prospect(state, seat, rounds)
